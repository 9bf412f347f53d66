"""Galac-Tac's economy: every number of EMPIRE EXPANSION, TECH LEVEL, DESTROYING ENEMY
STAR SYSTEMS, CONSTRUCTION OF SHIPS and the economic actions, on `galactac_world`."""

from __future__ import annotations

from dataclasses import replace

from galactac_world import ALPHA, BETA, at, events, find, loc, play, ship, system, world

from galbatch.engine.contract.rng import Streams
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.economy import capture_chance, valuation
from galbatch.rules.galactac.events import (
    Converted,
    Failed,
    Landed,
    Named,
    Short,
    SystemChanged,
    TechAdvanced,
    TechCaptured,
)
from galbatch.rules.galactac.house import PV_MULTIPLIER, VALUATION
from galbatch.rules.galactac.research import draw_thresholds, halve, tech_level
from galbatch.rules.galactac.resolve import resolve
from galbatch.rules.galactac.state import GameState
from galbatch.rules.galactac.turn import Turn


def load(ship_id: int, quantity: int, item: str) -> a.Load:
    return a.Load(ship_id, (a.Cargo(quantity, item),))


def unload(ship_id: int, quantity: int, item: str) -> a.Unload:
    return a.Unload(ship_id, (a.Cargo(quantity, item),))


# PRODUCTION VALUE: charted x1, colony x3, production x5, home x10


def test_output_table_is_the_books() -> None:
    assert PV_MULTIPLIER == {"charted": 1, "colony": 3, "production": 5, "home": 10}


def test_outputs_per_fortnight() -> None:
    state = world()
    assert state.output(system(state, "85-23"), ALPHA) == 100  # home: 10 x 10
    assert state.output(system(state, "90-30"), ALPHA) == 30  # production: 6 x 5
    assert state.output(system(state, "99-15"), ALPHA) == 21  # the book's colony: 7 x 3
    assert state.output(system(state, "80-20"), ALPHA) == 8  # charted: 8 x 1
    assert state.output(system(state, "70-30"), ALPHA) == 0  # uncharted
    assert state.output(system(state, "12-50"), ALPHA) == 0  # an enemy's colony


def test_home_system_makes_100_pi_a_fortnight() -> None:
    after = play(world())
    assert system(after, "85-23").pi == 500 + 100
    assert system(after, "90-30").pi == 40 + 30
    assert events(after, Converted)[0] == Converted(ALPHA, "85-23", 100, 100)


def test_colonies_keep_no_pi() -> None:
    after = play(world())
    assert system(after, "99-15").pi == 0


def test_pv_only_collected_by_a_ship_present() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "99-15")
    after = play(state, [load(fx.id, 30, "PV")])
    assert find(after, ALPHA, fx.id).pv == 10  # 21 PV there, but only 10 cargo bays
    assert events(after, Short) == [Short(ALPHA, "LOAD", str(fx.id), "PV", 30, 10)]


def test_pv_a_fortnight_does_not_accumulate() -> None:
    state = world()
    fx1 = ship(state, ALPHA, "FX", "80-20")
    fx2 = ship(state, ALPHA, "FX", "80-20")
    after = play(state, [load(fx1.id, 6, "PV"), load(fx2.id, 6, "PV")])
    assert find(after, ALPHA, fx1.id).pv == 6
    assert find(after, ALPHA, fx2.id).pv == 2  # 8 PV a fortnight in all
    again = play(after, [load(fx2.id, 8, "PV")])
    assert find(again, ALPHA, fx2.id).pv == 2 + 8


def test_no_pv_from_an_enemy_colony_nor_an_uncharted_system() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "12-50")
    fy = ship(state, ALPHA, "FX", "70-30")
    after = play(state, [load(fx.id, 5, "PV"), load(fy.id, 5, "PV")])
    assert find(after, ALPHA, fx.id).pv == 0
    assert find(after, ALPHA, fy.id).pv == 0


def test_unloaded_pv_becomes_pi_after_a_fortnight() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23", pv=10)
    after = play(state, [unload(fx.id, 10, "PV")])
    assert system(after, "85-23").pi == 500 + 100 + 10
    assert system(after, "85-23").pv_waiting == 0


