"""The printout model and its layout into fixed-width pages.

A ruleset builds a `Printout` (sections of text, tables and maps); `layout`
turns it into `Page`s of exactly `width` columns and `LINES_PER_PAGE` lines,
which the text renderer ends each with a form feed and the PDF renderer draws on
green-bar paper. Both renderers share this one layout, so page N is page N.

The page flow keeps together what a reader wants together: a table's header never
ends a page without a row under it and comes again over the rows a page break
cuts; lines `Kept` together start a new page rather than be split; a table set in
`Columns` keeps its heading with two rows and goes on under "(CONTINUED)"; and a
section that asks for it (`keep_title`) starts a new page rather than leave its
title at a page's foot without what follows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from galbatch.engine.text.printable import printable
from galbatch.print.maps.fields import Map

LINES_PER_PAGE = 66  # 11-inch continuous forms at 6 lines an inch
BODY_TOP = 3  # page header line, a rule, a blank line
BODY_LINES = LINES_PER_PAGE - BODY_TOP  # the lines a page has for sections
FORM_FEED = "\f"


@dataclass(frozen=True)
class Text:
    """Lines printed as they are (cut to the page width). `loose`: its blank lines only
    separate, so one that would start a page (or fall past a full one) is left out."""

    lines: tuple[str, ...]
    loose: bool = False


@dataclass(frozen=True)
class Kept:
    """Lines printed on one page: they start the next page unless they fit on this one
    (or would fit on none)."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Columns:
    """A table the ruleset set in columns itself: heading lines (titles, a rule) over row
    lines, after `intro` lines printed once. Its intro, heading and first two rows are
    kept on one page; rows a page break cuts go on under the section's title marked
    (CONTINUED) and the heading again."""

    head: tuple[str, ...]
    rows: tuple[str, ...]
    intro: tuple[str, ...] = ()

    def kept(self) -> int:
        """The lines kept together where the table starts."""
        return len(self.intro) + len(self.head) + min(2, len(self.rows))


@dataclass(frozen=True)
class Table:
    """A table with a header row; numbers right-aligned as a line printer would."""

    headers: tuple[str, ...]
    rows: tuple[tuple[object, ...], ...]


@dataclass(frozen=True)
class MapBlock:
    """A map: printed as characters in text, drawn as vectors in PDF."""

    map: Map


Block = Text | Kept | Columns | Table | MapBlock


@dataclass(frozen=True)
class Section:
    """A titled part of a printout; every section is a PDF bookmark. `keep_title`: the
    section starts a new page unless its `lead` fits under its title on this one."""

    title: str
    blocks: tuple[Block, ...]
    new_page: bool = False
    keep_title: bool = False


def lead(blocks: Sequence[Block]) -> int:
    """The lines a section keeps with its title: its lines up to the end of its first
    kept block (`Kept`, or the kept start of `Columns`); without one, its first two."""
    n = 0
    for block in blocks:
        if isinstance(block, Kept):
            return n + len(block.lines)
        if isinstance(block, Columns):
            return n + block.kept()
        if not isinstance(block, Text):
            break  # a table or a map keeps its own start
        n += len(block.lines)
    return min(n, 2)


@dataclass(frozen=True)
class Printout:
    """Everything one reader gets for one turn, before layout."""

    game: str
    turn: int
    reader: str  # "PLAYER 3 ARCTURUS" or "GAME MASTER"
    width: int
    sections: tuple[Section, ...]
    title: str = ""  # e.g. "GALACTIC CONFLICT TURN REPORT"
    author: str = ""  # GM or service name, for PDF metadata
    date: str = ""  # ISO date of the turn, for headers and PDF metadata
    keywords: tuple[str, ...] = ()
    label: str = ""  # short name for a PDF viewer's page box ("RIGEL 1/4"); else the reader
    folio: str = ""  # the header's right end instead of "PAGE N OF M" (a separator page)
    period: str = "TURN"  # the game's word for its turn, in the header ("ROUND")


@dataclass(frozen=True)
class MapArea:
    """Where on a page a map sits: its first body line and how many lines it takes."""

    map: Map
    first_line: int
    line_count: int


@dataclass(frozen=True)
class Page:
    """One laid-out page: exactly LINES_PER_PAGE lines of exactly `width` columns."""

    number: int
    lines: tuple[str, ...]
    bookmarks: tuple[tuple[str, int], ...] = ()  # (section title, line index)
    maps: tuple[MapArea, ...] = field(default=())


def table_lines(table: Table) -> list[str]:
    """Render a table as fixed-width lines."""
    from tabulate import tabulate  # imported here: `galbatch check` never lays out pages

    headers = [printable(h) for h in table.headers]
    if not table.rows:
        return [tabulate([], headers=headers, tablefmt="simple")]
    text = tabulate(
        [[printable(c) if isinstance(c, str) else c for c in r] for r in table.rows],
        headers=headers,
        tablefmt="simple",
        numalign="right",
        stralign="left",
    )
    return text.split("\n")


