"""Interstellar Conquest setup (Setup 1-4): systems, ships, the bag and the first hands,
colours and races from game.yaml or assigned, and the first turn waiting for its attack."""

from __future__ import annotations

import pytest
from interstellar_table import table

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.progress import accepting, describe, owing
from galbatch.rules.interstellar.setup import name_problem, new_game, normal_name
from galbatch.rules.interstellar.state import GameState, Ships, pieces
from galbatch.rules.interstellar.tables import COLOURS, HOME_WORLDS, RACE_CHART, all_coins


def players(n: int) -> list[PlayerInfo]:
    return [PlayerInfo(str(i), f"p{i}", 1000 + i) for i in range(1, n + 1)]


@pytest.mark.parametrize("n", range(2, 9))
def test_each_player_has_five_home_worlds_with_one_ship_of_each_size(n: int) -> None:
    state = new_game(7, players(n), {})
    assert len(state.seats) == n
    for seat in state.seats:
        for world in HOME_WORLDS:
            assert state.at((seat.colour, world), seat.id) == Ships(1, 1, 1)
        assert pieces(state, seat.id) == Ships(5, 5, 5)
    assert state.void == {}  # the null tiles form the void, empty at first


@pytest.mark.parametrize("n", range(2, 9))
def test_every_coin_is_in_the_bag_and_each_player_draws_three(n: int) -> None:
    state = new_game(7, players(n), {"colours": " ".join(COLOURS[:n])})
    coins = len(state.bag) + sum(len(h) for h in state.hands.values())
    assert coins == (24 if n <= 4 else 48)
    assert sorted(state.bag + sum(state.hands.values(), ())) == sorted(all_coins(n))
    for seat in state.seats:
        assert len(state.hand(seat.id)) == (4 if seat.race == "Hirilorn" else 3)


@pytest.mark.parametrize("n", (1, 9))
def test_two_to_eight_players(n: int) -> None:
    with pytest.raises(ValueError, match="2 to 8 players"):
        new_game(7, players(n), {})


def test_colours_from_the_settings_and_the_books_suggested_races() -> None:
    state = table("WHITE PURPLE RED")
    assert [(s.colour, s.race) for s in state.seats] == [
        ("WHITE", "Seregon"),
        ("PURPLE", "Pelantiri"),
        ("RED", "Balchoth"),
    ]
    assert [s.name for s in state.seats] == ["P1", "P2", "P3"]


def test_races_paired_otherwise_in_the_settings() -> None:
    state = table("RED BLUE", races="RED=Seregon, BLUE=balchoth")
    assert [s.race for s in state.seats] == ["Seregon", "Balchoth"]
    with pytest.raises(ValueError, match="same race"):
        table("RED WHITE", races="RED=Seregon")
    with pytest.raises(ValueError, match="no race"):
        table("RED BLUE", races="RED=Klingon")
    with pytest.raises(ValueError, match="no player's colour"):
        table("RED BLUE", races="GREEN=Seregon")


def test_bad_colour_settings_are_refused() -> None:
    for colours, message in (
        ("RED PINK", "no colour PINK"),
        ("RED", "1 colours for 2 players"),
        ("RED RED", "colour of his own"),
    ):
        with pytest.raises(ValueError, match=message):
            new_game(7, players(2), {"colours": colours})


def test_colours_drawn_at_random_are_repeatable_and_differ_by_seed() -> None:
    def colours(seed: int) -> list[str]:
        return [s.colour for s in new_game(seed, players(5), {}).seats]

    assert colours(11) == colours(11)
    assert len(set(colours(11))) == 5
    assert any(colours(11) != colours(seed) for seed in range(12, 20))


def test_the_last_seat_moves_first_and_the_game_waits_for_his_attack() -> None:
    state = table("RED GREEN BLUE")
    assert state.active == "3" and state.player_turn == 1
    assert state.phase is Phase.DECLARE and state.waiting == ("3",)
    assert owing(state) == ["3"]
    assert accepting(state) == ["3", "1", "2"]
    assert describe(state) == "3 players, turn 1: BLUE to play, declare (step 3); waiting for BLUE"
    assert state.turn == 0


def test_hands_are_told_only_to_their_players() -> None:
    state = table("RED GREEN")
    secret = [e for e in state.events if e.kind == "draw-secret"]
    assert [e.seen_by for e in secret] == [("1",), ("2",)]
    for e in secret:
        coins = state.hand(e.seen_by[0])
        assert all(str(c) in e.text or c == 0 for c in coins)
    public = [e.text for e in state.events if not e.seen_by]
    assert "RED draws 3 coins." in public


def test_the_state_round_trips_through_plain_data() -> None:
    state = table("RED GREEN BLUE YELLOW BLACK")
    assert GameState.from_data(state.to_data()) == state


def test_code_names() -> None:
    assert normal_name("  ice   queen ") == "ICE QUEEN"
    assert name_problem("Vega") is None
    assert name_problem("ice queen") is not None
    assert "colour" in (name_problem("red") or "")
    assert "order language" in (name_problem("nobody") or "")
    assert name_problem("") is not None
    assert name_problem("x" * 21) is not None


def test_the_settings_defaults_are_the_words_random_and_chart() -> None:
    by_word = new_game(7, players(3), {"colours": "random", "races": "chart"})
    by_default = new_game(7, players(3), {})
    assert by_word == by_default
    assert [s.race for s in by_default.seats] == [
        next(r.race for r in RACE_CHART if r.colour == s.colour) for s in by_default.seats
    ]
