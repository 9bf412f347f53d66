"""Galac-Tac's new game, its state as plain data, a whole turn, and what each empire
may know (secrecy)."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from galactac_world import ALPHA, BETA, at, loc, play, ship, world

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.events import Converted, Failed, event_from_data, event_to_data
from galbatch.rules.galactac.galaxy import distance
from galbatch.rules.galactac.house import (
    HOME_SPACING,
    MASTERS_RETURN,
    RESEARCH_AVERAGE,
    STARS,
    STARTING_FLEET,
    STARTING_PI,
)
from galbatch.rules.galactac.progress import describe, owing
from galbatch.rules.galactac.rating import Rating, parse_rating, read_rating
from galbatch.rules.galactac.report_shipyard import shipyard_lines
from galbatch.rules.galactac.resolve import resolve
from galbatch.rules.galactac.setup import SETTINGS, name_problem, new_game
from galbatch.rules.galactac.state import GameState, Mission, date
from galbatch.rules.galactac.view import build_view, build_views


def seats(count: int) -> list[PlayerInfo]:
    return [PlayerInfo(str(i), f"Player {i}", 1000 + i) for i in range(1, count + 1)]


def game(count: int = 12, seed: int = 3500, **settings: int) -> GameState:
    return new_game(seed, seats(count), settings)


# The new galaxy


def test_same_seed_same_galaxy() -> None:
    assert game().to_data() == game().to_data()
    assert game(seed=1).to_data()["systems"] != game(seed=2).to_data()["systems"]


@pytest.mark.parametrize("count", [10, 12, 15])
def test_home_systems(count: int) -> None:
    state = game(count)
    homes = [h for h in (state.empires[e].home for e in state.empires) if h is not None]
    assert len(set(homes)) == count
    for home in homes:
        system = state.systems[home]
        assert (system.base_pv, system.kind, system.pi) == (10, "production", STARTING_PI)
        assert state.output(system, system.owner or "") == 100
    assert all(distance(p, q) >= HOME_SPACING for i, p in enumerate(homes) for q in homes[i + 1 :])


def test_galaxy_size_and_stars() -> None:
    state = game()
    assert len(state.systems) == STARS
    assert all(0 <= y < 100 and 0 <= x < 100 for y, x in state.systems)
    assert len(game(stars=300).systems) == 300


@pytest.mark.parametrize("count", [1, 9, 16])
def test_player_limits(count: int) -> None:
    with pytest.raises(ValueError, match="players"):
        game(count)


def test_player_limits_are_settings() -> None:
    assert {s.name for s in SETTINGS} == {"stars", "min_players", "max_players"}
    assert len(game(2, min_players=2).empires) == 2


def test_bad_names() -> None:
    assert name_problem("Grand Fenwick") is None
    assert name_problem("")
    with pytest.raises(ValueError):
        new_game(1, [*seats(9), PlayerInfo("10", "Player 1", 1)], {})


def test_empires_start_alike() -> None:
    state = game()
    for empire in state.empires.values():
        assert empire.tech == 1 and empire.research == 0
        assert [d.code for d in empire.designs][:2] == ["FX", "FXV"]
        assert len(empire.designs) == 13
        assert empire.charted == [empire.home]
        fleet = [s for s in state.ships if s.owner == empire.id]
        assert Counter(s.code for s in fleet) == Counter(STARTING_FLEET)
        assert all(s.location == empire.home and s.in_service for s in fleet)
        carrier = next(s for s in fleet if s.code == "CV1J")
        fighters = [s for s in fleet if s.code == "FT1"]
        assert all(f.carrier == carrier.id for f in fighters)
        assert [s.id for s in fleet] == list(range(1001, 1001 + len(fleet)))


# The book's SHIPYARD REPORT of 3500-01, the designs table as printed (its Ship Rating
# column writes some ';;' as ';/' or ';/;', read back by `sample_rating`).
BOOK_SHIPYARD = """\
6	SC1	Scout Ship	//19-1	1	4	1	10	10
1	FX	Freighter	/;/10/20-1	2	9	1	10	10
10	CV1A	Carrier, Light	/;4;/20-1	2	11	1	0	0
13	SK1	Skirmisher	2P//11-1	2	7	1	2	2
2	FXV	Freighter	/;/15/16-1	3	12	1	0	0
3	FXX	Freighter	/;/20/16-1	4	16	1	0	0
4	FXXV	Freighter	/;/25/16-1	5	20	1	0	0
7	FT1	Fighter	4P/1;/-16	5	21	1	4	4
8	FF1	Frigate	3P/2;/;/16-16	5	34	1	0	0
5	FXXX	Freighter	/;/30/14-1	6	21	1	0	0
9	DD1	Destroyer	6P/4;/;/14-14	10	59	1	0	0
11	CV1J	Carrier, Jeep	4P/4;4;/14-14	10	61	1	1	1
12	ST1	Station	20P/20;/;/	40	42	4	2	2
"""
BOOK_ROWS = [line.split("\t") for line in BOOK_SHIPYARD.splitlines()]


def sample_rating(text: str) -> Rating:
    """A rating of the sample's column, its ';/;' and extra '/' read as the ';;' the
    SHIP PRODUCTION table writes (FX: '/;/10/20-1' is '/ ; 10/20-1', '/;;10/20-1')."""
    text = text.replace(";/;", ";;")
    if text.count("/") > 2:
        text = text.replace(";/", ";;", 1)
    return read_rating(text)[0]


def test_the_starting_fleet_is_the_books_sample_shipyard_report() -> None:
    """The book's first-turn SHIPYARD REPORT, "3500-01": "Total number of ships in
    empire: 29", and for each design "# Built" and "# Active", e.g. "6 SC1 Scout Ship
    //19-1 1 4 1 10 10" and "12 ST1 Station 20P/20;/;/ 40 42 4 2 2". Every empire
    starts with exactly those ships, at home and in service; the sample names no ship,
    so the house numbers them from 1001 in the order of its rows."""
    state = game()
    for empire in state.empires.values():
        fleet = [s for s in state.ships if s.owner == empire.id]
        view = build_view(state, empire.id)
        report = shipyard_lines(view, "SSD+")
        assert "Total number of ships in empire: 29" in report
        printed = [line.split("  ") for line in report[-len(BOOK_ROWS) :]]
        expected_ids = iter(range(1001, 1030))
        for row, line in zip(BOOK_ROWS, printed, strict=True):
            number, code, name, rating, ssd, cost, delay, built, active = row
            cells = [cell.strip() for cell in line if cell.strip()]
            assert cells == [number, code, name, cells[3], ssd, cost, delay, built, active]
            assert parse_rating(cells[3]) == sample_rating(rating)
            design = empire.design(code)
            assert design is not None and design.built == int(built)
            ships = [s for s in fleet if s.code == code]
            assert [s.id for s in ships] == [next(expected_ids) for _ in range(int(active))]
            for each in ships:
                assert each.design == each.current == sample_rating(rating), code
                assert (each.cost, each.tech, each.location) == (int(cost), 1, empire.home)
                assert each.in_service and each.left == 0
        assert next(expected_ids, None) is None
        assert len(fleet) == 29 and len(view["ships"]) == 29


def test_the_date() -> None:
    assert game().date == "3500-01"
    assert date(15) == "3500-16" and date(16) == "3501-01"


@pytest.mark.slow
def test_secret_thresholds_and_masters() -> None:
    for seed in range(20):
        state = game(seed=seed)
        assert MASTERS_RETURN[0] <= state.masters_return <= MASTERS_RETURN[1]
        for level, average in RESEARCH_AVERAGE.items():
            assert abs(state.thresholds[level - 1] - average) <= average * 0.2 + 100


# The state as data


def test_state_round_trips_through_json() -> None:
    state = game()
    state = resolve(state, {}, Streams(3500, 1))
    data = state.to_data()
    again = GameState.from_data(json.loads(json.dumps(data)))
    assert again.to_data() == data


def test_world_round_trips_with_missions_and_cargo() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    shuttle = a.Shuttle(fx.id, (at("99-15"), at("85-23")))
    state = play(state, [shuttle, a.Missiles((a.Stock(at("85-23"), 5),))])
    data = state.to_data()
    assert GameState.from_data(json.loads(json.dumps(data))).to_data() == data
    assert data["ships"][0][17][0] == "SHUTTLE"


def test_events_round_trip() -> None:
    for event in (Failed(ALPHA, "LOAD", "1001", "why"), Converted(BETA, "10-54", 100, 100)):
        assert event_from_data(event_to_data(event)) == event


def test_resolve_never_changes_its_input() -> None:
    state = world()
    fx = ship(state, ALPHA, "FX", "85-23")
    before = copy.deepcopy(state.to_data())
    play(state, [a.Colonize(fx.id, at("80-20")), a.Build(at("85-23"), "DD1", ("A",))])
    assert state.to_data() == before


def test_a_whole_turn_of_a_new_game() -> None:
    state = game()
    first = sorted(state.empires)[0]
    scouts = [s.id for s in state.ships if s.owner == first and s.code == "SC1"]
    home = state.empires[first].home
    assert home is not None
    target = a.Location(min(home[0] + 19, 99), home[1])
    orders = {first: [a.Chart((a.ShipTo(scouts[0], target),))]}
    after = resolve(state, orders, Streams(3500, 1))
    assert after.turn == 1 and after.date == "3500-02"
    assert after.systems[home].pi == STARTING_PI + 100


def test_owing_and_describe() -> None:
    state = world()
    assert owing(state) == [ALPHA, BETA]
    assert describe(state) == "turn 3 (3500-04), 2 empires, 8 star systems, 0 ships"


# What an empire knows


def test_view_holds_no_secrets() -> None:
    state = game()
    view = build_view(state, "1")
    text = json.dumps(view)
    assert "thresholds" not in text and "masters" not in text
    assert str(state.masters_return) not in json.dumps(view["empire"])


def test_view_shows_every_star_but_only_charted_pv() -> None:
    state = world()
    view = build_view(state, ALPHA)
    assert len(view["stars"]) == 8
    assert view["charted"] == {"80-20": 8, "85-23": 10, "90-30": 6, "99-15": 7}
    assert "70-30" not in view["charted"]


def test_view_shows_own_systems_ships_and_designs() -> None:
    state = world()
    ship(state, ALPHA, "FX", "85-23", pi=3)
    view = build_view(state, ALPHA)
    assert [s["location"] for s in view["systems"]] == ["85-23", "90-30", "99-15"]
    home = view["systems"][0]
    assert (home["base_pv"], home["output"], home["pi"], home["status"]) == (10, 100, 500, "home")
    assert [s["code"] for s in view["ships"]] == ["FX"]
    assert view["ships"][0]["pi"] == 3
    assert view["designs"][0]["code"] == "FX" and view["designs"][0]["cost"] == 9


def test_view_shows_enemy_systems_never_their_ships() -> None:
    """GATHERING INTELLIGENCE: "someone from your empire has to actually go and see the
    opposing ship or system"; what it learns of the ships is the book's reports."""
    state = world()
    ship(state, BETA, "DD1", "80-20")
    ship(state, BETA, "SK1", "70-30")
    ship(state, ALPHA, "SC1", "80-20")
    ship(state, ALPHA, "SC1", "12-50")
    view = build_view(state, ALPHA)
    assert view["seen"] == [{"location": "12-50", "owner": "BETA", "status": "colony"}]
    assert "DD1" not in json.dumps(view["seen"])
    beta = build_view(state, BETA)
    assert beta["seen"] == []  # its ship at 80-20 is at nobody's system
    assert "ALPHA" not in json.dumps(beta)


