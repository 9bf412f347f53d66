"""The Galaktikos board map: the whole public board in text (132 columns) and in PDF."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

import galbatch.print.maps.board_pdf  # noqa: F401  (registers the BoardMap drawer)
from galbatch.print.maps.board import BoardHex, BoardMap
from galbatch.print.maps.fields_pdf import has_map_drawer
from galbatch.print.page import MapBlock, Printout, Section, layout
from galbatch.print.pdf import MARGIN, render_pdf
from galbatch.rules.galaktikos.board import board_map, player_marks
from galbatch.rules.galaktikos.galaxy import MAX_PLAYERS, make_galaxy
from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.placement import automatic_setup
from galbatch.rules.galaktikos.tables import HexType
from tests.bundled import shipped
from tests.test_paper import glyph_boxes


def sample_board(players: int, seed: int = 3) -> BoardMap:
    """A set-up galaxy: homes with shipyard and fleet, two populations each, their territory."""
    g = make_galaxy(random.Random(seed), players)
    names = [f"Empire {i}" for i in range(1, players + 1)]
    taken = automatic_setup(g, players, random.Random(seed))
    homes = list(taken)[:players]
    owner = {h: names[s - 1] for h, s in taken.items()}
    pops = {h: {o: 1} for h, o in owner.items()}
    first = homes[0]
    pops[first] = {names[0]: 3, names[1]: 1}
    fleets = {h: {owner[h]: 1} for h in homes}
    fleets[homes[1]] = {names[1]: 12}
    return board_map(
        g.width,
        g.height,
        g.kinds(),
        names,
        territory=owner,
        populations=pops,
        occupations={first: {names[1]: names[0]}},
        habitats={first: 2},
        shipyards={h: 1 for h in homes},
        fleets=fleets,
        unsupplied={(homes[1], names[1])},
    )


def test_players_are_lettered_in_seat_order() -> None:
    assert player_marks(["Ix", "Zed", "Ab"]) == {"Ix": "A", "Zed": "B", "Ab": "C"}


def test_the_board_lists_every_hex_with_something_on_it() -> None:
    m = sample_board(2)
    cells = m.cells()
    assert all(h.kind != "empty" or h.territory or h.populations for h in m.hexes)
    homes = [h for h in m.hexes if h.shipyards]
    assert len(homes) == 2 and all(h.fleets for h in homes)
    assert sum(1 for h in m.hexes if h.territory) == 6
    failing = [h for h in m.hexes if h.unsupplied]
    assert [(h.fleets, h.unsupplied) for h in failing] == [((("B", 12),), ("B",))]
    a_home = next(h for h in homes if h.territory == "A")
    assert cells[(a_home.col, a_home.row)].populations == (("A", 3), ("B", 1))


def test_the_text_grid_shows_types_owners_and_tokens() -> None:
    m = sample_board(2)
    lines = m.text_lines(132, 66)
    a_home = next(h for h in m.hexes if h.shipyards and h.territory == "A")
    b_home = next(h for h in m.hexes if h.shipyards and h.territory == "B")
    y, x = 1 + a_home.row * 2 + a_home.col % 2, 3 + a_home.col * 4
    assert lines[y][x : x + 3] == "#A*"  # dense, A's, several peoples
    assert lines[y + 1][x : x + 3] == "YA1"
    y, x = 1 + b_home.row * 2 + b_home.col % 2, 3 + b_home.col * 4
    assert lines[y + 1][x : x + 3] == "Yb+"  # a dozen fleets out of supply
    text = "\n".join(lines)
    assert f"{a_home.name} A pop A3 B1 occ B/A hab 2 yard 1 fleet A1" in text
    assert f"{b_home.name} B pop B1 yard 1 fleet B12!" in text
    assert "Players: A Empire 1  B Empire 2" in text
    assert lines[0].startswith("   01  02")
    assert lines[1].startswith("01")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, MAX_PLAYERS])
def test_the_largest_board_is_legible_at_132_columns_on_one_page(players: int) -> None:
    m = sample_board(players)
    lines = m.text_lines(132, 66)
    grid = lines[: 2 * m.rows + 2]
    assert max(len(line) for line in lines) <= 132
    assert len(grid[0].rstrip()) <= 132 and len(grid) <= 62
    # every hex keeps its own three characters: none is cut off at the right
    last = m.cols - 1
    assert grid[0].rstrip().endswith(f"{last + 1:02d}")


def test_board_hex_names_count_from_one() -> None:
    assert BoardHex(6, 11, "dense").name == "0712"
    assert board_map(3, 2, {}, []).hexes == ()
    m = board_map(3, 2, {Hex(1, 1): HexType.CORE}, [])
    assert [(h.name, h.kind) for h in m.hexes] == [("0202", "core")]


@pytest.mark.slow
def test_a_board_page_draws_as_vectors_inside_the_margins() -> None:
    m = sample_board(MAX_PLAYERS)
    assert has_map_drawer(m)
    printout = Printout(
        game="Galaktikos",
        turn=0,
        reader="Empire 1",
        width=132,
        title="",
        author="The GM",
        date="2026-01-05",
        keywords=("galaktikos",),
        sections=(Section("THE GALAXY", (MapBlock(m),)),),
    )
    data = render_pdf(printout, layout(printout))
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) >= 1
    page = reader.pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    boxes = glyph_boxes(page)
    assert boxes
    for b in boxes:
        assert b.x0 >= MARGIN - 0.01 and b.x1 <= width - MARGIN + 0.01, b
        assert b.y0 >= MARGIN - 0.01 and b.y1 <= height - MARGIN + 0.01, b
    contents = page.get_contents()
    assert contents is not None
    content = contents.get_data()
    assert b" rg" in content and b" RG" in content  # colours: types, players, failures
    assert b"/CA" not in data and b"/ca" not in data and b"/SMask" not in data


def test_the_man_page_says_which_columns_the_map_prints_lower() -> None:
    """galbatch-galaktikos(7): "the even-numbered columns (02, 04, ...) sit half a hex
    lower than the odd ones, as the map prints them" - read off a shipped printout."""
    page = (Path(__file__).resolve().parent.parent / "man" / "galbatch-galaktikos.7").read_text()
    assert "the even\\-numbered\ncolumns (02, 04," in page
    text = (shipped("spiral6") / "turns" / "002" / "printouts" / "1.txt").read_text()
    lines = text.splitlines()
    top = lines.index("THE GALAXY") + 2  # the column numbers, under the heading's rule
    header = lines[top]
    row_one, below = lines[top + 1], lines[top + 2]
    assert row_one.startswith("01 ")
    for column in ("01", "02", "03", "04"):
        at = header.index(f" {column} ") + 1
        upper, lower = row_one[at : at + 2].strip(), below[at : at + 2].strip()
        if int(column) % 2 == 0:  # even-numbered: its first hex on the line below
            assert (upper, bool(lower)) == ("", True), column
        else:
            assert (bool(upper), lower) == (True, ""), column


