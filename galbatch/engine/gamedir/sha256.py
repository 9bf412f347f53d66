"""SHA-256 digests, as hex, of what a game directory's caches and records are keyed on.

speed: `hashlib` loads OpenSSL (6 ms of a cold `check --game`), which that check needs
for nothing else where Nettle verifies the password: Nettle, loaded for that, digests
too (galbatch.engine.security.nettle). Without Nettle, hashlib is loaded for the
password anyway.
"""

from __future__ import annotations

from galbatch.engine.security.nettle import library


def hexdigest(data: bytes) -> str:
    """The SHA-256 of `data` in hex, as `hashlib.sha256(data).hexdigest()` gives it."""
    nettle = library()
    if nettle is not None:
        return nettle.sha256(data).hex()
    import hashlib  # loads OpenSSL: only where Nettle is missing

    return hashlib.sha256(data).hexdigest()
