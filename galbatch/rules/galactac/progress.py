"""Whose move it is: the empires that owe actions for the next fortnight, and the job log's line."""

from __future__ import annotations

from galbatch.engine.text.wording import plural
from galbatch.rules.galactac.state import GameState


def owing(state: GameState) -> list[str]:
    """Every empire that still holds a system or a ship sends actions."""
    if state.finished:
        return []
    active = {s.owner for s in state.systems.values() if s.owner is not None}
    active.update(s.owner for s in state.ships)
    return [e for e in state.empires if e in active]


def describe(state: GameState) -> str:
    """The job log's line on the state."""
    return (
        f"turn {state.turn} ({state.date}), {plural(len(state.empires), 'empire')}, "
        f"{plural(len(state.systems), 'star system')}, {plural(len(state.ships), 'ship')}"
    )
