"""What Galac-Tac's battle takes and gives for each ship: the combatant as combat
begins, its COMBAT/STANDING targets, and its state after the battle."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from galbatch.rules.galactac.rating import Rating


@dataclass(frozen=True)
class Targets:
    """A COMBAT or STANDING action's controls: the target code (0 to 6) for each
    weapon type and the Min SSD for T-types; all zero is "targets of opportunity"."""

    drone: int = 0
    p_type: int = 0
    t_type: int = 0
    min_ssd: int = 0

    @classmethod
    def of(cls, codes: Sequence[int]) -> Targets:
        """From a ship's stored `combat` tuple (drone, P-type, T-type, Min SSD)."""
        padded = (*codes, 0, 0, 0, 0)[:4]
        return cls(*padded)


NO_TARGETS = Targets()


@dataclass(frozen=True)
class Combatant:
    """One ship in the system when combat begins; `id` is its empire's own number, so
    a ship is known by (empire, id), and `carrier` and `flagship` are its empire's.

    `order` is the ship's standing order word (ATTACK, SECURE, DEFEND, PATROL, SENTRY,
    DESTROY, SCOUT, NONE, TO, SHUTTLE, ...); a SCOUT takes part only when `caught`.
    `design` is the ship as built, `current` its working parts; `excess` the excess
    damage it already carries. `carrier` is the ship whose hangar bay it is assigned
    to (0: none), `flagship` the ship it is JOINed to (0: none): a ship without
    `targets` of its own follows its flagship's. `max_ssd` is an ATTACK's Max SSD
    (0: always attack).
    """

    id: int
    empire: str
    order: str
    design: Rating
    current: Rating
    tech: int
    missiles: int = 0
    excess: int = 0
    # the empire's Tech Level: its missiles are the current type, refit or not
    # ("It is not necessary to REFIT a ship in order to fire the higher Tech Level
    # missiles"); 0: the ship's own tech
    missile_tech: int = 0
    carrier: int = 0
    flagship: int = 0
    targets: Targets = NO_TARGETS
    max_ssd: int = 0
    caught: bool = False


@dataclass(frozen=True)
class ShipAfter:
    """A ship after the battle: its working parts, missiles left and excess damage,
    and whether (and in which round) it was destroyed; `maneuvered` when it evaded in
    any round; its shots, hits and the damage it dealt and took, for the report."""

    id: int
    empire: str
    current: Rating
    missiles: int
    excess: int
    destroyed: bool = False
    round_destroyed: int = 0
    maneuvered: bool = False
    engaged: bool = True
    shots: int = 0
    hits: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0
