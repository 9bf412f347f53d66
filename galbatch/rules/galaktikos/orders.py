"""Galaktikos's orders, one frozen dataclass each: actions, standing orders, setup.

A hex is kept as the player wrote it ("0712"), so that a bad name reaches the
facts (`facts.py`, GK201) rather than the grammar; `hex_of` turns a checked name
into a `Hex`. Each order's `text()` writes it back the way the man page does.
Actions are carried out in file order; standing orders hold until replaced.
"""

from __future__ import annotations

from fractions import Fraction

from galbatch.engine.language.frozen import frozen
from galbatch.rules.galaktikos.hexes import Hex, parse_hex
from galbatch.rules.galaktikos.names import FACE_SHARE, Infrastructure, Side, Target, Watched


def hex_of(name: str) -> Hex:
    """The hex an order names (after the facts have checked the name)."""
    return parse_hex(name)


# ---- actions (6) --------------------------------------------------------------------------


@frozen
class BuildShipyard:
    """BUILD SHIPYARD 0712: a shipyard in a friendly, populated hex (4 resources)."""

    hex: str

    def text(self) -> str:
        return f"BUILD SHIPYARD {self.hex}"


@frozen
class BuildHabitat:
    """BUILD HABITAT 0712 2: habitats in a friendly hex, settled or occupied (2 each)."""

    hex: str
    count: int = 1

    def text(self) -> str:
        return f"BUILD HABITAT {self.hex} {self.count}"


@frozen
class BuildFleet:
    """BUILD FLEET 0712 2: fleet tokens at a friendly shipyard hex, one per shipyard (4 each)."""

    hex: str
    count: int = 1

    def text(self) -> str:
        return f"BUILD FLEET {self.hex} {self.count}"


@frozen
class Grow:
    """GROW 0712 3: population tokens in a friendly, settled hex, at most doubling (2 each)."""

    hex: str
    count: int

    def text(self) -> str:
        return f"GROW {self.hex} {self.count}"


def _route(path: tuple[str, ...], shortest: bool) -> str:
    return f"{path[0]} TO {path[-1]}" if shortest else " ".join(path)


@frozen
class Move:
    """MOVE 2 FLEETS 0712 0813 0913 (hex by hex) or MOVE 2 FLEETS 0712 TO 1015 (the
    shortest legal path): 1 resource a fleet a hex, twice that unsupplied."""

    count: int
    path: tuple[str, ...]  # the start first; with `shortest`, the start and the end
    shortest: bool = False

    def text(self) -> str:
        return f"MOVE {self.count} FLEETS {_route(self.path, self.shortest)}"


@frozen
class Migrate:
    """MIGRATE 2 POPULATION 0712 0813 or ... 0712 TO 1015: 2 resources a token a hex."""

    count: int
    path: tuple[str, ...]
    shortest: bool = False

    def text(self) -> str:
        return f"MIGRATE {self.count} POPULATION {_route(self.path, self.shortest)}"


@frozen
class Attackers:
    """FROM 0913 2: fleet tokens taking part in an attack, and the hex they strike from."""

    hex: str
    count: int

    def text(self) -> str:
        return f"FROM {self.hex} {self.count}"


@frozen
class Attack:
    """ATTACK FLEETS 1015 FROM 0913 2 FROM 1014 1, ATTACK INFRASTRUCTURE 1015 WITH 3
    FIRST HABITATS, ATTACK POPULATION 1015 WITH 3 FIRST RED: 2 resources a fleet (8).

    What is targeted (8.2): `count` tokens (None: every one), of the player named by
    `player` (fleets, population; "": every other player), of the infrastructure `kind`
    (SHIPYARDS or HABITATS; "": both). `first` is the infrastructure or the player the
    attack takes first; empty, the standing FIRST order decides."""

    target: Target
    hex: str
    attackers: tuple[Attackers, ...]
    first: str = ""
    count: int | None = None
    player: str = ""
    kind: str = ""

    def text(self) -> str:
        if self.target == "FLEETS":
            words = " ".join(a.text() for a in self.attackers)
        else:
            words = f"WITH {self.attackers[0].count}"
        aimed = "" if self.count is None else f"{self.count} "
        noun = self.kind or self.target
        of = f" OF {self.player}" if self.player else ""
        first = f" FIRST {self.first}" if self.first else ""
        return f"ATTACK {aimed}{noun} {self.hex}{of} {words}{first}"


@frozen
class Convert:
    """CONVERT 1015 or CONVERT 1015 RED: one occupied foreign token becomes yours (6.3.2)."""

    hex: str
    player: str = ""

    def text(self) -> str:
        return f"CONVERT {self.hex} {self.player}".rstrip()


