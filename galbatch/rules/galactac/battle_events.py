"""What Galac-Tac's battle tells: the events of the combat report, in the order they
happened, and the result they are part of."""

from __future__ import annotations

from dataclasses import dataclass

from galbatch.rules.galactac.battle_ships import ShipAfter


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
    the order they happened, and the destroyed ships as (empire, id), sorted."""

    ships: tuple[ShipAfter, ...]
    events: tuple[BattleEvent, ...]
    destroyed: tuple[tuple[str, int], ...]
    rounds: int
