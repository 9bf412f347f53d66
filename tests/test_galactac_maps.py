"""Galac-Tac's galaxy maps: the grid map model, its text on 80- and 132-column pages, its
vector drawing in the PDF, and the MAP types the rule book names."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

import galbatch.print.maps.grid_pdf  # noqa: F401  (registers the drawer)
from galbatch.print.maps.fields_pdf import has_map_drawer
from galbatch.print.maps.grid import STAR, GridCell, GridMap, KeyEntry, number_mark
from galbatch.print.page import LINES_PER_PAGE, MapBlock, Printout, Section, layout, render_text
from galbatch.print.pdf import MARGIN, render_pdf
from galbatch.rules.galactac.galaxy import Location, location_text, parse_location
from galbatch.rules.galactac.maps import (
    GALAXY,
    KnownStar,
    Status,
    known_stars,
    pv_map,
    quad_map,
    quad_quad,
    requested_maps,
    ship_places,
    turn_one_maps,
    whole_map,
)
from tests.test_paper import glyph_boxes

HOME = (34, 11)
BODY = LINES_PER_PAGE - 3  # what layout offers a map: the page less its header


def galaxy(seed: int = 7) -> tuple[KnownStar, ...]:
    """A galaxy as an empire knows it some turns in: about 900 stars, a tenth of them
    charted, its own Home, Production and Colony Systems, two enemy systems."""
    rng = random.Random(seed)
    stars = []
    special = {
        HOME: KnownStar(HOME, Status.HOME, 10, ships=True),
        (30, 20): KnownStar((30, 20), Status.PRODUCTION, 8),
        (36, 14): KnownStar((36, 14), Status.COLONY, 12),
        (40, 30): KnownStar((40, 30), Status.ENEMY),
        (12, 5): KnownStar((12, 5), Status.ENEMY, 6),
        (0, 0): KnownStar((0, 0), Status.CHARTED, 3),
        (99, 99): KnownStar((99, 99), Status.UNCHARTED),
    }
    for row in range(GALAXY):
        for col in range(GALAXY):
            if (row, col) in special:
                stars.append(special[(row, col)])
            elif rng.random() < 0.09:
                if rng.random() < 0.12:
                    stars.append(KnownStar((row, col), Status.CHARTED, rng.randint(1, 15)))
                else:
                    stars.append(KnownStar((row, col), Status.UNCHARTED))
    return tuple(stars)


FLEETS: tuple[Location, ...] = ((33, 12), HOME, (70, 70))


def every_map() -> list[tuple[str, GridMap]]:
    stars = galaxy()
    maps = [
        ("whole", whole_map(stars, fleets=FLEETS)),
        ("whole centered", whole_map(stars, (51, 51), FLEETS)),
        ("quad", quad_map(stars, fleets=FLEETS)),
        ("pv", pv_map(stars, (5, 90), FLEETS)),
    ]
    maps += [(f"quad quad {n}", m) for n, m in enumerate(quad_quad(stars, FLEETS), 1)]
    return maps


def every_map_maps() -> list[GridMap]:
    return [m for _, m in every_map()]


MAPS = every_map()


def printout(maps: list[GridMap], width: int) -> Printout:
    """A player's map report: each map in a section of its own."""
    sections = tuple(
        Section(m.title, (MapBlock(m),), new_page=True) for m in maps
    )  # GridMap is not yet one of the Map alias's types
    return Printout("GALAXY 13", 1, "EMPIRE 3 GRAND FENWICK", width, sections, date="2021-10-24")


# The rule book's maps.


def test_locations_read_down_then_across() -> None:
    assert parse_location("34-11") == (34, 11) and location_text((34, 11)) == "34-11"
    assert location_text((0, 5)) == "00-05"
    with pytest.raises(ValueError):
        parse_location("34/11")


def test_whole_map_is_the_galaxy_uncentered_or_centered() -> None:
    stars = galaxy()
    m = whole_map(stars)
    assert (m.top, m.left, m.rows, m.cols, m.wrap) == (0, 0, 100, 100, False)
    assert m.title == "GALAXY OVERVIEW"
    assert m.legend[-1] == "YOUR HOME SYSTEM IS AT 34-11."  # to find it on the map
    assert len(m.shown()) == len(stars)  # every known star, each once
    c = whole_map(stars, (51, 51))
    assert c.title == "GALAXY OVERVIEW CENTERED ON 51-51"  # as the rule book's sample
    assert c.wrap and c.offset(51, 51) == (50, 50) and len(c.shown()) == len(stars)
    assert c.row_at(98) == 99 and c.row_at(99) == 0  # past 99 from 00


