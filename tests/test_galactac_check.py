"""Galac-Tac's checker layer 3, the empire's situation: each rejection and reduction
with its message, the rule book's ordering examples from the file to the turn, and the
properties every checker has (a reduction is final; the turn carries out what the
checker accepted, as accepted)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import FileCheck, check_file
from galbatch.engine.language.diagnostics import Severity, is_reduction
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.codes import CODES
from galbatch.rules.galactac.events import Cargo, Failed, ShipEvent, Short
from galbatch.rules.galactac.rating import parse_rating
from galbatch.rules.galactac.ruleset import RULESET
from galbatch.rules.galactac.state import Design, GameState
from galbatch.rules.galactac.view import build_view
from tests.galactac_world import ALPHA, find, play, ship, system, world

HEADER = 'GAME GT13 PLAYER 1 PASSWORD "x"'
L = a.Location


def fleet() -> GameState:
    """The test world (tests/galactac_world.py) at ALPHA's tech level 2, with ships:

    1001 FXX freighter (20 cargo bays) at the Home System 85-23
    1002 ST1 station (a platform) at 85-23
    1003 FT1 fighter (inertia drives only, fits a hangar) at 85-23
    1004 CV1J jeep carrier (4 hangar bays) at 85-23
    1005 DD1 destroyer at 90-30 (production, 40 PI), built at tech level 1
    1006 FX freighter (10 cargo bays) at the colony 99-15, 5 PI aboard
    1007 DD1 in drydock at 85-23
    1008 DD1 at 85-23, two P-types lost
    1009 MS missile boat (one T-type launcher, 4 racks, empty) at 90-30
    """
    state = world()
    state.empires[ALPHA].tech = 2
    ship(state, ALPHA, "FXX", "85-23")
    ship(state, ALPHA, "ST1", "85-23")
    ship(state, ALPHA, "FT1", "85-23")
    ship(state, ALPHA, "CV1J", "85-23")
    ship(state, ALPHA, "DD1", "90-30", tech=1)
    ship(state, ALPHA, "FX", "99-15", pi=5)
    ship(state, ALPHA, "DD1", "85-23", left=2)
    hurt = ship(state, ALPHA, "DD1", "85-23")
    hurt.current = replace(hurt.design, p_types=4)
    alpha = state.empires[ALPHA]
    alpha.designs.append(
        Design(alpha.next_design, "MS", "MISSILE BOAT", parse_rating("1T4//10-10"))
    )
    alpha.next_design += 1
    ship(state, ALPHA, "MS", "90-30", missiles=0)
    return state


def check(state: GameState, *lines: str) -> FileCheck:
    """All three layers, against ALPHA's view."""
    data = "\n".join([HEADER, *lines, "END"]).encode()
    return check_file(parse_order_bytes(data, "f"), RULESET, build_view(state, ALPHA), ALPHA)


def said(result: FileCheck) -> list[tuple[int, str, str]]:
    """(action's line, from 1; code; message) of each diagnostic."""
    return [(d.line - 1, d.code, d.message) for d in result.diagnostics]


