"""Time the PDF of the GM's map of a crowded Galactic Conqueror field (a script, not a test).

Run from the project root: python benchmarks/bench_conqueror_map.py [--rounds N]
The field is tests.conqueror_world.big_world(): 400 planets on 100 x 100 for 40 players,
player 1 with 200 ships. Prints the best and the median wall time of rendering the GM
printout's map pages (an atlas of sheets) to PDF, after one warm-up render (fonts), and
the CPU time of the best round. Target: the best under 0.1 s on the development machine,
which tests/test_conqueror_printout.py asserted until wall-clock bounds left the tests
(it still checks that every planet is on the sheets).
"""

from __future__ import annotations

import argparse
import statistics
import time

import outcome  # noqa: F401 (it puts tests/, the world's builder, on the path)

from galbatch.engine.contract.records import PrintContext
from galbatch.print.page import layout
from galbatch.print.pdf import render_pdf
from galbatch.rules.conqueror.printout import gm_printout
from tests.conqueror_world import big_world

TARGET = 0.1  # seconds, the best of the rounds
GM_CTX = PrintContext(
    game="gc16",
    title="GALACTIC CONQUEROR",
    author="Harry",
    date="1997-03-05",
    due="1997-03-12",
    width=80,
    header_line="",
)


def main() -> None:
    """Render the map pages `--rounds` times and print the times."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="timed renders (default 5)")
    args = parser.parse_args()

    state = big_world()
    printout = gm_printout(state, GM_CTX)
    map_pages = [p for p in layout(printout) if p.maps]
    render_pdf(printout, map_pages)  # warm up: font loading
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(args.rounds):
        cpu, wall = time.process_time(), time.perf_counter()
        data = render_pdf(printout, map_pages)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    best = min(range(len(walls)), key=walls.__getitem__)
    print(f"GM map of {len(state.planets)} planets: {len(map_pages)} PDF pages, {len(data)} bytes")
    print(
        f"best {walls[best] * 1000:6.1f} ms (CPU {cpus[best] * 1000:.1f} ms), "
        f"median {statistics.median(walls) * 1000:6.1f} ms of {args.rounds}; "
        f"target: best under {TARGET * 1000:.0f} ms"
        + ("" if walls[best] < TARGET else "  -- OVER THE TARGET")
    )


if __name__ == "__main__":
    main()
