"""Whose move it is: the players who owe orders for the next round, and the job log's line."""

from __future__ import annotations

from galbatch.rules.galaktikos.placement import SETUP_ROUND
from galbatch.rules.galaktikos.state import RoundState


def owing(state: RoundState) -> list[str]:
    """The players who send orders: everyone at setup, then everyone still in play."""
    if state.winner is not None:
        return []
    return [p for p, r in state.players.items() if not r.eliminated]


def describe(state: RoundState) -> str:
    """The job log's line on the state: the round it comes out of and the round due, as
    the printouts number them (the setup is round 0)."""
    tokens = state.tokens()
    if state.round == SETUP_ROUND:
        when = "round 0 (the setup) next"
    else:
        when = f"round {state.round - 1} played, round {state.round} next"
    return (
        f"{when}, {len(state.players)} players, {tokens['population']} population, "
        f"{tokens['fleet']} fleet tokens"
        + (f", won by {state.name_of(state.winner)}" if state.winner else "")
    )
