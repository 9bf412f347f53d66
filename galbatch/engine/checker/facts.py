"""The checker's layer 2: the rule book's facts that need no game.

The checker has three layers in every game: the grammar (a line parses); the
rule book's facts that need no game (ranges, enumerations, limits a file, the
meaning of each number); the player's situation (a view or the state:
ownership, budgets, reductions). Layer 2 runs in every mode, a syntax-only
check included, and gives the same codes in each.

A ruleset writes its facts as tables, the way its rule book writes them
(rules/<ruleset>/facts.py), with three kinds of row:

- `Fact`: what every order of some kinds must satisfy (a cargo type is 1 to 9,
  origin and destination differ); otherwise the order is rejected;
- `Limit`: a quantity the book caps (a reward of at most 50 points); more is
  reduced to the cap, with a warning;
- `NotAfter`: what a file may not order after an earlier order naming the same
  thing (a world's Econ increased twice, a ship used after it is scrapped).
  Only the earlier orders that passed every fact count. Such a limit belongs
  here only if an earlier order the player's situation rejects would leave the
  later one rejected too (the rule that a rejected order uses nothing must not
  depend on the mode).

`apply` runs a table on a file's orders. A rejected order stays in the list,
marked `refused`, so that layer 3 can still say what the situation makes of it
(a ship the player does not own, a cargo type that does not exist: both are
reported); layer 3 never accepts it, and it uses nothing there.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located

Says = str | Callable[[Any], str]  # a message: a format of the order's fields, or a function


def always(order: Any) -> bool:
    del order
    return True


# The rows are plain classes, not dataclasses: a ruleset's table is made at every check,
# and three dataclasses would cost a check's start more than all of its facts.


class Fact:
    """Every order of the kinds `orders` (when `when` holds for it) satisfies `holds`;
    otherwise it is rejected with `code` and `says`."""

    __slots__ = ("code", "holds", "orders", "says", "when")

    def __init__(
        self,
        orders: tuple[type, ...],
        holds: Callable[[Any], bool],
        code: str,
        says: Says,
        when: Callable[[Any], bool] = always,
    ) -> None:
        self.orders = orders
        self.holds = holds
        self.code = code
        self.says = says
        self.when = when


class Limit:
    """The quantity `field` of the orders of the kinds `orders` is at most `most`; more is
    reduced to `most` with the warning `code` (`says` may use `{most}`)."""

    __slots__ = ("code", "field", "most", "orders", "says", "when")

    def __init__(
        self,
        orders: tuple[type, ...],
        field: str,
        most: int,
        code: str,
        says: str,
        when: Callable[[Any], bool] = always,
    ) -> None:
        self.orders = orders
        self.field = field
        self.most = most
        self.code = code
        self.says = says
        self.when = when


class NotAfter:
    """No order of the kinds `later` after an order of the kinds `earlier` in the same
    file that names the same thing (`key`; None names nothing): it is rejected."""

    __slots__ = ("code", "earlier", "key", "later", "says")

    def __init__(
        self,
        earlier: tuple[type, ...],
        later: tuple[type, ...],
        key: Callable[[Any], object | None],
        code: str,
        says: Says,
    ) -> None:
        self.earlier = earlier
        self.later = later
        self.key = key
        self.code = code
        self.says = says


Row = Fact | Limit | NotAfter


def within(field: str, allowed: Collection[int]) -> Callable[[Any], bool]:
    """The order's `field` is one of `allowed` (a range or the keys of a table)."""

    def holds(order: Any) -> bool:
        return getattr(order, field) in allowed

    return holds


def nonzero(field: str) -> Callable[[Any], bool]:
    """The order's quantity `field` is not 0."""

    def holds(order: Any) -> bool:
        return bool(getattr(order, field) != 0)

    return holds


def differ(first: str, second: str) -> Callable[[Any], bool]:
    """The order's fields `first` and `second` are not the same."""

    def holds(order: Any) -> bool:
        return bool(getattr(order, first) != getattr(order, second))

    return holds


def message(says: Says, order: Any, **more: Any) -> str:
    if isinstance(says, str):
        return says.format(**vars(order), **more)
    return says(order)


def broken(order: Any, table: Sequence[Row]) -> str | None:
    """What the first fact of `table` that `order` breaks says, or None: for a
    suggestion, which must not propose an order the facts would reject."""
    facts = [row for row in table if isinstance(row, Fact) and isinstance(order, row.orders)]
    for fact in facts:
        if fact.when(order) and not fact.holds(order):
            return message(fact.says, order)
    return None


def apply(
    orders: Sequence[Located], table: Sequence[Row], rejected: Callable[[Located], str]
) -> tuple[list[Located], list[Diagnostic]]:
    """Run the facts of `table` on a file's orders, in file order.

    The orders as the facts leave them (reduced, or marked `refused`) and the
    diagnostics; a rejection's message ends with `; ` and `rejected(at)` (e.g.
    "order A,1,1,5 rejected"). Every fact an order fails is reported."""
    by_kind: dict[type, list[tuple[int, Row]]] = {}
    seen: dict[int, set[object]] = {}  # NotAfter row -> keys of earlier orders that passed

    def rows(kind: type) -> list[tuple[int, Row]]:
        if kind not in by_kind:
            by_kind[kind] = [
                (i, row)
                for i, row in enumerate(table)
                if issubclass(kind, row.later if isinstance(row, NotAfter) else row.orders)
                or (isinstance(row, NotAfter) and issubclass(kind, row.earlier))
            ]
        return by_kind[kind]

    out: list[Located] = []
    diags: list[Diagnostic] = []
    for at in orders:
        order = at.order
        found = rows(type(order))
        errors: list[tuple[str, str]] = []
        for i, row in found:
            if isinstance(row, Fact):
                if row.when(order) and not row.holds(order):
                    errors.append((row.code, message(row.says, order)))
            elif isinstance(row, NotAfter) and isinstance(order, row.later):
                key = row.key(order)
                if key is not None and key in seen.get(i, ()):
                    errors.append((row.code, message(row.says, order)))
        if errors:
            diags.extend(
                Diagnostic(
                    at.file, at.line, at.column, Severity.ERROR, code, f"{text}; {rejected(at)}"
                )
                for code, text in errors
            )
            out.append(at.refusing())
            continue
        for i, row in found:
            if isinstance(row, Limit) and row.when(order) and getattr(order, row.field) > row.most:
                text = message(row.says, order, most=row.most)
                diags.append(
                    Diagnostic(at.file, at.line, at.column, Severity.WARNING, row.code, text)
                )
                order = replace(order, **{row.field: row.most})
            elif isinstance(row, NotAfter) and isinstance(order, row.earlier):
                key = row.key(order)
                if key is not None:
                    seen.setdefault(i, set()).add(key)
        out.append(at if order is at.order else at.with_order(order))
    return out, diags
