"""The public board a Galaktikos view shows, read into a `GameState`: for the checker,
which begins the player's turn on it, and for the printout, which draws it.

A turn's views share the board's data (`view.build_views`), so `read` reads it once for
all of a turn's checks and keeps where each player's tokens are, for the beginning of
each player's turn to look at his own hexes rather than the board's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.state import GameState, Holdings

# The turn's bookkeeping a view need not carry: a board read from it starts a turn afresh.
_TURN_DEFAULTS: dict[str, Any] = {
    "round": 1,
    "seat": 0,
    "population_at_start": {},
    "grown": {},
    "fleets_built": {},
    "converted": [],
    "goal": None,
    "held": {},
    "winner": None,
}


def board_of(view: Mapping[str, Any]) -> GameState:
    """The public board a view shows (the view's own keys win over the turn's defaults)."""
    return GameState.from_data({**_TURN_DEFAULTS, **view})


# What `board_of` reads of a view: the public board and the turn's place.
BOARD_KEYS = (
    *_TURN_DEFAULTS,
    *("map", "kinds", "players", "territory", "populations", "occupations"),
    *("habitats", "shipyards", "fleets", "unsupplied"),
)


class Read:
    """A view's board as read (never changed: each check begins on a `copy`), and where
    each player's tokens are on it: a turn's beginning looks at the player's own hexes,
    not the board's."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.source = tuple(view.get(key) for key in BOARD_KEYS)
        self.board = board_of(view)
        self.holdings = Holdings(self.board)
        self.settled: dict[str, list[Hex]] = {}  # each player's populations, hex order
        for hex_ in sorted(self.board.populations):
            for player in self.board.populations[hex_]:
                self.settled.setdefault(player, []).append(hex_)

    def of(self, view: Mapping[str, Any]) -> bool:
        """Whether `view` shows this board: the very data it was read from."""
        return all(a is view.get(k) for a, k in zip(self.source, BOARD_KEYS, strict=True))


# Speed trick (a turn's checks): the views of a turn share one board's data
# (`view.build_views`; no view is changed once made), read here once for all of them.
_last_read: list[Read] = []


def read(view: Mapping[str, Any]) -> Read:
    """The board `view` shows, read once for every view sharing its data."""
    found = _last_read[0] if _last_read else None
    if found is None or not found.of(view):
        found = Read(view)
        _last_read[:] = [found]
    return found


__all__ = ["BOARD_KEYS", "Read", "board_of", "read"]
