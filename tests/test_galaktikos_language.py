"""The Galaktikos order language: every order in each form, the lines it rejects with
their messages, and random text that never raises."""

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
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.facts import facts
from galbatch.rules.galaktikos.language import (
    ORDER_NOUN,
    SYNTAX_CODE,
    TERMINAL_WORDS,
    OrderBuilder,
)

HEADER = 'GAME GK1 PLAYER 1 PASSWORD "x"\n'


class Galaktikos:
    """What the engine's parser and a syntax-only check ask of a ruleset, and no more."""

    name = "galaktikos"
    grammar = "galaktikos.lark"
    terminal_words = TERMINAL_WORDS
    syntax_code = SYNTAX_CODE
    order_noun = ORDER_NOUN

    def transformer(self) -> OrderBuilder:
        return OrderBuilder()

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        return facts(orders)


RULESET: Any = Galaktikos()


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
    assert [d.code for d in diags] == ["GK100"]
    return diags[0]


FROM = o.Attackers
ORDERS: list[tuple[str, o.Order]] = [
    ("BUILD SHIPYARD 0712", o.BuildShipyard("0712")),
    ("BUILD HABITAT 0712", o.BuildHabitat("0712", 1)),
    ("BUILD HABITATS 0712 2", o.BuildHabitat("0712", 2)),
    ("BUILD FLEET 0712", o.BuildFleet("0712", 1)),
    ("BUILD FLEETS 0712 2", o.BuildFleet("0712", 2)),
    ("GROW 0712 3", o.Grow("0712", 3)),
    ("MOVE 2 FLEETS 0712 0813 0913", o.Move(2, ("0712", "0813", "0913"))),
    ("MOVE 1 FLEET 0712 0813", o.Move(1, ("0712", "0813"))),
    ("MOVE 2 FLEETS 0712 TO 1015", o.Move(2, ("0712", "1015"), True)),
    ("MIGRATE 1 POPULATION 0712 0813", o.Migrate(1, ("0712", "0813"))),
    ("MIGRATE 3 POPULATION 0712 TO 0914", o.Migrate(3, ("0712", "0914"), True)),
    (
        "ATTACK FLEETS 1015 FROM 0913 2 FROM 1014 1",
        o.Attack("FLEETS", "1015", (FROM("0913", 2), FROM("1014", 1))),
    ),
    ("ATTACK FLEETS 1015 FROM 1015 4", o.Attack("FLEETS", "1015", (FROM("1015", 4),))),
    (
        "ATTACK INFRASTRUCTURE 1015 WITH 3",
        o.Attack("INFRASTRUCTURE", "1015", (FROM("1015", 3),)),
    ),
    (
        "ATTACK INFRASTRUCTURE 1015 WITH 3 FIRST HABITAT",
        o.Attack("INFRASTRUCTURE", "1015", (FROM("1015", 3),), "HABITATS"),
    ),
    ("ATTACK POPULATION 1015 WITH 2", o.Attack("POPULATION", "1015", (FROM("1015", 2),))),
    (
        "ATTACK POPULATION 1015 WITH 2 FIRST red",
        o.Attack("POPULATION", "1015", (FROM("1015", 2),), "RED"),
    ),
    # 8.2: "Any number of infrastructure tokens ..., Any number of population token ...,
    # or Any number of unfriendly fleet tokens ... (This implies that more than one
    # player may be targeted.)": a count after ATTACK, OF a player, a kind of infrastructure
    (
        "ATTACK 2 FLEETS 1015 FROM 0913 2",
        o.Attack("FLEETS", "1015", (FROM("0913", 2),), count=2),
    ),
    (
        "ATTACK FLEETS 1015 OF blue FROM 0913 2 FROM 1014 1",
        o.Attack("FLEETS", "1015", (FROM("0913", 2), FROM("1014", 1)), player="BLUE"),
    ),
    (
        "ATTACK 1 FLEET 1015 OF BLUE FROM 1015 2",
        o.Attack("FLEETS", "1015", (FROM("1015", 2),), count=1, player="BLUE"),
    ),
    (
        "ATTACK 2 INFRASTRUCTURE 1015 WITH 3 FIRST HABITATS",
        o.Attack("INFRASTRUCTURE", "1015", (FROM("1015", 3),), "HABITATS", count=2),
    ),
    (
        "ATTACK 1 SHIPYARD 1015 WITH 2",
        o.Attack("INFRASTRUCTURE", "1015", (FROM("1015", 2),), count=1, kind="SHIPYARDS"),
    ),
    (
        "ATTACK HABITATS 1015 WITH 2",
        o.Attack("INFRASTRUCTURE", "1015", (FROM("1015", 2),), kind="HABITATS"),
    ),
    (
        "ATTACK 3 POPULATION 1015 WITH 2 FIRST RED",
        o.Attack("POPULATION", "1015", (FROM("1015", 2),), "RED", count=3),
    ),
    (
        "ATTACK 2 POPULATION 1015 OF RED WITH 3",
        o.Attack("POPULATION", "1015", (FROM("1015", 3),), count=2, player="RED"),
    ),
    (
        "ATTACK POPULATION 1015 OF RED WITH 3",
        o.Attack("POPULATION", "1015", (FROM("1015", 3),), player="RED"),
    ),
    ("CONVERT 1015", o.Convert("1015")),
    ("CONVERT 1015 Red", o.Convert("1015", "RED")),
    ("CLAIM 1015", o.Claim("1015")),
    ("OCCUPY 1015", o.Occupy("1015")),
    (
        "IF ENEMY FLEETS 1015 ATTACK FLEETS 1015 FROM 0913 2",
        o.Conditional(
            o.Condition("FLEETS", "1015"), o.Attack("FLEETS", "1015", (FROM("0913", 2),))
        ),
    ),
    (
        "IF NO ENEMY POPULATION 1015 MIGRATE 1 POPULATION 0914 1015",
        o.Conditional(
            o.Condition("POPULATION", "1015", absent=True), o.Migrate(1, ("0914", "1015"))
        ),
    ),
    ("PERMIT BLUE 0712", o.Permit("BLUE", "0712")),
    ("PERMIT BLUE ALL", o.Permit("BLUE", "ALL")),
    ("FORBID BLUE 0712", o.Permit("BLUE", "0712", allowed=False)),
    ("OBSTRUCT BLUE OFF", o.Obstruct("BLUE", on=False)),
    ("OBSTRUCT ALL ON", o.Obstruct("ALL", on=True)),
    ("REROLL OWN AT LEAST 1/2", o.Reroll("OWN", "1/2")),
    ("REROLL OWN NEVER", o.Reroll("OWN")),
    ("REROLL ENEMY AT MOST none", o.Reroll("ENEMY", "NONE")),
    ("REROLL ENEMY NEVER", o.Reroll("ENEMY")),
    ("FIRST HABITATS", o.First("HABITATS")),
    ("FIRST SHIPYARD", o.First("SHIPYARDS")),
    ("FIRST PLAYER GREEN", o.First(None, "GREEN")),
    ("AUTOMATIC CLAIM OFF", o.Automatic("CLAIM", on=False)),
    ("AUTOMATIC OCCUPY ON", o.Automatic("OCCUPY", on=True)),
    ("PLACE HOME 0712", o.PlaceHome("0712")),
    ("PLACE POPULATION 0813", o.PlacePopulation("0813")),
]