def test_pv_and_pi_unload_only_at_a_production_system() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "99-15", pi=5, pv=5)
    after = play(state, [unload(fx.id, 5, "PI"), unload(fx.id, 5, "PV")])
    assert (find(after, ALPHA, fx.id).pi, find(after, ALPHA, fx.id).pv) == (5, 5)
    assert len(events(after, Failed)) == 2


def test_missiles_unload_at_any_system_and_load_back() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "70-30", cargo_missiles=8)
    after = play(state, [unload(fx.id, 8, "MISS")])
    assert system(after, "70-30").missiles == {ALPHA: 8}
    back = play(after, [load(fx.id, 20, "MISSILES")])
    assert find(back, ALPHA, fx.id).cargo_missiles == 8
    assert system(back, "70-30").missiles.get(ALPHA, 0) == 0


def test_load_pi_as_much_as_it_could() -> None:
    state = world()
    system(state, "90-30").pi = 4
    fx = ship(state, ALPHA, "FX", "90-30")
    after = play(state, [load(fx.id, 10, "PI")])
    assert find(after, ALPHA, fx.id).pi == 4
    assert events(after, Short) == [Short(ALPHA, "LOAD", str(fx.id), "PI", 10, 4)]


def test_one_bay_one_item() -> None:
    """LOAD 1805 10 PI 10 MISS needs 20 cargo bays; a FX has 10."""
    state = world()
    system(state, "85-23").missiles[ALPHA] = 50
    fx = ship(state, ALPHA, "FX", "85-23")
    action = a.Load(fx.id, (a.Cargo(10, "PI"), a.Cargo(10, "MISSILES")))
    after = play(state, [action])
    loaded = find(after, ALPHA, fx.id)
    assert (loaded.pi, loaded.cargo_missiles) == (10, 0)


def test_transfer_clamps_to_the_receiving_bays() -> None:
    state = world()
    giver = ship(state, ALPHA, "FXX", "80-20", pi=20)
    taker = ship(state, ALPHA, "FX", "80-20", pi=3)
    after = play(state, [a.Transfer(giver.id, taker.id, a.Cargo(20, "PI"))])
    assert (find(after, ALPHA, giver.id).pi, find(after, ALPHA, taker.id).pi) == (13, 10)


def test_transfer_needs_the_same_system() -> None:
    state = world()
    giver = ship(state, ALPHA, "FX", "80-20", pi=5)
    taker = ship(state, ALPHA, "FX", "85-23")
    after = play(state, [a.Transfer(giver.id, taker.id, a.Cargo(5, "PI"))])
    assert find(after, ALPHA, giver.id).pi == 5
    assert events(after, Failed)


# MISSILES


def test_missiles_cost_one_pi_each() -> None:
    state = world()
    after = play(state, [a.Missiles((a.Stock(at("85-23"), 30),))])
    assert system(after, "85-23").missiles[ALPHA] == 30
    assert system(after, "85-23").pi == 500 - 30 + 100


def test_missiles_as_many_as_possible() -> None:
    state = world()
    after = play(state, [a.Missiles((a.Stock(at("90-30"), 100),))])
    assert system(after, "90-30").missiles[ALPHA] == 40
    assert system(after, "90-30").pi == 0 + 30


def test_missiles_then_load_in_the_order_written() -> None:
    """The book: LOAD typed before MISSILES fails, both being [B] actions."""
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    build = a.Missiles((a.Stock(at("85-23"), 10),))
    wrong = play(state, [load(fx.id, 10, "MISSILES"), build])
    assert find(wrong, ALPHA, fx.id).cargo_missiles == 0
    right = play(state, [build, load(fx.id, 10, "MISSILES")])
    assert find(right, ALPHA, fx.id).cargo_missiles == 10


# COLONIZE and DEVELOP: the BY TURN tables


