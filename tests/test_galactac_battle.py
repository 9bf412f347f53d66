"""Galac-Tac's battle resolver: the rule book's COMBAT chapter, with fixed streams."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.rules.galactac import battle as b
from galbatch.rules.galactac.battle import fight, fortnight_end, survivors
from galbatch.rules.galactac.battle_events import (
    AttackCalledOff,
    BattleEnded,
    BattleResult,
    LostWithHangar,
    ShipDestroyed,
)
from galbatch.rules.galactac.battle_ships import Combatant, ShipAfter, Targets
from galbatch.rules.galactac.battle_tables import FIRST_ROUND, ORDER_GROUPS
from galbatch.rules.galactac.battle_targeting import (
    first_round,
    hit_chance,
    order_group,
    p_type_category_order,
    p_type_speed,
    t_min_ssd_met,
    t_type_result,
    weapon_code,
)
from galbatch.rules.galactac.combat_house import COMBAT_HOUSE
from galbatch.rules.galactac.rating import parse_rating, ssd
from galbatch.rules.galactac.tables import DRONE_DAMAGE


def ship(
    ident: int, empire: str, order: str, rating: str, tech: int = 1, **more: object
) -> Combatant:
    """A combatant undamaged, racks full."""
    r = parse_rating(rating)
    c = Combatant(ident, empire, order, r, r, tech, missiles=r.racks)
    return replace(c, **more)  # type: ignore[arg-type]


def by_id(result: BattleResult, ident: int) -> ShipAfter:
    return next(s for s in result.ships if s.id == ident)


def by_id_of(result: BattleResult, empire: str, ident: int) -> ShipAfter:
    return next(s for s in result.ships if (s.empire, s.id) == (empire, ident))


def battle_of(*ships: Combatant, seed: int = 0) -> b._Battle:
    """The resolver's state for direct checks of one rule (round 2, all deployed)."""
    states = [b._state(c, i) for i, c in enumerate(ships)]
    battle = b._Battle(states, random.Random(seed))
    battle.round = 2
    return battle


# --- Targeting: the hit chance --------------------------------------------------------


def test_the_books_worked_example_is_42_percent() -> None:
    # "2P//20-20 Tech 2" against "/;;20/16-16 Tech 1" (maneuvering: it cannot fire):
    # 50 - 24 + 6 + 10 = 42 %. The book then says 37 %; the formula is the rule.
    firer, target = parse_rating("2P//20-20"), parse_rating("/;;20/16-16")
    chance = hit_chance(
        "P-Type", p_type_speed(firer, firer), 2, target.inertia, 1, maneuvering=True
    )
    assert chance == 42


def test_movement_factor_favours_the_faster_firer() -> None:
    assert COMBAT_HOUSE.mf_firer_minus_target
    assert hit_chance("P-Type", 20, 1, 16, 1) == 56
    assert hit_chance("P-Type", 10, 1, 16, 1) == 41


def test_tech_level_and_an_aimed_shot() -> None:
    assert hit_chance("P-Type", 0, 1, 0, 3) == 30
    assert hit_chance("P-Type", 0, 1, 0, 1, aimed=True) == 45
    assert hit_chance("Drone", 0, 1, 0, 1, aimed=True) == 50  # drones lose nothing


def test_platforms_aim_at_attack_speed_10() -> None:
    station = parse_rating("14D+30P+5T30//")
    assert p_type_speed(station, station) == 10
    fighter = parse_rating("2P//-16")
    assert p_type_speed(fighter, replace(fighter, inertia=4)) == 4


def test_a_t_type_is_one_roll_direct_then_near_miss() -> None:
    assert t_type_result(249, 250) == "direct"
    assert t_type_result(250, 250) == "near"
    assert t_type_result(399, 250) == "near"
    assert t_type_result(400, 250) == "miss"


def test_observed_hit_rates_match_the_formula() -> None:
    firer = ship(1, "A", "DEFEND", "1P//-16", tech=2)
    target = ship(2, "B", "DEFEND", "/200;;/-10")
    battle = battle_of(firer, target, seed=7)
    shooter, aim = battle.ships
    expected = hit_chance("P-Type", 16, 2, 10, 1) / 100  # 50 + 9 + 10 = 69 %
    n = 20_000
    for _ in range(n):
        aim.shield_pool = 10**6
        battle.pools.clear()
        battle.fire_p_type(shooter)
    assert shooter.shots == n
    assert abs(shooter.hits / n - expected) < 4 * (expected * (1 - expected) / n) ** 0.5


