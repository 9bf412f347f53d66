"""Interstellar Conquest's facts that need no game: the checker's layer 2.

What holds of an order whatever the table: planets are tiles 1 to 5, counts mean
something, coins are 1 to 5 or DIPLOMACY, an attacking fleet has a warship (and a
transport to leave its system), allies offer only colony ships and warships and
join one side, a deal is between two players, a standing order's condition can
hold when its order is owed. Codes IC1xx are about how an order is written, IC2xx
the rule book's facts (each message names the book's section or chart). Checked
in every mode, a syntax-only check included, with the same codes
(galbatch/engine/checker/facts.py). A standing order's action is checked as if it stood
alone; its condition's planet too.
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.engine.checker.facts import Fact, Row, apply
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.codes import (
    IC101,
    IC102,
    IC103,
    IC104,
    IC105,
    IC107,
    IC109,
    IC201,
    IC202,
    IC203,
    IC205,
    IC206,
    IC207,
    IC208,
    IC209,
)
from galbatch.rules.interstellar.house import colony_refusal
from galbatch.rules.interstellar.tables import (
    ALLY_SIZES,
    ATTACK_COINS,
    HOME_WORLDS,
    TRANSPORT,
    WARSHIP,
    Size,
)

EVERY: tuple[type, ...] = (
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
)
FLEETS: tuple[type, ...] = (o.Attack, o.Ally, o.Standing)


def action(order: o.Order) -> o.Order:
    """The order itself, or a standing order's action."""
    return order.action if isinstance(order, o.Standing) else order


def planets(order: o.Order) -> list[o.Planet]:
    """Every planet an order names, a standing order's condition's included."""
    found: list[o.Planet] = []
    if isinstance(order, o.Standing) and order.condition and order.condition.planet:
        found.append(order.condition.planet)
    inner = action(order)
    if isinstance(inner, o.Reclaim) and inner.to:
        found.append(inner.to)
    elif isinstance(inner, o.Attack):
        found.append(inner.target)
        found += [g.origin for g in inner.fleet if g.origin]
    elif isinstance(inner, o.Ally):
        found += [g.origin for g in inner.ships if g.origin]
    elif isinstance(inner, o.Deal):
        found += [t.planet for t in inner.terms if isinstance(t, o.AllowColony)]
    return found


def bad_planet(order: o.Order) -> o.Planet | None:
    """The first planet named with a tile that is no home world."""
    return next((p for p in planets(order) if p.tile not in HOME_WORLDS), None)


def groups(order: o.Order) -> tuple[o.Group, ...]:
    """The ships an ATTACK or ALLY (standing or not) commits, planet by planet."""
    inner = action(order)
    if isinstance(inner, o.Attack):
        return inner.fleet
    if isinstance(inner, o.Ally):
        return inner.ships
    return ()


def counts(order: o.Order) -> list[int]:
    """Every count an order writes: ships, coins given, ships returned, rewarded, healed."""
    inner = action(order)
    found = [s.count for g in groups(order) for s in g.ships]
    if isinstance(inner, o.Deal):
        found += [t.count for t in inner.terms if isinstance(t, o.GiveCoins | o.ReturnShips)]
    elif isinstance(inner, o.Reward) and inner.ships is not None:
        found.append(inner.ships)
    elif isinstance(inner, o.Heal) and inner.count is not None:
        found.append(inner.count)
    return found


def coin_ok(order: o.Order) -> bool:
    """PLAY names an attack coin 1-5 or a word (DIPLOMACY, HIGHEST, LOWEST, BEST)."""
    inner = action(order)
    if not isinstance(inner, o.Play) or not inner.coin.isdigit():
        return True
    return int(inner.coin) in ATTACK_COINS


def named_once(order: o.Order) -> bool:
    """Each planet the ships come from is named once, and each size once there."""
    seen = [(g.origin, s.size) for g in groups(order) for s in g.ships]
    places = [g.origin for g in groups(order) if g.origin is not None]
    return len(seen) == len(set(seen)) and len(places) == len(set(places))


def sizes(order: o.Order) -> set[Size]:
    """The sizes of ship an ATTACK or ALLY commits."""
    return {s.size for g in groups(order) for s in g.ships}


def attack(order: o.Order) -> o.Attack | None:
    inner = action(order)
    return inner if isinstance(inner, o.Attack) else None


def ally(order: o.Order) -> o.Ally | None:
    inner = action(order)
    return inner if isinstance(inner, o.Ally) else None


def leaving(order: o.Order) -> list[o.Planet]:
    """The planets of an attacking fleet in another system than the target's."""
    found = attack(order)
    if found is None:
        return []
    return [g.origin for g in found.fleet if g.origin and g.origin.colour != found.target.colour]


