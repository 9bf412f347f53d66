"""Small Galactic Conqueror states built in code for the tests (free for any test to reuse).

`small_state()` is a 40x40 field with four players; player 1 (ALPHA) is the one
the command tests play. What ALPHA has at the start of the turn:

Planets (own):
  10 home at 10,10: 100 PU, 40 MPU, 0 APU, 5 RPU, 3 M-kits, 2 R-kits, 4 F-kits,
     6 spares, population 500 with 40 factories (room for 10 more);
     shipyard 1 size 8 building class 7, shipyard 2 size 4 building spares,
     no shipyard 3.
  11 at 12,10: 10 PU, population 100 with 10 factories (no room), no shipyard.
  12 at 10,13: 0 PU, population 45 (2 transport units of colonists).
Planets known but not owned: 20 (BETA's, explored), 21 (neutral, explored),
  30 (GAMMA's, not explored). Planet 40 (DELTA's) is unknown to ALPHA.
Ships (task force in brackets):
  1 class 1 (32 transport units, empty) at 10
  2 class 4 (64 units: 5 of colonists, 2 of MPU) at 10 [TF 3]
  3 class 7 (warship) at 10 [TF 3]
  4 class 11 (warship) in flight to 21
  5 class 1 (10 units of F-kits) in orbit of BETA's planet 20 [TF 5]
  6 class 12 (warship) at 11
  7 class 2 (32 units) and 8 class 7, both in flight to 10 [TF 6]
Research: planetary defense 150 PU (TL 2: a fortress costs 6 PU), medicine 8990
(10 PU short of TL 9), armament 9000 (TL 9). No reward offered.
BETA (player 2) has its own ship 1 at 20.

`big_world()` is a crowded 100x100 field of 400 planets and 40 players, for the GM's
map (tests/test_conqueror_printout.py checks it, benchmarks/bench_conqueror_map.py times it).
"""

from __future__ import annotations

import random
from typing import Any

from galbatch.rules.conqueror.state import GameState, Planet, Player, Ship, Shipyard
from galbatch.rules.conqueror.view import build_view

NAMES = {"1": "ALPHA", "2": "BETA", "3": "GAMMA", "4": "DELTA"}


def cargo(**units: int) -> list[int]:
    """Transport units per cargo type 1..9, e.g. cargo(colonists=5, mpu=2)."""
    kinds = ["spares", "mpu", "apu", "rpu", "m_kits", "a_kits", "r_kits", "f_kits", "colonists"]
    return [units.get(k, 0) for k in kinds]


def small_state(turn: int = 3) -> GameState:
    planets = [
        Planet(
            10,
            10,
            10,
            owner="1",
            home="1",
            pu=100,
            mpu=40,
            rpu=5,
            apu=0,
            factories=40,
            mines=40,
            refineries=40,
            farms=40,
            m_kits=3,
            r_kits=2,
            f_kits=4,
            population=500,
            fortresses=5,
            spares=6,
            yards=[Shipyard(8, 7, 3, False), Shipyard(4, 0, 0, False)],
        ),
        Planet(11, 12, 10, owner="1", pu=10, factories=10, population=100, fortresses=1),
        Planet(12, 10, 13, owner="1", pu=0, population=45, fortresses=1),
        Planet(20, 20, 10, owner="2", home="2", pu=100, population=500, fortresses=5),
        Planet(21, 14, 14, pu=0, population=80, fortresses=2),
        Planet(30, 30, 30, owner="3", home="3", pu=100, population=500, fortresses=5),
        Planet(40, 35, 5, owner="4", home="4", pu=100, population=500, fortresses=5),
    ]
    players = {pid: Player(pid, name, 1000 + int(pid)) for pid, name in NAMES.items()}
    alpha = players["1"]
    alpha.known = [20, 21, 30]
    alpha.research = [150, 0, 8990, 9000, 0, 0, 0]
    ships = [
        Ship(1, "1", 1, 0, 0, 0, position=10),
        Ship(2, "1", 4, 0, 0, 0, position=10, task_force=3, cargo=cargo(colonists=5, mpu=2)),
        Ship(3, "1", 7, 0, 0, 0, position=10, task_force=3),
        Ship(4, "1", 11, 0, 0, 0, position=0, destination=21, rest=3),
        Ship(5, "1", 1, 0, 0, 0, position=20, task_force=5, cargo=cargo(f_kits=10)),
        Ship(6, "1", 12, 0, 0, 0, position=11),
        Ship(7, "1", 2, 0, 0, 0, position=0, destination=10, rest=2, task_force=6),
        Ship(8, "1", 7, 0, 0, 0, position=0, destination=10, rest=2, task_force=6),
        Ship(1, "2", 8, 0, 0, 0, position=20),
    ]
    return GameState(
        turn=turn,
        final_score=1000,
        width=40,
        height=40,
        planets={p.number: p for p in planets},
        players=players,
        ships=ships,
        explorations=[("1", 20), ("1", 21)],
    )


def alpha_view(state: GameState | None = None) -> dict[str, Any]:
    """What ALPHA (player 1) knows of `state` (default: `small_state()`)."""
    return build_view(state or small_state(), "1")


def big_world(planets: int = 400, side: int = 100, players: int = 40) -> GameState:
    """A crowded field: `planets` planets, player 1 with 30 planets and 200 ships."""
    rnd = random.Random(1997)
    spots: set[tuple[int, int]] = set()
    while len(spots) < planets:
        spots.add((rnd.randrange(side), rnd.randrange(side)))
    state = GameState(
        turn=12,
        final_score=9000,
        width=side,
        height=side,
        planets={},
        players={
            str(i): Player(str(i), f"PLAYER NAME {i:02d}", 5000 + i, score=rnd.randrange(2000))
            for i in range(1, players + 1)
        },
    )
    for n, (x, y) in enumerate(sorted(spots, key=lambda s: rnd.random()), start=1):
        owner = str(n % players + 1) if n % 3 else None
        state.planets[n] = Planet(
            n,
            x,
            y,
            owner=owner,
            population=rnd.randrange(30000),
            fortresses=rnd.randrange(40),
            pu=rnd.randrange(500),
            yards=[Shipyard(8, n % 27, 3, bool(n % 2))] * (n % 4),
        )
    mine = [n for n, p in state.planets.items() if p.owner == "1"]
    me = state.players["1"]
    me.known = sorted(n for n in state.planets if n % 2 == 0)
    for n in range(1, 201):
        state.ships.append(
            Ship(n, "1", n % 26 + 1, n % 10, n % 9, n % 8, position=mine[n % len(mine)])
        )
    return state