def rejected(text: str, code: str, reason: str, state: GameState | None = None) -> None:
    result = check(state or fleet(), text)
    assert result.orders == ()
    errors = [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert [(d.code, d.message) for d in errors] == [
        (code, f"{reason}; action {' '.join(text.upper().split())} rejected")
    ]


# ---- rejections ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "reason"),
    [
        ("TO 1105 80-20", "GT230", "you have no ship 1105 (did you mean 1005?)"),
        ("DEFEND 1007", "GT231", "ship 1007 is under construction: it takes only SCRAP"),
        ("BUILD 99-15 FX A", "GT232", "99-15 is not one of your Production Systems"),
        ("MISSILES 10-54 5", "GT232", "10-54 is not one of your Production Systems"),
        (
            "RESEARCH 70-30 5",
            "GT232",
            "70-30 is not one of your Production Systems (did you mean 90-30?)",
        ),
        ("DOWNGRADE 85-23", "GT233", "85-23 is your Home System: it cannot be downgraded"),
        ("CAPITAL 85-23", "GT233", "85-23 is your Home System already"),
        ("BUILD 85-23 DDI Kirk", "GT234", "you have no design DDI (did you mean DD1?)"),
        ("DECLASSIFY XX", "GT234", "you have no design XX (did you mean FXX?)"),
        (
            "BUILD 90-30 DD1 Kirk",
            "GT235",
            "a DD1 costs 61 PI and 90-30 has 40 left",
        ),
        (
            "DECLASSIFY DD1",
            "GT238",
            "ships of design DD1 are still in your fleet: 1005, 1007, 1008",
        ),
        (
            "CLASSIFY BB Battleship 99P//1-1",
            "GT236",
            "SSD 99 is above 80, the largest ship at tech level 2 (your tech level is 2)",
        ),
        (
            "CLASSIFY FX Freighter /;;12/16-1",
            "GT237",
            "design code FX is in your table already: DECLASSIFY FX first",
        ),
        (
            "COMBAT 1001 1 1 1",
            "GT239",
            "ship 1001 is not under ATTACK orders (its orders: NONE): give it an ATTACK action "
            "before the COMBAT",
        ),
        (
            "STANDING 1004 1 1 1",
            "GT239",
            "ship 1004 is not under DEFEND orders (its orders: NONE): give the DEFEND action first",
        ),
        ("LOAD 1004 5 PI", "GT240", "ship 1004 has no cargo bays"),
        (
            "LOAD 1006 5 PI",
            "GT240",
            "99-15 has no PI to load (PI is loaded at your Production Systems)",
        ),
        (
            "UNLOAD 1006 5 PI",
            "GT241",
            "PI is unloaded only at your Production Systems: ship 1006 is at 99-15",
        ),
        ("UNLOAD 1001 5 PV", "GT240", "ship 1001's fleet carries none of it"),
        (
            "TRANSFER 1006 1001 5 PI",
            "GT242",
            "ship 1006 is at 99-15 and ship 1001 at 85-23: both must be in the same System",
        ),
        ("JOIN 1001 1005", "GT242", "ship 1005 is at 90-30, its flagship 1001 at 85-23"),
        (
            "ASSIGN 1001 1003",
            "GT243",
            "ship 1003 cannot go into ship 1001: the mother ship has no hangar bays",
        ),
        (
            "TOW 1003 1004 80-20",
            "GT244",
            "ship 1004 (SSD 10 before damage) is larger than ship 1003 (SSD 5)",
        ),
        (
            "TOW 1004 1002 80-20",
            "GT244",
            "ship 1002 (SSD 40 before damage) is larger than ship 1004 (SSD 10)",
        ),
        (
            "TO 1002 80-20",
            "GT245",
            "ship 1002 cannot move to 80-20: it has a platform, which never moves",
        ),
        (
            "ATTACK 1003 80-20",
            "GT245",
            "ship 1003 cannot move to 80-20: it has inertia drives "
            "only: it stays in its System unless towed or hangared",
        ),
        ("REFIT 1001", "GT246", "ship 1001's fleet is at your tech level (2) already"),
        ("REFIT 1008", "GT246", "ship 1008's fleet is at your tech level (2) already"),
        ("REPAIR 1001", "GT247", "no ship in ship 1001's fleet is damaged"),
        ("RELOAD 1001", "GT248", "the missile racks of ship 1001's fleet are full"),
        ("NAME 70-30 Eden", "GT250", "you do not own the System at 70-30"),
        ("COLONIZE 1001 70-30", "GT252", "70-30 must be CHARTed before it is colonized"),
        ("COLONIZE 1001 99-15", "GT252", "99-15 belongs to an empire already"),
        ("DEVELOP 1001 80-20", "GT252", "80-20 is not one of your Colonies"),
        ("DESTROY 1001 90-30", "GT252", "90-30 is your own System: use DOWNGRADE, not DESTROY"),
        ("COLONIZE 1001 50-50", "GT252", "there is no star System at 50-50"),
        (
            "DEVELOP 1006 99-15",
            "GT253",
            "DEVELOP needs 30 PI aboard ship 1006's fleet or loadable where it is: it has 5 aboard",
        ),
        (
            "SHUTTLE 1001 85-23 90-30",
            "GT254",
            "a shuttle run needs one of your Production Systems and a non-Production System",
        ),
        ("SHUTTLE 1001 85-23 50-50", "GT254", "there is no star System at 50-50"),
        ("JOIN 1001 1001 1004", "GT213", "ship 1001 is named twice in one JOIN"),
    ],
)
def test_rejections(text: str, code: str, reason: str) -> None:
    rejected(text, code, reason)


