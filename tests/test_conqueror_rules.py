"""Galactic Conqueror's turn: every rule and table with the rule book's own numbers."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.rules.conqueror import orders as o
from galbatch.rules.conqueror.battle import (
    current_defence,
    fortress_hit_chance,
    planet_hit_chance,
    population_after_shots,
    ship_hit_chance,
)
from galbatch.rules.conqueror.economy import grown, loyal_share, output, ship_price
from galbatch.rules.conqueror.espionage import corruption_change, espionage_chance
from galbatch.rules.conqueror.events import place_bonus
from galbatch.rules.conqueror.execute import carry_out
from galbatch.rules.conqueror.field import between
from galbatch.rules.conqueror.house import HOUSE_RULES
from galbatch.rules.conqueror.movement import contact_chance, jump
from galbatch.rules.conqueror.resolve import resolve
from galbatch.rules.conqueror.rewards import news_threshold, reward_limit
from galbatch.rules.conqueror.setup import new_game
from galbatch.rules.conqueror.state import GameState, Planet, Player, Ship, Shipyard
from galbatch.rules.conqueror.tables import (
    ARMAMENT,
    COMMUNICATION,
    CONSTRUCTION,
    MAX_SHIPS,
    MEDICINE,
    PLANETARY_DEFENSE,
    PROPULSION,
    RESEARCH,
    SHIP_CLASSES,
    capacity_score,
    growth_percent,
    planet_score,
    population_score,
    ship_cost,
    ship_kill_score,
    ship_range,
    tech_level,
)
from galbatch.rules.conqueror.turn import Turn
from galbatch.rules.conqueror.view import build_view

SURE = 30  # kills that make a ship's every shot hit (2 percent each)
SHIELDED = 9  # shield TL no fortress or ship of TL 0 can hit (50 - 72 < 0)


def home(number: int, x: int, y: int, owner: str) -> Planet:
    """A home planet with 100 of every facility and 200 PU to spend."""
    return Planet(
        number,
        x,
        y,
        owner=owner,
        home=owner,
        pu=200,
        factories=100,
        mines=100,
        refineries=100,
        farms=100,
        population=10000,
        fortresses=5,
        yards=[Shipyard(8, 11, 0, False)],
    )


def world(turn: int = 0) -> GameState:
    """Three players on a small field: homes 1, 2, 6; neutrals 3 and 4; player 2's planet 5."""
    planets = {
        1: home(1, 10, 10, "1"),
        2: home(2, 40, 10, "2"),
        3: Planet(
            3,
            13,
            14,
            fortresses=2,
            natural_defence=1,
            population=1000,
            factories=10,
            mines=10,
            refineries=10,
            farms=10,
        ),  # 5 from planet 1
        4: Planet(4, 10, 30, fortresses=3, population=2000),  # 20 from planet 1
        5: Planet(5, 36, 10, owner="2", population=1000, fortresses=1),  # 4 from planet 2
        6: home(6, 70, 10, "3"),
    }
    players = {
        p: Player(p, name, int(p)) for p, name in [("1", "ALPHA"), ("2", "BETA"), ("3", "GAMMA")]
    }
    return GameState(turn, 3000, 80, 40, planets, players)


def add_ship(state: GameState, owner: str, ship_class: int, at: int, **values: int) -> Ship:
    """A new ship of the player's in orbit of `at`."""
    me = state.players[owner]
    ship = Ship(me.next_ship, owner, ship_class, 0, 0, 0, at)
    for name, value in values.items():
        setattr(ship, name, value)
    me.next_ship += 1
    state.ships.append(ship)
    return ship


def run(state: GameState, orders: dict[str, list[Any]] | None = None, seed: int = 1) -> GameState:
    return resolve(state, orders or {}, Streams(seed, state.turn + 1))


def part(state: GameState, player: str, label: str) -> int:
    """One score part of the player's breakdown."""
    return dict(state.players[player].breakdown)[label]


def lines(state: GameState, planet: int) -> list[str]:
    return [line for b in state.battles if b.planet == planet for line in b.lines]


# Formulas and tables with the book's numbers


def test_hit_chance_example() -> None:
    # 2.3.1: armament 1 against natural defence 7 and planetary defense 3: 50 + 5 - 35 - 15 = 5
    assert planet_hit_chance(1, 0, 3, 7) == 5


def test_hit_chances() -> None:
    assert ship_hit_chance(0, 0, 0) == 50
    assert ship_hit_chance(2, 3, 1) == 50 + 10 + 6 - 8
    assert fortress_hit_chance(3, 2) == 50 + 15 - 16
    assert planet_hit_chance(0, 5, 0, 0) == 60


def test_population_and_planet_scores() -> None:
    assert planet_score(2344) == 3  # 2.1.2
    assert population_score(24000) == 17  # 2.4: 10 + 7


def test_capacity_score() -> None:
    assert capacity_score(5400) == 520  # 2.4: 200 + 200 + 120


def test_ship_kill_scores() -> None:
    assert ship_kill_score(7) == 1
    assert ship_kill_score(19) == 12


def test_ship_costs_and_surcharge() -> None:
    assert ship_cost(11, 0) == 16
    assert ship_cost(15, 3) == 26  # 2.3.7
    assert ship_price(11, 0, surcharge=False) == 16
    assert ship_price(11, 0, surcharge=True) == 24  # 50 percent more for the first


def test_ship_range() -> None:
    assert ship_range(19, 0) == 6
    assert ship_range(19, 4) == 20  # 2.3.6: 6 + 2 + 3 + 4 + 5


def test_growth() -> None:
    assert growth_percent(8, 2) == 12  # 2.3.3: 2 + 4 + 6
    assert grown(10000, 8, 2) == 11200
    assert grown(10000, 9, 0) == 10100
    assert grown(10000, 1, 0) == 10900
    assert grown(29000, 1, 9) == 30000  # the maximum population


def test_research_thresholds() -> None:
    assert [tech_level(pu) for pu in (0, 49, 50, 149, 150, 349, 350)] == [0, 0, 1, 1, 2, 2, 3]
    assert tech_level(8999) == 8 and tech_level(9000) == 9
    assert all(tech_level(pu) == level for level, pu in RESEARCH.items())


def test_loyalty_reduces_production() -> None:
    assert loyal_share(100, 10) == 100
    assert loyal_share(100, 8) == 90  # 5 percent per point below 10
    assert loyal_share(100, 1) == 55


def test_pu_limited_by_products_and_population() -> None:
    planet = Planet(1, 0, 0, factories=100, mines=30, refineries=100, farms=100, population=10000)
    made = output(planet)
    assert (made.pu, made.mpu, made.rpu, made.apu) == (30, 0, 70, 70)
    planet.population = 200  # 20 factories can work
    assert output(planet).pu == 20
    planet = Planet(
        1, 0, 0, factories=100, mines=0, mpu=50, refineries=100, farms=100, population=10000
    )
    assert output(planet).pu == 50  # stored MPU are used
    planet.loyalty = 8
    made = output(planet)
    assert (made.pu, made.rpu) == (50, 40)  # factories 90, RPU 90, APU 90, MPU 50


