"""Galac-Tac printouts: the Economic/Fleet report, the Shipyard reports, the maps and the
GM's summary, all from what the empire's view holds."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from pypdf import PdfReader

import galbatch.print.maps.grid_pdf  # noqa: F401  (registers the grid map drawer)
from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import PrintContext
from galbatch.engine.contract.rng import Streams
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.print.page import LINES_PER_PAGE, MapBlock, layout, render_text
from galbatch.print.pdf import render_pdf
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.events import Requested, SystemChanged, event_to_data
from galbatch.rules.galactac.maps import Status, known_stars
from galbatch.rules.galactac.printout import (
    gm_printout,
    map_requests,
    player_maps,
    player_printout,
)
from galbatch.rules.galactac.report_economy import BODY, flow, ordinal
from galbatch.rules.galactac.report_shipyard import requested_sorts, shipyard_lines
from galbatch.rules.galactac.resolve import resolve
from galbatch.rules.galactac.setup import new_game
from galbatch.rules.galactac.state import GameState, Mission
from galbatch.rules.galactac.view import build_view
from tests.galactac_world import ALPHA, BETA, at, loc, play, ship, system, world

CTX = PrintContext(
    game="gt13",
    title="GALAC-TAC",
    author="Talisman",
    date="2021-10-24",
    due="2021-11-07",
    width=132,
    header_line="#GT13 1 SECRET",
    file_status="ORDERS RECEIVED",
)

# Values of BETA's and the galaxy's secrets that ALPHA's printout must never show.
BETA_PI = 43217
THRESHOLD = 27183
MASTERS = 9137


def text(view: dict[str, Any], diagnostics: list[Diagnostic] | None = None) -> str:
    return render_text(layout(player_printout(view, diagnostics or [], CTX)))


def setup() -> GameState:
    players = [PlayerInfo("1", "ALPHA", 11), PlayerInfo("2", "BETA", 12)]
    return new_game(7, players, {"stars": 150, "min_players": 2})


@pytest.fixture(scope="module")
def busy() -> GameState:
    """ALPHA at turn 4 with a fleet of identical destroyers, a freighter shuttling PV
    home, a station in dry dock, research done, a scout in deep space and one at the
    uncharted 70-30; BETA's destroyer in ALPHA's colony 99-15; BETA's secrets set."""
    state = world()
    state.thresholds = [0, THRESHOLD, 30000, 40000, 50000, 60000]
    state.masters_return = MASTERS
    system(state, "10-54").pi = BETA_PI
    system(state, "85-23").name = "MY HOME WORLD"
    dd = [ship(state, ALPHA, "DD1", "85-23", name=f"PT-{n}") for n in range(3)]
    freighter = ship(state, ALPHA, "FX", "99-15", name="HAULER")
    ship(state, ALPHA, "SC1", "70-30", name="EYE")
    ship(state, ALPHA, "SC1", "50-50", name="FAR", mission=Mission("TO", goal=loc("05-95")))
    old = ship(state, ALPHA, "FT1", "85-23", name="OLDIE", tech=1, missiles=0)
    ship(state, BETA, "DD1", "99-15", name="INTRUDER")
    ship(state, BETA, "SC1", "30-30", name="HIDDEN")
    state.empires[ALPHA].tech = 2
    del old
    alpha = [
        a.Join(dd[0].id, (dd[1].id, dd[2].id)),
        a.Load(freighter.id, (a.Cargo(10, "PV"),)),
        a.Shuttle(freighter.id, (at("99-15"), at("85-23"))),
        a.Research((a.Stock(at("85-23"), 100),)),
        a.Build(at("85-23"), "ST1", ("GUARDIAN",)),
        a.Map((a.MapRequest("QUAD", a.Location(85, 23)), a.MapRequest("PV"))),
        a.Shipyard(("SSD-", "CODE")),
    ]
    return play(state, alpha)


@pytest.fixture(scope="module")
def busy_view(busy: GameState) -> dict[str, Any]:
    return build_view(busy, ALPHA)


@pytest.fixture(scope="module")
def busy_text(busy_view: dict[str, Any]) -> str:
    return text(busy_view)


def line_with(report: str, start: str) -> str:
    return next(line for line in report.splitlines() if line.startswith(start))


# The Economic/Fleet report


