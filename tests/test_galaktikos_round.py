"""Galaktikos rounds: the setup run, rounds in rotating seat order, orders the board no longer
allows, conditions, determinism, and no token or resource from nothing."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.rules.galaktikos.orders import (
    Attack,
    Attackers,
    BuildFleet,
    BuildHabitat,
    Condition,
    Conditional,
    Grow,
    Move,
    Obstruct,
    Permit,
    PlaceHome,
    PlacePopulation,
)
from galbatch.rules.galaktikos.placement import galaxy_of, near_core, placement_error
from galbatch.rules.galaktikos.progress import describe, owing
from galbatch.rules.galaktikos.resolve import resolve
from galbatch.rules.galaktikos.round_events import (
    ConditionFalse,
    Executed,
    NotExecuted,
    Placed,
    TurnBegan,
)
from galbatch.rules.galaktikos.setup import new_game
from galbatch.rules.galaktikos.state import RoundState
from galbatch.rules.galaktikos.tables import HexType
from galbatch.rules.galaktikos.view import build_view
from tests.galaktikos_accounting import accounted, holdings
from tests.galaktikos_world import put, world

SEATS = [
    PlayerInfo("RED", "Red", 1),
    PlayerInfo("BLUE", "Blue", 2),
    PlayerInfo("GREEN", "Green", 3),
]


CODE_NAMES = {"A": "ARCTURUS", "B": "POLARIS"}  # orders name players so, never by seat id


def board(resources: int = 20) -> RoundState:
    """Two players, A and B, on a small map of sparse hexes, at round 1."""
    base = world(
        ("A", "B"), kinds={f"0{c}0{r}": HexType.DENSE for c in range(1, 8) for r in range(1, 8)}
    )
    fields = {f.name: getattr(base, f.name) for f in dataclasses.fields(base)}
    state = RoundState(**fields)
    for p in state.players.values():
        p.resources = resources
        p.name = CODE_NAMES[p.id]
    return state


def texts(state: RoundState, kind: type[Any]) -> list[str]:
    return [e.text for e in state.events if isinstance(e, kind)]


def test_setup_places_ordered_homes_in_seat_order_and_others_automatically() -> None:
    state = new_game(5, SEATS, {})
    assert state.round == 0 and owing(state) == ["RED", "BLUE", "GREEN"]
    galaxy = galaxy_of(state)
    legal = [h for h in galaxy if not placement_error(galaxy, h, set())]
    home, second, third = legal[0], legal[10], legal[20]
    orders: dict[str, list[Any]] = {
        "RED": [PlaceHome(home.name), PlacePopulation(second.name)],
        "BLUE": [PlaceHome(home.name), PlaceHome(third.name)],  # RED takes it first
    }
    after = resolve(state, orders, Streams(5, 0))
    assert after.round == 1
    assert after.population(home, "RED") == 1 and after.fleet(home, "RED") == 1
    assert after.shipyards[home] == 1 and after.population(second, "RED") == 1
    assert after.population(third, "BLUE") == 1
    placed = texts(after, Placed)
    assert placed[0] == f"RED placed home at {home.name} as ordered"
    assert placed[1] == f"BLUE placed home at {third.name} as ordered"
    assert placed[2].startswith("GREEN placed home") and placed[2].endswith("automatically")
    assert texts(after, NotExecuted) == [
        f"not executed: PLACE HOME {home.name}: {home.name} already has RED's token"
    ]
    core = next(h for h in galaxy if galaxy[h] is HexType.CORE)
    unchecked = {"GREEN": [PlaceHome(core.name), PlacePopulation(second.name)]}
    refused = resolve(state, {**orders, **unchecked}, Streams(5, 0))
    assert texts(refused, NotExecuted)[1:] == [
        f"not executed: PLACE HOME {core.name}: {core.name} is a core hex",
        f"not executed: PLACE POPULATION {second.name}: {second.name} already has RED's token",
    ]
    assert texts(refused, Placed)[2].endswith("automatically")
    assert after.tokens() == {"population": 9, "fleet": 3, "habitat": 0, "shipyard": 3}
    assert not any(near_core(galaxy, h) for h in after.populations)
    for round_ in (1, 2):
        after = resolve(after, {}, Streams(5, round_))
    assert after.round == 3 and all(p.resources > 0 for p in after.players.values())
    assert describe(after).startswith("round 2 played, round 3 next, 3 players")


def test_an_order_an_earlier_player_made_illegal_is_not_executed_with_the_reason() -> None:
    state = board()
    put(state, "0303", "A", pop=1, fleet=1, territory=True)
    put(state, "0505", "B", pop=1, fleet=1, territory=True)
    orders: dict[str, list[Any]] = {
        "A": [Move(1, ("0303", "0304"))],
        "B": [Move(1, ("0505", "0404", "0304"))],
    }
    after = resolve(state, orders, Streams(1, 1))
    assert after.fleet(parse("0304"), "A") == 1 and after.fleet(parse("0505"), "B") == 1
    assert texts(after, NotExecuted) == [
        "not executed: MOVE 1 FLEETS 0505 0404 0304: ARCTURUS does not let POLARIS enter 0304"
    ]
    # with A's standing permission, B may enter
    permit = Permit("POLARIS", "0304")
    permitted = resolve(state, {**orders, "A": [*orders["A"], permit]}, Streams(1, 1))
    assert permitted.fleet(parse("0304"), "B") == 1
    assert [o.text() for o in permitted.standing["A"]] == ["PERMIT POLARIS 0304"]
    by_id = resolve(state, {**orders, "A": [*orders["A"], Permit("B", "0304")]}, Streams(1, 1))
    assert by_id.fleet(parse("0304"), "B") == 0  # a seat id names nobody


def test_a_fleet_destroyed_earlier_this_round_is_named_as_the_reason() -> None:
    for seed in range(40):
        state = board()
        put(state, "0303", "A", pop=1, fleet=6, territory=True)
        put(state, "0304", "B", pop=1, fleet=1, territory=True)
        orders: dict[str, list[Any]] = {
            "A": [Attack("FLEETS", "0304", (Attackers("0303", 6),))],
            "B": [Move(1, ("0304", "0305"))],
        }
        after = resolve(state, orders, Streams(seed, 1))
        if not any(row.get("B") for row in after.fleets.values()):
            assert texts(after, NotExecuted) == [
                "not executed: MOVE 1 FLEETS 0304 0305: your fleet at 0304 was destroyed"
                " by ARCTURUS earlier this round"
            ]
            return
    raise AssertionError("no seed destroyed the fleet")


def test_a_condition_is_evaluated_when_the_order_runs() -> None:
    state = board()
    put(state, "0303", "A", pop=1, fleet=1, territory=True)
    put(state, "0505", "B", pop=1, fleet=1, territory=True)
    build = BuildHabitat("0303", 1)
    orders: dict[str, list[Any]] = {
        "A": [Conditional(Condition("FLEETS", "0304"), build)],
        "B": [Move(1, ("0505", "0404", "0304"))],
    }
    after = resolve(state, orders, Streams(1, 1))  # A moves first: no enemy fleet yet
    assert texts(after, ConditionFalse) == [
        "not executed: IF ENEMY FLEETS 0304 BUILD HABITAT 0303 1: condition false"
    ]
    later = resolve(after, orders, Streams(1, 2))  # B moves first now, then A sees the fleet
    assert later.habitats.get(parse("0303")) == 1
    assert any("BUILD HABITAT 0303 1" in t for t in texts(later, Executed))


def test_the_first_seat_rotates_each_round_unless_the_game_says_not() -> None:
    state = board()
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0606", "B", pop=1, territory=True)
    one = resolve(state, {}, Streams(1, 1))
    two = resolve(one, {}, Streams(1, 2))
    assert [e.player for e in one.events if isinstance(e, TurnBegan)] == ["A", "B"]
    assert [e.player for e in two.events if isinstance(e, TurnBegan)] == ["B", "A"]
    assert build_view(two, "A")["first"] == "B"
    fixed = dataclasses.replace(one, rotate=False)
    assert [
        e.player for e in resolve(fixed, {}, Streams(1, 2)).events if isinstance(e, TurnBegan)
    ] == [
        "A",
        "B",
    ]


def test_resolve_is_deterministic_does_not_change_its_input_and_round_trips() -> None:
    state = new_game(9, SEATS, {"victory": "race"})
    assert state.goal is not None
    before = state.to_data()
    one = resolve(state, {}, Streams(9, 0))
    assert state.to_data() == before
    assert one.to_data() == resolve(state, {}, Streams(9, 0)).to_data()
    orders = {"RED": [Obstruct("ALL", False)]}
    two = resolve(one, orders, Streams(9, 1))
    assert RoundState.from_data(two.to_data()) == two
    view = build_view(two, "RED")
    assert view["ruleset"] == "galaktikos" and view["player"] == "RED"
    assert view["standing"] == ["OBSTRUCT ALL OFF"] and build_view(two, "BLUE")["standing"] == []
    assert {p["id"] for p in view["players"]} == {"RED", "BLUE", "GREEN"}


def parse(name: str) -> Any:
    from galbatch.rules.galaktikos.hexes import parse_hex

    return parse_hex(name)


HEXES = ["0303", "0304", "0404", "0505", "0606", "0305"]
ORDER = st.one_of(
    st.builds(Grow, st.sampled_from(HEXES), st.integers(1, 3)),
    st.builds(BuildFleet, st.sampled_from(HEXES), st.integers(1, 2)),
    st.builds(BuildHabitat, st.sampled_from(HEXES), st.integers(1, 2)),
    st.builds(Move, st.integers(1, 3), st.tuples(st.sampled_from(HEXES), st.sampled_from(HEXES))),
    st.builds(
        Attack,
        st.sampled_from(["FLEETS", "INFRASTRUCTURE", "POPULATION"]),
        st.sampled_from(HEXES),
        st.tuples(st.builds(Attackers, st.sampled_from(HEXES), st.integers(1, 3))),
    ),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(ORDER, max_size=6), st.lists(ORDER, max_size=6), st.integers(0, 1000))
def test_no_token_from_nothing_and_no_resources_below_zero(
    a: list[Any], b: list[Any], seed: int
) -> None:
    state = board(resources=10)
    put(state, "0303", "A", pop=2, fleet=2, territory=True, shipyards=1)
    put(state, "0606", "B", pop=2, fleet=2, territory=True, shipyards=1)
    put(state, "0404", "B", pop=1, fleet=1, territory=True)
    after = resolve(state, {"A": a, "B": b}, Streams(seed, 1))
    assert all(p.resources >= 0 for p in after.players.values())
    # every change of each player's tokens is an event's; each paid from his means: his
    # resources and at most one resource a population token of his harvests
    change, paid = accounted(after)
    was, now = holdings(state), holdings(after)
    assert {key: now[key] - was[key] for key in was} == change, [e.text for e in after.events]
    for p in state.players:
        assert paid[p] <= state.players[p].resources + was[(p, "population")]
    assert all(n > 0 for row in after.fleets.values() for n in row.values())


def test_standing_reroll_and_first_player_orders_feed_the_battle_policies() -> None:
    from galbatch.rules.galaktikos.orders import First, Reroll
    from galbatch.rules.galaktikos.round import first_player, reroll_policy
    from galbatch.rules.galaktikos.tables import Face
    from galbatch.rules.galaktikos.warfare import RollView

    state = board()
    own_half = RollView("attacker", "attacker", Face.HALF, 4, 1)
    enemy_quarter = RollView("defender", "attacker", Face.QUARTER, 4, 1)
    assert reroll_policy(state, "A", "B")(own_half)  # the default: own losses of a half
    state.standing["A"] = (Reroll("OWN", ""), First(player="Polaris"))
    state.standing["B"] = (Reroll("ENEMY", "NONE"),)
    assert not reroll_policy(state, "A", "B")(own_half)  # REROLL OWN NEVER
    assert not reroll_policy(state, "A", "B")(enemy_quarter)  # B: ENEMY AT MOST NONE
    assert first_player(state, "A") == "B" and first_player(state, "B") == ""


def test_automatic_occupy_off_occupies_only_where_ordered() -> None:
    from galbatch.rules.galaktikos.orders import Automatic, Occupy

    state = board()
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0606", "B", pop=1, territory=True)
    put(state, "0606", "A", fleet=1)
    put(state, "0505", "B", pop=1)
    put(state, "0505", "A", fleet=1)
    after = resolve(state, {"A": [Automatic("OCCUPY", False), Occupy("0505")]}, Streams(1, 1))
    assert after.occupier(parse("0505"), "B") == "A"
    assert after.occupier(parse("0606"), "B") is None


def test_first_habitats_or_shipyards_chooses_what_an_infrastructure_attack_destroys() -> None:
    from galbatch.rules.galaktikos.orders import First

    def after(orders: list[Any], seed: int) -> tuple[int, int]:
        state = board()
        put(state, "0303", "A", pop=1, territory=True)
        put(state, "0304", "A", fleet=2)
        put(state, "0304", "B", pop=1, territory=True, habitats=3, shipyards=3)
        done = resolve(state, {"A": orders}, Streams(seed, 1))
        assert [e.text for e in done.events if isinstance(e, NotExecuted)] == []
        return done.shipyards.get(parse("0304"), 0), done.habitats.get(parse("0304"), 0)

    def attack(first: str = "") -> Attack:
        return Attack("INFRASTRUCTURE", "0304", (Attackers("0304", 2),), first)

    # a seed whose strike destroys some but not all of the six tokens, so the choice shows
    seed = next(s for s in range(100) if 0 < sum(after([attack()], s)) < 6)
    yards, habitats = after([attack()], seed)
    lost = 6 - yards - habitats
    by_default = (max(0, 3 - lost), 3 - max(0, lost - 3))  # shipyards first
    habitats_first = (3 - max(0, lost - 3), max(0, 3 - lost))
    assert (yards, habitats) == by_default
    assert after([attack("HABITATS")], seed) == habitats_first
    assert after([First("HABITATS"), attack()], seed) == habitats_first  # the standing order
    assert after([First("HABITATS"), attack("SHIPYARDS")], seed) == by_default  # the order's own
    assert habitats_first != by_default


def test_orders_name_players_by_code_name_in_any_case() -> None:
    from galbatch.rules.galaktikos.orders import Convert, First
    from galbatch.rules.galaktikos.round import first_player, obstructs

    state = board()
    state.standing["A"] = (Obstruct("ALL", True), Obstruct("polaris", False), First(None, "B"))
    assert not obstructs(state)("A", "B", parse("0303"))
    assert first_player(state, "A") == ""  # "B" is a seat id, no code name
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0505", "A", fleet=1)
    put(state, "0505", "B", pop=2, territory=True)
    put(state, "0606", "B", pop=1, territory=True)
    converted = resolve(state, {"A": [Convert("0505", "POLARIS")]}, Streams(1, 1))
    assert converted.population(parse("0505"), "A") == 1
    by_id = resolve(state, {"A": [Convert("0505", "B")]}, Streams(1, 1))
    assert texts(by_id, NotExecuted) == ["not executed: CONVERT 0505 B: no player is named B"]


def test_a_convert_naming_nobody_takes_the_largest_population_ties_in_seat_order() -> None:
    from galbatch.rules.galaktikos.economy import convert_target
    from galbatch.rules.galaktikos.orders import Convert
    from galbatch.rules.galaktikos.state import Player

    state = board()
    state.players["C"] = Player("C", "RIGEL", 20)
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0505", "A", fleet=1)
    put(state, "0505", "B", pop=1, territory=True)
    put(state, "0505", "C", pop=3)
    put(state, "0707", "C", pop=1, territory=True)
    state.occupations[parse("0505")] = {"B": "A", "C": "A"}
    assert convert_target(state, "A", parse("0505")) == "C"
    after = resolve(state, {"A": [Convert("0505")]}, Streams(1, 1))
    assert after.population(parse("0505"), "C") == 2 and after.population(parse("0505"), "B") == 1
    state.populations[parse("0505")]["C"] = 1
    assert convert_target(state, "A", parse("0505")) == "B"  # a tie: the earlier seat
    del state.occupations[parse("0505")]["B"]
    assert convert_target(state, "A", parse("0505")) == "C"  # B's is not occupied by A


def test_a_fleet_supplied_because_the_obstructer_lets_it_may_attack() -> None:
    """POLARIS's fleet at 0201 sits on every shortest path from 0401 to ARCTURUS's 0101,
    but POLARIS's OBSTRUCT ARCTURUS OFF lifts it: the fleet is supplied (7.3), and a
    supplied fleet may attack, as the supply marks say."""
    from galbatch.rules.galaktikos.orders import Attack, Attackers, Automatic, Obstruct

    def attack(obstruct: bool) -> RoundState:
        state = board()
        put(state, "0101", "A", pop=1, territory=True)
        put(state, "0401", "A", fleet=2)
        put(state, "0401", "B", pop=3)
        put(state, "0201", "B", fleet=1)
        state.standing["B"] = (Obstruct("ARCTURUS", obstruct),)
        orders: list[Any] = [
            Automatic("CLAIM", False),  # 0401 stays out of ARCTURUS's territory
            Attack("POPULATION", "0401", (Attackers("0401", 2),)),
        ]
        return resolve(state, {"A": orders}, Streams(3, 1))

    lifted, kept = attack(False), attack(True)
    assert (parse("0401"), "A") not in lifted.unsupplied
    assert any(t.startswith("ATTACK POPULATION 0401 WITH 2: ") for t in texts(lifted, Executed))
    assert (parse("0401"), "A") in kept.unsupplied
    assert texts(kept, NotExecuted) == [
        "not executed: ATTACK POPULATION 0401 WITH 2: the fleet of ARCTURUS in 0401 is not"
        " supplied and may not attack"
    ]


def three_board() -> RoundState:
    """ARCTURUS (A) with six fleets in 0404 and 0405, where POLARIS (B) and VEGA (C) live."""
    from galbatch.rules.galaktikos.state import Player

    state = board()
    state.players["C"] = Player("C", "VEGA", 20)
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0404", "A", fleet=6)
    put(state, "0404", "B", pop=2, territory=True)
    put(state, "0404", "C", pop=2)
    put(state, "0405", "A", fleet=6, territory=True)
    put(state, "0405", "B", fleet=2)
    put(state, "0405", "C", fleet=2)
    put(state, "0606", "B", pop=1, territory=True)
    put(state, "0707", "C", pop=1, territory=True)
    return state


@pytest.mark.slow
def test_first_names_who_takes_the_extras_of_a_population_attack_not_its_target() -> None:
    """8.3.3: the losses are spread evenly over every unfriendly population, the attacker
    choosing who suffers the extras; FIRST (in the order or standing) is that choice."""
    from galbatch.rules.galaktikos.orders import First

    def lost(orders: list[Any], seed: int) -> tuple[int, int]:
        done = resolve(three_board(), {"A": orders}, Streams(seed, 1))
        assert texts(done, NotExecuted) == []
        return 2 - done.population(parse("0404"), "B"), 2 - done.population(parse("0404"), "C")

    def attack(first: str = "") -> Attack:
        return Attack("POPULATION", "0404", (Attackers("0404", 6),), first)

    odd = [s for s in range(60) if sum(lost([attack()], s)) in (1, 3)]
    even = [s for s in range(60) if sum(lost([attack()], s)) in (2, 4)]
    assert odd and even
    for seed in odd:
        total = sum(lost([attack()], seed))
        polaris_first = lost([attack("POLARIS")], seed)
        assert polaris_first == (total // 2 + 1, total // 2)  # both hit, POLARIS the extra
        assert lost([attack("vega")], seed) == (total // 2, total // 2 + 1)
        assert lost([First(None, "VEGA"), attack()], seed) == (total // 2, total // 2 + 1)
        assert lost([First(None, "VEGA"), attack("POLARIS")], seed) == polaris_first
    for seed in even:  # an even toll spreads evenly whoever is named
        half = sum(lost([attack()], seed)) // 2
        assert lost([attack("POLARIS")], seed) == lost([attack("VEGA")], seed) == (half, half)


def test_a_fleet_battle_is_against_every_unfriendly_fleet_whatever_first_says() -> None:
    from galbatch.rules.galaktikos.orders import First
    from galbatch.rules.galaktikos.round_events import Fought

    attack = Attack("FLEETS", "0405", (Attackers("0405", 6),))
    for seed in range(10):
        plain = resolve(three_board(), {"A": [attack]}, Streams(seed, 1))
        named = resolve(three_board(), {"A": [First(None, "POLARIS"), attack]}, Streams(seed, 1))
        assert named.fleets == plain.fleets
        fought = "battle at 0405: ARCTURUS 6 fleets against POLARIS and VEGA 4 fleets;"
        assert any(t.strip().startswith(fought) for t in texts(named, Fought))


def test_standing_orders_given_are_told_the_announced_ones_to_everyone() -> None:
    """PERMIT, FORBID and OBSTRUCT are heard at the table: every view has every player's,
    and the events saying them given; REROLL, FIRST and AUTOMATIC are the giver's alone."""
    from galbatch.rules.galaktikos.orders import First, Reroll
    from galbatch.rules.galaktikos.round_events import Announced, StandingSet
    from galbatch.rules.galaktikos.view import build_views

    state = board()
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0606", "B", pop=1, territory=True)
    orders: dict[str, list[Any]] = {
        "A": [Permit("POLARIS", "ALL"), Reroll("OWN", ""), First(None, "POLARIS")],
        "B": [Obstruct("ARCTURUS", False)],
    }
    after = resolve(state, orders, Streams(1, 1))
    assert texts(after, Announced) == [
        "PERMIT POLARIS ALL: in force",
        "OBSTRUCT ARCTURUS OFF: in force",
    ]
    assert texts(after, StandingSet) == [
        "REROLL OWN NEVER: in force",
        "FIRST PLAYER POLARIS: in force",
    ]
    views = build_views(after, ["A", "B"])
    told = {
        p: [e["text"] for e in v["events"] if "in force" in e["text"]] for p, v in views.items()
    }
    assert told["A"] == [
        "PERMIT POLARIS ALL: in force",
        "REROLL OWN NEVER: in force",
        "FIRST PLAYER POLARIS: in force",
        "OBSTRUCT ARCTURUS OFF: in force",
    ]
    assert told["B"] == ["PERMIT POLARIS ALL: in force", "OBSTRUCT ARCTURUS OFF: in force"]
    public = [{"player": "A", "orders": ["PERMIT POLARIS ALL"]},
              {"player": "B", "orders": ["OBSTRUCT ARCTURUS OFF"]}]  # fmt: skip
    assert views["A"]["announced"] == views["B"]["announced"] == public
    assert views["B"]["standing"] == ["OBSTRUCT ARCTURUS OFF"]
    assert views["A"] == build_view(after, "A") and views["B"] == build_view(after, "B")


