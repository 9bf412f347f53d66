"""A `galbatch check` with plain arguments runs without click (galbatch.cli.plain_check):
it must take exactly what the click command takes, print the same bytes and exit the
same, and leave everything else to click."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch import cli as program
from galbatch.cli import plain_check
from galbatch.cli.check import check
from galbatch.cli.plain_check import Request, plain_request
from galbatch.cli.quick import ALLOCATIONS_PER_COLLECTION, Done

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "games" / "conflict-demo"
VIEW = DEMO / "turns" / "000" / "views" / "1.yaml"
GOOD = 'GAME conflict-demo PLAYER 1 PASSWORD "arcturus-1997"\nA,1,2,5\nEND\n'
BAD = 'GAME conflict-demo PLAYER 1 PASSWORD "wrong"\nA,1,2\nT,11,NOWHERE\nEND\n'


def clicks(argv: list[str]) -> Request | None:
    """The request the click command makes of `check ARGV`, or None if click refuses it
    (or asks for help)."""
    try:
        ctx = check.make_context("check", list(argv), resilient_parsing=False)
    except (click.exceptions.Exit, click.UsageError, click.BadParameter):
        return None
    p = ctx.params
    request = Request(
        p["files"], p["ruleset"], p["game_dir"], p["view_file"], p["fmt"], p["caret"], p["silenced"]
    )
    return None if plain_check.problem(request) else request


WORDS = st.sampled_from(
    [
        "--ruleset", "-r", "--ruleset=conflict", "conflict", "galactac", "--game", "-g",
        f"--game={DEMO}", str(DEMO), "--view", "-v", str(VIEW), "--format", "--format=json",
        "json", "text", "xml", "--caret", "--no-caret", "--caret=1", "--no-warn", "-w", "all",
        "CF402", "-", "a.txt", "b.txt", "--", "-h", "--help", "-rconflict", "--rules",
        "--no-warn=all", "", "-x", str(ROOT / "games"), str(DEMO / "game.yaml"),
    ]
)  # fmt: skip


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.lists(WORDS, max_size=8))
def test_a_plain_request_is_what_click_makes_of_the_same_words(words: list[str]) -> None:
    plain = plain_request(["check", *words])
    if plain is not None:
        assert plain == clicks(words), words


@pytest.mark.parametrize(
    "words",
    [
        ["o.txt", "--ruleset", "conflict"],
        ["o.txt", "-r", "conflict", "--format", "json"],
        ["--ruleset=conflict", "o.txt", "p.txt", "-w", "CF402", "--no-warn", "all", "--caret"],
        ["o.txt", "--game", str(DEMO), "--no-caret"],
        ["o.txt", "-v", str(VIEW), "--format=text"],
        ["-", "-g", str(DEMO)],
    ],
)
def test_the_usual_command_lines_are_plain(words: list[str]) -> None:
    assert plain_request(["check", *words]) == clicks(words) != None  # noqa: E711


@pytest.mark.parametrize(
    "words",
    [
        ["o.txt"],  # no --ruleset, --game or --view: click says so
        ["o.txt", "-r", "conflict", "-g", str(DEMO)],
        ["-", "-", "-r", "conflict"],
        ["o.txt", "-r", "conflict", "-r", "galactac"],  # said twice
        ["o.txt", "--help"],
        ["o.txt", "-rconflict"],
        ["o.txt", "--format", "xml", "-r", "conflict"],
        ["o.txt", "-g", str(DEMO / "game.yaml")],  # a file where a directory goes
        [str(DEMO), "-r", "conflict"],  # a directory where a file goes
        ["o.txt", "--", "-r", "conflict"],
    ],
)
def test_anything_else_goes_to_click(words: list[str]) -> None:
    assert plain_request(["check", *words]) is None
    assert plain_request(["rating", *words]) is None


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        input=stdin.encode(),
        capture_output=True,
        check=False,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("plain", "by_click"),
    [
        (["--ruleset", "conflict"], ["-rconflict"]),
        (["--ruleset", "conflict", "--format", "json"], ["-rconflict", "--format", "json"]),
        (["--game", str(DEMO)], [f"-g{DEMO}"]),
        (["--view", str(VIEW), "-w", "all"], [f"-v{VIEW}", "-wall"]),
        (["--ruleset", "nosuchgame"], ["-rnosuchgame"]),  # the check cannot run: RC 16
        (["--ruleset", "nosuchgame", "--format", "json"], ["-rnosuchgame", "--format=json"]),
    ],
)
def test_a_plain_check_prints_and_ends_as_the_click_command(
    tmp_path: Path, plain: list[str], by_click: list[str]
) -> None:
    """The same check by each road (click reads `-rconflict`; the plain road does not)."""
    assert plain_request(["check", "o.txt", *by_click]) is None
    for text in (GOOD, BAD):
        orders = tmp_path / "o.txt"
        orders.write_text(text)
        one, two = run("check", str(orders), *plain), run("check", str(orders), *by_click)
        assert (one.returncode, one.stdout, one.stderr) == (two.returncode, two.stdout, two.stderr)
        assert b"Traceback" not in one.stderr
    stdin = run("check", "-", *plain, stdin=BAD)
    assert stdin.stdout == run("check", "-", *by_click, stdin=BAD).stdout


def imported(*args: str) -> str:
    """The modules `galbatch ARGS` imports, as `python -X importtime` lists them."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    return " ".join(line.split("|")[-1].strip() for line in done.stderr.splitlines())


