"""Whose move it is: the players who owe orders for the next turn, and the job log's line."""

from __future__ import annotations

from galbatch.engine.text.wording import plural
from galbatch.rules.conflict.state import GameState


def owing(state: GameState) -> list[str]:
    """Every player who still owns a world or has units in flight sends orders."""
    active = {w.owner for w in state.worlds.values() if w.owner is not None}
    active.update(f.owner for f in state.flights)
    return [p for p in state.players if p in active]


def describe(state: GameState) -> str:
    """The job log's line on the state."""
    return (
        f"turn {state.turn}, {plural(len(state.players), 'player')}, "
        f"{plural(len(state.worlds), 'world')}, "
        f"{plural(len(state.flights), 'move in flight')}"
    )
