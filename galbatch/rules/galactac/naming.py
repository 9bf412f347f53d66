"""Galac-Tac's NAME action: systems the empire holds, its ships, and the empire itself
(whose new name everyone who knows the old one is told)."""

from __future__ import annotations

from galbatch.rules.galactac.events import Named
from galbatch.rules.galactac.galaxy import Location, location_text, parse_location
from galbatch.rules.galactac.house import EMPIRE_NAME_LENGTH, NAME_LENGTH
from galbatch.rules.galactac.turn import Turn

EMPIRE = "EMPIRE"


def owns(turn: Turn, empire: str, location: Location) -> bool:
    """True if the empire holds the system or is colonizing it: "Colonizing, a Colony,
    Developing, a Production System, or a Home System"."""
    system = turn.system(location)
    if system is None:
        return False
    if system.owner == empire:
        return True
    return any(
        s.mission.kind == "COLONIZE" and s.mission.goal == location == s.location
        for s in turn.fleet_of(empire)
    )


def name_system(turn: Turn, empire: str, location: Location, name: str) -> bool:
    where = location_text(location)
    if len(name) > NAME_LENGTH:
        turn.fail(empire, "NAME", where, f"a name has at most {NAME_LENGTH} characters")
        return False
    system = turn.system(location)
    if system is None or not owns(turn, empire, location):
        turn.fail(empire, "NAME", where, "you must own a System to name it")
        return False
    old, system.name = system.name, name
    turn.tell(Named(empire, where, old, name))
    return True


def name_ship(turn: Turn, empire: str, ship_id: int, name: str) -> bool:
    if len(name) > NAME_LENGTH:
        turn.fail(empire, "NAME", ship_id, f"a name has at most {NAME_LENGTH} characters")
        return False
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, "NAME", ship_id, "no such ship in service")
        return False
    old, ship.name = ship.name, name
    turn.tell(Named(empire, str(ship_id), old, name))
    return True


def name_empire(turn: Turn, empire: str, name: str) -> bool:
    """NAME Empire: names must be unique; everyone who knows the old name is told."""
    if not name.strip() or len(name) > EMPIRE_NAME_LENGTH:
        turn.fail(
            empire, "NAME", "Empire", f"an empire name has 1 to {EMPIRE_NAME_LENGTH} characters"
        )
        return False
    me = turn.state.empires[empire]
    taken = {e.name.upper() for e in turn.state.empires.values() if e.id != empire}
    if name.upper() in taken:
        turn.fail(empire, "NAME", "Empire", "another empire has that name: choose another")
        return False
    old, me.name = me.name, name
    turn.tell(Named(empire, "Empire", old, name))
    for other in turn.empires():
        if other != empire and empire in turn.state.empires[other].known:
            turn.tell(Named(other, "Empire", old, name))
    return True


def name(turn: Turn, empire: str, what: str, new: str) -> bool:
    """NAME [What] [New Name]: a location YY-XX, a ship ID, or Empire."""
    if what.upper() == EMPIRE:
        return name_empire(turn, empire, new)
    if what.isdigit():
        return name_ship(turn, empire, int(what), new)
    try:
        location = parse_location(what)
    except ValueError:
        turn.fail(empire, "NAME", what, "not a location, a ship ID or Empire")
        return False
    return name_system(turn, empire, location, new)
