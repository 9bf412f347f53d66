"""Galac-Tac's movement: king moves on the map, fleets at their slowest ship, over-extended
moves, platforms, TOW, the last [M] action, SHUTTLE's three worked examples, CHART,
and the fleet actions JOIN, DETACH and ASSIGN."""

from __future__ import annotations

from typing import Any

import pytest
from galactac_world import ALPHA, BETA, at, events, find, loc, play, ship, system, world

from galbatch.rules.galactac import battle
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.battle_events import BattleResult
from galbatch.rules.galactac.battle_ships import ShipAfter
from galbatch.rules.galactac.events import CeaseFire, Charted, CombatReport, Failed
from galbatch.rules.galactac.galaxy import (
    distance,
    location_text,
    on_map,
    parse_location,
    route_point,
)
from galbatch.rules.galactac.state import GameState, Mission


def to(ship_id: int, where: str) -> a.To:
    return a.To((a.ShipTo(ship_id, at(where)),))


def shuttle(ship_id: int, *stops: str) -> a.Shuttle:
    return a.Shuttle(ship_id, tuple(at(s) for s in stops))


# The map


def test_locations_read_down_then_across() -> None:
    assert parse_location("05-27") == (5, 27)
    assert location_text((5, 27)) == "05-27"
    assert on_map((0, 0)) and on_map((99, 99)) and not on_map((100, 5))


def test_distance_in_king_moves() -> None:
    assert distance(loc("85-23"), loc("99-15")) == 14
    assert distance(loc("00-00"), loc("99-99")) == 99
    assert distance(loc("10-10"), loc("11-11")) == 1


def test_route_is_the_shortest_straight_one() -> None:
    start, goal = loc("00-00"), loc("30-15")
    points = [route_point(start, goal, n) for n in range(31)]
    assert points[0] == start and points[30] == goal
    assert all(distance(p, q) == 1 for p, q in zip(points, points[1:], strict=False))
    assert points[10] == (10, 5)  # on the line
    assert route_point(start, goal, 99) == goal


# Star drives


def test_one_drive_one_square() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")  # 19 star drives
    after = play(state, [to(scout.id, "50-23")])
    assert find(after, ALPHA, scout.id).location == loc("66-23")
    assert find(after, ALPHA, scout.id).mission.kind == "TO"


def test_over_extended_move_continues_next_turn() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")
    turn1 = play(state, [to(scout.id, "10-54")])
    turn2 = play(turn1)
    turn3 = play(turn2)
    turn4 = play(turn3)
    places = [find(s, ALPHA, scout.id).location for s in (turn1, turn2, turn3, turn4)]
    assert [distance(loc("10-54"), p) for p in places] == [75 - 19, 75 - 38, 75 - 57, 0]
    assert find(turn4, ALPHA, scout.id).mission.kind == "NONE"


def test_fleet_moves_at_its_slowest_ship() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")  # 19
    dd = ship(state, ALPHA, "DD1", "85-23", flagship=scout.id)  # 14
    after = play(state, [to(scout.id, "50-23")])
    assert find(after, ALPHA, scout.id).location == loc("71-23")
    assert find(after, ALPHA, dd.id).location == loc("71-23")


def test_damaged_engines_slow_the_fleet() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")
    dd = ship(state, ALPHA, "DD1", "85-23", flagship=scout.id)
    dd.current = dd.current.__class__(p_types=6, shields=4, star=2, inertia=14)
    after = play(state, [to(scout.id, "50-23")])
    assert find(after, ALPHA, scout.id).location == loc("83-23")


def test_platforms_never_move() -> None:
    state = world()
    station = ship(state, ALPHA, "ST1", "85-23")
    after = play(state, [to(station.id, "80-20")])
    assert find(after, ALPHA, station.id).location == loc("85-23")
    assert events(after, Failed)


