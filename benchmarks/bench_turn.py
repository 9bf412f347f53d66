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

from galbatch.engine.newgame import create_game
from galbatch.engine.run import process
from galbatch.engine.yamlio import load_data

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
            files = result.files
            pages = sum(
                f.count(b"\f") + 1
                for n, f in files.items()
                if n.startswith("printouts/") and n.endswith(".txt")
            )
            label = "with PDFs   " if pdf else "text only   "
            print(
                f"15-player turn, {label}: median {statistics.median(times):6.2f} s "
                f"({pages} printout pages, RC {int(result.rc)})"
            )


if __name__ == "__main__":
    main()
