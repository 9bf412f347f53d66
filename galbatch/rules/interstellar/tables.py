"""The Interstellar Conquest rule book's charts, one table each, as the book writes them.

The race chart, the ship chart and the outcome chart keep the book's words (for
printouts and the man page) beside a key the rules look up. The book's numbers
(three coins drawn, four colonies to win, two colony ships at home to keep a
power, two ships lost without a deal) are here too; where the book is unclear,
`house.py` decides.
"""

# speed: no postponed annotations, as typing compiles NamedTuple fields written as text
from enum import Enum
from typing import Literal, NamedTuple

# ---- the race chart ---------------------------------------------------------------------


class Power(Enum):
    """The nine race powers, one per row of the race chart."""

    STRENGTH = "strength"  # Balchoth: colony ships worth 2, warships 4
    RECLAIM_COIN = "reclaim-coin"  # Celegorm: take back the coin just used
    PLAY_AFTER_REVEAL = "play-after-reveal"  # Druwaith: play after the opponent's reveal
    LOSSES_GO_HOME = "losses-go-home"  # Gelmir: lost ships go home, not to the void
    FOUR_COINS = "four-coins"  # Hirilorn: 4 coins, replenished at the start of the turn
    CLAIM_COIN = "claim-coin"  # Mormegil: take the coin the opponent just used
    HEAL = "heal"  # Nirnaeth: return others' ships from the void, a coin each
    DIPLOMACY_WINS = "diplomacy-wins"  # Pelantiri: a Diplomacy coin wins with a ship involved
    MULTIPLY = "multiply"  # Seregon: ship values multiplied by the coin, not added


class RaceRow(NamedTuple):
    """A row of the race chart: the colour of the Icehouse pieces, the race, its power."""

    colour: str
    race: str
    power: str
    key: Power


RACE_CHART: tuple[RaceRow, ...] = (
    RaceRow(
        "RED",
        "Balchoth",
        "When calculating attack strength in combat all of your colony ships are worth 2"
        " and your warships are worth 4.",
        Power.STRENGTH,
    ),
    RaceRow(
        "GREEN",
        "Celegorm",
        "After combat has finished you may reclaim the coin you have just used.",
        Power.RECLAIM_COIN,
    ),
    RaceRow(
        "BLUE",
        "Druwaith",
        "In combat you may play your coin after your opponent has revealed theirs'.",
        Power.PLAY_AFTER_REVEAL,
    ),
    RaceRow(
        "YELLOW",
        "Gelmir",
        "Any ships you lose in combat are returned to your home worlds instead of going"
        " to the void.",
        Power.LOSSES_GO_HOME,
    ),
    RaceRow(
        "BLACK",
        "Hirilorn",
        "You are allowed 4 coins instead of the normal 3 and you may replenish your hand"
        " at the start of your turn.",
        Power.FOUR_COINS,
    ),
    RaceRow(
        "CLEAR",
        "Mormegil",
        "After combat has finished you may claim the coin your opponent has just used.",
        Power.CLAIM_COIN,
    ),
    RaceRow(
        "ORANGE",
        "Nirnaeth",
        'You may "heal" damage done to another race by returning their ships from'
        " the void to one of their home worlds, for this they must give you one coin for"
        " each ship returned.",
        Power.HEAL,
    ),
    RaceRow(
        "PURPLE",
        "Pelantiri",
        "You win combat if you play a Diplomacy coin and you have at least one ship involved.",
        Power.DIPLOMACY_WINS,
    ),
    RaceRow(
        "WHITE",
        "Seregon",
        "When calculating attack strength you multiply your ship values by the value of"
        " the coin you play instead of adding the values.",
        Power.MULTIPLY,
    ),
)

COLOURS: tuple[str, ...] = tuple(row.colour for row in RACE_CHART)

# "If at anytime you have less than two colony ships on your home worlds you loose
# your race power."
POWER_NEEDS_COLONY_SHIPS_AT_HOME = 2


def race_row(colour: str) -> RaceRow:
    """The race chart's row of a colour (upper case, as the game keeps it)."""
    for row in RACE_CHART:
        if row.colour == colour:
            return row
    raise KeyError(colour)


def race_named(race: str) -> RaceRow:
    """The race chart's row of a race, by its name (any case)."""
    for row in RACE_CHART:
        if row.race.upper() == race.upper():
            return row
    raise KeyError(race)


# ---- the ship chart ---------------------------------------------------------------------


