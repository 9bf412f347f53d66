"""What a Galac-Tac empire learns of another's ships, and what it never does.

GATHERING INTELLIGENCE: "The only way to gather information about the other Empires
in the game is to use the ol' Mark 1 Eyeball"; the book then names what each look
gives: a SCOUT "the number of enemy ships in that System, the enemy fleet's total
SSD, and the size of the largest ship observed"; a Cease Fire "a report that lets
you know who you ran into"; an ATTACK "only its rough overall size"; the Combat
report "before and after status of each ship involved in the battle, both your own
and enemy vessels". Each test builds one situation and reads both empires' views and
printouts for what they show and, above all, what they must not.

BETA's ships here are of designs only BETA has (a carrier ZQ with ZF fighters in its
hangars), and BETA classifies ZN during the fortnight, so that a design code or a
rating of BETA's in ALPHA's report can only have leaked.
"""

from __future__ import annotations

import json

import pytest

from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.events import CeaseFire, CombatReport, ScoutReport, ScoutSpotted
from galbatch.rules.galactac.rating import format_rating, parse_rating
from galbatch.rules.galactac.state import Design, GameState, Mission
from galbatch.rules.galactac.view import build_view
from tests.galactac_world import ALPHA, BETA, events, loc, play, ship, world
from tests.test_galactac_printout import text
from tests.test_galactac_war import fought, sharp

CARRIER, FIGHTER, NEW = "5P/3;4;/12-12", "3P/2;;/-15", "7P/7;;/11-11"
SECRETS = (
    "ZQ",
    "ZF",
    "ZN",
    format_rating(parse_rating(CARRIER)),
    format_rating(parse_rating(FIGHTER)),
    format_rating(parse_rating(NEW)),
    "ZEDMOTHER",
    "ZEDWASP",
    "ZEDELSEWHERE",
)


def beta_fleet(state: GameState, where: str, orders: Mission | None = None) -> None:
    """BETA's carrier with two fighters in its hangars at `where`, and another of its
    ships far away at 20-60."""
    beta = state.empires[BETA]
    beta.designs += [
        Design(14, "ZQ", "Zed Carrier", parse_rating(CARRIER)),
        Design(15, "ZF", "Zed Fighter", parse_rating(FIGHTER)),
    ]
    carrier = ship(state, BETA, "ZQ", where, name="ZEDMOTHER", mission=orders or Mission())
    for _ in range(2):
        ship(state, BETA, "ZF", where, name="ZEDWASP", carrier=carrier.id)
    ship(state, BETA, "ZQ", "20-60", name="ZEDELSEWHERE")


CLASSIFY_NEW = a.Classify("ZN", "ZED NEW", NEW)  # BETA's design of this very fortnight


def reports(state: GameState, empire: str) -> tuple[str, str]:
    """The empire's view (as its view file holds it) and its printout."""
    view = build_view(state, empire)
    return json.dumps(view), text(view)


def hidden_from(view: str, printout: str) -> list[str]:
    """BETA's secrets that show in ALPHA's view or printout (none may)."""
    return [s for s in SECRETS if s in view or s in printout]


def test_a_scout_learns_the_number_the_total_ssd_and_the_largest_no_more() -> None:
    """SCOUT: "you will find out the number of enemy ships in that System, the enemy
    fleet's total SSD, and the size of the largest ship observed"; SCOUTING: "and which
    Empire owns the system"."""
    state = world()
    beta_fleet(state, "12-50")
    scout = ship(
        state, ALPHA, "SC1", "12-50", mission=Mission("SCOUT", loc("12-50"), (loc("12-50"),))
    )
    after = play(state, beta=[CLASSIFY_NEW])
    assert after.empires[BETA].design("ZN") is not None
    # the carrier 10 SSD (5P + 3 shields + 4 hangars at half an SSD), each fighter 5 SSD
    assert events(after, ScoutReport) == [ScoutReport(ALPHA, scout.id, "12-50", "BETA", 3, 20, 10)]
    view, printout = reports(after, ALPHA)
    assert f"SCOUT ship {scout.id} at 12-50 (BETA System): 3 enemy ships, 20 SSD in all, " in (
        printout
    )
    assert "12-50 BETA Colony System" in printout  # the system it saw
    assert hidden_from(view, printout) == []


def test_a_scout_nobody_caught_is_not_known_to_be_there() -> None:
    """EMPIRE RELATIONS: "if the enemy ship is a successful SCOUT, no combat will take
    place; you will simply not know it's there"."""
    state = world()
    beta_fleet(state, "12-50")
    ship(state, ALPHA, "SC1", "12-50", name="PEEPER", mission=Mission("SCOUT", loc("12-50")))
    view, printout = reports(play(state), BETA)
    assert "ALPHA" not in view and "ALPHA" not in printout
    assert "PEEPER" not in printout and "Under Attack!" not in printout