def test_view_of_enemy_systems_only_when_seen() -> None:
    state = world()
    assert not build_view(state, ALPHA)["seen"]
    ship(state, ALPHA, "SC1", "12-50")
    seen = build_view(state, ALPHA)["seen"]
    assert seen == [{"location": "12-50", "owner": "BETA", "status": "colony"}]


def test_view_events_are_its_own() -> None:
    after = play(world())
    assert {e["empire"] for e in build_view(after, ALPHA)["events"]} == {ALPHA}
    assert set(build_views(after, [ALPHA, BETA])) == {ALPHA, BETA}


def test_empires_that_meet_learn_each_others_names() -> None:
    state = world()
    ship(state, ALPHA, "SC1", "80-20")
    ship(state, BETA, "SC1", "80-20")
    after = play(state)
    assert after.empires[ALPHA].known == [BETA]
    assert build_view(after, BETA)["empire"]["known"] == ["ALPHA"]
    assert loc("80-20") in after.systems


def test_view_imports_and_drydock() -> None:
    state = world()
    ship(state, ALPHA, "FX", "99-15", pv=10).mission = Mission(
        "SHUTTLE", goal=loc("85-23"), route=(loc("99-15"), loc("85-23")), stop=1
    )
    ship(state, ALPHA, "ST1", "85-23", name="GUARDIAN", left=3)
    view = build_view(state, ALPHA)
    assert view["systems"][0]["imports"] == 10
    station = view["ships"][1]
    assert (station["due"], station["complete"], station["in_service"]) == ("3500-07", 25, False)


