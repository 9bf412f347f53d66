"""Supply (7.3): in friendly territory, or by an unobstructed shortest path to it."""

from __future__ import annotations

from collections.abc import Callable

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.hexes import Hex, distances_from, shortest_path
from galbatch.rules.galaktikos.state import GameState

# Whether the fleets of `owner` in a hex obstruct the supply lines of `player` there;
# the controlling player decides (7.3), through his standing orders.
Obstructs = Callable[[str, str, Hex], bool]


def obstruct_by_default(owner: str, player: str, hex_: Hex) -> bool:
    """Every foreign fleet able to obstruct a supply line does (house rule)."""
    del owner, player, hex_
    return house.OBSTRUCTS_BY_DEFAULT


def obstructed(state: GameState, hex_: Hex, player: str, obstructs: Obstructs) -> bool:
    """Whether foreign fleets in the hex obstruct the player's supply lines."""
    return any(o != player and obstructs(o, player, hex_) for o in state.occupiers(hex_))


def supply_path(
    state: GameState, hex_: Hex, player: str, obstructs: Obstructs = obstruct_by_default
) -> tuple[Hex, ...] | None:
    """An unobstructed shortest path from the hex to the player's territory, or None (7.3).

    A path is shortest if no path to friendly territory is shorter, obstruction
    or not; the fleet's own hex never obstructs, the friendly hex at the end
    only if the house rule says so.
    """
    home = [h for h, owner in state.territory.items() if owner == player]
    if hex_ in home:
        return (hex_,)
    shortest = distances_from(home, state.width, state.height).get(hex_)
    if shortest is None:
        return None

    def passable(h: Hex) -> bool:
        if state.friendly(h, player) and not house.SUPPLY_END_HEX_OBSTRUCTS:
            return True
        return not obstructed(state, h, player, obstructs)

    path = shortest_path(hex_, home, state.width, state.height, passable)
    return path if path is not None and len(path) - 1 == shortest else None


def supplied(
    state: GameState, hex_: Hex, player: str, obstructs: Obstructs = obstruct_by_default
) -> bool:
    """Whether the player's fleet in the hex is supplied (7.3)."""
    return supply_path(state, hex_, player, obstructs) is not None


def mark_supply(state: GameState, obstructs: Obstructs = obstruct_by_default) -> None:
    """Place and remove supply failure tokens on every fleet of the board (7.3)."""
    state.unsupplied = {
        (hex_, player)
        for hex_, row in state.fleets.items()
        for player in row
        if not supplied(state, hex_, player, obstructs)
    }
