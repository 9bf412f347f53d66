"""Where the game stands, for the engine: who owes orders (only those the last run stopped
for), whose files a run reads (they, then everyone else, who may send orders ahead), and
the job log's line.
"""

from __future__ import annotations

from galbatch.rules.interstellar.phases import BOOK_STEP
from galbatch.rules.interstellar.state import GameState


def owing(state: GameState) -> list[str]:
    """The players the last run stopped for: they owe the phase it stopped at."""
    return [] if state.finished else list(state.waiting)


def accepting(state: GameState) -> list[str]:
    """The players whose order files a run reads: those owing, then every other player in
    seat order (standing orders and orders for later phases may come at any time)."""
    if state.finished:
        return []
    waiting = owing(state)
    return waiting + [p for p in state.players() if p not in waiting]


def describe(state: GameState) -> str:
    """The job log's line: the player turn, the active player, the phase, whom it waits for."""
    colour = {s.id: s.colour for s in state.seats}
    if state.finished:
        won = " and ".join(colour[p] for p in state.winners)
        return f"{len(state.seats)} players, turn {state.player_turn}, won by {won}"
    where = f"{state.phase.value} (step {BOOK_STEP[state.phase]})"
    attack = ", second attack" if state.attack == 2 and state.encounter is not None else ""
    text = (
        f"{len(state.seats)} players, turn {state.player_turn}: {colour[state.active]} to play,"
        f" {where}{attack}"
    )
    if state.waiting:
        text += "; waiting for " + " ".join(colour[p] for p in state.waiting)
    return text
