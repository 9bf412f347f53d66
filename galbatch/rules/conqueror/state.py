"""Galactic Conqueror's game state: planets on a 2-D field, fleets, research, score.

The state converts to and from plain data; planets and ships are stored as
compact rows (one list each) so that 50 players with 200 ships load fast.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from galbatch.engine.contract.copying import shallow

NEUTRAL = "NEUTRAL"
CARGO_KINDS = 9  # table 5.3: cargo types 1..9
AREAS = 7  # 3.12: research areas 0..6


@dataclass
class Shipyard:
    """One of up to 3 shipyards on a planet (2.1.7)."""

    size: int = 0  # PU that can be invested a turn; 0 = no shipyard yet
    ship_class: int = 0  # class produced; 0 = spares
    invested: int = 0  # PU in the yard, not yet turned into a ship
    surcharge: bool = True  # the next ship is the first of its class here: +50 percent

    def row(self) -> list[int]:
        return [self.size, self.ship_class, self.invested, int(self.surcharge)]

    @classmethod
    def from_row(cls, row: list[Any]) -> Shipyard:
        return cls(int(row[0]), int(row[1]), int(row[2]), bool(row[3]))


@dataclass
class Planet:
    """A planet and every value of 2.1."""

    number: int
    x: int
    y: int
    owner: str | None = None  # player id; None is neutral
    home: str | None = None  # the player whose home planet this was at the start
    pu: int = 0  # PU available this turn (2.1.1); cannot be stored
    mpu: int = 0  # stored mine, refinery and farm products
    rpu: int = 0
    apu: int = 0
    factories: int = 0
    mines: int = 0
    refineries: int = 0
    farms: int = 0
    m_kits: int = 0
    r_kits: int = 0
    a_kits: int = 0
    f_kits: int = 0
    population: int = 0
    loyalty: int = 10
    fortresses: int = 0
    natural_defence: int = 5
    spares: int = 0
    ships_in_orbit: int = 0  # all ships in orbit at the end of the turn (2.1.6)
    bonus: int = 0  # score points for the first conqueror of a bonus planet
    espionage_guard: int = 0  # PU the owner invested in espionage on his own planet this turn
    yards: list[Shipyard] = field(default_factory=list)

    INTS = (
        "number",
        "x",
        "y",
        "pu",
        "mpu",
        "rpu",
        "apu",
        "factories",
        "mines",
        "refineries",
        "farms",
        "m_kits",
        "r_kits",
        "a_kits",
        "f_kits",
        "population",
        "loyalty",
        "fortresses",
        "natural_defence",
        "spares",
        "ships_in_orbit",
        "bonus",
        "espionage_guard",
    )
    ROW = (*INTS, "owner", "home", "yards")

    def row(self) -> list[Any]:
        return [
            *(getattr(self, name) for name in self.INTS),
            self.owner,
            self.home,
            [y.row() for y in self.yards],
        ]

    @classmethod
    def from_row(cls, row: list[Any]) -> Planet:
        n = len(cls.INTS)
        values = {name: int(v) for name, v in zip(cls.INTS, row[:n], strict=True)}
        owner = None if row[n] is None else str(row[n])
        home = None if row[n + 1] is None else str(row[n + 1])
        yards = [Shipyard.from_row(y) for y in row[n + 2]]
        return cls(**values, owner=owner, home=home, yards=yards)


@dataclass
class Ship:
    """A ship and every field of the fleet report (2.2.1)."""

    number: int  # the owner's ship number, used in commands
    owner: str
    ship_class: int
    armament: int  # TLs fixed when built
    shield: int
    propulsion: int
    position: int  # planet in whose orbit the ship is; 0 while flying
    destination: int = 0
    rest: int = 0  # remaining distance to the destination
    task_force: int = 0
    kills: int = 0
    damage: int = 0  # hits taken; current defence = class defence - damage
    cargo: list[int] = field(default_factory=lambda: [0] * 9)  # transport units per kind 1..9

    INTS = (
        "number",
        "ship_class",
        "armament",
        "shield",
        "propulsion",
        "position",
        "destination",
        "rest",
        "task_force",
        "kills",
        "damage",
    )
    ROW = ("owner", *INTS, "cargo")

    def row(self) -> list[Any]:
        return [self.owner, *(getattr(self, name) for name in self.INTS), list(self.cargo)]

    @classmethod
    def from_row(cls, row: list[Any]) -> Ship:
        v = [int(x) for x in row[1:12]]  # INTS, in the order of the fields
        cargo = [int(c) for c in row[12]]
        return cls(
            v[0], str(row[0]), v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], cargo
        )


@dataclass
class Player:
    """A player: name, technology, research invested, score, reward, what is known."""

    id: str
    name: str
    account: int
    score: int = 0
    research: list[int] = field(default_factory=lambda: [0] * AREAS)  # accumulated PU per area
    reward: tuple[int, int] = (0, 0)  # (points, target player number); (0, 0) none
    next_ship: int = 1  # the number the next new ship gets
    known: list[int] = field(default_factory=list)  # planets whose position is known, sorted
    messages: list[str] = field(default_factory=list)  # this turn's messages, in order
    breakdown: list[tuple[str, int]] = field(default_factory=list)  # this turn's score parts


@dataclass(frozen=True)
class BattleReport:
    """What happened at one planet: sides, rounds, losses and who holds it."""

    planet: int
    sides: tuple[str, ...]  # player ids (and NEUTRAL) that took part, defender first
    lines: tuple[str, ...]  # the report as printed, in the players' words
    owner_after: str | None


@dataclass
class GameState:
    """The whole game between two turns."""

    turn: int
    final_score: int  # the game ends when a player reaches it (game.yaml)
    width: int  # the field is width x height
    height: int
    planets: dict[int, Planet]
    players: dict[str, Player]
    ships: list[Ship] = field(default_factory=list)
    battles: list[BattleReport] = field(default_factory=list)  # of the turn just processed
    explorations: list[tuple[str, int]] = field(default_factory=list)  # (player, planet) reports
    broadcasts: list[str] = field(default_factory=list)  # messages to everyone this turn
    # messages to every player but some (3.8: a big ship's transfer, not to its two players)
    announcements: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    winner: str | None = None

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def name_of(self, player: str | None) -> str:
        return NEUTRAL if player is None else self.players[player].name

    def fleet(self, player: str) -> list[Ship]:
        return [s for s in self.ships if s.owner == player]

    def owned_by(self, player: str) -> list[Planet]:
        return [p for p in self.planets.values() if p.owner == player]

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this state (`copy.deepcopy`, faster)."""
        planets = {}
        for n, planet in self.planets.items():
            p = shallow(planet)
            p.yards = [shallow(y) for y in planet.yards]
            planets[n] = p
        players = {}
        for pid, player in self.players.items():
            q = shallow(player)
            q.research, q.known = list(player.research), list(player.known)
            q.messages, q.breakdown = list(player.messages), list(player.breakdown)
            players[pid] = q
        ships = []
        for ship in self.ships:
            s = shallow(ship)
            s.cargo = list(ship.cargo)
            ships.append(s)
        return replace(
            self,
            planets=planets,
            players=players,
            ships=ships,
            battles=list(self.battles),
            explorations=list(self.explorations),
            broadcasts=list(self.broadcasts),
            announcements=list(self.announcements),
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "final_score": self.final_score,
            "field": [self.width, self.height],
            "winner": self.winner,
            "players": [
                {
                    "id": p.id,
                    "name": p.name,
                    "account": p.account,
                    "score": p.score,
                    "research": list(p.research),
                    "reward": list(p.reward),
                    "next_ship": p.next_ship,
                    "known": list(p.known),
                    "messages": list(p.messages),
                    "breakdown": [list(b) for b in p.breakdown],
                }
                for p in self.players.values()
            ],
            "planet_columns": list(Planet.ROW),
            "planets": [p.row() for p in sorted(self.planets.values(), key=lambda p: p.number)],
            "ship_columns": list(Ship.ROW),
            "ships": [s.row() for s in self.ships],
            "battles": [
                [b.planet, list(b.sides), list(b.lines), b.owner_after] for b in self.battles
            ],
            "explorations": [list(e) for e in self.explorations],
            "broadcasts": list(self.broadcasts),
            "announcements": [[text, list(not_to)] for text, not_to in self.announcements],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameState:
        players = {}
        for p in data["players"]:
            players[str(p["id"])] = Player(
                str(p["id"]),
                str(p["name"]),
                int(p["account"]),
                int(p["score"]),
                [int(v) for v in p["research"]],
                (int(p["reward"][0]), int(p["reward"][1])),
                int(p["next_ship"]),
                [int(v) for v in p["known"]],
                [str(m) for m in p["messages"]],
                [(str(b[0]), int(b[1])) for b in p.get("breakdown") or []],
            )
        width, height = data["field"]
        return cls(
            turn=int(data["turn"]),
            final_score=int(data["final_score"]),
            width=int(width),
            height=int(height),
            planets={int(r[0]): Planet.from_row(r) for r in data["planets"]},
            players=players,
            ships=[Ship.from_row(r) for r in data.get("ships") or []],
            battles=[
                BattleReport(
                    int(b[0]),
                    tuple(str(s) for s in b[1]),
                    tuple(str(x) for x in b[2]),
                    None if b[3] is None else str(b[3]),
                )
                for b in data.get("battles") or []
            ],
            explorations=[(str(e[0]), int(e[1])) for e in data.get("explorations") or []],
            broadcasts=[str(m) for m in data.get("broadcasts") or []],
            announcements=[
                (str(a[0]), tuple(str(p) for p in a[1])) for a in data.get("announcements") or []
            ],
            winner=None if data.get("winner") is None else str(data["winner"]),
        )
