"""The Interstellar Conquest order grammar: its examples parse, to the order they show,
and every order's `text()` is a line of the language (parsing only; no transformer)."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from galbatch.engine.language.parsing import generated_parser
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.tables import Size

GRAMMAR = Path(__file__).resolve().parent.parent / "grammars" / "interstellar.lark"


def module() -> ModuleType:
    found = generated_parser("interstellar")
    assert found is not None
    return found


def parse(line: str) -> Any:
    """The tree of one order line: `start` holding the order's rule."""
    return module().Lark_StandAlone().parse(line).children[0]


def examples() -> list[str]:
    """The example lines of the grammar's comment block (three spaces apart)."""
    text = GRAMMAR.read_text(encoding="utf-8")
    lines = []
    for comment in re.findall(r"^//   (.*)$", text, re.MULTILINE):
        lines += [part.strip() for part in comment.split("   ") if part.strip()]
    return lines


def test_the_comment_block_gives_examples_of_every_order() -> None:
    rules = {parse(line).data for line in examples()}
    assert rules == {
        "reclaim",
        "attack",
        "pass",
        "invite",
        "ally",
        "decline",
        "play",
        "deal",
        "no_deal",
        "reward",
        "take_coin",
        "leave_coin",
        "heal",
        "standing",
        "cancel",
    }


@pytest.mark.parametrize("line", examples())
def test_every_example_parses_as_an_order(line: str) -> None:
    assert parse(line).data != "unreadable"


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        ("attack blue ace with 1 l 1 m from red 2", "attack"),
        ("IF ATTACKED INVITE ALL", "standing"),
        ("ALLY RED WITH 2 WARSHIPS", "ally"),
        ("Conquer BLUE 3", "unreadable"),
    ],
)
def test_words_are_case_insensitive_and_other_lines_are_unreadable(line: str, rule: str) -> None:
    assert parse(line).data == rule


@pytest.mark.parametrize(
    "line",
    [
        "ATTACK BLUE 3",  # no fleet
        "ATTACK BLUE WITH 1 M FROM RED 2",  # no tile
        "ATTACK PINK 3 WITH 1 M FROM RED 2",  # no such colour
        "ALLY RED 2 M",  # no WITH
        "PLAY",
        "INVITE",
        "DEAL RED GIVES COINS",  # no count
        "IF ATTACKED",  # no order
        "ALWAYS ALWAYS PASS",
        "CANCEL",
    ],
)
def test_incomplete_orders_do_not_parse(line: str) -> None:
    errors = module()
    with pytest.raises(errors.UnexpectedInput):
        parse(line)


def test_the_tree_keeps_the_fleet_by_group_and_planet() -> None:
    tree = parse("ATTACK BLUE 3 WITH 1 L FROM RED 2 AND 2 M 1 S FROM RED 4")
    fleet = next(c for c in tree.children if getattr(c, "data", "") == "groups")
    groups = [g for g in fleet.children if getattr(g, "data", "") == "group"]
    assert [len(g.children[0].children) for g in groups] == [1, 2]
    planets = [" ".join(str(t) for t in g.children[-1].children) for g in groups]
    assert planets == ["RED 2", "RED 4"]


RED2 = o.Planet("RED", 2)
BLUE3 = o.Planet("BLUE", 3)
FLEET = (o.Group((o.ShipCount(Size.L), o.ShipCount(Size.M, 2)), RED2),)
ORDERS: list[tuple[o.Order, str]] = [
    (o.Reclaim(Size.M), "reclaim"),
    (o.Reclaim(Size.L, RED2), "reclaim"),
    (o.Attack(BLUE3, FLEET), "attack"),
    (o.Attack(BLUE3, FLEET, defender="GREEN", again=True), "attack"),
    (o.Pass(), "pass"),
    (o.Invite(("GREEN", "YELLOW")), "invite"),
    (o.Invite(everybody=True), "invite"),
    (o.Invite(), "invite"),
    (o.Ally("RED", (o.Group((o.ShipCount(Size.M, 2),)),)), "ally"),
    (o.Decline(), "decline"),
    (o.Play("4"), "play"),
    (o.Play("DIPLOMACY"), "play"),
    (o.Deal((o.GiveCoins("RED", 2), o.ReturnShips("BLUE", 1, Size.S))), "deal"),
    (o.Deal((o.AllowColony("RED", BLUE3), o.ReturnShips("BLUE", 2))), "deal"),
    (o.Deal(()), "deal"),
    (o.NoDeal(), "no_deal"),
    (o.Reward(coins=True), "reward"),
    (o.Reward(), "reward"),
    (o.Reward(ships=2), "reward"),
    (o.TakeCoin(), "take_coin"),
    (o.TakeCoin(take=False), "leave_coin"),
    (o.Heal("GREEN", 2), "heal"),
    (o.Heal("GREEN"), "heal"),
    (o.Standing(o.Play("HIGHEST"), o.Condition("ATTACKED", "RED", planet=BLUE3)), "standing"),
    (o.Standing(o.Decline(), o.Condition("INVITED", "RED", "BLUE")), "standing"),
    (o.Standing(o.Play("LOWEST"), o.Condition("ATTACKING", "GREEN")), "standing"),
    (o.Standing(o.Reward(coins=True)), "standing"),
    (o.Cancel(2), "cancel"),
    (o.Cancel(), "cancel"),
]


@pytest.mark.parametrize(("order", "rule"), ORDERS, ids=lambda x: getattr(x, "text", str)())
def test_every_orders_text_is_in_the_language(order: o.Order, rule: str) -> None:
    assert parse(order.text()).data == rule


@pytest.mark.parametrize(("order", "rule"), ORDERS, ids=lambda x: getattr(x, "text", str)())
def test_every_order_round_trips_through_plain_data(order: o.Order, rule: str) -> None:
    assert o.from_data(o.to_data(order)) == order


def test_deals_match_whatever_the_order_of_their_terms() -> None:
    a = o.Deal((o.GiveCoins("RED", 2), o.AllowColony("RED", BLUE3)))
    b = o.Deal((o.AllowColony("RED", BLUE3), o.GiveCoins("RED", 2)))
    c = o.Deal((o.GiveCoins("RED", 1), o.AllowColony("RED", BLUE3)))
    assert o.matches(a, b)
    assert not o.matches(a, c)


def test_size_and_tile_words_name_what_the_book_calls_them() -> None:
    assert [o.size_of(w) for w in ("s", "Colonies", "COLONY", "m", "warships", "Transport")] == [
        Size.S,
        Size.S,
        Size.S,
        Size.M,
        Size.M,
        Size.L,
    ]
    assert [o.tile_of(w) for w in ("ace", "ACE", "3", "7")] == [1, 1, 3, 7]
