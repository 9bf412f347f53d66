"""Galac-Tac's turn, in the order of ACTION PRECEDENCE.

1. Before [B] actions, empire by empire, each in the order written.
2. Movement [M] actions: the last one given to a ship/fleet is the one that takes
   effect; shuttles, scouts and sentries at a stop do its work and head for the
   next; every fleet moves (`movement.py`).
3. Scouting, then combat: PATROLs and SENTRIES look for scouts, and in every system
   where empires meet, a cease fire or a battle (`scouting.py`, `combat.py`).
4. After [A] actions, empire by empire, in the order written, once the drydocks
   have worked a fortnight; CAPITAL last of them, with the PI left; then
   COLONIZE, DEVELOP and DESTROY land PI at their sites and CHART ships chart
   (`economy.py`, `movement.py`).
5. The end of the fortnight: production systems turn PV into PI, research reaches
   new tech levels, empires that met learn each other's names, the valuation; the
   game ends when one empire is left or the Masters return (`ending.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from galbatch.engine.contract.rng import Streams
from galbatch.rules.galactac import (
    combat,
    delivery,
    economy,
    ending,
    fleets,
    movement,
    naming,
    research,
    scouting,
    shipyard,
)
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.events import Requested
from galbatch.rules.galactac.galaxy import Location
from galbatch.rules.galactac.rating import RatingError, parse_rating
from galbatch.rules.galactac.state import GameState, Mission
from galbatch.rules.galactac.turn import Turn, empire_key

Step = Callable[[Turn, str], object]  # one [M] action for one ship, ready to apply
BeforeRule = Callable[[Turn, str, Any], None]  # one [B] action of an empire, carried out


def resolve(state: GameState, orders: Mapping[str, Sequence[Any]], streams: Streams) -> GameState:
    """The next state after one fortnight; `state` itself is never changed."""
    turn = start(state, streams)
    delivery.deliver(turn, orders)  # by the names the empires had when the turn began
    for empire in turn.empires():
        for action in orders.get(empire, ()):
            if action.PHASE == "B":
                before(turn, empire, action)
    for empire in turn.empires():
        last: dict[int, Step] = {}
        for action in orders.get(empire, ()):
            if action.PHASE == "M":
                for ship, step in movement_steps(action):
                    last.pop(ship, None)
                    last[ship] = step
        for step in last.values():
            step(turn, empire)
    movement.shuttle_stops(turn)
    route_stops(turn)
    movement.move(turn)
    caught = scouting.scout(turn)
    scouting.system_reports(turn)
    combat.combat(turn, caught)
    shipyard.construct(turn)
    for empire in turn.empires():
        for action in orders.get(empire, ()):
            if action.PHASE == "A" and not isinstance(action, a.Capital):
                after(turn, empire, action)
    for empire in turn.empires():  # "by the end of the turn (after builds, research, etc.)"
        for action in orders.get(empire, ()):
            if isinstance(action, a.Capital):
                economy.move_capital(turn, empire, place(action.location), action.name)
    economy.improve(turn)
    movement.chart(turn)
    economy.convert(turn)
    research.advance(turn)
    encounter(turn)
    economy.value_empires(turn)
    ending.end_game(turn)
    return finish(turn)


def start(state: GameState, streams: Streams) -> Turn:
    """A copy of the state for the new fortnight, with last fortnight's events cleared."""
    new = state.clone()
    new.turn = state.turn + 1
    new.events = []
    return Turn(new, streams)


def finish(turn: Turn) -> GameState:
    """Put the ships back in (empire, ID) order."""
    turn.state.ships = turn.all_ships()
    return turn.state


def place(location: a.Location) -> Location:
    """An action's location as the state keeps it."""
    return location.y, location.x


# [B]


def before(turn: Turn, empire: str, action: Any) -> None:
    """Carry out one Before action now."""
    rule = BEFORE.get(type(action))
    if rule is not None:
        rule(turn, empire, action)


def _cargo(turn: Turn, empire: str, action: a.Load | a.Unload) -> None:
    """LOAD or UNLOAD: each cargo in the order written."""
    rule = economy.load if isinstance(action, a.Load) else economy.unload
    for cargo in action.cargo:
        rule(turn, empire, action.ship, cargo.quantity, cargo.item)


def _transfer(turn: Turn, empire: str, action: a.Transfer) -> None:
    """TRANSFER: cargo from one ship to another."""
    cargo = action.cargo
    economy.transfer(turn, empire, action.source, action.target, cargo.quantity, cargo.item)


