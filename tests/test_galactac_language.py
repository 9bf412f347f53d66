"""The Galac-Tac action language: every action in each argument form, the rule book's
sample turn input sheets row by row, and the lines it rejects, with their messages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import FileCheck, check_file, parse_orders
from galbatch.engine.language.diagnostics import RC, Diagnostic, worst_rc
from galbatch.engine.language.located import Located
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.facts import facts
from galbatch.rules.galactac.language import (
    ORDER_NOUN,
    SYNTAX_CODE,
    TERMINAL_WORDS,
    OrderBuilder,
    split_design,
)

HEADER = 'GAME GT13 PLAYER 1 PASSWORD "x"\n'
L = a.Location


class Galactac:
    """What the engine's parser and a syntax-only check ask of a ruleset, and no more:
    the ruleset object itself is not this module's to make."""

    name = "galactac"
    grammar = "galactac.lark"
    terminal_words = TERMINAL_WORDS
    syntax_code = SYNTAX_CODE
    order_noun = ORDER_NOUN

    def transformer(self) -> OrderBuilder:
        return OrderBuilder()

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        return facts(orders)


RULESET: Any = Galactac()


def data(*lines: str) -> bytes:
    return (HEADER + "\n".join(lines) + "\nEND\n").encode()


def parse(*lines: str) -> tuple[list[Located], list[Diagnostic]]:
    """Layer 1 only: the grammar and the transformer."""
    return parse_orders(parse_order_bytes(data(*lines), "f"), RULESET)


def check(*lines: str) -> FileCheck:
    """Layers 1 and 2, as a syntax-only check runs them."""
    return check_file(parse_order_bytes(data(*lines), "f"), RULESET)


def one(text: str) -> a.Action:
    located, diags = parse(text)
    assert diags == [], diags
    order: a.Action = located[0].order
    return order


def error(text: str) -> Diagnostic:
    located, diags = parse(text)
    assert located == []
    assert [d.code for d in diags] == ["GT100"]
    return diags[0]


