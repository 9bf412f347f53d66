"""The end of a Galac-Tac game: the Masters' return, or one empire left.

"There are only two ways to win": neutralize every other Home System, or be the
empire with the highest valuation when the Masters return on the galaxy's secret turn
(drawn at setup from 85 to 95).
"""

from __future__ import annotations

from galbatch.rules.galactac.economy import valuation
from galbatch.rules.galactac.events import GameOver
from galbatch.rules.galactac.turn import Turn, empire_key


def standing(turn: Turn) -> list[str]:
    """The empires still in the game: those that keep a Home System."""
    return [e for e in turn.empires() if turn.state.empires[e].home is not None]


def winner_by_valuation(turn: Turn, empires: list[str]) -> str:
    """The highest valuation wins; on a tie, the lowest empire number."""
    values = {e: valuation(turn, e) for e in empires}
    return min(empires, key=lambda e: (-values[e], empire_key(e)))


def end_game(turn: Turn) -> None:
    """After the valuation: the game is over when one empire (or none) is left, or on
    the turn the Masters return; every empire is told the winner."""
    state = turn.state
    left = standing(turn)
    if len(left) <= 1 and len(state.empires) > 1:
        reason = "last empire"
        winner = left[0] if left else ""
    elif state.turn >= state.masters_return:
        reason = "masters"
        winner = winner_by_valuation(turn, left or turn.empires())
    else:
        return
    state.over = True
    state.winner = winner or None
    name = state.empires[winner].name if winner else ""
    for empire in turn.empires():
        turn.tell(GameOver(empire, name, reason))
