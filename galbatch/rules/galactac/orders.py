"""Galac-Tac's 35 actions, one frozen dataclass each (ACTION SYNTAX SUMMARY).

Each action carries its phase from the ACTION SUMMARY SHEET: Before [B] actions
take effect in the order they are issued, Movement [M] actions move ships (the last
one given to a ship wins) and After [A] actions come after combat. An action that
takes a pair of arguments twice (`TO 1523 45-23 1524 60-23`) or a list
(`DEFEND 1 2 3 4 5`) holds a tuple of them, in the order written; where the book
allows a blank or zero (`ATTACK 4017 70-63`), the field has that default.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from galbatch.engine.language.frozen import frozen

Phase = Literal["B", "M", "A"]


@frozen(order=True)
class Location:
    """A star's place on the map, written YY-XX, "down then across": 00-00 to 99-99."""

    y: int
    x: int

    def text(self) -> str:
        return f"{self.y:02d}-{self.x:02d}"


@frozen
class ShipTo:
    """A ship and where it goes: one half of TO, CHART, SECURE and DESTROY."""

    ship: int
    location: Location

    def text(self) -> str:
        return f"{self.ship} {self.location.text()}"


@frozen
class Cargo:
    """A quantity of one item (PV, PI or MISSILES): one half of LOAD and UNLOAD."""

    quantity: int
    item: str  # PV, PI or MISSILES once read; another word as written (upper case)

    def text(self) -> str:
        return f"{self.quantity} {self.item}"


@frozen
class Stock:
    """A Production System and a number (of missiles, of PI): half of MISSILES, RESEARCH."""

    location: Location
    quantity: int

    def text(self) -> str:
        return f"{self.location.text()} {self.quantity}"


@frozen
class Renaming:
    """A System and its new name: one half of DOWNGRADE (the name is optional there)."""

    location: Location
    name: str = ""

    def text(self) -> str:
        return f"{self.location.text()} {self.name}".rstrip()


EMPIRE: Literal["EMPIRE"] = "EMPIRE"  # NAME's [What] for the empire's own name


@frozen
class Naming:
    """What is named (a System's Location, a ship's ID, or EMPIRE) and its new name."""

    what: Location | int | Literal["EMPIRE"]
    name: str

    def text(self) -> str:
        what = self.what.text() if isinstance(self.what, Location) else str(self.what)
        return f"{what} {self.name}"


@frozen
class MapRequest:
    """One map: its type (WHOLE, QUAD or PV) and the Location it is centred on, if any."""

    kind: str  # WHOLE, QUAD or PV once read; another word as written (upper case)
    center: Location | None = None

    def text(self) -> str:
        return self.kind if self.center is None else f"{self.kind} {self.center.text()}"


def _ids(ships: tuple[int, ...]) -> str:
    return " ".join(str(s) for s in ships)


def _locs(locations: tuple[Location, ...]) -> str:
    return " ".join(x.text() for x in locations)


def _pairs(pairs: tuple[ShipTo, ...] | tuple[Cargo, ...] | tuple[Stock, ...]) -> str:
    return " ".join(p.text() for p in pairs)


# ---- Empire actions ----------------------------------------------------------------------


@frozen
class Capital:
    """CAPITAL 10-54 NEWHOME: move the Home System to another Production System (150 PI)."""

    PHASE: ClassVar[Phase] = "A"
    WORD: ClassVar[str] = "CAPITAL"
    location: Location
    name: str = ""  # optional: the new Capital's new name

    def text(self) -> str:
        return f"CAPITAL {self.location.text()} {self.name}".rstrip()


@frozen
class Classify:
    """CLASSIFY ST Station 14D+30P+5T30//: add a design (code, name, rating) to the table."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "CLASSIFY"
    code: str  # 1-4 of A-Z 0-9
    name: str  # up to 15 of A-Z 0-9 - , ; and blank
    rating: str  # the design rating as written (see the ship design section)

    def text(self) -> str:
        return f"CLASSIFY {self.code} {self.name} {self.rating}"


@frozen
class Declassify:
    """DECLASSIFY SC: delete up to five designs no ship is built to any more."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "DECLASSIFY"
    codes: tuple[str, ...]

    def text(self) -> str:
        return "DECLASSIFY " + " ".join(self.codes)


