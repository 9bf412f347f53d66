"""Checks Galaktikos actions against the board: the checker's layer 3, the player's situation.

The board is public, so the view is the whole board as the round stands when the
player's file is read. The player's turn begins as the round begins it (5.1): the
resources the view shows plus the turn's income, the hexes where his fleets are
claimed and the foreign populations there occupied (unless AUTOMATIC is off, then
where CLAIM and OCCUPY orders ask); the actions are then checked in file order against a
copy of the board on which each accepted action is carried out for its cost and its
tokens (resources spent, fleets and populations moved, habitats, shipyards, fleets and
population added). Outcomes the checker cannot know (battles, strikes) move nothing.

What the other players do earlier in the round may change the board before the
player's turn: the checker judges the board the view shows, and what later moves
change is the round's business (an accepted order may still fail then, and the round
says so).

The rule book's spirit for resources (6): an order giving a quantity (BUILD HABITAT,
BUILD FLEET, GROW, MOVE, MIGRATE, ATTACK) is reduced to what the board allows, with a
warning and the amount. Resources are projected before the round is final (the
player's earlier orders may fail, earlier turns may lift an occupation), so an order
they pay for in part or not at all is kept whole as the board allows it, spending
only what they pay for, for the round to pay at the turn (GK406); only one that not
even the most the turn can bring would pay for is rejected (GK240). An IF order is
checked for what the board says of its action but spends nothing: whether it runs is
known only then; an IF order's action the board does not allow as it stands is
accepted as written with a warning (GK404) when other players' turns earlier in the
round may lift the refusal (a target arriving, a hex in the way left), since its
condition may be written for such a board: the round decides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import replace
from typing import Any

from galbatch.engine.checker.situation import Refusal, Situation, run
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.engine.text.suggest import did_you_mean
from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.codes import (
    GK230,
    GK231,
    GK232,
    GK233,
    GK234,
    GK235,
    GK236,
    GK237,
    GK238,
    GK239,
    GK240,
    GK241,
    GK242,
    GK243,
    GK244,
    GK245,
    GK246,
    GK247,
    GK248,
    GK249,
    GK250,
    GK251,
    GK252,
    GK253,
    GK302,
    GK303,
    GK304,
    GK305,
    GK306,
    GK307,
    GK402,
    GK403,
    GK404,
    GK405,
    GK406,
)
from galbatch.rules.galaktikos.economy import (
    claim_territory,
    claimable,
    convert_target,
    occupy_populations,
)
from galbatch.rules.galaktikos.events import income, overpopulation
from galbatch.rules.galaktikos.facts import bad_hex, good_name, players, rejected, words
from galbatch.rules.galaktikos.facts import hexes as named_hexes
from galbatch.rules.galaktikos.hexes import Hex, distance, is_path, on_map
from galbatch.rules.galaktikos.movement import (
    barrier,
    permit_all,
    permit_by_default,
    shortest_legal_path,
)
from galbatch.rules.galaktikos.placement import (
    EMPTY_SPACE,
    IN_CORE,
    NEXT_TO_CORE,
    SETUP_ROUND,
    galaxy_of,
    placement_error,
)
from galbatch.rules.galaktikos.state import GameState, Illegal
from galbatch.rules.galaktikos.supply import Supply, supplied
from galbatch.rules.galaktikos.tables import (
    COSTS,
    FLEETS_PER_SHIPYARD,
    GROWTH_FACTOR,
    UNSUPPLIED_MOVE_FACTOR,
    Action,
)
from galbatch.rules.galaktikos.targets import aimed
from galbatch.rules.galaktikos.view_board import Read, read

# Refusals that other players' turns earlier in the round may lift: a target arriving, a
# hex in the way or on the supply line left. An IF order refused so is accepted (GK404).
OTHERS_MAY_CHANGE = frozenset({GK238, GK239, GK243, GK245})


def _guarded(reason: str, code: str) -> str:
    """GK404's words: the refusal an IF order would have had, and who decides."""
    return f"{reason} ({code}) as the board stands; the round decides"