def not_from_target(order: o.Order) -> bool:
    """The attacking fleet comes from other planets than its target."""
    found = attack(order)
    return found is None or all(g.origin != found.target for g in found.fleet)


def transported(order: o.Order) -> bool:
    """A fleet leaving its system has a transport (the ship chart, Play 3b)."""
    return not leaving(order) or TRANSPORT in sizes(order)


def armed(order: o.Order) -> bool:
    """An attacking fleet has a warship (the ship chart, Play 3a)."""
    return attack(order) is None or WARSHIP in sizes(order)


def ally_sizes_ok(order: o.Order) -> bool:
    return ally(order) is None or sizes(order) <= set(ALLY_SIZES)


def parties(order: o.Order) -> list[str]:
    """The players a deal's terms name, each once, in order."""
    inner = action(order)
    names: list[str] = []
    if isinstance(inner, o.Deal):
        for term in inner.terms:
            if term.player not in names:
                names.append(term.player)
    return names


def term_key(term: o.Term) -> tuple[str, ...]:
    """What a deal's term settles: a later term settling it again contradicts it."""
    if isinstance(term, o.GiveCoins):
        return ("GIVES", term.player)
    if isinstance(term, o.ReturnShips):
        return ("RETURNS", term.player, term.size.value if term.size else "")
    return ("COLONIZES", term.player, term.planet.text())


def terms_once(order: o.Order) -> bool:
    inner = action(order)
    if not isinstance(inner, o.Deal):
        return True
    keys = [term_key(t) for t in inner.terms]
    return len(keys) == len(set(keys))


def own_colony(order: o.Order) -> str:
    """A deal's COLONIZES naming the player's own system, as written; else empty."""
    inner = action(order)
    if isinstance(inner, o.Deal):
        for term in inner.terms:
            if isinstance(term, o.AllowColony) and colony_refusal(
                term.planet.colour, term.player, None
            ):
                return term.text()
    return ""


# What a player in each situation of a condition can be asked for (Play 3-10): the
# orders that answer a phase he may owe then, and the book's words for it.
ROLE_ORDERS: dict[str, tuple[tuple[type, ...], str]] = {
    "ATTACKED": (
        (o.Invite, o.Play, o.Deal, o.NoDeal, o.TakeCoin, o.Heal),
        "the defender invites allies, plays a coin, makes a deal (Play 5, 7, 8)",
    ),
    "ATTACKING": (
        (o.Invite, o.Play, o.Deal, o.NoDeal, o.TakeCoin, o.Heal, o.Attack, o.Pass),
        "the attacker invites allies, plays a coin, makes a deal, attacks again (Play 4, 7, 8, 10)",
    ),
    "INVITED": (
        (o.Ally, o.Decline, o.Reward, o.Heal),
        "an invited player allies with one side or declines, and a defending ally takes"
        " his reward (Play 6, 8)",
    ),
}


def can_be_owed(order: o.Order) -> bool:
    """A standing order's condition can hold when its action is owed."""
    if not isinstance(order, o.Standing) or order.condition is None:
        return True
    kinds, _ = ROLE_ORDERS[order.condition.situation]
    inner = order.action
    if isinstance(inner, o.Attack) and not inner.again:
        return False  # the first attack is declared before anyone is attacking
    return isinstance(inner, kinds)


def never_owed(order: o.Standing) -> str:
    assert order.condition is not None
    _, says = ROLE_ORDERS[order.condition.situation]
    word = order.action.text().split()[0]
    return f"{word} is never owed by a player {order.condition.situation}: {says}"


def two_sides(order: o.Order) -> bool:
    """INVITED BY and AGAINST name two players: a side is not invited against itself."""
    if not isinstance(order, o.Standing) or order.condition is None:
        return True
    return not order.condition.player or order.condition.player != order.condition.against


def first_bad_planet(order: o.Order) -> str:
    planet = bad_planet(order)
    return planet.text() if planet else ""


def in_range(order: o.Order) -> bool:
    """Every tile, count and coin the order writes is within its range: an order that
    fails on a range gets that diagnostic alone, not the rule book's facts about what
    its planets, ships or coins would mean."""
    return bad_planet(order) is None and all(n > 0 for n in counts(order)) and coin_ok(order)


