"""The Galaktikos hex map: hexes named the wargame way, neighbours, distance, shortest paths.

Coordinates are counted from 0, as the project's hex sheets draw them
(`galbatch.print.maps.fields.HexMap`), and named from 1, as the sheets label them:
`Hex(6, 11)` is hex "0712", column 07, row 12; "0101" is the top-left hex.
Offset convention "odd columns down": a hex in an odd column (counting from 0,
so the printed columns 02, 04, ...) sits half a hex lower than its even
neighbours.
"""

# speed: no postponed annotations, as typing compiles NamedTuple fields written as text
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from galbatch.print.maps.hexes import distance as distance  # hexes travelled, re-exported
from galbatch.print.maps.hexes import hex_name

_NAME = re.compile(r"^(\d{2})(\d{2})$")


class Hex(NamedTuple):
    """A hex of the map by column and row, both counted from 0.

    A named pair, so that hashing it (searches and the board's tables look hexes up
    all the time) costs no Python call; it orders column first, then row.
    """

    col: int
    row: int

    @property
    def name(self) -> str:
        """The four-digit wargame name, column then row, both counted from 1 ("0712")."""
        return hex_name(self.col, self.row)

    def __str__(self) -> str:
        return self.name


# speed: a view names every hex of the board, and every check reads one: a name met
# before is looked up (at most the 99 x 99 names a board can have are kept).
_READ: dict[str, Hex] = {}


def parse_hex(text: str) -> Hex:
    """The hex a four-digit name ("0712": column 07, row 12) stands for."""
    known = _READ.get(text)
    if known is not None:
        return known
    match = _NAME.match(text.strip())
    if match is None:
        raise ValueError(f"not a hex name (four digits, column then row): {text!r}")
    col, row = int(match.group(1)), int(match.group(2))
    if col < 1 or row < 1:
        raise ValueError(f"hex columns and rows are numbered from 01: {text!r}")
    hex_ = Hex(col - 1, row - 1)
    if len(text) == 4:  # the name itself, not one of its spellings with blanks
        _READ[text] = hex_
    return hex_


# Neighbour offsets clockwise from north: N, NE, SE, S, SW, NW.
_EVEN_COL = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD_COL = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def on_map(hex_: Hex, width: int, height: int) -> bool:
    """Whether a hex lies on a map `width` columns wide and `height` rows high."""
    return 0 <= hex_.col < width and 0 <= hex_.row < height


def all_hexes(width: int, height: int) -> Iterator[Hex]:
    """Every hex of the map, column by column."""
    for col in range(width):
        for row in range(height):
            yield Hex(col, row)


def _adjacent_on_map(hex_: Hex, width: int, height: int) -> tuple[Hex, ...]:
    steps = _ODD_COL if hex_.col % 2 else _EVEN_COL
    found = (Hex(hex_.col + dc, hex_.row + dr) for dc, dr in steps)
    return tuple(h for h in found if on_map(h, width, height))


@lru_cache(maxsize=16)
def _neighbour_table(width: int, height: int) -> dict[Hex, tuple[Hex, ...]]:
    """Every hex's neighbours on one map size, worked out once: searches ask for them often."""
    return {h: _adjacent_on_map(h, width, height) for h in all_hexes(width, height)}


def neighbours(hex_: Hex, width: int, height: int) -> tuple[Hex, ...]:
    """The hexes adjacent to `hex_` on the map, clockwise from north."""
    found = _neighbour_table(width, height).get(hex_)
    return found if found is not None else _adjacent_on_map(hex_, width, height)


def adjacent(a: Hex, b: Hex) -> bool:
    """Whether two hexes share a side."""
    return distance(a, b) == 1


def is_path(path: Iterable[Hex], width: int, height: int) -> bool:
    """Whether each hex of `path` is on the map and adjacent to the one before it."""
    steps = list(path)
    if not steps or not all(on_map(h, width, height) for h in steps):
        return False
    return all(adjacent(a, b) for a, b in zip(steps, steps[1:], strict=False))


Passable = Callable[[Hex], bool]


def _always(_: Hex) -> bool:
    return True


