"""Galac-Tac's economy: PV taken from star systems by ships present, PV turned into PI
at production systems, cargo moved by LOAD, UNLOAD and TRANSFER, missiles built,
systems improved by COLONIZE and DEVELOP, removed by DOWNGRADE and DESTROY, the
capital moved, and the empire valuation.
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.rules.galactac import names
from galbatch.rules.galactac.events import (
    Cargo,
    Converted,
    Landed,
    Missiles,
    Short,
    SystemChanged,
    TechCaptured,
    Valuation,
)
from galbatch.rules.galactac.galaxy import Location, location_text
from galbatch.rules.galactac.house import (
    CAPITAL_COST,
    COLONIZE_BY_TURN,
    DESTROY_BY_TURN,
    DESTROY_PI_ABOARD,
    DEVELOP_BY_TURN,
    MISSILE_COST,
    TECH_CAPTURE_PERCENT_PER_PV,
    VALUATION,
)
from galbatch.rules.galactac.state import NONE, Mission, Ship, System
from galbatch.rules.galactac.turn import Turn

ITEMS = ("PI", "PV", "MISSILES")

# The PI each improvement needs aboard when it is ordered, and lands turn by turn.
IMPROVEMENT_BY_TURN = {"COLONIZE": COLONIZE_BY_TURN, "DEVELOP": DEVELOP_BY_TURN}


def item_word(item: str) -> str:
    """PI, PV or MISSILES from what an action wrote (MISS, Missile, pi...); "" for a
    word that names no cargo item."""
    word = names.item_word(item)
    return word if word in ITEMS else ""


def aboard(ship: Ship, item: str) -> int:
    return {"PI": ship.pi, "PV": ship.pv, "MISSILES": ship.cargo_missiles}[item]


def _add(ship: Ship, item: str, amount: int) -> None:
    if item == "PI":
        ship.pi += amount
    elif item == "PV":
        ship.pv += amount
    else:
        ship.cargo_missiles += amount


def stow(ships: Sequence[Ship], item: str, amount: int) -> int:
    """Put up to `amount` of an item into the free cargo bays of `ships`, in order;
    what fitted. "One cargo space can carry 1 PI or 1 PV or 1 T-Type missile"."""
    left = amount
    for ship in ships:
        put = min(left, ship.cargo_free)
        _add(ship, item, put)
        left -= put
    return amount - left


def take(ships: Sequence[Ship], item: str, amount: int) -> int:
    """Take up to `amount` of an item out of the cargo of `ships`, in order; what was
    taken."""
    left = amount
    for ship in ships:
        got = min(left, aboard(ship, item))
        _add(ship, item, -got)
        left -= got
    return amount - left


def cargo_fleet(turn: Turn, ship: Ship) -> list[Ship]:
    """The ships whose cargo bays an action to `ship` uses: it and the ships joined to
    it."""
    return turn.fleet(ship)


def improving(turn: Turn, location: Location) -> bool:
    """True while a COLONIZE or DEVELOP is at work at `location`: "The PV from that
    System for those two turns is used in the colonizing process"."""
    return any(
        s.mission.kind in IMPROVEMENT_BY_TURN and s.mission.goal == location == s.location
        for s in turn.all_ships()
    )


def pv_available(turn: Turn, empire: str, location: Location) -> int:
    """PV the empire's ships may still take from the system at `location` this
    fortnight: its output (none at a production system, which converts its own) less
    what they took already."""
    system = turn.system(location)
    if system is None or system.kind == "production" or improving(turn, location):
        return 0
    return max(0, turn.state.output(system, empire) - turn.taken[(empire, location)])


