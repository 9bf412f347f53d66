"""Galaktikos's facts that need no game: the checker's layer 2.

What holds of an order whatever the board: hex names written the wargame way,
counts that mean something, player names and policy words, one CONVERT a hex and
each setup hex named once, and at most `MAX_ORDERS` orders a file. Checked in every mode, a
syntax-only check included, with the same codes (galbatch/engine/checker/facts.py). An
IF's action is checked as if it stood alone; its condition's hex too.
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.engine.checker.facts import Fact, NotAfter, Row, apply
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.codes import (
    GK201,
    GK202,
    GK203,
    GK204,
    GK205,
    GK206,
    GK207,
    GK208,
    GK209,
    GK210,
    GK401,
)
from galbatch.rules.galaktikos.hexes import parse_hex
from galbatch.rules.galaktikos.names import (
    FACES,
    LONGEST_NAME,
    MAX_ORDERS,
    MAX_PATH,
    RESERVED,
)

EVERY: tuple[type, ...] = (
    o.BuildShipyard,
    o.BuildHabitat,
    o.BuildFleet,
    o.Grow,
    o.Move,
    o.Migrate,
    o.Attack,
    o.Convert,
    o.Claim,
    o.Occupy,
    o.Conditional,
    o.Permit,
    o.Obstruct,
    o.Reroll,
    o.First,
    o.Automatic,
    o.PlaceHome,
    o.PlacePopulation,
)


def action(order: o.Order) -> o.Action | o.Standing | o.Setup:
    """The order itself, or an IF's action."""
    return order.action if isinstance(order, o.Conditional) else order


def hexes(order: o.Order) -> list[str]:
    """Every hex name an order writes, an IF's condition's included (ALL is no hex)."""
    names = [order.condition.hex] if isinstance(order, o.Conditional) else []
    inner = action(order)
    if isinstance(inner, o.Move | o.Migrate):
        names.extend(inner.path)
    elif isinstance(inner, o.Attack):
        names.append(inner.hex)
        names.extend(a.hex for a in inner.attackers)
    elif isinstance(inner, o.Permit):
        names.extend([] if inner.hex == "ALL" else [inner.hex])
    elif not isinstance(inner, o.Obstruct | o.Reroll | o.First | o.Automatic):
        names.append(inner.hex)
    return names


def bad_hex(name: str) -> bool:
    """True if `name` is not four digits, column then row, both from 01."""
    try:
        parse_hex(name)
    except ValueError:
        return True
    return False


def first_bad_hex(order: o.Order) -> str:
    return next(name for name in hexes(order) if bad_hex(name))


def counts(order: o.Order) -> list[int]:
    """Every count an order writes: tokens built, grown, moved, attacking or targeted."""
    inner = action(order)
    if isinstance(inner, o.BuildHabitat | o.BuildFleet | o.Grow | o.Move | o.Migrate):
        return [inner.count]
    if isinstance(inner, o.Attack):
        aimed = [] if inner.count is None else [inner.count]
        return [*aimed, *(a.count for a in inner.attackers)]
    return []


def players(order: o.Order) -> list[str]:
    """Every player's name an order writes (ALL is every player, no name)."""
    inner = action(order)
    if isinstance(inner, o.Convert | o.Permit) and inner.player:
        return [inner.player]
    if isinstance(inner, o.Obstruct) and inner.player != "ALL":
        return [inner.player]
    if isinstance(inner, o.First) and inner.player:
        return [inner.player]
    if isinstance(inner, o.Attack):
        named = [inner.player] if inner.player else []
        if inner.target == "POPULATION" and inner.first:
            named.append(inner.first)
        return named
    return []


def good_name(name: str) -> bool:
    return name not in RESERVED and len(name) <= LONGEST_NAME


def first_bad_name(order: o.Order) -> str:
    return next(name for name in players(order) if not good_name(name))


def path_of(order: o.Order) -> tuple[str, ...]:
    inner = action(order)
    return inner.path if isinstance(inner, o.Move | o.Migrate) else ()


def no_standing_still(order: o.Order) -> bool:
    """A path never names the same hex twice in a row (nor TO the hex it starts in)."""
    path = path_of(order)
    return all(a != b for a, b in zip(path, path[1:], strict=False))


def sources_differ(order: o.Order) -> bool:
    inner = action(order)
    if not isinstance(inner, o.Attack):
        return True
    places = [a.hex for a in inner.attackers]
    return len(places) == len(set(places))


