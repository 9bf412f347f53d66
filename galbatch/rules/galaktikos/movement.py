"""Moving fleets and migrating populations along a path (6.2), paying per token per hex."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.events import (
    ExtrasPolicy,
    Overpopulation,
    default_extras,
    overpopulation,
)
from galbatch.rules.galaktikos.hexes import Hex, is_path, shortest_path
from galbatch.rules.galaktikos.state import GameState, Illegal
from galbatch.rules.galaktikos.supply import Obstructs, obstruct_by_default, supplied
from galbatch.rules.galaktikos.tables import COSTS, UNSUPPLIED_MOVE_FACTOR, Action

# Whether `occupier` lets `mover` enter the hex (6.2.1, 6.2.2): standing orders say.
Permits = Callable[[str, str, Hex], bool]


def permit_by_default(occupier: str, mover: str, hex_: Hex) -> bool:
    """No occupier grants passage unless his orders say so (house rule)."""
    del occupier, mover, hex_
    return house.PERMIT_BY_DEFAULT


def permit_all(occupier: str, mover: str, hex_: Hex) -> bool:
    """Every occupier grants passage: what a path may do at best, his orders unknown."""
    del occupier, mover, hex_
    return True


def barrier(state: GameState, player: str, hex_: Hex, permits: Permits, migrants: bool) -> str:
    """Why the player's tokens may not enter the hex on their way, or "" if they may:
    an occupier who does not permit it (6.2.1, 6.2.2); for migrants, another player's
    territory (6.2.2)."""
    for occupier in state.occupiers(hex_):
        if occupier != player and not permits(occupier, player, hex_):
            return f"{state.name_of(occupier)} does not let {state.name_of(player)} enter {hex_}"
    if migrants and not (state.friendly(hex_, player) or state.neutral(hex_)):
        return f"migrants may not enter {hex_}: it is another player's territory"
    return ""


def shortest_legal_path(
    state: GameState,
    player: str,
    start: Hex,
    end: Hex,
    permits: Permits = permit_by_default,
    migrants: bool = False,
) -> tuple[Hex, ...] | None:
    """The shortest path a MOVE or MIGRATE ... TO takes from `start` to `end`, or None.

    Every hex after the start is one the tokens may enter (`barrier`), so the round
    and the checker, both asking here, find the same path for the same permissions.
    """

    def open_(hex_: Hex) -> bool:
        return not barrier(state, player, hex_, permits, migrants)

    return shortest_path(start, [end], state.width, state.height, open_)


def _check_path(
    state: GameState, path: Sequence[Hex], player: str, permits: Permits, migrants: bool
) -> None:
    if len(path) < 2 or not is_path(path, state.width, state.height):
        raise Illegal("a move needs a path of adjacent hexes on the map")
    for hex_ in path[1:]:
        reason = barrier(state, player, hex_, permits, migrants)
        if reason:
            raise Illegal(reason)


def fleet_move_cost(
    state: GameState,
    player: str,
    path: Sequence[Hex],
    tokens: int,
    obstructs: Obstructs = obstruct_by_default,
) -> int:
    """1 a fleet token a hex, twice that for an unsupplied fleet (6.2.1, 7.3)."""
    cost = COSTS[Action.MOVE] * tokens * (len(path) - 1)
    if not supplied(state, path[0], player, obstructs):
        cost *= UNSUPPLIED_MOVE_FACTOR
    return cost


def move_fleet(
    state: GameState,
    player: str,
    path: Sequence[Hex],
    tokens: int,
    permits: Permits = permit_by_default,
    obstructs: Obstructs = obstruct_by_default,
) -> int:
    """Move fleet tokens hex by hex to the end of the path (6.2.1); returns the cost paid."""
    if tokens < 1 or state.fleet(path[0], player) < tokens:
        raise Illegal(f"{state.name_of(player)} has not {tokens} fleet tokens in {path[0]}")
    _check_path(state, path, player, permits, migrants=False)
    cost = fleet_move_cost(state, player, path, tokens, obstructs)
    state.pay(player, cost)
    state.add(state.fleets, path[0], player, -tokens)
    state.add(state.fleets, path[-1], player, tokens)
    return cost


def migrate(
    state: GameState,
    player: str,
    path: Sequence[Hex],
    tokens: int,
    permits: Permits = permit_by_default,
    extras: ExtrasPolicy = default_extras,
) -> list[Overpopulation]:
    """Migrate population tokens through friendly or neutral hexes to a friendly one (6.2.2).

    Overpopulation is checked only at the destination, not in transit.
    """
    if tokens < 1 or state.population(path[0], player) < tokens:
        raise Illegal(f"{state.name_of(player)} has not {tokens} population tokens in {path[0]}")
    _check_path(state, path, player, permits, migrants=True)
    if not state.friendly(path[-1], player):
        raise Illegal(f"migrants must end in friendly territory; {path[-1]} is not")
    state.pay(player, COSTS[Action.MIGRATE] * tokens * (len(path) - 1))
    state.add(state.populations, path[0], player, -tokens)
    state.add(state.populations, path[-1], player, tokens)
    return overpopulation(state, path[-1], extras)