@frozen
class Map:
    """MAP QUAD 10-54 PV: print up to two maps; MAP QUAD QUAD prints the whole galaxy
    as four quadrant pages."""

    PHASE: ClassVar[Phase] = "A"
    WORD: ClassVar[str] = "MAP"
    maps: tuple[MapRequest, ...]

    @property
    def four_quadrants(self) -> bool:
        """The special MAP QUAD QUAD: four pages covering the whole galaxy."""
        quad = MapRequest("QUAD")
        return self.maps == (quad, quad)

    def text(self) -> str:
        return "MAP " + " ".join(m.text() for m in self.maps)


@frozen
class Name:
    """NAME 05-27 SAMPLE 1201 DEFIANT: rename Systems, ships or (EMPIRE) the empire."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "NAME"
    namings: tuple[Naming, ...]

    def text(self) -> str:
        return "NAME " + " ".join(n.text() for n in self.namings)


@frozen
class Shipyard:
    """SHIPYARD SSD- CODE: print the Shipyard report, up to five times, each in a sort."""

    PHASE: ClassVar[Phase] = "A"
    WORD: ClassVar[str] = "SHIPYARD"
    sorts: tuple[str, ...] = ()  # SSD+ SSD- NAME CODE; none: one report by SSD+

    def text(self) -> str:
        return " ".join(("SHIPYARD", *self.sorts))


# ---- System actions ----------------------------------------------------------------------


@frozen
class Build:
    """BUILD 34-11 SC1 Scout Scout Scout: build up to three ships of one design, one a name."""

    PHASE: ClassVar[Phase] = "A"
    WORD: ClassVar[str] = "BUILD"
    location: Location
    code: str  # a design code or one of the Masters' (FT1, CV1J)
    names: tuple[str, ...]  # one name for each ship built

    def text(self) -> str:
        return " ".join(("BUILD", self.location.text(), self.code, *self.names))


@frozen
class Downgrade:
    """DOWNGRADE 23-64 OLDWORLD: reduce Production Systems to Colonies, renaming them."""

    PHASE: ClassVar[Phase] = "A"
    WORD: ClassVar[str] = "DOWNGRADE"
    systems: tuple[Renaming, ...]

    def text(self) -> str:
        return "DOWNGRADE " + " ".join(s.text() for s in self.systems)


@frozen
class Missiles:
    """MISSILES 34-11 10: build missiles (1 PI each) into Production Systems' stockpiles."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "MISSILES"
    builds: tuple[Stock, ...]

    def text(self) -> str:
        return "MISSILES " + _pairs(self.builds)


@frozen
class Research:
    """RESEARCH 34-11 100: Production Systems spend PI on the Empire's R&D."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "RESEARCH"
    spending: tuple[Stock, ...]

    def text(self) -> str:
        return "RESEARCH " + _pairs(self.spending)


# ---- Ship actions ------------------------------------------------------------------------


@frozen
class Assign:
    """ASSIGN 1801 1802: put up to four small ships in the mother ship's hangar bays."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "ASSIGN"
    mothership: int
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"ASSIGN {self.mothership} {_ids(self.ships)}"


@frozen
class Attack:
    """ATTACK 4017 70-63 200: attack a System, called off above Max SSD (0: always)."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "ATTACK"
    ship: int
    location: Location
    max_ssd: int = 0

    def text(self) -> str:
        extra = f" {self.max_ssd}" if self.max_ssd else ""
        return f"ATTACK {self.ship} {self.location.text()}{extra}"


@frozen
class Chart:
    """CHART 1524 55-44 1525 60-23: move into Systems and chart their base PV."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "CHART"
    moves: tuple[ShipTo, ...]

    def text(self) -> str:
        return "CHART " + _pairs(self.moves)


