"""The Interstellar Conquest order language: every order in each form becomes its
dataclass, reads back from its text, the lines it rejects with their messages, and
random text that never raises."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import FileCheck, check_file, parse_orders
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.facts import facts
from galbatch.rules.interstellar.language import (
    FIRST_WORDS,
    ORDER_NOUN,
    SYNTAX_CODE,
    TERMINAL_WORDS,
    OrderBuilder,
)
from galbatch.rules.interstellar.tables import Size

HEADER = 'GAME IC1 PLAYER 1 PASSWORD "x"\n'


class Interstellar:
    """What the engine's parser and a syntax-only check ask of a ruleset, and no more."""

    name = "interstellar"
    grammar = "interstellar.lark"
    terminal_words = TERMINAL_WORDS
    syntax_code = SYNTAX_CODE
    order_noun = ORDER_NOUN

    def transformer(self) -> OrderBuilder:
        return OrderBuilder()

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        return facts(orders)


RULESET: Any = Interstellar()


def data(*lines: str) -> bytes:
    return (HEADER + "\n".join(lines) + "\nEND\n").encode()


def parse(*lines: str) -> tuple[list[Located], list[Diagnostic]]:
    """Layer 1 only: the grammar and the transformer."""
    return parse_orders(parse_order_bytes(data(*lines), "f"), RULESET)


def check(*lines: str) -> FileCheck:
    """Layers 1 and 2, as a syntax-only check runs them."""
    return check_file(parse_order_bytes(data(*lines), "f"), RULESET)


def one(text: str) -> o.Order:
    located, diags = parse(text)
    assert diags == [], diags
    order: o.Order = located[0].order
    return order


def error(text: str) -> Diagnostic:
    located, diags = parse(text)
    assert located == []
    assert [d.code for d in diags] == ["IC100"]
    return diags[0]


S, M, L = Size.S, Size.M, Size.L
RED2, BLUE3, RED1 = o.Planet("RED", 2), o.Planet("BLUE", 3), o.Planet("RED", 1)


def ships(*pairs: tuple[int, Size]) -> tuple[o.ShipCount, ...]:
    return tuple(o.ShipCount(size, n) for n, size in pairs)