def test_population_loss_per_shot() -> None:
    """2.2.2: "each shot on an enemy planet reduces its population by 1 percent. This value
    is reduced by 0.1 percent for each medicine technology level of the defending player."
    """
    assert population_after_shots(10000, 0, 1) == 9900  # 1 percent
    assert population_after_shots(10000, 3, 1) == 9930  # 0.1 percent less per medicine TL
    assert population_after_shots(10000, 10, 1) == 10000
    assert population_after_shots(10000, 0, 0) == 10000


def test_population_under_100_loses_to_shots() -> None:
    """2.2.2: "each shot on an enemy planet reduces its population by 1 percent". The
    fractions are kept and rounded once (house rule): a planet of 99 that takes 150 shots
    keeps 99 * 0.99 ** 150 = 21.9, that is 22, where rounding each shot down kept all 99."""
    assert population_after_shots(99, 0, 150) == 22
    assert population_after_shots(99, 0, 1) == 98  # 98.01
    assert population_after_shots(50, 0, 1) == 50  # 49.5 rounds half up
    assert population_after_shots(99, 5, 150) == 47  # medicine TL 5, 0.5 percent a shot: 46.7


def test_espionage_and_corruption_numbers() -> None:
    assert espionage_chance(15, 6, 0, 0) == 90
    assert espionage_chance(100, 1, 50, 1) == 50
    assert corruption_change(20, 2) == 4  # 3.11: 20 PU at CTL 5 reduce loyalty by 4
    assert corruption_change(19, 2) == 2


def test_reward_numbers() -> None:
    assert reward_limit(12) == 12
    assert reward_limit(80) == 50
    assert news_threshold(0) == 20
    assert news_threshold(3) == 14


def test_contact_chance() -> None:
    assert contact_chance(0) == 0
    assert contact_chance(6) == 60


# Shipyards


def test_class_11_on_a_size_8_yard_takes_two_turns() -> None:
    state = world()
    after = run(state, {"1": [o.Invest(1, 1, 8)]})
    assert len(after.fleet("1")) == 0
    assert after.planets[1].yards[0].invested == 8
    after = run(after, {"1": [o.Invest(1, 1, 8)]})
    assert [s.ship_class for s in after.fleet("1")] == [11]
    assert after.planets[1].yards[0].invested == 0


def test_investment_is_limited_by_the_yard_size() -> None:
    state = world()
    after = run(state, {"1": [o.Invest(1, 1, 5), o.Invest(1, 1, 5)]})
    assert after.planets[1].yards[0].invested == 8
    assert part(after, "1", "UNUSED PU") == (200 - 8) // 10


def test_one_ship_a_turn_and_the_surplus_stays() -> None:
    state = world()
    state.planets[1].yards = [Shipyard(32, 11, 0, False)]
    after = run(state, {"1": [o.Invest(1, 1, 32)]})
    assert len(after.fleet("1")) == 1
    assert after.planets[1].yards[0].invested == 16
    after = run(after)
    assert len(after.fleet("1")) == 2  # the surplus builds the next ship
    assert after.planets[1].yards[0].invested == 0


def test_class_change_loses_the_surplus() -> None:
    state = world()
    state.planets[1].yards = [Shipyard(32, 11, 16, False)]
    after = run(state, {"1": [o.SetClass(1, 1, 12)]})
    yard = after.planets[1].yards[0]
    assert (yard.ship_class, yard.invested, yard.surcharge) == (12, 0, True)
    state.planets[1].yards = [Shipyard(32, 11, 10, False)]
    after = run(state, {"1": [o.SetClass(1, 1, 11)]})
    assert after.planets[1].yards[0].invested == 10  # the same class changes nothing


def test_first_ship_of_a_class_costs_half_more() -> None:
    state = world()
    state.planets[1].yards = [Shipyard(32, 11, 0, True)]
    after = run(state, {"1": [o.Invest(1, 1, 16)]})
    assert len(after.fleet("1")) == 0
    after = run(after, {"1": [o.Invest(1, 1, 8)]})
    assert len(after.fleet("1")) == 1
    yard = after.planets[1].yards[0]
    assert (yard.invested, yard.surcharge) == (0, False)


def test_construction_tl_3_builds_class_15_for_26() -> None:
    state = world()
    state.players["1"].research[CONSTRUCTION] = RESEARCH[3]
    state.planets[1].yards = [Shipyard(26, 15, 0, False)]
    after = run(state, {"1": [o.Invest(1, 1, 26)]})
    assert [s.ship_class for s in after.fleet("1")] == [15]
    assert after.planets[1].yards[0].invested == 0


def test_new_ships_get_the_current_tls() -> None:
    state = world()
    state.players["1"].research[ARMAMENT] = RESEARCH[2]
    state.players["1"].research[PROPULSION] = RESEARCH[4]
    state.planets[1].yards = [Shipyard(90, 19, 86, False)]
    after = run(state)
    ship = after.fleet("1")[0]
    assert (ship.ship_class, ship.armament, ship.shield, ship.propulsion) == (19, 2, 0, 4)
    assert build_view(after, "1")["fleet"][0]["range"] == 20
    assert ship.number == 1 and after.players["1"].next_ship == 2


def test_spares_per_pu() -> None:
    state = world()
    state.players["1"].research[CONSTRUCTION] = RESEARCH[2]
    state.planets[1].yards = [Shipyard(20, 0, 0, False)]
    after = run(state, {"1": [o.Invest(1, 1, 10)]})
    assert after.planets[1].spares == 10 * 4  # table 5.6: 4 spares per PU at COTL 2
    assert after.planets[1].yards[0].invested == 0


def test_siege_stops_the_shipyards() -> None:
    state = world()
    state.planets[2].yards = [Shipyard(8, 11, 16, False)]
    add_ship(state, "1", 1, 2, shield=SHIELDED)  # an unarmed transport the fortresses miss
    after = run(state)
    assert after.fleet("2") == []
    assert after.planets[2].yards[0].invested == 16
    assert any("BESIEGED" in m for m in after.players["2"].messages)
    assert after.planets[2].ships_in_orbit == 1


def test_no_ship_beyond_200() -> None:
    state = world()
    for _ in range(MAX_SHIPS):
        add_ship(state, "1", 7, 1)
    state.planets[1].yards = [Shipyard(8, 11, 16, False)]
    after = run(state)
    assert len(after.fleet("1")) == MAX_SHIPS
    assert after.planets[1].yards[0].invested == 16


# Production


def test_fortress_cost_by_planetary_defense_tl() -> None:
    state = world()
    after = run(state, {"1": [o.Produce(1, 1, 10)]})
    assert after.planets[1].fortresses == 15
    assert part(after, "1", "UNUSED PU") == (200 - 70) // 10
    state.players["1"].research[PLANETARY_DEFENSE] = RESEARCH[4]
    after = run(state, {"1": [o.Produce(1, 1, 10)]})
    assert part(after, "1", "UNUSED PU") == (200 - 50) // 10
    after = run(world(), {"1": [o.Produce(1, 1, 100)]})
    assert after.planets[1].fortresses == 5 + 200 // 7  # clamped to the PU there are


def test_facilities_kits_and_shipyards() -> None:
    state = world()
    after = run(state, {"1": [o.Produce(1, 2, 10), o.Produce(1, 3, 5), o.Produce(1, 11, 4)]})
    planet = after.planets[1]
    assert planet.mines == 110 and planet.m_kits == 5
    assert [y.size for y in planet.yards] == [8, 4]
    assert part(after, "1", "UNUSED PU") == (200 - 20 - 15 - 40) // 10


