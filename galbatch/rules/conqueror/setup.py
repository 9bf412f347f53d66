"""Galactic Conqueror's new game: planets on a 2-D field, a home planet and a small fleet each.

The rule book gives the frame (up to 50 players, several hundred planets, homes at
least 16 apart, neutral planets with 1 to 4 fortresses, 800 PU in the first turn);
`house.py` holds the numbers it leaves out. Every random choice comes from a stream
of the game seed, so one seed always makes one field.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import Setting
from galbatch.engine.contract.rng import stream
from galbatch.rules.conqueror.field import Grid, Point, distance, place
from galbatch.rules.conqueror.house import HOUSE_RULES
from galbatch.rules.conqueror.state import GameState, Planet, Player, Ship, Shipyard
from galbatch.rules.conqueror.tables import (
    COMMUNICATION_TABLE,
    FIRST_TURN_PU,
    HOME_DISTANCE,
    MAX_PLAYERS,
    NATURAL_DEFENSE,
    NEUTRAL_FORTRESSES,
    POPULATION_PER_FACTORY,
)
from galbatch.rules.conqueror.turn import ship_key

MIN_PLAYERS = 2  # a strategy game needs an enemy
NAME_LENGTH = 15  # the e-mail: "maximum 15 characters, only letters, numbers and blanks"

# The settings game.yaml may give this ruleset: validated by the engine before any run.
PLANETS_PER_PLAYER = Setting(
    "planets_per_player",
    int,
    HOUSE_RULES.planets_per_player,
    *HOUSE_RULES.planets_per_player_range,
    doc=f"Planets on the field for each player, never fewer than {HOUSE_RULES.min_planets} in all.",
)
FINAL_SCORE = Setting(
    "final_score",
    int,
    HOUSE_RULES.final_score,
    1,
    10**9,
    every_run=True,
    doc="The score that ends the game; read at every run, so it may be changed during the game.",
)
SETTINGS = (FINAL_SCORE, PLANETS_PER_PLAYER)


def normal_name(name: str) -> str:
    """A player name as the game keeps and compares it: upper case, no blank at either end."""
    return name.strip().upper()


def validate_player_name(name: str) -> str | None:
    """Why `name` cannot be a player name, as a sentence, or None if it can."""
    if not name.strip():
        return "A player name cannot be empty."
    if len(name) > NAME_LENGTH:
        return f"A player name has at most {NAME_LENGTH} characters."
    if not all(ch == " " or (ch.isascii() and ch.isalnum()) for ch in name):
        return "A player name may hold only letters, numbers and blanks."
    if name != name.strip():
        return "A player name cannot begin or end with a blank."
    return None


def new_game(seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]) -> GameState:
    """The turn-0 state: the field, the home planets and fleets, what each player knows."""
    check_players(players)
    count = planet_count(len(players), settings)
    side = field_side(count, len(players))
    homes = place_homes(stream(seed, 0, "homes"), side, len(players))
    near = place_near(stream(seed, 0, "near"), side, homes)
    rest = place_rest(stream(seed, 0, "planets"), side, set(homes) | set(near), count)
    points = homes + near + rest
    numbers = list(range(1, count + 1))
    stream(seed, 0, "numbers").shuffle(numbers)  # numbers must not tell where the homes are
    planets = {n: Planet(n, x, y) for n, (x, y) in sorted(zip(numbers, points, strict=True))}
    home_numbers = numbers[: len(players)]
    neutral_rng = stream(seed, 0, "neutrals")
    is_home = set(home_numbers)
    for number, planet in planets.items():
        if number not in is_home:
            make_neutral(planet, neutral_rng)
    state = GameState(
        turn=0,
        final_score=final_score(settings),
        width=side,
        height=side,
        planets=planets,
        players={p.id: Player(p.id, p.name.upper(), p.account) for p in players},
    )
    grid = Grid(planets.values())
    for info, number in zip(players, home_numbers, strict=True):
        make_home(state, planets[number], info.id, grid)
    state.ships.sort(key=ship_key)
    return state


def check_players(players: Sequence[PlayerInfo]) -> None:
    """Reject a seat list the game cannot take."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(
            f"Galactic Conqueror is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(players)}"
        )
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("two players have the same id")
    names = [" ".join(p.name.split()).upper() for p in players]
    if len(set(names)) != len(names):
        raise ValueError("two players have the same name")
    for p in players:
        problem = validate_player_name(p.name)
        if problem:
            raise ValueError(f"player name {p.name!r} of {p.id}: {problem}")


