"""Vector drawing of square-grid maps (`galbatch.print.maps.grid.GridMap`) for PDF printouts.

The window's squares in a frame, faint lines every fifth square and darker every
tenth, row and column numbers on all four sides, a star symbol or a label centred
in each occupied square (never larger than its square, so no two labels meet), the
reader's squares on pale yellow with bold labels, known enemy squares on pale red,
squares with the reader's ships framed in black, and on small squares (a whole galaxy)
a ring around each of the reader's; the map's key below the frame, each symbol drawn as
on the map. Importing this module registers the drawer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from galbatch.print.maps.fields_pdf import (
    NUMBER_GREY,
    OWN_FILL,
    SHEET_FILL,
    Ink,
    fmt,
    ink_for,
    mono_advance,
    register_map_drawer,
)
from galbatch.print.maps.grid import STAR, GridCell, GridMap, KeyEntry

DIGIT_HEIGHT = 0.73  # digits and capitals of DejaVu Sans Mono, in font sizes
DESCENT = 0.24  # below the baseline, in font sizes
NUMBER_SIZE = 7.0  # row and column numbers around the frame, at most
TICK = 3.0  # a tick mark outside the frame
MAX_LABEL = 9.0  # labels stop growing here on large squares
LABEL_ROOM = 0.88  # a label takes at most this share of its square, across and down
STAR_RADIUS = 0.34  # a star symbol's outer radius, in squares ...
MAX_STAR = 3.2  # ... and in points at most
ENEMY_FILL = "1 0.82 0.80 rg"  # squares known to be another's
BEYOND_FILL = "0.86 g"  # window squares beyond the grid's edge
FINE_GRID = "0.90 G 0.2 w"  # every square's edges, on squares large enough
FIVE_GRID = "0.78 G 0.3 w"  # every fifth square
TEN_GRID = "0.55 G 0.45 w"  # every tenth square
EDGE = "0 G 1.2 w 0 J"  # where a wrapped window crosses the grid's edge
FRAME_STROKE = "0.25 G 0.8 w 0 J"
SHIPS_STROKE = "0 G {w} w 0 j"  # a frame inside a square with the reader's ships
RING_BELOW = 8.0  # on squares smaller than this, a ring around each of the reader's ...
RING = "0.80 0.40 0 RG 0.9 w"  # ... so that a Home System is found on a whole galaxy
RING_RADIUS = 1.6  # in squares
KEY_SIZE = 7.0  # the key's words
KEY_SQUARE = 10.0  # a sample square in the key
KEY_GAP = 14.0  # between entries of the key
KEY_LINE = 13.0  # from one line of the key to the next


@dataclass(frozen=True)
class GridGeometry:
    """Where the window sits on the page: square side, frame and number size."""

    square: float
    left: float  # x of the frame's left edge
    top: float  # y of its top edge
    rows: int
    cols: int
    number_size: float

    @property
    def right(self) -> float:
        return self.left + self.cols * self.square

    @property
    def bottom(self) -> float:
        return self.top - self.rows * self.square

    def corner(self, i: int, j: int) -> tuple[float, float]:
        """The lower left corner of the window's square at line i, column j."""
        return self.left + j * self.square, self.top - (i + 1) * self.square

    def centre(self, i: int, j: int) -> tuple[float, float]:
        x, y = self.corner(i, j)
        return x + self.square / 2, y + self.square / 2


def _key_rows(key: Sequence[KeyEntry], width: float) -> list[list[KeyEntry]]:
    """The key's entries on lines no wider than `width`."""
    rows: list[list[KeyEntry]] = []
    used = width + 1
    for entry in key:
        w = _key_width(entry)
        if rows and used + KEY_GAP + w <= width:
            rows[-1].append(entry)
            used += KEY_GAP + w
        else:
            rows.append([entry])
            used = w
    return rows


def _key_width(entry: KeyEntry) -> float:
    return KEY_SQUARE + 0.5 * KEY_SIZE + len(entry.meaning) * mono_advance() * KEY_SIZE


