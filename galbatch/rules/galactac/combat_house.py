"""Galac-Tac's combat house rules: every number and reading the rule book's COMBAT
chapter leaves out or contradicts, in one table.

The book's own combat tables are in battle_tables.py; each rule here says why.
"""

from __future__ import annotations

from dataclasses import dataclass

ROUNDS = 10  # BATTLE SEQUENCE: "divided into 10 segments called combat rounds" (the book's)


@dataclass(frozen=True)
class CombatHouseRules:
    """The combat rules the book leaves open, one comment each."""

    # Drones are "faster than anything else on the field of battle": no ship has more
    # than 20 inertia drives, so a drone counts as 24 for MF, firing and fired at.
    drone_speed: int = 24
    # Missiles are faster "than most ships can obtain": 18 inertia drives for MF.
    missile_speed: int = 18
    # A platform's P-types aim at "attack speed" 10 (it has no inertia drives); as a
    # target a platform has speed 0 and never maneuvers.
    platform_attack_speed: int = 10

    # MF's sign: the book defines it as "defending less firing", but its worked example
    # ("attacker has 4 more Inertia drives": +6 %) and the MOVEMENT prose give the
    # faster firer the advantage. The example is the rule: MF = +1.5 % x (firer - target).
    mf_firer_minus_target: bool = True

    # A T-type shot is one roll: below the direct-hit chance (25 % + MA + MF + TL) a
    # direct hit, below that chance + 15 % a near miss ("+15% if not a direct hit").
    near_miss_one_roll: bool = True

    # No floor or ceiling but the obvious: a chance below 0 % never hits, above 100 %
    # always does. The rolls are in tenths of a percent (1.5 % steps are exact).
    hit_chance_range: tuple[int, int] = (0, 100)

    # Min SSD: T-types fire only when the enemy's total SSD at the start of the battle is
    # more than it (the COMBAT example: "only if the enemy fleet initially exceeds 200
    # SSD"). The total is counted exactly (design SSDs), never estimated.
    min_ssd_strictly_more: bool = True

    # DESTROY's row and column in the first-round chart: DEFEND/SECURE's. The ships fly
    # straight to the system's centre to land their PI, as SECURE does.
    destroy_group: str = "DEFEND SECURE"

    # P-types never aim at drones: target code 5 is "only Drones can use". They aim at
    # missiles in flight only under target code 6 (as the code table allows).
    p_types_shoot_drones: bool = False

    # One hit destroys a drone or a missile in flight. A drone shot down also disables its
    # bay in the mother ship (the book: "Note that a Drone destroyed in flight also
    # disables its Drone bay in the mother ship"), which stays disabled until repaired.
    hits_to_destroy_drone: int = 1

    # Shield points at the start of a battle: working shields x the SHIELDS table's
    # points for the ship's category and tech. The NIGHTMARE drawing's 12 for 4 shields
    # of a Large Tech 1 ship is Small's 3 a shield; the table's 5 is the rule: 20.
    shields_from_table: bool = True

    # A ship's category (for targeting, P-type damage and shields) is its design's SSD's:
    # shooting parts away does not shrink the hull. Excess damage is the design's SSD.
    category_by_design: bool = True

    # Maneuvering: at the start of each round a ship with no weapon able to fire (no
    # working P-type or drone bay, no launcher with a missile) maneuvers for that round,
    # whatever its order, unless it is a platform or has no working inertia drive.
    maneuver_when_unarmed: bool = True

    # Each round the T-types launch first, then drones and P-types fire in a shuffled
    # order (so drones may shoot missiles in flight), then the missiles strike. Weapons
    # working at the start of a round fire in it even if their ship is destroyed. A
    # missile whose target was destroyed before it struck is wasted.
    missiles_launch_first: bool = True

    # With a target area (codes 1-3) one roll a hit: 70 % of hits fall on the area. Any
    # other damage falls on a target area at random, each area weighted by its design's
    # items (the drawing's circles; excess damage by the SSD); a point on an area with
    # nothing working left is excess damage.
    desired_area_per_hit: bool = True

    # A hangar bay lost in round 1 destroys the ship deploying from it (bays hold the
    # assigned ships in id order); a carrier destroyed in round 1 takes every ship
    # deploying from it.
    hangar_bays_by_id: bool = True

    # Every other empire is an enemy: the book knows no alliances.
    all_others_enemies: bool = True

    # At the end of the fortnight each working hangar bay of a surviving carrier repairs
    # all damage of one ship assigned to it (ids ascending); missiles are not reloaded.
    hangar_repairs_per_bay: int = 1


COMBAT_HOUSE = CombatHouseRules()
