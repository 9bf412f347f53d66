"""Galac-Tac's movement: standing orders given by [M] actions (the last one to a ship
or fleet wins), star drive moves along the shortest straight route, SHUTTLE runs,
TOW, and charting at the end of the fortnight.

A fleet moves at the star drives of its slowest ship; ships in hangars ride along;
an over-extended move stops at the ship's maximum and goes on next turn; platforms
and inertia-only ships never leave their system unless towed or hangared.
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.rules.galactac.economy import pv_available, store, stow, take
from galbatch.rules.galactac.events import Cargo, Charted, Moved
from galbatch.rules.galactac.galaxy import Location, location_text, on_map, route_point
from galbatch.rules.galactac.house import TOW_MINIMUM_SPEED
from galbatch.rules.galactac.rating import ssd
from galbatch.rules.galactac.state import NONE, Mission, Ship
from galbatch.rules.galactac.turn import Turn

MOVING = (
    "TO",
    "CHART",
    "COLONIZE",
    "DEVELOP",
    "DESTROY",
    "SHUTTLE",
    "TOW",
    "ATTACK",
    "SECURE",
    "SCOUT",
    "SENTRY",
)


def ordered_ship(turn: Turn, empire: str, ship_id: int, action: str) -> Ship | None:
    """The ship an [M] action is given to, out of any fleet it was in (a sub-fleet
    separates and proceeds on its own) and out of any tow; None (reported) if it
    cannot take one."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, action, ship_id, "no such ship in service")
        return None
    if ship.carrier:
        turn.fail(empire, action, ship_id, "the ship is in a hangar: DETACH it first")
        return None
    cancel_tow(turn, ship)
    turn.separate(ship)
    return ship


def cancel_tow(turn: Turn, ship: Ship) -> None:
    """A new action to a towing or towed ship cancels the TOW."""
    for other in turn.fleet_of(ship.owner):
        if other.mission.kind == "TOW" and ship.id in (other.id, other.mission.other):
            other.mission = NONE


def go(turn: Turn, empire: str, ship_id: int, goal: Location, kind: str = "TO") -> bool:
    """TO or CHART: the ship/fleet heads for `goal` (CHART charts it on arrival)."""
    if not on_map(goal):
        turn.fail(empire, kind, ship_id, "not a location of the map")
        return False
    ship = ordered_ship(turn, empire, ship_id, kind)
    if ship is None:
        return False
    ship.mission = Mission(kind, goal=goal)
    return True


def shuttle(turn: Turn, empire: str, ship_id: int, route: Sequence[Location]) -> bool:
    """SHUTTLE: a cargo run over up to four systems, at least one of them one of the
    empire's production systems and another not."""
    systems = [turn.system(stop) for stop in route]
    if not route or any(s is None for s in systems):
        turn.fail(empire, "SHUTTLE", ship_id, "every stop must be a star system")
        return False
    production = [turn.production(empire, stop) is not None for stop in route]
    if not any(production) or all(production):
        turn.fail(
            empire,
            "SHUTTLE",
            ship_id,
            "needs one of your Production Systems and a non-Production System",
        )
        return False
    ship = ordered_ship(turn, empire, ship_id, "SHUTTLE")
    if ship is None:
        return False
    ship.mission = Mission("SHUTTLE", goal=route[0], route=tuple(route))
    return True


def tow(turn: Turn, empire: str, tower_id: int, towed_id: int, goal: Location) -> bool:
    """TOW: a ship takes another whose pre-damage SSD is no more than its own current
    SSD to `goal` at half speed; both do nothing else meanwhile."""
    tower, towed = turn.active(empire, tower_id), turn.active(empire, towed_id)
    if tower is None or towed is None or tower is towed:
        turn.fail(empire, "TOW", tower_id, "needs two different ships in service")
        return False
    if tower.location != towed.location:
        turn.fail(empire, "TOW", tower_id, "the ships are not in the same place")
        return False
    if ssd(towed.design) > ssd(tower.current):
        turn.fail(empire, "TOW", tower_id, "the towed ship is larger than the towing ship")
        return False
    if towed.design.platform:
        turn.fail(empire, "TOW", tower_id, "platforms cannot move")
        return False
    if not on_map(goal) or ordered_ship(turn, empire, towed_id, "TOW") is None:
        return False
    if ordered_ship(turn, empire, tower_id, "TOW") is None:
        return False
    towed.mission = NONE
    for follower in turn.followers(towed):
        follower.flagship = 0
    tower.mission = Mission("TOW", goal=goal, other=towed.id)
    return True


