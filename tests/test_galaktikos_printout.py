"""Galaktikos printouts: the player's round report and the GM's summary, rendered as text
and as PDF; the whole board shown, the standings, the events turn by turn, the order
check and the input sheet; the same view gives the same bytes."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from pypdf import PdfReader

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located
from galbatch.print.maps.board import BoardMap
from galbatch.print.page import MapBlock, layout, render_text
from galbatch.print.pdf import render_pdf
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.check import check_orders
from galbatch.rules.galaktikos.hexes import parse_hex
from galbatch.rules.galaktikos.printout import gm_printout, player_printout
from galbatch.rules.galaktikos.resolve import resolve
from galbatch.rules.galaktikos.setup import new_game
from galbatch.rules.galaktikos.state import GameState
from galbatch.rules.galaktikos.tables import HexType
from galbatch.rules.galaktikos.view import build_view
from tests.galaktikos_world import put, world

CTX = PrintContext(
    game="gk1",
    title="GALAKTIKOS",
    author="Talisman",
    date="2026-11-23",
    due="2026-11-30",
    width=132,
    header_line='GAME GK1 PLAYER A PASSWORD "x"',
    file_status="ORDERS RECEIVED",
)


def board() -> GameState:
    """A 31 x 21 galaxy, the widest the text grid shows in 132 columns, with two players."""
    state = world(
        width=31,
        height=21,
        kinds={"1611": HexType.CORE, "0303": HexType.DENSE, "2919": HexType.SPARSE},
        resources=5,
    )
    put(state, "0303", "A", pop=3, fleet=2, territory=True, shipyards=1, habitats=1)
    put(state, "2919", "B", pop=1, fleet=1, territory=True)
    return state


def view(events: list[dict[str, Any]] | None = None, round_: int = 2) -> dict[str, Any]:
    """A's view after round 1 (orders due for round 2): the whole board, the reader, and
    the round's events when given."""
    data = board().to_data()
    data.update(ruleset="galaktikos", player="A", standing=[], round=round_)
    if events is not None:
        data["events"] = events
    return data


DIAG = Diagnostic("a.txt", 3, 1, Severity.WARNING, "GK303", "GROW 0303 5: 5 reduced to 3")


def text(v: dict[str, Any], diags: list[Diagnostic] | None = None) -> str:
    return render_text(layout(player_printout(v, diags or [], CTX)))


def test_standings_against_the_victory_line() -> None:
    report = text(view())
    assert re.search(r"A +Player A +5 +3 +2 +75\.0%", report)
    assert re.search(r"B +Player B +5 +1 +1 +25\.0%", report)
    assert "more than 75.0% of the galaxy's population (4 tokens now)" in report


def test_the_whole_board_is_shown() -> None:
    p = player_printout(view(), [], CTX)
    maps = [b.map for s in p.sections for b in s.blocks if isinstance(b, MapBlock)]
    assert len(maps) == 1 and isinstance(maps[0], BoardMap)
    assert (maps[0].cols, maps[0].rows) == (31, 21)
    report = text(view())
    assert all(len(line) <= 132 for line in report.splitlines())
    assert re.search(r"^ +01  02 .* 30  31$", report, re.M)  # every column
    assert all(re.search(rf"^{r:02d} ", report, re.M) for r in range(1, 22))  # every row
    assert "0303 A pop A3 hab 1 yard 1 fleet A2" in report


def test_events_turn_by_turn_and_own_orders() -> None:
    events: list[dict[str, Any]] = [
        {"kind": "TurnBegan", "player": "B", "text": "B collects 1 resource"},
        {"kind": "GameEvent", "player": "A", "text": "A's fleet in 0303 is unsupplied"},
        {"kind": "TurnBegan", "player": "A", "text": "A collects 4 resources"},
        {"kind": "Executed", "player": "A", "text": "GROW 0303 3: 3 population added"},
        {"kind": "NotExecuted", "player": "A", "text": "MOVE 1 FLEETS 0303 0403: no fleet"},
    ]
    report = text(view(events))
    b_turn = report.index("ROUND 1, TURN OF PLAYER B")
    a_turn = report.index("ROUND 1, TURN OF PLAYER A")
    assert b_turn < report.index("A's fleet in 0303 is unsupplied") < a_turn
    assert re.search(r"^DONE +GROW 0303 3: 3 population added$", report, re.M)
    assert re.search(r"^NOT DONE +MOVE 1 FLEETS 0303 0403: no fleet$", report, re.M)


