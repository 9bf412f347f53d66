"""Time a cold `galbatch check` of a 50-line order file, in each of its three modes.

Runs the command in a fresh process each time, as a player would: syntax only
(`--ruleset`), against the player's view (`--view`) and against the game
(`--game`, which verifies the file's password), on the bundled conflict-demo
game. Each run is paired with a run of `python -c "import click"` in the same
environment, and the ratio of the pair is taken: the target is at most 1.6 x
in every mode. Prints the median of the ratios and of the times, and the median
ratio of the CPU times (user and system), which other work on the machine moves
less than the wall-clock times; `--game`'s includes the password's PBKDF2, which
a thread computes while the rules load.

The untimed first run of each mode warms the OS cache and, for `--game`, leaves
the summary of game.yaml in the per-user cache, as any earlier check of the same
game.yaml would: the timed runs are checks of a game whose game.yaml is unchanged.
It records in that cache, too, that the turn's view file of the player is the
view of its state, as the job that commits a turn does for every player.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS = 21


DEMO = Path(__file__).resolve().parent.parent / "games" / "conflict-demo"
TARGET = 1.6  # at most this many times `python -c "import click"`


def orders_file(folder: Path) -> Path:
    lines = ['GAME conflict-demo PLAYER 1 PASSWORD "arcturus-1997"']
    for i in range(50):
        lines.append(
            ["A,1,2,5", "M,3,4,D,2", "P,5,6", "B,7,F,2", "E,8", "G,9,10", "T,11,RIGEL", "D,12,C,1"][
                i % 8
            ].replace(",1,", f",{i + 1},", 1)
        )
    lines.append("END")
    path = folder / "orders.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def once(cmd: list[str]) -> tuple[float, float]:
    """Wall-clock seconds of one run of `cmd`, and its CPU seconds (user and system, its
    threads included) as the operating system accounts them."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def paired(
    cmd: list[str], base: list[str]
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """(wall, CPU) of each run of `cmd` and of `base`, run in turn, so that drift hits
    both alike."""
    once(cmd)  # warm the OS cache (and cache game.yaml's summary and the view's record)
    once(base)
    times, bases = [], []
    for _ in range(RUNS):
        times.append(once(cmd))
        bases.append(once(base))
    return times, bases


def main() -> None:
    click = [sys.executable, "-c", "import click"]
    with tempfile.TemporaryDirectory() as tmp:
        path = orders_file(Path(tmp))
        check = [sys.executable, "-m", "galbatch.cli", "check", str(path)]
        modes = {
            "--ruleset": ["-r", "conflict"],
            "--view": ["--view", str(DEMO / "turns" / "000" / "views" / "1.yaml")],
            "--game": ["--game", str(DEMO)],
        }
        for mode, args in modes.items():
            times, bases = paired(check + args, click)
            ratio, cpu_ratio = (
                statistics.median(t[k] / b[k] for t, b in zip(times, bases, strict=True))
                for k in (0, 1)
            )
            median, base = (statistics.median(t[0] for t in runs) * 1000 for runs in (times, bases))
            print(
                f"galbatch check {mode:9} 50 lines, cold: median {median:6.1f} ms,"
                f" import click {base:5.1f} ms:"
                f" {ratio:4.2f} x (target at most {TARGET} x); CPU {cpu_ratio:4.2f} x"
            )


if __name__ == "__main__":
    main()