RANGES: tuple[Row, ...] = (
    Fact(
        EVERY,
        lambda order: bad_planet(order) is None,
        IC101,
        lambda order: (
            f"{first_bad_planet(order)} is no planet: a system's home worlds are the tiles"
            " 1 to 5, ACE for 1 (Setup 1)"
        ),
    ),
    Fact(
        EVERY,
        lambda order: all(n > 0 for n in counts(order)),
        IC102,
        "a count of 0 is meaningless",
    ),
    Fact(
        (o.Play, o.Standing),
        coin_ok,
        IC103,
        lambda order: (
            f"there is no coin {action(order).coin}: attack coins are 1 to 5, blank coins"  # type: ignore[union-attr]
            " DIPLOMACY (Play 7a, 7b)"
        ),
    ),
)
BOOK_FACTS: tuple[Fact, ...] = (
    Fact(
        FLEETS,
        named_once,
        IC104,
        "each planet the ships come from is named once, and each size once there: add their counts",
    ),
    Fact(
        (o.Cancel,),
        lambda order: order.number is None or order.number > 0,
        IC105,
        "standing orders are numbered from 1 as the printout lists them",
    ),
    Fact(
        (o.Deal, o.Standing),
        terms_once,
        IC107,
        "each term of a deal is given once: a player's coins, his ships of a size, a"
        " colony on a planet",
    ),
    Fact(
        (o.Ally, o.Standing),
        ally_sizes_ok,
        IC201,
        "allies may only offer colony ships and warships as aid (Play 6b): no transport",
    ),
    Fact(
        (o.Attack, o.Standing),
        armed,
        IC202,
        "you must have a Warship in your fleet to attack another planet or colony (ship"
        " chart, Play 3a): the fleet has no M",
    ),
    Fact(
        (o.Attack, o.Standing),
        transported,
        IC203,
        lambda order: (
            "you must have a Transport in your fleet to travel to another system (ship"
            f" chart, Play 3b): ships from {leaving(order)[0].text()} go to"
            f" {attack(order).target.text()} with no L"  # type: ignore[union-attr]
        ),
    ),
    Fact(
        (o.Attack, o.Standing),
        not_from_target,
        IC209,
        lambda order: (
            f"ships already on {attack(order).target.text()} cannot attack it: the fleet"  # type: ignore[union-attr]
            " comes to the planet it attacks (Play 3)"
        ),
    ),
    Fact(
        (o.Deal, o.Standing),
        lambda order: len(parties(order)) <= 2,
        IC205,
        lambda order: (
            "a deal is between the two main combatants (Play 8): its terms name "
            + ", ".join(parties(order))
        ),
    ),
    Fact(
        (o.Deal, o.Standing),
        lambda order: not own_colony(order),
        IC206,
        lambda order: (
            f"{own_colony(order)}: a colony is a colony ship on an alien planet (ship chart),"
            " not on one's own home world"
        ),
    ),
    Fact((o.Standing,), can_be_owed, IC207, never_owed),
    Fact(
        (o.Standing,),
        two_sides,
        IC208,
        "an invitation asks to ally with one main combatant against the other (Play 4, 5):"
        " BY and AGAINST name two players",
    ),
)
FACTS: tuple[Row, ...] = RANGES + tuple(
    Fact(f.orders, f.holds, f.code, f.says, when=in_range) for f in BOOK_FACTS
)

# Orders read from a file: a player's file holds a handful (a phase's answer, a few
# standing orders); past this, orders are rejected, so a file's diagnostics stay few.
MAX_ORDERS = 100
OPPOSITE = {"ATTACKER": "DEFENDER", "DEFENDER": "ATTACKER"}


def words(text: str) -> str:
    """The order as the player wrote it, upper-cased, blanks normalised."""
    return " ".join(text.upper().split())


def rejected(at: Located) -> str:
    """How a rejection's message ends: the order as written."""
    return f"order {words(at.text)} rejected"


def opposed(first: str, second: str) -> bool:
    """Two ALLY sides that are surely different: two colours, or ATTACKER and DEFENDER.
    (A colour against ATTACKER or DEFENDER needs the encounter: the checker's layer 3.)"""
    if first == second:
        return False
    sides = set(OPPOSITE)
    return (first in sides) == (second in sides)


def facts(orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
    """The orders as the book's facts leave them, and the diagnostics."""
    counted, over = list(orders[:MAX_ORDERS]), orders[MAX_ORDERS:]
    out, diags = apply(counted, FACTS, rejected)
    # a file's ALLY orders join one side (IC204): judged against the table (check.py), where
    # an earlier ALLY the table rejects does not count
    for at in over:
        text = f"only {MAX_ORDERS} orders a file are read; {rejected(at)}"
        diags.append(Diagnostic(at.file, at.line, at.column, Severity.ERROR, IC109, text))
        out.append(at.refusing())
    return out, diags


__all__ = ["FACTS", "MAX_ORDERS", "facts"]
