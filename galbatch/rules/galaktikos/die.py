"""The combat die (8.3.1): six faces, rolled only through a `random.Random` passed in."""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction

from galbatch.rules.galaktikos.house import round_half
from galbatch.rules.galaktikos.tables import (
    DESTROY_LONE_TOKEN,
    DIE_FACES,
    FACE_ATTACK_VALUE,
    FACE_PROPORTION,
    Face,
)


def roll(rng: random.Random) -> Face:
    """One throw of the combat die."""
    return DIE_FACES[rng.randrange(len(DIE_FACES))]


def toss(rng: random.Random) -> bool:
    """A coin flipped in the air: whether the call wins."""
    return rng.randrange(2) == 0


def casualties(face: Face, tokens: int) -> int:
    """Fleet tokens a face destroys of a side of `tokens` (8.3.1).

    The proportion rounded to the nearest whole number, except that a lone
    token is destroyed only by 3/4 or All.
    """
    proportion = FACE_PROPORTION[face]
    if proportion is None:
        raise ValueError("a Reversal destroys nothing; it is rolled again")
    if tokens == 1:
        return 1 if face in DESTROY_LONE_TOKEN else 0
    return round_half(proportion * tokens)


def attack_sum(faces: Iterable[Face]) -> Fraction:
    """The sum of dice thrown against infrastructure or population (8.3.2)."""
    return sum((FACE_ATTACK_VALUE[f] for f in faces), Fraction(0))
