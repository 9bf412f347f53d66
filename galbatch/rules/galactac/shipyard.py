"""Galac-Tac's shipyards: the design table (CLASSIFY, DECLASSIFY), building ships at
production systems, the drydock, and what is done to ships for PI: SCRAP, REFIT,
REPAIR, RELOAD.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from galbatch.rules.galactac.economy import cargo_fleet, store, take
from galbatch.rules.galactac.events import DesignEvent, ShipEvent, Short
from galbatch.rules.galactac.galaxy import Location, location_text
from galbatch.rules.galactac.house import (
    BUILD_MAX,
    CODE_LENGTH,
    MAX_DESIGNS,
    NAME_LENGTH,
    SCRAP_PERCENT,
)
from galbatch.rules.galactac.rating import Rating, cost, delay, problems, ssd
from galbatch.rules.galactac.state import Design, Ship
from galbatch.rules.galactac.turn import Turn

CODE = re.compile(rf"^[A-Z0-9]{{1,{CODE_LENGTH}}}$")


def classify(turn: Turn, empire: str, code: str, name: str, rating: Rating) -> bool:
    """CLASSIFY: add a design; the same rating as a design already in the table renames
    that design (and its ships); a code already defined cannot be reused."""
    me = turn.state.empires[empire]
    code = code.upper()
    if not CODE.match(code):
        turn.fail(empire, "CLASSIFY", code, f"a design code is 1 to {CODE_LENGTH} of A-Z, 0-9")
        return False
    if len(name) > NAME_LENGTH:
        turn.fail(empire, "CLASSIFY", code, f"a design name has at most {NAME_LENGTH} characters")
        return False
    if me.design(code) is not None:
        turn.fail(empire, "CLASSIFY", code, "that code is already defined")
        return False
    rating = Rating(**{k: getattr(rating, k) for k in _PARTS})
    wrong = problems(rating, me.tech)
    if wrong:
        turn.fail(empire, "CLASSIFY", code, wrong[0])
        return False
    for index, design in enumerate(me.designs):
        if design.rating == rating:
            me.designs[index] = Design(design.number, code, name, rating, design.built)
            for ship in turn.fleet_of(empire):
                if ship.code == design.code:
                    ship.code = code
            turn.tell(DesignEvent(empire, "renamed", code, name, design.code))
            return True
    if len(me.designs) >= MAX_DESIGNS:
        turn.fail(empire, "CLASSIFY", code, f"the table already holds {MAX_DESIGNS} designs")
        return False
    me.designs.append(Design(me.next_design, code, name, rating))
    me.next_design += 1
    turn.tell(DesignEvent(empire, "classified", code, name))
    return True


_PARTS = (
    "drones",
    "p_types",
    "t_launchers",
    "racks",
    "shields",
    "hangars",
    "cargo",
    "star",
    "inertia",
)


def declassify(turn: Turn, empire: str, code: str) -> bool:
    """DECLASSIFY: remove a design, unless ships of it are in service or in drydock."""
    me = turn.state.empires[empire]
    design = me.design(code.upper())
    if design is None:
        turn.fail(empire, "DECLASSIFY", code, "no design of that code")
        return False
    if any(s.code == design.code for s in turn.fleet_of(empire)):
        turn.fail(empire, "DECLASSIFY", code, "ships of that design are still in your fleet")
        return False
    me.designs.remove(design)
    turn.tell(DesignEvent(empire, "declassified", design.code, design.name))
    return True


def build(turn: Turn, empire: str, location: Location, code: str, names: Sequence[str]) -> int:
    """BUILD: up to three ships of one design at a production system, each paid in
    advance; the remaining builds abort when PI runs out. How many were started."""
    where = location_text(location)
    system = turn.production(empire, location)
    me = turn.state.empires[empire]
    design = me.design(code.upper())
    if system is None:
        turn.fail(empire, "BUILD", where, "not one of your Production Systems")
        return 0
    if design is None:
        turn.fail(empire, "BUILD", where, f"no design {code.upper()}")
        return 0
    names = list(names)[:BUILD_MAX]
    price = cost(design.rating, me.tech).total
    started = 0
    for name in names:
        if system.pi < price:
            turn.tell(Short(empire, "BUILD", where, "ships", len(names), started))
            break
        system.pi -= price
        ship = new_ship(empire, design, me.tech, location, name[:NAME_LENGTH])
        turn.add_ship(ship)
        ship.left = ship.delay - 1
        me.designs[me.designs.index(design)] = design = Design(
            design.number, design.code, design.name, design.rating, design.built + 1
        )
        started += 1
        turn.tell(ShipEvent(empire, "built", ship.id, ship.code, ship.name, where, price))
    return started


def new_ship(empire: str, design: Design, tech: int, location: Location, name: str) -> Ship:
    """A ship of `design` at `location`, racks full, not yet numbered."""
    return Ship(
        owner=empire,
        id=0,
        code=design.code,
        name=name,
        design=design.rating,
        current=design.rating,
        tech=tech,
        cost=cost(design.rating, tech).total,
        location=location,
        missiles=design.rating.racks,
        delay=delay(design.rating),
    )


def construct(turn: Turn) -> None:
    """The drydock works a fortnight on every ship under construction; a ship whose
    last fortnight it was is in service next turn."""
    for ship in turn.all_ships():
        if ship.left:
            ship.left -= 1
            if not ship.left:
                where = location_text(ship.location)
                turn.tell(ShipEvent(ship.owner, "completed", ship.id, ship.code, ship.name, where))


def scrap_value(ship: Ship) -> int:
    """SCRAP: 80 % of the original value less 1 PI per SSD of damage; a ship under
    construction gives back the unbuilt fortnights in full and the built ones at 80 %."""
    if ship.left:
        built = ship.delay - ship.left
        return ship.cost * (100 * ship.left + SCRAP_PERCENT * built) // (100 * ship.delay)
    damage = ssd(ship.design) - ssd(ship.current)
    return max(0, ship.cost * SCRAP_PERCENT // 100 - damage)


def scrap(turn: Turn, empire: str, ship_id: int) -> int:
    """SCRAP: the ship/fleet (with its hangared ships) is scrapped; at one of the
    empire's production systems its cargo is unloaded first and its value returned,
    elsewhere it is abandoned. The PI returned."""
    ship = turn.ship(empire, ship_id)
    if ship is None:
        turn.fail(empire, "SCRAP", ship_id, "no such ship")
        return 0
    returned = 0
    for each in turn.riders(ship) if ship.in_service else [ship]:
        system = turn.production(empire, each.location)
        value = 0
        if system is not None:
            for item, amount in (("PI", each.pi), ("PV", each.pv)):
                store(system, empire, item, amount)
            store(system, empire, "MISSILES", each.cargo_missiles)
            value = scrap_value(each)
            system.pi += value
        returned += value
        turn.remove_ship(each)
        where = location_text(each.location)
        what = "scrapped" if system is not None else "abandoned"
        turn.tell(ShipEvent(empire, what, each.id, each.code, each.name, where, value))
    return returned


def refit(turn: Turn, empire: str, ship_id: int) -> int:
    """REFIT: the ship/fleet to the empire's tech level at a production system, SSD x
    levels of difference in PI; damaged ships must be REPAIRed first. PI spent."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, "REFIT", ship_id, "no such ship in service")
        return 0
    tech = turn.state.empires[empire].tech
    spent = 0
    for each in turn.riders(ship):
        system = turn.production(empire, each.location)
        if each.tech >= tech:
            continue
        if system is None:
            turn.fail(empire, "REFIT", each.id, "must be in one of your Production Systems")
            continue
        if each.damaged:
            turn.fail(empire, "REFIT", each.id, "damaged ships must be REPAIRed first")
            continue
        price = ssd(each.design) * (tech - each.tech)
        if system.pi < price:
            turn.fail(empire, "REFIT", each.id, f"needs {price} PI")
            continue
        system.pi -= price
        each.tech = tech
        spent += price
        where = location_text(each.location)
        turn.tell(ShipEvent(empire, "refit", each.id, each.code, each.name, where, price))
    return spent