def test_colonize_by_turn() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    turn0 = play(state, [a.Colonize(fx.id, at("80-20"), "NEWHOPE")])
    moved = find(turn0, ALPHA, fx.id)
    assert moved.location == loc("80-20") and moved.pi == 10  # loaded 10 PI, moved
    assert system(turn0, "85-23").pi == 500 - 10 + 100
    turn1 = play(turn0)
    assert find(turn1, ALPHA, fx.id).pi == 5
    assert events(turn1, Landed) == [Landed(ALPHA, "COLONIZE", fx.id, "80-20", 5, 1)]
    assert system(turn1, "80-20").owner is None
    turn2 = play(turn1)
    assert find(turn2, ALPHA, fx.id).pi == 0
    assert system(turn2, "80-20").owner == ALPHA
    assert system(turn2, "80-20").kind == "colony"
    assert system(turn2, "80-20").name == "NEWHOPE"
    assert find(turn2, ALPHA, fx.id).mission.kind == "NONE"  # turn 3: vessel released
    assert turn2.output(system(turn2, "80-20"), ALPHA) == 8 * 3


def test_colonizing_uses_the_systems_pv() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "80-20", pi=10)
    other = ship(state, ALPHA, "FX", "80-20")
    after = play(state, [a.Colonize(fx.id, at("80-20")), load(other.id, 8, "PV")])
    assert find(after, ALPHA, other.id).pv == 8  # [B] LOAD before the COLONIZE began
    again = play(after, [load(other.id, 8, "PV")])
    assert find(again, ALPHA, other.id).pv == 8  # "You cannot ship it out!"


def test_colonize_already_at_the_site_lands_at_once() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "80-20", pi=10)
    turn1 = play(state, [a.Colonize(fx.id, at("80-20"))])
    assert find(turn1, ALPHA, fx.id).pi == 5
    turn2 = play(turn1)
    assert system(turn2, "80-20").owner == ALPHA


def test_colonize_needs_a_charted_system_and_10_pi() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    fy = ship(state, ALPHA, "FX", "80-20", pi=9)
    after = play(state, [a.Colonize(fx.id, at("70-30")), a.Colonize(fy.id, at("80-20"))])
    assert [e.reason for e in events(after, Failed)] == [
        "the System must be Charted first",
        "needs 10 PI aboard or loadable here",
    ]
    assert find(after, ALPHA, fx.id).location == loc("85-23")


def test_colonize_needs_enough_cargo_bays() -> None:
    state = world()
    scout = ship(state, ALPHA, "SC1", "85-23")
    after = play(state, [a.Colonize(scout.id, at("80-20"))])
    assert events(after, Failed) and system(after, "85-23").pi == 500 + 100


def test_develop_by_turn() -> None:
    state = world()
    fxx = ship(state, ALPHA, "FXXX", "85-23")
    turn0 = play(state, [a.Develop(fxx.id, at("99-15"), "FORGE")])
    assert find(turn0, ALPHA, fxx.id).pi == 30
    turn1 = play(turn0)
    assert find(turn1, ALPHA, fxx.id).pi == 15
    turn2 = play(turn1)
    assert system(turn2, "99-15").kind == "production"
    assert system(turn2, "99-15").name == "FORGE"
    turn3 = play(turn2)
    assert system(turn3, "99-15").pi == 7 * 5  # Production Capable!


def test_develop_only_own_colonies() -> None:
    state = world()
    fxx = ship(state, ALPHA, "FXXX", "85-23")
    after = play(state, [a.Develop(fxx.id, at("80-20"))])
    assert events(after, Failed)[0].reason == "only your own Colonies may be developed"


# DESTROY


def destroyer(state: GameState, where: str, pi: int = 20) -> int:
    return ship(state, ALPHA, "FXX", where, pi=pi).id


def test_destroy_a_colony_in_one_turn_with_10_pi() -> None:
    state = world()
    fx = destroyer(state, "12-50")
    after = play(state, [a.Destroy((a.ShipTo(fx, at("12-50")),))])
    assert system(after, "12-50").owner is None
    assert find(after, ALPHA, fx).pi == 10
    assert SystemChanged(BETA, "12-50", "destroyed", by="ALPHA") in after.events


