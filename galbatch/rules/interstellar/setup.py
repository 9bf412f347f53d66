"""A new Interstellar Conquest game (Setup 1-4): colours and races, systems and ships, the
bag and the first hands, and the first player's turn begun.

Colours are drawn at random from the nine stashes unless game.yaml's `colours`
gives them seat by seat; each colour's race is the chart's suggested one unless
`races` pairs them otherwise. The last seat chose last and moves first
(house.FIRST_PLAYER_IS_LAST_SEAT).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import Setting
from galbatch.engine.contract.rng import stream
from galbatch.engine.contract.ruleset import normal_name
from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.board import Run
from galbatch.rules.interstellar.coins import draw, hand_size
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import GameState, Seat, Ships
from galbatch.rules.interstellar.tables import (
    COLOURS,
    HOME_WORLDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RACE_CHART,
    all_coins,
    race_named,
    race_row,
)
from galbatch.rules.interstellar.turn import RUN_STREAM, advance

RANDOM, CHART = "random", "chart"
COLOURS_SETTING = Setting(
    "colours",
    str,
    RANDOM,
    doc='The players\' colours in seat order, e.g. "RED BLUE WHITE"; random: each player'
    " draws a stash at random (Setup 2).",
)
RACES_SETTING = Setting(
    "races",
    str,
    CHART,
    doc="Colour=race pairs replacing the chart's suggested pairing, e.g."
    ' "RED=Seregon WHITE=Balchoth"; chart, or colours not named: the chart\'s race.',
)
SETTINGS = (COLOURS_SETTING, RACES_SETTING)

LONGEST_NAME = 20
# Words a code name may not be: the colours and the words of the order language.
RESERVED = frozenset(
    COLOURS
    + (
        "ALL", "NOBODY", "ATTACKER", "DEFENDER", "DIPLOMACY", "HIGHEST", "LOWEST", "BEST",
        "NOTHING", "ACE", "ALWAYS", "IF", "CANCEL", "PASS", "DECLINE",
    )
)  # fmt: skip


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's code name, or None: one word, not a colour (orders
    name players by colour) nor a word of the order language."""
    word = normal_name(name)
    if not word:
        return "A player name cannot be empty."
    if len(word) > LONGEST_NAME:
        return f"A player name has at most {LONGEST_NAME} characters."
    if " " in word or not word.replace("_", "").replace("-", "").isalnum():
        return "A player name is one word of letters, digits, - and _."
    if word[0].isdigit():
        return "A player name begins with a letter."
    if word in RESERVED:
        return f"{word} is a colour or a word of the order language and cannot be a name."
    return None


def _words(text: str) -> list[str]:
    return text.replace(",", " ").upper().split()


def seat_colours(seed: int, players: int, setting: str) -> tuple[str, ...]:
    """The seats' colours: as the setting gives them, else drawn at random (seeded,
    house.COLOURS_AT_RANDOM; without it, the first colours of the chart)."""
    if setting.strip().lower() in ("", RANDOM):
        if not house.COLOURS_AT_RANDOM:
            return COLOURS[:players]
        return tuple(stream(seed, 0, "colours").sample(COLOURS, players))
    colours = tuple(_words(setting))
    unknown = [c for c in colours if c not in COLOURS]
    if unknown:
        raise ValueError(f"colours: no colour {unknown[0]}; the colours are {' '.join(COLOURS)}")
    if len(colours) != players:
        raise ValueError(f"colours: {len(colours)} colours for {players} players")
    if len(set(colours)) != len(colours):
        raise ValueError("colours: each player has a colour of his own")
    return colours


def colour_races(colours: tuple[str, ...], setting: str) -> tuple[str, ...]:
    """Each colour's race: the chart's suggested pairing (house.RACES_BY_CHART), changed
    by `races` pairs; no race twice (house.RACE_AT_MOST_ONCE)."""
    if house.RACES_BY_CHART:
        races = {c: race_row(c).race for c in colours}
    else:  # the chart's races in seat order, whatever the colours
        races = {c: RACE_CHART[i].race for i, c in enumerate(colours)}
    pairs = [] if setting.strip().lower() == CHART else _words(setting)
    for pair in pairs:
        colour, _, race = pair.partition("=")
        if colour not in colours:
            raise ValueError(f"races: {colour} is no player's colour in this game")
        try:
            races[colour] = race_named(race).race
        except KeyError:
            known = " ".join(r.race for r in RACE_CHART)
            raise ValueError(f"races: no race {race!r}; the races are {known}") from None
    chosen = [races[c] for c in colours]
    if house.RACE_AT_MOST_ONCE and len(set(chosen)) != len(chosen):
        raise ValueError("races: two players may not have the same race")
    return tuple(chosen)


def new_game(seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]) -> GameState:
    """The table after setup: five home worlds a player with one ship of each size on
    each, all the coins in the bag and three drawn by each player (the Hirilorn four),
    and the first player's turn begun up to his first decision."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Interstellar Conquest takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    colours = seat_colours(seed, len(players), str(settings.get("colours", RANDOM)))
    races = colour_races(colours, str(settings.get("races", CHART)))
    seats = tuple(
        Seat(p.id, normal_name(p.name), c, r)
        for p, c, r in zip(players, colours, races, strict=True)
    )
    ships = {(s.colour, w): {s.id: Ships(1, 1, 1)} for s in seats for w in HOME_WORLDS}
    bag = list(all_coins(len(players)))
    stream(seed, 0, "bag").shuffle(bag)
    first = seats[-1].id if house.FIRST_PLAYER_IS_LAST_SEAT else seats[0].id
    state = GameState(seats=seats, ships=ships, void={}, bag=tuple(bag), active=first)
    run = Run(stream(seed, 0, RUN_STREAM))
    for s in seats:
        run.say("setup", f"{s.colour} ({s.name}) plays the {s.race}.")
    for s in seats:
        state = draw(state, s.id, hand_size(state, s.id), run)
    state = advance(replace(state, phase=Phase.DRAW), run)
    return replace(state, events=tuple(run.events))
