"""Vector maps for PDF printouts, and the fast text/path writer they share with `pdf`.

`draw_map(canvas, m, x, y, w, h)` draws a map model from `galbatch.print.maps.fields`
into a box on the page, dispatching on the map's type, so a new map kind only
needs a drawer registered with `register_map_drawer`. Text and paths are written
as raw PDF operators (`Ink`): reportlab's own text and path calls format every
number and character in pure Python, which is far too slow for 400 pages a
second.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from galbatch.print.maps.fields import (
    FieldIndex,
    FieldMap,
    FieldPoint,
    HexMap,
    HexMarker,
    Map,
    nice_step,
    number_text,
)

FONT_REGULAR = "GalbatchMono"
FONT_BOLD = "GalbatchMono-Bold"
_FONT_FILES = {FONT_REGULAR: "DejaVuSansMono.ttf", FONT_BOLD: "DejaVuSansMono-Bold.ttf"}

# Greys and colours of the drawing, as PDF colour operands.
GRID_GREY = "0.68"  # hex outlines
MAX_LABEL_SIZE = 18.0  # world numbers stop growing here on very large hexes
SHEET_FILL = "1 g"  # hexes are white over the green bands
OWN_FILL = "1 0.95 0.72 rg"  # the reader's own worlds: a pale yellow hex
NUMBER_GREY = "0.35"  # column and row numbers around a sheet
FIELD_GRID = "0.80 G 0.3 w"  # a field map's grid lines at its ticks
FIELD_FRAME = "0.25 G 0.8 w 0 J"  # its frame and the tick marks outside it
LEADER = "0.45 G 0.35 w 1 J"  # a line from a point to a label set further away

# PDF literal-string escapes for every byte: printable ASCII as is, the rest in octal.
_ESCAPE = {b: chr(b) if 32 <= b < 127 else f"\\{b:03o}" for b in range(256)}
_ESCAPE.update({ord("("): "\\(", ord(")"): "\\)", ord("\\"): "\\\\"})
_ASCII_ESCAPE = str.maketrans({ord("("): "\\(", ord(")"): "\\)", ord("\\"): "\\\\"})


@cache
def mono_fonts() -> tuple[TTFont, TTFont]:
    """Register the shipped DejaVu Sans Mono (regular, bold) with reportlab, once."""
    fonts = []
    for name, filename in _FONT_FILES.items():
        data = files("galbatch.fonts").joinpath(filename).read_bytes()
        # asciiReadable: printable ASCII keeps its own code in subset 0 (the fast path below).
        font = TTFont(name, io.BytesIO(data), asciiReadable=True)
        _subsets_once(font.face)
        _widths_once(font)
        pdfmetrics.registerFont(font)
        fonts.append(font)
    return fonts[0], fonts[1]


class _Formatted(pdfdoc.PDFObject):  # type: ignore[misc]
    """A PDF object already written: its bytes as they are."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def format(self, document: Any) -> bytes:
        return self.data


_WIDTHS: dict[tuple[float, ...], _Formatted] = {}


def _widths_once(font: TTFont) -> None:
    """Make `font` write each subset's array of glyph widths once: the same in every PDF
    (numbers only, no references), and reportlab formats each number in pure Python."""
    add = font.addObjects

    def add_objects(doc: Any) -> None:
        add(doc)
        for obj in doc.idToObject["BasicFonts"].dict.values():
            widths = getattr(obj, "Widths", None)
            if isinstance(widths, pdfdoc.PDFArray):
                key = tuple(widths.sequence)
                if key not in _WIDTHS:
                    if len(_WIDTHS) >= 64:  # never grows without bound in a long-lived process
                        _WIDTHS.clear()
                    _WIDTHS[key] = _Formatted(pdfdoc.format(widths, doc))
                obj.Widths = _WIDTHS[key]

    font.addObjects = add_objects


def _subsets_once(face: Any) -> None:
    """Make `face` cut each subset of glyphs once: every PDF of a turn embeds the same
    subset (printable ASCII), and cutting it is pure Python."""
    make = face.makeSubset
    made: dict[tuple[int, ...], bytes] = {}

    def subset(chars: Sequence[int]) -> bytes:
        key = tuple(chars)
        if key not in made:
            if len(made) >= 64:  # never grows without bound in a long-lived process
                made.clear()
            made[key] = make(chars)
        return made[key]

    face.makeSubset = subset


