"""Interstellar Conquest's diagnostic codes: each once, with its severity and its meaning
in a line, as galbatch-interstellar(7) lists them in DIAGNOSTICS
(tests/test_man_diagnostics.py holds the two equal). The checker's layers name a code by
its constant here, never by a string of their own.
"""

from __future__ import annotations

from galbatch.engine.language.codes import Codes

CODES = Codes("IC")

# the grammar (layer 1): a line that is no order
IC100 = CODES.error("IC100", "the line is not an order of the language")

# 1xx: how an order is written
IC101 = CODES.error("IC101", "a planet's tile is not 1 to 5 (ACE is 1)")
IC102 = CODES.error("IC102", "a count of 0")
IC103 = CODES.error("IC103", "a coin other than 1 to 5 or DIPLOMACY")
IC104 = CODES.error("IC104", "a planet, or a size at a planet, named twice in a fleet")
IC105 = CODES.error("IC105", "CANCEL 0: standing orders are numbered from 1")
IC107 = CODES.error("IC107", "a deal's term given twice")
IC109 = CODES.error("IC109", "an order past the 100th of the file")

# 2xx: the rule book's facts that reject an order (layer 2; IC204 is layer 3's)
IC201 = CODES.error("IC201", "an ally offers a transport")
IC202 = CODES.error("IC202", "an attack without a warship")
IC203 = CODES.error("IC203", "a fleet leaves its system without a transport")
IC204 = CODES.error("IC204", "allying with both sides")
IC205 = CODES.error("IC205", "a deal naming more than two players")
IC206 = CODES.error("IC206", "a deal's colony on the player's own home world")
IC207 = CODES.error("IC207", "a standing order whose condition never holds when its order is owed")
IC208 = CODES.error("IC208", "IF INVITED BY and AGAINST the same player")
IC209 = CODES.error("IC209", "an attacking fleet from the planet it attacks")

# the player's situation that rejects an order (layer 3)
IC230 = CODES.error("IC230", "no player of that colour is in the game")
IC231 = CODES.error(
    "IC231", "the order names the player's own colour where another player is meant"
)
IC232 = CODES.error("IC232", "there is nothing of the defender's to attack on that planet")
IC233 = CODES.error("IC233", "no ships left to commit: every size named was reduced to none")
IC234 = CODES.error("IC234", "the side an ALLY joins has not invited the player")
IC235 = CODES.error("IC235", "an ally's ships from a system Play 6c and 6d do not allow")
IC236 = CODES.error(
    "IC236", "a ship reclaimed to a planet that is not one of the player's home worlds"
)
IC237 = CODES.error("IC237", "no ship of that size in the void")
IC239 = CODES.error("IC239", "a race power the player's race does not have")
IC240 = CODES.error("IC240", "INVITE names the opponent of the encounter")
IC241 = CODES.error("IC241", "a deal names a player who is not a main combatant of the encounter")
IC242 = CODES.error("IC242", "a deal's term the party cannot give at all")
IC243 = CODES.error("IC243", "a deal's colony outside the other party's system")
IC244 = CODES.error("IC244", "CANCEL names a standing order that does not exist")

# reductions: a quantity reduced to what there is, with a warning
IC301 = CODES.warning("IC301", "ships reduced to those on the planet")
IC302 = CODES.warning("IC302", "coins given in a deal reduced to the party's hand")
IC303 = CODES.warning("IC303", "ships returned in a deal reduced to the party's ships in the void")

# warnings and notes on orders carried out as written
IC401 = CODES.warning(
    "IC401", "an order for a phase the player cannot owe in the encounter or turn under way"
)
IC402 = CODES.warning("IC402", "no ship of that size in the void now (the reclaim is later)")
IC403 = CODES.warning(
    "IC403", "a coin not held now: the nearest is played if the hand does not change"
)
IC404 = CODES.warning(
    "IC404", "a second attack taking ships that stand on the first attack's target only if it wins"
)