def load(turn: Turn, empire: str, ship_id: int, quantity: int, item: str) -> int:
    """LOAD: cargo from the star system where the ship is; as much as it can when the
    system or the bays fall short. What was loaded."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, "LOAD", ship_id, "no such ship in service")
        return 0
    item = item_word(item)
    if not item:
        turn.fail(empire, "LOAD", ship_id, "the item must be PV, PI or MISSILES")
        return 0
    here = ship.location
    system = turn.system(here)
    if item == "PV":
        available = pv_available(turn, empire, here)
    elif item == "PI":
        production = turn.production(empire, here)
        available = production.pi if production is not None else 0
    else:
        available = system.missiles.get(empire, 0) if system is not None else 0
    ships = cargo_fleet(turn, ship)
    loaded = stow(ships, item, min(quantity, available))
    if item == "PV":
        turn.taken[(empire, here)] += loaded
    elif item == "PI" and system is not None:
        system.pi -= loaded
    elif system is not None:
        system.missiles[empire] = system.missiles.get(empire, 0) - loaded
    if loaded < quantity:
        turn.tell(Short(empire, "LOAD", str(ship_id), item, quantity, loaded))
    if loaded:
        turn.tell(Cargo(empire, "LOAD", ship_id, item, loaded, location_text(here)))
    return loaded


def unload(turn: Turn, empire: str, ship_id: int, quantity: int, item: str) -> int:
    """UNLOAD: cargo into the star system's stockpiles; PV and PI only at a production
    system (PV waits a fortnight to become PI). What was unloaded."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, "UNLOAD", ship_id, "no such ship in service")
        return 0
    item = item_word(item)
    if not item:
        turn.fail(empire, "UNLOAD", ship_id, "the item must be PV, PI or MISSILES")
        return 0
    system = turn.system(ship.location)
    if item in ("PI", "PV") and turn.production(empire, ship.location) is None:
        turn.fail(empire, "UNLOAD", ship_id, f"{item} can only be unloaded at a Production System")
        return 0
    if system is None:
        turn.fail(empire, "UNLOAD", ship_id, "there is no star system here")
        return 0
    done = take(cargo_fleet(turn, ship), item, quantity)
    store(system, empire, item, done)
    if done < quantity:
        turn.tell(Short(empire, "UNLOAD", str(ship_id), item, quantity, done))
    if done:
        turn.tell(Cargo(empire, "UNLOAD", ship_id, item, done, location_text(ship.location)))
    return done


def store(system: System, empire: str, item: str, amount: int) -> None:
    """Put unloaded cargo into a system's stockpiles."""
    if item == "PI":
        system.pi += amount
    elif item == "PV":
        system.pv_waiting += amount
    elif amount:
        system.missiles[empire] = system.missiles.get(empire, 0) + amount


def transfer(turn: Turn, empire: str, from_id: int, to_id: int, quantity: int, item: str) -> int:
    """TRANSFER: cargo between two ships in the same system, as much as the giver has
    and the receiver's bays hold. What was moved."""
    giver, receiver = turn.active(empire, from_id), turn.active(empire, to_id)
    if giver is None or receiver is None or giver is receiver:
        turn.fail(empire, "TRANSFER", from_id, "needs two different ships in service")
        return 0
    if giver.location != receiver.location:
        turn.fail(empire, "TRANSFER", from_id, "both ships must be in the same System")
        return 0
    item = item_word(item)
    if not item:
        turn.fail(empire, "TRANSFER", from_id, "the item must be PV, PI or MISSILES")
        return 0
    amount = min(quantity, aboard(giver, item), receiver.cargo_free)
    _add(giver, item, -amount)
    _add(receiver, item, amount)
    if amount < quantity:
        turn.tell(Short(empire, "TRANSFER", str(from_id), item, quantity, amount))
    if amount:
        where = location_text(giver.location)
        turn.tell(Cargo(empire, "TRANSFER", from_id, item, amount, where, to_id))
    return amount


