"""The roster in game.yaml against the game: a player deleted (or added) is refused like
a duplicate id, nothing changed; a player who drops out is marked `retired: true`,
stays in the game, and his turns run without orders, counted apart from the missing."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.language.diagnostics import RC
from galbatch.post.mailout import turn_mails
from tests.bundled import shipped


def galbatch(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *map(str, args)], capture_output=True, text=True
    )


@pytest.fixture
def gc16(tmp_path: Path) -> Path:
    path = tmp_path / "gc16"
    shutil.copytree(shipped("gc16"), path)
    return path


def edit(game: Path, old: str, new: str) -> None:
    text = (game / "game.yaml").read_text()
    assert old in text
    (game / "game.yaml").write_text(text.replace(old, new))


def test_a_player_deleted_from_game_yaml_stops_the_run(gc16: Path) -> None:
    text = (gc16 / "game.yaml").read_text()
    (gc16 / "game.yaml").write_text(text[: text.index('  - id: "8"')])
    done = galbatch("process", gc16, "--no-pdf")
    assert done.returncode == RC.UNUSABLE
    assert "010   LOAD     0012  game.yaml no longer lists player 8 (CAPELLA)" in done.stdout
    assert "retired: true" in done.stdout and "nothing changed" in done.stdout
    assert not (gc16 / "turns" / "001").exists()
    status = galbatch("status", gc16)
    assert status.returncode == RC.FAILED and "no longer lists player 8" in status.stderr


def test_a_player_added_to_game_yaml_stops_the_run(gc16: Path) -> None:
    text = (gc16 / "game.yaml").read_text()
    (gc16 / "game.yaml").write_text(text + '  - id: "9"\n    name: "DENEB"\n    account: 1009\n')
    done = galbatch("process", gc16, "--no-pdf")
    assert done.returncode == RC.UNUSABLE
    assert "game.yaml lists player 9, who is not in the game" in done.stdout


def test_a_retired_player_owes_nothing_the_run_waits_for(gc16: Path) -> None:
    """Five of eight sent nothing: over the 50 % limit. Two of them retired: three of
    six, and the turn runs; the retired ones are named so, their printouts made."""
    for player in ("2", "3", "4", "5", "8"):
        (gc16 / "orders" / f"{player}.txt").unlink()
    stopped = galbatch("process", gc16, "--no-pdf")
    assert stopped.returncode == RC.UNUSABLE and "sent no orders" in stopped.stdout
    edit(gc16, '  - id: "5"\n', '  - id: "5"\n    retired: true\n')
    edit(gc16, '  - id: "8"\n', '  - id: "8"\n    retired: true\n')
    done = galbatch("process", gc16, "--no-pdf")
    assert "060   COMMIT   0000  turns/001" in done.stdout, done.stdout
    assert "5 SIRIUS: retired, sent nothing" in done.stdout
    assert "8 CAPELLA: retired, sent nothing" in done.stdout
    assert "2 POLARIS: sent nothing" in done.stdout
    assert (gc16 / "turns" / "001" / "printouts" / "8.txt").is_file(), "his seat stays"
    data = json.loads(galbatch("status", gc16, "--format", "json").stdout)
    assert [p["id"] for p in data["players"] if p["retired"]] == ["5", "8"]


def test_no_mail_goes_to_a_retired_player(gc16: Path) -> None:
    edit(gc16, '  - id: "8"\n', '  - id: "8"\n    retired: true\n')
    _, skipped = turn_mails(Game.open(gc16), 0)
    assert "8: retired" in skipped


def test_retired_must_be_true_or_false(gc16: Path) -> None:
    edit(gc16, '  - id: "8"\n', '  - id: "8"\n    retired: perhaps\n')
    done = galbatch("process", gc16, "--no-pdf")
    assert done.returncode == RC.UNUSABLE
    assert 'players[8].retired: "perhaps" is not true or false' in done.stdout