def grid_geometry(m: GridMap, x: float, y: float, w: float, h: float, key_h: float) -> GridGeometry:
    """The largest square squares that fit the box with the numbers around the frame and
    `key_h` points left below for the key; centred across, top-aligned."""
    n = NUMBER_SIZE
    digits = m.digits
    margin_x = TICK + 0.3 * n + digits * mono_advance() * n + 1.0
    margin_y = TICK + 1.3 * n
    rows, cols = max(1, m.rows), max(1, m.cols)
    square = max(0.5, min((w - 2 * margin_x) / cols, (h - key_h - 2 * margin_y) / rows))
    left = x + (w - square * cols) / 2
    return GridGeometry(square, left, y + h - margin_y, rows, cols, n)


def label_size(labels: Sequence[str], square: float) -> float:
    """One size for every label: the longest fits its square across and down."""
    longest = max([2, *(len(s) for s in labels)])
    across = LABEL_ROOM * square / (longest * mono_advance())
    down = LABEL_ROOM * square / (DIGIT_HEIGHT + DESCENT)
    return min(MAX_LABEL, across, down)


def star_path(cx: float, cy: float, r: float) -> str:
    """A closed five-pointed star of outer radius r."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else 0.42 * r
        angle = math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    first, *rest = points
    return (
        f"{fmt(first[0])} {fmt(first[1])} m "
        + " ".join(f"{fmt(px)} {fmt(py)} l" for px, py in rest)
        + " h"
    )


def circle_path(cx: float, cy: float, r: float) -> str:
    """A closed circle of radius r, as four Bezier quarters."""
    k = 0.5523 * r
    return (
        f"{fmt(cx + r)} {fmt(cy)} m "
        f"{fmt(cx + r)} {fmt(cy + k)} {fmt(cx + k)} {fmt(cy + r)} {fmt(cx)} {fmt(cy + r)} c "
        f"{fmt(cx - k)} {fmt(cy + r)} {fmt(cx - r)} {fmt(cy + k)} {fmt(cx - r)} {fmt(cy)} c "
        f"{fmt(cx - r)} {fmt(cy - k)} {fmt(cx - k)} {fmt(cy - r)} {fmt(cx)} {fmt(cy - r)} c "
        f"{fmt(cx + k)} {fmt(cy - r)} {fmt(cx + r)} {fmt(cy - k)} {fmt(cx + r)} {fmt(cy)} c h"
    )


def _rect(x: float, y: float, w: float, h: float) -> str:
    return f"{fmt(x)} {fmt(y)} {fmt(w)} {fmt(h)} re"


class _Cells:
    """The paths and text of squares, collected to be written in layers."""

    def __init__(self) -> None:
        self.own: list[str] = []
        self.enemy: list[str] = []
        self.stars: list[str] = []
        self.ships: list[str] = []
        self.outlines: list[str] = []
        self.labels: list[tuple[float, float, str, bool]] = []  # centre x, baseline, text, bold

    def add(self, c: GridCell, x: float, y: float, side: float, size: float) -> None:
        """Square `c` with its lower left corner at (x, y)."""
        box = _rect(x, y, side, side)
        if c.own:
            self.own.append(box)
        elif c.enemy:
            self.enemy.append(box)
        cx, cy = x + side / 2, y + side / 2
        if c.label == STAR:
            self.stars.append(star_path(cx, cy, min(MAX_STAR, STAR_RADIUS * side)))
        elif c.label:
            base = cy - (DIGIT_HEIGHT - DESCENT) * size / 2
            self.labels.append((cx, base, c.label, c.own))
        if c.ships:
            inset = max(0.4, side * 0.06)
            self.ships.append(_rect(x + inset, y + inset, side - 2 * inset, side - 2 * inset))

    def fills(self, ink: Ink) -> None:
        """The reader's squares and enemy squares, and the outlines of sample squares."""
        if self.own:
            ink.paths([*self.own, "f"], OWN_FILL)
        if self.enemy:
            ink.paths([*self.enemy, "f"], ENEMY_FILL)
        if self.outlines:
            ink.paths([*self.outlines, "S"], "0.5 G 0.4 w")

    def marks(self, ink: Ink, size: float, ship_width: float) -> None:
        """Star symbols and labels, then the ships' frames over them."""
        if self.stars:
            ink.paths([*self.stars, "f"], "0.1 g")
        for cx, base, text, bold in self.labels:
            ink.text_centered(cx, base, text, size, bold=bold)
        ink.flush()
        if self.ships:
            ink.paths([*self.ships, "S"], SHIPS_STROKE.format(w=fmt(ship_width)))


