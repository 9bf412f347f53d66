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

from collections import deque
from collections.abc import Callable, Container, Iterable
from functools import lru_cache

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.hexes import Hex, neighbours, on_map
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


class Reach:
    """Hexes travelled from a territory to the hexes around it, obstruction or not,
    searched outward ring by ring only as far as a hex asked about lies (a fleet abroad
    is seldom far from home, so the board is not searched for every territory); kept
    as the territory grows (`gain`), which only ever brings hexes nearer."""

    def __init__(self, width: int, height: int, home: Iterable[Hex]) -> None:
        self.width, self.height = width, height
        self.dist: dict[Hex, int] = {}  # every hex at most `level` from the territory
        self.level = 0
        self.edge: dict[Hex, None] = {}  # the hexes exactly `level` from it, in order
        for hex_ in sorted(set(home)):
            if on_map(hex_, width, height):
                self.dist[hex_] = 0
                self.edge[hex_] = None

    def get(self, hex_: Hex) -> int | None:
        """Hexes travelled from the territory to the hex; None if it cannot be reached."""
        d = self.dist.get(hex_)
        while d is None and self.edge:
            self._ring()
            d = self.dist.get(hex_)
        return d

    def _ring(self) -> None:
        """Search one ring further out."""
        dist, level = self.dist, self.level + 1
        ring: dict[Hex, None] = {}
        for here in self.edge:
            for there in neighbours(here, self.width, self.height):
                if there not in dist:
                    dist[there] = level
                    ring[there] = None
        self.edge, self.level = ring, level

    def gain(self, hex_: Hex) -> None:
        """The territory gained the hex: only the hexes now nearer it than before change,
        found by a search from it that stops where nothing gets nearer."""
        if self.dist.get(hex_) == 0 or not on_map(hex_, self.width, self.height):
            return
        self._set(hex_, 0)
        queue: deque[Hex] = deque([hex_])
        while queue:
            here = queue.popleft()
            d = self.dist[here] + 1
            if d > self.level:
                continue  # beyond the rings searched: found when asked, as before
            for there in neighbours(here, self.width, self.height):
                now = self.dist.get(there)
                if now is None or now > d:
                    self._set(there, d)
                    queue.append(there)

    def _set(self, hex_: Hex, d: int) -> None:
        if self.dist.get(hex_) == self.level:
            del self.edge[hex_]
        self.dist[hex_] = d
        if d == self.level:
            self.edge[hex_] = None


@lru_cache(maxsize=64)
def _reach(width: int, height: int, home: frozenset[Hex]) -> Reach:
    """A territory's `Reach`, shared while the territory is the same (never `gain`ed)."""
    return Reach(width, height, home)


class _Lines:
    """The supply lines of one territory past one set of obstructing hexes, worked out
    as far as fleets ask: whether a hex carries supply on to a fleet beyond it."""

    def __init__(self, width: int, height: int, reach: Reach, blocked: Container[Hex]) -> None:
        self.width, self.height = width, height
        self.reach = reach
        self.blocked = blocked
        self.known: dict[Hex, bool] = {}

    def fed(self, hex_: Hex) -> bool:
        """Whether a fleet in the hex is supplied: in the territory, or a neighbour one hex
        nearer it carries supply (the fleet's own hex never obstructs)."""
        d = self.reach.get(hex_)
        if d is None:
            return False
        if d == 0:
            return True
        dist = self.reach.dist  # every hex nearer the territory than this one is in it
        return any(
            dist.get(n) == d - 1 and self.carries(n)
            for n in neighbours(hex_, self.width, self.height)
        )

    def carries(self, hex_: Hex) -> bool:
        """Whether supply passes through the hex: not obstructed, and fed itself; a hex of
        the territory is obstructed only under the house rule."""
        known = self.known.get(hex_)
        if known is None:
            if hex_ in self.blocked and (
                self.reach.dist[hex_] > 0 or house.SUPPLY_END_HEX_OBSTRUCTS
            ):
                known = False
            else:
                known = self.fed(hex_)
            self.known[hex_] = known
        return known


@lru_cache(maxsize=64)
def _lines(width: int, height: int, home: frozenset[Hex], blocked: frozenset[Hex]) -> _Lines:
    return _Lines(width, height, _reach(width, height, home), blocked)


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


