"""What the post room's tests share: a small Galactic Conqueror game, mail as players send it,
and mailboxes (mbox and Maildir) built from it. No tests here."""

from __future__ import annotations

import email.policy
import hashlib
import mailbox
import shutil
from collections.abc import Sequence
from email.message import EmailMessage
from pathlib import Path

PASSWORDS = {"1": "alpha-one", "2": "beta-two", "3": "gamma-three"}
EMAILS = {"1": "arcturus@example.org", "2": "polaris@example.org", "3": "rigel@example.org"}
MAIL_SECTION = """\
mail:  # the post room
  from: "GC16 Mail Server <gc16@example.net>"
  smtp_host: 127.0.0.1
  smtp_port: 25
"""


_TEMPLATE: dict[str, Path] = {}


def make_game(target: Path) -> Path:
    """A 3-player GC16 at turn 0 with known passwords, addresses and a mail section."""
    if "gc16" not in _TEMPLATE:
        import tempfile

        from galbatch.engine.gamedir.newgame import create_game

        base = Path(tempfile.mkdtemp(prefix="post-gc16-")) / "gc16"
        create_game(
            base,
            "conqueror",
            3,
            1997,
            game_id="GC16",
            passwords=PASSWORDS,
            start="1997-02-12",
            days=7,
        )
        text = (base / "game.yaml").read_text(encoding="utf-8")
        for player, address in EMAILS.items():
            text = text.replace(
                f'  - id: "{player}"\n', f'  - id: "{player}"\n    email: "{address}"\n'
            )
        text = text.replace("players:\n", MAIL_SECTION + "players:\n")
        (base / "game.yaml").write_text(text, encoding="utf-8")
        _TEMPLATE["gc16"] = base
    shutil.copytree(_TEMPLATE["gc16"], target)
    return target


def as_filed(text: str) -> str:
    """An order file as intake files it once its password is verified: the password masked
    (engine.gamedir.verified records that it was right)."""
    from galbatch.engine.language.orderfile import redact

    return redact(text.encode("utf-8")).decode("utf-8")


def orders(player: str = "1", password: str | None = None, body: str = "P 68 1 1\n") -> str:
    """An order file for GC16; player 1's home planet in the seed-1997 game is 68."""
    password = PASSWORDS[player] if password is None else password
    return f'GAME GC16 PLAYER {player} PASSWORD "{password}"\n{body}END\n'


def letter(
    body: str = "",
    *,
    sender: str = "arcturus@example.org",
    subject: str = "orders",
    date: str = "Mon, 17 Feb 1997 10:00:00 +0100",
    headers: Sequence[tuple[str, str]] = (),
    charset: str = "utf-8",
    cte: str | None = None,
    html: str | None = None,
    attachments: Sequence[tuple[str, str, str, bytes]] = (),
    message_id: str | None = None,
) -> bytes:
    """A mail as a player's program sends it."""
    msg = EmailMessage(policy=email.policy.SMTP.clone(linesep="\n"))
    msg["From"] = f"Player <{sender}>"
    msg["To"] = "gc16@example.net"
    msg["Subject"] = subject
    msg["Date"] = date
    ident = hashlib.sha256(f"{body}|{sender}|{date}|{subject}".encode()).hexdigest()[:20]
    msg["Message-ID"] = message_id or f"<{ident}@example.org>"
    for name, value in headers:
        msg[name] = value
    if body:
        msg.set_content(body, charset=charset, cte=cte)
    if html is not None:
        if body:
            msg.add_alternative(html, subtype="html")
        else:
            msg.set_content(html, subtype="html")
    for filename, maintype, subtype, data in attachments:
        if maintype == "text":
            msg.add_attachment(data.decode("utf-8"), subtype=subtype, filename=filename)
        else:
            msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    return msg.as_bytes()


def mbox(path: Path, messages: Sequence[bytes]) -> Path:
    box = mailbox.mbox(path)
    for data in messages:
        box.add(data)
    box.flush()
    box.close()
    return path


def maildir(path: Path, messages: Sequence[bytes]) -> Path:
    box = mailbox.Maildir(path, create=True)
    for data in messages:
        box.add(data)
    box.flush()
    return path


def confirmations(directory: Path, order: Sequence[str] = ()) -> list[bytes]:
    """Each sign-up's reply to the mail that asks it to confirm its address, as a mail
    program makes one: from the address it went to, 'Re:' and its subject (the code);
    in the order of the addresses `order` names (else of the outbox), a minute apart."""
    asked = []
    for file in sorted((directory / "outbox").glob("signup-*.eml")):
        mail = email.message_from_bytes(file.read_bytes(), policy=email.policy.default)
        if "reply to confirm" in str(mail["Subject"]):
            asked.append((str(mail["To"]), str(mail["Subject"])))
    if order:
        asked.sort(key=lambda a: list(order).index(a[0]) if a[0] in order else len(order))
    return [
        letter(
            "Yes, please.\n",
            sender=to,
            subject=f"Re: {subject}",
            date=f"Sun, 09 Feb 1997 10:{minute:02d}:00 +0000",
        )
        for minute, (to, subject) in enumerate(asked)
    ]
