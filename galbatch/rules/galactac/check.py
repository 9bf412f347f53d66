"""Checks Galac-Tac actions against what the empire knows: the checker's layer 3, the
empire's situation.

The turn carries out the [B] actions in the order written, then the [M] actions, then
the [A] actions in the order written (CAPITAL last of them), so they are checked in
that order against the view with running stocks: each of the
empire's systems' PI and missiles, each ship's cargo, fleet, hangar and orders, the
design table. What the book says is done "as much as it could" or "as many as
possible" (LOAD, UNLOAD, TRANSFER, MISSILES) is reduced to what there is, with a
warning and the amount; what it says fails is rejected, with the reason.

What needs no game (locations on the map, ship IDs, the room on a line, items, target
codes, ratings, names, the 50 actions) is layer 2's, in `facts.py`: this module gets
the actions as it left them, and of an action it refused says only whose ships and
systems it names.

House rules where the book is silent (for the man page, with `CODES`):

- RESEARCH of more PI than the system has is reduced to the PI there, as MISSILES is
  ("as many as possible"): the empire's R&D gets what the system can give.
- BUILD starts the ships the PI left pays for, in the order named; the first ship it
  cannot pay for and the ones after it are dropped with a warning (the remaining builds
  abort), and a BUILD that cannot pay for its first ship is rejected.
- An action naming two systems, two cargo items or several ships is rejected whole
  when one of them cannot be carried out (a cargo item or a system with nothing to
  give is dropped instead, with a warning, while another one gives something).
- A movement action is rejected when the ship, or a ship joined to it, has no star
  drive and the action would take it out of the System it is in: platforms never
  move, and inertia-only ships stay where they were built unless towed or hangared.
- PV a ship may load at a System is at most the output the empire takes from it;
  another empire's work there (a COLONIZE of the same System) may leave less, which
  the turn reports.
- PI a SCRAP returns is not counted for the BUILDs, REFITs and CAPITAL after it.
- An [M] or [A] action that a later one replaces for the same ship (the facts' GT405)
  is left out of the actions accepted, for that ship: only the last is carried out.
- COMBAT is accepted for a ship under ATTACK orders, or given an ATTACK action (that
  is accepted) before it in the file; STANDING for a ship under DEFEND orders, or
  given DEFEND before it.
- A fleet's REFIT or REPAIR leaves out the ships it cannot do (a warning says which
  and why); it is rejected when it can do none. A RELOAD that cannot fill every rack
  says so, and is rejected when it finds no missile at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from galbatch.engine.checker.situation import Refusal, Situation, run
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.engine.language.message_order import Message
from galbatch.engine.text.suggest import closest, did_you_mean
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.diplomacy import CODES as MESSAGE_CODES
from galbatch.rules.galactac.diplomacy import check_messages
from galbatch.rules.galactac.facts import LOOKALIKE, rejected, ships
from galbatch.rules.galactac.house import (
    BUILD_MAX,
    CAPITAL_COST,
    COLONIZE_BY_TURN,
    DESTROY_PI_ABOARD,
    DEVELOP_BY_TURN,
    MAX_DESIGNS,
    MISSILE_COST,
)
from galbatch.rules.galactac.names import item_word
from galbatch.rules.galactac.rating import (
    Rating,
    RatingError,
    cost,
    hangar_problems,
    problems,
    read_rating,
    ssd,
)

# Diagnostic codes of the empire's situation: GT2xx rejections, GT3xx reductions, GT4xx
# warnings on actions carried out as written. Codes below GT230, GT301 and GT401-GT407
# are the facts' (layer 2).
CODES: dict[str, str] = {
    "GT230": "you have no ship of that ID",
    "GT231": "the ship is under construction: it takes only SCRAP",
    "GT232": "the System is not one of your Production Systems",
    "GT233": "the Home System cannot be downgraded, nor be made the capital again",
    "GT234": "you have no design of that code",
    "GT235": "the System's PI left does not pay for one ship of the design",
    "GT236": "the design is illegal at your tech level",
    "GT237": "the design table cannot take the design",
    "GT238": "ships of the design are still in your fleet",
    "GT239": "COMBAT needs ATTACK orders, STANDING needs DEFEND orders",
    "GT240": "there is nothing to load, unload or transfer",
    "GT241": "PV and PI are unloaded only at your Production Systems",
    "GT242": "the ships are not in the same place",
    "GT243": "the ship cannot go into the mother ship's hangar",
    "GT244": "the ship cannot tow the other",
    "GT245": "the ship or its fleet cannot move out of its System",
    "GT246": "nothing in the fleet can be refitted",
    "GT247": "nothing in the fleet can be repaired",
    "GT248": "nothing in the fleet can be reloaded",
    "GT249": "the System has no PI",
    "GT250": "you do not own that System",
    "GT251": "the ship is in a hangar: DETACH it first",
    "GT252": "the System cannot be colonized, developed or destroyed so",
    "GT253": "the PI the action needs is not there",
    "GT254": "a shuttle run needs one of your Production Systems and another System",
    "GT255": "the ship cannot join that fleet",
    **MESSAGE_CODES,  # GT256, GT257: a message's recipient
    "GT302": "missiles reduced to what the System's PI pays for",
    "GT303": "research reduced to the System's PI",
    "GT304": "load reduced to the free cargo bays",
    "GT305": "load reduced to what the System has",
    "GT306": "unload or transfer reduced to what the ship carries",
    "GT307": "transfer reduced to the receiving ship's free cargo bays",
    "GT308": "ships to build reduced to what the System's PI pays for",
    "GT410": "a design with the rating of one in the table renames it",
    "GT411": "a ship of the fleet is left out of its REFIT or REPAIR",
    "GT412": "a ship's missile racks are not filled: there are not enough missiles",
}

PRODUCTION = ("home", "production")
IMPROVEMENT_PI = {
    "COLONIZE": sum(COLONIZE_BY_TURN),
    "DEVELOP": sum(DEVELOP_BY_TURN),
    "DESTROY": DESTROY_PI_ABOARD,
}
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


@dataclass
class Place:
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
class Craft:
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


def check_orders(
    orders: Sequence[Located], view: Mapping[str, Any], player: str
) -> tuple[list[Any], list[Diagnostic]]:
    """Accepted actions (quantities reduced where needed), in the order written, then the
    diplomatic messages accepted (`diplomacy.py`), and the diagnostics."""
    del player  # the view is already the empire's own
    letters = [at for at in orders if isinstance(at.order, Message)]
    if letters:
        orders = [at for at in orders if not isinstance(at.order, Message)]
    accepted, diags = run(orders, Checker(view))
    if letters:
        sent, refused = check_messages(letters, view)
        accepted += sent
        diags += refused
        diags.sort(key=lambda d: (d.line, d.column))
    return accepted, diags


# The turn's order: [B] as written, [M], [A] as written but CAPITAL after the others.
PHASES: tuple[Callable[[Any], bool], ...] = (
    lambda action: action.PHASE == "B",
    lambda action: action.PHASE == "M",
    lambda action: action.PHASE == "A" and not isinstance(action, a.Capital),
    lambda action: isinstance(action, a.Capital),
)


def last_actions(orders: Sequence[Located]) -> dict[int, int]:
    """Each ship's last [M] or [A] action (its index): "only one Movement [M] or After [A]
    action per ship/fleet per turn", the last one given (the facts' GT405)."""
    last: dict[int, int] = {}
    for index, at in enumerate(orders):
        if not at.refused and at.order.PHASE in ("M", "A"):
            for ship in ships(at.order):
                last[ship] = index
    return last


