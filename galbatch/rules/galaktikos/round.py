"""One Galaktikos round (one batch run): every player's turn in seat order, or the setup run.

The board of the book is kept in `RoundState`, a `GameState` that also keeps
what batch play needs: each player's standing orders, the round's events, the
seat that went first and the game's variant. A round begins at a seat that
rotates (house rule, so no seat always moves first); each turn begins with the
book's beginning-of-turn steps (5.1), then the player's actions run in file
order. An action the board no longer allows is not executed and its event
says why; events of the book (overpopulation, supply, access) are recorded
the moment they trigger.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.attacking import Tactics, attack
from galbatch.rules.galaktikos.economy import (
    build_fleet,
    build_habitat,
    build_shipyard,
    claim_territory,
    claimable,
    collect_resources,
    convert,
    convert_target,
    grow,
    occupy_populations,
)
from galbatch.rules.galaktikos.events import (
    Overpopulation,
    access_share,
    overpopulation_everywhere,
)
from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.movement import (
    Permits,
    fleet_move_cost,
    migrate,
    move_fleet,
    shortest_legal_path,
)
from galbatch.rules.galaktikos.names import Infrastructure
from galbatch.rules.galaktikos.orders import (
    Action,
    Attack,
    Automatic,
    BuildFleet,
    BuildHabitat,
    BuildShipyard,
    Claim,
    Condition,
    Conditional,
    Convert,
    First,
    Grow,
    Migrate,
    Move,
    Obstruct,
    Occupy,
    Permit,
    PlaceHome,
    PlacePopulation,
    Reroll,
    Standing,
    hex_of,
)
from galbatch.rules.galaktikos.paying import Harm, on_hand, payable
from galbatch.rules.galaktikos.placement import (
    HOME,
    TAKEN,
    galaxy_of,
    place,
    placement_error,
    setup_steps,
)
from galbatch.rules.galaktikos.round_events import (
    STANDING,
    Announced,
    ConditionFalse,
    Eliminated,
    Event,
    Executed,
    Fought,
    GameEvent,
    NotExecuted,
    Placed,
    StandingSet,
    TurnBegan,
    Won,
)
from galbatch.rules.galaktikos.standing import ANNOUNCED
from galbatch.rules.galaktikos.state import GameState, Holdings, Illegal, RoundState, Tally
from galbatch.rules.galaktikos.supply import Obstructs, Supply, mark_supply
from galbatch.rules.galaktikos.tables import COSTS, FACE_PROPORTION, HexType
from galbatch.rules.galaktikos.tables import Action as Cost
from galbatch.rules.galaktikos.victory import (
    conquest_winner,
    population_share,
    population_winner,
    race_turn,
)
from galbatch.rules.galaktikos.warfare import RerollPolicy, RollView, default_reroll

VARIANTS = ("population", "race", "conquest")
ACTIONS = (
    Attack,
    BuildFleet,
    BuildHabitat,
    BuildShipyard,
    Claim,
    Convert,
    Grow,
    Migrate,
    Move,
    Occupy,
)


# ---- events -----------------------------------------------------------------------------


# ---- the state of batch play ---------------------------------------------------------------


# ---- standing orders as the rules' policies -----------------------------------------------------


def _latest(orders: Sequence[Standing], kind: type[Any]) -> list[Any]:
    return [o for o in orders if isinstance(o, kind)]


def remember(old: Sequence[Standing], new: Sequence[Standing]) -> tuple[Standing, ...]:
    """Standing orders after a run: a new order replaces an older one about the same thing."""

    def key(o: Standing) -> tuple[Any, ...]:
        if isinstance(o, Permit):
            return ("PERMIT", o.player, o.hex)
        if isinstance(o, Obstruct):
            return ("OBSTRUCT", o.player)
        if isinstance(o, Reroll):
            return ("REROLL", o.side)
        if isinstance(o, First):
            return ("FIRST", "PLAYER" if o.player else "INFRASTRUCTURE")
        return ("AUTOMATIC", o.what)

    kept: dict[tuple[Any, ...], Standing] = {key(o): o for o in old}
    for o in new:
        kept.pop(key(o), None)
        if isinstance(o, Permit) and o.hex == "ALL":  # ALL replaces every hex for that player
            for k in [k for k in kept if k[0] == "PERMIT" and k[1] == o.player]:
                del kept[k]
        kept[key(o)] = o
    return tuple(kept.values())


def permits(state: RoundState) -> Permits:
    """Whether an occupier lets a mover enter a hex: its latest PERMIT/FORBID that fits (6.2),
    the mover named by code name. Made afresh for each use, while the standing orders
    stay as they are: the orders of each occupier for each mover are found once (a path
    search asks at every occupied hex it looks at)."""
    found: dict[tuple[str, str], list[Permit]] = {}

    def allowed(occupier: str, mover: str, hex_: Hex) -> bool:
        answer = house.PERMIT_BY_DEFAULT
        orders = found.get((occupier, mover))
        if orders is None:
            orders = found[(occupier, mover)] = [
                o
                for o in _latest(state.standing.get(occupier, ()), Permit)
                if state.named(o.player) == mover
            ]
        for o in orders:
            if o.hex == "ALL":
                answer = o.allowed
        for o in orders:
            if o.hex == hex_.name:
                answer = o.allowed
        return answer

    return allowed


def obstructs(state: RoundState) -> Obstructs:
    """Whether an owner's fleets obstruct a player's supply: its OBSTRUCT orders (7.3), the
    player named by code name. Made afresh for each use, while the standing orders stay
    as they are: each owner's answer for each player is worked out once."""
    decided: dict[tuple[str, str], bool] = {}

    def blocks(owner: str, player: str, hex_: Hex) -> bool:
        del hex_
        if (owner, player) not in decided:
            decided[(owner, player)] = decide(owner, player)
        return decided[(owner, player)]

    def decide(owner: str, player: str) -> bool:
        answer = house.OBSTRUCTS_BY_DEFAULT
        for o in _latest(state.standing.get(owner, ()), Obstruct):
            if o.player == "ALL":
                answer = o.on
        for o in _latest(state.standing.get(owner, ()), Obstruct):
            if o.player != "ALL" and state.named(o.player) == player:
                answer = o.on
        return answer

    return blocks


