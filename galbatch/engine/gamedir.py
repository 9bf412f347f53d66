"""The game directory: game.yaml, the inbox, and turns committed atomically.

    game.yaml                  GM-owned settings and players (comments survive)
    orders/<player>.txt        the inbox for the next turn
    turns/NNN/                 one directory per processed turn, never changed in place

A turn is written to a temporary directory beside `turns/NNN` and renamed into
place, so a kill at any instant leaves the game at turn N or at turn N+1.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from galbatch.engine.ruleset import PlayerInfo
from galbatch.engine.yamlio import dump_data, load_data, load_edited

GAME_FILE = "game.yaml"
TMP_PREFIX = ".tmp-"
OLD_PREFIX = ".old-"
PLAYER_ID = re.compile(r"[A-Za-z0-9]{1,16}")
DEFAULT_MISSING_LIMIT = 0.5  # share of players without orders that stops a run


class GameError(Exception):
    """The game directory is missing, malformed or inconsistent."""


@dataclass
class Game:
    """A game directory and its parsed game.yaml."""

    path: Path
    config: Any  # ruamel CommentedMap: keeps the GM's comments and key order

    @classmethod
    def open(cls, path: Path) -> Game:
        file = path / GAME_FILE
        if not file.is_file():
            raise GameError(f"{path}: no {GAME_FILE}; is this a game directory?")
        try:
            config = load_edited(file)
        except Exception as e:  # any YAML error is the GM's to fix, not a traceback
            raise GameError(f"{file}: cannot read: {e}") from None
        if not isinstance(config, Mapping):
            raise GameError(f"{file}: expected a mapping")
        for key in ("game", "ruleset", "seed", "players"):
            if key not in config:
                raise GameError(f"{file}: missing {key!r}")
        game = cls(path, config)
        game.recover()
        return game

    @property
    def id(self) -> str:
        return str(self.config["game"])

    @property
    def ruleset_name(self) -> str:
        return str(self.config["ruleset"])

    @property
    def seed(self) -> int:
        return int(self.config["seed"])

    @property
    def title(self) -> str:
        return str(self.config.get("title", self.id))

    @property
    def author(self) -> str:
        return str(self.config.get("gm", "galbatch"))

    @property
    def settings(self) -> dict[str, Any]:
        return dict(self.config.get("settings") or {})

    @property
    def missing_limit(self) -> float:
        return float(self.config.get("missing_orders_limit", DEFAULT_MISSING_LIMIT))

    def width(self, default: int) -> int:
        return int(self.config.get("width", default))

    @property
    def players(self) -> list[PlayerInfo]:
        """The seats in game.yaml order; ids become file names, so only letters and digits."""
        infos = [
            PlayerInfo(str(p["id"]), str(p["name"]), int(p.get("account", 0)))
            for p in self.config["players"]
        ]
        for info in infos:
            if not PLAYER_ID.fullmatch(info.id):
                raise GameError(f"player id {info.id!r}: only letters and digits, at most 16")
        return infos

    def password_hash(self, player: str) -> str:
        for p in self.config["players"]:
            if str(p["id"]) == player:
                return str(p.get("password", ""))
        return ""

    def date_of(self, turn: int) -> str:
        """The ISO date of a turn: the start date plus whole turn periods; never the clock."""
        start = self.config.get("start", "1997-01-06")
        first = start if isinstance(start, dt.date) else dt.date.fromisoformat(str(start))
        days = int(self.config.get("days_per_turn", 14))
        return (first + dt.timedelta(days=days * turn)).isoformat()

    # turns ---------------------------------------------------------------

    @property
    def turns(self) -> Path:
        return self.path / "turns"

    @property
    def inbox(self) -> Path:
        return self.path / "orders"

    def turn_dir(self, turn: int) -> Path:
        return self.turns / f"{turn:03d}"

    def latest_turn(self) -> int:
        """The last committed turn; -1 if the game has none."""
        if not self.turns.is_dir():
            return -1
        numbers = [int(d.name) for d in self.turns.iterdir() if d.name.isdigit() and d.is_dir()]
        return max(numbers, default=-1)

    def state_data(self, turn: int) -> Any:
        file = self.turn_dir(turn) / "state.yaml"
        if not file.is_file():
            raise GameError(f"{file}: missing")
        return load_data(file)

    def recover(self) -> None:
        """Finish or undo what a killed run left: restore a replaced turn, drop scratch dirs."""
        if not self.turns.is_dir():
            return
        for entry in sorted(self.turns.iterdir()):
            if entry.name.startswith(OLD_PREFIX):
                target = self.turns / entry.name[len(OLD_PREFIX) :]
                if target.exists():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    os.replace(entry, target)
            elif entry.name.startswith(TMP_PREFIX):
                shutil.rmtree(entry, ignore_errors=True)
        latest = self.latest_turn()
        if latest >= 0:
            self.clear_inbox(latest)

    def commit(self, turn: int, files: Mapping[str, bytes], replace: bool = False) -> Path:
        """Write a whole turn and rename it into place; with `replace`, swap an existing one."""
        self.turns.mkdir(parents=True, exist_ok=True)
        target = self.turn_dir(turn)
        if target.exists() and not replace:
            raise GameError(f"{target}: already exists")
        tmp = self.turns / f"{TMP_PREFIX}{turn:03d}"
        if tmp.exists():
            shutil.rmtree(tmp)
        for rel, data in sorted(files.items()):
            out = tmp / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            with out.open("wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
        _fsync_dir(tmp)
        if target.exists():
            old = self.turns / f"{OLD_PREFIX}{turn:03d}"
            os.replace(target, old)
            os.replace(tmp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, target)
        _fsync_dir(self.turns)
        self.clear_inbox(turn)
        return target

    def clear_inbox(self, turn: int) -> None:
        """Remove inbox files that the given turn archived byte for byte."""
        archived = self.turn_dir(turn) / "orders"
        if not archived.is_dir() or not self.inbox.is_dir():
            return
        for file in sorted(archived.iterdir()):
            inbox_file = self.inbox / file.name
            if inbox_file.is_file() and inbox_file.read_bytes() == file.read_bytes():
                inbox_file.unlink()

    def write_config(self, text: str) -> None:
        """Replace game.yaml atomically."""
        tmp = self.path / f"{TMP_PREFIX}{GAME_FILE}"
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.path / GAME_FILE)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def dump_state(data: Any) -> bytes:
    return dump_data(data).encode("utf-8")
