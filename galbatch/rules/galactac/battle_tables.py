"""Galac-Tac's combat tables, written the way the rule book's COMBAT chapter writes
them: the first-round chart, the weapons' accuracy, the target codes and the target
areas of the damage drawing."""

from __future__ import annotations

# BATTLE SEQUENCE, the chart: the first combat round in which a ship with the firing
# order (row) may fire on a ship with the targeted order (column).
ORDER_GROUPS = ("DEFEND SECURE", "PATROL SENTRY", "ATTACK", "SCOUT (caught)", "(other)")
FIRST_ROUND: dict[str, tuple[int, int, int, int, int]] = {
    #                  DEFEND   PATROL   ATTACK  SCOUT    (other)
    #                  SECURE   SENTRY           (caught)
    "DEFEND SECURE": (1, 2, 2, 2, 1),
    "PATROL SENTRY": (2, 3, 3, 1, 2),
    "ATTACK": (2, 2, 2, 2, 2),
    "SCOUT (caught)": (2, 2, 2, 2, 2),
    "(other)": (3, 3, 3, 3, 3),
}

# Each group's order words as the chart names them; every other word is "(other)".
GROUP_ORDERS: dict[str, tuple[str, ...]] = {
    "DEFEND SECURE": ("DEFEND", "SECURE"),
    "PATROL SENTRY": ("PATROL", "SENTRY"),
    "ATTACK": ("ATTACK",),
    "SCOUT (caught)": ("SCOUT",),
}

# Ships in hangar bays deploy in round 1, except these, "already deployed on duty".
DEPLOYED_ON_DUTY = ("PATROL", "SENTRY")
DEPLOY_ROUND = 1

# TARGETING: WA, the base chance to hit, in percent.
WEAPON_ACCURACY: dict[str, int] = {
    "Drone": 50,
    "P-Type": 50,
    "T-Type (direct hit)": 25,
    "T-Type (near miss)": 15,  # "+15% if not a direct hit"
}
# TARGETING, the order in which each weapon type looks at the enemy's size categories
# (a ship applies its own tech level's categories to its targets). Drones go first for
# missiles in flight, then drones, then ships "smaller ship categories before larger";
# P-types take their own category, then larger ones, then smaller ones (a function:
# it depends on the firer); T-types the largest first and "never ... Small".
DRONE_CATEGORY_ORDER = ("Small", "Medium", "Large", "Huge")
T_TYPE_CATEGORY_ORDER = ("Huge", "Large", "Medium")

MANEUVER_PER_INERTIA = 1.5  # MA: "an extra 1.5% per functioning Inertia drive"
MOVEMENT_PER_INERTIA = 1.5  # MF: "+/- 1.5% per difference in Inertia drives"
TECH_PER_LEVEL = 10  # TL: "+/- 10% per difference in Tech Level"

# COMBAT: TARGET | DESCRIPTION
TARGET_CODES: dict[int, str] = {
    0: "Target of opportunity (default target)",
    1: "Weapons (P-Types, T-Types & Drone bays)",
    2: "Main (Shields, Hangar Bays, & Cargo Bays)",
    3: "Engines (Star Drives & Inertia Drives)",
    4: "Platforms (Ships built with no Engines)",
    5: "Attacking Drones (only Drones can use)",
    6: "Missiles in Flight (only Drones and P-Types can use)",
}
OPPORTUNITY, WEAPONS, MAIN, ENGINES, PLATFORMS, DRONES, MISSILES = range(7)
# The codes each weapon type may use: 5 "only Drones can use", 6 "only Drones and
# P-Types can use"; "Missiles cannot target other Missiles or Drones in flight at all".
WEAPON_CODES: dict[str, tuple[int, ...]] = {
    "Drone": (WEAPONS, MAIN, ENGINES, PLATFORMS, DRONES, MISSILES),
    "P-Type": (WEAPONS, MAIN, ENGINES, PLATFORMS, MISSILES),
    "T-Type": (WEAPONS, MAIN, ENGINES, PLATFORMS),
}
AREA_PENALTY = 5  # "decrease your base chance to hit by 5% for all weapon types except Drones"
DESIRED_AREA_PERCENT = 70  # "only 70% of the time will you hit the desired section"

# DAMAGE, the drawing: the three target areas and their items, in the drawing's order;
# area 4 is the excess damage, equal to the ship's SSD.
TARGET_AREAS: dict[int, tuple[str, ...]] = {
    WEAPONS: ("drones", "p_types", "t_launchers", "racks"),
    MAIN: ("shields", "hangars", "cargo"),
    ENGINES: ("star", "inertia"),
}
ENGINES_PER_POINT = 3  # "One point of damage will disable three engines"
