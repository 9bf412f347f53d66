"""The game directory as read: game.yaml, the inbox, and the committed turns.

    game.yaml                  GM-owned settings and players (comments survive)
    orders/<player>.txt        the inbox for the next turn
    turns/NNN/                 one directory per processed turn, never changed in place

Opening a game reads and never writes; committing a turn and recovering from a
killed run are the writer's (see `commit`). What a check or a turn reads of game.yaml
is also kept, after a full load validated it, as a summary in the per-user cache
under the SHA-256 of the file's bytes, so that neither loads the YAML again while the
file stays the same (see `Game.open_cached`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.yamlio import (
    MAX_EDITED_BYTES,
    LoadError,
    decode,
    dump_data,
    load_data,
    parse_edited,
    read_bytes,
)

GAME_FILE = "game.yaml"
TMP_PREFIX = ".tmp-"
OLD_PREFIX = ".old-"
TURN_NAME = re.compile(r"(?:\.old-)?([0-9]{3,})")
SUMMARY_FORM = 2  # of the cached summaries of game.yaml: another form is never read
KEPT_SUMMARIES = 64  # the most recent ones; an older one is made again when it is needed


class GameError(Exception):
    """The game directory is missing, malformed or inconsistent."""


class GameFileError(GameError):
    """game.yaml breaks its schema: `problems` has one line for each thing wrong in it."""

    def __init__(self, file: Path, problems: list[str]) -> None:
        self.file = file
        self.problems = problems
        n = len(problems)
        self.summary = f"{file}: {n} problem{'s' if n > 1 else ''} in the game file"
        super().__init__("\n".join([self.summary + ":", *problems]))


class Game:
    """A game directory and its parsed game.yaml (a plain class: a dataclass costs every
    check's start)."""

    __slots__ = ("path", "config")

    def __init__(self, path: Path, config: Any) -> None:
        self.path = path
        self.config = config  # ruamel CommentedMap: keeps the GM's comments and key order

    @classmethod
    def open(cls, path: Path) -> Game:
        """The game in directory `path`, its game.yaml loaded and validated in full."""
        file = path / GAME_FILE
        if not file.is_file():
            raise GameError(f"{path}: no {GAME_FILE}; is this a game directory?")
        try:
            data = read_bytes(file, MAX_EDITED_BYTES)
        except LoadError as e:  # the message names the file and what is wrong
            raise GameError(str(e)) from None
        return cls._load(path, data)

    @classmethod
    def _load(cls, path: Path, data: bytes) -> Game:
        """The game whose game.yaml has the bytes `data`, validated."""
        file = path / GAME_FILE
        try:
            config = parse_edited(decode(file, data), file)
        except LoadError as e:  # the message names the file and what is wrong
            raise GameError(str(e)) from None
        except Exception as e:  # any YAML error is the GM's to fix, not a traceback
            raise GameError(f"{file}: cannot read: {e}") from None
        from galbatch.engine.gamedir.schema import game_problems  # not for a cached summary

        problems = game_problems(config)
        if problems:
            raise GameFileError(file, [p.format(str(file)) for p in problems])
        return cls(path, config)

    @classmethod
    def open_cached(cls, path: Path) -> Game:
        """The game as `open` gives it, for a reader that never writes game.yaml back (a
        check, a turn): its content comes as plain data from the summary cached for
        game.yaml's present bytes, if there is one; otherwise game.yaml is loaded and
        validated in full, and its summary cached (never in the game directory: reading
        a game writes nothing there)."""
        file = path / GAME_FILE
        try:
            data = read_bytes(file, MAX_EDITED_BYTES)
        except LoadError:
            return cls.open(path)  # which says what is wrong
        key = _summary_key(data)
        summary = _cached_summary(key)
        if summary is not None:
            return cls(path, summary)
        game = cls._load(path, data)
        summary = game.summary()
        if summary is not None:
            _cache_summary(key, summary)
        return game

    def summary(self) -> dict[str, Any] | None:
        """The validated game.yaml as plain data (its start date as YYYY-MM-DD, which the
        file may write too), what `open_cached` keeps; None if it holds another date or
        a value of another kind, which only the YAML can give."""
        import datetime as dt  # speed: a summary is made only after a full load, not by a check

        config = dict(self.config)
        if isinstance(config.get("start"), dt.date):
            config["start"] = config["start"].isoformat()
        plain = _plain(config)
        return plain if isinstance(plain, dict) else None

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
        from galbatch.engine.gamedir.schema import DEFAULT_GM

        return str(self.config.get("gm", DEFAULT_GM))

    @property
    def settings(self) -> dict[str, Any]:
        return dict(self.config.get("settings") or {})

    @property
    def missing_limit(self) -> float:
        from galbatch.engine.gamedir.schema import DEFAULT_MISSING_LIMIT

        return float(self.config.get("missing_orders_limit", DEFAULT_MISSING_LIMIT))

    @property
    def immediate(self) -> bool:
        """game.yaml's `immediate: true`: the turn runs as soon as every player owing
        orders has sent them (engine.job.immediate)."""
        return self.config.get("immediate") is True

    def width(self, default: int) -> int:
        return int(self.config.get("width", default))

    @property
    def players(self) -> list[PlayerInfo]:
        """The seats in game.yaml order (`open` checked their ids, names and accounts)."""
        return [
            PlayerInfo(str(p["id"]), str(p["name"]), int(p.get("account", 0)))
            for p in self.config["players"]
        ]

    @property
    def retired(self) -> list[str]:
        """Ids of the players marked `retired: true`, who dropped out: their turns run
        without orders, counted apart from the missing ones, and no mail goes to them."""
        return [str(p["id"]) for p in self.config["players"] if p.get("retired") is True]

    def password_hash(self, player: str) -> str:
        for p in self.config["players"]:
            if str(p["id"]) == player:
                return str(p.get("password", ""))
        return ""

    @property
    def days_per_turn(self) -> int:
        from galbatch.engine.gamedir.schema import DEFAULT_DAYS

        return int(self.config.get("days_per_turn", DEFAULT_DAYS))

    def date_of(self, turn: int) -> str:
        """The ISO date of a turn by game.yaml alone: the start plus whole turn periods.

        Only for a turn no earlier turn announced a deadline for (see `turninputs`).
        """
        import datetime as dt  # speed: a check of a game never dates a turn

        from galbatch.engine.gamedir.schema import DEFAULT_START

        start = self.config.get("start", DEFAULT_START)
        first = start if isinstance(start, dt.date) else dt.date.fromisoformat(str(start))
        return (first + dt.timedelta(days=self.days_per_turn * turn)).isoformat()

    # turns ---------------------------------------------------------------

    @property
    def turns(self) -> Path:
        return self.path / "turns"

    @property
    def inbox(self) -> Path:
        return self.path / "orders"

    def turn_dir(self, turn: int) -> Path:
        """Where turn `turn` is; a rerun killed between its two renames left it as `.old-NNN`."""
        name = f"{turn:03d}"
        path = self.turns / name
        if not path.is_dir() and (self.turns / f"{OLD_PREFIX}{name}").is_dir():
            return self.turns / f"{OLD_PREFIX}{name}"
        return path

    def latest_turn(self) -> int:
        """The last committed turn; -1 if the game has none."""
        if not self.turns.is_dir():
            return -1
        numbers = [
            int(match[1])
            for d in self.turns.iterdir()
            if (match := TURN_NAME.fullmatch(d.name)) and d.is_dir()
        ]
        return max(numbers, default=-1)

    def state_data(self, turn: int) -> Any:
        file = self.turn_dir(turn) / "state.yaml"
        if not file.is_file():
            raise GameError(f"{file}: missing")
        try:
            return load_data(file)
        except LoadError as e:
            raise GameError(str(e)) from None


def dump_state(data: Any) -> bytes:
    return dump_data(data).encode("utf-8")


def _summary_key(data: bytes) -> str:
    """The name of the summary of a game.yaml with bytes `data`, for this galbatch."""
    from galbatch import __version__
    from galbatch.engine.gamedir.sha256 import hexdigest  # only for the summary's name

    return f"game-{hexdigest(f'{__version__}/{SUMMARY_FORM}/{hexdigest(data)}'.encode())}"


def _cached_summary(key: str) -> dict[str, Any] | None:
    """The cached summary `key`, if there is a well-formed one."""
    import json

    from galbatch.engine.language.parsing import cache_dir

    directory = cache_dir()
    if directory is None:
        return None
    try:
        with (directory / f"{key}.json").open("rb") as f:
            summary = json.loads(f.read(MAX_EDITED_BYTES))
    except (OSError, ValueError, RecursionError):
        return None
    return summary if _well_formed(summary) else None


def _plain(value: Any) -> Any:
    """`value` as JSON holds it (dicts, lists, strings, numbers, booleans, None), or
    `_NOT_PLAIN` if any part of it is of another kind."""
    for kind in (bool, int, float, str):  # the YAML's scalars are subclasses of these
        if isinstance(value, kind):
            return kind(value)
    if value is None:
        return None
    if isinstance(value, dict):  # a quoted key, as `galbatch new --setting` writes, is a str too
        if not all(isinstance(k, str) for k in value):
            return _NOT_PLAIN
        items = {str(k): _plain(v) for k, v in value.items()}
        return _NOT_PLAIN if _NOT_PLAIN in items.values() else items
    if isinstance(value, list):
        listed = [_plain(v) for v in value]
        return _NOT_PLAIN if _NOT_PLAIN in listed else listed
    return _NOT_PLAIN


_NOT_PLAIN = object()


def _well_formed(summary: Any) -> bool:
    """True if `summary` has the shape `Game.summary` gives: a game.yaml's keys, its
    game and ruleset named, each player with an id, name, account and password."""
    if not isinstance(summary, dict) or not {"game", "ruleset", "players"} <= set(summary):
        return False
    if not (isinstance(summary["game"], str) and isinstance(summary["ruleset"], str)):
        return False
    players = summary["players"]
    return isinstance(players, list) and all(
        isinstance(p, dict)
        and {"id", "name", "account", "password"} <= set(p)
        and all(isinstance(p[k], str) for k in ("id", "name", "password"))
        and type(p["account"]) is int
        for p in players
    )


def _cache_summary(key: str, summary: dict[str, Any]) -> None:
    """Keep `summary` as `key` in the per-user cache (readable by its owner alone: it
    holds password hashes); a cache that cannot be written is no error."""
    import json

    from galbatch.engine.language.parsing import cache_dir

    directory = cache_dir()
    if directory is None:
        return
    target = directory / f"{key}.json"
    tmp = directory / f"{TMP_PREFIX}{key}-{os.getpid()}.json"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(summary, f, ensure_ascii=False)  # in game.yaml's order
        os.replace(tmp, target)  # a reader sees the whole summary or none
    except OSError:
        tmp.unlink(missing_ok=True)
        return
    _prune_summaries(directory)


def _prune_summaries(directory: Path) -> None:
    """Delete all but the KEPT_SUMMARIES most recent summaries (each edit of a game.yaml
    leaves one behind)."""
    found = []
    for path in directory.glob("game-*.json"):
        try:
            found.append((path.stat().st_mtime_ns, path))
        except OSError:  # deleted meanwhile
            continue
    for _, path in sorted(found, reverse=True)[KEPT_SUMMARIES:]:
        path.unlink(missing_ok=True)