def defending_player(state: RoundState, fleets: Mapping[str, int], attacker: str) -> str:
    """Whose REROLL orders a defending side of several players follows (house rule): the
    player with the most fleets in the hex, the earliest seat among equals; "" for none."""
    seats = {p: n for n, p in enumerate(state.players)}
    defenders = [p for p, n in fleets.items() if p != attacker and n > 0]
    if not defenders:
        return ""
    return min(defenders, key=lambda p: (-fleets[p], seats.get(p, len(seats))))


def reroll_policy(state: RoundState, attacker: str, defender: str) -> RerollPolicy:
    """When the side with the advantage rerolls (8.3.1): its player's REROLL orders, else the
    default; a defending side's are those of `defending_player`."""

    def wants(view: RollView) -> bool:
        who = attacker if view.caller == "attacker" else defender
        side = "OWN" if view.caller == view.casualties_of else "ENEMY"
        chosen = [o for o in _latest(state.standing.get(who, ()), Reroll) if o.side == side]
        share = FACE_PROPORTION[view.face]
        if not chosen or share is None:
            return default_reroll(view)
        return bool(chosen[-1].wants(Fraction(share)))

    return wants


def first_infrastructure(state: RoundState, player: str) -> Infrastructure:
    """What the player's attacks on infrastructure destroy first, by FIRST SHIPYARDS or
    FIRST HABITATS (8.3.2); the house default when he gave neither."""
    chosen = [o.infrastructure for o in _latest(state.standing.get(player, ()), First)]
    kinds = [kind for kind in chosen if kind is not None]
    return kinds[-1] if kinds else house.FIRST_INFRASTRUCTURE


