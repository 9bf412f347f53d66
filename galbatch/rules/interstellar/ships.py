"""Ships counted by size, and how a planet is keyed: what the checker shares with the
state (`state.py`), apart from it so that a check does not build the state's classes."""

from __future__ import annotations

from typing import Any

from galbatch.engine.language.frozen import frozen
from galbatch.rules.interstellar.tables import Size

PlanetKey = tuple[str, int]  # (colour of the system, tile 1-5)


@frozen
class Ships:
    """Ships of one owner counted by size."""

    small: int = 0
    medium: int = 0
    large: int = 0

    def get(self, size: Size) -> int:
        """How many of a size."""
        return {Size.S: self.small, Size.M: self.medium, Size.L: self.large}[size]

    def add(self, size: Size, n: int = 1) -> Ships:
        """These ships with `n` more (or, negative, fewer) of a size; never below 0."""
        counts = {s: self.get(s) for s in Size}
        counts[size] += n
        if counts[size] < 0:
            raise ValueError(f"only {self.get(size)} {size.value} ships")
        return Ships(counts[Size.S], counts[Size.M], counts[Size.L])

    def plus(self, other: Ships) -> Ships:
        """Both counts together."""
        return Ships(self.small + other.small, self.medium + other.medium, self.large + other.large)

    def minus(self, other: Ships) -> Ships:
        """These ships without `other`'s; never below 0."""
        out = self
        for size in Size:
            out = out.add(size, -other.get(size))
        return out

    @property
    def total(self) -> int:
        """Ships of every size."""
        return self.small + self.medium + self.large

    def to_data(self) -> dict[str, int]:
        """{"S": n, "M": n, "L": n}."""
        return {s.value: self.get(s) for s in Size}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Ships:
        """The ships `to_data` wrote."""
        return cls(int(data["S"]), int(data["M"]), int(data["L"]))
