"""Galaktikos's diagnostic codes: each once, with its severity and its meaning in a line,
as galbatch-galaktikos(7) lists them in DIAGNOSTICS (tests/test_man_diagnostics.py holds
the two equal). The checker's layers name a code by its constant here, never by a string
of their own.
"""

from __future__ import annotations

from galbatch.engine.language.codes import Codes

CODES = Codes("GK")

# the grammar (layer 1): a line that is no order
GK100 = CODES.error("GK100", "the line is not an order of the game")

# rejections by the rule book's facts that need no game (layer 2)
GK201 = CODES.error("GK201", "a hex is not four digits, column then row, both from 01")
GK202 = CODES.error("GK202", "a count of 0")
GK203 = CODES.error("GK203", "a player's name longer than 20 characters or a reserved word")
GK204 = CODES.error("GK204", "a path names the same hex twice in a row")
GK205 = CODES.error("GK205", "a path longer than 30 hexes")
GK206 = CODES.error("GK206", "an attack names a hex its attackers come from twice")
GK207 = CODES.error("GK207", "a reroll policy names no face of the combat die")
GK208 = CODES.error("GK208", "a second CONVERT in the same hex in a file")
GK209 = CODES.error("GK209", "a PLACE order names a hex an earlier PLACE order of the file names")
GK210 = CODES.error("GK210", "an order after the 100th of the file")

# rejections by the player's situation (layer 3)
GK230 = CODES.error("GK230", "the hex is not your territory")
GK231 = CODES.error("GK231", "the hex has no population of yours")
GK232 = CODES.error("GK232", "the hex has no shipyard")
GK233 = CODES.error("GK233", "the shipyards of the hex have built all they may this turn")
GK234 = CODES.error(
    "GK234", "the population may not grow past twice its size at the turn's beginning"
)
GK235 = CODES.error("GK235", "a habitat in an unsettled hex needs a fleet of yours there")
GK236 = CODES.error("GK236", "you have no fleet or population tokens there to move")
GK237 = CODES.error("GK237", "the path is not legal: hexes off the map or not adjacent")
GK238 = CODES.error("GK238", "the path goes through a hex it may not enter")
GK239 = CODES.error("GK239", "no legal path leads there")
GK240 = CODES.error("GK240", "not even the most resources your turn can bring pay for the order")
GK241 = CODES.error("GK241", "the population is not occupied by you, or there is none to convert")
GK242 = CODES.error("GK242", "you have no fleet there for the attack")
GK243 = CODES.error("GK243", "there is nothing of another player's to attack there")
GK244 = CODES.error("GK244", "the attacking fleet cannot strike that hex from where it is")
GK245 = CODES.error("GK245", "the attacking fleet is not supplied")
GK246 = CODES.error("GK246", "you have no fleet that began the turn there")
GK247 = CODES.error("GK247", "no player has the code name the order gives")
GK248 = CODES.error("GK248", "the order names your own code name where another player is meant")
GK249 = CODES.error("GK249", "the hex is not on the board: its column or row is past the map's")
GK250 = CODES.error("GK250", "a setup token may not go in a core hex")
GK251 = CODES.error("GK251", "a setup token may not go next to a core hex")
GK252 = CODES.error("GK252", "a setup token may not go in empty space, where no population lives")
GK253 = CODES.error("GK253", "the setup is played: PLACE orders are for round 0 only")

# reductions: a quantity reduced to what there is, with a warning
# (GK301, habitats reduced to the resources, is no more: resources are judged at the turn)
GK302 = CODES.warning("GK302", "fleets to build reduced to the shipyards' room")
GK303 = CODES.warning("GK303", "growth reduced to doubling")
GK304 = CODES.warning("GK304", "fleet tokens moved reduced to those there")
GK305 = CODES.warning("GK305", "population tokens migrated reduced to those there")
GK306 = CODES.warning("GK306", "attacking fleet tokens reduced to those there")
GK307 = CODES.warning("GK307", "the tokens an attack targets reduced to those there")

# warnings and notes on orders carried out as written
GK401 = CODES.warning("GK401", "a standing order set again later in the file: the later one holds")
GK402 = CODES.warning(
    "GK402", "the path enters a hex another player occupies: only if his orders permit it"
)
GK403 = CODES.warning(
    "GK403", "the attacking fleet's supply crosses other players' fleets: only if they allow it"
)
GK404 = CODES.warning(
    "GK404", "an IF order's action the board does not allow as it stands: the round decides"
)
GK405 = CODES.warning(
    "GK405", "growth past what the hex's habitats hold: overpopulation removes it at once"
)
GK406 = CODES.warning(
    "GK406", "resources short as your turn looks now: the order is judged again at your turn"
)
