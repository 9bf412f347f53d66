"""The night's job stream: `galbatch process` of several games, one broken, serial and parallel."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.diagnostics import RC
from galbatch.engine.stream import Options, run_stream
from tests.bundled import shipped

GAMES = ("conflict-demo", "broken", "gc16")


def galbatch(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def games(base: Path) -> Path:
    """Three games under `base`: two bundled ones and a copy of one whose state is damaged."""
    base.mkdir()
    shutil.copytree(shipped("conflict-demo"), base / "conflict-demo")
    shutil.copytree(shipped("gc16"), base / "gc16")
    shutil.copytree(shipped("conflict-demo"), base / "broken")
    (base / "broken" / "turns" / "000" / "state.yaml").write_text("this: [is not\n")
    return base


def snapshot(path: Path) -> dict[str, tuple[int, bytes]]:
    """Every file and directory under `path`, with its mtime and bytes: what a change would show."""
    return {
        str(p.relative_to(path)): (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else b"")
        for p in sorted(path.rglob("*"))
    }


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stream_of_three_games_with_one_broken(tmp_path: Path, jobs: str) -> None:
    base = games(tmp_path / "games")
    before = snapshot(base / "broken")
    done = galbatch("process", "--no-pdf", "--jobs", jobs, *GAMES, cwd=base)
    assert done.returncode == 16, done.stdout + done.stderr
    summary = done.stdout.split("GALBATCH  STREAM  3 JOBS\n")[1].splitlines()
    assert summary[1:] == [
        "CONFLICT-DEMO.T001          1  0008   committed      conflict-demo",
        "CONFLICT-DEMO.T001          1  0016   failed         broken",
        "GC16.T001                   1  0008   committed      gc16",
        "STREAM ENDED  MAXCC=0016",
    ]
    assert snapshot(base / "broken") == before, "the broken game is not touched"
    for name in ("conflict-demo", "gc16"):
        log = (base / name / "turns" / "001" / "job.log").read_text()
        assert log in done.stdout, "each game's own job log, in its game and in the stream's output"
        assert not list((base / name / "orders").glob("*.txt")), "the orders were taken"


def test_serial_and_parallel_streams_print_the_same(tmp_path: Path) -> None:
    serial = galbatch("process", "--no-pdf", *GAMES, cwd=games(tmp_path / "a"))
    parallel = galbatch("process", "--no-pdf", "-j", "3", *GAMES, cwd=games(tmp_path / "b"))
    assert serial.stdout == parallel.stdout and serial.returncode == parallel.returncode == 16
    a, b = (tmp_path / "a" / "gc16" / "turns" / "001"), (tmp_path / "b" / "gc16" / "turns" / "001")
    assert (a / "state.yaml").read_bytes() == (b / "state.yaml").read_bytes()


def test_one_game_keeps_todays_output(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", "--no-pdf", "gc16", cwd=base)
    assert done.returncode == 8
    assert done.stdout == (base / "gc16" / "turns" / "001" / "job.log").read_text()
    assert "STREAM" not in done.stdout


def test_the_stream_as_json(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", "--dry-run", "--format", "json", *GAMES, cwd=base)
    assert done.returncode == 16
    stream = json.loads(done.stdout)
    assert stream["rc"] == 16
    assert [(g["directory"], g["game"], g["rc"], g["dry_run"]) for g in stream["games"]] == [
        ("conflict-demo", "conflict-demo", 8, True),
        ("broken", "conflict-demo", 16, True),
        ("gc16", "GC16", 8, True),
    ]
    assert not (base / "gc16" / "turns" / "001").exists(), "a dry run commits nothing"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--player", "1", "--dry-run"], "--player is for one game"),
        (["--rerun"], "--rerun is for one game"),
        (["--rerun", "--replace", "1"], "--replace is for one game"),
    ],
)
def test_one_game_options_refuse_a_stream(tmp_path: Path, option: list[str], message: str) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", *option, "conflict-demo", "gc16", cwd=base)
    assert done.returncode == 16 and message in done.stderr
    assert not (base / "gc16" / "turns" / "001").exists()


def test_a_game_given_twice_is_a_usage_error(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", "gc16", "./gc16/", cwd=base)
    assert done.returncode == 16 and "the same game as gc16" in done.stderr
    assert not (base / "gc16" / "turns" / "001").exists()


def test_a_missing_directory_fails_alone(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    seen: list[str] = []
    result = run_stream(
        [str(base / "nowhere"), str(base / "gc16")],
        Options(pdf=False),
        done=lambda run: seen.append(run.directory),
    )
    assert [r.rc for r in result.runs] == [RC.FAILED, RC.ERROR] and result.rc == RC.FAILED
    assert seen == [str(base / "nowhere"), str(base / "gc16")]
    assert result.runs[0].job == "UNKNOWN" and result.runs[1].status == "committed"


def test_a_game_another_writer_holds_is_refused_alone(tmp_path: Path) -> None:
    import os

    from galbatch.engine.locks import writer_lock

    base = games(tmp_path / "games")
    shutil.rmtree(base / "broken")
    before = snapshot(base / "gc16")
    env = {**os.environ, "GALBATCH_LOCK_WAIT": "0.2"}
    with writer_lock(base / "gc16"):
        done = subprocess.run(
            [sys.executable, "-m", "galbatch.cli", "process", "--no-pdf", "-j", "2"]
            + ["gc16", "conflict-demo"],
            capture_output=True,
            text=True,
            cwd=base,
            env=env,
            check=False,
        )
    assert done.returncode == 12, done.stdout + done.stderr
    assert done.stdout.splitlines()[-3:] == [
        "UNKNOWN                     -  0012   refused        gc16",
        "CONFLICT-DEMO.T001          1  0008   committed      conflict-demo",
        "STREAM ENDED  MAXCC=0012",
    ]
    assert snapshot(base / "gc16") == before
