"""Galactic Conqueror 2.03's tables, written the way the rule book writes them.

Each table is the book's (section 5 and the tables inside section 2); house
rules for numbers the book leaves out are in `house.py`.
"""

# speed: no postponed annotations, as typing compiles NamedTuple fields written as text
from functools import cache
from typing import NamedTuple


class ShipClass(NamedTuple):
    """A row of table 5.1: attack, defence, transport capacity, range and cost at TL 0."""

    attack: int
    defence: int
    transport: int
    range: int
    cost: int


# 5.1 Ship Classes: Class | A | D | T | R | C
SHIP_CLASSES: dict[int, ShipClass] = {
    1: ShipClass(0, 5, 32, 16, 9),
    2: ShipClass(0, 10, 32, 16, 14),
    3: ShipClass(0, 15, 32, 16, 19),
    4: ShipClass(0, 10, 64, 16, 18),
    5: ShipClass(0, 20, 64, 16, 28),
    6: ShipClass(0, 20, 96, 16, 32),
    7: ShipClass(1, 1, 0, 20, 5),
    8: ShipClass(2, 2, 0, 8, 10),
    9: ShipClass(2, 4, 0, 8, 14),
    10: ShipClass(2, 8, 0, 6, 22),
    11: ShipClass(4, 2, 0, 8, 16),
    12: ShipClass(4, 4, 0, 8, 20),
    13: ShipClass(4, 8, 0, 6, 28),
    14: ShipClass(7, 4, 0, 8, 29),
    15: ShipClass(7, 8, 0, 6, 37),
    16: ShipClass(7, 12, 0, 6, 45),
    17: ShipClass(12, 8, 0, 6, 52),
    18: ShipClass(12, 15, 0, 6, 66),
    19: ShipClass(12, 25, 0, 6, 86),
    20: ShipClass(20, 15, 0, 6, 90),
    21: ShipClass(20, 25, 0, 6, 110),
    22: ShipClass(20, 40, 0, 4, 140),
    23: ShipClass(35, 20, 0, 6, 145),
    24: ShipClass(35, 30, 0, 4, 165),
    25: ShipClass(35, 50, 0, 4, 205),
    26: ShipClass(50, 30, 0, 4, 210),
}

SPARES_CLASS = 0  # "Spares are produced on shipyards (ship class 0)"

# 5.2 Production Costs: No. | Kind | PU (fortress: table 5.7)
FACILITIES: dict[int, tuple[str, int]] = {
    1: ("FORTRESS", 7),
    2: ("MINE", 2),
    3: ("M-KIT", 3),
    4: ("FARM", 2),
    5: ("A-KIT", 3),
    6: ("REFINERY", 2),
    7: ("R-KIT", 3),
    8: ("FACTORY", 2),
    9: ("F-KIT", 3),
    10: ("EXTEND SHIPYARD 1", 10),
    11: ("EXTEND SHIPYARD 2", 10),
    12: ("EXTEND SHIPYARD 3", 10),
}

# 5.3 Transport Goods: No. | Kind | amount per transport unit
CARGO: dict[int, tuple[str, int]] = {
    1: ("SPARES", 1),
    2: ("MPU", 1),
    3: ("APU", 1),
    4: ("RPU", 1),
    5: ("M-KITS", 1),
    6: ("A-KITS", 1),
    7: ("R-KITS", 1),
    8: ("F-KITS", 1),
    9: ("COLONISTS", 20),
}

# 3.13 Install (N): kit cargo types and the facility each becomes
KITS: dict[int, str] = {5: "mines", 6: "farms", 7: "refineries", 8: "factories"}

# 3.12 Research areas
RESEARCH_AREAS: dict[int, str] = {
    0: "PLANETARY DEFENSE",
    1: "COMMUNICATION",
    2: "MEDICINE",
    3: "ARMAMENT",
    4: "SHIELDS",
    5: "PROPULSION",
    6: "CONSTRUCTION",
}
PLANETARY_DEFENSE, COMMUNICATION, MEDICINE, ARMAMENT, SHIELDS, PROPULSION, CONSTRUCTION = range(7)