def test_observed_t_type_rates_match_the_formula() -> None:
    rng = random.Random(11)
    direct = 250 + 15 * (COMBAT_HOUSE.missile_speed - 8)  # against 8 inertia drives
    n = 20_000
    results = [t_type_result(rng.randrange(1000), direct) for _ in range(n)]
    assert abs(results.count("direct") / n - direct / 1000) < 0.015
    assert abs(results.count("near") / n - 0.15) < 0.015


# --- The first-round chart --------------------------------------------------------------


def test_the_first_round_chart_as_printed() -> None:
    assert ORDER_GROUPS == (
        "DEFEND SECURE",
        "PATROL SENTRY",
        "ATTACK",
        "SCOUT (caught)",
        "(other)",
    )
    assert FIRST_ROUND == {
        "DEFEND SECURE": (1, 2, 2, 2, 1),
        "PATROL SENTRY": (2, 3, 3, 1, 2),
        "ATTACK": (2, 2, 2, 2, 2),
        "SCOUT (caught)": (2, 2, 2, 2, 2),
        "(other)": (3, 3, 3, 3, 3),
    }
    assert first_round("SECURE", "TO") == 1
    assert first_round("SENTRY", "SCOUT") == 1
    assert first_round("PATROL", "ATTACK") == 3
    assert first_round("SHUTTLE", "DEFEND") == 3


def test_destroy_is_in_the_defend_secure_row() -> None:
    assert order_group("DESTROY") == COMBAT_HOUSE.destroy_group == "DEFEND SECURE"
    assert order_group("NONE") == "(other)"


def test_destroy_fires_in_round_1_as_secure_does() -> None:
    ships = [ship(1, "A", "DESTROY", "5P/;;20/-10"), ship(2, "B", "TO", "5P//-10")]
    assert by_id(fight(ships, random.Random(1), rounds=1), 1).shots == 5


def test_attack_fires_from_round_2() -> None:
    ships = [ship(1, "A", "DEFEND", "5P//-10"), ship(2, "B", "ATTACK", "5P//-10")]
    one = fight(ships, random.Random(1), rounds=1)
    assert by_id(one, 1).shots == by_id(one, 2).shots == 0
    two = fight(ships, random.Random(1), rounds=2)
    assert by_id(two, 1).shots == by_id(two, 2).shots == 5


def test_unready_ships_are_targets_in_round_1_and_fire_from_round_3() -> None:
    ships = [ship(1, "A", "DEFEND", "5P//-10"), ship(2, "B", "TO", "5P//-10")]
    result = fight(ships, random.Random(2), rounds=2)
    assert by_id(result, 1).shots == 10
    assert by_id(result, 2).shots == 0
    assert by_id(fight(ships, random.Random(2), rounds=3), 2).shots == 5


def test_a_caught_scout_is_fired_on_by_patrols_in_round_1_only() -> None:
    scout = ship(3, "B", "SCOUT", "//19-1", caught=True)
    ships = [ship(1, "A", "PATROL", "3P//-10"), ship(2, "A", "DEFEND", "3P//-10"), scout]
    result = fight(ships, random.Random(3), rounds=1)
    assert by_id(result, 1).shots == 3
    assert by_id(result, 2).shots == 0


def test_a_scout_not_caught_takes_no_part() -> None:
    ships = [ship(1, "A", "PATROL", "3P//-10"), ship(2, "B", "SCOUT", "//19-1")]
    result = fight(ships, random.Random(3))
    assert result.rounds == 0
    assert not by_id(result, 2).engaged
    assert by_id(result, 2).current == ships[1].current


