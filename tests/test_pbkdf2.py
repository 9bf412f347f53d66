"""The password hash's derivation and the caches' SHA-256: by Nettle where the system has
it, by hashlib otherwise, the same bytes either way."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from galbatch.engine.gamedir import sha256
from galbatch.engine.security import nettle, pbkdf2
from galbatch.engine.security.hashes import hash_password, verify_password

# RFC 7914, section 11, the two PBKDF2-HMAC-SHA256 vectors: their first 32 bytes
VECTORS = [
    (b"passwd", b"salt", 1, "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"),
    (
        b"Password",
        b"NaCl",
        80000,
        "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56",
    ),
]
# FIPS 180-2, appendix B: one block, two blocks, and a million a's
DIGESTS = [
    (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
        b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ),
    (b"a" * 1_000_000, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
]


@pytest.fixture
def fresh() -> Iterator[None]:
    """Nettle looked for afresh in the test, and again after it."""
    nettle.library.cache_clear()
    yield
    nettle.library.cache_clear()


@pytest.fixture
def without_nettle(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nettle, "NAME", "libgalbatch-no-such-library.so")
    assert nettle.library() is None


def loaded() -> nettle.Nettle:
    found = nettle.library()
    if found is None:
        pytest.skip(f"no {nettle.NAME} on this machine: hashlib derives and digests")
    return found


@pytest.mark.parametrize(("password", "salt", "rounds", "expected"), VECTORS)
def test_the_rfc_vectors(password: bytes, salt: bytes, rounds: int, expected: str) -> None:
    assert pbkdf2.derive(password, salt, rounds).hex() == expected
    assert loaded().pbkdf2_hmac_sha256(password, salt, rounds).hex() == expected


@pytest.mark.parametrize(("password", "salt", "rounds", "expected"), VECTORS)
def test_the_rfc_vectors_without_nettle(
    without_nettle: None, password: bytes, salt: bytes, rounds: int, expected: str
) -> None:
    assert pbkdf2.derive(password, salt, rounds).hex() == expected


@pytest.mark.parametrize(("data", "expected"), DIGESTS)
def test_the_fips_digests(data: bytes, expected: str) -> None:
    assert sha256.hexdigest(data) == expected
    assert loaded().sha256(data).hex() == expected


@pytest.mark.parametrize(("data", "expected"), DIGESTS)
def test_the_fips_digests_without_nettle(without_nettle: None, data: bytes, expected: str) -> None:
    assert sha256.hexdigest(data) == expected


@given(st.binary(max_size=300), st.binary(max_size=64), st.integers(1, 300))
def test_nettle_and_hashlib_derive_the_same_bytes(
    password: bytes, salt: bytes, rounds: int
) -> None:
    expected = hashlib.pbkdf2_hmac("sha256", password, salt, rounds)
    assert loaded().pbkdf2_hmac_sha256(password, salt, rounds) == expected
    assert pbkdf2.derive(password, salt, rounds) == expected


@given(st.binary(max_size=3000))
def test_nettle_and_hashlib_digest_the_same(data: bytes) -> None:
    assert loaded().sha256(data) == hashlib.sha256(data).digest()
    assert sha256.hexdigest(data) == hashlib.sha256(data).hexdigest()


def test_nettle_refuses_rounds_it_cannot_take() -> None:
    for rounds in (0, -1, 1 << 32):
        with pytest.raises(ValueError):
            loaded().pbkdf2_hmac_sha256(b"password", b"salt", rounds)


@pytest.mark.parametrize("known", ["PBKDF2_KNOWN", "SHA256_KNOWN"])
def test_a_nettle_that_answers_wrong_is_never_used(
    fresh: None, monkeypatch: pytest.MonkeyPatch, known: str
) -> None:
    """Another library behind the name, or another ABI: the known answers catch it."""
    loaded()
    nettle.library.cache_clear()
    *question, answer = getattr(nettle, known)
    monkeypatch.setattr(nettle, known, (*question, bytes(len(answer))))
    assert nettle.library() is None


def test_without_nettle_a_password_still_verifies(without_nettle: None) -> None:
    stored = hash_password("amber-basin-cobalt-dune-ember")
    assert verify_password("amber-basin-cobalt-dune-ember", stored)
    assert not verify_password("amber-basin-cobalt-dune-embers", stored)


def test_hashes_made_by_either_verify_with_the_other(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded()
    by_nettle = hash_password("amber-basin-cobalt-dune-ember", salt=bytes(range(16)))
    monkeypatch.setattr(pbkdf2, "library", lambda: None)
    by_hashlib = hash_password("amber-basin-cobalt-dune-ember", salt=bytes(range(16)))
    assert by_nettle == by_hashlib
    assert verify_password("amber-basin-cobalt-dune-ember", by_nettle)


def test_with_nettle_a_password_check_loads_neither_openssl_nor_ctypes() -> None:
    """What Nettle saves is half the hash, OpenSSL's loading and ctypes' Python layer."""
    loaded()
    probe = (
        "import sys\n"
        "from galbatch.engine.security.hashes import hash_password, verify_password\n"
        "from galbatch.engine.gamedir.sha256 import hexdigest\n"
        "assert verify_password('a-b', hash_password('a-b', bytes(16)))\n"
        "assert hexdigest(b'abc').startswith('ba7816bf')\n"
        "print(*(name in sys.modules for name in ('_hashlib', 'hashlib', 'ctypes', 'struct')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.split() == ["False"] * 4, done.stderr
