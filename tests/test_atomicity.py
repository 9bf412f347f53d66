"""A kill at any instant leaves the game at turn N with its inbox, or at turn N+1."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from galbatch.engine.gamedir.commit import writing
from galbatch.engine.job.run import process

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs SIGKILL")


def snapshot(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


def run_and_kill(game: Path, delay: float) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "galbatch.cli", "process", str(game)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait()


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.15, 0.3, 0.45, 0.6, 0.75, 0.9, 1.2])
def test_sigkill_mid_run_leaves_turn_n_or_n_plus_1(
    demo: Path, tmp_path: Path, delay: float
) -> None:
    inbox_before = snapshot(demo / "orders")
    turn0_before = snapshot(demo / "turns" / "000")
    reference = tmp_path / "reference"
    shutil.copytree(demo, reference)
    process(reference)

    run_and_kill(demo, delay)

    with writing(demo) as game:  # the next writer recovers what a killed run left behind
        pass
    assert snapshot(demo / "turns" / "000") == turn0_before
    leftovers = [p.name for p in (demo / "turns").iterdir() if p.name.startswith(".")]
    assert leftovers == []
    if game.latest_turn() == 0:
        assert snapshot(demo / "orders") == inbox_before
    else:
        assert game.latest_turn() == 1
        assert snapshot(demo / "turns" / "001") == snapshot(reference / "turns" / "001")
        assert list((demo / "orders").iterdir()) == []

    # The next run completes and gives the same turn as an undisturbed run.
    if game.latest_turn() == 0:
        process(demo)
    assert snapshot(demo / "turns" / "001") == snapshot(reference / "turns" / "001")


@pytest.mark.slow
def test_kill_between_the_renames_of_a_rerun_is_recovered(demo: Path) -> None:
    process(demo)
    turn1 = snapshot(demo / "turns" / "001")
    # The state a rerun is in after moving the old turn aside and before the new one lands.
    os.replace(demo / "turns" / "001", demo / "turns" / ".old-001")
    (demo / "turns" / ".tmp-001").mkdir()
    with writing(demo) as game:
        pass
    assert game.latest_turn() == 1
    assert snapshot(demo / "turns" / "001") == turn1
    assert sorted(p.name for p in (demo / "turns").iterdir()) == ["000", "001"]
