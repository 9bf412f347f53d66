"""Galactic Conflict's turn: transfers, launches, production, arrivals, combat, scoring.

The orders come already checked and clamped against the start-of-turn state;
this module still clamps every quantity so nothing goes negative or appears
from nothing. House rules, where the rule book is silent, in the order a turn runs:

- A move, attack or probe to a world d hexes away arrives in run T + turns - 1,
  where turns = ceil(d / 3) and at least 1: three hexes or less arrives within
  the run that launched it (the rule book's "next turn" is the next printout).
- Units through a gate built this turn, from their origin to their destination
  by the same player, arrive within this run whatever the distance.
- Units that do not arrive this run travel on; they cannot be changed or cancelled.
- Transfers come first, to any player of the game named by code name (blanks
  and case do not matter). A world can change hands by transfer once per turn,
  and only its owner at the start of the turn can give it away.
- Attacks, moves and probes leave their world before anything is built, so
  units built this turn never leave it; they belong to whoever gave the order,
  even from a world transferred away this turn.
- A probe launch takes one probe; probes moved with M are units, not expended.
- Production uses the orders of the world's owner at the start of the turn;
  what it builds belongs to the world's owner (the new owner after a transfer).
  Econ ordered destroyed is set aside first; the other Econ orders are paid in
  the order written, each reduced to the Econ left.
- An Econ increase needs all of the world's Econ unused; at zero Econ it is free.
- A world given any B, E, G or D,E order remembers exactly the B and E orders
  carried out; a world given none of them reuses its memory, in order, each
  reduced to the Econ left, and keeps it. Players who sent no orders reuse too.
- Arriving units are handled by destination world number, then launch order.
  Moving units join the world's owner of that moment (NEUTRAL included), before
  combat, so they defend it and fall with it.
- An attack becomes a move if the attacker owns the destination on arrival. When a
  world is transferred, every attack on it by the giver or the recipient that has
  not arrived (launched that turn or before) becomes a move, whenever it arrives;
  its AF then join whoever owns the world on arrival, like any move.
- Combat is fought world by world in number order; a conquered world keeps its
  Econ, CP and probes, which now belong to the conqueror.
- Destruction comes after combat and needs the giver to own the world both at
  the start of the turn and after combat; FT lost in combat there reduce the FT
  destroyed, once for all of the giver's D,F orders at that world.
- Scores count the CP on each player's worlds after combat and destruction.
- Contacts are the players named on one's printout: the owner of every world one
  has a report on (one's own, attacked, defended, probed, given or received),
  every side of a battle there, and the player such a world was transferred from.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeGuard, cast

from galbatch.engine.contract.rng import Streams
from galbatch.engine.contract.ruleset import normal_name
from galbatch.rules.conflict.hexes import distance, turns_to_arrive
from galbatch.rules.conflict.orders import (
    NEUTRAL,
    Attack,
    Build,
    Buildable,
    Destroy,
    EconIncrease,
    Gate,
    Movable,
    Move,
    Order,
    Probe,
    Transfer,
)
from galbatch.rules.conflict.state import (
    Battle,
    Executed,
    Flight,
    GameState,
    Memory,
    TurnReport,
    World,
)
from galbatch.rules.conflict.tables import BUILD_YIELD
from galbatch.rules.conflict.view import named_on_printout

REUSED = "REUSED"

# The World field holding each unit or installation, by its order letter.
FIELDS: dict[str, str] = {"A": "af", "D": "df", "F": "ft", "P": "probes", "C": "cp", "E": "econ"}

Spending = Build | EconIncrease | Gate  # the orders that use a world's Econ


@dataclass(frozen=True)
class Spend:
    """An Econ order carried out at a world, with the Econ it used."""

    order: Spending
    econ: int
    note: str = ""


@dataclass
class Production:
    """What a world builds this turn and what it remembers afterwards."""

    player: str  # the owner at the start of the turn, whose orders these are
    spends: list[Spend]
    memory: Memory


@dataclass
class Turn:
    """The turn being resolved: the new state and what happened so far."""

    state: GameState
    orders: dict[str, list[Order]]
    start_owner: dict[int, str | None]
    transferred: dict[int, tuple[str, str]] = field(default_factory=dict)  # world: (from, to)
    executed: list[Executed] = field(default_factory=list)
    arrivals: list[tuple[str, int, str, int]] = field(default_factory=list)
    probe_reports: list[tuple[str, int]] = field(default_factory=list)
    attacks: dict[int, dict[str, int]] = field(default_factory=dict)  # world: {attacker: AF}
    battles: list[Battle] = field(default_factory=list)
    ft_lost: dict[int, int] = field(default_factory=dict)

    def record(self, player: str, world: int, order: Order, note: str = "") -> None:
        """List an executed order under its world on its giver's printout."""
        self.executed.append(Executed(player, world, order.text(), note))

    def transferred_list(self) -> list[tuple[int, str, str]]:
        """This turn's transfers as (world, from, to), in world order."""
        return [(world, old, new) for world, (old, new) in sorted(self.transferred.items())]