def test_destroy_needs_20_pi_even_for_a_colony() -> None:
    state = world()
    fx = destroyer(state, "12-50", pi=19)
    after = play(state, [a.Destroy((a.ShipTo(fx, at("12-50")),))])
    assert system(after, "12-50").owner == BETA
    assert events(after, Failed)[0].reason == "needs 20 PI aboard or loadable here"


def test_destroy_a_production_system_in_two_turns() -> None:
    state = world()
    system(state, "20-60").missiles[BETA] = 12
    ship(state, BETA, "ST1", "20-60", left=2)
    fx = destroyer(state, "20-60")
    turn1 = play(state, [a.Destroy((a.ShipTo(fx, at("20-60")),))])
    target = system(turn1, "20-60")
    assert target.owner == BETA and target.kind == "production"
    assert target.pi == 0 + 40 and BETA not in target.missiles  # this turn's 8 x 5 only
    assert not [s for s in turn1.ships if s.owner == BETA]  # the drydock went too
    turn2 = play(turn1)
    assert system(turn2, "20-60").owner is None
    assert find(turn2, ALPHA, fx).pi == 0


def test_destroy_fails_with_an_enemy_present() -> None:
    state = world()
    fx = destroyer(state, "12-50")
    ship(state, BETA, "SK1", "12-50")
    after = play(state, [a.Destroy((a.ShipTo(fx, at("12-50")),))])
    assert system(after, "12-50").owner == BETA
    assert events(after, Failed)[0].reason == "enemy ships are present in the System"


def test_destroy_not_your_own() -> None:
    state = world()
    fx = destroyer(state, "99-15")
    after = play(state, [a.Destroy((a.ShipTo(fx, at("99-15")),))])
    assert system(after, "99-15").owner == ALPHA
    assert "DOWNGRADE" in events(after, Failed)[0].reason


def test_tech_capture_chance_is_5_percent_per_base_pv() -> None:
    assert capture_chance(8) == 40  # the book's example
    assert capture_chance(10) == 50


def test_destroying_a_home_system_takes_the_empire() -> None:
    state = world()
    state.empires[BETA].tech = 3
    bship = ship(state, BETA, "SK1", "20-60")
    fx = destroyer(state, "10-54")
    turn1 = play(state, [a.Destroy((a.ShipTo(fx, at("10-54")),))])
    assert system(turn1, "10-54").pi == 432 + 100  # a home's PI stays for the prize
    turn2 = play(turn1)
    assert system(turn2, "10-54").owner is None
    assert turn2.empires[ALPHA].tech == 3  # always gained from a Home System
    assert TechCaptured(ALPHA, "10-54", 3) in turn2.events
    assert system(turn2, "20-60").owner == ALPHA and system(turn2, "20-60").kind == "colony"
    assert system(turn2, "12-50").owner == ALPHA
    assert loc("10-54") in turn2.empires[ALPHA].charted
    assert all(s.owner != BETA for s in turn2.ships)
    assert bship.owner == BETA  # the old state is untouched
    # half of the 532 PI stockpile: ALPHA's home had 600 after turn 1, +100 in turn 2
    assert system(turn2, "85-23").pi == 600 + 100 + 532 // 2


# DOWNGRADE and CAPITAL


def test_downgrade() -> None:
    state = world()
    system(state, "90-30").missiles[ALPHA] = 5
    ship(state, ALPHA, "ST1", "90-30", left=3)
    after = play(state, [a.Downgrade((a.Renaming(at("90-30"), "OLDFORGE"),))])
    target = system(after, "90-30")
    assert (target.kind, target.pi, target.missiles, target.name) == (
        "colony",
        0,
        {},
        "OLDFORGE",
    )
    assert not after.ships


def test_downgrade_not_the_home() -> None:
    after = play(world(), [a.Downgrade((a.Renaming(at("85-23")),))])
    assert system(after, "85-23").kind == "production"
    assert events(after, Failed)


