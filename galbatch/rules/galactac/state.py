"""Galac-Tac's game state: the galaxy's star systems, the empires with their designs
and charts, and every ship with its standing orders, cargo and damage.

The state converts to and from plain JSON-able data with a fixed key order; the
research thresholds and the Masters' return turn are kept here and never shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from galbatch.engine.contract.copying import shallow
from galbatch.rules.galactac.events import Event, event_from_data, event_to_data
from galbatch.rules.galactac.galaxy import Location, location_text, parse_location
from galbatch.rules.galactac.house import FIRST_YEAR, FORTNIGHTS_PER_YEAR, PV_MULTIPLIER
from galbatch.rules.galactac.rating import Rating

# A rating as stored: its parts in the order the notation writes them.
RATING_PARTS = (
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


def rating_row(rating: Rating) -> list[int]:
    """A rating's parts as a list (display-only fields left out)."""
    return [getattr(rating, part) for part in RATING_PARTS]


def rating_from_row(row: list[Any]) -> Rating:
    return Rating(**{part: int(v) for part, v in zip(RATING_PARTS, row, strict=True)})


def date(turn: int) -> str:
    """The report date of a turn, `3500-01` for the start: 16 fortnights a year."""
    return f"{FIRST_YEAR + turn // FORTNIGHTS_PER_YEAR}-{turn % FORTNIGHTS_PER_YEAR + 1:02d}"


def _loc(value: Any) -> Location | None:
    return None if value is None else parse_location(str(value))


def _text(location: Location | None) -> str | None:
    return None if location is None else location_text(location)


@dataclass(frozen=True)
class Design:
    """One line of the Ship Design Table: code, classification name and rating."""

    number: int  # the "#" column: order of classification
    code: str
    name: str
    rating: Rating
    built: int = 0  # ships ever built of it

    def to_data(self) -> list[Any]:
        return [self.number, self.code, self.name, rating_row(self.rating), self.built]

    @classmethod
    def from_data(cls, row: list[Any]) -> Design:
        return cls(int(row[0]), str(row[1]), str(row[2]), rating_from_row(row[3]), int(row[4]))


@dataclass(frozen=True)
class Mission:
    """A ship's (or fleet flagship's) standing order, kept from turn to turn.

    `kind` is the action's word (NONE, TO, CHART, COLONIZE, DEVELOP, DESTROY, SHUTTLE,
    TOW, and the combat ones a later step adds). `goal` is where it is going; a
    SHUTTLE's `route` and the index of its next `stop`, `arrived` once it stands on it;
    `landed` counts the turns a COLONIZE, DEVELOP or DESTROY has landed PI; `name`
    is the name a new colony or production system gets; `other` the towed ship, or an
    ATTACK's Max SSD (0: always attack).
    """

    kind: str = "NONE"
    goal: Location | None = None
    route: tuple[Location, ...] = ()
    stop: int = 0
    arrived: bool = False
    landed: int = 0
    name: str = ""
    other: int = 0

    def to_data(self) -> list[Any]:
        return [
            self.kind,
            _text(self.goal),
            [location_text(r) for r in self.route],
            self.stop,
            self.arrived,
            self.landed,
            self.name,
            self.other,
        ]

    @classmethod
    def from_data(cls, row: list[Any]) -> Mission:
        return cls(
            str(row[0]),
            _loc(row[1]),
            tuple(parse_location(str(r)) for r in row[2]),
            int(row[3]),
            bool(row[4]),
            int(row[5]),
            str(row[6]),
            int(row[7]),
        )


NONE = Mission()