def resolve(state: GameState, orders: Mapping[str, Sequence[Order]], streams: Streams) -> GameState:
    """The state after one turn; `state` itself is left untouched."""
    del streams  # a Galactic Conflict turn has no chance in it
    if state.finished:
        raise ValueError(f"the game ended on turn {state.end_turn}")
    unknown = sorted(set(orders) - set(state.players))
    if unknown:
        raise ValueError(f"orders from unknown players: {', '.join(unknown)}")
    new = copy.deepcopy(state)
    new.turn = state.turn + 1
    turn = Turn(
        state=new,
        orders={player: list(orders[player]) for player in sorted(orders)},
        start_owner={number: world.owner for number, world in new.worlds.items()},
    )
    transfer_worlds(turn)
    plans = plan_all_production(turn)
    launch(turn, gates_of(plans))
    attacks_become_moves(turn)
    produce(turn, plans)
    arrive(turn)
    fight(turn)
    destroy(turn)
    score(new)
    new.report = report_of(turn)
    meet(new)
    return new


def all_orders(turn: Turn) -> Iterable[tuple[str, Order]]:
    """Every order with its giver, players in id order, each player's in file order."""
    for player, orders in turn.orders.items():
        for order in orders:
            yield player, order


def units(world: World, item: str) -> int:
    """How many of an item (order letter) the world has."""
    return int(getattr(world, FIELDS[item]))


def add_units(world: World, item: str, count: int) -> None:
    """Add (or with a negative count, remove) units of an item at a world."""
    setattr(world, FIELDS[item], max(0, units(world, item) + count))


def reduced(asked: int, done: int) -> str:
    """The note for an order carried out with less than was asked."""
    return "" if done == asked else f"REDUCED FROM {asked}"


# 1. Transfers


def transfer_worlds(turn: Turn) -> None:
    """Give worlds away: each T order whose giver owned the world at the start of the turn."""
    names = {normal_name(p.name): p.id for p in turn.state.players.values()}
    given_to: set[tuple[str, str]] = set()
    for player, order in all_orders(turn):
        if not isinstance(order, Transfer):
            continue
        world = turn.state.worlds.get(order.world)
        recipient = names.get(normal_name(order.to))
        if (
            world is None
            or recipient is None
            or recipient == player
            or world.owner != player
            or turn.start_owner.get(order.world) != player
            or (player, recipient) in given_to  # TRANSFER: one world per recipient a turn
        ):
            continue
        given_to.add((player, recipient))
        world.owner = recipient
        turn.transferred[world.number] = (player, recipient)
        turn.record(player, world.number, order)


# 2. Launches


def launch(turn: Turn, gates: set[tuple[int, int]]) -> None:
    """Take attacking, moving and probing units off their worlds and put them in flight."""
    for player, order in all_orders(turn):
        if not isinstance(order, Attack | Move | Probe):
            continue
        origin = turn.state.worlds.get(order.origin)
        dest = turn.state.worlds.get(order.dest)
        if origin is None or dest is None or turn.start_owner.get(origin.number) != player:
            continue
        kind, unit, asked = launched(order)
        count = min(asked, units(origin, unit))
        if count <= 0:
            continue
        add_units(origin, unit, -count)
        if (origin.number, dest.number) in gates:
            arrives = turn.state.turn
        else:
            hexes = distance((origin.col, origin.row), (dest.col, dest.row))
            arrives = turn.state.turn + turns_to_arrive(hexes) - 1
        turn.state.flights.append(
            Flight(player, kind, unit, origin.number, dest.number, count, arrives)
        )
        done = order if isinstance(order, Probe) else replace(order, count=count)
        turn.record(player, origin.number, done, reduced(asked, count))


def attacks_become_moves(turn: Turn) -> None:
    """TRANSFER: "Attacks against a transferred world by either the original owner
    or new owner will be changed to moves": every such attack not yet arrived,
    launched this turn or before, becomes a move, whenever it arrives."""
    for flight in turn.state.flights:
        sides = turn.transferred.get(flight.dest, ())
        if flight.kind == "A" and flight.owner in sides:
            flight.kind = "M"


def launched(order: Attack | Move | Probe) -> tuple[str, Movable, int]:
    """The flight kind, unit and count an A, M or P order sends."""
    if isinstance(order, Attack):
        return "A", "A", order.count
    if isinstance(order, Move):
        return "M", order.unit, order.count
    return "P", "P", 1  # PROBING: one probe per launch


# 3. Production