def test_a_hangared_ship_takes_no_order_of_its_own() -> None:
    result = check(fleet(), "ASSIGN 1004 1003", "TO 1003 80-20")
    assert said(result) == [
        (
            2,
            "GT251",
            "ship 1003 is in the hangar of ship 1004: DETACH it first; "
            "action TO 1003 80-20 rejected",
        )
    ]
    assert result.orders == (a.Assign(1004, (1003,)),)


def test_a_fleet_moves_only_if_every_ship_has_star_drives() -> None:
    result = check(fleet(), "JOIN 1001 1002", "TO 1001 80-20")
    assert [(line, code) for line, code, _ in said(result)] == [(2, "GT245")]
    assert "ship 1002 (joined to ship 1001) cannot move" in said(result)[0][2]


def test_a_platform_may_attack_where_it_is() -> None:
    assert said(check(fleet(), "ATTACK 1002 85-23")) == []


def test_capital_needs_150_pi_left_at_the_home_system_after_the_other_actions() -> None:
    result = check(fleet(), "CAPITAL 90-30", "MISSILES 85-23 400")
    assert said(result)[0][1] == "GT253"
    assert "which has 100 left after your other actions" in said(result)[0][2]
    assert said(check(fleet(), "CAPITAL 90-30", "MISSILES 85-23 350")) == []


def test_the_fifty_first_design_is_refused() -> None:
    state = fleet()
    lines = [f"CLASSIFY Q{n} Barge /;;{n}/1-1" for n in range(1, 38)]
    result = check(state, *lines)
    assert [d.code for d in result.diagnostics] == ["GT237"]
    assert (
        result.diagnostics[0].line == 38
    )  # the 37th action, after the header line: 14 + 36 designs
    assert "holds 50 designs" in result.diagnostics[0].message


def test_classify_of_a_rating_in_the_table_renames_that_design() -> None:
    result = check(fleet(), "CLASSIFY FT Fighter 4P/1;;/-16", "BUILD 85-23 FT Ace")
    assert [d.code for d in result.diagnostics] == ["GT410"]
    assert len(result.orders) == 2


def test_a_design_classified_in_the_file_can_be_built() -> None:
    result = check(fleet(), "BUILD 85-23 ZZ Zed", "CLASSIFY ZZ Zed 3P//11-1")
    assert said(result) == []


def test_declassify_after_scrap_is_still_refused_scrap_comes_after() -> None:
    result = check(fleet(), "SCRAP 1001", "DECLASSIFY FXX")
    assert [d.code for d in result.diagnostics] == ["GT238"]


def test_a_refused_action_still_says_whose_ships_it_names() -> None:
    result = check(fleet(), "LOAD 4444 0 PI")
    assert [d.code for d in result.diagnostics] == ["GT211", "GT230"]


def test_an_action_a_fact_refuses_uses_nothing() -> None:
    """MISSILES with a quantity of 0 (GT211) builds none of its 10 missiles either."""
    result = check(fleet(), "MISSILES 85-23 10 90-30 0", "LOAD 1001 10 MISS")
    assert [(d.line - 1, d.code) for d in result.diagnostics] == [(1, "GT211"), (2, "GT240")]
    assert result.orders == ()


def test_a_replaced_movement_action_is_neither_checked_nor_carried_out() -> None:
    result = check(fleet(), "TO 1002 80-20", "ATTACK 1002 85-23")
    assert [(d.line - 1, d.code) for d in result.diagnostics] == [(2, "GT405")]
    assert result.orders == (a.Attack(1002, L(85, 23)),)


def test_combat_after_attack_and_standing_after_defend() -> None:
    result = check(
        fleet(),
        "ATTACK 1004 80-20",
        "COMBAT 1004 1 1 1",
        "DEFEND 1008",
        "STANDING 1008 1 1 1",
    )
    assert said(result) == []
    assert [d.code for d in check(fleet(), "COMBAT 1004 1 1 1", "ATTACK 1004 80-20").diagnostics]
    [code] = [d.code for d in check(fleet(), "COMBAT 1004 1 1 1", "ATTACK 1004 80-20").diagnostics]
    assert code == "GT239"


