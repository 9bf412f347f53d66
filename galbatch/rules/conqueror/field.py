"""The 2-D playing field: distances and the planets near a point.

House rule: the distance between two planets is the Euclidean distance rounded up,
so a planet is within a range or radius R exactly when its true distance is at most R.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from galbatch.rules.conqueror.state import Planet

Point = tuple[int, int]


def distance(a: Point, b: Point) -> int:
    """The Euclidean distance between two points, rounded up."""
    squared = (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
    root = math.isqrt(squared)
    return root if root * root == squared else root + 1


def place(planet: Planet) -> Point:
    """Where a planet is."""
    return planet.x, planet.y


def between(a: Planet, b: Planet) -> int:
    """The distance between two planets."""
    return distance(place(a), place(b))


class Grid:
    """Planets bucketed in square cells, to find those near a point without a full scan."""

    def __init__(self, planets: Iterable[Planet], cell: int = 16) -> None:
        self.cell = cell
        self.cells: dict[Point, list[Planet]] = {}
        for planet in sorted(planets, key=lambda p: p.number):
            self.cells.setdefault(self.cell_of(place(planet)), []).append(planet)

    def cell_of(self, point: Point) -> Point:
        return point[0] // self.cell, point[1] // self.cell

    def near(self, point: Point, radius: int) -> Iterator[Planet]:
        """The planets within `radius` of `point` (rounded-up distance), by cell."""
        low = self.cell_of((point[0] - radius, point[1] - radius))
        high = self.cell_of((point[0] + radius, point[1] + radius))
        for cx in range(low[0], high[0] + 1):
            for cy in range(low[1], high[1] + 1):
                for planet in self.cells.get((cx, cy), ()):
                    if distance(point, place(planet)) <= radius:
                        yield planet
