"""Checks orders against what the player knows, as ILLEGAL ORDERS says: the
checker's layer 3, the player's situation.

A quantity that is too large is reduced to what exists (a warning); any other
illegal or meaningless part rejects the order (an error). Orders are checked in
file order against the start-of-turn counts, so units and Econ are used once,
except that Econ ordered destroyed is set aside first, wherever its D,E order is
written: "Econ cannot be used to build on the turn it is ordered destroyed".

What needs no game (a quantity of 0, a world sending to itself, a second Econ
increase, a code name no player can have) is layer 2's, in `facts.py`: this
module gets the orders as it left them, and of an order it rejected says only
whose worlds it names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.contract.ruleset import normal_name
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located
from galbatch.engine.text.suggest import did_you_mean
from galbatch.rules.conflict.orders import (
    NEUTRAL,
    UNIT_NAMES,
    Attack,
    Build,
    Destroy,
    EconIncrease,
    Gate,
    Move,
    Order,
    Probe,
    Transfer,
)

# Diagnostic codes: CF1xx syntax, CF2xx rejections, CF3xx reductions, CF4xx what a
# player's view cannot settle (warnings: the order stands).
CODES: dict[str, str] = {
    "CF100": "the line is not an order of the game",
    "CF201": "the world does not exist",
    "CF202": "the world is not yours",
    "CF203": "a quantity of 0 is meaningless",
    "CF204": "origin and destination are the same world",
    "CF205": "nothing left to use: the quantity would be 0",
    "CF206": "the world's Econ is already used this turn",
    "CF207": "the Econ of a world can be increased only once a turn",
    "CF208": "a gate can only lead to a world you own",
    "CF209": "no player in the game has that code name",
    "CF210": "a world can't be transferred to yourself",
    "CF211": "only one world a turn can be transferred to any one player",
    "CF212": "the world is already being transferred",
    "CF213": "no probe left at the world",
    "CF301": "quantity reduced to what the world has",
    "CF401": "your view does not know that code name: only the game master's check can tell",
}


class Stock:
    """What is left to use at one of the player's worlds while checking: a tally the
    checks change as they go (a plain class: a dataclass costs every check's start)."""

    __slots__ = (
        "econ",
        "af",
        "df",
        "ft",
        "cp",
        "probes",
        "start_econ",
        "econ_used",
        "increased",
        "destroying",
        "destroyed",
        "transferred",
    )

    def __init__(self, econ: int, af: int, df: int, ft: int, cp: int, probes: int) -> None:
        self.econ = econ
        self.af = af
        self.df = df
        self.ft = ft
        self.cp = cp
        self.probes = probes
        self.start_econ = econ
        self.econ_used = False
        self.increased = False
        self.destroying = False  # a D,E order was given for it this turn
        self.destroyed = 0  # the Econ those D,E orders set aside
        self.transferred = False


def check_orders(
    orders: Sequence[Located], view: Mapping[str, Any], player: str
) -> tuple[list[Order], list[Diagnostic]]:
    """Accepted orders (quantities reduced where needed) and the diagnostics."""
    del player  # the view is already the player's own
    worlds = {int(row[0]) for row in view.get("map", [])}
    stock: dict[int, Stock] = {
        int(r["number"]): Stock(r["econ"], r["af"], r["df"], r["ft"], r["cp"], r["probes"])
        for r in view.get("reports", [])
        if r.get("own")
    }
    me = normal_name(str(view.get("name", "")))
    known = known_players(view)  # code names the player has read, by normal form
    everyone = getattr(view, "game_players", None)  # only in a view built from the state
    players = None if everyone is None else {normal_name(n): str(n) for n in everyone}
    recipients: set[str] = set()
    accepted: list[tuple[int, Order]] = []  # (place in the file, order as accepted)
    diags: list[Diagnostic] = []

    def report(at: Located, severity: Severity, code: str, message: str) -> None:
        diags.append(Diagnostic(at.file, at.line, at.column, severity, code, message))

    def reject(at: Located, code: str, message: str) -> None:
        report(at, Severity.ERROR, code, f"{message}; order {at.text.upper()} rejected")

    def own(at: Located, number: int) -> Stock | None:
        if number not in worlds:
            reject(at, "CF201", f"there is no world {number}{world_hint(number, stock)}")
            return None
        if number not in stock:
            reject(at, "CF202", f"world {number} is not yours{world_hint(number, stock)}")
            return None
        return stock[number]

    def exists(at: Located, number: int) -> bool:
        if number not in worlds:
            reject(at, "CF201", f"there is no world {number}{world_hint(number, worlds)}")
            return False
        return True

    def clamp(at: Located, wanted: int, have: int, what: str, world: int) -> int | None:
        """The rule's reduction: too many becomes what there is; none left rejects.
        (A quantity of 0 never comes here: the facts reject it, CF203.)"""
        if have <= 0:
            reject(at, "CF205", f"world {world} has no {what} left to use")
            return None
        if wanted > have:
            report(
                at,
                Severity.WARNING,
                "CF301",
                f"quantity {wanted} reduced to {have}: world {world} has only {have} {what}",
            )
            return have
        return wanted

    def clamp_econ(at: Located, wanted: int, s: Stock, world: int) -> int:
        """An Econ quantity (B, D,E): reduced to the Econ left, down to 0 if none is left.

        A build or destruction of 0 Econ is still an Econ order for the world, so
        the world reuses none of last turn's builds (house rule)."""
        have = max(0, s.econ)
        if wanted <= have:
            return wanted
        left = ""
        if s.destroyed and not isinstance(at.order, Destroy):
            left = " not ordered destroyed"
        elif have != s.start_econ:
            left = " left"
        if have > 0:
            message = f"world {world} has only {have} Econ{left}"
        else:
            done = "nothing is destroyed" if isinstance(at.order, Destroy) else "nothing is built"
            message = f"world {world} has no Econ{left}; {done}, and no build is reused"
        report(at, Severity.WARNING, "CF301", f"quantity {wanted} reduced to {have}: {message}")
        return have

    # ECON: "Econ cannot be used to build on the turn it is ordered destroyed": the
    # D,E orders are checked first, so the result does not depend on where they stand.
    for index, at in sorted(enumerate(orders), key=lambda p: (not destroys_econ(p[1].order), p[0])):
        order = at.order
        if at.refused:  # a fact rejected it: only whose worlds it names is said here
            if isinstance(order, (Attack, Move, Probe, Gate)):
                if own(at, order.origin) is not None:
                    exists(at, order.dest)
            else:
                own(at, order.world)
            continue
        if isinstance(order, (Attack, Move, Probe, Gate)):
            # (origin and destination differ: the facts reject the rest, CF204)
            s = own(at, order.origin)
            if s is None or not exists(at, order.dest):
                continue
            if isinstance(order, Attack):
                n = clamp(at, order.count, s.af, "AF", order.origin)
                if n is None:
                    continue
                s.af -= n
                accepted.append((index, replace(order, count=n)))
            elif isinstance(order, Move):
                field = {"A": "af", "D": "df", "P": "probes"}[order.unit]
                n = clamp(at, order.count, getattr(s, field), UNIT_NAMES[order.unit], order.origin)
                if n is None:
                    continue
                setattr(s, field, getattr(s, field) - n)
                accepted.append((index, replace(order, count=n)))
            elif isinstance(order, Probe):
                if s.probes <= 0:
                    reject(at, "CF213", f"world {order.origin} has no probe left to launch")
                    continue
                s.probes -= 1
                accepted.append((index, order))
            else:
                if order.dest not in stock:
                    reject(
                        at,
                        "CF208",
                        f"world {order.dest} is not yours; a gate must lead to a world you own",
                    )
                    continue
                if s.increased:
                    reject(at, "CF206", f"world {order.origin} uses all its Econ to increase it")
                    continue
                if s.econ <= 0:
                    reject(at, "CF205", f"world {order.origin} has no Econ left for a gate")
                    continue
                s.econ -= 1
                s.econ_used = True
                accepted.append((index, order))
        elif isinstance(order, Build):
            s = own(at, order.world)
            if s is None:
                continue
            if s.increased:
                reject(at, "CF206", f"world {order.world} uses all its Econ to increase it")
                continue
            n = clamp_econ(at, order.econ, s, order.world)
            s.econ -= n
            s.econ_used = True
            accepted.append((index, replace(order, econ=n)))
        elif isinstance(order, EconIncrease):
            s = own(at, order.world)
            if s is None:
                continue
            # (a second E for the world: the facts reject it, CF207)
            if s.destroying:
                reject(
                    at,
                    "CF206",
                    f"world {order.world} has Econ ordered destroyed this turn; an "
                    "increase needs all of it",
                )
                continue
            if s.econ_used:
                reject(
                    at,
                    "CF206",
                    f"world {order.world} has already used Econ this turn; an "
                    "increase needs all of it",
                )
                continue
            s.increased = True
            s.econ_used = True
            s.econ = 0
            accepted.append((index, order))
        elif isinstance(order, Destroy):
            s = own(at, order.world)
            if s is None:
                continue
            if order.item == "E":  # checked before every other order (see above)
                n = clamp_econ(at, order.count, s, order.world)
                s.econ -= n
                s.destroyed += n
                s.econ_used = s.destroying = True
                accepted.append((index, replace(order, count=n)))
                continue
            field = {"F": "ft", "C": "cp"}[order.item]
            n = clamp(at, order.count, getattr(s, field), UNIT_NAMES[order.item], order.world)
            if n is None:
                continue
            setattr(s, field, getattr(s, field) - n)
            accepted.append((index, replace(order, count=n)))
        elif isinstance(order, Transfer):
            s = own(at, order.world)
            if s is None:
                continue
            # TRANSFER: to any player of the game, "not more than one world to any
            # one player per turn"; no contact is needed.
            name = normal_name(order.to)
            if name == me:
                reject(at, "CF210", f"world {order.world} is already yours")
                continue
            # A suggestion comes only from the names the player has read: the game's
            # list would let a player fish for code names with rejected transfers.
            hint = "" if name in known else did_you_mean(name, [n for n in known if n != me])
            if players is not None and name not in players:
                reject(at, "CF209", f"there is no player called {name} in this game{hint}")
                continue
            if s.transferred:
                reject(at, "CF212", f"world {order.world} is already being transferred")
                continue
            if name in recipients:
                reject(at, "CF211", f"{name} already receives a world from you this turn")
                continue
            if players is None and name not in known:
                report(
                    at,
                    Severity.WARNING,
                    "CF401",
                    f"you know of no player called {name}{hint}; the transfer stands if "
                    "the game has one, and the game master's check will tell",
                )
            recipients.add(name)
            s.transferred = True
            spelt = (players or known).get(name, name)
            accepted.append((index, replace(order, to=spelt)))
    diags.sort(key=lambda d: (d.line, d.column))
    return [order for _, order in sorted(accepted, key=lambda p: p[0])], diags


# World numbers are close when one digit is dropped, doubled or changed in a long
# number (48 for 148, 1445 for 145); 12 for 21 or 5 for 15 is not a misspelling.
WORLD_CUTOFF = 0.75


def world_hint(number: int, choices: Iterable[int]) -> str:
    """' (did you mean 148?)' for the one world of `choices` whose number is close."""
    return did_you_mean(str(number), (str(n) for n in choices), WORLD_CUTOFF)


def known_players(view: Mapping[str, Any]) -> dict[str, str]:
    """The code names the view shows the player (contacts, the names in world
    reports, the final scores), each under its normal form."""
    names = [name for name, _ in view.get("contacts", [])]
    for row in view.get("reports", []):
        names += [row.get("owner", NEUTRAL), row.get("transferred_from", NEUTRAL)]
        attack = row.get("attack") or {}
        names += [name for name, _ in attack.get("attackers", [])]
        names += [attack.get("defender", NEUTRAL), attack.get("owner_after", NEUTRAL)]
    names += [p["name"] for p in view.get("final", [])]
    names.append(view.get("name", NEUTRAL))
    return {normal_name(str(n)): str(n) for n in names if normal_name(str(n)) != NEUTRAL}


def destroys_econ(order: Order) -> bool:
    """True for a D,E order: Econ ordered destroyed."""
    return isinstance(order, Destroy) and order.item == "E"