@cache
def mono_advance() -> float:
    """The monospace advance width as a fraction of the font size (0.602 for DejaVu)."""
    width: float = mono_fonts()[0].face.getCharWidth(ord("M"))
    return width / 1000.0


def fmt(v: float) -> str:
    """A number for a content stream: two decimals, deterministic."""
    return f"{v:.2f}"


class Ink:
    """Collects raw PDF operators for one page or form and writes them to the canvas.

    Text goes into one BT..ET block per `flush`; fonts are the shipped monospace
    TrueType faces, embedded (as subsets) by reportlab.
    """

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        # reportlab keeps TrueType subsets per document; its own text objects use _doc too.
        self._doc = canvas._doc
        self._text: list[str] = []
        self._font: tuple[str, float] = ("", 0.0)
        self._refs: dict[tuple[bool, int], str] = {}  # each subset's name in this document

    def _set_font(self, bold: bool, subset: int, size: float) -> None:
        """Select a font subset at `size`, unless it is already selected."""
        ref = self._refs.get((bold, subset))
        if ref is None:  # the first asking names the font in the document
            ref = mono_fonts()[1 if bold else 0].getSubsetInternalName(subset, self._doc)
            self._refs[bold, subset] = ref
        if self._font != (ref, size):
            used: set[tuple[bool, int]] | None = getattr(self.canvas, "fonts_used", None)
            if used is not None:  # the document is keeping each page's drawing for re-use
                used.add((bold, subset))
            self._text.append(f"{ref} {fmt(size)} Tf")
            self._font = (ref, size)

    def text(self, x: float, y: float, s: str, size: float, bold: bool = False) -> None:
        """Show `s` with its baseline starting at (x, y)."""
        if not s:
            return
        self._text.append(f"1 0 0 1 {fmt(x)} {fmt(y)} Tm")
        if s.isascii() and s.isprintable():  # printable ASCII is its own code in subset 0
            self._set_font(bold, 0, size)
            self._text.append(f"({s.translate(_ASCII_ESCAPE)}) Tj")
            return
        used: set[tuple[bool, int]] | None = getattr(self.canvas, "fonts_used", None)
        if used is not None:  # codes of this document's own: this drawing is not for re-use
            used.add((bold, -1))
        font = mono_fonts()[1 if bold else 0]
        for subset, codes in font.splitString(s, self._doc):
            self._set_font(bold, subset, size)
            self._text.append(f"({''.join(_ESCAPE[b] for b in codes)}) Tj")

    def text_centered(self, cx: float, y: float, s: str, size: float, bold: bool = False) -> None:
        """Show `s` centred on cx."""
        self.text(cx - len(s) * mono_advance() * size / 2, y, s, size, bold)

    def flush(self, grey: str = "0") -> None:
        """Write the collected text to the canvas in grey level `grey` and start afresh."""
        if self._text:
            self.canvas.addLiteral(f"q {grey} g BT\n" + "\n".join(self._text) + "\nET Q")
        self._text = []
        self._font = ("", 0.0)

    def paths(self, ops: Iterable[str], setup: str) -> None:
        """Write path operators inside q..Q after `setup` (colour, width, dash)."""
        self.canvas.addLiteral(f"q {setup}\n" + "\n".join(ops) + "\nQ")


def ink_for(canvas: Canvas) -> Ink:
    """The Ink a map drawer writes with on `canvas`: the canvas's own if it makes one (an
    SVG canvas does), else PDF operators."""
    make: Callable[[], Ink] | None = getattr(canvas, "make_ink", None)
    return make() if make is not None else Ink(canvas)


def path_op(points: Sequence[tuple[float, float]], close: bool = False) -> str:
    """A subpath through `points` (closed with h if `close`)."""
    first, *rest = points
    line = " ".join(["%.2f %.2f l" % p for p in rest])  # noqa: UP031 (twice as fast as fmt)
    return ("%.2f %.2f m " % first) + line + (" h" if close else "")  # noqa: UP031


MapDrawer = Callable[[Canvas, Map, float, float, float, float], float]
_DRAWERS: dict[type, MapDrawer] = {}


