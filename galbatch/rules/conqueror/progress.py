"""Whose move it is: the players who owe commands for the next turn, and the job log's line."""

from __future__ import annotations

from galbatch.engine.text.wording import plural
from galbatch.rules.conqueror.state import GameState


def owing(state: GameState) -> list[str]:
    """Every player who still controls a planet or a ship sends commands."""
    active = {p.owner for p in state.planets.values() if p.owner is not None}
    active.update(s.owner for s in state.ships)
    return [p for p in state.players if p in active]


def describe(state: GameState) -> str:
    """The job log's line on the state."""
    return (
        f"turn {state.turn}, {plural(len(state.players), 'player')}, "
        f"{plural(len(state.planets), 'planet')}, {plural(len(state.ships), 'ship')}"
    )