def first_player(state: RoundState, player: str) -> str:
    """The id of the player whose population takes the extra losses of the player's attacks
    on populations, by FIRST PLAYER (8.3.3); "" when none is named or the name is nobody's."""
    chosen = [o.player for o in _latest(state.standing.get(player, ()), First) if o.player]
    return (state.named(chosen[-1]) or "") if chosen else ""


def player_named(state: RoundState, name: str) -> str:
    """The id of the player an order names by code name; Illegal when nobody has it."""
    found = state.named(name)
    if found is None:
        raise Illegal(f"no player is named {name}")
    return found


def automatic(state: RoundState, player: str, what: str) -> bool:
    """Whether claiming or occupying happens without an order (5.1.2, 5.1.3); default on."""
    answer = True
    for o in _latest(state.standing.get(player, ()), Automatic):
        if o.what == what:
            answer = o.on
    return answer


# ---- the round -------------------------------------------------------------------------------


def first_seat(state: RoundState) -> int:
    """The seat going first this round: one seat on each round when rotating, past the out."""
    seats = list(state.players)
    start = (state.round - 1) % len(seats) if state.rotate else 0
    for step in range(len(seats)):
        seat = (start + step) % len(seats)
        if not state.players[seats[seat]].eliminated:
            return seat
    return start


def turn_order(state: RoundState) -> list[int]:
    """The seats in play, clockwise from the round's first seat."""
    seats = list(state.players)
    first = first_seat(state)
    order = [(first + i) % len(seats) for i in range(len(seats))]
    return [s for s in order if not state.players[seats[s]].eliminated]


class Kept:
    """What a round keeps from turn to turn rather than work out over the board after
    every action: resource access (7.1) and the population counts (2.1), and supply
    (7.3) as the standing orders obstruct it, brought up to date when a player's
    OBSTRUCT orders change (`play_turn`, `Supply.reobstruct`)."""

    def __init__(self, state: RoundState) -> None:
        self.access = Tally(state, access_share)
        self.census = Tally(state, population_share)
        self.supply: Supply | None = None
        self.reobstructed: list[str] = []  # whose OBSTRUCT orders changed since supply was read
        self.holdings = Holdings(state)


class _Turn:
    """One player's turn in progress: the state, the player and the round's log."""

    def __init__(
        self, state: RoundState, player: str, rng: random.Random, log: list[Event], kept: Kept
    ):
        self.state = state
        self.player = player
        self.rng = rng
        self.log = log
        self.course: list[str] = []  # how the action under way was fought, told after it
        self.triggered: list[Event] = []  # what the action under way set off, told after it
        self.kept = kept
        self.access = kept.access
        self.census = kept.census

    @property
    def supply(self) -> Supply | None:
        """Supply as the standing orders obstruct it, once the turn's first watch made it."""
        return None if self.kept.reobstructed else self.kept.supply

    def note(self, event: Event) -> None:
        self.log.append(event)

    def obstructs(self) -> Obstructs:
        """Whose fleets obstruct whose supply this turn: the turn's `Supply` once kept."""
        return self.supply if self.supply is not None else obstructs(self.state)

    def watch(
        self, before_access: dict[str, int], before_supply: set[tuple[Hex, str]]
    ) -> dict[str, int]:
        """Record the events a change of the board triggered (7.1, 7.3); the resource access
        now, which is the next action's `before_access` if nothing changes in between."""
        state = self.state
        if self.kept.supply is None:
            self.kept.supply = Supply(state, obstructs(state))
        elif self.kept.reobstructed:
            self.kept.supply.reobstruct(obstructs(state), self.kept.reobstructed)
        self.kept.reobstructed = []
        self.kept.supply.update()
        for hex_, who in sorted(state.unsupplied - before_supply):
            name = state.name_of(who)
            self.note(GameEvent(who, f"the fleet of {name} at {hex_.name} is out of supply"))
        for hex_, who in sorted(before_supply - state.unsupplied):
            if state.fleet(hex_, who):
                name = state.name_of(who)
                self.note(GameEvent(who, f"the fleet of {name} at {hex_.name} is supplied again"))
        now = self.access.now()
        for who, n in now.items():
            if before_access.get(who, 0) != n:
                self.note(
                    GameEvent(
                        who,
                        f"{state.name_of(who)} now collects {n} resources"
                        f" (was {before_access[who]})",
                    )
                )
        return now

    def overpopulated(self, found: Sequence[Overpopulation]) -> None:
        """Overpopulation (7.2) the action under way caused: told after the action."""
        for o in found:
            lost = ", ".join(f"{self.state.name_of(p)} {n}" for p, n in o.losses)
            self.triggered.append(
                GameEvent(self.player, f"overpopulation at {o.hex.name}: lost {lost}")
            )

    def told(self) -> None:
        """Tell what the action just told set off, in the order it happened."""
        self.log.extend(self.triggered)
        self.triggered = []