def test_first_report_brings_shipyard_report_and_both_maps() -> None:
    state = setup()
    view = build_view(state, "1")
    p = player_printout(view, [], CTX)
    titles = [s.title for s in p.sections]
    assert titles[:2] == ["ACTION SUMMARY AND STATUS", "ECONOMIC/FLEET REPORT"]
    assert "SHIPYARD REPORT (SSD+)" in titles
    maps = [b.map.title for s in p.sections for b in s.blocks if isinstance(b, MapBlock)]
    home = view["empire"]["home"]
    assert maps[0] == "GALAXY OVERVIEW"
    assert maps[1].startswith("QUADRANT MAP") and maps[1].endswith(home)
    report = render_text(layout(p))
    assert f"{home} Unnamed Star System 10(100) PV, 100 PI, 0 M Home System" in report
    assert re.search(r"^SHIPYARD REPORT +3500-01$", report, re.M)  # the sample's date
    assert "Empire Valuation: 100th percentile" in report
    assert "Research:" not in report  # no RESEARCH issued yet
    setup_ctx = PrintContext("gt13", "GALAC-TAC", "", "2021-10-10", "2021-10-24", 132, "#X", "")
    page1 = render_text(layout(player_printout(view, [], setup_ctx))).split("\f")[0]
    assert "The game begins: no actions were due." in page1
    assert "Nothing to report this fortnight." in page1


def test_later_turns_bring_maps_and_shipyard_only_when_asked() -> None:
    state = resolve(setup(), {}, Streams(7, 1))
    p = player_printout(build_view(state, "1"), [], CTX)
    assert not any(isinstance(b, MapBlock) for s in p.sections for b in s.blocks)
    assert not any(s.title.startswith("SHIPYARD") for s in p.sections)


def test_status_lines_as_the_book_writes_them(busy_text: str) -> None:
    home = line_with(busy_text, "85-23 ")
    assert re.fullmatch(r"85-23 MY HOME WORLD 10\(100\) PV, [\d,]+ PI, 0 M Home System", home)
    assert line_with(busy_text, "90-30 ").startswith("90-30 Unnamed Star System 6(30) PV, ")
    assert line_with(busy_text, "90-30 ").endswith("M Production System")
    colony = line_with(busy_text, "99-15 ")
    assert colony == "99-15 Unnamed Star System 7(21) PV, 0 M Colony System Under Attack!"


def test_home_system_lines(busy_text: str) -> None:
    assert "      Empire Valuation: " in busy_text
    assert "      Research: 100 PI expended, Current Tech Level is 2" in busy_text
    assert "      Imports: 10 PV en route" in busy_text
    dock = line_with(busy_text, "      Dry dock: ")
    assert re.fullmatch(r" +Dry dock: \d+ ST1 GUARDIAN due 3500-08 Tech 2, 25% complete", dock)
    assert busy_text.count("Valuation:") == 1


def test_ships_fleets_and_ratings(busy_view: dict[str, Any], busy_text: str) -> None:
    dd = sorted(s["id"] for s in busy_view["ships"] if s["code"] == "DD1")
    flag = line_with(busy_text, f"      {dd[0]} DD1  PT-0")
    assert "6P/4;;/14-14@1" in flag and " 10 SSD  NONE" in flag
    assert f"Identical: {dd[1]} {dd[2]}" in busy_text
    assert not re.search(rf"^ +{dd[1]} DD1 ", busy_text, re.M)
    assert "Refit 30 PI" in busy_text  # three 10 SSD ships a level behind
    assert "Cargo: 10 bays, 10 PV" in busy_text
    assert "Shuttle: 99-15 85-23, bound for 99-15" in busy_text


def test_only_combat_ships_print_their_lower_tech_level(
    busy_view: dict[str, Any], busy_text: str
) -> None:
    """TECH LEVEL: "the ship rating of combat ships will print with a trailing "@" sign
    and level"; "Existing ships do not gain any notable benefits from REFITting unless
    they have weapons, shields, or hangar bays" (the freighter and the scouts: none)."""
    ratings = {str(s["name"]): str(s["rating"]) for s in busy_view["ships"]}
    tech = {str(s["name"]): int(s["tech"]) for s in busy_view["ships"]}
    assert busy_view["empire"]["tech"] == 2
    assert tech["HAULER"] == tech["EYE"] == tech["FAR"] == tech["OLDIE"] == 1
    assert ratings["HAULER"] == "/;;10/20-1" and ratings["EYE"] == ratings["FAR"] == "//19-1"
    assert ratings["PT-0"].endswith("@1") and ratings["OLDIE"] == "4P/1;;/-16@1"
    for name in ("HAULER", "EYE", "FAR"):
        (line,) = [x for x in busy_text.splitlines() if f" {name} " in x]
        assert "@" not in line, line