def _grid_lines(m: GridMap, g: GridGeometry) -> list[tuple[str, list[str]]]:
    """Lines between squares: every square's when squares are large, every fifth, every
    tenth, and the grid's edge where a wrapped window crosses it."""
    fine: list[str] = []
    five: list[str] = []
    ten: list[str] = []
    edge: list[str] = []
    for j in range(1, m.cols):
        col = m.col_at(j)
        px = g.left + j * g.square
        line = f"{fmt(px)} {fmt(g.bottom)} m {fmt(px)} {fmt(g.top)} l"
        if col == 0 and m.wrap:
            edge.append(line)
        elif col is not None and m.col_at(j - 1) is not None:
            (ten if col % 10 == 0 else five if col % 5 == 0 else fine).append(line)
    for i in range(1, m.rows):
        row = m.row_at(i)
        py = g.top - i * g.square
        line = f"{fmt(g.left)} {fmt(py)} m {fmt(g.right)} {fmt(py)} l"
        if row == 0 and m.wrap:
            edge.append(line)
        elif row is not None and m.row_at(i - 1) is not None:
            (ten if row % 10 == 0 else five if row % 5 == 0 else fine).append(line)
    layers = [(FIVE_GRID, five), (TEN_GRID, ten), (EDGE, edge)]
    if g.square >= 8.0:
        layers.insert(0, (FINE_GRID, fine))
    return [(style, ops) for style, ops in layers if ops]


def _beyond(m: GridMap, g: GridGeometry) -> list[str]:
    """Rectangles over the window's squares beyond the grid's edge."""
    ops = []
    for i in range(m.rows):
        if m.row_at(i) is None:
            ops.append(_rect(g.left, g.top - (i + 1) * g.square, g.cols * g.square, g.square))
    for j in range(m.cols):
        if m.col_at(j) is None:
            ops.append(_rect(g.left + j * g.square, g.bottom, g.square, g.rows * g.square))
    return ops


def number_step(g: GridGeometry, digits: int) -> int:
    """Numbers every 5 squares, or every 10 or 20 where they would crowd."""
    wide = 2.2 * digits * mono_advance() * g.number_size
    for step in (5, 10, 20):
        if step * g.square >= max(wide, 1.6 * g.number_size):
            return step
    return 50


def _numbers(ink: Ink, m: GridMap, g: GridGeometry) -> list[str]:
    """Row and column numbers on all four sides; return the tick marks for them."""
    n, adv = g.number_size, mono_advance()
    step = number_step(g, m.digits)
    ticks = []
    for j in range(m.cols):
        col = m.col_at(j)
        if col is None or col % step:
            continue
        cx, _ = g.centre(0, j)
        text = f"{col:0{m.digits}d}"
        ink.text_centered(cx, g.top + TICK + 0.3 * n, text, n)
        ink.text_centered(cx, g.bottom - TICK - 0.3 * n - DIGIT_HEIGHT * n, text, n)
        ticks.append(f"{fmt(cx)} {fmt(g.top)} m {fmt(cx)} {fmt(g.top + TICK)} l")
        ticks.append(f"{fmt(cx)} {fmt(g.bottom)} m {fmt(cx)} {fmt(g.bottom - TICK)} l")
    for i in range(m.rows):
        row = m.row_at(i)
        if row is None or row % step:
            continue
        _, cy = g.centre(i, 0)
        text = f"{row:0{m.digits}d}"
        base = cy - DIGIT_HEIGHT * n / 2
        ink.text(g.left - TICK - 0.3 * n - len(text) * adv * n, base, text, n)
        ink.text(g.right + TICK + 0.3 * n, base, text, n)
        ticks.append(f"{fmt(g.left)} {fmt(cy)} m {fmt(g.left - TICK)} {fmt(cy)} l")
        ticks.append(f"{fmt(g.right)} {fmt(cy)} m {fmt(g.right + TICK)} {fmt(cy)} l")
    ink.flush(NUMBER_GREY)
    return ticks