# The [M] phase


def speed(turn: Turn, ship: Ship) -> int:
    """Squares the fleet led by `ship` moves this fortnight: the star drives of its
    slowest ship, halved when towing."""
    fleet = turn.fleet(ship)
    moves = min(s.current.star for s in fleet)
    if ship.mission.kind == "TOW" and moves:
        moves = max(TOW_MINIMUM_SPEED, moves // 2)
    return moves


def shuttle_stops(turn: Turn) -> None:
    """Before moving on, every shuttle standing on its stop does the stop's work: it
    unloads PV at one of the empire's production systems and loads PV anywhere else."""
    for ship in turn.all_ships():
        mission = ship.mission
        if mission.kind != "SHUTTLE" or ship.flagship or ship.carrier or not ship.in_service:
            continue
        if not mission.arrived or ship.location != mission.route[mission.stop]:
            continue
        fleet = turn.fleet(ship)
        where = location_text(ship.location)
        production = turn.production(ship.owner, ship.location)
        if production is not None:
            amount = take(fleet, "PV", sum(s.pv for s in fleet))
            store(production, ship.owner, "PV", amount)
            action = "UNLOAD"
        else:
            amount = stow(fleet, "PV", pv_available(turn, ship.owner, ship.location))
            turn.taken[(ship.owner, ship.location)] += amount
            action = "LOAD"
        if amount:
            turn.tell(Cargo(ship.owner, f"SHUTTLE {action}", ship.id, "PV", amount, where))
        stop = (mission.stop + 1) % len(mission.route)
        ship.mission = Mission("SHUTTLE", goal=mission.route[stop], route=mission.route, stop=stop)


def move(turn: Turn) -> None:
    """Every fleet under a moving order goes toward its goal as far as its star drives
    take it; what it carries, tows and holds in hangars goes with it."""
    for ship in turn.all_ships():
        mission = ship.mission
        if mission.kind not in MOVING or mission.goal is None:
            continue
        if ship.flagship or ship.carrier or not ship.in_service:
            continue
        start = ship.location
        if start == mission.goal:
            arrive(turn, ship)
            continue
        moves = speed(turn, ship)
        if not moves:
            turn.fail(ship.owner, mission.kind, ship.id, "cannot move: a ship has no star drive")
            ship.mission = NONE
            continue
        end = route_point(start, mission.goal, moves)
        riders = turn.riders(ship)
        towed = turn.ship(ship.owner, mission.other) if mission.kind == "TOW" else None
        if towed is not None:
            riders += turn.riders(towed)
        for rider in riders:
            rider.location = end
            turn.moved.add((rider.owner, rider.id))
        goal = location_text(mission.goal)
        turn.tell(Moved(ship.owner, ship.id, location_text(start), location_text(end), goal))
        if end == mission.goal:
            arrive(turn, ship)


def arrive(turn: Turn, ship: Ship) -> None:
    """A fleet on its goal: a TO or TOW is done, a SHUTTLE stands on its stop; CHART,
    COLONIZE, DEVELOP and DESTROY do their work later in the turn."""
    mission = ship.mission
    if mission.kind in ("TO", "TOW"):
        ship.mission = NONE
    elif mission.kind == "SHUTTLE":
        ship.mission = Mission(
            "SHUTTLE", goal=mission.goal, route=mission.route, stop=mission.stop, arrived=True
        )


def chart(turn: Turn) -> None:
    """End of the fortnight: a ship in CHART mode in its system, with no enemy present,
    charts it; its base PV is known from now on."""
    for ship in turn.all_ships():
        mission = ship.mission
        if mission.kind != "CHART" or ship.flagship or ship.carrier:
            continue
        if ship.location != mission.goal:
            continue
        system = turn.system(ship.location)
        if turn.enemies_at(ship.owner, ship.location):
            continue  # it stays in CHART mode and tries again next fortnight
        ship.mission = NONE
        if system is None:
            turn.fail(ship.owner, "CHART", ship.id, "there is no star system here")
            continue
        empire = turn.state.empires[ship.owner]
        if system.location not in empire.charted:
            empire.charted = sorted([*empire.charted, system.location])
        turn.tell(Charted(ship.owner, ship.id, location_text(system.location), system.base_pv))
