"""Communication (2.3.2.1): the planets whose positions a player knows.

Each turn a player learns every planet within the radius of table 5.5 at his
communication TL around each planet he owns; what he learned once he keeps.
"""

from __future__ import annotations

from galbatch.rules.conqueror.field import Grid, place
from galbatch.rules.conqueror.state import Planet
from galbatch.rules.conqueror.turn import Turn


def communicate(turn: Turn) -> None:
    """Add the planets around each player's planets to what he knows, and sort it."""
    grid = Grid(turn.state.planets.values())
    owned: dict[str, list[Planet]] = {}
    for planet in turn.planets():
        if planet.owner is not None:
            owned.setdefault(planet.owner, []).append(planet)
    for player in turn.players():
        me = turn.state.players[player]
        radius = turn.radius(player)
        known = set(me.known)
        for planet in owned.get(player, []):
            known.update(p.number for p in grid.near(place(planet), radius))
        me.known = sorted(known)


def count_orbits(turn: Turn) -> None:
    """Every planet's number of ships in orbit at the end of the turn (2.1.6)."""
    orbits = turn.in_orbit()
    for planet in turn.planets():
        planet.ships_in_orbit = len(orbits.get(planet.number, []))
