"""Galactic Conflict's house rules: the numbers the rule book leaves to the game master,
each with its reason (galbatch-conflict(7), HOUSE RULES)."""

from __future__ import annotations

from dataclasses import dataclass

from galbatch.rules.conflict.tables import SPEED


@dataclass(frozen=True)
class HouseRules:
    """The starting numbers the rule book leaves to the game master."""

    # About a dozen worlds each: room to grow and neighbours to fight.
    worlds_per_player: int = 12
    # Settings may ask for more or fewer, within what keeps the map readable.
    worlds_per_player_range: tuple[int, int] = (3, 25)
    # One world per 5 hexes: most worlds are a turn or two's move from another.
    hexes_per_world: int = 5
    # Room for the home worlds to keep their distance when worlds are few.
    hexes_per_home: int = 40
    # 32 columns of 4 characters fit one 132-column page.
    max_cols: int = 32
    # 28 rows of 2 lines, with the heading, fit one page.
    max_rows: int = 28
    # The smallest sheet: two home worlds still fit well apart.
    min_cols: int = 10
    min_rows: int = 8
    # Home worlds at least 5 hexes apart: no one can attack on turn 1 with arrival that run.
    home_distance: int = 5
    # Home worlds keep off the sheet's edge hexes, so none is tucked in a corner.
    home_edge: int = 1
    # Home placement tries this many random hexes and keeps the one farthest from the others.
    home_candidates: int = 30
    # Fresh placements tried before giving up (never needed within the player range).
    home_attempts: int = 50
    # Each home gets 2 neutral worlds within one turn's move, so no one starts stranded.
    near_neutrals: int = 2
    near_distance: int = SPEED
    # A player's home: a strong economy and enough forces to survive the first turns.
    home_econ: int = 10
    home_cp: int = 0
    home_af: int = 10
    home_df: int = 15
    home_ft: int = 10
    home_probes: int = 5
    # Neutral worlds: Econ 1 to 6, a little poorer than a home on average.
    neutral_econ: tuple[int, int] = (1, 6)
    # Neutral DF, per Econ: richer worlds are better defended.
    neutral_df_per_econ: tuple[int, int] = (1, 3)
    # Neutral FT, per Econ; neutral worlds have no AF, so they never threaten anyone.
    neutral_ft_per_econ: tuple[int, int] = (0, 2)


HOUSE_RULES = HouseRules()