ORDERS: list[tuple[str, o.Order]] = [
    ("RECLAIM M", o.Reclaim(M)),
    ("RECLAIM L TO RED 2", o.Reclaim(L, RED2)),
    ("RECLAIM COLONY TO RED ACE", o.Reclaim(S, RED1)),
    ("RECLAIM transports to red 1", o.Reclaim(L, RED1)),
    (
        "ATTACK BLUE 3 WITH 1 L 1 M FROM RED 2",
        o.Attack(BLUE3, (o.Group(ships((1, L), (1, M)), RED2),)),
    ),
    (
        "ATTACK BLUE 3 WITH L M 2 S FROM RED 2",
        o.Attack(BLUE3, (o.Group(ships((1, L), (1, M), (2, S)), RED2),)),
    ),
    (
        "ATTACK BLUE 3 WITH 1 L FROM RED 2 AND 2 M FROM RED 4",
        o.Attack(
            BLUE3,
            (o.Group(ships((1, L)), RED2), o.Group(ships((2, M)), o.Planet("RED", 4))),
        ),
    ),
    (
        "ATTACK GREEN ON BLUE 3 WITH M FROM BLUE 1",
        o.Attack(BLUE3, (o.Group(ships((1, M)), o.Planet("BLUE", 1)),), defender="GREEN"),
    ),
    (
        "ATTACK AGAIN YELLOW 5 WITH 1 TRANSPORT 2 WARSHIPS FROM RED 3",
        o.Attack(
            o.Planet("YELLOW", 5),
            (o.Group(ships((1, L), (2, M)), o.Planet("RED", 3)),),
            again=True,
        ),
    ),
    ("PASS", o.Pass()),
    ("INVITE GREEN YELLOW", o.Invite(("GREEN", "YELLOW"))),
    ("INVITE ALL", o.Invite(everybody=True)),
    ("INVITE NOBODY", o.Invite()),
    (
        "ALLY RED WITH 2 M FROM GREEN 3",
        o.Ally("RED", (o.Group(ships((2, M)), o.Planet("GREEN", 3)),)),
    ),
    (
        "ALLY DEFENDER WITH 1 S 1 M FROM GREEN 1 AND 1 M FROM GREEN 2",
        o.Ally(
            "DEFENDER",
            (
                o.Group(ships((1, S), (1, M)), o.Planet("GREEN", 1)),
                o.Group(ships((1, M)), o.Planet("GREEN", 2)),
            ),
        ),
    ),
    ("ALLY ATTACKER WITH 2 WARSHIPS", o.Ally("ATTACKER", (o.Group(ships((2, M))),))),
    ("DECLINE", o.Decline()),
    ("PLAY 3", o.Play("3")),
    ("PLAY 03", o.Play("3")),
    ("PLAY DIPLOMACY", o.Play("DIPLOMACY")),
    ("PLAY HIGHEST", o.Play("HIGHEST")),
    ("PLAY LOWEST", o.Play("LOWEST")),
    ("PLAY BEST", o.Play("BEST")),
    (
        "DEAL RED GIVES 2 COINS, BLUE RETURNS 1 SHIP",
        o.Deal((o.GiveCoins("RED", 2), o.ReturnShips("BLUE", 1))),
    ),
    ("DEAL RED COLONIZES BLUE 3", o.Deal((o.AllowColony("RED", BLUE3),))),
    ("DEAL red colonises blue 3", o.Deal((o.AllowColony("RED", BLUE3),))),
    ("DEAL NOTHING", o.Deal(())),
    (
        "DEAL BLUE RETURNS 2 M, RED GIVES 1 COIN",
        o.Deal((o.ReturnShips("BLUE", 2, M), o.GiveCoins("RED", 1))),
    ),
    ("NO DEAL", o.NoDeal()),
    ("REWARD COINS", o.Reward(coins=True)),
    ("REWARD SHIPS", o.Reward()),
    ("REWARD 2 SHIPS", o.Reward(ships=2)),
    ("TAKE COIN", o.TakeCoin()),
    ("LEAVE COIN", o.TakeCoin(take=False)),
    ("HEAL GREEN 2", o.Heal("GREEN", 2)),
    ("HEAL GREEN ALL", o.Heal("GREEN")),
    ("IF ATTACKED INVITE ALL", o.Standing(o.Invite(everybody=True), o.Condition("ATTACKED"))),
    ("IF ATTACKED PLAY HIGHEST", o.Standing(o.Play("HIGHEST"), o.Condition("ATTACKED"))),
    (
        "IF ATTACKED BY RED AT BLUE 3 DEAL NOTHING",
        o.Standing(o.Deal(()), o.Condition("ATTACKED", "RED", planet=BLUE3)),
    ),
    (
        "IF ATTACKED AT BLUE 3 PLAY 2",
        o.Standing(o.Play("2"), o.Condition("ATTACKED", planet=BLUE3)),
    ),
    (
        "IF INVITED BY RED ALLY RED WITH 2 WARSHIPS",
        o.Standing(o.Ally("RED", (o.Group(ships((2, M))),)), o.Condition("INVITED", "RED")),
    ),
    (
        "IF INVITED BY RED AGAINST BLUE DECLINE",
        o.Standing(o.Decline(), o.Condition("INVITED", "RED", "BLUE")),
    ),
    (
        "IF INVITED AGAINST BLUE DECLINE",
        o.Standing(o.Decline(), o.Condition("INVITED", "", "BLUE")),
    ),
    (
        "IF ATTACKING GREEN PLAY LOWEST",
        o.Standing(o.Play("LOWEST"), o.Condition("ATTACKING", "GREEN")),
    ),
    (
        "IF ATTACKING AT BLUE 3 PLAY LOWEST",
        o.Standing(o.Play("LOWEST"), o.Condition("ATTACKING", planet=BLUE3)),
    ),
    ("ALWAYS REWARD COINS", o.Standing(o.Reward(coins=True))),
    ("ALWAYS PLAY BEST", o.Standing(o.Play("BEST"))),
    ("CANCEL 2", o.Cancel(2)),
    ("CANCEL ALL", o.Cancel()),
]


@pytest.mark.parametrize(("text", "order"), ORDERS, ids=[t for t, _ in ORDERS])
def test_every_order(text: str, order: o.Order) -> None:
    assert one(text) == order


@pytest.mark.parametrize(("text", "order"), ORDERS, ids=[t for t, _ in ORDERS])
def test_text_reads_back_as_the_same_order(text: str, order: o.Order) -> None:
    assert one(order.text()) == order


def test_every_rule_of_the_grammar_is_built() -> None:
    kinds = {type(order) for _, order in ORDERS}
    kinds |= {type(order.action) for _, order in ORDERS if isinstance(order, o.Standing)}
    assert kinds == {
        o.Reclaim,
        o.Attack,
        o.Pass,
        o.Invite,
        o.Ally,
        o.Decline,
        o.Play,
        o.Deal,
        o.NoDeal,
        o.Reward,
        o.TakeCoin,
        o.Heal,
        o.Standing,
        o.Cancel,
    }