def converted(order: o.Order) -> str | None:
    """The hex a CONVERT (alone or under an IF) converts in, or None."""
    inner = action(order)
    return inner.hex if isinstance(inner, o.Convert) else None


FACTS: tuple[Row, ...] = (
    Fact(
        EVERY,
        lambda order: not any(bad_hex(n) for n in hexes(order)),
        GK201,
        lambda order: (
            f"{first_bad_hex(order)!r} is no hex: write four digits, column then "
            "row, both from 01 (0712)"
        ),
    ),
    Fact(
        EVERY,
        lambda order: all(n > 0 for n in counts(order)),
        GK202,
        "a count of 0 is meaningless",
    ),
    Fact(
        EVERY,
        lambda order: all(good_name(n) for n in players(order)),
        GK203,
        lambda order: (
            f"{first_bad_name(order)} is no player's name: a name is at most "
            f"{LONGEST_NAME} characters and none of {', '.join(sorted(RESERVED))}"
        ),
    ),
    Fact(
        (o.Move, o.Migrate, o.Conditional),
        no_standing_still,
        GK204,
        "a path goes from a hex to another: the same hex is named twice in a row",
    ),
    Fact(
        (o.Move, o.Migrate, o.Conditional),
        lambda order: len(path_of(order)) <= MAX_PATH,
        GK205,
        f"a path is at most {MAX_PATH} hexes, its start included",
    ),
    Fact(
        (o.Attack, o.Conditional),
        sources_differ,
        GK206,
        "each hex the attackers come from is named once: add their counts",
    ),
    Fact(
        (o.Reroll,),
        lambda order: not order.face or order.face in FACES,
        GK207,
        f"{{face}} is no face of the combat die: write one of {', '.join(FACES)}",
    ),
    NotAfter(
        (o.Convert, o.Conditional),
        (o.Convert, o.Conditional),
        converted,
        GK208,
        lambda order: (
            f"hex {converted(order)} is converted by an earlier CONVERT: once per hex per turn"
        ),
    ),
    NotAfter(
        (o.PlaceHome, o.PlacePopulation),
        (o.PlaceHome, o.PlacePopulation),
        lambda order: order.hex,
        GK209,
        "hex {hex} is named by an earlier PLACE: a setup token goes in a hex with none",
    ),
)


def words(text: str) -> str:
    """The order as the player wrote it, upper-cased, blanks normalised."""
    return " ".join(text.upper().split())


def rejected(at: Located) -> str:
    """How a rejection's message ends: the order as written."""
    return f"order {words(at.text)} rejected"


def standing_key(order: o.Order) -> object | None:
    """What a standing order sets: a later one setting the same replaces it."""
    if isinstance(order, o.Permit):
        return ("PERMIT", order.player, order.hex)
    if isinstance(order, o.Obstruct):
        return ("OBSTRUCT", order.player)
    if isinstance(order, o.Reroll):
        return ("REROLL", order.side)
    if isinstance(order, o.First):
        return ("FIRST", "PLAYER" if order.player else "INFRASTRUCTURE")
    if isinstance(order, o.Automatic):
        return ("AUTOMATIC", order.what)
    return None


def _replaced(orders: list[Located], diags: list[Diagnostic]) -> None:
    """A standing order set again later in the file: the later one holds (GK401)."""
    seen: dict[object, Located] = {}
    for at in orders:
        key = None if at.refused else standing_key(at.order)
        if key is None:
            continue
        if key in seen:
            earlier = seen[key]
            text = f"replaces {words(earlier.text)} on line {earlier.line}: the later one holds"
            diags.append(Diagnostic(at.file, at.line, at.column, Severity.WARNING, GK401, text))
        seen[key] = at


def facts(orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
    """The orders as the book's facts leave them, and the diagnostics."""
    counted, over = list(orders[:MAX_ORDERS]), orders[MAX_ORDERS:]
    out, diags = apply(counted, FACTS, rejected)
    _replaced(out, diags)
    for at in over:
        text = f"only {MAX_ORDERS} orders a turn are allowed; {rejected(at)}"
        diags.append(Diagnostic(at.file, at.line, at.column, Severity.ERROR, GK210, text))
        out.append(at.refusing())
    return out, diags


__all__ = ["FACTS", "MAX_ORDERS", "facts"]
