"""PBKDF2-HMAC-SHA256, the password hash, by GNU Nettle where the system has it.

speed: the Python here links OpenSSL 3.0, whose PBKDF2 spends twice the time of the
hashing itself on each round's bookkeeping; Nettle's `pbkdf2_hmac_sha256` derives the
same bytes in half the time, and loading it is cheaper than loading OpenSSL. It is used
only once it has derived RFC 7914's test vector; otherwise (no Nettle, another ABI)
`hashlib` derives, with the same result.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

SIZE = 32  # bytes of a derived key: SHA-256's digest
NETTLE = "libnettle.so.8"  # Nettle 3.6 and later; pbkdf2_hmac_sha256 since 2.6

# RFC 7914, section 11: PBKDF2-HMAC-SHA256 (P="passwd", S="salt", c=1), its first 32 bytes
KNOWN = (
    b"passwd",
    b"salt",
    1,
    bytes.fromhex("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"),
)

Derive = Callable[[bytes, bytes, int], bytes]


def derive(password: bytes, salt: bytes, rounds: int) -> bytes:
    """The 32-byte PBKDF2-HMAC-SHA256 of `password` with `salt` over `rounds` rounds."""
    return _deriver()(password, salt, rounds)


@cache
def _deriver() -> Derive:
    """Nettle's derivation if it is there and gives the known answer, else hashlib's."""
    nettle = _nettle()
    if nettle is not None and nettle(*KNOWN[:3]) == KNOWN[3]:
        return nettle
    return _hashlib


def _hashlib(password: bytes, salt: bytes, rounds: int) -> bytes:
    import hashlib  # loads OpenSSL: only where Nettle is missing

    return hashlib.pbkdf2_hmac("sha256", password, salt, rounds)


def _nettle() -> Derive | None:
    """Nettle's `pbkdf2_hmac_sha256` as a `Derive`, or None where it cannot be loaded."""
    try:
        import ctypes  # only to load Nettle

        function = ctypes.CDLL(NETTLE).nettle_pbkdf2_hmac_sha256
    except (ImportError, OSError, AttributeError):
        return None
    size_t = ctypes.c_size_t
    function.argtypes = [
        size_t,  # key_length
        ctypes.c_char_p,  # key
        ctypes.c_uint,  # iterations
        size_t,  # salt_length
        ctypes.c_char_p,  # salt
        size_t,  # length
        ctypes.c_char_p,  # dst
    ]
    function.restype = None

    def nettle(password: bytes, salt: bytes, rounds: int) -> bytes:
        if not 1 <= rounds <= 0xFFFFFFFF:
            raise ValueError(f"{rounds} rounds")
        out = ctypes.create_string_buffer(SIZE)
        # ctypes lets go of the GIL for the call, as hashlib does
        function(len(password), password, rounds, len(salt), salt, SIZE, out)
        return out.raw

    return nettle
