"""Galac-Tac's research: PI spent at production systems toward the galaxy's secret
tech level thresholds, and what a new tech level does to missiles.
"""

from __future__ import annotations

import random

from galbatch.rules.galactac.events import Research, Short, TechAdvanced
from galbatch.rules.galactac.galaxy import Location, location_text
from galbatch.rules.galactac.house import (
    MAX_TECH,
    RESEARCH_AVERAGE,
    RESEARCH_ROUNDING,
    RESEARCH_SPREAD_PERCENT,
)
from galbatch.rules.galactac.turn import Turn


def draw_thresholds(rng: random.Random) -> list[int]:
    """This galaxy's total research PI for tech levels 1..6: each step of the book's
    average table drawn within +-RESEARCH_SPREAD_PERCENT, in whole hundreds."""
    thresholds = [0]
    for level in range(2, MAX_TECH + 1):
        step = RESEARCH_AVERAGE[level] - RESEARCH_AVERAGE[level - 1]
        percent = rng.randint(100 - RESEARCH_SPREAD_PERCENT, 100 + RESEARCH_SPREAD_PERCENT)
        drawn = step * percent // 100
        drawn = max(RESEARCH_ROUNDING, round(drawn / RESEARCH_ROUNDING) * RESEARCH_ROUNDING)
        thresholds.append(thresholds[-1] + drawn)
    return thresholds


def tech_level(thresholds: list[int], research: int) -> int:
    """The tech level `research` PI in all reach in this galaxy."""
    level = 1
    for index, total in enumerate(thresholds):
        if research >= total:
            level = index + 1
    return min(level, MAX_TECH)


def halve(missiles: int, levels: int) -> int:
    """Missiles left after advancing `levels` tech levels: halved each time, fractions
    down (50 -> 25)."""
    return missiles >> levels


def research(turn: Turn, empire: str, location: Location, pi: int) -> int:
    """RESEARCH: a production system spends PI on the empire's R&D (as much as it has);
    what was spent."""
    system = turn.production(empire, location)
    where = location_text(location)
    if system is None:
        turn.fail(empire, "RESEARCH", where, "not one of your Production Systems")
        return 0
    spent = min(pi, system.pi)
    system.pi -= spent
    me = turn.state.empires[empire]
    me.research += spent
    if spent < pi:
        turn.tell(Short(empire, "RESEARCH", where, "PI", pi, spent))
    if spent:
        turn.tell(Research(empire, where, spent, me.research))
    return spent


def advance(turn: Turn) -> None:
    """End of the fortnight: empires whose research passed a threshold reach the new
    tech level, and all their missiles, in racks, cargo and stockpiles, are halved
    once for each level gained."""
    for empire in turn.empires():
        me = turn.state.empires[empire]
        level = tech_level(turn.state.thresholds, me.research)
        if level <= me.tech:
            continue
        gained = level - me.tech
        me.tech = level
        for ship in turn.fleet_of(empire):
            ship.missiles = halve(ship.missiles, gained)
            ship.cargo_missiles = halve(ship.cargo_missiles, gained)
        for location in sorted(turn.state.systems):
            stock = turn.state.systems[location].missiles
            if empire in stock:
                stock[empire] = halve(stock[empire], gained)
        turn.tell(TechAdvanced(empire, level))
