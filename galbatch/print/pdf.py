"""PDF printouts on green-bar continuous-form paper.

The PDF draws the very pages `layout` makes for the text printout (page N is
page N), as real text in the shipped monospace font at line-printer pitch
(10 characters and 6 lines an inch), over a green-bar background drawn once per
document as a form XObject. Map areas are drawn as vector maps instead of their
character rendering (see `galbatch.print.maps.fields_pdf`). Output is deterministic:
the same printout gives the same bytes, with dates taken from the printout.
"""

from __future__ import annotations

import hashlib
import io
import math
import os
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

import galbatch.print.maps.board_pdf  # noqa: F401  (registers the BoardMap drawer)
import galbatch.print.maps.grid_pdf  # noqa: F401  (registers the GridMap drawer)
import galbatch.print.maps.tiles_pdf  # noqa: F401  (registers the TileMap drawer)
from galbatch.print import pdfa, worker
from galbatch.print.maps.fields_pdf import (
    FONT_REGULAR,
    Ink,
    draw_map,
    fmt,
    has_map_drawer,
    ink_for,
    mono_advance,
    mono_fonts,
)
from galbatch.print.page import LINES_PER_PAGE, MapArea, Page, Printout, layout

INCH = 72.0
COLUMN_PT = 7.2  # 10 characters an inch
PAGE_HEIGHT = 11 * INCH  # continuous forms 11 inches deep
MARGIN = 0.25 * INCH  # no glyph comes nearer any edge of the sheet: a desktop printer's limit
# 66 lines at 6 an inch would fill the form to its very edges; they are set a little closer
# (6.4 an inch, 11.25 points) so the whole page of text sits inside the printable area.
LINE_PT = 11.25
TEXT_TOP = (PAGE_HEIGHT + LINES_PER_PAGE * LINE_PT) / 2  # top of line 0: 24.75 points down
NARROW_STOCK = 9.5 * INCH  # 80-column forms
WIDE_STOCK = 14.875 * INCH  # 132-column forms
TRACTOR = 0.5 * INCH  # each tear-off strip with the feed holes
HOLE_PITCH = 0.5 * INCH
HOLE_RADIUS = 0.078 * INCH
BAND_LINES = 3  # green-bar: 3 lines green, 3 lines white
BAND_GREEN = "0.84 0.93 0.84"  # RGB operands of the pale green
BASELINE_RISE = 2.25  # baseline above the bottom of its line, so text sits inside its band
EPOCH = datetime(2000, 1, 1)  # document date when a printout has none


def font_size() -> float:
    """The font size whose monospace advance is exactly one column (7.2 pt)."""
    return COLUMN_PT / mono_advance()


@dataclass(frozen=True)
class Stock:
    """Continuous-form paper for a printout width: page size and where the text goes."""

    width: float  # page width in points
    columns: int

    @property
    def left(self) -> float:
        """x of column 0: the text block is centred between the tractor strips."""
        return (self.width - self.text_width) / 2

    @property
    def text_width(self) -> float:
        """Width of the text block: all columns at 7.2 points."""
        return self.columns * COLUMN_PT

    @property
    def form_name(self) -> str:
        """Name of this stock's green-bar form XObject."""
        return f"greenbar{round(self.width * 100)}"


def stock_for(columns: int) -> Stock:
    """80-column stock (9 1/2 x 11 in) up to 80 columns, wide stock (14 7/8 x 11 in) beyond."""
    if columns <= 80:
        width = NARROW_STOCK
    elif columns <= 132:
        width = WIDE_STOCK
    else:  # wider than any line printer: widen the paper to keep the margins
        width = columns * COLUMN_PT + 2 * (TRACTOR + 0.25 * INCH)
    return Stock(width=width, columns=columns)


def line_top(index: int) -> float:
    """y of the top edge of text line `index` (0 at the top of the text block)."""
    return TEXT_TOP - index * LINE_PT


def baseline(index: int) -> float:
    """y of the baseline of text line `index`."""
    return line_top(index + 1) + BASELINE_RISE


