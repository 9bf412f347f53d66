"""Galaktikos's facts that need no game (layer 2): each code with its message, IF's
action checked as if alone, the file's order limit and standing orders replaced."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.language.diagnostics import Severity
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.names import MAX_ORDERS, MAX_PATH
from tests.test_galaktikos_language import check


def found(*lines: str) -> list[tuple[Severity, str, str]]:
    return [(d.severity, d.code, d.message) for d in check(*lines).diagnostics]


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ("BUILD SHIPYARD 712", "GK201", "'712' is no hex: write four digits"),
        ("BUILD SHIPYARD 07120", "GK201", "'07120' is no hex"),
        ("CLAIM 0012", "GK201", "'0012' is no hex"),
        ("MOVE 2 FLEETS 0712 0800 0913", "GK201", "'0800' is no hex"),
        ("ATTACK FLEETS 1015 FROM 913 2", "GK201", "'913' is no hex"),
        ("IF ENEMY FLEETS 15 CLAIM 1015", "GK201", "'15' is no hex"),
        ("PERMIT BLUE 99", "GK201", "'99' is no hex"),
        ("PLACE HOME 0", "GK201", "'0' is no hex"),
        ("GROW 0712 0", "GK202", "a count of 0 is meaningless"),
        ("BUILD FLEET 0712 0", "GK202", "a count of 0"),
        ("MOVE 0 FLEETS 0712 TO 1015", "GK202", "a count of 0"),
        ("ATTACK FLEETS 1015 FROM 0913 2 FROM 1014 0", "GK202", "a count of 0"),
        ("IF ENEMY FLEETS 1015 GROW 0712 0", "GK202", "a count of 0"),
        ("ATTACK 0 FLEETS 1015 FROM 0913 2", "GK202", "a count of 0"),
        ("ATTACK 0 SHIPYARDS 1015 WITH 2", "GK202", "a count of 0"),
        ("ATTACK FLEETS 1015 OF OFF FROM 0913 2", "GK203", "OFF is no player's name"),
        ("ATTACK 2 POPULATION 1015 OF ALL WITH 2", "GK203", "ALL is no player's name"),
        ("CONVERT 1015 NEVER", "GK203", "NEVER is no player's name"),
        ("PERMIT HABITATS 0712", "GK203", "HABITATS is no player's name"),
        ("OBSTRUCT " + "X" * 21 + " OFF", "GK203", "is no player's name: a name is at most 20"),
        ("FIRST PLAYER ON", "GK203", "ON is no player's name"),
        ("MOVE 1 FLEET 0712 0712 0813", "GK204", "the same hex is named twice in a row"),
        ("MIGRATE 1 POPULATION 0712 TO 0712", "GK204", "the same hex"),
        ("ATTACK FLEETS 1015 FROM 0913 1 FROM 0913 1", "GK206", "add their counts"),
        ("REROLL OWN AT LEAST HALF", "GK207", "HALF is no face of the combat die"),
        ("REROLL ENEMY AT MOST 2/3", "GK207", "2/3 is no face"),
    ],
)
def test_facts_reject(text: str, code: str, message: str) -> None:
    result = found(text)
    assert [(s, c) for s, c, _ in result] == [(Severity.ERROR, code)]
    assert message in result[0][2]
    assert result[0][2].endswith(f"; order {text.upper()} rejected")


def test_a_long_path_is_rejected() -> None:
    path = " ".join(f"{1 + i // 20:02d}{1 + i % 20:02d}" for i in range(MAX_PATH + 1))
    assert [c for _, c, _ in found(f"MOVE 1 FLEET {path}")] == ["GK205"]
    path = " ".join(f"{1 + i // 20:02d}{1 + i % 20:02d}" for i in range(MAX_PATH))
    assert found(f"MOVE 1 FLEET {path}") == []


def test_every_fact_an_order_fails_is_reported() -> None:
    assert [c for _, c, _ in found("ATTACK FLEETS 15 FROM 0913 0 FROM 0913 1")] == [
        "GK201",
        "GK202",
        "GK206",
    ]


def test_one_convert_a_hex_a_file() -> None:
    result = check("CONVERT 1015", "CONVERT 1016", "IF ENEMY FLEETS 1015 CONVERT 1015 RED")
    assert list(result.orders) == [o.Convert("1015"), o.Convert("1016")]
    assert [(c, m) for _, c, m in found("CONVERT 1015", "CONVERT 1015")] == [
        (
            "GK208",
            "hex 1015 is converted by an earlier CONVERT: once per hex per turn; "
            "order CONVERT 1015 rejected",
        )
    ]


def test_a_rejected_convert_does_not_use_the_hex() -> None:
    assert [c for _, c, _ in found("CONVERT 1015 ALL", "CONVERT 1015")] == ["GK203"]


def test_each_setup_hex_is_named_once() -> None:
    assert found("PLACE HOME 0712", "PLACE HOME 0813", "PLACE POPULATION 0914") == []
    assert [(c, m) for _, c, m in found("PLACE HOME 0712", "PLACE POPULATION 0712")] == [
        (
            "GK209",
            "hex 0712 is named by an earlier PLACE: a setup token goes in a hex with none; "
            "order PLACE POPULATION 0712 rejected",
        )
    ]
    assert [c for _, c, _ in found("PLACE POPULATION 0813", "PLACE POPULATION 0813")] == ["GK209"]


def test_the_good_orders_pass_every_fact() -> None:
    from tests.test_galaktikos_language import ORDERS

    lines = [text for text, _ in ORDERS]
    result = check(*lines)
    # ORDERS converts in 1015 twice (with and without a player): the second is refused
    assert [d.code for d in result.diagnostics if d.severity == Severity.ERROR] == ["GK208"]


def test_a_standing_order_set_again_is_a_warning_and_the_later_holds() -> None:
    result = found("REROLL OWN NEVER", "CLAIM 1015", "REROLL OWN AT LEAST 3/4")
    assert result == [
        (
            Severity.WARNING,
            "GK401",
            "replaces REROLL OWN NEVER on line 2: the later one holds",
        )
    ]
    assert found("PERMIT BLUE 0712", "PERMIT BLUE 0813", "OBSTRUCT BLUE OFF") == []
    assert [c for _, c, _ in found("PERMIT BLUE 0712", "FORBID BLUE 0712")] == ["GK401"]


def test_the_orders_past_the_limit_are_rejected() -> None:
    lines = [f"CLAIM {1 + i // 20:02d}{1 + i % 20:02d}" for i in range(MAX_ORDERS + 2)]
    result = check(*lines)
    assert len(result.orders) == MAX_ORDERS
    assert [(d.line - 1, d.code) for d in result.diagnostics] == [
        (MAX_ORDERS + 1, "GK210"),
        (MAX_ORDERS + 2, "GK210"),
    ]
    assert result.diagnostics[0].message.startswith(f"only {MAX_ORDERS} orders a turn")


HEX = st.text(alphabet="0123456789", min_size=1, max_size=6)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(HEX, st.integers(min_value=0, max_value=10**30))
def test_any_hex_and_count_are_a_clean_diagnostic(hex_: str, count: int) -> None:
    result = check(f"GROW {hex_} {count}", f"MOVE {count} FLEETS {hex_} TO 0101")
    assert all(d.code.startswith("GK") for d in result.diagnostics)


@pytest.mark.parametrize(
    ("order", "share", "rerolled"),
    [
        (o.Reroll("OWN", "1/2"), Fraction(1, 4), False),
        (o.Reroll("OWN", "1/2"), Fraction(1, 2), True),
        (o.Reroll("OWN", "1/2"), Fraction(1), True),
        (o.Reroll("ENEMY", "1/4"), Fraction(1, 4), True),
        (o.Reroll("ENEMY", "1/4"), Fraction(1, 2), False),
        (o.Reroll("ENEMY", "NONE"), Fraction(0), True),
        (o.Reroll("OWN"), Fraction(1), False),
        (o.Reroll("ENEMY"), Fraction(0), False),
    ],
)
def test_a_reroll_policy_says_which_rolls_it_rerolls(
    order: o.Reroll, share: Fraction, rerolled: bool
) -> None:
    assert order.wants(share) is rerolled
