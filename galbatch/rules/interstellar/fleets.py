"""Committing ships to an encounter: the attacking fleet (Play 3) and allies' ships
(Play 6), with the ship chart's and the alliance rules' restrictions.

A refusal is a `Refusal` carrying the rule it breaks, for the event that tells the
player why his order was not carried out.
"""

from __future__ import annotations

from dataclasses import replace

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.allot import allot, ally_systems, fleet_refusal
from galbatch.rules.interstellar.board import (
    planets_of,
    put,
    ships_text,
    system_of,
    take,
)
from galbatch.rules.interstellar.state import (
    Alliance,
    Commitment,
    Encounter,
    GameState,
    PlanetKey,
    Ships,
    Side,
    planet_text,
)
from galbatch.rules.interstellar.tables import (
    ALLY_SIZES,
    HOME_WORLDS,
    SIZES,
    TRANSPORT,
    WARSHIP,
    Size,
)


class Refusal(Exception):
    """An order the rules do not allow now; the message names the rule."""


def planet_key(state: GameState, planet: o.Planet) -> PlanetKey:
    """The planet an order names, if it is in the game."""
    if state.player_of(planet.colour) is None or planet.tile not in HOME_WORLDS:
        raise Refusal(f"there is no planet {planet.text()} in this game")
    return (planet.colour, planet.tile)


def gather(
    state: GameState,
    player: str,
    groups: tuple[o.Group, ...],
    sources: tuple[PlanetKey, ...],
    sizes: tuple[Size, ...] = SIZES,
) -> tuple[tuple[Commitment, ...], bool]:
    """The ships groups ask for, from the planets named (or, for a group naming none,
    from `sources` in order), as many as are there (allot.allot); and whether any
    quantity was reduced."""
    for group in groups:
        if group.origin is not None:
            planet_key(state, group.origin)
    have = {p: state.at(p, player) for p in state.ships}
    taken, short = allot(have, groups, sources, sizes)
    return tuple(Commitment(player, p, s) for p, s in taken), bool(short)


def lift(state: GameState, commitments: tuple[Commitment, ...]) -> GameState:
    """The committed ships off their planets (house.COMMITTED_SHIPS_LEAVE_PLANETS)."""
    for c in commitments:
        state = take(state, c.origin, c.player, c.ships)
    return state


def land(state: GameState, commitments: tuple[Commitment, ...]) -> GameState:
    """Committed ships back on the planets they came from."""
    for c in commitments:
        state = put(state, c.origin, c.player, c.ships)
    return state


def total(commitments: tuple[Commitment, ...]) -> Ships:
    """All the ships of some commitments."""
    out = Ships()
    for c in commitments:
        out = out.plus(c.ships)
    return out


# ---- Play 3: the attack ------------------------------------------------------------------


def defender_of(state: GameState, attacker: str, target: PlanetKey, named: str) -> str:
    """Whom an attack on `target` is against: the colour named, else the owner of the
    system, else (a planet of the attacker's own system) the first player in seat order
    with ships there (house.OTHER_SHIPS_ON_TARGET_STAY: the others stay out)."""
    owner = state.player_of(system_of(target))
    assert owner is not None
    if named:
        who = state.player_of(named)
        if who is None:
            raise Refusal(f"{named} is not in this game")
        if who == attacker:
            raise Refusal("a player cannot attack himself")
        if who != owner and not state.at(target, who).total:
            raise Refusal(f"{named} has no colony on {planet_text(target)} to attack")
        return who
    if owner != attacker:
        return owner
    for p in state.players():
        if p != attacker and state.at(target, p).total:
            return p
    raise Refusal(
        f"no other player has ships on {planet_text(target)}: a player attacks only a colony"
        " on his own home worlds (Play 3a)"
    )


def declare(state: GameState, player: str, order: o.Attack, attack: int) -> tuple[GameState, str]:
    """The attack an ATTACK order declares: its encounter begun, the fleet off its
    planets; and a note if a quantity was reduced. Raises Refusal."""
    target = planet_key(state, order.target)
    defender = defender_of(state, player, target, order.defender)
    named = [g.origin for g in order.fleet if g.origin is not None]
    if house.SHIPS_ON_TARGET_CANNOT_ATTACK and any((p.colour, p.tile) == target for p in named):
        raise Refusal(f"ships already on {planet_text(target)} cannot attack it")
    mine = tuple(p for p in planets_of(state, player) if p != target)
    fleet, reduced = gather(state, player, order.fleet, mine)
    ships = total(fleet)
    _, why = fleet_refusal(ships, tuple(system_of(c.origin) for c in fleet), system_of(target))
    if why:
        raise Refusal(why)
    encounter = Encounter(attack, player, defender, target, fleet)
    note = f"fleet reduced to {ships_text(ships)}: no more there" if reduced else ""
    return replace(lift(state, fleet), encounter=encounter, attack=attack), note


