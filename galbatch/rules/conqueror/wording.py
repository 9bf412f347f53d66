"""Small helpers for the words of reports and messages."""

from __future__ import annotations


def counted(n: int, one: str, many: str) -> str:
    """'1 SHIP', '2 SHIPS': a count with its noun, as a report reads."""
    return f"{n} {one if n == 1 else many}"


def points(n: int) -> str:
    """'1 POINT', '5 POINTS'."""
    return counted(n, "POINT", "POINTS")