def test_an_attack_on_nothing_is_not_executed_and_costs_nothing() -> None:
    """A population or infrastructure attack where there is none to hit (written without
    the check, or the targets gone earlier in the round) is refused, not paid for."""
    state = board()
    put(state, "0303", "A", pop=1, fleet=2, territory=True)
    put(state, "0606", "B", pop=1, territory=True)
    orders: dict[str, list[Any]] = {
        "A": [
            Attack("POPULATION", "0303", (Attackers("0303", 2),)),
            Attack("INFRASTRUCTURE", "0303", (Attackers("0303", 2),)),
        ]
    }
    after = resolve(state, orders, Streams(1, 1))
    assert texts(after, NotExecuted) == [
        "not executed: ATTACK POPULATION 0303 WITH 2: there is no other player's population"
        " at 0303 to attack",
        "not executed: ATTACK INFRASTRUCTURE 0303 WITH 2: there is no infrastructure at 0303"
        " to attack",
    ]
    assert after.players["A"].resources == state.players["A"].resources + 1  # the income


def test_a_defending_side_of_several_players_follows_its_largest_fleet() -> None:
    """House rule (galbatch-galaktikos(7), Rerolls): "A defending side of several players
    follows the REROLL orders of the player with the most fleets in the hex; among
    equals, the earliest in seat order" - not the lowest player id as a string ("10"
    before "2")."""
    from galbatch.rules.galaktikos.round import defending_player
    from galbatch.rules.galaktikos.state import RoundState

    base = world(players=("1", "2", "10"))
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    assert defending_player(state, {"1": 4, "2": 3, "10": 3}, "1") == "2"  # seat 2 before 10
    assert defending_player(state, {"1": 4, "2": 3, "10": 5}, "1") == "10"  # the most fleets
    assert defending_player(state, {"1": 4}, "1") == ""


