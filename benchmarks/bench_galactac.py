"""Time a full Galac-Tac turn at the rule book's largest galaxy: 15 empires, 1,000 ships.

Builds the game in code (setup as `galbatch new` makes it, then each empire's fleet
filled at its Home System to 1,000 ships in all), gives every empire a full action
file of 39 actions (charting, shuttles, cargo, fleets, builds, research, missiles,
maps and the Shipyard report) and times `process` with text only and with every
PDF. Each turn's CPU time is given too, the job's own (its threads included) and its
forked workers', since the wall-clock time depends on what else the machine runs.
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
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.job.run import process
from galbatch.rules import get_ruleset
from galbatch.rules.galactac.galaxy import Location, distance, location_text
from galbatch.rules.galactac.setup import new_game
from galbatch.rules.galactac.shipyard import new_ship
from galbatch.rules.galactac.state import GameState, Ship

EMPIRES = 15
SHIPS = 1000
EXTRA = ("FX", "SC1", "DD1", "FF1", "FXX")  # the designs the fleets are filled with
RUNS = 3


def fill_fleets(state: GameState) -> None:
    """Add ships at each Home System, in turn, until there are SHIPS in all."""
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
    state.ships.sort(key=lambda s: (int(s.owner), s.id))


def nearest(state: GameState, home: Location, count: int) -> list[str]:
    """The `count` star systems nearest `home`, itself left out."""
    others = sorted((distance(home, loc), loc) for loc in state.systems if loc != home)
    return [location_text(loc) for _, loc in others[:count]]


def actions(state: GameState, empire: str, fleet: list[Ship]) -> list[str]:
    """39 actions for one empire, the kinds a turn of a real game holds (50 at most)."""
    home = state.empires[empire].home
    assert home is not None
    here = location_text(home)
    near = nearest(state, home, 12)
    by_code: dict[str, list[int]] = {}
    for ship in fleet:
        by_code.setdefault(ship.code, []).append(ship.id)
    scouts, freighters, destroyers = by_code["SC1"], by_code["FX"], by_code.get("DD1", [])
    lines = [
        f"NAME EMPIRE Empire {empire}",
        "CLASSIFY HX Hauler /;;12/16-1",
        f"BUILD {here} HX MULE1 MULE2",
        f"RESEARCH {here} 20",
        f"MISSILES {here} 10",
    ]
    for i in range(8):
        lines.append(f"CHART {scouts[i]} {near[i % len(near)]}")
    for i in range(6):
        lines.append(f"LOAD {freighters[i]} 5 PI")
        lines.append(f"TO {freighters[i]} {near[i % len(near)]}")
    for i in range(6, 12):
        lines.append(f"SHUTTLE {freighters[i]} {here} {near[i % len(near)]}")
    if len(destroyers) > 4:
        lines.append(f"JOIN {destroyers[0]} {' '.join(map(str, destroyers[1:5]))}")
        lines.append(f"TO {destroyers[0]} {near[0]}")
    lines += [f"SCOUT {scouts[8]} {near[1]} {near[2]} {near[3]}", f"SENTRY {scouts[9]} {near[4]}"]
    lines += ["MAP WHOLE", f"MAP QUAD {here}", f"MAP PV {here}", "SHIPYARD SSD-"]
    return lines[:50]


def turn_times() -> dict[bool, float]:
    """Median seconds of a full turn: text only, and with PDFs."""
    ruleset = get_ruleset("galactac")
    infos = [PlayerInfo(str(i), f"EMPIRE {i}", 1000 + i) for i in range(1, EMPIRES + 1)]
    state = new_game(1313, infos, {})
    fill_fleets(state)
    fleets: dict[str, list[Ship]] = {e: [] for e in state.empires}
    for ship in state.ships:
        fleets[ship.owner].append(ship)
    medians = {}
    with tempfile.TemporaryDirectory() as tmp:
        master = Path(tmp) / "gt15"
        passwords = [f"pw{i.id}" for i in infos]
        start = time.perf_counter()
        install_game(master, ruleset, state, infos, passwords, game_id="GT15", seed=1313)
        print(
            f"setup with turn-0 printouts: {time.perf_counter() - start:6.2f} s "
            f"({len(state.systems)} star systems, {len(state.ships)} ships)"
        )
        for info in infos:
            text = "\n".join(
                [
                    f'GAME GT15 PLAYER {info.id} PASSWORD "pw{info.id}"',
                    *actions(state, info.id, fleets[info.id]),
                    "END",
                ]
            )
            (master / "orders" / f"{info.id}.txt").write_text(text + "\n")
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
                if run == 0 and not pdf:
                    print(next(line for line in result.log.splitlines() if "CHECK" in line))
            medians[pdf] = statistics.median(times)
            print(
                f"{EMPIRES} empires, {len(state.ships)} ships, "
                f"{'all PDFs' if pdf else 'text only'}: "
                f"median {medians[pdf]:6.3f} s of {RUNS} "
                f"(min {min(times):6.3f}, max {max(times):6.3f}); "
                f"CPU: job {statistics.median(cpu):6.3f} s, "
                f"workers {statistics.median(workers):6.3f} s"
            )
    return medians


if __name__ == "__main__":
    turn_times()
