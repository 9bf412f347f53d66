"""A new Galaktikos game: its settings, player names, and the galaxy awaiting setup orders.

`new_game` makes the galaxy for the player count and an empty board at round 0:
the first run is the setup run (the book's turn 0), placing the tokens PLACE
orders ask for in seat order, automatically for a player who sends none.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import Setting
from galbatch.engine.contract.rng import stream
from galbatch.engine.contract.ruleset import normal_name
from galbatch.rules.galaktikos.galaxy import MAX_PLAYERS, MIN_PLAYERS, make_galaxy
from galbatch.rules.galaktikos.names import LONGEST_NAME, RESERVED
from galbatch.rules.galaktikos.placement import SETUP_ROUND
from galbatch.rules.galaktikos.round import VARIANTS, race_goal
from galbatch.rules.galaktikos.state import Player, RoundState
from galbatch.rules.galaktikos.tables import HexType

VICTORY_SETTING = Setting(
    "victory",
    str,
    "population",
    choices=VARIANTS,
    doc="How the game is won: population (the book's share), race (hold the goal) or conquest.",
)
ROTATE_SETTING = Setting(
    "rotate_first_seat",
    bool,
    True,
    every_run=True,
    doc="Whether the seat that moves first moves on by one each round (house rule), "
    "so that no seat always moves first.",
)
SETTINGS = (VICTORY_SETTING, ROTATE_SETTING)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None if it can: one word, not an order's."""
    word = normal_name(name)
    if not word:
        return "A player name cannot be empty."
    if len(word) > LONGEST_NAME:
        return f"A player name has at most {LONGEST_NAME} characters."
    if " " in word or not word.replace("_", "").replace("-", "").isalnum():
        return "A player name is one word of letters, digits, - and _."
    if word[0].isdigit():
        return "A player name begins with a letter (a number is a hex)."
    if word in RESERVED:
        return f"{word} is a word of the order language and cannot be a player name."
    return None


def configure(state: RoundState, settings: Mapping[str, Any]) -> RoundState:
    """Apply the settings read at every run (the rotation of the first seat)."""
    state.rotate = bool(settings.get(ROTATE_SETTING.name, ROTATE_SETTING.default))
    return state


def new_game(seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]) -> RoundState:
    """The galaxy sized for the players and an empty board at round 0, awaiting setup orders."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Galaktikos takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    galaxy = make_galaxy(stream(seed, 0, "galaxy"), len(players))
    state = RoundState(
        width=galaxy.cols,
        height=galaxy.rows,
        kinds={h: t for h, t in galaxy.items() if t is not HexType.EMPTY},
        players={p.id: Player(p.id, normal_name(p.name)) for p in players},
        round=SETUP_ROUND,
        variant=str(settings.get(VICTORY_SETTING.name, VICTORY_SETTING.default)),
    )
    if state.variant == "race":
        state.goal = race_goal(state)
    return configure(state, settings)