def distances_from(
    sources: Iterable[Hex], width: int, height: int, passable: Passable = _always
) -> dict[Hex, int]:
    """Hexes travelled from the nearest source to every hex reachable through passable hexes.

    The sources themselves are at 0 whether passable or not; other hexes are
    entered only if `passable` says so.
    """
    dist: dict[Hex, int] = {}
    queue: deque[Hex] = deque()
    for source in sorted(set(sources)):
        if on_map(source, width, height):
            dist[source] = 0
            queue.append(source)
    while queue:
        here = queue.popleft()
        for there in neighbours(here, width, height):
            if there not in dist and passable(there):
                dist[there] = dist[here] + 1
                queue.append(there)
    return dist


def shortest_path(
    start: Hex, goals: Iterable[Hex], width: int, height: int, passable: Passable = _always
) -> tuple[Hex, ...] | None:
    """A shortest path from `start` to the nearest goal through passable hexes, or None.

    The path includes both ends; the start need not be passable, the goal must
    be. Ties are broken the same way every time (neighbours clockwise from north).
    """
    targets = set(goals)
    if start in targets:
        return (start,)
    # Speed trick (a MOVE ... TO whose end is closed): the search could only fail, after
    # looking at every hex the start reaches; the goals are entered only if passable.
    targets = {goal for goal in targets if passable(goal)}
    if not targets:
        return None
    if len(targets) == 1:
        return _towards(start, min(targets), width, height, passable)
    return _search(start, targets, width, height, passable, None)[0]


def _towards(
    start: Hex, goal: Hex, width: int, height: int, passable: Passable
) -> tuple[Hex, ...] | None:
    """`shortest_path` to one goal, searching only hexes within a bound of both ends.

    speed: the search of the whole board looks at every hex as near the start as the
    goal, a disc; a move's path lies in the lens of hexes whose distances to both
    ends add up to its length. Searched hexes are those whose sum is at most a
    bound, from the straight distance up, doubling the slack until the goal is found
    within the bound or nothing was left out. The path is the one the whole board's
    search finds: that search's path is the first in neighbour order among the
    shortest, every hex of which is within the bound when the path's length is.
    """
    least = distance(start, goal)
    slack = 0
    while True:
        path, clipped = _search(start, {goal}, width, height, passable, (goal, least + slack))
        if not clipped or (path is not None and len(path) - 1 <= least + slack):
            return path
        slack = 2 * slack or 1


def _search(
    start: Hex,
    targets: set[Hex],
    width: int,
    height: int,
    passable: Passable,
    within: tuple[Hex, int] | None,
) -> tuple[tuple[Hex, ...] | None, bool]:
    """Breadth first from `start` to the first target found, neighbours clockwise from
    north; `within` (a goal and a bound) leaves out the hexes whose distances to the
    start and to that goal add up to more than the bound. The path or None, and
    whether any hex was left out."""
    clipped = False
    if within is not None:
        # distances as print.maps.hexes.distance measures them, its cube coordinates
        # written out here: the bound is tested for every hex the search looks at
        goal, bound = within
        sx, sz = start.col, start.row - (start.col - (start.col & 1)) // 2
        gx, gz = goal.col, goal.row - (goal.col - (goal.col & 1)) // 2
    came: dict[Hex, Hex | None] = {start: None}
    queue: deque[Hex] = deque([start])
    while queue:
        here = queue.popleft()
        for there in neighbours(here, width, height):
            if there in came:
                continue
            if within is not None:
                x, z = there.col, there.row - (there.col - (there.col & 1)) // 2
                if (
                    max(abs(x - sx), abs(z - sz), abs(x + z - sx - sz))
                    + max(abs(x - gx), abs(z - gz), abs(x + z - gx - gz))
                    > bound
                ):
                    clipped = True
                    continue
            if not passable(there):
                continue
            came[there] = here
            if there in targets:
                path = [there]
                step: Hex | None = here
                while step is not None:
                    path.append(step)
                    step = came[step]
                return tuple(reversed(path)), clipped
            queue.append(there)
    return None, clipped
