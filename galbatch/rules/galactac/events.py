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


@dataclass(frozen=True)
class ScoutReport(Event):
    """What a scout (or the empire's own system, `ship` 0) saw at a location before any
    combat: the enemy ships, their total SSD and the largest; an escaped scout's report
    is `rough`, the total SSD only, to the house's rounding."""

    ship: int
    location: str
    owner: str  # the empire name of the system's owner, "" for nobody's
    ships: int
    ssd: int
    largest: int
    rough: bool = False


@dataclass(frozen=True)
class ScoutCaught(Event):
    """One of the empire's scouts was detected by a PATROL or SENTRY of `by`; it
    `escaped` or was drawn into the combat."""

    ship: int
    location: str
    by: str
    escaped: bool


@dataclass(frozen=True)
class ScoutSpotted(Event):
    """The empire's PATROL or SENTRY detected a scout of `of` (its SSD; its design code
    only when it was drawn into combat, "" when it escaped)."""

    location: str
    of: str
    code: str
    ssd: int
    escaped: bool


@dataclass(frozen=True)
class CeaseFire(Event):
    """Ships met in a non-hostile posture: every last action is cancelled (COLONIZE,
    DEVELOP and SHUTTLE already under way go on); `met` names the other empires."""

    location: str
    met: tuple[str, ...]


@dataclass(frozen=True)
class AttackAborted(Event):
    """An ATTACK called off at Max SSD: told to the attacker (its fleet, the estimate)
    and to every enemy present (`by`: the attacker's name, `ship` 0)."""

    location: str
    ship: int
    estimate: int
    max_ssd: int
    by: str = ""


@dataclass(frozen=True)
class CombatReport(Event):
    """A battle the empire has survivors of: each ship involved, own and enemy, as
    (empire name, ID, code, name, rating before, rating after or "" if destroyed)."""

    location: str
    ships: tuple[tuple[str, int, str, str, str, str], ...]


@dataclass(frozen=True)
class FleetMissing(Event):
    """A battle none of the empire's ships survived: "dead men tell no tales"."""

    location: str
    ships: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    """The game has ended: the Masters returned, or one empire is left; the winner."""

    winner: str
    reason: str  # "masters" or "last empire"


@dataclass(frozen=True)
class Diplomatic(Event):
    """A diplomatic message: received (from `sender`'s empire name, with its text), or,
    told to its sender, delivered to `recipient`'s empire (`delivery.py`)."""

    sender: str = ""
    recipient: str = ""
    text: tuple[str, ...] = ()


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
        ScoutReport,
        ScoutCaught,
        ScoutSpotted,
        CeaseFire,
        AttackAborted,
        CombatReport,
        FleetMissing,
        GameOver,
        Diplomatic,
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
    return cls(**{f.name: _frozen(data[f.name]) for f in fields(cls) if f.name in data})


def _frozen(value: Any) -> Any:
    """JSON's lists back as the tuples a frozen event holds."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value
