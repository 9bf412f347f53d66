"""Planetary events: bonus planets (2.3.2.5, 2.4).

House rules (`house.py`): from turn 5 on, each turn a neutral planet becomes a bonus
planet with a chance of 25 percent, worth 25 points to its first conqueror.
Everybody hears that it appeared; players with communication TL 5 learn where.
"""

from __future__ import annotations

from galbatch.rules.conqueror.house import HOUSE_RULES
from galbatch.rules.conqueror.tables import BONUS_POSITIONS_CTL, COMMUNICATION
from galbatch.rules.conqueror.turn import Turn
from galbatch.rules.conqueror.wording import points


def place_bonus(turn: Turn) -> None:
    """Maybe turn a random neutral planet into a bonus planet."""
    rules = HOUSE_RULES
    if turn.state.turn < rules.bonus_from:
        return
    rng = turn.rng("bonus")
    if rng.randrange(100) >= rules.bonus_chance:
        return
    candidates = [p for p in turn.planets() if p.owner is None and not p.bonus]
    if not candidates:
        return
    planet = rng.choice(candidates)
    planet.bonus = rules.bonus_points
    turn.state.broadcasts.append(f"A BONUS PLANET WORTH {points(planet.bonus)} HAS APPEARED")
    for player in turn.players():
        if turn.tech(player, COMMUNICATION) >= BONUS_POSITIONS_CTL:
            turn.reveal(player, planet.number)
            where = f"PLANET {planet.number} AT {planet.x},{planet.y}"
            turn.tell(player, f"THE BONUS PLANET IS {where}")
