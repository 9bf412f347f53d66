"""Galac-Tac's scouting, before any combat: PATROLs and SENTRIES looking for scouts,
caught scouts trying to escape, and the reports of the scouts nobody caught and of the
systems that see enemy ships.

Each searching ship rolls on its own for each scout, and each scout of a fleet is
looked for on its own; scouts never see each other. The numbers are `house.WAR`'s.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from galbatch.rules.galactac.events import ScoutCaught, ScoutReport, ScoutSpotted
from galbatch.rules.galactac.galaxy import Location, location_text
from galbatch.rules.galactac.house import WAR
from galbatch.rules.galactac.rating import ssd
from galbatch.rules.galactac.state import NONE, Ship
from galbatch.rules.galactac.turn import Turn

SEARCHING = ("PATROL", "SENTRY")


def scout_ssd(turn: Turn, scout: Ship) -> int:
    """How big a scout looks: its SSD with its hangared ships' (house rule)."""
    return ssd(scout.current) + sum(ssd(h.current) for h in turn.hangared(scout))


def detect_chance(searcher: Ship, order: str, scout: Ship, size: int) -> int:
    """The percent chance that one PATROL or SENTRY ship finds one scout: 1 % per
    inertia drive plus 1 % per scout SSD; a sentry less its penalty and the scout's
    inertia drives; a platform none."""
    inertia = searcher.current.inertia
    if not inertia and not WAR["platform_adds_scout_ssd"]:
        return 0
    chance = WAR["patrol_percent_per_inertia"] * inertia + WAR["percent_per_scout_ssd"] * size
    if order == "SENTRY":
        chance -= WAR["sentry_penalty_percent"]
        chance -= WAR["sentry_percent_per_scout_inertia"] * scout.current.inertia
    return max(0, min(100, chance))


def escape_chance(scout: Ship) -> int:
    """A caught scout's percent chance to run: 1 % per inertia drive."""
    return min(100, WAR["escape_percent_per_inertia"] * scout.current.inertia)


def scouts_at(turn: Turn, location: Location) -> list[Ship]:
    """The ships at `location` under SCOUT orders (each ship of a scouting fleet; its
    hangared ships ride with their carrier)."""
    return [s for s in turn.ships_at(location) if not s.carrier and turn.orders(s) == "SCOUT"]


def searchers_at(turn: Turn, location: Location, empire: str) -> list[tuple[Ship, str]]:
    """Other empires' ships at `location` looking for scouts, with their order: the
    PATROL or SENTRY ships, their joined ships and their hangared ships."""
    return [
        (s, turn.orders(s))
        for s in turn.enemies_at(empire, location)
        if turn.orders(s) in SEARCHING
    ]


def scout(turn: Turn) -> dict[Location, list[Ship]]:
    """Look for every scout in a star system (a scout in deep space sees nothing and
    is not looked for); the caught ones that did not escape, by location (they
    are in the combat there). Scouts nobody caught are `turn.hidden`; they report."""
    caught: dict[Location, list[Ship]] = {}
    places = sorted(
        {
            s.location
            for s in turn.all_ships()
            if s.location in turn.state.systems and turn.orders(s) == "SCOUT"
        }
    )
    for location in places:
        where = location_text(location)
        rng = turn.rng(f"scouting {where}")
        for ship in scouts_at(turn, location):
            riders = [ship, *turn.hangared(ship)]
            catcher = find(turn, rng, ship, searchers_at(turn, location, ship.owner))
            if catcher is None:
                turn.hidden.update((r.owner, r.id) for r in riders)
                continue
            escaped = rng.randrange(100) < escape_chance(ship)
            by = turn.state.empires[catcher.owner].name
            turn.tell(ScoutCaught(ship.owner, ship.id, where, by, escaped))
            turn.tell(spotted(turn, catcher, ship, escaped))
            turn.separate(ship)
            ship.mission = NONE  # "they are no longer in SCOUT mode"
            if escaped:
                turn.escaped.update((r.owner, r.id) for r in riders)
                report(turn, ship, rough=True)
            else:
                caught.setdefault(location, []).extend(riders)
    for location in places:
        for ship in scouts_at(turn, location):
            if (ship.owner, ship.id) in turn.hidden:
                report(turn, ship)
    return caught


def spotted(turn: Turn, catcher: Ship, scout_: Ship, escaped: bool) -> ScoutSpotted:
    """What the catcher's empire learns of a scout: whose it is and its size; its design
    code only when it stays to fight (the Combat report shows it then): an escaped
    scout was only "detected", never fought (house rule)."""
    return ScoutSpotted(
        catcher.owner,
        location_text(scout_.location),
        turn.state.empires[scout_.owner].name,
        "" if escaped else scout_.code,
        scout_ssd(turn, scout_),
        escaped,
    )


def find(
    turn: Turn, rng_: random.Random, scout_: Ship, searchers: Sequence[tuple[Ship, str]]
) -> Ship | None:
    """The first searching ship (in owner and ID order) that finds the scout, if any:
    every searcher rolls, so the draws do not depend on who found it first."""
    size = scout_ssd(turn, scout_)
    found: Ship | None = None
    for searcher, order in searchers:
        if rng_.randrange(100) < detect_chance(searcher, order, scout_, size) and found is None:
            found = searcher
    return found


def seen_enemies(turn: Turn, empire: str, location: Location) -> list[Ship]:
    """The enemy ships a scout or a system sees: all but the scouts nobody caught."""
    return turn.enemies_at(empire, location)


def report(
    turn: Turn,
    ship: Ship | None,
    rough: bool = False,
    empire: str = "",
    location: Location | None = None,
) -> None:
    """A scouting report of what is at the place: ships, total SSD, largest ship."""
    owner_id = ship.owner if ship is not None else empire
    place = ship.location if ship is not None else location
    assert place is not None
    enemies = seen_enemies(turn, owner_id, place)
    total = sum(ssd(s.current) for s in enemies)
    system = turn.system(place)
    owner = ""
    if system is not None and system.owner is not None and system.owner != owner_id:
        owner = turn.state.empires[system.owner].name
    number = ship.id if ship is not None else 0
    where = location_text(place)
    if rough:
        step = WAR["rough_ssd"]
        total = (total + step // 2) // step * step
        turn.tell(ScoutReport(owner_id, number, where, owner, 0, total, 0, True))
        return
    largest = max((ssd(s.current) for s in enemies), default=0)
    turn.tell(ScoutReport(owner_id, number, where, owner, len(enemies), total, largest))


def system_reports(turn: Turn) -> None:
    """ "A Colony/Production System will automatically give you a SCOUTing report
    whenever an enemy fleet is detected": every held system with enemies in sight."""
    for location in sorted(turn.state.systems):
        system = turn.state.systems[location]
        if system.owner is not None and seen_enemies(turn, system.owner, location):
            report(turn, None, empire=system.owner, location=location)
