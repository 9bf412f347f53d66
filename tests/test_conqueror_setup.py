"""Galactic Conqueror's new game: the field, the homes, the fleets, what players know, names."""

from __future__ import annotations

import pytest

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.rules.conqueror.field import Grid, between, distance, place
from galbatch.rules.conqueror.house import HOUSE_RULES
from galbatch.rules.conqueror.setup import new_game, validate_player_name
from galbatch.rules.conqueror.state import GameState, Planet
from galbatch.rules.conqueror.tables import (
    COMMUNICATION_TABLE,
    FIRST_TURN_PU,
    HOME_DISTANCE,
    NATURAL_DEFENSE,
    NEUTRAL_FORTRESSES,
    POPULATION_PER_FACTORY,
)


def seats(count: int) -> list[PlayerInfo]:
    """`count` players with ids 1, 2, ... as game.yaml numbers them."""
    return [PlayerInfo(str(i), f"Player {i}", 1000 + i) for i in range(1, count + 1)]


def game(count: int = 8, seed: int = 1997, **settings: int) -> GameState:
    return new_game(seed, seats(count), settings)


def homes(state: GameState) -> list[Planet]:
    return [p for p in state.planets.values() if p.home is not None]


# Player names (the GC16 e-mail)


@pytest.mark.parametrize("name", ["Darth Vader", "X", "R2D2", "A" * 15, "Player 7"])
def test_good_names(name: str) -> None:
    assert validate_player_name(name) is None


@pytest.mark.parametrize(
    "name", ["", "   ", "A" * 16, "Darth-Vader", "O'Neil", "Zoë", "Han.Solo", " Leia", "Leia "]
)
def test_bad_names(name: str) -> None:
    assert validate_player_name(name)


def test_bad_name_rejects_the_game() -> None:
    with pytest.raises(ValueError, match="name"):
        new_game(1, [PlayerInfo("1", "Darth-Vader", 1), PlayerInfo("2", "Luke", 2)], {})


def test_duplicate_names_and_ids_are_rejected() -> None:
    with pytest.raises(ValueError):
        new_game(1, [PlayerInfo("1", "Luke", 1), PlayerInfo("2", "LUKE", 2)], {})
    with pytest.raises(ValueError):
        new_game(1, [PlayerInfo("1", "Luke", 1), PlayerInfo("1", "Leia", 2)], {})


@pytest.mark.parametrize("count", [0, 1, 51])
def test_player_count_limits(count: int) -> None:
    with pytest.raises(ValueError, match="players"):
        game(count)


# The field


def test_same_seed_same_game() -> None:
    assert game(seed=42).to_data() == game(seed=42).to_data()


def test_different_seeds_differ() -> None:
    fields = [game(seed=seed).to_data()["planets"] for seed in range(4)]
    assert all(fields[i] != fields[j] for i in range(4) for j in range(i + 1, 4))


@pytest.mark.parametrize("count", [2, 8, 50])
def test_planet_count_numbers_and_bounds(count: int) -> None:
    state = game(count)
    expected = max(HOUSE_RULES.min_planets, HOUSE_RULES.planets_per_player * count)
    assert len(state.planets) == expected
    assert sorted(state.planets) == list(range(1, expected + 1))
    assert all(0 <= p.x < state.width and 0 <= p.y < state.height for p in state.planets.values())
    assert len({place(p) for p in state.planets.values()}) == expected  # one planet a point
    assert state.width * state.height >= expected * HOUSE_RULES.area_per_planet


def test_gc16_has_several_hundred_planets() -> None:
    assert 200 <= len(game(8).planets) < 1000


@pytest.mark.parametrize("count", [2, 8, 50])
def test_one_home_each_far_apart(count: int) -> None:
    state = game(count)
    home = homes(state)
    assert sorted(p.owner for p in home if p.owner) == sorted(state.players)
    assert all(p.home == p.owner for p in home)
    assert all(between(a, b) >= HOME_DISTANCE for a in home for b in home if a.number != b.number)
    owned = [p for p in state.planets.values() if p.owner is not None]
    assert len(owned) == count


@pytest.mark.parametrize("seed", range(6))
def test_homes_apart_for_many_seeds(seed: int) -> None:
    home = homes(game(50, seed=seed))
    assert min(between(a, b) for a in home for b in home if a is not b) >= HOME_DISTANCE