def test_quad_and_pv_maps_show_25_squares_around_the_home_system() -> None:
    stars = galaxy()
    m = quad_map(stars)  # no location: the Home System
    assert (m.top, m.left, m.rows, m.cols) == (9, 0, 51, 51)
    assert m.offset(*HOME) == (25, 11)  # moved inward at the galaxy's left edge
    assert m.title == "QUADRANT MAP AROUND 34-11"
    assert m.legend == ("ROWS 09-59, COLUMNS 00-50: EVERY SQUARE WITHIN 25 OF 34-11.",)
    edge = pv_map(stars, (5, 90))
    assert edge.title == "PV MAP AROUND 05-90" and (edge.top, edge.left) == (0, 49)
    assert edge.legend == ("ROWS 00-50, COLUMNS 49-99: EVERY SQUARE WITHIN 25 OF 05-90.",)
    middle = quad_map(stars, (50, 50))
    assert middle.title == "QUADRANT MAP CENTERED ON 50-50" and middle.top == 25


def labels(m: GridMap) -> dict[Location, GridCell]:
    return {(c.row, c.col): c for c in m.shown()}


def test_quad_map_symbols_and_pv_map_numbers() -> None:
    stars = galaxy()
    quad, pv = labels(quad_map(stars, (30, 25), FLEETS)), labels(pv_map(stars, (30, 25), FLEETS))
    assert quad[HOME].label == "H" and pv[HOME].label == "10"
    assert quad[(30, 20)].label == "P" and pv[(30, 20)].label == "8"
    assert quad[(36, 14)].label == "C" and pv[(36, 14)].label == "12"
    assert quad[(40, 30)].label == "E" == pv[(40, 30)].label  # an enemy's, PV unknown
    assert quad[(12, 5)].label == "E" and pv[(12, 5)].label == "6" and pv[(12, 5)].enemy
    assert all(quad[loc].own and pv[loc].own for loc in (HOME, (30, 20), (36, 14)))
    charted = [s for s in stars if s.status is Status.CHARTED and s.location in quad]
    assert charted and all(quad[s.location].label == str(s.pv) for s in charted)
    uncharted = [s for s in stars if s.status is Status.UNCHARTED and s.location in quad]
    assert uncharted and all(quad[s.location].label == STAR for s in uncharted)
    assert quad[HOME].ships and quad[(33, 12)] == GridCell(33, 12, "", 2, ships=True)


def test_quad_quad_covers_the_galaxy_exactly_once() -> None:
    maps = quad_quad(galaxy())
    assert [m.title for m in maps] == [
        "QUADRANT MAP 1 OF 4: 00-00 TO 49-49",
        "QUADRANT MAP 2 OF 4: 00-50 TO 49-99",
        "QUADRANT MAP 3 OF 4: 50-00 TO 99-49",
        "QUADRANT MAP 4 OF 4: 50-50 TO 99-99",
    ]
    for row in range(GALAXY):
        for col in range(GALAXY):
            assert sum(m.offset(row, col) is not None for m in maps) == 1, (row, col)

    def reading(c: GridCell) -> Location:
        return c.row, c.col

    everything = sorted((c for m in maps for c in m.shown()), key=reading)
    assert everything == sorted(whole_map(galaxy()).shown(), key=reading)


def test_turn_one_gets_a_galaxy_and_a_quadrant_map() -> None:
    stars = (KnownStar(HOME, Status.HOME, 10), KnownStar((40, 40)))
    whole, quad = turn_one_maps(stars, HOME)
    assert whole.title == "GALAXY OVERVIEW" and quad.title == "QUADRANT MAP AROUND 34-11"
    assert [c.label for c in quad.shown()] == ["H", STAR]