def repair(turn: Turn, empire: str, ship_id: int) -> int:
    """REPAIR: the ship/fleet back to its rating; PI = original SSD - current SSD, from
    the production stockpile first, then the fleet's cargo. Engines are free."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, "REPAIR", ship_id, "no such ship in service")
        return 0
    spent = 0
    fleet = cargo_fleet(turn, ship)
    for each in turn.riders(ship):
        if not each.damaged:
            continue
        price = ssd(each.design) - ssd(each.current)
        system = turn.production(empire, each.location)
        have = (system.pi if system is not None else 0) + sum(s.pi for s in fleet)
        if have < price:
            turn.fail(empire, "REPAIR", each.id, f"needs {price} PI")
            continue
        from_stock = min(price, system.pi) if system is not None else 0
        if system is not None:
            system.pi -= from_stock
        take(fleet, "PI", price - from_stock)
        each.current = each.design
        spent += price
        where = location_text(each.location)
        turn.tell(ShipEvent(empire, "repaired", each.id, each.code, each.name, where, price))
    return spent


def reload(turn: Turn, empire: str, ship_id: int) -> int:
    """RELOAD: fill the working missile racks of the ship/fleet: from the empire's
    missile stockpile here first, then the ship's own cargo, then the fleet's."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, "RELOAD", ship_id, "no such ship in service")
        return 0
    fleet = cargo_fleet(turn, ship)
    loaded = 0
    for each in turn.riders(ship):
        need = max(0, each.current.racks - each.missiles)
        if not need:
            continue
        got = 0
        system = turn.system(each.location)
        if system is not None:
            got = min(need, system.missiles.get(empire, 0))
            if got:
                system.missiles[empire] -= got
        got += take([each, *[s for s in fleet if s is not each]], "MISSILES", need - got)
        each.missiles += got
        loaded += got
        if got < need:
            turn.tell(Short(empire, "RELOAD", str(each.id), "MISSILES", need, got))
        if got:
            where = location_text(each.location)
            turn.tell(ShipEvent(empire, "reloaded", each.id, each.code, each.name, where, got))
    return loaded
