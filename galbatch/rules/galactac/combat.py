"""Galac-Tac's combat step, after movement and scouting, before any [A] action: in
each star system where ships of several empires meet, an ATTACK at Max SSD may be
called off, then a cease fire when every ship is non-hostile, or a battle when any
has a hostile order. Undetected scouts take no part in either.

The battle itself is `battle.py`'s; this step builds its input from the state, applies
its result (damage, ships lost) and tells each empire the Combat report.
"""

from __future__ import annotations

from dataclasses import replace

from galbatch.rules.galactac import battle as battle_
from galbatch.rules.galactac.battle_ships import NO_TARGETS, Combatant, Targets
from galbatch.rules.galactac.events import AttackAborted, CeaseFire, CombatReport, FleetMissing
from galbatch.rules.galactac.galaxy import Location, location_text
from galbatch.rules.galactac.house import CEASE_FIRE_EN_ROUTE, CEASE_FIRE_KEEPS, WAR
from galbatch.rules.galactac.rating import format_rating, ssd
from galbatch.rules.galactac.state import NONE, Ship
from galbatch.rules.galactac.turn import Turn, empire_key

# "If any player has any ship in a System with one of the following actions, a combat
# will ensue: DEFEND, DESTROY, PATROL, SECURE, SENTRY or ATTACK."
HOSTILE = ("DEFEND", "DESTROY", "PATROL", "SECURE", "SENTRY", "ATTACK")


def combatants(turn: Turn, location: Location) -> list[Ship]:
    """The ships at `location` that take part in an encounter: all in service but the
    scouts nobody caught and those that escaped."""
    out = turn.hidden | turn.escaped
    return [
        s
        for s in turn.ships_at(location)
        if (s.owner, s.id) not in out and turn.orders(s) != "SCOUT"
    ]


def owners(ships: list[Ship]) -> list[str]:
    return sorted({s.owner for s in ships}, key=empire_key)


def combat(turn: Turn, caught: dict[Location, list[Ship]]) -> None:
    """Every encounter of the fortnight, system by system in (y, x) order."""
    for location in sorted(turn.state.systems):
        present = combatants(turn, location)
        if len(owners(present)) < 2:
            continue
        present = abort_attacks(turn, location, present)
        if len(owners(present)) < 2:
            continue
        if any(hostile(turn, s) for s in present):
            battle(turn, location, present, caught.get(location, []))
        else:
            cease_fire(turn, location, present)


def hostile(turn: Turn, ship: Ship) -> bool:
    """A ship whose order makes combat: DEFEND, PATROL and SENTRY where they are;
    ATTACK, SECURE and DESTROY only at their goal (a fleet passing a system on its way
    is not attacking it: house rule)."""
    order = turn.orders(ship)
    if order not in HOSTILE:
        return False
    if order in ("ATTACK", "SECURE", "DESTROY"):
        return turn.top(turn.ship(ship.owner, ship.carrier) or ship).mission.goal == ship.location
    return True