# 5.4 Research: Tech-Level | PU (accumulated PU needed to reach the level)
RESEARCH: dict[int, int] = {
    0: 0,
    1: 50,
    2: 150,
    3: 350,
    4: 700,
    5: 1250,
    6: 2050,
    7: 3500,
    8: 5600,
    9: 9000,
}


class Communication(NamedTuple):
    """A row of table 5.5."""

    radius: int  # R: radius around own planets in which positions are revealed
    loyalty: int  # LO: loyalty change per 10 PU of corruption
    espionage: int  # PRE: percent chance of a successful espionage mission per PU


# 5.5 Effects of Communication Research: CTL | R | LO | PRE
COMMUNICATION_TABLE: dict[int, Communication] = {
    0: Communication(5, 1, 1),
    1: Communication(6, 1, 2),
    2: Communication(7, 1, 3),
    3: Communication(8, 1, 4),
    4: Communication(10, 2, 5),
    5: Communication(12, 2, 6),
    6: Communication(14, 3, 7),
    7: Communication(18, 4, 8),
    8: Communication(22, 6, 9),
    9: Communication(28, 8, 10),
}

# 5.6 Costs for Spares: COTL | spares per PU invested in a shipyard
SPARES_PER_PU: dict[int, int] = {0: 1, 1: 2, 2: 4, 3: 6, 4: 8, 5: 11, 6: 14, 7: 17, 8: 20, 9: 25}

# 5.7 Costs for Fortresses: planetary defense TL | PU per fortress
FORTRESS_COST: dict[int, int] = {0: 7, 1: 6, 2: 6, 3: 6, 4: 5, 5: 5, 6: 5, 7: 4, 8: 4, 9: 3}

# 2.3.3 Medicine: TL | increase (percent points added to the growth, cumulative per level)
MEDICINE_GROWTH: dict[int, int] = {1: 4, 2: 6, 3: 8, 4: 10, 5: 12, 6: 14, 7: 16, 8: 18, 9: 20}

# 2.3.6 Propulsion: TL | additional range (cumulative per level)
PROPULSION_RANGE: dict[int, int] = {1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 9, 9: 10}

# 2.1.2 basic growth: 1 percent at natural defence 9 ... 9 percent at natural defence 1
BASIC_GROWTH: dict[int, int] = {nd: 10 - nd for nd in range(1, 10)}

MAX_POPULATION = 30000  # 2.1.2
POPULATION_PER_FACTORY = 10  # 2.1.2: one factory per 10 population units
MAX_LOYALTY = 10  # 2.1.3
LOYALTY_PENALTY = 5  # 2.1.3: percent production lost per loyalty point below 10
MAX_SHIPYARDS = 3  # 2.1.7
FIRST_SHIP_SURCHARGE = 50  # 2.1.7: percent extra for the first ship of a class on a yard
MAX_SHIPS = 200  # 2.2.1
MAX_TASK_FORCE = 50  # 3.7
MAX_ROUNDS = 3  # 2.2.2
BASE_HIT = 50  # 2.2.2: percent
ARMAMENT_HIT = 5  # 2.2.2 / 2.3.4: percent per armament TL of the firing ship
SHIELD_HIT = 8  # 2.2.2 / 2.3.5: percent per shield TL of the target ship
DEFENSE_HIT = 5  # 2.3.1: percent per planetary defense TL (fortress fire up, attackers down)
NATURAL_DEFENSE_HIT = 5  # 2.1.5: percent per natural defence point
KILL_BONUS = 2  # 2.2.1.11: percent per kill
SURRENDER_LIMIT = 200  # 2.2.2: unarmed ships surrender unless the winner has 200 ships
POPULATION_LOSS_PER_SHOT = 10  # 2.2.2: 1 percent, in tenths of a percent
MEDICINE_LOSS_REDUCTION = 1  # 2.2.2: 0.1 percent less per medicine TL, in tenths
CONSTRUCTION_DISCOUNT = 10  # 2.3.7: percent cheaper ships per construction TL
UNUSED_PU_PER_POINT = 10  # 2.1.1 and 2.4: 1 point per 10 PU not spent
FIRST_TURN_PU = 800  # 4: "the increased number of PU (800), only available in the first turn"
SAFE_TRANSFERS = 2  # 3.8: ships transferable a turn without danger
TRANSFER_RISK = 10  # 3.8: percent risk per ship above two
BROADCAST_CLASS = 16  # 3.8: transfers of class 16 and up are announced to everyone
MAX_REWARD = 50  # 3.14: one point per planet owned, at most 50
REWARD_NEWS = 20  # 3.14: offers of 20 points or more hear who earned them ...
REWARD_NEWS_PER_CTL = 2  # ... 2 points less per communication TL
REWARD_POSITIONS_CTL = 6  # 3.14 / 2.3.2.5: positions of conquered target planets
BONUS_POSITIONS_CTL = 5  # 2.3.2.5: bonus planets revealed at communication TL 5
JUMP_CONTACT_PER_CTL = 10  # 2.3.2.4: percent chance per communication TL to contact home
HOME_DISTANCE = 16  # 4: the minimum distance between two home planets
NEUTRAL_FORTRESSES = (1, 4)  # 2.1.4: neutral planets start with 1 to 4 fortresses
NEUTRAL_BUILD_AFTER = 4  # 2.1.4: neutral planets build after game turn 4 ...
NEUTRAL_BUILD = (1, 2)  # ... 1 to 2 fortresses a turn
NATURAL_DEFENSE = (1, 9)  # 2.1.5
MAX_PLAYERS = 50  # 1: up to 50 players
# 2.4: "n points for each successful conquest of a planet in game turn n (initial turn:
# 1 point, stardate 3501: 2 points etc.)": turn 1, the initial turn, is stardate 3500
INITIAL_STARDATE = 3500