def test_hangared_ships_deploy_in_round_1_and_die_with_a_hit_hangar() -> None:
    carrier = ship(10, "A", "DEFEND", "/;4;/-4")
    fighters = [ship(11 + i, "A", "DEFEND", "2P//-16", carrier=10) for i in range(4)]
    gunship = ship(1, "B", "DEFEND", "30P//-10")
    lost_somewhere = False
    for seed in range(30):
        result = fight([carrier, *fighters, gunship], random.Random(seed), rounds=1)
        after = by_id(result, 10)
        lost = [e for e in result.events if isinstance(e, LostWithHangar)]
        for f in fighters:
            assert by_id(result, f.id).shots == 0
            assert by_id(result, f.id).damage_taken == 0
        if after.destroyed:
            assert len(lost) == 4
        else:
            assert len(lost) == 4 - after.current.hangars
        lost_somewhere = lost_somewhere or bool(lost)
    assert lost_somewhere


def test_patrolling_hangared_ships_are_already_deployed() -> None:
    carrier = ship(10, "A", "PATROL", "/;1;/-4")
    fighter = ship(11, "A", "PATROL", "2P//-16", carrier=10)
    enemy = ship(1, "B", "SCOUT", "//19-1", caught=True)
    result = fight([carrier, fighter, enemy], random.Random(4), rounds=1)
    assert by_id(result, 11).shots >= 1


# --- Rate of fire and the weapons -------------------------------------------------------


def test_every_weapon_fires_once_a_round() -> None:
    a = ship(1, "A", "DEFEND", "2D+3P//-10")
    target = ship(2, "B", "DEFEND", "/100;;/-1")
    result = fight([a, target], random.Random(5), rounds=4)
    assert by_id(result, 1).shots == 4 * 5


def test_t_types_fire_until_the_racks_are_empty() -> None:
    a = ship(1, "A", "DEFEND", "2T3//-10")
    target = ship(2, "B", "DEFEND", "1P/100;;/-1")
    result = fight([a, target], random.Random(6), rounds=5)
    assert by_id(result, 1).shots == 3
    assert by_id(result, 1).missiles == 0


def test_without_launchers_the_missiles_stay_in_the_racks() -> None:
    a = replace(ship(1, "A", "DEFEND", "2T3//-10"), current=parse_rating("0T3//-10"))
    target = ship(2, "B", "DEFEND", "1P/100;;/-1")
    result = fight([a, target], random.Random(6), rounds=3)
    after = by_id(result, 1)
    assert after.shots == 0 and after.missiles == min(3, after.current.racks) > 0


def test_t_types_never_aim_at_small_or_unarmed_ships() -> None:
    a = ship(1, "A", "DEFEND", "4T40//-10")
    fighters = [ship(2 + i, "B", "DEFEND", "2P//-16") for i in range(3)]
    freighter = ship(9, "B", "DEFEND", "/;;80/16-16")  # Large, unarmed
    result = fight([a, *fighters, freighter], random.Random(7), rounds=3)
    after = by_id(result, 1)
    assert after.shots == 0 and after.missiles == after.current.racks


def test_t_types_aim_at_the_largest_category_first() -> None:
    a = ship(1, "A", "DEFEND", "4T40//-10")
    medium = ship(2, "B", "DEFEND", "10P//-10")
    huge = ship(3, "B", "DEFEND", "40P/40;;/")
    result = fight([a, medium, huge], random.Random(8), rounds=1)
    assert by_id(result, 1).shots == 4
    assert by_id(result, 1).hits == 0 or by_id(result, 3).damage_taken > 0
    assert by_id(result, 2).damage_taken == 0 or by_id(result, 2).shots == 10


def test_t_types_do_direct_hit_or_near_miss_damage_by_tech() -> None:
    a = ship(1, "A", "DEFEND", "4T40//", tech=2)
    target = ship(2, "B", "DEFEND", "10P/90;;/-10")
    result = fight([a, target], random.Random(4), rounds=10)
    hits, taken = by_id(result, 1).hits, by_id(result, 2).damage_taken
    assert hits > 0 and taken % 4 == 0 and 4 * hits <= taken <= 8 * hits
    assert by_id(result, 1).damage_dealt == taken


def test_drone_damage_is_two_per_tech_level() -> None:
    assert [DRONE_DAMAGE[t] for t in range(1, 7)] == [2, 4, 6, 8, 10, 12]
    a = ship(1, "A", "DEFEND", "1D//", tech=2)
    target = ship(2, "B", "DEFEND", "/;;50/-1")
    result = fight([a, target], random.Random(9), rounds=10)
    taken = by_id(result, 2).damage_taken
    assert taken == 4 * by_id(result, 1).hits and taken > 0