def test_factories_need_population() -> None:
    state = world()
    state.planets[1].population = 1050  # room for 105 factories
    after = run(state, {"1": [o.Produce(1, 8, 20)]})
    assert after.planets[1].factories == 105


def test_install_kits() -> None:
    state = world()
    state.planets[1].f_kits = 10
    state.planets[1].a_kits = 4
    after = run(state, {"1": [o.Install(1, 8, 10), o.Install(1, 6, 9)]})
    planet = after.planets[1]
    assert (planet.factories, planet.f_kits) == (110, 0)
    assert (planet.farms, planet.a_kits) == (104, 0)
    state.planets[1].population = 1000  # no room for more factories
    after = run(state, {"1": [o.Install(1, 8, 10)]})
    assert (after.planets[1].factories, after.planets[1].f_kits) == (100, 10)


def test_research_accumulates_and_is_announced() -> None:
    state = world()
    after = run(state, {"1": [o.Research(1, 30, ARMAMENT), o.Research(1, 30, ARMAMENT)]})
    assert after.players["1"].research[ARMAMENT] == 60
    assert "ARMAMENT TECHNOLOGY LEVEL 1 REACHED" in after.players["1"].messages
    assert build_view(after, "1")["tech"][ARMAMENT] == 1


def test_next_turns_pu_and_stores() -> None:
    state = world()
    state.planets[1].mines = 150
    after = run(state)
    planet = after.planets[1]
    assert (planet.pu, planet.mpu, planet.rpu, planet.apu) == (100, 50, 0, 0)
    assert after.planets[3].pu == 0  # neutral planets produce for nobody


def test_first_turn_has_800_pu_then_normal_production() -> None:
    players = [PlayerInfo("1", "Luke", 1), PlayerInfo("2", "Leia", 2)]
    state = new_game(3, players, {})
    planet = next(p for p in state.planets.values() if p.home == "1")
    assert planet.pu == 800
    after = run(state)
    assert after.planets[planet.number].pu == HOUSE_RULES.home_facilities
    assert part(after, "1", "UNUSED PU") == 80


def test_population_growth_with_medicine() -> None:
    state = world()
    state.players["1"].research[MEDICINE] = RESEARCH[2]
    after = run(state)
    assert after.planets[1].population == 11500  # natural defence 5 (5 %) + 4 + 6
    assert after.planets[3].population == 1090  # a neutral planet, natural defence 1


def test_neutral_planets_fortify_after_turn_4() -> None:
    assert run(world(turn=3)).planets[4].fortresses == 3
    after = run(world(turn=4))
    assert after.turn == 5
    assert 4 <= after.planets[4].fortresses <= 5
    assert 3 <= after.planets[3].fortresses <= 4
    assert after.planets[5].fortresses == 1  # owned planets do not


# Score


def test_unused_pu_score() -> None:
    after = run(world(), {"1": [o.Research(1, 150, ARMAMENT)]})
    assert part(after, "1", "UNUSED PU") == 5
    assert part(after, "2", "UNUSED PU") == 20


def test_score_parts() -> None:
    after = run(world())
    assert part(after, "1", "PLANETS") == 1
    assert part(after, "1", "POPULATION") == population_score(10500)
    assert part(after, "1", "PRODUCTION CAPACITY") == capacity_score(100)
    assert part(after, "2", "PLANETS") == 2
    assert part(after, "2", "PRODUCTION CAPACITY") == capacity_score(
        after.planets[2].pu + after.planets[5].pu
    )
    me = after.players["1"]
    assert me.score == sum(points for _, points in me.breakdown)
    assert [label for label, _ in me.breakdown][:4] == [
        "PLANETS",
        "POPULATION",
        "PRODUCTION CAPACITY",
        "UNUSED PU",
    ]


def test_winner() -> None:
    state = world()
    state.final_score = 150
    state.players["2"].score = 100
    after = run(state)
    assert after.winner == "2"  # player 2 owns two planets and scores more than the others
    assert after.finished
    state.players["2"].score = 0
    assert run(state).winner is None


# Movement


def test_multi_turn_flight() -> None:
    state = world()
    state.planets[4].fortresses = 0
    ship = add_ship(state, "1", 8, 1)  # range 8; planet 4 is 20 away
    after = run(state, {"1": [o.Move("S", ship.number, 4)]})
    moved = after.fleet("1")[0]
    assert (moved.position, moved.destination, moved.rest) == (0, 4, 12)
    after = run(after)
    moved = after.fleet("1")[0]
    assert (moved.position, moved.destination, moved.rest) == (0, 4, 4)
    after = run(after)
    moved = after.fleet("1")[0]
    assert (moved.position, moved.destination, moved.rest) == (4, 0, 0)
    assert after.planets[4].owner == "1"  # undefended: the armed ship takes it


def test_task_force_moves_together() -> None:
    state = world()
    a = add_ship(state, "1", 7, 1, shield=SHIELDED)
    b = add_ship(state, "1", 7, 1, shield=SHIELDED)
    add_ship(state, "1", 7, 1)
    orders = [o.Attach(a.number, 3), o.Attach(b.number, 3), o.Move("T", 3, 3)]
    after = run(state, {"1": orders})
    positions = sorted((s.task_force, s.position) for s in after.fleet("1"))
    assert positions == [(0, 1), (3, 3), (3, 3)]


def test_one_move_per_ship() -> None:
    state = world()
    ship = add_ship(state, "1", 7, 1, shield=SHIELDED)
    after = run(state, {"1": [o.Move("S", ship.number, 3), o.Move("S", ship.number, 4)]})
    assert after.fleet("1")[0].position == 3


class Fixed(random.Random):
    """A random stream whose every randrange gives the same number."""

    def __init__(self, value: int) -> None:
        super().__init__(0)
        self.value = value

    def randrange(self, *args: Any, **kwargs: Any) -> int:
        return self.value


def test_hyperspace_jump_without_contact_loses_the_ship() -> None:
    state = world()
    ship = add_ship(state, "1", 8, 0, destination=4, rest=10)
    turn = Turn(state, Streams(1, 1))
    jump(turn, turn.fleet("1")[0], 2, Fixed(0))  # CTL 0: no contact at all
    assert turn.fleet("1") == []
    assert any(f"SHIP {ship.number}" in m for m in state.players["1"].messages)


def test_hyperspace_jump_with_contact_reveals_the_planet() -> None:
    state = world()
    state.players["1"].research[COMMUNICATION] = RESEARCH[6]
    add_ship(state, "1", 8, 0, destination=4, rest=10)
    turn = Turn(state, Streams(1, 1))
    jump(turn, turn.fleet("1")[0], 2, Fixed(59))  # contact chance 60 percent
    ship = turn.fleet("1")[0]
    assert (ship.position, ship.destination, ship.rest) == (2, 0, 0)
    assert 2 in state.players["1"].known


# Cargo