class Size(Enum):
    """The three Icehouse piece sizes."""

    S = "S"
    M = "M"
    L = "L"


SIZES: tuple[Size, ...] = (Size.S, Size.M, Size.L)


class ShipRow(NamedTuple):
    """A row of the ship chart."""

    size: Size
    type: str
    strength: int
    abilities: str


SHIP_CHART: tuple[ShipRow, ...] = (
    ShipRow(
        Size.S,
        "Colony ship",
        1,
        "This is your colony when placed on an alien planet, if it is removed for any"
        " reason your colony no longer exists.",
    ),
    ShipRow(
        Size.M,
        "Warship",
        2,
        "You must have a Warship in your fleet to attack another planet or colony. A"
        " Warship is not needed to defend a planet or colony.",
    ),
    ShipRow(
        Size.L,
        "Interstellar Transport",
        3,
        "You must have a Transport in your fleet to travel to another system. A Transport"
        " is not needed to move from planet to planet within a system.",
    ),
)

COLONY_SHIP, WARSHIP, TRANSPORT = Size.S, Size.M, Size.L
# Allies "may only offer colony and warships as aid" (Play 6b).
ALLY_SIZES: tuple[Size, ...] = (Size.S, Size.M)


def ship_row(size: Size) -> ShipRow:
    """The ship chart's row of a size."""
    return next(row for row in SHIP_CHART if row.size is size)


def strength(size: Size) -> int:
    """A ship's combat value by the ship chart (before race powers)."""
    return ship_row(size).strength


# ---- piecepack tiles: a player's system ----------------------------------------------------

# A suit's six tiles, as the piecepack names them: the null tile forms the void
# (Setup 1), the others are the five home worlds, named 1 to 5 (the ace is 1).
TILES: tuple[str, ...] = ("null", "ace", "2", "3", "4", "5")
VOID_TILE = "null"
HOME_WORLDS: tuple[int, ...] = (1, 2, 3, 4, 5)
# Setup 2: one ship of each size on each home world, so 5 of each size, 15 in all.
SHIPS_PER_SIZE = len(HOME_WORLDS)


def tile_name(world: int) -> str:
    """The piecepack name of a home world's tile (1 is the ace)."""
    return TILES[world]


# ---- piecepack coins: the bag ----------------------------------------------------------

Coin = int  # an attack coin's value 1-5, or DIPLOMACY
DIPLOMACY: Coin = 0  # the blank (null) coin
ATTACK_COINS: tuple[Coin, ...] = (1, 2, 3, 4, 5)
# A suit's six coins, as the piecepack names them, and what each is worth in play.
COIN_FACES: tuple[tuple[str, Coin], ...] = (
    ("null", DIPLOMACY),
    ("ace", 1),
    ("2", 2),
    ("3", 3),
    ("4", 4),
    ("5", 5),
)
PIECEPACK_SUITS = 4  # a piecepack: 24 coins
EXPANDED_SUITS = 8  # a piecepack expanded, for 5-8 players: 48 coins
PIECEPACK_PLAYERS = 4  # the most players a piecepack serves
MIN_PLAYERS, MAX_PLAYERS = 2, 8
HAND = 3  # coins drawn when a player has none (Setup 3, Play 1)


def suits(players: int) -> int:
    """Suits in the set in use: a piecepack up to 4 players, the expanded set above."""
    return PIECEPACK_SUITS if players <= PIECEPACK_PLAYERS else EXPANDED_SUITS


def all_coins(players: int) -> tuple[Coin, ...]:
    """Every coin of the set in use, suit by suit (Setup 3: all of them go in the bag)."""
    return tuple(value for _ in range(suits(players)) for _, value in COIN_FACES)


NoCoin = Literal["NONE"]
# What a main combatant with no coin at all plays (house.PLAY_NEAREST_BELOW): no coin,
# which the outcome chart counts as Diplomacy; stored and shown as this word.
NO_COIN: NoCoin = "NONE"
CoinPlayed = Coin | NoCoin  # what a main combatant has put in: a coin, or none at all


def coin_text(coin: CoinPlayed) -> str:
    """A coin as orders and printouts write it: its value, DIPLOMACY, or NO COIN."""
    if coin == NO_COIN:
        return "NO COIN"
    return "DIPLOMACY" if coin == DIPLOMACY else str(coin)


def coin_from(data: object) -> CoinPlayed | None:
    """A coin put in, as state and views store it: an int, "NONE", or None (not yet)."""
    if data is None:
        return None
    return NO_COIN if data == NO_COIN else int(str(data))


