"""Galac-Tac's Economic/Fleet report, built from one empire's view alone.

The action summary and status page (the turn's events and the action file's
diagnostics), then each system the empire holds with its status line and the
lines REPORTS describes under it, its ships and fleets; then the ships grouped by
where they are, deep space included; then what the empire's eyes saw of others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import groupby
from typing import Any

from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.text.wording import plural
from galbatch.print.order_check import Quiet, order_check_lines
from galbatch.print.page import BODY_LINES
from galbatch.print.wrap import wrap
from galbatch.rules.galactac.rating import RatingError, parse_rating
from galbatch.rules.galactac.report_combat import WAR_LINES, game_over_line

BODY = BODY_LINES  # lines a page has for sections
View = Mapping[str, Any]
Ship = Mapping[str, Any]

STATUS = {"home": "Home System", "production": "Production System", "colony": "Colony System"}
UNNAMED = "Unnamed Star System"
LOCATION_WIDTH = 5  # YY-XX
SHIP_INDENT = " " * (LOCATION_WIDTH + 1)
DETAIL = " " * 14  # the hangar, cargo, shuttle, combat and refit lines sit under the name
DRY_DOCK = "Dry dock: "
# What a COMBAT/STANDING target number means (the COMBAT action's table).
TARGETS = {
    0: "opportunity",
    1: "weapons",
    2: "main",
    3: "engines",
    4: "platforms",
    5: "drones",
    6: "missiles",
}


def ordinal(n: int) -> str:
    """98th, 1st, 2nd, 3rd, 11th: how the Empire Valuation line writes a percentile."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def dated(left: str, date: str, width: int) -> str:
    """A report's first line: its subject on the left, the date (year-fortnight) at the
    right margin, where the book's report pages print it."""
    return left + " " * max(2, width - len(left) - len(date)) + date


# The action summary and status page


def event_line(e: Mapping[str, Any]) -> str:
    """One event of the turn as a line of the action summary; one of a kind it has no
    line for, as its fields."""
    line = EVENT_LINES.get(e["event"]) or WAR_LINES.get(e["event"])
    if line is None:
        return " ".join(f"{k}={v}" for k, v in e.items() if k != "empire")
    return line(e)


def ship_event_line(e: Mapping[str, Any]) -> str:
    """A ship built, completed, scrapped, refit, repaired, reloaded, joined, ..."""
    who = " ".join(str(p) for p in (e["ship"], e["code"], e["name"]) if p)
    where = f" at {e['location']}" if e["location"] else ""
    what = str(e["what"])
    pi = int(e["pi"])
    tail = {
        "built": f" for {pi} PI",
        "scrapped": f", {pi} PI returned",
        "refit": f" for {pi} PI",
        "repaired": f" for {pi} PI",
        "reloaded": f" with {plural(pi, 'missile')}",
        "joined": f" to {e['other']}",
        "assigned": f" to {e['other']}",
    }.get(what, "")
    return f"Ship {who} {what}{tail if pi or e['other'] else ''}{where}"


def cargo_line(e: Mapping[str, Any]) -> str:
    """Cargo moved (LOAD, UNLOAD, TRANSFER to another ship, a SHUTTLE's stop)."""
    to = f" to ship {e['other']}" if e["other"] else ""
    return f"{e['action']} ship {e['ship']}: {e['amount']} {e['item']}{to} at {e['location']}"


def system_changed_line(e: Mapping[str, Any]) -> str:
    """A system changed status, by another empire if one did it."""
    name = f" {e['name']}" if e["name"] else ""
    by = f" by {e['by']}" if e["by"] else ""
    return f"{e['location']}{name}: {e['change']}{by}"


def moved_line(e: Mapping[str, Any]) -> str:
    """A ship's move, with where it is bound if it has not arrived."""
    bound = f", bound for {e['goal']}" if e["goal"] and e["goal"] != e["end"] else ""
    return f"Ship {e['ship']} moved from {e['start']} to {e['end']}{bound}"


def design_event_line(e: Mapping[str, Any]) -> str:
    """A design classified, renamed or declassified."""
    if e["what"] == "renamed":
        return f"CLASSIFY {e['code']}: design {e['old_code']} renamed {e['code']} {e['name']}"
    return f"{e['code']} {e['name']}: design {e['what']}"


def named_line(e: Mapping[str, Any]) -> str:
    """A system, a ship or an empire got a new name."""
    if e["what"] == "Empire":
        return f"Empire {e['old']} is now named {e['new']}"
    old = f" (was {e['old']})" if e["old"] else ""
    return f"NAME {e['what']}: now {e['new']}{old}"