def test_load_and_unload_colonists() -> None:
    state = world()
    ship = add_ship(state, "1", 1, 1)  # 32 transport units
    after = run(state, {"1": [o.Load("S", ship.number, 9, 2)]})
    assert after.fleet("1")[0].cargo[8] == 2
    assert after.planets[1].population == grown(10000 - 40, 5, 0)
    after = run(state, {"1": [o.Load("S", ship.number, 9, 0), o.Unload("S", ship.number, 9, 5)]})
    assert after.fleet("1")[0].cargo[8] == 27
    assert after.planets[1].population == grown(10000 - 32 * 20 + 5 * 20, 5, 0)


def test_load_as_much_as_there_is_and_unload_everything() -> None:
    state = world()
    state.planets[1].mpu = 10
    ship = add_ship(state, "1", 1, 1)
    after = run(state, {"1": [o.Load("S", ship.number, 2, 0)]})
    assert after.fleet("1")[0].cargo[1] == 10
    assert after.planets[1].mpu == 0
    state.planets[1].mpu = 0
    ship.cargo[1] = 7
    after = run(state, {"1": [o.Unload("S", ship.number, 2, 0)]})
    assert after.fleet("1")[0].cargo[1] == 0
    assert after.planets[1].mpu == 7


def test_no_cargo_after_the_move() -> None:
    state = world()
    ship = add_ship(state, "1", 1, 1)
    orders = [o.Move("S", ship.number, 3), o.Load("S", ship.number, 9, 1)]
    after = run(state, {"1": orders})
    assert sum(after.fleet("1")[0].cargo) == 0
    assert after.planets[1].population == grown(10000, 5, 0)


def test_cargo_only_at_own_planets() -> None:
    state = world()
    ship = add_ship(state, "1", 1, 5, shield=SHIELDED)
    after = run(state, {"1": [o.Load("S", ship.number, 9, 1)]})
    assert sum(after.fleet("1")[0].cargo) == 0


# Scrap, transfer


def test_scrap_in_orbit_gives_spares() -> None:
    state = world()
    ship = add_ship(state, "1", 11, 1)
    flying = add_ship(state, "1", 11, 0, destination=4, rest=30)
    after = run(state, {"1": [o.Scrap(ship.number), o.Scrap(flying.number)]})
    assert after.fleet("1") == []
    assert after.planets[1].spares == SHIP_CLASSES[11].cost // 2  # 8


def test_transfer_after_a_move_with_broadcast() -> None:
    state = world()
    ship = add_ship(state, "1", 16, 1)
    after = run(state, {"1": [o.Move("S", ship.number, 5), o.TransferShip(ship.number, 2)]})
    assert after.fleet("1") == []
    received = after.fleet("2")
    assert [(s.number, s.ship_class) for s in received] == [(1, 16)]
    assert after.players["2"].next_ship == 2


def test_a_big_ships_transfer_is_told_to_every_other_player() -> None:
    """3.8: "If a ship of class 16 or higher is transferred to another player, every other
    player in the game will get a message about this transfer." The giver and the receiver
    get their own messages, not the announcement; GAMMA, the other player, gets it; the
    game master's summary lists it with whom it was not told to."""
    from galbatch.engine.contract.records import PrintContext
    from galbatch.rules.conqueror.printout import gm_printout

    state = world()
    ship = add_ship(state, "1", 16, 1)
    after = run(state, {"1": [o.Move("S", ship.number, 5), o.TransferShip(ship.number, 2)]})
    news = "ALPHA TRANSFERRED A SHIP OF CLASS 16 TO BETA"
    assert after.announcements == [(news, ("1", "2"))] and after.broadcasts == []
    assert news in build_view(after, "3")["messages"]
    assert news not in build_view(after, "1")["messages"]
    assert news not in build_view(after, "2")["messages"]
    assert "SHIP 1 TRANSFERRED TO BETA" in build_view(after, "1")["messages"]
    assert "ALPHA TRANSFERRED A SHIP OF CLASS 16 TO YOU: SHIP 1" in after.players["2"].messages
    ctx = PrintContext("GC16", "GALACTIC CONQUEROR", "GM", "1997-02-19", "1997-02-26", 80, "")
    text = [
        line
        for section in gm_printout(after, ctx).sections
        for block in section.blocks
        for line in getattr(block, "lines", ())
    ]
    assert f"{news} (TO EVERY PLAYER BUT ALPHA AND BETA)" in " ".join(" ".join(text).split())
    assert GameState.from_data(after.to_data()).announcements == after.announcements


def test_a_transfer_to_a_planet_not_the_receivers_fails_and_says_why() -> None:
    """3.8: the transfer "can only be used after a "Move" command for the ship, which sends
    the ship to one of the receiving player's planets." A player may not know whose a planet
    is (the order check only warns, GQ401): if it is not the receiver's, the ship stays his,
    flies there, and his printout says that the transfer failed and why."""
    state = world()
    ship = add_ship(state, "1", 7, 1, shield=SHIELDED)
    after = run(state, {"1": [o.Move("S", ship.number, 3), o.TransferShip(ship.number, 2)]})
    assert [s.number for s in after.fleet("1")] == [ship.number] and after.fleet("2") == []
    assert (
        "SHIP 1 WAS NOT TRANSFERRED TO BETA: PLANET 3 DOES NOT BELONG TO BETA; "
        "THE SHIP FLIES THERE AS YOURS" in after.players["1"].messages
    )
    after = run(state, {"1": [o.TransferShip(ship.number, 2)]})
    assert (
        "SHIP 1 WAS NOT TRANSFERRED TO BETA: IT HAS NO MOVEMENT COMMAND"
        in after.players["1"].messages
    )


def test_small_transfers_are_not_broadcast() -> None:
    state = world()
    ship = add_ship(state, "1", 15, 1)
    after = run(state, {"1": [o.Move("S", ship.number, 5), o.TransferShip(ship.number, 2)]})
    assert len(after.fleet("2")) == 1
    assert after.broadcasts == [] and after.announcements == []


def test_transfer_needs_a_move_to_the_receivers_planet() -> None:
    state = world()
    ship = add_ship(state, "1", 7, 1, shield=SHIELDED)
    after = run(state, {"1": [o.TransferShip(ship.number, 2)]})
    assert len(after.fleet("1")) == 1
    after = run(state, {"1": [o.Move("S", ship.number, 3), o.TransferShip(ship.number, 2)]})
    assert len(after.fleet("1")) == 1


def test_two_transfers_a_turn_are_safe() -> None:
    for seed in range(5):
        state = world()
        ships = [add_ship(state, "1", 7, 1) for _ in range(6)]
        orders: list[Any] = []
        for s in ships:
            orders += [o.Move("S", s.number, 5), o.TransferShip(s.number, 2)]
        after = run(state, {"1": orders}, seed=seed)
        assert len(after.fleet("2")) >= 2
        jumped = sum("HYPERSPACE" in m for p in after.players.values() for m in p.messages)
        assert len(after.fleet("1")) + len(after.fleet("2")) + jumped == 6


# Battles


def test_a_hit_takes_one_point_and_below_zero_destroys() -> None:
    ship = Ship(1, "1", 7, 0, 0, 0, 1)
    assert current_defence(ship) == 1
    ship.damage = 2
    assert current_defence(ship) == -1


