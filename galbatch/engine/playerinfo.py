"""A seat in a game: `galbatch.engine.ruleset.PlayerInfo` (see there)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerInfo:
    """A seat in a game, as game.yaml lists it."""

    id: str
    name: str  # code name
    account: int
