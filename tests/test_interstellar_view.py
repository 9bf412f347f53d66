"""Interstellar Conquest views: the public table for everyone, the hand, an unrevealed
coin and the pending and standing orders only for their own player."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.state import Ships
from galbatch.rules.interstellar.view import build_view, build_views
from tests.interstellar_encounter import combat, table


def test_a_view_is_plain_data_with_the_public_board() -> None:
    view = build_view(combat(), "2")
    assert json.loads(json.dumps(view)) == view
    assert [s["colour"] for s in view["seats"]] == ["RED", "GREEN", "BLUE", "YELLOW", "BLACK"]
    assert [s["hand_size"] for s in view["seats"]] == [2, 3, 3, 3, 0]
    blue = view["systems"][2]
    assert blue["colour"] == "BLUE" and blue["owner"] == "3"
    assert [p["planet"] for p in blue["planets"]] == [f"BLUE {w}" for w in range(1, 6)]
    assert blue["planets"][3]["ships"] == {
        "1": {"S": 1, "M": 0, "L": 0},
        "3": {"S": 1, "M": 1, "L": 1},
    }
    assert view["void"] == {"1": {"S": 1, "M": 0, "L": 0}}
    assert view["discards"] == [4, 0] and view["bag"] == 17
    assert view["phase"] == "coins" and view["step"] == 7 and view["active"] == "1"


def test_the_race_power_is_lost_with_fewer_than_two_colony_ships_at_home() -> None:
    view = build_view(combat(), "2")
    red, green = view["seats"][0], view["seats"][1]
    # RED: colony ships on RED 1, 2, 3, 4 (not 5) -> 4 at home, power kept.
    assert red["colony_ships_home"] == 4 and red["power_active"]
    assert red["colonies"] == 1  # his colony ship on BLUE 4
    assert green["colony_ships_home"] == 4 and green["power"] == "reclaim-coin"
    state = combat()
    bare = {
        k: {p: Ships(0, s.medium, s.large) for p, s in v.items()} for k, v in state.ships.items()
    }
    bare[("RED", 1)] = {"1": Ships(1, 1, 1)}
    assert not build_view(replace(state, ships=bare), "2")["seats"][0]["power_active"]


def test_secrets_are_only_in_their_players_view() -> None:
    views = build_views(combat(), ["1", "2", "3", "4", "5"])
    assert list(views) == ["1", "2", "3", "4", "5"]
    assert [views[p]["hand"] for p in views] == [[0, 3], [1, 4, 4], [1, 1, 2], [0, 5, 5], []]
    for reader, view in views.items():
        e = view["encounter"]
        assert e["attacker_coin"] == (5 if reader == "1" else "chosen")
        assert e["defender_coin"] == "not yet"
        pending = [x["text"] for x in view["pending"]]
        standing = [x["text"] for x in view["standing"]]
        assert pending == {"3": ["PLAY 2"], "4": ["ALLY DEFENDER WITH "]}.get(reader, [])
        assert standing == {
            "3": ["IF ATTACKED PLAY HIGHEST"],
            "5": ["IF INVITED BY RED DECLINE"],
        }.get(reader, [])
        kinds = [ev["kind"] for ev in view["events"]]
        assert kinds == (["drew", "attack"] if reader == "1" else ["attack"])
        others = json.dumps({k: v for k, v in view.items() if k != "hand"})
        assert "HIGHEST" not in others or reader == "3"


def test_views_made_together_are_the_views_made_alone_key_for_key() -> None:
    state = combat()
    together = build_views(state, ["1", "2", "3", "4", "5"])
    for reader, view in together.items():
        alone = build_view(state, reader)
        assert list(view) == list(alone) and view == alone
        assert json.dumps(view) == json.dumps(alone)


def test_a_revealed_coin_is_public() -> None:
    for view in build_views(combat(revealed=True), ["1", "2", "4"]).values():
        assert (view["encounter"]["attacker_coin"], view["encounter"]["defender_coin"]) == (5, 2)


def test_only_the_players_the_run_waits_for_owe_orders() -> None:
    views = build_views(combat(), ["1", "2", "3", "4", "5"])
    assert views["3"]["owes"] == {
        "phase": "coins",
        "step": 7,
        "role": "defender",
        "what": "your secret coin for the combat",
        "orders": ["PLAY <1-5>", "PLAY DIPLOMACY", "PLAY HIGHEST", "PLAY LOWEST"],
    }
    assert [views[p]["owes"] for p in ("1", "2", "4", "5")] == [None] * 4
    assert all(v["waiting"] == ["3"] for v in views.values())


def test_standing_orders_are_numbered_as_cancel_counts_them() -> None:
    state = replace(
        table(2),
        standing={
            "1": (
                o.Standing(o.Play("HIGHEST")),
                o.Standing(o.Invite(everybody=True), o.Condition("ATTACKED")),
            )
        },
    )
    assert build_view(state, "1")["standing"] == [
        {"number": 1, "text": "ALWAYS PLAY HIGHEST"},
        {"number": 2, "text": "IF ATTACKED INVITE ALL"},
    ]
    assert build_view(state, "2")["standing"] == []


COINS = st.lists(st.sampled_from((0, 1, 2, 3, 4, 5)), max_size=5)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    hands=st.lists(COINS, min_size=5, max_size=5),
    coins=st.tuples(st.none() | st.sampled_from((0, 1, 5)), st.none() | st.sampled_from((0, 2))),
    plays=st.lists(st.sampled_from(("1", "5", "HIGHEST", "DIPLOMACY")), min_size=5, max_size=5),
)
def test_no_view_holds_another_players_secret(
    hands: list[list[int]], coins: tuple[int | None, int | None], plays: list[str]
) -> None:
    players = ("1", "2", "3", "4", "5")
    base = combat()
    assert base.encounter is not None
    state = replace(
        base,
        hands={p: tuple(sorted(h)) for p, h in zip(players, hands, strict=True)},
        encounter=replace(base.encounter, attacker_coin=coins[0], defender_coin=coins[1]),
        pending={p: (o.Play(c),) for p, c in zip(players, plays, strict=True)},
        standing={p: (o.Standing(o.Play(c)),) for p, c in zip(players, plays, strict=True)},
    )
    for reader, view in build_views(state, players).items():
        assert view["hand"] == sorted(state.hand(reader))
        assert [x["text"] for x in view["pending"]] == [f"PLAY {plays[int(reader) - 1]}"]
        assert [x["text"] for x in view["standing"]] == [f"ALWAYS PLAY {plays[int(reader) - 1]}"]
        e = view["encounter"]
        for who, coin, key in (("1", coins[0], "attacker_coin"), ("3", coins[1], "defender_coin")):
            shown = coin if reader == who else ("not yet" if coin is None else "chosen")
            assert e[key] == ("not yet" if coin is None else shown)
        assert [s["hand_size"] for s in view["seats"]] == [len(h) for h in hands]
