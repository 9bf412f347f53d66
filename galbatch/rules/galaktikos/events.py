"""Game events (7): access to resources (7.1), overpopulation (7.2), and even losses (8.3.3)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from galbatch.engine.language.frozen import frozen
from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.state import GameState

ExtrasPolicy = Callable[[Mapping[str, int], int], list[str]]


def default_extras(left: Mapping[str, int], extras: int) -> list[str]:
    """The extras fall on those with the most tokens left, ties in the given order: seat
    order, as the rules code passes a hex's holders (house rule)."""
    order = sorted(left, key=lambda k: -left[k])
    return order[:extras]


def extras_first(player: str, then: ExtrasPolicy = default_extras) -> ExtrasPolicy:
    """The extras fall first on `player` (the attacker's choice, 8.3.3), the rest by `then`."""

    def choose(left: Mapping[str, int], extras: int) -> list[str]:
        first = [player] if player in left else []
        rest = then({k: n for k, n in left.items() if k != player}, extras - len(first))
        return (first + rest)[:extras]

    return choose


def spread(
    losses: int, holdings: Mapping[str, int], extras: ExtrasPolicy = default_extras
) -> dict[str, int]:
    """Share `losses` among holders as evenly as possible (8.3.3), none losing more than it has."""
    lost = {k: 0 for k in holdings}
    remaining = min(losses, sum(holdings.values()))
    while remaining > 0:
        left = {k: holdings[k] - lost[k] for k in holdings if holdings[k] > lost[k]}
        share = remaining // len(left)
        if share == 0:
            chosen = extras(left, remaining)
            if len(set(chosen)) != remaining or not set(chosen) <= set(left):
                raise ValueError("the extras must fall on distinct holders with tokens left")
            for k in chosen:
                lost[k] += 1
            break
        for k, n in left.items():
            take = min(share, n)
            lost[k] += take
            remaining -= take
    return {k: n for k, n in lost.items() if n}


@frozen
class Overpopulation:
    """Population above a hex's maximum, removed at once (7.2)."""

    hex: Hex
    losses: tuple[tuple[str, int], ...]  # (player, tokens removed)


@frozen
class AccessChanged:
    """A player's resource status changed with his population (7.1)."""

    player: str
    before: int
    after: int


def income(state: GameState, player: str, where: Iterable[Hex] | None = None) -> int:
    """Resources the player's unoccupied populations harvest: a token each, up to the value.
    `where`: the hexes his populations may be in, if known (else the board's)."""
    total = 0
    for hex_ in state.populations if where is None else where:
        tokens = state.population(hex_, player)
        if tokens and state.occupier(hex_, player) is None:
            total += min(tokens, state.wealth(hex_))
    return total


def access(state: GameState) -> dict[str, int]:
    """Every player's resource status, as on the reference sheets (7.1): `income` of each,
    found in one pass over the board (it is asked after every action)."""
    totals = dict.fromkeys(state.players, 0)
    for hex_, row in state.populations.items():
        marked = state.occupations.get(hex_, {})
        for player, tokens in row.items():
            if tokens and player in totals and player not in marked:
                totals[player] += min(tokens, state.wealth(hex_))
    return totals


def access_share(state: GameState, hex_: Hex) -> dict[str, int]:
    """What the hex gives each player's resource status (7.1): `access`, hex by hex."""
    marked = state.occupations.get(hex_, {})
    wealth = state.wealth(hex_)
    return {
        player: min(tokens, wealth)
        for player, tokens in state.populations.get(hex_, {}).items()
        if tokens and player in state.players and player not in marked
    }


def access_changes(state: GameState, before: Mapping[str, int]) -> list[AccessChanged]:
    """The players whose resource status differs from `before`."""
    now = access(state)
    return [AccessChanged(p, before.get(p, 0), n) for p, n in now.items() if before.get(p, 0) != n]


def overpopulation(
    state: GameState, hex_: Hex, extras: ExtrasPolicy = default_extras
) -> list[Overpopulation]:
    """Reduce the hex's population to its maximum, habitat value plus habitats (7.2)."""
    excess = state.population(hex_) - state.capacity(hex_)
    if excess <= 0:
        return []
    lost = spread(excess, state.seated(state.populations[hex_]), extras)
    for player, n in lost.items():
        state.add(state.populations, hex_, player, -n)
    return [Overpopulation(hex_, tuple(sorted(lost.items())))]


def overpopulation_everywhere(
    state: GameState, extras: ExtrasPolicy = default_extras
) -> list[Overpopulation]:
    """Apply 7.2 to every hex, as after setup: "at any time during the game"."""
    found: list[Overpopulation] = []
    for hex_ in sorted(state.populations):
        found += overpopulation(state, hex_, extras)
    return found