def test_inertia_only_ships_stay_unless_hangared() -> None:
    state = world()
    fighter = ship(state, ALPHA, "FT1", "85-23")
    carrier = ship(state, ALPHA, "CV1J", "85-23")
    passenger = ship(state, ALPHA, "FT1", "85-23", carrier=carrier.id)
    after = play(state, [to(fighter.id, "80-20"), to(carrier.id, "80-20")])
    assert find(after, ALPHA, fighter.id).location == loc("85-23")
    assert find(after, ALPHA, carrier.id).location == loc("80-20")
    assert find(after, ALPHA, passenger.id).location == loc("80-20")


def test_a_fleet_with_an_inertia_only_ship_cannot_leave() -> None:
    state = world()
    dd = ship(state, ALPHA, "DD1", "85-23")
    ship(state, ALPHA, "FT1", "85-23", flagship=dd.id)
    after = play(state, [to(dd.id, "80-20")])
    assert find(after, ALPHA, dd.id).location == loc("85-23")


def test_the_last_movement_action_wins() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")
    after = play(state, [to(scout.id, "99-15"), a.Chart((a.ShipTo(scout.id, at("80-20")),))])
    assert find(after, ALPHA, scout.id).location == loc("80-20")


def test_movement_happens_after_before_actions() -> None:
    """The book: GO then LOAD PV loads at the star the ship is leaving."""
    state = world()
    fx = ship(state, ALPHA, "FX", "80-20")
    after = play(state, [to(fx.id, "99-15"), a.Load(fx.id, (a.Cargo(10, "PV"),))])
    assert find(after, ALPHA, fx.id).pv == 8  # 80-20's, not 99-15's 21
    assert find(after, ALPHA, fx.id).location == loc("99-15")


# TOW


def test_tow_at_half_speed() -> None:
    state = world()
    dd = ship(state, ALPHA, "DD1", "85-23")  # 14 star drives, SSD 10
    hulk = ship(state, ALPHA, "FF1", "85-23")  # SSD 5
    hulk.current = hulk.current.__class__(p_types=3, shields=2)  # no drives left
    after = play(state, [a.Tow(dd.id, hulk.id, at("60-23"))])
    assert find(after, ALPHA, dd.id).location == loc("78-23")
    assert find(after, ALPHA, hulk.id).location == loc("78-23")


def test_tow_only_what_is_not_larger() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")  # SSD 2
    dd = ship(state, ALPHA, "DD1", "85-23")  # SSD 10
    after = play(state, [a.Tow(fx.id, dd.id, at("60-23"))])
    assert find(after, ALPHA, dd.id).location == loc("85-23")
    assert events(after, Failed)


def test_tow_moves_an_inertia_only_ship() -> None:
    state = world()
    dd = ship(state, ALPHA, "DD1", "85-23")
    fighter = ship(state, ALPHA, "FT1", "85-23")
    turn1 = play(state, [a.Tow(dd.id, fighter.id, at("80-23"))])
    assert find(turn1, ALPHA, fighter.id).location == loc("80-23")
    assert find(turn1, ALPHA, dd.id).mission.kind == "NONE"  # done once completed


# SHUTTLE: the book's three examples, production 85-23, colony 99-15, ship at 85-23


def shuttle_run(*stops: str, turns: int) -> list[tuple[str, int]]:
    """Where the freighter is and what PV it carries after each turn."""
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    seen = []
    state = play(state, [shuttle(fx.id, *stops)])
    for _ in range(turns):
        moved = find(state, ALPHA, fx.id)
        seen.append((location_text(moved.location), moved.pv))
        state = play(state)
    return seen


def test_shuttle_example_1_sits_idle_first() -> None:
    """SHUTTLE 2201 85-23 99-15: idle a fortnight, to 99-15, load PV, to 85-23, unload..."""
    assert shuttle_run("85-23", "99-15", turns=5) == [
        ("85-23", 0),  # sits idle
        ("99-15", 0),  # moves to 99-15
        ("85-23", 10),  # loads PV (21 there, 10 bays) and moves to 85-23
        ("99-15", 0),  # unloads and moves back
        ("85-23", 10),
    ]


def test_shuttle_example_2() -> None:
    """SHUTTLE 2201 99-15 85-23: to 99-15 this fortnight, load, to 85-23, unload, back."""
    assert shuttle_run("99-15", "85-23", turns=4) == [
        ("99-15", 0),
        ("85-23", 10),
        ("99-15", 0),
        ("85-23", 10),
    ]


