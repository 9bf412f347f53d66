"""The Galac-Tac turn being resolved: the new state, its ships by owner and ID, the
fleets they form, and the events told so far.

Every phase of `resolve.py` reads and writes one `Turn`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from galbatch.engine.contract.rng import Streams
from galbatch.rules.galactac.events import Event, Failed
from galbatch.rules.galactac.galaxy import Location, location_text
from galbatch.rules.galactac.state import NONE, GameState, Ship, System


def empire_key(empire: str) -> tuple[int, str]:
    """Empires in id order: numerically when the ids are numbers ("2" before "10")."""
    return (int(empire), empire) if empire.isdigit() else (10**9, empire)


@dataclass
class Turn:
    """The state being built and the turn's bookkeeping."""

    state: GameState
    streams: Streams
    ships: dict[str, dict[int, Ship]] = field(init=False)  # owner: {ship ID: ship}
    taken: Counter[tuple[str, Location]] = field(default_factory=Counter)  # PV loaded
    moved: set[tuple[str, int]] = field(default_factory=set)  # ships that moved this turn
    no_output: set[Location] = field(default_factory=set)  # PV spent: downgraded, improved
    hidden: set[tuple[str, int]] = field(default_factory=set)  # scouts nobody caught
    escaped: set[tuple[str, int]] = field(default_factory=set)  # caught scouts that ran

    def __post_init__(self) -> None:
        self.ships = {e: {} for e in self.state.empires}
        for ship in self.state.ships:
            self.ships.setdefault(ship.owner, {})[ship.id] = ship

    def rng(self, purpose: str) -> random.Random:
        """The random stream of one concern of this turn."""
        return self.streams(purpose)

    def tell(self, event: Event) -> None:
        """Add an event to its empire's report."""
        self.state.events.append(event)

    def fail(self, empire: str, action: str, subject: object, reason: str) -> None:
        """Report an action that could not be carried out."""
        self.tell(Failed(empire, action, str(subject), reason))

    def empires(self) -> list[str]:
        """Every empire id in id order."""
        return sorted(self.state.empires, key=empire_key)

    def ship(self, owner: str, number: int) -> Ship | None:
        """The empire's ship of that ID, if it exists (in service or in drydock)."""
        return self.ships.get(owner, {}).get(number)

    def active(self, owner: str, number: int) -> Ship | None:
        """The empire's ship of that ID if it exists and is in service."""
        ship = self.ship(owner, number)
        return ship if ship is not None and ship.in_service else None

    def fleet_of(self, owner: str) -> list[Ship]:
        """An empire's ships in ID order."""
        ships = self.ships.get(owner, {})
        return [ships[n] for n in sorted(ships)]

    def all_ships(self) -> list[Ship]:
        """Every ship in (owner, ID) order."""
        return [s for owner in sorted(self.ships, key=empire_key) for s in self.fleet_of(owner)]

    def add_ship(self, ship: Ship) -> Ship:
        """Give a new ship its owner's next ship ID."""
        empire = self.state.empires[ship.owner]
        ship.id = empire.next_ship
        empire.next_ship += 1
        self.ships.setdefault(ship.owner, {})[ship.id] = ship
        return ship

    def remove_ship(self, ship: Ship) -> None:
        """Take a ship out of the game; its joined ships and hangared ships stay behind."""
        ships = self.ships.get(ship.owner, {})
        if ships.get(ship.id) is ship:
            del ships[ship.id]
        for other in self.fleet_of(ship.owner):
            if other.flagship == ship.id:
                other.flagship = ship.flagship
                if not other.flagship:
                    other.mission = ship.mission
            if other.carrier == ship.id:
                other.carrier = 0
                other.mission = NONE

    # Fleets

    def followers(self, ship: Ship) -> list[Ship]:
        """The ships JOINed directly to `ship`, in ID order."""
        return [s for s in self.fleet_of(ship.owner) if s.flagship == ship.id]

    def hangared(self, ship: Ship) -> list[Ship]:
        """The ships ASSIGNed to `ship`'s hangars, in ID order."""
        return [s for s in self.fleet_of(ship.owner) if s.carrier == ship.id]

    def fleet(self, ship: Ship) -> list[Ship]:
        """`ship` and every ship joined to it at any level, flagship first, then in
        ID order (hangared ships not included)."""
        found = [ship]
        seen = {ship.id}
        index = 0
        while index < len(found):
            for follower in self.followers(found[index]):
                if follower.id not in seen:
                    seen.add(follower.id)
                    found.append(follower)
            index += 1
        return [ship, *sorted(found[1:], key=lambda s: s.id)]

    def riders(self, ship: Ship) -> list[Ship]:
        """The fleet of `ship` with the ships in all its hangars: everything that goes
        where it goes."""
        fleet = self.fleet(ship)
        return fleet + [h for s in fleet for h in self.hangared(s)]

    def top(self, ship: Ship) -> Ship:
        """The main flagship of the fleet `ship` is in (itself if it is in none)."""
        current = ship
        seen = {ship.id}
        while current.flagship:
            parent = self.ship(current.owner, current.flagship)
            if parent is None or parent.id in seen:
                break
            seen.add(parent.id)
            current = parent
        return current

    def orders(self, ship: Ship) -> str:
        """The order a ship acts under: its main flagship's, or its carrier's fleet's
        for a hangared ship."""
        if ship.carrier:
            carrier = self.ship(ship.owner, ship.carrier)
            if carrier is not None and not carrier.carrier:
                return self.orders(carrier)
        return self.top(ship).mission.kind

    def separate(self, ship: Ship) -> None:
        """Take `ship` (and its sub-fleet) out of the fleet it is JOINed to."""
        ship.flagship = 0

    # Places

    def system(self, location: Location) -> System | None:
        return self.state.systems.get(location)

    def production(self, empire: str, location: Location) -> System | None:
        """The empire's own production system at `location`, if it is one."""
        system = self.state.systems.get(location)
        if system is not None and system.owner == empire and system.kind == "production":
            return system
        return None

    def ships_at(self, location: Location) -> list[Ship]:
        """Every ship in service at `location`, in (owner, ID) order."""
        return [s for s in self.all_ships() if s.location == location and s.in_service]

    def enemies_at(self, empire: str, location: Location) -> list[Ship]:
        """Ships of other empires at `location` ("an enemy ship is defined as one that
        belongs to another Empire") but the scouts nobody caught: "you will simply not
        know it's there", and "An undetected Scout ship will not abort a DESTROY"."""
        return [
            s
            for s in self.ships_at(location)
            if s.owner != empire
            and (s.owner, s.id) not in self.hidden
            and self.orders(s) != "SCOUT"
        ]

    def is_home(self, empire: str, location: Location) -> bool:
        return self.state.empires[empire].home == location

    def where(self, location: Location) -> str:
        return location_text(location)
