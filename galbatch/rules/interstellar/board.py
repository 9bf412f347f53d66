"""Moving ships on the table: between planets, the void and the encounter.

Each function returns a new state and never changes the dicts of the one it is
given, so that a run's states can be compared and kept. Ships are conserved: what
leaves one place arrives at another (`state.pieces` counts them).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from random import Random

from galbatch.rules.interstellar.allot import pool
from galbatch.rules.interstellar.house import RETURNS_LARGEST_FIRST
from galbatch.rules.interstellar.state import Event, GameState, PlanetKey, Ships
from galbatch.rules.interstellar.tables import SIZES, Size

LARGEST_FIRST: tuple[Size, ...] = tuple(reversed(SIZES)) if RETURNS_LARGEST_FIRST else SIZES


@dataclass
class Run:
    """One batch run's random stream and the events it has told so far."""

    rng: Random
    events: list[Event] = field(default_factory=list)

    def say(self, kind: str, text: str, seen_by: tuple[str, ...] = (), third: str = "") -> None:
        """An event for the printouts: public, or seen only by `seen_by` (`third`: its
        words for the game master when `text` speaks to the player as "you")."""
        self.events.append(Event(kind, text, seen_by, third))


def ships_text(ships: Ships) -> str:
    """1 L 2 M, as orders write ships; "no ships" for none."""
    parts = [f"{ships.get(s)} {s.value}" for s in LARGEST_FIRST if ships.get(s)]
    return " ".join(parts) if parts else "no ships"


def one(size: Size, n: int = 1) -> Ships:
    """`n` ships of one size."""
    return Ships().add(size, n)


def _with_planet(state: GameState, planet: PlanetKey, player: str, ships: Ships) -> GameState:
    owners = dict(state.ships.get(planet, {}))
    if ships.total:
        owners[player] = ships
    else:
        owners.pop(player, None)
    return replace(state, ships={**state.ships, planet: owners})


def put(state: GameState, planet: PlanetKey, player: str, ships: Ships) -> GameState:
    """`ships` of `player` placed on a planet."""
    return _with_planet(state, planet, player, state.at(planet, player).plus(ships))


def take(state: GameState, planet: PlanetKey, player: str, ships: Ships) -> GameState:
    """`ships` of `player` lifted off a planet (they must be there)."""
    return _with_planet(state, planet, player, state.at(planet, player).minus(ships))


def to_void(state: GameState, player: str, ships: Ships) -> GameState:
    """`ships` of `player` (already off their planet) put in the void."""
    if not ships.total:
        return state
    return replace(state, void={**state.void, player: state.in_void(player).plus(ships)})


def from_void(state: GameState, player: str, ships: Ships) -> GameState:
    """`ships` of `player` taken out of the void (they must be there)."""
    left = state.in_void(player).minus(ships)
    void = dict(state.void)
    if left.total:
        void[player] = left
    else:
        void.pop(player, None)
    return replace(state, void=void)


def available(have: Ships, want: Ships) -> Ships:
    """As many of `want` as `have` holds, size by size (a quantity clamped)."""
    out = Ships()
    for size in SIZES:
        out = out.add(size, min(have.get(size), want.get(size)))
    return out


def largest_first(have: Ships, count: int) -> Ships:
    """Up to `count` of `have`, the largest first (house.RETURNS_LARGEST_FIRST)."""
    out = Ships()
    for size in LARGEST_FIRST:
        n = min(have.get(size), count - out.total)
        out = out.add(size, n)
    return out


def return_from_void(
    state: GameState, player: str, ships: Ships, to: PlanetKey | None = None
) -> GameState:
    """`ships` of `player` out of the void onto a home world (the lowest-numbered by
    default, house rule)."""
    if not ships.total:
        return state
    world = to if to is not None else state.home(player)[0]
    return put(from_void(state, player, ships), world, player, ships)


def system_of(planet: PlanetKey) -> str:
    """The colour of the system a planet is in."""
    return planet[0]


def planets_of(state: GameState, player: str) -> tuple[PlanetKey, ...]:
    """The planets holding ships of `player`: his home worlds first (tile order), then the
    other systems in seat order."""
    holds = {p: state.at(p, player) for p in state.ships}
    colours = tuple(seat.colour for seat in state.seats)
    return pool(state.seat(player).colour, colours, holds)
