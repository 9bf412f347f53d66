"""Time the night's job stream: one `galbatch process` of 20 game directories with
`--jobs 1`, against the same with `--jobs 2`.

The 20 directories are four copies of each bundled game (conflict-demo, gc16, galaxy13,
spiral6, nebula4), each awaiting its next turn with the orders it ships; every run takes
fresh copies, made outside the timing. The two streams run in pairs, one right after the
other (which goes first alternates), so that drift in the machine's load hits both
alike. Each stream runs as a whole process, `python -P -m galbatch.cli process --format
json ... --jobs N`, from the top of the sources (the children must not import the
source tree there), with every PDF. Prints each pair's wall-clock and CPU seconds (user
and system, every process of the stream included), and the medians of the ratios
`--jobs 2` / `--jobs 1`: the target is at most 0.65 x the wall-clock time.

A game's job whose RC is not what a plain `galbatch process DIR` of that game gives, a
job not committed, or a stream with another exit status, stops the benchmark: it never
times a failure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from outcome import ENV, PYTHON, ROOT, fail

from tests.bundled import shipped

RUNS = 5
COPIES = 4
NAMES = ("conflict-demo", "gc16", "galaxy13", "spiral6", "nebula4")
TARGET = 0.65  # `--jobs 2` at most this many times the wall-clock time of `--jobs 1`
PROCESS = [*PYTHON, "-m", "galbatch.cli", "process"]


def once(cmd: list[str]) -> tuple[float, float, subprocess.CompletedProcess[bytes]]:
    """Wall-clock seconds of one run of `cmd` from the top of the sources, its CPU seconds
    (user and system, its children's included) and what it did."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, check=False, env=ENV, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done


def plain_rcs(tmp: Path) -> dict[str, int]:
    """Each bundled game's RC from a plain `galbatch process DIR` of a copy of it."""
    rcs = {}
    for name in NAMES:
        game = tmp / "plain" / name
        shutil.copytree(shipped(name), game)
        _, _, done = once([*PROCESS, str(game)])
        if done.returncode >= 12 or b"Traceback" in done.stdout + done.stderr:
            said = (done.stdout + done.stderr).decode("utf-8", "replace")
            fail(f"galbatch process {name} exited with status {done.returncode}", said[-2000:])
        rcs[name] = done.returncode
    return rcs


def fresh(tmp: Path, run: str) -> list[str]:
    """20 fresh game directories for one stream: COPIES copies of each bundled game."""
    base = tmp / run
    directories = []
    for copy in range(1, COPIES + 1):
        for name in NAMES:
            shutil.copytree(shipped(name), base / f"{name}-{copy}")
            directories.append(str(base / f"{name}-{copy}"))
    return directories


def stream(tmp: Path, run: str, jobs: int, rcs: dict[str, int]) -> tuple[float, float]:
    """(wall, CPU) of one stream of fresh games with `--jobs N`; stops the benchmark unless
    every game's job committed its turn with the RC a plain run of that game gives."""
    directories = fresh(tmp, run)
    cmd = [*PROCESS, "--format", "json", "--jobs", str(jobs), *directories]
    wall, cpu, done = once(cmd)
    said = (done.stdout + done.stderr).decode("utf-8", "replace")
    try:
        games = json.loads(done.stdout)["games"]
    except (ValueError, KeyError):
        fail(f"the stream --jobs {jobs} exited with status {done.returncode}", said[-2000:])
    expected = [rcs[Path(d).name.rsplit("-", 1)[0]] for d in directories]
    got = [(g["rc"], g["status"]) for g in games]
    if got != [(rc, "committed") for rc in expected] or done.returncode != max(expected):
        fail(f"the stream --jobs {jobs}: jobs {got}, status {done.returncode}", said[-2000:])
    shutil.rmtree(tmp / run)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help=f"pairs (default {RUNS})")
    runs = parser.parse_args().runs
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        rcs = plain_rcs(tmp)
        stream(tmp, "warm", 2, rcs)  # warms the OS cache and the per-user cache
        print(f"{len(NAMES) * COPIES} games, RC {rcs}")
        print(f"{'pair':>4}  {'--jobs 1 wall, CPU':>20}  {'--jobs 2 wall, CPU':>20}  ratio")
        ratios = []
        for i in range(runs):
            order = (1, 2) if i % 2 == 0 else (2, 1)
            timed = {jobs: stream(tmp, f"run{i}-{jobs}", jobs, rcs) for jobs in order}
            (w1, c1), (w2, c2) = timed[1], timed[2]
            ratios.append((w2 / w1, c2 / c1))
            print(
                f"{i + 1:>4}  {w1:8.2f} s, {c1:6.2f} s  {w2:8.2f} s, {c2:6.2f} s  {w2 / w1:.2f} x"
            )
            loads.append(os.getloadavg()[0])
    wall, cpu = (statistics.median(r[k] for r in ratios) for k in (0, 1))
    print(
        f"--jobs 2 / --jobs 1, median of {runs} pairs: wall-clock {wall:.2f} x"
        f" (target at most {TARGET} x), CPU {cpu:.2f} x;"
        f" load average {min(loads):.1f} to {max(loads):.1f}"
    )


if __name__ == "__main__":
    main()
