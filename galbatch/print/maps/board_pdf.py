"""Vector drawing of a `BoardMap`: hex types in tints, and each player's tokens in a colour.

Territory frontiers are drawn inside a player's hexes along every edge that
leaves the territory, so two players' frontiers on one edge both show.
Populations are squares (ringed in the occupier's colour when occupied),
fleets triangles, a supply failure a red cross over the fleet; shipyards and
habitats are letters; a hex the map rings (a goal) has a black edge. Everything is
opaque (PDF/A).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from galbatch.print.maps.board import BoardHex, BoardMap
from galbatch.print.maps.fields import Map
from galbatch.print.maps.fields_pdf import (
    GRID_GREY,
    NUMBER_GREY,
    SQRT3,
    HexGeometry,
    Ink,
    fmt,
    hex_geometry,
    mono_advance,
    path_op,
    register_map_drawer,
)

KIND_FILLS = {  # lightest for empty space, a warm glow for the core
    "empty": "1 1 1",
    "sparse": "0.88 0.91 0.97",
    "dense": "0.70 0.77 0.92",
    "core": "1 0.84 0.45",
}
# One colour a player in seat order, told apart in print and by most colour-blind readers.
PLAYER_COLOURS = (
    "0.84 0.15 0.16",
    "0.12 0.47 0.71",
    "0.17 0.63 0.17",
    "0.58 0.40 0.74",
    "1 0.50 0.05",
    "0.55 0.34 0.29",
    "0.89 0.47 0.76",
    "0.09 0.75 0.81",
    "0.74 0.74 0.13",
    "0.30 0.30 0.30",
)
FAILURE = "0.85 0 0"  # the supply failure cross
RING = "0 0 0"  # a ringed hex (a goal)
GAP = 0.22  # between one player's tokens and the next, in hex sizes
ROW_WIDTH = 1.0  # a row of tokens is at most this wide, in hex sizes
INSET = 0.82  # frontier lines run this far from the centre towards the hex's edge

# Directions of the edges E-NE, NE-NW, NW-W, W-SW, SW-SE, SE-E: NE, N, NW, SW, S, SE.
_EDGE_STEPS_EVEN = ((1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1), (1, 0))
_EDGE_STEPS_ODD = ((1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))


def player_colour(m: BoardMap, owner: str) -> str:
    """The RGB fill of a player's mark, by seat; grey for a mark not in the players."""
    marks = [mark for mark, _ in m.players]
    if owner not in marks:
        return "0.5 0.5 0.5"
    return PLAYER_COLOURS[marks.index(owner) % len(PLAYER_COLOURS)]


def _inset(g: HexGeometry, col: int, row: int) -> list[tuple[float, float]]:
    """The hex's corners pulled towards its centre."""
    cx, cy = g.centre(col, row)
    return [(cx + (x - cx) * INSET, cy + (y - cy) * INSET) for x, y in g.corners(col, row)]


def _frontiers(m: BoardMap, g: HexGeometry) -> dict[str, list[str]]:
    """Path operators of each player's frontier edges."""
    owner = {(h.col, h.row): h.territory for h in m.hexes if h.territory}
    ops: dict[str, list[str]] = {}
    for (col, row), who in sorted(owner.items()):
        steps = _EDGE_STEPS_ODD if col % 2 else _EDGE_STEPS_EVEN
        pts = _inset(g, col, row)
        for i, (dc, dr) in enumerate(steps):
            if owner.get((col + dc, row + dr)) != who:
                ops.setdefault(who, []).append(path_op([pts[i], pts[(i + 1) % 6]]))
    return ops


def _square(x: float, y: float, side: float) -> str:
    """A square with its lower-left corner at (x, y)."""
    return path_op([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], close=True)


def _triangle(x: float, y: float, side: float) -> str:
    """An upward triangle with its lower-left corner at (x, y)."""
    return path_op([(x, y), (x + side, y), (x + side / 2, y + side * 0.9)], close=True)