def test_repair_refit_and_reload() -> None:
    state = fleet()
    result = check(state, "REPAIR 1008", "REFIT 1005", "RELOAD 1009")
    assert [d.code for d in result.diagnostics] == ["GT248"]  # no missiles at 90-30 yet
    result = check(state, "REPAIR 1008", "REFIT 1005")
    assert said(result) == []
    # REFIT 1005 costs SSD 10 x 1 level: 90-30 has 5 PI left after 35 missiles
    result = check(state, "MISSILES 90-30 35", "REFIT 1005")
    assert said(result) == [
        (2, "GT246", "ship 1005 needs 10 PI, 90-30 has 5; action REFIT 1005 rejected")
    ]


def test_a_fleet_refit_or_repair_says_which_ships_it_leaves_out() -> None:
    state = fleet()
    find(state, ALPHA, 1008).tech = 1
    ship(state, ALPHA, "FF1", "85-23", tech=1)
    result = check(state, "JOIN 1010 1008", "REFIT 1010")
    assert said(result) == [
        (
            2,
            "GT411",
            "ship 1008 is damaged: REPAIR it first: the REFIT of ship 1010's fleet leaves it out",
        )
    ]
    assert said(check(state, "JOIN 1010 1008", "REPAIR 1010", "REFIT 1010")) == []


def test_a_ship_whose_fleet_moves_away_is_not_refit() -> None:
    """REFIT is an [A] action, after the movement: a ship that leaves with its flagship's
    TO is not at the Production System any more, so its REFIT is rejected, not failed."""
    state = fleet()
    ship(state, ALPHA, "FF1", "85-23", tech=1)  # 1010
    result = check(state, "JOIN 1001 1010", "REFIT 1001 1010", "TO 1001 99-15")
    assert said(result)[0] == (
        2,
        "GT246",
        "ship 1010 leaves 85-23 with its fleet's movement; action REFIT 1001 1010 rejected",
    )
    assert [o.text() for o in result.orders] == ["JOIN 1001 1010", "TO 1001 99-15"]
    assert not [e for e in play(state, result.orders).events if isinstance(e, Failed)]


def test_reload_says_when_the_racks_are_not_filled() -> None:
    state = fleet()
    result = check(state, "MISSILES 90-30 3", "RELOAD 1009")
    assert said(result) == [
        (
            2,
            "GT412",
            "ship 1009 gets 3 of the 4 missiles its racks need: there are no more here nor in "
            "the fleet's cargo",
        )
    ]
    after = play(state, result.orders)
    assert find(after, ALPHA, 1009).missiles == 3


def test_scrapped_ships_are_gone_for_the_after_actions_after_it() -> None:
    result = check(fleet(), "SCRAP 1007", "SCRAP 1007")
    codes = [d.code for d in result.diagnostics]
    assert "GT230" not in codes  # the second SCRAP replaces the first (GT405)
    assert result.orders == (a.Scrap((1007,)),)


def test_an_earlier_movement_or_after_action_is_replaced_by_the_last() -> None:
    result = check(fleet(), "TO 1001 80-20 1004 80-20", "SCRAP 1001")
    assert result.orders == (a.To((a.ShipTo(1004, L(80, 20)),)), a.Scrap((1001,)))
    assert [d.code for d in result.diagnostics] == ["GT405"]


# ---- reductions ---------------------------------------------------------------------------


def test_missiles_as_many_as_possible() -> None:
    result = check(fleet(), "MISSILES 90-30 50")
    assert said(result) == [(1, "GT302", "90-30 has 40 PI: 40 missiles built, not 50")]
    assert result.orders == (a.Missiles((a.Stock(L(90, 30), 40),)),)


def test_research_reduced_to_the_pi_there() -> None:
    result = check(fleet(), "RESEARCH 90-30 30 90-30 30")
    assert said(result) == [
        (1, "GT303", "90-30 has 10 PI: 10 PI spent on research, not 30"),
    ]
    assert result.orders == (a.Research((a.Stock(L(90, 30), 30), a.Stock(L(90, 30), 10))),)
    rejected(
        "RESEARCH 90-30 50",
        "GT249",
        "90-30 has no PI left: nothing to spend on research",
        _spent(fleet()),
    )


def _spent(state: GameState) -> GameState:
    system(state, "90-30").pi = 0
    return state


