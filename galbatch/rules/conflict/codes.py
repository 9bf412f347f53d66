"""Galactic Conflict's diagnostic codes: each once, with its severity and its meaning in a
line, as galbatch-conflict(7) lists them in DIAGNOSTICS (tests/test_man_diagnostics.py
holds the two equal). The checker's layers name a code by its constant here, never by a
string of their own.
"""

from __future__ import annotations

from galbatch.engine.language.codes import Codes

CODES = Codes("CF")

# the grammar (layer 1): a line that is no order
CF100 = CODES.error("CF100", "the line is not an order of the game")

# rejections (the man page says which are facts that need no game, layer 2)
CF201 = CODES.error("CF201", "the world does not exist")
CF202 = CODES.error("CF202", "the world is not yours")
CF203 = CODES.error("CF203", "a quantity of 0 is meaningless")
CF204 = CODES.error("CF204", "origin and destination are the same world")
CF205 = CODES.error("CF205", "nothing left to use: the quantity would be 0")
CF206 = CODES.error("CF206", "the world's Econ is already used this turn")
CF207 = CODES.error("CF207", "the Econ of a world can be increased only once a turn")
CF208 = CODES.error("CF208", "a gate can only lead to a world you own")
CF209 = CODES.error("CF209", "no player in the game has that code name")
CF210 = CODES.error("CF210", "a world can't be transferred to yourself")
CF211 = CODES.error("CF211", "only one world a turn can be transferred to any one player")
CF212 = CODES.error("CF212", "the world is already being transferred")
CF213 = CODES.error("CF213", "no probe left at the world")

# reductions: a quantity reduced to what there is, with a warning
CF301 = CODES.warning("CF301", "quantity reduced to what the world has")

# warnings and notes on orders carried out as written
CF401 = CODES.warning(
    "CF401", "your view does not know that code name: only the game master's check can tell"
)
