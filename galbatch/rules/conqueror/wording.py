"""Small helpers for the words of reports and messages (the engine's wording, in capitals)."""

from __future__ import annotations

from galbatch.engine.text.wording import plural


def counted(n: int, one: str, many: str) -> str:
    """'1 SHIP', '2 SHIPS': a count with its noun, as a report reads."""
    return plural(n, one, many)


def points(n: int) -> str:
    """'1 POINT', '5 POINTS'."""
    return plural(n, "POINT")
