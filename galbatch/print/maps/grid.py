"""A square-grid map model and its fixed-width text rendering.

A grid map shows a window of a grid of numbered squares (rows down, columns across,
both from 0 at the top left), each occupied square with a short label, as a star
chart's symbols or numbers. The vector drawing is in `galbatch.print.maps.grid_pdf`.

The text keeps every square at its place, so it shrinks the grid only as a line
printer could: a square gets up to three columns when the page is wide enough,
else one; when the rows do not fit the page, each line shows two rows, and when
the columns do not fit, each character two columns. A label is right-aligned in
its cell with a blank column before it, or fills the cell when the square to its
left is empty; a number that still has no room prints as one letter (a = 10 ...
z = 35, + beyond). Where squares share a character, the highest-ranked label wins
and plain labels (rank 0) print as ' . : for the upper row, the lower row or both.
The text key says which of these the rendering uses.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

STAR = "*"  # the label drawn as a star symbol in PDF
# The section title and its rule above a map: maps.MAP_HEADING_LINES, not imported from there
# so that maps.py may import this module for its Map type.
MAP_HEADING_LINES = 2
ROW_DIGITS = 2  # row and column numbers are printed with at least this many digits
GRID_DOT = "."  # every fifth row and column meet here, on an empty square of a full-size grid
UPPER, LOWER, BOTH = "'", ".", ":"  # plain labels sharing a character, two rows to a line
CODES = "abcdefghijklmnopqrstuvwxyz"  # numbers 10..35 in a one-column cell
TOO_BIG = "+"  # numbers beyond 35 in a one-column cell
OWN_FLAG, ENEMY_FLAG, SHIPS_FLAG = "=", "!", ">"  # before a label, when the cell has room
OWN_SHIPS_FLAG = "#"  # the reader's square with the reader's ships: both flags in one
MAX_CELL = 3  # columns per square at most


@dataclass(frozen=True)
class GridCell:
    """One occupied square: its label and what it holds.

    `rank` decides which label prints where several squares share a text character
    (higher first); rank 0 labels are plain, printed as ' . : when merged.
    """

    row: int
    col: int
    label: str
    rank: int = 0
    own: bool = False  # the reader's: highlighted
    enemy: bool = False  # known to be another's
    ships: bool = False  # the reader's ships are there


@dataclass(frozen=True)
class KeyEntry:
    """A line of the map's key: how a kind of square looks, and what it means."""

    sample: GridCell  # its row and column are not used
    meaning: str


@dataclass(frozen=True)
class GridMap:
    """The squares `top`..`top + rows - 1` down and `left`..`left + cols - 1` across of a grid
    of `extent` (rows, columns); window squares beyond the grid's edge show nothing.

    `key` explains the symbols and each renderer shows it its own way; `legend` lines
    are printed as they are, as the last lines of the text and under the PDF drawing.
    """

    title: str
    top: int
    left: int
    rows: int
    cols: int
    cells: tuple[GridCell, ...]
    key: tuple[KeyEntry, ...] = ()
    legend: tuple[str, ...] = ()
    extent: tuple[int, int] = (100, 100)
    wrap: bool = False  # the window goes on across an edge from the opposite one

    def row_at(self, i: int) -> int | None:
        """The grid row on the window's line `i`, None beyond the grid's edge."""
        return _at(self.top + i, self.extent[0], self.wrap)

    def col_at(self, j: int) -> int | None:
        """The grid column in the window's column `j`, None beyond the grid's edge."""
        return _at(self.left + j, self.extent[1], self.wrap)

    def offset(self, row: int, col: int) -> tuple[int, int] | None:
        """Where square (row, col) is in the window, (line, column) from its top left;
        None if it is not shown."""
        if not (0 <= row < self.extent[0] and 0 <= col < self.extent[1]):
            return None
        i, j = row - self.top, col - self.left
        if self.wrap:
            i, j = i % self.extent[0], j % self.extent[1]
        return (i, j) if 0 <= i < self.rows and 0 <= j < self.cols else None

    def shown(self) -> tuple[GridCell, ...]:
        """The cells in the window, one per square (the highest rank), in reading order of
        the window."""
        best: dict[tuple[int, int], GridCell] = {}
        for c in self.cells:
            at = self.offset(c.row, c.col)
            if at is not None:
                old = best.get(at)
                if old is None or c.rank > old.rank:
                    best[at] = c
        return tuple(best[k] for k in sorted(best))

    @property
    def digits(self) -> int:
        """Digits of a row or column number."""
        return max(ROW_DIGITS, len(str(max(self.extent) - 1)))

    def text_lines(self, width: int, height: int) -> list[str]:
        """The map within `width` columns and `height` lines (less the heading that layout
        puts above it): column numbers, the rows each numbered at both ends, the column
        numbers again if there is room, then a blank line, the text key and the legend."""
        return _GridText(self, width, height).lines()


