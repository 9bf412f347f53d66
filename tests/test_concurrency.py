"""One writer at a time, readers that never write, and no order lost under any interleaving.

Real subprocesses throughout: two `process` runs at once, `check --game` loops
during a run, kills at random instants, and a property test over sequences of
check, print, dry run, process, kill and players sending files.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.gamedir.commit import archived_form, digest, read_record, writing
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.job.reprint import reprint
from tests.bundled import shipped

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX locks and signals")

ROOT = Path(__file__).resolve().parent.parent
DEMO = shipped("conflict-demo")
PLAYERS = "123456"
PASSWORDS = dict(
    line.split() for line in (DEMO / "PASSWORDS.txt").read_text().splitlines() if line[:1].isdigit()
)


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "galbatch.cli", *args]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command(*args), capture_output=True, text=True, env={**os.environ, **(env or {})}
    )


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def listing(path: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(path)): (p.read_bytes() if p.is_file() else b"", p.lstat().st_mtime_ns)
        for p in sorted(path.rglob("*"))
    }


def assert_complete(game_dir: Path) -> None:
    """Every committed turn is whole and re-prints, byte for byte, what it first printed."""
    game = Game.open(game_dir)
    for turn in range(game.latest_turn() + 1):
        where = game_dir / "turns" / f"{turn:03d}"
        assert where.is_dir(), f"turn {turn} is missing"
        for name in ("state.yaml", "job.log", "printouts/gm.txt"):
            assert (where / name).is_file(), f"turn {turn} lacks {name}"
        if turn > 0:
            assert read_record(where) is not None, f"turn {turn} lacks its intake record"
        for player in ("1", "4"):
            printed = (where / "printouts" / f"{player}.txt").read_bytes()
            assert reprint(game_dir, turn, player, "text") == printed


@pytest.mark.slow
def test_a_second_writer_waits_briefly_then_gives_up_with_nothing_changed(demo: Path) -> None:
    before = listing(demo)
    with writer_lock(demo, wait=0):
        started = time.monotonic()
        result = run("process", str(demo), env={"GALBATCH_LOCK_WAIT": "0.5"})
        waited = time.monotonic() - started
    assert result.returncode == 12, result.stdout + result.stderr
    assert "another galbatch run is writing this game" in result.stdout
    assert "nothing changed" in result.stdout
    assert waited >= 0.5
    assert listing(demo) == before


@pytest.mark.slow
def test_a_second_writer_runs_once_the_first_is_done(demo: Path) -> None:
    with writer_lock(demo, wait=0):
        waiting = start("process", str(demo), "--no-pdf")
        time.sleep(0.5)
        assert waiting.poll() is None, "it waits for the lock"
    out, _ = waiting.communicate(timeout=60)
    assert "060   COMMIT   0000  turns/001" in out
    assert_complete(demo)


@pytest.mark.slow
def test_a_lock_dies_with_its_process(demo: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; "
            "from galbatch.engine.gamedir.locks import writer_lock\n"
            "with writer_lock(Path(sys.argv[1]), wait=0):\n"
            "    print('held', flush=True); time.sleep(60)",
            str(demo),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    result = run("process", str(demo), "--no-pdf", env={"GALBATCH_LOCK_WAIT": "0"})
    assert "COMMIT   0000  turns/001" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("attempt", range(4))
def test_readers_in_a_loop_during_a_run_never_break_the_turn(demo: Path, attempt: int) -> None:
    job = start("process", str(demo))
    readers = 0
    while job.poll() is None:
        for args in (
            ("check", str(DEMO / "orders" / "1.txt"), "--game", str(demo)),
            ("print", str(demo), "--player", "2"),
        ):
            result = run(*args)
            assert result.returncode < 16, result.stderr
            readers += 1
    out, err = job.communicate()
    assert job.returncode == 8, out + err  # committed; REGULUS's wrong password, as always
    assert "060   COMMIT   0000  turns/001" in out
    assert readers > 0
    assert sorted(p.name for p in (demo / "orders").iterdir()) == []
    assert_complete(demo)


@pytest.mark.slow
def test_two_runs_at_once_commit_one_turn(demo: Path) -> None:
    first = start("process", str(demo))
    second = start("process", str(demo))
    outs = [p.communicate(timeout=120)[0] for p in (first, second)]
    committed = [o for o in outs if "COMMIT   0000  turns/001" in o]
    assert len(committed) == 1, outs
    other = next(o for o in outs if o not in committed)
    # The other waited for the lock, then found an empty inbox for turn 2 and stopped.
    assert "nothing changed" in other
    assert Game.open(demo).latest_turn() == 1
    assert_complete(demo)


@pytest.mark.slow
def test_readers_write_nothing_even_with_a_killed_run_left_over(demo: Path, tmp_path: Path) -> None:
    """A read-only copy of a game with a killed run's leftovers: readers leave it as it is."""
    copy = tmp_path / "readonly"
    shutil.copytree(demo, copy)
    (copy / "turns" / ".tmp-001" / "printouts").mkdir(parents=True)
    (copy / "turns" / ".tmp-001" / "printouts" / "1.txt").write_text("half a printout")
    (copy / "turns" / ".pending-001").write_text("0" * 64)
    for p in [copy, *copy.rglob("*")]:
        p.chmod(p.stat().st_mode & 0o555)
    before = listing(copy)
    try:
        for args in (
            ("check", str(copy / "orders" / "1.txt"), "--game", str(copy)),
            ("print", str(copy), "--player", "1"),
            ("print", str(copy), "--archive", "-o", str(tmp_path / "a.pdf")),
            ("process", str(copy), "--dry-run"),
            ("status", str(copy)),
            ("status", str(copy), "--format", "json"),
        ):
            result = run(*args)
            assert result.returncode < 16, (args, result.stdout, result.stderr)
        assert listing(copy) == before
    finally:
        for p in [copy, *copy.rglob("*")]:
            p.chmod(p.stat().st_mode | 0o200)


