"""Map models shared by all rulesets, and their fixed-width text rendering.

A map is plain data; the text renderer is here and the vector renderer is in
`galbatch.print.maps.fields_pdf`, so a ruleset only builds the model. Hex sheets use
"odd columns down" offset coordinates, as printed hex maps number them; a field
map is a plain 2-D field of labelled points, x across and y down.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from galbatch.print.maps.board import BoardMap
from galbatch.print.maps.grid import GridMap
from galbatch.print.maps.tiles import TileMap


@dataclass(frozen=True)
class HexMarker:
    """A labelled hex: a world number, possibly underlined (the reader owns it)."""

    col: int
    row: int
    label: str
    underline: bool = False
    owner: str = ""  # owner mark drawn beside the label in PDF; "" when unknown


@dataclass(frozen=True)
class HexMap:
    """A hex sheet of `cols` x `rows` hexes with labelled hexes."""

    title: str
    cols: int
    rows: int
    markers: tuple[HexMarker, ...]
    legend: tuple[str, ...] = ()

    CELL = 4  # characters per hex column in text

    def text_lines(self, width: int, height: int) -> list[str]:
        """The sheet as characters: labels centred in 4-column cells, own worlds underlined.

        Even columns print on even text rows, odd columns one line lower, so a
        hex row takes two lines and the underline sits on the line below a label;
        so does the owner mark of a world not underlined, as P and the owner ("P3").
        """
        del height  # a hex sheet is laid out to fit one page by the ruleset's setup
        left = 3
        grid_w = left + self.cols * self.CELL
        n_lines = self.rows * 2 + 1
        grid = [[" "] * grid_w for _ in range(n_lines)]
        occupied = {(m.col, m.row): m for m in self.markers}
        for col in range(self.cols):
            for row in range(self.rows):
                y = row * 2 + (col % 2)
                x = left + col * self.CELL
                marker = occupied.get((col, row))
                if marker is None:
                    grid[y][x + 2] = "."
                    continue
                label = marker.label[:3].rjust(3)
                for i, ch in enumerate(label):
                    grid[y][x + i] = ch
                if marker.underline:
                    for i, ch in enumerate(label):
                        if ch != " ":
                            grid[y + 1][x + i] = "-"
                elif marker.owner:
                    for i, ch in enumerate(f"P{marker.owner}"[:3].rjust(3)):
                        grid[y + 1][x + i] = ch
        for row in range(self.rows):
            grid[row * 2][0:2] = list(f"{row + 1:02d}")
        header = " " * left + "".join(f"{c + 1:02d}".center(self.CELL) for c in range(self.cols))
        lines = [header] + ["".join(r).rstrip() for r in grid]
        lines += [""] + list(self.legend)
        return [line[:width] for line in lines]


@dataclass(frozen=True)
class FieldPoint:
    """A labelled point on a field map: a planet number at its position."""

    x: float
    y: float
    label: str
    own: bool = False  # the reader's own: marked in text, bold and underlined in PDF
    owner: str = ""  # owner mark printed after the label; "" when none or unknown


@dataclass(frozen=True)
class FieldMap:
    """A 2-D field of `width` x `height` field units with labelled points.

    Points lie in [0, width] x [0, height], x across from the left and y down
    from the top, as the players' screens show the field. `window` (x0, y0, x1,
    y1) shows only that part of the field, numbered in field units; points
    outside it are left out. Both renderings keep the proportions, so distances
    read the same across and down.
    """

    title: str
    width: float
    height: float
    points: tuple[FieldPoint, ...]
    legend: tuple[str, ...] = ()
    window: tuple[float, float, float, float] | None = None

    @property
    def view_box(self) -> tuple[float, float, float, float]:
        """The part of the field shown, (x0, y0, x1, y1), never empty."""
        x0, y0, x1, y1 = self.window or (0.0, 0.0, self.width, self.height)
        return x0, y0, max(x1, x0 + 1e-6), max(y1, y0 + 1e-6)

    def shown(self) -> tuple[FieldPoint, ...]:
        """The points inside the view box."""
        x0, y0, x1, y1 = self.view_box
        return tuple(p for p in self.points if x0 <= p.x <= x1 and y0 <= p.y <= y1)

    def ticks(self, step: int) -> tuple[list[int], list[int]]:
        """The multiples of `step` in the view box, across and down."""
        x0, y0, x1, y1 = self.view_box
        return _multiples(x0, x1, step), _multiples(y0, y1, step)

    def text_lines(self, width: int, height: int) -> list[str]:
        """The field as characters within `width` columns and `height` lines: a frame with
        coordinate ticks, each point's label centred on its scaled position (own points
        marked *, owner marks after a colon), crowded labels shifted a little or replaced
        by # and listed below, then the legend (always the last lines)."""
        return _FieldText(self, width, height).lines()


