"""Time a Galac-Tac battle of 500 ships against 500: a defender's mixed fleet (carriers
with fighters in their hangars, battleships, T-type cruisers, platforms) under DEFEND
against an ATTACK fleet of the same kinds, ten rounds or until one side is gone.

Prints the median wall-clock and CPU time of several seeded battles and what they did;
each battle's ships are built once, outside the timing.
"""

from __future__ import annotations

import random
import statistics
import time

from galbatch.rules.galactac.battle import fight
from galbatch.rules.galactac.battle_ships import Combatant
from galbatch.rules.galactac.rating import parse_rating

SIDE = 500
RUNS = 5
# (rating, tech, share of the fleet): the Masters' kinds and the rule book's examples.
FLEET = (
    ("2D+10P+2T10/4;2;10/8-8", 1, 10),  # NIGHTMARE: carrier
    ("2P//-16", 1, 20),  # fighters, in the carriers' hangars when there is room
    ("18P+3T20//8-10", 2, 30),
    ("4P+4T40/6;;/-10", 2, 25),
    ("14D+30P+5T30//", 1, 5),  # station: a platform
    ("/;;20/16-16", 1, 10),  # unarmed freighter: maneuvers
)


def side(empire: str, order: str, first: int) -> list[Combatant]:
    """One empire's fleet of `SIDE` ships, ids from `first`, fighters assigned."""
    ships: list[Combatant] = []
    carriers: list[int] = []
    ident = first
    for text, tech, share in FLEET:
        rating = parse_rating(text)
        for _ in range(SIDE * share // 100):
            carrier = 0
            if text == "2P//-16" and carriers:
                carrier = carriers.pop()
            ships.append(
                Combatant(ident, empire, order, rating, rating, tech, rating.racks, carrier=carrier)
            )
            if rating.hangars:
                carriers.extend([ident] * rating.hangars)
            ident += 1
    return ships


def main() -> None:
    ships = side("A", "DEFEND", 1001) + side("B", "ATTACK", 5001)
    walls, cpus = [], []
    for seed in range(RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        result = fight(ships, random.Random(seed))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        shots = sum(s.shots for s in result.ships)
        print(
            f"seed {seed}: {result.rounds} rounds, {shots:,} shots, "
            f"{len(result.destroyed)} of {len(ships)} ships destroyed, "
            f"{walls[-1]:.3f} s wall, {cpus[-1]:.3f} s CPU"
        )
    print(
        f"{SIDE} against {SIDE}: median {statistics.median(walls):.3f} s wall, "
        f"{statistics.median(cpus):.3f} s CPU"
    )


if __name__ == "__main__":
    main()
