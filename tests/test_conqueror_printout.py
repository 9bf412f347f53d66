"""Galactic Conqueror printouts: the situation report, the GM summary and the field map."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.print.maps.fields import FieldMap, FieldPoint
from galbatch.print.page import (
    LINES_PER_PAGE,
    Columns,
    MapBlock,
    Table,
    layout,
    render_text,
)
from galbatch.print.pdf import render_pdf
from galbatch.rules.conqueror.printout import gm_printout, player_printout
from galbatch.rules.conqueror.state import BattleReport, GameState, Planet, Player, Ship, Shipyard
from galbatch.rules.conqueror.view import build_view
from tests.conqueror_world import big_world

CTX = PrintContext(
    game="gc16",
    title="GALACTIC CONQUEROR",
    author="Harry",
    date="1997-03-05",
    due="1997-03-12",
    width=80,
    header_line="#GC16 1 SECRET",
    file_status="ORDERS RECEIVED",
)
GM_CTX = PrintContext(
    game="gc16",
    title="GALACTIC CONQUEROR",
    author="Harry",
    date="1997-03-05",
    due="1997-03-12",
    width=80,
    header_line="",
)


def world() -> GameState:
    """A 60 x 40 field: VADER (1) with home 7, planets 12 and 3; LEIA (2) with home 9 and 14;
    neutral 5 (explored by VADER), 21 (known to VADER) and 33 (unknown to VADER)."""
    home = Planet(
        7,
        10,
        12,
        owner="1",
        home="1",
        pu=123,
        mpu=45,
        rpu=67,
        apu=89,
        factories=150,
        mines=140,
        refineries=130,
        farms=120,
        m_kits=11,
        r_kits=13,
        a_kits=17,
        f_kits=19,
        population=2344,
        loyalty=9,
        fortresses=23,
        natural_defence=4,
        spares=31,
        ships_in_orbit=6,
        yards=[Shipyard(8, 11, 5, True), Shipyard(16, 0, 2, False), Shipyard(0, 3, 0, True)],
    )
    planets = [
        home,
        Planet(12, 14, 15, owner="1", pu=8, population=980, loyalty=3, fortresses=1, farms=2),
        Planet(3, 6, 20, owner="1", population=40, fortresses=0, natural_defence=9),
        Planet(9, 45, 30, owner="2", home="2", pu=777, population=8888, fortresses=66),
        Planet(14, 50, 34, owner="2", pu=55, population=4321, fortresses=12),
        Planet(5, 20, 12, population=612, fortresses=4, factories=6, natural_defence=7),
        Planet(21, 16, 3, population=90, fortresses=2),
        Planet(33, 55, 5, population=70, fortresses=3),
    ]
    vader = Player(
        "1",
        "VADER",
        4711,
        score=321,
        research=[60, 160, 0, 350, 9000, 49, 1250],
        reward=(5, 2),
        known=[5, 21],
        messages=["PLAYER LEIA EARNED YOUR REWARD OF 5 POINTS ON PLANET 44."],
        breakdown=[("PLANETS", 3), ("POPULATION", 2), ("PU CAPACITY (131 PU)", 26)],
    )
    leia = Player(
        "2",
        "LEIA",
        4712,
        score=555,
        research=[0, 50, 0, 0, 0, 0, 0],
        known=[7],
        messages=["ESPIONAGE NOTICED ON PLANET 9."],
    )
    ships = [
        Ship(2, "1", 11, 2, 1, 3, position=7, task_force=4, kills=3, damage=1),
        Ship(
            1,
            "1",
            4,
            0,
            4,
            1,
            position=0,
            destination=12,
            rest=5,
            cargo=[3, 4, 5, 6, 7, 8, 9, 10, 2],
        ),
        Ship(3, "1", 19, 3, 2, 2, position=12, kills=1),
        Ship(1, "2", 23, 5, 5, 5, position=9, kills=7),
        Ship(2, "2", 6, 1, 1, 1, position=0, destination=7, rest=2, cargo=[0] * 8 + [40]),
    ]
    battles = [
        BattleReport(
            5,
            ("NEUTRAL", "1"),
            ("VADER ATTACKS PLANET 5 WITH 2 SHIPS", "THE ATTACK ON PLANET 5 FAILED"),
            None,
        ),
        BattleReport(9, ("2", "NEUTRAL"), ("LEIA HOLDS PLANET 9",), "2"),
    ]
    return GameState(
        turn=6,
        final_score=5000,
        width=60,
        height=40,
        planets={p.number: p for p in planets},
        players={"1": vader, "2": leia},
        ships=ships,
        battles=battles,
        explorations=[("1", 5), ("2", 7)],
        broadcasts=["PLAYER VADER TRANSFERRED A SHIP OF CLASS 19 TO PLAYER LEIA."],
    )


def report(state: GameState, player: str = "1", ctx: PrintContext = CTX) -> str:
    return render_text(layout(player_printout(build_view(state, player), [], ctx)))


def section(text: str, title: str) -> str:
    """The text of one section, up to the next section title (or the end)."""
    body = text.split(f"\n{title}\n{'=' * len(title)}\n", 1)[1]
    return re.split(r"\n[A-Z][A-Z ,:]+\n=+\n", body, maxsplit=1)[0]


def lines_of(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


@pytest.fixture(scope="module")
def vader() -> str:
    return report(world())


def test_pages_are_80_columns_and_66_lines_and_nothing_is_cut() -> None:
    state = world()
    for p in (player_printout(build_view(state, "1"), [], CTX), gm_printout(state, GM_CTX)):
        pages = layout(p)
        assert all(len(page.lines) == LINES_PER_PAGE for page in pages)
        for s in p.sections:
            for block in s.blocks:
                assert not isinstance(block, Table)  # all set in fixed width by the ruleset
                if isinstance(block, MapBlock):
                    lines = block.map.text_lines(80, 63)
                elif isinstance(block, Columns):
                    lines = (*block.intro, *block.head, *block.rows)
                else:
                    lines = block.lines
                assert all(len(line) <= 80 for line in lines), (s.title, lines)


def test_header(vader: str) -> None:
    head = section(vader, "GALACTIC CONQUEROR")
    assert "GAME GC16   TURN 6   STARDATE 3505   ACCOUNT 4711   PLAYER 1 VADER" in head
    assert "SCORE 321   FINAL SCORE TO REACH 5000" in head
    assert "COMMANDS: ORDERS RECEIVED" in head
    assert "PLAYER 1 VADER" in vader.splitlines()[0] and "PAGE 1 OF" in vader.splitlines()[0]


def test_score_breakdown_and_final_score(vader: str) -> None:
    score = lines_of(section(vader, "SCORE"))
    assert f"{'PU CAPACITY (131 PU)':<50} {26:>8}" in score
    assert f"{'POINTS THIS TURN':<50} {31:>8}" in score
    assert f"{'SCORE':<50} {321:>8}" in score
    assert f"{'FINAL SCORE TO REACH':<50} {5000:>8}  (4679 TO GO)" in score
    assert "YOU OFFER 5 POINTS REWARD FOR PLAYER 2 LEIA." in score


def test_technology_levels_and_pu_for_the_next(vader: str) -> None:
    tech = lines_of(section(vader, "TECHNOLOGY"))
    assert " 0 PLANETARY DEFENSE    1           60         150         90" in tech
    assert " 1 COMMUNICATION        2          160         350        190" in tech
    assert " 4 SHIELDS              9         9000           -          -" in tech
    assert " 5 PROPULSION           0           49          50          1" in tech
    assert " 6 CONSTRUCTION         5         1250        2050        800" in tech
    assert len([ln for ln in tech if re.match(r" \d [A-Z]", ln)]) == 7


def test_every_planet_value_of_2_1(vader: str) -> None:
    planets = lines_of(section(vader, "PLANETS"))
    block = planets[planets.index("PLANET 7   POSITION 10,12") :][:9]
    assert block == [
        "PLANET 7   POSITION 10,12",
        "  PU            123   FACTORIES     150   F-KITS         19   POPULATION   2344",
        "  MPU STORED     45   MINES         140   M-KITS         11   LOYALTY         9",
        "  RPU STORED     67   REFINERIES    130   R-KITS         13   FORTRESSES     23",
        "  APU STORED     89   FARMS         120   A-KITS         17   NAT.DEFENCE     4",
        "  SPARES         31   SHIPS IN ORBIT  6",
        "  SHIPYARD 1   CLASS 11   SIZE    8   INVESTED     5 PU   FIRST SHIP +50%",
        "  SHIPYARD 2   SPARES     SIZE   16   INVESTED     2 PU",
        "  SHIPYARD 3   CLASS  3   SIZE    0   INVESTED     0 PU   NOT BUILT YET",
    ]
    assert "YOU CONTROL 3 PLANETS: 131 PU TO SPEND THIS TURN, POPULATION 3364." in planets
    numbers = [int(m) for m in re.findall(r"^PLANET (\d+)   POSITION", "\n".join(planets), re.M)]
    assert numbers == [3, 7, 12]
    assert "PLANET 12   POSITION 14,15" in planets and "  NO SHIPYARD" in planets


def test_every_ship_field_of_2_2_1_sorted_by_number(vader: str) -> None:
    fleet = lines_of(section(vader, "FLEET"))
    head = "SHIP  POS DEST REST  TF  CL ARM SHD  RNG  ATT  DEF  KIL  CUR  MAXT  FREE"
    rows = fleet[fleet.index(head) + 2 :][:3]
    # Ship 1: class 4 in flight to 12, 5 to go; range 16 + 2 (propulsion TL 1); 64 units, 54 used.
    # Ship 2: class 11 at 7 in task force 4, 3 kills, 1 hit taken; range 8 + 2 + 3 + 4.
    assert rows == [
        "   1    0   12    5   0   4   0   4   18    0   10    0   10    64    10",
        "   2    7    0    0   4  11   2   1   17    4    2    3    1     0     0",
        "   3   12    0    0   0  19   3   2   11   12   25    1   25     0     0",
    ]
    freight_head = "SHIP SPARES   MPU   APU   RPU M-KITS A-KITS R-KITS F-KITS COLONISTS"
    freight = fleet[fleet.index(freight_head) + 3 :]
    assert freight[0] == "   1      3     4     5     6      7      8      9     10         2"
    assert "SHIPS NOT LISTED CARRY NOTHING." in fleet
    assert "YOU HAVE 3 SHIPS (AT MOST 200): 2 IN ORBIT, 1 IN FLIGHT." in fleet


def test_battles_reports_messages_and_players(vader: str) -> None:
    assert lines_of(section(vader, "BATTLES"))[:2] == [
        "VADER ATTACKS PLANET 5 WITH 2 SHIPS",
        "THE ATTACK ON PLANET 5 FAILED",
    ]
    explored = lines_of(section(vader, "EXPLORATION AND ESPIONAGE REPORTS"))
    assert "     5   20   12 NEUTRAL                612          4       7         6     0" in (
        explored
    )
    messages = section(vader, "MESSAGES")
    assert "PLAYER LEIA EARNED YOUR REWARD OF 5 POINTS ON PLANET 44." in messages
    assert "PLAYER VADER TRANSFERRED A SHIP OF CLASS 19 TO PLAYER LEIA." in messages
    assert "  1 VADER     2 LEIA" in section(vader, "PLAYERS")
    assert "FINAL SCORES" not in vader


def test_nothing_of_other_players_or_unknown_planets(vader: str) -> None:
    # LEIA's home 9 and planet 14 and the neutral 33 are unknown to VADER; LEIA's ships,
    # battle, message and exploration are hers alone.
    for secret in ("8888", "777", "4321", "LEIA HOLDS", "ESPIONAGE NOTICED", "CLASS 23"):
        assert secret not in vader
    assert not re.search(r"\b(9|14|33)\b", section(vader, "MAP").split("X ACROSS")[0])
    assert "PLANET 9 " not in vader and "PLANET 14 " not in vader
    fleet = lines_of(section(vader, "FLEET"))
    assert not any(re.match(r"\s+\d+\s+9\s", line) for line in fleet)  # no ship at LEIA's 9
    view = build_view(world(), "1")
    assert [p[0] for p in view["map"]] == [3, 5, 7, 12, 21]
    assert len(view["fleet"]) == 3


def test_built_from_the_view_alone() -> None:
    view = json.loads(json.dumps(build_view(world(), "1")))  # plain data, as in the view file
    assert render_text(layout(player_printout(view, [], CTX))) == report(world())


def test_order_check() -> None:
    view = build_view(world(), "1")
    diagnostic = Diagnostic("orders.txt", 3, 1, Severity.ERROR, "GQ201", "SHIP 9 IS NOT YOURS")
    text = render_text(layout(player_printout(view, [diagnostic], CTX)))
    assert "orders.txt:3:1: error: [GQ201] SHIP 9 IS NOT YOURS" in section(text, "ORDER CHECK")
    assert "ALL COMMANDS ACCEPTED." in section(report(world()), "ORDER CHECK")
    no_orders = PrintContext(**{**CTX.__dict__, "file_status": "NO ORDERS"})
    assert "NO COMMAND FILE." in section(report(world(), ctx=no_orders), "ORDER CHECK")


def test_final_scores_when_the_game_has_ended() -> None:
    state = world()
    state.winner = "2"
    text = report(state)
    assert "THE GAME HAS ENDED. FINAL SCORES FOLLOW." in text
    final = lines_of(section(text, "FINAL SCORES"))
    assert "   1  LEIA                 555" in final and "   2  VADER                321" in final
    assert "THE GAME HAS ENDED: NO MORE COMMANDS." in text


def test_the_man_page_lists_the_sections_a_printout_has_in_their_order() -> None:
    """galbatch-conqueror(7), PRINTOUTS: "The sections, in order", each a .TP entry with its
    title, and what turn 0 says where no commands were due and no file status exists."""
    from pathlib import Path

    page = (Path(__file__).parent.parent / "man" / "galbatch-conqueror.7").read_text()
    printouts = page.split("\n.SH PRINTOUTS\n", 1)[1].split("\n.SH ", 1)[0]
    listed = re.findall(r"^\.TP\n\.B (.+)$", printouts, re.M)
    state = world()
    state.winner = "2"
    titles = [s.title for s in player_printout(build_view(state, "1"), [], CTX).sections]
    assert listed == titles
    turn_0 = PrintContext(**{**CTX.__dict__, "file_status": ""})
    text = report(world(), ctx=turn_0)
    assert "COMMANDS:" not in section(text, "GALACTIC CONQUEROR")
    assert "THE GAME BEGINS: NO COMMANDS WERE DUE." in section(text, "ORDER CHECK")
    assert "THE GAME BEGINS: NO COMMANDS WERE DUE." in printouts
    assert "YOU OFFER NO REWARD" in printouts and "NO SHIP CARRIES FREIGHT" in printouts


def test_map_and_command_sheet_on_pages_of_their_own() -> None:
    pages = layout(player_printout(build_view(world(), "1"), [], CTX))
    map_page = next(p for p in pages if p.maps)
    assert map_page.lines[3].startswith("MAP") and isinstance(map_page.maps[0].map, FieldMap)
    sheet = pages[-1].lines
    assert sheet[3].startswith("COMMAND SHEET")
    text = [line.rstrip() for line in sheet]
    assert "COMMANDS FOR TURN 7, STARDATE 3506, ARE DUE 1997-03-12." in text
    assert "A PLANET CONQUERED IN TURN 7 SCORES 7 POINTS (2.4)." in text
    at = text.index("#GC16 1 SECRET")
    assert text[at + 1 : at + 13] == [""] * 12 and text[at + 13] == "END"


def test_gm_summary(gm: str) -> None:
    players = lines_of(section(gm, "PLAYERS"))
    assert players[2:4] == [
        "   1   2 LEIA                4712      555       2     2      13209    832",
        "   2   1 VADER               4711      321       3     3       3364    131",
    ]
    assert "PLANET 9: LEIA, NEUTRAL -> HELD BY LEIA" in gm
    assert "  VADER ATTACKS PLANET 5 WITH 2 SHIPS" in gm
    assert "PLAYER VADER TRANSFERRED A SHIP OF CLASS 19 TO PLAYER LEIA." in gm
    planets = lines_of(section(gm, "PLANETS"))
    assert "     9   45   30 LEIA                  8888         66    777 LEIA" in planets
    assert "    33   55    5 NEUTRAL                 70          3      0" in planets
    assert len([ln for ln in planets if re.match(r"\s+\d+\s+\d+\s+\d+ ", ln)]) == 8
    assert "9:2" in section(gm, "MAP") and "33" in section(gm, "MAP")


@pytest.fixture(scope="module")
def gm() -> str:
    return render_text(layout(gm_printout(world(), GM_CTX)))


def test_snapshot_player(vader: str, snapshot: Any) -> None:
    assert vader == snapshot


def test_snapshot_gm(gm: str, snapshot: Any) -> None:
    assert gm == snapshot


def test_planet_blocks_stay_whole_and_tables_repeat_their_headings() -> None:
    state = big_world()
    for planet in list(state.planets.values())[:60]:
        planet.owner = "1"
    owned = len(state.owned_by("1"))
    pages = layout(player_printout(build_view(state, "1"), [], CTX))
    fleet_head = "SHIP  POS DEST REST  TF  CL ARM SHD  RNG  ATT  DEF  KIL  CUR  MAXT  FREE"
    seen = set()
    for page in pages:
        lines = [line.rstrip() for line in page.lines]
        for i, line in enumerate(lines):
            if re.match(r"PLANET \d+   POSITION", line):
                assert lines[i + 1].startswith("  PU ") and lines[i + 5].startswith("  SPARES")
                assert lines[i + 6].startswith(("  SHIPYARD", "  NO SHIPYARD"))
                seen.add(line)
        ship_rows = [ln for ln in lines if re.match(r"^ {0,3}\d+ +\d+ +\d+ +\d+ +\d+ +\d+ +\d", ln)]
        if ship_rows and fleet_head not in lines and "SHIP SPARES" not in " ".join(lines):
            pytest.fail(f"page {page.number}: ship rows without headings")
    assert len(seen) == owned > 60
    text = render_text(pages)
    assert text.count("FLEET (CONTINUED)") >= 3


# The field map.


def field(points: tuple[FieldPoint, ...], w: float = 100, h: float = 50) -> FieldMap:
    return FieldMap("TEST", w, h, points, legend=("LEGEND ONE", "LEGEND TWO"))


def grid_of(lines: list[str]) -> tuple[int, int, list[str]]:
    """Left edge column, columns and rows of a text field map."""
    rules = [i for i, line in enumerate(lines) if line.strip().startswith("+-")]
    first, last = rules[0], rules[1]
    left = lines[first].index("+") + 1
    cols = len(lines[first].rstrip()) - left - 1
    return left, cols, [line.ljust(left + cols + 1) for line in lines[first + 1 : last]]


@pytest.mark.parametrize("width", [80, 132])
def test_field_map_text_labels_at_scaled_positions(width: int) -> None:
    points = (
        FieldPoint(0, 0, "1"),
        FieldPoint(50, 25, "22", own=True),
        FieldPoint(99, 49, "333"),
        FieldPoint(10, 40, "4", owner="7"),
    )
    lines = field(points).text_lines(width, 63)
    assert len(lines) <= 61 and all(len(line) <= width for line in lines)
    assert lines[-2:] == ["LEGEND ONE", "LEGEND TWO"]
    left, cols, rows = grid_of(lines)
    assert cols == width - left - 1  # the field takes the page's width ...
    assert abs(len(rows) - cols * 50 / 100 * 0.6) <= 0.5  # ... and keeps its proportions
    for p in points:
        text = ("*" if p.own else "") + p.label + (f":{p.owner}" if p.owner else "")
        col = min(cols - 1, int(p.x / 100 * cols))
        row = min(len(rows) - 1, int(p.y / 50 * len(rows)))
        anchor = (1 if p.own else 0) + (len(p.label) - 1) // 2
        start = min(max(col - anchor, 0), cols - len(text))
        assert rows[row][left + start : left + start + len(text)] == text, (p, rows[row])
    assert "*22 = 22, YOURS   4:7 = 4, OWNER 7" in lines


def test_field_map_window_shows_part_of_the_field_in_field_units() -> None:
    points = (FieldPoint(60, 20, "1"), FieldPoint(75, 35, "2", own=True), FieldPoint(5, 5, "3"))
    m = FieldMap("W", 100, 100, points, ("LEGEND",), window=(50, 10, 80, 40))
    assert m.shown() == points[:2]
    lines = m.text_lines(80, 63)
    left, cols, rows = grid_of(lines)
    assert lines[0].split()[0] == "50" and lines[0].split()[-1] == "80"
    assert rows[0].split()[0] == "10" and rows[-1].split()[0] == "40"
    assert not re.search(r"\b3\b", "\n".join(rows))
    for p in points[:2]:
        col = min(cols - 1, int((p.x - 50) / 30 * cols))
        row = min(len(rows) - 1, int((p.y - 10) / 30 * len(rows)))
        text = ("*" if p.own else "") + p.label
        start = col - (1 if p.own else 0)
        assert rows[row][left + start : left + start + len(text)] == text


def test_player_map_shows_the_known_part_of_the_field(vader: str) -> None:
    view = build_view(world(), "1")
    m = player_printout(view, [], CTX).sections[-2].blocks[0]
    assert isinstance(m, MapBlock) and isinstance(m.map, FieldMap)
    assert m.map.window == (0, 0, 30, 30)  # planets 3..21 lie in x 6..20, y 3..20
    assert {p.label for p in m.map.shown()} == {"3", "5", "7", "12", "21"}
    assert "THE MAP SHOWS X 0 TO 30, Y 0 TO 30." in section(vader, "MAP")
    big = build_view(big_world(), "1")  # known planets all over the field: all of it
    m = player_printout(big, [], CTX).sections[-2].blocks[0]
    assert isinstance(m, MapBlock) and isinstance(m.map, FieldMap) and m.map.window is None


def test_field_map_text_shifts_colliding_labels_and_marks_the_rest() -> None:
    points = tuple(FieldPoint(50, 25, str(n)) for n in range(10, 14))
    lines = field(points).text_lines(80, 63)
    left, cols, rows = grid_of(lines)
    body = " ".join(rows)
    assert all(re.search(rf"\b{n}\b", body) for n in range(10, 14))  # shifted, none lost
    crowd = tuple(FieldPoint(50, 25, str(n)) for n in range(100, 160))
    lines = field(crowd).text_lines(80, 63)
    left, cols, rows = grid_of(lines)
    labelled = set(re.findall(r"\b1\d\d\b", " ".join(rows)))
    listed = set(re.findall(r"\b(1\d\d) \(50,25\)", "\n".join(lines)))
    more = re.search(r"AND (\d+) MORE", "\n".join(lines))
    assert labelled.isdisjoint(listed)
    assert len(labelled) + len(listed) + (int(more.group(1)) if more else 0) == 60
    assert "# = NO ROOM FOR THE NUMBER" in "\n".join(lines)
    assert len(lines) <= 61 and lines[-2:] == ["LEGEND ONE", "LEGEND TWO"]


def test_field_map_text_400_planets_fit_one_page() -> None:
    state = big_world()
    m = gm_printout(state, GM_CTX).sections[-1].blocks[0]
    assert isinstance(m, MapBlock)
    for width in (80, 132):
        lines = m.map.text_lines(width, 63)
        assert len(lines) <= 61 and all(len(line) <= width for line in lines)


# The map in PDF.


def text_ops(page: Any) -> list[tuple[str, str]]:
    """(BaseFont, text) of every Tj on a page."""
    fonts = page["/Resources"]["/Font"]
    out, font = [], ""
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"Tf":
            font = str(fonts[operands[0]].get_object()["/BaseFont"])
        elif op == b"Tj":
            raw = operands[0]
            data = raw.original_bytes if hasattr(raw, "original_bytes") else bytes(raw)
            out.append((font, data.decode("latin-1")))
    return out


def test_pdf_map_is_vectors_with_real_labels() -> None:
    printout = player_printout(build_view(world(), "1"), [], CTX)
    pages = layout(printout)
    reader = PdfReader(io.BytesIO(render_pdf(printout, pages)))
    number = next(p.number for p in pages if p.maps)
    page = reader.pages[number - 1]
    tokens = page.extract_text().split()
    assert {"3", "5", "7", "12", "21"} <= set(tokens)
    assert "THE MAP SHOWS X 0 TO 30, Y 0 TO 30." in page.extract_text()
    assert "+-----" not in page.extract_text() and "*7" not in page.extract_text()
    shown = {s.strip(): font for font, s in text_ops(page) if s.endswith(" ")}  # labels
    assert set(shown) == {"3", "5", "7", "12", "21"}  # not LEIA's 9 and 14, nor unknown 33
    assert all("Bold" in shown[n] for n in ("3", "7", "12"))
    assert all("Bold" not in shown[n] for n in ("5", "21"))
    ops = [op for _, op in ContentStream(page.get_contents(), page.pdf).operations]
    assert {b"m", b"l", b"S", b"re", b"f"} <= set(ops)


def test_pdf_map_of_400_planets_is_complete() -> None:
    """The GM's map of a crowded field puts every planet on the sheets of its atlas.
    (benchmarks/bench_conqueror_map.py times these pages.)"""
    state = big_world()
    printout = gm_printout(state, GM_CTX)
    map_pages = [p for p in layout(printout) if p.maps]
    assert map_pages
    data = render_pdf(printout, map_pages)
    tokens = {t for page in PdfReader(io.BytesIO(data)).pages for t in page.extract_text().split()}
    assert {str(n) for n in state.planets} <= tokens


def test_snapshot_field_map_132_columns(snapshot: Any) -> None:
    points = tuple(
        FieldPoint(x, y, str(n), own=n % 5 == 0, owner="" if n % 3 else str(n % 7))
        for n, (x, y) in enumerate(((3, 4), (3, 4), (50, 25), (97, 44), (60, 10), (61, 10)), 1)
    )
    assert "\n".join(field(points).text_lines(132, 63)) == snapshot


# The GM's field map of the rule book's largest game: an atlas of sheets.


def new_game_of(players: int) -> GameState:
    """A game as `galbatch new` makes it (as benchmarks/bench_conqueror.py does)."""
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.rules.conqueror.setup import new_game

    seats = [PlayerInfo(str(i), f"PLAYER {i}", 1000 + i) for i in range(1, players + 1)]
    return new_game(1997, seats, {})


def largest_game() -> GameState:
    """50 players on 2,500 planets, a quarter of them owned."""
    state = new_game_of(50)
    for n, planet in enumerate(sorted(state.planets.values(), key=lambda p: p.number)):
        if n % 4 == 0:  # owner marks on many planets, as later in a game: longer labels
            planet.owner = str(n % 50 + 1)
    return state


@pytest.fixture(scope="module", params=["turn 0", "a quarter owned"])
def gc50(request: pytest.FixtureRequest) -> GameState:
    return new_game_of(50) if request.param == "turn 0" else largest_game()


Box = tuple[float, float, float, float]
FRAME = re.compile(rb"q 1 g\n([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re\nf")


def label_boxes(page: Any) -> tuple[Box, list[tuple[str, Box]]]:
    """A field map page's frame and every planet label's text box (number and owner mark),
    from the position (Tm) and size (Tf) of each piece of text the page shows."""
    adv = 0.602  # DejaVu Sans Mono's advance, in font sizes
    shown: list[tuple[str, float, float, float]] = []
    size, x, y = 0.0, 0.0, 0.0
    for operands, op in ContentStream(page.get_contents(), page.pdf).operations:
        if op == b"Tf":
            size = float(operands[1])
        elif op == b"Tm":
            x, y = float(operands[4]), float(operands[5])
        elif op == b"Tj":
            raw = operands[0]
            data = raw.original_bytes if hasattr(raw, "original_bytes") else bytes(raw)
            shown.append((data.decode("latin-1"), x, y, size))
    found = FRAME.search(page.get_contents().get_data())
    assert found, "no field frame on the page"
    frame = [float(v) for v in found.groups()]
    x0, y0 = frame[0], frame[1]
    inside = x0 - 1, y0 - 1, x0 + frame[2] + 1, y0 + frame[3] + 1
    labels: list[tuple[str, Box]] = []
    for text, x, y, size in shown:
        if not (inside[0] <= x <= inside[2] and inside[1] <= y <= inside[3]):
            continue  # coordinates around the frame, legend and page header
        box = (x, y - 0.24 * size, x + len(text.rstrip()) * adv * size, y + 0.73 * size)
        if text.startswith(" ") and labels:  # an owner mark: it extends the label before it
            name, last = labels[-1]
            labels[-1] = (f"{name}:{text.strip()}", (last[0], last[1], box[2], last[3]))
        else:
            labels.append((text.strip(), box))
    return (x0, y0, x0 + frame[2], y0 + frame[3]), labels


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_apart_and_inside(frame: Box, labels: list[tuple[str, Box]]) -> None:
    for name, box in labels:
        assert frame[0] <= box[0] and box[2] <= frame[2], (name, box, frame)
        assert frame[1] <= box[1] and box[3] <= frame[3], (name, box, frame)
    ordered = sorted(labels, key=lambda lb: lb[1][0])
    for i, (name, box) in enumerate(ordered):
        for other, obox in ordered[i + 1 :]:
            if obox[0] >= box[2]:
                break
            assert not overlaps(box, obox), (name, box, other, obox)


@pytest.mark.slow
@pytest.mark.parametrize("width", [80, 132])
def test_gm_map_of_the_largest_game_is_an_atlas(gc50: GameState, width: int) -> None:
    ctx = PrintContext(**{**GM_CTX.__dict__, "width": width})
    printout = gm_printout(gc50, ctx)
    blocks = printout.sections[-1].blocks
    maps = [b.map for b in blocks if isinstance(b, MapBlock) and isinstance(b.map, FieldMap)]
    index, sheets = maps[0], maps[1:]
    assert len(maps) == len(blocks) and index.title == "FIELD MAP, INDEX" and len(sheets) >= 4
    assert [s.title for s in sheets] == [
        f"FIELD MAP, SHEET {n} OF {len(sheets)}" for n in range(1, len(sheets) + 1)
    ]
    on_sheets = [p.label for s in sheets for p in s.shown()]
    assert sorted(on_sheets) == sorted(str(n) for n in gc50.planets)  # each on exactly one
    pages = layout(printout)
    map_pages = [p for p in pages if p.maps]
    assert [p.maps[0].map for p in map_pages] == maps  # a page each
    text = render_text(map_pages)
    assert "NO ROOM" not in text and "#" not in text  # every number in the text map
    for page, sheet in zip(map_pages[1:], sheets, strict=True):
        body = " ".join(page.lines)
        for p in sheet.shown():
            assert re.search(rf"(?<![\d:]){p.label}(:{p.owner})?(?![\d:])", body), p
    reader = PdfReader(io.BytesIO(render_pdf(printout, map_pages)))
    seen: list[list[str]] = []
    for pdf_page in reader.pages:
        frame, labels = label_boxes(pdf_page)
        assert_apart_and_inside(frame, labels)
        seen.append([name for name, _ in labels])
    assert all(name.isdigit() and 1 <= int(name) <= 50 for name in seen[0])  # owner marks
    assert len(seen[0]) >= 25  # those that fit beside their dots
    owners = {str(p.number): p.owner for p in gc50.planets.values()}
    expected = [f"{n}:{o}" if o else n for n, o in owners.items()]
    assert sorted(name for names in seen[1:] for name in names) == sorted(expected)


@pytest.mark.parametrize("width", [80, 132])
def test_gm_map_stays_one_page_when_every_number_fits(width: int) -> None:
    state = new_game_of(8)  # 400 planets on 80 x 80, as GC16
    ctx = PrintContext(**{**GM_CTX.__dict__, "width": width})
    blocks = gm_printout(state, ctx).sections[-1].blocks
    assert len(blocks) == 1 and isinstance(blocks[0], MapBlock)
    assert blocks[0].map.title == "FIELD MAP"
    assert "NO ROOM" not in "\n".join(blocks[0].map.text_lines(width, 63))