def _multiples(low: float, high: float, step: int) -> list[int]:
    return list(range(math.ceil(low / step) * step, math.floor(high) + 1, step))


@dataclass(frozen=True)
class Sheet:
    """One sheet of a field atlas: its number, the part of the field it shows and how many
    of the field's points lie on it (and how many of those have an owner mark)."""

    number: int
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in field units
    points: int
    owned: int


@dataclass(frozen=True)
class FieldIndex(FieldMap):
    """The index page of a field atlas: the field divided into numbered sheets, its points
    as dots (owner marks beside them in PDF where they fit), no planet labels."""

    sheets: tuple[Sheet, ...] = ()

    def text_lines(self, width: int, height: int) -> list[str]:
        """The field's frame with the sheets' borders, each sheet's number and its counts
        of points and owned points in its middle, then the legend."""
        return _FieldText(self, width, height).lines()


def field_atlas(m: FieldMap, width: int, height: int) -> tuple[FieldMap, ...]:
    """The map as it prints within `width` columns and `height` lines: itself when every
    label fits its text rendering, else an index and sheets (as a road atlas), the fewest
    sheets of one size on which every label fits, in reading order. Each point lies on
    exactly one sheet: sheet borders belong to the sheet right of or below them."""
    if not _FieldText(m, width, height).crowds():
        return (m,)
    x0, y0, x1, y1 = m.view_box
    probe = _FieldText(m, width, height)
    aspect = (width - probe.left - 2) * CHAR_ASPECT / probe.rows_max()  # a page's shape
    tried: set[tuple[int, int]] = set()
    for kx in range(2, 41):
        ky = max(1, round(kx * aspect * (y1 - y0) / (x1 - x0)))
        for grid in ((kx, ky), (kx - 1, ky)):
            if grid in tried or min(grid) < 1:
                continue
            tried.add(grid)
            sheets = _sheets(m, *grid, width)
            if not any(_FieldText(s, width, height).crowds() for s in sheets):
                return (_index(m, sheets), *sheets)
    return (m,)  # not reached on any field the rulesets make


def _cuts(low: float, high: float, k: int) -> list[float]:
    """k + 1 whole-number borders from `low` to `high`, as even as whole numbers allow."""
    return [low + round(i * (high - low) / k) for i in range(k)] + [high]


def _sheets(m: FieldMap, kx: int, ky: int, width: int) -> list[FieldMap]:
    """The map cut into kx x ky sheets, each with its points and a legend naming its
    place and its neighbours (on two lines when one is wider than `width`)."""
    x0, y0, x1, y1 = m.view_box
    xs, ys = _cuts(x0, x1, kx), _cuts(y0, y1, ky)
    cells: list[list[FieldPoint]] = [[] for _ in range(kx * ky)]
    for p in m.shown():
        i = min(kx - 1, bisect.bisect_right(xs, p.x) - 1)
        j = min(ky - 1, bisect.bisect_right(ys, p.y) - 1)
        cells[j * kx + i].append(p)
    total = kx * ky
    out = []
    for j in range(ky):
        for i in range(kx):
            n = j * kx + i + 1
            near = [
                f"{side} {k}"
                for side, k, ok in (
                    ("ABOVE", n - kx, j > 0),
                    ("LEFT", n - 1, i > 0),
                    ("RIGHT", n + 1, i < kx - 1),
                    ("BELOW", n + kx, j < ky - 1),
                )
                if ok
            ]
            box = (xs[i], ys[j], xs[i + 1], ys[j + 1])
            where = [
                f"SHEET {n} OF {total}: X {number_text(box[0])} TO {number_text(box[2])}, "
                f"Y {number_text(box[1])} TO {number_text(box[3])}.",
                f"NEXT: {', '.join(near)}.",
            ]
            if len(" ".join(where)) <= width:
                where = [" ".join(where)]
            title = f"{m.title}, SHEET {n} OF {total}"
            legend = (*m.legend, *where)
            out.append(FieldMap(title, m.width, m.height, tuple(cells[n - 1]), legend, box))
    return out


