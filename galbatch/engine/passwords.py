"""Salted password hashes for game.yaml, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

ITERATIONS = 60_000  # PBKDF2-SHA256 rounds: about 15 ms a check on a small machine
WORDS = (
    "amber",
    "basalt",
    "cobalt",
    "delta",
    "ember",
    "falcon",
    "garnet",
    "harbor",
    "indigo",
    "juniper",
    "kestrel",
    "lantern",
    "meteor",
    "nebula",
    "onyx",
    "pulsar",
    "quartz",
    "raven",
    "sierra",
    "tundra",
    "umber",
    "vector",
    "willow",
    "xenon",
    "yonder",
    "zephyr",
)


def hash_password(password: str, salt: bytes | None = None, iterations: int = ITERATIONS) -> str:
    """`pbkdf2_sha256$ITERATIONS$SALT$HASH`, the form stored in game.yaml."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    return f"pbkdf2_sha256${iterations}${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """True if `password` matches the stored hash; never raises on a malformed hash."""
    try:
        scheme, rounds, salt_hex, digest_hex = stored.split("$")
        if scheme != "pbkdf2_sha256":
            return False
        expected = bytes.fromhex(digest_hex)
        digest = hashlib.pbkdf2_hmac(
            "sha256", password.encode("utf-8"), bytes.fromhex(salt_hex), int(rounds)
        )
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(digest, expected)


def new_password() -> str:
    """A password a player can type from a printed letter: word-word-number."""
    return f"{secrets.choice(WORDS)}-{secrets.choice(WORDS)}-{secrets.randbelow(100):02d}"
