"""`galbatch status`: a game at a glance for its GM, through the command, never writing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.language.diagnostics import RC
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


def listing(path: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(path)): (p.read_bytes() if p.is_file() else b"", p.stat().st_mtime_ns)
        for p in sorted(path.rglob("*"))
    }


def test_status_names_who_sent_who_did_not_and_the_strays(gc16: Path) -> None:
    inbox = gc16 / "orders"
    (inbox / "2.txt").rename(inbox / "2.TXT")
    (inbox / "3.txt").unlink()
    os.utime(inbox / "1.txt", (0, 86_400 * 365 * 30))  # 1999-12-25 00:00 UTC
    before = listing(gc16)
    done = galbatch("status", gc16)
    assert done.returncode == RC.WARNING, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "GAME GC16 (conqueror) Galactic Conqueror GC16"
    assert lines[1] == "TURN 0 of 1997-02-12; orders for turn 1 due 1997-02-19"
    assert lines[2] == "LAST JOB MAXCC=0000"
    assert "ORDERS: 6 of 8 players owing orders sent" in lines
    assert "     1 ARCTURUS             owes orders  file received 1999-12-25 00:00 UTC" in lines
    assert "     2 POLARIS              owes orders  no file" in lines
    assert "     3 RIGEL                owes orders  no file" in lines
    assert "STRAY: orders/2.TXT (its header names player 2: name it 2.txt)" in lines
    assert listing(gc16) == before, "status never writes"


def test_status_json(gc16: Path) -> None:
    done = galbatch("status", gc16, "--format", "json")
    assert done.returncode == RC.CLEAN, done.stderr
    data = json.loads(done.stdout)
    assert (data["game"], data["turn"], data["next_turn"], data["due"]) == (
        "GC16",
        0,
        1,
        "1997-02-19",
    )
    assert [p["id"] for p in data["players"] if p["owes"] and p["sent"]] == [
        str(i) for i in range(1, 9)
    ]
    assert data["strays"] == [] and data["maxcc"] == 0 and data["rc"] == 0


def test_status_after_a_turn_shows_its_maxcc(gc16: Path) -> None:
    assert galbatch("process", gc16, "--no-pdf").returncode == RC.ERROR  # 7's password
    done = galbatch("status", gc16)
    assert done.returncode == RC.WARNING  # nobody has sent turn 2's orders
    assert "LAST JOB MAXCC=0008" in done.stdout
    assert "TURN 1 of 1997-02-19; orders for turn 2 due 1997-02-26" in done.stdout
    assert "ORDERS: 0 of 8 players owing orders sent" in done.stdout


def test_status_of_a_sequential_game_names_who_owes(tmp_path: Path) -> None:
    """In Interstellar Conquest only the players of the encounter owe orders."""
    path = tmp_path / "nebula4"
    shutil.copytree(shipped("nebula4"), path)
    data = json.loads(galbatch("status", path, "--format", "json").stdout)
    owing = [p["id"] for p in data["players"] if p["owes"]]
    assert 0 < len(owing) < len(data["players"])


def test_status_of_no_game_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    done = galbatch("status", tmp_path / "nothing")
    assert done.returncode == RC.FAILED
    assert "Traceback" not in done.stderr and done.stderr.startswith("galbatch:")