def requested_line(e: Mapping[str, Any]) -> str:
    """A MAP or SHIPYARD report asked for, with its arguments as written."""
    detail = f" {e['detail']}" if e["detail"] else ""
    return f"{e['report']}{detail}: requested"


def diplomatic_line(e: Mapping[str, Any]) -> str:
    """A diplomatic message received or delivered; its text is in DIPLOMATIC MESSAGES,
    the recipient's alone."""
    if e["sender"]:
        return f"Diplomatic message from {e['sender']} received"
    return f"MESSAGE TO {e['recipient']}: delivered"


# The action summary's line for each kind of event of the economy; the war's are
# WAR_LINES.
EVENT_LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "Failed": lambda e: f"{e['action']} {e['subject']}: FAILED: {e['reason']}",
    "Short": lambda e: (
        f"{e['action']} {e['subject']}: only {e['done']} of {e['wanted']} {e['item']} could be done"
    ),
    "Cargo": cargo_line,
    "Converted": lambda e: f"{e['location']}: {e['pv']} PV converted to {e['pi']} PI",
    "Charted": lambda e: f"CHART ship {e['ship']}: {e['location']} charted, base PV {e['base_pv']}",
    "Landed": lambda e: (
        f"{e['action']} ship {e['ship']}: {e['pi']} PI landed at {e['location']} (turn {e['step']})"
    ),
    "SystemChanged": system_changed_line,
    "TechCaptured": lambda e: f"DESTROY {e['location']}: Tech Level {e['tech']} captured",
    "Research": lambda e: (
        f"RESEARCH {e['location']}: {e['pi']:,} PI expended, {e['total']:,} PI in all"
    ),
    "TechAdvanced": lambda e: (
        f"Tech Level {e['tech']} reached: every missile stockpile is cut in half"
    ),
    "Missiles": lambda e: f"MISSILES {e['location']}: {plural(int(e['count']), 'missile')} built",
    "ShipEvent": ship_event_line,
    "Moved": moved_line,
    "DesignEvent": design_event_line,
    "Named": named_line,
    "Requested": requested_line,
    "Valuation": lambda e: f"Empire Valuation: {ordinal(int(e['percentile']))} percentile",
    "Diplomatic": diplomatic_line,
}


def summary_lines(
    view: View, diagnostics: Sequence[Diagnostic], file_status: str, width: int, view_file: str = ""
) -> list[str]:
    """The action summary and status page: the action file's state, its diagnostics (and
    how to check the next actions against `view_file`) and the results of every action
    and activity of the turn."""
    me = view["empire"]
    lines = [dated(f"Empire {me['name']} (#{me['id']})", str(view["date"]), width)]
    for e in view["events"]:
        if e["event"] == "GameOver":
            lines += wrap(game_over_line(e), width)
    met = ", ".join(str(name) for name in me["known"]) or "none yet"
    lines += wrap(f"Empires met (a diplomatic message needs one of these names): {met}", width)
    lines.append("")
    if file_status:
        lines.append(f"Actions: {file_status}")
    lines += order_check_lines(diagnostics, file_status, width, ACTIONS, view_file)
    lines += ["", "Results of current actions and activities:", ""]
    events = [e for e in view["events"] if e["event"] not in ("Valuation", "GameOver")]
    for line in once(event_line(e) for e in events):
        lines += wrap(line, width)
    if not events:
        lines.append("Nothing to report this fortnight.")
    return lines


def once(lines: Iterable[str]) -> list[str]:
    """Event lines with each run of the same line printed once, with how many times it
    happened: two scouts of one design caught together are two events, one line."""
    out = []
    for line, run in groupby(lines):
        n = len(list(run))
        out.append(line if n == 1 else f"{line} ({n} times)")
    return out


# What the action check says when it found nothing, by the file's status.
ACTIONS = Quiet("The game begins: no actions were due.", "No action file.", "All actions accepted.")


# Ships and fleets


def racks(ship: Ship) -> int:
    """The ship's working missile racks, read from its rating."""
    if "T" not in str(ship["rating"]):
        return 0
    try:
        return parse_rating(str(ship["rating"])).racks
    except RatingError:
        return 0


