"""Galac-Tac's facts that need no game (the checker's layer 2): each fact's rejection and
message, the warnings and the one reduction, and the 50-action limit."""

from __future__ import annotations

import pytest

from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.facts import FACTS, MAX_ACTIONS
from galbatch.rules.galactac.names import TARGETS, WEAPON_TARGETS
from tests.test_galactac_language import check

L = a.Location


def found(*lines: str) -> list[tuple[int, str, str]]:
    """(action's line, from 1; code; message) of every diagnostic."""
    return [(d.line - 1, d.code, d.message) for d in check(*lines).diagnostics]


def only(text: str) -> Diagnostic:
    diags = check(text).diagnostics
    assert len(diags) == 1, diags
    return diags[0]


def rejected(text: str, code: str, message: str) -> None:
    result = check(text)
    assert result.orders == ()
    d = only(text)
    assert (d.severity, d.code) == (Severity.ERROR, code)
    assert d.message == f"{message}; action {' '.join(text.upper().split())} rejected"


# ---- rejections ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        (
            "TO 1523 100-23",
            "GT201",
            "there is no location 100-23: locations are 00-00 to 99-99 (YY-XX)",
        ),
        (
            "MAP QUAD 10-100",
            "GT201",
            "there is no location 10-100: locations are 00-00 to 99-99 (YY-XX)",
        ),
        ("TO 0 10-10", "GT202", "there is no ship 0: ship IDs are 1-9999"),
        ("DEFEND 1 10000", "GT202", "there is no ship 10000: ship IDs are 1-9999"),
        ("DEFEND 1 2 3 4 5 6", "GT203", "6 ship IDs where DEFEND has room for 5"),
        ("SCRAP 1 2 3 4 5 6 7", "GT203", "7 ship IDs where SCRAP has room for 5"),
        (
            "ASSIGN 1 2 3 4 5 6",
            "GT203",
            "5 ship IDs after the mothership where ASSIGN has room for 4",
        ),
        ("JOIN 1 2 3 4 5 6", "GT203", "5 ship IDs after the flagship where JOIN has room for 4"),
        ("DECLASSIFY A B C D E F", "GT203", "6 design codes where DECLASSIFY has room for 5"),
        ("BUILD 10-10 FX A B C D", "GT203", "4 ships (one name each) where BUILD has room for 3"),
        (
            "TO 1 10-10 2 10-10 3 10-10",
            "GT203",
            "3 ship IDs and locations where TO has room for 2",
        ),
        (
            "LOAD 1 1 PI 1 PV 1 MISS",
            "GT203",
            "3 quantities and items where LOAD has room for 2",
        ),
        (
            "MISSILES 10-10 1 11-11 1 12-12 1",
            "GT203",
            "3 Production Systems where MISSILES has room for 2",
        ),
        ("MAP QUAD PV WHOLE", "GT203", "3 maps where MAP has room for 2"),
        (
            "SCOUT 1 10-10 11-11 12-12 13-13 14-14",
            "GT203",
            "5 locations where SCOUT has room for 4",
        ),
        (
            "SHIPYARD SSD+ SSD- NAME CODE SSD+ SSD-",
            "GT203",
            "6 sorts (reports) where SHIPYARD has room for 5",
        ),
        ("NAME 1 A 2 B 3 C", "GT203", "3 things to name where NAME has room for 2"),
        (
            "BUILD 10-10 FX",
            "GT215",
            "name each ship to build: BUILD FX needs one to three names",
        ),
        ("LOAD 1 10 PX", "GT205", "there is no item PX: items are PV, PI and MISSILES (MISS)"),
        (
            "TRANSFER 1 2 10 IP",
            "GT205",
            "there is no item IP: items are PV, PI and MISSILES (MISS)",
        ),
        ("LOAD 1 0 PI", "GT211", "a quantity of 0 is meaningless"),
        ("UNLOAD 1 5 PV 0 PI", "GT211", "a quantity of 0 is meaningless"),
        ("MISSILES 10-10 0", "GT211", "a quantity of 0 is meaningless"),
        ("RESEARCH 10-10 0", "GT211", "a quantity of 0 is meaningless"),
        ("COMBAT 1 7", "GT206", "there is no target 7: target codes are 0-6"),
        ("STANDING 1 0 0 9", "GT206", "there is no target 9: target codes are 0-6"),
        (
            "COMBAT 1 0 5",
            "GT207",
            "P-Types cannot aim at target 5: Attacking Drones (only Drones can use)",
        ),
        (
            "STANDING 1 0 0 6",
            "GT207",
            "T-Types cannot aim at target 6: Missiles in Flight (only Drones and P-Types can use)",
        ),
        (
            "MAP GALAXY",
            "GT208",
            "there is no map type GALAXY: maps are WHOLE, QUAD (quadrant) and PV",
        ),
        (
            "BUILD 10-10 TOOLONG A",
            "GT209",
            "'TOOLONG' is no design code: a code is 1 to 4 of A-Z and 0-9",
        ),
        (
            "DECLASSIFY SC S-C",
            "GT209",
            "'S-C' is no design code: a code is 1 to 4 of A-Z and 0-9",
        ),
        (
            "CLASSIFY ST Station 14D+30P+5T30",
            "GT210",
            "there is no rating after the design name: a rating always holds '/' "
            "(e.g. CLASSIFY SC Scout 2P+1T5//16-16)",
        ),
        (
            "CLASSIFY X2 Gun Boat 4P/1;;/-16@2",
            "GT210",
            "a design has no tech level: leave out '@2'",
        ),
        (
            "CLASSIFY ST 14D+30P+5T30//",
            "GT217",
            "a design needs a name before its rating: CLASSIFY ST NAME RATING",
        ),
        (
            "NAME 1201 DEF!ANT",
            "GT204",
            "the ship name 'DEF!ANT' holds '!': a ship name may hold letters A-Z and digits 0-9",
        ),
        (
            "COLONIZE 1 10-10 New_Mars",
            "GT204",
            "the System name 'New_Mars' holds '_': a System name may hold letters A-Z and "
            "digits 0-9",
        ),
        (
            "CLASSIFY X3 Bad!name 4P//",
            "GT204",
            "the design name 'Bad!name' holds '!': a design name may hold letters A-Z, "
            "digits 0-9, - , ; and blanks",
        ),
        (
            "NAME EMPIRE Bad <name>",
            "GT204",
            "the empire name 'Bad <name>' holds '<' '>': an empire name may hold letters A-Z, "
            "digits 0-9, blanks and ' \" . , - _ : ; / \\ @ # $ ! ( ) [ ] { }",
        ),
        ("JOIN 1 1", "GT213", "ship 1 is named twice in one JOIN"),
        ("ASSIGN 5 6 5", "GT213", "ship 5 is named twice in one ASSIGN"),
        ("TOW 7 7 10-10", "GT213", "ship 7 is named twice in one TOW"),
        ("TRANSFER 7 7 1 PI", "GT213", "ship 7 is named twice in one TRANSFER"),
        ("TO 7 10-10 7 11-11", "GT213", "ship 7 is named twice in one TO"),
        ("DECLASSIFY A A", "GT213", "A is named twice in one DECLASSIFY"),
        ("DOWNGRADE 10-10 A 10-10 B", "GT213", "10-10 is named twice in one DOWNGRADE"),
        ("NAME 10-10 A 10-10 B", "GT213", "10-10 is named twice in one NAME"),
        (
            "SHUTTLE 1 10-10 10-10",
            "GT216",
            "a shuttle run needs two different Systems: a Production System and another",
        ),
        (
            "SHUTTLE 1 10-10",
            "GT216",
            "a shuttle run needs two different Systems: a Production System and another",
        ),
    ],
)
def test_facts_reject(text: str, code: str, message: str) -> None:
    rejected(text, code, message)


