"""The whole Interstellar Conquest game state, immutable, convertible to and from plain data.

Every class here is a frozen dataclass; its dicts are never changed in place
(the rules build new ones and `dataclasses.replace` the state). Planets are
keyed by (colour, tile); ships are counted per owner and size. Ships are
conserved: each player's 15 pieces are on a planet, in the void, or committed
to the encounter (`pieces`). The hands and the coins of an encounter not yet
revealed are secret: only views may show them, to their owner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.phases import Phase

# Ships and planets' keys live apart so that the checker counts ships without the state.
from galbatch.rules.interstellar.ships import PlanetKey as PlanetKey
from galbatch.rules.interstellar.ships import Ships as Ships
from galbatch.rules.interstellar.tables import (
    HOME_WORLDS,
    POWER_NEEDS_COLONY_SHIPS_AT_HOME,
    Coin,
    CoinPlayed,
    Outcome,
    Power,
    coin_from,
    race_named,
)

Side = Literal["ATTACKER", "DEFENDER"]


def planet_text(planet: PlanetKey) -> str:
    """BLUE 3: a planet as orders and printouts name it."""
    return f"{planet[0]} {planet[1]}"


def parse_planet(text: str) -> PlanetKey:
    """The planet `planet_text` wrote."""
    colour, tile = text.split()
    return colour, int(tile)


@dataclass(frozen=True)
class Seat:
    """A player at the table: engine id, code name, colour of his pieces and his race."""

    id: str
    name: str
    colour: str  # RED ... WHITE (tables.COLOURS); his system and ships
    race: str  # Balchoth ... Seregon (tables.RACE_CHART)


@dataclass(frozen=True)
class Commitment:
    """Ships a player committed to the encounter, and the planet they came from."""

    player: str
    origin: PlanetKey
    ships: Ships


@dataclass(frozen=True)
class Alliance:
    """An invited player's answer: the side he joined and the ships he committed."""

    player: str
    side: Side
    ships: tuple[Commitment, ...]