def test_ships_by_location_deep_space_and_uncharted(busy_text: str) -> None:
    after = busy_text.split("Ships by location:")[1]
    assert re.search(r"^\d\d-\d\d Deep space$", after, re.M)
    assert "70-30 Star system, uncharted" in after
    assert re.search(r"^\d\d-\d\d +\d+ SC1  FAR .* TO 05-95$", after, re.M)
    assert "base PV 5" not in busy_text  # 70-30 is uncharted


def test_action_summary_lists_events_and_diagnostics(busy_view: dict[str, Any]) -> None:
    d = Diagnostic("actions.txt", 4, 1, Severity.ERROR, "GT123", "ship 9999 is not yours")
    report = text(busy_view, [d])
    page1 = report.split("\f")[0]
    assert "actions.txt:4:1: error: [GT123] ship 9999 is not yours" in page1
    assert "Actions: ORDERS RECEIVED" in page1
    assert "RESEARCH 85-23: 100 PI expended, 100 PI in all" in page1
    assert "Tech Level" in page1 or "GUARDIAN built" in page1
    assert re.search(r"Ship \d+ ST1 GUARDIAN built for \d+ PI at 85-23", page1)
    assert "MAP QUAD 85-23: requested" in page1
    assert "All actions accepted." not in page1


def test_date_top_right(busy_view: dict[str, Any], busy_text: str) -> None:
    assert busy_view["date"] == "3500-05"
    dated = [line for line in busy_text.splitlines() if line.endswith(" 3500-05")]
    assert dated and all(len(line) == CTX.width for line in dated)


def test_a_fleet_is_never_split_over_two_pages() -> None:
    units = [("", ["", "HOME", "a1", "a2"]), ("HOME", ["b1", "b2", "b3"])]
    lines = flow(units, BODY - 5)
    assert lines == ["", "HOME", "a1", "a2", "", "HOME (continued)", "b1", "b2", "b3"]
    assert flow([("", ["", "x"])], 0) == ["x"]  # no blank line at the top of a page
    big = [f"s{n}" for n in range(BODY + 3)]
    assert flow([("H", big)], 10)[BODY - 10] == "H (continued)"  # too big to keep: flows


def test_long_reports_keep_each_fleet_on_a_page() -> None:
    state = world()
    for n in range(30):
        flag = ship(state, ALPHA, "DD1", "85-23", name=f"F{n}")
        ship(state, ALPHA, "FX", "85-23", name=f"C{n}", flagship=flag.id, pi=n + 1)
    pages = text(build_view(state, ALPHA)).split("\f")
    for page in pages:
        body = page.splitlines()[3:]
        if body and re.match(r" +\d+ FX ", body[0]):
            raise AssertionError(f"a fleet split over a page: {body[0]}")
    assert "Home System (continued)" in pages[2]


def test_combat_orders_line_when_the_view_has_them() -> None:
    state = world()
    flag = ship(state, ALPHA, "DD1", "85-23", mission=Mission("DEFEND"))
    view = build_view(state, ALPHA)
    for s in view["ships"]:
        if s["id"] == flag.id:
            s["combat"] = [0, 3, 2, 200]
    assert (
        "STANDING: drones opportunity, P-types engines, T-types main, T-types fire at 200 SSD"
        in text(view)
    )


def random_actions(state: GameState, empire: str, rng: random.Random) -> list[Any]:
    """Fifteen actions that change what the report shows, to the empire's ships and
    places or to nonsense."""
    ids = [s.id for s in state.ships if s.owner == empire] + [9999]
    places = [a.Location(*p) for p in list(state.systems)[:40]]

    def i() -> int:
        return rng.choice(ids)

    def p() -> a.Location:
        return rng.choice(places)

    makers: list[Callable[[], Any]] = [
        lambda: a.To((a.ShipTo(i(), p()),)),
        lambda: a.Chart((a.ShipTo(i(), p()),)),
        lambda: a.Colonize(i(), p(), "NEW"),
        lambda: a.Shuttle(i(), (p(), p())),
        lambda: a.Scout(i(), (p(), p())),
        lambda: a.Join(i(), (i(), i())),
        lambda: a.Assign(i(), (i(),)),
        lambda: a.Load(i(), (a.Cargo(rng.choice([5, 10]), rng.choice(["PI", "MISSILES"])),)),
        lambda: a.Missiles((a.Stock(p(), 20),)),
        lambda: a.Research((a.Stock(p(), 50),)),
        lambda: a.Build(p(), rng.choice(["FX", "ST1", "DD1"]), ("A", "B")),
        lambda: a.Scrap((i(),)),
        lambda: a.Name((a.Naming(i(), "N"), a.Naming(p(), "S"))),
        lambda: a.Map((a.MapRequest(rng.choice(["WHOLE", "QUAD", "PV", "BAD"]), p()),)),
        lambda: a.Shipyard((rng.choice(["SSD-", "NAME", "CODE", "X"]),)),
    ]
    return [rng.choice(makers)() for _ in range(15)]


