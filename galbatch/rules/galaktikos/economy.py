"""The beginning of a turn (5.1), building and growing (6.1), and conversion (6.3.2)."""

from __future__ import annotations

from collections.abc import Iterable

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.events import (
    ExtrasPolicy,
    Overpopulation,
    default_extras,
    income,
    overpopulation,
)
from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.state import GameState, Holdings, Illegal
from galbatch.rules.galaktikos.supply import Obstructs, mark_supply, obstruct_by_default
from galbatch.rules.galaktikos.tables import (
    COSTS,
    FLEETS_PER_SHIPYARD,
    GROWTH_FACTOR,
    Action,
)


def collect_resources(state: GameState, player: str) -> int:
    """Collect the turn's resources; savings carry over (5.1.1). Returns the amount."""
    amount = income(state, player)
    state.players[player].resources += amount
    return amount


def claimable(state: GameState, player: str, held: Holdings | None = None) -> list[Hex]:
    """Neutral or unfriendly hexes a friendly fleet begins the turn in (5.1.2); `held`: a
    round's `Holdings`, where to look (else the board)."""
    hexes = state.fleets if held is None else held.now().fleets.get(player, ())
    return sorted(h for h in hexes if state.fleet(h, player) and not state.friendly(h, player))


def claim_territory(
    state: GameState,
    player: str,
    hexes: Iterable[Hex] | None = None,
    held: Holdings | None = None,
) -> list[Hex]:
    """Claim the given hexes, all claimable ones by default, as the player's territory (5.1.2)."""
    allowed = claimable(state, player, held)
    chosen = allowed if hexes is None else sorted(set(hexes))
    for hex_ in chosen:
        if hex_ not in allowed:
            raise Illegal(
                f"{state.name_of(player)} has no fleet beginning the turn in {hex_} to claim it"
            )
        state.claim(hex_, player)
    return chosen


def occupy_populations(
    state: GameState, player: str, held: Holdings | None = None
) -> list[tuple[Hex, str]]:
    """Mark unfriendly populations where a friendly fleet begins the turn, unmark the rest (5.1.3).

    A population already marked by another player keeps that mark. Returns the
    (hex, owner) marks placed. `held`: a round's `Holdings`, where to look (else the
    board).
    """
    marked = state.occupations if held is None else held.now().occupying.get(player, ())
    for hex_ in sorted(h for h in marked if h in state.occupations):
        for owner, occupier in list(state.occupations[hex_].items()):
            if occupier == player and not state.fleet(hex_, player):
                state.unmark(hex_, owner)
    placed = []
    fleets = state.populations if held is None else held.now().fleets.get(player, ())
    for hex_ in sorted(h for h in fleets if h in state.populations):
        if not state.fleet(hex_, player):
            continue
        for owner in state.populations[hex_]:
            if owner != player and state.occupier(hex_, owner) is None:
                state.mark(hex_, owner, player)
                placed.append((hex_, owner))
    return placed


def begin_turn(
    state: GameState,
    claims: Iterable[Hex] | None = None,
    obstructs: Obstructs = obstruct_by_default,
) -> int:
    """The beginning of the current player's turn (5.1); returns the resources collected."""
    player = state.current
    collected = collect_resources(state, player)
    claim_territory(state, player, claims)
    occupy_populations(state, player)
    state.population_at_start = {
        h: row[player] for h, row in sorted(state.populations.items()) if player in row
    }
    state.grown = {}
    state.fleets_built = {}
    state.converted = set()
    mark_supply(state, obstructs)
    return collected


def end_turn(state: GameState) -> None:
    """Pass the turn clockwise to the next player still in play (4); a new round after the last."""
    seats = list(state.players)
    for _ in seats:
        state.seat += 1
        if state.seat == len(seats):
            state.seat = 0
            state.round += 1
        if not state.players[seats[state.seat]].eliminated:
            return


def build_shipyard(state: GameState, player: str, hex_: Hex) -> None:
    """Place a shipyard in a friendly hex the player populates (6.1.1)."""
    if not state.friendly(hex_, player) or not state.population(hex_, player):
        raise Illegal(f"a shipyard needs a friendly, populated hex; {hex_} is not")
    state.pay(player, COSTS[Action.SHIPYARD])
    state.infrastructure(state.shipyards, hex_, 1)