# --- any interleaving ------------------------------------------------------


def order_file(player: str, variant: int) -> bytes:
    """Files a player may send: good orders, a wrong password, junk, a resend of the first."""
    header = f'GAME conflict-demo PLAYER {player} PASSWORD "{PASSWORDS[player]}"\n'
    if variant == 1:
        header = header.replace(PASSWORDS[player], "guess")
    body = ["# standing orders\nEND\n", "# again\nEND\n", "junk\x85line\nEND\n"][variant % 3]
    return (header + body).encode()


OPS = st.lists(
    st.one_of(
        st.tuples(st.sampled_from(["check", "print", "dry", "process", "background"])),
        st.tuples(st.just("kill"), st.floats(0.1, 1.5)),
        st.tuples(st.just("send"), st.sampled_from(PLAYERS), st.integers(0, 3)),
    ),
    min_size=2,
    max_size=7,
)


def sent_files_are_all_somewhere(game_dir: Path, sent: Counter[tuple[str, bytes]]) -> None:
    """Each file sent is in the inbox or was consumed by a committed turn, as often as sent."""
    found: Counter[tuple[str, str]] = Counter()
    for name in os.listdir(game_dir / "orders"):
        path = game_dir / "orders" / name
        found[(name, digest(archived_form(path.read_bytes())))] += 1
    for turn in sorted((game_dir / "turns").iterdir()):
        if turn.name.isdigit():
            for c in read_record(turn) or []:
                if c.source == "inbox":
                    found[(c.name, c.sha256)] += 1
    for (player, data), times in sent.items():
        key = (f"{player}.txt", digest(archived_form(data)))
        assert found[key] >= times, f"player {player}'s file was lost"


@pytest.mark.slow
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(ops=OPS)
def test_no_interleaving_loses_an_order_or_breaks_a_turn(tmp_path: Path, ops: list[tuple]) -> None:
    game_dir = tmp_path / f"g{time.monotonic_ns()}"
    shutil.copytree(DEMO, game_dir)
    sent: Counter[tuple[str, bytes]] = Counter(
        (p.stem, p.read_bytes()) for p in (game_dir / "orders").iterdir()
    )
    background: list[subprocess.Popen[str]] = []
    for op in ops:
        name = op[0]
        if name == "check":
            run("check", str(DEMO / "orders" / "2.txt"), "--game", str(game_dir))
        elif name == "print":
            run("print", str(game_dir), "--player", "1")
        elif name == "dry":
            run("process", str(game_dir), "--dry-run", "--no-pdf", "--force")
        elif name == "process":
            run("process", str(game_dir), "--force")
        elif name == "background":
            background.append(start("process", str(game_dir), "--force"))
        elif name == "kill":
            job = start("process", str(game_dir), "--force")
            time.sleep(op[1])
            job.send_signal(signal.SIGKILL)
            job.communicate()
        else:
            _, player, variant = op
            slot = game_dir / "orders" / f"{player}.txt"
            if not slot.exists():
                data = order_file(player, variant)
                slot.write_bytes(data)
                sent[(player, data)] += 1
    for job in background:
        job.communicate(timeout=120)
    with writing(game_dir):  # what the next writer does first: finish a killed commit
        pass
    sent_files_are_all_somewhere(game_dir, sent)
    assert_complete(game_dir)