@dataclass(frozen=True)
class Encounter:
    """One attack, from its declaration to its outcome (Play 3-9)."""

    attack: int  # 1, or 2 for the second attack after a win
    attacker: str
    defender: str
    target: PlanetKey
    fleet: tuple[Commitment, ...]  # the attacker's own ships, off their planets
    invited_by_attacker: tuple[str, ...] = ()
    invited_by_defender: tuple[str, ...] = ()
    allies: tuple[Alliance, ...] = ()
    declined: tuple[str, ...] = ()  # invited players who answered no
    attacker_coin: CoinPlayed | None = None  # secret until `revealed`; NO_COIN: none at all
    defender_coin: CoinPlayed | None = None
    revealed: bool = False  # both coins in (the Druwaith's after the reveal is public)
    deal: o.Deal | None = None  # the deal reached
    outcome: Outcome | None = None  # the outcome chart's row, once known
    winner: Side | None = None  # None: a tie, a deal, no deal

    def invited(self) -> tuple[str, ...]:
        """Everyone invited by either side, each once, attacker's invitations first."""
        seen = list(self.invited_by_attacker)
        seen += [p for p in self.invited_by_defender if p not in seen]
        return tuple(seen)

    def answered(self) -> tuple[str, ...]:
        """The invited players who have answered (allied or declined)."""
        return tuple(a.player for a in self.allies) + self.declined

    def coin(self, player: str) -> CoinPlayed | None:
        """The coin a main combatant has played (None: not yet; NO_COIN: he had none)."""
        if player == self.attacker:
            return self.attacker_coin
        if player == self.defender:
            return self.defender_coin
        return None

    def committed(self) -> tuple[Commitment, ...]:
        """Every commitment: the fleet, then each ally's."""
        return self.fleet + tuple(c for a in self.allies for c in a.ships)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the printouts: public (`seen_by` empty) or seen only
    by the players named (a coin drawn, a secret). A private event told to its player
    in the second person has `third`, its words for the game master ("" if the same)."""

    kind: str
    text: str
    seen_by: tuple[str, ...] = ()
    third: str = ""

    @property
    def told(self) -> str:
        """The event in the third person, as the game master reads it."""
        return self.third or self.text


@dataclass(frozen=True)
class GameState:
    """The table: players, systems and ships, the void, the coins, and the position in
    the turn sequence with the orders kept for later phases."""

    seats: tuple[Seat, ...]  # seat order; clockwise play follows it
    ships: dict[PlanetKey, dict[str, Ships]]  # every planet, each owner's ships there
    void: dict[str, Ships]  # per owner
    bag: tuple[Coin, ...]  # drawn from the front; shuffled by the seeded streams
    discards: tuple[Coin, ...] = ()
    hands: dict[str, tuple[Coin, ...]] = field(default_factory=dict)  # secret, sorted
    active: str = ""  # the player whose turn it is
    phase: Phase = Phase.DRAW
    attack: int = 1  # 1, or 2 for the second attack
    encounter: Encounter | None = None  # kept until the next encounter or NEXT
    pending: dict[str, tuple[o.Action, ...]] = field(default_factory=dict)
    standing: dict[str, tuple[o.Standing, ...]] = field(default_factory=dict)
    involved: tuple[str, ...] = ()  # owed a decision this player turn since their last file
    waiting: tuple[str, ...] = ()  # whom the last run stopped for: owe `phase`, no order
    turn: int = 0  # the engine's turn: batch runs done
    player_turn: int = 1  # player turns begun, the first being 1
    winners: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()  # of the last run

    @property
    def finished(self) -> bool:
        """Whether the game is over: someone has four colonies."""
        return bool(self.winners)

    # -- looking things up ------------------------------------------------------

    def seat(self, player: str) -> Seat:
        """The seat of a player id."""
        return next(s for s in self.seats if s.id == player)

    def player_of(self, colour: str) -> str | None:
        """The id of the player of a colour (None: no such player)."""
        return next((s.id for s in self.seats if s.colour == colour), None)

    def players(self) -> tuple[str, ...]:
        """Player ids in seat order."""
        return tuple(s.id for s in self.seats)

    def next_player(self, player: str) -> str:
        """The next player clockwise (seat order, the first after the last)."""
        ids = self.players()
        return ids[(ids.index(player) + 1) % len(ids)]

    def at(self, planet: PlanetKey, player: str) -> Ships:
        """A player's ships on a planet."""
        return self.ships.get(planet, {}).get(player, Ships())

    def in_void(self, player: str) -> Ships:
        """A player's ships in the void."""
        return self.void.get(player, Ships())

    def home(self, player: str) -> tuple[PlanetKey, ...]:
        """The player's five home worlds, in tile order."""
        colour = self.seat(player).colour
        return tuple((colour, world) for world in HOME_WORLDS)

    def hand(self, player: str) -> tuple[Coin, ...]:
        """A player's coins (secret)."""
        return self.hands.get(player, ())

    # -- plain data ---------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The state as JSON-able data, in a fixed order (players in seat order)."""
        ids = self.players()

        def per_owner(table: dict[str, Ships]) -> dict[str, dict[str, int]]:
            return {p: table[p].to_data() for p in ids if p in table}

        planets = [(s.colour, w) for s in self.seats for w in HOME_WORLDS]
        return {
            "turn": self.turn,
            "player_turn": self.player_turn,
            "seats": [
                {"id": s.id, "name": s.name, "colour": s.colour, "race": s.race} for s in self.seats
            ],
            "ships": {planet_text(k): per_owner(self.ships.get(k, {})) for k in planets},
            "void": per_owner(self.void),
            "bag": list(self.bag),
            "discards": list(self.discards),
            "hands": {p: list(self.hands[p]) for p in ids if p in self.hands},
            "active": self.active,
            "phase": self.phase.value,
            "attack": self.attack,
            "encounter": None if self.encounter is None else _encounter_data(self.encounter),
            "pending": {p: o.to_data(self.pending[p]) for p in ids if p in self.pending},
            "standing": {p: o.to_data(self.standing[p]) for p in ids if p in self.standing},
            "involved": list(self.involved),
            "waiting": list(self.waiting),
            "winners": list(self.winners),
            "events": [
                {"kind": e.kind, "text": e.text, "seen_by": list(e.seen_by), "third": e.third}
                for e in self.events
            ],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameState:
        """The state `to_data` wrote."""

        def per_owner(table: dict[str, Any]) -> dict[str, Ships]:
            return {str(p): Ships.from_data(v) for p, v in table.items()}

        encounter = data.get("encounter")
        return cls(
            seats=tuple(
                Seat(str(s["id"]), str(s["name"]), str(s["colour"]), str(s["race"]))
                for s in data["seats"]
            ),
            ships={parse_planet(k): per_owner(v) for k, v in data["ships"].items()},
            void=per_owner(data["void"]),
            bag=tuple(int(c) for c in data["bag"]),
            discards=tuple(int(c) for c in data["discards"]),
            hands={str(p): tuple(int(c) for c in h) for p, h in data["hands"].items()},
            active=str(data["active"]),
            phase=Phase(data["phase"]),
            attack=int(data["attack"]),
            encounter=None if encounter is None else _encounter_from(encounter),
            pending={str(p): tuple(o.from_data(v)) for p, v in data["pending"].items()},
            standing={str(p): tuple(o.from_data(v)) for p, v in data["standing"].items()},
            involved=tuple(str(p) for p in data["involved"]),
            waiting=tuple(str(p) for p in data["waiting"]),
            turn=int(data["turn"]),
            player_turn=int(data["player_turn"]),
            winners=tuple(str(p) for p in data["winners"]),
            events=tuple(
                Event(
                    str(e["kind"]),
                    str(e["text"]),
                    tuple(str(p) for p in e["seen_by"]),
                    str(e.get("third", "")),
                )
                for e in data["events"]
            ),
        )


def _commitments_data(commitments: tuple[Commitment, ...]) -> list[dict[str, Any]]:
    return [
        {"player": c.player, "origin": planet_text(c.origin), "ships": c.ships.to_data()}
        for c in commitments
    ]


def _commitments_from(data: list[dict[str, Any]]) -> tuple[Commitment, ...]:
    return tuple(
        Commitment(str(c["player"]), parse_planet(c["origin"]), Ships.from_data(c["ships"]))
        for c in data
    )


def _encounter_data(e: Encounter) -> dict[str, Any]:
    return {
        "attack": e.attack,
        "attacker": e.attacker,
        "defender": e.defender,
        "target": planet_text(e.target),
        "fleet": _commitments_data(e.fleet),
        "invited_by_attacker": list(e.invited_by_attacker),
        "invited_by_defender": list(e.invited_by_defender),
        "allies": [
            {"player": a.player, "side": a.side, "ships": _commitments_data(a.ships)}
            for a in e.allies
        ],
        "declined": list(e.declined),
        "attacker_coin": e.attacker_coin,
        "defender_coin": e.defender_coin,
        "revealed": e.revealed,
        "deal": None if e.deal is None else o.to_data(e.deal),
        "outcome": None if e.outcome is None else e.outcome.value,
        "winner": e.winner,
    }


def _side(value: Any) -> Side:
    if value == "ATTACKER":
        return "ATTACKER"
    if value == "DEFENDER":
        return "DEFENDER"
    raise ValueError(f"no side {value!r}")


def _encounter_from(d: dict[str, Any]) -> Encounter:
    coin_a, coin_d, deal, outcome, winner = (
        d["attacker_coin"],
        d["defender_coin"],
        d["deal"],
        d["outcome"],
        d["winner"],
    )
    return Encounter(
        attack=int(d["attack"]),
        attacker=str(d["attacker"]),
        defender=str(d["defender"]),
        target=parse_planet(d["target"]),
        fleet=_commitments_from(d["fleet"]),
        invited_by_attacker=tuple(str(p) for p in d["invited_by_attacker"]),
        invited_by_defender=tuple(str(p) for p in d["invited_by_defender"]),
        allies=tuple(
            Alliance(str(a["player"]), _side(a["side"]), _commitments_from(a["ships"]))
            for a in d["allies"]
        ),
        declined=tuple(str(p) for p in d["declined"]),
        attacker_coin=coin_from(coin_a),
        defender_coin=coin_from(coin_d),
        revealed=bool(d["revealed"]),
        deal=None if deal is None else o.from_data(deal),
        outcome=None if outcome is None else Outcome(outcome),
        winner=None if winner is None else _side(winner),
    )


# ---- queries the phases and the property tests need ----------------------------------------


def pieces(state: GameState, player: str) -> Ships:
    """All of a player's ships wherever they are: planets, the void, the encounter.
    Always 5 of each size (tables.SHIPS_PER_SIZE)."""
    total = state.in_void(player)
    for owners in state.ships.values():
        total = total.plus(owners.get(player, Ships()))
    if state.encounter is not None:
        for c in state.encounter.committed():
            if c.player == player:
                total = total.plus(c.ships)
    return total


def colony_ships_at_home(state: GameState, player: str) -> int:
    """The player's colony ships on his own home worlds."""
    return sum(state.at(planet, player).small for planet in state.home(player))


def has_power(state: GameState, player: str, power: Power) -> bool:
    """Whether the player's race has that power and keeps it: at least two colony ships
    on his home worlds."""
    race = race_named(state.seat(player).race)
    return (
        race.key is power
        and colony_ships_at_home(state, player) >= POWER_NEEDS_COLONY_SHIPS_AT_HOME
    )
