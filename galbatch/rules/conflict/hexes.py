"""Hex-sheet distance: odd columns are shifted half a hex down, as printed."""

from __future__ import annotations

from galbatch.rules.conflict.tables import SPEED


def to_cube(col: int, row: int) -> tuple[int, int, int]:
    """Offset (odd-q) coordinates to cube coordinates."""
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes on the shortest route, not counting the start, counting the destination."""
    ax, ay, az = to_cube(*a)
    bx, by, bz = to_cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def turns_to_arrive(hexes: int) -> int:
    """Processing runs a move takes: 3 hexes or less arrives in the run that launched it."""
    return max(1, -(-hexes // SPEED))
