"""A player's new password; and the file `new` writes passwords to when no terminal shows them.

`set_password` is a writer: it holds the game's writer lock while it replaces
game.yaml (a synced temporary file renamed over it), keeping the game master's
comments and key order. The old password stops working with that rename.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.commit import fsync_dir, writing
from galbatch.engine.gamedir.directory import GAME_FILE, GameError, GameFileError
from galbatch.engine.gamedir.newgame import PASSWORD
from galbatch.engine.gamedir.schema import game_problems
from galbatch.engine.gamedir.verified import carried_over, ledger_name
from galbatch.engine.gamedir.yamlio import dump_edited, parse_edited
from galbatch.engine.security.hashes import hash_password

TMP_GAME_FILE = ".tmp-" + GAME_FILE  # game.yaml as it is being replaced
PASSWORDS_SUFFIX = ".passwords.txt"  # beside the game directory: games/mine.passwords.txt


def password_problem(password: str) -> str | None:
    """Why `password` cannot be a player's password (the rule of `new`), or None."""

    if PASSWORD.fullmatch(password):
        return None
    return "1 to 64 characters, no blanks or '\"'"


def set_password(
    path: Path,
    player: str,
    password: str,
    show: Callable[[PlayerInfo], None] | None = None,
    wait: float | None = None,
    by_player: bool = False,
) -> PlayerInfo:
    """Give `player` of the game at `path` the password `password`, as the game's one writer.

    `show` is called once the new game.yaml is written and synced but before it
    replaces the old one: if it raises (the password could not be shown),
    nothing changes and the old password still works. `wait`: how long to wait for
    another writer before GameBusy (None: as `process` waits; the web site gives 0).
    `by_player`: the player changes it himself, having proved the old one (the web site):
    his order file filed as verified stays so, under the new one. A game master's change
    leaves it to be verified again, so a file sent with a stolen password is refused.
    """

    problem = password_problem(password)
    if problem is not None:
        raise GameError(f"password of player {player}: {problem}")
    with writing(path, wait) as game:
        entry = next(
            (p for p in game.config["players"] if str(p["id"]).lower() == player.lower()), None
        )
        if entry is None:
            known = ", ".join(p.id for p in game.players)
            raise GameError(f"game {game.id} has no player {player}; players: {known}")
        info = next(p for p in game.players if p.id == str(entry["id"]))
        old_hash = game.password_hash(info.id)
        entry["password"] = DoubleQuotedScalarString(hash_password(password))
        file = path / GAME_FILE
        text = dump_edited(game.config)
        problems = game_problems(parse_edited(text, file))  # what every load will check
        if problems:  # only the hash changed; still, never write what a load would refuse
            raise GameFileError(file, [p.format(str(file)) for p in problems])
        tmp = path / TMP_GAME_FILE
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "wb") as f:
                os.fchmod(f.fileno(), os.stat(file).st_mode & 0o7777)  # the GM's permissions
                f.write(text.encode("utf-8"))
                f.flush()
                os.fsync(f.fileno())
            if show is not None:
                show(info)
            os.replace(tmp, file)
        finally:
            tmp.unlink(missing_ok=True)
        fsync_dir(path)
        if by_player:
            turn = game.latest_turn() + 1
            _carry_over(path, game.id, turn, info.id, old_hash, str(entry["password"]))
    return info


def _carry_over(path: Path, game_id: str, turn: int, player: str, old: str, new: str) -> None:
    """Record the player's verified order file for `turn` under his new password hash (see
    engine.gamedir.verified), as the game's one writer holding the lock."""
    ledger = carried_over(path, game_id, turn, player, old, new)
    if ledger is None:
        return
    target = path / ledger_name(turn)
    tmp = target.with_name(target.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(ledger)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, target)
    fsync_dir(target.parent)


def passwords_file(directory: Path) -> Path:
    """Where `new` keeps the passwords when they cannot be shown on a terminal: beside the
    game directory (`games/mine.passwords.txt`), never inside anything a player gets."""
    base = directory if directory.name not in ("", ".", "..") else directory.resolve()
    return base.parent / (base.name + PASSWORDS_SUFFIX)


class PasswordsFile:
    """The passwords of a new game in a file only its owner can read (mode 0600).

    Reserved before the game is made, so that a game whose passwords have nowhere
    to go is never made; filled once the game exists, or discarded if it is not.
    """

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def reserve(cls, directory: Path) -> PasswordsFile:
        """Create the file for the game in `directory` empty; refuse if it exists."""
        path = passwords_file(directory)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            raise GameError(
                f"{path}: already exists (it may hold another game's passwords); "
                "move it away, or run galbatch new with its output on a terminal"
            ) from None
        except OSError as e:
            raise GameError(f"{path}: cannot create: {e.strerror or e}") from None
        os.fchmod(fd, 0o600)  # whatever the umask
        return cls(path, fd)

    def write(self, directory: Path, rows: Sequence[tuple[str, str, str]]) -> None:
        """Fill the file with `(id, code name, password)` rows as `new --passwords` reads them."""
        assert self._fd is not None, "written once"
        lines = [
            f"# Passwords of the galbatch game in {directory}.",
            "# Send each player theirs, then delete this file: game.yaml keeps only hashes.",
            "# One 'PLAYER PASSWORD' line a player, as galbatch new --passwords reads them.",
        ]
        for player, name, password in rows:
            lines += [f"# {player} {name}", f"{player} {password}"]
        with os.fdopen(self._fd, "wb") as f:
            self._fd = None
            f.write(("\n".join(lines) + "\n").encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())

    def discard(self) -> None:
        """Remove the reserved file: the game was not made."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self.path.unlink(missing_ok=True)
