"""Galac-Tac at war: scouting, cease fires, combat in the turn, called-off attacks,
DESTROY after combat, the end of the game and what each empire is told of it.

Every test runs on the small world of `tests/galactac_world.py` with fixed streams;
where a test needs a certain battle outcome it stands in a resolver that gives it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.job.run import process
from galbatch.print.page import layout, render_text
from galbatch.rules import get_ruleset
from galbatch.rules.galactac import battle, combat, scouting
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.battle_events import BattleResult
from galbatch.rules.galactac.battle_ships import ShipAfter, Targets
from galbatch.rules.galactac.events import (
    AttackAborted,
    CeaseFire,
    CombatReport,
    Failed,
    FleetMissing,
    GameOver,
    Landed,
    ScoutCaught,
    ScoutReport,
    ScoutSpotted,
    SystemChanged,
    event_from_data,
    event_to_data,
)
from galbatch.rules.galactac.galaxy import route_point
from galbatch.rules.galactac.house import WAR
from galbatch.rules.galactac.printout import gm_printout, player_printout
from galbatch.rules.galactac.progress import owing
from galbatch.rules.galactac.ruleset import RULESET
from galbatch.rules.galactac.setup import new_game
from galbatch.rules.galactac.state import GameState, Mission, Ship, System
from galbatch.rules.galactac.turn import Turn
from galbatch.rules.galactac.view import build_view
from tests.galactac_world import ALPHA, BETA, at, events, find, loc, play, ship, system, world
from tests.test_galactac_printout import CTX


def scouting_at(where: str) -> Mission:
    return Mission("SCOUT", goal=loc(where), route=(loc(where),))


def sharp(s: Ship, inertia: int) -> None:
    """Give a ship this many working inertia drives (a sure patrol, a sure escape)."""
    s.current = replace(s.current, inertia=inertia)


def fought(monkeypatch: pytest.MonkeyPatch, lost: set[tuple[str, int]]) -> list[Any]:
    """Stand in for the battle: the ships in `lost` are destroyed; the combatants each
    battle was given are recorded."""
    given: list[Any] = []

    def fight(combatants: Any, rng: Any, rounds: int = 10) -> BattleResult:
        given.append(list(combatants))
        after = tuple(
            ShipAfter(c.id, c.empire, c.current, c.missiles, 0, (c.empire, c.id) in lost)
            for c in combatants
        )
        return BattleResult(after, (), (), 10)

    monkeypatch.setattr(battle, "fight", fight)
    return given


# Scouting chances (house.WAR)


def test_a_patrol_finds_a_scout_at_1_percent_per_inertia_drive_and_per_scout_ssd() -> None:
    state = world()
    patrol = ship(state, BETA, "DD1", "12-50")  # 14 inertia drives
    scout = ship(state, ALPHA, "SC1", "12-50")  # 1 SSD, 1 inertia drive
    assert scouting.detect_chance(patrol, "PATROL", scout, 1) == 15
    assert scouting.detect_chance(patrol, "PATROL", scout, 40) == 54


def test_a_sentry_has_less_chance_and_the_scouts_inertia_drives_help_it_hide() -> None:
    state = world()
    sentry = ship(state, BETA, "DD1", "12-50")
    scout = ship(state, ALPHA, "SC1", "12-50")
    expected = 14 + 1 - WAR["sentry_penalty_percent"] - WAR["sentry_percent_per_scout_inertia"]
    assert scouting.detect_chance(sentry, "SENTRY", scout, 1) == expected
    sharp(scout, 30)
    assert scouting.detect_chance(sentry, "SENTRY", scout, 1) == 0


def test_a_platform_gets_no_chance_even_against_a_big_scout() -> None:
    state = world()
    platform = ship(state, BETA, "ST1", "12-50")
    scout = ship(state, ALPHA, "DD1", "12-50")
    assert scouting.detect_chance(platform, "PATROL", scout, 10) == 0


def test_a_scout_with_hangared_ships_is_as_big_as_all_of_them() -> None:
    state = world()
    carrier = ship(state, ALPHA, "CV1J", "12-50")
    for _ in range(2):
        ship(state, ALPHA, "FT1", "12-50", carrier=carrier.id)
    turn = Turn(state, Streams(1, 1))
    assert scouting.scout_ssd(turn, carrier) == 10 + 5 + 5


def test_escape_is_1_percent_per_inertia_drive() -> None:
    state = world()
    assert scouting.escape_chance(ship(state, ALPHA, "DD1", "12-50")) == 14


# Scouts in the turn


def test_an_undetected_scout_reports_and_takes_no_part(monkeypatch: pytest.MonkeyPatch) -> None:
    given = fought(monkeypatch, set())
    state = world()
    ship(state, BETA, "DD1", "12-50", mission=Mission("DEFEND"))
    ship(state, BETA, "ST1", "12-50", mission=Mission("PATROL"))  # a platform: no chance
    scout = ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50"))
    after = play(state)
    assert given == []  # no combat: the scout is not seen
    assert events(after, ScoutReport) == [ScoutReport(ALPHA, scout.id, "12-50", "BETA", 2, 50, 40)]
    assert events(after, ScoutCaught) == []
    assert not [e for e in after.events if e.empire == BETA and "ALPHA" in str(e)]
    assert find(after, ALPHA, scout.id).mission.kind == "SCOUT"
    seen = build_view(after, BETA)["seen"]
    assert not [s for place in seen for s in place["ships"] if s["empire"] == "ALPHA"]


def test_a_patrol_catches_a_scout_and_the_scout_is_drawn_into_combat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given = fought(monkeypatch, set())
    state = world()
    patrol = ship(state, BETA, "DD1", "12-50", mission=Mission("PATROL"))
    sharp(patrol, 99)
    scout = ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50"))
    sharp(scout, 0)  # it cannot run
    after = play(state)
    assert events(after, ScoutCaught) == [ScoutCaught(ALPHA, scout.id, "12-50", "BETA", False)]
    assert events(after, ScoutSpotted, BETA) == [
        ScoutSpotted(BETA, "12-50", "ALPHA", "SC1", 1, False)
    ]
    (combatants,) = given
    caught = [c for c in combatants if c.empire == ALPHA]
    assert [(c.id, c.order, c.caught) for c in caught] == [(scout.id, "SCOUT", True)]
    assert events(after, ScoutReport) == []  # a caught scout gives no report
    assert len(events(after, CombatReport)) == len(events(after, CombatReport, BETA)) == 1


def test_an_escaped_scout_gives_a_rough_report_and_leaves_scout_mode(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given = fought(monkeypatch, set())
    state = world()
    patrol = ship(state, BETA, "DD1", "12-50", mission=Mission("PATROL"))
    sharp(patrol, 99)
    ship(state, BETA, "ST1", "12-50")
    scout = ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50"))
    sharp(scout, 100)
    after = play(state)
    assert events(after, ScoutCaught) == [ScoutCaught(ALPHA, scout.id, "12-50", "BETA", True)]
    (report,) = events(after, ScoutReport)
    assert report.rough and report.ships == 0 and report.ssd == 50  # 50 SSD to the nearest 50
    assert find(after, ALPHA, scout.id).mission.kind == "NONE"
    assert given == []


def test_scouts_do_not_see_each_other() -> None:
    state = world()
    mine = ship(state, ALPHA, "SC1", "80-20", mission=scouting_at("80-20"))
    theirs = ship(state, BETA, "SC1", "80-20", mission=scouting_at("80-20"))
    after = play(state)
    assert events(after, ScoutReport) == [ScoutReport(ALPHA, mine.id, "80-20", "", 0, 0, 0)]
    assert events(after, ScoutReport, BETA) == [ScoutReport(BETA, theirs.id, "80-20", "", 0, 0, 0)]
    assert not [e for e in after.events if isinstance(e, CeaseFire)]


def test_each_scout_of_a_fleet_is_looked_for_on_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    fought(monkeypatch, set())
    state = world()
    ship(state, BETA, "DD1", "12-50", mission=Mission("PATROL"))
    lead = ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50"))
    second = ship(state, ALPHA, "SC1", "12-50", flagship=lead.id)
    sharp(second, 0)
    monkeypatch.setattr(
        scouting, "detect_chance", lambda searcher, order, s, size: 100 if s.id == second.id else 0
    )
    after = play(state)
    assert [e.ship for e in events(after, ScoutCaught)] == [second.id]
    assert find(after, ALPHA, second.id).flagship == 0  # split off from its fleet
    assert [e.ship for e in events(after, ScoutReport)] == [lead.id]


def test_a_system_reports_the_enemy_ships_it_sees() -> None:
    state = world()
    ship(state, BETA, "DD1", "99-15")
    after = play(state)
    assert ScoutReport(ALPHA, 0, "99-15", "", 1, 10, 10) in events(after, ScoutReport)


# Cease fire and combat


def meeting_point() -> str:
    """Where an SK1 (11 star drives) sent from 85-23 toward 10-54 stops after a turn."""
    y, x = route_point(loc("85-23"), loc("10-54"), 11)
    return f"{y:02d}-{x:02d}"


def test_a_cease_fire_cancels_last_actions_but_colonize_and_names_who_was_met() -> None:
    state = world()
    where = meeting_point()
    state.systems[loc(where)] = System(loc(where), 4)
    state.empires[BETA].charted = sorted([*state.empires[BETA].charted, loc(where)])
    runner = ship(state, ALPHA, "SK1", "85-23")
    settler = ship(state, BETA, "FX", where, pi=10, mission=Mission("COLONIZE", goal=loc(where)))
    after = play(state, [a.To((a.ShipTo(runner.id, at("10-54")),))])
    assert find(after, ALPHA, runner.id).location == loc(where)
    assert find(after, ALPHA, runner.id).mission.kind == "NONE"
    assert events(after, CeaseFire) == [CeaseFire(ALPHA, where, ("BETA",))]
    assert events(after, CeaseFire, BETA) == [CeaseFire(BETA, where, ("ALPHA",))]
    assert events(after, Landed, BETA)  # the colonizing goes on
    assert find(after, BETA, settler.id).mission.kind == "COLONIZE"


def test_an_intruders_colonize_is_cancelled_and_the_settlers_goes_on() -> None:
    """The book: "only the intruder's action will be cancelled". A colonizer arriving this
    fortnight where another empire's colonizer already works loses its order."""
    state = world()
    where = meeting_point()
    state.systems[loc(where)] = System(loc(where), 4)
    for empire in (ALPHA, BETA):
        state.empires[empire].charted = sorted([*state.empires[empire].charted, loc(where)])
    intruder = ship(state, ALPHA, "SK1", "85-23", pi=20)
    settler = ship(state, BETA, "FX", where, pi=10, mission=Mission("COLONIZE", goal=loc(where)))
    after = play(state, [a.Colonize(intruder.id, at(where))])
    assert find(after, ALPHA, intruder.id).location == loc(where)
    assert find(after, ALPHA, intruder.id).mission.kind == "NONE"
    assert find(after, BETA, settler.id).mission.kind == "COLONIZE"
    assert events(after, Landed, BETA) and not events(after, Landed)