def test_drones_go_for_missiles_in_flight_first() -> None:
    a = ship(1, "A", "DEFEND", "1D+10P//-10")
    launcher = ship(2, "B", "DEFEND", "1T5/10;;/")
    for seed in range(10):
        battle = battle_of(a, launcher, seed=seed)
        mother, platform = battle.ships
        battle.launch(platform)
        assert len(battle.missiles) == 1 and platform.missiles == 4
        battle.fire_drone(mother)
        assert mother.shots == 1 and platform.taken == 0
        assert battle.missiles[0].alive == (mother.hits == 0)


def test_drones_go_for_drones_before_ships_and_small_ships_first() -> None:
    a = ship(1, "A", "DEFEND", "1D//")
    drones = ship(2, "B", "DEFEND", "1D//")
    battle = battle_of(a, drones, seed=1)
    battle.fire_drone(battle.ships[0])
    assert battle.ships[1].taken == 0 and battle.ships[0].shots == 1
    large = ship(4, "B", "DEFEND", "/;;90/-1")
    small = ship(3, "B", "DEFEND", "/;;25/-1")
    for seed in range(5):
        battle = battle_of(a, large, small, seed=seed)
        for _ in range(3):
            battle.fire_drone(battle.ships[0])
        assert battle.ships[1].taken == 0
        assert battle.ships[2].taken == 2 * battle.ships[0].hits


def test_drones_self_destruct_with_their_mother_ship() -> None:
    battle = battle_of(ship(1, "A", "DEFEND", "3D//"), ship(2, "B", "DEFEND", "1P//"))
    mother = battle.ships[0]
    battle.destroy(mother, "B")
    assert mother.drones_up == 0 and not mother.can_fire()


def test_drones_self_destruct_with_their_bay() -> None:
    battle = battle_of(ship(1, "A", "DEFEND", "3D//"), ship(2, "B", "DEFEND", "1P//"))
    mother = battle.ships[0]
    battle.lose_item(mother, ("drones",))
    assert mother.drones_up == 2


def test_p_types_own_category_then_larger_then_smaller() -> None:
    assert p_type_category_order("Medium") == ("Medium", "Large", "Huge", "Small")
    assert p_type_category_order("Huge") == ("Huge", "Large", "Medium", "Small")
    station = b._state(ship(1, "A", "DEFEND", "14D+30P+5T30//"), 0)
    assert station.p_category == "Medium"  # a platform's weapons count at most Medium


def test_p_types_keep_to_their_own_category() -> None:
    a = ship(1, "A", "DEFEND", "10P//-10")  # Medium at Tech 1
    small = ship(2, "B", "DEFEND", "/;;5/-1")
    medium = ship(3, "B", "DEFEND", "/100;;/-1")
    result = fight([a, small, medium], random.Random(3), rounds=3)
    assert by_id(result, 2).damage_taken == 0 and by_id(result, 3).damage_taken > 0


def test_target_codes_each_weapon_may_use() -> None:
    assert weapon_code("Drone", 5) == 5
    assert weapon_code("P-Type", 5) == 0  # "only Drones can use"
    assert weapon_code("P-Type", 6) == 6
    assert weapon_code("T-Type", 6) == 0
    assert not COMBAT_HOUSE.p_types_shoot_drones


def test_min_ssd_is_more_than() -> None:
    assert t_min_ssd_met(201, 200) and not t_min_ssd_met(200, 200)
    assert t_min_ssd_met(1, 0)
    a = ship(1, "A", "DEFEND", "4T40//-10", targets=Targets(0, 0, 0, 30))
    target = ship(2, "B", "DEFEND", "30P//")  # SSD 30: not more than 30
    assert by_id(fight([a, target], random.Random(1), rounds=2), 1).shots == 0
    target = ship(2, "B", "DEFEND", "31P//")
    assert by_id(fight([a, target], random.Random(1), rounds=2), 1).shots > 0


