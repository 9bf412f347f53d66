"""Time the Galac-Tac checker on one empire's big turn: 50 actions, 500 to 5,000 ships.

The galaxy `galbatch new` makes for 15 empires, the first empire's fleet filled at its
Home System (as in `bench_galactac.py`), and its full action file (`actions` there, 39
actions, padded to the book's 50 with LOADs and TOs of more freighters, a few of them
rejected). Each file is checked in-process against the empire's view, the checker's
three layers; the median CPU time of a few runs is given for each fleet size, and the
growth exponent against the ships (a checker linear in actions plus fleet has one
near 1, or less while the fleet is small beside the rest of the work).

    PYTHONPATH=. .venv/bin/python benchmarks/bench_galactac_check.py [RUNS]
"""

from __future__ import annotations

import statistics
import sys
import time

from bench_galactac import EXTRA, actions, nearest

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from galbatch.rules.galactac.setup import new_game
from galbatch.rules.galactac.shipyard import new_ship
from galbatch.rules.galactac.state import GameState

EMPIRES = 15
FLEETS = (500, 1000, 2000, 5000)
RUNS = 3


def big_empire(ships: int) -> GameState:
    """The 15-empire galaxy, the first empire's fleet filled to `ships` at its home."""
    infos = [PlayerInfo(str(i), f"EMPIRE {i}", 1000 + i) for i in range(1, EMPIRES + 1)]
    state = new_game(1313, infos, {})
    empire = state.empires["1"]
    assert empire.home is not None
    n = 0
    while sum(s.owner == "1" for s in state.ships) < ships:
        design = empire.design(EXTRA[n % len(EXTRA)])
        assert design is not None
        ship = new_ship(empire.id, design, empire.tech, empire.home, "")
        ship.id = empire.next_ship
        empire.next_ship += 1
        state.ships.append(ship)
        n += 1
    state.ships.sort(key=lambda s: (int(s.owner), s.id))
    return state


def action_file(state: GameState) -> str:
    """The first empire's 50 actions: `actions`, then LOADs and TOs of more freighters,
    and a LOAD of a ship it does not have (rejected)."""
    home = state.empires["1"].home
    assert home is not None
    fleet = [s for s in state.ships if s.owner == "1"]
    lines = actions(state, "1", fleet)
    freighters = [s.id for s in fleet if s.code == "FX"]
    near = nearest(state, home, 12)
    lines.append("LOAD 99999 5 PI")
    for i in range(12, 30):
        if len(lines) >= 50:
            break
        ship = freighters[i]
        lines.append(f"LOAD {ship} 999 PI" if i % 2 else f"TO {ship} {near[i % 12]}")
    body = ['GAME GT15 PLAYER 1 PASSWORD "pw1"', *lines[:50], "END"]
    return "\n".join(body) + "\n"


def main(runs: int = RUNS) -> None:
    ruleset = get_ruleset("galactac")
    sizes, times = [], []
    print(f"{'ships':>6} {'actions':>7} {'diagnostics':>11} {'check CPU s':>11}")
    for ships in FLEETS:
        state = big_empire(ships)
        view = ruleset.view(state, "1")
        data = action_file(state).encode()
        found = check_file(parse_order_bytes(data, "1"), ruleset, view, "1")
        cpu = []
        for _ in range(runs):
            start = time.process_time()
            check_file(parse_order_bytes(data, "1"), ruleset, view, "1")
            cpu.append(time.process_time() - start)
        sizes.append(ships)
        times.append(statistics.median(cpu))
        print(f"{ships:>6} {len(found.orders):>7} {len(found.diagnostics):>11} {times[-1]:>11.3f}")
    print(f"{FLEETS[-1]} ships take {times[-1] / times[0]:.1f} x the time of {FLEETS[0]}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
