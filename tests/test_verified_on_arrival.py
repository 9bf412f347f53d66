"""A file's password is verified once: as it arrives (intake, the web's save), which records
it (engine.gamedir.verified), and not again by the turn; any file not so recorded, as it is
now and for the password game.yaml holds now, is verified by the turn as before (issue 26).

CONTRIBUTING's promise: "No password in clear, anywhere: game.yaml keeps salted hashes,
compared in constant time". The issue: "Keep the security (PBKDF2 or a stronger function,
its cost documented) ... verifying each file once when it arrives ... and recording that
verification where the turn can trust it".
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from galbatch.engine.gamedir import verified
from galbatch.engine.gamedir.player_passwords import set_password
from galbatch.engine.job.lint import check_one
from galbatch.engine.job.run import TurnResult, process
from galbatch.engine.language.orderfile import REDACTED
from galbatch.engine.security import hashes
from galbatch.post.mailin import intake
from galbatch.print import worker
from galbatch.web.orders import save_orders
from tests.test_post_support import EMAILS, PASSWORDS, letter, make_game, mbox, orders

LEDGER = verified.ledger_name(1)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[str]]:
    """Every PBKDF2 verification made in this process (the job forks no worker here), by
    the password tried; the per-user cache in a folder of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(worker, "can_fork", lambda: False)
    made: list[str] = []
    real = hashes.verify_password

    def counted(password: str, stored: str) -> bool:
        made.append(password)
        return real(password, stored)

    monkeypatch.setattr(hashes, "verify_password", counted)
    monkeypatch.setattr("galbatch.engine.job.playerfiles.verify_password", counted)
    monkeypatch.setattr("galbatch.post.filing.verify_password", counted)
    yield made


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return make_game(tmp_path / "gc16")


def mailed(game: Path, tmp_path: Path, *players: str) -> None:
    """Each player's order file filed by intake from his mail."""
    box = mbox(tmp_path / "in.mbox", [letter(orders(p), sender=EMAILS[p]) for p in players])
    assert [e.outcome for e in intake(game, box).entries] == ["FILED"] * len(players)


def turn(game: Path) -> TurnResult:
    result = process(game, pdf=False, dry_run=True, force=True)
    assert "RESOLVE  0000" in result.log, result.log
    return result


def test_a_file_intake_verified_is_not_verified_again_and_the_turn_is_the_same(
    game: Path, tmp_path: Path, calls: list[str]
) -> None:
    mailed(game, tmp_path, "1", "2")
    assert sorted(calls) == [PASSWORDS["1"], PASSWORDS["2"]]  # intake's own, once each
    assert set(json.loads((game / LEDGER).read_text())["tags"]) == {"1", "2"}
    for player in ("1", "2"):  # filed with the password masked: no password in clear
        filed = (game / "orders" / f"{player}.txt").read_text()
        assert PASSWORDS[player] not in filed and REDACTED in filed
    calls.clear()
    trusted = turn(game)
    assert calls == []
    by_hand = make_game(tmp_path / "by-hand" / "gc16")  # the same files dropped in orders/
    (by_hand / "orders").mkdir(exist_ok=True)
    for player in ("1", "2"):
        (by_hand / "orders" / f"{player}.txt").write_text(orders(player))
    again = turn(by_hand)
    assert sorted(calls) == [PASSWORDS["1"], PASSWORDS["2"]]
    assert trusted.files == again.files  # byte for byte
    assert trusted.log == again.log


def test_check_game_takes_a_masked_file_only_as_it_was_filed(
    game: Path, tmp_path: Path, calls: list[str]
) -> None:
    """The GM's `check --game` of an inbox file intake filed masked: its password is the
    record's; with the record gone, or the file changed, a masked password is wrong."""
    mailed(game, tmp_path, "1", "2")
    inbox = game / "orders" / "1.txt"

    def codes() -> set[str]:
        check = check_one(inbox, ruleset=None, game_dir=game, view_file=None)
        return {d.code for d in check.diagnostics}

    calls.clear()
    assert "GB015" not in codes() and calls == []
    filed = inbox.read_text()
    inbox.write_text(filed + "* a line more\n")
    assert "GB015" in codes()
    inbox.write_text(filed)
    assert "GB015" not in codes()
    (game / LEDGER).unlink()
    assert "GB015" in codes()


