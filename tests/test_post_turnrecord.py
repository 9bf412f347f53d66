"""A turn's intake record is the whole account of what players sent by mail: the message each
archived order file came from, and every message that a later one replaced."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from galbatch.engine.job.run import process
from galbatch.post.intake_record import FILED, SUPERSEDED
from galbatch.post.mailin import intake
from galbatch.post.masking import masked_message
from galbatch.post.message import read_letter
from tests.test_post_support import letter, make_game, mbox, orders

FIRST = "P 68 1 1\n"
SECOND = "P 68 2 2\n"

# (player, sender, body, date): player 1 sends twice, then a third message dated earliest
A = ("1", "arcturus@example.org", FIRST, "Mon, 17 Feb 1997 10:00:00 +0000")
B = ("1", "arcturus@example.org", SECOND, "Mon, 17 Feb 1997 11:00:00 +0000")
C = ("1", "arcturus@example.org", "P 68 3 3\n", "Mon, 17 Feb 1997 09:00:00 +0000")
D = ("2", "polaris@example.org", "", "Mon, 17 Feb 1997 10:30:00 +0000")


def sent(player: str, sender: str, body: str, date: str) -> bytes:
    return letter(orders(player, body=body), sender=sender, date=date)


def key(message: bytes) -> str:
    return read_letter(message, 1 << 20).key


def record(game: Path, turn: int = 1) -> Any:
    return json.loads((game / "turns" / f"{turn:03d}" / "intake.yaml").read_text())


def by_mail(tmp_path: Path) -> Path:
    """GC16 with turn 1's orders by mail: A, D and B in one mailbox, then C late."""
    game = make_game(tmp_path / "mail" / "gc16")
    first = intake(game, mbox(tmp_path / "one.mbox", [sent(*A), sent(*D), sent(*B)]))
    assert [e.outcome for e in first.entries] == [FILED, FILED, FILED]
    second = intake(game, mbox(tmp_path / "two.mbox", [sent(*C)]))
    assert [e.outcome for e in second.entries] == [SUPERSEDED]
    assert process(game, pdf=False).committed is not None
    return game


@pytest.mark.slow
def test_each_file_names_its_message_and_the_replaced_ones_are_listed(tmp_path: Path) -> None:
    game = by_mail(tmp_path)
    got = record(game)
    files = {row["file"]: row for row in got["consumed"]}
    assert sorted(files) == ["1.txt", "2.txt"]
    b, d = sent(*B), sent(*D)
    assert files["1.txt"]["mail"] == {
        "message": key(b),
        "message_id": read_letter(b, 1 << 20).message_id,
        "from": "arcturus@example.org",
        "date": "1997-02-17T11:00:00+00:00",
    }
    assert files["2.txt"]["mail"]["message"] == key(d)
    assert files["2.txt"]["mail"]["from"] == "polaris@example.org"
    replaced = got["replaced"]
    assert [(r["player"], r["message"], r["outcome"], r["date"]) for r in replaced] == [
        ("1", key(sent(*C)), SUPERSEDED, "1997-02-17T09:00:00+00:00"),
        ("1", key(sent(*A)), FILED, "1997-02-17T10:00:00+00:00"),
    ]
    came = {key(m): m for m in (sent(*A), sent(*C))}
    for r in replaced:
        kept = (game / r["kept"]).read_bytes()
        assert kept == masked_message(came[r["message"]]), "kept as it came, password masked"
        assert b'PASSWORD "********"' in kept
        assert r["message_id"].startswith("<") and r["from"] == "arcturus@example.org"
    archived = (game / "turns" / "001" / "orders" / "1.txt").read_text()
    assert "P 68 2 2" in archived and "********" in archived, "B's file, password masked"


