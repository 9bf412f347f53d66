"""Interstellar Conquest's shared vocabulary: the book's charts and numbers, the state's
plain-data round trip and piece count, and who owes each phase."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar import tables as t
from galbatch.rules.interstellar.phases import BOOK_STEP, DECISIONS, Phase, answers, owes
from galbatch.rules.interstellar.state import (
    Alliance,
    Commitment,
    Encounter,
    GameState,
    Seat,
    Ships,
    has_power,
    pieces,
)

# ---- the charts --------------------------------------------------------------------------


def test_the_race_chart_has_the_nine_races_in_the_books_order() -> None:
    assert [(r.colour, r.race) for r in t.RACE_CHART] == [
        ("RED", "Balchoth"),
        ("GREEN", "Celegorm"),
        ("BLUE", "Druwaith"),
        ("YELLOW", "Gelmir"),
        ("BLACK", "Hirilorn"),
        ("CLEAR", "Mormegil"),
        ("ORANGE", "Nirnaeth"),
        ("PURPLE", "Pelantiri"),
        ("WHITE", "Seregon"),
    ]
    assert len({r.key for r in t.RACE_CHART}) == 9
    assert t.race_named("druwaith").key is t.Power.PLAY_AFTER_REVEAL


def test_the_ship_chart_gives_strengths_1_2_3() -> None:
    assert [(r.size, r.type, r.strength) for r in t.SHIP_CHART] == [
        (t.Size.S, "Colony ship", 1),
        (t.Size.M, "Warship", 2),
        (t.Size.L, "Interstellar Transport", 3),
    ]


def test_the_bag_holds_every_coin_of_the_set_in_use() -> None:
    for players in (2, 3, 4):
        coins = t.all_coins(players)
        assert len(coins) == 24
        assert [coins.count(v) for v in (t.DIPLOMACY, 1, 2, 3, 4, 5)] == [4] * 6
    for players in (5, 8):
        coins = t.all_coins(players)
        assert len(coins) == 48
        assert coins.count(t.DIPLOMACY) == 8


def test_a_system_is_the_null_tile_and_five_home_worlds() -> None:
    assert t.VOID_TILE == t.TILES[0] == "null"
    assert [t.tile_name(w) for w in t.HOME_WORLDS] == ["ace", "2", "3", "4", "5"]


def test_the_outcome_chart_has_the_books_seven_rows() -> None:
    rows = [(r.played, r.victory.split(".")[0]) for r in t.OUTCOME_CHART]
    assert rows == [
        (t.Played.ATTACK_ATTACK, "Attacker has higher combat value"),
        (t.Played.ATTACK_ATTACK, "Defender has higher combat value"),
        (t.Played.ATTACK_ATTACK, "Tie"),
        (t.Played.DIPLOMACY_DIPLOMACY, "Deal reached"),
        (t.Played.DIPLOMACY_DIPLOMACY, "No deal reached"),
        (t.Played.ATTACK_DIPLOMACY, "Attacker wins"),
        (t.Played.ATTACK_DIPLOMACY, "Defender wins"),
    ]
    assert [r.key for r in t.OUTCOME_CHART] == list(t.Outcome)
    assert "lose 2 ships" in t.outcome_row(t.Outcome.NO_DEAL).result
    assert t.played(3, t.DIPLOMACY) is t.played(t.DIPLOMACY, 5) is t.Played.ATTACK_DIPLOMACY
    assert t.played(t.DIPLOMACY, t.DIPLOMACY) is t.Played.DIPLOMACY_DIPLOMACY


# ---- the state -------------------------------------------------------------------------------


def table(players: int) -> GameState:
    """A table as setup leaves it (without coins drawn): each player's races by the
    chart's colours, one ship of each size on each home world."""
    seats = tuple(
        Seat(str(i + 1), f"P{i + 1}", row.colour, row.race)
        for i, row in enumerate(t.RACE_CHART[:players])
    )
    ships = {(s.colour, w): {s.id: Ships(1, 1, 1)} for s in seats for w in t.HOME_WORLDS}
    return GameState(seats=seats, ships=ships, void={}, bag=t.all_coins(players), active="1")


def test_setup_puts_five_ships_of_each_size_at_home() -> None:
    state = table(3)
    for p in state.players():
        assert pieces(state, p) == Ships(5, 5, 5)


@pytest.mark.slow
@given(st.lists(st.tuples(st.integers(1, 5), st.sampled_from(list(t.Size)), st.booleans())))
def test_ships_moved_to_the_void_or_the_encounter_are_still_counted(
    moves: list[tuple[int, t.Size, bool]],
) -> None:
    state = table(2)
    fleet: list[Commitment] = []
    for world, size, to_void in moves:
        here = state.at(("RED", world), "1")
        if not here.get(size):
            continue
        ships = {**state.ships, ("RED", world): {"1": here.add(size, -1)}}
        if to_void:
            state = replace(state, ships=ships, void={"1": state.in_void("1").add(size)})
        else:
            fleet.append(Commitment("1", ("RED", world), Ships().add(size)))
            state = replace(state, ships=ships)
    encounter = Encounter(1, "1", "2", ("GREEN", 3), tuple(fleet))
    state = replace(state, encounter=encounter)
    assert pieces(state, "1") == Ships(5, 5, 5)
    assert GameState.from_data(json.loads(json.dumps(state.to_data()))) == state