def uses_econ_at(order: Order, world: int) -> TypeGuard[Spending | Destroy]:
    """True for a B, E, G or D,E order at the world: the orders that use or destroy Econ."""
    if isinstance(order, Build | EconIncrease):
        return order.world == world
    if isinstance(order, Gate):
        return order.origin == world
    return isinstance(order, Destroy) and order.world == world and order.item == "E"


def econ_orders(orders: Sequence[Order], world: int) -> list[Spending | Destroy]:
    """The B, E, G and D,E orders at a world, in file order."""
    return [order for order in orders if uses_econ_at(order, world)]


def plan_all_production(turn: Turn) -> dict[int, Production]:
    """What every world owned at the start of the turn builds; neutral worlds never build."""
    plans: dict[int, Production] = {}
    for number in sorted(turn.state.worlds):
        player = turn.start_owner[number]
        if player is not None:
            world = turn.state.worlds[number]
            plans[number] = plan_production(turn, world, player)
    return plans


def plan_production(turn: Turn, world: World, player: str) -> Production:
    """The world's Econ orders this turn, or last turn's builds again if it was given none."""
    ordered = econ_orders(turn.orders.get(player, []), world.number)
    if not ordered:
        spends = spend(turn, world, player, remembered(world), None, REUSED)
        return Production(player, spends, world.memory)
    # ECON: "Econ cannot be used to build on the turn it is ordered destroyed".
    destroyed = [max(0, o.count) for o in ordered if isinstance(o, Destroy)]
    spending = [o for o in ordered if not isinstance(o, Destroy)]
    spends = spend(turn, world, player, spending, sum(destroyed) if destroyed else None, "")
    memory = tuple(memory_entry(s) for s in spends if not isinstance(s.order, Gate))
    return Production(player, spends, memory)


def remembered(world: World) -> list[Spending]:
    """The world's memory as orders: builds and Econ increases to reuse."""
    orders: list[Spending] = []
    for item, econ in world.memory:
        if item == "E":
            orders.append(EconIncrease(world.number))
        elif item in BUILD_YIELD:
            orders.append(Build(world.number, cast(Buildable, item), econ))
    return orders


def memory_entry(spent: Spend) -> tuple[str, int]:
    """How a world remembers a build or Econ increase carried out."""
    if isinstance(spent.order, Build):
        return spent.order.item, spent.econ
    return "E", 0


def spend(
    turn: Turn,
    world: World,
    player: str,
    orders: Sequence[Spending],
    destroyed: int | None,
    tag: str,
) -> list[Spend]:
    """Pay for Econ orders in order, each Econ once, from the Econ not ordered destroyed
    (`destroyed` is None when no D,E order was given at the world)."""
    left = max(0, world.econ - (destroyed or 0))
    used = destroyed is not None  # an Econ increase needs all of the world's Econ
    spends: list[Spend] = []
    for order in orders:
        if isinstance(order, EconIncrease):
            # ECON: uses all of the world's Econ; at zero Econ it is free.
            if used:
                continue
            spends.append(Spend(order, left, tag))
            left, used = 0, True
            continue
        used = True  # even a build of 0 Econ, or a gate not paid for
        if isinstance(order, Gate):
            # GATES: one Econ, to a world the same player owned at the start of the turn.
            if left < 1 or turn.start_owner.get(order.dest) != player:
                continue
            spends.append(Spend(order, 1, tag))
            left -= 1
        else:
            econ = min(order.econ, left)
            if econ <= 0:
                continue
            note = ", ".join(n for n in (tag, reduced(order.econ, econ)) if n)
            spends.append(Spend(replace(order, econ=econ), econ, note))
            left -= econ
    return spends


def gates_of(plans: Mapping[int, Production]) -> set[tuple[int, int]]:
    """The (origin, destination) pairs of the gates built this turn."""
    return {
        (s.order.origin, s.order.dest)
        for plan in plans.values()
        for s in plan.spends
        if isinstance(s.order, Gate)
    }


def produce(turn: Turn, plans: Mapping[int, Production]) -> None:
    """Carry out the production plans: new units appear at the world, for its owner."""
    for number, plan in plans.items():
        world = turn.state.worlds[number]
        increase = 0
        for spent in plan.spends:
            order = spent.order
            if isinstance(order, Build):
                add_units(world, order.item, spent.econ * BUILD_YIELD[order.item])
            elif isinstance(order, EconIncrease):
                increase = 1  # the new Econ is not used this turn
            turn.record(plan.player, number, order, spent.note)
        world.econ += increase
        world.memory = plan.memory


# 4. Arrivals