@pytest.mark.parametrize(("text", "order"), ORDERS)
def test_every_order(text: str, order: o.Order) -> None:
    assert one(text) == order


@pytest.mark.parametrize(("text", "order"), ORDERS)
def test_text_reads_back_as_the_same_order(text: str, order: o.Order) -> None:
    assert one(order.text()) == order


def test_words_are_case_insensitive() -> None:
    assert one("move 2 fleets 0712 to 1015") == o.Move(2, ("0712", "1015"), True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("HELLO", "found 'HELLO' where an order word"),
        ("BUILT SHIPYARD 0712", "did you mean BUILD?"),
        ("ATACK FLEETS 1015 FROM 0913 2", "did you mean ATTACK?"),
        ("MOVE 2 FLEETS 0712", "found the end of the line where"),
        ("BUILD CASTLE 0712", "found 'CASTLE' where"),
        ("OBSTRUCT BLUE MAYBE", "ON or OFF"),
        ("IF ENEMY FLEETS 1015 PERMIT BLUE 0712", "found 'PERMIT'"),
        ("IF ENEMY FLEETS 1015 IF ENEMY FLEETS 1015 CLAIM 1015", "found 'IF'"),
        ("GROW 0712", "a count"),
        ("CLAIM", "a hex (four digits"),
        ("BUILD SHIPYRD 0712", "found 'SHIPYRD' where FLEETS or HABITAT or SHIPYARD was"),
        ("REROLL OWN AT 1/2", "found '1/2' where LEAST was expected"),
        ("PERMIT 0712", "found '0712' where a player's name was expected"),
        ("ATTACK FLEETS 1015 WITH 2", "found 'WITH' where FROM or OF was expected"),
        # OF names the only player attacked: FIRST (who takes the extras) has no place
        ("ATTACK POPULATION 1015 OF RED WITH 3 FIRST BLUE", "found 'FIRST' where the end"),
        ("ATTACK SHIPYARDS 1015 WITH 2 FIRST HABITATS", "found 'FIRST' where the end"),
    ],
)
def test_lines_that_are_no_order(text: str, message: str) -> None:
    assert message in error(text).message


def test_the_bad_word_is_where_the_column_points() -> None:
    assert error("BUILD SHIPYRD 0712").column == 7


def test_every_terminal_has_the_players_word() -> None:
    root = Path(__file__).resolve().parent.parent
    grammar = (root / "grammars" / "galaktikos.lark").read_text(encoding="utf-8")
    terminals = set(re.findall(r"^([A-Z_]+)(?:\.-?[0-9]+)?:", grammar, re.MULTILINE))
    terminals.remove("_WORD_END")  # a word's end, part of the keywords: never lexed alone
    assert len(terminals) > 30
    assert terminals <= set(TERMINAL_WORDS)


def test_a_rejected_line_does_not_stop_the_others() -> None:
    located, diags = parse("HELLO", "CLAIM 1015")
    assert [at.order for at in located] == [o.Claim("1015")]
    assert [d.code for d in diags] == ["GK100"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80))
def test_random_text_never_raises(text: str) -> None:
    check(text.replace("\n", " ").replace("\r", " "))


VOCABULARY = (
    "BUILD SHIPYARD HABITAT FLEET FLEETS GROW MOVE MIGRATE POPULATION ATTACK FROM WITH "
    "TO IF NO ENEMY PERMIT FORBID OBSTRUCT ON OFF REROLL OWN AT LEAST MOST NEVER FIRST "
    "PLAYER AUTOMATIC CLAIM OCCUPY PLACE HOME ALL 0712 1015 0 7 00 1/2 RED"
)
WORD = st.sampled_from(VOCABULARY.split(" "))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(WORD, max_size=10))
def test_random_orders_of_order_words_never_raise(words: list[str]) -> None:
    check(" ".join(words))