def build_habitat(state: GameState, player: str, hex_: Hex) -> None:
    """Place a habitat in a friendly hex, settled or with the player's fleet in it (6.1.2)."""
    if not state.friendly(hex_, player):
        raise Illegal(f"a habitat needs a friendly hex; {hex_} is not")
    if not state.settled(hex_) and not state.fleet(hex_, player):
        raise Illegal(f"an unsettled hex needs a fleet presence for a habitat; {hex_} has none")
    state.pay(player, COSTS[Action.HABITAT])
    state.infrastructure(state.habitats, hex_, 1)


def build_fleet(state: GameState, player: str, hex_: Hex) -> None:
    """Place a fleet token in a friendly hex with a shipyard, one per shipyard a turn (6.1.3)."""
    if not state.friendly(hex_, player) or not state.shipyards.get(hex_):
        raise Illegal(f"a fleet needs a friendly hex with a shipyard; {hex_} is not")
    if state.fleets_built.get(hex_, 0) >= FLEETS_PER_SHIPYARD * state.shipyards[hex_]:
        raise Illegal(f"the shipyards of {hex_} have built all they may this turn")
    state.pay(player, COSTS[Action.FLEET])
    state.add(state.fleets, hex_, player, 1)
    state.fleets_built[hex_] = state.fleets_built.get(hex_, 0) + 1


def grow(
    state: GameState, player: str, hex_: Hex, extras: ExtrasPolicy = default_extras
) -> list[Overpopulation]:
    """Add a population token in a friendly, settled hex, at most doubling it a turn (6.1.4)."""
    if not state.friendly(hex_, player) or not state.settled(hex_):
        raise Illegal(f"growth needs a friendly, settled hex; {hex_} is not")
    start = state.population_at_start.get(hex_, 0)
    if start + state.grown.get(hex_, 0) + 1 > GROWTH_FACTOR * start:
        raise Illegal(f"the population of {hex_} may not grow beyond twice {start} this turn")
    state.pay(player, COSTS[Action.GROW])
    state.add(state.populations, hex_, player, 1)
    state.grown[hex_] = state.grown.get(hex_, 0) + 1
    return overpopulation(state, hex_, extras)


def convert_target(state: GameState, player: str, hex_: Hex) -> str:
    """Whose token a CONVERT that names nobody takes: of the foreign populations in the
    hex the player occupies, the largest, ties in seat order (house rule); "" if none."""
    seats = list(state.players)
    owners = [
        owner
        for owner in seats
        if owner != player
        and state.population(hex_, owner)
        and (not house.CONVERT_NEEDS_MARK or state.occupier(hex_, owner) == player)
    ]
    return max(owners, key=lambda w: (state.population(hex_, w), -seats.index(w)), default="")


def convert(state: GameState, player: str, hex_: Hex, owner: str) -> None:
    """Replace one of `owner`'s tokens in the hex by one of the player's (6.3.2)."""
    if owner == player or not state.population(hex_, owner):
        raise Illegal(
            f"{state.name_of(owner)} has no population in {hex_}"
            f" for {state.name_of(player)} to convert"
        )
    if house.CONVERT_NEEDS_MARK and state.occupier(hex_, owner) != player:
        raise Illegal(
            f"the population of {state.name_of(owner)} in {hex_}"
            f" is not occupied by {state.name_of(player)}"
        )
    if house.CONVERT_NEEDS_FLEET and not state.fleet(hex_, player):
        raise Illegal(f"{state.name_of(player)} has no fleet in {hex_}")
    if hex_ in state.converted:  # CONVERSIONS_PER_HEX: once a hex a turn
        raise Illegal(f"a population of {hex_} was converted this turn already")
    state.pay(player, COSTS[Action.CONVERT])
    state.add(state.populations, hex_, owner, -1)
    state.add(state.populations, hex_, player, 1)
    state.converted.add(hex_)
