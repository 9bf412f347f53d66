"""Galac-Tac's new game: a 100 x 100 galaxy of star systems with their base PV, one
Home System (base PV 10) per empire, the Masters' designs and a starting fleet.

The rule book gives the frame (00-00 to 99-99, 10 to 15 players, tech level 1, the
date 3500-01, research thresholds around its averages, the Masters back around turn
85-95); `house.py` holds the numbers it leaves out. Every random choice comes from
a stream of the game seed, so one seed always makes one galaxy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import Setting
from galbatch.engine.contract.rng import stream
from galbatch.engine.contract.ruleset import normal_name
from galbatch.rules.galactac.designs import MASTERS_DESIGNS
from galbatch.rules.galactac.galaxy import SIDE, Location, distance, within
from galbatch.rules.galactac.house import (
    EMPIRE_NAME_LENGTH,
    FIRST_SHIP_ID,
    HOME_BASE_PV,
    HOME_MARGIN,
    HOME_SPACING,
    MASTERS_RETURN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEAR_RADIUS,
    NEAR_STARS,
    PLAYERS_RANGE,
    STAR_PV_WEIGHTS,
    STARS,
    STARS_RANGE,
    STARTING_FLEET,
    STARTING_PI,
)
from galbatch.rules.galactac.research import draw_thresholds
from galbatch.rules.galactac.shipyard import new_ship
from galbatch.rules.galactac.state import Design, Empire, GameState, Ship, System
from galbatch.rules.galactac.turn import empire_key

STARS_SETTING = Setting(
    "stars",
    int,
    STARS,
    *STARS_RANGE,
    doc="Star systems on the galaxy map, the Home Systems included.",
)
MIN_PLAYERS_SETTING = Setting(
    "min_players",
    int,
    MIN_PLAYERS,
    *PLAYERS_RANGE,
    doc="The fewest players (Home Systems) a galaxy is made for; the book says 10.",
)
MAX_PLAYERS_SETTING = Setting(
    "max_players",
    int,
    MAX_PLAYERS,
    *PLAYERS_RANGE,
    doc="The most players (Home Systems) a galaxy is made for; the book says 15.",
)
SETTINGS = (STARS_SETTING, MIN_PLAYERS_SETTING, MAX_PLAYERS_SETTING)


def setting(settings: Mapping[str, Any], which: Setting) -> int:
    return int(settings.get(which.name, which.default))


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's (and first empire) name, or None if it can."""
    if not name.strip():
        return "A player name cannot be empty."
    if len(name) > EMPIRE_NAME_LENGTH:
        return f"A player name has at most {EMPIRE_NAME_LENGTH} characters."
    if not all(ch == " " or (ch.isascii() and ch.isalnum()) for ch in name):
        return "A player name may hold only letters, numbers and blanks."
    if name != name.strip():
        return "A player name cannot begin or end with a blank."
    return None


def check_players(players: Sequence[PlayerInfo], settings: Mapping[str, Any]) -> None:
    """Reject a seat list the galaxy cannot take."""
    low = setting(settings, MIN_PLAYERS_SETTING)
    high = setting(settings, MAX_PLAYERS_SETTING)
    if not low <= len(players) <= high:
        raise ValueError(f"Galac-Tac is for {low} to {high} players, not {len(players)}")
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("two players have the same id")
    names = [normal_name(p.name) for p in players]
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    for p in players:
        problem = name_problem(p.name)
        if problem:
            raise ValueError(f"player name {p.name!r} of {p.id}: {problem}")