def test_words_are_case_insensitive_and_kept_upper_case() -> None:
    assert one("attack blue ace with 1 l 1 m from red 2") == o.Attack(
        o.Planet("BLUE", 1), (o.Group(ships((1, L), (1, M)), RED2),)
    )
    assert one("invite green Yellow") == o.Invite(("GREEN", "YELLOW"))


def test_tiles_and_counts_are_kept_as_written_for_the_facts() -> None:
    assert one("RECLAIM M TO RED 9") == o.Reclaim(M, o.Planet("RED", 9))
    assert one("ATTACK BLUE 0 WITH 0 M FROM RED 2") == o.Attack(
        o.Planet("BLUE", 0), (o.Group(ships((0, M)), RED2),)
    )
    assert one("PLAY 7") == o.Play("7")
    assert one("DEAL RED GIVES 0 COINS") == o.Deal((o.GiveCoins("RED", 0),))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("HELLO", "found 'HELLO' where an order word"),
        ("ATACK BLUE 3 WITH M FROM RED 2", "did you mean ATTACK?"),
        ("INVIT ALL", "did you mean INVITE?"),
        ("RECLAM M", "did you mean RECLAIM?"),
        ("Conquer BLUE 3", "found 'Conquer BLUE 3' where an order word"),
        ("ATTACK BLUE 3", "found the end of the line where WITH was expected"),
        ("ATTACK PINK 3 WITH M FROM RED 2", "where AGAIN or a colour (RED, GREEN"),
        ("ATTACK BLUE 3 WITH 2 Q FROM RED 2", "where a ship size (S, M, L"),
        ("ATTACK BLUE X WITH M FROM RED 2", "a tile (1 to 5, ACE for 1)"),
        ("PLAY", "where BEST or DIPLOMACY or HIGHEST or LOWEST or a number was expected"),
        ("DEAL RED GIVES COINS", "where a number was expected"),
        ("IF ATTACKED", "found the end of the line"),
        ("ALWAYS ALWAYS PASS", "found 'ALWAYS'"),
        ("CANCEL", "where ALL or a number was expected"),
        ("ALLY RED 2 M", "found '2' where WITH was expected"),
    ],
)
def test_lines_that_are_no_order(text: str, message: str) -> None:
    assert message in error(text).message


def test_the_bad_word_is_where_the_column_points() -> None:
    assert error("ATTACK BLUE 3 WITH 2 Q FROM RED 2").column == 22


def test_every_terminal_has_the_players_word() -> None:
    root = Path(__file__).resolve().parent.parent
    grammar = (root / "grammars" / "interstellar.lark").read_text(encoding="utf-8")
    terminals = set(re.findall(r"^([A-Z_]+)(?:\.-?[0-9]+)?:", grammar, re.MULTILINE))
    terminals.remove("_WORD_END")  # a word's end, part of the keywords: never lexed alone
    assert len(terminals) > 40
    assert terminals <= set(TERMINAL_WORDS)
    starts = set(re.findall(r"^(?:[a-z_]+): ([A-Z]+)", grammar, re.MULTILINE))
    pieces = {"COLOUR", "COUNT", "LINE", "ATTACKED", "ATTACKING", "INVITED"}
    assert starts - pieces <= set(FIRST_WORDS) <= terminals


def test_a_rejected_line_does_not_stop_the_others() -> None:
    located, diags = parse("HELLO", "PASS")
    assert [at.order for at in located] == [o.Pass()]
    assert [d.code for d in diags] == ["IC100"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80))
def test_random_text_never_raises(text: str) -> None:
    check(text.replace("\n", " ").replace("\r", " "))


VOCABULARY = (
    "RECLAIM ATTACK AGAIN ON WITH FROM AND TO PASS INVITE ALL NOBODY ALLY ATTACKER DEFENDER "
    "DECLINE PLAY DIPLOMACY HIGHEST LOWEST BEST DEAL NOTHING GIVES RETURNS COLONIZES COINS "
    "SHIPS , NO REWARD TAKE LEAVE COIN HEAL IF ALWAYS ATTACKED ATTACKING INVITED BY AT "
    "AGAINST CANCEL RED BLUE GREEN ACE 0 1 3 5 7 99 S M L COLONY WARSHIPS TRANSPORT"
)
WORD = st.sampled_from(VOCABULARY.split(" "))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(WORD, max_size=12))
def test_random_orders_of_order_words_never_raise(words: list[str]) -> None:
    check(" ".join(words))
