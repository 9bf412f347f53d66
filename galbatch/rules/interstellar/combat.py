"""Combat values and which row of the outcome chart the two coins give (Play 7-8), with
the race powers that change them: Balchoth's strengths, Seregon's product, Pelantiri's
Diplomacy win.
"""

from __future__ import annotations

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.fleets import side_ships
from galbatch.rules.interstellar.state import (
    Commitment,
    Encounter,
    GameState,
    Ships,
    Side,
    has_power,
)
from galbatch.rules.interstellar.tables import (
    DIPLOMACY,
    SIZES,
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


def ship_value(state: GameState, player: str, ships: Ships, main: bool) -> int:
    """The ship chart's strengths of a player's ships, the Balchoth's if he keeps his
    power (house: attacking, defending, and as an ally)."""
    balchoth = has_power(state, player, Power.STRENGTH) and (main or house.BALCHOTH_AS_ALLY)
    return sum(ships.get(s) * (BALCHOTH_STRENGTH[s] if balchoth else strength(s)) for s in SIZES)


def _value(state: GameState, player: str, commitments: tuple[Commitment, ...], coin: Coin) -> int:
    own = sum(ship_value(state, c.player, c.ships, True) for c in commitments if c.player == player)
    allies = sum(
        ship_value(state, c.player, c.ships, False) for c in commitments if c.player != player
    )
    if has_power(state, player, Power.MULTIPLY):  # Seregon: own ships x coin, allies added
        return own * coin + allies
    return coin + own + allies


def combat_value(state: GameState, e: Encounter, side: Side, coin: Coin) -> int:
    """Coin value + all ships' values of one side (Attack / Attack)."""
    player = e.attacker if side == "ATTACKER" else e.defender
    return _value(state, player, side_ships(state, e, side), coin)


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