# ---- every action, each argument form ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("ASSIGN 1801 1802", a.Assign(1801, (1802,))),
        ("ASSIGN 1801 1802 1803 1804 1805", a.Assign(1801, (1802, 1803, 1804, 1805))),
        ("ATTACK 4017 70-63", a.Attack(4017, L(70, 63))),
        ("ATTACK 4017 70-63 200", a.Attack(4017, L(70, 63), 200)),
        ("BUILD 34-11 FX Freighter", a.Build(L(34, 11), "FX", ("Freighter",))),
        ("BUILD 34-11 SC1 Scout Scout", a.Build(L(34, 11), "SC1", ("Scout", "Scout"))),
        ("BUILD 34-11 CV1J A B C", a.Build(L(34, 11), "CV1J", ("A", "B", "C"))),
        ("CAPITAL 10-54", a.Capital(L(10, 54))),
        ("CAPITAL 10-54 NEWHOME", a.Capital(L(10, 54), "NEWHOME")),
        ("CHART 1503 25-23", a.Chart((a.ShipTo(1503, L(25, 23)),))),
        (
            "CHART 1524 55-44 1525 60-23",
            a.Chart((a.ShipTo(1524, L(55, 44)), a.ShipTo(1525, L(60, 23)))),
        ),
        ("CLASSIFY ST Station 14D+30P+5T30//", a.Classify("ST", "Station", "14D+30P+5T30//")),
        ("CLASSIFY SC Scout 2P+1T5//16-16", a.Classify("SC", "Scout", "2P+1T5//16-16")),
        ("CLASSIFY ST1 Station1 14D+30P+5T30//", a.Classify("ST1", "Station1", "14D+30P+5T30//")),
        ("CLASSIFY GB Gun Boat 4P/1 ; ; /-16", a.Classify("GB", "Gun Boat", "4P/1 ; ; /-16")),
        ("COLONIZE 1010 28-27", a.Colonize(1010, L(28, 27))),
        ("COLONIZE 1003 35-42 MARS", a.Colonize(1003, L(35, 42), "MARS")),
        ("COMBAT 1234 0 3 2 200", a.Combat(1234, 0, 3, 2, 200)),
        ("COMBAT 1234", a.Combat(1234)),
        ("COMBAT 1234 1", a.Combat(1234, 1)),
        ("COMBAT 1234 1 2", a.Combat(1234, 1, 2)),
        ("COMBAT 1234 1 2 3", a.Combat(1234, 1, 2, 3)),
        ("DECLASSIFY SC", a.Declassify(("SC",))),
        ("DECLASSIFY A B C D E", a.Declassify(("A", "B", "C", "D", "E"))),
        ("DEFEND 1201", a.Defend((1201,))),
        ("DEFEND 1 2 3 4 5", a.Defend((1, 2, 3, 4, 5))),
        ("DESTROY 3118 35-42", a.Destroy((a.ShipTo(3118, L(35, 42)),))),
        (
            "DESTROY 3118 35-42 3119 36-42",
            a.Destroy((a.ShipTo(3118, L(35, 42)), a.ShipTo(3119, L(36, 42)))),
        ),
        ("DETACH 1201 1202", a.Detach((1201, 1202))),
        ("DEVELOP 1003 35-42", a.Develop(1003, L(35, 42))),
        ("DEVELOP 1003 35-42 NEWMARS", a.Develop(1003, L(35, 42), "NEWMARS")),
        ("DOWNGRADE 23-64", a.Downgrade((a.Renaming(L(23, 64)),))),
        ("DOWNGRADE 23-64 OLD", a.Downgrade((a.Renaming(L(23, 64), "OLD"),))),
        (
            "DOWNGRADE 23-64 OLD 24-64 OLDER",
            a.Downgrade((a.Renaming(L(23, 64), "OLD"), a.Renaming(L(24, 64), "OLDER"))),
        ),
        (
            "DOWNGRADE 23-64 24-64 OLDER",
            a.Downgrade((a.Renaming(L(23, 64)), a.Renaming(L(24, 64), "OLDER"))),
        ),
        ("JOIN 4103 4104 4105 4106", a.Join(4103, (4104, 4105, 4106))),
        ("LOAD 1010 10 PI", a.Load(1010, (a.Cargo(10, "PI"),))),
        (
            "LOAD 1805 10 PI 10 MISS",
            a.Load(1805, (a.Cargo(10, "PI"), a.Cargo(10, "MISSILES"))),
        ),
        ("LOAD 1805 5 pv", a.Load(1805, (a.Cargo(5, "PV"),))),
        ("MAP WHOLE", a.Map((a.MapRequest("WHOLE"),))),
        ("MAP QUAD 10-54", a.Map((a.MapRequest("QUAD", L(10, 54)),))),
        (
            "MAP PV 10-54 WHOLE",
            a.Map((a.MapRequest("PV", L(10, 54)), a.MapRequest("WHOLE"))),
        ),
        (
            "MAP QUADRANT 10-54 PV 20-20",
            a.Map((a.MapRequest("QUAD", L(10, 54)), a.MapRequest("PV", L(20, 20)))),
        ),
        ("MISSILES 34-11 10", a.Missiles((a.Stock(L(34, 11), 10),))),
        (
            "MISSILES 34-11 10 23-64 5",
            a.Missiles((a.Stock(L(34, 11), 10), a.Stock(L(23, 64), 5))),
        ),
        ("NAME 05-27 SAMPLE", a.Name((a.Naming(L(5, 27), "SAMPLE"),))),
        ("NAME 1201 DEFIANT", a.Name((a.Naming(1201, "DEFIANT"),))),
        (
            "NAME 05-27 SAMPLE 1201 DEFIANT",
            a.Name((a.Naming(L(5, 27), "SAMPLE"), a.Naming(1201, "DEFIANT"))),
        ),
        ("NAME Empire Grand Fenwick", a.Name((a.Naming("EMPIRE", "Grand Fenwick"),))),
        (
            "NAME 1201 DEFIANT EMPIRE The (New) Order",
            a.Name((a.Naming(1201, "DEFIANT"), a.Naming("EMPIRE", "The (New) Order"))),
        ),
        ("PATROL 1201", a.Patrol((1201,))),
        ("REFIT 1201 1202", a.Refit((1201, 1202))),
        ("RELOAD 1201", a.Reload((1201,))),
        ("REPAIR 1201 1202 1203", a.Repair((1201, 1202, 1203))),
        ("RESEARCH 34-11 100", a.Research((a.Stock(L(34, 11), 100),))),
        (
            "RESEARCH 34-11 100 23-64 50",
            a.Research((a.Stock(L(34, 11), 100), a.Stock(L(23, 64), 50))),
        ),
        ("SCOUT 1505 21-25", a.Scout(1505, (L(21, 25),))),
        (
            "SCOUT 1523 45-23 48-30 52-25 55-40",
            a.Scout(1523, (L(45, 23), L(48, 30), L(52, 25), L(55, 40))),
        ),
        ("SCRAP 1201", a.Scrap((1201,))),
        ("SECURE 3118 35-42", a.Secure((a.ShipTo(3118, L(35, 42)),))),
        (
            "SECURE 3118 35-42 3119 36-42",
            a.Secure((a.ShipTo(3118, L(35, 42)), a.ShipTo(3119, L(36, 42)))),
        ),
        ("SENTRY 1201 10-10 10-20 20-20", a.Sentry(1201, (L(10, 10), L(10, 20), L(20, 20)))),
        ("SHIPYARD", a.Shipyard()),
        ("SHIPYARD SSD-", a.Shipyard(("SSD-",))),
        ("SHIPYARD SSD+ SSD- NAME CODE ssd+", a.Shipyard(("SSD+", "SSD-", "NAME", "CODE", "SSD+"))),
        ("SHIPYARDS NAME", a.Shipyard(("NAME",))),
        ("SHUTTLE 2201 85-23 99-15", a.Shuttle(2201, (L(85, 23), L(99, 15)))),
        (
            "SHUTTLE 2201 99-15 99-15 85-23",
            a.Shuttle(2201, (L(99, 15), L(99, 15), L(85, 23))),
        ),
        ("STANDING 1234 0 3 2 200", a.Standing(1234, 0, 3, 2, 200)),
        ("STANDING 1234", a.Standing(1234)),
        ("TO 1523 45-23", a.To((a.ShipTo(1523, L(45, 23)),))),
        (
            "TO 1523 45-23 1524 60-23",
            a.To((a.ShipTo(1523, L(45, 23)), a.ShipTo(1524, L(60, 23)))),
        ),
        ("GO 1523 45-23", a.To((a.ShipTo(1523, L(45, 23)),))),
        ("TOW 1201 1202 10-54", a.Tow(1201, 1202, L(10, 54))),
        ("TRANSFER 1201 1202 10 PI", a.Transfer(1201, 1202, a.Cargo(10, "PI"))),
        ("TRANSFER 1201 1202 10 missile", a.Transfer(1201, 1202, a.Cargo(10, "MISSILES"))),
        ("UNLOAD 1805 10 PV", a.Unload(1805, (a.Cargo(10, "PV"),))),
        (
            "UNLOAD 1805 10 PV 3 M",
            a.Unload(1805, (a.Cargo(10, "PV"), a.Cargo(3, "MISSILES"))),
        ),
    ],
)
def test_every_action_parses(text: str, action: a.Action) -> None:
    assert one(text) == action


