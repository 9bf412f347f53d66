"""The job checks and resolves a turn while the passwords are verified, and the turn is
the one verifying first gives: a file whose password proves wrong adds nothing to it.

The conflict demo's REGULUS (4) sends a wrong password as bundled.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from galbatch.engine.job.run import TurnResult, process

DEMO = Path(__file__).resolve().parent.parent / "games" / "conflict-demo"
RIGHT = {"2": "polaris-1997", "4": "regulus-1997"}  # the demo's PASSWORDS.txt


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    copy = tmp_path / "conflict-demo"
    shutil.copytree(DEMO, copy)
    return copy


def turn(game: Path) -> TurnResult:
    result = process(game, pdf=False, dry_run=True)
    assert "RESOLVE  0000" in result.log, result.log
    return result


def password(game: Path, player: str, word: str) -> None:
    file = game / "orders" / f"{player}.txt"
    header, rest = file.read_text().split("\n", 1)
    file.write_text(header.rsplit(" ", 1)[0] + f' "{word}"\n' + rest)


@pytest.mark.slow
def test_a_wrong_password_leaves_the_turn_as_if_the_file_were_not_sent(demo: Path) -> None:
    wrong = turn(demo)
    password(demo, "4", RIGHT["4"])
    right = turn(demo)
    (demo / "orders" / "4.txt").unlink()
    unsent = turn(demo)
    assert wrong.files["state.yaml"] == unsent.files["state.yaml"]
    assert right.files["state.yaml"] != wrong.files["state.yaml"]  # its orders count when right
    assert "[GB015] wrong password; file rejected" in wrong.files["printouts/4.txt"].decode()
    assert "GB015" not in right.files["printouts/4.txt"].decode()
    for player in ("1", "2", "3", "5", "6"):  # the others' views: as if 4 sent nothing
        name = f"views/{player}.yaml"
        assert wrong.files[name] == unsent.files[name]


@pytest.mark.slow
def test_two_wrong_passwords_are_both_rejected_and_the_rest_counts(demo: Path) -> None:
    password(demo, "2", "not-polaris")
    both = turn(demo)
    assert "2 files rejected" in both.log and "4 REGULUS: WRONG PASSWORD" in both.log
    for player in ("2", "4"):
        (demo / "orders" / f"{player}.txt").unlink()
    unsent = turn(demo)
    assert both.files["state.yaml"] == unsent.files["state.yaml"]
    assert both.files["views/1.yaml"] == unsent.files["views/1.yaml"]