@dataclass
class Ship:
    """A ship, built or in drydock: its design as built, its parts as they are now
    (combat damage takes parts away), its cargo, fleet and standing order."""

    owner: str
    id: int
    code: str  # the design code shown on reports
    name: str
    design: Rating  # as built: the pre-damage ship
    current: Rating  # its working parts now
    tech: int  # the tech level it was built or last REFIT at
    cost: int  # its original value in PI
    location: Location
    missiles: int = 0  # missiles in its racks
    pi: int = 0  # cargo
    pv: int = 0
    cargo_missiles: int = 0
    left: int = 0  # fortnights of construction still to go; 0 once in service
    delay: int = 1  # its construction delay, for the drydock's percent complete
    flagship: int = 0  # the ship it is JOINed to; 0 for none
    carrier: int = 0  # the ship whose hangar it is ASSIGNed to; 0 for none
    mission: Mission = NONE
    combat: tuple[int, ...] = ()  # COMBAT/STANDING targets, for the combat step

    @property
    def cargo_used(self) -> int:
        return self.pi + self.pv + self.cargo_missiles

    @property
    def cargo_free(self) -> int:
        return max(0, self.current.cargo - self.cargo_used)

    @property
    def in_service(self) -> bool:
        return self.left == 0

    @property
    def damaged(self) -> bool:
        return self.current != self.design

    def to_data(self) -> list[Any]:
        return [
            self.owner,
            self.id,
            self.code,
            self.name,
            rating_row(self.design),
            rating_row(self.current),
            self.tech,
            self.cost,
            location_text(self.location),
            self.missiles,
            self.pi,
            self.pv,
            self.cargo_missiles,
            self.left,
            self.delay,
            self.flagship,
            self.carrier,
            self.mission.to_data(),
            list(self.combat),
        ]

    @classmethod
    def from_data(cls, row: list[Any]) -> Ship:
        ints = dict(zip(SHIP_COLUMNS[9:17], (int(v) for v in row[9:17]), strict=True))
        return cls(
            owner=str(row[0]),
            id=int(row[1]),
            code=str(row[2]),
            name=str(row[3]),
            design=rating_from_row(row[4]),
            current=rating_from_row(row[5]),
            tech=int(row[6]),
            cost=int(row[7]),
            location=parse_location(str(row[8])),
            missiles=ints["missiles"],
            pi=ints["pi"],
            pv=ints["pv"],
            cargo_missiles=ints["cargo_missiles"],
            left=ints["left"],
            delay=ints["delay"],
            flagship=ints["flagship"],
            carrier=ints["carrier"],
            mission=Mission.from_data(row[17]),
            combat=tuple(int(v) for v in row[18]),
        )


SHIP_COLUMNS = (
    "owner",
    "id",
    "code",
    "name",
    "design",
    "current",
    "tech",
    "cost",
    "location",
    "missiles",
    "pi",
    "pv",
    "cargo_missiles",
    "left",
    "delay",
    "flagship",
    "carrier",
    "mission",
    "combat",
)


@dataclass
class System:
    """A star system: its base PV, and, once an empire holds it, its status and stores.

    `kind` is "" for a system nobody holds, "colony" or "production"; a Home System is
    the production system its empire's `home` names. PI is kept at production systems
    only; `pv_waiting` is PV unloaded this fortnight, converted to PI at its end.
    Missile stockpiles may lie at any system, one per empire.
    """

    location: Location
    base_pv: int
    owner: str | None = None
    kind: str = ""
    name: str = ""
    pi: int = 0
    pv_waiting: int = 0
    missiles: dict[str, int] = field(default_factory=dict)

    def to_data(self) -> list[Any]:
        return [
            location_text(self.location),
            self.base_pv,
            self.owner,
            self.kind,
            self.name,
            self.pi,
            self.pv_waiting,
            {k: self.missiles[k] for k in sorted(self.missiles) if self.missiles[k]},
        ]

    @classmethod
    def from_data(cls, row: list[Any]) -> System:
        return cls(
            parse_location(str(row[0])),
            int(row[1]),
            None if row[2] is None else str(row[2]),
            str(row[3]),
            str(row[4]),
            int(row[5]),
            int(row[6]),
            {str(k): int(v) for k, v in dict(row[7]).items()},
        )


SYSTEM_COLUMNS = ("location", "base_pv", "owner", "kind", "name", "pi", "pv_waiting", "missiles")