def test_a_map_action_asks_for_one_map_or_quad_quad_for_four() -> None:
    stars = galaxy()
    assert requested_maps(stars, "WHOLE") == (whole_map(stars),)
    assert requested_maps(stars, "whole", "51-51") == (whole_map(stars, (51, 51)),)
    assert requested_maps(stars, "QUAD") == (quad_map(stars, HOME),)
    assert requested_maps(stars, "PV", "50-50", FLEETS) == (pv_map(stars, (50, 50), FLEETS),)
    assert requested_maps(stars, "QUAD", "QUAD") == quad_quad(stars)
    with pytest.raises(ValueError):
        requested_maps(stars, "SECTOR")


def test_turn_one_maps_from_a_new_games_view() -> None:
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.rules.galactac.setup import new_game
    from galbatch.rules.galactac.view import build_view

    seats = [PlayerInfo(str(i), f"PLAYER {i}", 1000 + i) for i in range(1, 13)]
    view = build_view(new_game(2021, seats, {}), "1")
    stars = known_stars(view)
    home = parse_location(view["empire"]["home"])
    assert [s.location for s in stars] == sorted(parse_location(t) for t in view["stars"])
    assert [s for s in stars if s.status is not Status.UNCHARTED] == [
        KnownStar(home, Status.HOME, 10, ships=True)  # the book: base PV 10, ships at home
    ]
    assert ship_places(view) == (home,)
    whole, quad = turn_one_maps(stars, home)
    assert len(whole.shown()) == len(view["stars"])
    assert quad.offset(*home) is not None and quad.title.endswith(location_text(home))
    for m in (whole, quad):
        for width in (80, 132):
            lines = m.text_lines(width, BODY)
            assert len(lines) <= BODY - 2 and max(map(len, lines)) <= width


@pytest.mark.parametrize("width", [80, 132])
def test_map_quad_quad_prints_four_pages(width: int) -> None:
    maps = quad_quad(galaxy(), FLEETS)
    blocks = tuple(MapBlock(m) for m in maps)
    p = Printout("GALAXY 13", 2, "EMPIRE 3", width, (Section("MAPS", blocks, new_page=True),))
    pages = layout(p)
    assert [[a.map for a in page.maps] for page in pages] == [[m] for m in maps]
    assert len(PdfReader(io.BytesIO(render_pdf(p, pages))).pages) == 4


# The text rendering.

SMALL = GridMap(
    "TEST",
    0,
    0,
    12,
    12,
    (
        GridCell(0, 0, "*"),
        GridCell(1, 3, "12", rank=1),
        GridCell(2, 5, "H", rank=6, own=True, ships=True),
        GridCell(5, 5, "7", rank=1, enemy=True),
        GridCell(6, 1, "", rank=2, ships=True),
        GridCell(11, 11, "40", rank=1),
    ),
    (KeyEntry(GridCell(0, 0, "*"), "STAR"), KeyEntry(GridCell(0, 0, "7", 1), "PV")),
    ("LEGEND LINE.",),
    extent=(12, 12),
)


def test_small_map_with_room_for_numbers() -> None:
    assert SMALL.text_lines(60, 40) == [
        "    00             05             10",
        "00   *              .              .    00",
        "01           12                         01",
        "02                 #H                   02",
        "03                                      03",
        "04                                      04",
        "05   .             !7              .    05",
        "06      >                               06",
        "07                                      07",
        "08                                      08",
        "09                                      09",
        "10   .              .              .    10",
        "11                                   40 11",
        "    00             05             10",
        "",
        "* STAR   7 PV",
        "LEGEND LINE.",
    ]


def test_small_map_labels_fill_a_cell_with_an_empty_cell_before_it() -> None:
    assert SMALL.text_lines(30, 20) == [
        "   00        05        10",
        "00  *         .         .   00",
        "01       12                 01",
        "02           #H             02",
        "03                          03",
        "04                          04",
        "05  .        !7         .   05",
        "06    >                     06",
        "07                          07",
        "08                          08",
        "09                          09",
        "10  .         .         .   10",
        "11                       40 11",
        "   00        05        10",
        "",
        "* STAR   7 PV",
        "LEGEND LINE.",
    ]


