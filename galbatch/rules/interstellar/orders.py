"""Interstellar Conquest's orders, one frozen dataclass each, for every phase of a turn.

A planet is named `<colour> <tile>` (BLUE 3, BLUE ACE is BLUE 1), a player by his
colour, ships by size (S, M, L or COLONY, WARSHIP, TRANSPORT). Names and numbers
are kept as written, so that the facts (the checker's layer 2) say what is wrong
with them. Each order's `text()` writes it back the way the man page does.

How orders are kept between runs (the rule the rules core, the checker and the
printouts follow):

- A plain order is *pending*: it answers the next phase of its kind in which its
  player owes a decision (`phases.answers` says which phases an order answers),
  and is then used up. Orders may be sent long before their phase: a defender's
  PLAY, an invited player's ALLY, the next turn's ATTACK (sent by a bystander, or
  once its player owes nothing more in the turn under way).
- A player's newest order file replaces all his pending orders (those not yet
  used); it never touches standing orders except by CANCEL.
- Pending orders are dropped at the end of the first player turn (both attacks
  of one active player, phase NEXT), counted from the run that read them, in
  which their player owed a decision (house.owed_a_decision: a run waited for him,
  or an order he sent answered a phase he owes): what was not needed in that turn
  is not kept for another, and each order dropped is told to its player
  (reports.py). A player who owed nothing in a turn keeps his pending orders: one
  never asked, one answered by standing orders only, one who declined without
  being waited for, and the outcome's choices, which wait for no one, do not count
  (a Nirnaeth who healed keeps his).
- `ALWAYS <order>` and `IF <condition> <order>` are *standing*: never used up,
  kept until cancelled (`CANCEL 2` cancels the second of the standing orders as
  the last printout numbered them, `CANCEL ALL` every one; cancellations in a file
  apply before the standing orders the same file adds, which go after the kept ones).
- A phase uses the player's first pending order that answers it; without one,
  the first standing order (in their order) whose condition holds; without one,
  the phase's house default if it has one (`phases.DEFAULTED`), else the run waits.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any, Literal

from galbatch.engine.language.frozen import frozen
from galbatch.rules.interstellar.tables import Size

# ---- words of the language ---------------------------------------------------------------

# The grammar's SIZE words (singular; a trailing S of a plural is dropped first).
SIZE_WORDS: dict[str, Size] = {
    "S": Size.S,
    "SMALL": Size.S,
    "COLONY": Size.S,
    "COLONIE": Size.S,  # COLONIES
    "M": Size.M,
    "MEDIUM": Size.M,
    "WARSHIP": Size.M,
    "L": Size.L,
    "LARGE": Size.L,
    "TRANSPORT": Size.L,
}


def size_of(word: str) -> Size:
    """The size a SIZE word names (S, SMALL, COLONY, COLONIES, WARSHIPS, ...)."""
    word = word.upper()
    if word not in SIZE_WORDS and len(word) > 1 and word.endswith("S"):
        word = word[:-1]
    return SIZE_WORDS[word]


def tile_of(word: str) -> int:
    """The home world a TILE word names: its number, ACE for 1."""
    return 1 if word.upper() == "ACE" else int(word)


# ---- pieces of orders ----------------------------------------------------------------------


@frozen
class Planet:
    """BLUE 3: a home world of a player's system, named by the system's colour and tile."""

    colour: str
    tile: int  # 1-5 (ACE is written for 1 too); others are refused by the facts

    def text(self) -> str:
        return f"{self.colour} {self.tile}"


@frozen
class ShipCount:
    """2 M, or M for 1 M: ships of one size."""

    size: Size
    count: int = 1

    def text(self) -> str:
        return f"{self.count} {self.size.value}"


@frozen
class Group:
    """1 L 2 M FROM RED 2: ships of one player leaving one planet. The planet may be left
    out (`origin` None): the ships come from wherever the rules allow, home worlds first
    in tile order, then other systems in seat order (house.source_order)."""

    ships: tuple[ShipCount, ...]
    origin: Planet | None = None

    def text(self) -> str:
        ships = " ".join(s.text() for s in self.ships)
        return f"{ships} FROM {self.origin.text()}" if self.origin else ships


def _groups(groups: tuple[Group, ...]) -> str:
    return " AND ".join(g.text() for g in groups)


# ---- Play 2: reclaim a ship from the void -----------------------------------------------------


@frozen
class Reclaim:
    """RECLAIM M or RECLAIM M TO RED 2: the one ship taken back from the void at the
    start of the turn. Default (no order): house.RECLAIM_DEFAULT_SIZES, world 1."""

    size: Size
    to: Planet | None = None

    def text(self) -> str:
        return f"RECLAIM {self.size.value}" + (f" TO {self.to.text()}" if self.to else "")


# ---- Play 3 and 10: the attack, and the second attack -----------------------------------------


@frozen
class Attack:
    """ATTACK BLUE 3 WITH 1 L 1 M FROM RED 2 AND 2 S FROM RED 4; ATTACK GREEN ON BLUE 3
    ... (GREEN's colony there); ATTACK AGAIN ... is the second attack after a win.

    `defender` empty: the owner of the target's system."""

    target: Planet
    fleet: tuple[Group, ...]
    defender: str = ""
    again: bool = False

    def text(self) -> str:
        again = " AGAIN" if self.again else ""
        on = f"{self.defender} ON " if self.defender else ""
        return f"ATTACK{again} {on}{self.target.text()} WITH {_groups(self.fleet)}"


@frozen
class Pass:
    """PASS: no second attack after a win."""

    def text(self) -> str:
        return "PASS"


# ---- Play 4, 5: invitations -------------------------------------------------------------------


@frozen
class Invite:
    """INVITE GREEN YELLOW, INVITE ALL, INVITE NOBODY: whom a main combatant asks to
    ally with him (the attacker's or the defender's invitations, by his role).
    Default for the attacker: nobody."""

    players: tuple[str, ...] = ()
    everybody: bool = False

    def text(self) -> str:
        if self.everybody:
            return "INVITE ALL"
        return "INVITE " + (" ".join(self.players) if self.players else "NOBODY")


# ---- Play 6: alliances --------------------------------------------------------------------


@frozen
class Ally:
    """ALLY RED WITH 2 M FROM GREEN 3 (or ALLY ATTACKER / ALLY DEFENDER WITH ...): join
    one side, which must have invited you, with colony ships and warships."""

    side: str  # a colour, ATTACKER or DEFENDER
    ships: tuple[Group, ...]

    def text(self) -> str:
        return f"ALLY {self.side} WITH {_groups(self.ships)}"


@frozen
class Decline:
    """DECLINE: answer every invitation of this encounter with no."""

    def text(self) -> str:
        return "DECLINE"


# ---- Play 7: coins ------------------------------------------------------------------------

# What PLAY names: a value "1"-"5", or one of these words. HIGHEST and LOWEST are
# the highest and lowest attack coin held (DIPLOMACY if none); BEST, for the
# Druwaith after the reveal, the lowest coin that wins, else the lowest.
COIN_WORDS: tuple[str, ...] = ("DIPLOMACY", "HIGHEST", "LOWEST", "BEST")


@frozen
class Play:
    """PLAY 3, PLAY DIPLOMACY, PLAY HIGHEST, PLAY LOWEST, PLAY BEST: the secret coin
    of a main combatant (the Druwaith's, after the reveal)."""

    coin: str  # as written: digits or one of COIN_WORDS

    def text(self) -> str:
        return f"PLAY {self.coin}"


# ---- Play 8: the deal of Diplomacy / Diplomacy -----------------------------------------------


@frozen
class GiveCoins:
    """RED GIVES 2 COINS: coins from a party's hand to the other party (drawn at random)."""

    player: str
    count: int

    def text(self) -> str:
        return f"{self.player} GIVES {self.count} COIN{'' if self.count == 1 else 'S'}"


@frozen
class ReturnShips:
    """BLUE RETURNS 2 SHIPS or BLUE RETURNS 1 M: a party's own ships from the void to
    his home worlds (`size` None: largest first)."""

    player: str
    count: int
    size: Size | None = None

    def text(self) -> str:
        what = self.size.value if self.size else ("SHIP" if self.count == 1 else "SHIPS")
        return f"{self.player} RETURNS {self.count} {what}"


@frozen
class AllowColony:
    """RED COLONIZES BLUE 3: a party may place a colony ship (of the encounter's, else from
    his home worlds) on the planet."""

    player: str
    planet: Planet

    def text(self) -> str:
        return f"{self.player} COLONIZES {self.planet.text()}"


Term = GiveCoins | ReturnShips | AllowColony


@frozen
class Deal:
    """DEAL RED GIVES 1 COIN, BLUE COLONIZES RED 2 (or DEAL NOTHING): the terms a main
    combatant agrees to. A deal is reached when each side has a DEAL whose terms are
    the same (in any order, `key`); several DEAL lines are several acceptable deals,
    the first of the attacker's that matches one of the defender's is made."""

    terms: tuple[Term, ...]

    def key(self) -> tuple[str, ...]:
        """The terms, in a fixed order: two deals match when their keys are equal."""
        return tuple(sorted(t.text() for t in self.terms))

    def text(self) -> str:
        return "DEAL " + (", ".join(t.text() for t in self.terms) or "NOTHING")


@frozen
class NoDeal:
    """NO DEAL: accept no deal (the phase does not wait for one)."""

    def text(self) -> str:
        return "NO DEAL"


def matches(a: Deal, b: Deal) -> bool:
    """Whether two DEAL orders agree on the same terms."""
    return a.key() == b.key()


# ---- the outcome's choices -----------------------------------------------------------------


@frozen
class Reward:
    """REWARD COINS, REWARD SHIPS, REWARD 2 SHIPS: a defending ally's reward for each
    ship committed (after a defender's win): coins, ships from the void (as many as
    there are, coins for the rest), or so many ships and coins for the rest."""

    ships: int | None = None  # None with `coins` False: all ships
    coins: bool = False

    def text(self) -> str:
        if self.coins:
            return "REWARD COINS"
        return "REWARD SHIPS" if self.ships is None else f"REWARD {self.ships} SHIPS"


@frozen
class TakeCoin:
    """TAKE COIN / LEAVE COIN: whether Celegorm reclaims his coin, Mormegil claims the
    opponent's, after a combat. Default: take."""

    take: bool = True

    def text(self) -> str:
        return "TAKE COIN" if self.take else "LEAVE COIN"


@frozen
class Heal:
    """HEAL GREEN 2, HEAL GREEN ALL (Nirnaeth): return that player's ships from the void
    to his home worlds, a coin from him for each."""

    player: str
    count: int | None = None  # None: as many as possible

    def text(self) -> str:
        return f"HEAL {self.player} {'ALL' if self.count is None else self.count}"


Action = (
    Reclaim
    | Attack
    | Pass
    | Invite
    | Ally
    | Decline
    | Play
    | Deal
    | NoDeal
    | Reward
    | TakeCoin
    | Heal
)


# ---- standing and conditional forms ----------------------------------------------------------

Situation = Literal["ATTACKED", "ATTACKING", "INVITED"]


@frozen
class Condition:
    """ATTACKED, ATTACKED BY RED, ATTACKED AT BLUE 3, ATTACKING, ATTACKING BLUE,
    INVITED, INVITED BY RED, INVITED BY RED AGAINST BLUE: the player's part in the
    encounter when the phase comes.

    ATTACKED: he is the defender; ATTACKING: the attacker (`player`: the opponent);
    INVITED: he was invited (`player`: by whom; `against`: the opponent of that side)."""

    situation: Situation
    player: str = ""
    against: str = ""
    planet: Planet | None = None

    def text(self) -> str:
        words: list[str] = [self.situation]
        if self.player:
            words.append(self.player if self.situation == "ATTACKING" else f"BY {self.player}")
        if self.against:
            words.append(f"AGAINST {self.against}")
        if self.planet:
            words.append(f"AT {self.planet.text()}")
        return " ".join(words)


@frozen
class Standing:
    """ALWAYS PLAY HIGHEST; IF ATTACKED INVITE ALL; IF INVITED BY RED ALLY RED WITH 2 M:
    an order for every time its phase comes (and the condition holds), until cancelled."""

    action: Action
    condition: Condition | None = None

    def text(self) -> str:
        if self.condition is None:
            return f"ALWAYS {self.action.text()}"
        return f"IF {self.condition.text()} {self.action.text()}"


@frozen
class Cancel:
    """CANCEL 2, CANCEL ALL: standing orders, numbered as the last printout lists them."""

    number: int | None = None  # None: all

    def text(self) -> str:
        return f"CANCEL {'ALL' if self.number is None else self.number}"


Order = Action | Standing | Cancel


# ---- plain data (for the state's pending and standing orders) ---------------------------------

_CLASSES: dict[str, type[Any]] = {
    c.__name__: c
    for c in (
        Planet,
        ShipCount,
        Group,
        Reclaim,
        Attack,
        Pass,
        Invite,
        Ally,
        Decline,
        Play,
        GiveCoins,
        ReturnShips,
        AllowColony,
        Deal,
        NoDeal,
        Reward,
        TakeCoin,
        Heal,
        Condition,
        Standing,
        Cancel,
    )
}


def to_data(value: Any) -> Any:
    """An order (or part of one) as JSON-able data: {"order": class name, field: ...}."""
    if is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {"order": type(value).__name__}
        for f in fields(value):
            out[f.name] = to_data(getattr(value, f.name))
        return out
    if isinstance(value, tuple):
        return [to_data(v) for v in value]
    if isinstance(value, Size):
        return value.value
    return value


def from_data(data: Any) -> Any:
    """The order `to_data` wrote."""
    if isinstance(data, dict):
        cls = _CLASSES[str(data["order"])]
        kwargs = {f.name: from_data(data[f.name]) for f in fields(cls) if f.name in data}
        for name in ("size",):
            if name in kwargs and isinstance(kwargs[name], str):
                kwargs[name] = Size(kwargs[name])
        return cls(**kwargs)
    if isinstance(data, list):
        return tuple(from_data(v) for v in data)
    return data