def register_map_drawer(kind: type, drawer: MapDrawer) -> None:
    """Make `draw_map` draw maps of type `kind` (and its subclasses) with `drawer`."""
    _DRAWERS[kind] = drawer


def _drawer(m: object) -> MapDrawer | None:
    """The drawer registered for the map's type or its nearest base class."""
    for kind in type(m).__mro__:
        drawer = _DRAWERS.get(kind)
        if drawer is not None:
            return drawer
    return None


def has_map_drawer(m: object) -> bool:
    """Whether `draw_map` can draw `m` (else the page shows its text rendering)."""
    return _drawer(m) is not None


def draw_map(canvas: Canvas, m: Map, x: float, y: float, w: float, h: float) -> float:
    """Draw map `m` inside the box with lower-left (x, y); return the lowest y drawn on."""
    drawer = _drawer(m)
    if drawer is None:
        raise TypeError(f"no PDF drawer for map type {type(m).__name__}")
    return drawer(canvas, m, x, y, w, h)


SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class HexGeometry:
    """Where a flat-topped, odd-columns-down hex sheet sits on the page."""

    size: float  # centre-to-corner radius of a hex, in points
    left: float  # x of the left corner of column 0
    top: float  # y of the top edge of row 0 in even columns
    number_size: float  # font size of the column and row numbers

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """Centre of hex (col, row), 0-based."""
        s = self.size
        h = SQRT3 * s
        return self.left + s + 1.5 * s * col, self.top - h / 2 - h * row - (col % 2) * h / 2

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        """Corners E, NE, NW, W, SW, SE of hex (col, row)."""
        cx, cy = self.centre(col, row)
        s, dy = self.size, SQRT3 * self.size / 2
        return [
            (cx + s, cy),
            (cx + s / 2, cy + dy),
            (cx - s / 2, cy + dy),
            (cx - s, cy),
            (cx - s / 2, cy - dy),
            (cx + s / 2, cy - dy),
        ]


def hex_geometry(cols: int, rows: int, x: float, y: float, w: float, h: float) -> HexGeometry:
    """The largest hex sheet (with numbers around it) fitting the box, centred, top-aligned."""
    digits = max(2, len(str(cols)), len(str(rows)))
    adv = mono_advance()
    span_x = 1.5 * (cols - 1) + 2.0
    span_y = SQRT3 * (rows + (0.5 if cols > 1 else 0.0))
    number = 8.0
    size = 0.0
    for _ in range(4):  # the numbers' size follows the hexes' size; this settles quickly
        margin_x = digits * adv * number + number * 0.6
        margin_y = number * 1.6
        size = max(1.0, min((w - 2 * margin_x) / span_x, (h - 2 * margin_y) / span_y))
        number = min(10.0, max(5.5, 0.5 * size))
    left = x + (w - size * span_x) / 2
    top = y + h - number * 1.6
    return HexGeometry(size=size, left=left, top=top, number_size=number)


def _sheet_outline(g: HexGeometry, cols: int, rows: int) -> list[tuple[float, float]]:
    """The sheet's zig-zag border, clockwise from the left corner of hex (0, 0)."""
    last_col, last_row = cols - 1, rows - 1
    pts = [g.corners(0, 0)[3]]
    for col in range(cols):  # along the top: NW, NE of each top hex
        pts += g.corners(col, 0)[2:0:-1]
    for row in range(rows):  # down the right: E, SE
        e, *_, se = g.corners(last_col, row)
        pts += [e, se]
    for col in reversed(range(cols)):  # along the bottom: SE, SW
        pts += g.corners(col, last_row)[5:3:-1]
    for row in reversed(range(rows)):  # up the left: W, NW
        pts += g.corners(0, row)[3:1:-1]
    return pts


def _hex_fill_ops(g: HexGeometry, cells: Iterable[tuple[int, int]]) -> list[str]:
    """Path operators filling the given hexes."""
    return [*(path_op(g.corners(col, row), close=True) for col, row in cells), "f"]


