"""A player who mails last week's file again is told (GB017, a note): by `check --game` and by
the turn job, which still checks and uses its orders for the turn at hand."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC
from tests.bundled import shipped


def galbatch(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *map(str, args)], capture_output=True, text=True
    )


@pytest.fixture
def after_turn_1(tmp_path: Path) -> tuple[Path, bytes]:
    """conflict-demo with turn 1 made; the file player 1 sent for it."""
    game = tmp_path / "demo"
    shutil.copytree(shipped("conflict-demo"), game)
    sent = (game / "orders" / "1.txt").read_bytes()
    assert process(game, pdf=False).turn == 1
    return game, sent


def test_check_game_warns_of_a_file_turn_1_took(after_turn_1: tuple[Path, bytes]) -> None:
    game, sent = after_turn_1
    (game / "orders" / "1.txt").write_bytes(sent)
    done = galbatch("check", game / "orders" / "1.txt", "--game", game)
    assert done.returncode == RC.CLEAN, done.stdout + done.stderr  # a note
    assert (
        "1:1: note: [GB017] this is the very file turn 1 took from you: if it is meant "
        "for turn 2 too, all is well; its orders are checked for turn 2"
    ) in done.stdout


def test_a_changed_file_is_not_warned_of(after_turn_1: tuple[Path, bytes]) -> None:
    game, sent = after_turn_1
    (game / "orders" / "1.txt").write_bytes(sent.replace(b"END", b"# changed\nEND"))
    done = galbatch("check", game / "orders" / "1.txt", "--game", game)
    assert "GB017" not in done.stdout


def test_a_file_of_no_orders_is_not_warned_of(tmp_path: Path) -> None:
    """Header and END alone, every turn: standing orders left be."""
    game = tmp_path / "demo"
    shutil.copytree(shipped("conflict-demo"), game)
    empty = (game / "orders" / "1.txt").read_text().splitlines()[0] + "\nEND\n"
    (game / "orders" / "1.txt").write_text(empty)
    assert process(game, pdf=False).turn == 1
    (game / "orders" / "1.txt").write_text(empty)
    assert "GB017" not in galbatch("check", game / "orders" / "1.txt", "--game", game).stdout


def test_the_turn_job_warns_and_uses_the_orders(after_turn_1: tuple[Path, bytes]) -> None:
    game, sent = after_turn_1
    (game / "orders" / "1.txt").write_bytes(sent)
    result = process(game, pdf=False, force=True)
    assert result.turn == 2
    printout = (game / "turns" / "002" / "printouts" / "1.txt").read_text()
    assert "[GB017]" in printout and "turn 1 took from you" in printout


def test_only_the_turn_before_is_compared(after_turn_1: tuple[Path, bytes]) -> None:
    """The same file two turns later is a player's choice (the same research again)."""
    game, sent = after_turn_1
    assert process(game, pdf=False, force=True).turn == 2
    (game / "orders" / "1.txt").write_bytes(sent)
    assert "GB017" not in galbatch("check", game / "orders" / "1.txt", "--game", game).stdout