def _draw_key(ink: Ink, key: Sequence[KeyEntry], x: float, w: float, top: float) -> float:
    """The key's entries, a sample square and its meaning each, on lines from `top` down;
    return the lowest y drawn on."""
    rows = _key_rows(key, w)
    cells = _Cells()
    size = label_size([e.sample.label for e in key], KEY_SQUARE)
    words: list[tuple[float, float, str]] = []
    y = top
    for entries in rows:
        y -= KEY_LINE
        width = sum(_key_width(e) for e in entries) + KEY_GAP * (len(entries) - 1)
        px = x + (w - width) / 2
        for e in entries:
            sy = y + (KEY_LINE - KEY_SQUARE) / 2
            cells.add(e.sample, px, sy, KEY_SQUARE, size)
            cells.outlines.append(_rect(px, sy, KEY_SQUARE, KEY_SQUARE))
            words.append((px + KEY_SQUARE + 0.5 * KEY_SIZE, sy + 0.5 * KEY_SQUARE, e.meaning))
            px += _key_width(e) + KEY_GAP
    if cells.outlines:
        ink.paths([*cells.outlines, "f"], SHEET_FILL)
    cells.fills(ink)
    cells.marks(ink, size, 0.9)
    for wx, cy, text in words:
        ink.text(wx, cy - (DIGIT_HEIGHT - DESCENT) * KEY_SIZE / 2 - 0.1, text, KEY_SIZE)
    ink.flush()
    return y


def key_height(m: GridMap, w: float) -> float:
    """The room the key takes below the numbers under the frame."""
    rows = _key_rows(m.key, w)
    return len(rows) * KEY_LINE + 2.0 if rows else 0.0


def draw_grid_map(canvas: Canvas, m: object, x: float, y: float, w: float, h: float) -> float:
    """Draw a GridMap inside the box with lower-left (x, y); return the lowest y drawn on."""
    assert isinstance(m, GridMap)
    key_h = key_height(m, w)
    g = grid_geometry(m, x, y, w, h, key_h)
    ink = ink_for(canvas)
    frame = _rect(g.left, g.bottom, g.cols * g.square, g.rows * g.square)
    ink.paths([frame, "f"], SHEET_FILL)
    beyond = _beyond(m, g)
    if beyond:
        ink.paths([*beyond, "f"], BEYOND_FILL)
    shown = m.shown()
    size = label_size([c.label for c in shown if c.label != STAR], g.square)
    cells = _Cells()
    for c in shown:
        at = m.offset(c.row, c.col)
        assert at is not None
        cx, cy = g.corner(*at)
        cells.add(c, cx, cy, g.square, size)
    cells.fills(ink)  # under the grid's lines; star symbols and labels over them
    for style, ops in _grid_lines(m, g):
        ink.paths([*ops, "S"], style)
    cells.marks(ink, size, max(0.5, min(1.2, g.square / 10)))
    if g.square < RING_BELOW:
        rings = []
        for c in shown:
            at = m.offset(c.row, c.col)
            if c.own and at is not None:
                rings.append(circle_path(*g.centre(*at), RING_RADIUS * g.square))
        if rings:  # clipped to the frame
            ink.paths([*rings, "S"], f"{frame} W n {RING}")
    ticks = _numbers(ink, m, g)
    ink.paths([frame, *ticks, "S"], FRAME_STROKE)
    low = g.bottom - TICK - 1.3 * g.number_size
    if m.key:
        low = _draw_key(ink, m.key, x, w, low - 2.0)
    return low


register_map_drawer(GridMap, draw_grid_map)