@frozen
class Colonize:
    """COLONIZE 1003 35-42 MARS: take 10 PI to a charted System and make it a Colony."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "COLONIZE"
    ship: int
    location: Location
    name: str = ""  # optional: the Colony's name

    def text(self) -> str:
        return f"COLONIZE {self.ship} {self.location.text()} {self.name}".rstrip()


@frozen
class Combat:
    """COMBAT 1234 0 3 2 200: target codes (0-6) for an attacking fleet's drones, P-types
    and T-types, and the enemy SSD below which T-types hold fire; all 0 cancels."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "COMBAT"
    flagship: int
    drone: int = 0
    p_type: int = 0
    t_type: int = 0
    min_ssd: int = 0

    @property
    def cancels(self) -> bool:
        """All targets and the SSD 0 or left out: "any previous COMBAT controls are cancelled"."""
        return self.drone == self.p_type == self.t_type == self.min_ssd == 0

    def text(self) -> str:
        return f"COMBAT {self.flagship} {self.drone} {self.p_type} {self.t_type} {self.min_ssd}"


@frozen
class Defend:
    """DEFEND 1201 1202: lock ships/fleets down in defence of the System they are in."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "DEFEND"
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"DEFEND {_ids(self.ships)}"


@frozen
class Destroy:
    """DESTROY 3118 35-42: take 20 PI to an enemy Colony/Production System and destroy it."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "DESTROY"
    moves: tuple[ShipTo, ...]

    def text(self) -> str:
        return "DESTROY " + _pairs(self.moves)


@frozen
class Detach:
    """DETACH 1201: take ships out of their fleets (or hangars); their orders become NONE."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "DETACH"
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"DETACH {_ids(self.ships)}"


@frozen
class Develop:
    """DEVELOP 1003 35-42 NEWMARS: take 30 PI to a Colony and make it a Production System."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "DEVELOP"
    ship: int
    location: Location
    name: str = ""  # optional: the Production System's new name

    def text(self) -> str:
        return f"DEVELOP {self.ship} {self.location.text()} {self.name}".rstrip()


@frozen
class Join:
    """JOIN 4103 4104 4105 4106: join up to four ships to a flagship's fleet."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "JOIN"
    flagship: int
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"JOIN {self.flagship} {_ids(self.ships)}"


@frozen
class Load:
    """LOAD 1805 10 PI 10 MISS: load up to two items from the System into the cargo bays."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "LOAD"
    ship: int
    cargo: tuple[Cargo, ...]

    def text(self) -> str:
        return f"LOAD {self.ship} {_pairs(self.cargo)}"


@frozen
class Patrol:
    """PATROL 1201: put ships/fleets on patrol against scouts in the System they are in."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "PATROL"
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"PATROL {_ids(self.ships)}"


@frozen
class Refit:
    """REFIT 1201: raise ships/fleets in a Production System to the current Tech Level."""

    PHASE: ClassVar[Phase] = "A"
    WORD: ClassVar[str] = "REFIT"
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"REFIT {_ids(self.ships)}"


@frozen
class Reload:
    """RELOAD 1201: refill the ships' empty T-type missile racks."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "RELOAD"
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"RELOAD {_ids(self.ships)}"


@frozen
class Repair:
    """REPAIR 1201: remove all damage from ships/fleets (1 PI per SSD lost)."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "REPAIR"
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"REPAIR {_ids(self.ships)}"


@frozen
class Scout:
    """SCOUT 1523 45-23 48-30 52-25 55-40: move cautiously into up to four Systems in turn."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "SCOUT"
    ship: int
    route: tuple[Location, ...]

    def text(self) -> str:
        return f"SCOUT {self.ship} {_locs(self.route)}"


@frozen
class Scrap:
    """SCRAP 1201: turn ships/fleets (even under construction) into PI."""

    PHASE: ClassVar[Phase] = "A"
    WORD: ClassVar[str] = "SCRAP"
    ships: tuple[int, ...]

    def text(self) -> str:
        return f"SCRAP {_ids(self.ships)}"