@frozen
class Claim:
    """CLAIM 1015: make a hex where a fleet of yours began the turn your territory (5.1.2)."""

    hex: str

    def text(self) -> str:
        return f"CLAIM {self.hex}"


@frozen
class Occupy:
    """OCCUPY 1015: occupy a foreign population where a fleet of yours began the turn (5.1.3)."""

    hex: str

    def text(self) -> str:
        return f"OCCUPY {self.hex}"


Action = (
    BuildShipyard
    | BuildHabitat
    | BuildFleet
    | Grow
    | Move
    | Migrate
    | Attack
    | Convert
    | Claim
    | Occupy
)


@frozen
class Condition:
    """ENEMY FLEETS 1015 or NO ENEMY POPULATION 1015: what a hex holds when the order runs."""

    watched: Watched
    hex: str
    absent: bool = False

    def text(self) -> str:
        return f"{'NO ' if self.absent else ''}ENEMY {self.watched} {self.hex}"


@frozen
class Conditional:
    """IF ENEMY FLEETS 1015 ATTACK ...: the action runs only if the condition holds then."""

    condition: Condition
    action: Action

    def text(self) -> str:
        return f"IF {self.condition.text()} {self.action.text()}"


# ---- standing orders -----------------------------------------------------------------------


@frozen
class Permit:
    """PERMIT BLUE 0712 / FORBID BLUE ALL: whether a player may enter hexes you occupy
    (6.2.1, 6.2.2). Default: nobody may."""

    player: str
    hex: str  # "ALL": every hex
    allowed: bool = True

    def text(self) -> str:
        return f"{'PERMIT' if self.allowed else 'FORBID'} {self.player} {self.hex}"


@frozen
class Obstruct:
    """OBSTRUCT BLUE OFF / OBSTRUCT ALL ON: whether your fleets obstruct a player's
    supply (7.3). Default: they obstruct everyone's."""

    player: str  # "ALL": every player
    on: bool = True

    def text(self) -> str:
        return f"OBSTRUCT {self.player} {'ON' if self.on else 'OFF'}"


@frozen
class Reroll:
    """REROLL OWN AT LEAST 1/2 / REROLL ENEMY AT MOST 1/4 / REROLL OWN NEVER: when the
    superior side rerolls a casualty roll, within its advantage (8.3.1).

    Own: reroll while its own result is `face` or worse; enemy: while the enemy's is
    `face` or better for the enemy. Defaults: OWN AT LEAST 1/2, ENEMY AT MOST 1/4."""

    side: Side
    face: str = ""  # "": never

    def wants(self, share: Fraction) -> bool:
        """Whether a roll destroying `share` of the side's tokens is rerolled."""
        if not self.face:
            return False
        bound = FACE_SHARE[self.face]
        return share >= bound if self.side == "OWN" else share <= bound

    def text(self) -> str:
        if not self.face:
            return f"REROLL {self.side} NEVER"
        bound = "AT LEAST" if self.side == "OWN" else "AT MOST"
        return f"REROLL {self.side} {bound} {self.face}"


@frozen
class First:
    """FIRST HABITATS / FIRST SHIPYARDS / FIRST PLAYER RED: what your attacks take first
    when they do not say (8.3.2, 8.3.3). Default: shipyards; the largest population."""

    infrastructure: Infrastructure | None = None
    player: str = ""

    def text(self) -> str:
        return (
            f"FIRST {self.infrastructure}" if self.infrastructure else f"FIRST PLAYER {self.player}"
        )


@frozen
class Automatic:
    """AUTOMATIC CLAIM OFF / AUTOMATIC OCCUPY ON: whether claiming and occupying happen
    wherever allowed without an order (5.1.2, 5.1.3). Default: on."""

    what: str  # CLAIM or OCCUPY
    on: bool

    def text(self) -> str:
        return f"AUTOMATIC {self.what} {'ON' if self.on else 'OFF'}"


Standing = Permit | Obstruct | Reroll | First | Automatic


# ---- setup (turn 0, section 3) ---------------------------------------------------------------


@frozen
class PlaceHome:
    """PLACE HOME 0712: the home hex, a population, a shipyard and a fleet (3.1)."""

    hex: str

    def text(self) -> str:
        return f"PLACE HOME {self.hex}"


@frozen
class PlacePopulation:
    """PLACE POPULATION 0813: one of the single population tokens of setup (3.2)."""

    hex: str

    def text(self) -> str:
        return f"PLACE POPULATION {self.hex}"


Setup = PlaceHome | PlacePopulation
Order = Action | Conditional | Standing | Setup