def holds(state: GameState, condition: Condition, player: str) -> bool:
    """Whether an IF condition holds now: enemy tokens of the watched kind in the hex, or none."""
    hex_ = hex_of(condition.hex)
    table = state.fleets if condition.watched == "FLEETS" else state.populations
    enemy = any(p != player and n for p, n in table.get(hex_, {}).items())
    return enemy != condition.absent


def _path(state: RoundState, player: str, order: Move | Migrate) -> list[Hex]:
    hexes = [hex_of(h) for h in order.path]
    if not order.shortest:
        return hexes
    migrants = isinstance(order, Migrate)
    found = shortest_legal_path(state, player, hexes[0], hexes[-1], permits(state), migrants)
    if found is None:
        raise Illegal(f"no path {hexes[0].name} to {hexes[-1].name} is open to you")
    return list(found)


def _act(turn: _Turn, action: Action, harm: dict[tuple[Hex, str], str]) -> str:
    """Carry out one action; returns what was done, raising Illegal (or ValueError) if it cannot."""
    if isinstance(action, BuildShipyard):
        build_shipyard(turn.state, turn.player, hex_of(action.hex))
    elif isinstance(action, (BuildHabitat, BuildFleet, Grow)):
        return _build(turn, action)
    elif isinstance(action, Move):
        return _move(turn, action, harm)
    elif isinstance(action, Migrate):
        return _migrate(turn, action, harm)
    elif isinstance(action, Attack):
        return _attack(turn, action, harm)
    elif isinstance(action, Convert):
        return _convert(turn, action)
    elif isinstance(action, (Claim, Occupy)):
        return "done at the beginning of the turn"
    return "done"


def _build(turn: _Turn, action: BuildHabitat | BuildFleet | Grow) -> str:
    """A habitat or a fleet built, or a population grown, `count` times: as many as can
    be, and if fewer, why; Illegal if not one can."""
    state, player = turn.state, turn.player
    hex_ = hex_of(action.hex)
    for done in range(action.count):
        try:
            if isinstance(action, BuildHabitat):
                build_habitat(state, player, hex_)
            elif isinstance(action, BuildFleet):
                build_fleet(state, player, hex_)
            else:
                turn.overpopulated(grow(state, player, hex_))
        except Illegal as exc:
            if done == 0:
                raise
            return f"only {done} of {action.count}: after {done}, {exc}"
    return "done"


def _move(turn: _Turn, action: Move, harm: Harm) -> str:
    """Fleets moved along the path: as many as are left and the resources pay for, and
    if fewer, why (an earlier attack, if one destroyed some)."""
    state, player = turn.state, turn.player
    path = _path(state, player, action)
    cut = on_hand(state, harm, player, path[0], action.count)
    policy = turn.obstructs()
    cut = payable(state, player, cut, fleet_move_cost(state, player, path, 1, policy))
    move_fleet(state, player, path, cut.count, permits(state), policy)
    return cut.told(action.count)