def test_capital_costs_150_pi_and_moves_the_stockpiles() -> None:
    state = world()
    system(state, "85-23").missiles[ALPHA] = 9
    after = play(state, [a.Capital(at("90-30"), "NEWHOME")])
    assert after.empires[ALPHA].home == loc("90-30")
    new = system(after, "90-30")
    assert new.name == "NEWHOME" and new.missiles[ALPHA] == 9
    assert new.pi == 40 + 500 - 150 + 6 * 10  # now a home: x10
    assert system(after, "85-23").pi == 10 * 5


def test_capital_needs_150_pi_at_the_end_of_the_turn() -> None:
    state = world()
    spend = a.Research((a.Stock(at("85-23"), 400),))
    after = play(state, [spend, a.Capital(at("90-30"))])
    assert after.empires[ALPHA].home == loc("85-23")
    assert "150" in events(after, Failed)[0].reason


def test_capital_not_under_attack() -> None:
    state = world()
    ship(state, BETA, "SK1", "90-30")
    after = play(state, [a.Capital(at("90-30"))])
    assert after.empires[ALPHA].home == loc("85-23")


# RESEARCH and TECH LEVEL


def test_research_thresholds_and_level() -> None:
    averages = [0, 2500, 8500, 18000, 31000, 47500]
    assert [tech_level(averages, pi) for pi in (0, 2499, 2500, 8500, 47500, 99999)] == [
        1,
        1,
        2,
        3,
        6,
        6,
    ]


def test_drawn_thresholds_are_near_the_averages() -> None:
    import random

    for seed in range(50):
        drawn = draw_thresholds(random.Random(seed))
        assert drawn[0] == 0 and drawn == sorted(drawn)
        steps = [2500, 6000, 9500, 13000, 16500]
        for step, low, high in zip(steps, drawn, drawn[1:], strict=False):
            assert step * 0.8 - 100 <= high - low <= step * 1.2 + 100
            assert high % 100 == 0


def test_research_spends_pi_and_raises_tech() -> None:
    state = world()
    state.empires[ALPHA].research = 2400
    system(state, "85-23").missiles[ALPHA] = 50
    fighter = ship(state, ALPHA, "DD1", "85-23")
    fighter.current = replace(fighter.current, racks=0)  # no missiles here
    fx = ship(state, ALPHA, "FX", "80-20", cargo_missiles=7)
    after = play(state, [a.Research((a.Stock(at("85-23"), 100),))])
    assert after.empires[ALPHA].research == 2500
    assert after.empires[ALPHA].tech == 2
    assert system(after, "85-23").missiles[ALPHA] == 25  # 50 -> 25
    assert find(after, ALPHA, fx.id).cargo_missiles == 3  # fractions are rounded down
    assert events(after, TechAdvanced) == [TechAdvanced(ALPHA, 2)]


def test_halving_missiles() -> None:
    assert halve(50, 1) == 25
    assert halve(51, 1) == 25
    assert halve(50, 2) == 12


def test_research_spends_what_is_there() -> None:
    after = play(world(), [a.Research((a.Stock(at("90-30"), 100),))])
    assert after.empires[ALPHA].research == 40
    assert events(after, Short)


# BUILD


def test_build_up_to_three_paid_in_advance() -> None:
    state = world()
    after = play(state, [a.Build(at("85-23"), "DD1", ("A", "B", "C"))])
    built = [s for s in after.ships if s.code == "DD1"]
    assert [s.name for s in built] == ["A", "B", "C"]
    assert all(s.in_service for s in built)  # one fortnight: ready next turn
    assert system(after, "85-23").pi == 500 - 3 * 59 + 100
    assert after.empires[ALPHA].design("DD1").built == 3  # type: ignore[union-attr]


def test_build_aborts_when_pi_runs_out() -> None:
    state = world()
    after = play(state, [a.Build(at("90-30"), "FT1", ("A", "B", "C"))])
    assert [s.name for s in after.ships] == ["A"]  # 40 PI: one fighter at 21
    assert events(after, Short) == [Short(ALPHA, "BUILD", "90-30", "ships", 3, 1)]