def test_space_battle_destroys_below_zero_at_the_end_of_the_round() -> None:
    state = world()
    state.planets[4].fortresses = 0
    hunter = add_ship(state, "1", 11, 4, kills=SURE, shield=SHIELDED)  # 4 sure shots a round
    add_ship(state, "2", 9, 4)  # defence 4: 4 hits leave 0, still alive
    after = run(state)
    report = lines(after, 4)
    assert "SPACE BATTLE ROUND 1: NO SHIP DESTROYED" in report
    assert any(line.startswith("SPACE BATTLE ROUND 2: BETA LOSES") for line in report)
    assert after.fleet("2") == []
    winner = after.fleet("1")[0]
    assert winner.number == hunter.number and winner.kills == SURE + 1
    assert part(after, "1", "SHIPS DESTROYED") == ship_kill_score(9)
    assert after.planets[4].owner == "1"  # then the undefended planet falls


def test_space_battle_stops_after_three_rounds() -> None:
    state = world()
    add_ship(state, "1", 8, 4, shield=SHIELDED)
    add_ship(state, "2", 8, 4, shield=SHIELDED)
    after = run(state)
    report = lines(after, 4)
    assert sum(line.startswith("SPACE BATTLE ROUND") for line in report) == 3
    assert "SHIPS OF SEVERAL PLAYERS REMAIN: THE FIGHTING STOPS FOR THIS TURN" in report
    assert len(after.fleet("1")) == len(after.fleet("2")) == 1
    assert after.planets[4].owner is None and after.planets[4].fortresses == 3  # no assault
    assert ("1", 4) in after.explorations and ("2", 4) in after.explorations
    battle = after.battles[0]
    assert battle.sides == ("NEUTRAL", "1", "2")


def test_unarmed_ships_surrender() -> None:
    state = world()
    state.planets[4].fortresses = 0
    add_ship(state, "1", 8, 4)
    add_ship(state, "2", 1, 4)
    add_ship(state, "2", 1, 4)
    after = run(state)
    assert after.fleet("2") == []
    assert [s.ship_class for s in after.fleet("1")] == [8, 1, 1]
    assert [s.number for s in after.fleet("1")] == [1, 2, 3]
    assert not any(line.startswith("SPACE BATTLE ROUND") for line in lines(after, 4))
    assert any("SURRENDERS" in line for line in lines(after, 4))


def test_no_surrender_to_a_full_fleet() -> None:
    state = world()
    state.planets[4].fortresses = 0
    for _ in range(MAX_SHIPS - 2):
        add_ship(state, "1", 7, 1)
    add_ship(state, "1", 8, 4, shield=SHIELDED)  # room for one more ship
    add_ship(state, "2", 1, 4, shield=SHIELDED)  # cannot join, and cannot be hit
    add_ship(state, "2", 1, 4, shield=SHIELDED)
    after = run(state)
    assert len(after.fleet("1")) == MAX_SHIPS
    assert len(after.fleet("2")) == 1


def test_assault_and_conquest() -> None:
    state = world()
    ships = [add_ship(state, "1", 8, 1, kills=SURE, shield=SHIELDED) for _ in range(2)]
    after = run(state, {"1": [o.Move("S", s.number, 3) for s in ships]})
    planet = after.planets[3]
    assert planet.owner == "1" and planet.loyalty == 1 and planet.fortresses == 0
    # two shots, each 1 percent of what is left: 1000 * 0.99 ** 2 = 980.1, rounded once
    # to 980; then the turn's growth
    assert planet.population == grown(980, 1, 0)
    assert part(after, "1", "CONQUESTS") == 1  # turn 1: 1 point
    assert part(after, "1", "FORTRESSES DESTROYED") == 2
    assert ("1", 3) in after.explorations
    assert after.battles[0].owner_after == "1"
    assert "PLANET 3 CONQUERED BY ALPHA" in lines(after, 3)


def test_a_planet_without_fortresses_falls_to_armed_ships_without_a_shot() -> None:
    """2.1.4: "A planet is conquered when its last fortress is destroyed by an enemy
    starship." 2.2.2: "the planetary defense is defeated when all fortresses are destroyed.
    If in the latter case there are still remaining enemy ships in the orbit, the owning
    player has gained control over the planet." 2.2.1.9: "Ships with attack 0 are unarmed
    and cannot be used to destroy enemy ships or to conquer planets."

    House rule: a planet with no fortress (BETA's planet 5, its last one destroyed before)
    has no planetary defense left to defeat; it falls to the armed ships left alone in its
    orbit at once, without a shot: no population lost, no fortress scored. Unarmed ships
    cannot take it."""
    state = world(turn=4)
    state.planets[5].fortresses = 0
    add_ship(state, "1", 7, 5)
    after = run(state)
    planet = after.planets[5]
    assert planet.owner == "1" and planet.loyalty == 1
    assert planet.population == grown(1000, 5, 0)  # no shot: only the turn's growth
    assert lines(after, 5)[2:] == [
        "PLANET 5 HAS NO FORTRESS TO DEFEND IT",
        "PLANET 5 CONQUERED BY ALPHA",
    ]
    assert part(after, "1", "CONQUESTS") == 5 and part(after, "1", "FORTRESSES DESTROYED") == 0
    assert part(after, "2", "PLANETS LOST") == -5
    state = world(turn=4)
    state.planets[5].fortresses = 0
    add_ship(state, "1", 1, 5)  # a transport: attack 0
    after = run(state)
    assert after.planets[5].owner == "2" and after.battles == []


def test_turns_count_in_stardates() -> None:
    """2.4: "n points for each successful conquest of a planet in game turn n (initial turn:
    1 point, stardate 3501: 2 points etc.)". The initial turn, turn 1, is stardate 3500;
    turn n is stardate 3499 + n, and its conquests score n points."""
    from galbatch.rules.conqueror.tables import stardate

    assert [stardate(n) for n in (0, 1, 2, 25)] == [3499, 3500, 3501, 3524]
    state = world(turn=1)  # turn 2, stardate 3501, comes next
    add_ship(state, "1", 8, 3, kills=SURE, shield=SHIELDED)
    assert part(run(state), "1", "CONQUESTS") == 2


def test_conquest_points_grow_with_the_turn_and_the_loser_loses_them() -> None:
    state = world(turn=6)
    add_ship(state, "1", 8, 5, kills=SURE, shield=SHIELDED)
    after = run(state)
    assert after.planets[5].owner == "1"
    assert part(after, "1", "CONQUESTS") == 7
    assert part(after, "2", "PLANETS LOST") == -7
    assert any("PLANET 5 WAS CONQUERED BY ALPHA" in m for m in after.players["2"].messages)


def test_fortresses_destroy_attackers() -> None:
    state = world()
    state.players["2"].research[PLANETARY_DEFENSE] = RESEARCH[9]  # fortresses hit 95 %
    add_ship(state, "1", 7, 2)  # and the ship cannot hit the planet: 50 - 45 - 25 < 0
    after = run(state)
    assert after.fleet("1") == []
    assert after.planets[2].owner == "2" and after.planets[2].fortresses == 5
    assert part(after, "2", "SHIPS DESTROYED") == ship_kill_score(7)
    assert "THE ATTACK ON PLANET 2 FAILED" in lines(after, 2)