COSTED: dict[type, str] = {  # how a refusal for resources names the cost
    o.BuildShipyard: "a shipyard costs",
    o.BuildHabitat: "a habitat costs",
    o.BuildFleet: "a fleet costs",
    o.Grow: "growth costs",
    o.Move: "the move costs",
    o.Migrate: "migration costs",
    o.Attack: "an attack costs",
}


class Short(Refusal):
    """Resources short as the turn is projected (GK406): the order as the board allows it,
    `kept` for the round to judge again at the player's turn with what he has then."""

    def __init__(self, kept: o.Action, reason: str) -> None:
        super().__init__(GK406, reason)
        self.kept = kept


def most_income(state: GameState, player: str, where: Iterable[Hex] | None = None) -> int:
    """The most the player's turn can collect (5.1.1): every population of his harvesting,
    none occupied. Earlier turns of the round can lift occupations, never add his tokens.
    `where`: the hexes his populations may be in, if known (else the board's)."""
    return sum(
        min(mine, state.wealth(hex_))
        for hex_ in (state.populations if where is None else where)
        if (mine := state.population(hex_, player))
    )


# The code of each reason a hex may not take a setup token (3); a taken hex is no refusal.
PLACEMENT_CODES = {IN_CORE: GK250, NEXT_TO_CORE: GK251, EMPTY_SPACE: GK252}