def test_shuttle_example_3_loads_twice() -> None:
    """SHUTTLE 2201 99-15 99-15 85-23: loads at 99-15 two fortnights running."""
    state = world()
    fxx = ship(state, ALPHA, "FXXX", "85-23")  # 30 bays: room for two loads of 21
    state = play(state, [shuttle(fxx.id, "99-15", "99-15", "85-23")])
    seen = []
    for _ in range(5):
        moved = find(state, ALPHA, fxx.id)
        seen.append((location_text(moved.location), moved.pv))
        state = play(state)
    assert seen == [
        ("99-15", 0),  # moves to 99-15
        ("99-15", 21),  # loads and remains
        ("85-23", 30),  # loads again (as much as the bays hold), moves to 85-23
        ("99-15", 0),  # unloads, back to 99-15
        ("99-15", 21),
    ]


def test_shuttled_pv_becomes_pi() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "99-15")
    state = play(state, [shuttle(fx.id, "99-15", "85-23")])  # arrives at its stop
    state = play(state)  # loads 10 at 99-15, moves to 85-23
    before = system(state, "85-23").pi
    state = play(state)  # unloads 10 PV, converted at the end of the fortnight
    assert system(state, "85-23").pi == before + 100 + 10


def test_shuttle_needs_a_production_and_another_system() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    after = play(state, [shuttle(fx.id, "99-15", "80-20")])
    assert events(after, Failed) and find(after, ALPHA, fx.id).mission.kind == "NONE"


# CHART


def test_chart_at_the_end_of_the_turn() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")
    after = play(state, [a.Chart((a.ShipTo(scout.id, at("70-30")),))])
    assert loc("70-30") in after.empires[ALPHA].charted
    assert events(after, Charted) == [Charted(ALPHA, scout.id, "70-30", 5)]


def test_a_cease_fire_cancels_a_chart() -> None:
    """A non-hostile enemy in the system: the cease fire cancels CHART to NONE (the
    book keeps only COLONIZE, DEVELOP and SHUTTLE) and nothing is charted."""
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")
    ship(state, BETA, "SK1", "70-30")
    after = play(state, [a.Chart((a.ShipTo(scout.id, at("70-30")),))])
    assert find(after, ALPHA, scout.id).location == loc("70-30")
    assert loc("70-30") not in after.empires[ALPHA].charted
    assert find(after, ALPHA, scout.id).mission.kind == "NONE"
    assert events(after, CeaseFire) == [CeaseFire(ALPHA, "70-30", ("BETA",))]