# ---- the outcome chart (Play 8) -------------------------------------------------------------


class Played(Enum):
    """The chart's first column: the coins the two main combatants played."""

    ATTACK_ATTACK = "Attack / Attack"
    DIPLOMACY_DIPLOMACY = "Diplomacy / Diplomacy"
    ATTACK_DIPLOMACY = "Attack / Diplomacy"


class Outcome(Enum):
    """One key per row of the outcome chart, in the book's order."""

    ATTACKER_WINS = "attacker-wins"
    DEFENDER_WINS = "defender-wins"
    TIE = "tie"
    DEAL = "deal"
    NO_DEAL = "no-deal"
    ATTACK_COIN_ATTACKER_WINS = "attack-coin-attacker-wins"
    ATTACK_COIN_DEFENDER_WINS = "attack-coin-defender-wins"


class OutcomeRow(NamedTuple):
    """A row of the outcome chart: coins played, combat values, victory, results."""

    played: Played
    values: str
    victory: str
    result: str
    key: Outcome


_SUM = "Coin value + all ship's values."
_ATTACKERS_MOVE = "All attacking ships move onto planet, including allies."
_DEFENDERS_VOID = "All defending ships are sent to the void, including allies."
_ALLIES_REWARDED = (
    "Defending allies are sent back to where they came from, and then they gain one coin"
    " or one of their ships from the void for each ship committed to defense."
)

# The book's words, including the "Defender wins" row of Attack / Diplomacy that
# repeats "All attacking ships move onto planet" (house.py corrects it).
OUTCOME_CHART: tuple[OutcomeRow, ...] = (
    OutcomeRow(
        Played.ATTACK_ATTACK,
        _SUM,
        "Attacker has higher combat value.",
        f"Attacker wins. {_ATTACKERS_MOVE} {_DEFENDERS_VOID}",
        Outcome.ATTACKER_WINS,
    ),
    OutcomeRow(
        Played.ATTACK_ATTACK,
        _SUM,
        "Defender has higher combat value.",
        f"Defender wins. All attacking ships are sent to the void, including allies."
        f" {_ALLIES_REWARDED}",
        Outcome.DEFENDER_WINS,
    ),
    OutcomeRow(
        Played.ATTACK_ATTACK,
        _SUM,
        "Tie.",
        "Tie. All ships are returned to their original planets.",
        Outcome.TIE,
    ),
    OutcomeRow(
        Played.DIPLOMACY_DIPLOMACY,
        "Players attempt a deal.",
        "Deal reached.",
        "Both parties follow the terms of the deal.",
        Outcome.DEAL,
    ),
    OutcomeRow(
        Played.DIPLOMACY_DIPLOMACY,
        "Players attempt a deal.",
        "No deal reached.",
        "Both players lose 2 ships to the void and the attack is cancelled.",
        Outcome.NO_DEAL,
    ),
    OutcomeRow(
        Played.ATTACK_DIPLOMACY,
        "Player using attack coin wins.",
        "Attacker wins.",
        f"{_ATTACKERS_MOVE} {_DEFENDERS_VOID} Defender gets one coin per ship lost from"
        " the attacker.",
        Outcome.ATTACK_COIN_ATTACKER_WINS,
    ),
    OutcomeRow(
        Played.ATTACK_DIPLOMACY,
        "Player using attack coin wins.",
        "Defender wins.",
        f"{_ATTACKERS_MOVE} Attacker gets one coin per ship lost from the defender."
        f" {_ALLIES_REWARDED}",
        Outcome.ATTACK_COIN_DEFENDER_WINS,
    ),
)

NO_DEAL_SHIPS_LOST = 2  # "Both players lose 2 ships to the void"


def outcome_row(key: Outcome) -> OutcomeRow:
    """The outcome chart's row for an outcome."""
    return next(row for row in OUTCOME_CHART if row.key is key)


def played(attacker: Coin, defender: Coin) -> Played:
    """The chart's first column for the two coins played (either order of Attack /
    Diplomacy is the same row pair)."""
    if attacker == DIPLOMACY and defender == DIPLOMACY:
        return Played.DIPLOMACY_DIPLOMACY
    if attacker == DIPLOMACY or defender == DIPLOMACY:
        return Played.ATTACK_DIPLOMACY
    return Played.ATTACK_ATTACK


# ---- winning --------------------------------------------------------------------------------

COLONIES_TO_WIN = 4  # "four colonies on planets in other systems"
