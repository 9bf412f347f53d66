"""Winning: four colonies on planets in other systems; several at once share the win."""

from __future__ import annotations

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.state import GameState
from galbatch.rules.interstellar.tables import COLONIES_TO_WIN, Size


def colonies(state: GameState, player: str) -> int:
    """The player's colonies in other systems: planets holding his colony ships
    (house.COLONIES_COUNT: a planet with two is one colony)."""
    own = state.seat(player).colour
    counts = [
        state.at(planet, player).get(Size.S) for planet in sorted(state.ships) if planet[0] != own
    ]
    if house.COLONIES_COUNT == "ships":
        return sum(counts)
    return sum(1 for n in counts if n)


def winners(state: GameState) -> tuple[str, ...]:
    """Everyone with four colonies, in seat order (a joint victory if more than one)."""
    return tuple(p for p in state.players() if colonies(state, p) >= COLONIES_TO_WIN)