@pytest.mark.slow
def test_a_game_without_mail_intake_gets_the_same_turn(tmp_path: Path) -> None:
    """The same orders put in the inbox by hand: every file of the turn the same bytes,
    the intake record without a word about mail."""
    mailed = by_mail(tmp_path)
    by_hand = make_game(tmp_path / "hand" / "gc16")
    (by_hand / "orders" / "1.txt").write_text(orders("1", body=SECOND))
    (by_hand / "orders" / "2.txt").write_text(orders("2", body=""))
    assert process(by_hand, pdf=False).committed is not None
    turn = Path("turns") / "001"
    names = sorted(p.relative_to(by_hand / turn) for p in (by_hand / turn).rglob("*"))
    assert names == sorted(p.relative_to(mailed / turn) for p in (mailed / turn).rglob("*"))
    differ = [
        str(n)
        for n in names
        if (by_hand / turn / n).is_file()
        and (by_hand / turn / n).read_bytes() != (mailed / turn / n).read_bytes()
    ]
    assert differ == ["intake.yaml"]
    plain = record(by_hand)
    assert list(plain) == ["consumed"]
    assert all(list(row) == ["file", "sha256", "from", "authentic"] for row in plain["consumed"])
    told = record(mailed)
    del told["replaced"]
    for row in told["consumed"]:
        del row["mail"]
    assert told == plain


@pytest.mark.slow
def test_a_rerun_keeps_the_mail_of_the_files_it_keeps_and_adds_a_late_one(tmp_path: Path) -> None:
    game = by_mail(tmp_path)
    before = record(game)
    late = letter(orders("3"), sender="rigel@example.org", date="Thu, 20 Feb 1997 08:00:00 +0000")
    assert [e.outcome for e in intake(game, mbox(tmp_path / "late.mbox", [late])).entries] == [
        FILED
    ]
    assert process(game, pdf=False, rerun=True).committed is not None
    after = record(game)
    rows = {row["file"]: row for row in after["consumed"]}
    assert [rows[n]["from"] for n in sorted(rows)] == ["archive", "archive", "inbox"]
    for row in before["consumed"]:
        assert rows[row["file"]]["mail"] == row["mail"]
    assert rows["3.txt"]["mail"]["message"] == key(late)
    assert rows["3.txt"]["mail"]["date"] == "1997-02-20T08:00:00+00:00"
    assert after["replaced"] == before["replaced"]


def test_a_file_the_game_master_put_in_place_of_the_mailed_one(tmp_path: Path) -> None:
    """The inbox file came from no message: nothing is claimed for it, and the message
    intake filed for that player is listed as replaced."""
    game = make_game(tmp_path / "gc16")
    intake(game, mbox(tmp_path / "in.mbox", [sent(*A)]))
    (game / "orders" / "1.txt").write_text(orders("1", body=SECOND))
    assert process(game, pdf=False, force=True).committed is not None  # 2 of 3 sent nothing
    got = record(game)
    assert "mail" not in got["consumed"][0]
    assert [(r["player"], r["message"], r["outcome"]) for r in got["replaced"]] == [
        ("1", key(sent(*A)), FILED)
    ]


@pytest.mark.slow
def test_a_late_message_a_rerun_took_is_not_replaced_in_the_next_turn(tmp_path: Path) -> None:
    game = by_mail(tmp_path)
    late = letter(orders("3"), sender="rigel@example.org", date="Thu, 20 Feb 1997 08:00:00 +0000")
    intake(game, mbox(tmp_path / "late.mbox", [late]))
    assert process(game, pdf=False, rerun=True).committed is not None
    again = letter(
        orders("3", body=SECOND), sender="rigel@example.org", date="Fri, 21 Feb 1997 08:00:00 +0000"
    )
    assert [e.outcome for e in intake(game, mbox(tmp_path / "t2.mbox", [again])).entries] == [FILED]
    assert process(game, pdf=False, force=True).committed is not None
    second = record(game, 2)
    assert second["consumed"][0]["mail"]["message"] == key(again)
    assert "replaced" not in second, "the late message was turn 1's, not replaced in turn 2"