def test_build_only_at_a_production_system() -> None:
    after = play(world(), [a.Build(at("99-15"), "FX", ("A",))])
    assert not after.ships


def test_station_in_drydock_for_four_turns() -> None:
    state = world()
    state = play(state, [a.Build(at("85-23"), "ST1", ("GUARDIAN",))])
    station = state.ships[0]
    assert station.delay == 4 and station.left == 3 and not station.in_service
    for left in (2, 1, 0):
        state = play(state)
        assert state.ships[0].left == left
    assert state.ships[0].in_service


def test_classify_and_build_in_the_same_turn() -> None:
    state = world()
    after = play(
        state,
        [a.Classify("DD2", "Destroyer", "6P/3;;/14-14"), a.Build(at("85-23"), "DD2", ("X",))],
    )
    assert [s.code for s in after.ships] == ["DD2"]


# SCRAP, REFIT, REPAIR, RELOAD


def test_scrap_returns_80_percent_less_damage() -> None:
    state = world()
    dd = ship(state, ALPHA, "DD1", "85-23", pi=0)
    dd.current = replace(dd.current, p_types=3)  # 3 SSD of damage
    fx = ship(state, ALPHA, "FX", "85-23", pi=4, pv=6)
    after = play(state, [a.Scrap((dd.id, fx.id))])
    # DD1: 59 x 80 % = 47 less 3; FX: 9 x 80 % = 7, its cargo unloaded first
    assert system(after, "85-23").pi == 500 + 44 + 7 + 4 + 100 + 6
    assert not after.ships


def test_scrap_elsewhere_abandons() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "80-20", pi=4)
    after = play(state, [a.Scrap((fx.id,))])
    assert not after.ships and system(after, "85-23").pi == 600


def test_scrap_under_construction_is_prorated() -> None:
    state = world()
    station = ship(state, ALPHA, "ST1", "85-23", left=3)
    after = play(state, [a.Scrap((station.id,))])
    # after this turn's fortnight 2 of 4 are built: 42 x (2 x 100 % + 2 x 80 %) / 4
    assert system(after, "85-23").pi == 500 + 37 + 100


def test_scrap_takes_the_hangared_ships() -> None:
    state = world()
    carrier = ship(state, ALPHA, "CV1J", "85-23")
    ship(state, ALPHA, "FT1", "85-23", carrier=carrier.id)
    after = play(state, [a.Scrap((carrier.id,))])
    assert not after.ships
    assert system(after, "85-23").pi == 500 + 61 * 80 // 100 + 21 * 80 // 100 + 100


def test_refit_costs_ssd_times_levels() -> None:
    state = world()
    state.empires[ALPHA].tech = 3
    dd = ship(state, ALPHA, "DD1", "85-23", tech=1)
    after = play(state, [a.Refit((dd.id,))])
    assert find(after, ALPHA, dd.id).tech == 3
    assert system(after, "85-23").pi == 500 - 10 * 2 + 100


def test_refit_not_damaged_nor_away() -> None:
    state = world()
    state.empires[ALPHA].tech = 2
    dd = ship(state, ALPHA, "DD1", "85-23", tech=1)
    dd.current = replace(dd.current, p_types=5)
    away = ship(state, ALPHA, "DD1", "80-20", tech=1)
    after = play(state, [a.Refit((dd.id, away.id))])
    assert find(after, ALPHA, dd.id).tech == 1 and find(after, ALPHA, away.id).tech == 1
    assert len(events(after, Failed)) == 2


def test_repair_costs_the_ssd_lost_stockpile_first() -> None:
    state = world()
    dd = ship(state, ALPHA, "DD1", "85-23")
    dd.current = replace(dd.current, p_types=2, star=0)  # SSD 6: 4 lost; engines free
    after = play(state, [a.Repair((dd.id,))])
    assert find(after, ALPHA, dd.id).current == dd.design
    assert system(after, "85-23").pi == 500 - 4 + 100