@pytest.mark.slow
def test_a_plain_check_never_imports_click(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(BAD)
    for mode in (["-r", "conflict"], ["-g", str(DEMO)], ["-v", str(VIEW)]):
        assert "click" not in imported("check", str(orders), *mode).split()
        assert "click" in imported("check", str(orders), *mode, "--help").split()


def ended(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> int:
    """The status `galbatch ARGV` ends with, run in-process."""

    def end(done: Done) -> None:
        raise done

    monkeypatch.setattr(program, "end_at_once", end)
    monkeypatch.setattr(sys, "argv", ["galbatch", *argv])
    with pytest.raises(Done) as done:
        program.run()
    assert isinstance(done.value.code, int)
    return done.value.code


def test_a_plain_check_that_fails_inside_says_so_in_two_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(request: Request) -> int:
        raise KeyError("lost")

    monkeypatch.setattr(plain_check, "report", broken)
    monkeypatch.delenv("GALBATCH_DEBUG", raising=False)
    assert ended(monkeypatch, ["check", "o.txt", "-r", "conflict"]) == 16
    assert capsys.readouterr().err == (
        "galbatch: internal error: KeyError: 'lost'\n"
        "galbatch: set GALBATCH_DEBUG=1 to see the traceback\n"
    )
    monkeypatch.setenv("GALBATCH_DEBUG", "1")
    with pytest.raises(KeyError):
        program.run()


def test_a_plain_check_whose_reader_left_ends_clean(monkeypatch: pytest.MonkeyPatch) -> None:
    def gone(request: Request) -> int:
        raise BrokenPipeError

    quieted: list[bool] = []
    monkeypatch.setattr(plain_check, "report", gone)
    monkeypatch.setattr(program, "quiet_stdout", lambda: quieted.append(True))
    assert ended(monkeypatch, ["check", "o.txt", "-r", "conflict"]) == 0 and quieted


def test_a_plain_check_writes_what_the_command_writes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(BAD)
    request = plain_request(["check", str(orders), "-g", str(DEMO)])
    assert request is not None
    assert plain_check.report(request) == 12  # the wrong password rejects the file
    out, err = capsys.readouterr()
    assert "[GB015] wrong password" in out
    assert err == "galbatch: checked against game conflict-demo as of turn 0\n"


GC_PROBE = """
import gc, os, sys
from galbatch.cli import run
exit_now = os._exit
def seen(code):
    print("THRESHOLD", *gc.get_threshold(), "COLLECTIONS", gc.get_stats()[2]["collections"])
    sys.stdout.flush()
    exit_now(code)
os._exit = seen
sys.argv = ["galbatch", *sys.argv[1:]]
run()
"""


def test_a_check_collects_cyclic_garbage_seldom(tmp_path: Path) -> None:
    """A quick check raises the garbage collector's first threshold, keeps the other two
    and never goes over every object; a hostile file of cycles is still collected."""
    orders = tmp_path / "orders.txt"
    orders.write_text("A,1,2,5\n" * 50)
    done = subprocess.run(
        [sys.executable, "-c", GC_PROBE, "check", str(orders), "--ruleset", "conflict"],
        capture_output=True,
        text=True,
        check=False,
    )
    said = done.stdout.rpartition("THRESHOLD ")[2].split()
    assert said[:3] == [str(ALLOCATIONS_PER_COLLECTION), "10", "10"], done.stdout + done.stderr
    assert said[3:] == ["COLLECTIONS", "0"], done.stdout


def test_cycles_are_still_collected_at_the_raised_threshold() -> None:
    probe = (
        "import gc\n"
        "from galbatch.cli.quick import collect_seldom\n"
        "collect_seldom()\n"
        "class Node:\n"
        "    pass\n"
        "for _ in range(200_000):\n"
        "    a, b = Node(), Node()\n"
        "    a.other, b.other = b, a\n"
        "print(sum(s['collected'] for s in gc.get_stats()))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert int(done.stdout) >= 300_000, done.stderr  # of the 400,000 made, all but the last few
