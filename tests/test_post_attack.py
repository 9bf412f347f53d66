"""The post room under attack (issue 24): a mailbox flooded past what one run reads, a
forwarded order file, a message delivered twice, a reader that goes away; each through
the `galbatch intake` command.

CONTRIBUTING.md: "Nothing a player sent is ever lost." and "No order file, mail or form,
however malformed or hostile, produces a traceback or changes anything beyond what its
valid orders do."
"""

from __future__ import annotations

import mailbox
import os
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from galbatch.cli.post import intake as intake_command
from galbatch.post.intake_record import HANDLED, INTAKE, LOG
from galbatch.post.replies import OUTBOX
from tests.test_post_support import as_filed, letter, maildir, make_game, mbox, orders


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return make_game(tmp_path / "gc16")


def run_intake(game: Path, box: Path) -> Result:
    return CliRunner().invoke(intake_command, [str(game), str(box)])


def junk(n: int) -> bytes:
    return letter(f"buy now {n}\n", sender=f"seller{n}@spam.example", subject="offer")


def inbox(game: Path, player: str) -> str | None:
    file = game / "orders" / f"{player}.txt"
    return file.read_text(encoding="utf-8") if file.is_file() else None


# ----------------------------------------------------------------------------- a flood


@pytest.mark.slow
def test_a_flood_of_one_message_hides_no_order_file_after_it(game: Path, tmp_path: Path) -> None:
    """Issue 24: "An mbox of more than 10,000 messages: intake reads only the first
    10,000, skips them all as handled, and never reaches a real order file after them."
    Messages handled before do not count against what one run reads."""
    flood = junk(0)
    box = mbox(tmp_path / "in.mbox", [flood] * 10_001 + [letter(orders("1"))])
    done = run_intake(game, box)
    assert done.exit_code == 0, done.output
    assert done.output.startswith("INTAKE  2 new messages, 10000 handled before; 1 order file")
    assert inbox(game, "1") == as_filed(orders("1"))


