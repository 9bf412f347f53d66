"""Supply (7.3): in friendly territory, or by an unobstructed shortest path to it.

A path to friendly territory is shortest when no path to it is shorter,
obstructed or not; so a fleet `d` hexes from the territory is supplied when a
chain of unobstructed hexes leads to it whose distance falls by one at every
step. The distances come from one search from the player's territory, kept
while the territory stays the same; which hexes carry supply is worked out as
fleets ask and kept while the obstructing fleets stay where they are, so the
board is not searched again for every fleet after every action.
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


@lru_cache(maxsize=64)
def _distances(width: int, height: int, home: frozenset[Hex]) -> dict[Hex, int]:
    """Hexes travelled from the territory to every hex, obstruction or not (kept: read only)."""
    return distances_from(home, width, height)


class _Lines:
    """The supply lines of one territory past one set of obstructing hexes, worked out
    as far as fleets ask: whether a hex carries supply on to a fleet beyond it."""

    def __init__(
        self, width: int, height: int, home: frozenset[Hex], blocked: frozenset[Hex]
    ) -> None:
        self.width, self.height = width, height
        self.dist = _distances(width, height, home)
        self.blocked = blocked
        self.known: dict[Hex, bool] = {}

    def fed(self, hex_: Hex) -> bool:
        """Whether a fleet in the hex is supplied: in the territory, or a neighbour one hex
        nearer it carries supply (the fleet's own hex never obstructs)."""
        d = self.dist.get(hex_)
        if d is None:
            return False
        if d == 0:
            return True
        return any(
            self.dist.get(n) == d - 1 and self.carries(n)
            for n in neighbours(hex_, self.width, self.height)
        )

    def carries(self, hex_: Hex) -> bool:
        """Whether supply passes through the hex: not obstructed, and fed itself; a hex of
        the territory is obstructed only under the house rule."""
        known = self.known.get(hex_)
        if known is None:
            if hex_ in self.blocked and (self.dist[hex_] > 0 or house.SUPPLY_END_HEX_OBSTRUCTS):
                known = False
            else:
                known = self.fed(hex_)
            self.known[hex_] = known
        return known


@lru_cache(maxsize=64)
def _lines(width: int, height: int, home: frozenset[Hex], blocked: frozenset[Hex]) -> _Lines:
    return _Lines(width, height, home, blocked)


def _territories(state: GameState) -> dict[str, frozenset[Hex]]:
    """Each player's territory."""
    found: dict[str, set[Hex]] = {}
    for hex_, owner in state.territory.items():
        found.setdefault(owner, set()).add(hex_)
    return {owner: frozenset(hexes) for owner, hexes in found.items()}


def supply_lines(
    state: GameState,
    player: str,
    obstructs: Obstructs = obstruct_by_default,
    home: frozenset[Hex] | None = None,
) -> _Lines:
    """The player's supply lines on the board now; the same object while neither his
    territory nor the hexes obstructing him change."""
    if home is None:
        home = frozenset(h for h, owner in state.territory.items() if owner == player)
    blocked = blocked_hexes(state, player, obstructs)
    return _lines(state.width, state.height, home, blocked)


def supplied_hexes(
    state: GameState, player: str, obstructs: Obstructs = obstruct_by_default
) -> frozenset[Hex]:
    """Every hex in which a fleet of the player would be supplied now (7.3)."""
    lines = supply_lines(state, player, obstructs)
    return frozenset(h for h in state.hexes() if lines.fed(h))


def supplied(
    state: GameState, hex_: Hex, player: str, obstructs: Obstructs = obstruct_by_default
) -> bool:
    """Whether the player's fleet in the hex is supplied (7.3)."""
    if state.friendly(hex_, player):
        return True
    return supply_lines(state, player, obstructs).fed(hex_)


def mark_supply(state: GameState, obstructs: Obstructs = obstruct_by_default) -> None:
    """Place and remove supply failure tokens on every fleet of the board (7.3)."""
    abroad: dict[str, list[Hex]] = {}
    for hex_, row in state.fleets.items():
        for player in row:
            if not state.friendly(hex_, player):
                abroad.setdefault(player, []).append(hex_)
    territories = _territories(state)
    unsupplied: set[tuple[Hex, str]] = set()
    for player, hexes in abroad.items():
        home = territories.get(player, frozenset())
        lines = supply_lines(state, player, obstructs, home)
        unsupplied.update((hex_, player) for hex_ in hexes if not lines.fed(hex_))
    state.unsupplied = unsupplied
