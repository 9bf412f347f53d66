"""Supply (7.3): in friendly territory, or by an unobstructed shortest path to it.

A path to friendly territory is shortest when no path to it is shorter,
obstructed or not; so a fleet `d` hexes from the territory is supplied when a
chain of unobstructed hexes leads to it whose distance falls by one at every
step. One search from the player's territory finds every hex a fleet would be
supplied in (`supplied_hexes`), and it is kept until the territory or the
obstructing fleets change, so the board is not searched again for every fleet
after every action.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.hexes import Hex, distances_from, neighbours
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


def blocked_hexes(state: GameState, player: str, obstructs: Obstructs) -> frozenset[Hex]:
    """The hexes whose foreign fleets obstruct the player's supply lines now."""
    return frozenset(
        hex_
        for hex_, row in state.fleets.items()
        if any(
            o != player and o in state.players and n > 0 and obstructs(o, player, hex_)
            for o, n in row.items()
        )
    )


@lru_cache(maxsize=256)
def _supplied_hexes(
    width: int, height: int, home: frozenset[Hex], blocked: frozenset[Hex], end_blocks: bool
) -> frozenset[Hex]:
    """Every hex a fleet is supplied in, for territory `home` and obstructing hexes `blocked`.

    A hex of the territory supplies a path ending there unless `end_blocks` and it
    is blocked; any other hex carries supply on when it is not blocked and a
    neighbour one hex nearer the territory carries it. A fleet's own hex never
    obstructs: it is supplied when a nearer neighbour carries supply.
    """
    if not home:
        return frozenset()
    dist = distances_from(home, width, height)
    carries: set[Hex] = set()
    supplied: set[Hex] = set(home)
    for hex_ in dist:  # in the order found, so nearer hexes come first
        d = dist[hex_]
        if d == 0:
            if not (end_blocks and hex_ in blocked):
                carries.add(hex_)
            continue
        fed = any(
            dist.get(n) == d - 1 and n in carries for n in neighbours(hex_, width, height)
        )
        if fed:
            supplied.add(hex_)
            if hex_ not in blocked:
                carries.add(hex_)
    return frozenset(supplied)


def supplied_hexes(
    state: GameState, player: str, obstructs: Obstructs = obstruct_by_default
) -> frozenset[Hex]:
    """Every hex in which a fleet of the player would be supplied now (7.3)."""
    home = frozenset(h for h, owner in state.territory.items() if owner == player)
    blocked = blocked_hexes(state, player, obstructs)
    return _supplied_hexes(
        state.width, state.height, home, blocked, house.SUPPLY_END_HEX_OBSTRUCTS
    )


def supplied(
    state: GameState, hex_: Hex, player: str, obstructs: Obstructs = obstruct_by_default
) -> bool:
    """Whether the player's fleet in the hex is supplied (7.3)."""
    if state.friendly(hex_, player):
        return True
    return hex_ in supplied_hexes(state, player, obstructs)


def mark_supply(state: GameState, obstructs: Obstructs = obstruct_by_default) -> None:
    """Place and remove supply failure tokens on every fleet of the board (7.3)."""
    abroad: dict[str, list[Hex]] = {}
    for hex_, row in state.fleets.items():
        for player in row:
            if not state.friendly(hex_, player):
                abroad.setdefault(player, []).append(hex_)
    unsupplied: set[tuple[Hex, str]] = set()
    for player, hexes in abroad.items():
        reach = supplied_hexes(state, player, obstructs)
        unsupplied.update((hex_, player) for hex_ in hexes if hex_ not in reach)
    state.unsupplied = unsupplied