def test_a_misspelt_word_gets_the_word_close_to_it() -> None:
    rejected(
        "LOAD 1 5 MISSLES",
        "GT205",
        "there is no item MISSLES (did you mean MISSILES?): items are PV, PI and MISSILES (MISS)",
    )
    rejected(
        "MAP QAUD",
        "GT208",
        "there is no map type QAUD (did you mean QUAD?): maps are WHOLE, QUAD (quadrant) and PV",
    )
    assert found("SHIPYARD NAMES") == [
        (
            1,
            "GT402",
            "there is no sort NAMES (did you mean NAME?): that report prints by SSD+ "
            "(sorts: SSD+ SSD- NAME CODE)",
        )
    ]


def test_every_fact_an_action_fails_is_reported() -> None:
    assert [code for _, code, _ in found("LOAD 0 0 PX")] == ["GT202", "GT205", "GT211"]


def test_every_code_of_the_table_is_tested() -> None:
    codes = {row.code for row in FACTS}
    assert codes == {
        "GT201", "GT202", "GT203", "GT204", "GT205", "GT206", "GT207", "GT208", "GT209",
        "GT210", "GT211", "GT213", "GT214", "GT215", "GT216", "GT217",
    }  # fmt: skip


@pytest.mark.parametrize("weapon", ["drone", "p_type", "t_type"])
@pytest.mark.parametrize("target", sorted(TARGETS))
def test_target_codes_by_weapon(weapon: str, target: int) -> None:
    codes = {"drone": 0, "p_type": 0, "t_type": 0, weapon: target}
    text = f"COMBAT 1 {codes['drone']} {codes['p_type']} {codes['t_type']} 0"
    allowed = target in WEAPON_TARGETS[weapon]
    assert allowed == (target < 5 or (target == 6 and weapon != "t_type") or weapon == "drone")
    assert [c for _, c, _ in found(text)] == ([] if allowed else ["GT207"])


