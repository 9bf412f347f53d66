"""Galactic Conflict's turn, rule by rule, on small hand-made galaxies."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.engine.contract.rng import Streams
from galbatch.rules.conflict.hexes import distance
from galbatch.rules.conflict.orders import (
    Attack,
    Build,
    Buildable,
    Destroy,
    EconIncrease,
    Gate,
    Move,
    Order,
    Probe,
    Transfer,
)
from galbatch.rules.conflict.resolve import resolve, take_losses, winner_losses
from galbatch.rules.conflict.state import (
    Battle,
    Executed,
    Flight,
    GameState,
    Memory,
    Player,
    TurnReport,
    World,
)
from galbatch.rules.conflict.tables import BUILD_YIELD

PLAYERS = {"arc": "ARCTURUS", "pol": "POLARIS", "reg": "REGULUS", "rig": "RIGEL"}

Orders = Mapping[str, Sequence[Order]]


def world(
    number: int,
    col: int,
    owner: str | None = None,
    *,
    econ: int = 0,
    cp: int = 0,
    af: int = 0,
    df: int = 0,
    ft: int = 0,
    probes: int = 0,
    memory: Memory = (),
) -> World:
    """A world on row 0, where a world at column c is c hexes from column 0."""
    return World(number, col, 0, owner, econ, cp, af, df, ft, probes, memory)


def galaxy(*worlds: World, turn: int = 0, end_turn: int = 20) -> GameState:
    """A state with the four players and the given worlds."""
    players = {pid: Player(pid, name, 100 + i) for i, (pid, name) in enumerate(PLAYERS.items())}
    return GameState(turn, end_turn, {w.number: w for w in worlds}, players, cols=12, rows=4)


def run(state: GameState, orders: Orders | None = None) -> GameState:
    """One turn with the given orders (players left out sent no file)."""
    return resolve(state, orders or {}, Streams(1, state.turn + 1))


def units(w: World) -> tuple[int, int, int]:
    return w.af, w.df, w.ft


def notes(state: GameState, player: str) -> list[tuple[int, str, str]]:
    return [(e.world, e.text, e.note) for e in state.report.executed if e.player == player]


def test_row_zero_columns_are_distances() -> None:
    assert [distance((0, 0), (c, 0)) for c in range(8)] == list(range(8))
    assert distance((2, 0), (9, 0)) == 7


# Pure helpers


@pytest.mark.parametrize(
    ("largest", "second", "losses"),
    [
        (28, 16, 9),  # the rule book: 256 / 28 is 9
        (10, 5, 3),  # 2.5: one half rounds up
        (18, 15, 13),  # 12.5 rounds up
        (10, 4, 2),  # 1.6
        (20, 3, 0),  # 0.45
        (20, 0, 0),
        (7, 7, 7),
        (0, 0, 0),
    ],
)
def test_winner_losses(largest: int, second: int, losses: int) -> None:
    assert winner_losses(largest, second) == losses


@pytest.mark.parametrize(
    ("before", "losses", "after"),
    [
        ((7, 12, 9), 9, (0, 10, 9)),  # the rule book: 7 AF and 2 DF
        ((5, 5, 5), 3, (2, 5, 5)),
        ((5, 5, 5), 12, (0, 0, 3)),
        ((1, 1, 1), 10, (0, 0, 0)),
        ((4, 0, 6), 5, (0, 0, 5)),
        ((4, 4, 4), 0, (4, 4, 4)),
    ],
)
def test_take_losses_af_then_df_then_ft(
    before: tuple[int, int, int], losses: int, after: tuple[int, int, int]
) -> None:
    assert take_losses(*before, losses) == after


# Combat


def test_rule_book_example_arcturus_polaris_rigel() -> None:
    state = galaxy(
        world(1, 0, "arc", af=7, df=12, ft=9),
        world(2, 2, "pol", af=16),
        world(3, 3, "rig", af=9),
    )
    after = run(state, {"pol": [Attack(2, 1, 16)], "rig": [Attack(3, 1, 9)]})
    home = after.worlds[1]
    assert home.owner == "arc"
    assert units(home) == (0, 10, 9)
    assert after.worlds[2].af == 0 and after.worlds[3].af == 0
    assert after.report.battles == (
        Battle(
            1,
            "arc",
            (7, 12, 9),
            (("pol", 16), ("rig", 9)),
            "arc",
            (("arc", 9), ("pol", 16), ("rig", 9)),
        ),
    )


def test_two_players_attacker_wins_and_keeps_econ_cp_probes() -> None:
    state = galaxy(
        world(1, 0, "arc", econ=4, cp=3, af=2, df=3, ft=5, probes=6), world(2, 1, "pol", af=20)
    )
    after = run(state, {"pol": [Attack(2, 1, 20)]})
    won = after.worlds[1]
    assert won.owner == "pol"
    assert units(won) == (15, 0, 0)  # 10 squared / 20 = 5 lost
    assert (won.econ, won.cp, won.probes) == (4, 3, 6)
    assert after.report.battles[0].losses == (("arc", 10), ("pol", 5))
    assert after.report.battles[0].owner_after == "pol"


def test_two_players_defender_wins() -> None:
    state = galaxy(world(1, 0, "arc", af=3, df=12), world(2, 1, "pol", af=10))
    after = run(state, {"pol": [Attack(2, 1, 10)]})
    assert after.worlds[1].owner == "arc"
    assert units(after.worlds[1]) == (0, 8, 0)  # 100 / 15 = 6.67 -> 7 lost, AF first
    assert after.worlds[2].af == 0
    assert after.report.battles[0].losses == (("arc", 7), ("pol", 10))


def test_two_players_tie_wipes_out_both_defender_keeps_world() -> None:
    state = galaxy(world(1, 0, "arc", df=6, ft=4), world(2, 1, "pol", af=10))
    after = run(state, {"pol": [Attack(2, 1, 10)]})
    assert after.worlds[1].owner == "arc"
    assert units(after.worlds[1]) == (0, 0, 0)
    assert after.report.battles[0].losses == (("arc", 10), ("pol", 10))


def test_two_largest_attackers_tie_everyone_eliminated() -> None:
    state = galaxy(world(1, 0, "arc", df=5), world(2, 1, "pol", af=12), world(3, 2, "rig", af=12))
    after = run(state, {"pol": [Attack(2, 1, 12)], "rig": [Attack(3, 1, 12)]})
    assert after.worlds[1].owner == "arc"  # even though ARCTURUS had fewer units
    assert units(after.worlds[1]) == (0, 0, 0)
    assert after.report.battles[0].losses == (("arc", 5), ("pol", 12), ("rig", 12))


def test_defender_tied_with_largest_attacker_everyone_eliminated() -> None:
    state = galaxy(world(1, 0, "arc", df=12), world(2, 1, "pol", af=12), world(3, 2, "rig", af=3))
    after = run(state, {"pol": [Attack(2, 1, 12)], "rig": [Attack(3, 1, 3)]})
    assert after.worlds[1].owner == "arc"
    assert units(after.worlds[1]) == (0, 0, 0)


def test_largest_attacker_wins_three_sided_battle() -> None:
    state = galaxy(world(1, 0, "arc", df=10), world(2, 1, "pol", af=30), world(3, 2, "rig", af=20))
    after = run(state, {"pol": [Attack(2, 1, 30)], "rig": [Attack(3, 1, 20)]})
    assert after.worlds[1].owner == "pol"
    assert units(after.worlds[1]) == (17, 0, 0)  # 400 / 30 = 13.3 -> 13 lost
    assert after.report.battles[0].losses == (("arc", 10), ("pol", 13), ("rig", 20))


def test_attack_on_neutral_world() -> None:
    state = galaxy(world(1, 0, None, econ=3, df=4, ft=2), world(2, 1, "pol", af=10))
    after = run(state, {"pol": [Attack(2, 1, 10)]})
    battle = after.report.battles[0]
    assert battle.defender is None and battle.defended == (0, 4, 2)
    assert battle.losses == (("NEUTRAL", 6), ("pol", 4))  # 36 / 10 = 3.6 -> 4
    assert after.worlds[1].owner == "pol" and after.worlds[1].af == 6


def test_winner_losses_half_rounded_up_in_battle() -> None:
    state = galaxy(world(1, 0, None, ft=5), world(2, 1, "pol", af=10))
    after = run(state, {"pol": [Attack(2, 1, 10)]})
    assert after.worlds[1].af == 7  # 25 / 10 = 2.5 -> 3


def test_defender_losses_reach_ft_after_af_and_df() -> None:
    state = galaxy(world(1, 0, "arc", af=2, df=3, ft=20), world(2, 1, "pol", af=20))
    after = run(state, {"pol": [Attack(2, 1, 20)]})
    assert units(after.worlds[1]) == (0, 0, 9)  # 400 / 25 = 16 lost: 2 AF, 3 DF, 11 FT


def test_attack_groups_arriving_together_are_added() -> None:
    state = galaxy(world(1, 0, "arc", df=10), world(2, 1, "pol", af=6), world(3, 2, "pol", af=6))
    after = run(state, {"pol": [Attack(2, 1, 6), Attack(3, 1, 6)]})
    assert after.report.battles[0].attackers == (("pol", 12),)
    assert after.worlds[1].owner == "pol"
    assert after.worlds[1].af == 4  # 100 / 12 = 8.3 -> 8 lost


def test_attack_on_own_world_is_a_move() -> None:
    state = galaxy(world(2, 1, "pol", af=5), world(3, 2, "pol", af=1))
    after = run(state, {"pol": [Attack(2, 3, 5)]})
    assert after.report.battles == ()
    assert after.worlds[3].af == 6
    assert after.report.arrivals == (("pol", 3, "A", 5),)


@pytest.mark.parametrize("attacker", ["arc", "pol"])
def test_attack_on_transferred_world_by_old_or_new_owner_is_a_move(attacker: str) -> None:
    state = galaxy(world(1, 0, "arc", df=5), world(2, 1, "arc", af=4), world(3, 2, "pol", af=4))
    origin = 2 if attacker == "arc" else 3
    orders: dict[str, list[Order]] = {"arc": [Transfer(1, "POLARIS")]}
    orders.setdefault(attacker, []).append(Attack(origin, 1, 4))
    after = run(state, orders)
    assert after.report.battles == ()
    assert after.worlds[1].owner == "pol"
    assert units(after.worlds[1]) == (4, 5, 0)
    assert after.report.arrivals == ((attacker, 1, "A", 4),)


def test_attack_in_flight_on_a_world_given_away_becomes_a_move() -> None:
    """TRANSFER OF OWNERSHIP: "Attacks against a transferred world by either the
    original owner or new owner will be changed to moves. If the world is
    attacked by anyone else, the new owner will be listed as being the defender."

    ARCTURUS's 6 AF leave world 2 on turn 1 for its own world 1, 8 hexes away
    (arriving on turn 3); RIGEL's 4 AF leave world 3 for world 1 too. On turn 2
    ARCTURUS gives world 1 to POLARIS: ARCTURUS's attack is a move from then on,
    and on turn 3 its AF join POLARIS (MOVEMENT: "the owner of the world will
    become the owner of the units"); RIGEL's attack is fought, POLARIS defending.
    """
    state = galaxy(world(1, 0, "arc", df=5), world(2, 8, "arc", af=6), world(3, 9, "rig", af=4))
    first = run(state, {"arc": [Attack(2, 1, 6)], "rig": [Attack(3, 1, 4)]})
    assert [(f.owner, f.kind, f.arrives) for f in first.flights] == [
        ("arc", "A", 3),
        ("rig", "A", 3),
    ]
    second = run(first, {"arc": [Transfer(1, "POLARIS")]})
    assert [(f.owner, f.kind) for f in second.flights] == [("arc", "M"), ("rig", "A")]
    third = run(second)
    (battle,) = third.report.battles
    assert battle.attackers == (("rig", 4),) and battle.defender == "pol"
    assert third.worlds[1].owner == "pol"
    assert ("arc", 1, "A", 6) in third.report.arrivals
    assert units(third.worlds[1]) == (5, 5, 0)  # 11 defended; 16 / 11 = 1.45 -> 1 lost, AF first


def test_attack_launched_after_the_transfer_is_an_attack() -> None:
    """Only attacks made before the world changed hands are changed to moves: the
    giver's attack ordered a turn after the transfer is fought."""
    state = galaxy(world(1, 0, "arc", df=2), world(2, 2, "arc", af=6))
    first = run(state, {"arc": [Transfer(1, "POLARIS")]})
    second = run(first, {"arc": [Attack(2, 1, 6)]})
    (battle,) = second.report.battles
    assert battle.attackers == (("arc", 6),) and second.worlds[1].owner == "arc"


def test_attack_on_transferred_world_by_third_player_meets_new_owner() -> None:
    state = galaxy(world(1, 0, "arc", df=5), world(3, 2, "rig", af=4))
    after = run(state, {"arc": [Transfer(1, "POLARIS")], "rig": [Attack(3, 1, 4)]})
    battle = after.report.battles[0]
    assert battle.defender == "pol" and battle.owner_after == "pol"
    assert after.worlds[1].df == 2  # 16 / 5 = 3.2 -> 3 lost
    assert after.players["rig"].contacts == ("arc", "pol")  # told whom it came from


# Movement


def test_move_to_foreign_world_gives_units_to_its_owner() -> None:
    state = galaxy(world(1, 0, "arc", af=1), world(2, 1, "pol", af=5, df=4, probes=3))
    after = run(state, {"pol": [Move(2, 1, "A", 5), Move(2, 1, "D", 4), Move(2, 1, "P", 3)]})
    assert (after.worlds[1].owner, after.worlds[1].af, after.worlds[1].df) == ("arc", 6, 4)
    assert after.worlds[1].probes == 3
    assert (after.worlds[2].af, after.worlds[2].df, after.worlds[2].probes) == (0, 0, 0)
    assert after.report.arrivals == (("pol", 1, "A", 5), ("pol", 1, "D", 4), ("pol", 1, "P", 3))
    assert after.report.probed == ()  # moved probes are units, not launches


def test_move_to_neutral_world_makes_units_neutral() -> None:
    state = galaxy(world(1, 0, None, df=2), world(2, 1, "pol", af=5))
    after = run(state, {"pol": [Move(2, 1, "A", 5)]})
    assert after.worlds[1].owner is None and after.worlds[1].af == 5


def test_move_to_own_world_conquered_same_turn() -> None:
    state = galaxy(
        world(2, 1, "pol", df=2),
        world(3, 2, "pol", af=3, probes=4),
        world(4, 3, "rig", af=30),
    )
    after = run(state, {"pol": [Move(3, 2, "A", 3), Move(3, 2, "P", 4)], "rig": [Attack(4, 2, 30)]})
    battle = after.report.battles[0]
    assert battle.defended == (3, 2, 0)  # the moving AF defended and fell
    conquered = after.worlds[2]
    assert conquered.owner == "rig"
    assert conquered.af == 29  # 25 / 30 = 0.8 -> 1 lost
    assert conquered.probes == 4  # the moved probes are now the conqueror's


def test_moving_af_and_df_defend_on_arrival() -> None:
    state = galaxy(world(1, 0, "arc", df=10), world(2, 1, "arc", df=8), world(3, 2, "pol", af=15))
    after = run(state, {"arc": [Move(2, 1, "D", 8)], "pol": [Attack(3, 1, 15)]})
    assert after.report.battles[0].defended == (0, 18, 0)
    assert after.worlds[1].owner == "arc"
    assert after.worlds[1].df == 5  # 225 / 18 = 12.5 -> 13 lost


@pytest.mark.parametrize(("col", "runs"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (10, 4)])
def test_three_hexes_a_run(col: int, runs: int) -> None:
    state = galaxy(world(1, 0, "pol", af=5), world(2, col, "pol"))
    after = run(state, {"pol": [Move(1, 2, "A", 5)]})
    if runs == 1:
        assert after.flights == [] and after.worlds[2].af == 5
    else:
        assert after.flights == [Flight("pol", "M", "A", 1, 2, 5, runs)]
        assert after.worlds[2].af == 0
    assert after.worlds[1].af == 0


def test_multi_turn_attack_is_stored_and_cannot_be_cancelled() -> None:
    state = galaxy(world(1, 0, "pol", af=10), world(2, 7, None, df=3), world(3, 1, "rig", af=1))
    first = run(state, {"pol": [Attack(1, 2, 10)]})
    flight = Flight("pol", "A", "A", 1, 2, 10, 3)
    assert first.flights == [flight]
    assert first.report.battles == () and first.report.arrivals == ()
    second = run(first, {"rig": [Attack(3, 1, 1)]})  # the origin world falls meanwhile
    assert second.worlds[1].owner == "rig"
    assert second.flights == [flight]
    third = run(second)
    assert third.flights == []
    battle = third.report.battles[0]
    assert battle.attackers == (("pol", 10),)
    assert third.worlds[2].owner == "pol" and third.worlds[2].af == 9  # 9 / 10 -> 1 lost


def test_gate_makes_any_distance_arrive_this_run() -> None:
    state = galaxy(world(1, 0, "pol", econ=2, af=5), world(2, 11, "pol"))
    after = run(state, {"pol": [Gate(1, 2), Move(1, 2, "A", 5), Build(1, "C", 5)]})
    assert after.flights == []
    assert after.worlds[2].af == 5
    assert after.worlds[1].cp == 1  # the gate used one of the two Econ
    assert after.worlds[1].memory == (("C", 1),)  # gates are not remembered
    assert notes(after, "pol") == [
        (1, "M,1,2,A,5", ""),
        (1, "G,1,2", ""),
        (1, "B,1,C,1", "REDUCED FROM 5"),
    ]


def test_gate_without_econ_is_not_built() -> None:
    state = galaxy(world(1, 0, "pol", af=5), world(2, 11, "pol"))
    after = run(state, {"pol": [Gate(1, 2), Move(1, 2, "A", 5)]})
    assert after.worlds[2].af == 0
    assert [f.arrives for f in after.flights] == [4]
    assert (1, "G,1,2", "") not in notes(after, "pol")


def test_gate_to_another_world_does_not_speed_a_move() -> None:
    state = galaxy(world(1, 0, "pol", econ=1, af=5), world(2, 11, "pol"), world(3, 5, "pol"))
    after = run(state, {"pol": [Gate(1, 3), Move(1, 2, "A", 5)]})
    assert [f.dest for f in after.flights] == [2]


def test_gate_to_a_world_not_owned_is_not_built() -> None:
    state = galaxy(world(1, 0, "pol", econ=1, af=5), world(2, 11, "arc"))
    after = run(state, {"pol": [Gate(1, 2), Attack(1, 2, 5)]})
    assert after.worlds[1].econ == 1 and len(after.flights) == 1


def test_gate_attack_arrives_this_run() -> None:
    state = galaxy(world(1, 0, "pol", econ=1, af=5), world(2, 9, "pol"))
    after = run(state, {"pol": [Gate(1, 2), Attack(1, 2, 5)]})
    assert after.worlds[2].af == 5 and after.report.battles == ()


# Probes


def test_probe_is_expended_and_reported() -> None:
    state = galaxy(world(1, 0, "pol", probes=3), world(2, 2, "arc", probes=1))
    after = run(state, {"pol": [Probe(1, 2)]})
    assert after.worlds[1].probes == 2
    assert after.worlds[2].probes == 1
    assert after.report.probe_reports == (("pol", 2),)
    assert after.report.probed == (2,)
    assert notes(after, "pol") == [(1, "P,1,2", "")]
    assert after.players["pol"].contacts == ("arc",)
    assert after.players["arc"].contacts == ()  # probed, but not told by whom


def test_probe_without_probes_is_not_launched() -> None:
    state = galaxy(world(1, 0, "pol"), world(2, 2, "arc"))
    after = run(state, {"pol": [Probe(1, 2)]})
    assert after.report.probed == () and notes(after, "pol") == []


def test_long_probe_arrives_later() -> None:
    state = galaxy(world(1, 0, "pol", probes=1), world(2, 5, None))
    first = run(state, {"pol": [Probe(1, 2)]})
    assert first.report.probed == () and first.flights == [Flight("pol", "P", "P", 1, 2, 1, 2)]
    second = run(first)
    assert second.report.probed == (2,) and second.worlds[2].probes == 0


# Production


@pytest.mark.parametrize(
    ("item", "per_econ", "field"),
    [("C", 1, "cp"), ("A", 2, "af"), ("D", 3, "df"), ("F", 4, "ft"), ("P", 5, "probes")],
)
def test_build_yield_rule_book_numbers(item: Buildable, per_econ: int, field: str) -> None:
    assert BUILD_YIELD[item] == per_econ
    state = galaxy(world(1, 0, "arc", econ=3))
    after = run(state, {"arc": [Build(1, item, 3)]})
    assert getattr(after.worlds[1], field) == 3 * per_econ
    assert after.worlds[1].econ == 3  # Econ is used, not spent away
    assert after.worlds[1].memory == ((item, 3),)


def test_rule_book_build_example_156_f_3() -> None:
    state = galaxy(world(156, 0, "arc", econ=3))
    after = run(state, {"arc": [Build(156, "F", 3)]})
    assert after.worlds[156].ft == 12
    assert notes(after, "arc") == [(156, "B,156,F,3", "")]


def test_build_reduced_to_econ_left() -> None:
    state = galaxy(world(1, 0, "arc", econ=10))
    after = run(state, {"arc": [Build(1, "A", 6), Build(1, "D", 6)]})
    assert (after.worlds[1].af, after.worlds[1].df) == (12, 12)
    assert after.worlds[1].memory == (("A", 6), ("D", 4))
    assert notes(after, "arc") == [(1, "B,1,A,6", ""), (1, "B,1,D,4", "REDUCED FROM 6")]


def test_econ_increase_uses_all_econ() -> None:
    state = galaxy(world(1, 0, "arc", econ=4))
    after = run(state, {"arc": [EconIncrease(1), Build(1, "A", 2)]})
    assert after.worlds[1].econ == 5
    assert after.worlds[1].af == 0
    assert after.worlds[1].memory == (("E", 0),)
    assert notes(after, "arc") == [(1, "E,1", "")]


def test_econ_increase_after_a_build_is_not_done() -> None:
    state = galaxy(world(1, 0, "arc", econ=4))
    after = run(state, {"arc": [Build(1, "A", 2), EconIncrease(1)]})
    assert (after.worlds[1].econ, after.worlds[1].af) == (4, 4)


def test_econ_increase_at_zero_is_free() -> None:
    state = galaxy(world(1, 0, "arc"))
    after = run(state, {"arc": [EconIncrease(1)]})
    assert after.worlds[1].econ == 1


def test_econ_increase_is_remembered() -> None:
    state = galaxy(world(1, 0, "arc", econ=2))
    first = run(state, {"arc": [EconIncrease(1)]})
    second = run(first)
    assert second.worlds[1].econ == 4
    assert notes(second, "arc") == [(1, "E,1", "REUSED")]


def test_new_af_df_ft_defend_the_turn_they_are_built() -> None:
    state = galaxy(world(1, 0, "arc", econ=5), world(2, 1, "pol", af=14))
    builds: list[Order] = [Build(1, "A", 2), Build(1, "D", 1), Build(1, "F", 2)]
    after = run(state, {"arc": builds, "pol": [Attack(2, 1, 14)]})
    assert after.report.battles[0].defended == (4, 3, 8)
    assert after.worlds[1].owner == "arc"
    assert units(after.worlds[1]) == (0, 0, 2)  # 196 / 15 = 13.07 -> 13 lost


def test_new_af_and_probes_cannot_leave_the_turn_they_are_built() -> None:
    state = galaxy(world(1, 0, "arc", econ=5), world(2, 1, "pol"))
    orders: list[Order] = [Build(1, "A", 3), Build(1, "P", 2), Attack(1, 2, 6), Probe(1, 2)]
    after = run(state, {"arc": orders})
    assert (after.worlds[1].af, after.worlds[1].probes) == (6, 10)
    assert after.flights == [] and after.report.battles == () and after.report.probed == ()
    assert [text for _, text, _ in notes(after, "arc")] == ["B,1,A,3", "B,1,P,2"]


def test_neutral_worlds_never_build() -> None:
    state = galaxy(world(1, 0, None, econ=5, memory=(("A", 3),)))
    after = run(state)
    assert after.worlds[1] == state.worlds[1]
    assert after.report.executed == ()


# Reusing builds


def test_builds_reused_twice_in_a_row() -> None:
    state = galaxy(world(1, 0, "arc", econ=5), world(2, 1, "arc", af=2), world(3, 2, "arc"))
    first = run(state, {"arc": [Build(1, "A", 3), Build(1, "C", 2)]})
    assert (first.worlds[1].af, first.worlds[1].cp) == (6, 2)
    second = run(first)  # no orders at all
    assert (second.worlds[1].af, second.worlds[1].cp) == (12, 4)
    assert notes(second, "arc") == [(1, "B,1,A,3", "REUSED"), (1, "B,1,C,2", "REUSED")]
    third = run(second, {"arc": [Move(2, 3, "A", 2)]})  # orders elsewhere keep the reuse
    assert (third.worlds[1].af, third.worlds[1].cp) == (18, 6)
    assert third.worlds[1].memory == (("A", 3), ("C", 2))


def test_reused_build_reduced_to_econ_left_and_memory_kept() -> None:
    state = galaxy(world(1, 0, "arc", econ=5, memory=(("A", 8),)))
    after = run(state)
    assert after.worlds[1].af == 10
    assert after.worlds[1].memory == (("A", 8),)
    assert notes(after, "arc") == [(1, "B,1,A,5", "REUSED, REDUCED FROM 8")]


def test_gate_cancels_reuse() -> None:
    state = galaxy(world(1, 0, "arc", econ=5, memory=(("A", 2),)), world(2, 1, "arc"))
    first = run(state, {"arc": [Gate(1, 2)]})
    assert first.worlds[1].af == 0 and first.worlds[1].memory == ()
    second = run(first)
    assert second.worlds[1].af == 0 and second.report.executed == ()


def test_econ_destruction_cancels_reuse() -> None:
    state = galaxy(world(1, 0, "arc", econ=5, memory=(("A", 2),)))
    after = run(state, {"arc": [Destroy(1, "E", 1)]})
    assert after.worlds[1].af == 0 and after.worlds[1].memory == ()
    assert after.worlds[1].econ == 4


@pytest.mark.parametrize("item", ["F", "C"])
def test_ft_or_cp_destruction_keeps_reuse(item: str) -> None:
    state = galaxy(world(1, 0, "arc", econ=3, cp=5, ft=5, memory=(("A", 2),)))
    order = Destroy(1, "F", 2) if item == "F" else Destroy(1, "C", 2)
    after = run(state, {"arc": [order]})
    assert after.worlds[1].af == 4
    assert (after.worlds[1].ft, after.worlds[1].cp) == ((3, 5) if item == "F" else (5, 3))
    assert after.worlds[1].memory == (("A", 2),)


def test_builds_remembered_after_conquest() -> None:
    state = galaxy(world(1, 0, "arc", econ=3, memory=(("C", 3),)), world(2, 1, "pol", af=5))
    first = run(state, {"pol": [Attack(2, 1, 5)]})
    assert first.worlds[1].owner == "pol" and first.worlds[1].cp == 3
    assert first.players["pol"].score == 3
    second = run(first)
    assert second.worlds[1].cp == 6
    assert notes(second, "pol") == [(1, "B,1,C,3", "REUSED")]
    assert second.players["pol"].score == 9


def test_builds_remembered_after_transfer() -> None:
    state = galaxy(world(1, 0, "arc", econ=1, memory=(("D", 1),)))
    first = run(state, {"arc": [Transfer(1, "POLARIS")]})
    assert first.worlds[1].owner == "pol" and first.worlds[1].df == 3
    second = run(first)
    assert second.worlds[1].df == 6
    assert notes(second, "pol") == [(1, "B,1,D,1", "REUSED")]


def test_destroyed_econ_cannot_build() -> None:
    state = galaxy(world(1, 0, "arc", econ=10))
    after = run(state, {"arc": [Build(1, "A", 10), Destroy(1, "E", 4)]})
    assert after.worlds[1].af == 12
    assert after.worlds[1].econ == 6
    assert after.worlds[1].memory == (("A", 6),)


@pytest.mark.parametrize("destroy_first", [False, True])
def test_econ_ordered_destroyed_cannot_build_whatever_the_order(destroy_first: bool) -> None:
    """ECON: "Econ cannot be used to build on the turn it is ordered destroyed."
    B,1,C,10 and D,1,E,3 at 10 Econ: 3 destroyed, 7 CP built, in either order."""
    state = galaxy(world(1, 0, "arc", econ=10))
    orders: list[Order] = [Build(1, "C", 10), Destroy(1, "E", 3)]
    after = run(state, {"arc": orders[::-1] if destroy_first else orders})
    assert (after.worlds[1].econ, after.worlds[1].cp) == (7, 7)
    assert after.worlds[1].memory == (("C", 7),)


@pytest.mark.parametrize("destroy_first", [False, True])
def test_a_gate_cannot_be_paid_with_econ_ordered_destroyed(destroy_first: bool) -> None:
    """ECON: "Econ cannot be used to build on the turn it is ordered destroyed."
    G,3,2 and D,3,E,10 at 10 Econ: all 10 destroyed, no gate, so the move from
    world 3 to world 2 (9 hexes) does not arrive this run."""
    state = galaxy(world(3, 0, "arc", econ=10, af=5), world(2, 9, "arc"))
    orders: list[Order] = [Gate(3, 2), Destroy(3, "E", 10), Move(3, 2, "A", 5)]
    after = run(state, {"arc": orders[1::-1] + orders[2:] if destroy_first else orders})
    assert after.worlds[3].econ == 0
    assert after.worlds[2].af == 0 and [f.arrives for f in after.flights] == [3]
    assert all(not text.startswith("G") for _, text, _ in notes(after, "arc"))


@pytest.mark.parametrize("destroy_first", [False, True])
def test_no_econ_increase_with_econ_ordered_destroyed(destroy_first: bool) -> None:
    """ECON: "Increasing the Econ of a world uses all of the world's Econ"; Econ
    ordered destroyed is not there to use, even a D,E of 0 (house rule)."""
    state = galaxy(world(1, 0, "arc", econ=4))
    for count in (2, 0):
        orders: list[Order] = [EconIncrease(1), Destroy(1, "E", count)]
        after = run(state, {"arc": orders[::-1] if destroy_first else orders})
        assert after.worlds[1].econ == 4 - count


def test_a_build_of_zero_econ_stops_the_reuse() -> None:
    """PRODUCTION: builds and Econ increases "will be reused if the world isn't
    ordered to use or destroy any of its Econ". A build reduced to 0 Econ (or
    written with 0) is an order to build: world 8, with 0 Econ and last turn's
    Econ increase remembered, does not increase its Econ again (house rule)."""
    state = galaxy(world(8, 0, "arc", econ=0, memory=(("E", 0),)))
    assert run(state).worlds[8].econ == 1  # no orders: the increase is reused
    after = run(state, {"arc": [Build(8, "C", 0)]})
    assert after.worlds[8].econ == 0 and after.worlds[8].cp == 0
    assert after.worlds[8].memory == () and notes(after, "arc") == []
    after = run(state, {"arc": [Build(8, "C", 0), EconIncrease(8)]})
    assert after.worlds[8].econ == 0  # the increase needs all the Econ unused


# Transfers


def test_transfer_gives_world_and_its_builds_to_the_recipient() -> None:
    state = galaxy(world(1, 0, "arc", econ=2, df=3), world(2, 1, "arc"))
    orders: list[Order] = [Transfer(1, "polaris"), Build(1, "A", 2), Move(1, 2, "D", 3)]
    after = run(state, {"arc": orders})
    assert after.worlds[1].owner == "pol"
    assert after.worlds[1].af == 4  # built for the new owner
    assert after.worlds[2].df == 3  # moved by the original owner
    assert after.report.transfers == ((1, "arc", "pol"),)
    assert after.report.arrivals == (("arc", 2, "D", 3),)
    assert notes(after, "arc") == [(1, "T,1,polaris", ""), (1, "M,1,2,D,3", ""), (1, "B,1,A,2", "")]
    assert after.players["arc"].contacts == ("pol",)
    assert after.players["pol"].contacts == ("arc",)


def test_attack_from_transferred_world_belongs_to_original_owner() -> None:
    state = galaxy(world(1, 0, "arc", af=5), world(2, 2, None))
    after = run(state, {"arc": [Transfer(1, "POLARIS"), Attack(1, 2, 5)]})
    assert after.worlds[2].owner == "arc"
    assert after.worlds[1].owner == "pol" and after.worlds[1].af == 0


def test_one_world_per_recipient_a_turn() -> None:
    state = galaxy(world(1, 0, "arc"), world(2, 1, "arc"), world(3, 2, "arc"))
    orders: list[Order] = [Transfer(1, "POLARIS"), Transfer(2, "POLARIS"), Transfer(3, "RIGEL")]
    after = run(state, {"arc": orders})
    assert [after.worlds[n].owner for n in (1, 2, 3)] == ["pol", "arc", "rig"]
    assert after.report.transfers == ((1, "arc", "pol"), (3, "arc", "rig"))


def test_transfer_of_world_not_owned_is_ignored() -> None:
    state = galaxy(world(1, 0, "pol"))
    after = run(state, {"arc": [Transfer(1, "RIGEL")]})
    assert after.worlds[1].owner == "pol" and after.report.transfers == ()


# Destruction


def test_destroy_cp() -> None:
    state = galaxy(world(1, 0, "arc", cp=5))
    after = run(state, {"arc": [Destroy(1, "C", 2)]})
    assert after.worlds[1].cp == 3
    assert after.players["arc"].score == 3
    assert notes(after, "arc") == [(1, "D,1,C,2", "")]


def test_destruction_clamped_to_what_exists() -> None:
    state = galaxy(world(1, 0, "arc", cp=3))
    after = run(state, {"arc": [Destroy(1, "C", 50)]})
    assert after.worlds[1].cp == 0
    assert notes(after, "arc") == [(1, "D,1,C,3", "REDUCED FROM 50")]


def test_destruction_not_carried_out_if_world_conquered() -> None:
    state = galaxy(world(1, 0, "arc", cp=4, ft=2), world(2, 1, "pol", af=10))
    after = run(state, {"arc": [Destroy(1, "C", 4)], "pol": [Attack(2, 1, 10)]})
    assert after.worlds[1].owner == "pol" and after.worlds[1].cp == 4
    assert notes(after, "arc") == []


def test_destruction_not_carried_out_if_world_transferred() -> None:
    state = galaxy(world(1, 0, "arc", cp=4))
    after = run(state, {"arc": [Transfer(1, "RIGEL"), Destroy(1, "C", 4)]})
    assert after.worlds[1].cp == 4


def test_ft_destruction_reduced_by_ft_lost_in_combat() -> None:
    state = galaxy(world(1, 0, "arc", ft=10), world(2, 1, "pol", af=5))
    after = run(state, {"arc": [Destroy(1, "F", 5)], "pol": [Attack(2, 1, 5)]})
    assert after.worlds[1].owner == "arc"
    assert after.worlds[1].ft == 5  # 3 lost in combat (2.5 -> 3), 2 destroyed
    assert notes(after, "arc") == [(1, "D,1,F,2", "REDUCED FROM 5")]


def test_ft_destruction_reduction_counts_once_for_several_orders() -> None:
    state = galaxy(world(1, 0, "arc", ft=10), world(2, 1, "pol", af=5))
    orders: list[Order] = [Destroy(1, "F", 2), Destroy(1, "F", 2)]
    after = run(state, {"arc": orders, "pol": [Attack(2, 1, 5)]})
    assert after.worlds[1].ft == 6  # 3 lost, then 0 of the first 2, 1 of the second 2


# Scoring


def test_score_counts_cp_built_this_turn() -> None:
    state = galaxy(world(1, 0, "arc", econ=3, cp=2), world(2, 1, "arc", cp=1))
    state.players["arc"].score = 10
    after = run(state, {"arc": [Build(1, "C", 3)]})
    assert after.players["arc"].score == 16
    assert after.players["pol"].score == 0


# Contacts


def test_battle_sides_meet_each_other() -> None:
    state = galaxy(
        world(1, 0, "arc", af=7, df=12, ft=9), world(2, 2, "pol", af=16), world(3, 3, "rig", af=9)
    )
    state.players["arc"].contacts = ("reg",)
    after = run(state, {"pol": [Attack(2, 1, 16)], "rig": [Attack(3, 1, 9)]})
    assert after.players["arc"].contacts == ("pol", "reg", "rig")
    assert after.players["pol"].contacts == ("arc", "rig")
    assert after.players["rig"].contacts == ("arc", "pol")
    assert after.players["reg"].contacts == ()


def test_a_prober_meets_everyone_its_report_names() -> None:
    """RESULTS OF PLAYERS' TURNS: "If the world was attacked last turn, you'll be
    told how many AF each attacker attacked with, who the defender was"; "The
    last section is a list of players you are in contact with". ARCTURUS probes
    world 2 as RIGEL attacks it: reading "ATTACKED BY RIGEL" and "DEFENDER
    POLARIS", it is in contact with both. POLARIS is not told who probed."""
    state = galaxy(world(1, 0, "arc", probes=1), world(2, 2, "pol", df=9), world(3, 3, "rig", af=4))
    after = run(state, {"arc": [Probe(1, 2)], "rig": [Attack(3, 2, 4)]})
    assert after.report.probed == (2,)
    assert after.players["arc"].contacts == ("pol", "rig")
    assert after.players["pol"].contacts == ("rig",)
    assert after.players["rig"].contacts == ("pol",)


def test_a_prober_meets_the_player_a_world_was_transferred_from() -> None:
    """TRANSFER OF OWNERSHIP: "Anyone who gets a report on the world will be told
    from whom it was transferred." """
    state = galaxy(world(1, 0, "arc", probes=1), world(2, 2, "pol"))
    after = run(state, {"arc": [Probe(1, 2)], "pol": [Transfer(2, "RIGEL")]})
    assert after.players["arc"].contacts == ("pol", "rig")


def test_moving_to_a_world_meets_no_one() -> None:
    state = galaxy(world(1, 0, "arc"), world(2, 1, "pol", af=5))
    after = run(state, {"pol": [Move(2, 1, "A", 5)]})
    assert after.players["pol"].contacts == ()


# The turn as a whole


def test_input_state_not_mutated() -> None:
    state = galaxy(
        world(1, 0, "arc", econ=3, af=7, df=12, ft=9, cp=1, memory=(("A", 1),)),
        world(2, 2, "pol", af=16, econ=2, probes=2),
        world(3, 3, "rig", af=9),
        world(4, 8, "pol", cp=4),
    )
    state.flights.append(Flight("rig", "M", "D", 3, 4, 2, 2))
    before = copy.deepcopy(state.to_data())
    orders: dict[str, list[Order]] = {
        "pol": [Attack(2, 1, 16), Build(2, "C", 2), Probe(2, 4), Transfer(4, "REGULUS")],
        "rig": [Attack(3, 1, 9)],
        "arc": [Destroy(1, "C", 1)],
    }
    after = run(state, orders)
    assert state.to_data() == before
    assert after.to_data() != before


def test_same_inputs_same_output_whatever_the_mapping_order() -> None:
    def make() -> GameState:
        return galaxy(
            world(1, 0, "arc", df=5, econ=2),
            world(2, 1, "pol", af=8, probes=2),
            world(3, 2, "rig", af=8),
            world(4, 7, "reg", af=3),
        )

    orders: dict[str, list[Order]] = {
        "rig": [Attack(3, 1, 8)],
        "pol": [Attack(2, 1, 8), Probe(2, 4)],
        "reg": [Move(4, 1, "A", 3)],
        "arc": [Build(1, "D", 2)],
    }
    backwards = dict(reversed(list(orders.items())))
    assert run(make(), orders).to_data() == run(make(), orders).to_data()
    assert run(make(), orders).to_data() == run(make(), backwards).to_data()


def test_turn_advances_and_report_is_fresh() -> None:
    state = galaxy(world(1, 0, "arc"), turn=4)
    state.report = TurnReport(probed=(1,))
    after = run(state)
    assert after.turn == 5
    assert after.report.probed == ()


def test_finished_game_cannot_be_resolved() -> None:
    with pytest.raises(ValueError, match="ended"):
        run(galaxy(world(1, 0, "arc"), turn=20, end_turn=20))


def test_orders_from_unknown_player_rejected() -> None:
    with pytest.raises(ValueError, match="unknown"):
        run(galaxy(world(1, 0, "arc")), {"zed": [EconIncrease(1)]})


def test_executed_listed_by_player_then_world() -> None:
    state = galaxy(
        world(1, 0, "pol", econ=1), world(2, 1, "arc", econ=1), world(3, 2, "arc", econ=1)
    )
    after = run(state, {"pol": [Build(1, "C", 1)], "arc": [Build(3, "C", 1), Build(2, "A", 1)]})
    assert after.report.executed == (
        Executed("arc", 2, "B,2,A,1"),
        Executed("arc", 3, "B,3,C,1"),
        Executed("pol", 1, "B,1,C,1"),
    )


def test_orders_clamped_never_negative_nor_from_nothing() -> None:
    state = galaxy(world(1, 0, "arc", af=3, df=1), world(2, 1, "arc"))
    orders: list[Order] = [Move(1, 2, "A", 2), Attack(1, 2, 5), Move(1, 2, "D", 9)]
    after = run(state, {"arc": orders})
    assert units(after.worlds[1]) == (0, 0, 0)
    assert units(after.worlds[2]) == (3, 1, 0)
    assert notes(after, "arc") == [
        (1, "M,1,2,A,2", ""),
        (1, "A,1,2,1", "REDUCED FROM 5"),
        (1, "M,1,2,D,1", "REDUCED FROM 9"),
    ]


# Nothing from nothing


OWNERS = [None, "arc", "pol", "rig"]
counts = st.integers(min_value=0, max_value=12)
world_numbers = st.integers(min_value=1, max_value=5)


@st.composite
def random_world(draw: st.DrawFn, number: int) -> World:
    return world(
        number,
        2 * number,
        draw(st.sampled_from(OWNERS)),
        cp=draw(counts),
        af=draw(counts),
        df=draw(counts),
        ft=draw(counts),
        probes=draw(counts),
    )


def random_order() -> st.SearchStrategy[Order]:
    return st.one_of(
        st.builds(Attack, world_numbers, world_numbers, counts),
        st.builds(Move, world_numbers, world_numbers, st.sampled_from(["A", "D", "P"]), counts),
        st.builds(Probe, world_numbers, world_numbers),
        st.builds(Destroy, world_numbers, st.sampled_from(["F", "C"]), counts),
        st.builds(Transfer, world_numbers, st.sampled_from(list(PLAYERS.values()))),
    )


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    worlds=st.tuples(*(random_world(n) for n in range(1, 6))),
    orders=st.dictionaries(st.sampled_from(list(PLAYERS)), st.lists(random_order(), max_size=6)),
)
def test_without_econ_units_never_appear_or_go_negative(
    worlds: tuple[World, ...], orders: dict[str, list[Order]]
) -> None:
    state = galaxy(*worlds)

    def stock(s: GameState) -> tuple[int, int, int, int]:
        ws = s.worlds.values()
        flying = sum(f.count for f in s.flights)
        return (
            sum(w.af + w.df + w.probes for w in ws) + flying,
            sum(w.ft for w in ws),
            sum(w.cp for w in ws),
            sum(w.econ for w in ws),
        )

    after = run(state, orders)
    for w in after.worlds.values():
        assert min(w.econ, w.cp, w.af, w.df, w.ft, w.probes) >= 0
    movable, ft, cp, econ = stock(after)
    start_movable, start_ft, start_cp, start_econ = stock(state)
    assert movable <= start_movable and ft <= start_ft and cp <= start_cp
    assert econ == start_econ == 0
    assert run(state, orders).to_data() == after.to_data()
