"""Time a cold `galbatch check` of a 50-line order file, in every game and each of its
three modes.

Runs the command in a fresh process each time, as a player would: syntax only
(`--ruleset`), against the player's view (`--view`) and against the game (`--game`,
which verifies the file's password), on each game's bundled game (player 1's order
file of its next turn, its orders repeated to 50 lines, and his latest view). Each run
is paired with a run of `python -c "import click"` in the same environment, and the
ratio of the pair taken: the target is at most 1.5 x in every cell, 1.3 x syntax only
(issue 26). Prints, for each cell, the median ratio of the CPU times (user and system,
threads included), which other work on the machine moves less than the wall-clock
times, and that of the wall-clock times; `--game`'s includes the password's PBKDF2,
which a thread computes while the rules load.

The untimed first run of each cell warms the OS cache and, for `--game`, leaves the
summary of game.yaml in the per-user cache, as any earlier check of the same game.yaml
would: the timed runs are checks of a game whose game.yaml is unchanged. It records in
that cache, too, that the turn's view file of the player is the view of its state, as
the job that commits a turn does for every player. A run that exits with another status
than that first run, or the first run with 12 or more (the file refused, or galbatch
failed), stops the benchmark: it never times an error message. The check is the
`galbatch` program a player runs, as pip installed it beside this Python (not `python -m
galbatch.cli`, which imports runpy besides). Every command runs with `python -P`, so that
the galbatch timed is this environment's, never a source tree in the working directory,
and without PYTHONDONTWRITEBYTECODE: an installed galbatch runs from the bytecode pip
compiled, and the first run writes it for an editable install (with none, a check
compiles every module it imports, lark's runtime alone 65 ms).
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from outcome import ENV, PYTHON, UNUSABLE, fail

RUNS = 21
LINES = 50
GAMES = Path(__file__).resolve().parent.parent / "games"
BUNDLED = {  # each ruleset's bundled game
    "conflict": "conflict-demo",
    "conqueror": "gc16",
    "galactac": "galaxy13",
    "galaktikos": "spiral6",
    "interstellar": "nebula4",
}
MODES = ("--ruleset", "--view", "--game")
PROGRAM = Path(sys.executable).parent / "galbatch"  # the program pip installed beside python
TARGETS = {"--ruleset": 1.3, "--view": 1.5, "--game": 1.5}  # times `python -c "import click"`


def orders_file(folder: Path, ruleset: str) -> Path:
    """Player 1's order file of the bundled game's next turn, its orders repeated to
    LINES lines between the header and END."""
    lines = (GAMES / BUNDLED[ruleset] / "orders" / "1.txt").read_text().splitlines()
    header, body = lines[0], lines[1:]
    orders = [x for x in body if x.strip() and not x.startswith("#") and x.strip() != "END"]
    path = folder / f"{ruleset}.txt"
    repeated = itertools.islice(itertools.cycle(orders), LINES)
    path.write_text("\n".join([header, *repeated, "END"]) + "\n")
    return path


def mode_args(ruleset: str, mode: str) -> list[str]:
    """The options of `check` in `mode` for the bundled game of `ruleset`."""
    game = GAMES / BUNDLED[ruleset]
    if mode == "--ruleset":
        return ["--ruleset", ruleset]
    if mode == "--view":
        latest = max(p for p in (game / "turns").iterdir() if p.name.isdigit())
        return ["--view", str(latest / "views" / "1.yaml")]
    return ["--game", str(game)]


def once(cmd: list[str]) -> tuple[float, float, int, bytes]:
    """Wall-clock seconds of one run of `cmd`, its CPU seconds (user and system, its
    threads included) as the operating system accounts them, its exit status and output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, check=False, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.returncode, done.stdout + done.stderr


def timed(cmd: list[str], expected: int) -> tuple[float, float]:
    """(wall, CPU) of one run of `cmd`; stops the benchmark if it did not exit with
    `expected` or wrote a traceback."""
    wall, cpu, rc, said = once(cmd)
    if rc != expected or b"Traceback" in said:
        fail(f"{' '.join(cmd)} exited with status {rc}, not {expected}", said.decode()[-2000:])
    return wall, cpu


def paired(cmd: list[str], base: list[str], runs: int) -> list[tuple[float, float]]:
    """The ratios (wall, CPU) of each run of `cmd` to a run of `base` right after it, so
    that drift hits both alike; the first, untimed run of `cmd` sets the exit status
    every run must give."""
    _, _, rc, said = once(cmd)  # warm the OS cache (and the summary and view records)
    if rc >= UNUSABLE or b"Traceback" in said:
        fail(f"{' '.join(cmd)} exited with status {rc}", said.decode()[-2000:])
    timed(base, 0)
    ratios = []
    for _ in range(runs):
        (wall, cpu), (base_wall, base_cpu) = timed(cmd, rc), timed(base, 0)
        ratios.append((wall / base_wall, cpu / base_cpu))
    return ratios


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help=f"pairs a cell (default {RUNS})")
    runs = parser.parse_args().runs
    if not PROGRAM.is_file():
        fail(f"no galbatch program beside {sys.executable}", f"{PROGRAM} is missing")
    click = [*PYTHON, "-c", "import click"]
    loads = [os.getloadavg()[0]]
    print(
        f'cold `galbatch check`, {LINES} lines: median ratio to `python -c "import click"`'
        f" of the CPU times (of the wall-clock times), {runs} pairs a cell;"
        f" target at most {TARGETS['--ruleset']} x syntax only, {TARGETS['--game']} x otherwise"
    )
    print(f"{'':14}" + "".join(f"{mode:>20}" for mode in MODES))
    over = False
    with tempfile.TemporaryDirectory() as tmp:
        for ruleset in BUNDLED:
            path = orders_file(Path(tmp), ruleset)
            cells = []
            for mode in MODES:
                check = [*PYTHON, str(PROGRAM), "check", str(path)]
                ratios = paired(check + mode_args(ruleset, mode), click, runs)
                wall, cpu = (statistics.median(r[k] for r in ratios) for k in (0, 1))
                over = over or cpu > TARGETS[mode]
                mark = "*" if cpu > TARGETS[mode] else " "
                cells.append(f"{cpu:5.2f} x{mark}({wall:4.2f} x)")
                loads.append(os.getloadavg()[0])
            print(f"{ruleset:14}" + "".join(f"{cell:>20}" for cell in cells), flush=True)
    base = [once(click)[:2] for _ in range(runs)]
    wall, cpu = (statistics.median(b[k] for b in base) * 1000 for k in (0, 1))
    print(
        f'python -c "import click": median {wall:.0f} ms, CPU {cpu:.0f} ms;'
        f" load average {min(loads):.1f} to {max(loads):.1f}"
        + ("; * over the target" if over else "")
    )


if __name__ == "__main__":
    main()