def _tokens(m: BoardMap, g: HexGeometry, ink: Ink, h: BoardHex) -> None:
    """A hex's tokens: populations above, infrastructure in the middle, fleets below."""
    s, adv = g.size, mono_advance()
    cx, cy = g.centre(h.col, h.row)
    size = max(3.0, 0.34 * s)
    occupiers = dict(h.occupied)

    def row_of(items: tuple[tuple[str, int], ...], y: float, shape: str) -> None:
        width = sum(0.26 * s + len(str(n)) * adv * size + GAP * s for _, n in items) - GAP * s
        room = min(1.0, ROW_WIDTH * s / width)  # several owners: smaller tokens, inside the hex
        row(items, y, shape, cx - width * room / 2, room)

    def row(
        items: tuple[tuple[str, int], ...], y: float, shape: str, x: float, room: float
    ) -> None:
        mark, size = 0.26 * s * room, max(3.0, 0.34 * s * room)
        for owner, n in items:
            draw = _square if shape == "square" else _triangle
            ink.paths([draw(x, y, mark), "f"], f"{player_colour(m, owner)} rg")
            occupier = occupiers.get(owner) if shape == "square" else None
            if occupier is not None:  # an occupied population: a ring in the occupier's colour
                ring = _square(x - 0.07 * s, y - 0.07 * s, mark + 0.14 * s)
                ink.paths([ring, "S"], f"{player_colour(m, occupier)} RG {fmt(max(0.4, s / 24))} w")
            if owner in h.unsupplied and shape == "triangle":
                cross = [
                    path_op([(x, y), (x + mark, y + mark)]),
                    path_op([(x, y + mark), (x + mark, y)]),
                ]
                ink.paths([*cross, "S"], f"{FAILURE} RG {fmt(max(0.5, s / 18))} w")
            ink.text(x + mark + 0.04 * s, y + 0.02 * s, str(n), size)
            x += mark + len(str(n)) * adv * size + GAP * s * room

    if h.populations:
        row_of(h.populations, cy + 0.22 * s, "square")
    infra = ("Y" * min(h.shipyards, 1) + (str(h.shipyards) if h.shipyards > 1 else "")) + (
        f" h{h.habitats}" if h.habitats else ""
    )
    if infra.strip():
        ink.text_centered(cx, cy - 0.12 * s, infra.strip(), size * 0.9, bold=True)
    if h.fleets:
        row_of(h.fleets, cy - 0.52 * s, "triangle")


def draw_board_map(canvas: Canvas, m: Map, x: float, y: float, w: float, h: float) -> float:
    """Draw a BoardMap in the box with lower-left (x, y); return the lowest y drawn on."""
    assert isinstance(m, BoardMap)
    if m.cols < 1 or m.rows < 1:
        return y + h
    g = hex_geometry(m.cols, m.rows, x, y, w, h)
    s = g.size
    ink = Ink(canvas)
    cells = m.cells()
    by_kind: dict[str, list[str]] = {}
    for col in range(m.cols):
        for row in range(m.rows):
            cell = cells.get((col, row))
            kind = cell.kind if cell is not None else "empty"
            by_kind.setdefault(kind, []).append(path_op(g.corners(col, row), close=True))
    for kind, ops in by_kind.items():
        ink.paths([*ops, "f"], f"{KIND_FILLS.get(kind, '1 1 1')} rg")
    grid = [path_op(g.corners(c, r), close=True) for c in range(m.cols) for r in range(m.rows)]
    ink.paths([*grid, "S"], f"{GRID_GREY} G {fmt(max(0.3, s / 40))} w 1 j")
    for owner, ops in _frontiers(m, g).items():
        ink.paths([*ops, "S"], f"{player_colour(m, owner)} RG {fmt(max(0.8, s / 7))} w 1 J")
    rings = [path_op(g.corners(c, r), close=True) for c, r in m.ringed]
    if rings:  # on the hex's own edge, outside every frontier
        ink.paths([*rings, "S"], f"{RING} RG {fmt(max(1.2, s / 5))} w 1 j")

    n = g.number_size
    adv = mono_advance()
    bottom = g.top - SQRT3 * s * (m.rows + (0.5 if m.cols > 1 else 0.0))
    for col in range(m.cols):
        cx, _ = g.centre(col, 0)
        ink.text_centered(cx, g.top + n * 0.45, f"{col + 1:02d}", n)
        ink.text_centered(cx, bottom - n * 1.2, f"{col + 1:02d}", n)
    for row in range(m.rows):
        label = f"{row + 1:02d}"
        _, cy = g.centre(0, row)
        ink.text(g.left - n * 0.4 - len(label) * adv * n, cy - n * 0.36, label, n)
        rx, ry = g.centre(m.cols - 1, row)
        ink.text(rx + s + n * 0.4, ry - n * 0.36, label, n)
    ink.flush(NUMBER_GREY)

    for cell in sorted(m.hexes, key=lambda c: (c.row, c.col)):
        if 0 <= cell.col < m.cols and 0 <= cell.row < m.rows:
            _tokens(m, g, ink, cell)
    ink.flush()
    return bottom - n * 1.6


register_map_drawer(BoardMap, draw_board_map)