def test_the_book_examples_pass_every_fact() -> None:
    lines = [
        "COMBAT 1234 0 3 2 200",
        "CLASSIFY ST Station 14D+30P+5T30//",
        "DECLASSIFY SC",
        "CLASSIFY SC Scout 2P+1T5//16-16",
        "CLASSIFY ST1 Station1 14D+30P+5T30//",
        "LOAD 1805 10 PI 10 MISS",
        "NAME 05-27 SAMPLE",
        "NAME 1201 DEFIANT",
        "SHUTTLE 2201 85-23 99-15",
        "SHUTTLE 2203 99-15 85-23",
        "SHUTTLE 2202 99-15 99-15 85-23",
        "MAP QUAD QUAD",
        "NAME EMPIRE Grand Fenwick: Inc. (1959) $!",
    ]
    assert found(*lines) == []


def test_a_capital_moves_once() -> None:
    assert found("CAPITAL 10-10", "CAPITAL 11-11 NEWHOME") == [
        (
            2,
            "GT214",
            "the capital is moved by an earlier CAPITAL action; "
            "action CAPITAL 11-11 NEWHOME rejected",
        )
    ]
    # a rejected CAPITAL moves nothing
    assert [c for _, c, _ in found("CAPITAL 10-100", "CAPITAL 11-11")] == ["GT201"]


def test_a_design_code_is_classified_once_until_declassified() -> None:
    lines = ["CLASSIFY ST Station 14D+30P+5T30//", "CLASSIFY ST Station 4P//"]
    assert found(*lines) == [
        (
            2,
            "GT218",
            "design code ST is classified by an earlier CLASSIFY: DECLASSIFY ST first; "
            "action CLASSIFY ST STATION 4P// rejected",
        )
    ]
    assert found(lines[0], "DECLASSIFY ST", lines[1]) == []
    assert found("CLASSIFY ST Station 4P", lines[1]) == found("CLASSIFY ST Station 4P")


# ---- warnings, the note and the reduction -------------------------------------------------


def test_go_is_read_as_to() -> None:
    result = check("GO 1523 45-23", "go 1524 45-23", "TO 1525 45-23")
    assert [o for o in result.orders] == [
        a.To((a.ShipTo(1523, L(45, 23)),)),
        a.To((a.ShipTo(1524, L(45, 23)),)),
        a.To((a.ShipTo(1525, L(45, 23)),)),
    ]
    assert [(d.line - 1, d.severity, d.code) for d in result.diagnostics] == [
        (1, Severity.WARNING, "GT401"),
        (2, Severity.WARNING, "GT401"),
    ]
    assert result.diagnostics[0].message == (
        "GO read as TO (the book's precedence examples say GO; its action is TO)"
    )


def test_an_illegal_sort_prints_by_ssd_ascending() -> None:
    result = check("SHIPYARD FOO SSD-", "SHIPYARD", "SHIPYARDS CODE")
    assert list(result.orders) == [
        a.Shipyard(("SSD+", "SSD-")),
        a.Shipyard(),
        a.Shipyard(("CODE",)),
    ]
    assert [(d.line - 1, d.severity, d.code, d.message) for d in result.diagnostics] == [
        (
            1,
            Severity.WARNING,
            "GT402",
            "there is no sort FOO: that report prints by SSD+ (sorts: SSD+ SSD- NAME CODE)",
        ),
        (
            2,
            Severity.NOTE,
            "GT403",
            "no sort given: the Shipyard report prints by SSD+ (SSD, ascending)",
        ),
    ]


def test_long_names_are_shortened() -> None:
    result = check(
        "BUILD 10-10 FX ENTERPRISEPRIME1 OK",
        "NAME EMPIRE A very long empire name of more than thirty",
        "CLASSIFY HC Heavy Cruiser Mk 12 18P+3T20 /1;;/-16",
    )
    assert list(result.orders) == [
        a.Build(L(10, 10), "FX", ("ENTERPRISEPRIME", "OK")),
        a.Name((a.Naming("EMPIRE", "A very long empire name of mor"),)),
        a.Classify("HC", "Heavy Cruiser M", "18P+3T20 /1;;/-16"),
    ]
    assert [(d.severity, d.code, d.message) for d in result.diagnostics] == [
        (
            Severity.WARNING,
            "GT301",
            "the ship name 'ENTERPRISEPRIME1' shortened to 15 characters: 'ENTERPRISEPRIME'",
        ),
        (
            Severity.WARNING,
            "GT301",
            "the empire name 'A very long empire name of more than thirty' shortened to 30 "
            "characters: 'A very long empire name of mor'",
        ),
        (
            Severity.WARNING,
            "GT301",
            "the design name 'Heavy Cruiser Mk 12' shortened to 15 characters: 'Heavy Cruiser M'",
        ),
    ]