def _missiles(turn: Turn, empire: str, action: a.Missiles) -> None:
    """MISSILES: a stockpile built at each system named."""
    for stock in action.builds:
        economy.build_missiles(turn, empire, place(stock.location), stock.quantity)


def _research(turn: Turn, empire: str, action: a.Research) -> None:
    """RESEARCH: PI expended at each system named."""
    for stock in action.spending:
        research.research(turn, empire, place(stock.location), stock.quantity)


def _classify(turn: Turn, empire: str, action: a.Classify) -> None:
    """CLASSIFY: a design added, if its rating reads."""
    try:
        rating = parse_rating(action.rating)
    except RatingError as e:
        turn.fail(empire, "CLASSIFY", action.code, e.message)
        return
    shipyard.classify(turn, empire, action.code, action.name, rating)


def _declassify(turn: Turn, empire: str, action: a.Declassify) -> None:
    """DECLASSIFY: each design named removed."""
    for code in action.codes:
        shipyard.declassify(turn, empire, code)


def _name(turn: Turn, empire: str, action: a.Name) -> None:
    """NAME: each system or ship named, in the order written."""
    for naming_ in action.namings:
        what = naming_.what
        text = what.text() if isinstance(what, a.Location) else str(what)
        naming.name(turn, empire, text, naming_.name)


def _join(turn: Turn, empire: str, action: a.Join) -> None:
    """JOIN: each ship joins the flagship's fleet."""
    for ship in action.ships:
        fleets.join(turn, empire, action.flagship, ship)


def _assign(turn: Turn, empire: str, action: a.Assign) -> None:
    """ASSIGN: each ship assigned to the mothership's hangar bays."""
    for ship in action.ships:
        fleets.assign(turn, empire, action.mothership, ship)


def _each_ship(rule: Callable[[Turn, str, int], object]) -> BeforeRule:
    """An action on a list of ships and nothing else: `rule` for each, in the order written."""

    def carry_out(turn: Turn, empire: str, action: Any) -> None:
        for ship in action.ships:
            rule(turn, empire, ship)

    return carry_out


def _stances(turn: Turn, empire: str, action: a.Defend | a.Patrol) -> None:
    """DEFEND or PATROL: each ship holds its place under that order."""
    for ship in action.ships:
        stance(turn, empire, ship, action.WORD)


def _targets(turn: Turn, empire: str, action: a.Combat | a.Standing) -> None:
    """COMBAT or STANDING: the flagship's fleet's targets."""
    targets = (action.drone, action.p_type, action.t_type, action.min_ssd)
    aim(turn, empire, action.flagship, action.WORD, targets)


def stance(turn: Turn, empire: str, ship_id: int, kind: str) -> None:
    """DEFEND or PATROL: the ship/fleet holds its place under that order (the combat
    step reads it)."""
    ship = movement.ordered_ship(turn, empire, ship_id, kind)
    if ship is not None:
        ship.mission = Mission(kind)


def aim(turn: Turn, empire: str, ship_id: int, word: str, targets: tuple[int, ...]) -> None:
    """COMBAT (after ATTACK) or STANDING (after DEFEND): the fleet's targets; all zero
    cancels them."""
    ship = turn.active(empire, ship_id)
    if ship is None:
        turn.fail(empire, word, ship_id, "no such ship in service")
        return
    ship.combat = () if not any(targets) else targets


# Each [B] action's rule, by its order's class.
BEFORE: dict[type, BeforeRule] = {
    a.Load: _cargo,
    a.Unload: _cargo,
    a.Transfer: _transfer,
    a.Missiles: _missiles,
    a.Research: _research,
    a.Classify: _classify,
    a.Declassify: _declassify,
    a.Name: _name,
    a.Join: _join,
    a.Detach: _each_ship(fleets.detach),
    a.Assign: _assign,
    a.Repair: _each_ship(shipyard.repair),
    a.Reload: _each_ship(shipyard.reload),
    a.Defend: _stances,
    a.Patrol: _stances,
    a.Combat: _targets,
    a.Standing: _targets,
}


# [M]