def _draw_paper(canvas: Canvas, stock: Stock) -> None:
    """The green-bar background: bands, tractor holes and perforations."""
    w, h = stock.width, PAGE_HEIGHT
    ops = [f"{BAND_GREEN} rg"]
    for first in range(0, LINES_PER_PAGE, 2 * BAND_LINES):
        top = line_top(first)
        band = min(BAND_LINES, LINES_PER_PAGE - first) * LINE_PT
        ops.append(f"{fmt(TRACTOR)} {fmt(top - band)} {fmt(w - 2 * TRACTOR)} {fmt(band)} re")
    ops.append("f")
    # Feed holes: a pale disc with a grey rim, a half inch apart down both strips.
    ops.append("0.93 g 0.62 G 0.6 w")
    k = 0.5523 * HOLE_RADIUS  # Bezier control distance for a circle
    y = h - HOLE_PITCH / 2
    while y > 0:
        for x in (TRACTOR / 2, w - TRACTOR / 2):
            r = HOLE_RADIUS
            ops.append(
                f"{fmt(x + r)} {fmt(y)} m "
                f"{fmt(x + r)} {fmt(y + k)} {fmt(x + k)} {fmt(y + r)} {fmt(x)} {fmt(y + r)} c "
                f"{fmt(x - k)} {fmt(y + r)} {fmt(x - r)} {fmt(y + k)} {fmt(x - r)} {fmt(y)} c "
                f"{fmt(x - r)} {fmt(y - k)} {fmt(x - k)} {fmt(y - r)} {fmt(x)} {fmt(y - r)} c "
                f"{fmt(x + k)} {fmt(y - r)} {fmt(x + r)} {fmt(y - k)} {fmt(x + r)} {fmt(y)} c b"
            )
        y -= HOLE_PITCH
    # Perforations: across the page at top and bottom, down between strips and form.
    ops.append("0.55 G 0.5 w [2 2] 0 d")
    ops.append(f"0 {fmt(h - 0.25)} m {fmt(w)} {fmt(h - 0.25)} l 0 0.25 m {fmt(w)} 0.25 l")
    ops.append(f"{fmt(TRACTOR)} 0 m {fmt(TRACTOR)} {fmt(h)} l")
    ops.append(f"{fmt(w - TRACTOR)} 0 m {fmt(w - TRACTOR)} {fmt(h)} l S")
    Ink(canvas).paths(ops, "")


# While a turn's PDFs are made: each stream's Flate bytes by the digest of its content.
_flated: dict[bytes, bytes] | None = None


@contextmanager
def shared_streams() -> Iterator[dict[bytes, bytes]]:
    """Within this, a stream met again (an archive page, the font subset every PDF embeds)
    is compressed once: zlib is deterministic, so the bytes are the same."""
    global _flated
    saved, _flated = _flated, {} if _flated is None else _flated
    try:
        yield _flated
    finally:
        _flated = saved


def _flate(data: str | bytes) -> bytes:
    """reportlab's Flate filter, remembered within `shared_streams`."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if _flated is None:
        return zlib.compress(raw)
    key = hashlib.blake2b(raw, digest_size=20).digest()
    out = _flated.get(key)
    if out is None:
        out = _flated[key] = zlib.compress(raw)
    return out


@contextmanager
def _plain_streams() -> Iterator[None]:
    """Flate-only streams: reportlab's ASCII85 step is pure Python and triples the run time."""
    saved, encode = rl_config.useA85, vars(pdfdoc.PDFZCompress).get("encode")
    rl_config.useA85 = 0
    pdfdoc.PDFZCompress.encode = _flate
    try:
        yield
    finally:
        rl_config.useA85 = saved
        if encode is None:
            del pdfdoc.PDFZCompress.encode  # the class's own method again
        else:
            pdfdoc.PDFZCompress.encode = encode


_FORMAT = pdfdoc.format  # reportlab's own, for what `_quick_format` leaves to it
_NAME = pdfdoc.PDFName


def _quick_format(element: object, document: object, toplevel: int = 0) -> bytes:
    """reportlab's `pdfdoc.format` (every object of a document goes through it, 70,000
    calls at 50 players), its commonest cases first: bytes, strings and numbers are never
    reportlab objects, so they come out as reportlab writes them, the same bytes."""
    kind = type(element)
    if kind is bytes:
        return element  # type: ignore[return-value]
    if kind is str:
        return element.encode("extpdfdoc")  # type: ignore[attr-defined,no-any-return]
    if kind is int or kind is float:
        return pdfdoc.fp_str(element).encode("extpdfdoc")  # type: ignore[no-any-return]
    return _FORMAT(element, document, toplevel)  # type: ignore[no-any-return]


@lru_cache(maxsize=4096)
def _name_of(data: str) -> str:
    return _NAME(data)  # type: ignore[no-any-return]


def _quick_name(data: str, lo: str = "!", hi: str = "~") -> str:
    """reportlab's `PDFName`, remembered: a document names the same few keys thousands of
    times, each escaped character by character."""
    if lo == "!" and hi == "~" and type(data) is str:
        return _name_of(data)
    return _NAME(data, lo, hi)  # type: ignore[no-any-return]


