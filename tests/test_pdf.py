"""The PDF renderer: green-bar pages matching the text layout, vector maps, metadata, archive."""

from __future__ import annotations

import hashlib
import io
import os
import re
import subprocess
import sys
from datetime import date, datetime
from pathlib import Path
from typing import Any, cast

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream, Destination

import galbatch.print.pdf as pdf_module
from galbatch.print import worker
from galbatch.print.maps.fields import HexMap, HexMarker
from galbatch.print.maps.fields_pdf import draw_map, has_map_drawer, register_map_drawer
from galbatch.print.page import (
    LINES_PER_PAGE,
    MapArea,
    MapBlock,
    Page,
    Printout,
    Section,
    Table,
    Text,
    layout,
    render_text,
)
from galbatch.print.pdf import (
    BASELINE_RISE,
    COLUMN_PT,
    LINE_PT,
    TEXT_TOP,
    TRACTOR,
    pdf_date,
    render_archive,
    render_pdf,
    render_pdf_drawn,
    render_pdfs,
    shared_streams,
    stock_for,
)
from tests.building import imported_from

MARKERS = (
    HexMarker(0, 0, "1"),
    HexMarker(3, 2, "17", underline=True, owner="A"),
    HexMarker(4, 2, "18", owner="B"),
    HexMarker(11, 9, "120"),
    HexMarker(6, 5, "42", underline=True),
    HexMarker(7, 5, "43"),
)


def sample_map(cols: int = 12, rows: int = 10) -> HexMap:
    """A small hex sheet with plain, owned and the reader's own worlds."""
    return HexMap("SECTOR MAP", cols, rows, MARKERS, legend=("UNDERLINED: YOUR WORLDS.",))


def sample_printout(width: int = 132, date: str = "1997-03-05", title: str = "") -> Printout:
    """Text over two pages (with PDF-special and non-ASCII characters), a table, a map."""
    news = tuple(
        f"FLEET {i:3d} (PLAYER {i % 7}) MOVED TO WORLD {i * 3 % 120:3d}  back\\slash  café ─ {i}"
        for i in range(70)
    )
    rows = tuple((n, f"WORLD-{n:03d}", n * 7 % 250, "NONE") for n in range(1, 25))
    return Printout(
        game="Galactic Conflict",
        turn=17,
        reader="PLAYER 3 ARCTURUS",
        width=width,
        title=title,
        author="The GM",
        date=date,
        keywords=("conflict", "player 3"),
        sections=(
            Section("NEWS", (Text(news),)),
            Section("YOUR WORLDS", (Table(("WORLD", "NAME", "IND", "ORDERS"), rows),)),
            Section("MAP", (MapBlock(sample_map()),), new_page=True),
        ),
    )


def norm(s: str) -> str:
    """Whitespace collapsed to single spaces."""
    return " ".join(s.split())


def read(data: bytes) -> PdfReader:
    """Parse PDF bytes."""
    return PdfReader(io.BytesIO(data))


def flatten_outline(
    items: list[Any], reader: PdfReader, level: int = 0
) -> list[tuple[str, int, int]]:
    """(title, level, page index) for every outline entry, depth first."""
    out: list[tuple[str, int, int]] = []
    for item in items:
        if isinstance(item, list):
            out += flatten_outline(item, reader, level + 1)
        else:
            dest = cast(Destination, item)
            out.append(
                (str(dest.title), level, cast(int, reader.get_destination_page_number(dest)))
            )
    return out


def resources(page: Any, kind: str) -> Any:
    """A page's resource dictionary of one kind ("/Font", "/XObject")."""
    return page["/Resources"][kind]


def text_ops(page: Any) -> list[tuple[str, str, float, float]]:
    """(BaseFont, text, x, y) of every Tj on a page, from its Tf and Tm operators."""
    fonts = resources(page, "/Font")
    out = []
    font, x, y = "", 0.0, 0.0
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"Tf":
            font = str(fonts[operands[0]].get_object()["/BaseFont"])
        elif op == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif op == b"Tj":
            raw = operands[0]
            data = raw.original_bytes if hasattr(raw, "original_bytes") else bytes(raw)
            out.append((font, data.decode("latin-1"), x, y))
    return out


