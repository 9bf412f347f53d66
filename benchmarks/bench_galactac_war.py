"""Time a Galac-Tac turn at war: 15 empires, 1,000 ships, a battle at every Home System.

Builds the game in code (setup as `galbatch new` makes it, each empire's fleet filled
at its Home System to 1,000 ships in all), then sets every empire on its neighbour:
half its warships SECURE the next empire's Home System, the rest DEFEND their own
with a PATROL, and its scouts SCOUT the next Home System. Times the turn's rules
(`resolve`: movement, scouting, the 15 battles, economy) and the 15 views and text
printouts made from it; then installs it as a game directory, every empire with an
action file of no actions (the fleets go on with their standing orders), and times a
full `galbatch process` of the turn, text only and with every PDF, with the CPU time
of the job and of its forked workers, as `bench_galactac.py` does.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from outcome import turn_done

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import PrintContext
from galbatch.engine.contract.rng import Streams
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.job.run import process
from galbatch.print.page import layout, render_text
from galbatch.rules import get_ruleset
from galbatch.rules.galactac.events import CombatReport, ScoutReport
from galbatch.rules.galactac.printout import player_printout
from galbatch.rules.galactac.resolve import resolve
from galbatch.rules.galactac.setup import new_game
from galbatch.rules.galactac.shipyard import new_ship
from galbatch.rules.galactac.state import GameState, Mission
from galbatch.rules.galactac.view import build_view

EMPIRES = 15
SHIPS = 1000
EXTRA = ("DD1", "FF1", "SC1", "FX", "DD1")  # the designs the fleets are filled with
RUNS = 3
CTX = PrintContext("GT15", "GALAC-TAC", "", "2021-10-24", "2021-11-07", 132, "#GT15", "")


def players() -> list[PlayerInfo]:
    return [PlayerInfo(str(i), f"EMPIRE {i}", 1000 + i) for i in range(1, EMPIRES + 1)]


def at_war() -> GameState:
    """The 15-empire galaxy with every empire's fleets sent against its neighbour."""
    state = new_game(1313, players(), {})
    empires = list(state.empires.values())
    n = 0
    while len(state.ships) < SHIPS:
        empire = empires[n % len(empires)]
        design = empire.design(EXTRA[n // len(empires) % len(EXTRA)])
        assert design is not None and empire.home is not None
        ship = new_ship(empire.id, design, empire.tech, empire.home, "")
        ship.id = empire.next_ship
        empire.next_ship += 1
        state.ships.append(ship)
        n += 1
    for i, empire in enumerate(empires):
        target = empires[(i + 1) % len(empires)].home
        assert target is not None
        warships = [s for s in state.ships if s.owner == empire.id and s.code in ("DD1", "FF1")]
        for k, ship in enumerate(warships):
            if k % 2:
                ship.location, ship.mission = target, Mission("SECURE", goal=target)
            else:
                ship.mission = Mission("PATROL" if k % 4 == 0 else "DEFEND")
        for ship in [s for s in state.ships if s.owner == empire.id and s.code == "SC1"]:
            ship.location = target
            ship.mission = Mission("SCOUT", goal=target, route=(target,))
    state.ships.sort(key=lambda s: (int(s.owner), s.id))
    return state


def process_times() -> None:
    """Median seconds of a full `process` of the war turn on a game directory: text
    only, and with every PDF; each run on a fresh copy of the installed game."""
    state = at_war()
    infos = players()
    with tempfile.TemporaryDirectory() as tmp:
        master = Path(tmp) / "gt15-war"
        passwords = [f"pw{i.id}" for i in infos]
        start = time.perf_counter()
        install_game(
            master, get_ruleset("galactac"), state, infos, passwords, game_id="GT15", seed=1313
        )
        print(f"setup with turn-0 printouts:  {time.perf_counter() - start:6.3f} s")
        for info in infos:
            header = f'GAME GT15 PLAYER {info.id} PASSWORD "pw{info.id}"'
            (master / "orders" / f"{info.id}.txt").write_text(f"{header}\nEND\n")
        for pdf in (False, True):
            times, cpu, workers = [], [], []
            for run in range(RUNS):
                copy = Path(tmp) / f"run-{pdf}-{run}"
                shutil.copytree(master, copy)
                before = os.times()
                start = time.perf_counter()
                result = process(copy, pdf=pdf)
                times.append(time.perf_counter() - start)
                after = os.times()
                cpu.append(after.user + after.system - before.user - before.system)
                workers.append(
                    max(
                        0.0,
                        after.children_user
                        + after.children_system
                        - before.children_user
                        - before.children_system,
                    )
                )
                turn_done(result, worst=4)
            label = "process, all PDFs:" if pdf else "process, text only:"
            print(
                f"{label:<30}median {statistics.median(times):6.3f} s "
                f"(min {min(times):6.3f}, max {max(times):6.3f}); "
                f"CPU: job {statistics.median(cpu):6.3f} s, "
                f"workers {statistics.median(workers):6.3f} s"
            )


def main() -> None:
    state = at_war()
    rules, prints = [], []
    after = state
    for run in range(RUNS):
        start = time.perf_counter()
        after = resolve(state, {}, Streams(1313, state.turn + 1))
        rules.append(time.perf_counter() - start)
        start = time.perf_counter()
        for empire in after.empires:
            render_text(layout(player_printout(build_view(after, empire), [], CTX)))
        prints.append(time.perf_counter() - start)
        del run
    battles = {e.location for e in after.events if isinstance(e, CombatReport)}
    scouted = sum(1 for e in after.events if isinstance(e, ScoutReport) and e.ship)
    print(
        f"{EMPIRES} empires, {len(state.ships)} ships before, {len(after.ships)} after; "
        f"{len(battles)} battles, {scouted} scout reports"
    )
    print(f"turn at war (rules):          median {statistics.median(rules):6.3f} s")
    print(f"15 views and text printouts:  median {statistics.median(prints):6.3f} s")
    process_times()


if __name__ == "__main__":
    main()