def header_line(p: Printout, page: int, pages: int) -> str:
    """The line at the top of every page: game, turn (in the game's word), reader, page N
    of M (or the printout's folio, numbered N/M only if it takes more than one page)."""
    left = printable(f"{p.game.upper()}  {p.period} {p.turn}")
    if p.date:
        left += printable(f"  {p.date}")
    right = f"PAGE {page} OF {pages}"
    if p.folio:
        right = printable(p.folio) + (f" {page}/{pages}" if pages > 1 else "")
    middle = printable(p.reader)
    gap = p.width - len(left) - len(right)
    if gap < len(middle) + 4:
        middle = middle[: max(0, gap - 4)]
    pad = gap - len(middle)
    return left + " " * (pad // 2) + middle + " " * (pad - pad // 2) + right


_Chunk = tuple[list[str], list[tuple[str, int]], list[tuple[Map, int, int]]]


def layout(p: Printout) -> list[Page]:
    """Lay a printout out on pages; maps start a page of their own."""
    chunks = _chunks(p)
    total = len(chunks)
    pages: list[Page] = []
    for i, (chunk, chunk_marks, chunk_maps) in enumerate(chunks, start=1):
        head = [header_line(p, i, total), "-" * p.width, ""]
        full = [fit(line, p.width) for line in head] + [fit(line, p.width) for line in chunk]
        full += [" " * p.width] * (LINES_PER_PAGE - len(full))  # fit("", width)
        pages.append(
            Page(
                number=i,
                lines=tuple(full),
                bookmarks=tuple((t, BODY_TOP + n) for t, n in chunk_marks),
                maps=tuple(MapArea(m, BODY_TOP + a, n) for m, a, n in chunk_maps),
            )
        )
    return pages


def _chunks(p: Printout) -> list[_Chunk]:
    """Each page's body lines (not yet fitted), its bookmarks and its maps with the body
    line each starts on and how many lines it takes."""
    flow = Flow(p.width)
    for section in p.sections:
        flow.add(section)
    return flow.done()


class Flow:
    """Sections flowed onto pages one after another, each body line put where the one
    before it ends, a page ended where a block must not be split."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.body = BODY_LINES
        self.chunks: list[_Chunk] = []
        # the page being filled: body lines, bookmarks, maps
        self.lines: list[str] = []
        self.marks: list[tuple[str, int]] = []
        self.maps: list[tuple[Map, int, int]] = []

    def room(self) -> int:
        return self.body - len(self.lines)

    def flush(self) -> None:
        if self.lines or self.marks or self.maps:
            self.chunks.append((self.lines, self.marks, self.maps))
        self.lines, self.marks, self.maps = [], [], []

    def put(self, line: str) -> None:
        """One body line, on the next page if this one is full."""
        if self.room() <= 0:
            self.flush()
        self.lines.append(line)

    def keep(self, n: int) -> None:
        """End this page unless `n` more lines fit on it (or would fit on no page)."""
        if self.lines and 0 < self.room() < n <= self.body:
            self.flush()

    def add(self, section: Section) -> None:
        """Flow `section` after the ones before it."""
        title = printable(section.title)
        if section.new_page or (self.lines and self.room() < 4):
            self.flush()
        elif self.lines:
            start = len(self.lines) + 3  # under a blank line, the title and its rule
            if section.keep_title and self.body - start < lead(section.blocks) <= self.body:
                self.flush()
            else:
                self.lines.append("")
        self.marks.append((title, len(self.lines)))
        self.lines.append(title)
        self.lines.append("=" * min(len(title), self.width))
        for block in section.blocks:
            if isinstance(block, MapBlock):
                text = block.map.text_lines(self.width, self.body)
                if self.room() < len(text):
                    lines = self.lines
                    carried = lines[-2:] if lines and lines[-2] == title else []
                    del lines[len(lines) - len(carried) :]
                    self.marks = [m for m in self.marks if m[1] < len(lines)]
                    self.flush()
                    if carried:
                        self.marks.append((title, 0))
                        self.lines.extend(carried)
                self.maps.append((block.map, len(self.lines), len(text)))
                self.lines.extend(text)
                self.flush()
                continue
            if isinstance(block, Table):
                self.add_table(table_lines(block), bool(block.rows))
            elif isinstance(block, Columns):
                self.add_columns(block, f"{section.title} (CONTINUED)")
            elif isinstance(block, Kept):
                self.keep(len(block.lines))
                for line in block.lines:
                    self.put(line)
            else:
                for line in block.lines:
                    if line or not block.loose or (self.lines and self.room() > 0):
                        self.put(line)

    def add_table(self, lines: list[str], rows: bool) -> None:
        """Flow a table's lines: its header never ends a page without a row under it, and
        a table a page break cuts goes on under its header again."""
        head = lines[:2] if rows else []  # the column titles and their rule
        if head and self.lines and self.room() < len(head) + 1:
            self.flush()
        for i, line in enumerate(lines):
            if self.room() <= 0:
                self.flush()
                if i >= len(head) and len(head) + 1 <= self.room():
                    self.lines.extend(head)
            self.lines.append(line)

    def add_columns(self, table: Columns, continued: str) -> None:
        """Flow a table set in columns: its start kept together, and the rows a page break
        cuts under `continued` and the heading again."""
        self.keep(table.kept())
        for line in (*table.intro, *table.head):
            self.put(line)
        for row in table.rows:
            if self.room() <= 0:
                for line in (continued, *table.head):
                    self.put(line)
            self.put(row)

    def done(self) -> list[_Chunk]:
        """Every page's chunk, the last page's included."""
        self.flush()
        return self.chunks


def fit(line: str, width: int) -> str:
    """Exactly `width` columns: tabs expanded, then every character that is not one
    visible column escaped (`printable`: control characters, bidi overrides, combining
    marks, wide characters), then cut or padded."""
    line = printable(line.expandtabs(8))
    return line[:width].ljust(width)


def render_text(pages: Sequence[Page]) -> str:
    """The line-printer text: every page ends with a form feed (the last one too, so that
    printouts sent to a printer one after another each start on a new form), trailing
    blanks trimmed."""
    out = []
    for page in pages:
        out.append("\n".join(line.rstrip() for line in page.lines).rstrip("\n") + "\n")
    return "".join(text + FORM_FEED for text in out)
