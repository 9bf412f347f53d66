"""Time a full turn of a generated 15-player Galactic Conflict game, with and without PDFs.

Creates the game with `galbatch new`, gives every player a 20-line order file
built from what that player owns, and times `process` (median of a few runs,
each on a fresh copy), then the archive PDF alone.
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from outcome import turn_done

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.gamedir.turnfiles import archive_pdf, archived_checks, turn_printouts
from galbatch.engine.gamedir.turninputs import recorded_inputs
from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.job.run import process
from galbatch.print.page import layout
from galbatch.print.pdf import render_pdf
from galbatch.rules import get_ruleset

PLAYERS = 15
RUNS = 3


def write_orders(game: Path, passwords: dict[str, str]) -> None:
    view_dir = game / "turns" / "000" / "views"
    for pid, password in passwords.items():
        view = load_data(view_dir / f"{pid}.yaml")
        home = view["own"][0]
        others = [n for n, _, _ in view["map"] if n != home]
        lines = [f'GAME bench PLAYER {pid} PASSWORD "{password}"']
        for i in range(6):
            lines.append(f"A,{home},{others[(int(pid) * 7 + i) % len(others)]},1")
            lines.append(f"P,{home},{others[(int(pid) * 11 + i) % len(others)]}")
        lines += [
            f"M,{home},{others[int(pid) % len(others)]},D,2",
            f"B,{home},C,2",
            f"B,{home},A,2",
            f"B,{home},D,2",
            f"B,{home},F,2",
            f"B,{home},P,1",
            f"D,{home},F,1",
            f"G,{home},{home}",
            "END",
        ]
        (game / "orders" / f"{pid}.txt").write_text("\n".join(lines) + "\n")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        master = Path(tmp) / "bench"
        created = create_game(master, "conflict", PLAYERS, 1997, game_id="bench")
        write_orders(master, {p.id: p.password for p in created})
        for pdf in (False, True):
            times = []
            for run in range(RUNS):
                copy = Path(tmp) / f"run-{pdf}-{run}"
                shutil.copytree(master, copy)
                start = time.perf_counter()
                result = process(copy, pdf=pdf)
                times.append(time.perf_counter() - start)
                turn_done(result)
            files = result.files
            pages = sum(
                f.count(b"\f")
                for n, f in files.items()
                if n.startswith("printouts/") and n.endswith(".txt")
            )
            label = "with PDFs   " if pdf else "text only   "
            print(
                f"15-player turn, {label}: median {statistics.median(times):6.2f} s "
                f"({pages} printout pages, RC {int(result.rc)})"
            )
        pdf_figures(copy)


def pdf_figures(path: Path) -> None:
    """Pages a second for the turn's PDF printouts, and the archive PDF's time."""
    game = Game.open(path)
    ruleset = get_ruleset(game.ruleset_name)
    state = ruleset.load_state(game.state_data(1))
    inputs = recorded_inputs(game, ruleset.width, 1)
    printouts = turn_printouts(inputs, ruleset, state, archived_checks(game, 1))
    laid = [(p, layout(p)) for _, _, p in printouts]
    pages = sum(len(pp) for _, pp in laid)
    maps = sum(1 for _, pp in laid for page in pp if page.maps)
    start = time.perf_counter()
    for printout, pp in laid:
        render_pdf(printout, pp)
    elapsed = time.perf_counter() - start
    start = time.perf_counter()
    archive_pdf(inputs, ruleset, state, printouts, 0)
    archived = time.perf_counter() - start
    print(
        f"PDF printouts of the turn: {pages / elapsed:5.0f} pages/s ({pages} pages, "
        f"{maps} of them maps, {elapsed:5.2f} s); archive PDF {archived:5.2f} s"
    )


if __name__ == "__main__":
    main()
