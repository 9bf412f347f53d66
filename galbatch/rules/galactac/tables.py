"""Galac-Tac's tables, written the way the rule book writes them.

Each table is the book's (SHIP DESIGN LIMITATIONS, P-TYPE WEAPONS, SHIELDS, T-TYPE
WEAPONS, ATTACHED DRONE UNITS, BREAKDOWN OF RESEARCH COSTS). Where the converted book
prints a number that contradicts its own other tables, the house reading is written in
the table and the book's print in the comment beside it.
"""

# speed: no postponed annotations, as typing compiles NamedTuple fields written as text
from typing import NamedTuple

TECH_LEVELS = (1, 2, 3, 4, 5, 6)
CATEGORIES = ("Small", "Medium", "Large", "Huge")

# SHIP DESIGN LIMITATIONS: SSD CATEGORY | TL 1 | TL 2 | TL 3 | TL 4 | TL 5 | TL 6
# (low, high) SSD; None for the book's "31+" (no upper bound but the largest ship).
SSD_CATEGORY: dict[str, tuple[tuple[int, int | None], ...]] = {
    "Small": ((1, 5), (1, 6), (1, 7), (1, 8), (1, 9), (1, 10)),
    # TL 6 printed "10-25", overlapping Small's 1-10
    "Medium": ((6, 15), (7, 17), (8, 19), (9, 21), (10, 23), (11, 25)),
    # TL 4 printed "32-39"; Medium ends at 21, and the movement bands say 22-31, 32-39
    "Large": ((16, 30), (18, 33), (20, 36), (22, 39), (24, 42), (26, 45)),
    "Huge": ((31, None), (34, None), (37, None), (40, None), (43, None), (46, None)),
}


class DriveBand(NamedTuple):
    """A row of the maximum movement allowances: the most drives for SSD low-high."""

    low: int
    high: int
    star: int
    inertia: int


NONE = 0  # the book's "--": no drives of the kind allowed (the Shipyard report prints 0)

# SHIP DESIGN LIMITATIONS, maximum movement allowances:
# TECH LEVEL | SSD RANGE | STAR DRIVES | INERTIA DRIVES
MOVEMENT: dict[int, tuple[DriveBand, ...]] = {
    1: (
        DriveBand(1, 2, 30, 20),
        DriveBand(3, 5, 24, 16),
        DriveBand(6, 10, 21, 14),
        DriveBand(11, 15, 18, 12),
        DriveBand(16, 25, 15, 10),
        DriveBand(26, 30, 12, 8),
        DriveBand(31, 35, NONE, 8),
        DriveBand(36, 75, NONE, NONE),
    ),
    2: (
        DriveBand(1, 3, 30, 20),
        DriveBand(4, 6, 24, 16),
        DriveBand(7, 11, 21, 14),
        DriveBand(12, 17, 18, 12),
        DriveBand(18, 27, 15, 10),
        DriveBand(28, 33, 12, 8),
        DriveBand(34, 38, NONE, 8),
        DriveBand(39, 80, NONE, NONE),
    ),
    3: (
        DriveBand(1, 3, 30, 20),
        DriveBand(4, 7, 24, 16),
        DriveBand(8, 12, 21, 14),
        DriveBand(13, 19, 18, 12),
        DriveBand(20, 29, 15, 10),
        DriveBand(30, 36, 12, 8),
        DriveBand(37, 41, NONE, 8),
        DriveBand(42, 85, NONE, NONE),  # inertia printed "-"
    ),
    4: (
        DriveBand(1, 4, 30, 20),
        DriveBand(5, 8, 24, 16),
        DriveBand(9, 13, 21, 14),
        DriveBand(14, 21, 18, 12),
        DriveBand(22, 31, 15, 10),
        DriveBand(32, 39, 12, 8),
        DriveBand(40, 44, NONE, 8),
        DriveBand(45, 90, NONE, NONE),
    ),
    5: (
        DriveBand(1, 4, 30, 20),
        DriveBand(5, 9, 24, 16),
        DriveBand(10, 14, 21, 14),
        DriveBand(15, 23, 18, 12),
        DriveBand(24, 33, 15, 10),
        DriveBand(34, 42, 12, 8),
        DriveBand(43, 47, NONE, 8),
        DriveBand(48, 95, NONE, NONE),
    ),
    6: (
        DriveBand(1, 5, 30, 20),
        DriveBand(6, 10, 24, 16),
        DriveBand(11, 15, 21, 14),
        DriveBand(16, 25, 18, 12),
        DriveBand(26, 35, 15, 10),
        DriveBand(36, 45, 12, 8),
        DriveBand(46, 50, NONE, 8),
        DriveBand(51, 99, NONE, NONE),
    ),
}

