"""GNU Nettle's PBKDF2-HMAC-SHA256 and SHA-256, where the system has Nettle.

speed: the Python here links OpenSSL 3.0, whose PBKDF2 spends twice the time of the
hashing itself on each round's bookkeeping, and loading OpenSSL for hashlib is 6 ms of a
cold `check --game`. Nettle (`libnettle.so.8`, Debian's libnettle8, which GnuTLS needs)
derives the same bytes in half the time and loads in less. It is called through
`_ctypes`, the interpreter's own module under `ctypes`: `ctypes` adds a layer of Python
and loads `struct`, another 2.8 ms of that check. Nettle is used only once it gives the
known answers below; without it (or with another library behind the name), `library()`
is None and the callers use hashlib.
"""

from __future__ import annotations

from functools import cache
from typing import Any

NAME = "libnettle.so.8"  # Nettle 3.6 and later; both functions since Nettle 2
SIZE = 32  # bytes of a SHA-256 digest, and of a derived key
CONTEXT = 256  # bytes kept for a `struct sha256_ctx` (112 in Nettle 3)

# RFC 7914, section 11: PBKDF2-HMAC-SHA256 (P="passwd", S="salt", c=1), its first 32 bytes
PBKDF2_KNOWN = (
    b"passwd",
    b"salt",
    1,
    bytes.fromhex("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"),
)
# FIPS 180-2, appendix B.1: SHA-256("abc")
SHA256_KNOWN = (
    b"abc",
    bytes.fromhex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
)


class Nettle:
    """Nettle's two functions, each taking and giving bytes."""

    def __init__(self, handle: int) -> None:
        import _ctypes  # only where Nettle is loaded

        ct: Any = _ctypes  # typeshed's generic stubs do not fit classes made at run time

        # The C types of the calls below, as ctypes defines c_size_t, c_uint and
        # c_char_p on every system with Nettle's soname (size_t is unsigned long).
        class SizeT(ct._SimpleCData):  # type: ignore[misc]
            _type_ = "L"

        class UInt(ct._SimpleCData):  # type: ignore[misc]
            _type_ = "I"

        class Bytes(ct._SimpleCData):  # type: ignore[misc]
            _type_ = "z"

        class Char(ct._SimpleCData):  # type: ignore[misc]
            _type_ = "c"

        class Digest(ct.Array):  # type: ignore[misc]
            _type_ = Char
            _length_ = SIZE

        class Context(ct.Array):  # type: ignore[misc]
            _type_ = Char
            _length_ = CONTEXT

        def function(name: str, *argtypes: type) -> Any:
            class Function(ct.CFuncPtr):  # type: ignore[misc]
                _flags_ = ct.FUNCFLAG_CDECL
                _restype_ = None
                _argtypes_ = argtypes

            return Function(ct.dlsym(handle, name))

        self._digest, self._context = Digest, Context
        self._pbkdf2 = function(
            "nettle_pbkdf2_hmac_sha256", SizeT, Bytes, UInt, SizeT, Bytes, SizeT, Bytes
        )
        self._init = function("nettle_sha256_init", Bytes)
        self._update = function("nettle_sha256_update", Bytes, SizeT, Bytes)
        self._final = function("nettle_sha256_digest", Bytes, SizeT, Bytes)

    def pbkdf2_hmac_sha256(self, password: bytes, salt: bytes, rounds: int) -> bytes:
        """The 32-byte key PBKDF2-HMAC-SHA256 derives; `rounds` from 1 to 2**32 - 1.

        The call lets go of the GIL, as hashlib's does."""
        if not 1 <= rounds <= 0xFFFFFFFF:
            raise ValueError(f"{rounds} rounds")
        out = self._digest()
        self._pbkdf2(len(password), password, rounds, len(salt), salt, SIZE, out)
        return bytes(out.raw)

    def sha256(self, data: bytes) -> bytes:
        """The SHA-256 digest of `data`."""
        context, out = self._context(), self._digest()
        self._init(context)
        self._update(context, len(data), data)
        self._final(context, SIZE, out)
        return bytes(out.raw)


@cache
def library() -> Nettle | None:
    """Nettle, if the system has it and it gives the known answers; otherwise None."""
    try:
        import _ctypes  # only to load Nettle

        nettle = Nettle(_ctypes.dlopen(NAME, _ctypes.RTLD_LOCAL))
        right = nettle.pbkdf2_hmac_sha256(*PBKDF2_KNOWN[:3]) == PBKDF2_KNOWN[3]
        right = right and nettle.sha256(SHA256_KNOWN[0]) == SHA256_KNOWN[1]
    except (ImportError, OSError, AttributeError, TypeError, ValueError):
        return None
    return nettle if right else None
