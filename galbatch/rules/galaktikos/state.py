"""The Galaktikos board and players, convertible to and from plain data.

Tokens are counted per hex and per player; occupation marks name, for each
marked population, the player occupying it (1.5, 5.1.3).
"""

from __future__ import annotations

from collections.abc import Callable
from copy import copy as _shallow
from dataclasses import asdict, dataclass, field, fields
from typing import TYPE_CHECKING, Any, Self

from galbatch.rules.galaktikos.hexes import Hex, all_hexes, parse_hex
from galbatch.rules.galaktikos.orders import (
    Standing,
)
from galbatch.rules.galaktikos.tables import HexType, habitat_value, resource_value

if TYPE_CHECKING:  # a check of a view makes no event: their dataclasses load with a round
    from galbatch.rules.galaktikos.round_events import Event

# speed: a view names the kind of every hex of the board; a name looked up here costs no
# call of the enumeration
_KINDS: dict[object, HexType] = {kind.value: kind for kind in HexType}


def _kind(value: object) -> HexType:
    """The hex type a view names (anything else raises the enumeration's own error)."""
    try:
        return _KINDS[value]
    except (KeyError, TypeError):
        return HexType(value)


class Illegal(ValueError):
    """An action whose preconditions the book does not allow, or that the player cannot pay."""


@dataclass
class Player:
    """A sovereign interstellar state: its seat, name and saved resources."""

    id: str
    name: str
    resources: int = 0
    eliminated: bool = False


