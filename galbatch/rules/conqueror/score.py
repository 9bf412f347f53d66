"""The score (2.4): what each player's situation and turn are worth, part by part.

Every part is recorded in `Player.breakdown` as (label, points), in the book's order,
and their sum is added to the score. The first to reach the final score wins; if
several reach it in the same turn, the highest score (then the lowest id) wins.
"""

from __future__ import annotations

from galbatch.rules.conqueror.state import Planet
from galbatch.rules.conqueror.tables import (
    UNUSED_PU_PER_POINT,
    capacity_score,
    population_score,
)
from galbatch.rules.conqueror.turn import Turn, player_key


def unused_pu(turn: Turn) -> None:
    """PU left on a planet after all commands score for its owner; they cannot be stored."""
    for planet in turn.planets():
        if planet.owner is not None:
            turn.tally[planet.owner].unused_pu += max(0, planet.pu)
        planet.pu = 0


def breakdown(
    turn: Turn, player: str, planets: list[Planet] | None = None
) -> list[tuple[str, int]]:
    """The player's score parts of this turn, as the report prints them; `planets`: the
    planets the player owns, if already found."""
    if planets is None:
        planets = turn.state.owned_by(player)
    tally = turn.tally[player]
    return [
        ("PLANETS", len(planets)),
        ("POPULATION", sum(population_score(p.population) for p in planets)),
        ("PRODUCTION CAPACITY", capacity_score(sum(p.pu for p in planets))),
        ("UNUSED PU", tally.unused_pu // UNUSED_PU_PER_POINT),
        ("CONQUESTS", tally.conquests),
        ("FORTRESSES DESTROYED", tally.fortresses),
        ("SHIPS DESTROYED", tally.ships),
        ("PLANETS LOST", -tally.lost),
        ("REWARD OFFERED", -tally.reward_offered),
        ("REWARDS EARNED", tally.rewards_earned),
        ("REWARDS PAID", -tally.rewards_paid),
        ("BONUS PLANETS", tally.bonus),
    ]


def add_scores(turn: Turn) -> None:
    """Record every player's parts and add them to his score."""
    owned: dict[str | None, list[Planet]] = {}
    for planet in turn.state.planets.values():  # one pass for every player
        owned.setdefault(planet.owner, []).append(planet)
    for player in turn.players():
        me = turn.state.players[player]
        me.breakdown = breakdown(turn, player, owned.get(player, []))
        me.score += sum(points for _, points in me.breakdown)


def find_winner(turn: Turn) -> None:
    """The game ends when a player's score reaches the final score."""
    state = turn.state
    if state.winner is not None:
        return
    reached = [p for p in state.players.values() if p.score >= state.final_score]
    if reached:
        best = min(reached, key=lambda p: (-p.score, player_key(p.id)))
        state.winner = best.id
        state.broadcasts.append(f"{best.name} HAS REACHED THE FINAL SCORE AND WINS THE GAME")
