"""Supply (7.3): in friendly territory, or by an unobstructed shortest path to it.

A path to friendly territory is shortest when no path to it is shorter,
obstructed or not; so a fleet `d` hexes from the territory is supplied when a
chain of unobstructed hexes leads to it whose distance falls by one at every
step. The distances come from one search from the player's territory, kept
while the territory stays the same; which hexes carry supply is worked out as
fleets ask and kept while the obstructing fleets stay where they are, so the
board is not searched again for every fleet after every action.

In a round, `Supply` keeps every player's supply lines and the board's supply
marks up to date from the hexes each action changed (`GameState.changes`): a
player's fleets are judged again only where an obstruction his lines passed
through came or went, or his territory changed, so an action costs what it
touched, not the board.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
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
        self, width: int, height: int, home: frozenset[Hex], blocked: Container[Hex]
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
    """Whether the player's fleet in the hex is supplied (7.3); a `Supply` of this state
    answers from what it keeps."""
    if isinstance(obstructs, Supply) and obstructs.state is state:
        return obstructs.supplied(hex_, player)
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


class Supply:
    """Supply (7.3) kept up to date through a player's turn, for one obstruction policy:
    it is that policy (an `Obstructs`, for the rules that take one), and it answers
    `supplied` and marks the board as `mark_supply` would, from the hexes changed since
    (`GameState.changes`). A fleet's supply is judged again where its player's lines
    could have changed: in a hex that changed, or all his fleets abroad when his
    territory changed or an obstruction came or went in a hex his lines were read
    through (his lines' `known`); any other hex never decided anything of his."""

    def __init__(
        self, state: GameState, obstructs: Obstructs = obstruct_by_default, mark: bool = True
    ) -> None:
        """`mark`: whether it keeps the board's supply failure tokens too (the checker
        asks only `supplied`)."""
        self.state = state
        self.policy = obstructs
        self.mark = mark
        self.read = len(state.changes)
        self.owners: dict[Hex, tuple[str, ...]] = {}  # the seated players with fleets there
        self.abroad: dict[str, set[Hex]] = {}  # each player's fleets outside his territory
        for hex_, row in state.fleets.items():
            self.owners[hex_] = self._owners(hex_)
            for player in row:
                if not state.friendly(hex_, player):
                    self.abroad.setdefault(player, set()).add(hex_)
        self.homes = _territories(state)
        self.lines: dict[str, _Lines] = {}
        self.blocked: dict[str, set[Hex]] = {}  # the hexes each player's lines may not pass
        self.marks: set[tuple[Hex, str]] = set()
        if mark:
            for player, hexes in self.abroad.items():
                self._judge(player, hexes)
            state.unsupplied = set(self.marks)

    def __call__(self, owner: str, player: str, hex_: Hex) -> bool:
        return self.policy(owner, player, hex_)

    def _owners(self, hex_: Hex) -> tuple[str, ...]:
        row = self.state.fleets.get(hex_, {})
        return tuple(o for o, n in row.items() if n > 0 and o in self.state.players)

    def _blocks(self, owners: Iterable[str], player: str, hex_: Hex) -> bool:
        return any(o != player and self.policy(o, player, hex_) for o in owners)

    def _lines(self, player: str) -> _Lines:
        """The player's lines, made afresh when he has none: their own set of obstructed
        hexes, which `update` keeps."""
        lines = self.lines.get(player)
        if lines is None:
            state = self.state
            blocked = self.blocked[player] = {
                h for h, owners in self.owners.items() if self._blocks(owners, player, h)
            }
            home = self.homes.get(player, frozenset())
            lines = self.lines[player] = _Lines(state.width, state.height, home, blocked)
        return lines

    def _judge(self, player: str, hexes: Iterable[Hex]) -> None:
        """Mark or unmark the player's fleets in the hexes, as `mark_supply` would."""
        state = self.state
        for hex_ in hexes:
            if state.fleet(hex_, player) and not state.friendly(hex_, player):
                if self._lines(player).fed(hex_):
                    self.marks.discard((hex_, player))
                else:
                    self.marks.add((hex_, player))
            else:
                self.marks.discard((hex_, player))

    def update(self) -> None:
        """Bring the lines and marks up to date with the hexes changed since last time."""
        state = self.state
        changed = set(state.changes[self.read :])
        self.read = len(state.changes)
        if not changed:
            return
        again: set[str] = set()  # players whose every fleet abroad is judged again
        touched: set[tuple[Hex, str]] = set()
        for hex_ in changed:
            old = self.owners.get(hex_, ())
            new = self._owners(hex_)
            if new:
                self.owners[hex_] = new
            else:
                self.owners.pop(hex_, None)
            owner = state.territory.get(hex_)
            if owner is not None and hex_ not in self.homes.get(owner, frozenset()):
                # claimed (5.1.2): its old and new owners' lines are made afresh
                lost = {p for p, h in self.homes.items() if hex_ in h}
                self.homes = _territories(state)
                for player in (*lost, owner):
                    self.lines.pop(player, None)
                    again.add(player)
            for player in {*old, *state.fleets.get(hex_, {})}:
                touched.add((hex_, player))
                if state.fleet(hex_, player) and not state.friendly(hex_, player):
                    self.abroad.setdefault(player, set()).add(hex_)
                else:
                    self.abroad.get(player, set()).discard(hex_)
            if set(old) != set(new):
                self._obstruction(hex_, old, new, again)
        if not self.mark:
            return
        for player in again:
            self._judge(player, self.abroad.get(player, ()))
        for hex_, player in touched:  # a hex claimed is no longer abroad: judged here
            self._judge(player, [hex_])
        state.unsupplied = set(self.marks)

    def _obstruction(
        self, hex_: Hex, old: tuple[str, ...], new: tuple[str, ...], again: set[str]
    ) -> None:
        """Whose lines an obstruction coming or going in the hex changes: each player's
        lines learn it, and a player whose lines were read through the hex is judged
        again."""
        for player, lines in self.lines.items():
            now = self._blocks(new, player, hex_)
            if now != self._blocks(old, player, hex_):
                self._mark_blocked(player, lines, hex_, now, again)

    def _mark_blocked(
        self, player: str, lines: _Lines, hex_: Hex, now: bool, again: set[str]
    ) -> None:
        """Hex `hex_` blocks the player's lines (`now`) or no longer does: his known lines
        through it are forgotten, and he is judged `again`."""
        blocked = self.blocked[player]
        if now:
            blocked.add(hex_)
        else:
            blocked.discard(hex_)
        if hex_ in lines.known:
            lines.known.clear()
            again.add(player)

    def reobstruct(self, policy: Obstructs, owners: Iterable[str]) -> None:
        """Speed trick (a round's OBSTRUCT orders changing, `round.Kept`): take the new
        policy, the owners' fleets obstructing otherwise, and bring the lines and marks up
        to date from the hexes those fleets hold, as a `Supply` made afresh would have
        them, rather than judge every fleet of the board again."""
        self.policy = policy
        again: set[str] = set()
        for hex_, there in self.owners.items():
            if not any(o in there for o in owners):
                continue
            for player, lines in self.lines.items():
                now = self._blocks(there, player, hex_)
                if now != (hex_ in self.blocked[player]):
                    self._mark_blocked(player, lines, hex_, now, again)
        self.update()
        if self.mark:
            for player in sorted(again):
                self._judge(player, self.abroad.get(player, ()))
            self.state.unsupplied = set(self.marks)

    def supplied(self, hex_: Hex, player: str) -> bool:
        """Whether the player's fleet in the hex is supplied now (7.3)."""
        if self.state.friendly(hex_, player):
            return True
        self.update()
        return self._lines(player).fed(hex_)