def test_every_action_of_the_syntax_summary_is_covered() -> None:
    words = [kind.WORD for kind in a.ACTIONS]
    assert len(words) == 35 == len(set(words))
    assert words == sorted(words)


@pytest.mark.parametrize(
    ("kind", "phase"),
    [
        (a.Capital, "A"),
        (a.Classify, "B"),
        (a.Declassify, "B"),
        (a.Map, "A"),
        (a.Name, "B"),
        (a.Shipyard, "A"),
        (a.Build, "A"),
        (a.Downgrade, "A"),
        (a.Missiles, "B"),
        (a.Research, "B"),
        (a.Assign, "B"),
        (a.Attack, "M"),
        (a.Chart, "M"),
        (a.Colonize, "M"),
        (a.Combat, "B"),
        (a.Defend, "B"),
        (a.Destroy, "M"),
        (a.Detach, "B"),
        (a.Develop, "M"),
        (a.Join, "B"),
        (a.Load, "B"),
        (a.Patrol, "B"),
        (a.Refit, "A"),
        (a.Repair, "B"),
        (a.Scout, "M"),
        (a.Scrap, "A"),
        (a.Secure, "M"),
        (a.Sentry, "M"),
        (a.Shuttle, "M"),
        (a.Standing, "B"),
        (a.Reload, "B"),
        (a.To, "M"),
        (a.Tow, "M"),
        (a.Transfer, "B"),
        (a.Unload, "B"),
    ],
)
def test_phases_are_the_summary_sheets(kind: type[a.Action], phase: str) -> None:
    assert phase == kind.PHASE


