"""The words and names of Galac-Tac's actions, one table per table of the rule book.

What an argument may say whatever the game: the items LOAD carries, the map types,
the Shipyard report's sorts, COMBAT's target codes, and the characters and lengths
of names (ACTION DESCRIPTIONS). The transformer reads item words and map types
through these tables; the facts (`facts.py`) check every argument against them.
"""

from __future__ import annotations

# LOAD: "[Item]s may be: PV, PI, or MISSILES"; its example "10 MISS" shows missiles
# "may be abbreviated": any start of MISSILES (M, MIS, MISS, MISSILE) is missiles.
ITEMS: dict[str, str] = {
    "PV": "Production Value, from the System where the ship is",
    "PI": "Production Investment, from a Production System's stockpile",
    "MISSILES": "missiles, from a Production System's stockpile",
}
MISSILES = "MISSILES"

# MAP: "[Type] can be WHOLE, QUAD (quadrant), or PV".
MAP_TYPES: dict[str, str] = {
    "WHOLE": "the entire galaxy, 00-00 to 99-99",
    "QUAD": "the quadrant within 25 of its centre",
    "PV": "a quadrant with the base PV of every charted System",
}
MAP_TYPE_WORDS: dict[str, str] = {**{t: t for t in MAP_TYPES}, "QUADRANT": "QUAD"}
QUAD = "QUAD"

# SHIPYARD: "SORT DESCRIPTION"; "If the sort chosen is illegal, or not provided, the
# report will print by SSD, ascending."
SORTS: dict[str, str] = {
    "SSD+": "SSD, ascending",
    "SSD-": "SSD, descending",
    "NAME": "Design Name, ascending",
    "CODE": "Design Code, ascending",
}
DEFAULT_SORT = "SSD+"

# COMBAT: "TARGET DESCRIPTION".
TARGETS: dict[int, str] = {
    0: "Target of opportunity (default target)",
    1: "Weapons (P-Types, T-Types & Drone bays)",
    2: "Main (Shields, Hangar Bays, & Cargo Bays)",
    3: "Engines (Star Drives & Inertia Drives)",
    4: "Platforms (Ships built with no Engines)",
    5: "Attacking Drones (only Drones can use)",
    6: "Missiles in Flight (only Drones and P-Types can use)",
}
# Which weapon may aim at which target: 5 only drones, 6 only drones and P-types.
WEAPON_TARGETS: dict[str, frozenset[int]] = {
    "drone": frozenset(TARGETS),
    "p_type": frozenset(TARGETS) - {5},
    "t_type": frozenset(TARGETS) - {5, 6},
}
WEAPON_NAMES: dict[str, str] = {"drone": "Drones", "p_type": "P-Types", "t_type": "T-Types"}

# "All Actions which involve a "name" will accept 15 characters, including letters A-Z
# and numbers 0-9 only, with a few exceptions": CLASSIFY's design names "may also include
# the characters - , ; and (space)"; NAME Empire's "maximum size of 30 characters" and
# "' " . , - _ : ; / \ @ # $ ! () [] { } and (space)".
NAME_LENGTH = 15
EMPIRE_NAME_LENGTH = 30
# The letters and digits written out: `string`'s constants would cost a check the
# import of that module, which compiles its Template pattern.
UPPER_CASE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
LETTERS_AND_DIGITS = frozenset(UPPER_CASE + UPPER_CASE.lower() + DIGITS)
NAME_CHARACTERS = LETTERS_AND_DIGITS
DESIGN_NAME_CHARACTERS = LETTERS_AND_DIGITS | frozenset("-,; ")
EMPIRE_NAME_CHARACTERS = LETTERS_AND_DIGITS | frozenset("'\".,-_:;/\\@#$!()[]{} ")
# House rule: the book's own samples name a ship PT-110 and a Colony "Mars II", and its
# report shows "My Home World": a ship's or System's name may hold '-' and blanks too,
# with a warning that the book allows only A-Z and 0-9.
TOLERATED_NAME_CHARACTERS = frozenset("- ")

# CLASSIFY: "A design code may be 1 to 4 characters, your choice (A-Z and 0-9 only)".
CODE_LENGTH = 4
CODE_CHARACTERS = frozenset(UPPER_CASE + DIGITS)

# Ship IDs: the book's are four digits (1523, 4017; NAME's "ship code (xxxx)").
SHIP_IDS = range(1, 10000)
# "locations from 00-00 to 99-99" (MAP): YY-XX, down then across.
COORDINATES = range(0, 100)


def item_word(word: str) -> str:
    """The item a LOAD/UNLOAD/TRANSFER word names (MISS -> MISSILES), or the word itself,
    upper-cased, when it names none."""
    word = word.upper()
    if word in ITEMS:
        return word
    if word.startswith("M") and MISSILES.startswith(word):
        return MISSILES
    return word


def map_type(word: str) -> str:
    """The map type a MAP word names (QUADRANT -> QUAD), or the word itself, upper-cased."""
    word = word.upper()
    return MAP_TYPE_WORDS.get(word, word)


def bad_characters(name: str, allowed: frozenset[str]) -> str:
    """The characters of `name` outside `allowed`, each once, in order."""
    return "".join(dict.fromkeys(c for c in name if c not in allowed))
