"""Galactic Conflict's game state: worlds on a hex sheet, players, units in flight.

The state converts to and from plain data (dicts, lists, ints, strings) so the
engine can store it; worlds are stored as compact rows, not a mapping each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from galbatch.rules.conflict.orders import NEUTRAL, Movable

# The memory of a world: (item, econ) pairs, item one of A D F P C, or ("E", 0)
# for an Econ increase. These are the orders reused next turn.
Memory = tuple[tuple[str, int], ...]


@dataclass
class World:
    """One star's inhabitable world and everything on it."""

    number: int
    col: int
    row: int
    owner: str | None = None  # player id; None is NEUTRAL
    econ: int = 0
    cp: int = 0
    af: int = 0
    df: int = 0
    ft: int = 0
    probes: int = 0
    memory: Memory = ()

    ROW = ("number", "col", "row", "owner", "econ", "cp", "af", "df", "ft", "probes", "memory")

    def row_data(self) -> list[Any]:
        memory = ";".join(f"{item}{econ}" for item, econ in self.memory)
        return [
            self.number,
            self.col,
            self.row,
            self.owner,
            self.econ,
            self.cp,
            self.af,
            self.df,
            self.ft,
            self.probes,
            memory,
        ]

    @classmethod
    def from_row(cls, row: list[Any]) -> World:
        memory = tuple((part[0], int(part[1:])) for part in str(row[10]).split(";") if part)
        owner = None if row[3] is None else str(row[3])
        econ, cp, af, df, ft, probes = (int(v) for v in row[4:10])
        return cls(
            int(row[0]),
            int(row[1]),
            int(row[2]),
            owner,
            econ=econ,
            cp=cp,
            af=af,
            df=df,
            ft=ft,
            probes=probes,
            memory=memory,
        )


@dataclass
class Flight:
    """Units on a move, attack or probe that arrives in a later turn."""

    owner: str  # player id who owns the units while they travel
    kind: str  # "A" attack, "M" move, "P" probe launch
    unit: Movable
    origin: int
    dest: int
    count: int
    arrives: int  # the turn in whose processing they arrive

    ROW = ("owner", "kind", "unit", "origin", "dest", "count", "arrives")

    def row_data(self) -> list[Any]:
        return [self.owner, self.kind, self.unit, self.origin, self.dest, self.count, self.arrives]

    @classmethod
    def from_row(cls, row: list[Any]) -> Flight:
        return cls(
            str(row[0]), str(row[1]), row[2], int(row[3]), int(row[4]), int(row[5]), int(row[6])
        )


@dataclass
class Player:
    """A position in the game: its code name, account number and score."""

    id: str
    name: str  # code name, upper case
    account: int
    score: int = 0
    contacts: tuple[str, ...] = ()  # ids of players met, in id order


@dataclass(frozen=True)
class Battle:
    """An attack on a world and its outcome, as the attack report prints it."""

    world: int
    defender: str | None  # player id, None for NEUTRAL
    defended: tuple[int, int, int]  # AF, DF, FT the defender defended with
    attackers: tuple[tuple[str, int], ...]  # (player id, AF), in id order
    owner_after: str | None
    losses: tuple[tuple[str, int], ...] = ()  # (player id or NEUTRAL, units lost)


@dataclass(frozen=True)
class Executed:
    """An order carried out at a world, listed under it on its giver's printout."""

    player: str
    world: int
    text: str
    note: str = ""  # "REUSED", "REDUCED FROM 15", ...


@dataclass(frozen=True)
class TurnReport:
    """What happened in the turn that produced a state: the printouts' raw material."""

    battles: tuple[Battle, ...] = ()
    probed: tuple[int, ...] = ()  # worlds probed this turn (the word <<Probed>>)
    probe_reports: tuple[tuple[str, int], ...] = ()  # (prober, world): only the prober sees it
    transfers: tuple[tuple[int, str, str], ...] = ()  # (world, from id, to id)
    executed: tuple[Executed, ...] = ()
    arrivals: tuple[tuple[str, int, str, int], ...] = ()  # (player, world, unit, count)


@dataclass
class GameState:
    """The whole game between two turns."""

    turn: int
    end_turn: int  # the turn the game ends on; never shown to players
    worlds: dict[int, World]
    players: dict[str, Player]
    flights: list[Flight] = field(default_factory=list)
    report: TurnReport = field(default_factory=TurnReport)
    cols: int = 0
    rows: int = 0

    @property
    def finished(self) -> bool:
        return self.turn >= self.end_turn

    def name_of(self, player: str | None) -> str:
        return NEUTRAL if player is None else self.players[player].name

    def owned_by(self, player: str) -> list[World]:
        return [w for w in self.worlds.values() if w.owner == player]

    def to_data(self) -> dict[str, Any]:
        r = self.report
        return {
            "turn": self.turn,
            "end_turn": self.end_turn,
            "sheet": [self.cols, self.rows],
            "players": [
                [p.id, p.name, p.account, p.score, list(p.contacts)] for p in self.players.values()
            ],
            "world_columns": list(World.ROW),
            "worlds": [w.row_data() for w in sorted(self.worlds.values(), key=lambda w: w.number)],
            "flight_columns": list(Flight.ROW),
            "flights": [f.row_data() for f in self.flights],
            "report": {
                "battles": [
                    [
                        b.world,
                        b.defender,
                        list(b.defended),
                        [list(a) for a in b.attackers],
                        b.owner_after,
                        [list(x) for x in b.losses],
                    ]
                    for b in r.battles
                ],
                "probed": list(r.probed),
                "probe_reports": [list(x) for x in r.probe_reports],
                "transfers": [list(x) for x in r.transfers],
                "executed": [[e.player, e.world, e.text, e.note] for e in r.executed],
                "arrivals": [list(x) for x in r.arrivals],
            },
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameState:
        players = {
            str(p[0]): Player(
                str(p[0]), str(p[1]), int(p[2]), int(p[3]), tuple(str(c) for c in p[4])
            )
            for p in data["players"]
        }
        worlds = {int(row[0]): World.from_row(row) for row in data["worlds"]}
        flights = [Flight.from_row(row) for row in data.get("flights") or []]
        r = data.get("report") or {}
        report = TurnReport(
            battles=tuple(
                Battle(
                    int(b[0]),
                    None if b[1] is None else str(b[1]),
                    (int(b[2][0]), int(b[2][1]), int(b[2][2])),
                    tuple((str(a[0]), int(a[1])) for a in b[3]),
                    None if b[4] is None else str(b[4]),
                    tuple((str(x[0]), int(x[1])) for x in b[5]),
                )
                for b in r.get("battles") or []
            ),
            probed=tuple(int(w) for w in r.get("probed") or []),
            probe_reports=tuple((str(x[0]), int(x[1])) for x in r.get("probe_reports") or []),
            transfers=tuple((int(x[0]), str(x[1]), str(x[2])) for x in r.get("transfers") or []),
            executed=tuple(
                Executed(str(e[0]), int(e[1]), str(e[2]), str(e[3]))
                for e in r.get("executed") or []
            ),
            arrivals=tuple(
                (str(x[0]), int(x[1]), str(x[2]), int(x[3])) for x in r.get("arrivals") or []
            ),
        )
        cols, rows = data.get("sheet") or [0, 0]
        return cls(
            int(data["turn"]),
            int(data["end_turn"]),
            worlds,
            players,
            flights,
            report,
            int(cols),
            int(rows),
        )