def _index(m: FieldMap, sheets: Sequence[FieldMap]) -> FieldIndex:
    """The index of an atlas of `m`: every sheet's place and counts."""
    marks = tuple(
        Sheet(n, s.view_box, len(s.points), sum(1 for p in s.points if p.owner))
        for n, s in enumerate(sheets, 1)
    )
    key = f"THE FIELD ON {len(sheets)} SHEETS, EACH ON A PAGE OF ITS OWN, IN READING ORDER."
    return FieldIndex(
        f"{m.title}, INDEX", m.width, m.height, m.shown(), (*m.legend, key), m.window, marks
    )


Map: TypeAlias = HexMap | FieldMap | GridMap | BoardMap | TileMap

# Text rendering of field maps.
CHAR_ASPECT = 0.6  # a column is 0.6 as wide as a line is high (10 columns, 6 lines an inch)
MAP_HEADING_LINES = 2  # layout sets the section title and its rule above a map
OWN_MARK = "*"
OWNER_SEPARATOR = ":"
CROWDED_MARK = "#"
MAX_CROWDED_LINES = 3
# Where a label may go instead of its own place: (rows down, columns right), nearest first;
# two rows or more than three columns off only when nothing nearer is free.
_SHIFTS = sorted(
    ((dr, ds) for dr in (0, -1, 1, -2, 2) for ds in range(-6, 7)),
    key=lambda s: (
        abs(s[0]) > 1 or abs(s[1]) > 3,
        abs(s[1]) + 2 * abs(s[0]),
        abs(s[0]),
        s[0],
        abs(s[1]),
        -s[1],
    ),
)


def nice_step(minimum: float) -> int:
    """The smallest of 1, 2, 5, 10, 20, 25, 50, 100, ... that is at least `minimum`."""
    decade = 1
    while True:
        for m in (1, 2, 5) if decade == 1 else (1, 2, 2.5, 5):
            if decade * m >= minimum:
                return int(decade * m)
        decade *= 10


def number_text(v: float) -> str:
    """A coordinate as printed: whole numbers without a decimal point."""
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def point_text(p: FieldPoint) -> tuple[str, int]:
    """A point's text label and the index of the character that sits on its position."""
    prefix = OWN_MARK if p.own else ""
    suffix = OWNER_SEPARATOR + p.owner if p.owner else ""
    return prefix + p.label + suffix, len(prefix) + (len(p.label) - 1) // 2