def test_small_map_one_column_a_square() -> None:
    assert SMALL.text_lines(20, 40) == [
        "  00   05   10",
        "00 *    .    .  00",
        "01    c         01",
        "02      H       02",
        "03              03",
        "04              04",
        "05 .    7    .  05",
        "06  >           06",
        "07              07",
        "08              08",
        "09              09",
        "10 .    .    .  10",
        "11            + 11",
        "  00   05   10",
        "",
        "* STAR   7 PV",
        "a-z 10-35",
        "+ 36 OR MORE",
        "LEGEND LINE.",
    ]


def test_small_map_rows_merged_when_the_page_is_short() -> None:
    assert SMALL.text_lines(30, 16) == [
        "   00        05        10",
        "00  '     c   H             00",
        "03            7             03",
        "06    >                     06",
        "09                        + 09",
        "   00        05        10",
        "",
        "* STAR   7 PV   a-z 10-35",
        "+ 36 OR MORE",
        "A CHARACTER IS 3 ROWS BY ONE",
        "COLUMN",
        "' . : * IN ITS UPPER, LOWER,",
        "BOTH ROWS",
        "LEGEND LINE.",
    ]


def test_numbers_too_long_for_a_cell_become_letters() -> None:
    assert [number_mark(s, 1) for s in ("7", "10", "35", "36", "H", "")] == [
        "7",
        "a",
        "z",
        "+",
        "H",
        "",
    ]
    assert number_mark("12", 2) == "12"


