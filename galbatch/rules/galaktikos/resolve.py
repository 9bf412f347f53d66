"""The turn's entry: the setup run at round 0, else one round of every seat's turn,
played on a copy of the state."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from galbatch.rules.galaktikos.placement import SETUP_ROUND
from galbatch.rules.galaktikos.round import (
    Kept,
    first_seat,
    play_turn,
    public,
    setup_run,
    turn_order,
    unplayed,
)
from galbatch.rules.galaktikos.round_events import Event
from galbatch.rules.galaktikos.state import RoundState


def resolve(
    state: RoundState, orders: Mapping[str, Sequence[Any]], streams: Callable[[str], random.Random]
) -> RoundState:
    """The state after one run: the setup run at round 0, else a round; `state` is not changed.

    The dice come from the engine's streams (one for setup, one for the round's
    battles), so the same state and orders give the same next state.
    """
    after = state.copy()
    after.changes.clear()  # the log of this run's changes (`round.Kept` reads it)
    if after.winner is not None:
        after.events = ()
        return after
    if after.round == SETUP_ROUND:
        setup_run(after, orders, streams("galaktikos-setup"))
        after.round = 1
        after.first = 0
        after.seat = 0
        return after
    rng = streams("galaktikos-round")
    log: list[Event] = []
    seats = list(after.players)
    order = turn_order(after)
    after.first = order[0] if order else 0
    kept = Kept(after)
    for seat in order:
        player = seats[seat]
        if after.players[player].eliminated:
            continue
        if after.winner is not None:
            unplayed(after, player, orders.get(player, ()), log)
            continue
        after.seat = seat
        play_turn(after, player, orders.get(player, ()), rng, log, kept)
    after.events = public(log)
    after.round += 1
    after.seat = first_seat(after)
    return after
