"""Galactic Conqueror's house rules: every number the rule book leaves to the game master.

The book's own numbers are in `tables.py`; each number here says why it was chosen.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HouseRules:
    """The numbers the rule book leaves out, one comment each."""

    # Fifty planets a player: GC16's 8 players get "several hundreds of planets" (400).
    planets_per_player: int = 50
    # Settings may ask for fewer or more planets a player, within what still plays.
    planets_per_player_range: tuple[int, int] = (10, 100)
    # Even a two-player game has "several hundreds of planets".
    min_planets: int = 200
    # One planet per 16 squares of field: about 5 planets within a home's radius of 5.
    area_per_planet: int = 16
    # Never less field than 700 squares a player, so 50 homes still fit 16 apart.
    area_per_home: int = 700
    # Homes keep this far from the field's edge, so the CTL-0 radius lies inside the field.
    home_margin: int = 5
    # Each home is the farthest from the others of this many random tries.
    home_candidates: int = 40
    # Fresh placements tried before giving up (never needed for 2 to 50 players).
    home_attempts: int = 50
    # Every home gets 4 neutral planets within the CTL-0 radius, so no one starts stranded.
    near_planets: int = 4

    # Neutral planets: population 200 to 6000, so conquests pay without rivalling a home.
    neutral_population: tuple[int, int] = (200, 6000)
    # Neutral mines, refineries and farms: 0 to 30 each, so each planet has a character.
    neutral_products: tuple[int, int] = (0, 30)
    # Neutral factories: 0 to 30, never more than the population can operate.
    neutral_factories: tuple[int, int] = (0, 30)
    # Neutral planets start with loyalty 10; a conquest sets it to 1 anyway.
    neutral_loyalty: int = 10

    # A home: 100 of each facility, so a normal turn gives 100 PU after the 800 of turn 1.
    home_facilities: int = 100
    # Population 10000 operates up to 1000 factories: room to grow by kits and production.
    home_population: int = 10000
    # 20 fortresses: an early raid with the starting fleet of a neighbour cannot take a home.
    home_fortresses: int = 20
    # Every home has the same average natural defence (growth 5 percent), for fairness.
    home_natural_defence: int = 5
    # The first shipyard: size 10, already producing class 7 (no surcharge for its first).
    home_yard_size: int = 10
    home_yard_class: int = 7
    # A few spares to repair the starting fleet after its first fights.
    home_spares: int = 10
    # The starting fleet: two class 7, one class 8, one class 1 transport.
    starting_fleet: tuple[int, ...] = (7, 7, 8, 1)

    # The default final score; the book's "normal game is about 25 turns".
    final_score: int = 3000

    # An uncontrolled hyperspace jump: 5 per mille for each ship in flight each turn.
    jump_per_mille: int = 5
    # The target's chance of noticing an espionage mission, in percent, before his own guard.
    espionage_notice: int = 10
    # The target's chance of noticing corruption on his planet, in percent.
    corruption_notice: int = 25
    # Each shot on a planet destroys a mine, refinery, farm or factory with 20 percent ...
    facility_hit: int = 20
    # ... less 2 percent per planetary defense TL of the defender (2.3.1).
    facility_hit_per_pdtl: int = 2
    # Bonus planets appear from turn 5 on, when the first fleets have found their neighbours.
    bonus_from: int = 5
    # Each turn from then on, a bonus planet appears with a chance of 25 percent.
    bonus_chance: int = 25
    # A bonus planet is worth 25 points to its first conqueror: a detour worth making.
    bonus_points: int = 25


HOUSE_RULES = HouseRules()
