"""How the `galbatch` program ends: a command that wrote nothing but its output
(`check`, `rating`) ends the process as soon as that output is out, with its exit
status; every other command, and any command called in-process, ends as usual."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from galbatch.cli.group import cli, main
from galbatch.cli.quick import Done

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "games" / "conflict-demo"
HEADER = 'GAME demo PLAYER 1 PASSWORD "p"\n'
BAD = HEADER + "A,1,2\n" * 400 + "END\n"  # 400 errors: more output than one pipe buffer holds


def program(*args: str) -> subprocess.CompletedProcess[bytes]:
    """`galbatch ARGS` as a user runs it, in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "galbatch.cli", *args], capture_output=True)


def test_a_check_in_process_ends_by_a_system_exit_with_its_status(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(HEADER + "A,1,2\n")
    with pytest.raises(SystemExit) as ended:
        main(["check", str(orders), "-r", "conflict"])
    assert isinstance(ended.value, Done) and ended.value.code == 8
    result = CliRunner().invoke(cli, ["check", str(orders), "-r", "conflict"])
    assert result.exit_code == 8 and "[CF100]" in result.output


@pytest.mark.slow
def test_a_checks_whole_output_and_status_reach_a_pipe(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(BAD)
    done = program("check", str(orders), "-r", "conflict")
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 8, done.stderr
    assert len(lines) == 51 and lines[-1].endswith("and 350 more errors not listed")
    assert done.stderr == b""
    clean = tmp_path / "clean.txt"
    clean.write_text(HEADER + "A,1,2,5\nEND\n")
    assert program("check", str(clean), "-r", "conflict").returncode == 0


@pytest.mark.slow
def test_a_checks_output_reaches_a_file(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(BAD)
    out = tmp_path / "out.txt"
    with out.open("wb") as f:
        done = subprocess.run(
            [sys.executable, "-m", "galbatch.cli", "check", str(orders), "-r", "conflict"],
            stdout=f,
            stderr=subprocess.PIPE,
            check=False,
        )
    assert done.returncode == 8 and done.stderr == b""
    assert out.read_text().endswith("and 350 more errors not listed\n")


@pytest.mark.slow
def test_a_reader_that_stops_early_gets_no_complaint(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(HEADER + "A,1,2\n" * 8000)
    shell = (
        f"{sys.executable} -m galbatch.cli check {orders} -r conflict --format json | head -c 10"
    )
    done = subprocess.run(["sh", "-c", shell], capture_output=True, check=False)
    assert len(done.stdout) == 10
    assert b"Traceback" not in done.stderr and b"Exception ignored" not in done.stderr


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_that_cannot_be_written_is_a_failure(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(BAD)
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "galbatch.cli", "check", str(orders), "-r", "conflict"],
            stdout=full,
            stderr=subprocess.PIPE,
            check=False,
        )
    assert done.returncode == 16 and b"Traceback" not in done.stderr


def test_a_check_that_cannot_run_says_why_and_fails(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text("A,1,2,5\n")
    done = program("check", str(orders), "--view", str(tmp_path / "none.yaml"))
    assert done.returncode == 16
    assert done.stderr.decode().startswith("galbatch: cannot use the view file")


@pytest.mark.slow
def test_a_rating_ends_with_its_status() -> None:
    done = program("rating", "18P+3T20//8-10")
    assert done.returncode == 0 and done.stdout.strip() and done.stderr == b""


def test_the_installed_command_is_the_program() -> None:
    from importlib.metadata import entry_points

    (script,) = (e for e in entry_points(group="console_scripts") if e.name == "galbatch")
    assert script.value == "galbatch.cli:run"
    command = Path(sys.executable).parent / "galbatch"
    if command.exists():  # installed into this interpreter's environment
        done = subprocess.run(
            [str(command), "check", "-", "-r", "conflict"],
            input=HEADER.encode() + b"A,1,2,5\nEND\n",
            capture_output=True,
            check=False,
        )
        assert done.returncode == 0 and done.stdout == b"" and done.stderr == b""