def test_chart_fails_while_combat_leaves_an_enemy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A battle that leaves an enemy ship: the CHART ship does not chart and keeps
    trying (house rule: CHART charts once no enemy is present)."""

    def fight(combatants: Any, rng: Any, rounds: int = 10) -> BattleResult:
        after = tuple(
            ShipAfter(c.id, c.empire, c.current, c.missiles, 0, False) for c in combatants
        )
        return BattleResult(after, (), (), rounds)

    monkeypatch.setattr(battle, "fight", fight)
    state = world()
    scout = ship(state, ALPHA, "SC1", "70-30", mission=Mission("CHART", goal=loc("70-30")))
    ship(state, BETA, "SK1", "70-30", mission=Mission("DEFEND"))
    after = play(state)
    assert events(after, CombatReport)
    assert loc("70-30") not in after.empires[ALPHA].charted
    assert find(after, ALPHA, scout.id).mission.kind == "CHART"


def test_chart_needs_to_end_the_turn_there() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "99-99")
    after = play(state, [a.Chart((a.ShipTo(scout.id, at("70-30")),))])
    assert loc("70-30") not in after.empires[ALPHA].charted


# JOIN, DETACH, ASSIGN


def fleet_state() -> tuple[GameState, int, int, int, int]:
    """A main flagship 1, a sub-fleet flagship 2 joined to it, and 3, 4 joined to 2."""
    state = world()
    main = ship(state, ALPHA, "DD1", "85-23")
    sub = ship(state, ALPHA, "DD1", "85-23", flagship=main.id)
    x = ship(state, ALPHA, "DD1", "85-23", flagship=sub.id)
    y = ship(state, ALPHA, "DD1", "85-23", flagship=sub.id)
    return state, main.id, sub.id, x.id, y.id


def test_join_makes_a_fleet_that_moves_together() -> None:
    state = world()
    dd1 = ship(state, ALPHA, "DD1", "85-23")
    dd2 = ship(state, ALPHA, "DD1", "85-23")
    after = play(state, [a.Join(dd1.id, (dd2.id,)), to(dd1.id, "80-20")])
    assert find(after, ALPHA, dd2.id).location == loc("80-20")


def test_join_needs_the_same_place() -> None:
    state = world()
    dd1 = ship(state, ALPHA, "DD1", "85-23")
    dd2 = ship(state, ALPHA, "DD1", "80-20")
    after = play(state, [a.Join(dd1.id, (dd2.id,))])
    assert find(after, ALPHA, dd2.id).flagship == 0


def test_sub_fleet_separates_on_a_movement_action() -> None:
    state, main, sub, x, y = fleet_state()
    after = play(state, [to(main, "80-20"), to(sub, "99-15")])
    assert find(after, ALPHA, main).location == loc("80-20")
    assert {find(after, ALPHA, s).location for s in (sub, x, y)} == {loc("99-15")}
    assert find(after, ALPHA, sub).flagship == 0


def test_detach_a_sub_fleet_flagship_keeps_its_ships_in_the_fleet() -> None:
    state, main, sub, x, y = fleet_state()
    after = play(state, [a.Detach((sub,)), to(main, "80-20")])
    assert find(after, ALPHA, sub).location == loc("85-23")
    assert find(after, ALPHA, x).flagship == main and find(after, ALPHA, y).flagship == main
    assert find(after, ALPHA, x).location == loc("80-20")


def test_detach_the_main_flagship_breaks_up_the_fleet() -> None:
    state, main, sub, x, y = fleet_state()
    state = play(state, [to(main, "50-23")])  # over-extended: still under way
    after = play(state, [a.Detach((main,))])
    assert find(after, ALPHA, main).mission.kind == "NONE"
    assert find(after, ALPHA, sub).mission.kind == "TO"  # keeps the fleet's last order
    assert find(after, ALPHA, sub).location != find(after, ALPHA, main).location


def test_assign_to_hangars_with_their_limits() -> None:
    state = world()
    carrier = ship(state, ALPHA, "CV1A", "85-23")  # 4 hangar bays
    fighters = [ship(state, ALPHA, "FT1", "85-23").id for _ in range(5)]
    scout = ship(state, ALPHA, "SC1", "85-23")
    after = play(state, [a.Assign(carrier.id, tuple(fighters)), a.Assign(carrier.id, (scout.id,))])
    assert [find(after, ALPHA, f).carrier for f in fighters] == [carrier.id] * 4 + [0]
    reasons = [e.reason for e in events(after, Failed)]
    assert reasons[0] == "no hangar bay available"
    assert find(after, ALPHA, scout.id).carrier == 0


def test_assign_refuses_ships_with_star_drives_or_too_big() -> None:
    state = world()
    carrier = ship(state, ALPHA, "CV1J", "85-23")
    dd = ship(state, ALPHA, "DD1", "85-23")
    after = play(state, [a.Assign(carrier.id, (dd.id,))])
    assert find(after, ALPHA, dd.id).carrier == 0
    assert events(after, Failed)


def test_detach_from_a_hangar() -> None:
    state = world()
    carrier = ship(state, ALPHA, "CV1J", "85-23")
    fighter = ship(state, ALPHA, "FT1", "85-23", carrier=carrier.id)
    after = play(state, [a.Detach((fighter.id,)), to(carrier.id, "80-20")])
    assert find(after, ALPHA, fighter.id).location == loc("85-23")
    assert find(after, ALPHA, fighter.id).carrier == 0