@pytest.fixture(scope="module")
def printout() -> Printout:
    return sample_printout()


@pytest.fixture(scope="module")
def pdf(printout: Printout) -> bytes:
    return render_pdf(printout)


def test_is_a_pdf_with_one_page_per_laid_out_page(printout: Printout, pdf: bytes) -> None:
    assert pdf.startswith(b"%PDF-")
    assert len(read(pdf).pages) == len(layout(printout)) >= 3


def test_given_pages_are_drawn_as_given(printout: Printout) -> None:
    pages = layout(printout)[:2]
    assert len(read(render_pdf(printout, pages)).pages) == 2


def test_text_pages_extract_as_the_text_printout(printout: Printout, pdf: bytes) -> None:
    pages = layout(printout)
    texts = render_text(pages).split("\f")[:-1]  # the last form feed ends the printout
    reader = read(pdf)
    checked = 0
    for page, text, pdf_page in zip(pages, texts, reader.pages, strict=True):
        if page.maps:
            continue
        got = norm(pdf_page.extract_text())
        at = 0
        for line in text.splitlines():
            if line.strip():
                found = got.find(norm(line), at)
                assert found >= 0, f"page {page.number}: {line!r} missing or out of order"
                at = found + len(norm(line))
                checked += 1
    assert checked > 60


def test_text_is_at_line_printer_pitch_on_the_bands(printout: Printout, pdf: bytes) -> None:
    reader = read(pdf)
    page = reader.pages[0]
    left = stock_for(printout.width).left
    ops = text_ops(page)
    assert ops and all(x == pytest.approx(left, abs=0.01) for _, _, x, _ in ops)
    for _, _, _, y in ops:  # every baseline sits on an 11.25-point line, counted from the top
        line = (TEXT_TOP - (y - BASELINE_RISE)) / LINE_PT - 1
        assert line == pytest.approx(round(line), abs=0.01) and 0 <= round(line) < LINES_PER_PAGE
    # The font's advance at the size used is exactly one 7.2-point column.
    for operands, op in ContentStream(page.get_contents(), reader).operations:
        if op == b"Tf":
            font = resources(page, "/Font")[operands[0]].get_object()
            width = font["/Widths"][ord("M") - font["/FirstChar"]]
            assert float(width) * float(operands[1]) / 1000 == pytest.approx(COLUMN_PT, abs=1e-3)
            break
    else:
        pytest.fail("no Tf on the page")


@pytest.mark.parametrize(("width", "page_width"), [(80, 684.0), (132, 1071.0)])
def test_stock_size_and_text_clear_of_the_tractor_strips(width: int, page_width: float) -> None:
    reader = read(render_pdf(sample_printout(width=width)))
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(page_width)
        assert float(page.mediabox.height) == pytest.approx(792.0)
    stock = stock_for(width)
    assert stock.left >= TRACTOR + 12
    assert stock.left + width * COLUMN_PT <= page_width - TRACTOR - 12


def test_same_bytes_every_time(printout: Printout, pdf: bytes) -> None:
    assert render_pdf(printout) == pdf
    assert render_pdf(sample_printout()) == pdf


@pytest.mark.slow
def test_same_bytes_in_another_process(pdf: bytes) -> None:
    code = (
        "import hashlib, sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from test_pdf import sample_printout\n"
        "from galbatch.print.pdf import render_pdf\n"
        "print(hashlib.sha256(render_pdf(sample_printout())).hexdigest())\n"
    )
    # the galbatch this process tests, then the clone for the tests' own helpers
    path = os.pathsep.join([str(imported_from()), str(Path(__file__).resolve().parent.parent)])
    # Another hash seed, and a SOURCE_DATE_EPOCH reportlab would otherwise put in the ID.
    env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "4242", "SOURCE_DATE_EPOCH": "9"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == hashlib.sha256(pdf).hexdigest()