def test_an_attack_costs_loyalty() -> None:
    state = world()
    state.players["2"].research[PLANETARY_DEFENSE] = RESEARCH[4]
    state.planets[2].natural_defence = 9
    add_ship(state, "1", 8, 2, shield=SHIELDED)  # neither side can hit
    after = run(state)
    planet = after.planets[2]
    assert planet.owner == "2" and planet.loyalty == 9 and planet.fortresses == 5
    assert planet.population < grown(10000, 9, 0)
    assert "PLANET 2 HOLDS WITH 5 FORTRESSES" in lines(after, 2)


def test_own_ships_defend_and_the_planet_stays() -> None:
    state = world()
    add_ship(state, "2", 11, 2, kills=SURE, shield=SHIELDED)
    add_ship(state, "1", 7, 2)
    after = run(state)
    assert after.fleet("1") == []
    assert after.planets[2].owner == "2"
    assert "PLANET 2 REMAINS WITH BETA" in lines(after, 2)


def test_spares_repair_ships() -> None:
    state = world()
    state.planets[1].spares = 10
    add_ship(state, "1", 9, 1, damage=3)
    after = run(state)
    assert after.fleet("1")[0].damage == 0
    assert after.planets[1].spares == 7
    state = world()
    add_ship(state, "1", 9, 1, damage=3)
    carrier = add_ship(state, "1", 1, 1)
    carrier.cargo[0] = 2
    after = run(state)
    assert [s.damage for s in after.fleet("1")] == [1, 0]
    assert after.fleet("1")[1].cargo[0] == 0


def test_spares_carried_repair_ships_during_a_battle_at_an_enemy_planet() -> None:
    """2.1.8: spares "are used automatically after a battle to repair own starships in
    orbit. In addition they can be loaded into a transport to repair ships during battle in
    orbits around enemy planets." 2.2.1.12: "If the current defense of the ship is lower
    than its maximum defence, spares are used as soon as possible to repair the ship."

    A class 8 (defence 2) with 2 hits (current defence 0) at BETA's planet 5, whose one
    fortress hits 95 % of the time (PD 9) and which it cannot hit back: alone, the first
    hit destroys it. With spares in a transport beside it, it is repaired before the first
    round and after each, so the fortress's one shot a round never gets it below 0."""
    destroyed = 0
    for seed in range(10):
        for spares in (0, 5):
            state = world()
            state.players["2"].research[PLANETARY_DEFENSE] = RESEARCH[9]
            warship = add_ship(state, "1", 8, 5, damage=2)
            transport = add_ship(state, "1", 1, 5, shield=SHIELDED)  # never hit
            transport.cargo[0] = spares
            after = run(state, seed=seed)
            alive = {s.number: s for s in after.fleet("1")}
            report = lines(after, 5)
            if spares:
                assert warship.number in alive, (seed, report)
                assert report[2] == "SPARES CARRIED BY ALPHA REPAIR 2 HITS"  # before round 1
                assert report[3].startswith("ASSAULT ROUND 1")
                assert alive[warship.number].damage == 0
                hit = sum(line.startswith("SPARES") for line in report[4:])
                assert alive[transport.number].cargo[0] == 5 - 2 - hit
            else:
                destroyed += warship.number not in alive
    assert destroyed > 0  # without spares a hit destroys it


# Rewards


def test_every_player_hears_of_a_reward_but_not_who_offers_it() -> None:
    """3.14: "this reward can not be earned before the following game turn because every
    player has to be informed about the reward through the next status report"; 3.10:
    espionage on a home planet reveals, "if the owning player has set up a reward for
    another player, the name of this player". House rule 38: every player learns of the
    offer and its target, not who made it; of two offers in one file only the one that
    stands is announced (3.14: "the old reward is lost")."""
    state = world()
    after = run(state, {"2": [o.Reward(1, 3), o.Reward(2, 1)]})
    news = "A REWARD OF 2 POINTS IS OFFERED FOR CONQUERING PLANETS OF ALPHA"
    assert after.broadcasts == [news]
    for player in ("1", "2", "3"):
        assert news in build_view(after, player)["messages"]
        assert not any("BETA" in m for m in after.broadcasts)
    beta = after.players["2"]
    assert beta.reward == (2, 1) and part(after, "2", "REWARD OFFERED") == -3  # both deducted
    assert "YOUR REWARD OF 1 POINT FOR GAMMA IS REPLACED AND LOST" in beta.messages
    after = run(state, {"2": [o.Reward(1, 3), o.Reward(0, 0)]})
    assert after.broadcasts == [] and after.players["2"].reward == (0, 0)


def test_research_counts_at_once_but_fortresses_cost_the_start_of_turn_price() -> None:
    """Table 5.4: a level is reached with the PU invested; table 5.7: a fortress costs 7 PU
    at planetary defense TL 0 and 6 at TL 1. House rule 18: an F command's level counts at
    once for what the turn does after the commands (here espionage: PRE 2 at CTL 1 makes
    50 PU sure), but P 1 costs the price of the start of the turn, the one the order check
    showed, wherever the F command stands."""
    for seed in range(5):
        state = world()
        orders = [o.Research(1, 50, 1), o.Espionage(3, 50, 1), o.Research(1, 50, 0)]
        orders.append(o.Produce(1, 1, 2))
        after = run(state, {"1": orders}, seed=seed)
        assert "ESPIONAGE ON PLANET 3 SUCCEEDED" in after.players["1"].messages  # 50 x 2 %
        assert after.planets[1].fortresses == 5 + 2
        assert part(after, "1", "UNUSED PU") == (200 - 50 - 50 - 50 - 2 * 7) // 10


def test_reward_is_limited_and_deducted_once() -> None:
    state = world()
    after = run(state, {"2": [o.Reward(5, 1)]})
    assert after.players["2"].reward == (2, 1)  # player 2 owns two planets
    assert part(after, "2", "REWARD OFFERED") == -2
    after = run(after)
    assert part(after, "2", "REWARD OFFERED") == 0
    assert after.players["2"].reward == (2, 1)
    after = run(after, {"2": [o.Reward(1, 0)]})
    assert after.players["2"].reward == (0, 0)


def test_reward_is_paid_on_conquest() -> None:
    state = world()
    state.players["3"].reward = (20, 2)  # offered last turn
    add_ship(state, "1", 8, 5, kills=SURE, shield=SHIELDED)
    after = run(state)
    assert after.planets[5].owner == "1"
    assert part(after, "1", "REWARDS EARNED") == 20
    assert part(after, "3", "REWARDS PAID") == -20
    assert "ALPHA EARNED YOUR REWARD OF 20 POINTS" in after.players["3"].messages


def test_reward_offered_this_turn_is_not_earned_yet() -> None:
    state = world()
    state.players["3"].reward = (20, 2)
    add_ship(state, "1", 8, 5, kills=SURE, shield=SHIELDED)
    after = run(state, {"3": [o.Reward(1, 2)]})  # a new offer replaces the old
    assert after.planets[5].owner == "1"
    assert part(after, "1", "REWARDS EARNED") == 0
    assert after.players["3"].reward == (1, 2)