def test_repair_from_the_fleets_cargo_away_from_home() -> None:
    state = world()
    dd = ship(state, ALPHA, "DD1", "80-20")
    dd.current = replace(dd.current, p_types=3)
    fx = ship(state, ALPHA, "FX", "80-20", pi=5, flagship=dd.id)
    after = play(state, [a.Repair((dd.id,))])
    assert find(after, ALPHA, dd.id).current == dd.design
    assert find(after, ALPHA, fx.id).pi == 2


def test_reload_stockpile_then_cargo_then_fleet() -> None:
    state = world()
    state.empires[ALPHA].designs.append(replace(state.empires[ALPHA].designs[0]))
    system(state, "80-20").missiles[ALPHA] = 2
    torpedo = ship(state, ALPHA, "DD1", "80-20")
    torpedo.design = torpedo.current = replace(torpedo.design, t_launchers=1, racks=9, cargo=2)
    torpedo.missiles, torpedo.cargo_missiles = 3, 1
    fx = ship(state, ALPHA, "FX", "80-20", cargo_missiles=10, flagship=torpedo.id)
    after = play(state, [a.Reload((torpedo.id,))])
    assert find(after, ALPHA, torpedo.id).missiles == 9
    assert system(after, "80-20").missiles.get(ALPHA, 0) == 0
    assert find(after, ALPHA, torpedo.id).cargo_missiles == 0
    assert find(after, ALPHA, fx.id).cargo_missiles == 10 - 3


# CLASSIFY, DECLASSIFY, NAME


def test_classify_same_rating_renames() -> None:
    state = world()
    dd = ship(state, ALPHA, "DD1", "85-23")
    after = play(state, [a.Classify("DD", "Destroyer X", "6P/4;;/14-14")])
    codes = [d.code for d in after.empires[ALPHA].designs]
    assert "DD" in codes and "DD1" not in codes
    assert find(after, ALPHA, dd.id).code == "DD"


def test_classify_cannot_reuse_a_code_nor_pass_50() -> None:
    state = world()
    after = play(state, [a.Classify("FX", "Freighter", "/;;40/10-1")])
    assert events(after, Failed)[0].reason == "that code is already defined"
    designs = state.empires[ALPHA].designs
    for n in range(50 - len(designs)):
        designs.append(
            replace(designs[0], code=f"Z{n}", rating=replace(designs[0].rating, cargo=n))
        )
    full = play(state, [a.Classify("NEW", "New", "/;;40/10-1")])
    assert "50" in events(full, Failed)[0].reason


def test_classify_illegal_design_fails() -> None:
    after = play(world(), [a.Classify("BIG", "Too Big", "40P//")])
    assert events(after, Failed)
    assert after.empires[ALPHA].design("BIG") is None


def test_declassify_only_without_ships() -> None:
    state = world()
    ship(state, ALPHA, "ST1", "85-23", left=2)  # even in drydock
    after = play(state, [a.Declassify(("ST1", "FF1"))])
    codes = [d.code for d in after.empires[ALPHA].designs]
    assert "ST1" in codes and "FF1" not in codes


def test_declassify_then_classify_the_code_again() -> None:
    after = play(world(), [a.Declassify(("SC1",)), a.Classify("SC1", "Scout", "2P+1T5//16-16")])
    design = after.empires[ALPHA].design("SC1")
    assert design is not None and design.rating.p_types == 2


def test_name_systems_ships_and_the_empire() -> None:
    state = world()
    state.empires[BETA].known = [ALPHA]
    fx = ship(state, ALPHA, "FX", "85-23")
    namings = (
        a.Naming(at("85-23"), "MY HOME WORLD"),
        a.Naming(fx.id, "DEFIANT"),
    )
    after = play(state, [a.Name(namings), a.Name((a.Naming(a.EMPIRE, "Grand Fenwick"),))])
    assert system(after, "85-23").name == "MY HOME WORLD"
    assert find(after, ALPHA, fx.id).name == "DEFIANT"
    assert after.empires[ALPHA].name == "Grand Fenwick"
    assert Named(BETA, "Empire", "ALPHA", "Grand Fenwick") in after.events