def test_a_shuttle_arriving_at_its_stop_goes_on_with_its_run() -> None:
    """A shuttle's work is its run: arriving at a stop where another empire's ship sits,
    it is still engaged in SHUTTLE and keeps it; the meeting is reported."""
    state = world()
    where = meeting_point()
    state.systems[loc(where)] = System(loc(where), 4)
    y, x = loc(where)
    route = (loc(where), loc("85-23"))
    freighter = ship(
        state, ALPHA, "FX", f"{y + 1:02d}-{x:02d}", mission=Mission("SHUTTLE", loc(where), route)
    )
    ship(state, BETA, "FX", where)
    after = play(state)
    assert find(after, ALPHA, freighter.id).location == loc(where)
    assert find(after, ALPHA, freighter.id).mission.kind == "SHUTTLE"
    assert events(after, CeaseFire) == [CeaseFire(ALPHA, where, ("BETA",))]


def test_a_cease_fire_is_reported_once_not_every_fortnight() -> None:
    state = world()
    where = meeting_point()
    state.systems[loc(where)] = System(loc(where), 4)
    runner = ship(state, ALPHA, "SK1", "85-23")
    ship(state, BETA, "FX", where)
    met = play(state, [a.To((a.ShipTo(runner.id, at("10-54")),))])
    assert events(met, CeaseFire) == [CeaseFire(ALPHA, where, ("BETA",))]
    sitting = play(met)
    assert events(sitting, CeaseFire) == [] and events(sitting, CeaseFire, BETA) == []
    assert find(sitting, ALPHA, runner.id).location == loc(where)