def _hex_outline_ops(g: HexGeometry, cols: int, rows: int) -> list[str]:
    """Path operators stroking every hex edge once: each hex draws its W-NW-NE-E edges,
    the sheet's bottom row, left column and right column add the edges nobody else draws."""
    ops: list[str] = []
    for col in range(cols):
        for row in range(rows):
            e, ne, nw, w, sw, se = g.corners(col, row)
            ops.append(path_op([w, nw, ne, e]))
            if row == rows - 1:
                ops.append(path_op([w, sw, se, e]))
            else:
                if col == 0:
                    ops.append(path_op([sw, w]))
                if col == cols - 1:
                    ops.append(path_op([e, se]))
    ops.append("S")
    return ops


def _draw_hex_map(canvas: Canvas, m: Map, x: float, y: float, w: float, h: float) -> float:
    """Draw a HexMap: grey hexes, world numbers (own ones bold and underlined), owner marks,
    column numbers above and below, row numbers left and right."""
    assert isinstance(m, HexMap)
    if m.cols < 1 or m.rows < 1:
        return y + h
    g = hex_geometry(m.cols, m.rows, x, y, w, h)
    s, adv = g.size, mono_advance()
    ink = ink_for(canvas)
    own = sorted({(mk.col, mk.row) for mk in m.markers if mk.underline and _on(m, mk)})
    ink.paths([path_op(_sheet_outline(g, m.cols, m.rows), close=True), "f"], SHEET_FILL)
    if own:
        ink.paths(_hex_fill_ops(g, own), OWN_FILL)
    ink.paths(_hex_outline_ops(g, m.cols, m.rows), f"{GRID_GREY} G {fmt(max(0.3, s / 40))} w 1 j")

    # Column numbers on a line above and below the sheet; row numbers beside the outer columns.
    n = g.number_size
    bottom = g.top - SQRT3 * s * (m.rows + (0.5 if m.cols > 1 else 0.0))
    for col in range(m.cols):
        cx, _ = g.centre(col, 0)
        ink.text_centered(cx, g.top + n * 0.45, f"{col + 1:02d}", n)
    for row in range(m.rows):
        _, cy = g.centre(0, row)
        label = f"{row + 1:02d}"
        ink.text(g.left - n * 0.4 - len(label) * adv * n, cy - n * 0.36, label, n)
        rx, ry = g.centre(m.cols - 1, row)
        ink.text(rx + s + n * 0.4, ry - n * 0.36, label, n)
    for col in range(m.cols):
        cx, _ = g.centre(col, 0)
        ink.text_centered(cx, bottom - n * 1.2, f"{col + 1:02d}", n)
    ink.flush(NUMBER_GREY)

    # World numbers, in reading order; marks sit above when the sheet has any.
    has_owners = any(mk.owner for mk in m.markers)
    underlines: list[str] = []
    label_y = -0.38 if has_owners else -0.22  # baseline offsets, in hex sizes
    for mk in sorted(m.markers, key=lambda mk: (mk.row, mk.col)):
        if not _on(m, mk):
            continue
        cx, cy = g.centre(mk.col, mk.row)
        size = _fit_size(mk.label, min(0.6 * s, MAX_LABEL_SIZE), 1.45 * s)
        base = cy + label_y * s
        ink.text_centered(cx, base, mk.label, size, bold=mk.underline)
        if mk.underline:
            half = len(mk.label) * adv * size / 2
            uy = base - 0.12 * s
            underlines.append(f"{fmt(cx - half)} {fmt(uy)} m {fmt(cx + half)} {fmt(uy)} l")
        if mk.owner:
            _draw_owner(ink, mk, cx, cy, s)
    ink.flush()
    if underlines:
        ink.paths([*underlines, "S"], f"0 G {fmt(max(0.6, s / 16))} w 0 J")
    return bottom - n * 1.6


def _on(m: HexMap, mk: HexMarker) -> bool:
    """Whether the marker's hex is on the sheet."""
    return 0 <= mk.col < m.cols and 0 <= mk.row < m.rows


def _fit_size(text: str, size: float, width: float) -> float:
    """`size`, shrunk so that `text` is at most `width` wide."""
    return min(size, width / max(1, len(text)) / mono_advance())


def _draw_owner(ink: Ink, mk: HexMarker, cx: float, cy: float, s: float) -> None:
    """An owner mark in small type above the world number."""
    size = _fit_size(mk.owner, min(0.38 * s, MAX_LABEL_SIZE * 0.6), 1.1 * s)
    ink.text_centered(cx, cy + 0.2 * s, mk.owner, size)