def arrive(turn: Turn) -> None:
    """Land the units due this run, by destination world then launch order."""
    now = turn.state.turn
    due = [f for f in turn.state.flights if f.arrives <= now]
    turn.state.flights = [f for f in turn.state.flights if f.arrives > now]
    for flight in sorted(due, key=lambda f: f.dest):
        world = turn.state.worlds[flight.dest]
        if flight.kind == "P":
            turn.probe_reports.append((flight.owner, world.number))  # the probe is expended
        elif flight.kind == "A" and world.owner != flight.owner:  # on one's own world: a move
            forces = turn.attacks.setdefault(world.number, {})
            forces[flight.owner] = forces.get(flight.owner, 0) + flight.count
        else:
            add_units(world, flight.unit, flight.count)  # they now belong to the world's owner
            turn.arrivals.append((flight.owner, world.number, flight.unit, flight.count))


# 5. Combat


def winner_losses(largest: int, second: int) -> int:
    """The winner's losses: second squared over largest, one half rounded up."""
    if largest <= 0:
        return 0
    return min(largest, (2 * second * second + largest) // (2 * largest))


def take_losses(af: int, df: int, ft: int, losses: int) -> tuple[int, int, int]:
    """A winning defender's AF, DF and FT after losses taken from AF, then DF, then FT."""
    left = [af, df, ft]
    for i, have in enumerate(left):
        taken = min(have, max(0, losses))
        left[i] = have - taken
        losses -= taken
    return left[0], left[1], left[2]


def fight(turn: Turn) -> None:
    """Fight every attacked world's battle, in world number order."""
    for number in sorted(turn.attacks):
        world = turn.state.worlds[number]
        ft_before = world.ft
        turn.battles.append(battle(world, turn.attacks[number]))
        turn.ft_lost[number] = ft_before - world.ft


def battle(world: World, attackers: Mapping[str, int]) -> Battle:
    """One world's battle: the largest force wins; a tie of the two largest wipes out all."""
    defender = world.owner
    defended = (world.af, world.df, world.ft)
    defence = sum(defended)
    attack = sorted(attackers.items())
    forces = sorted([defence, *(af for _, af in attack)], reverse=True)
    largest, second = forces[0], forces[1]
    lost = {player: af for player, af in attack}
    lost_defence = defence
    if largest == second:
        world.af = world.df = world.ft = 0
    elif defence == largest:
        lost_defence = winner_losses(largest, second)
        world.af, world.df, world.ft = take_losses(*defended, lost_defence)
    else:
        winner = next(player for player, af in attack if af == largest)
        lost[winner] = winner_losses(largest, second)
        world.owner = winner  # Econ, CP and probes stay, now the winner's
        world.af, world.df, world.ft = largest - lost[winner], 0, 0
    losses = ((defender or NEUTRAL, lost_defence), *((p, lost[p]) for p, _ in attack))
    return Battle(world.number, defender, defended, tuple(attack), world.owner, losses)


# 6. Destruction


def destroy(turn: Turn) -> None:
    """Destroy FT, CP and Econ where the giver kept control of the world."""
    spared = dict(turn.ft_lost)  # FT lost in combat count against FT to destroy
    for player, order in all_orders(turn):
        if not isinstance(order, Destroy):
            continue
        world = turn.state.worlds.get(order.world)
        if world is None or world.owner != player or turn.start_owner.get(world.number) != player:
            continue
        asked = order.count
        wanted = asked
        if order.item == "F":
            already = min(spared.get(world.number, 0), max(0, wanted))
            spared[world.number] = spared.get(world.number, 0) - already
            wanted -= already
        count = min(wanted, units(world, order.item))
        if count <= 0:
            continue
        add_units(world, order.item, -count)
        turn.record(player, world.number, replace(order, count=count), reduced(asked, count))


# 7. Scoring


def score(state: GameState) -> None:
    """Every CP scores one point for the owner of its world, after combat."""
    for world in state.worlds.values():
        if world.owner is not None:
            state.players[world.owner].score += world.cp


# 8. Contacts


def meet(state: GameState) -> None:
    """Add to each player's contacts the players named on their printout this turn:
    every side of a battle they fought or read of, the owner of every world they
    have a report on, the player a world on it was transferred from."""
    for pid, player in state.players.items():
        player.contacts = tuple(sorted(set(player.contacts) | named_on_printout(state, pid)))


# 9. Report


def report_of(turn: Turn) -> TurnReport:
    """The raw material of this turn's printouts, every list in a fixed order."""
    return TurnReport(
        battles=tuple(turn.battles),
        probed=tuple(sorted({number for _, number in turn.probe_reports})),
        probe_reports=tuple(sorted(set(turn.probe_reports))),
        transfers=tuple(turn.transferred_list()),
        executed=tuple(sorted(turn.executed, key=lambda e: (e.player, e.world))),
        arrivals=tuple(sorted(turn.arrivals, key=lambda a: (a[0], a[1]))),
    )