@frozen
class Secure:
    """SECURE 3118 35-42: move to Systems and attack them at all costs."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "SECURE"
    moves: tuple[ShipTo, ...]

    def text(self) -> str:
        return "SECURE " + _pairs(self.moves)


@frozen
class Sentry:
    """SENTRY 1201 10-10 10-20: a moving sentry over up to four Systems, one a fortnight."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "SENTRY"
    ship: int
    route: tuple[Location, ...]

    def text(self) -> str:
        return f"SENTRY {self.ship} {_locs(self.route)}"


@frozen
class Shuttle:
    """SHUTTLE 2201 99-15 85-23: a cargo run between up to four Systems (PV to production)."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "SHUTTLE"
    ship: int
    route: tuple[Location, ...]

    def text(self) -> str:
        return f"SHUTTLE {self.ship} {_locs(self.route)}"


@frozen
class Standing:
    """STANDING 1234 0 3 2 200: COMBAT's targets for a fleet under DEFEND orders."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "STANDING"
    flagship: int
    drone: int = 0
    p_type: int = 0
    t_type: int = 0
    min_ssd: int = 0

    @property
    def cancels(self) -> bool:
        """As for COMBAT ("otherwise identical"): all 0 or left out cancels earlier controls."""
        return self.drone == self.p_type == self.t_type == self.min_ssd == 0

    def text(self) -> str:
        return f"STANDING {self.flagship} {self.drone} {self.p_type} {self.t_type} {self.min_ssd}"


@frozen
class To:
    """TO 1523 45-23 1524 60-23: simply move ships/fleets (neither hostile nor cautious)."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "TO"
    moves: tuple[ShipTo, ...]

    def text(self) -> str:
        return "TO " + _pairs(self.moves)


@frozen
class Tow:
    """TOW 1201 1202 10-54: one ship tows another to a System at half its speed."""

    PHASE: ClassVar[Phase] = "M"
    WORD: ClassVar[str] = "TOW"
    towing: int
    towed: int
    location: Location

    def text(self) -> str:
        return f"TOW {self.towing} {self.towed} {self.location.text()}"


@frozen
class Transfer:
    """TRANSFER 1201 1202 10 PI: move cargo between two ships in the same System."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "TRANSFER"
    source: int
    target: int
    cargo: Cargo

    def text(self) -> str:
        return f"TRANSFER {self.source} {self.target} {self.cargo.text()}"


@frozen
class Unload:
    """UNLOAD 1805 10 PI: unload up to two items into the System's stockpiles."""

    PHASE: ClassVar[Phase] = "B"
    WORD: ClassVar[str] = "UNLOAD"
    ship: int
    cargo: tuple[Cargo, ...]

    def text(self) -> str:
        return f"UNLOAD {self.ship} {_pairs(self.cargo)}"


Action = (
    Assign
    | Attack
    | Build
    | Capital
    | Chart
    | Classify
    | Colonize
    | Combat
    | Declassify
    | Defend
    | Destroy
    | Detach
    | Develop
    | Downgrade
    | Join
    | Load
    | Map
    | Missiles
    | Name
    | Patrol
    | Refit
    | Reload
    | Repair
    | Research
    | Scout
    | Scrap
    | Secure
    | Sentry
    | Shipyard
    | Shuttle
    | Standing
    | To
    | Tow
    | Transfer
    | Unload
)

# The ACTION SYNTAX SUMMARY, in its order: the action word and its dataclass.
ACTIONS: tuple[type[Action], ...] = (
    Assign,
    Attack,
    Build,
    Capital,
    Chart,
    Classify,
    Colonize,
    Combat,
    Declassify,
    Defend,
    Destroy,
    Detach,
    Develop,
    Downgrade,
    Join,
    Load,
    Map,
    Missiles,
    Name,
    Patrol,
    Refit,
    Reload,
    Repair,
    Research,
    Scout,
    Scrap,
    Secure,
    Sentry,
    Shipyard,
    Shuttle,
    Standing,
    To,
    Tow,
    Transfer,
    Unload,
)
BY_WORD: dict[str, type[Action]] = {a.WORD: a for a in ACTIONS}
