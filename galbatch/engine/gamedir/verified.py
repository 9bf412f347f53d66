"""Which inbox files had their password verified as they arrived, so that the turn need
not run the same PBKDF2 again, and so that the file need not keep its password in clear.

Intake verifies the password of every order file it files (PBKDF2-SHA256, see
security.hashes), and the web's save files only a password its login verified the same
way. Each then files the order file with its password masked (as the turn archives it)
and records that in `intake/NNN/verified.json`, NNN the turn the file is for: per
player, an HMAC-SHA256 tag of the file's bytes as filed and of the password hash
game.yaml held when it was verified, under a random key kept with the game
(`intake/verify-key`, mode 0600). The turn and `check --game` take a file's password as
right, without a PBKDF2, only when the tag of the very bytes they read and of the hash
game.yaml holds now is the one recorded. A file changed or replaced since (by hand, say),
a password changed since, a record made by hand or under another key: each is verified
by PBKDF2, as a file dropped in orders/ by hand always is (and a masked password then
fails).

The file and its tag hold no password: neither the record nor the key tells anything of
it to whoever reads the game directory.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path

from galbatch.engine.gamedir.private_file import make_once

INTAKE_DIR = "intake"  # the post room's folder: one folder a turn, named NNN
LEDGER = "verified.json"
FORM = 1  # of the ledger and its tags: another form is never trusted
KEY_FILE = "verify-key"  # in the game's intake folder
KEY_BYTES = 32
MAX_LEDGER_BYTES = 1 << 20


def ledger_name(turn: int) -> str:
    """The ledger of the files for `turn`, relative to the game directory."""
    return f"{INTAKE_DIR}/{turn:03d}/{LEDGER}"


def _key(game_path: Path, create: bool) -> bytes | None:
    """The game's key, made on first use if `create`; None if there is none."""
    directory = game_path / INTAKE_DIR
    path = directory / KEY_FILE
    try:
        if create:
            directory.mkdir(exist_ok=True)
        key = path.read_bytes()
    except FileNotFoundError:
        if not create:
            return None
        key = _new_key(path)
    except OSError:
        return None
    return key if len(key) == KEY_BYTES else None


def _new_key(path: Path) -> bytes:
    """A fresh key written to `path` whole, or the key another process put there first."""
    try:
        make_once(path, secrets.token_bytes(KEY_BYTES))
        return path.read_bytes()
    except OSError:
        return b""


def tag(key: bytes, game_id: str, player: str, data: bytes, stored_hash: str) -> str:
    """The tag of `player`'s file `data` whose password was right for `stored_hash`."""
    message = b"\0".join(
        [
            f"galbatch verified {FORM}".encode(),
            game_id.lower().encode("utf-8"),
            player.encode("utf-8"),
            hashlib.sha256(data).digest(),
            stored_hash.encode("utf-8", "replace"),
        ]
    )
    return hmac.new(key, message, hashlib.sha256).hexdigest()


def recorded(game_path: Path, turn: int) -> dict[str, str]:
    """The tags the ledger of `turn` holds, per player; empty if it has none or is no ledger."""
    try:
        with (game_path / ledger_name(turn)).open("rb") as f:
            data = json.loads(f.read(MAX_LEDGER_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    tags = data.get("tags") if isinstance(data, dict) and data.get("form") == FORM else None
    if not isinstance(tags, dict):
        return {}
    return {p: t for p, t in tags.items() if isinstance(p, str) and isinstance(t, str)}


def ledger_bytes(
    game_path: Path, turn: int, game_id: str, verified: Mapping[str, tuple[bytes, str]]
) -> bytes | None:
    """The ledger of `turn` with the files `verified` (player: the file's bytes, the hash its
    password was verified against) recorded over what it held; None if no key can be had."""
    key = _key(game_path, create=True)
    if key is None or not verified:
        return None
    tags = recorded(game_path, turn)
    for player, (data, stored) in verified.items():
        tags[player] = tag(key, game_id, player, data, stored)
    return json.dumps({"form": FORM, "tags": tags}, sort_keys=True, indent=1).encode() + b"\n"


def vouched(
    game_path: Path,
    game_id: str,
    turn: int,
    files: Mapping[str, bytes],
    password_hash: Callable[[str], str],
) -> set[str]:
    """The players of `files` whose file, as it is now, the ledger of `turn` says was
    verified against the password hash game.yaml holds now (`password_hash(player)`)."""
    tags = recorded(game_path, turn) if files else {}
    key = _key(game_path, create=False) if tags else None
    if key is None:
        return set()
    return {
        player
        for player, data in files.items()
        if player in tags
        and hmac.compare_digest(
            tags[player], tag(key, game_id, player, data, password_hash(player))
        )
    }


def carried_over(
    game_path: Path, game_id: str, turn: int, player: str, old: str, new: str
) -> bytes | None:
    """The ledger of `turn` with the player's inbox file, recorded as verified against his
    old password hash `old`, recorded against his new one `new` instead (he changed his
    password himself, proving the old): None if the file was not so recorded."""
    try:
        data = (game_path / "orders" / f"{player}.txt").read_bytes()
    except OSError:
        return None
    if player not in vouched(game_path, game_id, turn, {player: data}, lambda _: old):
        return None
    return ledger_bytes(game_path, turn, game_id, {player: (data, new)})