class _Obstructed:
    """The hexes whose fleets obstruct one player's supply lines (a `Container`), decided
    as his lines ask and kept in `decided`, which a `Supply` keeps up to date: his lines
    ask about the hexes they pass, not every fleet of the board."""

    def __init__(self, supply: Supply, player: str) -> None:
        self.supply, self.player = supply, player
        self.decided: dict[Hex, bool] = {}

    def __contains__(self, hex_: object) -> bool:
        if not isinstance(hex_, Hex):
            return False
        found = self.decided.get(hex_)
        if found is None:
            owners = self.supply.owners_at(hex_)
            found = self.decided[hex_] = self.supply._blocks(owners, self.player, hex_)
        return found

    def learn(self, hex_: Hex, there: tuple[str, ...]) -> bool:
        """The fleets in the hex are now `there` (or obstruct otherwise): whether what was
        decided of it changed (a hex never asked about decided nothing)."""
        was = self.decided.get(hex_)
        if was is None:
            return False
        now = self.decided[hex_] = self.supply._blocks(there, self.player, hex_)
        return now != was


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
        asks only `supplied`, and only of one player's fleets: the board's fleets are
        looked at as his lines ask, not all at once)."""
        self.state = state
        self.policy = obstructs
        self.mark = mark
        self.read = len(state.changes)
        # the seated players with fleets in each hex, as last read (`owners_at`); every
        # fleet's hex is read now when marking, which needs those of a hex before it changed
        self.owners: dict[Hex, tuple[str, ...]] = {}
        self.abroad: dict[str, set[Hex]] = {}  # each player's fleets outside his territory
        for hex_, row in state.fleets.items() if mark else ():
            self.owners[hex_] = self._owners(hex_)
            for player in row:
                if not state.friendly(hex_, player):
                    self.abroad.setdefault(player, set()).add(hex_)
        self.held = dict(state.territory)  # the territory as the lines know it
        # each player's territory (`home`): every player's at once when marking, which
        # asks for all, else the player's asked about
        self.homes: dict[str, set[Hex]] = {}
        for hex_, owner in self.held.items() if mark else ():
            self.homes.setdefault(owner, set()).add(hex_)
        self.lines: dict[str, _Lines] = {}
        self.blocked: dict[str, _Obstructed] = {}  # the hexes each player's lines may not pass
        self.marks: set[tuple[Hex, str]] = set()
        if mark:
            for player, hexes in self.abroad.items():
                self._judge(player, hexes)
            state.unsupplied = set(self.marks)

    def __call__(self, owner: str, player: str, hex_: Hex) -> bool:
        return self.policy(owner, player, hex_)

    def home(self, player: str) -> set[Hex]:
        """The player's territory as the lines know it (`held`), gathered when first asked."""
        found = self.homes.get(player)
        if found is None:
            found = self.homes[player] = {h for h, owner in self.held.items() if owner == player}
        return found

    def owners_at(self, hex_: Hex) -> tuple[str, ...]:
        """The seated players with fleets in the hex, as the lines know it."""
        found = self.owners.get(hex_)
        if found is None:
            found = self.owners[hex_] = () if self.mark else self._owners(hex_)
        return found

    def _owners(self, hex_: Hex) -> tuple[str, ...]:
        row = self.state.fleets.get(hex_, {})
        return tuple(o for o, n in row.items() if n > 0 and o in self.state.players)

    def _blocks(self, owners: Iterable[str], player: str, hex_: Hex) -> bool:
        return any(o != player and self.policy(o, player, hex_) for o in owners)

    def _lines(self, player: str) -> _Lines:
        """The player's lines, made afresh when he has none: their own obstructed hexes,
        which `update` keeps."""
        lines = self.lines.get(player)
        if lines is None:
            state = self.state
            blocked = self.blocked[player] = _Obstructed(self, player)
            reach = Reach(state.width, state.height, self.home(player))
            lines = self.lines[player] = _Lines(state.width, state.height, reach, blocked)
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
            # None: no fleets when marking; else never read, so no line decided anything of it
            old = self.owners.get(hex_) or ()
            new = self.owners[hex_] = self._owners(hex_)
            owner = state.territory.get(hex_)
            if owner is not None and self.held.get(hex_) != owner:
                self._claimed(hex_, owner, again)
            for player in {*old, *state.fleets.get(hex_, {})} if self.mark else ():
                touched.add((hex_, player))
                if state.fleet(hex_, player) and not state.friendly(hex_, player):
                    self.abroad.setdefault(player, set()).add(hex_)
                else:
                    self.abroad.get(player, set()).discard(hex_)
            if set(old) != set(new):
                self._obstruction(hex_, new, again)
        if not self.mark:
            return
        for player in again:
            self._judge(player, self.abroad.get(player, ()))
        for hex_, player in touched:  # a hex claimed is no longer abroad: judged here
            self._judge(player, [hex_])
        state.unsupplied = set(self.marks)

    def _claimed(self, hex_: Hex, owner: str, again: set[str]) -> None:
        """The hex claimed (5.1.2): its new owner's lines reach out from it too, which only
        brings hexes nearer (`Reach.gain`); its old owner's are searched afresh from what
        he holds; both are judged `again`. Their obstructed hexes stay as they are."""
        lost = self.held.get(hex_)
        self.held[hex_] = owner
        self.home(owner).add(hex_)
        gainer = self.lines.get(owner)
        if gainer is not None:
            gainer.reach.gain(hex_)
            gainer.known.clear()
        again.add(owner)
        if lost is not None:
            self.home(lost).discard(hex_)
            loser = self.lines.get(lost)
            if loser is not None:
                loser.reach = Reach(self.state.width, self.state.height, self.home(lost))
                loser.known.clear()
            again.add(lost)

    def _obstruction(self, hex_: Hex, new: tuple[str, ...], again: set[str]) -> None:
        """Whose lines an obstruction coming or going in the hex changes: each player's
        lines learn it, and a player whose lines were read through the hex is judged
        again."""
        for player, lines in self.lines.items():
            if self.blocked[player].learn(hex_, new):
                self._forget(player, lines, hex_, again)

    def _forget(self, player: str, lines: _Lines, hex_: Hex, again: set[str]) -> None:
        """Hex `hex_` now blocks the player's lines or no longer does: his known lines
        through it are forgotten, and he is judged `again`."""
        if hex_ in lines.known:
            lines.known.clear()
            again.add(player)

    def reobstruct(self, policy: Obstructs, owners: Iterable[str]) -> None:
        """Speed trick (a round's OBSTRUCT orders changing, `round.Kept`): take the new
        policy, the owners' fleets obstructing otherwise, and bring the lines and marks up
        to date from the hexes those fleets hold, as a `Supply` made afresh would have
        them, rather than judge every fleet of the board again (only the hexes the lines
        asked about were decided: `_Obstructed`)."""
        self.policy = policy
        again: set[str] = set()
        changed = set(owners)
        for player, lines in self.lines.items():
            blocked = self.blocked[player]
            for hex_ in list(blocked.decided):  # what his lines asked: the rest is asked anew
                there = self.owners_at(hex_)
                if not changed.isdisjoint(there) and blocked.learn(hex_, there):
                    self._forget(player, lines, hex_, again)
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