def stardate(turn: int) -> int:
    """The stardate of game turn `turn` (2.4): 3500 for turn 1, the initial turn, 3501 for
    turn 2; turn 0, the set-up before the initial turn, is 3499."""
    return INITIAL_STARDATE - 1 + turn


@cache  # asked for each ship of every view: a few dozen answers in all
def ship_range(ship_class: int, propulsion: int) -> int:
    """Range: the class's range plus the propulsion table's additions up to the TL (2.3.6)."""
    return SHIP_CLASSES[ship_class].range + sum(
        PROPULSION_RANGE[tl] for tl in range(1, propulsion + 1)
    )


def ship_cost(ship_class: int, construction: int) -> int:
    """PU to build a ship: 10 percent cheaper per construction TL (2.3.7).

    Rounded to the nearest PU, half up: the book's class 15 at TL 3 costs 26 (37 * 0.7 = 25.9).
    """
    base = SHIP_CLASSES[ship_class].cost
    return (base * (100 - CONSTRUCTION_DISCOUNT * construction) + 50) // 100


def growth_percent(natural_defence: int, medicine: int) -> int:
    """Population growth a turn: basic growth plus the medicine table up to the TL (2.3.3)."""
    return BASIC_GROWTH[natural_defence] + sum(MEDICINE_GROWTH[tl] for tl in range(1, medicine + 1))


def tech_level(invested: int) -> int:
    """The highest level whose table 5.4 threshold the accumulated PU reach."""
    return max(level for level, needed in RESEARCH.items() if invested >= needed)


def population_score(population: int) -> int:
    """1 point per 1000 up to 10000, 1 point per 2000 above (2.4)."""
    return min(population, 10000) // 1000 + max(0, population - 10000) // 2000


def planet_score(population: int) -> int:
    """A planet's points a turn: 1 for the planet plus its population points (2.1.2: 2344 -> 3)."""
    return 1 + population_score(population)


def capacity_score(pu: int) -> int:
    """1 point per 5 PU up to 1000, per 10 PU from 1001 to 3000, per 20 PU above (2.4)."""
    return min(pu, 1000) // 5 + max(0, min(pu, 3000) - 1000) // 10 + max(0, pu - 3000) // 20


def ship_kill_score(ship_class: int) -> int:
    """Half the maximum defence of a destroyed ship, rounded down, minimum 1 (2.4)."""
    return max(1, SHIP_CLASSES[ship_class].defence // 2)
