"""`galbatch check` as compilers and ECheck show findings: the source line with a caret
under the column (on a terminal, or with --caret), and warning codes silenced (-w)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from galbatch.engine.language.caret import shown
from galbatch.engine.language.diagnostics import RC

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "samples" / "conflict"
DEMO = ROOT / "games" / "conflict-demo"


def galbatch(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True, input=stdin
    )


def test_the_caret_stands_under_the_column() -> None:
    assert shown(4, "B,5,X,2", 5) == ["    4 | B,5,X,2", "      |     ^"]
    assert shown(12, "A,1", 1) == ["   12 | A,1", "      | ^"]


def test_the_caret_counts_an_escaped_control_character_as_it_is_shown() -> None:
    """A tab or a control character is shown escaped, as every message quotes it; the
    caret still stands under the character the column names."""
    line, caret = shown(2, "\tLaod T 5", 2)
    assert line == "    2 | \\x09Laod T 5"
    assert caret.index("^") == line.index("L")


def test_caret_output_through_the_command() -> None:
    done = galbatch("check", str(SAMPLES / "rejected.txt"), "--game", str(DEMO), "--caret")
    assert done.returncode == RC.ERROR
    lines = done.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if "[CF100]" in line)
    assert lines[at].startswith(f"{SAMPLES / 'rejected.txt'}:4:5: error:")
    assert lines[at + 1] == "    4 | B,5,X,2"
    assert lines[at + 2] == "      |     ^"


def test_no_caret_when_the_output_is_not_a_terminal() -> None:
    """Piped (an editor, a script), the diagnostics are compiler lines alone."""
    done = galbatch("check", str(SAMPLES / "rejected.txt"), "--game", str(DEMO))
    assert all(": error: " in line or ": warning: " in line for line in done.stdout.splitlines())


def test_standard_input_is_shown_too() -> None:
    text = 'GAME conflict-demo PLAYER 3 PASSWORD "x"\nB,5,X,2\nEND\n'
    done = galbatch("check", "-", "--ruleset", "conflict", "--caret", stdin=text)
    assert "    2 | B,5,X,2\n      |     ^" in done.stdout


def test_a_silenced_warning_is_left_out_and_out_of_the_return_code() -> None:
    """ECheck's -w: the GM or player who has read a warning can turn it off."""
    loud = galbatch("check", str(SAMPLES / "clamped.txt"), "--game", str(DEMO))
    assert loud.returncode == RC.WARNING
    (code,) = {line.split("[", 1)[1].split("]", 1)[0] for line in loud.stdout.splitlines()}
    quiet = galbatch("check", str(SAMPLES / "clamped.txt"), "--game", str(DEMO), "-w", code)
    assert (quiet.returncode, quiet.stdout) == (RC.CLEAN, "")
    lower = galbatch("check", str(SAMPLES / "clamped.txt"), "--game", str(DEMO), "-w", code.lower())
    assert lower.returncode == RC.CLEAN
    every = galbatch("check", str(SAMPLES / "clamped.txt"), "--game", str(DEMO), "--no-warn", "all")
    assert every.returncode == RC.CLEAN


def test_an_error_cannot_be_silenced() -> None:
    done = galbatch("check", str(SAMPLES / "rejected.txt"), "--game", str(DEMO), "-w", "CF100")
    assert done.returncode == RC.ERROR
    assert "[CF100]" in done.stdout
    warned = galbatch("check", str(SAMPLES / "rejected.txt"), "--game", str(DEMO), "-w", "all")
    assert "warning" not in warned.stdout and "[CF202]" in warned.stdout