@pytest.mark.parametrize(
    "text",
    [
        "ASSIGN 1801 1802 1803",
        "ATTACK 4017 70-63 200",
        "BUILD 34-11 SC1 Scout Scout Scout",
        "CAPITAL 10-54 NEWHOME",
        "CHART 1524 55-44 1525 60-23",
        "CLASSIFY GB Gun Boat 4P/1 ; ; /-16",
        "COLONIZE 1003 35-42 Mars II",
        "COMBAT 1234 0 3 2 200",
        "DECLASSIFY SC ST",
        "DOWNGRADE 23-64 24-64 OLDER",
        "LOAD 1805 10 PI 10 MISSILES",
        "MAP QUAD QUAD",
        "MAP PV 10-54 WHOLE",
        "NAME 05-27 SAMPLE 1201 DEFIANT EMPIRE Grand Fenwick",
        "SHIPYARD SSD- CODE",
        "SHUTTLE 2201 99-15 99-15 85-23",
        "TOW 1201 1202 10-54",
        "TRANSFER 1201 1202 10 PI",
    ],
)
def test_text_writes_the_action_back(text: str) -> None:
    assert one(text).text() == text
    assert one(one(text).text()) == one(text)


def test_action_words_are_case_insensitive() -> None:
    assert one("chart 1524 55-44") == one("CHART 1524 55-44") == one("Chart 1524 55-44")
    assert one("sHiPyArD ssd-") == a.Shipyard(("SSD-",))
    assert one("miss 34-11 10") == one("MISSILES 34-11 10") == one("Missile 34-11 10")


def test_names_keep_their_case_and_codes_are_upper_cased() -> None:
    assert one("build 34-11 sc1 Scout") == a.Build(L(34, 11), "SC1", ("Scout",))


def test_map_quad_quad_is_the_four_page_galaxy() -> None:
    action = one("MAP QUAD QUAD")
    assert isinstance(action, a.Map)
    assert action.four_quadrants
    quad = one("MAP QUAD 10-10 QUAD")
    assert isinstance(quad, a.Map) and not quad.four_quadrants


def test_combat_without_targets_cancels() -> None:
    for word in ("COMBAT", "STANDING"):
        cancel, aim = one(f"{word} 1234"), one(f"{word} 1234 0 0 0 200")
        assert isinstance(cancel, a.Combat | a.Standing)
        assert isinstance(aim, a.Combat | a.Standing)
        assert cancel.cancels and one(f"{word} 1234 0 0 0 0") == cancel
        assert not aim.cancels


def test_locations_read_down_then_across() -> None:
    assert one("TO 1 05-27") == a.To((a.ShipTo(1, L(5, 27)),))
    assert L(5, 27).text() == "05-27"
    assert L(0, 0).text() == "00-00" and L(99, 99).text() == "99-99"


def test_arguments_may_be_separated_by_tabs() -> None:
    assert one("Build\t34-11\tFX\tFreighter") == a.Build(L(34, 11), "FX", ("Freighter",))


# ---- CLASSIFY: where the design name ends and the rating begins ----------------------------


@pytest.mark.parametrize(
    ("text", "name", "rating"),
    [
        ("Station 14D+30P+5T30//", "Station", "14D+30P+5T30//"),
        ("Scout 2P+1T5//16-16", "Scout", "2P+1T5//16-16"),
        ("Gun Boat 4P/1 ; ; /-16", "Gun Boat", "4P/1 ; ; /-16"),
        ("Heavy Cruiser 18P+3T20 /1;;/-16", "Heavy Cruiser", "18P+3T20 /1;;/-16"),
        ("Heavy Cruiser 18P + 3T20 //8-10", "Heavy Cruiser", "18P + 3T20 //8-10"),
        ("Mark 2 2P /1//", "Mark 2", "2P /1//"),
        ("Hauler, Mk-3; long //;;10/20-1", "Hauler, Mk-3; long", "//;;10/20-1"),
        ("4D 4D//", "4D", "4D//"),  # the name is at least the first word
        ("Station", "Station", ""),  # no '/': no rating (a fact rejects it)
        ("14D+30P+5T30//", "", "14D+30P+5T30//"),  # no name (a fact rejects it)
    ],
)
def test_design_name_and_rating_split(text: str, name: str, rating: str) -> None:
    assert split_design(text) == (name, rating)