def test_new_messages_past_the_most_a_run_handles_are_named_and_wait(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24: "say (log + return code as documented) when anything is left unread":
    the run says how many new messages it left, exits 4, and the next run reads past the
    ones it handled to them."""
    monkeypatch.setattr("galbatch.post.mailin.MAX_MESSAGES", 3)
    box = mbox(tmp_path / "in.mbox", [junk(n) for n in range(4)] + [junk(3), letter(orders("1"))])
    first = run_intake(game, box)
    assert first.exit_code == 4, first.output
    unread = "UNREAD  2 new messages left in the mailbox: one run handles the first 3 new ones"
    assert first.output.splitlines()[1].startswith(unread)  # the copy of junk 3 counts once
    assert unread in (game / INTAKE / LOG).read_text(encoding="utf-8")
    assert inbox(game, "1") is None
    second = run_intake(game, box)
    assert second.exit_code == 0, second.output
    assert second.output.startswith("INTAKE  2 new messages, 4 handled before; 1 order file filed")
    assert "UNREAD" not in second.output
    assert inbox(game, "1") == as_filed(orders("1"))


def test_maildir_messages_left_for_the_next_run_stay_new(
    game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Maildir message the run did not read is not marked seen: it waits in new/."""
    monkeypatch.setattr("galbatch.post.mailin.MAX_MESSAGES", 2)
    box = maildir(tmp_path / "Maildir", [junk(1), junk(2), letter(orders("1"))])
    assert run_intake(game, box).exit_code == 4
    assert len(os.listdir(box / "new")) == 1 and len(os.listdir(box / "cur")) == 2
    assert run_intake(game, box).exit_code == 0
    assert not os.listdir(box / "new") and inbox(game, "1") == as_filed(orders("1"))


# ----------------------------------------------------------------------------- forwards


def forward(outer_body: str, inner: bytes) -> bytes:
    """Player 1 forwarding a mail (as message/rfc822) that holds another's order file."""
    msg = EmailMessage()
    msg["From"] = "Player <arcturus@example.org>"
    msg["To"] = "gc16@example.net"
    msg["Subject"] = "Fwd: orders"
    msg["Date"] = "Mon, 17 Feb 1997 11:00:00 +0100"
    msg["Message-ID"] = "<forward-1@example.org>"
    msg.set_content(outer_body)
    msg.add_attachment(mailbox.mboxMessage(inner))  # a message/rfc822 part
    return msg.as_bytes()


def test_a_forwarded_order_file_is_not_filed(game: Path, tmp_path: Path) -> None:
    """Issue 24: "A forwarded message (message/rfc822 part) holding another player's order
    file is filed as that player's orders, though the code says forwards are not looked
    into. Make it so." The sender is told why nothing was filed."""
    theirs = letter(orders("2"), sender="polaris@example.org")
    done = run_intake(game, mbox(tmp_path / "in.mbox", [forward("see below\n", theirs)]))
    assert done.exit_code == 0, done.output
    assert "ANSWERED" in done.output and "forwarded message" in done.output
    assert inbox(game, "2") is None
    (answer,) = (game / OUTBOX).glob("nothing-*.eml")
    assert b"A forwarded message (a mail attached to yours) is never read" in answer.read_bytes()


def test_own_orders_beside_a_forward_are_filed_and_the_forward_is_not(
    game: Path, tmp_path: Path
) -> None:
    """The sender's own order file in the body is filed; the forwarded one is not."""
    theirs = letter(orders("2"), sender="polaris@example.org")
    box = mbox(tmp_path / "in.mbox", [forward(orders("1"), theirs)])
    assert run_intake(game, box).exit_code == 0
    assert inbox(game, "1") == as_filed(orders("1")) and inbox(game, "2") is None


# ----------------------------------------------------------------------------- twice


def received(data: bytes, relay: str) -> bytes:
    line = f"Received: from {relay} by mx.example.net; Mon, 17 Feb 1997 10:01:00 +0100\n"
    return line.encode("ascii") + data


def test_the_same_message_delivered_twice_is_handled_once(game: Path, tmp_path: Path) -> None:
    """Issue 24: "The same message delivered twice with an extra Received: header is
    handled twice: identify a message by its Message-ID where it has one." """
    first = letter(orders("1"))
    box = mbox(tmp_path / "in.mbox", [first, received(first, "relay2.example")])
    done = run_intake(game, box)
    assert done.exit_code == 0, done.output
    assert done.output.startswith("INTAKE  1 new message, 1 handled before; 1 order file filed")
    assert len(list((game / OUTBOX).glob("*.eml"))) == 1, "answered once"
    later = mbox(tmp_path / "later.mbox", [received(first, "relay3.example")])
    again = run_intake(game, later)
    assert again.exit_code == 0 and again.output.startswith("INTAKE  0 new messages, 1 handled")


def test_a_message_without_a_message_id_is_known_by_its_bytes(game: Path, tmp_path: Path) -> None:
    """Without a Message-ID the identity is the message's bytes, as before: the same bytes
    are handled once, other bytes are another message."""
    bare = b"".join(
        line for line in letter(orders("1")).splitlines(True) if not line.startswith(b"Message-ID")
    )
    box = mbox(tmp_path / "in.mbox", [bare, bare, received(bare, "relay2.example")])
    done = run_intake(game, box)
    assert done.output.startswith("INTAKE  2 new messages, 1 handled before"), done.output
    assert len((game / INTAKE / HANDLED).read_text().split()) == 2


# ----------------------------------------------------------------------------- the reader


def test_a_reader_that_goes_away_changes_no_exit_status(game: Path, tmp_path: Path) -> None:
    """Issue 24: "`galbatch intake G BOX | head -1` exits 1, outside the documented
    statuses (a closed pipe on stdout)." The run goes to its end and exits with its own
    status, here 4 for a wrong password, with nothing on standard error."""
    box = mbox(tmp_path / "in.mbox", [letter(orders("1", password="guess")), letter(orders("2"))])
    command = [sys.executable, "-m", "galbatch.cli", "intake", str(game), str(box)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader is gone before the first line
    errors = process.stderr.read()
    assert process.wait() == 4
    assert errors == b""
    assert len((game / INTAKE / LOG).read_text(encoding="utf-8").splitlines()) == 2
    assert inbox(game, "2") == as_filed(orders("2"))


def test_mail_too_goes_on_when_its_reader_goes_away(game: Path) -> None:
    """`galbatch mail G | head -1`: the mails are written all the same, exit status 0."""
    command = [sys.executable, "-m", "galbatch.cli", "mail", str(game), "--turn", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()
    errors = process.stderr.read()
    assert process.wait() == 0 and errors == b""
    assert len(list((game / OUTBOX).glob("turn-*.eml"))) == 3
