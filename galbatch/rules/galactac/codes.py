"""Galac-Tac's diagnostic codes: each once, with its severity and its meaning in a line, as
galbatch-galactac(7) lists them in DIAGNOSTICS (tests/test_man_diagnostics.py holds the
two equal). The checker's layers name a code by its constant here, never by a string of
their own.
"""

from __future__ import annotations

from galbatch.engine.language.codes import Codes

CODES = Codes("GT")

# the grammar (layer 1): a line that is no action
GT100 = CODES.error("GT100", "the line is not an action of the game")

# rejections by the rule book's facts that need no game (layer 2)
GT201 = CODES.error("GT201", "a location off the map")
GT202 = CODES.error("GT202", "a ship ID out of range")
GT203 = CODES.error("GT203", "more arguments than the action has room for")
GT204 = CODES.error("GT204", "a name with characters its kind may not hold")
GT205 = CODES.error("GT205", "an item that is not PV, PI or MISSILES")
GT206 = CODES.error("GT206", "a target code out of range")
GT207 = CODES.error("GT207", "a target the weapon cannot use")
GT208 = CODES.error("GT208", "a map type that is not WHOLE, QUAD or PV")
GT209 = CODES.error("GT209", "a design code that is not 1 to 4 of A-Z and 0-9")
GT210 = CODES.error(
    "GT210", "a CLASSIFY whose rating is missing, cannot be read, or carries a Tech Level"
)
GT211 = CODES.error("GT211", "a quantity of 0")
GT212 = CODES.error("GT212", "the 51st action of the file, and every one after it")
GT213 = CODES.error("GT213", "a ship, design code or System named twice in one action")
GT214 = CODES.error("GT214", "a second CAPITAL")
GT215 = CODES.error("GT215", "a BUILD without a name")
GT216 = CODES.error("GT216", "a SHUTTLE run over one System")
GT217 = CODES.error("GT217", "a CLASSIFY without a design name")
GT218 = CODES.error(
    "GT218", "a CLASSIFY of a code classified earlier in the file and not declassified since"
)

# rejections by the player's situation (layer 3)
GT230 = CODES.error("GT230", "you have no ship of that ID")
GT231 = CODES.error("GT231", "the ship is under construction: it takes only SCRAP")
GT232 = CODES.error("GT232", "the System is not one of your Production Systems")
GT233 = CODES.error("GT233", "the Home System cannot be downgraded, nor be made the capital again")
GT234 = CODES.error("GT234", "you have no design of that code")
GT235 = CODES.error("GT235", "the System's PI left does not pay for one ship of the design")
GT236 = CODES.error("GT236", "the design is illegal at your tech level")
GT237 = CODES.error("GT237", "the design table cannot take the design")
GT238 = CODES.error("GT238", "ships of the design are still in your fleet")
GT239 = CODES.error("GT239", "COMBAT needs ATTACK orders, STANDING needs DEFEND orders")
GT240 = CODES.error("GT240", "there is nothing to load, unload or transfer")
GT241 = CODES.error("GT241", "PV and PI are unloaded only at your Production Systems")
GT242 = CODES.error("GT242", "the ships are not in the same place")
GT243 = CODES.error("GT243", "the ship cannot go into the mother ship's hangar")
GT244 = CODES.error("GT244", "the ship cannot tow the other")
GT245 = CODES.error("GT245", "the ship or its fleet cannot move out of its System")
GT246 = CODES.error("GT246", "nothing in the fleet can be refitted")
GT247 = CODES.error("GT247", "nothing in the fleet can be repaired")
GT248 = CODES.error("GT248", "nothing in the fleet can be reloaded")
GT249 = CODES.error("GT249", "the System has no PI")
GT250 = CODES.error("GT250", "you do not own that System")
GT251 = CODES.error("GT251", "the ship is in a hangar: DETACH it first")
GT252 = CODES.error("GT252", "the System cannot be colonized, developed or destroyed so")
GT253 = CODES.error("GT253", "the PI the action needs is not there")
GT254 = CODES.error(
    "GT254", "a shuttle run needs one of your Production Systems and another System"
)
GT255 = CODES.error("GT255", "the ship cannot join that fleet")
GT256 = CODES.error("GT256", "a message goes only to an empire you have encountered, by its name")
GT257 = CODES.error("GT257", "a message to your own empire")

# reductions: a quantity reduced to what there is, with a warning
GT301 = CODES.warning("GT301", "a name longer than its kind allows is shortened to it")
GT302 = CODES.warning("GT302", "missiles reduced to what the System's PI pays for")
GT303 = CODES.warning("GT303", "research reduced to the System's PI")
GT304 = CODES.warning("GT304", "load reduced to the free cargo bays")
GT305 = CODES.warning("GT305", "load reduced to what the System has")
GT306 = CODES.warning("GT306", "unload or transfer reduced to what the ship carries")
GT307 = CODES.warning("GT307", "transfer reduced to the receiving ship's free cargo bays")
GT308 = CODES.warning("GT308", "ships to build reduced to what the System's PI pays for")

# warnings and notes on actions carried out as written
GT401 = CODES.warning("GT401", "GO read as TO")
GT402 = CODES.warning(
    "GT402", "a sort that is not SSD+, SSD-, NAME or CODE: that report prints by SSD+"
)
GT403 = CODES.note("GT403", "a SHIPYARD without a sort prints by SSD+")
GT404 = CODES.warning("GT404", "a ship's or System's name with a - or a blank, kept as written")
GT405 = CODES.warning(
    "GT405",
    "a ship given an [M] or [A] action after an earlier one: only the last accepted is carried out",
)
GT406 = CODES.warning("GT406", "a CLASSIFY's rating read by a house rule of the rating notation")
GT407 = CODES.warning(
    "GT407", "a BUILD's design code written like one of the Masters' but not one of them"
)
GT410 = CODES.note("GT410", "a design with the rating of one in the table renames it")
GT411 = CODES.warning("GT411", "a ship of the fleet is left out of its REFIT or REPAIR")
GT412 = CODES.warning(
    "GT412", "a ship's missile racks are not filled: there are not enough missiles"
)