def test_load_as_much_as_it_could() -> None:
    result = check(fleet(), "LOAD 1001 15 PI 10 PI")
    assert said(result) == [
        (1, "GT304", "ship 1001's fleet has 5 free cargo bays: 5 PI loaded, not 10")
    ]
    assert result.orders == (a.Load(1001, (a.Cargo(15, "PI"), a.Cargo(5, "PI"))),)
    state = fleet()
    ship(state, ALPHA, "FXXX", "99-15")
    result = check(state, "LOAD 1010 30 PV")
    assert said(result) == [(1, "GT305", "99-15 has 21 PV to load: 21 loaded, not 30")]


def test_load_pv_at_a_charted_system_of_no_empire() -> None:
    state = fleet()
    ship(state, ALPHA, "FXX", "80-20")
    result = check(state, "LOAD 1010 5 PV", "LOAD 1010 5 PV")
    assert said(result) == [(2, "GT305", "80-20 has 3 PV to load: 3 loaded, not 5")]
    after = play(state, result.orders)
    assert find(after, ALPHA, 1010).pv == 8


def test_a_second_item_with_nothing_to_load_is_dropped() -> None:
    result = check(fleet(), "LOAD 1001 5 PI 5 MISS")
    assert said(result) == [(1, "GT305", "85-23 has none of your missiles to load: none loaded")]
    assert result.orders == (a.Load(1001, (a.Cargo(5, "PI"),)),)


def test_unload_and_transfer_as_much_as_there_is() -> None:
    result = check(fleet(), "LOAD 1001 8 PI", "TRANSFER 1001 1004 3 PI", "UNLOAD 1001 9 PI")
    assert [code for _, code, _ in said(result)] == ["GT240", "GT306"]
    result = check(fleet(), "LOAD 1001 20 PI", "UNLOAD 1001 25 PI")
    assert said(result) == [(2, "GT306", "ship 1001's fleet carries 20 PI: 20 unloaded, not 25")]


def test_transfer_as_much_as_the_receiver_holds() -> None:
    state = fleet()
    ship(state, ALPHA, "FX", "85-23", pi=5)
    result = check(state, "LOAD 1001 10 PI", "TRANSFER 1001 1010 10 PI")
    assert said(result) == [
        (2, "GT307", "ship 1010 has 5 free cargo bays: 5 PI transferred, not 10")
    ]
    after = play(state, result.orders)
    assert (find(after, ALPHA, 1001).pi, find(after, ALPHA, 1010).pi) == (5, 10)


def test_build_aborts_the_remaining_builds_when_pi_runs_out() -> None:
    result = check(fleet(), "RESEARCH 85-23 400", "BUILD 85-23 DD1 Kirk Spock Bones")
    assert said(result) == [
        (
            2,
            "GT308",
            "85-23 has 100 PI left, 61 a DD1: 1 built, Spock Bones not (the remaining builds "
            "abort)",
        )
    ]
    assert result.orders[1] == a.Build(L(85, 23), "DD1", ("Kirk",))


def test_every_code_is_listed_and_numbered_by_kind() -> None:
    for code in CODES:
        assert code[:2] == "GT" and 100 <= int(code[2:]) < 500
        assert is_reduction(code) == code.startswith("GT3")


# ---- the book's ordering examples, from the file to the turn -----------------------------


def turn_of(state: GameState, *lines: str) -> tuple[FileCheck, GameState]:
    result = check(state, *lines)
    return result, play(state, result.orders)


def test_load_then_go_whatever_the_order_written() -> None:
    """LOAD 10 PI and GO: the LOAD happens first, at the star the ship is leaving."""
    for lines in (("GO 1001 80-20", "LOAD 1001 10 PI"), ("LOAD 1001 10 PI", "GO 1001 80-20")):
        result, after = turn_of(fleet(), *lines)
        assert [d.code for d in result.diagnostics] == (["GT401"])
        freighter = find(after, ALPHA, 1001)
        assert freighter.pi == 10
        assert freighter.location != (85, 23)
        assert system(after, "85-23").pi > 0


def test_missiles_then_load_works() -> None:
    result, after = turn_of(fleet(), "MISSILES 85-23 10", "LOAD 1001 10 MISSILES")
    assert said(result) == []
    assert find(after, ALPHA, 1001).cargo_missiles == 10
    assert system(after, "85-23").missiles.get(ALPHA, 0) == 0