def _at(n: int, size: int, wrap: bool) -> int | None:
    """Square number `n` of a row or column of `size` squares, wrapped or None off the edge."""
    if wrap:
        return n % size
    return n if 0 <= n < size else None


def _flag(c: GridCell) -> str:
    """The flag before a square's label: the reader's ships and square, either, or
    another's square; "" for none."""
    if c.ships:
        return OWN_SHIPS_FLAG if c.own else SHIPS_FLAG
    return OWN_FLAG if c.own else ENEMY_FLAG if c.enemy else ""


def number_mark(label: str, room: int) -> str:
    """A label as it prints in `room` columns: itself if it fits, a number as one letter
    (a = 10 ... z = 35, + beyond), anything else by its first character."""
    if len(label) <= room:
        return label
    if label.isdigit():
        n = int(label)
        return CODES[n - 10] if 10 <= n < 10 + len(CODES) else TOO_BIG
    return label[:1]


def wrap_items(items: Sequence[str], width: int, gap: str = "   ") -> list[str]:
    """Items on lines of at most `width` columns, `gap` between them; an item goes to a
    line of its own, split between words, only when it is wider than a line."""
    lines: list[str] = []
    line = ""
    for item in items:
        if line and len(line) + len(gap) + len(item) <= width:
            line += gap + item
            continue
        if line:
            lines.append(line)
        line = ""
        for word in item.split(" "):
            if line and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = ""
            line = f"{line} {word}" if line else word[:width]
    return [*lines, line] if line else lines