def test_a_hostile_order_makes_combat_and_both_sides_get_the_combat_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given = fought(monkeypatch, set())
    state = world()
    defender = ship(state, ALPHA, "DD1", "80-20", mission=Mission("DEFEND"), combat=(1, 2, 0, 0))
    other = ship(state, BETA, "FX", "80-20")
    after = play(state)
    (combatants,) = given
    assert [(c.empire, c.id, c.order) for c in combatants] == [
        (ALPHA, defender.id, "DEFEND"),
        (BETA, other.id, "NONE"),
    ]
    assert combatants[0].targets == Targets(1, 2, 0, 0)
    (mine,) = events(after, CombatReport)
    assert [row[:3] for row in mine.ships] == [
        ("ALPHA", defender.id, "DD1"),
        ("BETA", other.id, "FX"),
    ]
    (theirs,) = events(after, CombatReport, BETA)
    assert [r[:3] + r[4:] for r in theirs.ships] == [r[:3] + r[4:] for r in mine.ships]


def test_a_combat_report_keeps_the_enemys_ship_names_secret(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fought(monkeypatch, set())
    state = world()
    ship(state, ALPHA, "DD1", "80-20", mission=Mission("DEFEND"), name="VALIANT")
    ship(state, BETA, "FX", "80-20", name="SECRET HAULER")
    after = play(state)
    (mine,) = events(after, CombatReport)
    (theirs,) = events(after, CombatReport, BETA)
    assert [r[3] for r in mine.ships] == ["VALIANT", ""]
    assert [r[3] for r in theirs.ships] == ["", "SECRET HAULER"]


def test_dead_men_tell_no_tales(monkeypatch: pytest.MonkeyPatch) -> None:
    state = world()
    defender = ship(state, ALPHA, "DD1", "80-20", mission=Mission("DEFEND"))
    lost = ship(state, BETA, "FX", "80-20")
    fought(monkeypatch, {(BETA, lost.id)})
    after = play(state)
    (mine,) = events(after, CombatReport)
    assert mine.ships[1][4:] == ("/;;10/20-1", "")  # before, and destroyed
    assert mine.ships[0][4] == mine.ships[0][5]
    assert events(after, CombatReport, BETA) == []
    assert events(after, FleetMissing, BETA) == [FleetMissing(BETA, "80-20", (lost.id,))]
    assert all(s.owner == ALPHA for s in after.ships)
    assert find(after, ALPHA, defender.id).mission.kind == "DEFEND"
    text = render_text(layout(player_printout(build_view(after, ALPHA), [], CTX)))
    assert "COMBAT REPORT" in text and "DESTROYED" in text
    theirs = render_text(layout(player_printout(build_view(after, BETA), [], CTX)))
    assert "COMBAT REPORT" not in theirs and "1 ship missing" in theirs


def test_a_combat_report_survives_the_state_round_trip() -> None:
    event = CombatReport(ALPHA, "80-20", (("ALPHA", 1001, "DD1", "X", "a", "b"),))
    assert event_from_data(json.loads(json.dumps(event_to_data(event)))) == event


def test_an_attack_over_max_ssd_is_called_off_and_the_enemy_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given = fought(monkeypatch, set())
    state = world()
    attacker = ship(state, ALPHA, "DD1", "20-60", mission=Mission("ATTACK", loc("20-60"), other=5))
    ship(state, BETA, "DD1", "20-60", mission=Mission("DEFEND"))
    after = play(state)
    (aborted,) = events(after, AttackAborted)
    assert aborted.ship == attacker.id and aborted.max_ssd == 5
    assert 10 * 75 // 100 <= aborted.estimate <= 10 * 125 // 100
    assert events(after, AttackAborted, BETA) == [AttackAborted(BETA, "20-60", 0, 0, 0, "ALPHA")]
    assert given == []
    kept = find(after, ALPHA, attacker.id)
    assert kept.location == loc("20-60") and kept.mission.kind == "NONE"


def test_an_attack_within_max_ssd_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    given = fought(monkeypatch, set())
    state = world()
    ship(state, ALPHA, "DD1", "20-60", mission=Mission("ATTACK", loc("20-60"), other=100))
    ship(state, BETA, "DD1", "20-60", mission=Mission("DEFEND"))
    after = play(state)
    assert events(after, AttackAborted) == [] and len(given) == 1


def test_the_attack_action_keeps_its_max_ssd() -> None:
    state = world()
    fleet = ship(state, ALPHA, "DD1", "85-23")
    after = play(state, [a.Attack(fleet.id, at("10-54"), 120)])
    assert find(after, ALPHA, fleet.id).mission == Mission("ATTACK", loc("10-54"), other=120)


def test_the_estimate_error_is_within_the_house_rule() -> None:
    state = world()
    turn = Turn(state, Streams(1, 1))
    scout = ship(state, ALPHA, "DD1", "20-60")
    error = WAR["attack_estimate_error_percent"]
    guess = combat.estimate(turn, loc("20-60"), 1000, scout)
    assert 1000 - 10 * error <= guess <= 1000 + 10 * error


# DESTROY after combat


def test_destroy_goes_on_beside_an_undetected_scout() -> None:
    state = world()
    ship(state, ALPHA, "DD1", "12-50", pi=20, mission=Mission("DESTROY", goal=loc("12-50")))
    ship(state, BETA, "SC1", "12-50", mission=scouting_at("12-50"))
    after = play(state)
    assert system(after, "12-50").owner is None
    assert SystemChanged(ALPHA, "12-50", "destroyed") in after.events


def test_destroy_is_aborted_by_an_enemy_ship_left_after_combat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given = fought(monkeypatch, set())
    state = world()
    ship(state, ALPHA, "DD1", "12-50", pi=20, mission=Mission("DESTROY", goal=loc("12-50")))
    ship(state, BETA, "FX", "12-50")
    after = play(state)
    assert len(given) == 1
    assert system(after, "12-50").owner == BETA
    assert [e.reason for e in events(after, Failed)] == ["enemy ships are present in the System"]


def test_destroy_works_once_combat_has_removed_every_enemy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = world()
    ship(state, ALPHA, "DD1", "12-50", pi=20, mission=Mission("DESTROY", goal=loc("12-50")))
    lost = ship(state, BETA, "FX", "12-50")
    fought(monkeypatch, {(BETA, lost.id)})
    after = play(state)
    assert system(after, "12-50").owner is None


def test_scouted_cargo_ships_destroy_on_the_turn_others_attack(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The book's TIP: ships SCOUTed in the fortnight before are given DESTROY on the
    turn another fleet ATTACKs; with every enemy gone after the combat, it works."""
    state = world()
    cargo = ship(state, ALPHA, "DD1", "12-50", pi=20, mission=scouting_at("12-50"))
    striker = ship(state, ALPHA, "DD1", "12-50")
    lost = ship(state, BETA, "FX", "12-50")
    given = fought(monkeypatch, {(BETA, lost.id)})
    orders = [
        a.Destroy((a.ShipTo(cargo.id, at("12-50")),)),
        a.Attack(striker.id, at("12-50"), 0),
    ]
    after = play(state, orders)
    assert len(given) == 1
    assert system(after, "12-50").owner is None
    assert SystemChanged(ALPHA, "12-50", "destroyed") in after.events


def test_destroy_lands_nothing_on_the_turn_it_arrives() -> None:
    """DESTROY moves to the System first and lands PI from the next turn on: control
    of the System is judged once the ship is there (and combat is over)."""
    state = world()
    raider = ship(state, ALPHA, "DD1", "20-50", pi=20)
    arrived = play(state, [a.Destroy((a.ShipTo(raider.id, at("12-50")),))])
    assert find(arrived, ALPHA, raider.id).location == loc("12-50")
    assert system(arrived, "12-50").owner == BETA
    assert find(arrived, ALPHA, raider.id).mission.kind == "DESTROY"
    assert system(play(arrived), "12-50").owner is None


# The end of the game


def home_destroyed() -> GameState:
    state = world()
    ship(
        state,
        ALPHA,
        "DD1",
        "10-54",
        pi=20,
        mission=Mission("DESTROY", goal=loc("10-54"), landed=1),
    )
    return play(state)


def test_the_last_empire_standing_wins() -> None:
    after = home_destroyed()
    assert after.empires[BETA].home is None
    assert after.finished and after.winner == ALPHA
    assert events(after, GameOver) == [GameOver(ALPHA, "ALPHA", "last empire")]
    assert events(after, GameOver, BETA) == [GameOver(BETA, "ALPHA", "last empire")]
    assert owing(after) == [] and RULESET.finished(after)
    assert all(s.owner == ALPHA for s in after.ships)  # the enemy's fleets vanish


def test_the_masters_return_and_the_highest_valuation_wins() -> None:
    state = world(turn=89)
    system(state, "85-23").pi = 5_000
    after = play(state)
    assert after.turn == after.masters_return == 90
    assert after.finished and after.winner == ALPHA
    assert events(after, GameOver, BETA) == [GameOver(BETA, "ALPHA", "masters")]


def test_the_game_goes_on_before_the_masters_return() -> None:
    after = play(world(turn=88))
    assert not after.finished and after.winner is None
    assert events(after, GameOver) == []


def test_every_printout_names_the_winner() -> None:
    state = world(turn=89)
    system(state, "85-23").pi = 5_000
    after = play(state)
    for empire in (ALPHA, BETA):
        text = render_text(layout(player_printout(build_view(after, empire), [], CTX)))
        first = text.split("\f")[0]
        assert (
            "The Masters have returned: the game is over, the winner is the ALPHA Empire." in first
        )
    gm = render_text(layout(gm_printout(after, CTX)))
    assert "The game has ended. Winner: ALPHA" in gm


def test_the_masters_return_turn_stays_secret() -> None:
    after = play(world(turn=5))
    for empire in (ALPHA, BETA):
        view = build_view(after, empire)
        assert "masters" not in json.dumps(view).lower()
        assert "90" not in json.dumps(view["empire"])


# A scripted war, with the real battle: snapshots of both empires' reports


def war() -> list[GameState]:
    """Four fortnights: a patrol catches a scout, an attack is called off, a carrier
    battle, and BETA's Home System destroyed (which ends the game)."""
    state = world()
    patrol = ship(state, BETA, "DD1", "12-50", mission=Mission("PATROL"))
    sharp(patrol, 40)
    ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50"), name="PRYING EYE")
    sharp(ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50")), 0)
    ship(state, BETA, "DD1", "20-60", mission=Mission("DEFEND"), name="GATEKEEPER")
    first = play(state)
    raid = ship(first, ALPHA, "DD1", "12-50", name="RAIDER")
    second = play(first, [a.Attack(raid.id, at("20-60"), 5)])
    carrier = ship(second, ALPHA, "CV1J", "10-54", name="FLATTOP")
    for n in range(4):
        ship(second, ALPHA, "FT1", "10-54", carrier=carrier.id, name=f"WING {n + 1}")
    ship(second, BETA, "FF1", "10-54", mission=Mission("DEFEND"), name="HOME GUARD")
    third = play(second, [a.Secure((a.ShipTo(carrier.id, at("10-54")),))])
    bomber = ship(third, ALPHA, "FXXX", "10-54", pi=30, name="DEMOLISHER")
    fourth = play(third, [a.Destroy((a.ShipTo(bomber.id, at("10-54")),))])
    return [first, second, third, fourth, play(fourth)]


@pytest.fixture(scope="module")
def war_turns() -> list[GameState]:
    return war()


def report_text(state: GameState, empire: str) -> str:
    """The empire's printout up to its fleet listing: the summary and any Combat report."""
    text = render_text(layout(player_printout(build_view(state, empire), [], CTX)))
    pages = text.split("\f")
    return "\f".join(p for p in pages if "ACTION SUMMARY" in p or "COMBAT REPORT" in p)


def test_the_scripted_war_is_the_same_every_time(war_turns: list[GameState]) -> None:
    again = war()
    assert [s.to_data() for s in again] == [s.to_data() for s in war_turns]


def test_snapshot_scripted_war(war_turns: list[GameState], snapshot: Any) -> None:
    texts = {
        f"turn {s.turn} empire {e}": report_text(s, e) for s in war_turns for e in (ALPHA, BETA)
    }
    assert texts == snapshot


def test_the_scripted_war_ends_with_alpha_the_winner(war_turns: list[GameState]) -> None:
    last = war_turns[-1]
    assert last.finished and last.winner == ALPHA


@pytest.mark.slow
def test_process_refuses_a_game_that_has_ended(tmp_path: Path) -> None:
    infos = [PlayerInfo(str(i), f"EMPIRE {i}", 1000 + i) for i in (1, 2)]
    state = new_game(1313, infos, {"min_players": 2})
    state.over, state.winner = True, "1"
    game = tmp_path / "ended"
    install_game(game, get_ruleset("galactac"), state, infos, ["pw1", "pw2"], game_id="END", seed=1)
    result = process(game, pdf=False)
    assert result.rc >= 8
    assert "has ended" in result.log
    assert not (game / "turns" / "001").exists()


def test_an_attack_shows_its_max_ssd_on_the_fleet_report() -> None:
    state = world()
    fleet = ship(state, ALPHA, "DD1", "85-23", name="RAIDER")
    after = play(state, [a.Attack(fleet.id, at("10-54"), 120)])
    text = render_text(layout(player_printout(build_view(after, ALPHA), [], CTX)))
    assert "ATTACK 10-54 120" in text


def test_scouting_and_combat_reports_keep_each_side_s_secrets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fought(monkeypatch, set())
    state = world()
    patrol = ship(state, BETA, "DD1", "12-50", mission=Mission("PATROL"), name="WATCHER")
    sharp(patrol, 99)
    caught = ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50"), name="NOSY")
    sharp(caught, 0)
    hidden = ship(state, ALPHA, "SC1", "20-60", mission=scouting_at("20-60"), name="QUIET")
    ship(state, BETA, "FX", "20-60", name="HAULER")
    after = play(state)
    beta = json.dumps(build_view(after, BETA))
    assert "NOSY" not in beta and "QUIET" not in beta
    assert '"20-60", "owner": "ALPHA"' not in beta
    assert not [
        e for e in after.events if e.empire == BETA and "20-60" in str(e) and "ALPHA" in str(e)
    ]
    alpha = json.dumps(build_view(after, ALPHA))
    assert "WATCHER" not in alpha and "HAULER" not in alpha
    assert ScoutReport(ALPHA, hidden.id, "20-60", "BETA", 1, 2, 2) in events(after, ScoutReport)


def test_an_undetected_scout_does_not_stop_charting() -> None:
    state = world()
    charter = ship(state, ALPHA, "SC1", "70-30", mission=Mission("CHART", goal=loc("70-30")))
    ship(state, BETA, "SC1", "70-30", mission=scouting_at("70-30"))
    after = play(state)
    assert loc("70-30") in after.empires[ALPHA].charted
    assert find(after, ALPHA, charter.id).mission.kind == "NONE"


def test_an_escaped_scout_is_detected_and_aborts_a_destroy() -> None:
    state = world()
    ship(state, ALPHA, "DD1", "12-50", pi=20, mission=Mission("DESTROY", goal=loc("12-50")))
    sharp(ship(state, ALPHA, "DD1", "12-50", mission=Mission("PATROL")), 99)
    sharp(ship(state, BETA, "SC1", "12-50", mission=scouting_at("12-50")), 100)
    after = play(state)
    assert [e.escaped for e in events(after, ScoutCaught, BETA)] == [True]
    assert events(after, CombatReport) == []
    assert system(after, "12-50").owner == BETA
    assert [e.reason for e in events(after, Failed)] == ["enemy ships are present in the System"]


def test_hangared_ships_on_patrol_search_too() -> None:
    state = world()
    carrier = ship(state, BETA, "CV1J", "12-50", mission=Mission("PATROL"))
    sharp(carrier, 0)  # no chance of its own, like a platform
    sharp(ship(state, BETA, "FT1", "12-50", carrier=carrier.id), 99)
    sharp(ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50")), 0)
    after = play(state)
    assert [e.escaped for e in events(after, ScoutCaught)] == [False]


def test_a_sentry_on_its_round_catches_a_scout() -> None:
    state = world()
    route = (loc("12-50"), loc("20-60"))
    sentry = ship(state, BETA, "DD1", "20-60", mission=Mission("SENTRY", loc("20-60"), route, 1))
    sharp(sentry, 99)
    sharp(ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50")), 0)
    after = play(state)
    assert find(after, BETA, sentry.id).location == loc("12-50")
    assert events(after, ScoutSpotted, BETA) == [
        ScoutSpotted(BETA, "12-50", "ALPHA", "SC1", 1, False)
    ]


def test_two_scouts_caught_together_are_one_line_with_their_count(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PATROLS: "each scout ship will be treated separately when determining whether they
    are detected": two scouts of one design caught at once are two events, which the
    report prints once, counted, rather than as the same line twice."""
    fought(monkeypatch, set())
    state = world()
    sharp(ship(state, BETA, "DD1", "12-50", mission=Mission("PATROL")), 99)
    for _ in range(2):
        sharp(ship(state, ALPHA, "SC1", "12-50", mission=scouting_at("12-50")), 0)
    after = play(state)
    assert len(events(after, ScoutSpotted, BETA)) == 2
    line = "12-50: a scout of ALPHA detected (SC1, 1 SSD): engaged"
    for text in (report_text(after, BETA), render_text(layout(gm_printout(after, CTX)))):
        assert text.count(line) == 1
        assert f"{line} (2 times)" in text
    lines = report_text(after, BETA).splitlines()
    repeated = [a for a, b in zip(lines, lines[1:], strict=False) if a == b and a.strip()]
    assert repeated == []
