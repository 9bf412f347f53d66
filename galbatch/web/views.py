"""A player's own view file of a turn, as the pages that read it (history, messages, the
turn page's "what you owe") take it: his alone, and None rather than an error when it
is missing or damaged."""

from __future__ import annotations

from typing import Any

from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.locks import commit_lock
from galbatch.engine.gamedir.yamlio import MAX_VIEW_BYTES, LoadError, load_data
from galbatch.rules import UnknownRuleset, get_ruleset


def player_view(game: Game, player: str, turn: int) -> dict[str, Any] | None:
    """The player's view file of turn `turn` as data; None if he has none or it is damaged."""
    try:
        view = load_data(game.turn_dir(turn) / "views" / f"{player}.yaml", MAX_VIEW_BYTES)
    except (LoadError, OSError, RecursionError):
        return None
    return view if isinstance(view, dict) else None


def owed_now(game: Game, player: str, turn: int) -> str | None:
    """What the player's view of turn `turn` says he owes now, where the game says more than
    "orders for the next turn" (`Ruleset.owed_now`); None otherwise, or if it cannot tell."""
    try:
        ruleset = get_ruleset(game.ruleset_name)
        with commit_lock(game.turns, exclusive=False):
            view = player_view(game, player, turn)
        return None if view is None else ruleset.owed_now(view)
    except (GameError, UnknownRuleset, OSError, LookupError, TypeError, ValueError):
        return None  # a view damaged by hand: the turn page goes without the line
