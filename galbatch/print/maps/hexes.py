"""The geometry of the hex sheets: where a hex is, what it is called, how far apart two are.

Every hex sheet galbatch prints (`maps.HexMap`, `board_map.BoardMap`) and every game
played on one counts hexes the same way: columns across and rows down, both from 0,
in "odd columns down" offset coordinates (a hex of an odd column sits half a hex
lower than its even neighbours), and names a hex by its column and row from 1,
"0712" being column 07, row 12. The rulesets measure moves and ranges on the sheet
the player holds, so the distance lives here beside the drawing, once.
"""

from __future__ import annotations


def hex_name(col: int, row: int) -> str:
    """The four-digit name of a hex, column then row, both counted from 1 ("0712")."""
    return f"{col + 1:02d}{row + 1:02d}"


def cube(col: int, row: int) -> tuple[int, int, int]:
    """A hex's cube coordinates (x + y + z = 0), in which a step to any neighbour
    changes two of the three by one."""
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes on the shortest route from hex `a` to hex `b` (column, row), not counting
    the start, counting the destination: 0 from a hex to itself, 1 to a neighbour."""
    ax, ay, az = cube(*a)
    bx, by, bz = cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))