def _migrate(turn: _Turn, action: Migrate, harm: Harm) -> str:
    """Population moved along the path: as many tokens as are left and the resources pay
    for, and if fewer, why."""
    state, player = turn.state, turn.player
    path = _path(state, player, action)
    cut = on_hand(state, harm, player, path[0], action.count, "population")
    cut = payable(state, player, cut, COSTS[Cost.MIGRATE] * (len(path) - 1))
    turn.overpopulated(migrate(state, player, path, cut.count, permits(state)))
    return cut.told(action.count)


def _convert(turn: _Turn, action: Convert) -> str:
    """A token of another player's population in the hex made the player's own: of the
    player named, or else of the largest foreign population the player occupies there."""
    state, player = turn.state, turn.player
    hex_ = hex_of(action.hex)
    owner = convert_target(state, player, hex_)
    if action.player:
        owner = player_named(state, action.player)
    if not owner:
        raise Illegal(f"you occupy no population at {hex_.name}")
    convert(state, player, hex_, owner)
    return f"a token of {state.name_of(owner)}'s is yours"


def _attack(turn: _Turn, action: Attack, harm: dict[tuple[Hex, str], str]) -> str:
    """An attack with the player's standing orders as its tactics: FIRST in the order
    before the standing FIRST (8.3.2, 8.3.3)."""
    state, player = turn.state, turn.player
    named = action.first if action.target == "POPULATION" else ""
    kind = action.first if action.target == "INFRASTRUCTURE" else ""
    tactics = Tactics(
        turn.obstructs(),
        lambda foes: reroll_policy(state, player, defending_player(state, foes, player)),
        player_named(state, named) if named else first_player(state, player),
        cast(Infrastructure, kind) if kind else first_infrastructure(state, player),
    )
    struck = attack(state, player, action, turn.rng, harm, tactics)
    turn.course = struck.course
    turn.overpopulated(struck.overpopulated)
    return struck.done


def _begin(turn: _Turn, orders: Sequence[Any]) -> None:
    """The beginning of the turn (5.1): collect, claim, occupy, and the turn's bookkeeping."""
    state, player = turn.state, turn.player
    collected = collect_resources(state, player)
    held = turn.kept.holdings
    claims = claimable(state, player, held)
    if not automatic(state, player, "CLAIM"):
        asked = {hex_of(o.hex) for o in orders if isinstance(o, Claim)}
        claims = [h for h in claims if h in asked]
    claimed = claim_territory(state, player, claims, held)
    occupied = occupy_populations(state, player, held)  # also lifts marks where no fleet is left
    if not automatic(state, player, "OCCUPY"):
        asked = {hex_of(o.hex) for o in orders if isinstance(o, Occupy)}
        for hex_, owner in [m for m in occupied if m[0] not in asked]:
            state.unmark(hex_, owner)
        occupied = [m for m in occupied if m[0] in asked]
    state.population_at_start = {
        h: row[player] for h, row in sorted(state.populations.items()) if player in row
    }
    state.grown = {}
    state.fleets_built = {}
    state.converted = set()
    words = [f"collected {collected} resources"]
    if claimed:
        words.append("claimed " + " ".join(h.name for h in claimed))
    if occupied:
        words.append("occupied " + " ".join(f"{h.name} ({state.name_of(o)})" for h, o in occupied))
    turn.note(TurnBegan(player, "; ".join(words)))


def _victory(state: RoundState, log: list[Event], census: Tally) -> None:
    if state.winner is not None:
        return
    if state.variant == "conquest":
        out = {p for p, r in state.players.items() if r.eliminated}
        state.winner = conquest_winner(state)
        for p, r in state.players.items():
            if r.eliminated and p not in out:
                log.append(Eliminated(p, f"{state.name_of(p)} is out of play"))
    elif state.variant == "population":
        state.winner = population_winner(state, census.now())
    if state.winner is not None:
        log.append(Won(state.winner, f"{state.name_of(state.winner)} wins the game"))