@pytest.mark.slow
def test_any_turn_of_random_actions_prints() -> None:
    rng = random.Random(11)
    players = [PlayerInfo(str(n), f"EMPIRE {n}", n) for n in range(1, 5)]
    state = new_game(31, players, {"stars": 200, "min_players": 2})
    titles: set[str] = set()
    for turn in range(1, 6):
        orders = {e: random_actions(state, e, rng) for e in state.empires}
        state = resolve(state, orders, Streams(31, turn))
        for e in state.empires:
            printout = player_printout(build_view(state, e), [], CTX)
            titles.update(s.title.split(" ")[0] for s in printout.sections)
            for page in layout(printout):
                assert all(len(line) == CTX.width for line in page.lines)
        assert layout(gm_printout(state, CTX))
    assert {"SHIPYARD", "MAPS", "QUADRANT", "PV", "GALAXY"} <= titles


def test_every_ship_is_listed_once_whatever_its_fleet() -> None:
    state = world()
    one = ship(state, ALPHA, "DD1", "85-23", name="RING1")
    two = ship(state, ALPHA, "DD1", "85-23", name="RING2", flagship=one.id)
    one.flagship = two.id  # a ring no action makes, listed all the same
    ship(state, ALPHA, "FT1", "85-23", name="LOST", carrier=9999)
    report = text(build_view(state, ALPHA))
    for name in ("RING1", "RING2", "LOST"):
        assert len(re.findall(rf"^ +\d+ +\w+ +{name} ", report, re.M)) == 1


def test_being_destroyed() -> None:
    state = world()
    view = build_view(state, ALPHA)
    change = SystemChanged(ALPHA, "90-30", "stockpiles destroyed", "", "BETA")
    view["events"] = [event_to_data(change)]
    assert line_with(text(view), "90-30 ").endswith("Production System Being Destroyed!")


def test_only_what_the_empire_has_seen(busy: GameState, busy_text: str) -> None:
    assert str(BETA_PI) not in busy_text and f"{BETA_PI:,}" not in busy_text
    assert str(THRESHOLD) not in busy_text and f"{THRESHOLD:,}" not in busy_text
    assert str(MASTERS) not in busy_text
    assert "HIDDEN" not in busy_text and "30-30" not in busy_text  # BETA's ship elsewhere
    assert "INTRUDER" not in busy_text
    # BETA's destroyer at ALPHA's colony: the colony's scouting report, no design or rating
    assert "99-15: enemy ships detected: 1 enemy ship, 10 SSD in all, the largest 10 SSD" in (
        busy_text
    )
    assert "ALIEN SIGHTINGS" not in busy_text  # ALPHA's ships saw no system of BETA's
    assert not [line for line in busy_text.splitlines() if "BETA" in line and "DD1" in line]
    assert "Empires met (a diplomatic message needs one of these names): BETA" in busy_text
    for star in known_stars(build_view(busy, ALPHA)):
        if star.location == loc("70-30"):
            assert star.status is Status.UNCHARTED and star.pv is None
        if star.location == loc("10-54"):
            assert star.status is Status.UNCHARTED  # BETA's home, never seen


# The Shipyard report


def test_shipyard_report_like_the_sample_page() -> None:
    view = build_view(world(), ALPHA)
    lines = shipyard_lines(view, "SSD+")
    assert lines[0] == "Ship design limitations at Tech Level 1"
    assert "   1    2    30    20       3    5    24    16" in lines
    assert "  31   35     0     8      36   75     0     0" in lines
    assert "Maximum ship size for hangar bay: 5" in lines
    assert "Maximum P-types allowed per ship: 30" in lines
    assert "Total number of ships in empire: 0" in lines
    table = lines[-13:]
    assert [row.split()[1] for row in table][:4] == ["SC1", "FX", "CV1A", "SK1"]
    assert table[0].split() == ["6", "SC1", "Scout", "Ship", "//19-1", "1", "4", "1", "10", "0"]


@pytest.mark.parametrize(
    ("sort", "first", "last"),
    [
        ("SSD+", "SC1", "ST1"),
        ("SSD-", "ST1", "SC1"),
        ("NAME", "CV1J", "ST1"),
        ("CODE", "CV1A", "ST1"),
    ],
)
def test_shipyard_sorts(sort: str, first: str, last: str) -> None:
    table = shipyard_lines(build_view(world(), ALPHA), sort)[-13:]
    assert table[0].split()[1] == first and table[-1].split()[1] == last