def test_dashes_and_blanks_in_names_are_kept_with_a_warning() -> None:
    result = check("BUILD 23-64 DD1 PT-110", "COLONIZE 1003 35-42 Mars II", "NAME 1201 X-1")
    assert [o.text() for o in result.orders] == [
        "BUILD 23-64 DD1 PT-110",
        "COLONIZE 1003 35-42 Mars II",
        "NAME 1201 X-1",
    ]
    assert [(d.severity, d.code) for d in result.diagnostics] == [(Severity.WARNING, "GT404")] * 3


def test_a_later_movement_or_after_action_replaces_an_earlier_one() -> None:
    lines = [
        "TO 1523 45-23",
        "LOAD 1523 10 PI",  # [B]: no conflict
        "CHART 1524 55-44 1523 60-23",
        "SCRAP 1523 1525",
        "REFIT 1525",
    ]
    assert found(*lines) == [
        (
            3,
            "GT405",
            "ship 1523 already has the [M] or [A] action TO (line 2): only the last one "
            "accepted is carried out, this CHART if it is",
        ),
        (
            4,
            "GT405",
            "ship 1523 already has the [M] or [A] action CHART (line 4): only the last one "
            "accepted is carried out, this SCRAP if it is",
        ),
        (
            5,
            "GT405",
            "ship 1525 already has the [M] or [A] action SCRAP (line 5): only the last one "
            "accepted is carried out, this REFIT if it is",
        ),
    ]
    # a rejected action gives the ship nothing to replace
    assert found("TO 1523 45-230", "TO 1523 45-23")[1:] == []


def test_a_rating_read_by_a_house_rule_is_a_warning() -> None:
    result = check("CLASSIFY X1 Gun Boat 4P/1;/-16")
    assert len(result.orders) == 1
    assert [(d.severity, d.code) for d in result.diagnostics] == [(Severity.WARNING, "GT406")]
    assert result.diagnostics[0].message.startswith("design rating: ")


@pytest.mark.parametrize(
    ("code", "meant"), [("DDI", "DD1"), ("sci", "SC1"), ("CVIJ", "CV1J"), ("STl", "ST1")]
)
def test_a_code_written_like_a_masters_one_is_kept_with_a_warning(code: str, meant: str) -> None:
    result = check(f"BUILD 23-64 {code} A")
    assert [o.text() for o in result.orders] == [f"BUILD 23-64 {code.upper()} A"]
    assert [(d.severity, d.code) for d in result.diagnostics] == [(Severity.WARNING, "GT407")]
    assert result.diagnostics[0].message.endswith(f"write BUILD 23-64 {meant} A")


@pytest.mark.parametrize("code", ["DD1", "FX", "XYZ", "D1"])
def test_other_codes_get_no_lookalike_warning(code: str) -> None:
    assert found(f"BUILD 23-64 {code} A") == []


# ---- the 50-action limit ------------------------------------------------------------------


def test_the_fifty_first_action_and_later_are_rejected() -> None:
    lines = [f"DEFEND {1000 + i}" for i in range(MAX_ACTIONS + 2)]
    result = check(*lines)
    assert [o.text() for o in result.orders] == lines[:MAX_ACTIONS]
    assert [(d.line - 1, d.severity, d.code, d.message) for d in result.diagnostics] == [
        (
            n,
            Severity.ERROR,
            "GT212",
            f"only 50 actions a fortnight are allowed; action DEFEND {999 + n} rejected",
        )
        for n in (51, 52)
    ]


def test_the_limit_counts_every_action_read_even_a_rejected_one() -> None:
    lines = ["DEFEND 0"] + [f"DEFEND {1000 + i}" for i in range(MAX_ACTIONS)]
    result = check(*lines)
    assert len(result.orders) == MAX_ACTIONS - 1
    assert [c for _, c, _ in found(*lines)] == ["GT202", "GT212"]


def test_lines_that_are_no_action_do_not_count() -> None:
    lines = ["HELLO"] + [f"DEFEND {1000 + i}" for i in range(MAX_ACTIONS)]
    assert [c for _, c, _ in found(*lines)] == ["GT100"]
