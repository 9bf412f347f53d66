"""Which ships an ATTACK or ALLY takes, and whether the fleet may attack: the decisions
the turn (fleets.py) and the checker (check.py) share, so that an order the checker
accepts does what it said.

Both read the table their own way (the game state, the reader's view) and hand these
functions plain counts: the ships a player has on each planet, the planets in the
order a group without FROM takes from them (house.source_order).
"""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.language.frozen import frozen
from galbatch.rules.interstellar import house
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.codes import IC202, IC203, IC233
from galbatch.rules.interstellar.ships import PlanetKey, Ships
from galbatch.rules.interstellar.tables import HOME_WORLDS, SIZES, TRANSPORT, WARSHIP, Size


@frozen
class Shortfall:
    """A size of a group reduced: `wanted` asked, `got` there (0: none at all)."""

    group: int
    size: Size
    wanted: int
    got: int


def pool(
    own: str, colours: tuple[str, ...], holds: Mapping[PlanetKey, Ships]
) -> tuple[PlanetKey, ...]:
    """The planets holding some of a player's ships (`holds`), in the order a group without
    FROM takes from them (house.source_order)."""
    order = house.source_order(own, colours, HOME_WORLDS)
    return tuple((c, t) for c in order for t in HOME_WORLDS if holds.get((c, t), Ships()).total)


def allot(
    have: Mapping[PlanetKey, Ships],
    groups: tuple[o.Group, ...],
    sources: tuple[PlanetKey, ...],
    sizes: tuple[Size, ...] = SIZES,
) -> tuple[tuple[tuple[PlanetKey, Ships], ...], tuple[Shortfall, ...]]:
    """The ships each group takes: from the planet it names, or (no FROM) from `sources`
    in order; each size as far as `have` holds it (a quantity is reduced, never refused).
    Sizes outside `sizes` are not taken. The ships taken by planet (named planets and
    sources in the order first taken), and every size reduced."""
    taken: dict[PlanetKey, Ships] = {}
    short: list[Shortfall] = []

    def left(planet: PlanetKey) -> int:
        return have.get(planet, Ships()).get(size) - taken.get(planet, Ships()).get(size)

    for i, group in enumerate(groups):
        for ship in group.ships:
            size, need = ship.size, max(ship.count, 0)
            got = 0
            if size in sizes:
                places = ((group.origin.colour, group.origin.tile) if group.origin else None,)
                for planet in places if places[0] is not None else sources:
                    assert planet is not None
                    n = min(need - got, left(planet))
                    if n > 0:
                        taken[planet] = taken.get(planet, Ships()).add(size, n)
                        got += n
            if got < need:
                short.append(Shortfall(i, size, need, got))
    order = [p for p in sources if p in taken] + [p for p in taken if p not in sources]
    return tuple((p, taken[p]) for p in order if taken[p].total), tuple(short)


def fleet_refusal(ships: Ships, origins: tuple[str, ...], target: str) -> tuple[str, str]:
    """Why a fleet of `ships` from the systems `origins` may not attack a planet of the
    system `target` (the ship chart), as (code, reason); ("", "") when it may."""
    if not ships.total:
        return (
            IC233,
            "no ships left in the fleet: none of them is where the order says (Play 3: you"
            " choose the attacking ships from your ships on planets)",
        )
    if not ships.get(WARSHIP):
        return (
            IC202,
            "you must have a Warship in your fleet to attack another planet or colony (ship"
            " chart, Play 3a): the fleet has no M",
        )
    travels = any(s != target for s in origins)
    if house.TRANSPORT_IF_ANY_GROUP_TRAVELS and travels and not ships.get(TRANSPORT):
        return (
            IC203,
            "you must have a Transport in your fleet to travel to another system (ship chart,"
            " Play 3b): the fleet has no L",
        )
    return "", ""


def ally_systems(
    target: str, fleet_systems: tuple[str, ...], transport: bool, side: str
) -> tuple[str, ...]:
    """The systems an ally's ships may come from (Play 6c, 6d): the target's; for the
    attacker's side with a Transport in the fleet, also every system the fleet came from
    (house.EVERY_FLEET_SYSTEM_IS_ORIGIN; else the first only)."""
    if side != "ATTACKER" or not transport or not fleet_systems:
        return (target,)
    origins = fleet_systems if house.EVERY_FLEET_SYSTEM_IS_ORIGIN else fleet_systems[:1]
    return tuple(dict.fromkeys((target, *origins)))