def current(action: Any, index: int, last: Mapping[int, int]) -> Any:
    """The action without the ships a later [M] or [A] action replaces it for (GT405 says
    so); None when it is left with none. Other actions are kept as they are."""
    if action.PHASE == "B" or not ships(action):
        return action
    if isinstance(action, a.To | a.Chart | a.Secure | a.Destroy):
        moves = tuple(m for m in action.moves if last.get(m.ship) == index)
        return replace(action, moves=moves) if moves else None
    if isinstance(action, a.Refit | a.Scrap):
        kept = tuple(s for s in action.ships if last.get(s) == index)
        return replace(action, ships=kept) if kept else None
    return action if all(last.get(s) == index for s in ships(action)) else None


class Checker(Situation[Any]):
    """The running stocks of one action file and a check for each action."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__()
        empire = view.get("empire", {})
        self.tech = int(empire.get("tech", 1))
        self.home: str | None = empire.get("home")
        self.places: dict[str, Place] = {}
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
        self.designs: dict[str, Plan] = {}
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
        self.gone: set[int] = set()  # scrapped by an earlier SCRAP
        # taken out of their System by an accepted [M] action, their own or their fleet's:
        # an [A] action that needs them where they are (REFIT) cannot have them
        self.leaving: set[int] = set()
        # COMBAT (its index) to a ship not under ATTACK orders: accepted if an ATTACK
        # before it is (the [M] actions are checked after the [B] ones)
        self.awaiting: dict[int, tuple[int, str]] = {}
        self.orders: Sequence[Located] = ()  # the file's actions, as `sequence` got them

    # ---- the driver's hooks ---------------------------------------------------------------

    def sequence(self, orders: Sequence[Located]) -> Iterator[tuple[int, Any]]:
        """The turn's order (`PHASES`), each [M] or [A] action without the ships a later
        one replaces it for (`current`); a refused action as written."""
        self.orders = orders
        last = last_actions(orders)
        for belongs in PHASES:
            for index, at in enumerate(orders):
                if not belongs(at.order):
                    continue
                action = at.order if at.refused else current(at.order, index, last)
                if action is not None:
                    yield index, action

    def rejected(self, at: Located) -> str:
        return rejected(at)

    def save(self) -> Any:
        """The running stocks, to put back when an action is rejected half-way."""
        places = {k: replace(p) for k, p in self.places.items()}
        crafts = {k: replace(c) for k, c in self.crafts.items()}  # ratings are frozen
        return places, crafts, dict(self.designs), set(self.gone), set(self.leaving)

    def restore(self, saved: Any) -> None:
        self.places, self.crafts, self.designs, self.gone, self.leaving = saved

    def finish(self, accepted: Mapping[int, Any]) -> dict[int, Refusal]:
        """A COMBAT to a ship not under ATTACK orders stands only if an ATTACK for the
        ship before it is accepted (the [M] actions are checked after the [B] ones)."""
        late: dict[int, Refusal] = {}
        for index, (ship, orders_now) in self.awaiting.items():
            if not any(
                isinstance(accepted.get(i), a.Attack) and self.orders[i].order.ship == ship
                for i in range(index)
            ):
                late[index] = Refusal(
                    "GT239",
                    f"ship {ship} is not under ATTACK orders (its orders: {orders_now}): give "
                    "it an ATTACK action before the COMBAT",
                )
        return late

    # ---- helpers -------------------------------------------------------------------------

    def ship(self, number: int) -> Craft:
        """The empire's ship of that ID, built or in drydock."""
        craft = self.crafts.get(number)
        if craft is None or number in self.gone:
            known = [str(n) for n in self.crafts if n not in self.gone]
            if number in self.gone:
                raise Refusal("GT230", f"ship {number} is gone by an earlier SCRAP or DOWNGRADE")
            raise Refusal("GT230", f"you have no ship {number}{did_you_mean(str(number), known)}")
        return craft

    def active(self, number: int) -> Craft:
        """The empire's ship of that ID, in service."""
        craft = self.ship(number)
        if not craft.in_service:
            raise Refusal("GT231", f"ship {number} is under construction: it takes only SCRAP")
        return craft

    def free_ship(self, number: int) -> Craft:
        """A ship in service that may take an order of its own (not in a hangar)."""
        craft = self.active(number)
        if craft.carrier:
            raise Refusal(
                "GT251", f"ship {number} is in the hangar of ship {craft.carrier}: DETACH it first"
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
                "GT232",
                f"{where.text()} is not one of your Production Systems"
                f"{did_you_mean(where.text(), mine)}",
            )
        return place

    def fleet(self, craft: Craft) -> list[Craft]:
        """`craft` and every ship joined to it at any level, flagship first, then by ID."""
        found = [craft]
        seen = {craft.id}
        index = 0
        while index < len(found):
            for other in sorted(self.crafts.values(), key=lambda c: c.id):
                if other.flagship == found[index].id and other.id not in seen:
                    seen.add(other.id)
                    found.append(other)
            index += 1
        return [craft, *sorted(found[1:], key=lambda c: c.id)]

    def hangared(self, craft: Craft) -> list[Craft]:
        return [c for c in self.crafts.values() if c.carrier == craft.id and c.id not in self.gone]

    def riders(self, craft: Craft) -> list[Craft]:
        fleet = self.fleet(craft)
        return fleet + [h for c in fleet for h in sorted(self.hangared(c), key=lambda c: c.id)]

    def whose(self, action: Any) -> None:
        """What the empire's situation says of an action a fact refused: whose ships and
        systems it names."""
        for number in ships(action):
            self.ship(number)
        if isinstance(action, a.Build | a.Missiles | a.Research | a.Downgrade | a.Capital):
            for where in _system_locations(action):
                self.production(where)

    # ---- the actions ---------------------------------------------------------------------

    def check(self, action: Any) -> Any:
        handler: Callable[[Any], Any] = getattr(self, "_" + action.WORD.lower())
        return handler(action)

    # [B]

    def _classify(self, action: a.Classify) -> a.Classify:
        if action.code in self.designs:
            raise Refusal(
                "GT237",
                f"design code {action.code} is in your table already: "
                f"DECLASSIFY {action.code} first",
            )
        try:
            rating = design_of(read_rating(action.rating)[0])
        except RatingError as e:  # the facts say so; never reached through them
            raise Refusal("GT236", f"the design rating cannot be used: {e.message}") from e
        wrong = problems(rating, self.tech)
        if wrong:
            raise Refusal("GT236", f"{wrong[0]} (your tech level is {self.tech})")
        same = next((p for p in self.designs.values() if p.rating == rating), None)
        if same is not None:
            self.note(
                "GT410",
                f"design {same.code} has this rating: CLASSIFY renames it {action.code} "
                f"{action.name}, and its ships with it",
            )
            del self.designs[same.code]
            for craft in self.crafts.values():
                if craft.code == same.code:
                    craft.code = action.code
        elif len(self.designs) >= MAX_DESIGNS:
            raise Refusal(
                "GT237", f"your table holds {MAX_DESIGNS} designs, the most it may: DECLASSIFY one"
            )
        self.designs[action.code] = Plan(
            action.code, action.name, rating, cost(rating, self.tech).total
        )
        return action

    def _declassify(self, action: a.Declassify) -> a.Declassify:
        for code in action.codes:
            self.design(code)
            used = sorted(
                c.id for c in self.crafts.values() if c.code == code and c.id not in self.gone
            )
            if used:
                shown = ", ".join(str(n) for n in used[:5]) + (", ..." if len(used) > 5 else "")
                raise Refusal("GT238", f"ships of design {code} are still in your fleet: {shown}")
        for code in action.codes:
            del self.designs[code]
        return action

    def design(self, code: str) -> Plan:
        plan = self.designs.get(code)
        if plan is None:
            shape = code.translate(LOOKALIKE)
            alike = [c for c in self.designs if c.translate(LOOKALIKE) == shape]
            guess = alike[0] if len(alike) == 1 else closest(code, self.designs)
            hint = f" (did you mean {guess}?)" if guess else ""
            raise Refusal("GT234", f"you have no design {code}{hint}")
        return plan

    def _name(self, action: a.Name) -> a.Name:
        for naming in action.namings:
            what = naming.what
            if isinstance(what, int):
                self.active(what)
            elif isinstance(what, a.Location):
                place = self.place(what)
                colonizing = any(
                    c.orders == "COLONIZE" and c.goal == what.text() == c.location
                    for c in self.crafts.values()
                )
                if (place is None or not place.status) and not colonizing:
                    raise Refusal("GT250", f"you do not own the System at {what.text()}")
        return action

    def _missiles(self, action: a.Missiles) -> a.Missiles:
        builds = []
        for stock in action.builds:
            place = self.production(stock.location)
            built = min(stock.quantity, place.pi // MISSILE_COST)
            if built < stock.quantity:
                self.warn(
                    "GT302",
                    f"{stock.location.text()} has {place.pi} PI: {built} missiles built, "
                    f"not {stock.quantity}",
                )
            place.pi -= built * MISSILE_COST
            place.missiles += built
            if built:
                builds.append(replace(stock, quantity=built))
        if not builds:
            raise Refusal("GT249", _no_pi(action.builds, "no missile can be built"))
        return replace(action, builds=tuple(builds))

    def _research(self, action: a.Research) -> a.Research:
        spending = []
        for stock in action.spending:
            place = self.production(stock.location)
            spent = min(stock.quantity, place.pi)
            if spent < stock.quantity:
                self.warn(
                    "GT303",
                    f"{stock.location.text()} has {place.pi} PI: {spent} PI spent on research, "
                    f"not {stock.quantity}",
                )
            place.pi -= spent
            if spent:
                spending.append(replace(stock, quantity=spent))
        if not spending:
            raise Refusal("GT249", _no_pi(action.spending, "nothing to spend on research"))
        return replace(action, spending=tuple(spending))

    def _load(self, action: a.Load) -> a.Load:
        craft = self.active(action.ship)
        fleet = self.fleet(craft)
        kept = []
        for cargo in action.cargo:
            item = item_word(cargo.item)
            room = sum(c.free for c in fleet)
            there = self.available(craft.location, item)
            loaded = min(cargo.quantity, room, there)
            if loaded < cargo.quantity and loaded:
                if room <= there:
                    self.warn(
                        "GT304",
                        f"ship {craft.id}'s fleet has {room} free cargo bays: {loaded} {item} "
                        f"loaded, not {cargo.quantity}",
                    )
                else:
                    self.warn(
                        "GT305",
                        f"{craft.location} has {there} {item} to load: {loaded} loaded, "
                        f"not {cargo.quantity}",
                    )
            elif not loaded and len(action.cargo) > 1:
                why = self.why_not_load(craft, item, room, there)
                self.warn("GT305" if room else "GT304", f"{why}: none loaded")
            if not loaded:
                continue
            _stow(fleet, item, loaded)
            here = self.places.setdefault(craft.location, Place(craft.location, ""))
            if item == "PV":
                here.taken += loaded
            elif item == "PI":
                here.pi -= loaded
            else:
                here.missiles -= loaded
            kept.append(replace(cargo, quantity=loaded))
        if not kept:
            item = item_word(action.cargo[0].item)
            room = sum(c.free for c in fleet)
            there = self.available(craft.location, item)
            raise Refusal("GT240", self.why_not_load(craft, item, room, there))
        return replace(action, cargo=tuple(kept))

    def why_not_load(self, craft: Craft, item: str, room: int, there: int) -> str:
        if not room:
            if not sum(c.current.cargo for c in self.fleet(craft)):
                return f"ship {craft.id} has no cargo bays"
            return f"ship {craft.id}'s cargo bays are full"
        if item == "PI":
            return f"{craft.location} has no PI to load (PI is loaded at your Production Systems)"
        if item == "MISSILES":
            return f"{craft.location} has none of your missiles to load"
        return f"{craft.location} has no PV for you to load this fortnight"

    def available(self, where: str, item: str) -> int:
        """What a ship may still load of `item` where it is."""
        place = self.places.get(where)
        if item == "MISSILES":
            return place.missiles if place is not None else 0
        if item == "PI":
            return place.pi if place is not None and place.production else 0
        if place is not None and place.status:
            if place.production or self.improving(where):
                return 0
            return max(0, place.output - place.taken)
        if where in self.others or self.improving(where):
            return 0
        if place is None:
            place = self.places[where] = Place(where, "")
        return max(0, self.charted.get(where, 0) - place.taken)

    def improving(self, where: str) -> bool:
        return any(
            c.orders in ("COLONIZE", "DEVELOP") and c.goal == where == c.location
            for c in self.crafts.values()
        )

    def _unload(self, action: a.Unload) -> a.Unload:
        craft = self.active(action.ship)
        fleet = self.fleet(craft)
        place = self.places.get(craft.location)
        kept = []
        for cargo in action.cargo:
            item = item_word(cargo.item)
            if item in ("PI", "PV") and (place is None or not place.production):
                raise Refusal(
                    "GT241",
                    f"{item} is unloaded only at your Production Systems: "
                    f"ship {craft.id} is at {craft.location}",
                )
            if craft.location not in self.stars:
                raise Refusal("GT240", f"there is no star System at {craft.location}")
            carried = sum(c.aboard(item) for c in fleet)
            done = min(cargo.quantity, carried)
            if done < cargo.quantity:
                self.warn(
                    "GT306",
                    f"ship {craft.id}'s fleet carries {carried} {item}: {done} unloaded, "
                    f"not {cargo.quantity}",
                )
            if not done:
                continue
            _take(fleet, item, done)
            if place is None:
                place = self.places[craft.location] = Place(craft.location, "")
            if item == "PI":
                place.pi += done
            elif item == "MISSILES":
                place.missiles += done
            kept.append(replace(cargo, quantity=done))
        if not kept:
            raise Refusal("GT240", f"ship {craft.id}'s fleet carries none of it")
        return replace(action, cargo=tuple(kept))

    def _transfer(self, action: a.Transfer) -> a.Transfer:
        giver, receiver = self.active(action.source), self.active(action.target)
        if giver.location != receiver.location:
            raise Refusal(
                "GT242",
                f"ship {giver.id} is at {giver.location} and ship {receiver.id} at "
                f"{receiver.location}: both must be in the same System",
            )
        item = item_word(action.cargo.item)
        have, room, want = giver.aboard(item), receiver.free, action.cargo.quantity
        amount = min(want, have, room)
        if not amount:
            if not have:
                raise Refusal("GT240", f"ship {giver.id} carries no {item}")
            raise Refusal("GT240", f"ship {receiver.id} has no free cargo bays")
        if amount < want:
            if amount == have:
                self.warn(
                    "GT306",
                    f"ship {giver.id} carries {have} {item}: {amount} transferred, not {want}",
                )
            else:
                self.warn(
                    "GT307",
                    f"ship {receiver.id} has {room} free cargo bays: {amount} {item} "
                    f"transferred, not {want}",
                )
        giver.add(item, -amount)
        receiver.add(item, amount)
        return replace(action, cargo=replace(action.cargo, quantity=amount))

    def _join(self, action: a.Join) -> a.Join:
        flagship = self.active(action.flagship)
        for number in action.ships:
            craft = self.active(number)
            if craft.location != flagship.location:
                raise Refusal(
                    "GT242",
                    f"ship {number} is at {craft.location}, its flagship {flagship.id} at "
                    f"{flagship.location}",
                )
            if flagship.carrier or craft.carrier:
                hangared = flagship if flagship.carrier else craft
                raise Refusal("GT255", f"ship {hangared.id} is in a hangar: it joins no fleet")
            if flagship in self.fleet(craft):
                raise Refusal("GT255", f"ship {flagship.id} is in ship {number}'s fleet already")
            craft.flagship, craft.orders, craft.goal = flagship.id, "NONE", None
        return action

    def _detach(self, action: a.Detach) -> a.Detach:
        for number in action.ships:
            craft = self.active(number)
            for follower in self.fleet(craft)[1:]:
                if follower.flagship == craft.id:
                    follower.flagship = craft.flagship
                    if not craft.flagship:
                        follower.orders, follower.goal = craft.orders, craft.goal
            craft.flagship, craft.carrier, craft.orders, craft.goal = 0, 0, "NONE", None
        return action

    def _assign(self, action: a.Assign) -> a.Assign:
        mother = self.active(action.mothership)
        for number in action.ships:
            craft = self.active(number)
            problem = self.hangar_problem(mother, craft)
            if problem:
                raise Refusal("GT243", f"ship {number} cannot go into ship {mother.id}: {problem}")
            craft.carrier, craft.flagship, craft.orders, craft.goal = mother.id, 0, "NONE", None
        return action

    def hangar_problem(self, mother: Craft, craft: Craft) -> str:
        """Why `craft` cannot go into a hangar bay of `mother` (fleets.hangar_problem)."""
        if mother.location != craft.location:
            return f"it is at {craft.location}, the mother ship at {mother.location}"
        bays = mother.current.hangars
        if len(self.hangared(mother)) >= bays:
            return "no hangar bay is free" if bays else "the mother ship has no hangar bays"
        if mother.carrier:
            return "the mother ship is itself in a hangar"
        plan = self.designs.get(craft.code)
        found = hangar_problems(plan.rating if plan is not None else craft.current, self.tech)
        if found:
            return found[0]
        if not craft.current.inertia:
            return "a hangared ship must have at least one working inertia drive"
        if self.hangared(craft) or any(c.flagship == craft.id for c in self.crafts.values()):
            return "the ship has ships of its own"
        return ""

    def _defend(self, action: a.Defend) -> a.Defend:
        self.stance(action.ships, "DEFEND")
        return action

    def _patrol(self, action: a.Patrol) -> a.Patrol:
        self.stance(action.ships, "PATROL")
        return action

    def stance(self, numbers: Sequence[int], kind: str) -> None:
        """DEFEND or PATROL: each ship leaves its fleet and holds its place."""
        for number in numbers:
            craft = self.free_ship(number)
            craft.flagship, craft.orders, craft.goal = 0, kind, None

    def _combat(self, action: a.Combat) -> a.Combat:
        craft = self.active(action.flagship)
        if craft.orders != "ATTACK":
            self.awaiting[self.index] = (craft.id, craft.orders)
        return action

    def _standing(self, action: a.Standing) -> a.Standing:
        craft = self.active(action.flagship)
        if craft.orders != "DEFEND":
            raise Refusal(
                "GT239",
                f"ship {craft.id} is not under DEFEND orders (its orders: {craft.orders}): "
                "give the DEFEND action first",
            )
        return action

    def _repair(self, action: a.Repair) -> a.Repair:
        reasons = []
        for number in action.ships:
            craft = self.active(number)
            fleet = self.fleet(craft)
            repaired = False
            for each in self.riders(craft):
                if not each.damaged:
                    continue
                price = each.design_ssd - ssd(each.current)
                place = self.places.get(each.location)
                stock = place.pi if place is not None and place.production else 0
                if stock + sum(c.pi for c in fleet) < price:
                    reasons.append(f"ship {each.id} needs {price} PI to repair")
                    continue
                from_stock = min(price, stock)
                if place is not None and from_stock:
                    place.pi -= from_stock
                _take(fleet, "PI", price - from_stock)
                plan = self.designs.get(each.code)
                each.current = plan.rating if plan is not None else each.current
                each.design_ssd = ssd(each.current)
                repaired = True
            if not repaired:
                raise Refusal(
                    "GT247",
                    reasons[-1] if reasons else f"no ship in ship {number}'s fleet is damaged",
                )
            self.left_out("REPAIR", number, reasons)
            reasons = []
        return action

    def left_out(self, word: str, number: int, reasons: Sequence[str]) -> None:
        """Warn of the ships of a fleet its REFIT or REPAIR leaves as they are."""
        for reason in reasons:
            self.warn("GT411", f"{reason}: the {word} of ship {number}'s fleet leaves it out")

    def _reload(self, action: a.Reload) -> a.Reload:
        for number in action.ships:
            craft = self.active(number)
            fleet = self.fleet(craft)
            needed = False
            loaded = False
            short: list[str] = []
            for each in self.riders(craft):
                need = max(0, each.current.racks - each.missiles)
                if not need:
                    continue
                needed = True
                place = self.places.get(each.location)
                got = min(need, place.missiles) if place is not None else 0
                if place is not None:
                    place.missiles -= got
                got += _take([each, *[c for c in fleet if c is not each]], "MISSILES", need - got)
                each.missiles += got
                loaded = loaded or got > 0
                if got < need:
                    short.append(f"ship {each.id} gets {got} of the {need} missiles its racks need")
            if not needed:
                raise Refusal("GT248", f"the missile racks of ship {number}'s fleet are full")
            if not loaded:
                raise Refusal(
                    "GT248",
                    f"no missiles for ship {number}'s fleet: none of yours at "
                    f"{craft.location} nor in its cargo",
                )
            for text in short:
                self.warn("GT412", f"{text}: there are no more here nor in the fleet's cargo")
        return action

    # [M]

    def moving(self, number: int, goals: Iterable[a.Location]) -> Craft:
        """The ship an [M] action is given to, and that its fleet can go where it is sent."""
        craft = self.free_ship(number)
        away = [g.text() for g in goals if g.text() != craft.location]
        if away:
            for each in self.fleet(craft):
                if not each.current.star:
                    kind = (
                        "a platform, which never moves"
                        if not each.current.inertia
                        else "inertia drives only: it stays in its System unless towed or hangared"
                    )
                    whose = "" if each is craft else f" (joined to ship {craft.id})"
                    raise Refusal(
                        "GT245", f"ship {each.id}{whose} cannot move to {away[0]}: it has {kind}"
                    )
            self.leaving.update(each.id for each in self.riders(craft))
        return craft

    def _to(self, action: a.To) -> a.To:
        for move in action.moves:
            self.moving(move.ship, [move.location])
        return action

    def _chart(self, action: a.Chart) -> a.Chart:
        for move in action.moves:
            self.moving(move.ship, [move.location])
        return action

    def _secure(self, action: a.Secure) -> a.Secure:
        for move in action.moves:
            self.moving(move.ship, [move.location])
        return action

    def _attack(self, action: a.Attack) -> a.Attack:
        self.moving(action.ship, [action.location])
        return action

    def _scout(self, action: a.Scout) -> a.Scout:
        self.moving(action.ship, action.route)
        return action

    def _sentry(self, action: a.Sentry) -> a.Sentry:
        self.moving(action.ship, action.route)
        return action

    def _shuttle(self, action: a.Shuttle) -> a.Shuttle:
        for stop in action.route:
            if stop.text() not in self.stars:
                raise Refusal("GT254", f"there is no star System at {stop.text()}")
        mine = [(p := self.place(s)) is not None and p.production for s in action.route]
        if not any(mine) or all(mine):
            raise Refusal(
                "GT254",
                "a shuttle run needs one of your Production Systems and a non-Production System",
            )
        self.moving(action.ship, action.route)
        return action

    def _colonize(self, action: a.Colonize) -> a.Colonize:
        self.improve(action.ship, action.location, "COLONIZE")
        return action

    def _develop(self, action: a.Develop) -> a.Develop:
        self.improve(action.ship, action.location, "DEVELOP")
        return action

    def _destroy(self, action: a.Destroy) -> a.Destroy:
        for move in action.moves:
            self.improve(move.ship, move.location, "DESTROY")
        return action

    def improve(self, number: int, where: a.Location, kind: str) -> None:
        """COLONIZE, DEVELOP or DESTROY: the target, and the PI it needs aboard or loadable
        where the ship is (economy.begin_improvement)."""
        craft = self.moving(number, [where])
        place, text = self.place(where), where.text()
        if text not in self.stars:
            raise Refusal("GT252", f"there is no star System at {text}")
        if kind == "COLONIZE":
            if text not in self.charted:
                raise Refusal("GT252", f"{text} must be CHARTed before it is colonized")
            if (place is not None and place.status) or text in self.others:
                raise Refusal("GT252", f"{text} belongs to an empire already")
        elif kind == "DEVELOP":
            if place is None or place.status != "colony":
                raise Refusal("GT252", f"{text} is not one of your Colonies")
        elif place is not None and place.status:
            raise Refusal("GT252", f"{text} is your own System: use DOWNGRADE, not {kind}")
        need = IMPROVEMENT_PI[kind]
        fleet = self.fleet(craft)
        have = sum(c.pi for c in fleet)
        here = self.places.get(craft.location)
        if have < need and here is not None and here.production:
            room = sum(c.free for c in fleet)
            if here.pi >= need - have and room >= need - have:
                here.pi -= _stow(fleet, "PI", need - have)
                have = need
        if have < need:
            raise Refusal(
                "GT253",
                f"{kind} needs {need} PI aboard ship {craft.id}'s fleet or loadable where it "
                f"is: it has {have} aboard",
            )

    def _tow(self, action: a.Tow) -> a.Tow:
        tower, towed = self.free_ship(action.towing), self.free_ship(action.towed)
        if tower.location != towed.location:
            raise Refusal(
                "GT242",
                f"ship {tower.id} is at {tower.location} and ship {towed.id} at {towed.location}",
            )
        if towed.design_ssd > ssd(tower.current):
            raise Refusal(
                "GT244",
                f"ship {towed.id} (SSD {towed.design_ssd} before damage) is larger than ship "
                f"{tower.id} (SSD {ssd(tower.current)})",
            )
        plan = self.designs.get(towed.code)
        rating = plan.rating if plan is not None else towed.current
        if not rating.star and not rating.inertia:
            raise Refusal("GT244", f"ship {towed.id} is a platform: platforms cannot move")
        self.moving(tower.id, [action.location])
        return action

    # [A]

    def _build(self, action: a.Build) -> a.Build:
        place = self.production(action.location)
        plan = self.design(action.code)
        names = action.names[:BUILD_MAX]
        paid = min(len(names), place.pi // plan.cost) if plan.cost else len(names)
        if not paid:
            raise Refusal(
                "GT235",
                f"a {plan.code} costs {plan.cost} PI and {action.location.text()} has "
                f"{place.pi} left",
            )
        if paid < len(names):
            dropped = " ".join(names[paid:])
            self.warn(
                "GT308",
                f"{action.location.text()} has {place.pi} PI left, {plan.cost} a {plan.code}: "
                f"{paid} built, {dropped} not (the remaining builds abort)",
            )
        place.pi -= paid * plan.cost
        return replace(action, names=names[:paid])

    def _downgrade(self, action: a.Downgrade) -> a.Downgrade:
        for system in action.systems:
            place = self.production(system.location)
            if place.status == "home":
                raise Refusal(
                    "GT233",
                    f"{system.location.text()} is your Home System: it cannot be downgraded",
                )
        for system in action.systems:
            place = self.production(system.location)
            place.status, place.pi, place.missiles = "colony", 0, 0
            for craft in self.crafts.values():
                if craft.location == place.location and not craft.in_service:
                    self.gone.add(craft.id)
        return action

    def _refit(self, action: a.Refit) -> a.Refit:
        for number in action.ships:
            craft = self.active(number)
            reasons = []
            done = False
            for each in self.riders(craft):
                if each.tech >= self.tech:
                    continue
                place = self.places.get(each.location)
                price = each.design_ssd * (self.tech - each.tech)
                if each.id in self.leaving:
                    reasons.append(
                        f"ship {each.id} leaves {each.location} with its fleet's movement"
                    )
                elif place is None or not place.production:
                    reasons.append(f"ship {each.id} is not at one of your Production Systems")
                elif each.damaged:
                    reasons.append(f"ship {each.id} is damaged: REPAIR it first")
                elif place.pi < price:
                    reasons.append(
                        f"ship {each.id} needs {price} PI, {each.location} has {place.pi}"
                    )
                else:
                    place.pi -= price
                    each.tech = self.tech
                    done = True
            if not done:
                raise Refusal(
                    "GT246",
                    reasons[0]
                    if reasons
                    else f"ship {number}'s fleet is at your tech level ({self.tech}) already",
                )
            self.left_out("REFIT", number, reasons)
        return action

    def _scrap(self, action: a.Scrap) -> a.Scrap:
        for number in action.ships:
            self.ship(number)
        for number in action.ships:
            craft = self.crafts[number]
            for each in self.riders(craft) if craft.in_service else [craft]:
                self.gone.add(each.id)
        return action

    def _capital(self, action: a.Capital) -> a.Capital:
        place = self.production(action.location)
        if place.status == "home":
            raise Refusal("GT233", f"{action.location.text()} is your Home System already")
        home = self.places.get(self.home or "")
        left = home.pi if home is not None else 0
        if left < CAPITAL_COST:
            raise Refusal(
                "GT253",
                f"CAPITAL costs {CAPITAL_COST} PI from the Home System, which has {left} "
                "left after your other actions",
            )
        return action

    def _map(self, action: a.Map) -> a.Map:
        return action

    def _shipyard(self, action: a.Shipyard) -> a.Shipyard:
        return action


def _system_locations(action: Any) -> list[a.Location]:
    if isinstance(action, a.Build | a.Capital):
        return [action.location]
    if isinstance(action, a.Missiles):
        return [s.location for s in action.builds]
    if isinstance(action, a.Research):
        return [s.location for s in action.spending]
    if isinstance(action, a.Downgrade):
        return [s.location for s in action.systems]
    return []


def _no_pi(stocks: Sequence[a.Stock], what: str) -> str:
    places = " and ".join(s.location.text() for s in stocks)
    return f"{places} {'have' if len(stocks) > 1 else 'has'} no PI left: {what}"


def _stow(fleet: Sequence[Craft], item: str, amount: int) -> int:
    """Put `amount` into the fleet's free bays, in order (economy.stow); what fitted."""
    left = amount
    for craft in fleet:
        put = min(left, craft.free)
        craft.add(item, put)
        left -= put
    return amount - left


def _take(fleet: Sequence[Craft], item: str, amount: int) -> int:
    """Take up to `amount` out of the fleet's cargo, in order (economy.take); what was taken."""
    left = amount
    for craft in fleet:
        got = min(left, craft.aboard(item))
        craft.add(item, -got)
        left -= got
    return amount - left


__all__ = ["CODES", "check_orders"]