def test_a_file_changed_after_intake_is_verified_again_and_a_wrong_password_rejected(
    game: Path, tmp_path: Path, calls: list[str]
) -> None:
    mailed(game, tmp_path, "1", "2")
    (game / "orders" / "2.txt").write_text(orders("2", password="not-beta"))
    calls.clear()
    result = turn(game)
    assert set(calls) == {"not-beta"}  # player 1's file is as intake filed it
    assert "[GB015] wrong password; file rejected" in result.files["printouts/2.txt"].decode()
    assert "GB015" not in result.files["printouts/1.txt"].decode()


def test_a_file_changed_by_hand_with_the_right_password_is_verified_and_taken(
    game: Path, tmp_path: Path, calls: list[str]
) -> None:
    mailed(game, tmp_path, "1")
    (game / "orders" / "1.txt").write_text(orders("1", body="P 68 2 1\n"))
    calls.clear()
    result = turn(game)
    assert calls == [PASSWORDS["1"]]
    assert "GB015" not in result.files["printouts/1.txt"].decode()


def test_a_password_changed_after_intake_is_verified_again(
    game: Path, tmp_path: Path, calls: list[str]
) -> None:
    mailed(game, tmp_path, "1", "2")
    set_password(game, "2", "delta-four")  # the GM's passwd: the file's password is old now
    calls.clear()
    result = turn(game)
    assert set(calls) == {REDACTED}  # the file holds its password masked: it cannot be right
    assert "[GB015] wrong password; file rejected" in result.files["printouts/2.txt"].decode()
    assert "GB015" not in result.files["printouts/1.txt"].decode()


def test_a_file_dropped_in_orders_by_hand_is_verified(game: Path, calls: list[str]) -> None:
    (game / "orders").mkdir(exist_ok=True)
    (game / "orders" / "1.txt").write_text(orders("1"))
    (game / "orders" / "2.txt").write_text(orders("2", password="wrong-one"))
    result = turn(game)
    assert set(calls) == {PASSWORDS["1"], "wrong-one"}
    assert not (game / LEDGER).exists()
    assert "[GB015] wrong password; file rejected" in result.files["printouts/2.txt"].decode()


def test_a_record_made_under_another_key_or_by_hand_is_not_trusted(
    game: Path, tmp_path: Path, calls: list[str]
) -> None:
    """The tag is keyed with the game's own key: a ledger entry made under another key
    vouches for nothing."""
    mailed(game, tmp_path, "1", "2")
    (game / "orders" / "2.txt").write_text(orders("2", password="not-beta"))
    forged = json.loads((game / LEDGER).read_text())
    data = (game / "orders" / "2.txt").read_bytes()
    forged["tags"]["2"] = verified.tag(b"k" * 32, "GC16", "2", data, _hash(game, "2"))
    (game / LEDGER).write_text(json.dumps(forged))
    calls.clear()
    result = turn(game)
    assert set(calls) == {"not-beta"}  # player 1's is as intake filed it, recorded
    assert "[GB015] wrong password; file rejected" in result.files["printouts/2.txt"].decode()


def test_a_web_save_is_recorded_only_for_the_password_hash_the_game_holds(
    game: Path, calls: list[str]
) -> None:
    data = orders("1").encode()
    save_orders(game, "1", data, _hash(game, "1"))
    assert set(verified.recorded(game, 1)) == {"1"}
    save_orders(game, "2", orders("2").encode(), "pbkdf2_sha256$1$00$00")  # an old hash
    assert set(verified.recorded(game, 1)) == {"1"}
    save_orders(game, "3", orders("3").encode())  # no login verified it
    assert set(verified.recorded(game, 1)) == {"1"}
    result = turn(game)
    assert sorted(calls) == [PASSWORDS["2"], PASSWORDS["3"]]
    assert "GB015" not in result.log


def _hash(game: Path, player: str) -> str:
    from galbatch.engine.gamedir.directory import Game

    return Game.open(game).password_hash(player)
