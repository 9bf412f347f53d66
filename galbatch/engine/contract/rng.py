"""Deterministic random streams, one per (game seed, turn, purpose)."""

from __future__ import annotations

import hashlib
import random


def stream(seed: int, turn: int, purpose: str) -> random.Random:
    """A generator that depends only on its three keys: no clock, no hash seed."""
    digest = hashlib.sha256(f"{seed}:{turn}:{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


class Streams:
    """The random streams of one turn of one game."""

    def __init__(self, seed: int, turn: int) -> None:
        self.seed = seed
        self.turn = turn

    def __call__(self, purpose: str) -> random.Random:
        return stream(self.seed, self.turn, purpose)