def test_without_events_the_orders_are_the_diagnostics() -> None:
    report = text(view(), [DIAG])
    assert "TURN OF" not in report
    assert "line   3: [GK303] GROW 0303 5: 5 reduced to 3" in report
    assert DIAG.format() in report
    assert "ALL ORDERS ACCEPTED." in text(view())


def test_input_sheet() -> None:
    report = text(view())
    assert CTX.header_line in report and "For game gk1, round 2, player Player A" in report
    assert re.search(r"^ +20  _{100}$", report, re.M)


def test_one_numbering_header_board_events_and_order_sheet() -> None:
    """The view after round 1 says round 2, the round its orders are for: the printout is
    headed ROUND 1, tells round 1's events under ROUND 1 and asks for round 2's orders;
    after the setup (round 0) it asks for round 1; before it, for round 0, the setup."""
    turn = [{"kind": "TurnBegan", "player": "A", "text": "collected 4 resources"}]
    cases = [
        (view(turn, 2), "ROUND 1", "Round 1 is played", "after round 1", "round 2"),
        (view(turn, 1), "ROUND 0", "Round 0, the setup, is played", "after round 0, the setup",
         "round 1"),
        (view([], 0), "ROUND 0", "nothing has been played yet", "before the setup",
         "round 0, the setup"),
    ]  # fmt: skip
    for data, heading, played, galaxy, due in cases:
        report = text(data)
        pages = report.split("\f")
        assert all(p.startswith(f"GK1  {heading}  ") for p in pages if p.strip())
        assert f"{played}" in report and f"Orders are due for {due}." in report
        printout = player_printout(data, [], CTX)
        maps = [b.map for x in printout.sections for b in x.blocks if isinstance(b, MapBlock)]
        assert [m.title for m in maps] == [f"The galaxy {galaxy}"]
        assert f"For game gk1, {due}, player Player A" in report
        assert (f"{heading}, TURN OF PLAYER A" in report) == bool(data["events"])
    gm = render_text(layout(gm_printout(board_after(2), CTX)))
    assert gm.startswith("GK1  ROUND 1  ") and "Round 1 is played" in gm


def board_after(round_: int) -> GameState:
    state = board()
    state.round = round_
    return state


def test_pdf_and_determinism() -> None:
    p = player_printout(view(), [DIAG], CTX)
    pdf = render_pdf(p)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == len(layout(p))
    assert render_pdf(player_printout(view(), [DIAG], CTX)) == pdf
    assert text(view(), [DIAG]) == text(view(), [DIAG])


def test_gm_summary() -> None:
    state = board()
    report = render_text(layout(gm_printout(state, CTX)))
    assert "GAME MASTER" in report and "Player B" in report
    assert render_pdf(gm_printout(state, CTX)) == render_pdf(gm_printout(state, CTX))


def test_a_view_without_the_turns_bookkeeping() -> None:
    data = view([])
    for key in ("seat", "population_at_start", "grown", "fleets_built", "converted"):
        del data[key]
    report = text(data)
    assert "TURN OF" not in report and "ALL ORDERS ACCEPTED." in report


def test_a_round_view_checked_and_printed() -> None:
    """A game set up automatically, one round played: the round's view feeds the checker
    and the printout as it is."""
    seats = [PlayerInfo("1", "RED", 0), PlayerInfo("2", "BLUE", 0), PlayerInfo("3", "GOLD", 0)]
    state = new_game(7, seats, {})
    for run in ("setup", "round"):

        def streams(name: str, run: str = run) -> random.Random:
            return random.Random(f"{run}{name}")

        state = resolve(state, {}, streams)
    v = build_view(state, "1")
    home = next(h for h in sorted(v["shipyards"]) if v["territory"].get(h) == "1")
    orders: list[o.Grow | o.BuildFleet] = [o.Grow(home, 5), o.BuildFleet(home, 2)]
    located = [Located(x, "f", i + 1, 1, x.text()) for i, x in enumerate(orders)]
    accepted, diags = check_orders(located, v, "1")
    assert [d.code for d in diags] == ["GK303", "GK302"]
    report = render_text(layout(player_printout(v, diags, CTX)))
    assert "TURN OF RED" in report and "TURN OF GOLD" in report
    assert render_pdf(player_printout(v, diags, CTX)) == render_pdf(player_printout(v, diags, CTX))


