"""Remake the bundled games' shipped turns after a change to what a turn prints.

`python -m tests.remake_bundled [NAME...]` (all games if none named): turn 0 is made
again by `galbatch new` with the game's options and its PASSWORDS.txt, then each later
shipped turn by processing the turn before it, as remade, with the orders that turn
kept (their passwords put back). The inbox in orders/ is left as it is. The tests in
test_bundled_games check that the result is what they make.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.bundled import resend
from tests.test_bundled_games import GAMES, TURNS

ROOT = Path(__file__).resolve().parent.parent


def galbatch(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"galbatch {args[0]} failed:\n{done.stdout}{done.stderr}")


def remake(name: str, scratch: Path) -> None:
    shipped = ROOT / "games" / name
    made = scratch / f"{name}-new"
    ruleset, *options = GAMES[name]
    galbatch("new", ruleset, str(made), *options, "--passwords", str(shipped / "PASSWORDS.txt"))
    shutil.rmtree(shipped / "turns" / "000")
    shutil.copytree(made / "turns" / "000", shipped / "turns" / "000")
    for turn in TURNS[name][1:]:
        work = scratch / f"{name}-{turn}"
        shutil.copytree(shipped, work)
        resend(shipped, work, turn, TURNS[name])
        galbatch("process", str(work))
        shutil.rmtree(shipped / "turns" / turn)
        shutil.copytree(work / "turns" / turn, shipped / "turns" / turn)


def main(names: list[str]) -> None:
    unknown = sorted(set(names) - set(GAMES))
    if unknown:
        raise SystemExit(f"no bundled game {', '.join(unknown)}; they are {', '.join(GAMES)}")
    with tempfile.TemporaryDirectory() as scratch:
        for name in names or sorted(GAMES):
            remake(name, Path(scratch))
            print(f"{name}: turns {', '.join(TURNS[name])} remade")


if __name__ == "__main__":
    main(sys.argv[1:])