def test_name_only_own_systems_and_unique_empire_names() -> None:
    after = play(
        world(),
        [a.Name((a.Naming(at("80-20"), "MINE"),)), a.Name((a.Naming(a.EMPIRE, "beta"),))],
    )
    assert system(after, "80-20").name == ""
    assert after.empires[ALPHA].name == "ALPHA"
    assert len(events(after, Failed)) == 2


# EMPIRE VALUATION


def test_valuation_leader_is_100() -> None:
    after = play(world())
    values = {e: after.empires[e].valuation for e in after.empires}
    # BETA: (100 + 18 + 40) x 10 + 532 + 100 PI; ALPHA: (100 + 21 + 30) x 10 + 600 + 70
    assert values == {ALPHA: 100 * 2180 // 2212, BETA: 100}


def test_valuation_weights() -> None:
    state = world()
    ship(state, ALPHA, "FX", "80-20", pi=3)
    turn = Turn(state, None)  # type: ignore[arg-type]
    outputs = 100 + 21 + 30
    expected = VALUATION["output_fortnights"] * outputs + 500 + 40 + 9 + 3
    assert valuation(turn, ALPHA) == expected


def test_capital_comes_after_the_builds() -> None:
    state = world()
    system(state, "85-23").pi = 160
    after = play(state, [a.Capital(at("90-30")), a.Build(at("85-23"), "FX", ("A", "B"))])
    assert after.empires[ALPHA].home == loc("85-23")  # 160 - 18 < 150 at the end
    assert len(after.ships) == 2


def test_ships_in_drydock_only_scrap() -> None:
    state = world()
    station = ship(state, ALPHA, "ST1", "85-23", left=3)
    after = play(state, [a.Name((a.Naming(station.id, "GUARDIAN"),))])
    assert find(after, ALPHA, station.id).name == "ST1"
    assert events(after, Failed)


def test_tech_capture_happens_about_40_percent_of_the_time_at_base_8() -> None:
    captured = 0
    for seed in range(200):
        state = world()
        state.empires[BETA].tech = 2
        fx = destroyer(state, "20-60")
        orders = {ALPHA: [a.Destroy((a.ShipTo(fx, at("20-60")),))]}
        state = resolve(state, orders, Streams(seed, 4))
        state = resolve(state, {}, Streams(seed, 5))
        assert system(state, "20-60").owner is None
        captured += state.empires[ALPHA].tech == 2
    assert 60 <= captured <= 100  # 40 % of 200 is 80


def test_design_codes() -> None:
    after = play(
        world(), [a.Classify("TOOLONG", "X", "/;;40/10-1"), a.Classify("F-1", "X", "//2-1")]
    )
    assert len(events(after, Failed)) == 2


def test_item_words() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    system(state, "85-23").missiles[ALPHA] = 5
    after = play(state, [load(fx.id, 2, "M"), load(fx.id, 2, "Miss"), load(fx.id, 2, "GOLD")])
    assert find(after, ALPHA, fx.id).cargo_missiles == 4
    assert events(after, Failed)[0].reason == "the item must be PV, PI or MISSILES"


def test_the_imports_line_counts_only_shuttles_not_yet_home() -> None:
    """STATUS REPORT: "The amount of PV shown is the total of the full cargo bays inbound.
    These ships are currently at the Colony Systems or en route to the Production
    System. This is not a count of what is sitting in your Home/Production System on
    freighters that have not yet unloaded." """
    from galbatch.rules.galactac.state import Mission
    from galbatch.rules.galactac.view import imports

    state = world()
    route = (loc("99-15"), loc("85-23"))
    parked = ship(state, ALPHA, "FT1", "85-23", pv=10)
    parked.mission = Mission("SHUTTLE", route=route)
    inbound = ship(state, ALPHA, "FT1", "99-15", pv=7)
    inbound.mission = Mission("SHUTTLE", route=route)
    assert imports(state, ALPHA) == {loc("85-23"): 7}
    parked.location = loc("80-20")  # under way home
    assert imports(state, ALPHA) == {loc("85-23"): 17}