def orders_text(ship: Ship) -> str:
    """A ship's current orders as line one ends: the action and where it is going."""
    if not ship["in_service"]:
        return "UNDER CONSTRUCTION"
    if ship["carrier"]:
        return f"ASSIGNED {ship['carrier']}"
    if ship["flagship"]:
        return f"JOINED {ship['flagship']}"
    kind = str(ship["orders"])
    if kind == "TOW":
        return f"TOW {ship['towing']} TO {ship['goal']}"
    if kind == "SHUTTLE":
        return kind  # its route has a line of its own
    if kind == "ATTACK" and ship.get("max_ssd"):
        return f"ATTACK {ship['goal']} {ship['max_ssd']}"
    if ship["goal"]:
        return f"{kind} {ship['goal']}"
    return kind


def ship_line(ship: Ship, where: str, indent: int = 0) -> str:
    """Line one: location (only when not under one of the empire's systems), ID, code,
    name, rating (with @level below the empire's tech), SSD and orders."""
    name = str(ship["name"]) or "-"
    pad = " " * indent
    return (
        f"{where:<{LOCATION_WIDTH}} {pad}{ship['id']:>4} {ship['code']:<4} {name:<15} "
        f"{ship['rating']:<26} {ship['ssd']:>3} SSD  {orders_text(ship)}"
    ).rstrip()


def detail_lines(ship: Ship, ships: Sequence[Ship], indent: int) -> list[str]:
    """The hangar, cargo, shuttle and COMBAT/STANDING lines of one ship, where they apply."""
    pad = SHIP_INDENT + " " * indent + DETAIL
    lines = []
    if ship["hangars"]:
        held = [s["id"] for s in ships if s["carrier"] == ship["id"]]
        assigned = " ".join(str(n) for n in held) if held else "none"
        lines.append(f"{pad}Hangar: {ship['hangars']} bays, assigned {assigned}")
    cargo = [(ship["pi"], "PI"), (ship["pv"], "PV"), (ship["missiles_in_cargo"], "M")]
    if ship["cargo_bays"] and any(n for n, _ in cargo):
        aboard = ", ".join(f"{n} {item}" for n, item in cargo if n)
        lines.append(f"{pad}Cargo: {ship['cargo_bays']} bays, {aboard}")
    if ship["orders"] == "SHUTTLE" and ship["route"]:
        route = " ".join(str(r) for r in ship["route"])
        bound = f", bound for {ship['goal']}" if ship["goal"] else ""
        lines.append(f"{pad}Shuttle: {route}{bound}")
    combat = ship.get("combat") or ()
    if combat:
        word = "STANDING" if ship["orders"] in ("DEFEND", "PATROL") else "COMBAT"
        drone, p_type, t_type, min_ssd = (list(combat) + [0, 0, 0, 0])[:4]
        lines.append(
            f"{pad}{word}: drones {TARGETS.get(drone, drone)}, P-types "
            f"{TARGETS.get(p_type, p_type)}, T-types {TARGETS.get(t_type, t_type)}, "
            f"T-types fire at {min_ssd} SSD"
        )
    return lines


def upkeep_line(fleet: Sequence[Ship], tech: int, indent: int) -> str | None:
    """The Refit/Repair/Reload line of a ship/fleet: what each would cost the whole
    fleet (hangared ships included), when any applies."""
    refit = sum(s["design_ssd"] * (tech - s["tech"]) for s in fleet if s["tech"] < tech)
    repair = sum(s["design_ssd"] - s["ssd"] for s in fleet if s["damaged"])
    reload = sum(max(0, racks(s) - s["missiles"]) for s in fleet)
    parts = []
    if refit:
        parts.append(f"Refit {refit} PI")
    if repair:
        parts.append(f"Repair {repair} PI")
    if reload:
        parts.append(f"Reload {plural(reload, 'missile')}")
    if not parts:
        return None
    return f"{SHIP_INDENT}{' ' * indent}{DETAIL}" + ", ".join(parts)


def identical(a: Ship, b: Ship) -> bool:
    """Ships listed only by number after the first of them: same design, rating, tech
    and orders, with nothing aboard."""
    keys = ("code", "rating", "tech", "orders", "goal")
    empty = all(not s[k] for s in (a, b) for k in ("pi", "pv", "missiles_in_cargo"))
    return empty and all(a[k] == b[k] for k in keys) and not a["hangars"]


