"""The turn's entry: one batch run, each order file taken in (in seat order), then the
phases resolved until a decision is missing."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from random import Random
from typing import Any

from galbatch.rules.interstellar import reports
from galbatch.rules.interstellar.answers import (
    take_in,
)
from galbatch.rules.interstellar.board import Run
from galbatch.rules.interstellar.state import GameState
from galbatch.rules.interstellar.turn import RUN_STREAM, advance


def resolve(
    state: GameState, orders: Mapping[str, Sequence[Any]], streams: Callable[[str], Random]
) -> GameState:
    """The state after one batch run: each order file taken in (in seat order), then the
    phases resolved until a decision is missing or the game is won. `state` is not changed;
    the same state and orders give the same next state."""
    run = Run(streams(RUN_STREAM))
    state = replace(state, turn=state.turn + 1, events=(), waiting=())
    for player in state.players():
        if player in orders:
            before = state
            state = take_in(state, player, orders[player])
            reports.filed(run, before, state, player, orders[player])
            replaced = reports.gone(before.pending.get(player, ()), state.pending.get(player, ()))
            reports.dropped(run, state, player, replaced, reports.REPLACED)
    state = advance(state, run)
    return replace(state, events=tuple(run.events))