def test_metadata(pdf: bytes) -> None:
    meta = read(pdf).metadata
    assert meta is not None
    assert meta.title == "Galactic Conflict turn 17: PLAYER 3 ARCTURUS"
    assert meta.author == "The GM"
    assert meta.subject is not None
    assert all(w in meta.subject for w in ("Galactic Conflict", "17", "PLAYER 3 ARCTURUS"))
    keywords = str(meta["/Keywords"])
    assert all(w in keywords for w in ("conflict", "player 3", "turn 17", "PLAYER 3 ARCTURUS"))
    assert meta.creation_date is not None and meta.modification_date is not None
    assert meta.creation_date.replace(tzinfo=None) == datetime(1997, 3, 5)
    assert meta.modification_date.date() == date(1997, 3, 5)


def test_metadata_title_and_missing_date() -> None:
    meta = read(render_pdf(sample_printout(date="", title="TURN REPORT"))).metadata
    assert meta is not None and meta.title == "TURN REPORT"
    assert meta.creation_date is not None
    assert meta.creation_date.replace(tzinfo=None) == datetime(2000, 1, 1)


def test_pdf_dates() -> None:
    assert pdf_date("1997-03-05") == "D:19970305000000+00'00'"
    assert pdf_date("1997-03-05T14:30:00") == "D:19970305143000+00'00'"
    assert pdf_date("") == pdf_date("not a date") == "D:20000101000000+00'00'"


def test_outline_has_sections_and_map(printout: Printout, pdf: bytes) -> None:
    reader = read(pdf)
    assert reader.page_mode == "/UseOutlines"
    entries = flatten_outline(reader.outline, reader)
    pages = layout(printout)
    expected = [(t, 0, p.number - 1) for p in pages for t, _ in p.bookmarks]
    map_page = next(p.number - 1 for p in pages if p.maps)
    assert [e for e in entries if e[1] == 0] == expected
    assert ("SECTOR MAP", 1, map_page) in entries
    assert entries.index(("SECTOR MAP", 1, map_page)) == entries.index(("MAP", 0, map_page)) + 1


def test_map_page_is_vectors_with_real_labels(printout: Printout, pdf: bytes) -> None:
    pages = layout(printout)
    page = next(p for p in pages if p.maps)
    pdf_page = read(pdf).pages[page.number - 1]
    text = pdf_page.extract_text()
    tokens = text.split()
    assert all(m.label in tokens for m in MARKERS)
    assert norm(page.lines[0]) in norm(text)  # the page header stays text
    assert "UNDERLINED: YOUR WORLDS." in text  # and so does the legend
    # No character map: its dot rows are neither extracted nor drawn as text.
    area = page.maps[0]
    dot_rows = [ln for ln in page.lines[area.first_line : area.first_line + area.line_count]]
    assert any(" . " in ln for ln in dot_rows)
    assert not re.search(r"(?m)^[\d\s]*\.(\s+\.){2,}", text)
    assert all(". ." not in s for _, s, _, _ in text_ops(pdf_page))
    ops = [op for _, op in ContentStream(pdf_page.get_contents(), pdf_page.pdf).operations]
    assert ops.count(b"l") >= 12 * 10 * 3  # every hex is outlined
    assert b"S" in ops and b"f" in ops


def test_own_worlds_are_bold_and_others_regular(pdf: bytes, printout: Printout) -> None:
    page = next(p for p in layout(printout) if p.maps)
    shown = {s: font for font, s, _, _ in text_ops(read(pdf).pages[page.number - 1])}
    for m in MARKERS:
        assert ("Bold" in shown[m.label]) == m.underline, m
    assert "A" in shown and "B" in shown  # owner marks


