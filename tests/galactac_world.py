"""Small Galac-Tac states built in code for the tests (free for any test to reuse).

`world()` is a galaxy of eight star systems and two empires, with no ships; the
tests add the ships they need with `ship()`. At the start of the turn:

ALPHA (empire "1"), tech level 1, 500 PI at its Home System:
  85-23 Home System, base PV 10 (the SHUTTLE examples' production system)
  99-15 colony, base PV 7 (the book's COLONIZE example: 7 x 3 = 21 PV)
  80-20 charted by ALPHA, nobody's, base PV 8 (the DESTROY example's 8)
  70-30 uncharted, nobody's, base PV 5
  90-30 ALPHA production system, base PV 6, 40 PI
BETA (empire "2"), tech level 1, 432 PI at its Home System:
  10-54 Home System, base PV 10
  12-50 colony, base PV 6
  20-60 production system, base PV 8, 60 PI
The research thresholds are the rule book's averages; the Masters return on turn 90.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from galbatch.engine.contract.rng import Streams
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.galaxy import Location, parse_location
from galbatch.rules.galactac.house import RESEARCH_AVERAGE
from galbatch.rules.galactac.resolve import resolve
from galbatch.rules.galactac.setup import masters_designs
from galbatch.rules.galactac.shipyard import new_ship
from galbatch.rules.galactac.state import Empire, GameState, Ship, System

ALPHA, BETA = "1", "2"


def loc(text: str) -> Location:
    return parse_location(text)


def at(text: str) -> a.Location:
    """A location as the actions write it."""
    y, x = parse_location(text)
    return a.Location(y, x)


def world(turn: int = 3) -> GameState:
    systems = [
        System(loc("85-23"), 10, ALPHA, "production", "", pi=500),
        System(loc("99-15"), 7, ALPHA, "colony"),
        System(loc("80-20"), 8),
        System(loc("70-30"), 5),
        System(loc("90-30"), 6, ALPHA, "production", pi=40),
        System(loc("10-54"), 10, BETA, "production", pi=432),
        System(loc("12-50"), 6, BETA, "colony"),
        System(loc("20-60"), 8, BETA, "production", pi=60),
    ]
    empires = [
        Empire(
            ALPHA,
            "ALPHA",
            1,
            "ALPHA",
            loc("85-23"),
            designs=masters_designs(),
            charted=sorted(loc(t) for t in ("85-23", "99-15", "80-20", "90-30")),
            next_design=14,
        ),
        Empire(
            BETA,
            "BETA",
            2,
            "BETA",
            loc("10-54"),
            designs=masters_designs(),
            charted=sorted(loc(t) for t in ("10-54", "12-50", "20-60")),
            next_design=14,
        ),
    ]
    return GameState(
        turn=turn,
        thresholds=list(RESEARCH_AVERAGE.values()),
        masters_return=90,
        systems={s.location: s for s in sorted(systems, key=lambda s: s.location)},
        empires={e.id: e for e in empires},
    )


def ship(state: GameState, owner: str, code: str, where: str, **fields: Any) -> Ship:
    """A new ship of one of the owner's designs at `where`, in service, with the
    owner's next ship ID; `fields` set anything else (pi=10, left=2, ...)."""
    empire = state.empires[owner]
    design = empire.design(code)
    assert design is not None, code
    made = new_ship(owner, design, empire.tech, loc(where), fields.pop("name", code))
    made.id = empire.next_ship
    empire.next_ship += 1
    for key, value in fields.items():
        setattr(made, key, value)
    state.ships.append(made)
    return made


def play(state: GameState, alpha: Sequence[Any] = (), beta: Sequence[Any] = ()) -> GameState:
    """One turn with these actions for ALPHA and BETA."""
    return resolve(state, {ALPHA: list(alpha), BETA: list(beta)}, Streams(1, state.turn + 1))


def find(state: GameState, owner: str, number: int) -> Ship:
    for s in state.ships:
        if s.owner == owner and s.id == number:
            return s
    raise KeyError(number)


def events(state: GameState, kind: type, empire: str = ALPHA) -> list[Any]:
    return [e for e in state.events if isinstance(e, kind) and e.empire == empire]


def system(state: GameState, where: str) -> System:
    return state.systems[loc(where)]
