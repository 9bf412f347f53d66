"""Salted password hashes for game.yaml, compared in constant time.

Verifying a password needs only the derivation (`pbkdf2`): the word list and the random
source of new passwords are imported when a password is made, not by `galbatch check
--game`.
"""

from __future__ import annotations

import re

# speed: `hmac.compare_digest` itself, without `hmac`, which loads OpenSSL through hashlib
from _operator import _compare_digest as compare_digest
from functools import cache

from galbatch.engine.security.pbkdf2 import derive

ITERATIONS = 60_000  # PBKDF2-SHA256 rounds: 10 ms with Nettle, 25 with OpenSSL 3.0 (pbkdf2)
MAX_ITERATIONS = 10 * ITERATIONS  # a hash asking for more is not one galbatch made
WORD_LIST = "eff_large_wordlist.txt"  # in galbatch.words: the EFF's large list, a-z words only
WORDS_PER_PASSWORD = 5  # different words of 7,772: 64.6 bits


@cache
def words() -> tuple[str, ...]:
    """The words generated passwords are made of: 7,772 different words of a to z."""
    from importlib.resources import files

    text = files("galbatch.words").joinpath(WORD_LIST).read_text(encoding="ascii")
    return tuple(text.split())


def entropy_bits(n_words: int = WORDS_PER_PASSWORD) -> float:
    """The entropy of a generated password: log2 of the number of equally likely ones."""
    import math

    return math.log2(math.perm(len(words()), n_words))


def hash_password(password: str, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    """`pbkdf2_sha256$ITERATIONS$SALT$HASH`, the form stored in game.yaml."""
    if salt is None:
        import secrets

        salt = secrets.token_bytes(16)
    digest = derive(password.encode("utf-8"), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${digest.hex()}"


# A stored hash as `hash_password` makes it: rounds, 16 bytes of salt, 32 of digest.
HASH = re.compile(r"pbkdf2_sha256\$([0-9]{1,18})\$[0-9a-f]{32}\$[0-9a-f]{64}")


def hash_problem(stored: str) -> str | None:
    """Why `stored` is not a hash `hash_password` makes, or None if it is one."""
    match = HASH.fullmatch(stored)
    if match is None:
        return "not a password hash"
    if not 1 <= int(match[1]) <= MAX_ITERATIONS:
        return f"a hash of {int(match[1]):,} rounds"
    return None


def verify_password(password: str, stored: str) -> bool:
    """True if `password` matches the stored hash; never raises on a malformed hash."""
    try:
        scheme, rounds, salt_hex, digest_hex = stored.split("$")
        if scheme != "pbkdf2_sha256" or not 1 <= int(rounds) <= MAX_ITERATIONS:
            return False
        expected = bytes.fromhex(digest_hex)
        digest = derive(password.encode("utf-8"), bytes.fromhex(salt_hex), int(rounds))
    except (ValueError, TypeError):
        return False
    return compare_digest(digest, expected)


def new_password(n_words: int = WORDS_PER_PASSWORD) -> str:
    """A password a player can type from a printed letter: different words joined by '-'.

    Five words drawn by the operating system's random source without repetition, each
    ordered choice equally likely: 7772 * 7771 * 7770 * 7769 * 7768, about 2**64.6.
    """
    import secrets

    return "-".join(secrets.SystemRandom().sample(words(), n_words))