@contextmanager
def _quick_serialising() -> Iterator[None]:
    """A speed trick for the turn's PDFs (issue 26), on this path only: while a document
    of ours is made, reportlab formats its objects through `_quick_format` and
    `_quick_name`, which give the bytes its own functions give."""
    saved = pdfdoc.format, pdfdoc.PDFName
    pdfdoc.format, pdfdoc.PDFName = _quick_format, _quick_name
    try:
        yield
    finally:
        pdfdoc.format, pdfdoc.PDFName = saved


def pdf_date(iso: str) -> str:
    """A PDF date string from an ISO date ("1997-03-05"); the fixed EPOCH if empty or bad."""
    try:
        when = datetime.fromisoformat(iso) if iso else EPOCH
    except ValueError:
        when = EPOCH
    return when.strftime("D:%Y%m%d%H%M%S") + "+00'00'"


def _unique(words: Sequence[str]) -> list[str]:
    """Non-empty words, first occurrence kept."""
    return list(dict.fromkeys(w for w in words if w))


@dataclass(frozen=True)
class Drawn:
    """A page's content operators as drawn over its paper, and whether they use the bold
    face. They mean the same in every document of ours (printable ASCII has fixed codes,
    the regular face is always F1 and the bold F2), so the archive re-uses them."""

    code: tuple[str, ...]
    bold: bool


@dataclass
class _Document:
    """One PDF being drawn: the canvas, the forms made so far and outline keys; with
    `keep`, each page's drawing in `drawn` (None for a page of document-specific codes)."""

    canvas: Canvas
    forms: set[str] = field(default_factory=set)
    keys: int = 0
    size: float = field(default_factory=font_size)  # of the text font
    keep: bool = False
    drawn: list[Drawn | None] = field(default_factory=list)

    def key(self) -> str:
        """A fresh bookmark key."""
        self.keys += 1
        return f"b{self.keys}"

    def bookmark(self, title: str, top: float, level: int) -> None:
        """An outline entry at `level` for the current page at height `top`."""
        key = self.key()
        self.canvas.bookmarkPage(key, fit="XYZ", left=0, top=min(PAGE_HEIGHT, top))
        self.canvas.addOutlineEntry(title, key, level=level)

    def paper(self, stock: Stock) -> None:
        """Set the page size and draw the stock's green-bar form (made on first use)."""
        c = self.canvas
        c.setPageSize((stock.width, PAGE_HEIGHT))
        if stock.form_name not in self.forms:
            c.beginForm(stock.form_name, 0, 0, stock.width, PAGE_HEIGHT)
            _draw_paper(c, stock)
            c.endForm()
            self.forms.add(stock.form_name)
        c.doForm(stock.form_name)

    def add(
        self,
        printout: Printout,
        pages: Sequence[Page],
        level: int,
        part: str = "",
        drawn: Sequence[Drawn | None] = (),
    ) -> None:
        """Draw a printout's pages; its sections go in the outline at `level`, its maps
        one deeper. With `part`, an entry at `level` - 1 opens the printout. A page with
        a `drawn` drawing gets that drawing instead of being drawn again."""
        stock = stock_for(printout.width)
        sections = 0
        name = printout.label or printout.reader
        total = max([len(pages), *(page.number for page in pages)])
        for n, page in enumerate(pages):
            # The viewer's page box shows the printout's own page: "RIGEL 1/4", not "22".
            label = f"{name} {page.number}/{total}"
            self.canvas.addPageLabel(self.canvas.getPageNumber() - 1, prefix=label)
            self.paper(stock)
            if part and n == 0:
                self.bookmark(part, PAGE_HEIGHT, level - 1)
            areas = [a for a in page.maps if has_map_drawer(a.map)]
            again = drawn[n] if n < len(drawn) else None
            code: list[str] = self.canvas._code  # a new list on every page
            start = len(code)
            if self.keep:
                self.canvas.fonts_used = set()
            if again is None:
                self.text(stock, page, areas)
            else:
                code.extend(again.code)
                if again.bold:  # the face is listed, as drawing the page would list it
                    mono_fonts()[1].getSubsetInternalName(0, self.canvas._doc)
            marks: list[tuple[int, str, MapArea | None]] = [(i, t, None) for t, i in page.bookmarks]
            marks += [(a.first_line, a.map.title or "MAP", a) for a in page.maps]
            for i, title, area in sorted(marks, key=lambda mark: mark[0]):
                if area is None:
                    self.bookmark(title, line_top(i - 1), level)
                    sections += 1
                else:
                    self.bookmark(title, line_top(i - 1), level + 1 if sections else level)
                    if area in areas and again is None:
                        self.map_area(stock, page, area)
            if self.keep:
                self.drawn.append(self._kept(code[start:]))
            self.canvas.showPage()

    def _kept(self, code: list[str]) -> Drawn | None:
        """A page's drawing as `Drawn`, unless it used codes of this document's own."""
        used: set[tuple[bool, int]] = self.canvas.fonts_used
        if any(subset for _, subset in used):
            return None
        return Drawn(tuple(code), (True, 0) in used)

    def text(self, stock: Stock, page: Page, areas: Sequence[MapArea]) -> None:
        """The page's lines as text, except those of maps drawn as vectors."""
        covered = {i for a in areas for i in range(a.first_line, a.first_line + a.line_count)}
        ink = Ink(self.canvas)
        for i, line in enumerate(page.lines):
            if i not in covered:
                ink.text(stock.left, baseline(i), line.rstrip(), self.size)
        ink.flush()

    def map_area(self, stock: Stock, page: Page, area: MapArea) -> None:
        """The map as vectors in the lines it takes and the blank lines after it, and its
        legend (the last lines of its text rendering) as text below it."""
        draw_map_area(self.canvas, stock, page, area, self.size)


