"""Benchmark of the PDF renderer on a synthetic 15-player turn (a script, not a test).

Run from the project root: python benchmarks/bench_pdf.py [--out DIR]
Prints text pages a second (green-bar, 132 columns), milliseconds per map page
and seconds for the GM's archive of the whole turn.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from pathlib import Path

from galbatch.print.maps.fields import HexMap, HexMarker
from galbatch.print.page import MapBlock, Printout, Section, Table, Text, layout
from galbatch.print.pdf import render_archive, render_pdf, render_pdf_drawn

GAME = "Galactic Conflict"
TURN = 17
PLAYERS = 15
COLS, ROWS, WORLDS = 32, 28, 180
ROUNDS = 3


def galaxy(seed: int = 1) -> list[tuple[int, int, int, int]]:
    """(col, row, world number, owner player or 0) for the worlds of the sheet."""
    rng = random.Random(seed)
    cells = rng.sample([(c, r) for c in range(COLS) for r in range(ROWS)], WORLDS)
    return [
        (c, r, n, rng.choice([0, 0, *range(1, PLAYERS + 1)])) for n, (c, r) in enumerate(cells, 1)
    ]


def player_printout(
    player: int, worlds: list[tuple[int, int, int, int]], width: int = 132
) -> Printout:
    """About six pages of reports and tables, then the player's map, for one player."""
    rng = random.Random(player)
    mine = [w for w in worlds if w[3] == player]
    rows = tuple(
        (n, f"WORLD-{n:03d}", rng.randint(0, 250), rng.randint(0, 99), rng.randint(0, 9999), "NONE")
        for _, _, n, _ in worlds[:150]
    )
    news = tuple(
        f"FLEET {rng.randint(1, 400):3d} OF PLAYER {rng.randint(1, PLAYERS):2d} MOVED "
        f"FROM WORLD {rng.randint(1, WORLDS):3d} TO WORLD {rng.randint(1, WORLDS):3d} "
        f"WITH {rng.randint(1, 900)} SHIPS; "
        f"{rng.choice(['NO CONTACT', 'AMBUSHED', 'CAPTURED THE WORLD', 'WAS DESTROYED'])}."
        for _ in range(150)
    )
    markers = tuple(
        HexMarker(c, r, str(n), underline=(o == player), owner=str(o) if o else "")
        for c, r, n, o in worlds
    )
    legend = (
        f"UNDERLINED: YOUR {len(mine)} WORLDS.  SMALL FIGURE ABOVE A WORLD: ITS OWNER.",
        "COLUMNS ACROSS, ROWS DOWN; ODD COLUMNS ARE HALF A HEX LOWER.",
    )
    return Printout(
        game=GAME,
        turn=TURN,
        reader=f"PLAYER {player} EMPIRE-{player}",
        width=width,
        title="GALACTIC CONFLICT TURN REPORT",
        author="Galactic Conflict GM",
        date="1997-03-05",
        keywords=("Galactic Conflict", f"turn {TURN}", f"player {player}"),
        sections=(
            Section("TURN SUMMARY", (Text(news[:30]),)),
            Section(
                "YOUR WORLDS", (Table(("WORLD", "NAME", "IND", "POP", "METAL", "ORDERS"), rows),)
            ),
            Section("FLEET MOVEMENTS", (Text(news),), new_page=True),
            Section("MAP", (MapBlock(HexMap("GALAXY MAP", COLS, ROWS, markers, legend)),)),
        ),
    )


def cover_printout(labels: list[str]) -> Printout:
    """The GM's cover sheet listing the bound printouts."""
    return Printout(
        game=GAME,
        turn=TURN,
        reader="GAME MASTER",
        width=132,
        title="GALACTIC CONFLICT TURN ARCHIVE",
        author="Galactic Conflict GM",
        date="1997-03-05",
        sections=(Section("PRINTOUTS IN THIS ARCHIVE", (Text(tuple(labels)),)),),
    )


def main() -> None:
    """Time text pages, map pages and the archive; optionally write the PDFs."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, help="write player1.pdf and archive.pdf here")
    args = parser.parse_args()

    worlds = galaxy()
    printouts = [player_printout(p, worlds) for p in range(1, PLAYERS + 1)]
    layouts = [layout(p) for p in printouts]
    render_pdf(printouts[0], layouts[0])  # warm up: font loading

    text_pages = [[pg for pg in pages if not pg.maps] for pages in layouts]
    map_pages = [[pg for pg in pages if pg.maps] for pages in layouts]
    n_text = sum(map(len, text_pages))
    n_map = sum(map(len, map_pages))

    def best(render: Callable[[], object]) -> float:
        """Best wall time of a few runs: the machine is shared."""
        times = []
        for _ in range(ROUNDS):
            t0 = time.perf_counter()
            render()
            times.append(time.perf_counter() - t0)
        return min(times)

    t_text = best(lambda: [render_pdf(p, pg) for p, pg in zip(printouts, text_pages, strict=True)])
    t_map = best(lambda: [render_pdf(p, pg) for p, pg in zip(printouts, map_pages, strict=True)])
    labels = [p.reader for p in printouts]
    cover = cover_printout(labels)
    parts = list(zip(labels, printouts, strict=True))
    t_archive = best(lambda: render_archive(cover, parts))
    archive = render_archive(cover, parts)
    # as a turn makes it: the archive re-uses the pages the printouts' own PDFs drew
    drawn = [render_pdf_drawn(p, pg)[1] for p, pg in zip(printouts, layouts, strict=True)]
    t_bound = best(lambda: render_archive(cover, parts, layouts, drawn))
    assert render_archive(cover, parts, layouts, drawn) == archive

    print(
        f"printouts: {len(printouts)}, pages each: {len(layouts[0])} ({n_text} text, {n_map} map)"
    )
    print(f"text pages:  {n_text / t_text:7.0f} pages/s  ({t_text * 1000 / n_text:.2f} ms/page)")
    print(f"map pages:   {t_map * 1000 / n_map:7.1f} ms/page")
    print(f"archive:     {t_archive:7.2f} s  ({len(archive) / 1e6:.2f} MB)")
    print(f"  from the printouts' drawn pages: {t_bound:5.2f} s (the same bytes)")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "player1.pdf").write_bytes(render_pdf(printouts[0], layouts[0]))
        (args.out / "archive.pdf").write_bytes(archive)


if __name__ == "__main__":
    main()
