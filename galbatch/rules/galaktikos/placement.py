"""Galaktikos setup (the book's Game Setup): where homes and the first populations may go.

Setup is turn 0. In seat order each player places a home: a population, a
shipyard and a fleet in one hex. Then, in seat order, each places a single
population token, twice, so everyone has placed three populations. No token
goes in a core hex or next to one. House rules: no population goes in an
Empty hex (habitat 0 would remove it at once); a single population goes in a
hex with no token of anyone's (the book's "unoccupied" hex, taken strictly),
and each settled hex becomes its settler's territory.
A player who sends no setup orders is placed automatically and legally.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import TYPE_CHECKING

from galbatch.engine.language.frozen import frozen
from galbatch.rules.galaktikos.galaxy import Galaxy
from galbatch.rules.galaktikos.hexes import Hex, distance
from galbatch.rules.galaktikos.house import SETUP_NEEDS_HABITAT
from galbatch.rules.galaktikos.state import GameState
from galbatch.rules.galaktikos.tables import HexType, habitat_value, resource_value

if TYPE_CHECKING:  # the caller's stream: a check, which places nothing, imports no random
    import random

SETUP_ROUND = 0  # the run that places the tokens from PLACE orders (the book's turn 0)
POPULATIONS_AT_SETUP = 3  # the home's population and two single tokens
SINGLES_AT_SETUP = POPULATIONS_AT_SETUP - 1
HOME = "home"
SINGLE = "single"


@frozen
class Step:
    """One placement of setup: the seat placing and what (HOME or SINGLE)."""

    seat: int
    kind: str


def setup_steps(players: int) -> tuple[Step, ...]:
    """The order of setup: homes in seat order, then rounds of single populations."""
    homes = [Step(seat, HOME) for seat in range(1, players + 1)]
    singles = [
        Step(seat, SINGLE) for _ in range(SINGLES_AT_SETUP) for seat in range(1, players + 1)
    ]
    return tuple(homes + singles)


def galaxy_of(state: GameState) -> Galaxy:
    """The galaxy the state's map is, for setup's placement rules."""
    types = tuple(
        tuple(state.kind(Hex(col, row)) for row in range(state.height))
        for col in range(state.width)
    )
    return Galaxy(state.width, state.height, types)


def near_core(galaxy: Galaxy, h: Hex) -> bool:
    """Whether `h` is a core hex or next to one (no setup token goes there)."""
    if galaxy[h] is HexType.CORE:
        return True
    return any(galaxy[n] is HexType.CORE for n in galaxy.neighbours(h))


def uninhabitable(galaxy: Galaxy, h: Hex) -> bool:
    """Whether a population placed in `h` would die at once (house rule: Empty hexes, habitat 0)."""
    return SETUP_NEEDS_HABITAT and habitat_value(galaxy[h]) == 0


def legal_home_sites(galaxy: Galaxy, taken: Set[Hex]) -> list[Hex]:
    """The hexes a home may go in: not in or next to a core hex, not empty space, no token yet."""
    return [
        h
        for h in galaxy
        if h not in taken and not near_core(galaxy, h) and not uninhabitable(galaxy, h)
    ]


def legal_single_sites(galaxy: Galaxy, taken: Set[Hex]) -> list[Hex]:
    """The hexes a single population may go in: the same rule as a home (an empty, non-core hex)."""
    return legal_home_sites(galaxy, taken)


# Why a hex may not take a setup token, as `placement_error` says it.
OFF_MAP = "is not on the map"
IN_CORE = "is a core hex"
NEXT_TO_CORE = "is next to a core hex"
EMPTY_SPACE = "is empty space, where no population lives"
TAKEN = "already has a token"


def placement_error(galaxy: Galaxy, h: Hex, taken: Set[Hex]) -> str:
    """Why `h` may not take a setup token, or "" when it may."""
    if h not in galaxy:  # off the sheet
        return OFF_MAP
    if galaxy[h] is HexType.CORE:
        return IN_CORE
    if near_core(galaxy, h):
        return NEXT_TO_CORE
    if uninhabitable(galaxy, h):
        return EMPTY_SPACE
    if h in taken:
        return TAKEN
    return ""


def _nearest(h: Hex, others: Set[Hex]) -> int:
    """Steps from `h` to the nearest of `others` (a large number when there are none)."""
    return min((distance(h, o) for o in others), default=10_000)


def automatic_home(galaxy: Galaxy, taken: Mapping[Hex, int], rng: random.Random) -> Hex:
    """The home of a player who sent no setup orders: the best legal hex, far from others.

    Among legal hexes of the best resource value, those farthest from every
    token already placed; one of them by `rng`. Dense hexes come first, as a
    player would choose them; distance keeps the newcomer out of others' way.
    """
    sites = legal_home_sites(galaxy, set(taken))
    if not sites:
        raise ValueError("no legal hex is left for a home")
    best = max(resource_value(galaxy[h]) for h in sites)
    valued = [h for h in sites if resource_value(galaxy[h]) == best]
    others = set(taken)
    far = max(_nearest(h, others) for h in valued)
    return rng.choice(sorted(h for h in valued if _nearest(h, others) == far))


def automatic_single(
    galaxy: Galaxy, seat: int, taken: Mapping[Hex, int], rng: random.Random
) -> Hex:
    """A single population of a player who sent no setup orders: near home, best valued.

    The legal hexes nearest the player's own tokens, of them the best resource
    value, then the farthest from others' tokens; one of them by `rng`.
    """
    sites = legal_single_sites(galaxy, set(taken))
    if not sites:
        raise ValueError("no legal hex is left for a population")
    own = {h for h, s in taken.items() if s == seat}
    others = {h for h, s in taken.items() if s != seat}
    if own:
        near = min(_nearest(h, own) for h in sites)
        sites = [h for h in sites if _nearest(h, own) == near]
    best = max(resource_value(galaxy[h]) for h in sites)
    sites = [h for h in sites if resource_value(galaxy[h]) == best]
    far = max(_nearest(h, others) for h in sites)
    return rng.choice(sorted(h for h in sites if _nearest(h, others) == far))


def automatic_placement(
    galaxy: Galaxy, seat: int, taken: Mapping[Hex, int], rng: random.Random
) -> Hex:
    """The hex for seat `seat`'s next setup token: its home if it has no token yet, else a single.

    `taken` maps every hex with a setup token to the seat that placed it.
    """
    if seat not in taken.values():
        return automatic_home(galaxy, taken, rng)
    return automatic_single(galaxy, seat, taken, rng)


def place(
    galaxy: Galaxy,
    seat: int,
    wanted: Sequence[Hex],
    taken: Mapping[Hex, int],
    rng: random.Random,
) -> tuple[Hex, bool]:
    """Seat `seat`'s next setup token: the first of `wanted` still legal, else automatic.

    Setup orders are written before anyone places, so the later hexes a player
    names are alternates. Returns the hex and whether it was placed automatically.
    """
    for h in wanted:
        if not placement_error(galaxy, h, set(taken)):
            return h, False
    return automatic_placement(galaxy, seat, taken, rng), True


def automatic_setup(galaxy: Galaxy, players: int, rng: random.Random) -> dict[Hex, int]:
    """A whole setup made automatically in the book's order: hex -> seat, homes first."""
    taken: dict[Hex, int] = {}
    for step in setup_steps(players):
        taken[automatic_placement(galaxy, step.seat, taken, rng)] = step.seat
    return taken


__all__ = [
    "HOME",
    "POPULATIONS_AT_SETUP",
    "SETUP_ROUND",
    "SINGLE",
    "SINGLES_AT_SETUP",
    "Step",
    "automatic_home",
    "automatic_placement",
    "automatic_setup",
    "automatic_single",
    "galaxy_of",
    "legal_home_sites",
    "legal_single_sites",
    "near_core",
    "place",
    "uninhabitable",
    "placement_error",
    "setup_steps",
]
