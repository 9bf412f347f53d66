"""What the post room keeps holds no password in clear, and a mail is sent only once the
server has taken it for every recipient (issue 24); through the `galbatch` command, with
a tiny SMTP server on 127.0.0.1 that refuses the recipients it is told to.

CONTRIBUTING.md: "No password in clear, anywhere: game.yaml keeps salted hashes,
compared in constant time; archived order files keep the password as `********`." and
"Nothing a player sent is ever lost."
"""

from __future__ import annotations

import base64
import email
import email.policy
import os
import socketserver
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from galbatch.post.intake_record import INTAKE, RECORD
from galbatch.post.replies import OUTBOX, SENT
from tests.test_post_support import (
    PASSWORDS,
    as_filed,
    confirmations,
    letter,
    make_game,
    mbox,
    orders,
)

SECRETS = ("alpha-one", "beta-two", "guess-wrong")


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed command, in a fresh interpreter."""
    command = [sys.executable, "-m", "galbatch.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def holding(directory: Path, secrets: tuple[str, ...]) -> list[str]:
    """The files under `directory` that hold one of `secrets`, in clear or in base64."""
    found = []
    for file in sorted(directory.rglob("*")):
        data = file.read_bytes() if file.is_file() else b""
        for secret in secrets:
            if secret.encode() in data or base64.b64encode(secret.encode())[:8] in data:
                found.append(f"{file.relative_to(directory)}: {secret}")
    return found


def decoded(file: Path) -> str:
    """A kept message's text as a reader sees it: its parts decoded."""
    msg = email.message_from_bytes(file.read_bytes(), policy=email.policy.default)
    part = msg.get_body(("plain",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- a tiny server


@dataclass
class Stub:
    """What the test SMTP server took: (envelope sender, recipients, bytes) a mail."""

    refuse: set[str] = field(default_factory=set)
    taken: list[tuple[str, list[str], bytes]] = field(default_factory=list)


class _Session(socketserver.StreamRequestHandler):
    """One SMTP session: EHLO, MAIL, RCPT (550 for a refused address), DATA, QUIT."""

    server: _Server

    def handle(self) -> None:
        self.request.settimeout(10)
        self.say("220 stub ESMTP")
        sender, recipients = "", []
        while line := self.rfile.readline().decode("ascii").strip():
            verb, _, rest = line.partition(" ")
            verb = verb.upper()
            address = rest.partition(":")[2].split(">")[0].strip(" <")
            if verb in ("EHLO", "HELO", "RSET", "NOOP"):
                self.say("250 stub")
            elif verb == "MAIL":
                sender, recipients = address, []
                self.say("250 OK")
            elif verb == "RCPT" and address in self.server.stub.refuse:
                self.say("550 5.1.1 no such mailbox here")
            elif verb == "RCPT":
                recipients.append(address)
                self.say("250 OK")
            elif verb == "DATA":
                self.say("354 go on")
                self.server.stub.taken.append((sender, recipients, self.data()))
                self.say("250 taken")
            else:
                self.say("221 bye")
                return

    def data(self) -> bytes:
        lines = []
        while (line := self.rfile.readline()) not in (b".\r\n", b""):
            lines.append(line[1:] if line.startswith(b"..") else line)
        return b"".join(lines).replace(b"\r\n", b"\n")

    def say(self, line: str) -> None:
        self.wfile.write(line.encode("ascii") + b"\r\n")


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    stub: Stub


@pytest.fixture
def server() -> Iterator[tuple[int, Stub]]:
    with _Server(("127.0.0.1", 0), _Session) as running:
        running.stub = Stub()
        thread = threading.Thread(target=running.serve_forever, daemon=True)
        thread.start()
        try:
            yield running.server_address[1], running.stub
        finally:
            running.shutdown()
            thread.join(10)


def to_server(game: Path, port: int) -> None:
    """Point game.yaml's mail section at the test server (adding one if it has none)."""
    file = game / "game.yaml"
    text = file.read_text(encoding="utf-8")
    if "smtp_port: 25" in text:
        text = text.replace("smtp_port: 25", f"smtp_port: {port}")
    else:
        mail = f"mail:\n  smtp_host: 127.0.0.1\n  smtp_port: {port}\n"
        text = text.replace("players:\n", mail + "players:\n", 1)
    file.write_text(text, encoding="utf-8")


# ----------------------------------------------------------------------------- kept in clear


def test_messages_and_replaced_files_are_kept_with_the_password_masked(tmp_path: Path) -> None:
    """Issue 24: "every message as it came in intake/NNN/messages/ (wrong guesses too),
    replaced inbox files in intake/NNN/replaced/" kept the password in clear. They are
    kept as the turn archive keeps an order file: the password as ********."""
    game = make_game(tmp_path / "gc16")
    subject = f'GAME GC16 PLAYER 1 PASSWORD "{PASSWORDS["1"]}"'
    messages = [
        letter(orders("1", password="guess-wrong")),
        letter(orders("1"), date="Mon, 17 Feb 1997 09:00:00 +0100", subject=subject),
        letter(orders("1", body="P 68 1 2\n"), cte="base64"),
        letter(orders("2"), sender="polaris@example.org", cte="quoted-printable"),
    ]
    done = galbatch("intake", str(game), str(mbox(tmp_path / "in.mbox", messages)))
    assert done.returncode == 4, done.stdout + done.stderr
    assert "replaced intake/001/replaced/1-" in done.stdout
    assert holding(game / INTAKE, SECRETS) == []
    kept = sorted((game / INTAKE / "001" / "messages").iterdir())
    assert len(kept) == 4
    assert all('PASSWORD "********"' in decoded(f) for f in kept)
    (replaced,) = (game / INTAKE / "001" / "replaced").iterdir()
    assert replaced.read_text() == orders("1", password="********")
    assert 'PASSWORD \\"********\\"' in (game / INTAKE / "001" / RECORD).read_text()
    assert (game / "orders" / "1.txt").read_text() == as_filed(orders("1", body="P 68 1 2\n")), (
        "filed as sent, its password masked"
    )


def test_a_welcome_mail_holds_the_password_until_it_is_sent(
    tmp_path: Path, server: tuple[int, Stub]
) -> None:
    """Issue 24: "a welcome mail leaves no copy with the password once sent (the unsent
    outbox copy must hold it until sent; after sending, mask or drop it)"."""
    port, stub = server
    lobby = tmp_path / "lobby"
    assert (
        galbatch("signups", str(lobby), "--game", "GC16", "--ruleset", "conqueror").returncode == 0
    )
    sign_ups = [
        letter(f"#ANM GC16 {name}\n", sender=f"{name.lower()}@example.org", subject="join")
        for name in ("Zork", "Borg")
    ]
    assert galbatch("intake", str(lobby), str(mbox(tmp_path / "s.mbox", sign_ups))).returncode == 0
    replies = mbox(tmp_path / "r.mbox", confirmations(lobby))  # each confirms its address
    assert galbatch("intake", str(lobby), str(replies)).returncode == 0
    game = tmp_path / "gc16"
    made = galbatch("new", "conqueror", str(game), "--signups", str(lobby), "--seed", "1997")
    assert made.returncode == 0, made.stderr
    password = made.stdout.splitlines()[2].split()[-1]
    (tmp_path / "gc16.passwords.txt").unlink()
    welcome = game / OUTBOX / "welcome-gc16-p1.eml"
    assert f'PASSWORD "{password}"' in welcome.read_text(), "the unsent mail holds it"
    to_server(game, port)
    sent = galbatch("mail", str(game), "--send", "--no-write")
    assert sent.returncode == 0, sent.stdout + sent.stderr
    assert sorted(t[1] for t in stub.taken) == [["borg@example.org"], ["zork@example.org"]]
    (data,) = [t[2] for t in stub.taken if t[1] == ["zork@example.org"]]
    assert f"\n    {password}\n".encode() in data, "the player gets his password"
    assert not welcome.exists()
    copy = (game / OUTBOX / SENT / welcome.name).read_text()
    assert password not in copy
    assert 'PLAYER 1 PASSWORD "********"' in copy and "\n    ********\n" in copy
    assert holding(game, (password,)) == []
    again = galbatch("mail", str(game), "--send", "--no-write")
    assert again.returncode == 0 and len(stub.taken) == 2, "sent once"


# ----------------------------------------------------------------------------- refused


def test_a_mail_refused_for_one_recipient_waits_for_that_one(
    tmp_path: Path, server: tuple[int, Stub]
) -> None:
    """Issue 24: "`mail --send` counts a mail as sent and moves it to sent/ when the SMTP
    server refused one of its recipients (the lost one is the security copy to a player's
    registered address). Keep it unsent for the refused recipients and report it."""
    port, stub = server
    game = make_game(tmp_path / "gc16")
    other = letter(orders("2"), sender="someone@elsewhere.example")
    assert galbatch("intake", str(game), str(mbox(tmp_path / "in.mbox", [other]))).returncode == 0
    (ack,) = (game / OUTBOX).glob("ack-*.eml")
    written = ack.read_bytes()
    to_server(game, port)
    stub.refuse = {"polaris@example.org"}
    first = galbatch("mail", str(game), "--send", "--no-write")
    assert first.returncode == 4, first.stdout + first.stderr
    assert "SEND  0 mails sent, 1 not sent" in first.stdout
    assert (
        f"NOT SENT: {ack.name}: sent to someone@elsewhere.example, refused for "
        "polaris@example.org: 550 5.1.1 no such mailbox here; kept in the outbox for "
        "polaris@example.org"
    ) in first.stdout
    assert [t[1] for t in stub.taken] == [["someone@elsewhere.example"]]
    assert ack.read_bytes() == b"X-Galbatch-Unsent-To: polaris@example.org\n" + written
    assert (game / OUTBOX / SENT / ack.name).read_bytes() == written
    stub.refuse = set()
    second = galbatch("mail", str(game), "--send", "--no-write")
    assert second.returncode == 0, second.stdout + second.stderr
    assert [t[1] for t in stub.taken] == [["someone@elsewhere.example"], ["polaris@example.org"]]
    assert stub.taken[1][2] == written, "the mail as written, without the waiting line"
    assert not ack.exists() and (game / OUTBOX / SENT / ack.name).read_bytes() == written
    assert galbatch("mail", str(game), "--send", "--no-write").returncode == 0
    assert len(stub.taken) == 2


def test_a_mail_refused_for_every_recipient_stays(tmp_path: Path, server: tuple[int, Stub]) -> None:
    """A mail the server takes for no one stays in the outbox as it was, exit status 4."""
    port, stub = server
    game = make_game(tmp_path / "gc16")
    mine = letter(orders("1"))
    assert galbatch("intake", str(game), str(mbox(tmp_path / "in.mbox", [mine]))).returncode == 0
    (ack,) = (game / OUTBOX).glob("ack-*.eml")
    written = ack.read_bytes()
    to_server(game, port)
    stub.refuse = {"arcturus@example.org"}
    done = galbatch("mail", str(game), "--send", "--no-write")
    assert done.returncode == 4 and f"NOT SENT: {ack.name}: refused by the server" in done.stdout
    assert ack.read_bytes() == written and not (game / OUTBOX / SENT).exists()
    assert os.listdir(game / OUTBOX) == [ack.name]
