"""Galactic Conflict's new game: a star cluster on a hex sheet, one home world per player.

The rule book gives no starting numbers, so HOUSE_RULES holds ours. Every random
choice comes from a stream of the game seed, so one seed always makes one galaxy.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import Setting
from galbatch.engine.contract.rng import stream
from galbatch.engine.contract.ruleset import normal_name
from galbatch.rules.conflict.hexes import distance
from galbatch.rules.conflict.house import HOUSE_RULES
from galbatch.rules.conflict.names import validate_code_name
from galbatch.rules.conflict.state import GameState, Player, World
from galbatch.rules.conflict.tables import END_TURNS, PLAYER_COUNT

Hex = tuple[int, int]  # (col, row), odd-q offset, from 0


# The settings game.yaml may give this ruleset: validated by the engine before any run.
WORLDS_PER_PLAYER = Setting(
    "worlds_per_player",
    int,
    HOUSE_RULES.worlds_per_player,
    *HOUSE_RULES.worlds_per_player_range,
    doc="Worlds in the galaxy for each player, home worlds included.",
)
SETTINGS = (WORLDS_PER_PLAYER,)


def new_game(seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]) -> GameState:
    """The turn-0 state: the galaxy, the home worlds and the hidden last turn."""
    check_players(players)
    per_player = worlds_per_player(settings)
    count = per_player * len(players)
    cols, rows = sheet_size(count, len(players))
    homes = place_homes(stream(seed, 0, "homes"), cols, rows, len(players))
    near = place_near_neutrals(stream(seed, 0, "near"), cols, rows, homes, per_player - 1)
    taken = set(homes) | set(near)
    free = [h for h in all_hexes(cols, rows) if h not in taken]
    rest = stream(seed, 0, "worlds").sample(free, count - len(homes) - len(near))
    places = homes + near + rest
    numbers = list(range(1, count + 1))
    stream(seed, 0, "numbers").shuffle(numbers)  # numbers must not tell where the homes are
    worlds: dict[int, World] = {}
    for number, (col, row) in sorted(zip(numbers, places, strict=True)):
        worlds[number] = World(number, col, row)
    home_numbers = numbers[: len(players)]
    econ_rng = stream(seed, 0, "neutrals")
    for number, world in worlds.items():
        if number not in home_numbers:
            make_neutral(world, econ_rng)
    for info, number in zip(players, home_numbers, strict=True):
        make_home(worlds[number], info.id)
    end_turn = stream(seed, 0, "end").randint(*END_TURNS)
    return GameState(
        turn=0,
        end_turn=end_turn,
        worlds=worlds,
        players={p.id: Player(p.id, normal_name(p.name), p.account) for p in players},
        cols=cols,
        rows=rows,
    )


def check_players(players: Sequence[PlayerInfo]) -> None:
    """Reject a seat list the rule book or the printouts cannot handle."""
    low, high = PLAYER_COUNT
    if not low <= len(players) <= high:
        raise ValueError(f"Galactic Conflict is for {low} to {high} players, not {len(players)}")
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise ValueError("two players have the same id")
    names = [normal_name(p.name) for p in players]
    if len(set(names)) != len(names):
        raise ValueError("two players have the same code name")
    for p in players:
        problem = validate_code_name(p.name)
        if problem:
            raise ValueError(f"code name {p.name!r} of {p.id}: {problem}")


def worlds_per_player(settings: Mapping[str, Any]) -> int:
    """The settings' `worlds_per_player`, or the house rule's."""
    setting = WORLDS_PER_PLAYER
    value = settings.get(setting.name, setting.default)
    low, high = HOUSE_RULES.worlds_per_player_range
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{setting.name} must be a whole number from {low} to {high}")
    return value


def sheet_size(worlds: int, players: int) -> tuple[int, int]:
    """Columns and rows for about one world per 5 hexes, within one printed page."""
    rules = HOUSE_RULES
    area = max(worlds * rules.hexes_per_world, players * rules.hexes_per_home)
    # Keep the page's proportions: cols / rows = max_cols / max_rows.
    wide_area = -(-area * rules.max_cols // rules.max_rows)
    cols = math.isqrt(wide_area - 1) + 1
    cols = min(max(cols, rules.min_cols), rules.max_cols)
    rows = min(max(-(-area // cols), rules.min_rows), rules.max_rows)
    return cols, rows


def all_hexes(cols: int, rows: int) -> list[Hex]:
    """Every hex of the sheet, column by column."""
    return [(col, row) for col in range(cols) for row in range(rows)]


def nearest(hex_: Hex, others: Sequence[Hex]) -> int:
    """Distance from `hex_` to the closest of `others`."""
    return min(distance(hex_, other) for other in others)


def place_homes(rng: random.Random, cols: int, rows: int, count: int) -> list[Hex]:
    """Spread-out home hexes: each the farthest from the others of a few random tries."""
    rules = HOUSE_RULES
    edge = rules.home_edge
    inner = [
        (c, r)
        for c, r in all_hexes(cols, rows)
        if edge <= c < cols - edge and edge <= r < rows - edge
    ]
    for _ in range(rules.home_attempts):
        homes = [rng.choice(inner)]
        while len(homes) < count:
            tries = [rng.choice(inner) for _ in range(rules.home_candidates)]
            best = max(tries, key=lambda h: nearest(h, homes))
            if nearest(best, homes) < rules.home_distance:
                break
            homes.append(best)
        else:
            return homes
    raise ValueError(f"cannot place {count} home worlds apart on a {cols}x{rows} sheet")


def place_near_neutrals(
    rng: random.Random, cols: int, rows: int, homes: Sequence[Hex], most: int
) -> list[Hex]:
    """A few neutral hexes within one turn's move of each home, nearer it than any other home."""
    rules = HOUSE_RULES
    wanted = min(rules.near_neutrals, most)
    taken = set(homes)
    chosen: list[Hex] = []
    for home in homes:
        others = [h for h in homes if h != home]
        around = [
            h
            for h in all_hexes(cols, rows)
            if h not in taken
            and distance(h, home) <= rules.near_distance
            and all(distance(h, home) < distance(h, other) for other in others)
        ]
        picked = rng.sample(around, min(wanted, len(around)))
        taken.update(picked)
        chosen += picked
    return chosen


def make_home(world: World, player: str) -> None:
    """A player's starting world."""
    rules = HOUSE_RULES
    world.owner = player
    world.econ = rules.home_econ
    world.cp = rules.home_cp
    world.af = rules.home_af
    world.df = rules.home_df
    world.ft = rules.home_ft
    world.probes = rules.home_probes


def make_neutral(world: World, rng: random.Random) -> None:
    """A neutral world: some Econ, DF and FT, no AF."""
    rules = HOUSE_RULES
    world.owner = None
    world.econ = rng.randint(*rules.neutral_econ)
    world.df = per_econ(rng, world.econ, rules.neutral_df_per_econ)
    world.ft = per_econ(rng, world.econ, rules.neutral_ft_per_econ)


def per_econ(rng: random.Random, econ: int, rate: tuple[int, int]) -> int:
    """A random number of units between rate[0] and rate[1] per Econ."""
    low, high = rate
    return rng.randint(econ * low, econ * high)
