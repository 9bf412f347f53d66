"""What `galbatch serve` serves: the game directories it found, the session secret, the
GM's password hash and how the site is reached (behind a proxy, over https); and the
options they are loaded from, which each server worker loads again."""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from galbatch.engine.gamedir.directory import GAME_FILE, Game, GameError
from galbatch.engine.gamedir.private_file import make_once
from galbatch.engine.security.hashes import hash_password, hash_problem
from galbatch.web.security import CLIENT_FAILURES, PLAYER_FAILURES

SECRET_VARIABLE = "GALBATCH_WEB_SECRET"  # the session-signing secret, instead of a file
OPTIONS_VARIABLE = "GALBATCH_WEB_OPTIONS"  # serve's options, for its worker processes
SECRET_BYTES = 32
MIN_SECRET = 32  # characters: a shorter secret (from the environment) is refused


class ServeError(Exception):
    """The site cannot be served as asked (the message says why); nothing was started."""


@dataclass(frozen=True)
class WebConfig:
    """Everything the app needs, fixed when the server starts."""

    games: dict[str, Path]  # game id, upper case -> its directory
    secret: str  # signs the session cookie
    gm_hash: str = ""  # the GM's salted password hash; "" = no GM pages
    behind_proxy: bool = False  # trust the proxy's X-Forwarded-For and X-Forwarded-Proto
    https: bool = False  # cookies Secure, Strict-Transport-Security sent
    failure_delay: float = 1.0  # seconds every failed login waits before its answer
    player_failures: int = PLAYER_FAILURES  # failed logins a player may see in 15 minutes
    client_failures: int = CLIENT_FAILURES  # failed logins a client may make in 15 minutes
    session_hours: int = 12
    ids: dict[str, str] = field(default_factory=dict)  # upper case -> the id as game.yaml has it

    def served(self, game_id: str) -> Game | None:
        """The served game of that id (any case), as its game.yaml is now; None if it is
        not served or cannot be read."""
        path = self.games.get(game_id.upper())
        if path is None:
            return None
        try:
            return Game.open(path)
        except (GameError, OSError):
            return None


@dataclass(frozen=True)
class ServeOptions:
    """`galbatch serve`'s options a WebConfig is loaded from: paths, never a secret, so
    that each worker process loads the same configuration from them (the environment
    carries them to it)."""

    games: tuple[str, ...]  # absolute paths: game directories or folders of them
    secret_file: str
    gm_password_file: str = ""  # "" = no GM pages
    behind_proxy: bool = False

    def load(self) -> WebConfig:
        """The configuration they give; ServeError (or OSError) if it cannot be served."""
        if not self.games:
            raise ServeError("name at least one game directory (or folder of them)")
        found, ids = find_games([Path(g) for g in self.games])
        secret = load_secret(Path(self.secret_file), found)
        gm_hash = load_gm_hash(Path(self.gm_password_file)) if self.gm_password_file else ""
        proxy = self.behind_proxy
        return WebConfig(found, secret, gm_hash, behind_proxy=proxy, https=proxy, ids=ids)

    def dumps(self) -> str:
        return json.dumps(
            [list(self.games), self.secret_file, self.gm_password_file, self.behind_proxy]
        )

    @classmethod
    def from_environment(cls) -> ServeOptions:
        """The options `serve` left in $GALBATCH_WEB_OPTIONS for its workers."""
        try:
            games, secret_file, gm_file, proxy = json.loads(os.environ[OPTIONS_VARIABLE])
        except (KeyError, ValueError, TypeError) as e:
            raise ServeError(f"${OPTIONS_VARIABLE} holds no serve options: {e}") from None
        return cls(tuple(str(g) for g in games), str(secret_file), str(gm_file), bool(proxy))


def find_games(paths: list[Path]) -> tuple[dict[str, Path], dict[str, str]]:
    """Each path is a game directory or a folder of game directories (one level down).
    Returns the games by upper-case id, and each id as its game.yaml writes it."""
    found: dict[str, Path] = {}
    ids: dict[str, str] = {}
    for path in paths:
        if (path / GAME_FILE).is_file():
            candidates = [path]
        elif path.is_dir():
            candidates = sorted(p for p in path.iterdir() if (p / GAME_FILE).is_file())
        else:
            raise ServeError(f"{path}: not a game directory nor a folder of them")
        for directory in candidates:
            try:
                game = Game.open(directory)
            except (GameError, OSError) as e:
                raise ServeError(str(e)) from None
            key = game.id.upper()
            if key in found and found[key].resolve() != directory.resolve():
                raise ServeError(f"game {game.id} is in both {found[key]} and {directory}")
            found[key] = directory.resolve()
            ids[key] = game.id
    if not found:
        raise ServeError("no game directory (with a game.yaml) to serve")
    return found, ids


def load_secret(secret_file: Path, games: dict[str, Path]) -> str:
    """The session secret: $GALBATCH_WEB_SECRET, else `secret_file`, made (0600) with 32
    random bytes the first time. Never inside a game directory, never readable by others."""
    given = os.environ.get(SECRET_VARIABLE, "")
    if given:
        if len(given) < MIN_SECRET:
            raise ServeError(f"${SECRET_VARIABLE} is shorter than {MIN_SECRET} characters")
        return given
    where = secret_file.resolve()
    for directory in games.values():
        if where.is_relative_to(directory):
            raise ServeError(f"{secret_file}: the session secret must not be in a game directory")
    if not where.exists():
        where.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        _make_secret(where)
    return _read_private(where, "session secret", MIN_SECRET)


def _make_secret(where: Path) -> None:
    """A new secret at `where`, whole even if the server is killed meanwhile; one another
    server made first stays."""
    try:
        make_once(where, (secrets.token_hex(SECRET_BYTES) + "\n").encode("ascii"))
    except OSError as e:
        raise ServeError(f"{where}: cannot make the session secret: {e.strerror or e}") from None


def load_gm_hash(path: Path) -> str:
    """The GM's password hash from `--gm-password-file` (as `make_gm_password` writes it)."""
    stored = _read_private(path, "GM password file", 1)
    problem = hash_problem(stored)
    if problem is not None:
        raise ServeError(f"{path}: {problem}; make it with galbatch serve --make-gm-password")
    return stored


def make_gm_password(path: Path, password: str) -> None:
    """Write the salted hash of the GM's password to `path`, readable by its owner only."""
    if not password:
        raise ServeError("an empty password")
    tmp = path.with_name(f".tmp-{path.name}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as f:
        f.write(hash_password(password) + "\n")
    os.replace(tmp, path)


def _read_private(path: Path, what: str, least: int) -> str:
    """A file's one line, refused if group or others may read or write it."""
    try:
        mode = os.stat(path).st_mode
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as e:
        raise ServeError(f"{path}: cannot read the {what}: {e}") from None
    if mode & 0o077:
        raise ServeError(f"{path}: the {what} is open to others (chmod 600 it)")
    if len(text) < least:
        raise ServeError(f"{path}: the {what} is too short")
    return text