def test_the_rating_is_kept_as_written() -> None:
    action = one("CLASSIFY HC Heavy Cruiser 18P+3T20  /1;;/-16")
    assert action == a.Classify("HC", "Heavy Cruiser", "18P+3T20  /1;;/-16")


# ---- the rule book's sample turn input sheets -------------------------------------------------

# PLAY BY WEB: "Galac-Tac Galaxy #13 Expertus Astrum", its rows as typed into the form.
WEB_SHEET = [
    ("Build\t34-11\tFX\tFreighter", a.Build(L(34, 11), "FX", ("Freighter",))),
    ("Build\t34-11\tSC1\tScout\tScout\tScout", a.Build(L(34, 11), "SC1", ("Scout",) * 3)),
    (
        "Scout\t1523\t45-23\t48-30\t52-25\t55-40",
        a.Scout(1523, (L(45, 23), L(48, 30), L(52, 25), L(55, 40))),
    ),
    ("Shuttle\t1010\t38-15\t34-11", a.Shuttle(1010, (L(38, 15), L(34, 11)))),
    (
        "Chart\t1524\t55-44\t1525\t60-23",
        a.Chart((a.ShipTo(1524, L(55, 44)), a.ShipTo(1525, L(60, 23)))),
    ),
]
# PLAY BY MAIL: "Galac-Tac Turn Input Sheet ... For Galaxy #99, Turn #999".
MAIL_SHEET = [
    ("BUILD\t23-64\tDDI\tPT-110", a.Build(L(23, 64), "DDI", ("PT-110",))),
    (
        "BUILD\t23-64\tST20\tStation1\tStation2",
        a.Build(L(23, 64), "ST20", ("Station1", "Station2")),
    ),
    ("CHART\t1503\t25-23", a.Chart((a.ShipTo(1503, L(25, 23)),))),
    ("COLONIZE\t1003\t35-42\tMars II", a.Colonize(1003, L(35, 42), "Mars II")),
    ("ATTACK\t4017\t70-63", a.Attack(4017, L(70, 63))),
    ("JOIN\t4103\t4104\t4105\t4106", a.Join(4103, (4104, 4105, 4106))),
    ("SCOUT\t1505\t21-25\t28-30\t32-40", a.Scout(1505, (L(21, 25), L(28, 30), L(32, 40)))),
    ("SECURE\t3118\t35-42", a.Secure((a.ShipTo(3118, L(35, 42)),))),
    ("LOAD\t1010\t10\tPI", a.Load(1010, (a.Cargo(10, "PI"),))),
    ("COLONIZE\t1010\t28-27", a.Colonize(1010, L(28, 27))),
    ("SHUTTLE\t2402\t37-50\t23-64", a.Shuttle(2402, (L(37, 50), L(23, 64)))),
]


@pytest.mark.parametrize(("text", "action"), WEB_SHEET + MAIL_SHEET)
def test_sample_sheet_rows(text: str, action: a.Action) -> None:
    assert one(text) == action


def test_the_web_sheet_is_clean() -> None:
    result = check(*(text for text, _ in WEB_SHEET))
    assert result.diagnostics == ()
    assert list(result.orders) == [action for _, action in WEB_SHEET]


def test_the_mail_sheet_is_accepted_with_three_warnings() -> None:
    result = check(*(text for text, _ in MAIL_SHEET))
    assert list(result.orders) == [action for _, action in MAIL_SHEET]
    found = [(d.line - 1, d.code, d.severity.value) for d in result.diagnostics]
    assert found == [(1, "GT407", "warning"), (1, "GT404", "warning"), (4, "GT404", "warning")]
    ddi, pt110, mars = (d.message for d in result.diagnostics)
    assert ddi == (
        "design code DDI read as written, not as the Masters' DESTROYER DD1: if you mean "
        "that one, write BUILD 23-64 DD1 PT-110"
    )
    assert pt110 == (
        "the ship name 'PT-110' holds '-', which the book allows only in design names: "
        "kept as written"
    )
    assert mars == (
        "the System name 'Mars II' holds a blank, which the book allows only in design "
        "names: kept as written"
    )
    assert worst_rc(list(result.diagnostics)) == RC.WARNING


