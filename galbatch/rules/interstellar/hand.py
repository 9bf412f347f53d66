"""Which coin of a hand a PLAY order plays: what the checker and the turn share,
apart from `coins.py` (the bag, the board's random draws) so that a check does not
import the board and the state."""

from __future__ import annotations

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.tables import DIPLOMACY, Coin


def attack_coins(hand: tuple[Coin, ...]) -> tuple[Coin, ...]:
    """The attack coins of a hand, lowest first."""
    return tuple(sorted(c for c in hand if c != DIPLOMACY))


def choose(hand: tuple[Coin, ...], word: str, wins: dict[Coin, int] | None = None) -> Coin:
    """The coin a PLAY order plays from a hand that is not empty.

    A value or DIPLOMACY plays that coin if held; else (house.PLAY_NEAREST_BELOW) the
    highest attack coin below it, else the lowest above it, DIPLOMACY only if the hand
    has nothing else. HIGHEST and LOWEST: the highest, lowest attack coin (DIPLOMACY if
    none). BEST: with `wins` (each coin's result after the reveal: 1 win, 0 tie,
    -1 loss), the lowest coin that wins, else that ties, else the lowest coin;
    without it (the power lost), as house.BEST_WITHOUT_POWER says."""
    attacks = attack_coins(hand)
    word = word.upper()
    if word == "BEST" and wins is not None:
        for result in (1, 0):
            found = sorted(c for c in set(hand) if wins.get(c) == result)
            if found:
                return found[0]
        return min(hand)
    if word == "BEST":
        word = house.BEST_WITHOUT_POWER
    if word == "HIGHEST":
        return attacks[-1] if attacks else DIPLOMACY
    if word == "LOWEST":
        return attacks[0] if attacks else DIPLOMACY
    wanted = DIPLOMACY if word == "DIPLOMACY" else int(word)
    if wanted in hand:
        return wanted
    below = [c for c in reversed(attacks) if c < wanted]
    above = [c for c in attacks if c > wanted]
    nearest = below + above if house.PLAY_NEAREST_BELOW else above + below
    return nearest[0] if nearest else DIPLOMACY