def draw_map_area(canvas: Canvas, stock: Stock, page: Page, area: MapArea, size: float) -> float:
    """Draw a page's map area on `canvas` (a PDF page's, or an SVG canvas for the web): the
    map in the lines it takes and the blank lines after it, its legend in type of `size`
    below it; return the lowest y drawn on."""
    legend_n = len(area.map.legend)
    end = area.first_line + area.line_count
    legend = [line.rstrip() for line in page.lines[end - legend_n : end]] if legend_n else []
    while end < LINES_PER_PAGE and not page.lines[end].strip():
        end += 1
    end = min(end, LINES_PER_PAGE - 1)  # keep the last line clear of the perforation
    sheet_end = end - (legend_n + 1 if legend_n else 0)
    bottom = line_top(sheet_end)
    height = line_top(area.first_line) - bottom
    low = draw_map(canvas, area.map, stock.left, bottom, stock.text_width, height)
    below = math.ceil((TEXT_TOP - low) / LINE_PT - 1e-6)  # first line clear of the map
    first = min(max(below + 1, area.first_line), sheet_end + 1)
    ink = ink_for(canvas)
    for i, line in enumerate(legend):
        ink.text(stock.left, baseline(first + i), line, size)
    ink.flush()
    return line_top(first + len(legend)) if legend else low


def _metadata(canvas: Canvas, printout: Printout, subject: str, keywords: Sequence[str]) -> None:
    """Title, author, subject, keywords and the printout's date as creation/modification date."""
    when = f"{printout.period.lower()} {printout.turn}"
    canvas.setTitle(printout.title or f"{printout.game} {when}: {printout.reader}")
    canvas.setAuthor(printout.author)
    canvas.setSubject(subject)
    canvas.setKeywords(", ".join(_unique(keywords)))
    canvas.setCreator("galbatch")
    date = pdf_date(printout.date)
    canvas.setDateFormatter(lambda *_: date)
    canvas.showOutline()
    pdfa.conform(canvas, date)


def _new_canvas() -> Canvas:
    """An invariant canvas; SOURCE_DATE_EPOCH is hidden while it is made, since reportlab
    would seed the document ID with it (our dates come from the printout, not the clock)."""
    epoch = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        return Canvas(
            io.BytesIO(),
            invariant=1,
            pageCompression=1,
            pdfVersion=(1, 7),  # PDF/A-2 is based on PDF 1.7
            initialFontName=FONT_REGULAR,  # else an unused, unembedded Helvetica is listed
            initialFontSize=font_size(),
        )
    finally:
        if epoch is not None:
            os.environ["SOURCE_DATE_EPOCH"] = epoch


@contextmanager
def _document(keep: bool = False) -> Iterator[_Document]:
    """A fresh reproducible document with the fonts registered; `keep`: keep each page's
    drawing."""
    mono_fonts()
    with _plain_streams(), _quick_serialising(), pdfa.eol_before_endstream():
        yield _Document(_new_canvas(), keep=keep)


def _subject(p: Printout) -> str:
    """'GAME turn N for READER' (the game's word for its turn)."""
    return f"{p.game} {p.period.lower()} {p.turn} for {p.reader}"