# ---- lines that are no action -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "column", "message"),
    [
        (
            "Attak 1523 45-23",
            1,
            "found 'Attak' where an action word (ASSIGN, ATTACK, BUILD ... TRANSFER, UNLOAD) "
            "was expected; did you mean ATTACK? write ATTACK 1523 45-23",
        ),
        (
            "Shipyrd SSD+",
            1,
            "found 'Shipyrd' where an action word (ASSIGN, ATTACK, BUILD ... TRANSFER, UNLOAD) "
            "was expected; did you mean SHIPYARD? write SHIPYARD SSD+",
        ),
        (
            "TO1523 45-23",
            1,
            "the action word and its arguments must be separated by blanks: write TO 1523 45-23",
        ),
        (
            "1523 45-23",
            1,
            "found '1523 45-23' where an action word (ASSIGN, ATTACK, BUILD ... TRANSFER, "
            "UNLOAD) was expected",
        ),
        ("BUILD", 6, "found the end of the line where a location (YY-XX) was expected"),
        ("BUILD 34-11", 12, "found the end of the line where a design code was expected"),
        ("LOAD 1805 PI 10", 11, "found 'PI' where a quantity was expected"),
        (
            "LOAD 1805 10",
            13,
            "found the end of the line where an item (PV, PI or MISSILES) was expected",
        ),
        ("TO 1523", 8, "found the end of the line where a location (YY-XX) was expected"),
        ("TO 1523 45/23", 9, "found '45/23' where a location (YY-XX) was expected"),
        (
            "CHART 1524 55-44 1525",
            22,
            "found the end of the line where a location (YY-XX) was expected",
        ),
        ("ATTACK 4017 70-63 200 5", 23, "found '5' where the end of the line was expected"),
        ("COMBAT 1234 0 3 2 200 7", 23, "found '7' where the end of the line was expected"),
        (
            "COMBAT 1234 X",
            13,
            "found 'X' where a target code (0-6) or the end of the line was expected",
        ),
        ("TOW 1201 10-54", 10, "found '10-54' where a ship ID was expected"),
        ("ASSIGN 1801", 12, "found the end of the line where a ship ID was expected"),
        (
            "NAME SAMPLE",
            6,
            "found 'SAMPLE' where EMPIRE or a location (YY-XX) or a ship ID was expected",
        ),
        ("NAME 05-27", 11, "found the end of the line where a new name was expected"),
        (
            "CLASSIFY ST",
            12,
            "found the end of the line where a design name and rating was expected",
        ),
        ("MAP 10-54", 5, "found '10-54' where a map type (WHOLE, QUAD or PV) was expected"),
        ("TRANSFER 1 2 10 PI 5 PV", 20, "found '5' where the end of the line was expected"),
        ("DEFEND", 7, "found the end of the line where a ship ID was expected"),
    ],
)
def test_rejections(text: str, column: int, message: str) -> None:
    d = error(text)
    assert (d.column, d.message) == (column, f"{message}; action rejected")


# ---- robustness: random text is diagnostics, never a traceback --------------------------------

WORDS = [kind.WORD for kind in a.ACTIONS] + ["GO", "EMPIRE", "MISS", "QUAD", "SSD+", "PI"]
PIECES = st.one_of(
    st.sampled_from(WORDS),
    st.integers(0, 20000).map(str),
    st.tuples(st.integers(0, 150), st.integers(0, 150)).map(lambda p: f"{p[0]:02d}-{p[1]:02d}"),
    st.text(alphabet="ABCDPTSX0123456789/;+-,() @#'\"", max_size=12),
)


def lint(raw: bytes) -> RC:
    result = check_file(parse_order_bytes(raw, "f"), RULESET)
    assert result.rc == worst_rc(list(result.diagnostics))
    for d in result.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.message and d.code
    return result.rc


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(PIECES, max_size=8).map(" ".join), max_size=20))
def test_random_action_lines(lines: list[str]) -> None:
    assert lint(data(*lines)) in (RC.CLEAN, RC.WARNING, RC.ERROR)


FREE_TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_characters="\r\n"), max_size=60)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["CLASSIFY X", "CLASSIFY", "NAME EMPIRE", "COLONIZE 1 10-10", "BUILD 10-10 A"]),
    FREE_TEXT,
)
def test_random_names_and_ratings(head: str, rest: str) -> None:
    assert lint(data(f"{head} {rest}")) in (RC.CLEAN, RC.WARNING, RC.ERROR)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=2000))
def test_random_text(text: str) -> None:
    assert lint((HEADER + text).encode("utf-8", "surrogatepass")) in tuple(RC)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_random_bytes(raw: bytes) -> None:
    assert lint(raw) in tuple(RC)