def play_turn(
    state: RoundState,
    player: str,
    orders: Sequence[Any],
    rng: random.Random,
    log: list[Event],
    kept: Kept | None = None,
) -> None:
    """One player's turn: standing orders, the beginning of the turn, then actions in file
    order. `kept`: what the round keeps from the turns before (none: made afresh)."""
    standing = [o for o in orders if isinstance(o, STANDING)]
    before = state.standing.get(player, ())
    state.standing[player] = remember(before, standing)
    kept = kept or Kept(state)
    if _latest(before, Obstruct) != _latest(state.standing[player], Obstruct):
        kept.reobstructed.append(player)  # his fleets now obstruct others' supply otherwise
    turn = _Turn(state, player, rng, log, kept)
    before_access, before_supply = turn.access.now(), set(state.unsupplied)
    _begin(turn, orders)
    given(standing, player, log)
    if state.variant == "race" and race_turn(state, player) is not None:
        state.winner = player
        name = state.name_of(player)
        log.append(Won(player, f"{name} held the goal three turns and wins the game"))
    known: dict[str, int] | None = turn.watch(before_access, before_supply)
    harm = _harm(log)
    for index, order in enumerate(orders):
        if state.winner is not None:
            unplayed(state, player, orders[index:], log)
            break
        action = order
        if isinstance(order, Conditional):
            try:
                met = holds(state, order.condition, player)
            except ValueError as exc:
                turn.note(NotExecuted(player, f"not executed: {order.text()}: {exc}"))
                continue
            if not met:
                turn.note(ConditionFalse(player, f"not executed: {order.text()}: condition false"))
                continue
            action = order.action
        if not isinstance(action, ACTIONS):
            continue  # standing and setup orders are no actions
        # conditions and victory checks change no population: the access the last watch
        # found holds, unless an action that failed changed the board on its way
        before_access = known if known is not None else turn.access.now()
        before_supply = set(state.unsupplied)
        turn.course = []
        try:
            done = _act(turn, action, harm)
        except ValueError as exc:
            turn.note(NotExecuted(player, f"not executed: {order.text()}: {exc}"))
            turn.told()
            known = None
            continue
        turn.note(Executed(player, f"{order.text()}: {done}"))
        for line in turn.course:
            turn.note(Fought(player, line))
        turn.told()
        known = turn.watch(before_access, before_supply)
        _victory(state, log, turn.census)
    _victory(state, log, turn.census)
    _remember_harm(harm, log)


def unplayed(state: RoundState, player: str, orders: Sequence[Any], log: list[Event]) -> None:
    """Tell each action of `orders` that the round did not reach: the game was won first."""
    won = (
        f"{state.name_of(state.winner)} won the game first" if state.winner else "the game is over"
    )
    for order in orders:
        if isinstance(order, (Conditional, *ACTIONS)):
            log.append(NotExecuted(player, f"not executed: {order.text()}: {won}"))


def given(standing: Sequence[Standing], player: str, log: list[Event]) -> None:
    """Tell the standing orders the player gave this round: in force from his turn."""
    for order in standing:
        kind = Announced if isinstance(order, ANNOUNCED) else StandingSet
        log.append(kind(player, f"{order.text()}: in force"))


def _harm(log: Sequence[Event]) -> dict[tuple[Hex, str], str]:
    """Who destroyed whose tokens where earlier this round, read back from the log."""
    found: dict[tuple[Hex, str], str] = {}
    for event in log:
        if isinstance(event, _Harm):
            found[(hex_of(event.hex), event.victim)] = event.player
    return found


