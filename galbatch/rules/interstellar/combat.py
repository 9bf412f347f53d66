"""Combat values and which row of the outcome chart the two coins give (Play 7-8), with
the race powers that change them: Balchoth's strengths, Seregon's product, Pelantiri's
Diplomacy win.
"""

from __future__ import annotations

from dataclasses import dataclass

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.board import LARGEST_FIRST, ships_text
from galbatch.rules.interstellar.fleets import side_ships, total
from galbatch.rules.interstellar.state import (
    Encounter,
    GameState,
    Ships,
    Side,
    has_power,
)
from galbatch.rules.interstellar.tables import (
    DIPLOMACY,
    Coin,
    CoinPlayed,
    Outcome,
    Played,
    Power,
    Size,
    played,
    strength,
)

# The Balchoth's values (race chart): colony ships 2, warships 4; transports keep 3.
BALCHOTH_STRENGTH: dict[Size, int] = {Size.S: 2, Size.M: 4, Size.L: 3}


def chart_coin(coin: CoinPlayed) -> Coin:
    """A coin as the outcome chart reads it (no coin at all, NO_COIN, is Diplomacy)."""
    return DIPLOMACY if isinstance(coin, str) else coin


@dataclass(frozen=True)
class CombatValue:
    """One side's combat value and the sum that makes it, as the outcome event prints it:
    RED 1 L 1 M = 3 + 4 = 7 (Balchoth), ally GREEN 1 M = 2, coin 3: 12."""

    total: int
    text: str


def _balchoth(state: GameState, player: str, main: bool, side: Side) -> bool:
    """Whether a player's ships count at the Balchoth's strengths on this side (house:
    attacking, defending, and as an ally)."""
    return (
        has_power(state, player, Power.STRENGTH)
        and (main or house.BALCHOTH_AS_ALLY)
        and (side == "ATTACKER" or house.BALCHOTH_WHEN_DEFENDING)
    )


def _ships(state: GameState, player: str, ships: Ships, main: bool, side: Side) -> CombatValue:
    """A player's ships on a side by the ship chart's strengths, or the Balchoth's:
    RED 1 L 1 M = 3 + 4 = 7 (Balchoth)."""
    balchoth = _balchoth(state, player, main, side)
    terms = [
        ships.get(s) * (BALCHOTH_STRENGTH[s] if balchoth else strength(s))
        for s in LARGEST_FIRST
        if ships.get(s)
    ]
    value = sum(terms)
    words = f"{state.seat(player).colour} {ships_text(ships)}"
    if len(terms) > 1:
        words += " = " + " + ".join(str(t) for t in terms)
    words += f" = {value}" + (" (Balchoth)" if balchoth else "")
    return CombatValue(value, words)


def side_value(state: GameState, e: Encounter, side: Side, coin: Coin) -> CombatValue:
    """A side's combat value: the coin and all ships' values (Attack / Attack), the main
    combatant's ships multiplied by his coin for the Seregon (house rules say whose ships
    and when), with the sum in words."""
    player = e.attacker if side == "ATTACKER" else e.defender
    commitments = side_ships(state, e, side)
    owners = [player] + [c.player for c in commitments if c.player != player]
    parts = [
        _ships(
            state,
            p,
            total(tuple(c for c in commitments if c.player == p)),
            p == player,
            side,
        )
        for p in dict.fromkeys(owners)
    ]
    own, allies = parts[0], parts[1:]
    ally_words = [f"ally {a.text}" for a in allies]
    ally_sum = sum(a.total for a in allies)
    seregon = has_power(state, player, Power.MULTIPLY) and (
        side == "ATTACKER" or house.SEREGON_WHEN_DEFENDING
    )
    if seregon and house.SEREGON_MULTIPLIES_ALLIES:
        value = (own.total + ally_sum) * coin
        words = f"({', '.join([own.text, *ally_words])}) x coin {coin} (Seregon)"
    elif seregon:
        value = own.total * coin + ally_sum
        words = ", ".join([f"{own.text} x coin {coin} = {own.total * coin} (Seregon)", *ally_words])
    else:
        value = coin + own.total + ally_sum
        words = ", ".join([own.text, *ally_words, f"coin {coin}"])
    return CombatValue(value, f"{words}: {value}")


def combat_value(state: GameState, e: Encounter, side: Side, coin: Coin) -> int:
    """Coin value + all ships' values of one side (Attack / Attack)."""
    return side_value(state, e, side, coin).total