def random_actions(state: GameState, empire: str, rng: random.Random) -> list[Any]:
    """Twenty actions of every kind, to the empire's ships and places or to nonsense."""
    ids = [s.id for s in state.ships if s.owner == empire] + [9999]
    places = [a.Location(*p) for p in list(state.systems)[:30]] + [a.Location(0, 0)]
    codes = ["FX", "SC1", "ST1", "CV1J", "NOPE"]

    def i() -> int:
        return rng.choice(ids)

    def p() -> a.Location:
        return rng.choice(places)

    def n() -> int:
        return rng.choice([0, 1, 5, 30, 500])

    makers = [
        lambda: a.To((a.ShipTo(i(), p()),)),
        lambda: a.Chart((a.ShipTo(i(), p()),)),
        lambda: a.Colonize(i(), p(), "X"),
        lambda: a.Develop(i(), p()),
        lambda: a.Destroy((a.ShipTo(i(), p()),)),
        lambda: a.Shuttle(i(), (p(), p())),
        lambda: a.Scout(i(), (p(), p())),
        lambda: a.Sentry(i(), (p(),)),
        lambda: a.Attack(i(), p()),
        lambda: a.Tow(i(), i(), p()),
        lambda: a.Join(i(), (i(), i())),
        lambda: a.Detach((i(),)),
        lambda: a.Assign(i(), (i(),)),
        lambda: a.Load(i(), (a.Cargo(n(), rng.choice(["PI", "PV", "MISSILES"])),)),
        lambda: a.Unload(i(), (a.Cargo(n(), rng.choice(["PI", "PV", "MISSILES"])),)),
        lambda: a.Transfer(i(), i(), a.Cargo(n(), "PI")),
        lambda: a.Missiles((a.Stock(p(), n()),)),
        lambda: a.Research((a.Stock(p(), n()),)),
        lambda: a.Build(p(), rng.choice(codes), ("A", "B")),
        lambda: a.Scrap((i(),)),
        lambda: a.Refit((i(),)),
        lambda: a.Repair((i(),)),
        lambda: a.Reload((i(),)),
        lambda: a.Capital(p()),
        lambda: a.Downgrade((a.Renaming(p()),)),
        lambda: a.Name((a.Naming(i(), "N"), a.Naming(p(), "S"))),
        lambda: a.Classify("Q", "Q", rng.choice(["/;;5/5-1", "junk", "99P//"])),
        lambda: a.Declassify((rng.choice(codes),)),
        lambda: a.Defend((i(),)),
        lambda: a.Combat(i(), 1, 2, 3, 0),
    ]
    return [rng.choice(makers)() for _ in range(20)]


@pytest.mark.slow
def test_random_actions_never_stop_a_turn() -> None:
    rng = random.Random(5)
    state = game(10, seed=77)
    for turn in range(1, 9):
        orders = {e: random_actions(state, e, rng) for e in state.empires}
        state = resolve(state, orders, Streams(77, turn))
        assert all(s.pi >= 0 and s.pv_waiting >= 0 for s in state.systems.values())
        assert all(min(s.missiles.values(), default=0) >= 0 for s in state.systems.values())
        for ship_ in state.ships:
            assert min(ship_.pi, ship_.pv, ship_.cargo_missiles, ship_.missiles) >= 0
            assert ship_.cargo_used <= ship_.current.cargo
            assert ship_.missiles <= ship_.current.racks
        again = GameState.from_data(json.loads(json.dumps(state.to_data())))
        assert again.to_data() == state.to_data()