@dataclass(frozen=True)
class _Harm(Event):
    """Bookkeeping within a run: `player` destroyed `victim`'s tokens in `hex` (not kept)."""

    hex: str = ""
    victim: str = ""


def public(log: Sequence[Event]) -> tuple[Event, ...]:
    """The round's log as the players read it: without the harm it keeps for itself."""
    return tuple(e for e in log if not isinstance(e, _Harm))


def _remember_harm(harm: Mapping[tuple[Hex, str], str], log: list[Event]) -> None:
    for (hex_, victim), by in sorted(harm.items()):
        log.append(_Harm(by, "", hex_.name, victim))


def setup_run(state: RoundState, orders: Mapping[str, Sequence[Any]], rng: random.Random) -> None:
    """Turn 0: homes then single populations in seat order from PLACE orders, else automatic.

    Each PLACE line is told: placed, refused with the reason (the hex is a core hex,
    next to one, empty space, or taken by then), or not needed (the tokens of its kind
    were all placed by earlier lines)."""
    seats = list(state.players)
    galaxy = galaxy_of(state)
    taken: dict[Hex, int] = {}
    log: list[Event] = []
    pending = {
        (player, kind): [o for o in orders.get(player, ()) if isinstance(o, kind)]
        for player in seats
        for kind in (PlaceHome, PlacePopulation)
    }

    def ordered(player: str, kind: type[Any]) -> Hex | None:
        """The hex of the player's first PLACE line of the kind that is still legal; the
        lines before it are refused, with the reason."""
        lines = pending[(player, kind)]
        while lines:
            order = lines.pop(0)
            try:
                hex_ = hex_of(order.hex)
                why = placement_error(galaxy, hex_, set(taken))
            except ValueError as exc:
                why = str(exc)
            if not why:
                return hex_
            if why == TAKEN:
                owner = seats[taken[hex_] - 1]
                whose = "your" if owner == player else f"{state.name_of(owner)}'s"
                why = f"already has {whose} token"
            log.append(NotExecuted(player, f"not executed: {order.text()}: {order.hex} {why}"))
        return None

    for step in setup_steps(len(seats)):
        player = seats[step.seat - 1]
        kind = PlaceHome if step.kind == HOME else PlacePopulation
        chosen = ordered(player, kind)
        hex_, auto = place(galaxy, step.seat, [chosen] if chosen is not None else [], taken, rng)
        taken[hex_] = step.seat
        state.add(state.populations, hex_, player, 1)
        state.claim(hex_, player)
        what = "population"
        if step.kind == HOME:
            state.infrastructure(state.shipyards, hex_, 1)
            state.add(state.fleets, hex_, player, 1)
            what = "home"
        how = "automatically" if auto else "as ordered"
        log.append(Placed(player, f"{state.name_of(player)} placed {what} at {hex_.name} {how}"))
    for (player, kind), lines in pending.items():
        what = "your home is" if kind is PlaceHome else "your populations are"
        for order in lines:
            log.append(NotExecuted(player, f"not executed: {order.text()}: {what} placed"))
    for o in overpopulation_everywhere(state):
        lost = ", ".join(f"{state.name_of(p)} {n}" for p, n in o.losses)
        log.append(GameEvent("", f"overpopulation at {o.hex.name}: lost {lost}"))
    for player in seats:
        standing = [o for o in orders.get(player, ()) if isinstance(o, STANDING)]
        state.standing[player] = remember(state.standing.get(player, ()), standing)
        given(standing, player, log)
    mark_supply(state, obstructs(state))
    state.events = tuple(log)


def race_goal(state: GameState) -> Hex | None:
    """The Race goal (house rule): the core hex nearest the middle of the map."""
    cores = sorted(h for h, k in state.kinds.items() if k is HexType.CORE)
    if not cores:
        return None
    mid = (state.width / 2, state.height / 2)
    return min(cores, key=lambda h: ((h.col - mid[0]) ** 2 + (h.row - mid[1]) ** 2, h))
