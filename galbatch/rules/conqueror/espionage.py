"""Espionage (3.10) and corruption (3.11), carried out after everybody's commands.

The PU a player put into one target from several planets are summed first. House
rules (`house.py`): an owner's PU of espionage on his own planet take his own PRE
percent each off the spy's chance, and add as much to his chance of noticing.
"""

from __future__ import annotations

from galbatch.rules.conqueror.house import HOUSE_RULES
from galbatch.rules.conqueror.tables import (
    COMMUNICATION,
    COMMUNICATION_TABLE,
    MAX_LOYALTY,
    RESEARCH_AREAS,
)
from galbatch.rules.conqueror.turn import Turn, player_key

CORRUPTION_UNIT = 10  # 3.11: the loyalty changes by LO for each 10 PU


def espionage_chance(pu: int, pre: int, guard: int, guard_pre: int) -> int:
    """Percent chance of a mission: PRE per PU invested, less the owner's guard at his PRE."""
    return pu * pre - guard * guard_pre


def notice_chance(guard: int, guard_pre: int) -> int:
    """Percent chance that the owner hears of a mission: always some, more with a guard."""
    return HOUSE_RULES.espionage_notice + guard * guard_pre


def corruption_change(pu: int, lo: int) -> int:
    """Loyalty points that `pu` PU of corruption move at a CTL with loyalty change `lo`."""
    return pu // CORRUPTION_UNIT * lo


def pre(turn: Turn, player: str | None) -> int:
    """PRE of table 5.5 at the player's CTL; neutral planets have no agents."""
    if player is None:
        return 0
    return COMMUNICATION_TABLE[turn.tech(player, COMMUNICATION)].espionage


def spy(turn: Turn) -> None:
    """Roll every espionage mission of the turn, by player and target planet."""
    rng = turn.rng("espionage")
    for (player, number), pu in sorted(
        turn.espionage.items(), key=lambda item: (player_key(item[0][0]), item[0][1])
    ):
        planet = turn.state.planets[number]
        owner = planet.owner
        guard, guard_pre = planet.espionage_guard, pre(turn, owner)
        success = rng.randrange(100) < espionage_chance(pu, pre(turn, player), guard, guard_pre)
        if owner is not None and rng.randrange(100) < notice_chance(guard, guard_pre):
            turn.tell(owner, f"AGENTS OF {turn.name(player)} WERE SEEN ON PLANET {number}")
        if not success:
            turn.tell(player, f"ESPIONAGE ON PLANET {number} FAILED")
            continue
        turn.explore(player, number)
        turn.tell(player, f"ESPIONAGE ON PLANET {number} SUCCEEDED")
        if owner is not None and planet.home == owner:  # the owner's own home planet (3.10)
            home_secrets(turn, player, owner, rng.randrange(len(RESEARCH_AREAS)))


def home_secrets(turn: Turn, player: str, owner: str, area: int) -> None:
    """What a mission on a home planet reveals: score, one TL and the reward target."""
    them = turn.state.players[owner]
    name = turn.name(owner)
    turn.tell(player, f"SCORE OF {name}: {them.score}")
    level = turn.tech(owner, area)
    turn.tell(player, f"{RESEARCH_AREAS[area]} TECHNOLOGY LEVEL OF {name}: {level}")
    points, target = them.reward
    if points > 0 and str(target) in turn.state.players:
        turn.tell(player, f"{name} OFFERS A REWARD FOR {turn.name(str(target))}")


def corrupt(turn: Turn) -> None:
    """Apply every corruption of the turn: up on own planets, down on anybody else's.

    A planet whose loyalty corruption lowered does not recover this turn (house rule),
    so the book's K 56 20 13 lowers it by the 4 it promises (3.11)."""
    rng = turn.rng("corruption")
    for (player, number), pu in sorted(
        turn.corruption.items(), key=lambda item: (player_key(item[0][0]), item[0][1])
    ):
        planet = turn.state.planets[number]
        lo = COMMUNICATION_TABLE[turn.tech(player, COMMUNICATION)].loyalty
        change = corruption_change(pu, lo)
        if change == 0:
            continue
        before = planet.loyalty
        if planet.owner == player:
            planet.loyalty = min(MAX_LOYALTY, planet.loyalty + change)
        else:
            planet.loyalty = max(1, planet.loyalty - change)
            turn.turned.add(number)
            if planet.owner is not None and rng.randrange(100) < HOUSE_RULES.corruption_notice:
                turn.tell(planet.owner, f"CORRUPTION ON PLANET {number} WAS DISCOVERED")
        turn.corrupted[(player, number)] = planet.loyalty - before


def report_corruption(turn: Turn) -> None:
    """Tell each corrupter what his corruption did and the loyalty the planet ends the turn
    with, after attacks, conquests and the turn's recovery: the loyalty its report shows."""
    for (player, number), moved in turn.corrupted.items():
        loyalty = turn.state.planets[number].loyalty
        if moved:
            how = f"{'RAISED' if moved > 0 else 'LOWERED'} THE LOYALTY ON PLANET {number} BY "
            how += str(abs(moved))
        else:
            how = f"DID NOT CHANGE THE LOYALTY ON PLANET {number}"
        turn.tell(player, f"YOUR CORRUPTION {how}: AT THE END OF THE TURN IT IS {loyalty}")