def test_shipyard_requests() -> None:
    assert requested_sorts([""]) == ["SSD+"]
    assert requested_sorts(["SSD- BOGUS", "NAME CODE SSD+ SSD-"]) == [
        "SSD-",
        "SSD+",
        "NAME",
        "CODE",
        "SSD+",
    ]


def test_shipyard_reports_printed_as_requested(busy_view: dict[str, Any]) -> None:
    p = player_printout(busy_view, [], CTX)
    titles = [s.title for s in p.sections if s.title.startswith("SHIPYARD")]
    assert titles == ["SHIPYARD REPORT (SSD-)", "SHIPYARD REPORT (CODE)"]


# Maps


def test_requested_maps(busy_view: dict[str, Any]) -> None:
    maps, problems = player_maps(busy_view)
    assert [m.title for m in maps] == ["QUADRANT MAP AROUND 85-23", "PV MAP AROUND 85-23"]
    assert problems == []


def test_map_quad_quad_and_bad_requests() -> None:
    assert map_requests(["QUAD", "QUAD", "WHOLE 10-54", "PV"]) == [
        ("QUAD", "QUAD"),
        ("WHOLE", "10-54"),
        ("PV", ""),
    ]
    view = build_view(world(), ALPHA)
    view["events"] = [
        event_to_data(Requested(ALPHA, "MAP", d)) for d in ("QUAD", "QUAD", "STAR", "PV 12-34")
    ]
    maps, problems = player_maps(view)
    assert len(maps) == 5 and maps[0].title.startswith("QUADRANT MAP 1 OF 4")
    assert len(problems) == 1 and problems[0].startswith("MAP STAR: ")


def test_maps_know_own_and_seen_systems(busy_view: dict[str, Any]) -> None:
    stars = {s.location: s for s in known_stars(busy_view)}
    assert stars[loc("85-23")].status is Status.HOME and stars[loc("85-23")].ships
    assert stars[loc("99-15")].status is Status.COLONY
    assert stars[loc("80-20")].status is Status.CHARTED and stars[loc("80-20")].pv == 8


# Messages, rendering, the GM


def test_diplomatic_messages_only_when_the_view_has_them() -> None:
    view = build_view(world(), ALPHA)
    assert "DIPLOMATIC MESSAGES" not in text(view)
    view["messages"] = [{"from": "BETA", "text": "Leave 99-15 alone."}]
    report = text(view)
    assert "DIPLOMATIC MESSAGES" in report and "From BETA:\n  Leave 99-15 alone." in report


def test_pages_are_66_lines_of_132_and_pdf_has_them(busy_view: dict[str, Any]) -> None:
    p = player_printout(busy_view, [], CTX)
    pages = layout(p)
    assert all(len(pg.lines) == LINES_PER_PAGE for pg in pages)
    assert all(len(line) == 132 for pg in pages for line in pg.lines)
    pdf = render_pdf(p)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == len(pages)
    assert render_pdf(player_printout(busy_view, [], CTX)) == pdf


def test_gm_summary(busy: GameState) -> None:
    p = gm_printout(busy, CTX)
    report = render_text(layout(p))
    assert re.search(r"^ +1 +ALPHA +ALPHA +85-23 +2 +100 +3 ", report, re.M)
    assert re.search(r"^ +2 +BETA +BETA +10-54 +1 +0 +3 +2 +4\d{4} +100th$", report, re.M)
    assert "GUARDIAN built" in report
    assert f"TL 2 {THRESHOLD:,} PI" in report and f"turn {MASTERS} (secret)" in report
    assert [s.title for s in p.sections][-1] == "GALAXY OWNERS"
    assert "A 1 ALPHA" in report and "B 2 BETA" in report


def test_turn_input_sheet(busy_text: str) -> None:
    sheet = busy_text.split("TURN INPUT SHEET")[1]
    assert "Due Date: 2021-11-07" in sheet and "For Galaxy gt13, Turn 5" in sheet
    assert "  #GT13 1 SECRET" in sheet
    head = line_with(sheet, "  #  Action")
    row = line_with(sheet, " 20  ")
    assert head.index("Argument #5") == row.rindex("  ") + 2


def test_ordinal() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 98, 100, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "98th",
        "100th",
        "101st",
    ]


def test_snapshot_player(busy_text: str, snapshot: Any) -> None:
    assert busy_text == snapshot


def test_snapshot_gm(busy: GameState, snapshot: Any) -> None:
    assert render_text(layout(gm_printout(busy, CTX))) == snapshot
