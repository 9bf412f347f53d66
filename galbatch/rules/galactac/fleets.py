"""Galac-Tac's fleets: JOIN, DETACH (with its sub-fleet rules) and ASSIGN to hangars."""

from __future__ import annotations

from galbatch.rules.galactac.events import ShipEvent
from galbatch.rules.galactac.galaxy import location_text
from galbatch.rules.galactac.rating import hangar_problems
from galbatch.rules.galactac.state import NONE, Ship
from galbatch.rules.galactac.turn import Turn


def join(turn: Turn, empire: str, flagship_id: int, ship_id: int) -> bool:
    """JOIN: the ship (with any ships joined to it, as a sub-fleet) follows the flagship's
    orders from now on; both must be in service in the same place."""
    flagship, ship = turn.active(empire, flagship_id), turn.active(empire, ship_id)
    if flagship is None or ship is None or flagship is ship:
        turn.fail(empire, "JOIN", ship_id, "needs two different ships in service")
        return False
    if flagship.location != ship.location:
        turn.fail(empire, "JOIN", ship_id, "not in the same place as the flagship")
        return False
    if flagship.carrier or ship.carrier:
        turn.fail(empire, "JOIN", ship_id, "a hangared ship cannot join a fleet")
        return False
    if flagship in turn.fleet(ship):
        turn.fail(empire, "JOIN", ship_id, "the flagship is already in this ship's fleet")
        return False
    ship.flagship = flagship.id
    ship.mission = NONE
    where = location_text(ship.location)
    turn.tell(ShipEvent(empire, "joined", ship.id, ship.code, ship.name, where, 0, flagship.id))
    return True


def detach(turn: Turn, empire: str, ship_id: int) -> bool:
    """DETACH: the ship leaves its fleet or hangar with orders NONE. Ships joined to it
    stay with the fleet (they join the ship it was joined to); if it was the main
    flagship, the fleet breaks up and each ship keeps the fleet's last order."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, "DETACH", ship_id, "no such ship in service")
        return False
    followers = turn.followers(ship)
    for follower in followers:
        follower.flagship = ship.flagship
        if not ship.flagship:
            follower.mission = ship.mission
    ship.flagship = 0
    ship.carrier = 0
    ship.mission = NONE
    where = location_text(ship.location)
    turn.tell(ShipEvent(empire, "detached", ship.id, ship.code, ship.name, where))
    return True


def hangar_problem(turn: Turn, mothership: Ship, ship: Ship) -> str:
    """Why `ship` cannot go into a hangar of `mothership`, or ""."""
    tech = turn.state.empires[ship.owner].tech
    if mothership.location != ship.location:
        return "not in the same place as the mother ship"
    if len(turn.hangared(mothership)) >= mothership.current.hangars:
        return "no hangar bay available"
    if mothership.carrier:
        return "the mother ship is itself in a hangar"
    problems = hangar_problems(ship.design, tech)
    if problems:
        return problems[0]
    if not ship.current.inertia:
        return "a hangared ship must have at least one working inertia drive"
    if turn.hangared(ship) or turn.followers(ship):
        return "the ship has ships of its own"
    return ""


def assign(turn: Turn, empire: str, mothership_id: int, ship_id: int) -> bool:
    """ASSIGN: a Small ship into a free hangar bay of a mother ship in the same place;
    it gives up its own orders and goes where the mother ship goes."""
    mothership, ship = turn.active(empire, mothership_id), turn.active(empire, ship_id)
    if mothership is None or ship is None or mothership is ship:
        turn.fail(empire, "ASSIGN", ship_id, "needs two different ships in service")
        return False
    problem = hangar_problem(turn, mothership, ship)
    if problem:
        turn.fail(empire, "ASSIGN", ship_id, problem)
        return False
    ship.carrier, ship.flagship, ship.mission = mothership.id, 0, NONE
    where = location_text(ship.location)
    turn.tell(ShipEvent(empire, "assigned", ship.id, ship.code, ship.name, where, 0, mothership.id))
    return True