def test_fleets_follow_their_flagships_controls_secure_ignores_them() -> None:
    flag = ship(1, "A", "ATTACK", "1P//-10", targets=Targets(0, 3, 0, 0))
    member = ship(2, "A", "ATTACK", "1P//-10", flagship=1)
    own = ship(3, "A", "ATTACK", "1P//-10", flagship=1, targets=Targets(0, 1, 0, 0))
    secure = ship(4, "A", "SECURE", "1P//-10", targets=Targets(0, 1, 0, 0))
    table = {(c.empire, c.id): c for c in (flag, member, own, secure)}
    assert b._effective_targets(member, table) == Targets(0, 3, 0, 0)
    assert b._effective_targets(own, table) == Targets(0, 1, 0, 0)
    assert b._effective_targets(secure, table) == Targets()


# --- Damage ---------------------------------------------------------------------------


def test_nightmare_shield_points_by_the_table() -> None:
    nightmare = b._state(ship(1, "A", "DEFEND", "2D+10P+2T10/4;2;10/8-8"), 0)
    assert nightmare.ssd == 25
    assert nightmare.shield_pool == 20  # Large at Tech 1: 4 x 5, not the drawing's 12


def test_shields_take_damage_first() -> None:
    battle = battle_of(
        ship(1, "A", "DEFEND", "2D+10P+2T10/4;2;10/8-8"), ship(2, "B", "DEFEND", "1P//")
    )
    target = battle.ships[0]
    before = dict(target.parts)
    battle.damage(target, 20, 0, "B")
    assert target.parts == before and target.shield_pool == 0
    battle.damage(target, 1, 0, "B")
    assert sum(before.values()) > sum(target.parts.values()) or target.excess == 1


def test_an_aimed_hit_falls_on_its_area_70_percent_of_the_time() -> None:
    design = ship(1, "A", "DEFEND", "10P/;;10/10-10")
    battle = battle_of(design, ship(2, "B", "DEFEND", "1P//"), seed=3)
    n, on_engines = 4000, 0
    for _ in range(n):
        target = b._state(design, 0)
        battle.damage(target, 1, 3, "B")
        on_engines += target.parts["star"] + target.parts["inertia"] < 20
    # 70 % aimed, and of the rest a third of the circles are engines (20 of 60 + SSD 12)
    expected = 0.7 + 0.3 * 20 / (10 + 2 * 10 / 10 * 10 + 20 + 12)
    assert abs(on_engines / n - expected) < 0.04


def test_a_point_on_the_engines_disables_three() -> None:
    battle = battle_of(ship(1, "A", "DEFEND", "1P//8-8"), ship(2, "B", "DEFEND", "1P//"))
    target = battle.ships[0]
    battle.point(target, 3, "B")
    assert target.parts["star"] + target.parts["inertia"] == 13


def test_hits_on_a_spent_area_are_excess_damage_and_destroy_at_the_ssd() -> None:
    battle = battle_of(ship(1, "A", "DEFEND", "3P//"), ship(2, "B", "DEFEND", "1P//"))
    target = battle.ships[0]
    for _ in range(3):
        battle.point(target, 1, "B")
    assert target.parts["p_types"] == 0 and target.excess == 0
    battle.point(target, 1, "B")
    battle.point(target, 2, "B")  # no main area: excess
    assert target.excess == 2 and target.alive
    battle.point(target, 4, "B")
    assert target.excess == 3 and not target.alive
    assert isinstance(battle.events[-1], ShipDestroyed)


def test_lost_racks_lose_their_missiles() -> None:
    battle = battle_of(ship(1, "A", "DEFEND", "1T4//"), ship(2, "B", "DEFEND", "1P//"))
    target = battle.ships[0]
    while target.parts["racks"] == 4:
        battle.lose_item(target, ("racks",))
    assert target.missiles == 3


def test_ships_that_cannot_fire_maneuver_but_platforms_and_stopped_ships_cannot() -> None:
    gun = ship(1, "A", "DEFEND", "5P//-10")
    freighter = ship(2, "B", "DEFEND", "/;;20/16-16")
    depot = ship(3, "B", "DEFEND", "/;;20/")
    stopped = replace(freighter, id=4, current=replace(freighter.current, inertia=0))
    result = fight([gun, freighter, depot, stopped], random.Random(1), rounds=2)
    assert by_id(result, 2).maneuvered
    assert not by_id(result, 3).maneuvered and not by_id(result, 4).maneuvered
    assert not by_id(result, 1).maneuvered


# --- The end of combat and of the fortnight -----------------------------------------