def board_page_runs(m: BoardMap) -> list[tuple[str, str, float]]:
    """Every text run of the board's PDF page: (text, font, size in points)."""
    printout = Printout(
        game="Galaktikos",
        turn=0,
        reader="Empire 1",
        width=132,
        title="",
        author="The GM",
        date="2026-01-05",
        keywords=("galaktikos",),
        sections=(Section("THE GALAXY", (MapBlock(m),)),),
    )
    page = PdfReader(io.BytesIO(render_pdf(printout, layout(printout)))).pages[0]
    runs: list[tuple[str, str, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        del cm, tm
        if text.strip() and font is not None:
            runs.append((text.strip(), str(font.get_object()["/BaseFont"]), size))

    page.extract_text(visitor_text=visit)
    return runs


def test_the_pdf_board_has_a_key_in_the_text_keys_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """galbatch-galaktikos(7): "In the PDF, hexes are tinted by type, each player's frontier
    is drawn in the player's colour, populations are squares ..., fleets triangles, and a
    supply failure a red cross": the PDF page keeps a key that says so, in the words of the
    text key (one table, `SIGNS`), with each player's mark and name beside his colour."""
    from galbatch.print.maps.board import KIND_GLYPHS, SIGNS

    monkeypatch.setitem(SIGNS, "fleet", "starfleet")  # one word, changed in one place
    m = sample_board(2)
    texts = [text for text, _, _ in board_page_runs(m)]
    assert "KEY" in texts and "PLAYERS" in texts
    for kind in KIND_GLYPHS:
        assert f"{kind} hex" in texts
    for sign, words in SIGNS.items():
        assert any(words in text for text in texts) == (sign != "goal"), sign
    assert "starfleet: tokens" in texts
    assert "starfleet owner" in " ".join(m.text_lines(132, 66))  # the text key says it too
    assert "A Empire 1" in texts and "B Empire 2" in texts
    goal = replace(m, ringed=((m.cols // 2, m.rows // 2),))
    assert "goal (ringed hex)" in [text for text, _, _ in board_page_runs(goal)]


@pytest.mark.slow
def test_token_counts_are_bold_and_legible_on_the_largest_board() -> None:
    """Counts of 4.2 points in the regular face could not be read at 60 dpi: every count
    is now bold, and at least 6.5 points even on the largest board (31 x 29 hexes) where a
    hex holds one player's tokens."""
    m = sample_board(MAX_PLAYERS)
    counts = [(text, font, size) for text, font, size in board_page_runs(m) if text.isdigit()]
    counts = [c for c in counts if c[2] < 11]  # not the page's own text (the header)
    tokens = [c for c in counts if "Bold" in c[1]]
    assert tokens and {text for text, _, _ in tokens} >= {"1", "12"}
    assert min(size for _, _, size in tokens) >= 4.0  # a crowded hex's, the smallest
    single = [size for text, _, size in tokens if text == "12"]  # B's fleet, alone in its row
    assert single and min(single) >= 6.5


def test_the_key_names_players_by_code_name() -> None:
    """The board's key names each mark's player as the printouts do, by code name."""
    m = board_map(3, 2, {}, ["1", "2"], names={"1": "RED", "2": "BLUE"})
    assert m.players == (("A", "RED"), ("B", "BLUE"))
    assert "Players: A RED  B BLUE" in m.text_lines(132, 66)
