"""What happened in a Galac-Tac turn, one frozen record per thing an empire is told.

Every event names the `empire` whose report it goes to; locations are written the
way the reports print them (`85-23`). The reports are printed from these alone.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Event:
    """Something one empire is told about its turn."""

    empire: str


@dataclass(frozen=True)
class Failed(Event):
    """An action that could not be carried out, and why (in the rule book's words)."""

    action: str  # the action's word: BUILD, LOAD, ...
    subject: str  # the ship ID, location or code it was given for
    reason: str


@dataclass(frozen=True)
class Short(Event):
    """An action carried out only in part: "it would load as much as it could"."""

    action: str
    subject: str
    item: str  # PI, PV, MISSILES, ships
    wanted: int
    done: int


@dataclass(frozen=True)
class Cargo(Event):
    """Cargo moved: LOAD, UNLOAD, TRANSFER, or a SHUTTLE's stop."""

    action: str
    ship: int
    item: str
    amount: int
    location: str
    other: int = 0  # the receiving ship of a TRANSFER


@dataclass(frozen=True)
class Converted(Event):
    """A production system turned PV into PI at the end of the fortnight."""

    location: str
    pv: int
    pi: int


@dataclass(frozen=True)
class Charted(Event):
    """A ship in CHART mode charted a system: its base PV is now known."""

    ship: int
    location: str
    base_pv: int


@dataclass(frozen=True)
class Landed(Event):
    """A COLONIZE, DEVELOP or DESTROY landed PI at its site."""

    action: str
    ship: int
    location: str
    pi: int
    step: int  # 1 or 2: the turn of the BY TURN table


@dataclass(frozen=True)
class SystemChanged(Event):
    """A system changed status: colonized, developed, downgraded, destroyed, taken,
    lost, made the capital, or its stockpiles destroyed."""

    location: str
    change: str  # colonized, developed, downgraded, destroyed, stockpiles destroyed, ...
    name: str = ""
    by: str = ""  # the empire name of whoever did it, when it is another empire


@dataclass(frozen=True)
class TechCaptured(Event):
    """A DESTROY captured an enemy's higher tech level."""

    location: str
    tech: int


@dataclass(frozen=True)
class Research(Event):
    """PI spent on research at a production system."""

    location: str
    pi: int
    total: int


@dataclass(frozen=True)
class TechAdvanced(Event):
    """The empire reached a new tech level; every missile stockpile was halved."""

    tech: int


@dataclass(frozen=True)
class Missiles(Event):
    """Missiles built into a production system's stockpile."""

    location: str
    count: int


@dataclass(frozen=True)
class ShipEvent(Event):
    """A ship built, completed, scrapped, refit, repaired, reloaded, joined, detached,
    assigned, named, or lost its fleet: `what` says which; `pi` what it cost or gave."""

    what: str
    ship: int
    code: str = ""
    name: str = ""
    location: str = ""
    pi: int = 0
    other: int = 0  # the flagship, mothership or tower concerned


@dataclass(frozen=True)
class Moved(Event):
    """A ship or fleet moved under star drive: from, to, and where it is bound."""

    ship: int
    start: str
    end: str
    goal: str


@dataclass(frozen=True)
class DesignEvent(Event):
    """CLASSIFY or DECLASSIFY: a design added, renamed or removed."""

    what: str  # classified, renamed, declassified
    code: str
    name: str
    old_code: str = ""


@dataclass(frozen=True)
class Named(Event):
    """A system, a ship or the empire got a new name; also the announcement of an
    empire's new name to everyone who knew the old one."""

    what: str  # a location, a ship ID, or "Empire"
    old: str
    new: str


@dataclass(frozen=True)
class Requested(Event):
    """A report asked for with MAP or SHIPYARD: its kind and its arguments as written."""

    report: str  # MAP or SHIPYARD
    detail: str  # e.g. "QUAD 10-54" or "SSD-"


@dataclass(frozen=True)
class Valuation(Event):
    """The empire's valuation percentile this fortnight (the leader is 100)."""

    percentile: int


EVENT_CLASSES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        Failed,
        Short,
        Cargo,
        Converted,
        Charted,
        Landed,
        SystemChanged,
        TechCaptured,
        Research,
        TechAdvanced,
        Missiles,
        ShipEvent,
        Moved,
        DesignEvent,
        Named,
        Requested,
        Valuation,
    )
}


def event_to_data(event: Event) -> dict[str, Any]:
    """An event as plain data: its kind, then its fields in order."""
    data: dict[str, Any] = {"event": type(event).__name__}
    for f in fields(event):
        data[f.name] = getattr(event, f.name)
    return data


def event_from_data(data: dict[str, Any]) -> Event:
    cls = EVENT_CLASSES[str(data["event"])]
    return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})
