"""What a round tells: the records of a round's log, by kind; and the standing orders'
types by name, with which the state reads its data."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from galbatch.rules.galaktikos.orders import (
    Automatic,
    First,
    Obstruct,
    Permit,
    Reroll,
)

STANDING = (Permit, Obstruct, Reroll, First, Automatic)


STANDING_TYPES: dict[str, type[Any]] = {c.__name__: c for c in STANDING}


@dataclass(frozen=True)
class Event:
    """Something that happened this round, to `player` or done by him, in words."""

    player: str
    text: str


@dataclass(frozen=True)
class Placed(Event):
    """A setup token (home or single population) placed, by order or automatically."""


@dataclass(frozen=True)
class TurnBegan(Event):
    """A player's turn began: resources collected, territory claimed, populations occupied."""


@dataclass(frozen=True)
class Executed(Event):
    """An order carried out."""


@dataclass(frozen=True)
class NotExecuted(Event):
    """An order the board no longer allowed when its turn came, and exactly why."""


@dataclass(frozen=True)
class ConditionFalse(Event):
    """A conditional order whose condition did not hold when it came to run."""


@dataclass(frozen=True)
class GameEvent(Event):
    """A book event (7): overpopulation, a supply failure, a change of resource access."""


@dataclass(frozen=True)
class Fought(Event):
    """A line of the course of a battle or a strike an order fought: the sides, each
    roll, reroll, reversal and coin toss, the losses (8.3); the board is open to all."""


@dataclass(frozen=True)
class Announced(Event):
    """A standing order the table hears (PERMIT, FORBID, OBSTRUCT) given this round."""


@dataclass(frozen=True)
class StandingSet(Event):
    """A standing order of the player's own tactics (REROLL, FIRST, AUTOMATIC) given this
    round: told to him alone."""


@dataclass(frozen=True)
class Eliminated(Event):
    """A player out of play (Conquest, 2.3)."""


@dataclass(frozen=True)
class Won(Event):
    """The game is won."""


EVENT_TYPES: dict[str, type[Event]] = {
    c.__name__: c
    for c in (
        Placed,
        TurnBegan,
        Executed,
        NotExecuted,
        ConditionFalse,
        GameEvent,
        Fought,
        Announced,
        StandingSet,
        Eliminated,
        Won,
    )
}