def movement_steps(action: Any) -> list[tuple[int, Step]]:
    """Each ship an [M] action moves, with what applying it does."""
    if isinstance(action, a.To | a.Chart | a.Secure | a.Destroy):
        return [(m.ship, _moving(action.WORD, m.ship, place(m.location))) for m in action.moves]
    if isinstance(action, a.Attack):
        return [(action.ship, _attacking(action.ship, place(action.location), action.max_ssd))]
    if isinstance(action, a.Colonize | a.Develop):
        goal = place(action.location)
        return [(action.ship, _improving(action.WORD, action.ship, goal, action.name))]
    if isinstance(action, a.Shuttle | a.Scout | a.Sentry):
        route = [place(r) for r in action.route]
        return [(action.ship, _routed(action.WORD, action.ship, route))]
    if isinstance(action, a.Tow):
        towing, towed, goal = action.towing, action.towed, place(action.location)
        return [(towing, lambda turn, empire: movement.tow(turn, empire, towing, towed, goal))]
    return []


def _moving(kind: str, ship: int, goal: Location) -> Step:
    if kind == "DESTROY":
        return _improving(kind, ship, goal, "")
    return lambda turn, empire: movement.go(turn, empire, ship, goal, kind)


def _attacking(ship_id: int, goal: Location, max_ssd: int) -> Step:
    """ATTACK: a move whose mission keeps its Max SSD (in `other`) for the combat step."""

    def step(turn: Turn, empire: str) -> None:
        if movement.go(turn, empire, ship_id, goal, "ATTACK"):
            ship = turn.active(empire, ship_id)
            if ship is not None:
                ship.mission = Mission("ATTACK", goal=goal, other=max_ssd)

    return step


def _improving(kind: str, ship: int, goal: Location, name: str) -> Step:
    return lambda turn, empire: economy.begin_improvement(turn, empire, ship, goal, kind, name)


def _routed(kind: str, ship_id: int, route: list[Location]) -> Step:
    def step(turn: Turn, empire: str) -> None:
        if kind == "SHUTTLE":
            movement.shuttle(turn, empire, ship_id, route)
            return
        ship = movement.ordered_ship(turn, empire, ship_id, kind)
        if ship is not None and route:
            ship.mission = Mission(kind, goal=route[0], route=tuple(route))

    return step


def route_stops(turn: Turn) -> None:
    """A SCOUT or SENTRY on its stop heads for the next one: a SCOUT stays on its last,
    a SENTRY goes round again."""
    for ship in turn.all_ships():
        mission = ship.mission
        if mission.kind not in ("SCOUT", "SENTRY") or ship.location != mission.goal:
            continue
        stop = mission.stop + 1
        if stop >= len(mission.route):
            if mission.kind == "SCOUT":
                continue
            stop = 0
        ship.mission = Mission(
            mission.kind, goal=mission.route[stop], route=mission.route, stop=stop
        )


# [A]


def after(turn: Turn, empire: str, action: Any) -> None:
    """Carry out one After action."""
    if isinstance(action, a.Build):
        shipyard.build(turn, empire, place(action.location), action.code, action.names)
    elif isinstance(action, a.Downgrade):
        for system in action.systems:
            if economy.downgrade(turn, empire, place(system.location)) and system.name:
                naming.name(turn, empire, system.location.text(), system.name)
    elif isinstance(action, a.Refit):
        for ship in action.ships:
            shipyard.refit(turn, empire, ship)
    elif isinstance(action, a.Scrap):
        for ship in action.ships:
            shipyard.scrap(turn, empire, ship)
    elif isinstance(action, a.Map):
        for request in action.maps:
            turn.tell(Requested(empire, "MAP", request.text()))
    elif isinstance(action, a.Shipyard):
        turn.tell(Requested(empire, "SHIPYARD", " ".join(action.sorts)))


# The end of the fortnight


def encounter(turn: Turn) -> None:
    """Empires whose ships (or ships and systems) met in a star system this fortnight
    learn each other's names: a diplomatic message needs the name of an empire met.
    Ships meet only in star systems (house rule), where a cease fire or a battle says
    "who you ran into"; ships passing in deep space see nothing."""
    present: dict[Location, set[str]] = {}
    unseen = turn.hidden | turn.escaped
    for ship in turn.all_ships():
        if ship.location not in turn.state.systems:
            continue
        if ship.in_service and ship.mission.kind != "SCOUT" and (ship.owner, ship.id) not in unseen:
            present.setdefault(ship.location, set()).add(ship.owner)
    for location, owners in present.items():
        system = turn.system(location)
        if system is not None and system.owner is not None:
            owners.add(system.owner)
    for owners in present.values():
        for empire in owners:
            me = turn.state.empires[empire]
            met = sorted(set(me.known) | (owners - {empire}), key=empire_key)
            me.known = met
