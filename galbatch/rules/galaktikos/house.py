"""Galaktikos house rules: every point the book leaves unclear, decided in one place.

Each constant names the rule book section it settles; the man page repeats them.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal

from galbatch.rules.galaktikos.names import Infrastructure

# 8.3.1, 8.3.2 "round to the nearest whole number": exactly one half rounds up.
HALF_ROUNDS_UP = True

# 8.3.1 step 3-4: the reroll limit ("up to a maximum equal to the advantage")
# is one budget for both casualty rolls of a battle together.
REROLL_BUDGET_SHARED = True

# 8.3.1 Handling Reversals: the side without the advantage "calls it in the
# air"; in batch play it always calls heads, and the coin is tossed fairly.
COIN_SIDES = ("heads", "tails")
COIN_CALL = "heads"

# 8.3.1 Handling Reversals: the new roll after a reversal replaces it and is
# not a reroll; it does not use up the budget.
REVERSAL_ROLL_IS_REROLL = False

# 8.3.1 equation (1): the advantage is s/i rounded as the text says, minus one.
ADVANTAGE_ROUNDED = True

# 2.1, 2.2 "his population (both friendly and occupied)": a population counts
# for the player occupying it and not for its owner while it is occupied.
OccupiedCounts = Literal["occupier", "owner"]
OCCUPIED_POPULATION_COUNTS_FOR: OccupiedCounts = "occupier"

# 7.3: a foreign fleet in the friendly hex a supply path ends in does not
# obstruct the path (the hex is friendly territory, where supply arrives).
SUPPLY_END_HEX_OBSTRUCTS = False

# 7.3: a fleet able to obstruct a supply line does so unless its player says
# otherwise (standing orders may lift the obstruction).
OBSTRUCTS_BY_DEFAULT = True

# 3, 7.2: setup places populations only where they can live: not in Empty
# hexes, whose habitat value 0 would remove them at once.
SETUP_NEEDS_HABITAT = True

# 1.5 "occupied" has two meanings, kept apart: a hex is occupied by whoever
# has fleet tokens in it (6.1.2, 6.2); a population is occupied when marked.
# 6.3.2 (title "Converting an Occupied Population", text "in a hex occupied by
# one of your fleets"): both, the population marked by you and your fleet there.
CONVERT_NEEDS_MARK = True
CONVERT_NEEDS_FLEET = True

# 8.1 "attacks from many hexes at once": a fleet strikes fleets in its own hex
# or an adjacent one; infrastructure and population only in its own hex (8.2).
FLEET_STRIKE_RANGE = 1

# 5.1.1: populations of several players in one hex each harvest up to the
# hex's resource value; an occupied population harvests for nobody (7.1).

# 6.2.1, 6.2.2: an occupier grants passage only when its standing orders say so.
PERMIT_BY_DEFAULT = False

# 2.1, 2.2: a game's size is the players seated at its start, eliminated or not.
# 2.3 Conquest: a player is out when no population token is his, nor occupied
# by him; his own tokens count while others occupy them.

# 2.3 Race: a player holds the goal when his fleets alone occupy it at the
# beginning of his turn; the count restarts when he does not.

# 8.3.1 default reroll policy (REROLL OWN AT LEAST 1/2, REROLL ENEMY AT MOST
# 1/4): the side with the advantage rerolls its own casualties while they are
# half its fleet or more, and the other side's while they are a quarter or less.
REROLL_OWN_AT_LEAST = Fraction(1, 2)
REROLL_ENEMY_AT_MOST = Fraction(1, 4)

# 8.3.3 default loss-spreading policy: the "extras" of an uneven split fall on
# the players with the most tokens in the hex, ties in seat order. The same
# even spread shares losses to overpopulation (7.2) among players in a hex.
# 8.3.2 "The attacker chooses which infrastructure tokens will be destroyed": the
# attack's FIRST, else the attacker's standing FIRST order, else shipyards first.
FIRST_INFRASTRUCTURE: Infrastructure = "SHIPYARDS"


def round_half(value: Fraction) -> int:
    """A proportion of tokens as a whole number: the nearest, exactly one half rounding up."""
    if HALF_ROUNDS_UP:
        return math.floor(value + Fraction(1, 2))
    return round(value)