def test_neutral_planets() -> None:
    state = game(8)
    neutral = [p for p in state.planets.values() if p.owner is None]
    low, high = NEUTRAL_FORTRESSES
    assert all(low <= p.fortresses <= high for p in neutral)
    assert {p.fortresses for p in neutral} == set(range(low, high + 1))
    assert all(NATURAL_DEFENSE[0] <= p.natural_defence <= NATURAL_DEFENSE[1] for p in neutral)
    assert all(p.factories <= p.population // POPULATION_PER_FACTORY for p in neutral)
    assert all(p.population > 0 and p.pu == 0 and not p.yards for p in neutral)
    assert all(p.home is None and p.bonus == 0 for p in neutral)


def test_home_planet() -> None:
    rules = HOUSE_RULES
    for planet in homes(game(8)):
        assert planet.loyalty == 10
        assert planet.factories == planet.mines == rules.home_facilities
        assert planet.refineries == planet.farms == rules.home_facilities
        assert planet.population == rules.home_population
        assert planet.fortresses == rules.home_fortresses
        assert planet.pu == FIRST_TURN_PU
        assert [y.row() for y in planet.yards] == [
            [rules.home_yard_size, rules.home_yard_class, 0, 0]
        ]


def test_starting_fleet() -> None:
    state = game(8)
    for planet in homes(state):
        assert planet.owner is not None
        fleet = state.fleet(planet.owner)
        assert [s.ship_class for s in fleet] == [7, 7, 8, 1]
        assert [s.number for s in fleet] == [1, 2, 3, 4]
        assert all(s.position == planet.number and s.destination == 0 for s in fleet)
        assert all(s.armament == s.shield == s.propulsion == s.damage == 0 for s in fleet)
        assert state.players[planet.owner].next_ship == 5


def test_the_turn_0_report_counts_the_ships_in_orbit() -> None:
    """1: "When the game starts each player gets ... a situation report with detailed
    information about the planets under his control and about the situation of his
    starfleet"; 2.1.6, "Number of Ships in Orbit": "When this number is higher than the
    number of own ships in the orbit, there are still surviving enemy ships nearby." The
    starting fleet is in orbit of the home planet, so its report counts it (it said 0)."""
    from galbatch.engine.contract.records import PrintContext
    from galbatch.rules.conqueror.printout import player_printout
    from galbatch.rules.conqueror.view import build_view

    state = game(8)
    for planet in homes(state):
        assert planet.owner is not None
        assert planet.ships_in_orbit == len(state.fleet(planet.owner)) == 4
    view = build_view(state, "1")
    assert [p["ships_in_orbit"] for p in view["planets"]] == [4]
    ctx = PrintContext("GC16", "GALACTIC CONQUEROR", "GM", "1997-02-12", "1997-02-19", 80, "")
    text = "\n".join(
        line for section in player_printout(view, [], ctx).sections for block in section.blocks
        for line in getattr(block, "lines", ())
    )  # fmt: skip
    assert "SHIPS IN ORBIT  4" in text


def test_known_planets_are_the_radius_around_home() -> None:
    state = game(8)
    radius = COMMUNICATION_TABLE[0].radius
    for planet in homes(state):
        assert planet.owner is not None
        known = state.players[planet.owner].known
        expected = [p.number for p in state.planets.values() if between(p, planet) <= radius]
        assert known == sorted(expected)
        assert planet.number in known
        assert len(known) >= 1 + HOUSE_RULES.near_planets


def test_no_other_home_is_known() -> None:
    state = game(50)
    for planet in homes(state):
        assert planet.owner is not None
        known = set(state.players[planet.owner].known)
        assert all(p.number not in known for p in homes(state) if p is not planet)


def test_final_score_setting() -> None:
    assert game(2).final_score == HOUSE_RULES.final_score
    assert game(2, final_score=500).final_score == 500
    with pytest.raises(ValueError, match="final_score"):
        game(2, final_score=0)


def test_planets_per_player_setting() -> None:
    assert len(game(8, planets_per_player=60).planets) == 480
    few = game(50, planets_per_player=10)  # the field still has room for 50 homes
    assert len(few.planets) == 500
    assert few.width * few.height >= 50 * HOUSE_RULES.area_per_home
    with pytest.raises(ValueError, match="planets_per_player"):
        game(8, planets_per_player=1000)


def test_state_round_trips() -> None:
    state = game(8)
    assert GameState.from_data(state.to_data()).to_data() == state.to_data()


def test_turn_zero() -> None:
    state = game(2)
    assert state.turn == 0 and state.winner is None
    assert all(p.score == 0 and p.research == [0] * 7 for p in state.players.values())
    assert [p.name for p in state.players.values()] == ["PLAYER 1", "PLAYER 2"]


# Distances


def test_distance_is_euclidean_rounded_up() -> None:
    assert distance((0, 0), (3, 4)) == 5
    assert distance((0, 0), (1, 1)) == 2
    assert distance((5, 5), (5, 5)) == 0
    assert distance((0, 0), (16, 0)) == 16
    assert distance((0, 0), (11, 11)) == 16  # 15.56 rounds up


def test_grid_finds_the_same_planets_as_a_full_scan() -> None:
    state = game(8)
    grid = Grid(state.planets.values())
    for radius in (5, 14, 28):
        for planet in list(state.planets.values())[:20]:
            near = sorted(p.number for p in grid.near(place(planet), radius))
            scan = sorted(p.number for p in state.planets.values() if between(p, planet) <= radius)
            assert near == scan