def test_load_before_missiles_fails() -> None:
    """ "Your action fails, because there are no missiles to load at the time you issued
    the LOAD action"."""
    result, after = turn_of(fleet(), "LOAD 1001 10 MISSILES", "MISSILES 85-23 10")
    assert said(result) == [
        (
            1,
            "GT240",
            "85-23 has none of your missiles to load; action LOAD 1001 10 MISSILES rejected",
        )
    ]
    assert find(after, ALPHA, 1001).cargo_missiles == 0
    assert system(after, "85-23").missiles[ALPHA] == 10


def test_the_last_movement_or_after_action_is_the_one_the_turn_carries_out() -> None:
    """TO, then SCRAP: the ship is scrapped where it is, at its Home System, for PI."""
    result, after = turn_of(fleet(), "TO 1001 80-20", "SCRAP 1001")
    assert [d.code for d in result.diagnostics] == ["GT405"]
    assert all(s.id != 1001 for s in after.ships)
    scrapped = [e for e in after.events if isinstance(e, ShipEvent) and e.what == "scrapped"]
    assert [(e.ship, e.location) for e in scrapped] == [(1001, "85-23")]


def test_load_pv_then_go_loads_at_the_star_it_leaves() -> None:
    result, after = turn_of(fleet(), "GO 1006 80-20", "LOAD 1006 5 PV")
    assert [d.code for d in result.diagnostics] == ["GT401"]
    assert [e for e in after.events if isinstance(e, Cargo)][0].location == "99-15"


# ---- a rejected action replaces nothing -----------------------------------------------------

VALID = "COLONIZE 1001 80-20 Outpost1"  # 80-20 is charted and nobody's; 1001 loads 10 PI at home
UNCHARTED = "COLONIZE 1001 70-30 Elsewhere"  # 70-30 is a star ALPHA has not charted


def test_a_rejected_second_action_leaves_the_ship_its_first() -> None:
    """ACTION PRECEDENCE: "only one Movement [M] or After [A] action per ship/fleet per
    turn"; FLEETS: "In every case, the last action issued will be the one the
    fleet/sub-fleet executes". COLONIZE: "The system to be colonized must have been
    CHARTed first". A rejected action is never executed, so it replaces nothing: the
    ship keeps its COLONIZE of 80-20, and the messages say so."""
    result = check(fleet(), VALID, UNCHARTED)
    assert said(result) == [
        (
            2,
            "GT405",
            "ship 1001 already has the [M] or [A] action COLONIZE (line 2): only the last "
            "one accepted is carried out, this COLONIZE if it is",
        ),
        (
            2,
            "GT252",
            "70-30 must be CHARTed before it is colonized; action COLONIZE 1001 70-30 "
            "ELSEWHERE rejected: ship 1001 keeps its COLONIZE of line 2",
        ),
    ]
    assert result.orders == (a.Colonize(1001, L(80, 20), "Outpost1"),)
    assert result.orders == check(fleet(), VALID).orders


def test_a_rejected_second_action_changes_nothing_in_the_turn() -> None:
    """The turn with the rejected COLONIZE is the turn without it: 1001 leaves for 80-20
    with the 10 PI it loaded at home (it sat there doing nothing before)."""
    result, after = turn_of(fleet(), VALID, UNCHARTED)
    alone = turn_of(fleet(), VALID)[1]
    assert after.to_data() == alone.to_data()
    colonizer = find(after, ALPHA, 1001)
    assert (colonizer.mission.kind, colonizer.mission.name, colonizer.pi) == (
        "COLONIZE",
        "Outpost1",
        10,
    )


def test_an_earlier_rejected_action_does_not_keep_the_ship_from_the_last() -> None:
    """Rejected first, valid last: the last replaces it (and it is not checked). Three
    for one ship, the last rejected: the second is carried out."""
    result = check(fleet(), UNCHARTED, VALID)
    assert result.orders == (a.Colonize(1001, L(80, 20), "Outpost1"),)
    assert [d.code for d in result.diagnostics] == ["GT405"]
    result = check(fleet(), "TO 1001 90-30", VALID, UNCHARTED)
    assert result.orders == (a.Colonize(1001, L(80, 20), "Outpost1"),)
    assert said(result)[-1][2].endswith("rejected: ship 1001 keeps its COLONIZE of line 3")