def a_combat() -> GameState:
    """RED attacks BLUE 3 in a 5-player game; GREEN and YELLOW invited, GREEN allied."""
    state = table(5)
    fleet = (Commitment("1", ("RED", 2), Ships(0, 1, 1)),)
    encounter = Encounter(
        1,
        "1",
        "3",
        ("BLUE", 3),
        fleet,
        invited_by_attacker=("5", "2"),
        invited_by_defender=("4", "2"),
        allies=(Alliance("2", "ATTACKER", (Commitment("2", ("GREEN", 1), Ships(1, 0, 0)),)),),
    )
    ships = {**state.ships, ("RED", 2): {"1": Ships(1, 0, 0)}, ("GREEN", 1): {"2": Ships(0, 1, 1)}}
    return replace(
        state,
        ships=ships,
        encounter=encounter,
        hands={"1": (0, 3, 5), "3": (1, 1, 2)},
        pending={"4": (o.Play("3"),)},
        waiting=("4", "5"),
        standing={"5": (o.Standing(o.Decline(), o.Condition("INVITED", "RED")),)},
    )


def test_a_combat_round_trips_and_keeps_its_pieces() -> None:
    state = a_combat()
    data = state.to_data()
    assert json.loads(json.dumps(data)) == data
    assert GameState.from_data(data) == state
    assert [pieces(state, p) for p in state.players()] == [Ships(5, 5, 5)] * 5


# ---- the phases --------------------------------------------------------------------------


def test_the_phases_follow_the_books_steps() -> None:
    steps = [BOOK_STEP[p] for p in Phase]
    assert steps == sorted(steps)
    assert steps[0] == 1 and steps[-1] == 11


def test_reclaiming_is_owed_only_with_ships_in_the_void() -> None:
    state = replace(table(2), phase=Phase.RECLAIM)
    assert owes(state) == ()
    assert owes(replace(state, void={"1": Ships(0, 1, 0)})) == ("1",)
    assert owes(state, Phase.DECLARE) == ("1",)


def test_alliances_are_owed_by_the_invited_who_have_not_answered_in_seat_order() -> None:
    assert owes(a_combat(), Phase.ALLIANCE) == ("4", "5")


def test_the_druwaith_plays_after_the_reveal_while_he_keeps_his_power() -> None:
    state = a_combat()  # the defender, player 3, is BLUE: the Druwaith
    assert has_power(state, "3", t.Power.PLAY_AFTER_REVEAL)
    assert owes(state, Phase.COINS) == ("1",)
    assert owes(state, Phase.DRUWAITH) == ("3",)
    lost = {**state.ships, **{("BLUE", w): {"3": Ships(0, 1, 1)} for w in (1, 2, 3, 4)}}
    weak = replace(state, ships=lost, void={"3": Ships(4, 0, 0)})  # one colony ship at home
    assert pieces(weak, "3") == Ships(5, 5, 5)
    assert not has_power(weak, "3", t.Power.PLAY_AFTER_REVEAL)
    assert owes(weak, Phase.COINS) == ("1", "3")
    assert owes(weak, Phase.DRUWAITH) == ()


def test_a_deal_is_owed_only_after_diplomacy_against_diplomacy() -> None:
    state = a_combat()
    assert state.encounter is not None
    both = replace(state.encounter, attacker_coin=t.DIPLOMACY, defender_coin=t.DIPLOMACY)
    assert owes(replace(state, encounter=both), Phase.DEAL) == ("1", "3")
    one = replace(both, defender_coin=4)
    assert owes(replace(state, encounter=one), Phase.DEAL) == ()


def test_only_a_won_first_attack_allows_a_second() -> None:
    state = a_combat()
    assert state.encounter is not None
    won = replace(state.encounter, winner="ATTACKER")
    assert owes(replace(state, encounter=won), Phase.SECOND_ATTACK) == ("1",)
    assert owes(replace(state, encounter=replace(won, attack=2)), Phase.SECOND_ATTACK) == ()
    lost = replace(state.encounter, winner="DEFENDER")
    assert owes(replace(state, encounter=lost), Phase.SECOND_ATTACK) == ()


def test_every_decision_has_an_order_that_answers_it() -> None:
    orders: list[o.Order] = [
        o.Attack(o.Planet("BLUE", 3), ()),
        o.Attack(o.Planet("BLUE", 3), (), again=True),
        o.Invite(),
        o.Decline(),
        o.Play("1"),
        o.Deal(()),
        o.Standing(o.Reward()),
    ]
    answered = {phase for order in orders for phase in answers(order)}
    assert set(DECISIONS) <= answered
    assert answers(o.Cancel()) == ()