register_map_drawer(HexMap, _draw_hex_map)


# Field maps: points on a 2-D field with labels set beside them where there is room.

DIGIT_HEIGHT = 0.73  # height of DejaVu Sans Mono digits and capitals, in font sizes
DESCENT = 0.24  # room under the baseline for an underline, in font sizes
OWNER_SCALE = 0.72  # owner marks are this much smaller than the label they follow
MIN_LABEL_SIZE = 5.0  # labels never shrink below this (a dense 400-planet field) ...
MAX_FIELD_LABEL = 9.0  # ... nor grow beyond this (a sparse one)
FIELD_NUMBER_SIZE = 7.0  # coordinate numbers around the frame
TICK = 3.0  # length of a tick mark outside the frame
SHRINK, SMALLEST_LABEL = 0.9, 4.0  # smaller type, to this size, before labels overprint
RINGS = 6  # rings of places around a point where its label may go, the first next to it


@dataclass(frozen=True)
class FieldGeometry:
    """Where a field map sits on the page; y grows down the field and up the page."""

    scale: float  # points per field unit
    left: float  # page x of the shown part's left edge (field x = x0)
    top: float  # page y of its top edge (field y = y0)
    width: float  # the shown part's width and height on the page
    height: float
    number_size: float  # font size of the coordinates around the frame
    x0: float = 0.0  # the field position at the top left corner
    y0: float = 0.0

    def point(self, fx: float, fy: float) -> tuple[float, float]:
        """Page position of field position (fx, fy), clamped into the frame."""
        px = self.left + min(max(fx - self.x0, 0.0), self.width / self.scale) * self.scale
        py = self.top - min(max(fy - self.y0, 0.0), self.height / self.scale) * self.scale
        return px, py

    @property
    def bottom(self) -> float:
        return self.top - self.height

    @property
    def right(self) -> float:
        return self.left + self.width


def field_geometry(m: FieldMap, x: float, y: float, w: float, h: float) -> FieldGeometry:
    """The largest view of the map's field (numbers and ticks around it) fitting the box,
    centred, top-aligned, with one scale across and down."""
    x0, y0, x1, y1 = m.view_box
    n = FIELD_NUMBER_SIZE
    digits = max(len(number_text(int(v))) for v in (y0, y1))
    margin_x = TICK + n * 0.3 + digits * mono_advance() * n + 1.0
    margin_y = TICK + n * 1.3
    scale = max(1e-3, min((w - 2 * margin_x) / (x1 - x0), (h - 2 * margin_y) / (y1 - y0)))
    width, height = (x1 - x0) * scale, (y1 - y0) * scale
    return FieldGeometry(scale, x + (w - width) / 2, y + h - margin_y, width, height, n, x0, y0)


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