def test_small_rewards_hear_nothing_and_ctl_6_learns_where() -> None:
    state = world()
    state.players["3"].reward = (5, 2)
    add_ship(state, "1", 8, 5, kills=SURE, shield=SHIELDED)
    after = run(state)
    assert part(after, "1", "REWARDS EARNED") == 5
    assert not any("EARNED YOUR REWARD" in m for m in after.players["3"].messages)
    state.players["3"].research[COMMUNICATION] = RESEARCH[6]  # 20 - 12 = 8 or more hear
    state.players["3"].reward = (8, 2)
    after = run(state)
    assert any(
        "EARNED YOUR REWARD OF 8 POINTS FOR PLANET 5" in m for m in after.players["3"].messages
    )
    assert 5 in after.players["3"].known


def test_ctl_6_learns_where_its_reward_was_earned_whatever_the_offer() -> None:
    """2.3.2.5: "Bonus planets will be revealed with level 5, positions of planets on which
    a reward that you offered was earned, with level 6 (see 3.14)"; 3.14: "If a player has
    reached communication TL 6 he receives the positions of conquered planets." The
    position does not wait for the 20 points (less 2 a TL) that tell who earned it."""
    state = world()
    state.players["3"].research[COMMUNICATION] = RESEARCH[6]  # news from 20 - 12 = 8 points
    state.players["3"].reward = (2, 2)  # too small to hear who earned it
    add_ship(state, "1", 8, 5, kills=SURE, shield=SHIELDED)
    after = run(state)
    assert part(after, "1", "REWARDS EARNED") == 2
    gamma = after.players["3"]
    assert 5 in gamma.known
    assert "YOUR REWARD WAS EARNED FOR PLANET 5 AT 36,10" in gamma.messages
    assert not any("ALPHA" in m for m in gamma.messages)
    state.players["3"].research[COMMUNICATION] = RESEARCH[5]  # CTL 5: neither
    after = run(state)
    assert 5 not in after.players["3"].known
    assert not any("REWARD WAS EARNED" in m for m in after.players["3"].messages)


def test_espionage_reveals_a_home_planet() -> None:
    state = world()
    state.players["2"].score = 321
    state.players["2"].reward = (1, 3)
    after = run(state, {"1": [o.Espionage(2, 100, 1)]})  # 100 PU at PRE 1: sure
    assert ("1", 2) in after.explorations
    messages = after.players["1"].messages
    assert "ESPIONAGE ON PLANET 2 SUCCEEDED" in messages
    assert "SCORE OF BETA: 321" in messages
    assert any("TECHNOLOGY LEVEL OF BETA" in m for m in messages)
    assert "BETA OFFERS A REWARD FOR GAMMA" in messages
    assert 2 in after.players["1"].known
    assert any(e["number"] == 2 for e in build_view(after, "1")["explored"])


def test_espionage_on_a_conquered_home_planet_reveals_no_home_secrets() -> None:
    """3.10: "If the target was a player's home planet, some additional information is
    revealed: the current score of the owning player, the current technology level for a
    randomly determined research area and, if the owning player has set up a reward for
    another player, the name of this player." BETA's home planet 2, conquered by GAMMA, is
    no home planet of its owner: the mission gives the exploration report and nothing of
    GAMMA's (nor of BETA's) secrets."""
    state = world()
    state.planets[2].owner = "3"  # GAMMA's now; BETA's home at the start (home stays "2")
    state.players["3"].score = 321
    state.players["3"].reward = (1, 2)
    after = run(state, {"1": [o.Espionage(2, 100, 1)]})  # 100 PU at PRE 1: sure
    messages = after.players["1"].messages
    assert "ESPIONAGE ON PLANET 2 SUCCEEDED" in messages
    assert ("1", 2) in after.explorations
    assert not any("SCORE OF" in m or "TECHNOLOGY LEVEL OF" in m for m in messages)
    assert not any("OFFERS A REWARD" in m for m in messages)
    state.planets[2].owner = "2"  # BETA's again: its home planet once more
    after = run(state, {"1": [o.Espionage(2, 100, 1)]})
    assert any(m.startswith("SCORE OF BETA") for m in after.players["1"].messages)


def test_espionage_guard() -> None:
    state = world()
    orders = {"1": [o.Espionage(2, 100, 1)], "2": [o.Espionage(2, 100, 2)]}
    after = run(state, orders)
    assert ("1", 2) not in after.explorations  # 100 - 100 = 0 percent
    assert after.planets[2].espionage_guard == 100
    assert any("AGENTS OF ALPHA" in m for m in after.players["2"].messages)  # 10 + 100 percent


def test_corruption() -> None:
    state = world()
    state.players["1"].research[COMMUNICATION] = RESEARCH[5]  # LO 2
    state.planets[1].loyalty = 5
    after = run(state, {"1": [o.Corruption(5, 20, 1), o.Corruption(1, 10, 1)]})
    assert after.planets[5].loyalty == 10 - 4  # and no recovery this turn
    assert after.planets[1].loyalty == 5 + 2 + 1  # then the turn's recovery
    state.planets[5].loyalty = 2
    after = run(state, {"1": [o.Corruption(5, 90, 1)]})
    assert after.planets[5].loyalty == 1  # never below 1


def test_the_books_corruption_example_end_to_end() -> None:
    """3.11: "The player wants to reduce the loyalty of the population on planet 56 by 4.
    He has communication TL 5 and wants to take the necessary 20 PU from planet 13.
    Command ==> K 56 20 13"; table 5.5: LO is 2 at CTL 5, "per 10 invested PU". The
    command is checked, carried out, and the loyalty falls by 4, from 10 to 6: what the
    corrupter's message says and what the owner's situation report shows (the message
    said 6 while the turn's recovery made it 7)."""
    from galbatch.engine.checker.pipeline import check_file
    from galbatch.engine.contract.records import PrintContext
    from galbatch.engine.language.orderfile import parse_order_bytes
    from galbatch.rules import get_ruleset
    from galbatch.rules.conqueror.printout import player_printout

    state = world()
    state.planets[13] = Planet(13, 12, 12, owner="1", pu=30, population=500, fortresses=1)
    state.planets[56] = Planet(56, 38, 12, owner="2", population=500, fortresses=1)
    state.players["1"].research[COMMUNICATION] = RESEARCH[5]
    state.players["1"].known = [3, 56]
    data = b'GAME GC16 PLAYER 1 PASSWORD "x"\nK 56 20 13\nEND\n'
    checked = check_file(parse_order_bytes(data, "f"), get_ruleset("conqueror"),
                         build_view(state, "1"), "1")  # fmt: skip
    assert checked.diagnostics == () and checked.orders == (o.Corruption(56, 20, 13),)
    after = run(state, {"1": list(checked.orders)})
    assert after.planets[56].loyalty == 6
    assert (
        "YOUR CORRUPTION LOWERED THE LOYALTY ON PLANET 56 BY 4: AT THE END OF THE TURN IT IS 6"
        in after.players["1"].messages
    )
    beta = build_view(after, "2")
    assert [p["loyalty"] for p in beta["planets"] if p["number"] == 56] == [6]
    ctx = PrintContext("GC16", "GALACTIC CONQUEROR", "GM", "1997-02-19", "1997-02-26", 80, "")
    printed = [
        line
        for section in player_printout(beta, [], ctx).sections
        for block in section.blocks
        for line in getattr(block, "lines", ())
    ]
    block = printed[printed.index("PLANET 56   POSITION 38,12") :][:3]
    assert block[2].split()[-2:] == ["LOYALTY", "6"]


# Communication and events


