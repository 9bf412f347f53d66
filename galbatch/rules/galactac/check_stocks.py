"""Galac-Tac's layer 3, the empire's running stocks: what the checks of every action
read and use (`check.py` runs them).

The view read once a file: each of the empire's systems' PI and missiles (`Place`), each
ship's cargo, fleet, hangar and orders (`Craft`), the design table (`Plan`), the Systems
charted and seen; and the lookups every check starts with, which reject an action naming
a ship, a System or a design the empire does not have.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from galbatch.engine.checker.situation import Refusal, Situation
from galbatch.engine.text.suggest import closest, did_you_mean, did_you_mean_one_of
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.codes import GT230, GT231, GT232, GT234, GT251
from galbatch.rules.galactac.facts import LOOKALIKE
from galbatch.rules.galactac.rating import Rating, RatingError, read_rating, ssd

PRODUCTION = ("home", "production")  # the statuses of the Systems that produce PI
# The rating's parts a design is made of (its display-only fields left out).
PARTS: tuple[str, ...] = (
    "drones",
    "p_types",
    "t_launchers",
    "racks",
    "shields",
    "hangars",
    "cargo",
    "star",
    "inertia",
)


def design_of(rating: Rating) -> Rating:
    """The rating without what is only displayed (missiles left, tech level)."""
    return Rating(**{k: getattr(rating, k) for k in PARTS})


@cache
def reading(text: str) -> Rating:
    """A rating as the view prints it; an unreadable one as no parts at all."""
    try:
        return design_of(read_rating(text)[0])
    except RatingError:
        return Rating()


K = TypeVar("K")
V = TypeVar("V")
_MISSING = object()


class Journal:
    """The undo log of the running stocks: each change with what it replaced, so an
    action rejected half-way puts back only what it touched (the checker copied every
    ship and system before every action, most of a 5,000-ship empire's check)."""

    def __init__(self) -> None:
        self.undo: list[tuple[Callable[..., Any], tuple[Any, ...]]] = []

    def mark(self) -> int:
        """Where the log stands: `rollback` to it undoes every change since."""
        return len(self.undo)

    def rollback(self, mark: int) -> None:
        """Undo the changes made since `mark`, the latest first."""
        while len(self.undo) > mark:
            put_back, args = self.undo.pop()
            put_back(*args)


class Journaled:
    """A running stock whose every attribute change is logged in its journal, once it
    has one (`Stocks` gives it; none while it is made)."""

    def __setattr__(self, name: str, value: Any) -> None:
        journal = self.__dict__.get("journal_")
        if journal is not None:
            journal.undo.append((self._put_back, (name, self.__dict__.get(name, _MISSING))))
        object.__setattr__(self, name, value)

    def _put_back(self, name: str, old: Any) -> None:
        if old is _MISSING:
            object.__delattr__(self, name)
        else:
            object.__setattr__(self, name, old)


class LoggedDict(dict[K, V]):
    """A table of the running stocks whose entries set or deleted are logged (item
    assignment, `del`, `setdefault`, `pop`: the changes the checks make to one); a
    journaled value put in it joins the journal."""

    def __init__(self, journal: Journal) -> None:
        super().__init__()
        self.journal = journal

    def _log(self, key: K) -> None:
        self.journal.undo.append((self._put_back, (key, self.get(key, _MISSING))))

    def _put_back(self, key: K, old: Any) -> None:
        if old is _MISSING:
            super().pop(key, None)
        else:
            super().__setitem__(key, old)

    def __setitem__(self, key: K, value: V) -> None:
        self._log(key)
        if isinstance(value, Journaled):
            value.__dict__["journal_"] = self.journal
        super().__setitem__(key, value)

    def __delitem__(self, key: K) -> None:
        self._log(key)
        super().__delitem__(key)

    def setdefault(self, key: K, default: V) -> V:
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key: K, *default: Any) -> Any:
        if key in self:
            self._log(key)
        return super().pop(key, *default)


class LoggedSet(set[K]):
    """A set of the running stocks whose members added are logged (by `add` and
    `update`, the only changes the checks make to one)."""

    def __init__(self, journal: Journal) -> None:
        super().__init__()
        self.journal = journal

    def add(self, item: K) -> None:
        if item not in self:
            self.journal.undo.append((self.discard, (item,)))
            super().add(item)

    def update(self, *items: Iterable[K]) -> None:
        for each in items:
            for item in each:
                self.add(item)