def whole_setting(settings: Mapping[str, Any], setting: Setting) -> int:
    """A whole-number setting within its declared range, or its default."""
    assert setting.low is not None and setting.high is not None, setting.name
    low, high = int(setting.low), int(setting.high)
    value = settings.get(setting.name, setting.default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{setting.name} must be a whole number from {low} to {high}")
    return value


def configure(state: GameState, settings: Mapping[str, Any]) -> GameState:
    """The final score is game.yaml's: a GM may raise or lower it during the game."""
    if "final_score" in settings:
        state.final_score = final_score(settings)
    return state


def final_score(settings: Mapping[str, Any]) -> int:
    """The score that wins: the settings' `final_score` or the house rule's."""
    return whole_setting(settings, FINAL_SCORE)


def planet_count(players: int, settings: Mapping[str, Any]) -> int:
    """How many planets: so many a player, and never fewer than several hundred."""
    return max(HOUSE_RULES.min_planets, whole_setting(settings, PLANETS_PER_PLAYER) * players)


def field_side(planets: int, players: int) -> int:
    """The side of the square field that gives each planet and each home its house-rule area."""
    area = max(planets * HOUSE_RULES.area_per_planet, players * HOUSE_RULES.area_per_home)
    return math.isqrt(area - 1) + 1


def nearest(point: Point, others: Sequence[Point]) -> int:
    """Distance from `point` to the closest of `others`."""
    return min(distance(point, other) for other in others)


def random_point(rng: random.Random, low: int, high: int) -> Point:
    """A random point with both coordinates in [low, high]."""
    return rng.randint(low, high), rng.randint(low, high)


class Homes:
    """Points bucketed in square cells, for the distance to the nearest of them without a
    scan of all (placing 200 homes scanned the homes so far 8,000 times)."""

    def __init__(self, side: int, count: int) -> None:
        self.cell = max(8, side // max(1, math.isqrt(count)))  # about one point a cell
        self.reach = side // self.cell + 1  # rings of cells that cover the field
        self.cells: dict[Point, list[Point]] = {}
        self.points: list[Point] = []

    def add(self, point: Point) -> None:
        self.points.append(point)
        self.cells.setdefault((point[0] // self.cell, point[1] // self.cell), []).append(point)

    def nearest(self, point: Point) -> int:
        """`nearest(point, self.points)`: rings of cells searched outwards until no
        farther ring can hold a nearer point (one r rings out is more than (r-1) cells away)."""
        c, (x, y) = self.cell, point
        cx, cy = x // c, y // c
        best = -1  # squared distance, -1 before any
        for r in range(self.reach + 1):
            for i in range(cx - r, cx + r + 1):
                for j in range(cy - r, cy + r + 1) if abs(i - cx) == r else (cy - r, cy + r):
                    for px, py in self.cells.get((i, j), ()):
                        d = (px - x) ** 2 + (py - y) ** 2
                        if best < 0 or d < best:
                            best = d
            if 0 <= best <= (r * c) ** 2:
                break
        root = math.isqrt(best)  # rounded up, as `distance` rounds
        return root if root * root == best else root + 1


def place_homes(rng: random.Random, side: int, count: int) -> list[Point]:
    """Spread-out homes at least HOME_DISTANCE apart, away from the field's edge."""
    low, high = HOUSE_RULES.home_margin, side - 1 - HOUSE_RULES.home_margin
    for _ in range(HOUSE_RULES.home_attempts):
        homes = Homes(side, count)
        homes.add(random_point(rng, low, high))
        while len(homes.points) < count:
            tries = [random_point(rng, low, high) for _ in range(HOUSE_RULES.home_candidates)]
            far = [homes.nearest(point) for point in tries]
            best = max(range(len(tries)), key=far.__getitem__)  # the first of the farthest
            if far[best] < HOME_DISTANCE:
                break
            homes.add(tries[best])
        else:
            return homes.points
    raise ValueError(f"cannot place {count} home planets {HOME_DISTANCE} apart on {side}x{side}")


def place_near(rng: random.Random, side: int, homes: Sequence[Point]) -> list[Point]:
    """A few neutral planets within each home's first communication radius."""
    radius = COMMUNICATION_TABLE[0].radius
    taken = set(homes)
    chosen: list[Point] = []
    for home in homes:
        around = [
            (x, y)
            for x in range(max(0, home[0] - radius), min(side, home[0] + radius + 1))
            for y in range(max(0, home[1] - radius), min(side, home[1] + radius + 1))
            if (x, y) not in taken and distance(home, (x, y)) <= radius
        ]
        picked = rng.sample(around, min(HOUSE_RULES.near_planets, len(around)))
        taken.update(picked)
        chosen += picked
    return chosen


def place_rest(rng: random.Random, side: int, taken: set[Point], count: int) -> list[Point]:
    """Random free points for the remaining planets, one planet a point."""
    taken = set(taken)
    rest: list[Point] = []
    while len(taken) < count:
        point = random_point(rng, 0, side - 1)
        if point not in taken:
            taken.add(point)
            rest.append(point)
    return rest


def make_neutral(planet: Planet, rng: random.Random) -> None:
    """A neutral planet: 1 to 4 fortresses, natural defence 1 to 9, some people and industry."""
    rules = HOUSE_RULES
    planet.fortresses = rng.randint(*NEUTRAL_FORTRESSES)
    planet.natural_defence = rng.randint(*NATURAL_DEFENSE)
    planet.population = rng.randint(*rules.neutral_population)
    planet.mines = rng.randint(*rules.neutral_products)
    planet.refineries = rng.randint(*rules.neutral_products)
    planet.farms = rng.randint(*rules.neutral_products)
    operable = planet.population // POPULATION_PER_FACTORY
    planet.factories = min(rng.randint(*rules.neutral_factories), operable)
    planet.loyalty = rules.neutral_loyalty


def make_home(state: GameState, planet: Planet, player: str, grid: Grid) -> None:
    """A player's home planet, his starting fleet in its orbit and the planets he knows."""
    rules = HOUSE_RULES
    planet.owner = player
    planet.home = player
    planet.factories = planet.mines = planet.refineries = planet.farms = rules.home_facilities
    planet.population = rules.home_population
    planet.loyalty = 10
    planet.fortresses = rules.home_fortresses
    planet.natural_defence = rules.home_natural_defence
    planet.spares = rules.home_spares
    planet.yards = [Shipyard(rules.home_yard_size, rules.home_yard_class, 0, False)]
    planet.pu = FIRST_TURN_PU
    me = state.players[player]
    for number, ship_class in enumerate(rules.starting_fleet, start=1):
        state.ships.append(Ship(number, player, ship_class, 0, 0, 0, planet.number))
    planet.ships_in_orbit = len(rules.starting_fleet)  # 2.1.6, as every later report counts
    me.next_ship = len(rules.starting_fleet) + 1
    radius = COMMUNICATION_TABLE[0].radius
    me.known = sorted(p.number for p in grid.near(place(planet), radius))