@pytest.mark.slow
def test_every_page_header_counts_rounds() -> None:
    """Galaktikos plays rounds: the page headers, text and PDF, say ROUND where the other
    games say TURN."""
    for printout in (player_printout(view(), [DIAG], CTX), gm_printout(board_after(2), CTX)):
        pages = layout(printout)
        assert len(pages) > 1
        for page in pages:
            assert page.lines[0].startswith("GK1  ROUND 1  2026-11-23"), page.lines[0]
        pdf = PdfReader(io.BytesIO(render_pdf(printout)))
        for sheet in pdf.pages:
            words = " ".join(sheet.extract_text().split())
            assert "GK1 ROUND 1 2026-11-23" in words and "TURN 1" not in words
        assert pdf.metadata is not None and str(pdf.metadata.subject).startswith("gk1 round 1 for ")


def test_long_event_lines_are_broken_to_the_page_not_cut() -> None:
    """An attack from many hexes and its battle's course run past 132 columns: they are
    broken at spaces, the rest indented under the line, and nothing is lost."""
    order = "ATTACK FLEETS 1010 " + " ".join(f"FROM {1000 + n:04d} 1" for n in range(9, 21))
    course = "    losses of Player B: " + "; ".join(["Player A rerolls: 1/2"] * 8) + " - 1 lost"
    events: list[dict[str, Any]] = [
        {"kind": "TurnBegan", "player": "A", "text": "collected 4 resources"},
        {"kind": "Executed", "player": "A", "text": f"{order}: battle at 1010"},
        {"kind": "Fought", "player": "A", "text": course},
    ]
    report = text(view(events))
    assert all(len(line) <= 132 for line in report.splitlines())
    turn = report[report.index("ROUND 1, TURN OF PLAYER A") :]
    flowed = " ".join(line.strip() for line in turn.splitlines())
    assert f"{order}: battle at 1010" in flowed and course.strip() in flowed
    assert re.search(r"^      \S.* - 1 lost$", turn, re.M)  # under the course, 2 deeper
    mine = report[report.index("YOUR ORDERS") :]
    assert re.search(rf"^DONE +{order[:60]}", mine, re.M)
    assert re.search(r"^ {17}FROM", mine, re.M)  # under the order, not under DONE


def test_long_order_check_lines_are_broken_to_the_page_not_cut() -> None:
    """A diagnostic quoting a long order runs past 132 columns: in the order check and in
    the orders told from the diagnostics it is broken at spaces, and nothing is lost."""
    order = "ATTACK FLEETS 0909 " + " ".join(f"FROM {700 + n:04d} 1" for n in range(1, 16))
    diag = Diagnostic("a.txt", 4, 1, Severity.ERROR, "GK243", f"{order}: no fleets at 0909")
    report = text(view(), [diag])
    assert all(len(line) <= 132 for line in report.splitlines())
    check = report[report.index("ORDER CHECK") :]
    flowed = " ".join(line.strip() for line in check.splitlines())
    assert diag.format() in flowed
    assert re.search(r"^    \S.*no fleets at 0909$", check, re.M)  # under the line, 4 deeper
    mine = report[report.index("YOUR ORDERS") : report.index("ORDER CHECK")]
    assert f"line   4: [GK243] {order}: no fleets at 0909" in " ".join(
        line.strip() for line in mine.splitlines()
    )


def test_standing_orders_in_force_with_defaults_and_what_others_announced() -> None:
    """The reader's standing orders in force, each topic's default where he gave none; the
    other players' permissions and obstruction (announced at the table), not their other
    standing orders; the orders given this round in YOUR ORDERS."""
    data = view(
        [
            {"kind": "TurnBegan", "player": "A", "text": "collected 4 resources"},
            {"kind": "StandingSet", "player": "A", "text": "REROLL OWN NEVER: in force"},
        ]
    )
    data["standing"] = ["PERMIT B 0303", "REROLL OWN NEVER", "AUTOMATIC CLAIM OFF"]
    data["announced"] = [
        {"player": "A", "orders": ["PERMIT B 0303"]},
        {"player": "B", "orders": ["OBSTRUCT A OFF", "FORBID A ALL"]},
    ]
    report = text(data)
    section = report[report.index("STANDING ORDERS") : report.index("ORDER CHECK")]
    lines = [line.strip() for line in section.splitlines()]
    assert lines[3:13] == [
        "PERMIT B 0303",
        "for the others: FORBID: nobody may enter the hexes your fleets occupy (default)",
        "OBSTRUCT ALL ON (default)",
        "REROLL OWN NEVER",
        "REROLL ENEMY AT MOST 1/4 (default)",
        "FIRST SHIPYARDS (default)",
        "FIRST PLAYER: the extra losses fall on the largest population in the hex, then the"
        " first in seat order (default)",
        "AUTOMATIC CLAIM OFF",
        "AUTOMATIC OCCUPY ON (default)",
        "",
    ]
    assert re.search(r"^Player B +OBSTRUCT A OFF$", section, re.M)
    assert re.search(r"^Player B +FORBID A ALL$", section, re.M)
    assert not re.search(r"^Player A ", section, re.M)  # the reader's own are above
    assert re.search(r"^IN FORCE +REROLL OWN NEVER: in force$", report, re.M)
    quiet = view()
    quiet["announced"] = [{"player": "B", "orders": []}]
    assert re.search(r"^Player B +none: the defaults$", text(quiet), re.M)