class Fleets:
    """The empire's ships in service at one place, flagships with what follows them."""

    def __init__(self, ships: Sequence[Ship], tech: int) -> None:
        self.ships = sorted(ships, key=lambda s: int(s["id"]))
        self.ids = {int(s["id"]) for s in self.ships}
        self.tech = tech

    def followers(self, ship: Ship) -> list[Ship]:
        return [s for s in self.ships if s["flagship"] == ship["id"] and not s["carrier"]]

    def hangared(self, ship: Ship) -> list[Ship]:
        return [s for s in self.ships if s["carrier"] == ship["id"]]

    def tops(self) -> list[Ship]:
        """Ships JOINed or ASSIGNed to no ship here: each heads its own listing."""
        return [
            s
            for s in self.ships
            if int(s["flagship"] or 0) not in self.ids and int(s["carrier"] or 0) not in self.ids
        ]

    def riders(self, ship: Ship, seen: set[int]) -> list[Ship]:
        """The ship, its fleet at every level and every hangared ship."""
        if int(ship["id"]) in seen:
            return []
        seen.add(int(ship["id"]))
        found = [ship]
        for s in self.hangared(ship) + self.followers(ship):
            found += self.riders(s, seen)
        return found

    def listings(self, where: str) -> list[list[str]]:
        """Each ship/fleet heading its own listing, with the fleet's Refit/Repair/Reload
        line after it."""
        out: list[list[str]] = []
        seen: set[int] = set()
        rest = [s for s in self.ships if s not in self.tops()]  # JOINed in a ring, if ever
        for top in self.tops() + rest:
            if int(top["id"]) in seen:
                continue
            lines = self.listing(top, where, 0, seen)
            fleet = self.riders(top, set())
            upkeep = upkeep_line(fleet, self.tech, 0) if len(fleet) > 1 else None
            out.append(lines + [upkeep] if upkeep else lines)
        return out

    def listing(self, ship: Ship, where: str, indent: int, seen: set[int]) -> list[str]:
        """A ship's lines, then its hangared ships and the ships JOINed to it, indented;
        followers identical to their flagship only by number."""
        if int(ship["id"]) in seen:
            return []
        seen.add(int(ship["id"]))
        out = [ship_line(ship, where, indent), *detail_lines(ship, self.ships, indent)]
        out += self.group(self.hangared(ship), None, where, indent + 2, seen)
        out += self.group(self.followers(ship), ship, where, indent + 2, seen)
        return out

    def group(
        self, ships: Sequence[Ship], flagship: Ship | None, where: str, indent: int, seen: set[int]
    ) -> list[str]:
        """Ships under one flagship or carrier: those identical to the flagship (or, in a
        hangar, to the first of their kind) listed by number."""
        out: list[str] = []
        same: list[int] = []
        firsts: list[Ship] = [] if flagship is None else [flagship]
        for ship in ships:
            like = next((f for f in firsts if identical(f, ship)), None)
            if like is not None and not self.followers(ship) and not self.hangared(ship):
                same.append(int(ship["id"]))
                seen.add(int(ship["id"]))
                continue
            out += self.listing(ship, where, indent, seen)
            firsts.append(ship)
        if same:
            numbers = " ".join(str(n) for n in same)
            out.append(f"{SHIP_INDENT}{' ' * indent}{DETAIL}Identical: {numbers}")
        return out


# Systems


def system_lines(
    system: Mapping[str, Any], view: View, under_attack: bool, being_destroyed: bool
) -> list[str]:
    """A system's status line and the lines under it: valuation and research (Home System
    only), imports, dry dock (production systems)."""
    status = str(system["status"])
    name = str(system["name"]) or UNNAMED
    text = f"{system['location']} {name} {system['base_pv']}({system['output']}) PV, "
    if status in ("home", "production"):
        text += f"{system['pi']:,} PI, "
    text += f"{system['missiles']} M {STATUS.get(status, status)}"
    if being_destroyed:
        text += " Being Destroyed!"
    elif under_attack:
        text += " Under Attack!"
    lines = [text]
    me = view["empire"]
    if status == "home":
        lines.append(f"{SHIP_INDENT}Empire Valuation: {ordinal(int(me['valuation']))} percentile")
        if me["research"]:
            lines.append(
                f"{SHIP_INDENT}Research: {int(me['research']):,} PI expended, "
                f"Current Tech Level is {me['tech']}"
            )
    if status in ("home", "production") and system["imports"]:
        lines.append(f"{SHIP_INDENT}Imports: {system['imports']:,} PV en route")
    docked = [s for s in view["ships"] if s["location"] == system["location"]]
    docked = [s for s in docked if not s["in_service"]]
    for n, s in enumerate(sorted(docked, key=lambda s: int(s["id"]))):
        label = DRY_DOCK if n == 0 else " " * len(DRY_DOCK)
        name = f" {s['name']}" if s["name"] else ""
        lines.append(
            f"{SHIP_INDENT}{label}{s['id']} {s['code']}{name} due {s['due']} "
            f"Tech {s['tech']}, {s['complete']}% complete"
        )
    return lines


