"""Which turn a mailed order file is for, and whose file stands, by the messages' Dates:
the day a turn was processed, the boundary days around it, and Dates no message can bear."""

from __future__ import annotations

import email
import email.policy
import json
from email.message import EmailMessage
from pathlib import Path

import pytest
from click.testing import CliRunner

from galbatch.cli.post import intake as intake_command
from galbatch.engine.job.run import process
from galbatch.post.intake_record import FILED, INTAKE, SUPERSEDED
from galbatch.post.mailin import intake
from galbatch.post.replies import OUTBOX
from tests.test_post_support import as_filed, letter, make_game, mbox, orders


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return make_game(tmp_path / "gc16")


@pytest.fixture
def processed(game: Path) -> Path:
    """GC16 with turn 1 processed: its date is 1997-02-19, turn 2 is due 1997-02-26."""
    assert process(game, force=True, pdf=False).committed
    return game


def answers(game: Path) -> list[str]:
    texts = []
    for file in sorted((game / OUTBOX).glob("*.eml")):
        msg = email.message_from_bytes(file.read_bytes(), policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        part = msg.get_body(("plain",))
        assert part is not None
        texts.append(str(part.get_content()))
    return texts


def inbox(game: Path, player: str = "1") -> str:
    return (game / "orders" / f"{player}.txt").read_text(encoding="utf-8")


def run_intake(game: Path, box: Path) -> tuple[int, list[str]]:
    """`galbatch intake GAME BOX` as the GM runs it: exit status and the lines after the first."""
    done = CliRunner().invoke(intake_command, [str(game), str(box)])
    return done.exit_code, done.output.splitlines()[1:]


def test_an_order_sent_the_evening_a_turn_was_processed_is_for_the_next_turn(
    processed: Path, tmp_path: Path
) -> None:
    # The turn-1 printout mail is dated 1997-02-19; a player answers it the same evening.
    evening = letter(orders("1"), date="Wed, 19 Feb 1997 21:00:00 +0100")
    rc, lines = run_intake(processed, mbox(tmp_path / "in.mbox", [evening]))
    assert rc == 0 and len(lines) == 1 and " FILED " in lines[0], lines
    assert inbox(processed) == as_filed(orders("1"))
    (ack,) = answers(processed)
    assert "FILED      orders/1.txt for player 1 (ARCTURUS), turn 2" in ack
    assert (processed / INTAKE / "002" / "record.yaml").is_file()


@pytest.mark.parametrize(
    ("date", "filed"),
    [
        ("Tue, 18 Feb 1997 23:59:00 +0000", False),  # the day before, everywhere
        ("Tue, 18 Feb 1997 23:30:00 +0100", False),  # the day before: 22:30 UTC
        ("Wed, 19 Feb 1997 00:30:00 +0100", True),  # the day, by the sender's calendar
        ("Tue, 18 Feb 1997 20:00:00 -0500", True),  # the day, by UTC (01:00)
        ("Wed, 19 Feb 1997 00:00:00 +0000", True),  # the first minute of the day
        ("Thu, 20 Feb 1997 08:00:00 +0000", True),  # the day after
    ],
)
def test_the_processing_day_is_the_boundary(
    processed: Path, tmp_path: Path, date: str, filed: bool
) -> None:
    rc, lines = run_intake(processed, mbox(tmp_path / "in.mbox", [letter(orders("1"), date=date)]))
    (line,) = lines
    if filed:
        assert rc == 0 and " FILED " in line
        assert inbox(processed) == as_filed(orders("1"))
    else:
        assert rc == 4 and " REJECTED " in line
        assert "before turn 1 was processed on 1997-02-19: it was meant for turn 1" in line
        assert not (processed / "orders" / "1.txt").exists()
        (ack,) = answers(processed)
        assert "NOT FILED  the message is dated 1997-02-18" in ack


def test_before_the_first_turn_no_message_is_late(game: Path, tmp_path: Path) -> None:
    early = letter(orders("1"), date="Wed, 12 Feb 1997 09:00:00 +0000")  # turn 0's own day
    assert [e.outcome for e in intake(game, mbox(tmp_path / "in.mbox", [early])).entries] == [FILED]


@pytest.mark.slow
@pytest.mark.parametrize(
    "bad_date",
    [
        "Fri, 31 Dec 9999 12:00:00 +0000",  # far in the future
        "Mon, 17 Feb 0001 10:00:00 +0000",  # read as 2001
        "Tue, 11 Feb 1997 10:00:00 +0000",  # before the game began
    ],
)
def test_a_date_no_message_can_bear_locks_nobody_out(
    game: Path, tmp_path: Path, bad_date: str
) -> None:
    odd = letter(orders("1", body="P 68 1 1\n"), date=bad_date)
    first = intake(game, mbox(tmp_path / "a.mbox", [odd]))
    assert [e.outcome for e in first.entries] == [FILED]
    (ack,) = answers(game)
    assert "is not believed (game GC16" in ack and "any later message replaces it" in ack
    (sent,) = (game / OUTBOX).glob("*.eml")
    dated = email.message_from_bytes(sent.read_bytes(), policy=email.policy.default)["Date"]
    assert "1997" in dated, "the answer is dated by the game, not by the odd Date"
    # a correct message arriving later replaces it, whatever the first one's Date said
    fixed = letter(orders("1", body="P 68 1 3\n"), date="Mon, 17 Feb 1997 10:00:00 +0000")
    second = intake(game, mbox(tmp_path / "b.mbox", [fixed]))
    assert [e.outcome for e in second.entries] == [FILED]
    assert "P 68 1 3" in inbox(game)
    # and the one after that too: the Dates of believed messages order them again
    later = letter(orders("1", body="P 68 1 2\n"), date="Tue, 18 Feb 1997 10:00:00 +0000")
    earlier = letter(orders("1", body="P 68 2 2\n"), date="Sun, 16 Feb 1997 10:00:00 +0000")
    third = intake(game, mbox(tmp_path / "c.mbox", [later, earlier]))
    assert sorted(e.outcome for e in third.entries) == [FILED, SUPERSEDED]
    assert "P 68 1 2" in inbox(game)


@pytest.mark.slow
def test_in_one_mailbox_a_message_without_a_believed_date_keeps_its_place_by_arrival(
    game: Path, tmp_path: Path
) -> None:
    future = letter(orders("1", body="P 68 1 1\n"), date="Fri, 31 Dec 9999 12:00:00 +0000")
    fixed = letter(orders("1", body="P 68 1 3\n"), date="Mon, 17 Feb 1997 10:00:00 +0000")
    result = intake(game, mbox(tmp_path / "a.mbox", [future, fixed]))
    assert [e.outcome for e in result.entries] == [FILED, FILED]
    assert "P 68 1 3" in inbox(game), "the one that came after it stands"
    other = make_game(tmp_path / "other" / "gc16")
    result = intake(other, mbox(tmp_path / "b.mbox", [fixed, future]))
    assert [e.outcome for e in result.entries] == [FILED, FILED]
    assert "P 68 1 1" in inbox(other), "it came last: it stands"


@pytest.mark.slow
def test_the_acknowledgement_gives_the_hash_the_turn_records(game: Path, tmp_path: Path) -> None:
    intake(game, mbox(tmp_path / "in.mbox", [letter(orders("1"))]))
    (ack,) = answers(game)
    assert process(game, force=True, pdf=False).committed
    record = json.loads((game / "turns" / "001" / "intake.yaml").read_text())
    (row,) = [r for r in record["consumed"] if r["file"] == "1.txt"]
    assert f"\n           {row['sha256']}\n" in ack
    assert "turn 1 records the SHA-256 of the file as it is\n           archived, with the" in ack