def test_fonts_are_embedded(pdf: bytes) -> None:
    assert b"/FontFile2" in pdf
    reader = read(pdf)
    fonts = resources(reader.pages[0], "/Font")
    assert len(fonts) >= 1
    for ref in fonts.values():
        font = ref.get_object()
        assert "DejaVuSansMono" in str(font["/BaseFont"])
        assert "/FontFile2" in font["/FontDescriptor"].get_object()


def _form_ids(reader: PdfReader) -> set[int]:
    """Object numbers of the XObjects the pages draw."""
    ids = set()
    for page in reader.pages:
        xobjects = resources(page, "/XObject")
        ids |= {ref.idnum for ref in xobjects.values()}
        ops = [op for _, op in ContentStream(page.get_contents(), reader).operations]
        assert b"Do" in ops
    return ids


def test_green_bar_is_one_form_per_stock(pdf: bytes) -> None:
    assert len(_form_ids(read(pdf))) == 1


def test_archive_binds_cover_and_parts() -> None:
    cover = Printout(
        game="Galactic Conflict",
        turn=17,
        reader="GAME MASTER",
        width=80,
        title="TURN 17 ARCHIVE",
        date="1997-03-05",
        sections=(Section("CONTENTS", (Text(("PLAYER 1", "PLAYER 2")),)),),
    )
    p1 = sample_printout()
    p2 = Printout(
        game="Galactic Conflict",
        turn=17,
        reader="PLAYER 2 VEGA",
        width=132,
        sections=(Section("NEWS", (Text(("NOTHING HAPPENED.",)),)),),
    )
    data = render_archive(cover, [("PLAYER 1 ARCTURUS", p1), ("PLAYER 2 VEGA", p2)])
    assert data == render_archive(cover, [("PLAYER 1 ARCTURUS", p1), ("PLAYER 2 VEGA", p2)])
    reader = read(data)
    n_cover, n_p1, n_p2 = len(layout(cover)), len(layout(p1)), len(layout(p2))
    assert len(reader.pages) == n_cover + n_p1 + n_p2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(684.0)
    assert float(reader.pages[n_cover].mediabox.width) == pytest.approx(1071.0)
    assert len(_form_ids(reader)) == 2  # one green-bar form per stock width
    entries = flatten_outline(reader.outline, reader)
    assert [e for e in entries if e[1] == 0] == [
        ("TURN 17 ARCHIVE", 0, 0),
        ("PLAYER 1 ARCTURUS", 0, n_cover),
        ("PLAYER 2 VEGA", 0, n_cover + n_p1),
    ]
    titles = [(t, lvl) for t, lvl, _ in entries]
    assert titles == [
        ("TURN 17 ARCHIVE", 0),
        ("CONTENTS", 1),
        ("PLAYER 1 ARCTURUS", 0),
        ("NEWS", 1),
        ("YOUR WORLDS", 1),
        ("MAP", 1),
        ("SECTOR MAP", 2),
        ("PLAYER 2 VEGA", 0),
        ("NEWS", 1),
    ]
    assert "NOTHING HAPPENED." in reader.pages[-1].extract_text()
    assert "PAGE 1 OF 1" in reader.pages[-1].extract_text()
    meta = reader.metadata
    assert meta is not None and meta.title == "TURN 17 ARCHIVE"


