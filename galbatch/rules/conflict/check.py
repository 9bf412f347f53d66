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

from galbatch.engine.checker.situation import Refusal, Situation, run
from galbatch.engine.contract.ruleset import normal_name
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.engine.text.suggest import did_you_mean
from galbatch.rules.conflict.codes import (
    CF201,
    CF202,
    CF205,
    CF206,
    CF208,
    CF209,
    CF210,
    CF211,
    CF212,
    CF213,
    CF301,
    CF401,
)
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
    return run(orders, Worlds(view))


class Worlds(Situation[Order]):
    """The player's worlds while a file is checked: what each has left to use, and a
    check for each order."""

    REDUCED = "quantity {wanted} reduced to {limit}: {why}"

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__()
        self.worlds = {int(row[0]) for row in view.get("map", [])}
        self.stock: dict[int, Stock] = {
            int(r["number"]): Stock(r["econ"], r["af"], r["df"], r["ft"], r["cp"], r["probes"])
            for r in view.get("reports", [])
            if r.get("own")
        }
        self.me = normal_name(str(view.get("name", "")))
        self.known = known_players(view)  # code names the player has read, by normal form
        everyone = getattr(view, "game_players", None)  # only in a view built from the state
        self.players = None if everyone is None else {normal_name(n): str(n) for n in everyone}
        self.recipients: set[str] = set()

    def sequence(self, orders: Sequence[Located]) -> Iterable[tuple[int, Order]]:
        """ECON: "Econ cannot be used to build on the turn it is ordered destroyed": the
        D,E orders are checked first, so the result does not depend on where they stand."""
        ranked = sorted(enumerate(orders), key=lambda p: (not destroys_econ(p[1].order), p[0]))
        return ((index, at.order) for index, at in ranked)

    def rejected(self, at: Located) -> str:
        return f"order {at.text.upper()} rejected"

    def whose(self, order: Order) -> None:
        if isinstance(order, (Attack, Move, Probe, Gate)):
            self.own(order.origin)
            self.exists(order.dest)
        else:
            self.own(order.world)

    def check(self, order: Order) -> Order:
        if isinstance(order, (Attack, Move, Probe, Gate)):
            # (origin and destination differ: the facts reject the rest, CF204)
            s = self.own(order.origin)
            self.exists(order.dest)
            if isinstance(order, Attack):
                return self.attack(order, s)
            if isinstance(order, Move):
                return self.move(order, s)
            if isinstance(order, Probe):
                return self.probe(order, s)
            return self.gate(order, s)
        s = self.own(order.world)
        if isinstance(order, Build):
            return self.build(order, s)
        if isinstance(order, EconIncrease):
            return self.increase(order, s)
        if isinstance(order, Destroy):
            return self.destroy(order, s)
        return self.transfer(order, s)

    # -- the worlds -------------------------------------------------------------------

    def own(self, number: int) -> Stock:
        """The stock of one of the player's worlds (CF201, CF202)."""
        if number not in self.worlds:
            raise Refusal(CF201, f"there is no world {number}{world_hint(number, self.stock)}")
        if number not in self.stock:
            raise Refusal(CF202, f"world {number} is not yours{world_hint(number, self.stock)}")
        return self.stock[number]

    def exists(self, number: int) -> None:
        """A world of the map (CF201)."""
        if number not in self.worlds:
            raise Refusal(CF201, f"there is no world {number}{world_hint(number, self.worlds)}")

    def clamp(self, wanted: int, have: int, what: str, world: int) -> int:
        """The rule's reduction: too many becomes what there is; none left rejects.
        (A quantity of 0 never comes here: the facts reject it, CF203.)"""
        if have <= 0:
            raise Refusal(CF205, f"world {world} has no {what} left to use")
        why = f"world {world} has only {have} {what}"
        return self.reduce(CF301, wanted, have, why)

    def clamp_econ(self, destroying: bool, wanted: int, s: Stock, world: int) -> int:
        """An Econ quantity (B, D,E): reduced to the Econ left, down to 0 if none is left.

        A build or destruction of 0 Econ is still an Econ order for the world, so
        the world reuses none of last turn's builds (house rule)."""
        have = max(0, s.econ)
        if wanted <= have:
            return wanted
        left = ""
        if s.destroyed and not destroying:
            left = " not ordered destroyed"
        elif have != s.start_econ:
            left = " left"
        if have > 0:
            why = f"world {world} has only {have} Econ{left}"
        else:
            done = "nothing is destroyed" if destroying else "nothing is built"
            why = f"world {world} has no Econ{left}; {done}, and no build is reused"
        return self.reduce(CF301, wanted, have, why)

    # -- the orders -------------------------------------------------------------------

    def attack(self, order: Attack, s: Stock) -> Order:
        n = self.clamp(order.count, s.af, "AF", order.origin)
        s.af -= n
        return replace(order, count=n)

    def move(self, order: Move, s: Stock) -> Order:
        field = {"A": "af", "D": "df", "P": "probes"}[order.unit]
        n = self.clamp(order.count, getattr(s, field), UNIT_NAMES[order.unit], order.origin)
        setattr(s, field, getattr(s, field) - n)
        return replace(order, count=n)

    def probe(self, order: Probe, s: Stock) -> Order:
        if s.probes <= 0:
            raise Refusal(CF213, f"world {order.origin} has no probe left to launch")
        s.probes -= 1
        return order

    def gate(self, order: Gate, s: Stock) -> Order:
        if order.dest not in self.stock:
            raise Refusal(
                CF208, f"world {order.dest} is not yours; a gate must lead to a world you own"
            )
        if s.increased:
            raise Refusal(CF206, f"world {order.origin} uses all its Econ to increase it")
        if s.econ <= 0:
            raise Refusal(CF205, f"world {order.origin} has no Econ left for a gate")
        s.econ -= 1
        s.econ_used = True
        return order

    def build(self, order: Build, s: Stock) -> Order:
        if s.increased:
            raise Refusal(CF206, f"world {order.world} uses all its Econ to increase it")
        n = self.clamp_econ(False, order.econ, s, order.world)
        s.econ -= n
        s.econ_used = True
        return replace(order, econ=n)

    def increase(self, order: EconIncrease, s: Stock) -> Order:
        # (a second E for the world: the facts reject it, CF207)
        if s.destroying:
            raise Refusal(
                CF206,
                f"world {order.world} has Econ ordered destroyed this turn; an "
                "increase needs all of it",
            )
        if s.econ_used:
            raise Refusal(
                CF206,
                f"world {order.world} has already used Econ this turn; an increase needs all of it",
            )
        s.increased = True
        s.econ_used = True
        s.econ = 0
        return order

    def destroy(self, order: Destroy, s: Stock) -> Order:
        if order.item == "E":  # checked before every other order (`sequence`)
            n = self.clamp_econ(True, order.count, s, order.world)
            s.econ -= n
            s.destroyed += n
            s.econ_used = s.destroying = True
            return replace(order, count=n)
        field = {"F": "ft", "C": "cp"}[order.item]
        n = self.clamp(order.count, getattr(s, field), UNIT_NAMES[order.item], order.world)
        setattr(s, field, getattr(s, field) - n)
        return replace(order, count=n)

    def transfer(self, order: Transfer, s: Stock) -> Order:
        # TRANSFER: to any player of the game, "not more than one world to any
        # one player per turn"; no contact is needed.
        name = normal_name(order.to)
        if name == self.me:
            raise Refusal(CF210, f"world {order.world} is already yours")
        # A suggestion comes only from the names the player has read: the game's
        # list would let a player fish for code names with rejected transfers.
        known = self.known
        hint = "" if name in known else did_you_mean(name, [n for n in known if n != self.me])
        if self.players is not None and name not in self.players:
            raise Refusal(CF209, f"there is no player called {name} in this game{hint}")
        if s.transferred:
            raise Refusal(CF212, f"world {order.world} is already being transferred")
        if name in self.recipients:
            raise Refusal(CF211, f"{name} already receives a world from you this turn")
        if self.players is None and name not in known:
            self.warn(
                CF401,
                f"you know of no player called {name}{hint}; the transfer stands if "
                "the game has one, and the game master's check will tell",
            )
        self.recipients.add(name)
        s.transferred = True
        spelt = (self.players or known).get(name, name)
        return replace(order, to=spelt)


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
