"""SHA-256 digests, as hex, of what a game directory's caches and records are keyed on.

speed: `hashlib` loads OpenSSL (2.5 ms), which a cold `check --game` needs for nothing
else. The interpreter's own SHA-256 digests game.yaml, a view or a state.yaml of a few
hundred KB in less time than that; a bigger file goes to hashlib, faster per byte.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SMALL = 256 * 1024  # bytes: under this, the interpreter's own SHA-256 is the quicker

try:  # the interpreter's own SHA-256: `_sha2` from Python 3.12 on, `_sha256` before
    from _sha2 import sha256 as _own
except ImportError:
    try:
        from _sha256 import sha256 as _own
    except ImportError:  # built without it: hashlib's is the only one
        _own = None

_OWN: Callable[[bytes], Any] | None = _own


def hexdigest(data: bytes) -> str:
    """The SHA-256 of `data` in hex, as `hashlib.sha256(data).hexdigest()` gives it."""
    if _OWN is not None and len(data) <= SMALL:
        return str(_OWN(data).hexdigest())
    import hashlib  # loads OpenSSL: only for a big file

    return hashlib.sha256(data).hexdigest()