def test_combat_ends_with_one_empire_left_or_after_ten_rounds() -> None:
    strong = ship(1, "A", "DEFEND", "30P//-10")
    weak = ship(2, "B", "DEFEND", "1P//-10")
    result = fight([strong, weak], random.Random(1))
    assert result.rounds < 10 and result.destroyed == (("B", 2),)
    assert result.events[-1] == BattleEnded(result.rounds, ("A",))
    walls = [ship(1, "A", "DEFEND", "1P/100;;/"), ship(2, "B", "DEFEND", "1P/100;;/")]
    result = fight(walls, random.Random(1))
    assert result.rounds == 10 and result.destroyed == ()
    assert len(survivors(walls, result)) == 2


def test_an_attack_is_called_off_above_max_ssd() -> None:
    attacker = ship(1, "A", "ATTACK", "5P//-10", max_ssd=20)
    result = fight([attacker, ship(2, "B", "DEFEND", "30P//")], random.Random(1))
    assert result.events[0] == AttackCalledOff(1, "A", 30, 20)
    assert result.rounds == 0 and not by_id(result, 1).engaged


def test_ship_ids_are_each_empires_own() -> None:
    a = [ship(1001, "A", "DEFEND", "/20;1;/-4"), ship(1002, "A", "DEFEND", "2P//-16", carrier=1001)]
    b_ = [ship(1001, "B", "DEFEND", "30P//-10"), ship(1002, "B", "DEFEND", "2P//-16")]
    result = fight([*a, *b_], random.Random(2), rounds=1)
    fighter = by_id_of(result, "A", 1002)
    assert fighter.shots == 0 and fighter.damage_taken == 0  # deploying from A's 1001
    assert by_id_of(result, "B", 1002).shots == 2


def test_crews_repair_excess_and_hangars_repair_their_ships() -> None:
    carrier = ship(10, "A", "DEFEND", "/;1;/-4", excess=1)
    fighter = ship(11, "A", "DEFEND", "2P//-16", carrier=10)
    fighter = replace(fighter, current=parse_rating("1P//-10"), excess=1)
    other = replace(ship(12, "A", "DEFEND", "2P//-16", carrier=10), current=parse_rating("1P//-10"))
    after = {c.id: c for c in fortnight_end([carrier, fighter, other])}
    assert after[10].excess == after[11].excess == 0
    assert after[11].current == fighter.design  # one bay: one ship repaired
    assert after[12].current == parse_rating("1P//-10")


def test_the_same_stream_gives_the_same_battle() -> None:
    ships = [
        ship(1, "A", "DEFEND", "2D+10P+2T10/4;2;10/8-8"),
        ship(2, "B", "SECURE", "18P+3T20//8-10", tech=2),
        ship(3, "C", "ATTACK", "4P+4T40/6;;/-10"),
    ]
    assert fight(ships, random.Random(5)) == fight(ships, random.Random(5))


# --- Nothing from nothing --------------------------------------------------------------

RATINGS = (
    "2D+10P+2T10/4;2;10/8-8",
    "2P//-16",
    "18P+3T20//8-10",
    "4P+4T40/6;;/-10",
    "6D+10P+3T20//",
    "/;;20/16-16",
    "/;2;/-6",
    "//19-1",
)
ORDERS = ("ATTACK", "SECURE", "DEFEND", "PATROL", "SENTRY", "DESTROY", "SCOUT", "TO")


@st.composite
def fleets(draw: st.DrawFn) -> list[Combatant]:
    n = draw(st.integers(2, 14))
    ships: list[Combatant] = []
    for i in range(n):
        c = ship(
            100 + i,
            draw(st.sampled_from("ABC")),
            draw(st.sampled_from(ORDERS)),
            draw(st.sampled_from(RATINGS)),
            tech=draw(st.integers(1, 3)),
            caught=draw(st.booleans()),
            targets=Targets.of(
                [draw(st.integers(0, 6)) for _ in range(3)] + [draw(st.integers(0, 60))]
            ),
        )
        if c.design.hangars == 0 and draw(st.booleans()) and ships:
            c = replace(c, carrier=draw(st.sampled_from([s.id for s in ships])))
        ships.append(c)
    return ships


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(fleets(), st.integers(0, 2**32))
def test_no_battle_creates_ships_damage_or_missiles(ships: list[Combatant], seed: int) -> None:
    result = fight(ships, random.Random(seed))
    assert [s.id for s in result.ships] == [c.id for c in ships]
    for c, s in zip(ships, result.ships, strict=True):
        for part in ("drones", "p_types", "t_launchers", "racks", "shields", "hangars"):
            assert getattr(s.current, part) <= getattr(c.current, part)
        assert s.current.star + s.current.inertia <= c.current.star + c.current.inertia
        assert s.missiles <= c.missiles and s.missiles <= s.current.racks
        assert s.excess >= c.excess
        if s.destroyed:
            lost = any(isinstance(e, LostWithHangar) and e.ship == c.id for e in result.events)
            assert lost or s.excess >= ssd(c.design)
        else:
            assert s.excess < ssd(c.design)
    assert set(result.destroyed) == {(s.empire, s.id) for s in result.ships if s.destroyed}
    dealt = sum(s.damage_dealt for s in result.ships)
    taken = sum(s.damage_taken for s in result.ships)
    assert taken <= dealt


