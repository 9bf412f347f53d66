"""Galac-Tac's COMBAT rules on who fires at what: the first-round chart, the chance to
hit (TARGETING), a T-type's roll, the Min SSD and the target codes a weapon follows."""

from __future__ import annotations

from galbatch.rules.galactac.battle_tables import (
    AREA_PENALTY,
    FIRST_ROUND,
    GROUP_ORDERS,
    MANEUVER_PER_INERTIA,
    MOVEMENT_PER_INERTIA,
    ORDER_GROUPS,
    TECH_PER_LEVEL,
    WEAPON_ACCURACY,
    WEAPON_CODES,
)
from galbatch.rules.galactac.combat_house import COMBAT_HOUSE
from galbatch.rules.galactac.rating import Rating
from galbatch.rules.galactac.tables import CATEGORIES


def order_group(order: str) -> str:
    """The first-round chart's row or column for a ship's order word."""
    if order == "DESTROY":
        return COMBAT_HOUSE.destroy_group
    for group, words in GROUP_ORDERS.items():
        if order in words:
            return group
    return ORDER_GROUPS[-1]


def first_round(firing: str, target: str) -> int:
    """The first round a ship with order `firing` may fire on one with order `target`."""
    return FIRST_ROUND[order_group(firing)][ORDER_GROUPS.index(order_group(target))]


def hit_chance(
    weapon: str,
    firer_speed: int,
    firer_tech: int,
    target_speed: int,
    target_tech: int,
    maneuvering: bool = False,
    aimed: bool = False,
) -> float:
    """% chance to hit = WA + MA + MF + TL (TARGETING), less 5 % for an aimed P-type or
    T-type; `weapon` is a WEAPON_ACCURACY key, speeds are inertia drives."""
    return (
        hit_tenths(weapon, firer_speed, firer_tech, target_speed, target_tech, maneuvering, aimed)
        / 10
    )


def hit_tenths(
    weapon: str,
    firer_speed: int,
    firer_tech: int,
    target_speed: int,
    target_tech: int,
    maneuvering: bool,
    aimed: bool,
) -> int:
    """The chance to hit in tenths of a percent, so every 1.5 % step is exact."""
    wa = WEAPON_ACCURACY[weapon] * 10
    ma = -round(MANEUVER_PER_INERTIA * 10) * target_speed if maneuvering else 0
    difference = firer_speed - target_speed
    if not COMBAT_HOUSE.mf_firer_minus_target:
        difference = -difference
    mf = round(MOVEMENT_PER_INERTIA * 10) * difference
    tl = TECH_PER_LEVEL * 10 * (firer_tech - target_tech)
    penalty = AREA_PENALTY * 10 if aimed and weapon != "Drone" else 0
    return wa + ma + mf + tl - penalty


def clamp_tenths(tenths: int) -> int:
    low, high = COMBAT_HOUSE.hit_chance_range
    return max(low * 10, min(high * 10, tenths))


def t_type_result(roll: int, direct_tenths: int) -> str:
    """A T-type's one roll (0-999): "direct" below the direct-hit chance, "near" below
    that + 15 %, else "miss" (house rule: one roll)."""
    if roll < clamp_tenths(direct_tenths):
        return "direct"
    if roll < clamp_tenths(direct_tenths + WEAPON_ACCURACY["T-Type (near miss)"] * 10):
        return "near"
    return "miss"


def t_min_ssd_met(enemy_ssd: int, min_ssd: int) -> bool:
    """Whether T-types open up against an enemy of `enemy_ssd` total SSD (house rule:
    more than Min SSD; 0 always)."""
    if min_ssd <= 0:
        return True
    return enemy_ssd > min_ssd if COMBAT_HOUSE.min_ssd_strictly_more else enemy_ssd >= min_ssd


def p_type_category_order(own: str) -> tuple[str, ...]:
    """P-types: their own size category first, then larger ones, then smaller ones."""
    i = CATEGORIES.index(own)
    return (*CATEGORIES[i:], *reversed(CATEGORIES[:i]))


def weapon_code(weapon: str, code: int) -> int:
    """The target code a weapon type follows: the one given if it may use it, else 0
    (target of opportunity)."""
    return code if code in WEAPON_CODES[weapon] else 0


def p_type_speed(design: Rating, current: Rating) -> int:
    """The speed a ship's P-types aim at: its working inertia drives; a platform's
    (a design without drives) at the house's attack speed."""
    return COMBAT_HOUSE.platform_attack_speed if design.platform else current.inertia