@dataclass
class Place(Journaled):
    """One of the empire's systems, or its missile stockpile at another's, while checking."""

    location: str
    status: str  # home, production, colony; "" for another's system
    pi: int = 0
    missiles: int = 0
    output: int = 0
    taken: int = 0  # PV loaded by ships this fortnight

    @property
    def production(self) -> bool:
        return self.status in PRODUCTION


@dataclass
class Craft(Journaled):
    """One of the empire's ships while checking."""

    id: int
    code: str
    location: str
    in_service: bool
    current: Rating
    design_ssd: int
    tech: int
    pi: int
    pv: int
    cargo_missiles: int
    missiles: int
    flagship: int
    carrier: int
    orders: str
    goal: str | None

    @property
    def free(self) -> int:
        return max(0, self.current.cargo - self.pi - self.pv - self.cargo_missiles)

    @property
    def damaged(self) -> bool:
        return ssd(self.current) < self.design_ssd

    def aboard(self, item: str) -> int:
        return {"PI": self.pi, "PV": self.pv, "MISSILES": self.cargo_missiles}[item]

    def add(self, item: str, amount: int) -> None:
        if item == "PI":
            self.pi += amount
        elif item == "PV":
            self.pv += amount
        else:
            self.cargo_missiles += amount


@dataclass
class Plan:
    """A design in the table while checking."""

    code: str
    name: str
    rating: Rating
    cost: int