def test_race_printout_names_the_goal_who_holds_it_and_the_turns_held() -> None:
    """Race (2.3): the goal hex, who holds it now and each player's turns held in a row, in
    text; the goal ringed on the PDF map and named under it; no population line."""
    data = view()
    put_fleet = board()
    put(put_fleet, "1611", "A", fleet=2)
    data.update(
        variant="race", goal="1611", held={"A": 2, "B": 0}, fleets=put_fleet.to_data()["fleets"]
    )
    report = text(data)
    assert (
        "Race: a player wins by holding the goal, hex 1611, 3 turns in a row: his fleets alone"
        " there as each of his turns begins." in report
    )
    assert (
        "Now Player A's fleets alone are at 1611. Turns held in a row: Player A 2 of 3,"
        " Player B 0 of 3." in report
    )
    assert "of the galaxy's population" not in report
    assert "Goal of the Race: 1611 (ringed on the PDF map)" in report
    printout = player_printout(data, [], CTX)
    (board_map,) = [b.map for x in printout.sections for b in x.blocks if isinstance(b, MapBlock)]
    assert isinstance(board_map, BoardMap) and board_map.ringed == ((15, 10),)
    plain = player_printout(view(), [], CTX)
    (unringed,) = [b.map for x in plain.sections for b in x.blocks if isinstance(b, MapBlock)]
    assert isinstance(unringed, BoardMap) and unringed.ringed == ()
    shared = board()
    put(shared, "1611", "A", fleet=2)
    put(shared, "1611", "B", fleet=1)
    data.update(fleets=shared.to_data()["fleets"])
    assert "Now the fleets of Player A and Player B share 1611: nobody holds it." in text(data)


def test_conquest_printout_tells_what_is_left_to_conquer() -> None:
    """Conquest (2.3): a player is out when no population is his nor occupied by him; the
    printout tells each player's population left, what he occupies, and who is out."""
    state = board()
    put(state, "2919", "A", fleet=1)
    state.occupations[parse_hex("2919")] = {"B": "A"}
    data = state.to_data()
    data.update(ruleset="galaktikos", player="A", standing=[], round=2, variant="conquest")
    report = text(data)
    assert (
        "Conquest: the last player in play wins; a player is out of play when no population"
        " token is his, nor occupied by him." in report
    )
    assert (
        "To conquer: Player A 3 population in 1 hex and 1 occupied; Player B 1 population"
        " in 1 hex." in report
    )
    data["players"][1]["eliminated"] = True
    assert "Out of play: Player B." in text(data)
    assert "of the galaxy's population" not in report


def test_a_player_whose_every_order_was_rejected_sees_them_in_his_orders() -> None:
    """The round has events, none on the reader's orders (the check rejected them all):
    YOUR ORDERS still lists each rejected line with its code and reason."""
    events = [{"kind": "TurnBegan", "player": "B", "text": "collected 1 resources"}]
    refused = Diagnostic("a.txt", 2, 1, Severity.ERROR, "GK232", "hex 0303 has no shipyard")
    report = text(view(events), [refused, DIAG])
    mine = report[report.index("YOUR ORDERS") : report.index("STANDING ORDERS")]
    assert re.search(r"^REJECTED +line 2: \[GK232\] hex 0303 has no shipyard$", mine, re.M)
    assert "GK303" not in mine  # a reduction is no rejection: the order ran as reduced