SYSTEM_ORDER = {"home": 0, "production": 1, "colony": 2}


def threatened(view: View) -> tuple[set[str], set[str]]:
    """The empire's systems Under Attack! (another empire's ships seen there at the end
    of the fortnight) and Being Destroyed! (a DESTROY has landed there and the system
    still stands)."""
    own = {str(s["location"]) for s in view["systems"]}
    attacked = {str(s["location"]) for s in view["systems"] if s.get("under_attack")}
    destroying = {
        str(e["location"])
        for e in view["events"]
        if e["event"] == "SystemChanged" and e["change"] == "stockpiles destroyed"
    }
    return attacked, destroying & own


def place_text(where: str, view: View) -> str:
    """What a place is to the empire: a charted system with its base PV, an uncharted
    one, or deep space."""
    if where in view["charted"]:
        return f"Star system, base PV {view['charted'][where]}"
    if where in set(view["stars"]):
        return "Star system, uncharted"
    return "Deep space"


Unit = tuple[str, list[str]]  # lines kept on one page, and the heading they continue


def flow(units: Sequence[Unit], start: int) -> list[str]:
    """The units' lines for a section whose first line is body line `start` of a page: a
    unit that does not fit on this page but fits on one starts the next, under its
    heading marked (continued); blank lines never start a page."""
    out: list[str] = []
    pos = start
    for heading, lines in units:
        need = len(lines) + (1 if heading else 0)
        if 0 < pos < BODY and pos + len(lines) > BODY and need <= BODY:
            out += [""] * (BODY - pos)
            pos = BODY
        for line in lines:
            if pos >= BODY:
                pos = 0
                if heading:
                    out.append(f"{heading} (continued)")
                    pos += 1
            if pos == 0 and not line:
                continue
            out.append(line)
            pos += 1
    return out


def fleet_report(view: View, width: int, start: int = 2) -> list[str]:
    """Every system the empire holds (Home, Production, then Colony Systems) with its
    ships, then every other place its ships are, deep space included; flowed so that a
    ship's or fleet's lines stay on one page, for a report whose first line is body line
    `start` of a page."""
    tech = int(view["empire"]["tech"])
    attacked, destroying = threatened(view)
    units: list[Unit] = [
        ("", [dated(f"Empire {view['empire']['name']}", str(view["date"]), width)])
    ]
    systems = sorted(
        view["systems"], key=lambda s: (SYSTEM_ORDER.get(str(s["status"]), 3), s["location"])
    )
    by_place: dict[str, list[Ship]] = {}
    for s in view["ships"]:
        if s["in_service"]:
            by_place.setdefault(str(s["location"]), []).append(s)

    def place(head: list[str], listings: list[list[str]]) -> None:
        """A place's lines and its listings: the first kept with the place's lines."""
        first = listings[0] if listings else []
        units.append(("", ["", *head, *first]))
        units.extend((head[0], listing) for listing in listings[1:])

    for system in systems:
        where = str(system["location"])
        head = system_lines(system, view, where in attacked, where in destroying)
        place(head, Fleets(by_place.pop(where, []), tech).listings(""))
    if not systems:
        units.append(("", ["", "Your empire holds no star system."]))
    stockpiles = {str(k): int(v) for k, v in view["stockpiles"].items()}
    elsewhere = sorted(set(by_place) | set(stockpiles))
    if elsewhere:
        units.append(("", ["", "Ships by location:"]))
    for where in elsewhere:
        head = [f"{where} {place_text(where, view)}"]
        if where in stockpiles:
            head.append(f"{SHIP_INDENT}Missile stockpile: {stockpiles[where]} M")
        place(head, Fleets(by_place.get(where, []), tech).listings(where))
    if not view["ships"]:
        units.append(("", ["", "Your empire has no ships."]))
    return flow(units, start)


def sighting_lines(view: View) -> list[str]:
    """Other empires' systems the empire's ships saw this fortnight (their ships are
    reported only as the book reports them: scouting reports, cease fires, combats)."""
    lines: list[str] = []
    for place in view["seen"]:
        kind = STATUS.get(str(place["status"]), str(place["status"]))
        lines.append(f"{place['location']} {place['owner']} {kind}".rstrip())
    return lines