def test_a_rejected_after_action_leaves_the_ship_its_movement() -> None:
    """An [A] action rejected (REFIT of a ship already at the empire's tech level) does
    not replace the [M] action before it: 1001 still goes to 80-20."""
    result, after = turn_of(fleet(), "TO 1001 80-20", "REFIT 1001")
    assert result.orders == (a.To((a.ShipTo(1001, L(80, 20)),)),)
    assert said(result)[-1] == (
        2,
        "GT246",
        "ship 1001's fleet is at your tech level (2) already; action REFIT 1001 rejected: "
        "ship 1001 keeps its TO of line 2",
    )
    assert after.to_data() == turn_of(fleet(), "TO 1001 80-20")[1].to_data()


def test_a_rejected_move_of_two_ships_gives_each_its_own_back() -> None:
    """A TO of two ships rejected whole (1002 is a platform, which "cannot move"):
    each ship keeps the action it had before, an [M] and an [A], and the rejection names
    both."""
    kept = ("TO 1001 80-20", "SCRAP 1002")
    result = check(fleet(), *kept, "TO 1001 90-30 1002 80-20")
    assert said(result)[-1] == (
        3,
        "GT245",
        "ship 1002 cannot move to 80-20: it has a platform, which never moves; action TO "
        "1001 90-30 1002 80-20 rejected: ship 1001 keeps its TO of line 2, ship 1002 keeps "
        "its SCRAP of line 3",
    )
    assert (
        result.orders
        == check(fleet(), *kept).orders
        == (
            a.To((a.ShipTo(1001, L(80, 20)),)),
            a.Scrap((1002,)),
        )
    )


# Lines the situation always rejects, each for the ship drawn: 70-30 is not charted, 80-20
# is no colony, 85-23 is ALPHA's own, 1002 is a platform (and a ship not ALPHA's, none).
REJECTED = (
    "COLONIZE {} 70-30 Elsewhere",
    "DEVELOP {} 80-20",
    "DESTROY {} 85-23",
    "TOW {} 1002 80-20",
)


# ---- properties ---------------------------------------------------------------------------

SHIPS = st.sampled_from([1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011])
PLACES = st.sampled_from(["85-23", "90-30", "99-15", "80-20", "70-30", "10-54"])
ITEMS = st.sampled_from(["PI", "PV", "MISS"])
AMOUNTS = st.integers(1, 600)
CODES_ = st.sampled_from(["DD1", "FX", "FXX", "SC1", "FT1", "ST1", "ZZ"])


@st.composite
def action_line(draw: st.DrawFn) -> str:
    s, t, p, n = draw(SHIPS), draw(SHIPS), draw(PLACES), draw(AMOUNTS)
    return draw(
        st.sampled_from(
            [
                f"LOAD {s} {n} {draw(ITEMS)}",
                f"LOAD {s} {n} {draw(ITEMS)} {draw(AMOUNTS)} {draw(ITEMS)}",
                f"UNLOAD {s} {n} {draw(ITEMS)}",
                f"TRANSFER {s} {t} {n} {draw(ITEMS)}",
                f"MISSILES {p} {n}",
                f"MISSILES {p} {n} {draw(PLACES)} {draw(AMOUNTS)}",
                f"RESEARCH {p} {n}",
                f"BUILD {p} {draw(CODES_)} A B C",
                f"BUILD {p} {draw(CODES_)} A",
                "CLASSIFY ZZ Zed 3P//11-1",
                f"DECLASSIFY {draw(CODES_)}",
                f"JOIN {s} {t}",
                f"DETACH {s}",
                f"ASSIGN {s} {t}",
                f"TO {s} {p}",
                f"TOW {s} {t} {p}",
                f"REPAIR {s}",
                f"REFIT {s}",
                f"RELOAD {s}",
                f"SCRAP {s}",
                f"DEFEND {s}",
                f"STANDING {s} 1 1 1",
                f"ATTACK {s} {p}",
                f"COMBAT {s} 1 1 1",
                f"DOWNGRADE {p}",
                f"CAPITAL {p}",
                f"COLONIZE {s} {p}",
                f"DEVELOP {s} {p}",
                f"NAME {p} Eden {s} Ship",
                f"UNLOAD {s} {n} MISS",
                f"CHART {s} {p}",
                f"SCOUT {s} {p} {draw(PLACES)}",
                f"SENTRY {s} {p} {draw(PLACES)}",
                f"SHUTTLE {s} {p} {draw(PLACES)}",
                f"PATROL {s} {t}",
                f"SECURE {s} {p}",
                f"DESTROY {s} {p}",
                f"TO {s} {p} {t} {draw(PLACES)}",
                f"REFIT {s} {t}",
            ]
        )
    )