def build_missiles(turn: Turn, empire: str, location: Location, number: int) -> int:
    """MISSILES: 1 PI each at a production system; as many as possible when PI runs
    short."""
    system = turn.production(empire, location)
    if system is None:
        turn.fail(empire, "MISSILES", location_text(location), "not one of your Production Systems")
        return 0
    built = min(number, system.pi // MISSILE_COST)
    system.pi -= built * MISSILE_COST
    store(system, empire, "MISSILES", built)
    if built < number:
        turn.tell(Short(empire, "MISSILES", location_text(location), "MISSILES", number, built))
    if built:
        turn.tell(Missiles(empire, location_text(location), built))
    return built


# PV into PI


def convert(turn: Turn) -> None:
    """End of the fortnight: every production system turns its own output and the PV
    unloaded there into PI, one for one."""
    for location in sorted(turn.state.systems):
        system = turn.state.systems[location]
        if system.kind != "production" or system.owner is None:
            continue
        own = 0 if location in turn.no_output else turn.state.output(system, system.owner)
        pv = own + system.pv_waiting
        system.pi += pv
        system.pv_waiting = 0
        if pv:
            turn.tell(Converted(system.owner, location_text(location), pv, pv))


# COLONIZE, DEVELOP, DESTROY: ordered in [M], landing in [A]


def begin_improvement(
    turn: Turn, empire: str, ship_id: int, location: Location, kind: str, name: str = ""
) -> bool:
    """COLONIZE, DEVELOP or DESTROY given to a ship/fleet: check the target, load the
    PI it needs from the production system it is in (if not aboard already), and send
    it on its way. False if the action fails."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, kind, ship_id, "no such ship in service")
        return False
    system = turn.system(location)
    problem = improvement_problem(turn, empire, system, kind)
    if problem:
        turn.fail(empire, kind, ship_id, problem)
        return False
    need = DESTROY_PI_ABOARD if kind == "DESTROY" else sum(IMPROVEMENT_BY_TURN[kind])
    fleet = cargo_fleet(turn, ship)
    have = sum(s.pi for s in fleet)
    home = turn.production(empire, ship.location)
    if have < need and home is not None:
        room = sum(s.cargo_free for s in fleet)
        if home.pi >= need - have and room >= need - have:
            home.pi -= stow(fleet, "PI", need - have)
            have = need
    if have < need:
        turn.fail(empire, kind, ship_id, f"needs {need} PI aboard or loadable here")
        return False
    turn.separate(ship)
    ship.mission = Mission(kind, goal=location, name=name)
    return True


def improvement_problem(turn: Turn, empire: str, system: System | None, kind: str) -> str:
    """Why the system cannot be the target of this improvement, or ""."""
    if system is None:
        return "there is no star system there"
    charted = system.location in turn.state.empires[empire].charted
    if kind == "COLONIZE":
        if not charted:
            return "the System must be Charted first"
        if system.owner is not None:
            return "the System already belongs to an empire"
    elif kind == "DEVELOP":
        if system.owner != empire or system.kind != "colony":
            return "only your own Colonies may be developed"
    elif system.owner == empire:
        return "you cannot destroy your own Systems (use DOWNGRADE)"
    elif system.owner is None:
        return "no enemy Colony or Production System there"
    return ""


def improve(turn: Turn) -> None:
    """[A]: every COLONIZE, DEVELOP and DESTROY at its site lands its PI for the turn
    (the turn it arrives under star drive is turn 0 of the BY TURN table)."""
    for ship in turn.all_ships():
        kind = ship.mission.kind
        if kind not in ("COLONIZE", "DEVELOP", "DESTROY") or ship.flagship or ship.carrier:
            continue
        if ship.location != ship.mission.goal or (ship.owner, ship.id) in turn.moved:
            continue
        if turn.ship(ship.owner, ship.id) is not ship:
            continue
        if kind == "DESTROY":
            destroy_step(turn, ship)
        else:
            improvement_step(turn, ship)


def improvement_step(turn: Turn, ship: Ship) -> None:
    """One turn of COLONIZE (5 PI) or DEVELOP (15 PI); the system is the empire's at the
    end of the second."""
    empire, kind, location = ship.owner, ship.mission.kind, ship.location
    system = turn.state.systems[location]
    problem = improvement_problem(turn, empire, system, kind)
    by_turn = IMPROVEMENT_BY_TURN[kind]
    step = ship.mission.landed + 1
    fleet = cargo_fleet(turn, ship)
    if not problem and sum(s.pi for s in fleet) < by_turn[step - 1]:
        problem = f"needs {by_turn[step - 1]} PI aboard"
    if problem:
        turn.fail(empire, kind, ship.id, problem)
        ship.mission = NONE
        return
    take(fleet, "PI", by_turn[step - 1])
    turn.no_output.add(location)
    turn.tell(Landed(empire, kind, ship.id, location_text(location), by_turn[step - 1], step))
    if step < len(by_turn):
        ship.mission = Mission(kind, goal=location, name=ship.mission.name, landed=step)
        return
    system.owner = empire
    system.kind = "colony" if kind == "COLONIZE" else "production"
    if ship.mission.name:
        system.name = ship.mission.name
    change = "colonized" if kind == "COLONIZE" else "developed"
    turn.tell(SystemChanged(empire, location_text(location), change, system.name))
    ship.mission = NONE


def destroy_step(turn: Turn, ship: Ship) -> None:
    """One turn of DESTROY: 10 PI landed; a colony goes at once, a production system
    loses its stockpiles and drydock first and goes the turn after."""
    empire, location = ship.owner, ship.location
    system = turn.state.systems[location]
    problem = improvement_problem(turn, empire, system, "DESTROY")
    if not problem and turn.enemies_at(empire, location):
        problem = "enemy ships are present in the System"
    fleet = cargo_fleet(turn, ship)
    by_turn = DESTROY_BY_TURN["production" if system.kind == "production" else "colony"]
    step = min(ship.mission.landed + 1, len(by_turn))
    if not problem and sum(s.pi for s in fleet) < by_turn[step - 1]:
        problem = f"needs {by_turn[step - 1]} PI aboard"
    if problem:
        turn.fail(empire, "DESTROY", ship.id, problem)
        ship.mission = NONE
        return
    take(fleet, "PI", by_turn[step - 1])
    where = location_text(location)
    turn.tell(Landed(empire, "DESTROY", ship.id, where, by_turn[step - 1], step))
    victim = system.owner
    assert victim is not None
    home = turn.is_home(victim, location)
    if step < len(by_turn):
        if not home:  # a Home System's PI stays until the end: half of it is the prize
            system.pi = 0
        system.missiles.pop(victim, None)
        for other in turn.fleet_of(victim):
            if other.location == location and not other.in_service:
                turn.remove_ship(other)
        told = turn.state.empires[empire].name
        turn.tell(SystemChanged(victim, where, "stockpiles destroyed", system.name, told))
        ship.mission = Mission("DESTROY", goal=location, landed=step)
        return
    destroy_system(turn, empire, system)
    ship.mission = NONE


def destroy_system(turn: Turn, empire: str, system: System) -> None:
    """A DESTROY's last turn: the system is gone; a production system's owner's higher
    tech may be captured, and an enemy Home System brings down its whole empire."""
    victim = system.owner
    assert victim is not None
    where = location_text(system.location)
    attacker, loser = turn.state.empires[empire], turn.state.empires[victim]
    home = loser.home == system.location
    was_production = system.kind == "production"
    prize = system.pi // 2 if home else 0
    system.owner, system.kind, system.name, system.pi, system.pv_waiting = None, "", "", 0, 0
    system.missiles.pop(victim, None)
    turn.tell(SystemChanged(empire, where, "destroyed"))
    turn.tell(SystemChanged(victim, where, "destroyed", by=attacker.name))
    if was_production and loser.tech > attacker.tech:
        chance = capture_chance(system.base_pv)
        if home or turn.rng(f"capture {where}").randrange(100) < chance:
            attacker.tech = loser.tech
            turn.tell(TechCaptured(empire, where, loser.tech))
    if home:
        fall(turn, empire, victim, prize)


def capture_chance(base_pv: int) -> int:
    """The percent chance of capturing the owner's higher tech level when destroying a
    production system: 5 % per base PV (base 8: 40 %)."""
    return min(100, TECH_CAPTURE_PERCENT_PER_PV * base_pv)


def fall(turn: Turn, empire: str, victim: str, prize: int) -> None:
    """An enemy Home System destroyed: half its PI stockpile to the victor's capital,
    every system of the fallen empire becomes the victor's colony, its charts are the
    victor's, and all its fleets vanish."""
    attacker, loser = turn.state.empires[empire], turn.state.empires[victim]
    loser.home = None
    if attacker.home is not None:
        turn.state.systems[attacker.home].pi += prize
    for location in sorted(turn.state.systems):
        system = turn.state.systems[location]
        if system.owner == victim:
            system.owner, system.kind, system.pi, system.pv_waiting = empire, "colony", 0, 0
            system.missiles.pop(victim, None)
            turn.tell(SystemChanged(empire, location_text(location), "taken", system.name))
    attacker.charted = sorted(set(attacker.charted) | set(loser.charted))
    for ship in turn.fleet_of(victim):
        turn.remove_ship(ship)


# CAPITAL and DOWNGRADE: [A], after any combat


def move_capital(turn: Turn, empire: str, location: Location, name: str = "") -> bool:
    """CAPITAL: the Home System moves to another production system for 150 PI from the
    current one, its PI and missile stockpiles with it; no enemy ships may be at either."""
    me = turn.state.empires[empire]
    where = location_text(location)
    target = turn.production(empire, location)
    if me.home is None or target is None or location == me.home:
        turn.fail(empire, "CAPITAL", where, "not another of your Production Systems")
        return False
    old = turn.state.systems[me.home]
    if turn.enemies_at(empire, me.home) or turn.enemies_at(empire, location):
        turn.fail(empire, "CAPITAL", where, "under attack")
        return False
    if old.pi < CAPITAL_COST:
        turn.fail(empire, "CAPITAL", where, f"needs {CAPITAL_COST} PI at the Home System")
        return False
    target.pi += old.pi - CAPITAL_COST
    old.pi = 0
    store(target, empire, "MISSILES", old.missiles.pop(empire, 0))
    me.home = location
    if name:
        target.name = name
    turn.tell(SystemChanged(empire, where, "capital", target.name))
    return True


def downgrade(turn: Turn, empire: str, location: Location) -> bool:
    """DOWNGRADE: a production system (not the Home System) becomes a colony, losing its
    drydock, PI and missile stockpiles and this fortnight's production."""
    me = turn.state.empires[empire]
    where = location_text(location)
    system = turn.production(empire, location)
    if system is None or me.home == location:
        turn.fail(empire, "DOWNGRADE", where, "not one of your Production Systems (or the Home)")
        return False
    if turn.enemies_at(empire, location) or (
        me.home is not None and turn.enemies_at(empire, me.home)
    ):
        turn.fail(empire, "DOWNGRADE", where, "under attack")
        return False
    system.kind, system.pi, system.pv_waiting = "colony", 0, 0
    system.missiles.pop(empire, None)
    for ship in turn.fleet_of(empire):
        if ship.location == location and not ship.in_service:
            turn.remove_ship(ship)
    turn.no_output.add(location)
    turn.tell(SystemChanged(empire, where, "downgraded", system.name))
    return True


# EMPIRE VALUATION


def valuation(turn: Turn, empire: str) -> int:
    """Everything in the empire at its basic value, by the VALUATION table."""
    state = turn.state
    value = VALUATION["research"] * state.empires[empire].research
    for location in sorted(state.systems):
        system = state.systems[location]
        value += VALUATION["missile"] * system.missiles.get(empire, 0)
        if system.owner == empire:
            value += VALUATION["output_fortnights"] * state.output(system, empire)
            value += VALUATION["pi"] * system.pi + VALUATION["pv"] * system.pv_waiting
    for ship in turn.fleet_of(empire):
        value += VALUATION["ship"] * ship.cost
        value += VALUATION["pi"] * ship.pi + VALUATION["pv"] * ship.pv
        value += VALUATION["missile"] * (ship.missiles + ship.cargo_missiles)
    return value


def value_empires(turn: Turn) -> None:
    """Each empire's valuation as a percentile of the leader's (the leader is 100)."""
    values = {e: valuation(turn, e) for e in turn.empires()}
    leader = max(values.values(), default=0)
    for empire, value in values.items():
        percent = 100 * value // leader if leader else 100
        turn.state.empires[empire].valuation = percent
        turn.tell(Valuation(empire, percent))