@dataclass
class GameState:
    """The galactic map with every token on it, the players, and whose turn it is."""

    width: int
    height: int
    kinds: dict[Hex, HexType]  # hexes not listed are Empty
    players: dict[str, Player]  # in seat order, the first player first
    territory: dict[Hex, str] = field(default_factory=dict)
    populations: dict[Hex, dict[str, int]] = field(default_factory=dict)
    occupations: dict[Hex, dict[str, str]] = field(default_factory=dict)  # owner -> occupier
    habitats: dict[Hex, int] = field(default_factory=dict)
    shipyards: dict[Hex, int] = field(default_factory=dict)
    fleets: dict[Hex, dict[str, int]] = field(default_factory=dict)
    unsupplied: set[tuple[Hex, str]] = field(default_factory=set)  # supply failure marks
    round: int = 1
    seat: int = 0  # index in `players` of the player whose turn it is
    # bookkeeping of the current player's turn
    population_at_start: dict[Hex, int] = field(default_factory=dict)
    grown: dict[Hex, int] = field(default_factory=dict)
    fleets_built: dict[Hex, int] = field(default_factory=dict)
    converted: set[Hex] = field(default_factory=set)
    # Race variant (2.3): the goal hex and how many turns each player has held it
    goal: Hex | None = None
    held: dict[str, int] = field(default_factory=dict)
    winner: str | None = None
    # every hex whose territory, population, fleets or occupation marks changed, in order:
    # what `supply.Supply` and `Tally` read to keep up to date without searching the board
    changes: list[Hex] = field(default_factory=list, compare=False, repr=False)

    # -- the map --------------------------------------------------------------

    def kind(self, hex_: Hex) -> HexType:
        """The hex type (1.4)."""
        return self.kinds.get(hex_, HexType.EMPTY)

    def capacity(self, hex_: Hex) -> int:
        """The most population the hex holds: habitat value plus habitat tokens (7.2)."""
        return habitat_value(self.kind(hex_)) + self.habitats.get(hex_, 0)

    def wealth(self, hex_: Hex) -> int:
        """The hex's resource value (1.4)."""
        return resource_value(self.kind(hex_))

    def hexes(self) -> list[Hex]:
        """Every hex of the map."""
        return list(all_hexes(self.width, self.height))

    # -- tokens ---------------------------------------------------------------

    @property
    def current(self) -> str:
        """The player whose turn it is."""
        return list(self.players)[self.seat]

    def population(self, hex_: Hex, player: str | None = None) -> int:
        """Population tokens in a hex, of one player or of all."""
        here = self.populations.get(hex_, {})
        return here.get(player, 0) if player is not None else sum(here.values())

    def fleet(self, hex_: Hex, player: str | None = None) -> int:
        """Fleet tokens in a hex, of one player or of all."""
        here = self.fleets.get(hex_, {})
        return here.get(player, 0) if player is not None else sum(here.values())

    def occupier(self, hex_: Hex, owner: str) -> str | None:
        """The player whose occupation token marks `owner`'s population in the hex."""
        return self.occupations.get(hex_, {}).get(owner)

    def name_of(self, player: str) -> str:
        """The player's code name, as printouts show it and orders write it (the id if the
        player is unknown)."""
        row = self.players.get(player)
        return row.name if row is not None else player

    def named(self, name: str) -> str | None:
        """The id of the player whose code name orders write as `name` (in any case), or
        None when no player, or more than one, has it."""
        wanted = " ".join(name.split()).upper()
        found = [pid for pid, p in self.players.items() if p.name.upper() == wanted]
        return found[0] if len(found) == 1 else None

    def occupiers(self, hex_: Hex) -> list[str]:
        """Players with fleet tokens in the hex: the hex is occupied by them (1.5)."""
        here = self.fleets.get(hex_)
        if not here:  # most hexes: asked for every hex a path search looks at
            return []
        if len(here) == 1:  # most of the rest: one player's fleets
            ((player, n),) = here.items()
            return [player] if n > 0 and player in self.players else []
        return [p for p in self.players if here.get(p, 0) > 0]

    def friendly(self, hex_: Hex, player: str) -> bool:
        """Whether the hex is in the player's territory (1.5)."""
        return self.territory.get(hex_) == player

    def neutral(self, hex_: Hex) -> bool:
        """Whether the hex is in no player's territory (1.5)."""
        return hex_ not in self.territory

    def settled(self, hex_: Hex) -> bool:
        """Whether a population is present in the hex (1.5)."""
        return self.population(hex_) > 0

    def add(self, table: dict[Hex, dict[str, int]], hex_: Hex, player: str, n: int) -> None:
        """Add (or with negative `n` remove) a player's tokens in a hex; empty rows vanish."""
        self.changes.append(hex_)
        row = table.setdefault(hex_, {})
        count = row.get(player, 0) + n
        if count < 0:
            raise ValueError(f"{player} has only {row.get(player, 0)} tokens in {hex_}")
        if count:
            row[player] = count
        else:
            row.pop(player, None)
        if not row:
            del table[hex_]
        if table is self.fleets and count == 0:
            self.unsupplied.discard((hex_, player))
        if table is self.populations and count == 0:
            self.unmark(hex_, player)

    def seated(self, row: dict[str, int]) -> dict[str, int]:
        """A hex's row of tokens in seat order: who takes the extras of a tie (house rule)."""
        if len(row) < 2:  # most rows: one player's, looked up rather than every seat read
            return {p: n for p, n in row.items() if p in self.players}
        return {p: row[p] for p in self.players if p in row}

    def unmark(self, hex_: Hex, owner: str) -> None:
        """Remove the occupation token from `owner`'s population in the hex."""
        marks = self.occupations.get(hex_)
        if marks is not None:
            self.changes.append(hex_)
            marks.pop(owner, None)
            if not marks:
                del self.occupations[hex_]

    def claim(self, hex_: Hex, player: str) -> None:
        """Make the hex the player's territory (5.1.2)."""
        self.changes.append(hex_)
        self.territory[hex_] = player

    def mark(self, hex_: Hex, owner: str, occupier: str) -> None:
        """Put `occupier`'s occupation token on `owner`'s population in the hex (5.1.3)."""
        self.changes.append(hex_)
        self.occupations.setdefault(hex_, {})[owner] = occupier

    def infrastructure(self, table: dict[Hex, int], hex_: Hex, n: int) -> None:
        """Add (or remove) habitat or shipyard tokens in a hex."""
        count = table.get(hex_, 0) + n
        if count < 0:
            raise ValueError(f"only {table.get(hex_, 0)} tokens in {hex_}")
        if count:
            table[hex_] = count
        else:
            table.pop(hex_, None)

    def pay(self, player: str, cost: int) -> None:
        """Spend resources; a player cannot spend more than he has saved (6)."""
        have = self.players[player].resources
        if cost > have:
            raise Illegal(f"{self.name_of(player)} has {have} resources and needs {cost}")
        self.players[player].resources = have - cost

    def tokens(self) -> dict[str, int]:
        """Totals of every kind of token on the board, for checking none appears from nothing."""
        return {
            "population": sum(sum(r.values()) for r in self.populations.values()),
            "fleet": sum(sum(r.values()) for r in self.fleets.values()),
            "habitat": sum(self.habitats.values()),
            "shipyard": sum(self.shipyards.values()),
        }

    def copy(self) -> Self:
        """A copy sharing nothing that changes: `copy.deepcopy` written out for these
        fields (hexes, names and events are immutable), at a fraction of its cost."""
        new = _shallow(self)
        new.kinds = dict(self.kinds)
        new.players = {p: _shallow(row) for p, row in self.players.items()}
        new.territory = dict(self.territory)
        new.populations = {h: dict(row) for h, row in self.populations.items()}
        new.occupations = {h: dict(row) for h, row in self.occupations.items()}
        new.habitats = dict(self.habitats)
        new.shipyards = dict(self.shipyards)
        new.fleets = {h: dict(row) for h, row in self.fleets.items()}
        new.unsupplied = set(self.unsupplied)
        new.population_at_start = dict(self.population_at_start)
        new.grown = dict(self.grown)
        new.fleets_built = dict(self.fleets_built)
        new.converted = set(self.converted)
        new.held = dict(self.held)
        new.changes = list(self.changes)
        return new

    # -- plain data -----------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The state as JSON-able plain data, keys and rows in a fixed order."""

        def per_player(table: dict[Hex, dict[str, int]]) -> dict[str, dict[str, int]]:
            return {h.name: dict(sorted(table[h].items())) for h in sorted(table)}

        return {
            "round": self.round,
            "seat": self.seat,
            "map": [self.width, self.height],
            "kinds": {h.name: self.kinds[h].value for h in sorted(self.kinds)},
            "players": [
                {"id": p.id, "name": p.name, "resources": p.resources, "eliminated": p.eliminated}
                for p in self.players.values()
            ],
            "territory": {h.name: self.territory[h] for h in sorted(self.territory)},
            "populations": per_player(self.populations),
            "occupations": {
                h.name: dict(sorted(self.occupations[h].items())) for h in sorted(self.occupations)
            },
            "habitats": {h.name: self.habitats[h] for h in sorted(self.habitats)},
            "shipyards": {h.name: self.shipyards[h] for h in sorted(self.shipyards)},
            "fleets": per_player(self.fleets),
            "unsupplied": [[h.name, p] for h, p in sorted(self.unsupplied)],
            "population_at_start": {
                h.name: self.population_at_start[h] for h in sorted(self.population_at_start)
            },
            "grown": {h.name: self.grown[h] for h in sorted(self.grown)},
            "fleets_built": {h.name: self.fleets_built[h] for h in sorted(self.fleets_built)},
            "converted": [h.name for h in sorted(self.converted)],
            "goal": self.goal.name if self.goal is not None else None,
            "held": dict(sorted(self.held.items())),
            "winner": self.winner,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameState:
        """The state `to_data` wrote."""

        def hexes(table: dict[str, Any]) -> dict[Hex, Any]:
            return {parse_hex(k): v for k, v in table.items()}

        def per_player(table: dict[str, Any]) -> dict[Hex, dict[str, int]]:
            return {parse_hex(k): {str(p): int(n) for p, n in v.items()} for k, v in table.items()}

        width, height = data["map"]
        goal = data.get("goal")
        return cls(
            width=int(width),
            height=int(height),
            kinds={h: _kind(v) for h, v in hexes(data["kinds"]).items()},
            players={
                str(p["id"]): Player(
                    str(p["id"]), str(p["name"]), int(p["resources"]), bool(p["eliminated"])
                )
                for p in data["players"]
            },
            territory={h: str(v) for h, v in hexes(data["territory"]).items()},
            populations=per_player(data["populations"]),
            occupations={
                h: {str(o): str(p) for o, p in v.items()}
                for h, v in hexes(data["occupations"]).items()
            },
            habitats={h: int(v) for h, v in hexes(data["habitats"]).items()},
            shipyards={h: int(v) for h, v in hexes(data["shipyards"]).items()},
            fleets=per_player(data["fleets"]),
            unsupplied={(parse_hex(h), str(p)) for h, p in data["unsupplied"]},
            round=int(data["round"]),
            seat=int(data["seat"]),
            population_at_start={h: int(v) for h, v in hexes(data["population_at_start"]).items()},
            grown={h: int(v) for h, v in hexes(data["grown"]).items()},
            fleets_built={h: int(v) for h, v in hexes(data["fleets_built"]).items()},
            converted={parse_hex(h) for h in data["converted"]},
            goal=parse_hex(goal) if goal is not None else None,
            held={str(p): int(n) for p, n in data["held"].items()},
            winner=data.get("winner"),
        )


class Tally:
    """A sum over the board of what each hex gives each player (`share`), kept up to date
    from the hexes changed since (`GameState.changes`): a changed hex's share is taken
    out and put back, rather than the board summed again after every action. The
    totals are in seat order, every player's, as the share's own sum would give."""

    def __init__(self, state: GameState, share: Callable[[GameState, Hex], dict[str, int]]):
        self.state = state
        self.share = share
        self.read = len(state.changes)
        self.totals = dict.fromkeys(state.players, 0)
        self.rows: dict[Hex, dict[str, int]] = {}
        for hex_ in state.populations:
            self._put(hex_)

    def _put(self, hex_: Hex) -> None:
        row = self.share(self.state, hex_)
        if row:
            self.rows[hex_] = row
            for player, n in row.items():
                self.totals[player] += n

    def now(self) -> dict[str, int]:
        """The totals on the board as it is now."""
        changes = self.state.changes
        if len(changes) > self.read:
            for hex_ in set(changes[self.read :]):
                for player, n in self.rows.pop(hex_, {}).items():
                    self.totals[player] -= n
                self._put(hex_)
            self.read = len(changes)
        return dict(self.totals)


class Holdings:
    """The hexes where each player may have fleet tokens, and where he may occupy a
    population, kept from the hexes changed since (`GameState.changes`): a turn's
    beginning (5.1) looks at the player's own hexes, not the board's. Speed trick (a
    round's turns, `round.Kept`): a hex once his stays listed, so readers check it."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.read = len(state.changes)
        self.fleets: dict[str, set[Hex]] = {}
        self.occupying: dict[str, set[Hex]] = {}
        for hex_ in {*state.fleets, *state.occupations}:
            self._put(hex_)

    def _put(self, hex_: Hex) -> None:
        for player, n in self.state.fleets.get(hex_, {}).items():
            if n > 0:
                self.fleets.setdefault(player, set()).add(hex_)
        for occupier in self.state.occupations.get(hex_, {}).values():
            self.occupying.setdefault(occupier, set()).add(hex_)

    def now(self) -> Holdings:
        """Brought up to date with the board as it is now."""
        changes = self.state.changes
        if len(changes) > self.read:
            for hex_ in set(changes[self.read :]):
                self._put(hex_)
            self.read = len(changes)
        return self


@dataclass
class RoundState(GameState):
    """The board plus what batch play keeps between runs: standing orders, events, rotation."""

    standing: dict[str, tuple[Standing, ...]] = field(default_factory=dict)
    events: tuple[Event, ...] = ()
    first: int = 0  # the seat that went first in the last round
    variant: str = "population"
    rotate: bool = True

    @property
    def turn(self) -> int:
        """The engine's turn number: 0 before the setup run, then the round to play next."""
        return self.round

    @property
    def finished(self) -> bool:
        """Whether the game is over: a player has won."""
        return self.winner is not None

    def copy(self) -> Self:
        """`GameState.copy`, the standing orders' table too (orders and events are frozen)."""
        new = super().copy()
        new.standing = dict(self.standing)
        return new

    def to_data(self) -> dict[str, Any]:
        """The board's data and the batch fields, in a fixed order."""
        data = super().to_data()
        data["standing"] = {
            p: [{"order": type(o).__name__, **asdict(o)} for o in orders]
            for p, orders in sorted(self.standing.items())
        }
        data["events"] = [{"kind": type(e).__name__, **asdict(e)} for e in self.events]
        data["first"] = self.first
        data["variant"] = self.variant
        data["rotate"] = self.rotate
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> RoundState:
        """The state `to_data` wrote."""
        from galbatch.rules.galaktikos.round_events import (  # speed: only a round's state
            EVENT_TYPES,  # holds events and standing orders, never a check's view
            STANDING_TYPES,
        )

        base = GameState.from_data(data)
        standing = {
            str(p): tuple(
                STANDING_TYPES[o["order"]](**{k: v for k, v in o.items() if k != "order"})
                for o in orders
            )
            for p, orders in data.get("standing", {}).items()
        }
        events = tuple(
            EVENT_TYPES[e["kind"]](str(e["player"]), str(e["text"])) for e in data.get("events", [])
        )
        return cls(
            **{f.name: getattr(base, f.name) for f in fields(GameState)},
            standing=standing,
            events=events,
            first=int(data.get("first", 0)),
            variant=str(data.get("variant", "population")),
            rotate=bool(data.get("rotate", True)),
        )
