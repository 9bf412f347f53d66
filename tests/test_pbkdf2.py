"""The password hash's derivation: Nettle's where the system has it, hashlib's otherwise,
the same bytes either way; and the SHA-256 digests of the game directory's caches."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from galbatch.engine.gamedir import sha256
from galbatch.engine.security import pbkdf2
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


@pytest.fixture
def fresh_choice() -> Iterator[None]:
    """The derivation chosen afresh in the test, and again after it."""
    pbkdf2._deriver.cache_clear()
    yield
    pbkdf2._deriver.cache_clear()


def nettle() -> pbkdf2.Derive:
    found = pbkdf2._nettle()
    if found is None:
        pytest.skip(f"no {pbkdf2.NETTLE} on this machine: hashlib derives")
    return found


@pytest.mark.parametrize(("password", "salt", "rounds", "expected"), VECTORS)
def test_the_rfc_vectors(password: bytes, salt: bytes, rounds: int, expected: str) -> None:
    assert pbkdf2.derive(password, salt, rounds).hex() == expected
    assert pbkdf2._hashlib(password, salt, rounds).hex() == expected


@pytest.mark.parametrize(("password", "salt", "rounds", "expected"), VECTORS)
def test_nettle_derives_the_rfc_vectors(
    password: bytes, salt: bytes, rounds: int, expected: str
) -> None:
    assert nettle()(password, salt, rounds).hex() == expected


def test_nettle_is_used_where_the_system_has_it(fresh_choice: None) -> None:
    nettle()
    assert pbkdf2._deriver() is not pbkdf2._hashlib


@given(st.binary(max_size=300), st.binary(max_size=64), st.integers(1, 300))
def test_nettle_and_hashlib_derive_the_same_bytes(
    password: bytes, salt: bytes, rounds: int
) -> None:
    expected = hashlib.pbkdf2_hmac("sha256", password, salt, rounds)
    assert nettle()(password, salt, rounds) == expected
    assert pbkdf2._hashlib(password, salt, rounds) == expected


def test_nettle_refuses_rounds_it_cannot_take() -> None:
    for rounds in (0, -1, 1 << 32):
        with pytest.raises(ValueError):
            nettle()(b"password", b"salt", rounds)


def test_without_nettle_hashlib_derives(
    fresh_choice: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pbkdf2, "NETTLE", "libgalbatch-no-such-library.so")
    assert pbkdf2._nettle() is None
    assert pbkdf2._deriver() is pbkdf2._hashlib
    stored = hash_password("amber-basin-cobalt-dune-ember")
    assert verify_password("amber-basin-cobalt-dune-ember", stored)
    assert not verify_password("amber-basin-cobalt-dune-embers", stored)


def test_a_nettle_that_derives_wrong_is_never_used(
    fresh_choice: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another library behind the name, or another ABI: the known answer catches it."""
    monkeypatch.setattr(pbkdf2, "_nettle", lambda: lambda p, s, r: bytes(pbkdf2.SIZE))
    assert pbkdf2._deriver() is pbkdf2._hashlib


def test_hashes_made_by_either_verify_with_the_other(
    fresh_choice: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    nettle()
    by_nettle = hash_password("amber-basin-cobalt-dune-ember", salt=bytes(range(16)))
    monkeypatch.setattr(pbkdf2, "_deriver", lambda: pbkdf2._hashlib)
    by_hashlib = hash_password("amber-basin-cobalt-dune-ember", salt=bytes(range(16)))
    assert by_nettle == by_hashlib
    assert verify_password("amber-basin-cobalt-dune-ember", by_nettle)


def test_a_password_check_never_loads_openssl() -> None:
    """What Nettle saves is half the hash and OpenSSL's loading: hashlib stays out."""
    nettle()
    probe = (
        "import sys\n"
        "from galbatch.engine.security.hashes import hash_password, verify_password\n"
        "assert verify_password('a-b', hash_password('a-b', bytes(16)))\n"
        "print('_hashlib' in sys.modules, 'hashlib' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.split() == ["False", "False"], done.stderr


@pytest.mark.parametrize("size", [0, 1, 55, 56, 64, sha256.SMALL - 1, sha256.SMALL, 1 << 20])
def test_digests_are_hashlibs(size: int) -> None:
    data = bytes(i * 7 % 251 for i in range(size))
    assert sha256.hexdigest(data) == hashlib.sha256(data).hexdigest()


@given(st.binary(max_size=2000))
def test_any_digest_is_hashlibs(data: bytes) -> None:
    assert sha256.hexdigest(data) == hashlib.sha256(data).hexdigest()