class _GridText:
    """One text rendering of a grid map (see `GridMap.text_lines`)."""

    def __init__(self, m: GridMap, width: int, height: int) -> None:
        self.m = m
        self.width = width
        self.budget = height - MAP_HEADING_LINES
        self.digits = m.digits
        self.margin = self.digits + 1  # row numbers and a blank, at each end
        self.legend = [line[:width] for line in m.legend]
        self.cells = m.shown()
        room = width - 2 * self.margin
        fit = [cw for cw in range(MAX_CELL, 0, -1) if m.cols * cw <= room]
        self.cw = fit[0] if fit else 1  # columns per square
        self.sx = 1 if fit else max(2, math.ceil(m.cols / max(1, room)))  # squares per column
        self.sy = 1  # rows per line
        self.texts, self.coded = self.place()
        self.key = self.key_lines()
        while self.sy < m.rows and self.grid_lines() + 1 + self.tail() > self.budget:
            self.sy += 1
            self.texts, self.coded = self.place()
            self.key = self.key_lines()

    def merged(self) -> bool:
        return self.sx > 1 or self.sy > 1

    def grid_lines(self) -> int:
        return math.ceil(self.m.rows / self.sy)

    def tail(self) -> int:
        """Lines after the grid: a blank line, the key and the legend."""
        n = len(self.key) + len(self.legend)
        return n + 1 if n else 0

    def cell_text(self, c: GridCell, room: int) -> str:
        """A square's text in `room` columns: its label after a flag for what it holds
        (the reader's ships, the reader's square, both, another's square); a number
        too long to print beside its flag prints as a letter; in one column the label
        alone, but the reader's own number gives way to its flag (the number says
        nothing of whose the square is)."""
        flag = _flag(c)
        if not c.label:  # an empty square that holds something: the flag alone
            return flag
        if not flag:
            return number_mark(c.label, room)
        if room > 1:
            return flag + number_mark(c.label, room - 1)
        return flag if c.own and c.label.isdigit() else number_mark(c.label, room)

    def place(self) -> tuple[dict[tuple[int, int], str], list[int]]:
        """Each text character's (line, cell) and what it shows; and the numbers printed as
        letters. A cell's text is right-aligned and keeps a blank column before it, unless
        the cell to its left is empty: then it may take its whole cell."""
        m = self.m
        chosen: dict[tuple[int, int], list[tuple[int, GridCell]]] = {}
        for c in self.cells:
            at = m.offset(c.row, c.col)
            assert at is not None  # shown() keeps only the window's cells
            chosen.setdefault((at[0] // self.sy, at[1] // self.sx), []).append((at[0], c))
        texts: dict[tuple[int, int], str] = {}
        coded: list[int] = []
        for (line, char), cells in sorted(chosen.items()):
            if self.merged() and all(c.rank == 0 for _, c in cells):
                halves = {i % self.sy < self.sy / 2 for i, _ in cells}
                texts[(line, char)] = (
                    BOTH if len(halves) == 2 else UPPER if True in halves else LOWER
                )
                continue
            best = max(cells, key=lambda ic: (ic[1].rank, -ic[0]))[1]
            room = self.cw if (line, char - 1) not in chosen else max(1, self.cw - 1)
            if self.merged():
                room = 1
            text = self.cell_text(best, room)
            if best.label.isdigit() and best.label not in text and text != _flag(best):
                coded.append(int(best.label))
            texts[(line, char)] = text
        return texts, coded

    def key_lines(self) -> list[str]:
        """The key as this rendering shows it: the map's entries (an entry that looks like an
        earlier one here, as a flag that has no room, is left out), then what the letters
        and merged squares mean."""
        items: list[str] = []
        seen: set[str] = set()
        room = 1 if self.merged() else self.cw
        for entry in self.m.key:
            text = self.cell_text(entry.sample, room)
            if not text.strip() or text in seen:
                continue
            seen.add(text)
            items.append(f"{text} {entry.meaning}")
        if self.coded:
            top = min(max(self.coded), 9 + len(CODES))
            where = "" if room == 1 else " BESIDE ANOTHER SYMBOL"
            items.append(f"a-{CODES[top - 10]} {10}-{top}{where}")
            if max(self.coded) > top:
                items.append(f"{TOO_BIG} {top + 1} OR MORE")
        if self.merged():
            plain = sorted({c.label for c in self.cells if c.rank == 0}) or [STAR]
            across = f"{self.sx} COLUMNS" if self.sx > 1 else "ONE COLUMN"
            down = f"{self.sy} ROWS" if self.sy > 1 else "ONE ROW"
            items.append(f"A CHARACTER IS {down} BY {across}")
            if self.sy > 1:
                items.append(
                    f"{UPPER} {LOWER} {BOTH} {'/'.join(plain)} IN ITS UPPER, LOWER, BOTH ROWS"
                )
        return wrap_items(items, self.width)

    def column_numbers(self) -> str:
        """Every fifth column's number (every fifth character's when merged), its last digit
        over the column."""
        m = self.m
        step = 5 * self.sx
        line = [" "] * self.width
        end = 0
        for j in range(m.cols):
            col = m.col_at(j)
            if col is None or col % step:
                continue
            text = f"{col:0{self.digits}d}"  # over the character that shows the column
            last = self.margin + j // self.sx * self.cw + self.cw - 1
            start = last - len(text) + 1
            if start < end or last >= self.width:
                continue
            line[start : last + 1] = list(text)
            end = last + 2
        return "".join(line).rstrip()

    def grid(self) -> list[str]:
        """The grid's lines, each numbered at both ends with the (first) row it shows; on a
        grid of one square a character, a dot where every fifth row and column meet."""
        m = self.m
        n_cols = math.ceil(m.cols / self.sx) * self.cw
        lines: list[list[str]] = [[" "] * n_cols for _ in range(self.grid_lines())]
        if not self.merged():
            for i in range(m.rows):
                for j in range(m.cols):
                    row, col = m.row_at(i), m.col_at(j)
                    if row is not None and col is not None and row % 5 == 0 == col % 5:
                        lines[i][(j + 1) * self.cw - 1] = GRID_DOT
        for (line, char), text in self.texts.items():
            end = (char + 1) * self.cw
            lines[line][end - len(text) : end] = list(text)
            start = end - len(text)
            if self.cw > 1 and start > 0 and lines[line][start - 1] == GRID_DOT:
                lines[line][start - 1] = " "  # no dot right against a label
        out = []
        for k, chars in enumerate(lines):
            row = m.row_at(k * self.sy)
            number = "" if row is None else f"{row:0{self.digits}d}"
            out.append(f"{number:>{self.digits}} {''.join(chars)} {number}".rstrip())
        return out

    def lines(self) -> list[str]:
        numbers = self.column_numbers()
        out = [numbers, *self.grid()]
        if len(out) + 1 + self.tail() <= self.budget:
            out.append(numbers)
        if self.tail():
            out += ["", *self.key, *self.legend]
        return [line[: self.width] for line in out]