class Stocks(Situation[Any]):
    """The running stocks of one action file, and the lookups of what actions name."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__()
        self.journal = Journal()
        empire = view.get("empire", {})
        self.tech = int(empire.get("tech", 1))
        self.home: str | None = empire.get("home")
        self.places: dict[str, Place] = LoggedDict(self.journal)
        for s in view.get("systems", []):
            self.places[str(s["location"])] = Place(
                str(s["location"]),
                str(s.get("status", "")),
                int(s.get("pi", 0)),
                int(s.get("missiles", 0)),
                int(s.get("output", 0)),
            )
        for where, missiles in dict(view.get("stockpiles", {})).items():
            self.places[str(where)] = Place(str(where), "", missiles=int(missiles))
        self.stars = {str(s) for s in view.get("stars", [])}
        self.charted: dict[str, int] = {
            str(k): int(v) for k, v in dict(view.get("charted", {})).items()
        }
        self.others: dict[str, str] = {
            str(s["location"]): str(s["owner"]) for s in view.get("seen", []) if s.get("owner")
        }
        self.designs: dict[str, Plan] = LoggedDict(self.journal)
        for d in view.get("designs", []):
            rating = reading(str(d["rating"]))
            self.designs[str(d["code"])] = Plan(
                str(d["code"]), str(d.get("name", "")), rating, int(d["cost"])
            )
        self.crafts: dict[int, Craft] = {}
        for s in view.get("ships", []):
            code = str(s["code"])
            self.crafts[int(s["id"])] = Craft(
                int(s["id"]),
                code,
                str(s["location"]),
                bool(s.get("in_service", True)),
                reading(str(s["rating"])),
                int(s.get("design_ssd", s.get("ssd", 0))),
                int(s.get("tech", self.tech)),
                int(s.get("pi", 0)),
                int(s.get("pv", 0)),
                int(s.get("missiles_in_cargo", 0)),
                int(s.get("missiles", 0)),
                int(s.get("flagship", 0)),
                int(s.get("carrier", 0)),
                str(s.get("orders", "NONE")),
                s.get("goal"),
            )
        for craft in self.crafts.values():
            craft.__dict__["journal_"] = self.journal
        self.gone: set[int] = LoggedSet(self.journal)  # scrapped by an earlier SCRAP
        # taken out of their System by an accepted [M] action, their own or their fleet's:
        # an [A] action that needs them where they are (REFIT) cannot have them
        self.leaving: set[int] = LoggedSet(self.journal)
        # COMBAT (its index) to a ship not under ATTACK orders: accepted if an ATTACK
        # before it is (the [M] actions are checked after the [B] ones)
        self.awaiting: dict[int, tuple[int, str]] = {}
        # "did you mean" for an unknown ship, by the number and the ships gone: a file may
        # name the same unknown ship thousands of times, and a check may run again
        # (check.check_orders shares this between its runs)
        self.suggested: dict[tuple[int, frozenset[int]], str] = {}

    def ship(self, number: int) -> Craft:
        """The empire's ship of that ID, built or in drydock."""
        craft = self.crafts.get(number)
        if craft is None or number in self.gone:
            if number in self.gone:
                raise Refusal(GT230, f"ship {number} is gone by an earlier SCRAP or DOWNGRADE")
            key = (number, frozenset(self.gone))
            if key not in self.suggested:
                known = [str(n) for n in self.crafts if n not in self.gone]
                self.suggested[key] = did_you_mean_one_of(str(number), known)
            raise Refusal(GT230, f"you have no ship {number}{self.suggested[key]}")
        return craft

    def active(self, number: int) -> Craft:
        """The empire's ship of that ID, in service."""
        craft = self.ship(number)
        if not craft.in_service:
            raise Refusal(GT231, f"ship {number} is under construction: it takes only SCRAP")
        return craft

    def free_ship(self, number: int) -> Craft:
        """A ship in service that may take an order of its own (not in a hangar)."""
        craft = self.active(number)
        if craft.carrier:
            raise Refusal(
                GT251, f"ship {number} is in the hangar of ship {craft.carrier}: DETACH it first"
            )
        return craft

    def place(self, where: a.Location) -> Place | None:
        return self.places.get(where.text())

    def production(self, where: a.Location) -> Place:
        """One of the empire's production systems."""
        place = self.place(where)
        if place is None or not place.production:
            mine = [p.location for p in self.places.values() if p.production]
            raise Refusal(
                GT232,
                f"{where.text()} is not one of your Production Systems"
                f"{did_you_mean(where.text(), mine)}",
            )
        return place

    def design(self, code: str) -> Plan:
        plan = self.designs.get(code)
        if plan is None:
            shape = code.translate(LOOKALIKE)
            alike = [c for c in self.designs if c.translate(LOOKALIKE) == shape]
            guess = alike[0] if len(alike) == 1 else closest(code, self.designs)
            hint = f" (did you mean {guess}?)" if guess else ""
            raise Refusal(GT234, f"you have no design {code}{hint}")
        return plan

    def fleet(self, craft: Craft) -> list[Craft]:
        """`craft` and every ship joined to it at any level, flagship first, then by ID."""
        joined: dict[int, list[Craft]] = {}  # one pass over the ships, not one a level
        for other in self.crafts.values():
            if other.flagship:
                joined.setdefault(other.flagship, []).append(other)
        found = [craft]
        seen = {craft.id}
        index = 0
        while index < len(found):
            for other in joined.get(found[index].id, ()):
                if other.id not in seen:
                    seen.add(other.id)
                    found.append(other)
            index += 1
        return [craft, *sorted(found[1:], key=lambda c: c.id)]

    def hangared(self, craft: Craft) -> list[Craft]:
        return [c for c in self.crafts.values() if c.carrier == craft.id and c.id not in self.gone]

    def riders(self, craft: Craft) -> list[Craft]:
        """The fleet, then each member's hangar in turn (one pass over the ships)."""
        fleet = self.fleet(craft)
        aboard: dict[int, list[Craft]] = {}
        for other in self.crafts.values():
            if other.carrier and other.id not in self.gone:
                aboard.setdefault(other.carrier, []).append(other)
        return fleet + [h for c in fleet for h in sorted(aboard.get(c.id, ()), key=lambda c: c.id)]


def stow(fleet: Sequence[Craft], item: str, amount: int) -> int:
    """Put `amount` into the fleet's free bays, in order (economy.stow); what fitted."""
    left = amount
    for craft in fleet:
        put = min(left, craft.free)
        craft.add(item, put)
        left -= put
    return amount - left


def take(fleet: Sequence[Craft], item: str, amount: int) -> int:
    """Take up to `amount` out of the fleet's cargo, in order (economy.take); what was taken."""
    left = amount
    for craft in fleet:
        got = min(left, craft.aboard(item))
        craft.add(item, -got)
        left -= got
    return amount - left