def won_by_pelantiri(e: Encounter, row: Outcome) -> bool:
    """Whether a Diplomacy coin won an Attack / Attack row: only the Pelantiri's power does
    that, and then no combat value decided it."""
    a, d = e.attacker_coin, e.defender_coin
    if a is None or d is None or row not in (Outcome.ATTACKER_WINS, Outcome.DEFENDER_WINS):
        return False
    return DIPLOMACY in (chart_coin(a), chart_coin(d))


def values_text(state: GameState, e: Encounter, row: Outcome) -> str:
    """Both sides' combat values with their sums, once both attack coins are in:
    "Combat values: RED ...: 12 against BLUE ...: 8."; or, when the Pelantiri won with a
    Diplomacy coin, that power; else ""."""
    a, d = e.attacker_coin, e.defender_coin
    if a is None or d is None:
        return ""
    if chart_coin(a) == DIPLOMACY or chart_coin(d) == DIPLOMACY:
        side = {Outcome.ATTACKER_WINS: e.attacker, Outcome.DEFENDER_WINS: e.defender}.get(row)
        if side is None:
            return ""
        who = state.seat(side).colour
        return f"{who} wins with a Diplomacy coin and a ship of his own involved (Pelantiri)."
    va = side_value(state, e, "ATTACKER", chart_coin(a)).text
    vd = side_value(state, e, "DEFENDER", chart_coin(d)).text
    return f"Combat values: {va} against {vd}."


def _involved(state: GameState, e: Encounter, side: Side) -> bool:
    """Whether a main combatant has a ship of his own in the combat (Pelantiri)."""
    if side == "ATTACKER":
        return bool(e.fleet)
    return state.at(e.target, e.defender).total > 0


def outcome(
    state: GameState, e: Encounter, attacker: CoinPlayed, defender: CoinPlayed
) -> Outcome | None:
    """The outcome chart's row for the two coins; None for Diplomacy / Diplomacy, which
    the deal decides."""
    a, d = chart_coin(attacker), chart_coin(defender)
    for side, coin, other in (("ATTACKER", a, d), ("DEFENDER", d, a)):
        player = e.attacker if side == "ATTACKER" else e.defender
        if (
            coin == DIPLOMACY
            and has_power(state, player, Power.DIPLOMACY_WINS)
            and _involved(state, e, side)  # type: ignore[arg-type]
            and (other != DIPLOMACY or house.PELANTIRI_BEATS_DIPLOMACY)
        ):
            return Outcome.ATTACKER_WINS if side == "ATTACKER" else Outcome.DEFENDER_WINS
    row = played(a, d)
    if row is Played.DIPLOMACY_DIPLOMACY:
        return None
    if row is Played.ATTACK_DIPLOMACY:
        if a != DIPLOMACY:
            return Outcome.ATTACK_COIN_ATTACKER_WINS
        return Outcome.ATTACK_COIN_DEFENDER_WINS
    va = combat_value(state, e, "ATTACKER", a)
    vd = combat_value(state, e, "DEFENDER", d)
    if va > vd:
        return Outcome.ATTACKER_WINS
    if vd > va:
        return Outcome.DEFENDER_WINS
    return Outcome.TIE


WINNER: dict[Outcome, Side | None] = {
    Outcome.ATTACKER_WINS: "ATTACKER",
    Outcome.DEFENDER_WINS: "DEFENDER",
    Outcome.TIE: None,
    Outcome.DEAL: None,
    Outcome.NO_DEAL: None,
    Outcome.ATTACK_COIN_ATTACKER_WINS: "ATTACKER",
    Outcome.ATTACK_COIN_DEFENDER_WINS: "DEFENDER",
}


def result_for(state: GameState, e: Encounter, player: str, coin: Coin) -> int:
    """What a coin would give a main combatant against the other's coin, already
    revealed: 1 a win, -1 a loss, 0 a tie or a deal to make (for PLAY BEST)."""
    if player == e.attacker:
        other = e.defender_coin
        row = outcome(state, e, coin, DIPLOMACY if other is None else other)
    else:
        other = e.attacker_coin
        row = outcome(state, e, DIPLOMACY if other is None else other, coin)
    winner = None if row is None else WINNER[row]
    if winner is None:
        return 0
    mine: Side = "ATTACKER" if player == e.attacker else "DEFENDER"
    return 1 if winner == mine else -1
