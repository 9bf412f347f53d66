"""A rerun says which inbox files it holds for the next turn, and takes one when told to."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.gamedir.commit import archived_form
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "GALBATCH_LOCK_WAIT": "0"},
    )


def corrected(demo: Path) -> bytes:
    """POLARIS's turn-1 file, corrected after the turn ran: one more order."""
    sent = (demo / "turns/001/orders/2.txt").read_bytes()
    fixed = sent.replace(b'"********"', b'"polaris-1997"').replace(b"\nEND", b"\nP,59,32\nEND")
    assert fixed != sent.replace(b'"********"', b'"polaris-1997"')
    return fixed


@pytest.mark.slow
def test_a_corrected_file_is_held_for_the_next_turn_and_the_log_says_so(demo: Path) -> None:
    process(demo)
    kept = (demo / "turns/001/orders/2.txt").read_bytes()
    fixed = corrected(demo)
    (demo / "orders/2.txt").write_bytes(fixed)
    again = process(demo, rerun=True)
    assert again.committed is not None
    assert "; 0 late; 1 held" in again.log
    assert "2 POLARIS: orders/2.txt held for turn 2; --replace 2 takes it" in again.log
    assert (demo / "turns/001/orders/2.txt").read_bytes() == kept, "the archived file was used"
    assert (demo / "orders/2.txt").read_bytes() == fixed, "held: still in the inbox"


@pytest.mark.slow
def test_a_resend_of_the_kept_file_is_held_and_named_as_such(demo: Path) -> None:
    sent = (demo / "orders/1.txt").read_bytes()
    process(demo)
    (demo / "orders/1.txt").write_bytes(sent)
    again = process(demo, rerun=True)
    assert (
        "1 ARCTURUS: orders/1.txt held for turn 2 (the same as the file kept); --replace 1 takes it"
    ) in again.log


@pytest.mark.slow
def test_replace_takes_the_held_file_as_late(demo: Path) -> None:
    process(demo)
    fixed = corrected(demo)
    (demo / "orders/2.txt").write_bytes(fixed)
    again = process(demo, rerun=True, replace=["2"])
    assert again.committed is not None, again.log
    assert "; 1 late" in again.log and "held" not in again.log
    assert (demo / "turns/001/orders/2.txt").read_bytes() == archived_form(fixed)
    assert "P,59,32" in (demo / "turns/001/printouts/2.txt").read_text()
    assert not (demo / "orders/2.txt").exists(), "consumed by the rerun"


@pytest.mark.slow
def test_replace_of_a_player_without_an_inbox_file_is_refused(demo: Path) -> None:
    process(demo)
    before = tree(demo)
    for who, why in [
        ("3", "--replace 3: no file orders/3.txt; nothing changed"),
        ("9", "--replace 9: game conflict-demo has no player 9; nothing changed"),
    ]:
        result = process(demo, rerun=True, replace=[who])
        assert result.rc == RC.UNUSABLE and result.committed is None
        assert why in result.log, result.log
        assert tree(demo) == before


@pytest.mark.slow
def test_replace_on_the_command_line(demo: Path) -> None:
    galbatch("process", str(demo), "--no-pdf")
    assert (demo / "turns/001").is_dir()
    (demo / "orders/2.txt").write_bytes(corrected(demo))
    (demo / "orders/5.txt").write_bytes(
        b'GAME conflict-demo PLAYER 5 PASSWORD "sirius-1997"\nEND\n'
    )
    result = galbatch(
        "process", str(demo), "--rerun", "--no-pdf", "--replace", "2", "--replace", "5"
    )
    assert "; 2 late" in result.stdout and "held" not in result.stdout, result.stdout
    assert not (demo / "orders/2.txt").exists() and not (demo / "orders/5.txt").exists()
    (demo / "orders/2.txt").write_bytes(corrected(demo))
    alone = galbatch("process", str(demo), "--replace", "2")
    assert alone.returncode == 12 and "--replace 2: only a rerun replaces a file" in alone.stdout
    assert (demo / "orders/2.txt").exists() and not (demo / "turns/002").exists()


def test_a_rerun_at_turn_0_says_what_to_do_instead(demo: Path) -> None:
    before = tree(demo)
    result = process(demo, rerun=True)
    assert result.committed is None and tree(demo) == before
    assert "no turn to rerun: the game is at turn 0" in result.log
    assert f"`galbatch process {demo}` makes turn 1" in result.log
