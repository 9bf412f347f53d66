"""Movement (2.2.1.2-2.2.1.8, 2.3.2.4): flights of one or more turns and hyperspace jumps.

A ship flies its range each turn; a planet at most its range away is reached this
turn, a farther one in several turns, with position 0 and the rest of the way in
`rest` while flying. House rule: each ship in flight may make an uncontrolled
hyperspace jump (`HOUSE_RULES.jump_per_mille`); its crew then contacts home with 10
percent per CTL, and the ship is lost if it fails, or else is in orbit of a random
planet, whose position its owner learns, and attacks it.
"""

from __future__ import annotations

import random

from galbatch.rules.conqueror.house import HOUSE_RULES
from galbatch.rules.conqueror.state import Ship
from galbatch.rules.conqueror.tables import COMMUNICATION, JUMP_CONTACT_PER_CTL, ship_range
from galbatch.rules.conqueror.turn import Turn


def contact_chance(ctl: int) -> int:
    """Percent chance that a ship's crew contacts home after a hyperspace jump (2.3.2.4)."""
    return JUMP_CONTACT_PER_CTL * ctl


def fly(turn: Turn) -> None:
    """Move every ship with a destination one turn's range along, in (owner, number) order."""
    rng = turn.rng("hyperspace")
    numbers = sorted(turn.state.planets)
    for ship in turn.sorted_ships():
        if not ship.destination:
            continue
        if rng.randrange(1000) < HOUSE_RULES.jump_per_mille:
            jump(turn, ship, rng.choice(numbers), rng)
        else:
            advance(ship)


def advance(ship: Ship) -> None:
    """One turn of flight: arrive in orbit if the rest is within range, else fly on."""
    reach = ship_range(ship.ship_class, ship.propulsion)
    if ship.rest <= reach:
        ship.position, ship.destination, ship.rest = ship.destination, 0, 0
    else:
        ship.position, ship.rest = 0, ship.rest - reach


def jump(turn: Turn, ship: Ship, planet: int, rng: random.Random) -> None:
    """An uncontrolled hyperspace jump to `planet`: lost without contact, else in its orbit."""
    ctl = turn.tech(ship.owner, COMMUNICATION)
    if rng.randrange(100) >= contact_chance(ctl):
        turn.tell(ship.owner, f"SHIP {ship.number} WAS LOST IN A HYPERSPACE JUMP")
        turn.remove_ship(ship)
        return
    ship.position, ship.destination, ship.rest = planet, 0, 0
    turn.reveal(ship.owner, planet)
    turn.tell(ship.owner, f"SHIP {ship.number} JUMPED THROUGH HYPERSPACE TO PLANET {planet}")
