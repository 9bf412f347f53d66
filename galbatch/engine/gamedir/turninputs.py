"""What a turn's printouts depend on besides its state, recorded inside the turn.

A re-print of turn N reads `turns/NNN/inputs.yaml`, never today's game.yaml: a
GM who edits the title, the width, a player's code name or the days between
turns changes what later turns print, not the history.

Dates chain: a turn is dated the deadline the turn before it announced, so a
deadline moved with `process --due` moves that turn, and later turns follow it,
while every earlier turn keeps the dates it printed.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.yamlio import dump_data, load_data

INPUTS_FILE = "inputs.yaml"


@dataclass(frozen=True)
class TurnInputs:
    """The game-directory facts a turn printed: who, what, when, how wide."""

    game: str
    title: str
    author: str
    date: str  # ISO date of the turn
    due: str  # ISO date the next turn's orders are due
    width: int
    players: tuple[PlayerInfo, ...]
    settings: tuple[tuple[str, Any], ...] = ()  # the ruleset settings in force, sorted by key

    def data(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "author": self.author,
            "date": self.date,
            "due": self.due,
            "width": self.width,
            "players": [[p.id, p.name, p.account] for p in self.players],
            "settings": dict(self.settings),
        }

    def dumps(self) -> bytes:
        return dump_data(self.data()).encode("utf-8")

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TurnInputs:
        return cls(
            game=str(data["game"]),
            title=str(data["title"]),
            author=str(data["author"]),
            date=str(data["date"]),
            due=str(data["due"]),
            width=int(data["width"]),
            players=tuple(PlayerInfo(str(i), str(n), int(a)) for i, n, a in data["players"]),
            settings=tuple(sorted(dict(data.get("settings") or {}).items())),
        )


def read_inputs(turn_dir: Path) -> TurnInputs | None:
    """The inputs a committed turn recorded; None for a turn made before they were recorded."""
    file = turn_dir / INPUTS_FILE
    if not file.is_file():
        return None
    try:
        return TurnInputs.from_data(load_data(file))
    except (LookupError, TypeError, ValueError) as e:  # LoadError is a ValueError
        raise ValueError(f"{file}: not a usable record of the turn's inputs ({e})") from None


def inputs_for(game: Game, width: int, turn: int, due: str | None = None) -> TurnInputs:
    """The inputs of a turn about to be made, from game.yaml as it is now.

    The turn is dated the deadline the turn before it announced; its own deadline
    is `due` if the GM set one, else what a turn it replaces announced, else its
    date plus days_per_turn.
    """
    date = turn_date(game, turn)
    replaced = read_inputs(game.turn_dir(turn)) if game.turn_dir(turn).is_dir() else None
    if due is not None:
        due = check_due(due, date)
    elif replaced is not None and replaced.date == date:
        due = replaced.due
    else:
        due = plus_days(date, game.days_per_turn)
    return TurnInputs(
        game=game.id,
        title=game.title,
        author=game.author,
        date=date,
        due=due,
        width=game.width(width),
        players=tuple(game.players),
        settings=tuple(sorted(game.settings.items())),
    )


def turn_date(game: Game, turn: int) -> str:
    """The date of a turn not yet made: the deadline the turn before it announced."""
    before = read_inputs(game.turn_dir(turn - 1)) if turn > 0 else None
    return before.due if before is not None else game.date_of(turn)


def recorded_inputs(game: Game, width: int, turn: int) -> TurnInputs:
    """The inputs a committed turn was printed from (as game.yaml says, for older turns)."""
    recorded = read_inputs(game.turn_dir(turn))
    if recorded is not None:
        return recorded
    return TurnInputs(
        game=game.id,
        title=game.title,
        author=game.author,
        date=game.date_of(turn),
        due=game.date_of(turn + 1),
        width=game.width(width),
        players=tuple(game.players),
        settings=tuple(sorted(game.settings.items())),
    )


def plus_days(date: str, days: int) -> str:
    return (dt.date.fromisoformat(date) + dt.timedelta(days=days)).isoformat()


def check_due(due: str, after: str) -> str:
    """A deadline given by the GM: an ISO date later than the turn it is announced in."""
    try:
        when = dt.date.fromisoformat(due)
    except ValueError:
        raise ValueError(f"due date {due!r}: expected YYYY-MM-DD") from None
    if when <= dt.date.fromisoformat(after):
        raise ValueError(f"due date {due}: must be after the turn's date {after}")
    return when.isoformat()


def roster_problem(game: Game, turn: int) -> str | None:
    """Why game.yaml's players no longer fit the game that turn `turn` builds on (a
    player deleted, or one added who is not in the game), or None."""
    before = read_inputs(game.turn_dir(turn - 1)) if turn > 0 else None
    if before is None:
        return None
    listed = {p.id for p in game.players}
    seats = {p.id for p in before.players}
    gone = [p for p in before.players if p.id not in listed]
    added = [p.id for p in game.players if p.id not in seats]
    if gone:
        who = ", ".join(f"{p.id} ({p.name})" for p in gone)
        return (
            f"game.yaml no longer lists player {who}, who is in the game since turn 0: put "
            "the entry back (a player who drops out stays, marked `retired: true`; see "
            "galbatch(1), game.yaml)"
        )
    if added:
        return (
            f"game.yaml lists player {', '.join(added)}, who is not in the game: the players "
            "are the game's from its turn 0 (a new player takes over a retired one's seat)"
        )
    return None
