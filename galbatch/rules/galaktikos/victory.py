"""Victory (2): by population share, or the variants Race and Conquest."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.state import GameState
from galbatch.rules.galaktikos.tables import RACE_HOLD_TURNS, victory_share


def populations(state: GameState) -> dict[str, int]:
    """Each player's population, friendly and occupied, as the house rule counts it (2.1)."""
    counts = {p: 0 for p in state.players}
    for hex_, row in state.populations.items():
        for owner, n in row.items():
            occupier = state.occupier(hex_, owner)
            if occupier is not None and house.OCCUPIED_POPULATION_COUNTS_FOR == "occupier":
                counts[occupier] += n
            else:
                counts[owner] += n
    return counts


def population_share(state: GameState, hex_: Hex) -> dict[str, int]:
    """The hex's population as `populations` counts it, player by player."""
    counts: dict[str, int] = {}
    for owner, n in state.populations.get(hex_, {}).items():
        occupier = state.occupier(hex_, owner)
        if occupier is not None and house.OCCUPIED_POPULATION_COUNTS_FOR == "occupier":
            counts[occupier] = counts.get(occupier, 0) + n
        else:
            counts[owner] = counts.get(owner, 0) + n
    return counts


def population_winner(state: GameState, counts: Mapping[str, int] | None = None) -> str | None:
    """The player with more than his share of the galaxy's population (2.1, 2.2), if any;
    `counts` are `populations`, when kept (`state.Tally`)."""
    if counts is None:
        counts = populations(state)
    total = sum(counts.values())
    if total == 0:
        return None
    share = victory_share(len(state.players))
    # n / total > share, in whole numbers: asked after every action, for every player
    least = share.numerator * total
    for player, n in counts.items():
        if n * share.denominator > least:
            return player
    return None


def holds_goal(state: GameState, player: str) -> bool:
    """Whether the player's fleets alone occupy the Race goal (house rule)."""
    return state.goal is not None and state.occupiers(state.goal) == [player]


def race_turn(state: GameState, player: str) -> str | None:
    """Count the turns the player begins holding the goal (2.3); he wins at three."""
    state.held[player] = state.held.get(player, 0) + 1 if holds_goal(state, player) else 0
    return player if state.held[player] >= RACE_HOLD_TURNS else None


def eliminated(state: GameState, player: str) -> bool:
    """Out of play: no population tokens of his own and none occupied by him (2.3)."""
    own = any(row.get(player, 0) for row in state.populations.values())
    occupying = any(player in marks.values() for marks in state.occupations.values())
    return not own and not occupying


def conquest_winner(state: GameState) -> str | None:
    """Mark the eliminated players; the last player left wins (2.3)."""
    for player, record in state.players.items():
        if not record.eliminated and eliminated(state, player):
            record.eliminated = True
    left = [p for p, record in state.players.items() if not record.eliminated]
    return left[0] if len(left) == 1 else None