@pytest.mark.parametrize("width", [80, 132])
@pytest.mark.parametrize(("name", "m"), MAPS, ids=[n for n, _ in MAPS])
def test_text_map_fits_its_page_and_shows_every_square(name: str, m: GridMap, width: int) -> None:
    lines = m.text_lines(width, BODY)
    assert len(lines) <= BODY - 2 and all(len(line) <= width for line in lines)
    assert lines[-len(m.legend) :] == list(m.legend)  # the legend is the last lines
    assert any("UNCHARTED STAR" in line for line in lines)  # and the key before it
    pages = layout(printout([m], width))
    assert len(pages) == 1 and pages[0].maps[0].line_count == len(lines)
    # Every square where it belongs: one to three columns a square, or two squares a
    # column; its line from the row numbers (two or more rows a line when merged).
    room = width - 6
    cw = max([k for k in (1, 2, 3) if m.cols * k <= room] or [1])
    sx = 1 if m.cols <= room else 2
    sy = 1 if lines[2][:2] == f"{m.row_at(1):02d}" else 2
    for c in m.shown():
        at = m.offset(c.row, c.col)
        assert at is not None
        line = lines[1 + at[0] // sy]
        assert line[:2] == f"{m.row_at(at[0] - at[0] % sy):02d}", (name, c, line)
        shown = line[3 + (at[1] // sx + 1) * cw - 1]
        if sx == sy == 1:  # its label's last character, the label as a letter, or a flag
            flags = (">", "=", "#")  # a flag alone: an own number in one column
            assert shown in (c.label[-1:], number_mark(c.label, 1), *flags), (name, c, line)
        else:
            assert shown != " ", (name, c, line)


def test_pv_map_flags_every_own_system_ships_or_not() -> None:
    """MAP: "A PV map shows base PV for all charted Systems"; its key marks the empire's
    own ("=7 YOUR SYSTEM"). The mark stays where the empire's ships are too (#), the
    Home System's 10 as a letter beside it, and alone where a neighbour leaves its
    square one column."""
    home = KnownStar(HOME, Status.HOME, 10, ships=True)
    colony = KnownStar((34, 30), Status.COLONY, 4)
    crowded = KnownStar((40, 21), Status.PRODUCTION, 12, ships=True)
    left = KnownStar((40, 20), Status.CHARTED, 3)
    lines = pv_map((home, colony, crowded, left)).text_lines(132, BODY)
    row = {line[:3]: line for line in lines}
    assert "#a" in row["34 "] and "=4" in row["34 "]
    assert " 3 #" in row["40 "]  # one column left for 40-21: its flag, not its 12
    key = " ".join(lines[-4:])
    assert "#7 YOUR SYSTEM, YOUR SHIPS THERE" in key and "a-a 10-10" in key


def test_wide_page_shows_the_flags_narrow_does_not() -> None:
    m = quad_map(galaxy(), fleets=FLEETS)
    wide, narrow = m.text_lines(132, BODY), m.text_lines(80, BODY)
    home = next(line for line in wide if line.startswith("34 "))
    assert "#H" in home and "H" in narrow[next(i for i, s in enumerate(narrow) if s[:3] == "34 ")]
    assert any(">7 YOUR SHIPS THERE" in line for line in wide)
    assert not any("YOUR SHIPS THERE" in line for line in narrow)  # no room for > there
    assert any("> YOUR SHIPS IN DEEP SPACE" in line for line in narrow)


def test_whole_map_text_is_two_rows_a_line() -> None:
    m = whole_map(galaxy(), fleets=FLEETS)
    for width in (80, 132):
        lines = m.text_lines(width, BODY)
        grid = [line for line in lines if line[:2].isdigit() and line[-2:].isdigit()]
        assert len(grid) == 50 and grid[0].startswith("00 ") and grid[1].startswith("02 ")
        assert any("A CHARACTER IS 2 ROWS" in line for line in lines)
    assert "2 COLUMNS" in " ".join(m.text_lines(80, BODY))
    assert "ONE COLUMN" in " ".join(m.text_lines(132, BODY))
    centered = whole_map(galaxy(), (51, 51)).text_lines(80, BODY)  # odd columns first
    assert centered[0].split() == [*(f"{n}" for n in range(10, 100, 10)), "00"]
    assert centered[1].startswith("01 ") and centered[50].startswith("99 ")


@pytest.mark.slow
def test_text_is_the_same_every_time() -> None:
    for width in (80, 132):
        p = printout([m for _, m in MAPS], width)
        assert render_text(layout(p)) == render_text(layout(printout(every_map_maps(), width)))


def test_snapshot_quad_map_80_and_whole_map_132(snapshot: Any) -> None:
    stars = galaxy()
    quad = "\n".join(quad_map(stars, fleets=FLEETS).text_lines(80, BODY))
    whole = "\n".join(whole_map(stars, fleets=FLEETS).text_lines(132, BODY))
    assert quad + "\n\f\n" + whole == snapshot


def test_snapshot_pv_map_132(snapshot: Any) -> None:
    assert "\n".join(pv_map(galaxy(), (5, 90), FLEETS).text_lines(132, BODY)) == snapshot


# The PDF drawing.

Box = tuple[float, float, float, float]
FRAME = re.compile(rb"q 1 g\n([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\nf")
ADVANCE = 0.602  # DejaVu Sans Mono's advance, in font sizes


def shown_text(page: Any) -> list[tuple[str, Box]]:
    """Every piece of text on a page with its box, from its Tm and Tf."""
    out: list[tuple[str, Box]] = []
    size, x, y = 0.0, 0.0, 0.0
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"Tf":
            size = float(operands[1])
        elif op == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif op == b"Tj":
            raw = operands[0]
            text = (raw.original_bytes if hasattr(raw, "original_bytes") else bytes(raw)).decode(
                "latin-1"
            )
            width = len(text.rstrip()) * ADVANCE * size
            out.append((text, (x, y - 0.24 * size, x + width, y + 0.73 * size)))
    return out


def frame_of(page: Any) -> Box:
    found = FRAME.search(page.get_contents().get_data())
    assert found, "no grid frame on the page"
    x, y, w, h = (float(v) for v in found.groups())
    return x, y, x + w, y + h


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture(scope="module", params=[80, 132])
def pdf(request: pytest.FixtureRequest) -> tuple[int, bytes]:
    return request.param, render_pdf(printout([m for _, m in MAPS], request.param))


def test_grid_maps_have_a_drawer() -> None:
    assert has_map_drawer(MAPS[0][1])


@pytest.mark.slow
def test_pdf_labels_sit_in_their_squares_apart_and_inside_the_frame(
    pdf: tuple[int, bytes],
) -> None:
    reader = PdfReader(io.BytesIO(pdf[1]))
    assert len(reader.pages) == len(MAPS)
    for page, (name, m) in zip(reader.pages, MAPS, strict=True):
        frame = frame_of(page)
        inside = [
            (t, b)
            for t, b in shown_text(page)
            if frame[0] - 1 <= b[0] <= frame[2] + 1 and frame[1] - 1 <= b[1] <= frame[3] + 1
        ]
        expected = sorted(c.label for c in m.shown() if c.label not in ("", STAR))
        assert sorted(t.strip() for t, _ in inside) == expected, name
        for text, box in inside:
            assert frame[0] <= box[0] and box[2] <= frame[2], (name, text, box, frame)
            assert frame[1] <= box[1] and box[3] <= frame[3], (name, text, box, frame)
        ordered = sorted(inside, key=lambda tb: tb[1][0])
        for i, (text, box) in enumerate(ordered):
            for other, obox in ordered[i + 1 :]:
                if obox[0] >= box[2]:
                    break
                assert not overlaps(box, obox), (name, text, box, other, obox)


@pytest.mark.slow
def test_pdf_numbers_key_and_legend(pdf: tuple[int, bytes]) -> None:
    reader = PdfReader(io.BytesIO(pdf[1]))
    for page, (name, m) in zip(reader.pages, MAPS, strict=True):
        frame = frame_of(page)
        texts = shown_text(page)
        words = " ".join(t for t, _ in texts)
        for entry in m.key:
            assert entry.meaning in words, (name, entry)
        for line in m.legend:
            assert line in words, (name, line)
        below = [b for t, b in texts if t.strip() in ("UNCHARTED STAR", m.legend[0])]
        assert all(b[3] < frame[1] for b in below), name  # key and legend under the frame
        numbers = {t.strip() for t, b in texts if b[3] > frame[3] and b[1] < frame[3] + 20}
        col0 = m.col_at(0)
        assert col0 is not None
        first = col0 + (-col0) % 5
        assert f"{first % 100:02d}" in numbers, (name, numbers)


@pytest.mark.slow
def test_pdf_every_glyph_inside_the_printable_area(pdf: tuple[int, bytes]) -> None:
    reader = PdfReader(io.BytesIO(pdf[1]))
    for page in reader.pages:
        width = float(page.mediabox.width)
        height = float(page.mediabox.height)
        for b in glyph_boxes(page):
            assert b.x0 >= MARGIN - 0.01 and b.x1 <= width - MARGIN + 0.01, b
            assert b.y0 >= MARGIN - 0.01 and b.y1 <= height - MARGIN + 0.01, b


@pytest.mark.slow
def test_pdf_is_the_same_every_time(pdf: tuple[int, bytes]) -> None:
    width, data = pdf
    assert render_pdf(printout(every_map_maps(), width)) == data


def test_pdf_has_no_transparency_and_embeds_its_fonts(pdf: tuple[int, bytes]) -> None:
    reader = PdfReader(io.BytesIO(pdf[1]))
    for page in reader.pages:
        data = page.get_contents().get_data()
        assert b" gs" not in data and b"/SMask" not in data
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert "/FontFile2" in font["/FontDescriptor"].get_object()


@pytest.mark.slow
def test_pdf_map_pages_have_no_text_over_other_text(pdf: tuple[int, bytes]) -> None:
    """The numbers around the frame, the labels and the key clear of each other and of the
    page's lines (whose boxes, ascent to descent, touch from one line to the next)."""
    reader = PdfReader(io.BytesIO(pdf[1]))
    for page, (name, _) in zip(reader.pages, MAPS, strict=True):
        texts = shown_text(page)
        line_height = max(b[3] - b[1] for _, b in texts)  # the page's own type is the largest
        ordered = sorted(texts, key=lambda tb: tb[1][0])
        for i, (text, box) in enumerate(ordered):
            for other, obox in ordered[i + 1 :]:
                if obox[0] >= box[2]:
                    break
                if min(box[3] - box[1], obox[3] - obox[1]) > line_height - 0.01:
                    continue  # two of the page's lines
                assert not overlaps(box, obox), (name, text, box, other, obox)


def test_pdf_rings_the_readers_systems_where_squares_are_small(pdf: tuple[int, bytes]) -> None:
    reader = PdfReader(io.BytesIO(pdf[1]))
    for page, (name, m) in zip(reader.pages, MAPS, strict=True):
        data = page.get_contents().get_data()
        own = sum(c.own for c in m.shown())
        small = m.rows > 60  # a whole galaxy on a page
        assert own == 3 or not small, name  # HOME, PRODUCTION and COLONY on the whole galaxy
        assert data.count(b" c h") == (own if small else 0), name  # a circle's end