def test_ships_that_meet_without_combat_learn_only_who_they_ran_into() -> None:
    """EMPIRE RELATIONS: "If all the ships are in a non-hostile posture, this is called
    a Cease Fire and you will get a report that lets you know who you ran into"."""
    state = world()
    beta_fleet(state, "80-20")
    ship(state, ALPHA, "FX", "80-20", name="TRADER")
    after = play(state, beta=[CLASSIFY_NEW])
    assert events(after, CeaseFire) == [CeaseFire(ALPHA, "80-20", ("BETA",))]
    assert events(after, CeaseFire, BETA) == [CeaseFire(BETA, "80-20", ("ALPHA",))]
    view, printout = reports(after, ALPHA)
    assert "80-20: cease fire with BETA" in printout
    assert "Empires met (a diplomatic message needs one of these names): BETA" in printout
    assert hidden_from(view, printout) == []
    assert "ALIEN SIGHTINGS" not in printout  # 80-20 is nobody's
    beta_view, beta_printout = reports(after, BETA)
    told = json.dumps([e for e in build_view(after, BETA)["events"] if "ALPHA" in str(e)])
    assert "FX" not in told  # ALPHA's freighter: neither its design nor its rating
    freighter = after.empires[ALPHA].design("FX")
    assert freighter is not None and format_rating(freighter.rating) not in told
    assert "TRADER" not in beta_printout and "TRADER" not in beta_view


def test_ships_passing_in_deep_space_meet_nobody() -> None:
    """House rule: ships meet only in star systems, where a cease fire or a battle tells
    "who you ran into"; in deep space nobody learns another's name."""
    state = world()
    beta_fleet(state, "50-50")
    ship(state, ALPHA, "FX", "50-50")
    after = play(state)
    assert after.empires[ALPHA].known == [] and after.empires[BETA].known == []
    view, printout = reports(after, ALPHA)
    assert "BETA" not in view and "BETA" not in printout
    assert hidden_from(view, printout) == []


def test_an_own_system_reports_enemy_ships_as_a_scout_does() -> None:
    """SCOUTING: "a Colony/Production System will automatically give you a SCOUTing
    report whenever an enemy fleet is detected"; the status line then says "Under
    Attack!"."""
    state = world()
    beta_fleet(state, "99-15")
    after = play(state, beta=[CLASSIFY_NEW])
    assert events(after, ScoutReport) == [ScoutReport(ALPHA, 0, "99-15", "", 3, 20, 10)]
    view, printout = reports(after, ALPHA)
    assert "99-15: enemy ships detected: 3 enemy ships, 20 SSD in all, the largest 10 SSD" in (
        printout
    )
    assert any(
        line.startswith("99-15 ") and "Under Attack!" in line for line in printout.splitlines()
    )
    assert hidden_from(view, printout) == []


def test_a_combat_report_shows_every_ship_involved_and_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """COMBAT REPORT: "It will show before and after status of each ship involved in the
    battle, both your own and enemy vessels": the carrier and the fighters it deployed,
    by code and rating; not their names, not BETA's ship elsewhere, not its new design."""
    fought(monkeypatch, set())
    state = world()
    beta_fleet(state, "80-20", Mission("DEFEND"))
    ship(state, ALPHA, "DD1", "80-20", name="BRAVE")
    after = play(state, beta=[CLASSIFY_NEW])
    (combat,) = events(after, CombatReport)
    assert [(row[0], row[2]) for row in combat.ships] == [
        ("ALPHA", "DD1"),
        ("BETA", "ZQ"),
        ("BETA", "ZF"),
        ("BETA", "ZF"),
    ]
    view, printout = reports(after, ALPHA)
    report = printout.split("COMBAT REPORT")[1]
    shown = [s for s in SECRETS if s in report]
    involved = [
        "ZQ",
        "ZF",
        format_rating(parse_rating(CARRIER)),
        format_rating(parse_rating(FIGHTER)),
    ]
    assert shown == involved
    assert hidden_from(view, printout) == involved  # only what the Combat report shows
    beta_view, beta_printout = reports(after, BETA)
    assert "BRAVE" not in beta_printout and "BRAVE" not in beta_view  # names stay their own


def test_an_escaped_scout_is_known_by_owner_and_size_not_design() -> None:
    """SCOUTING: an escaped scout is "still detected by the PATROLS but they avoid being
    drawn into combat"; with no combat there is no Combat report to name its design
    (house rule: the patrol's empire learns whose it was and its size)."""
    state = world()
    sharp(ship(state, BETA, "DD1", "12-50", mission=Mission("PATROL")), 99)
    spy = ship(state, ALPHA, "SC1", "12-50", mission=Mission("SCOUT", loc("12-50")))
    sharp(spy, 100)  # a sure escape
    after = play(state)
    assert events(after, ScoutSpotted, BETA) == [ScoutSpotted(BETA, "12-50", "ALPHA", "", 1, True)]
    printout = reports(after, BETA)[1]
    assert "12-50: a scout of ALPHA detected (1 SSD): it escaped" in printout
    assert not [line for line in printout.splitlines() if "ALPHA" in line and "SC1" in line]
