"""Galactic Conqueror's diagnostic codes: each once, with its severity and its meaning in a
line, as galbatch-conqueror(7) lists them in DIAGNOSTICS (tests/test_man_diagnostics.py
holds the two equal). The checker's layers name a code by its constant here, never by a
string of their own.
"""

from __future__ import annotations

from galbatch.engine.language.codes import Codes

CODES = Codes("GQ")

# the grammar (layer 1): a line that is no command
GQ100 = CODES.error("GQ100", "the line is not a command of the game")

# rejections (the man page says which are facts that need no game, layer 2)
GQ201 = CODES.error("GQ201", "you have no ship of that number")
GQ202 = CODES.error("GQ202", "you have no ship in that task force")
GQ203 = CODES.error("GQ203", "the planet's position is unknown to you")
GQ204 = CODES.error("GQ204", "the planet is not yours")
GQ205 = CODES.error("GQ205", "the ship already has a movement command this turn")
GQ206 = CODES.error("GQ206", "nothing can be loaded or unloaded after the ship's movement command")
GQ207 = CODES.error("GQ207", "the ship is in flight, not in orbit")
GQ208 = CODES.error("GQ208", "ships load and unload only in orbit of your own planets")
GQ209 = CODES.error("GQ209", "the cargo type is not 1-9")
GQ210 = CODES.error("GQ210", "the ship has no transport capacity")
GQ211 = CODES.error("GQ211", "nothing to load or unload")
GQ212 = CODES.error("GQ212", "the ship is already at the destination planet")
GQ213 = CODES.error("GQ213", "the shipyard number is not 1-3")
GQ214 = CODES.error("GQ214", "the planet has no such shipyard")
GQ215 = CODES.error("GQ215", "the ship class is not 0-26")
GQ216 = CODES.error("GQ216", "the shipyard already builds that class")
GQ217 = CODES.error("GQ217", "a quantity of 0 is meaningless")
GQ218 = CODES.error("GQ218", "the planet has no PU left, or too few for one")
GQ219 = CODES.error("GQ219", "the shipyard takes no more PU this turn")
GQ220 = CODES.error("GQ220", "the ship was scrapped or given away by an earlier command")
GQ221 = CODES.error("GQ221", "task forces are numbered 0-50 (0: no task force)")
GQ222 = CODES.error("GQ222", "the ship is already in that task force")
GQ223 = CODES.error("GQ223", "a ship is given away only after a movement command for it")
GQ224 = CODES.error("GQ224", "there is no player of that number in the game")
GQ225 = CODES.error("GQ225", "you can't give a ship or a reward to yourself")
GQ226 = CODES.error("GQ226", "the ship does not fly to a planet of the receiving player")
GQ227 = CODES.error("GQ227", "the facility type is not 1-12")
GQ228 = CODES.error("GQ228", "the research area is not 0-6")
GQ229 = CODES.error("GQ229", "the kit type is not 5-8")
GQ230 = CODES.error("GQ230", "the planet has no kits of that type")
GQ231 = CODES.error("GQ231", "you own no planet, so you can offer no reward")
GQ233 = CODES.error("GQ233", "you offer no reward to withdraw")
GQ234 = CODES.error("GQ234", "technology level 9 is reached in that area")
GQ235 = CODES.error("GQ235", "the population has no room for another factory")
GQ236 = CODES.error("GQ236", "the planet has no room for more colonists (30000 population)")

# reductions: a quantity reduced to what there is, with a warning
GQ301 = CODES.warning("GQ301", "quantity reduced to what the planet has")
GQ302 = CODES.warning("GQ302", "load reduced to the free transport capacity")
GQ303 = CODES.warning("GQ303", "unload reduced to what the ship carries")
GQ304 = CODES.warning("GQ304", "investment reduced to what the shipyard takes a turn")
GQ305 = CODES.warning("GQ305", "production reduced to what the PU left pay for")
GQ306 = CODES.warning("GQ306", "reward reduced to one point per planet you own, at most 50")
GQ307 = CODES.warning("GQ307", "factories reduced to one per 10 population")
GQ308 = CODES.warning("GQ308", "research reduced to the PU still needed for technology level 9")
GQ309 = CODES.warning(
    "GQ309", "colonists unloaded reduced to the room on the planet (30000 population)"
)

# warnings and notes on commands carried out as written
GQ401 = CODES.warning("GQ401", "the owner of the planet the ship flies to is unknown to you")
GQ402 = CODES.note("GQ402", "the reward replaces the one set before, which is lost")