class Turn(Situation[Any]):
    """The player's turn on a copy of the board: checks each action and carries it out."""

    def __init__(
        self, board: Read, player: str, automatic: Mapping[str, bool], asked: Set[Hex]
    ) -> None:
        """The turn's beginning as the round carries it out (5.1), on a copy of the board:
        income collected, hexes claimed and populations occupied (everywhere allowed, or
        where CLAIM and OCCUPY orders ask when AUTOMATIC is off), the turn's bookkeeping
        started."""
        super().__init__()
        self.state = state = board.board.copy()
        self.player = player
        held, settled = board.holdings, board.settled.get(player, [])
        self.began_with_fleet = {h for h in held.fleets.get(player, ()) if state.fleet(h, player)}
        # the most the turn can have, whatever earlier turns and the player's own earlier
        # orders come to: less than one unit of a cost, and the order is rejected (GK240)
        self.ceiling = self.resources + most_income(state, player, settled)
        if player in state.players:
            state.players[player].resources += income(state, player, settled)
            claims = [
                h
                for h in claimable(state, player, held)
                if automatic.get("CLAIM", True) or h in asked
            ]
            claim_territory(state, player, claims, held)
            for hex_, owner in occupy_populations(state, player, held):
                if not automatic.get("OCCUPY", True) and hex_ not in asked:
                    state.unmark(hex_, owner)
        state.population_at_start = {h: state.populations[h][player] for h in settled}
        state.grown, state.fleets_built, state.converted = {}, {}, set()
        self.conditional = False  # whether the action checked is an IF order's
        # supply as the round's default obstructs it, and as it is at best (no fleet
        # obstructing), kept through the turn's own board
        self.supply = Supply(state, mark=False)
        self.unobstructed = Supply(state, _nobody_obstructs, mark=False)

    # -- the driver's hooks -------------------------------------------------------------

    def rejected(self, at: Located) -> str:
        return rejected(at)

    def remark(self, at: Located, text: str) -> str:
        return f"{words(at.text)}: {text}"

    def save(self) -> object:
        """The resources left: an ATTACK pays for its fleets hex by hex, and one it
        rejects at a later hex has paid for none (a rejected order uses nothing)."""
        return self.resources

    def restore(self, saved: object) -> None:
        row = self.state.players.get(self.player)
        if row is not None and isinstance(saved, int):
            row.resources = saved

    def check(self, order: o.Order) -> Any:
        """Check one order and carry out its action on the board: the order as accepted.

        Standing and setup orders pass as layer 2 left them. An IF order's action is
        carried out on a copy of the board (whether it runs is known only then), and a
        refusal that other players' turns may lift makes it a warning (GK404)."""
        self.on_board(order)
        self.names(order)
        action = order.action if isinstance(order, o.Conditional) else order
        if isinstance(order, o.PlaceHome | o.PlacePopulation):
            self.place(order)
        if not isinstance(action, o.Action):
            return order
        self.conditional = isinstance(order, o.Conditional)
        if not isinstance(order, o.Conditional):
            left = self.resources
            try:
                return self.carry_out(action)
            except Short as short:
                self.restore(left)
                return self.kept(short)
        saved = self.state
        self.state = saved.copy()
        try:
            done = self.carry_out(action)
        except Short as short:
            return replace(order, action=self.kept(short))
        except Refusal as refusal:
            if refusal.code not in OTHERS_MAY_CHANGE:
                raise
            # the condition is written for a board the round may yet bring about
            # (an enemy arriving earlier in the round): the round decides
            self.notes = []
            self.warn(GK404, _guarded(refusal.reason, refusal.code))
            return order
        finally:
            self.state = saved
        return replace(order, action=done)

    def kept(self, short: Short) -> o.Action:
        """An action the resources projected for the turn do not pay: kept as the board
        allows it, spending nothing here, with a warning (GK406); the round judges it again
        at the player's turn with the resources he has then (his earlier orders may fail,
        earlier turns may lift an occupation)."""
        self.notes = [note for note in self.notes if note[1] != GK406]  # one, for the whole
        self.warn(GK406, f"{short.reason} as your turn looks now; kept and judged at your turn")
        return short.kept

    def whose(self, order: o.Order) -> None:
        """What the board says of an order layer 2 refused: the hexes it names are on the
        board, the players it names are others, and the territory, fleets and population
        it would use are the player's. Nothing is carried out."""
        self.on_board(order)
        self.names(order)
        if any(bad_hex(name) for name in named_hexes(order)):
            return
        action = order.action if isinstance(order, o.Conditional) else order
        if isinstance(action, o.BuildShipyard | o.BuildHabitat | o.BuildFleet | o.Grow):
            self.friendly(o.hex_of(action.hex))
        elif isinstance(action, o.Move | o.Migrate) and action.path:
            start = o.hex_of(action.path[0])
            if isinstance(action, o.Move) and not self.state.fleet(start, self.player):
                raise Refusal(GK236, f"you have no fleet in {start}")
            if isinstance(action, o.Migrate) and not self.state.population(start, self.player):
                raise Refusal(GK236, f"you have no population in {start}")
        elif isinstance(action, o.Attack):
            target = o.hex_of(action.hex)
            for part in action.attackers:
                hex_ = o.hex_of(part.hex) if action.target == "FLEETS" else target
                if not self.state.fleet(hex_, self.player):
                    raise Refusal(GK242, f"you have no fleet in {hex_}")
        elif isinstance(action, o.Claim | o.Occupy):
            self.began_here(action)

    @property
    def resources(self) -> int:
        """Resources the player has left."""
        row = self.state.players.get(self.player)
        return row.resources if row is not None else 0

    def spend(self, amount: int) -> None:
        """Take the cost of an accepted action from the player's resources."""
        self.state.players[self.player].resources -= amount

    def affordable(self, unit: int) -> int:
        """How many units of the cost `unit` the resources left pay for."""
        return self.resources // unit if unit else 10**9

    def pay(self, wanted: int, unit: int, kept: o.Action, least: int = 0) -> tuple[int, int]:
        """`wanted` units of the cost `unit`: how many the order keeps, and how many the
        resources left pay for here (the projection spends those). Resources are judged
        at the turn: paid in part, the order keeps `wanted` with a warning (GK406) and the
        round pays what it can then. When they pay for none, the order is `kept` for the
        turn (Short), unless not even the turn's most (the ceiling) pays for one at
        `least` (default `unit`), the least one can cost then: rejected (GK240)."""
        can = self.affordable(unit)
        if can >= wanted:
            return wanted, wanted
        if can >= 1:
            self.warn(
                GK406,
                f"your resources as your turn looks now pay for {can} of {wanted} "
                f"({unit} each); kept, the round pays what it can at your turn",
            )
            return wanted, can
        what = COSTED[type(kept)]
        each = " a token" if isinstance(kept, o.Grow | o.Move | o.Migrate | o.Attack) else ""
        if (least or unit) > self.ceiling:
            raise Refusal(
                GK240, f"{what} {least or unit}{each}; your turn brings {self.ceiling} at the most"
            )
        raise Short(kept, f"{what} {unit}{each}; you will have {self.resources} left")

    def friendly(self, hex_: Hex) -> None:
        """Refuse unless the hex is the player's territory."""
        if not self.state.friendly(hex_, self.player):
            raise Refusal(GK230, f"hex {hex_} is not your territory")

    # -- the actions ------------------------------------------------------------------

    def shipyard(self, order: o.BuildShipyard) -> o.Action:
        """BUILD SHIPYARD (6.1.1): friendly, populated by you, 4 resources or rejected."""
        hex_ = o.hex_of(order.hex)
        self.friendly(hex_)
        if not self.state.population(hex_, self.player):
            raise Refusal(GK231, f"hex {hex_} has no population of yours")
        cost = COSTS[Action.SHIPYARD]
        self.pay(1, cost, order)  # one shipyard: paid whole, or kept (Short)
        self.spend(cost)
        self.state.infrastructure(self.state.shipyards, hex_, 1)
        return order

    def habitat(self, order: o.BuildHabitat) -> o.Action:
        """BUILD HABITAT (6.1.2): friendly, settled or with your fleet; 2 each."""
        hex_ = o.hex_of(order.hex)
        self.friendly(hex_)
        if not self.state.settled(hex_) and not self.state.fleet(hex_, self.player):
            raise Refusal(GK235, f"hex {hex_} is unsettled and has no fleet of yours")
        unit = COSTS[Action.HABITAT]
        keep, n = self.pay(order.count, unit, order)
        self.spend(unit * n)
        self.state.infrastructure(self.state.habitats, hex_, n)
        return replace(order, count=keep)

    def fleet(self, order: o.BuildFleet) -> o.Action:
        """BUILD FLEET (6.1.3): friendly shipyard hex, one a shipyard a turn; 4 each."""
        hex_ = o.hex_of(order.hex)
        self.friendly(hex_)
        yards = self.state.shipyards.get(hex_, 0)
        if not yards:
            raise Refusal(GK232, f"hex {hex_} has no shipyard")
        room = FLEETS_PER_SHIPYARD * yards - self.state.fleets_built.get(hex_, 0)
        if room < 1:
            raise Refusal(GK233, f"the shipyards of {hex_} have built all they may this turn")
        n = self.reduce(GK302, order.count, room, f"the shipyards of {hex_} build {room}")
        unit = COSTS[Action.FLEET]
        keep, n = self.pay(n, unit, replace(order, count=n))
        self.spend(unit * n)
        self.state.add(self.state.fleets, hex_, self.player, n)
        self.state.fleets_built[hex_] = self.state.fleets_built.get(hex_, 0) + n
        return replace(order, count=keep)

    def grow(self, order: o.Grow) -> o.Action:
        """GROW (6.1.4): friendly, settled, at most doubling this turn; 2 each."""
        hex_ = o.hex_of(order.hex)
        self.friendly(hex_)
        if not self.state.settled(hex_):
            raise Refusal(GK231, f"hex {hex_} has no population")
        start = self.state.population_at_start.get(hex_, 0)
        room = GROWTH_FACTOR * start - start - self.state.grown.get(hex_, 0)
        if room < 1:
            raise Refusal(GK234, f"the population of {hex_} may not grow past twice {start}")
        n = self.reduce(GK303, order.count, room, f"{hex_} may grow by {room} more")
        unit = COSTS[Action.GROW]
        keep, n = self.pay(n, unit, replace(order, count=n))
        excess = self.state.population(hex_) + n - self.state.capacity(hex_)
        if excess > 0:  # grown and lost at once (7.2): paid for nothing, unless meant so
            self.warn(
                GK405,
                f"{hex_} holds at most {self.state.capacity(hex_)} population:"
                f" overpopulation removes {excess} there at once",
            )
        self.spend(unit * n)
        self.state.add(self.state.populations, hex_, self.player, n)
        self.state.grown[hex_] = self.state.grown.get(hex_, 0) + n
        overpopulation(self.state, hex_)
        return replace(order, count=keep)

    def route(self, path: tuple[str, ...], shortest: bool, migrants: bool) -> tuple[Hex, ...]:
        """The hexes an order travels, start first; refused when not legal."""
        state = self.state
        hexes = tuple(o.hex_of(name) for name in path)

        if shortest:
            # as the round finds it (movement.shortest_legal_path), with the permissions
            # the reader can know: none; through hexes others occupy (with a warning)
            # when there is no other way, since their orders may permit it
            start, end = hexes[0], hexes[-1]
            found = shortest_legal_path(
                state, self.player, start, end, permit_by_default, migrants
            ) or shortest_legal_path(state, self.player, start, end, permit_all, migrants)
            if found is None or len(found) < 2:
                raise Refusal(GK239, f"no legal path leads from {start} to {end}")
            return found
        if len(hexes) < 2 or not is_path(hexes, state.width, state.height):
            raise Refusal(GK237, "the path's hexes must be on the map, each next to the last")
        for hex_ in hexes[1:]:
            if barrier(state, self.player, hex_, permit_all, migrants):
                raise Refusal(GK238, f"migrants may not enter {hex_}: another's territory")
        return hexes

    def occupied_on(self, hexes: tuple[Hex, ...]) -> None:
        """Warn of hexes on the way that another player occupies (he may forbid them)."""
        for hex_ in hexes[1:]:
            others = [p for p in self.state.occupiers(hex_) if p != self.player]
            if others and not house.PERMIT_BY_DEFAULT:
                who = ", ".join(self.state.name_of(p) for p in others)
                self.warn(GK402, f"{who} occupies {hex_}: you enter if permitted")

    def move(self, order: o.Move) -> o.Action:
        """MOVE (6.2.1): the fleet there, a legal path; 1 a token a hex, twice unsupplied."""
        hexes = self.route(order.path, order.shortest, migrants=False)
        there = self.state.fleet(hexes[0], self.player)
        if there < 1:
            raise Refusal(GK236, f"you have no fleet in {hexes[0]}")
        n = self.reduce(GK304, order.count, there, f"you have {there} in {hexes[0]}")
        unit = COSTS[Action.MOVE] * (len(hexes) - 1)
        if not supplied(self.state, hexes[0], self.player, self.supply):
            unit *= UNSUPPLIED_MOVE_FACTOR
        # supplied, by the shortest way the round may find: the least the move can cost
        least = COSTS[Action.MOVE] * distance(hexes[0], hexes[-1])
        keep, n = self.pay(n, unit, replace(order, count=n), least)
        self.occupied_on(hexes)
        self.spend(unit * n)
        self.state.add(self.state.fleets, hexes[0], self.player, -n)
        self.state.add(self.state.fleets, hexes[-1], self.player, n)
        return replace(order, count=keep)

    def migrate(self, order: o.Migrate) -> o.Action:
        """MIGRATE (6.2.2): through friendly or neutral hexes to a friendly one; 2 a token a hex."""
        hexes = self.route(order.path, order.shortest, migrants=True)
        there = self.state.population(hexes[0], self.player)
        if there < 1:
            raise Refusal(GK236, f"you have no population in {hexes[0]}")
        if not self.state.friendly(hexes[-1], self.player):
            raise Refusal(GK230, f"migrants end in your territory; {hexes[-1]} is not")
        n = self.reduce(GK305, order.count, there, f"you have {there} in {hexes[0]}")
        unit = COSTS[Action.MIGRATE] * (len(hexes) - 1)
        least = COSTS[Action.MIGRATE] * distance(hexes[0], hexes[-1])
        keep, n = self.pay(n, unit, replace(order, count=n), least)
        self.occupied_on(hexes)
        self.spend(unit * n)
        self.state.add(self.state.populations, hexes[0], self.player, -n)
        self.state.add(self.state.populations, hexes[-1], self.player, n)
        return replace(order, count=keep)

    def attack(self, order: o.Attack) -> o.Action:
        """ATTACK (8): supplied fleets of yours in range, something to hit; 2 a fleet token."""
        order = self.aim(order)
        # every attacking hex judged by the board first, then paid for hex by hex
        kept = replace(order, attackers=tuple(self.striker(order, p) for p in order.attackers))
        unit = COSTS[Action.ATTACK]
        paid: list[o.Attackers] = []
        for part in kept.attackers:
            keep, n = self.pay(part.count, unit, kept)
            self.spend(unit * n)
            paid.append(replace(part, count=keep))
        return replace(order, attackers=tuple(paid))

    def striker(self, order: o.Attack, part: o.Attackers) -> o.Attackers:
        """One attacking hex's fleet tokens (8.1): in range, there, supplied; reduced to
        those there."""
        target, state = o.hex_of(order.hex), self.state
        hex_ = o.hex_of(part.hex) if order.target == "FLEETS" else target
        reach = house.FLEET_STRIKE_RANGE if order.target == "FLEETS" else 0
        if distance(hex_, target) > reach:
            raise Refusal(GK244, f"a fleet in {hex_} cannot strike {target}")
        there = state.fleet(hex_, self.player)
        if there < 1:
            raise Refusal(GK242, f"you have no fleet in {hex_}")
        if not supplied(state, hex_, self.player, self.supply):
            if not supplied(state, hex_, self.player, self.unobstructed):
                raise Refusal(GK245, f"your fleet in {hex_} is not supplied")
            self.warn(GK403, f"your fleet in {hex_} is supplied only if others' fleets let it")
        return replace(
            part, count=self.reduce(GK306, part.count, there, f"you have {there} in {hex_}")
        )

    def aim(self, order: o.Attack) -> o.Attack:
        """What the attack targets, as the round aims it (`targets.aimed`): nothing is
        refused (GK243), or warned of in an IF (GK404); a count past what there is
        reduced (GK307)."""
        try:
            found = sum(aimed(self.state, self.player, order).values())
        except Illegal as exc:
            if not self.conditional:
                raise Refusal(GK243, str(exc)) from exc
            # an IF order may be written for a target arriving earlier in the round
            self.warn(GK404, _guarded(str(exc), GK243))
            return order
        if order.count is None:
            return order
        return replace(
            order, count=self.reduce(GK307, order.count, found, f"{order.hex} holds {found}")
        )

    def convert(self, order: o.Convert) -> o.Action:
        """CONVERT (6.3.2): a foreign population you occupy, with your fleet there; free."""
        hex_ = o.hex_of(order.hex)
        state = self.state
        named = state.named(order.player) if order.player else None
        owners = [named or convert_target(state, self.player, hex_)]
        mine = [
            w
            for w in owners
            if w != self.player
            and state.population(hex_, w)
            and (not house.CONVERT_NEEDS_MARK or state.occupier(hex_, w) == self.player)
        ]
        if not mine:
            raise Refusal(GK241, f"no population in {hex_} is occupied by you")
        if house.CONVERT_NEEDS_FLEET and not state.fleet(hex_, self.player):
            raise Refusal(GK242, f"you have no fleet in {hex_}")
        state.add(state.populations, hex_, mine[0], -1)
        state.add(state.populations, hex_, self.player, 1)
        return order

    def names(self, order: o.Order) -> None:
        """Refuse an order naming a player by anything but another player's code name, as
        the view's player list (and the printout) gives them, in any case (GK247, GK248)."""
        codes = [p.name for p in self.state.players.values()]
        for name in players(order):
            if not good_name(name):  # no player's name at all: the facts say so (GK203)
                continue
            found = self.state.named(name)
            if found is None:
                hint = did_you_mean(name.upper(), codes)
                raise Refusal(GK247, f"no player has the code name {name}{hint}")
            if found == self.player:
                raise Refusal(GK248, f"{name} is your own code name")

    def on_board(self, order: o.Order) -> None:
        """Refuse an order naming a hex the map has not (GK249): the map's size is the
        game's, so layer 2 cannot know it."""
        width, height = self.state.width, self.state.height
        for name in named_hexes(order):
            if bad_hex(name):  # no hex at all: the facts say so (GK201)
                continue
            if not on_map(o.hex_of(name), width, height):
                raise Refusal(
                    GK249,
                    f"hex {name} is not on the board, which runs from 0101 to"
                    f" {width:02d}{height:02d} ({width} columns, {height} rows)",
                )

    def place(self, order: o.PlaceHome | o.PlacePopulation) -> None:
        """PLACE (3): at the setup only, never in or next to a core hex nor in empty space;
        a hex another player takes first is the round's business (the next PLACE is the
        alternate)."""
        if self.state.round != SETUP_ROUND:
            raise Refusal(GK253, f"the setup is played (this is round {self.state.round})")
        hex_ = o.hex_of(order.hex)
        why = placement_error(galaxy_of(self.state), hex_, set())
        if why in PLACEMENT_CODES:
            raise Refusal(PLACEMENT_CODES[why], f"hex {hex_} {why}")

    def began_here(self, order: o.Claim | o.Occupy) -> o.Action:
        """CLAIM, OCCUPY (5.1.2, 5.1.3): a fleet of yours began the turn in the hex."""
        hex_ = o.hex_of(order.hex)
        if hex_ not in self.began_with_fleet:
            raise Refusal(GK246, f"no fleet of yours began the turn in {hex_}")
        return order

    def carry_out(self, action: o.Action) -> o.Action:
        """Check one action and carry it out on the board; the action as accepted."""
        doers: dict[type, Callable[[Any], o.Action]] = {
            o.BuildShipyard: self.shipyard,
            o.BuildHabitat: self.habitat,
            o.BuildFleet: self.fleet,
            o.Grow: self.grow,
            o.Move: self.move,
            o.Migrate: self.migrate,
            o.Attack: self.attack,
            o.Convert: self.convert,
            o.Claim: self.began_here,
            o.Occupy: self.began_here,
        }
        return doers[type(action)](action)


