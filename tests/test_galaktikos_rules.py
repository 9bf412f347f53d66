"""Galaktikos rules core: the hex map, the board, and every rule of the book as a function."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from random import Random

import pytest
from galaktikos_world import put, world
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.rules.galaktikos.economy import (
    begin_turn,
    build_fleet,
    build_habitat,
    build_shipyard,
    claim_territory,
    claimable,
    collect_resources,
    convert,
    end_turn,
    grow,
    occupy_populations,
)
from galbatch.rules.galaktikos.events import Overpopulation, income, overpopulation_everywhere
from galbatch.rules.galaktikos.hexes import (
    Hex,
    distance,
    distances_from,
    is_path,
    neighbours,
    parse_hex,
    shortest_path,
)
from galbatch.rules.galaktikos.movement import migrate, move_fleet
from galbatch.rules.galaktikos.state import GameState, Illegal
from galbatch.rules.galaktikos.supply import mark_supply, supplied
from galbatch.rules.galaktikos.tables import (
    COSTS,
    HexType,
    habitat_value,
    resource_value,
    victory_share,
)
from galbatch.rules.galaktikos.victory import (
    conquest_winner,
    population_winner,
    populations,
    race_turn,
)
from galbatch.rules.galaktikos.warfare import (
    attack_fleets,
    attack_infrastructure,
    attack_population,
)

# -- the hex map --------------------------------------------------------------


def test_hex_names_are_column_then_row_from_one() -> None:
    assert parse_hex("0712") == Hex(6, 11)
    assert Hex(6, 11).name == "0712"
    assert parse_hex("0101") == Hex(0, 0)
    for bad in ("712", "07121", "0012", "07a2", ""):
        with pytest.raises(ValueError):
            parse_hex(bad)


def test_odd_columns_sit_half_a_hex_down() -> None:
    assert set(neighbours(Hex(2, 2), 10, 10)) == {
        Hex(2, 1), Hex(3, 1), Hex(3, 2), Hex(2, 3), Hex(1, 2), Hex(1, 1),
    }  # fmt: skip
    assert set(neighbours(Hex(3, 2), 10, 10)) == {
        Hex(3, 1), Hex(4, 2), Hex(4, 3), Hex(3, 3), Hex(2, 3), Hex(2, 2),
    }  # fmt: skip
    assert neighbours(Hex(0, 0), 10, 10) == (Hex(1, 0), Hex(0, 1))


def test_neighbours_are_at_distance_one_and_symmetric() -> None:
    for col in range(6):
        for row in range(6):
            here = Hex(col, row)
            for there in neighbours(here, 6, 6):
                assert distance(here, there) == 1
                assert here in neighbours(there, 6, 6)


def test_distance_and_shortest_paths_agree() -> None:
    start, goal = Hex(0, 0), Hex(7, 3)
    path = shortest_path(start, [goal], 10, 10)
    assert path is not None and path[0] == start and path[-1] == goal
    assert len(path) - 1 == distance(start, goal) == distances_from([start], 10, 10)[goal]
    assert is_path(path, 10, 10)
    wall = {Hex(1, r) for r in range(9)}
    around = shortest_path(start, [Hex(2, 0)], 10, 10, lambda h: h not in wall)
    assert around is not None and len(around) - 1 > distance(start, Hex(2, 0))
    assert shortest_path(start, [Hex(2, 0)], 2, 9, lambda h: h not in wall) is None


# -- tables -------------------------------------------------------------------


def test_table_1_hex_types() -> None:
    assert {k.value: (habitat_value(k), resource_value(k)) for k in HexType} == {
        "Empty": (0, 1),
        "Sparse": (1, 2),
        "Dense": (2, 4),
        "Core": (3, 8),
    }


def test_costs_of_every_action() -> None:
    assert {a.value: c for a, c in COSTS.items()} == {
        "shipyard": 4, "habitat": 2, "fleet": 4, "grow": 2,
        "move": 1, "migrate": 2, "attack": 2, "convert": 0,
    }  # fmt: skip


def test_victory_shares() -> None:
    assert victory_share(2) == Fraction(3, 4)
    assert victory_share(3) == victory_share(6) == Fraction(2, 3)


# -- the state ----------------------------------------------------------------


def busy_world() -> GameState:
    state = world(kinds={"0303": HexType.DENSE, "0404": HexType.CORE, "0101": HexType.SPARSE})
    put(state, "0303", "A", pop=2, fleet=3, territory=True, habitats=1, shipyards=1)
    put(state, "0303", "B", pop=1)
    state.occupations[parse_hex("0303")] = {"B": "A"}
    put(state, "0505", "B", fleet=2, territory=True)
    state.unsupplied.add((parse_hex("0505"), "B"))
    state.goal = parse_hex("0404")
    state.held = {"A": 1}
    state.players["A"].resources = 9
    return state


def test_state_round_trips_through_plain_data() -> None:
    state = busy_world()
    data = state.to_data()
    assert json.loads(json.dumps(data)) == data
    again = GameState.from_data(data)
    assert again == state
    assert json.dumps(again.to_data()) == json.dumps(data)  # same key order


def test_capacity_is_habitat_value_plus_habitats() -> None:
    state = busy_world()
    assert state.capacity(parse_hex("0303")) == 3
    assert state.capacity(parse_hex("0808")) == 0  # Empty
    assert state.wealth(parse_hex("0404")) == 8


# -- beginning the turn (5.1) ---------------------------------------------------


def test_collect_resources_one_per_token_up_to_the_hex_value() -> None:
    state = world(kinds={"0202": HexType.SPARSE, "0303": HexType.CORE, "0404": HexType.DENSE})
    put(state, "0202", "A", pop=5, habitats=4)  # 5 tokens, Sparse yields 2
    put(state, "0303", "A", pop=3)  # Core yields up to 8: 3
    put(state, "0404", "A", pop=2)
    put(state, "0404", "B", pop=2)
    state.occupations[parse_hex("0404")] = {"A": "B"}  # occupied: yields for nobody (7.1)
    state.players["A"].resources = 1
    assert collect_resources(state, "A") == 5
    assert state.players["A"].resources == 6
    assert income(state, "B") == 2  # B's own tokens in 0404 (Dense, 4): 2


def test_claim_territory_where_a_fleet_begins_the_turn() -> None:
    state = world()
    put(state, "0202", "A", fleet=1)
    put(state, "0303", "A", fleet=1, territory=True)
    put(state, "0404", "B", territory=True)
    put(state, "0404", "A", fleet=2)
    assert claimable(state, "A") == [parse_hex("0202"), parse_hex("0404")]
    claim_territory(state, "A", [parse_hex("0404")])
    assert state.territory[parse_hex("0404")] == "A"
    assert parse_hex("0202") not in state.territory
    with pytest.raises(Illegal):
        claim_territory(state, "A", [parse_hex("0505")])


def test_occupation_marks_come_and_go_with_fleets() -> None:
    state = world()
    put(state, "0202", "B", pop=2)
    put(state, "0202", "A", fleet=1)
    put(state, "0303", "B", pop=1)
    state.occupations[parse_hex("0303")] = {"B": "A"}  # A's fleet has left 0303
    assert occupy_populations(state, "A") == [(parse_hex("0202"), "B")]
    assert state.occupier(parse_hex("0202"), "B") == "A"
    assert state.occupier(parse_hex("0303"), "B") is None


def test_begin_turn_collects_claims_occupies_and_resets_the_turn() -> None:
    state = world(kinds={"0202": HexType.DENSE})
    put(state, "0202", "A", pop=2, territory=True)
    put(state, "0303", "A", fleet=1)
    put(state, "0303", "B", pop=1)
    state.fleets_built = {parse_hex("0202"): 1}
    assert begin_turn(state) == 2
    assert state.territory[parse_hex("0303")] == "A"
    assert state.occupier(parse_hex("0303"), "B") == "A"
    assert state.population_at_start == {parse_hex("0202"): 2}
    assert state.fleets_built == {}


# -- building and growing (6.1) -------------------------------------------------


def test_build_shipyard_costs_four_in_a_friendly_populated_hex() -> None:
    state = world(resources=5)
    put(state, "0202", "A", pop=1, territory=True)
    put(state, "0303", "A", territory=True)
    build_shipyard(state, "A", parse_hex("0202"))
    assert state.shipyards[parse_hex("0202")] == 1 and state.players["A"].resources == 1
    with pytest.raises(Illegal):
        build_shipyard(state, "A", parse_hex("0303"))  # no population
    with pytest.raises(Illegal):
        build_shipyard(state, "A", parse_hex("0202"))  # 1 resource left


def test_build_habitat_costs_two_settled_or_with_a_fleet() -> None:
    state = world(resources=6)
    put(state, "0202", "A", pop=1, territory=True)
    put(state, "0303", "A", fleet=1, territory=True)
    put(state, "0404", "A", territory=True)
    build_habitat(state, "A", parse_hex("0202"))
    build_habitat(state, "A", parse_hex("0303"))
    assert state.players["A"].resources == 2
    with pytest.raises(Illegal):
        build_habitat(state, "A", parse_hex("0404"))  # unsettled, no fleet


def test_build_fleet_costs_four_one_per_shipyard_a_turn() -> None:
    state = world(resources=20)
    put(state, "0202", "A", pop=1, territory=True, shipyards=2)
    build_fleet(state, "A", parse_hex("0202"))
    build_fleet(state, "A", parse_hex("0202"))
    with pytest.raises(Illegal):
        build_fleet(state, "A", parse_hex("0202"))
    assert state.fleet(parse_hex("0202"), "A") == 2 and state.players["A"].resources == 12


def test_growth_costs_two_and_at_most_doubles_a_turn() -> None:
    state = world(kinds={"0202": HexType.CORE}, resources=20)
    put(state, "0202", "A", pop=2, territory=True)
    begin_turn(state)
    start = state.players["A"].resources
    grow(state, "A", parse_hex("0202"))
    assert grow(state, "A", parse_hex("0202")) == [
        Overpopulation(parse_hex("0202"), (("A", 1),))
    ]  # 4 tokens in a Core hex of habitat 3
    assert state.population(parse_hex("0202"), "A") == 3
    with pytest.raises(Illegal):
        grow(state, "A", parse_hex("0202"))  # twice 2 already added this turn
    assert state.players["A"].resources == start - 4


def test_conversion_once_a_hex_a_turn_of_an_occupied_population() -> None:
    state = world()
    put(state, "0202", "B", pop=3)
    put(state, "0202", "A", fleet=1)
    with pytest.raises(Illegal):
        convert(state, "A", parse_hex("0202"), "B")  # not marked yet
    occupy_populations(state, "A")
    convert(state, "A", parse_hex("0202"), "B")
    assert state.populations[parse_hex("0202")] == {"B": 2, "A": 1}
    with pytest.raises(Illegal):
        convert(state, "A", parse_hex("0202"), "B")


# -- movement (6.2) and supply (7.3) ----------------------------------------------


def path(*names: str) -> list[Hex]:
    return [parse_hex(n) for n in names]


def test_fleet_movement_one_a_token_a_hex_twice_unsupplied() -> None:
    state = world(resources=20)
    put(state, "0101", "A", fleet=3, territory=True)
    assert move_fleet(state, "A", path("0101", "0201", "0301"), 2) == 4
    assert state.fleet(parse_hex("0301"), "A") == 2
    state.territory.clear()
    assert move_fleet(state, "A", path("0301", "0401"), 2) == 4  # unsupplied: doubled
    assert state.players["A"].resources == 12


def test_fleets_need_the_occupiers_permission() -> None:
    state = world(resources=20)
    put(state, "0101", "A", fleet=1, territory=True)
    put(state, "0201", "B", fleet=1)
    with pytest.raises(Illegal):
        move_fleet(state, "A", path("0101", "0201"), 1)
    move_fleet(state, "A", path("0101", "0201"), 1, permits=lambda o, m, h: True)
    with pytest.raises(Illegal):
        move_fleet(state, "A", path("0201", "0401"), 1)  # not adjacent


def test_migration_two_a_token_a_hex_to_friendly_through_neutral() -> None:
    state = world(kinds={"0301": HexType.SPARSE}, resources=20)
    put(state, "0101", "A", pop=3, territory=True)
    put(state, "0301", "A", territory=True)
    put(state, "0202", "B", territory=True)
    assert migrate(state, "A", path("0101", "0201", "0301"), 2) == [
        Overpopulation(parse_hex("0301"), (("A", 1),))
    ]
    assert state.players["A"].resources == 12
    assert state.population(parse_hex("0301"), "A") == 1
    with pytest.raises(Illegal):
        migrate(state, "A", path("0101", "0201"), 1)  # neutral destination
    with pytest.raises(Illegal):
        migrate(state, "A", path("0101", "0202", "0301"), 1)  # through B's territory


def test_supply_by_an_unobstructed_shortest_path() -> None:
    state = world()
    put(state, "0101", "A", territory=True)
    put(state, "0401", "A", fleet=1)
    assert supplied(state, parse_hex("0401"), "A")
    # every shortest path from 0401 to 0101 (3 hexes) passes 0201
    put(state, "0201", "B", fleet=1)
    assert not supplied(state, parse_hex("0401"), "A")
    assert supplied(state, parse_hex("0401"), "A", obstructs=lambda o, p, h: False)
    mark_supply(state)
    assert state.unsupplied == {(parse_hex("0401"), "A"), (parse_hex("0201"), "B")}
    put(state, "0101", "B", fleet=1)  # a foreign fleet in the friendly end hex
    del state.fleets[parse_hex("0201")]
    assert supplied(state, parse_hex("0401"), "A")
    state.territory.clear()
    assert not supplied(state, parse_hex("0401"), "A")  # no territory at all


# -- attacks on the board (6.3.1, 8) -----------------------------------------------


def test_attack_costs_two_a_token_and_needs_supply() -> None:
    state = world(resources=10)
    put(state, "0202", "A", fleet=2)
    put(state, "0203", "B", fleet=1)
    with pytest.raises(Illegal):  # unsupplied fleets may not attack
        attack_fleets(state, "A", {parse_hex("0202"): 2}, parse_hex("0203"), Random(1))
    assert state.players["A"].resources == 10
    state.territory[parse_hex("0202")] = "A"
    battle = attack_fleets(state, "A", {parse_hex("0202"): 2}, parse_hex("0203"), Random(1))
    assert state.players["A"].resources == 6
    assert state.fleet(parse_hex("0202"), "A") == 2 - battle.attacker_losses
    assert state.fleet(parse_hex("0203"), "B") == 1 - battle.defender_losses
    with pytest.raises(Illegal):  # out of range (house rule: own or adjacent hex)
        attack_fleets(state, "A", {parse_hex("0202"): 1}, parse_hex("0505"), Random(1))


def test_fleet_attack_from_many_hexes_on_many_players_in_one() -> None:
    state = world(players=("A", "B", "C"), resources=20)
    put(state, "0202", "A", fleet=3, territory=True)
    put(state, "0204", "A", fleet=3, territory=True)
    put(state, "0203", "B", fleet=2)
    put(state, "0203", "C", fleet=2)
    battle = attack_fleets(
        state, "A", {parse_hex("0202"): 3, parse_hex("0204"): 3}, parse_hex("0203"), Random(5)
    )
    assert state.players["A"].resources == 8  # 2 a participating token
    assert battle.superior == "attacker" and battle.advantage == 1  # 6/4 = 1.5 -> 2, minus 1
    lost_b = 2 - state.fleet(parse_hex("0203"), "B")
    lost_c = 2 - state.fleet(parse_hex("0203"), "C")
    assert lost_b + lost_c == battle.defender_losses and abs(lost_b - lost_c) <= 1
    assert state.fleet(parse_hex("0202"), "A") + state.fleet(parse_hex("0204"), "A") == (
        6 - battle.attacker_losses
    )


def test_turns_pass_clockwise_skipping_eliminated_players() -> None:
    state = world(players=("A", "B", "C"))
    state.players["B"].eliminated = True
    end_turn(state)
    assert state.current == "C" and state.round == 1
    end_turn(state)
    assert state.current == "A" and state.round == 2


def test_setup_population_in_an_empty_hex_is_removed_at_once() -> None:
    state = world(kinds={"0303": HexType.SPARSE})
    put(state, "0202", "A", pop=1)  # Empty: habitat value 0
    put(state, "0303", "A", pop=1)
    assert overpopulation_everywhere(state) == [Overpopulation(parse_hex("0202"), (("A", 1),))]
    assert state.populations == {parse_hex("0303"): {"A": 1}}


def test_population_attack_costs_habitats_one_for_three() -> None:
    state = world(players=("A", "B", "C"), kinds={"0202": HexType.CORE}, resources=10)
    put(state, "0202", "A", fleet=4, territory=True)
    put(state, "0202", "B", pop=3, habitats=4)
    put(state, "0202", "C", pop=3)
    hit, lost, habitats = attack_population(state, "A", parse_hex("0202"), 4, Random(7))
    assert sum(lost.values()) == hit.destroyed
    assert habitats == min(hit.destroyed // 3, 4)
    assert abs(lost.get("B", 0) - lost.get("C", 0)) <= 1


def test_infrastructure_attack_shipyards_first() -> None:
    state = world(kinds={"0202": HexType.SPARSE}, resources=10)
    put(state, "0202", "A", fleet=1, territory=True)
    put(state, "0202", "B", pop=3, habitats=2, shipyards=1)
    hit, over = attack_infrastructure(state, "A", parse_hex("0202"), 1, Random(3))
    lost_s = 1 - state.shipyards.get(parse_hex("0202"), 0)
    lost_h = 2 - state.habitats.get(parse_hex("0202"), 0)
    assert lost_s + lost_h == hit.destroyed and (lost_h == 0 or lost_s == 1)
    assert state.population(parse_hex("0202")) <= state.capacity(parse_hex("0202"))


# -- victory (2) -----------------------------------------------------------------------


def test_population_victory_more_than_three_quarters_of_two() -> None:
    state = world()
    put(state, "0202", "A", pop=6)
    put(state, "0303", "B", pop=2)
    assert population_winner(state) is None  # exactly 3/4 is not more
    put(state, "0303", "A", pop=1)
    assert population_winner(state) == "A"


def test_population_victory_two_thirds_with_more_players_occupied_for_occupier() -> None:
    state = world(players=("A", "B", "C"))
    put(state, "0202", "A", pop=4)
    put(state, "0303", "B", pop=1)
    put(state, "0404", "C", pop=1)
    assert populations(state) == {"A": 4, "B": 1, "C": 1}
    assert population_winner(state) is None  # 4/6 is exactly two thirds
    state.occupations[parse_hex("0303")] = {"B": "A"}
    assert populations(state) == {"A": 5, "B": 0, "C": 1}
    assert population_winner(state) == "A"


def test_population_victory_is_more_than_the_share_for_every_small_count() -> None:
    """2.1: "more than three quarters of the total population" (two players); 2.2: "more
    than two thirds of the entire population" (three or more). For every split of up to
    12 tokens among two and three players, the winner is the first with more than that
    share, counted as a fraction, never at it exactly (the rule counts in whole numbers)."""
    for players in (("A", "B"), ("A", "B", "C")):
        state = world(players=players)
        share = Fraction(3, 4) if len(players) == 2 else Fraction(2, 3)
        for counts in itertools.product(range(13), repeat=len(players)):
            total = sum(counts)
            by_player = dict(zip(players, counts, strict=True))
            expected = next(
                (p for p, n in by_player.items() if total and Fraction(n, total) > share), None
            )
            assert population_winner(state, by_player) == expected, counts


def test_race_goal_held_three_turns() -> None:
    state = world()
    state.goal = parse_hex("0404")
    put(state, "0404", "A", fleet=1)
    assert race_turn(state, "A") is None and race_turn(state, "A") is None
    assert race_turn(state, "A") == "A"
    put(state, "0404", "B", fleet=1)
    assert race_turn(state, "A") is None and state.held["A"] == 0


def test_conquest_last_player_left() -> None:
    state = world(players=("A", "B", "C"))
    put(state, "0202", "A", pop=1)
    put(state, "0303", "B", pop=1)
    assert conquest_winner(state) is None and state.players["C"].eliminated
    state.occupations[parse_hex("0303")] = {"B": "A"}
    assert conquest_winner(state) is None  # B still has tokens, though occupied
    state.populations.pop(parse_hex("0303"))
    assert conquest_winner(state) == "A"


# -- properties -------------------------------------------------------------------------

HEXES = st.builds(Hex, st.integers(0, 4), st.integers(0, 4))
PLAYERS = st.sampled_from(["A", "B"])


@st.composite
def random_worlds(draw: st.DrawFn) -> GameState:
    kinds = draw(st.dictionaries(HEXES, st.sampled_from(list(HexType)), max_size=10))
    state = world(width=5, height=5, resources=draw(st.integers(0, 30)))
    state.kinds = kinds
    for _ in range(draw(st.integers(0, 8))):
        hex_, player = draw(HEXES), draw(PLAYERS)
        state.add(state.populations, hex_, player, draw(st.integers(1, 3)))
        state.add(state.fleets, hex_, player, draw(st.integers(0, 3)))
        if draw(st.booleans()):
            state.territory[hex_] = player
        state.habitats[hex_] = draw(st.integers(0, 2)) or state.habitats.get(hex_, 0)
        if draw(st.booleans()):
            state.infrastructure(state.shipyards, hex_, 1)
    state.habitats = {h: n for h, n in state.habitats.items() if n}
    return state


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    random_worlds(),
    st.lists(st.tuples(st.integers(0, 9), HEXES, HEXES), max_size=12),
    st.integers(0, 99),
)
def test_resources_never_negative_and_no_token_from_nothing(
    state: GameState, actions: list[tuple[int, Hex, Hex]], seed: int
) -> None:
    rng = Random(seed)
    begin_turn(state)
    for kind, here, there in actions:
        player = state.current
        before = state.tokens()
        paid_before = state.players[player].resources
        built = {"population": 0, "fleet": 0, "habitat": 0, "shipyard": 0}
        try:
            if kind == 0:
                build_shipyard(state, player, here)
                built["shipyard"] = 1
            elif kind == 1:
                build_habitat(state, player, here)
                built["habitat"] = 1
            elif kind == 2:
                build_fleet(state, player, here)
                built["fleet"] = 1
            elif kind == 3:
                grow(state, player, here)
                built["population"] = 1
            elif kind == 4:
                move_fleet(state, player, [here, there], 1)
            elif kind == 5:
                migrate(state, player, [here, there], 1)
            elif kind == 6:
                attack_fleets(state, player, {here: 1}, there, rng)
            elif kind == 7:
                attack_population(state, player, here, 1, rng)
            elif kind == 8:
                attack_infrastructure(state, player, here, 1, rng)
            else:
                convert(state, player, here, "B")
        except Illegal:
            assert state.players[player].resources == paid_before
            assert state.tokens() == before
            continue
        after = state.tokens()
        for kind_name, n in after.items():
            assert n <= before[kind_name] + built[kind_name]
        assert all(p.resources >= 0 for p in state.players.values())
        assert all(n > 0 for row in state.populations.values() for n in row.values())
        assert all(n > 0 for row in state.fleets.values() for n in row.values())


def test_a_tie_for_the_extras_falls_on_the_first_in_seat_order_not_the_first_arrived() -> None:
    """House rule: the extras of an uneven split fall on the largest holder, then the
    first in seat order, whichever tokens came into the hex first."""
    from galbatch.rules.galaktikos.events import overpopulation
    from galbatch.rules.galaktikos.hexes import parse_hex

    state = world(players=("A", "B"))
    put(state, "0404", "B", pop=1, habitats=1)  # B arrives first
    put(state, "0404", "A", pop=1)
    hex_ = parse_hex("0404")
    assert state.population(hex_) - state.capacity(hex_) == 1  # one token too many
    overpopulation(state, hex_)
    assert state.populations[hex_] == {"B": 1}