class _Boxes:
    """Rectangles already taken on the page, hashed into square cells for quick tests."""

    def __init__(self, cell: float) -> None:
        self.cell = max(cell, 1.0)
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _keys(self, b: Box) -> Iterable[tuple[int, int]]:
        c = self.cell
        for i in range(int(b[0] // c), int(b[2] // c) + 1):
            for j in range(int(b[1] // c), int(b[3] // c) + 1):
                yield i, j

    def count(self, b: Box) -> int:
        """How many rectangles `b` overlaps."""
        hit = {
            id(o)
            for key in self._keys(b)
            for o in self.cells.get(key, ())
            if b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]
        }
        return len(hit)

    def add(self, b: Box) -> None:
        for key in self._keys(b):
            self.cells.setdefault(key, []).append(b)


# Where a label goes around its point, best first: unit vectors from the point to the
# label's nearest corner or edge midpoint (E, NE, SE, W, NW, SW, N, S).
_AROUND = (
    (1.0, 0.0),
    (0.7, 0.7),
    (0.7, -0.7),
    (-1.0, 0.0),
    (-0.7, 0.7),
    (-0.7, -0.7),
    (0.0, 1.0),
    (0.0, -1.0),
)


@dataclass(frozen=True)
class _Label:
    """A point's label as set: baseline start, size and whether a leader line leads to it."""

    point: FieldPoint
    cx: float  # the point on the page
    cy: float
    x: float  # start of the label's baseline
    base: float
    size: float
    width: float  # the label and owner mark together
    leader: bool


def _label_box(x: float, base: float, width: float, size: float) -> Box:
    pad = 0.1 * size
    return (x - pad, base - DESCENT * size, x + width + pad, base + DIGIT_HEIGHT * size + pad)


def _label_width(p: FieldPoint, size: float) -> float:
    adv = mono_advance()
    width = len(p.label) * adv * size
    if p.owner:  # a blank then the mark, so that copied text keeps them apart
        width += (1 + len(p.owner)) * adv * size * OWNER_SCALE
    return width


def _candidates(
    cx: float, cy: float, width: float, size: float, dot: float
) -> Iterable[tuple[float, float, int]]:
    """Places for a label around its point, best first: (x, baseline, ring); ring 0 is next to
    the point, the others further away (with a leader line)."""
    asc = DIGIT_HEIGHT * size
    for ring in range(RINGS):
        gap = dot + 0.25 * size + ring * 0.9 * size
        for dx, dy in _AROUND:
            # The label's digits start, end or are centred `gap` away along (dx, dy).
            x = cx + dx * gap if dx > 0 else cx + dx * gap - width if dx < 0 else cx - width / 2
            base = cy + dy * gap if dy > 0 else cy + dy * gap - asc if dy < 0 else cy - asc / 2
            yield x, base, ring


def _set_labels(
    g: FieldGeometry,
    points: Sequence[FieldPoint],
    size: float,
    dot: float,
    obstacles: Sequence[Box],
    region: Box,
    drop: bool = False,
) -> tuple[list[_Label], int]:
    """Set every label beside its point where it hits no other label, point or obstacle,
    the reader's own first; else further away with a leader line; else where it hits the
    fewest, or (with `drop`) not at all. Labels stay within `region` (the frame). Return
    the labels and how many of them found no free place."""
    taken = _Boxes(4 * size)
    for box in obstacles:
        taken.add(box)
    placed = [(p, *g.point(p.x, p.y)) for p in points]
    for _, cx, cy in placed:
        taken.add((cx - dot, cy - dot, cx + dot, cy + dot))
    labels = []
    crowded = 0
    for p, cx, cy in sorted(placed, key=lambda t: (not t[0].own, -t[2], t[1], t[0].label)):
        width = _label_width(p, size)
        best: tuple[int, float, float, int] | None = None
        for x, base, ring in _candidates(cx, cy, width, size, dot):
            box = _label_box(x, base, width, size)
            if box[0] < region[0] or box[2] > region[2] or box[1] < region[1] or box[3] > region[3]:
                continue
            hits = taken.count(box)
            if best is None or hits < best[0]:
                best = (hits, x, base, ring)
                if not hits:
                    break
        if best is None or best[0]:
            crowded += 1
            if drop:
                continue
        if best is None:  # a label wider or taller than the frame
            best = (0, cx + dot + 0.25 * size, cy - DIGIT_HEIGHT * size / 2, 0)
        _, x, base, ring = best
        taken.add(_label_box(x, base, width, size))
        labels.append(_Label(p, cx, cy, x, base, size, width, ring > 0))
    return labels, crowded


def _set_all_labels(
    g: FieldGeometry, points: Sequence[FieldPoint], size: float, dot: float, obstacles: list[Box]
) -> list[_Label]:
    """Every label set inside the frame at `size`, or in smaller type (down to
    SMALLEST_LABEL) when some label finds no free place at that size."""
    while True:
        labels, crowded = _set_labels(g, points, size, dot, obstacles, _frame_box(g))
        if not crowded or size <= SMALLEST_LABEL:
            return labels
        size = max(SMALLEST_LABEL, size * SHRINK)


def _field_sizes(g: FieldGeometry, n: int) -> tuple[float, float]:
    """Label size and dot radius for `n` points: smaller the more crowded the field."""
    spacing = math.sqrt(g.width * g.height / max(1, n))
    size = min(MAX_FIELD_LABEL, max(MIN_LABEL_SIZE, 0.24 * spacing))
    return size, min(2.0, max(1.0, 0.2 * size))


def _field_ticks(g: FieldGeometry, m: FieldMap) -> tuple[list[int], list[int]]:
    """Tick values across and down: one step, at least 3 number widths and 40 points apart."""
    widest = max(len(number_text(int(v))) for v in m.view_box)
    step = nice_step(max(40.0, 3 * widest * mono_advance() * g.number_size) / g.scale)
    return m.ticks(step)


def _highlight(lb: _Label) -> str:
    """A rectangle behind a label, from under its underline to above its digits."""
    s = lb.size
    top = (DIGIT_HEIGHT + 0.12) * s
    return "%.2f %.2f %.2f %.2f re" % (  # noqa: UP031 (fast, as in path_op)
        lb.x - 0.15 * s,
        lb.base - DESCENT * s,
        lb.width + 0.3 * s,
        top + DESCENT * s,
    )


def _dot(lb: _Label) -> str:
    """A zero-length subpath at the label's point: a dot when stroked with round caps."""
    return "%.2f %.2f m %.2f %.2f l" % (lb.cx, lb.cy, lb.cx, lb.cy)  # noqa: UP031


def _field_frame(ink: Ink, m: FieldMap, g: FieldGeometry) -> tuple[list[Box], list[str]]:
    """The white field and its grid; return the coordinates' boxes (kept clear of labels)
    and the frame with its tick marks, to stroke over what the caller draws inside."""
    frame = f"{fmt(g.left)} {fmt(g.bottom)} {fmt(g.width)} {fmt(g.height)} re"
    ink.paths([frame, "f"], SHEET_FILL)
    xs, ys = _field_ticks(g, m)
    n, adv = g.number_size, mono_advance()
    grid, ticks, coords = [], [frame], []
    for v in xs:
        px, _ = g.point(v, g.y0)
        grid.append(f"{fmt(px)} {fmt(g.bottom)} m {fmt(px)} {fmt(g.top)} l")
        ticks.append(f"{fmt(px)} {fmt(g.top)} m {fmt(px)} {fmt(g.top + TICK)} l")
        ticks.append(f"{fmt(px)} {fmt(g.bottom)} m {fmt(px)} {fmt(g.bottom - TICK)} l")
        half = len(number_text(v)) * adv * n / 2
        coords.append((px - half, g.top + TICK + 0.3 * n, number_text(v)))
        coords.append((px - half, g.bottom - TICK - 0.3 * n - DIGIT_HEIGHT * n, number_text(v)))
    for v in ys:
        _, py = g.point(g.x0, v)
        grid.append(f"{fmt(g.left)} {fmt(py)} m {fmt(g.right)} {fmt(py)} l")
        ticks.append(f"{fmt(g.left)} {fmt(py)} m {fmt(g.left - TICK)} {fmt(py)} l")
        ticks.append(f"{fmt(g.right)} {fmt(py)} m {fmt(g.right + TICK)} {fmt(py)} l")
        label, base = number_text(v), py - DIGIT_HEIGHT * n / 2
        coords.append((g.left - TICK - 0.3 * n - len(label) * adv * n, base, label))
        coords.append((g.right + TICK + 0.3 * n, base, label))
    ink.paths([*grid, "S"], FIELD_GRID)
    for cx, base, text in coords:
        ink.text(cx, base, text, n)
    ink.flush(NUMBER_GREY)
    return [_label_box(cx, base, len(t) * adv * n, n) for cx, base, t in coords], ticks


def _frame_box(g: FieldGeometry) -> Box:
    return g.left, g.bottom, g.right, g.top


def _draw_field_map(canvas: Canvas, m: Map, x: float, y: float, w: float, h: float) -> float:
    """Draw a FieldMap: a white field in a frame with coordinates on all four sides and a
    faint grid at the ticks, a dot per point and its label beside it inside the frame (own
    points bold, underlined and highlighted), owner marks in small type after the label."""
    assert isinstance(m, FieldMap)
    g = field_geometry(m, x, y, w, h)
    points = m.shown()
    size, dot = _field_sizes(g, len(points))
    ink = ink_for(canvas)
    obstacles, ticks = _field_frame(ink, m, g)
    labels = _set_all_labels(g, points, size, dot, obstacles)
    size = labels[0].size if labels else size
    adv = mono_advance()

    own = [lb for lb in labels if lb.point.own]
    if own:  # a highlighter stroke behind the reader's own labels
        ink.paths([*(_highlight(lb) for lb in own), "f"], OWN_FILL)
    ink.paths([*ticks, "S"], FIELD_FRAME)

    leaders = []
    for lb in labels:
        if lb.leader:
            box = _label_box(lb.x, lb.base, lb.width, size)
            tx = min(max(lb.cx, box[0]), box[2])
            ty = min(max(lb.cy, box[1]), box[3])
            leaders.append(f"{fmt(lb.cx)} {fmt(lb.cy)} m {fmt(tx)} {fmt(ty)} l")
    if leaders:
        ink.paths([*leaders, "S"], LEADER)

    # Dots: zero-length round-capped strokes, which PDF paints as filled circles.
    plain = [_dot(lb) for lb in labels if not lb.point.own]
    if plain:
        ink.paths([*plain, "S"], f"0 G {fmt(2 * dot)} w 1 J")
    if own:
        ink.paths([*(_dot(lb) for lb in own), "S"], f"0 G {fmt(2.8 * dot)} w 1 J")

    underlines = []
    small = size * OWNER_SCALE
    for lb in labels:
        # Each label ends in an (invisible) blank, so that copied text keeps labels apart.
        p = lb.point
        ink.text(lb.x, lb.base, p.label if p.owner else p.label + " ", size, bold=p.own)
        if p.owner:
            ink.text(lb.x + len(p.label) * adv * size, lb.base, f" {p.owner} ", small)
        if p.own:
            uy = lb.base - 0.14 * size
            end = lb.x + len(p.label) * adv * size
            underlines.append(f"{fmt(lb.x)} {fmt(uy)} m {fmt(end)} {fmt(uy)} l")
    ink.flush()
    if underlines:
        ink.paths([*underlines, "S"], f"0 G {fmt(max(0.5, size / 14))} w 0 J")
    return g.bottom - TICK - 1.3 * g.number_size


register_map_drawer(FieldMap, _draw_field_map)

SHEET_BORDER = "0.2 G 1.2 w 0 J"  # the sheets' borders on an atlas index
SHEET_NUMBER = 20.0  # the sheets' numbers on it, at most


def _draw_field_index(canvas: Canvas, m: Map, x: float, y: float, w: float, h: float) -> float:
    """Draw a FieldIndex: the field's frame, a small dot per point with its owner mark
    where one fits, the sheets' borders, and each sheet's number large in its middle."""
    assert isinstance(m, FieldIndex)
    g = field_geometry(m, x, y, w, h)
    ink = ink_for(canvas)
    obstacles, ticks = _field_frame(ink, m, g)
    adv, dot = mono_advance(), 0.9
    borders, numbers = [], []
    for sh in m.sheets:
        left, top = g.point(sh.box[0], sh.box[1])
        right, bottom = g.point(sh.box[2], sh.box[3])
        borders.append(f"{fmt(left)} {fmt(bottom)} {fmt(right - left)} {fmt(top - bottom)} re")
        text = str(sh.number)
        size = min(SHEET_NUMBER, 0.3 * (top - bottom), 0.6 * (right - left) / len(text) / adv)
        cx, cy = (left + right) / 2, (top + bottom) / 2
        base = cy - DIGIT_HEIGHT * size / 2
        numbers.append((cx, base, text, size))
        obstacles.append(
            _label_box(cx - len(text) * adv * size / 2, base, len(text) * adv * size, size)
        )
    owned = [FieldPoint(p.x, p.y, p.owner) for p in m.shown() if p.owner]
    size = MIN_LABEL_SIZE + 1
    labels, _ = _set_labels(g, owned, size, dot, obstacles, _frame_box(g), drop=True)
    dots = [_dot(_Label(p, *g.point(p.x, p.y), 0, 0, 0, 0, False)) for p in m.shown()]
    if dots:
        ink.paths([*dots, "S"], f"0.45 G {fmt(2 * dot)} w 1 J")
    ink.paths([*borders, "S"], SHEET_BORDER)
    ink.paths([*ticks, "S"], FIELD_FRAME)
    for lb in labels:
        ink.text(lb.x, lb.base, lb.point.label + " ", size)
    ink.flush()
    for cx, base, text, nsize in numbers:
        ink.text_centered(cx, base, text, nsize, bold=True)
    ink.flush("0.15")
    return g.bottom - TICK - 1.3 * g.number_size


register_map_drawer(FieldIndex, _draw_field_index)
