"""Galac-Tac's galaxy map: squares 00-00 (top left) to 99-99 (lower right), read
down and then across (YY-XX), and the star drive's king moves between them.

"One Star drive will move you one location horizontally, vertically, or diagonally
in one fortnight", so the distance between two squares is the larger of the two
coordinate differences.
"""

from __future__ import annotations

import re

SIDE = 100  # the coordinate system goes from 00-00 to 99-99

Location = tuple[int, int]  # (y, x): down, then across

_TEXT = re.compile(r"^(\d{1,2})-(\d{1,2})$")


def parse_location(text: str) -> Location:
    """`85-23` as (85, 23); ValueError for anything that is not a square of the map."""
    match = _TEXT.match(text.strip())
    if not match:
        raise ValueError(f"not a location YY-XX: {text!r}")
    return int(match.group(1)), int(match.group(2))


def location_text(location: Location) -> str:
    """(5, 27) as `05-27`, the way the reports print it."""
    return f"{location[0]:02d}-{location[1]:02d}"


def on_map(location: Location) -> bool:
    """True for a square of the 100 x 100 map."""
    return 0 <= location[0] < SIDE and 0 <= location[1] < SIDE


def distance(a: Location, b: Location) -> int:
    """Star drive moves from `a` to `b`: one square in any of 8 directions per move."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _share(delta: int, done: int, total: int) -> int:
    """`delta * done / total` rounded to the nearest whole square, halves away from zero."""
    sign = -1 if delta < 0 else 1
    return sign * ((2 * abs(delta) * done + total) // (2 * total))


def route_point(start: Location, goal: Location, moves: int) -> Location:
    """Where a ship is after `moves` star drive moves along the shortest direct route.

    The route is the straight line from `start` to `goal`, taken one square at a time
    (each step changes each coordinate by at most one); a ship that can go farther
    than the goal stops on it.
    """
    total = distance(start, goal)
    if moves >= total:
        return goal
    if moves <= 0:
        return start
    dy, dx = goal[0] - start[0], goal[1] - start[1]
    return start[0] + _share(dy, moves, total), start[1] + _share(dx, moves, total)


def within(centre: Location, radius: int) -> list[Location]:
    """The squares of the map at most `radius` moves from `centre`, in (y, x) order."""
    y0, x0 = centre
    return [
        (y, x)
        for y in range(max(0, y0 - radius), min(SIDE, y0 + radius + 1))
        for x in range(max(0, x0 - radius), min(SIDE, x0 + radius + 1))
    ]