FLEET = fleet()
find(FLEET, ALPHA, 1008).tech = 1  # damaged and behind: REFIT leaves it out until REPAIRed
ship(FLEET, ALPHA, "FF1", "85-23", tech=1)  # 1010
ship(FLEET, ALPHA, "FX", "80-20")  # 1011, at a charted System of no empire
# Cautions on actions carried out as written: the same actions get them again.
CAUTIONS = {"GT410", "GT411", "GT412"}


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(action_line(), max_size=20))
def test_reductions_are_final(lines: list[str]) -> None:
    """Writing back the accepted actions and checking them again: the same actions, and
    nothing more said of them."""
    first = check(FLEET, *lines)
    again = check(FLEET, *[o.text() for o in first.orders])
    others = [d.format() for d in again.diagnostics if d.code not in CAUTIONS]
    assert others == [], (lines, first.orders)
    cautions = [[d for d in c.diagnostics if d.code in CAUTIONS] for c in (first, again)]
    assert [(d.code, d.message) for d in cautions[0]] == [(d.code, d.message) for d in cautions[1]]
    assert again.orders == first.orders


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(action_line(), max_size=20))
def test_the_turn_carries_out_what_the_checker_accepted(lines: list[str]) -> None:
    """No accepted action fails or falls short in the turn (movement and combat aside)."""
    first = check(FLEET, *lines)
    after = play(FLEET, first.orders)
    trouble: list[Any] = [
        e
        for e in after.events
        if e.empire == ALPHA and isinstance(e, Failed | Short) and e.action not in MOVED
    ]
    assert trouble == [], (lines, first.orders)


# What happens on the way and at the goal is the turn's to say: the checker knows the start.
MOVED = {"TO", "ATTACK", "COLONIZE", "DEVELOP", "DESTROY", "CHART", "TOW", "SHUTTLE"}


def test_a_mistyped_ship_id_is_offered_every_equally_close_id() -> None:
    """Issue: `TO 1105` when 1005 exists suggested nothing, for ties between equally
    close IDs; GT230 now offers the close ones (galbatch-galactac(7), GT230)."""
    from galbatch.engine.text.suggest import did_you_mean, did_you_mean_one_of

    ids = ["1005", "1101", "1115", "2040"]
    assert did_you_mean("1105", ids) == ""  # a word's suggestion: never one of a tie
    assert did_you_mean_one_of("1105", ids) == " (did you mean 1005, 1101 or 1115?)"
    assert did_you_mean_one_of("1105", ["1005", "2040"]) == " (did you mean 1005?)"
    assert did_you_mean_one_of("1105", ["3000"]) == ""
    many = ["1005", "1101", "1115", "1205"]  # four as close: no guess at all
    assert did_you_mean_one_of("1105", many) == ""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(action_line(), max_size=12),
    SHIPS,
    st.sampled_from(REJECTED),
    st.integers(0, 12),
)
def test_a_rejected_line_leaves_the_turn_as_it_was(
    lines: list[str], number: int, bad: str, where: int
) -> None:
    """No input changes anything beyond what its valid actions do: a turn with a line the
    situation rejects, for any ship and anywhere in the file, is byte for byte the turn
    without it (the actions accepted and the state after the turn). (A later action for
    the ship replaces the line before it is checked; GT405 says so.)"""
    where = min(where, len(lines))
    bad = bad.format(number)
    with_bad = check(FLEET, *lines[:where], bad, *lines[where:])
    line = where + 2  # the header is line 1
    assert any(
        (d.line == line and d.severity is Severity.ERROR)
        or (d.line > line and d.code == "GT405" and f"(line {line})" in d.message)
        for d in with_bad.diagnostics
    )
    without = check(FLEET, *lines)
    assert with_bad.orders == without.orders, (lines, bad)
    turns = [json.dumps(play(FLEET, c.orders).to_data()) for c in (with_bad, without)]
    assert turns[0] == turns[1]