def automatic(view: Mapping[str, Any], orders: Sequence[Any]) -> dict[str, bool]:
    """AUTOMATIC CLAIM and OCCUPY as they stand for the turn: the reader's standing orders
    the view shows, replaced by the file's (default on)."""
    found: dict[str, bool] = {}
    for text in view.get("standing") or ():
        words = str(text).upper().split()
        if len(words) == 3 and words[0] == "AUTOMATIC":
            found[words[1]] = words[2] == "ON"
    for order in orders:
        if isinstance(order, o.Automatic):
            found[order.what] = order.on
    return found


def check_orders(
    orders: Sequence[Located], view: Mapping[str, Any], player: str
) -> tuple[list[Any], list[Diagnostic]]:
    """The orders accepted (quantities reduced where the book clamps) and the diagnostics."""
    live = [at.order for at in orders if not at.refused]
    asked = {o.hex_of(x.hex) for x in live if isinstance(x, o.Claim | o.Occupy)}
    return run(orders, Turn(read(view), player, automatic(view, live), asked))


def _nobody_obstructs(owner: str, player: str, hex_: Hex) -> bool:
    """No fleet obstructs: the best the other players' OBSTRUCT orders can do (7.3)."""
    del owner, player, hex_
    return False


__all__ = ["check_orders"]