def estimate(turn: Turn, location: Location, total: int, ship: Ship) -> int:
    """An ATTACK's estimate of the enemy's total SSD: off by up to the house's error."""
    error = WAR["attack_estimate_error_percent"]
    rng = turn.rng(f"attack estimate {location_text(location)} {ship.owner} {ship.id}")
    return max(0, total * (100 + rng.randint(-error, error)) // 100)


def abort_attacks(turn: Turn, location: Location, present: list[Ship]) -> list[Ship]:
    """ATTACK with a Max SSD: called off when the enemy's estimated total SSD exceeds
    it; the fleet stays in the system with NONE orders, out of any combat, and every
    enemy present is told. The ships that still take part."""
    where = location_text(location)
    for top in [s for s in present if not s.flagship and not s.carrier]:
        mission = top.mission
        if mission.kind != "ATTACK" or not mission.other or mission.goal != location:
            continue
        enemies = [s for s in present if s.owner != top.owner]
        if not enemies:
            continue
        guess = estimate(turn, location, sum(ssd(s.current) for s in enemies), top)
        if guess <= mission.other:
            continue
        fleet = {(s.owner, s.id) for s in turn.riders(top)}
        present = [s for s in present if (s.owner, s.id) not in fleet]
        top.mission = NONE
        attacker = turn.state.empires[top.owner].name
        turn.tell(AttackAborted(top.owner, where, top.id, guess, mission.other))
        for enemy in owners(enemies):
            turn.tell(AttackAborted(enemy, where, 0, 0, 0, attacker))
    return present


def cease_fire(turn: Turn, location: Location, present: list[Ship]) -> None:
    """Everyone non-hostile: every last action is cancelled to NONE but those of the
    ships "already engaged" in COLONIZE, DEVELOP or SHUTTLE; "only the intruder's
    action will be cancelled", an intruder being a ship that arrived this fortnight
    (a shuttle arriving at a stop is on its run: still engaged). Each empire learns whom it met,
    but only when the meeting is news: an order was cancelled, a ship arrived, or two
    of the empires had not met before (ships sitting together with NONE orders are not
    told again each fortnight)."""
    empires = owners(present)
    news = False
    for ship in present:
        key = (ship.owner, ship.id)
        news = news or key in turn.moved
        top = turn.top(ship)
        if ship.carrier or top.mission.kind == "NONE":
            continue
        order = turn.orders(top)
        intruder = (top.owner, top.id) in turn.moved and order not in CEASE_FIRE_EN_ROUTE
        if order in CEASE_FIRE_KEEPS and not intruder:
            continue
        top.mission = NONE
        news = True
    known = {e: set(turn.state.empires[e].known) for e in empires}
    news = news or any(o not in known[e] for e in empires for o in empires if o != e)
    if not news:
        return
    where = location_text(location)
    for empire in empires:
        met = tuple(turn.state.empires[e].name for e in empires if e != empire)
        turn.tell(CeaseFire(empire, where, met))


def status(ship: Ship) -> str:
    """A ship's rating as the Combat report shows it, with its missiles left."""
    if ship.missiles < ship.current.racks:
        return format_rating(replace(ship.current, missiles=ship.missiles))
    return format_rating(ship.current)


def battle(turn: Turn, location: Location, present: list[Ship], caught: list[Ship]) -> None:
    """One system's battle: fought by `battle.py`, then the Combat report to every
    empire with survivors and "missing" to those without."""
    before = {(s.owner, s.id): status(s) for s in present}
    after = fight(turn, location, present, caught)
    report(turn, location, present, before, after)


def combatant(turn: Turn, ship: Ship, caught: bool) -> Combatant:
    """A ship as the battle resolver takes it: its order (a caught scout's SCOUT), its
    parts, missiles, carrier, flagship and COMBAT/STANDING targets."""
    return Combatant(
        id=ship.id,
        empire=ship.owner,
        order="SCOUT" if caught else turn.orders(ship),
        design=ship.design,
        current=ship.current,
        tech=ship.tech,
        missiles=ship.missiles,
        missile_tech=turn.state.empires[ship.owner].tech,
        carrier=ship.carrier,
        flagship=ship.flagship,
        targets=Targets.of(ship.combat) if ship.combat else NO_TARGETS,
        caught=caught,
    )


def fight(
    turn: Turn, location: Location, present: list[Ship], caught: list[Ship]
) -> dict[tuple[str, int], str]:
    """The battle of `present` at `location` (`caught`: the scouts drawn into it), and
    its result applied: parts lost, missiles fired, ships destroyed; then the hangar
    bays repair the ships assigned to them. The survivors' status right after the
    battle, for the Combat report."""
    scouts = {(s.owner, s.id) for s in caught}
    fighters = [combatant(turn, s, (s.owner, s.id) in scouts) for s in present]
    result = battle_.fight(fighters, turn.rng(f"battle {location_text(location)}"))
    ships = {(s.owner, s.id): s for s in present}
    statuses: dict[tuple[str, int], str] = {}
    for after in result.ships:
        ship = ships[(after.empire, after.id)]
        if after.destroyed:
            turn.remove_ship(ship)
            continue
        ship.current = after.current
        ship.missiles = after.missiles
        statuses[(ship.owner, ship.id)] = status(ship)
    for repaired in battle_.fortnight_end(battle_.survivors(fighters, result)):
        ships[(repaired.empire, repaired.id)].current = repaired.current
    return statuses


def report(
    turn: Turn,
    location: Location,
    present: list[Ship],
    before: dict[tuple[str, int], str],
    after: dict[tuple[str, int], str],
) -> None:
    """Before and after status of every ship involved, to each empire with a survivor;
    "dead men tell no tales": an empire with none is told its ships are missing."""
    where = location_text(location)
    alive = set(after)
    ships = sorted(present, key=lambda s: (empire_key(s.owner), s.id))
    for empire in owners(present):
        mine = [s for s in ships if s.owner == empire]
        if any((s.owner, s.id) in alive for s in mine):
            rows = tuple(
                (
                    turn.state.empires[s.owner].name,
                    s.id,
                    s.code,
                    s.name if s.owner == empire else "",  # an enemy's ship names stay its own
                    before[(s.owner, s.id)],
                    after.get((s.owner, s.id), ""),
                )
                for s in ships
            )
            turn.tell(CombatReport(empire, where, rows))
        else:
            turn.tell(FleetMissing(empire, where, tuple(s.id for s in mine)))