def test_three_engines_a_point_are_drawn_from_every_drive_and_no_more_than_there_are() -> None:
    """DAMAGE: "One point of damage will disable three engines"; house rule Engines:
    each drawn at random among the working star and inertia drives (both lines lose some
    over many points), and a ship with fewer than three loses all it has."""
    mixed = 0
    for seed in range(40):
        battle = battle_of(ship(1, "A", "DEFEND", "1P//3-3"), ship(2, "B", "DEFEND", "1P//"))
        battle.rng.seed(seed)
        target = battle.ships[0]
        battle.point(target, 3, "B")
        star, inertia = target.parts["star"], target.parts["inertia"]
        assert star + inertia == 3  # three of the six, whichever drives
        mixed += 0 < star < 3
    assert mixed > 0  # one point may take engines of both drives
    battle = battle_of(ship(1, "A", "DEFEND", "1P//1-1"), ship(2, "B", "DEFEND", "1P//"))
    target = battle.ships[0]
    battle.point(target, 3, "B")
    assert (target.parts["star"], target.parts["inertia"], target.excess) == (0, 0, 0)


def test_missiles_are_the_empires_current_type_refit_or_not() -> None:
    """MISSILES: "It is not necessary to REFIT a ship in order to fire the higher Tech
    Level missiles": a Tech-1 torpedo boat of a Tech-2 empire hits for 8/4, not 4/2."""
    target = ship(2, "B", "DEFEND", "1P/100;;/-1")
    old = fight([ship(1, "A", "DEFEND", "2T3//-10"), target], random.Random(6), rounds=5)
    new = fight(
        [ship(1, "A", "DEFEND", "2T3//-10", missile_tech=2), target], random.Random(6), rounds=5
    )
    before, after = by_id(old, 1), by_id(new, 1)
    assert before.hits == after.hits > 0  # the same shots hit: only the warheads differ
    assert after.damage_dealt == 2 * before.damage_dealt


def test_a_battle_arms_each_ship_with_its_empires_missiles() -> None:
    """A Tech-1 ship of an empire at Tech 2 goes to battle with Tech-2 missiles."""
    from galbatch.engine.contract.rng import Streams
    from galbatch.rules.galactac.combat import combatant
    from galbatch.rules.galactac.resolve import start
    from tests import galactac_world as gw

    state = gw.world()
    boat = gw.ship(state, gw.ALPHA, "DD1", "85-23")
    state.empires[gw.ALPHA].tech = 2
    fighter = combatant(start(state, Streams(1, state.turn + 1)), boat, False)
    assert (fighter.tech, fighter.missile_tech) == (1, 2)


def test_a_drone_shot_down_in_flight_disables_its_bay() -> None:
    """COMBAT: "Note that a Drone destroyed in flight also disables its Drone bay in the
    mother ship": the bay is lost with the drone, and the ship leaves the battle with it
    disabled."""
    for seed in range(20):
        battle = battle_of(
            ship(1, "A", "DEFEND", "2D//"), ship(2, "B", "DEFEND", "2D//"), seed=seed
        )
        hunter, carrier = battle.ships
        battle.fire_drone(hunter)
        if hunter.hits:
            assert (carrier.drones_up, carrier.parts["drones"]) == (1, 1)
            break
    else:
        raise AssertionError("no drone hit in 20 battles")