# SHIP DESIGN LIMITATIONS: WEAPON | TL 1 | TL 2 | TL 3 | TL 4 | TL 5 | TL 6
MAXIMUM_WEAPONS: dict[str, tuple[int, ...]] = {
    "P-Types": (30, 35, 40, 45, 50, 55),
}

# P-TYPE WEAPONS, damage per P-type: SSD CATEGORY | TL 1 | ... | TL 6
# (platforms fire as if no larger than Medium)
P_TYPE_DAMAGE: dict[str, tuple[int, ...]] = {
    "Small": (1, 2, 3, 4, 5, 6),
    "Medium": (2, 3, 4, 5, 6, 7),
    "Large": (3, 4, 5, 6, 7, 8),
    "Huge": (4, 5, 6, 7, 8, 9),
}

# SHIELDS, points of damage absorbed per shield: SSD CATEGORY | TL 1 | ... | TL 6
# (platforms' shields as if no larger than Medium)
SHIELD_POINTS: dict[str, tuple[int, ...]] = {
    "Small": (3, 4, 5, 6, 7, 8),
    "Medium": (4, 5, 6, 7, 8, 9),
    "Large": (5, 6, 7, 8, 9, 10),
    "Huge": (6, 7, 8, 9, 10, 11),
}
PLATFORM_CATEGORY = "Medium"  # the footnote: a platform's weapons and shields at most Medium

# T-TYPE WEAPONS: LEVEL | DAMAGE - Direct Hit | DAMAGE - Near Miss
T_TYPE_DAMAGE: dict[int, tuple[int, int]] = {
    1: (4, 2),
    2: (8, 4),
    3: (12, 6),
    4: (16, 8),
    5: (20, 10),
    6: (24, 12),
}

# ATTACHED DRONE UNITS: LEVEL | DAMAGE
DRONE_DAMAGE: dict[int, int] = {1: 2, 2: 4, 3: 6, 4: 8, 5: 10, 6: 12}

# BREAKDOWN OF RESEARCH COSTS: TECH LEVEL | TOTAL RESEARCH EXPENDITURE (PI, the average)
RESEARCH: dict[int, int] = {1: 0, 2: 2500, 3: 8500, 4: 18000, 5: 31000, 6: 47500}


def _column(tech: int) -> int:
    if tech not in TECH_LEVELS:
        raise ValueError(f"tech level {tech} is not one of 1 to {TECH_LEVELS[-1]}")
    return tech - 1


def category(ssd: int, tech: int) -> str:
    """The SSD category (Small, Medium, Large or Huge) of a ship of `ssd` at `tech`."""
    column = _column(tech)
    for name in CATEGORIES:
        low, high = SSD_CATEGORY[name][column]
        if ssd >= low and (high is None or ssd <= high):
            return name
    raise ValueError(f"SSD {ssd} is below 1")


def largest_ssd(tech: int) -> int:
    """The largest ship or platform at `tech`: the last movement band's upper bound."""
    _column(tech)
    return MOVEMENT[tech][-1].high


def drive_band(ssd: int, tech: int) -> DriveBand | None:
    """The movement band holding `ssd` at `tech`; None above the largest ship."""
    _column(tech)
    for band in MOVEMENT[tech]:
        if band.low <= ssd <= band.high:
            return band
    return None


def maximum_p_types(tech: int) -> int:
    """The most P-type weapons a ship may carry at `tech`."""
    return MAXIMUM_WEAPONS["P-Types"][_column(tech)]


def hangar_maximum(tech: int) -> int:
    """The largest ship a hangar bay takes: the top of the Small category at `tech`."""
    high = SSD_CATEGORY["Small"][_column(tech)][1]
    assert high is not None
    return high


def weapon_category(ssd: int, tech: int, platform: bool) -> str:
    """The category a ship's P-types and shields count at: a platform's at most Medium."""
    name = category(ssd, tech)
    if platform and CATEGORIES.index(name) > CATEGORIES.index(PLATFORM_CATEGORY):
        return PLATFORM_CATEGORY
    return name


def p_type_damage(ssd: int, tech: int, platform: bool = False) -> int:
    """Points of damage one P-type weapon does (P-TYPE WEAPONS)."""
    return P_TYPE_DAMAGE[weapon_category(ssd, tech, platform)][_column(tech)]


def shield_points(ssd: int, tech: int, platform: bool = False) -> int:
    """Points of damage one shield absorbs (SHIELDS)."""
    return SHIELD_POINTS[weapon_category(ssd, tech, platform)][_column(tech)]
