"""The Galaktikos rule book's tables, one per table, as the book prints them."""

from __future__ import annotations

from enum import Enum
from fractions import Fraction


class HexType(Enum):
    """The four kinds of hexes (1.4)."""

    EMPTY = "Empty"
    SPARSE = "Sparse"
    DENSE = "Dense"
    CORE = "Core"


# Table 1: Hex Types -- habitat value and resource value of each kind of hex.
HEX_TYPES: dict[HexType, tuple[int, int]] = {
    HexType.EMPTY: (0, 1),
    HexType.SPARSE: (1, 2),
    HexType.DENSE: (2, 4),
    HexType.CORE: (3, 8),
}


def habitat_value(kind: HexType) -> int:
    """Population a hex of this kind holds without habitat tokens (table 1)."""
    return HEX_TYPES[kind][0]


def resource_value(kind: HexType) -> int:
    """Resources a hex of this kind yields at most a turn (table 1)."""
    return HEX_TYPES[kind][1]


class Action(Enum):
    """The actions that cost resources (6)."""

    SHIPYARD = "shipyard"
    HABITAT = "habitat"
    FLEET = "fleet"
    GROW = "grow"
    MOVE = "move"
    MIGRATE = "migrate"
    ATTACK = "attack"
    CONVERT = "convert"


# Costs of 6.1-6.3: resources per token (MOVE and MIGRATE per token per hex
# travelled, ATTACK per participating fleet token).
COSTS: dict[Action, int] = {
    Action.SHIPYARD: 4,  # 6.1.1
    Action.HABITAT: 2,  # 6.1.2
    Action.FLEET: 4,  # 6.1.3
    Action.GROW: 2,  # 6.1.4
    Action.MOVE: 1,  # 6.2.1
    Action.MIGRATE: 2,  # 6.2.2
    Action.ATTACK: 2,  # 6.3.1
    Action.CONVERT: 0,  # 6.3.2
}

UNSUPPLIED_MOVE_FACTOR = 2  # 7.3: fleet movement is twice as expensive unsupplied
FLEETS_PER_SHIPYARD = 1  # 6.1.3: fleet tokens added a turn per shipyard
GROWTH_FACTOR = 2  # 6.1.4: a population may not grow beyond twice its size in a turn
CONVERSIONS_PER_HEX = 1  # 6.3.2: no more than once per hex per turn
POPULATION_PER_HABITAT_LOST = 3  # 8.3.3: one habitat per three population destroyed
ATTACK_DICE = 3  # 8.3.2: dice rolled against infrastructure or population
RACE_HOLD_TURNS = 3  # 2.3: a Race goal held for three turns wins

# 2.1 and 2.2: share of the galaxy's population a player must exceed to win.
VICTORY_SHARE_TWO_PLAYERS = Fraction(3, 4)
VICTORY_SHARE_MORE_PLAYERS = Fraction(2, 3)


def victory_share(players: int) -> Fraction:
    """The population share a player must exceed to win (2.1, 2.2)."""
    return VICTORY_SHARE_TWO_PLAYERS if players <= 2 else VICTORY_SHARE_MORE_PLAYERS


class Face(Enum):
    """The six faces of the combat die (8.3.1)."""

    NONE = "None"
    QUARTER = "1/4"
    HALF = "1/2"
    THREE_QUARTERS = "3/4"
    ALL = "All"
    REVERSAL = "Reversal"


# 8.3.1: the proportion of fleet tokens a face destroys (None for Reversal),
# and 8.3.2: its value summed in attacks on infrastructure and populations.
FACE_PROPORTION: dict[Face, Fraction | None] = {
    Face.NONE: Fraction(0),
    Face.QUARTER: Fraction(1, 4),
    Face.HALF: Fraction(1, 2),
    Face.THREE_QUARTERS: Fraction(3, 4),
    Face.ALL: Fraction(1),
    Face.REVERSAL: None,
}
FACE_ATTACK_VALUE: dict[Face, Fraction] = {
    face: (value if value is not None else Fraction(0)) for face, value in FACE_PROPORTION.items()
}
DIE_FACES: tuple[Face, ...] = tuple(Face)
# 8.3.1: a fleet of one token is destroyed only by these faces.
DESTROY_LONE_TOKEN: frozenset[Face] = frozenset({Face.THREE_QUARTERS, Face.ALL})