def test_communication_radius_grows_with_ctl() -> None:
    state = world()
    after = run(state)
    assert after.players["1"].known == [1, 3]
    state.players["1"].research[COMMUNICATION] = RESEARCH[9]  # radius 28
    after = run(state)
    planets = after.planets.values()
    assert after.players["1"].known == [
        p.number for p in planets if between(p, after.planets[1]) <= 28
    ]


def test_bonus_planet_appears_and_pays() -> None:
    placed = 0
    for seed in range(40):
        state = world(turn=HOUSE_RULES.bonus_from)
        state.players["1"].research[COMMUNICATION] = RESEARCH[5]
        turn = Turn(state, Streams(seed, state.turn))
        place_bonus(turn)
        bonus = [p for p in state.planets.values() if p.bonus]
        if bonus:
            placed += 1
            assert bonus[0].owner is None and bonus[0].bonus == HOUSE_RULES.bonus_points
            assert bonus[0].number in state.players["1"].known
            assert state.broadcasts and not state.players["2"].messages
    assert 0 < placed < 40
    state = world()
    state.planets[3].bonus = 25
    add_ship(state, "1", 8, 3, kills=SURE, shield=SHIELDED)
    after = run(state)
    assert part(after, "1", "BONUS PLANETS") == 25
    assert after.planets[3].bonus == 0


def test_no_bonus_before_its_turn() -> None:
    for seed in range(20):
        state = world(turn=HOUSE_RULES.bonus_from - 1)
        place_bonus(Turn(state, Streams(seed, state.turn)))
        assert not any(p.bonus for p in state.planets.values())


# The whole turn


def busy_orders() -> dict[str, list[Any]]:
    return {
        "1": [o.Invest(1, 1, 8), o.Research(1, 60, 5), o.Produce(1, 1, 3)],
        "2": [o.Move("S", 1, 1), o.Espionage(1, 30, 2), o.Reward(2, 1)],
    }


def busy_world() -> GameState:
    state = world()
    add_ship(state, "1", 8, 1)
    add_ship(state, "2", 11, 2, kills=4)
    add_ship(state, "2", 8, 3)
    return state


def test_deterministic() -> None:
    first = run(busy_world(), busy_orders(), seed=9).to_data()
    assert run(busy_world(), busy_orders(), seed=9).to_data() == first


def test_input_is_not_changed() -> None:
    state = busy_world()
    before = copy.deepcopy(state.to_data())
    after = run(state, busy_orders())
    assert state.to_data() == before
    assert after.turn == state.turn + 1


def test_reports_are_cleared_each_turn() -> None:
    state = busy_world()
    state.players["1"].messages = ["OLD"]
    state.broadcasts = ["OLD"]
    state.explorations = [("1", 4)]
    after = run(state)
    assert "OLD" not in after.players["1"].messages and "OLD" not in after.broadcasts
    assert ("1", 4) not in after.explorations


@pytest.mark.slow
def test_a_new_game_plays() -> None:
    players = [PlayerInfo(str(i), f"P{i}", i) for i in range(1, 9)]
    state = new_game(16, players, {})
    for _ in range(3):
        state = run(state)
    assert state.turn == 3
    assert GameState.from_data(state.to_data()).to_data() == state.to_data()


# Nothing negative, nothing from nothing


BASE = new_game(5, [PlayerInfo("1", "Luke", 1), PlayerInfo("2", "Leia", 2)], {})
HOMES = sorted(p.number for p in BASE.planets.values() if p.home)
PLANETS = sorted({n for p in BASE.players.values() for n in p.known})
planet_numbers = st.sampled_from(HOMES + PLANETS + [0, 999])
small = st.integers(0, 40)
big = st.integers(0, 900)
commands = st.one_of(
    st.builds(o.Move, st.sampled_from(["S", "T"]), small, planet_numbers),
    st.builds(o.Load, st.sampled_from(["S", "T"]), small, st.integers(0, 10), small),
    st.builds(o.Unload, st.sampled_from(["S", "T"]), small, st.integers(0, 10), small),
    st.builds(o.SetClass, planet_numbers, st.integers(0, 4), st.integers(0, 27)),
    st.builds(o.Invest, planet_numbers, st.integers(0, 4), big),
    st.builds(o.Scrap, small),
    st.builds(o.Attach, small, st.integers(0, 51)),
    st.builds(o.TransferShip, small, st.integers(0, 3)),
    st.builds(o.Produce, planet_numbers, st.integers(0, 13), big),
    st.builds(o.Espionage, planet_numbers, big, planet_numbers),
    st.builds(o.Corruption, planet_numbers, big, planet_numbers),
    st.builds(o.Research, planet_numbers, big, st.integers(0, 7)),
    st.builds(o.Install, planet_numbers, st.integers(0, 9), small),
    st.builds(o.Reward, small, st.integers(0, 3)),
)
turn_orders = st.fixed_dictionaries(
    {"1": st.lists(commands, max_size=15), "2": st.lists(commands, max_size=15)}
)


def check_invariants(state: GameState) -> None:
    for planet in state.planets.values():
        assert all(getattr(planet, name) >= 0 for name in Planet.INTS), planet
        assert 1 <= planet.loyalty <= 10
        assert planet.population <= 30000
        assert all(y.size >= 0 and y.invested >= 0 for y in planet.yards)
        assert len(planet.yards) <= 3
    for player in state.players.values():
        fleet = state.fleet(player.id)
        assert len(fleet) <= MAX_SHIPS
        numbers = [s.number for s in fleet]
        assert len(set(numbers)) == len(numbers) and all(n < player.next_ship for n in numbers)
        assert all(r >= 0 for r in player.research)
        assert player.known == sorted(set(player.known))
    for ship in state.ships:
        assert current_defence(ship) >= 0 and ship.damage >= 0
        assert all(c >= 0 for c in ship.cargo)
        assert sum(ship.cargo) <= SHIP_CLASSES[ship.ship_class].transport
        assert ship.rest >= 0 and 0 <= ship.task_force <= 50
        assert (ship.position == 0) == (ship.destination != 0 and ship.rest > 0)
        assert ship.position in state.planets or ship.position == 0


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(turn_orders, min_size=1, max_size=3), st.integers(0, 1000))
def test_nothing_goes_negative(turns: list[dict[str, list[Any]]], seed: int) -> None:
    state = BASE
    for orders in turns:
        state = resolve(state, orders, Streams(seed, state.turn + 1))
        check_invariants(state)


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(st.lists(commands, max_size=20))
def test_cargo_moves_are_conserved(commands_: list[Any]) -> None:
    state = copy.deepcopy(BASE)
    loads = [c for c in commands_ if isinstance(c, o.Load | o.Unload)]
    for c in loads:
        assert c.amount >= 0
    home_planet = state.planets[next(n for n in HOMES if state.planets[n].owner == "1")]
    before = (
        home_planet.mpu
        + home_planet.spares
        + sum(s.cargo[1] + s.cargo[0] for s in state.fleet("1"))
    )
    turn = Turn(state, Streams(1, 1))
    for c in loads:
        carry_out(turn, "1", c)
    after = (
        home_planet.mpu + home_planet.spares + sum(s.cargo[1] + s.cargo[0] for s in turn.fleet("1"))
    )
    assert after == before