def test_archive_reuses_the_printouts_drawings() -> None:
    """The archive made from the drawings the parts' own PDFs kept is the archive drawn
    afresh, byte for byte, and its part pages are the parts' pages; a page with characters
    outside printable ASCII (codes of its own document) is drawn again."""
    cover = Printout("G", 3, "GM", 80, (Section("CONTENTS", (Text(("A", "B")),)),), date="")
    news = tuple(f"FLEET {i:3d} (PLAYER {i % 7}) MOVED TO WORLD {i}" for i in range(70))
    p1 = Printout(
        "G",
        3,
        "A",
        132,
        (Section("NEWS", (Text(news),)), Section("MAP", (MapBlock(sample_map()),))),
    )
    p2 = sample_printout()  # "café ─" on its first two pages
    parts = [("PLAYER 1", p1), ("PLAYER 2", p2)]
    laid = [layout(p1), layout(p2)]
    (pdf1, drawn1), (pdf2, drawn2) = (
        render_pdf_drawn(p, pages) for p, pages in zip((p1, p2), laid, strict=True)
    )
    assert pdf1 == render_pdf(p1) and pdf2 == render_pdf(p2)
    assert all(d is not None for d in drawn1)
    assert [d is None for d in drawn2] == [True, True, False]
    archive = render_archive(cover, parts, laid, [drawn1, drawn2])
    assert archive == render_archive(cover, parts)
    pages = read(archive).pages[len(layout(cover)) :]
    for own, again in zip(read(pdf1).pages, pages[: len(laid[0])], strict=True):
        mine, theirs = own.get_contents(), again.get_contents()
        assert mine is not None and theirs is not None
        assert mine.get_data() == theirs.get_data()


def _jobs() -> list[tuple[Printout, list[Page]]]:
    """Three printouts with their pages, one with a map."""
    printouts = [sample_printout(), sample_printout(width=80), sample_printout(date="")]
    return [(p, layout(p)) for p in printouts]


def test_pdfs_drawn_by_a_forked_worker_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A forked worker draws printouts from the first on, this process from the last on:
    the same bytes and drawings as one process drawing them all, in printout order;
    `done` ends at the whole count."""
    jobs = _jobs()
    alone = [render_pdf_drawn(p, pages) for p, pages in jobs]
    monkeypatch.setattr(pdf_module, "FORK_PAGES", 0)
    monkeypatch.setattr(worker, "cores", lambda: 2)
    forks: list[int] = []

    class Counted(worker.Forked[Any]):
        def __init__(self, work: Any) -> None:
            forks.append(os.getpid())
            super().__init__(work)

    monkeypatch.setattr(worker, "Forked", Counted)
    counts: list[int] = []
    assert render_pdfs(jobs, counts.append) == alone
    assert forks == [os.getpid()]
    assert counts[-1] == len(jobs) and counts == sorted(counts)


def test_a_failed_worker_is_made_good(monkeypatch: pytest.MonkeyPatch) -> None:
    """If the forked worker dies, its share is drawn in this process: same result."""
    jobs = _jobs()
    alone = [render_pdf_drawn(p, pages) for p, pages in jobs]
    parent = os.getpid()
    drawn = pdf_module.render_pdf_drawn

    def dies_in_the_worker(*args: Any, **kwargs: Any) -> Any:
        if os.getpid() != parent:
            raise MemoryError
        return drawn(*args, **kwargs)

    monkeypatch.setattr(pdf_module, "FORK_PAGES", 0)
    monkeypatch.setattr(worker, "cores", lambda: 2)
    monkeypatch.setattr(pdf_module, "render_pdf_drawn", dies_in_the_worker)
    assert render_pdfs(jobs) == alone


def test_meanwhile_gives_the_work_s_result(monkeypatch: pytest.MonkeyPatch) -> None:
    """`meanwhile` gives what the work returns, from a worker or (if it dies) from here;
    a worker whose result is never taken is killed."""
    monkeypatch.setattr(worker, "cores", lambda: 2)
    parent = os.getpid()
    with worker.meanwhile(lambda: [os.getpid() != parent, b"x" * 100_000]) as result:
        assert result() == [True, b"x" * 100_000]
    with worker.meanwhile(lambda: 1 // int(os.getpid() == parent)) as result:
        assert result() == 1
    with pytest.raises(KeyError), worker.meanwhile(lambda: b"x" * 100_000):
        raise KeyError


def test_no_fork_draws_them_all_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the system refuses a fork, the printouts are drawn here: the same result."""
    jobs = _jobs()
    alone = [render_pdf_drawn(p, pages) for p, pages in jobs]

    def refused() -> int:
        raise BlockingIOError("fork: resource temporarily unavailable")

    monkeypatch.setattr(pdf_module, "FORK_PAGES", 0)
    monkeypatch.setattr(worker, "cores", lambda: 2)
    monkeypatch.setattr(os, "fork", refused)
    counts: list[int] = []
    assert render_pdfs(jobs, counts.append) == alone
    assert counts == [1, 2, 3]
    with worker.meanwhile(lambda: 7) as result:
        assert result() == 7


