"""Galaktikos's words: the faces of the combat die, the policy words, a file's limit.

Kept apart from the grammar so that facts, orders and the man page agree on them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

# The book's word for what a batch run plays (one turn of every player): page headers say it.
PERIOD = "ROUND"
# 8.3.1: the combat die's faces, in order of casualties ("Reversal" is no casualty).
FACES: tuple[str, ...] = ("NONE", "1/4", "1/2", "3/4", "ALL")
# The share of a side's fleet tokens each face destroys, as REROLL compares them.
FACE_SHARE: dict[str, Fraction] = {
    face: Fraction(i, len(FACES) - 1) for i, face in enumerate(FACES)
}
Side = Literal["OWN", "ENEMY"]
Target = Literal["FLEETS", "INFRASTRUCTURE", "POPULATION"]
Infrastructure = Literal["SHIPYARDS", "HABITATS"]
Watched = Literal["FLEETS", "POPULATION"]

# Words a player's name may not be: they mean something where a name is read.
RESERVED = frozenset({"ALL", "EVERYWHERE", "ON", "OFF", "NEVER", "SHIPYARDS", "HABITATS"})
LONGEST_NAME = 20  # a player's name (their colour or handle), in characters
HEX_DIGITS = 4  # "0712": column 07, row 12
MAX_ORDERS = 100  # a turn's order file; later orders are rejected (GK210)
MAX_PATH = 30  # hexes in one MOVE or MIGRATE path, the start included (a line is 200)


def is_hex(name: str) -> bool:
    """True if `name` is written the wargame way: four digits, column then row."""
    return len(name) == HEX_DIGITS and name.isdigit()


def face_rank(face: str) -> int:
    """A face's place on the die, NONE 0 to ALL 4."""
    return FACES.index(face)
