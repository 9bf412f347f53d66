"""PBKDF2-HMAC-SHA256, the password hash: by Nettle where the system has it, else hashlib.

Both derive the same bytes; Nettle in half the time (galbatch.engine.security.nettle).
"""

from __future__ import annotations

from galbatch.engine.security.nettle import library


def derive(password: bytes, salt: bytes, rounds: int) -> bytes:
    """The 32-byte PBKDF2-HMAC-SHA256 of `password` with `salt` over `rounds` rounds."""
    nettle = library()
    if nettle is not None:
        return nettle.pbkdf2_hmac_sha256(password, salt, rounds)
    import hashlib  # loads OpenSSL: only where Nettle is missing

    return hashlib.pbkdf2_hmac("sha256", password, salt, rounds)
