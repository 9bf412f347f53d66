"""The turn being resolved: the new state, its ships by number, and what happened so far.

Every phase of `resolve.py` reads and writes one `Turn`; the score of the turn is
collected in a `Tally` per player and summed up at the end (2.4).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from galbatch.engine.contract.rng import Streams
from galbatch.rules.conqueror.state import GameState, Planet, Ship
from galbatch.rules.conqueror.tables import (
    COMMUNICATION,
    COMMUNICATION_TABLE,
    MAX_SHIPS,
    tech_level,
)

ShipKey = tuple[str, int]  # (owner, ship number)


def player_key(player: str) -> tuple[int, str]:
    """Players in id order: numerically when the ids are numbers ("2" before "10")."""
    return (int(player), player) if player.isdigit() else (10**9, player)


def ship_key(ship: Ship) -> tuple[tuple[int, str], int]:
    """Ships in (owner, number) order."""
    return player_key(ship.owner), ship.number


@dataclass
class Tally:
    """One player's score events of the turn (2.4), before they are added up."""

    unused_pu: int = 0
    conquests: int = 0
    fortresses: int = 0
    ships: int = 0
    lost: int = 0
    reward_offered: int = 0
    rewards_earned: int = 0
    rewards_paid: int = 0
    bonus: int = 0


@dataclass
class Turn:
    """The state being built and the turn's bookkeeping."""

    state: GameState
    streams: Streams
    fleets: dict[str, dict[int, Ship]] = field(init=False)  # owner: {ship number: ship}
    tally: dict[str, Tally] = field(init=False)
    levels: dict[str, list[int]] = field(init=False)  # TLs at the start of the turn
    invested: Counter[tuple[int, int]] = field(default_factory=Counter)  # (planet, yard): PU
    espionage: Counter[tuple[str, int]] = field(default_factory=Counter)  # (player, target): PU
    corruption: Counter[tuple[str, int]] = field(default_factory=Counter)
    corrupted: dict[tuple[str, int], int] = field(default_factory=dict)  # loyalty moved
    turned: set[int] = field(default_factory=set)  # planets whose loyalty corruption lowered
    transfers: list[tuple[Ship, str]] = field(default_factory=list)  # (ship, receiver)
    moved: set[ShipKey] = field(default_factory=set)
    offered: set[str] = field(default_factory=set)  # players who offered a reward this turn
    attacked: set[int] = field(default_factory=set)
    conquered: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.fleets = {p: {} for p in self.state.players}
        for ship in self.state.ships:
            self.fleets.setdefault(ship.owner, {})[ship.number] = ship
        self.tally = {p: Tally() for p in self.state.players}
        self.levels = {
            p.id: [tech_level(pu) for pu in p.research] for p in self.state.players.values()
        }

    def rng(self, purpose: str) -> random.Random:
        """The random stream of one concern of this turn."""
        return self.streams(purpose)

    def tech(self, player: str | None, area: int) -> int:
        """A player's TL in a research area; neutral planets have TL 0 in everything."""
        if player is None or player not in self.state.players:
            return 0
        return tech_level(self.state.players[player].research[area])

    def radius(self, player: str) -> int:
        """The communication radius of table 5.5 at the player's CTL."""
        return COMMUNICATION_TABLE[self.tech(player, COMMUNICATION)].radius

    def tell(self, player: str | None, text: str) -> None:
        """Add a message to a player's report (neutral planets hear nothing)."""
        if player is not None and player in self.state.players:
            self.state.players[player].messages.append(text)

    def reveal(self, player: str, planet: int) -> None:
        """Let a player know where a planet is."""
        known = self.state.players[player].known
        if planet not in known:
            known.append(planet)

    def explore(self, player: str, planet: int) -> None:
        """Give a player an exploration report of a planet (and its position)."""
        if (player, planet) not in self.state.explorations:
            self.state.explorations.append((player, planet))
        self.reveal(player, planet)

    def name(self, player: str | None) -> str:
        """A player's name as printed, NEUTRAL for nobody."""
        return self.state.name_of(player)

    def ship(self, owner: str, number: int) -> Ship | None:
        """The player's ship of that number, if it still exists."""
        return self.fleets.get(owner, {}).get(number)

    def fleet(self, owner: str) -> list[Ship]:
        """A player's ships in number order."""
        ships = self.fleets.get(owner, {})
        return [ships[n] for n in sorted(ships)]

    def task_force(self, owner: str, number: int) -> list[Ship]:
        """The ships of a player's task force, in number order."""
        return [s for s in self.fleet(owner) if s.task_force == number]

    def sorted_ships(self) -> list[Ship]:
        """Every ship in (owner, number) order."""
        return [ship for owner in sorted(self.fleets, key=player_key) for ship in self.fleet(owner)]

    def fleet_size(self, owner: str) -> int:
        return len(self.fleets.get(owner, {}))

    def has_room(self, owner: str) -> bool:
        """True if a player owns fewer than the 200 ships allowed (2.2.1)."""
        return self.fleet_size(owner) < MAX_SHIPS

    def add_ship(self, owner: str, ship: Ship) -> Ship:
        """Give a ship to a player under his next ship number."""
        me = self.state.players[owner]
        ship.owner, ship.number, ship.task_force = owner, me.next_ship, 0
        me.next_ship += 1
        self.fleets.setdefault(owner, {})[ship.number] = ship
        return ship

    def remove_ship(self, ship: Ship) -> None:
        """Take a ship out of the game (destroyed, scrapped, surrendered, transferred)."""
        ships = self.fleets.get(ship.owner, {})
        if ships.get(ship.number) is ship:
            del ships[ship.number]

    def change_owner(self, ship: Ship, owner: str) -> None:
        """Move a ship into another player's fleet under a new number."""
        self.remove_ship(ship)
        self.add_ship(owner, ship)

    def planets(self) -> list[Planet]:
        """Every planet in number order."""
        return [self.state.planets[n] for n in sorted(self.state.planets)]

    def players(self) -> list[str]:
        """Every player id in id order."""
        return sorted(self.state.players, key=player_key)

    def in_orbit(self) -> dict[int, list[Ship]]:
        """The ships in orbit of each planet, in (owner, number) order."""
        orbits: dict[int, list[Ship]] = {}
        for ship in self.sorted_ships():
            if ship.position:
                orbits.setdefault(ship.position, []).append(ship)
        return orbits


def owners(ships: Iterable[Ship]) -> list[str]:
    """The players who own some of these ships, in id order."""
    return sorted({s.owner for s in ships}, key=player_key)