def new_game(seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]) -> GameState:
    """The turn-0 state: the galaxy, each empire's Home System, designs and fleet."""
    check_players(players, settings)
    stars = max(setting(settings, STARS_SETTING), len(players) * (NEAR_STARS + 1))
    homes = place_homes(stream(seed, 0, "homes"), len(players))
    taken = set(homes)
    near = place_near(stream(seed, 0, "near"), homes, taken)
    rest = place_rest(stream(seed, 0, "stars"), stars - len(homes) - len(near), taken)
    pv_rng = stream(seed, 0, "pv")
    values, weights = list(STAR_PV_WEIGHTS), list(STAR_PV_WEIGHTS.values())
    systems = {home: System(home, HOME_BASE_PV) for home in homes}
    for location in sorted(near + rest):
        systems[location] = System(location, pv_rng.choices(values, weights)[0])
    state = GameState(
        turn=0,
        thresholds=draw_thresholds(stream(seed, 0, "research")),
        masters_return=stream(seed, 0, "masters").randint(*MASTERS_RETURN),
        systems={loc: systems[loc] for loc in sorted(systems)},
        empires={},
    )
    for info, home in zip(players, homes, strict=True):
        found_empire(state, info, home)
    state.ships.sort(key=lambda s: (empire_key(s.owner), s.id))
    return state


def place_homes(rng: random.Random, count: int) -> list[Location]:
    """`count` Home Systems inside the margin, HOME_SPACING moves apart (closer only if
    the map cannot hold them so)."""
    spacing = HOME_SPACING
    low, high = HOME_MARGIN, SIDE - 1 - HOME_MARGIN
    while True:
        homes: list[Location] = []
        for _ in range(count * 200):
            if len(homes) == count:
                return homes
            spot = (rng.randint(low, high), rng.randint(low, high))
            if all(distance(spot, h) >= spacing for h in homes):
                homes.append(spot)
        if len(homes) == count:
            return homes
        spacing -= 1


def place_near(rng: random.Random, homes: list[Location], taken: set[Location]) -> list[Location]:
    """NEAR_STARS stars within NEAR_RADIUS of each home, so that no home starts alone."""
    near = []
    for home in homes:
        spots = [s for s in within(home, NEAR_RADIUS) if s not in taken]
        for spot in rng.sample(spots, NEAR_STARS):
            taken.add(spot)
            near.append(spot)
    return near


def place_rest(rng: random.Random, count: int, taken: set[Location]) -> list[Location]:
    """The other stars anywhere on the map, one to a square."""
    free = [(y, x) for y in range(SIDE) for x in range(SIDE) if (y, x) not in taken]
    rest = rng.sample(free, max(0, min(count, len(free))))
    taken.update(rest)
    return rest


def masters_designs() -> list[Design]:
    """The Masters' designs, every empire's first Ship Design Table."""
    return [
        Design(d.number, d.code, d.classification.title(), d.parts, STARTING_FLEET.get(d.code, 0))
        for d in MASTERS_DESIGNS
    ]


def found_empire(state: GameState, info: PlayerInfo, home: Location) -> None:
    """An empire at tech level 1 with its Home System, designs and starting fleet; the
    fighters start in the carrier's hangars."""
    empire = Empire(
        id=info.id,
        player=normal_name(info.name),
        account=info.account,
        name=normal_name(info.name),
        home=home,
        designs=masters_designs(),
        charted=[home],
        next_ship=FIRST_SHIP_ID,
        next_design=len(MASTERS_DESIGNS) + 1,
    )
    state.empires[info.id] = empire
    system = state.systems[home]
    system.owner, system.kind, system.pi = info.id, "production", STARTING_PI
    fleet: list[Ship] = []
    for code, count in STARTING_FLEET.items():
        design = empire.design(code)
        assert design is not None
        for _ in range(count):
            ship = new_ship(info.id, design, empire.tech, home, "")
            ship.id = empire.next_ship
            empire.next_ship += 1
            fleet.append(ship)
    carriers = [s for s in fleet if s.design.hangars]
    for ship in fleet:
        if ship.design.star or ship.design.platform:
            continue
        for carrier in carriers:
            if sum(1 for s in fleet if s.carrier == carrier.id) < carrier.design.hangars:
                ship.carrier = carrier.id
                break
    state.ships.extend(fleet)