@dataclass
class Empire:
    """A player's empire: its name, capital, tech, designs, charts and acquaintances."""

    id: str
    player: str  # the player's code name in game.yaml
    account: int
    name: str  # the empire's name (NAME Empire); the code name until it is named
    home: Location | None
    tech: int = 1
    research: int = 0  # total PI spent on research
    designs: list[Design] = field(default_factory=list)
    charted: list[Location] = field(default_factory=list)  # sorted
    known: list[str] = field(default_factory=list)  # empires it has encountered, sorted
    next_ship: int = 1001
    next_design: int = 1
    valuation: int = 100  # percentile of the leader's valuation

    def design(self, code: str) -> Design | None:
        for design in self.designs:
            if design.code == code:
                return design
        return None

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "player": self.player,
            "account": self.account,
            "name": self.name,
            "home": _text(self.home),
            "tech": self.tech,
            "research": self.research,
            "designs": [d.to_data() for d in self.designs],
            "charted": [location_text(c) for c in self.charted],
            "known": list(self.known),
            "next_ship": self.next_ship,
            "next_design": self.next_design,
            "valuation": self.valuation,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Empire:
        return cls(
            id=str(data["id"]),
            player=str(data["player"]),
            account=int(data["account"]),
            name=str(data["name"]),
            home=_loc(data["home"]),
            tech=int(data["tech"]),
            research=int(data["research"]),
            designs=[Design.from_data(d) for d in data["designs"]],
            charted=[parse_location(str(c)) for c in data["charted"]],
            known=[str(k) for k in data["known"]],
            next_ship=int(data["next_ship"]),
            next_design=int(data["next_design"]),
            valuation=int(data["valuation"]),
        )


@dataclass
class GameState:
    """The whole game between two turns."""

    turn: int
    thresholds: list[int]  # total research PI for tech levels 1..6: this galaxy's, secret
    masters_return: int  # the turn the Masters return: secret
    systems: dict[Location, System]
    empires: dict[str, Empire]
    ships: list[Ship] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)  # of the turn just processed
    winner: str | None = None
    over: bool = False

    @property
    def finished(self) -> bool:
        return self.over

    @property
    def date(self) -> str:
        return date(self.turn)

    def output(self, system: System, empire: str) -> int:
        """The PV per fortnight `empire` may take from `system`: charted x1, own colony
        x3, own production x5, own home x10; none from another empire's system."""
        if system.owner is None:
            return system.base_pv if system.location in self.empires[empire].charted else 0
        if system.owner != empire:
            return 0
        if system.kind == "production":
            home = self.empires[empire].home == system.location
            return system.base_pv * PV_MULTIPLIER["home" if home else "production"]
        return system.base_pv * PV_MULTIPLIER["colony"]

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this state."""
        systems = {}
        for loc, system in self.systems.items():
            s = shallow(system)
            s.missiles = dict(system.missiles)
            systems[loc] = s
        empires = {}
        for eid, empire in self.empires.items():
            e = shallow(empire)
            e.designs, e.charted, e.known = (
                list(empire.designs),
                list(empire.charted),
                list(empire.known),
            )
            empires[eid] = e
        return replace(
            self,
            thresholds=list(self.thresholds),
            systems=systems,
            empires=empires,
            ships=[shallow(s) for s in self.ships],
            events=list(self.events),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "date": self.date,
            "winner": self.winner,
            "over": self.over,
            "thresholds": list(self.thresholds),
            "masters_return": self.masters_return,
            "empires": [e.to_data() for e in self.empires.values()],
            "system_columns": list(SYSTEM_COLUMNS),
            "systems": [self.systems[loc].to_data() for loc in sorted(self.systems)],
            "ship_columns": list(SHIP_COLUMNS),
            "ships": [s.to_data() for s in self.ships],
            "events": [event_to_data(e) for e in self.events],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameState:
        systems = [System.from_data(r) for r in data["systems"]]
        empires = [Empire.from_data(e) for e in data["empires"]]
        return cls(
            turn=int(data["turn"]),
            thresholds=[int(t) for t in data["thresholds"]],
            masters_return=int(data["masters_return"]),
            systems={s.location: s for s in systems},
            empires={e.id: e for e in empires},
            ships=[Ship.from_data(r) for r in data.get("ships") or []],
            events=[event_from_data(e) for e in data.get("events") or []],
            winner=None if data.get("winner") is None else str(data["winner"]),
            over=bool(data.get("over", False)),
        )