def render_pdf(printout: Printout, pages: Sequence[Page] | None = None) -> bytes:
    """The printout as a PDF on green-bar paper; `pages` defaults to `layout(printout)`."""
    return render_pdf_drawn(printout, pages, keep=False)[0]


def render_pdf_drawn(
    printout: Printout, pages: Sequence[Page] | None = None, keep: bool = True
) -> tuple[bytes, list[Drawn | None]]:
    """`render_pdf`, and with `keep` each page's drawing, for the archive to re-use."""
    if pages is None:
        pages = layout(printout)
    with _document(keep) as doc:
        when = f"{printout.period.lower()} {printout.turn}"
        keywords = [*printout.keywords, printout.game, when, printout.reader]
        _metadata(doc.canvas, printout, _subject(printout), keywords)
        doc.add(printout, pages, level=0)
        data: bytes = doc.canvas.getpdfdata()
    return data, doc.drawn


FORK_PAGES = 60  # fewer pages than this are drawn in one process: a fork costs more

_Result = list[tuple[bytes, list[Drawn | None]]]


def render_pdfs(
    jobs: Sequence[tuple[Printout, Sequence[Page]]],
    done: Callable[[int], None] | None = None,
) -> _Result:
    """Each printout's PDF with its kept drawings (`render_pdf_drawn`). With more than one
    core and enough pages, a forked worker draws printouts from the first on while this
    process draws them from the last on, until they meet: the same code on the same data,
    so the same bytes. `done(n)` hears how many are made so far."""

    def serial() -> _Result:
        """All drawn here, one after the other."""
        out = []
        for printout, laid in jobs:
            out.append(render_pdf_drawn(printout, laid))
            if done is not None:
                done(len(out))
        return out

    if sum(len(p) for _, p in jobs) < FORK_PAGES or len(jobs) < 2 or not worker.can_fork():
        return serial()
    try:
        claims = worker.Claims(len(jobs))
    except (OSError, ImportError):  # no shared lock on this system: all drawn here
        return serial()

    job = os.getpid()

    def front() -> tuple[dict[int, tuple[bytes, list[Drawn | None]]], dict[bytes, bytes]]:
        """The worker's PDFs, and the streams it compressed (the archive meets them again);
        it stops early if the job has ended (killed) and nobody will read them."""
        made = {}
        while os.getppid() == job and (i := claims.take(front=True)) is not None:
            made[i] = render_pdf_drawn(*jobs[i])
        return made, dict(_flated or {})

    try:
        child = worker.Forked(front)
    except OSError:  # no fork now (too many processes, too little memory): all here
        return serial()
    mine = {}
    try:
        while (i := claims.take(front=False)) is not None:
            mine[i] = render_pdf_drawn(*jobs[i])
            if done is not None:
                done(len(mine))
    except BaseException:
        child.cancel()
        raise
    got = child.result()
    theirs, flated = got if got is not None else ({}, {})
    if _flated is not None:
        _flated.update(flated)
    out = []
    for i, (printout, laid) in enumerate(jobs):  # a failed worker's share is drawn here
        out.append(mine.get(i) or theirs.get(i) or render_pdf_drawn(printout, laid))
    if done is not None:
        done(len(jobs))
    return out


def render_archive(
    cover: Printout,
    parts: Sequence[tuple[str, Printout]],
    pages: Sequence[Sequence[Page]] | None = None,
    drawn: Sequence[Sequence[Drawn | None]] | None = None,
) -> bytes:
    """The GM's archive of a turn: the cover sheet then every part, each under a top-level
    bookmark (the cover's title, or the part's label) with its sections nested below;
    `pages` are the parts' pages if already laid out, `drawn` their drawings if kept
    (the same bytes as drawing them again, in a fraction of the time)."""
    with _document() as doc:
        when = f"{cover.period.lower()} {cover.turn}"
        subject = f"{cover.game} {when} archive: {len(parts)} printouts"
        keywords = [*cover.keywords, cover.game, when, cover.reader]
        _metadata(doc.canvas, cover, subject, keywords + [label for label, _ in parts])
        doc.add(cover, layout(cover), level=1, part=cover.title or "COVER")
        laid = pages if pages is not None else [layout(p) for _, p in parts]
        kept = drawn if drawn is not None else [()] * len(parts)
        for (label, printout), part_pages, again in zip(parts, laid, kept, strict=True):
            doc.add(printout, part_pages, level=1, part=label, drawn=again)
        data: bytes = doc.canvas.getpdfdata()
    return data