def could_attack(state: GameState, player: str) -> bool:
    """Whether the player has any attack the ship chart allows: a Warship on a planet,
    and a target in its system, or a Transport to reach another."""
    warships = [p for p in planets_of(state, player) if state.at(p, player).get(WARSHIP)]
    if not warships:
        return False
    if any(state.at(p, player).get(TRANSPORT) for p in planets_of(state, player)):
        return True
    own = state.seat(player).colour
    for planet in warships:
        if system_of(planet) != own:
            return True  # another planet of that system
        for world in state.home(player):
            if any(q != player and n.total for q, n in state.ships.get(world, {}).items()):
                return True
    return False


# ---- Play 4-6: invitations and alliances -------------------------------------------------


def invited(state: GameState, e: Encounter, order: o.Invite) -> tuple[str, ...]:
    """The players an INVITE names, in seat order, never the two main combatants."""
    others = tuple(p for p in state.players() if p not in (e.attacker, e.defender))
    if order.everybody:
        return others
    named = {state.player_of(c) for c in order.players}
    return tuple(p for p in others if p in named)


def ally_planets(state: GameState, e: Encounter, player: str, side: Side) -> tuple[PlanetKey, ...]:
    """Where an ally's ships may come from (Play 6c, 6d): the target's system; for the
    attacker's side, with a Transport in the fleet, also the fleet's systems. The ally's
    home worlds first, as `planets_of` lists them."""
    systems = allied_systems(e, side)
    return tuple(p for p in planets_of(state, player) if system_of(p) in systems)


def allied_systems(e: Encounter, side: Side) -> tuple[str, ...]:
    """The systems an ally of `side` may bring ships from (allot.ally_systems)."""
    return ally_systems(
        system_of(e.target),
        tuple(dict.fromkeys(system_of(c.origin) for c in e.fleet)),
        bool(total(e.fleet).get(TRANSPORT)),
        side,
    )


def sides_inviting(e: Encounter, player: str) -> tuple[Side, ...]:
    """The sides that invited a player."""
    sides: list[Side] = []
    if player in e.invited_by_attacker:
        sides.append("ATTACKER")
    if player in e.invited_by_defender:
        sides.append("DEFENDER")
    return tuple(sides)


def can_help(state: GameState, e: Encounter, player: str, side: Side) -> bool:
    """Whether an invited player has a colony ship or warship where that side may use it."""
    return any(
        state.at(p, player).get(size)
        for p in ally_planets(state, e, player, side)
        for size in ALLY_SIZES
    )


def side_named(state: GameState, e: Encounter, side: str) -> Side | None:
    """The side an ALLY order names: ATTACKER, DEFENDER, or a main combatant's colour."""
    if side in ("ATTACKER", state.seat(e.attacker).colour):
        return "ATTACKER"
    if side in ("DEFENDER", state.seat(e.defender).colour):
        return "DEFENDER"
    return None


def ally(state: GameState, player: str, order: o.Ally) -> tuple[GameState, str]:
    """An ALLY order carried out: the ships committed (colony ships and warships only),
    the alliance recorded; a note if a quantity was reduced. Raises Refusal."""
    e = state.encounter
    assert e is not None
    side = side_named(state, e, order.side)
    if side is None or side not in sides_inviting(e, player):
        raise Refusal(f"{order.side} did not invite you (Play 6)")
    systems = allied_systems(e, side)
    for g in order.ships:
        if g.origin is not None and g.origin.colour not in systems:
            raise Refusal(
                f"allies' ships come from the system attacked unless the attacker uses a"
                f" Transport (Play 6c, 6d): {g.origin.text()} is not in {' or '.join(systems)}"
            )
    allowed = ally_planets(state, e, player, side)
    ships, reduced = gather(state, player, order.ships, allowed, ALLY_SIZES)
    if not total(ships).total:
        raise Refusal("no colony ships or warships where allies' ships may come from (Play 6b-6d)")
    alliance = Alliance(player, side, ships)
    state = replace(lift(state, ships), encounter=replace(e, allies=e.allies + (alliance,)))
    note = f"reduced to {ships_text(total(ships))}: no more there" if reduced else ""
    return state, note


def decline(state: GameState, player: str) -> GameState:
    """An invited player's no."""
    e = state.encounter
    assert e is not None
    return replace(state, encounter=replace(e, declined=e.declined + (player,)))


def side_ships(state: GameState, e: Encounter, side: Side) -> tuple[Commitment, ...]:
    """Everything fighting on a side: the fleet or the defender's ships on the target,
    then that side's allies."""
    if side == "ATTACKER":
        own = e.fleet
    else:
        here = state.at(e.target, e.defender)
        own = (Commitment(e.defender, e.target, here),) if here.total else ()
    return own + tuple(c for a in e.allies if a.side == side for c in a.ships)