def test_overpopulation_is_told_after_the_order_that_caused_it() -> None:
    """5.2: "Actions trigger other game events in some circumstances. These are resolved
    as soon as they are triggered, and before any other actions may be performed"; 7.2:
    the population "is immediately reduced to that maximum". The round's events tell the
    growth, then the overpopulation it caused, then the next order."""
    state = board()
    put(state, "0303", "A", pop=2, territory=True)  # Dense: habitat value 2
    put(state, "0505", "B", pop=2, territory=True)  # so that nobody wins (2.1)
    put(state, "0606", "B", pop=2, territory=True)
    after = resolve(state, {"A": [Grow("0303", 1), BuildHabitat("0303", 1)]}, Streams(1, 1))
    told = [e.text for e in after.events if e.player == "A"]
    assert told[-3:] == [
        "GROW 0303 1: done",
        "overpopulation at 0303: lost ARCTURUS 1",
        "BUILD HABITAT 0303 1: done",
    ]


def test_overpopulation_a_strike_causes_is_told_after_its_dice() -> None:
    """8.3.2: "No population tokens are removed unless there is a habitat availability
    problem caused by the attack": the strike, its dice, then the overpopulation."""
    for seed in range(40):
        state = board()
        put(state, "0505", "B", pop=3, territory=True, habitats=1)  # holds 2 + 1
        put(state, "0505", "A", fleet=6)
        strike = Attack("INFRASTRUCTURE", "0505", (Attackers("0505", 6),), "HABITATS")
        after = resolve(state, {"A": [strike]}, Streams(seed, 1))
        if after.habitats.get(parse("0505")):
            continue  # the dice destroyed nothing
        told = [e.text for e in after.events if e.player == "A"]
        at = told.index(
            f"{strike.text()}: 1 infrastructure destroyed at 0505 (0 shipyards, 1 habitats)"
        )
        assert told[at + 1].lstrip().startswith("dice ")
        assert told[at + 2] == "overpopulation at 0505: lost POLARIS 1"
        return
    pytest.fail("no seed destroyed the habitat")
