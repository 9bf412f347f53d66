"""A sign-up by mail takes a seat in two steps (issue 24: "Sign-ups from forged addresses
fill a game before real players"): the `#ANM` line is answered with a confirmation
code, and the seat is taken when a message from that very address quotes the code.

The code is an HMAC-SHA256 of the game id, the address and the name under the list's secret, a
random key kept in `intake/signup-secret` (readable by its owner only) and nowhere
else: the same sign-up always gets the same code, no one can make it without the key,
and the record keeps only the name the sign-up asked for."""

from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path

from galbatch.engine.gamedir.directory import GameError
from galbatch.post.replies import write_atomic

SECRET = "intake/signup-secret"
PREFIX = "CONFIRM-"


def list_secret(path: Path) -> bytes:
    """The list's secret, made (from the system's random source) the first time it is
    needed; the caller holds the directory's writer lock."""
    file = path / SECRET
    try:
        text = file.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        text = os.urandom(32).hex()
        file.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(file, (text + "\n").encode("ascii"), 0o600)
    except (OSError, UnicodeDecodeError) as e:
        raise GameError(f"{file}: cannot read: {e}") from None
    if len(text) != 64:
        raise GameError(f"{file}: not a sign-up secret (64 hex digits)")
    return bytes.fromhex(text)


def confirmation_code(secret: bytes, game: str, address: str, name: str) -> str:
    """The code that confirms `address`'s sign-up of `name` to `game`: CONFIRM- and 16 hex
    digits."""
    message = f"{game.lower()}\0{address.lower()}\0{name.upper()}".encode()
    return PREFIX + hmac.new(secret, message, hashlib.sha256).hexdigest()[:16].upper()
