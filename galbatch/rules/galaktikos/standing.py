"""Galaktikos standing orders as a printout tells them: each topic's orders in force or
its default, and which are announced at the table.

Standing orders replace the table talk of the board game. Permission to enter
(PERMIT, FORBID) and obstruction of supply (OBSTRUCT) are granted openly across the
table, so they are public: every printout lists every player's. How a player rerolls,
what his attacks take first and whether he claims and occupies by himself are his own
tactics, shown to him alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.names import FACE_SHARE
from galbatch.rules.galaktikos.orders import Automatic, First, Obstruct, Permit, Reroll

ANNOUNCED = (Permit, Obstruct)  # the standing orders the table hears


def _face(share: object) -> str:
    return next(face for face, s in FACE_SHARE.items() if s == share)


@dataclass(frozen=True)
class Topic:
    """What some standing orders decide: the words they begin with, and the default."""

    starts: tuple[str, ...]
    default: str
    per_player: bool = False  # each order names one player: the rest keep the default
    covers_all: str = ""  # an order beginning so names every player


PASSAGE_DEFAULT = (
    "PERMIT: anyone may enter the hexes your fleets occupy"
    if house.PERMIT_BY_DEFAULT
    else "FORBID: nobody may enter the hexes your fleets occupy"
)

# One row a topic, in the man page's order, with the default the rules apply.
TOPICS: tuple[Topic, ...] = (
    Topic(("PERMIT ", "FORBID "), PASSAGE_DEFAULT, per_player=True),
    Topic(
        ("OBSTRUCT ",),
        Obstruct("ALL", house.OBSTRUCTS_BY_DEFAULT).text(),
        per_player=True,
        covers_all="OBSTRUCT ALL ",
    ),
    Topic(("REROLL OWN ",), Reroll("OWN", _face(house.REROLL_OWN_AT_LEAST)).text()),
    Topic(("REROLL ENEMY ",), Reroll("ENEMY", _face(house.REROLL_ENEMY_AT_MOST)).text()),
    Topic(("FIRST SHIPYARDS", "FIRST HABITATS"), First(house.FIRST_INFRASTRUCTURE).text()),
    Topic(
        ("FIRST PLAYER ",),
        "FIRST PLAYER: the extra losses fall on the largest population in the hex,"
        " then the first in seat order",
    ),
    Topic(("AUTOMATIC CLAIM ",), Automatic("CLAIM", True).text()),
    Topic(("AUTOMATIC OCCUPY ",), Automatic("OCCUPY", True).text()),
)


def in_force(orders: Sequence[str]) -> list[str]:
    """Every topic's standing orders in force, as written, else its default (marked so);
    the default for the others too where the orders given name only some players."""
    lines: list[str] = []
    for topic in TOPICS:
        given = [text for text in orders if text.upper().startswith(topic.starts)]
        lines += given
        if not given:
            lines.append(f"{topic.default} (default)")
        elif topic.per_player and not (
            topic.covers_all and any(t.upper().startswith(topic.covers_all) for t in given)
        ):
            lines.append(f"for the others: {topic.default} (default)")
    return lines


def announced(orders: Sequence[str]) -> list[str]:
    """The standing orders the table hears (PERMIT, FORBID, OBSTRUCT), as written."""
    starts = tuple(start for topic in TOPICS[:2] for start in topic.starts)
    return [text for text in orders if text.upper().startswith(starts)]
