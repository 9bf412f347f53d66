"""What `galbatch process` tells the GM, seen as a GM's script sees it: a real subprocess.

The exit status alone says whether the turn was committed (0, 4, 8), refused (12)
or failed (16); `--format json` gives the facts as one object; the job log names
players and files; each step's line comes out as the step ends; progress goes to
stderr only on a terminal; a dry run shows one printout and skips PDFs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from galbatch.engine.gamedir.locks import commit_lock, writer_lock
from galbatch.engine.job.run import process
from tests.conftest import DEMO

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX locks and terminals")


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "galbatch.cli", *args]


def galbatch(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command(*args), capture_output=True, text=True, env={**os.environ, **(env or {})}
    )


def report(*args: str) -> tuple[int, dict[str, Any]]:
    """Exit status and the JSON object of `galbatch process ... --format json`."""
    result = galbatch("process", *args, "--format", "json")
    assert result.stderr == "", result.stderr
    return result.returncode, json.loads(result.stdout)


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


def player(data: dict[str, Any], pid: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in data["players"] if p["id"] == pid)
    return found


# --- the exit status alone says what happened ----------------------------------------------


@pytest.mark.slow
def test_a_committed_turn_with_a_rejected_file_exits_8(demo: Path) -> None:
    result = galbatch("process", str(demo), "--no-pdf")
    assert result.returncode == 8, result.stdout + result.stderr  # REGULUS: wrong password
    assert (demo / "turns/001/state.yaml").is_file()
    assert "030   CHECK    0008" in result.stdout
    assert result.stdout.rstrip().endswith("MAXCC=0008")
    # the file keeps its own status and RC: the GM summary's ORDER FILES table says 0012
    gm = (demo / "turns/001/printouts/gm.txt").read_text()
    table = gm.split("ORDER FILES")[-1].splitlines()
    row = next(line for line in table if line.split()[:2] == ["4", "REGULUS"])
    assert "REJECTED: WRONG PASSWORD" in row and "0012" in row
    checked = galbatch("check", str(DEMO / "orders/4.txt"), "--game", str(demo))
    assert checked.returncode == 12 and "[GB015]" in checked.stdout  # `check` is unchanged


@pytest.mark.slow
def test_a_refused_run_exits_12_and_changes_nothing(demo: Path) -> None:
    for pid in "1235":
        (demo / "orders" / f"{pid}.txt").unlink()
    before = tree(demo)
    rc, data = report(str(demo))
    assert rc == 12 and tree(demo) == before
    assert data["rc"] == 12 and data["committed"] is False and data["turn"] == 1
    assert [p["file"] for p in data["players"]] == ["missing"] * 3 + [
        "received",
        "missing",
        "missing",
    ]


@pytest.mark.slow
def test_a_run_refused_for_game_yaml_exits_12_with_no_turn(demo: Path) -> None:
    text = (demo / "game.yaml").read_text()
    (demo / "game.yaml").write_text(text.replace("days_per_turn: 14", "days_per_turn: two"))
    rc, data = report(str(demo))
    assert rc == 12 and data["committed"] is False and data["turn"] is None
    assert data["steps"][0]["name"] == "LOAD" and data["steps"][0]["more"]


def test_a_run_refused_while_another_writer_holds_the_game_exits_12(demo: Path) -> None:
    with writer_lock(demo, wait=0):
        result = galbatch("process", str(demo), env={"GALBATCH_LOCK_WAIT": "0"})
    assert result.returncode == 12 and not (demo / "turns/001").exists()


def test_a_failed_run_exits_16(tmp_path: Path) -> None:
    rc, data = report(str(tmp_path / "no-such-game"))
    assert rc == 16 and data["rc"] == 16 and data["committed"] is False


@pytest.mark.slow
def test_a_clean_turn_exits_0_and_says_committed(demo: Path) -> None:
    (demo / "orders/3.txt").unlink()  # RIGEL's rejected orders
    (demo / "orders/4.txt").unlink()  # REGULUS's wrong password
    (demo / "orders/5.txt").unlink()  # SIRIUS's file without END
    rc, data = report(str(demo), "--no-pdf", "--force")
    assert rc == 0 and data["rc"] == 0
    assert data["committed"] is True and data["turn"] == 1 and data["dry_run"] is False


# --- the JSON object ------------------------------------------------------------------------


@pytest.mark.slow
def test_json_names_missing_rejected_and_stray(demo: Path) -> None:
    (demo / "orders/2.txt").unlink()
    (demo / "orders/notes.md").write_text("remember to feed the cat\n")
    rc, data = report(str(demo), "--no-pdf")
    assert rc == 8
    assert list(data) == [
        "job",
        "game",
        "turn",
        "rc",
        "committed",
        "dry_run",
        "rerun",
        "players",
        "strays",
        "steps",
    ]
    assert (data["job"], data["game"], data["turn"]) == ("CONFLICT-DEMO.T001", "conflict-demo", 1)
    assert data["rc"] == 8 and data["committed"] is True
    assert list(player(data, "1")) == [
        "id",
        "name",
        "owes",
        "file",
        "why",
        "late",
        "held",
        "left_in_orders",
        "rc",
        "accepted",
        "reduced",
        "rejected",
    ]
    assert player(data, "2") | {"name": ""} == {
        "id": "2",
        "name": "",
        "owes": True,
        "file": "missing",
        "why": None,
        "late": False,
        "held": False,
        "left_in_orders": False,
        "rc": None,
        "accepted": None,
        "reduced": None,
        "rejected": None,
    }
    regulus = player(data, "4")
    assert (regulus["name"], regulus["file"], regulus["why"], regulus["rc"]) == (
        "REGULUS",
        "rejected",
        "WRONG PASSWORD",
        12,
    )
    rigel = player(data, "3")  # 4 orders rejected, 1 reduced
    assert (rigel["file"], rigel["rc"], rigel["reduced"], rigel["rejected"]) == (
        "received",
        8,
        1,
        4,
    )
    assert data["strays"] == [
        {
            "name": "notes.md",
            "why": "not the order file of a player who owes orders",
            "player": None,
            "names": None,
        }
    ]
    assert [s["name"] for s in data["steps"]] == [
        "LOAD",
        "INTAKE",
        "CHECK",
        "RESOLVE",
        "PRINT",
        "COMMIT",
    ]
    steps = {s["name"]: s for s in data["steps"]}
    assert sum(p["accepted"] or 0 for p in data["players"]) == int(
        steps["CHECK"]["detail"].split("orders: ")[1].split()[0]
    )
    log = (demo / "turns/001/job.log").read_text()
    assert all(s["detail"] in log for s in data["steps"])
    assert (demo / "orders/notes.md").exists()


@pytest.mark.slow
def test_json_counts_a_late_file_on_a_rerun(demo: Path) -> None:
    late = (demo / "orders/4.txt").read_text().replace("wrong-password", "regulus-1997")
    (demo / "orders/4.txt").unlink()
    assert galbatch("process", str(demo), "--no-pdf").returncode == 8  # RIGEL's rejected orders
    (demo / "orders/4.txt").write_text(late)
    rc, data = report(str(demo), "--rerun", "--no-pdf")
    assert rc == 8 and data["committed"] is True and data["rerun"] is True and data["turn"] == 1
    regulus = player(data, "4")
    assert (regulus["file"], regulus["late"], regulus["rc"]) == ("received", True, 0)
    assert regulus["accepted"] == 1
    assert [p["late"] for p in data["players"]] == [False, False, False, True, False, False]
    assert "4 REGULUS: late file taken" in data["steps"][1]["more"]


@pytest.mark.slow
def test_json_of_a_dry_run_says_not_committed(demo: Path) -> None:
    before = tree(demo)
    rc, data = report(str(demo), "--dry-run")
    assert rc == 8 and data["committed"] is False and data["dry_run"] is True
    assert tree(demo) == before


# --- the job log names names, in the singular where it is one --------------------------------


@pytest.mark.slow
def test_the_log_names_who_sent_nothing_whose_file_was_rejected_and_the_stray(demo: Path) -> None:
    (demo / "orders/notes.md").write_text("remember to feed the cat\n")
    result = galbatch("process", str(demo), "--no-pdf")
    assert result.returncode == 8
    log = (demo / "turns/001/job.log").read_text()
    assert log == result.stdout
    lines = log.splitlines()
    intake = lines.index(next(line for line in lines if line.startswith("020   INTAKE")))
    assert lines[intake] == (
        "020   INTAKE   0004  5 order files for 6 players; 1 missing; 1 stray entry left in orders/"
    )
    assert lines[intake + 1 : intake + 3] == [
        " " * 21 + "6 VEGA: sent nothing",
        " " * 21 + "left in orders/: notes.md (not the order file of a player who owes orders)",
    ]
    assert lines[intake + 3] == (
        "030   CHECK    0008  18 orders: 14 accepted (1 reduced), 4 rejected; "
        "1 file rejected; 1 without END"
    )
    assert lines[intake + 4] == " " * 21 + "4 REGULUS: WRONG PASSWORD"
    assert "050   PRINT    0000  7 printouts; 0 PDFs" in lines


@pytest.mark.slow
def test_the_log_says_1_order_file(demo: Path) -> None:
    for pid in "2345":
        (demo / "orders" / f"{pid}.txt").unlink()
    result = galbatch("process", str(demo), "--dry-run", "--force", "--player", "1")
    assert "020   INTAKE   0000  1 order file for 6 players; 5 missing" in result.stdout
    assert "0 files rejected" in result.stdout


# --- streaming and progress -------------------------------------------------------------------


def test_the_job_hands_each_step_to_its_sink_as_the_step_ends(demo: Path) -> None:
    """In process: when the first printout is made, the lines up to RESOLVE are out,
    PRINT's and COMMIT's are not; the lines given are the log, byte for byte."""
    given: list[str] = []
    when: dict[str, int] = {}

    def progress(what: str, done: int, total: int) -> None:
        when.setdefault(what, len(given))

    result = process(demo, pdf=False, sink=given.append, progress=progress)
    lines = result.log.splitlines()
    assert given == lines
    check = next(i for i, line in enumerate(lines) if line.startswith("030   CHECK"))
    resolve = next(i for i, line in enumerate(lines) if line.startswith("040   RESOLVE"))
    assert when["players checked"] == check  # INTAKE's lines out, CHECK's not yet
    assert when["printouts made"] == resolve + 1  # RESOLVE's out, PRINT's not yet


def streamed_run(demo: Path) -> tuple[list[str], str, bool]:
    """Run `process` reading its stdout line by line; once the LOAD line is out, hold
    turns/ shared, as a reader does, so the job cannot commit while we look. Returns
    the lines read by then, the rest, and whether the job was still running then."""
    job = subprocess.Popen(
        command("process", str(demo)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert job.stdout is not None
    watchdog = threading.Timer(120, job.kill)  # never hang the suite, whatever goes wrong
    watchdog.start()
    seen: list[str] = []
    while not seen or not seen[-1].startswith("010   LOAD"):
        line = job.stdout.readline()
        assert line, "the job ended before its LOAD line came out"
        seen.append(line)
    with commit_lock(demo / "turns", exclusive=False):
        running = job.poll() is None and not (demo / "turns/001").exists()
        if running:  # it can go on to PRINT, but not commit
            while not seen[-1].startswith("050   PRINT"):
                line = job.stdout.readline()
                assert line, "the job ended while it could not commit"
                seen.append(line)
            running = job.poll() is None and not (demo / "turns/001").exists()
    rest, err = job.communicate(timeout=120)
    watchdog.cancel()
    assert job.returncode == 8 and err == "", err
    return seen, rest, running


@pytest.mark.slow
def test_each_step_line_comes_out_as_the_step_ends(demo: Path, tmp_path: Path) -> None:
    """A subprocess: the LOAD line can be read while the job still runs, and the
    lines up to PRINT while it waits to commit. (Should the job reach its commit
    before the test takes the lock, which a loaded machine can make happen, the
    test tries again on a fresh copy.)"""
    for attempt in range(3):
        game = tmp_path / f"copy{attempt}"
        shutil.copytree(demo, game)
        seen, rest, running = streamed_run(game)
        if running:
            break
    assert running, "the LOAD line came out only as the job ended"
    assert seen[-1].startswith("050   PRINT") and not rest.startswith("050")
    assert "".join(seen) + rest == (game / "turns/001/job.log").read_text()


@pytest.mark.slow
def test_progress_shows_on_a_terminal_only(demo: Path, tmp_path: Path) -> None:
    import pty

    twin = tmp_path / "twin"
    subprocess.run(["cp", "-r", str(demo), str(twin)], check=True)
    plain = galbatch("process", str(demo), "--no-pdf")
    assert plain.stderr == ""
    leader, follower = pty.openpty()
    try:
        job = subprocess.run(
            command("process", str(twin), "--no-pdf"),
            stdout=subprocess.PIPE,
            stderr=follower,
            text=True,
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert job.returncode == 8
    text = shown.decode()
    assert "players checked: 5 of 5" in text and "printouts made: 7 of 7" in text
    assert job.stdout == plain.stdout  # the same log, progress or not


# --- a dry run: one printout, no PDFs unless asked ---------------------------------------------


@pytest.mark.slow
def test_a_dry_run_shows_one_players_printout(demo: Path) -> None:
    before = tree(demo)
    result = galbatch("process", str(demo), "--dry-run", "--player", "3")
    assert result.returncode == 8 and tree(demo) == before
    assert result.stdout.count("\n===== ") == 1
    assert "===== printouts/3.txt =====" in result.stdout
    assert "CODE NAME RIGEL" in result.stdout
    assert "050   PRINT    0000  7 printouts; 0 PDFs" in result.stdout
    gm = galbatch("process", str(demo), "--dry-run", "--player", "gm")
    assert gm.stdout.count("\n===== ") == 1 and "===== printouts/gm.txt =====" in gm.stdout


@pytest.mark.slow
def test_a_dry_run_makes_pdfs_only_when_asked(demo: Path) -> None:
    result = galbatch("process", str(demo), "--dry-run", "--pdf", "--player", "1")
    assert "050   PRINT    0000  7 printouts; 8 PDFs" in result.stdout
    everyone = galbatch("process", str(demo), "--dry-run")
    assert everyone.stdout.count("\n===== ") == 7


def test_a_dry_run_for_no_such_player_is_refused(demo: Path) -> None:
    result = galbatch("process", str(demo), "--dry-run", "--player", "9")
    assert result.returncode == 12
    assert "game conflict-demo has no player 9; nothing changed" in result.stdout


def test_player_without_dry_run_is_a_usage_error(demo: Path) -> None:
    result = galbatch("process", str(demo), "--player", "3")
    assert result.returncode == 16 and "--player needs --dry-run" in result.stderr
    assert not (demo / "turns/001").exists()


def test_only_quantity_reductions_count_as_reduced() -> None:
    """A warning such as "you cannot know that planet's owner" reduces nothing."""
    from galbatch.engine.checker.pipeline import FileCheck
    from galbatch.engine.job.joblog import file_counts
    from galbatch.engine.language.diagnostics import Diagnostic, Severity, is_reduction

    assert [is_reduction(c) for c in ("CF301", "GQ309", "GQ401", "CF401", "GB020", "CF100")] == [
        True, True, False, False, False, False
    ]  # fmt: skip
    diags = tuple(
        Diagnostic("f", line, 1, Severity.WARNING, code, "m")
        for line, code in ((2, "GQ301"), (3, "GQ401"), (9, "GB020"))
    )
    assert file_counts(FileCheck("f", "ORDERS RECEIVED", ("a", "b"), diags)) == (2, 1, 0)
