"""Time the checks of the worst order files under the 256 KB limit (a script, not a test).

Run from the project root: python benchmarks/bench_hostile.py

The files are those of tests/hostile_files.py, in every game: 131,000 junk lines, lines
of the longest length still parsed, lines that parse but are all rejected, and more.
Prints, for each, the median time to read and check it in-process (syntax only, and
against player 1's view, that of tests/hostile_views.py) and the diagnostics listed;
then a cold `galbatch check` of the junk file, and a Galactic Conflict demo turn in
which VEGA sends it. A check that lists no diagnostic, a command that exits with 12 or
more and a turn that is not committed stop the benchmark.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from outcome import PYTHON, ROOT, fail, run_command, turn_done

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.job.run import process
from galbatch.engine.language.orderfile import MAX_BYTES, parse_order_bytes
from galbatch.rules import get_ruleset
from tests.hostile_files import CASES
from tests.hostile_views import VIEWS

RUNS = 7


def median_time(work: Callable[[], Any], runs: int = RUNS) -> float:
    work()  # load the grammar, warm the caches
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print(f"{'file (ruleset)':<52} {'syntax':>9} {'view':>9}  listed")
    worst = 0.0
    for (ruleset, name), data in CASES.items():
        rs = get_ruleset(ruleset)

        def check(view: Any, data: bytes = data, rs: Any = rs) -> Any:
            return check_file(parse_order_bytes(data, "f"), rs, view, "1")

        times = [median_time(lambda v=view: check(v)) for view in (None, VIEWS[ruleset])]
        listed = len(check(VIEWS[ruleset]).diagnostics)
        if not listed:  # every file is hostile: a check that finds nothing failed
            fail(f"{name} ({ruleset}): no diagnostic", "")
        worst = max(worst, *times)
        print(
            f"{name + ' (' + ruleset + ')':<52} {times[0] * 1000:6.0f} ms {times[1] * 1000:6.0f} ms"
            f"  {listed}"
        )
    print(f"worst in-process check: {worst * 1000:.0f} ms")

    junk = CASES[("conflict", "131,000 junk lines")]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "junk.txt"
        path.write_bytes(junk)
        cmd = [*PYTHON, "-m", "galbatch.cli", "check", str(path), "-r", "conflict"]
        cold = median_time(lambda: run_command(cmd, ok=(0, 4, 8)))
        base = median_time(lambda: run_command([*PYTHON, "-c", "pass"]))
        print(f"cold `galbatch check` of the junk file: {cold * 1000:.0f} ms")
        print(f"(python -c pass: {base * 1000:.0f} ms)")

        header = b'GAME conflict-demo PLAYER 6 PASSWORD "vega-1997"\n'
        vega = header + b"x\n" * ((MAX_BYTES - len(header)) // 2)
        for label, orders in (("as bundled", None), ("VEGA sends the junk file", vega)):
            times = []
            for run in range(3):
                game = Path(tmp) / f"demo-{len(label)}-{run}"
                shutil.copytree(ROOT / "games" / "conflict-demo", game)
                if orders is not None:
                    (game / "orders" / "6.txt").write_bytes(orders)
                start = time.perf_counter()
                result = process(game, pdf=True)
                times.append(time.perf_counter() - start)
                turn_done(result)
            pages = result.files["printouts/6.txt"].count(b"\f")
            print(
                f"demo turn with PDFs, {label}: {statistics.median(times):.2f} s, "
                f"VEGA's printout {pages} pages"
            )
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (the machine may be shared)")


if __name__ == "__main__":
    main()
