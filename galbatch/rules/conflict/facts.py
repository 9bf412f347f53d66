"""Galactic Conflict's facts that need no game: the checker's layer 2.

What the rule book says of an order whatever the game: checked in every mode, a
syntax-only check included, with the same codes (see galbatch/engine/checker/facts.py).
The book fixes no range for world numbers (each game has its own map) and the
grammar already holds its letters (A, D, P for a move; A, D, F, P, C for a
build; F, C, E for a destruction), so what is left is the meaning of its
numbers and its one limit a turn that needs no game.
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.engine.checker.facts import Fact, NotAfter, Row, apply, differ, nonzero
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.rules.conflict.codes import CF203, CF204, CF207, CF209
from galbatch.rules.conflict.names import validate_code_name
from galbatch.rules.conflict.orders import (
    Attack,
    Destroy,
    EconIncrease,
    Gate,
    Move,
    Probe,
    Transfer,
)


def code_name_problem(order: Transfer) -> str:
    """Why no player can have the code name a transfer names ("" if one can)."""
    problem = validate_code_name(order.to)
    return "" if problem is None else problem[0].lower() + problem[1:].rstrip(".")


QUANTITY_OF_0 = "a quantity of 0 is meaningless"

FACTS: tuple[Row, ...] = (
    # ILLEGAL ORDERS: "If any other part of an order is illegal or meaningless, the order
    # will be rejected". A quantity of units written as 0 is meaningless; the Econ of a
    # B or D,E order is not (0 Econ is decided as a build of nothing, house rule 26).
    Fact((Attack, Move), nonzero("count"), CF203, QUANTITY_OF_0),
    Fact((Destroy,), nonzero("count"), CF203, QUANTITY_OF_0, when=lambda order: order.item != "E"),
    # ATTACKS, MOVES, PROBING, GATES: from one world to another ("the number of the world
    # the AF are coming from, the number of their destination world").
    Fact(
        (Attack, Move, Probe, Gate),
        differ("origin", "dest"),
        CF204,
        "world {origin} can't send to itself",
    ),
    # CODE NAMES: "a code name of up to 20 characters and spaces"; "Names that could cause
    # confusion, such as "AF", "DF", "FT", "PROBES", "UNOWNED", "NEUTRAL", "-----", etc.
    # will not be allowed" (and house rule 8's character set): no player has such a name.
    Fact(
        (Transfer,),
        lambda order: not code_name_problem(order),
        CF209,
        lambda order: f"no player can be called {order.to}: {code_name_problem(order)}",
    ),
    # PRODUCTION: "A world can also increase its Econ by a maximum of one per turn".
    NotAfter(
        (EconIncrease,),
        (EconIncrease,),
        lambda order: order.world,
        CF207,
        "world {world} already increases its Econ this turn",
    ),
)


def facts(orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
    """The orders as the book's facts leave them, and the diagnostics."""
    return apply(orders, FACTS, lambda at: f"order {at.text.upper()} rejected")