def test_claims_give_each_item_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process and its worker taking items from either end get every item once."""
    monkeypatch.setattr(worker, "cores", lambda: 2)
    claims = worker.Claims(500)

    def take_all(front: bool) -> list[int]:
        taken = []
        while (i := claims.take(front)) is not None:
            taken.append(i)
        return taken

    with worker.meanwhile(lambda: take_all(True)) as theirs:
        mine = take_all(False)
        got = theirs()
    assert sorted(mine + got) == list(range(500))
    assert got == sorted(got) and mine == sorted(mine, reverse=True)


def test_streams_compressed_once_are_the_same_bytes() -> None:
    """Within `shared_streams` a stream met again is not compressed again: the PDFs and
    the archive are the bytes made without it."""
    jobs = _jobs()
    alone = [render_pdf(p, pages) for p, pages in jobs]
    parts = [(p.reader, p) for p, _ in jobs]
    archive = render_archive(jobs[0][0], parts)
    with shared_streams() as flated:
        assert [render_pdf(p, pages) for p, pages in jobs] == alone
        known = len(flated)
        assert [render_pdf(p, pages) for p, pages in jobs] == alone
        assert len(flated) == known
        assert render_archive(jobs[0][0], parts) == archive


def test_map_dispatch_by_type() -> None:
    class Unknown:
        legend = ()
        title = "ODD"

    assert not has_map_drawer(Unknown())
    with pytest.raises(TypeError):
        draw_map(cast(Any, None), cast(Any, Unknown()), 0, 0, 100, 100)

    class Zoomed(HexMap):
        pass

    seen: list[str] = []

    def drawer(canvas: Any, m: Any, x: float, y: float, w: float, h: float) -> float:
        seen.append(m.title)
        return y

    assert has_map_drawer(Zoomed("Z", 2, 2, ()))  # inherits the hex drawer
    register_map_drawer(Zoomed, drawer)
    page = Page(1, tuple([" " * 80] * LINES_PER_PAGE), maps=(MapArea(Zoomed("Z", 2, 2, ()), 3, 5),))
    printout = Printout("G", 1, "R", 80, ())
    assert len(read(render_pdf(printout, [page])).pages) == 1
    assert seen == ["Z"]


def test_map_without_drawer_prints_its_text() -> None:
    class Unknown:
        legend = ()
        title = "ODD"

    lines = ["HEADER"] + [""] * 2 + ["ROW . . . ODD MAP"] + [""] * (LINES_PER_PAGE - 4)
    page = Page(1, tuple(ln.ljust(80) for ln in lines), maps=(MapArea(cast(Any, Unknown()), 3, 1),))
    text = read(render_pdf(Printout("G", 1, "R", 80, ()), [page])).pages[0].extract_text()
    assert "ROW . . . ODD MAP" in text


@pytest.mark.slow
def test_big_sheet_on_both_stocks() -> None:
    markers = tuple(
        HexMarker(c, r, str(c * 28 + r), underline=(c + r) % 17 == 0)
        for c in range(32)
        for r in range(28)
        if (c * 7 + r * 3) % 5 == 0
    )
    big = HexMap("GALAXY", 32, 28, markers, legend=("LEGEND LINE",))
    for width in (80, 132):
        p = Printout("G", 1, "R", width, (Section("MAP", (MapBlock(big),)),))
        pages = layout(p)
        reader = read(render_pdf(p, pages))
        page = next(pg for pg in pages if pg.maps)
        tokens = reader.pages[page.number - 1].extract_text().split()
        assert all(m.label in tokens for m in markers)
        assert "LEGEND" in tokens