class _FieldText:
    """One text rendering of a field map (see `FieldMap.text_lines`)."""

    def __init__(self, m: FieldMap, width: int, height: int) -> None:
        self.m = m
        self.width = width
        self.x0, self.y0, x1, y1 = m.view_box
        self.span_x, self.span_y = x1 - self.x0, y1 - self.y0
        self.sheets = m.sheets if isinstance(m, FieldIndex) else ()
        self.points = () if self.sheets else m.shown()  # an index shows no planet labels
        self.digits = max(len(number_text(int(v))) for v in (self.y0, y1))
        self.left = self.digits + 1  # y tick labels and a space before the frame
        self.legend = [line[:width] for line in m.legend]
        self.marked = any(p.own or p.owner for p in self.points)
        # Lines besides the grid: labels and frame above and below, then the legend after
        # a blank line; the text-only notes go between that blank line and the legend.
        self.base = 4 + (len(self.legend) + 1 if self.legend else 0)
        self.budget = height - MAP_HEADING_LINES
        self.cols = self.rows = 1
        self.grid: list[list[str]] = []
        self.crowded: list[FieldPoint] = []

    def size(self, rows_max: int) -> None:
        """The largest grid within the page width and `rows_max` lines keeping proportions."""
        cols_max = max(1, self.width - self.left - 2)
        ratio = self.span_y / self.span_x * CHAR_ASPECT
        cols, rows = cols_max, max(1, round(cols_max * ratio))
        if rows > rows_max:
            rows = max(1, rows_max)
            cols = max(1, min(cols_max, round(rows / ratio)))
        self.cols, self.rows = cols, rows

    def col(self, x: float) -> int:
        return min(self.cols - 1, max(0, int((x - self.x0) / self.span_x * self.cols)))

    def row(self, y: float) -> int:
        return min(self.rows - 1, max(0, int((y - self.y0) / self.span_y * self.rows)))

    def place(self, give_up: bool = False) -> None:
        """Write every label into the grid, the reader's own first, nearest free place first
        (with `give_up`, stop at the first that finds none); on an index, the sheets'
        borders and numbers."""
        self.grid = [[" "] * self.cols for _ in range(self.rows)]
        self.crowded = []
        if self.sheets:
            self._place_sheets()
        for p in sorted(self.points, key=lambda p: (not p.own, p.y, p.x, p.label)):
            text, anchor = point_text(p)
            c, r = self.col(p.x), self.row(p.y)
            if not self._put(text, r, c - anchor):
                self.crowded.append(p)
                if give_up:
                    return
                cells = self.grid[r][max(0, c - 1) : c + 2]
                if all(ch == " " for ch in cells):
                    self.grid[r][c] = CROWDED_MARK

    def _place_sheets(self) -> None:
        """Inner sheet borders as lines, and in each sheet's middle its number and counts,
        each line only if it fits between the borders."""
        for sh in self.sheets:
            x0, y0, x1, y1 = sh.box
            c0, r0 = self.col(x0), self.row(y0)
            c1 = self.cols if x1 >= self.x0 + self.span_x else self.col(x1)
            r1 = self.rows if y1 >= self.y0 + self.span_y else self.row(y1)
            if c0 > 0:
                for r in range(r0, r1):
                    self.grid[r][c0] = "|"
            if r0 > 0:
                for c in range(c0, c1):
                    self.grid[r0][c] = "+" if self.grid[r0][c] == "|" else "-"
            inner = (c0 + (1 if c0 > 0 else 0), c1)
            texts = [f"SHEET {sh.number}", f"{sh.points} PLANETS", f"{sh.owned} OWNED"]
            texts = [t for t in texts if len(t) <= inner[1] - inner[0]]
            rows = list(range(r0 + (1 if r0 > 0 else 0), r1))
            first = rows[0] + (len(rows) - len(texts)) // 2 if rows else 0
            for k, text in enumerate(texts[: len(rows)]):
                start = (inner[0] + inner[1] - len(text)) // 2
                self.grid[first + k][start : start + len(text)] = list(text)

    def crowds(self) -> bool:
        """Whether some label finds no room in this rendering."""
        self.size(self.rows_max())
        self.place(give_up=True)
        return bool(self.crowded)

    def rows_max(self) -> int:
        """The most grid rows the page leaves (with room for the key below)."""
        key = 1 if self.marked else 0
        return self.budget - self.base - (key + (0 if self.legend else 1) if key else 0)

    def _put(self, text: str, r: int, start: int) -> bool:
        n = len(text)
        if n > self.cols:
            return False
        for dr, ds in _SHIFTS:
            rr = r + dr
            if not 0 <= rr < self.rows:
                continue
            s = min(max(start + ds, 0), self.cols - n)
            line = self.grid[rr]
            if all(ch == " " for ch in line[max(0, s - 1) : s + n + 1]):
                line[s : s + n] = list(text)
                return True
        return False

    def crowded_lines(self, limit: int) -> list[str]:
        """The crowded points as `number (x,y)`, wrapped, in at most `limit` lines."""
        if limit <= 0:
            return []
        items = [f"{p.label} ({number_text(p.x)},{number_text(p.y)})" for p in self.crowded]
        lines: list[str] = []
        line = "NO ROOM FOR:"
        for i, item in enumerate(items):
            last = len(lines) + 1 == limit
            after = len(items) - i - 1
            more = f"  AND {after} MORE" if last and after else ""
            if len(line) + 2 + len(item) + len(more) <= self.width:
                line += "  " + item
            elif last:
                return [*lines, f"{line}  AND {after + 1} MORE"]
            else:
                lines.append(line)
                line = "  " + item
        return [*lines, line]

    def notes(self, limit: int) -> list[str]:
        """The text-only key below the map (own marks, owner marks, crowded labels) and the
        crowded points, in at most `limit` lines."""
        parts = []
        own = next((p for p in self.points if p.own), None)
        if own:
            parts.append(f"{point_text(own)[0]} = {own.label}, YOURS")
        owned = next((p for p in self.points if p.owner), None)
        if owned:
            parts.append(f"{point_text(owned)[0]} = {owned.label}, OWNER {owned.owner}")
        if self.crowded:
            parts.append(f"{CROWDED_MARK} = NO ROOM FOR THE NUMBER")
        key = ["   ".join(parts)[: self.width]] if parts else []
        crowded = self.crowded_lines(limit - len(key)) if self.crowded else []
        return (key + crowded)[: max(0, limit)]

    def notes_room(self) -> int:
        """Lines left for the notes below the grid (after the blank line they may need)."""
        return self.budget - self.base - self.rows - (0 if self.legend else 1)

    def lines(self) -> list[str]:
        """Size the grid for the page (leaving room for the key), set the labels, and shrink
        the grid if the crowded labels' list needs more room than is left."""
        self.size(self.rows_max())
        self.place()
        wanted = len(self.notes(1 + MAX_CROWDED_LINES))
        if wanted > self.notes_room():
            self.size(self.rows - (wanted - self.notes_room()))
            self.place()
        notes = self.notes(self.notes_room())
        return [line[: self.width] for line in self._frame(notes)]

    def _frame(self, notes: Sequence[str]) -> list[str]:
        step = nice_step(
            max(
                max(8, len(number_text(int(self.x0 + self.span_x))) + 3) * self.span_x / self.cols,
                3 * self.span_y / self.rows,
            )
        )
        xs, ys = self.m.ticks(step)
        tick_cols = {self.col(v) for v in xs}
        tick_rows = {self.row(v): number_text(v) for v in ys}
        # Tick marks on the frame, except beside a corner where they would look doubled.
        frame_cols = tick_cols - {0, self.cols - 1}
        frame_rows = set(tick_rows) - {0, self.rows - 1}
        for r in tick_rows:  # a dot where grid lines would cross, if it touches no label
            for c in tick_cols:
                if not self.sheets and all(ch == " " for ch in self.grid[r][max(0, c - 1) : c + 2]):
                    self.grid[r][c] = "."
        labels = self._x_labels(xs)
        pad = " " * self.left
        rule = pad + "+" + "".join("+" if c in frame_cols else "-" for c in range(self.cols)) + "+"
        out = [labels, rule]
        for r, cells in enumerate(self.grid):
            y_label = tick_rows.get(r, "").rjust(self.digits)
            edge = "+" if r in frame_rows else "|"
            out.append(f"{y_label} {edge}{''.join(cells)}{edge}".rstrip())
        out += [rule, labels]
        if notes or self.legend:
            out += ["", *notes, *self.legend]
        return out

    def _x_labels(self, xs: Sequence[float]) -> str:
        line = [" "] * (self.left + self.cols + 2)
        end = 0
        for v in xs:
            text = number_text(v)
            start = self.left + 1 + self.col(v) - (len(text) - 1) // 2
            start = min(max(start, end), len(line) - len(text))
            if start < end:
                continue
            line[start : start + len(text)] = list(text)
            end = start + len(text) + 1
        return "".join(line).rstrip()
