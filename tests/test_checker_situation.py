"""The checker's layer 3 driver (engine/checker/situation.py): the contract's rules, the
same for every ruleset, on a toy situation (a purse of coins and the files' spending).

An order layer 2 refused is only checked for what it names, reported, never accepted,
and uses nothing; a rejected order uses nothing and its warnings are dropped; the
orders accepted come back in file order whatever order the ruleset checks them in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

import pytest

from galbatch.engine.checker.situation import Refusal, Situation, refuse, run
from galbatch.engine.language.diagnostics import Severity
from galbatch.engine.language.located import Located
from galbatch.rules import RULESETS


@dataclass(frozen=True)
class Spend:
    """SPEND n FROM purse: n coins from one of the purses."""

    purse: str
    coins: int
    first: bool = False  # checked before the others (as conflict's D,E orders are)


class Purses(Situation[Spend]):
    """The player's purses; spending more than a purse holds is reduced, an empty or a
    foreign purse rejects."""

    def __init__(self, purses: Mapping[str, int]) -> None:
        super().__init__()
        self.purses = dict(purses)
        self.whose_asked: list[Spend] = []

    def sequence(self, orders: Sequence[Located]) -> Iterable[tuple[int, Spend]]:
        ranked = sorted(enumerate(orders), key=lambda p: (not p[1].order.first, p[0]))
        return ((index, at.order) for index, at in ranked)

    def rejected(self, at: Located) -> str:
        return f"order {at.text} rejected"

    def remark(self, at: Located, text: str) -> str:
        return f"{at.text}: {text}"

    def save(self) -> object:
        return dict(self.purses)

    def restore(self, saved: object) -> None:
        assert isinstance(saved, dict)
        self.purses = saved

    def whose(self, order: Spend) -> None:
        self.whose_asked.append(order)
        self.mine(order.purse)

    def mine(self, purse: str) -> None:
        if purse not in self.purses:
            raise Refusal("XX202", f"purse {purse} is not yours")

    def check(self, order: Spend) -> Spend:
        self.mine(order.purse)
        self.warn("XX401", "spent")
        self.purses[order.purse] -= 1  # half-way: a rejection puts it back
        have = self.purses[order.purse] + 1
        if have < 1:
            raise Refusal("XX205", f"purse {order.purse} is empty")
        coins = self.reduce("XX301", order.coins, have, f"purse {order.purse} has {have}")
        self.purses[order.purse] -= coins - 1
        return replace(order, coins=coins)


def located(*orders: Spend, refused: Sequence[int] = ()) -> list[Located]:
    return [
        Located(o, "f", i + 2, 1, f"SPEND {o.coins} FROM {o.purse}", i in refused)
        for i, o in enumerate(orders)
    ]


def test_a_refused_order_is_checked_for_what_it_names_and_uses_nothing() -> None:
    purses = Purses({"A": 5})
    orders = located(Spend("B", 1), Spend("A", 5), Spend("A", 5), refused=(0, 1))
    accepted, diags = run(orders, purses)
    assert purses.whose_asked == [Spend("B", 1), Spend("A", 5)]
    assert accepted == [Spend("A", 5)]  # the refused spending of 5 took none
    assert [(d.line, d.severity, d.code) for d in diags] == [
        (2, Severity.ERROR, "XX202"),
        (4, Severity.WARNING, "XX401"),
    ]
    assert diags[0].message == "purse B is not yours; order SPEND 1 FROM B rejected"
    assert diags[1].message == "SPEND 5 FROM A: spent"


def test_a_rejected_order_uses_nothing_and_its_warnings_are_dropped() -> None:
    purses = Purses({"A": 0, "C": 3})
    accepted, diags = run(located(Spend("A", 1), Spend("C", 4)), purses)
    assert accepted == [Spend("C", 3)]
    assert [(d.line, d.code) for d in diags] == [(2, "XX205"), (3, "XX401"), (3, "XX301")]
    assert purses.purses == {"A": 0, "C": 0}  # A's coin taken half-way is back
    assert diags[2].message == "SPEND 4 FROM C: 4 reduced to 3: purse C has 3"


def test_orders_are_checked_in_the_rulesets_sequence_and_come_back_in_file_order() -> None:
    """The second spending is checked first: it takes the purse's 2 coins."""
    orders = located(Spend("A", 2), Spend("A", 2, first=True))
    accepted, diags = run(orders, Purses({"A": 2}))
    assert accepted == [Spend("A", 2, first=True)]
    assert [(d.line, d.code) for d in diags] == [(2, "XX205"), (3, "XX401")]


def test_every_refusal_an_order_earns_is_a_diagnostic() -> None:
    class Strict(Purses):
        def check(self, order: Spend) -> Spend:
            refuse([Refusal("XX210", "first"), Refusal("XX211", "second")])
            return order

    accepted, diags = run(located(Spend("A", 1)), Strict({"A": 1}))
    assert accepted == []
    assert [(d.code, d.message) for d in diags] == [
        ("XX210", "first; order SPEND 1 FROM A rejected"),
        ("XX211", "second; order SPEND 1 FROM A rejected"),
    ]


def test_an_order_a_later_one_leaves_rejected_is_taken_back() -> None:
    class Late(Purses):
        def finish(self, accepted: Mapping[int, Spend]) -> dict[int, Refusal]:
            return {i: Refusal("XX239", "nothing followed") for i in accepted if i == 0}

    accepted, diags = run(located(Spend("A", 1), Spend("A", 1)), Late({"A": 5}))
    assert accepted == [Spend("A", 1)]
    assert [(d.line, d.code) for d in diags] == [(2, "XX239"), (3, "XX401")]  # its XX401 dropped


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_checks_its_situation_with_the_driver(name: str) -> None:
    """Each check.py's check_orders runs its Situation through `run`."""
    import importlib
    import inspect

    check = importlib.import_module(f"galbatch.rules.{name}.check")
    situations = [
        c
        for c in vars(check).values()
        if inspect.isclass(c) and issubclass(c, Situation) and c is not Situation
    ]
    assert situations, f"{name}/check.py has no Situation"
    assert "run(" in inspect.getsource(check.check_orders)
