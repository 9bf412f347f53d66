"""The coins: drawing from the bag, reshuffling the discards, and coins passing between
hands (choosing a coin to play is `hand.py`'s, which the checker shares).

Hands are secret: an event naming the coins drawn or given is seen only by the
players concerned; everyone else is told how many.
"""

from __future__ import annotations

from dataclasses import replace

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.board import Run

# The choice of a coin lives apart so that the checker makes it without the board.
from galbatch.rules.interstellar.hand import choose as choose
from galbatch.rules.interstellar.state import GameState, has_power
from galbatch.rules.interstellar.tables import HAND, Coin, Power, coin_text


def coins_text(coins: tuple[Coin, ...]) -> str:
    """3, 5, DIPLOMACY: coins as printouts name them."""
    return ", ".join(coin_text(c) for c in coins) if coins else "none"


def count_text(n: int) -> str:
    """1 coin, 3 coins."""
    return f"{n} coin" if n == 1 else f"{n} coins"


def hand_size(state: GameState, player: str) -> int:
    """The coins a player draws to: 3, the Hirilorn 4 while he keeps his power."""
    return house.HIRILORN_HAND if has_power(state, player, Power.FOUR_COINS) else HAND


def _set_hand(state: GameState, player: str, coins: tuple[Coin, ...]) -> GameState:
    return replace(state, hands={**state.hands, player: tuple(sorted(coins))})


def draw(state: GameState, player: str, count: int, run: Run) -> GameState:
    """`count` coins from the bag into a hand; when the bag is empty the discards are
    shuffled back into it (Play 1). Fewer if there are no coins left at all."""
    drawn: list[Coin] = []
    bag, discards = list(state.bag), list(state.discards)
    while len(drawn) < count:
        if not bag:
            if not discards:
                break
            run.rng.shuffle(discards)
            bag, discards = discards, []
            run.say("reshuffle", f"The bag was empty: the {len(bag)} discarded coins go back in.")
        drawn.append(bag.pop(0))
    state = replace(state, bag=tuple(bag), discards=tuple(discards))
    if drawn:
        state = _set_hand(state, player, state.hand(player) + tuple(drawn))
        name = state.seat(player).colour
        run.say("draw", f"{name} draws {count_text(len(drawn))}.")
        drew = coins_text(tuple(sorted(drawn)))
        run.say("draw-secret", f"You draw {drew}.", (player,), f"{name} draws {drew}.")
    return state


def draw_up(state: GameState, player: str, run: Run) -> GameState:
    """Play 1: three coins if the hand is empty; the Hirilorn draws up to four."""
    have = len(state.hand(player))
    size = hand_size(state, player)
    hirilorn = house.HIRILORN_REPLENISHES and has_power(state, player, Power.FOUR_COINS)
    if (have == 0 or hirilorn) and have < size:
        return draw(state, player, size - have, run)
    return state


def remove(state: GameState, player: str, coin: Coin) -> GameState:
    """A coin out of a hand (it must be there)."""
    hand = list(state.hand(player))
    hand.remove(coin)
    return _set_hand(state, player, tuple(hand))


def gain(state: GameState, player: str, coins: tuple[Coin, ...]) -> GameState:
    """Coins into a hand (there is no hand limit, house.HAND_LIMIT)."""
    return _set_hand(state, player, state.hand(player) + coins) if coins else state


def discard(state: GameState, coins: tuple[Coin, ...]) -> GameState:
    """Coins onto the discard pile (Play 9)."""
    return replace(state, discards=state.discards + coins) if coins else state


def give_random(
    state: GameState, giver: str, taker: str, count: int, run: Run, why: str
) -> tuple[GameState, int]:
    """Up to `count` coins drawn at random from the giver's hand into the taker's (no more
    than the giver holds); the state and how many passed."""
    hand = list(state.hand(giver))
    given: list[Coin] = []
    for _ in range(min(count, len(hand))):
        given.append(hand.pop(run.rng.randrange(len(hand))))
    if not given:
        return state, 0
    state = gain(_set_hand(state, giver, tuple(hand)), taker, tuple(given))
    a, b = state.seat(giver).colour, state.seat(taker).colour
    run.say("coins", f"{a} gives {b} {count_text(len(given))} ({why}).")
    run.say("coins-secret", f"{a} gives {b} {coins_text(tuple(sorted(given)))}.", (giver, taker))
    return state, len(given)


def from_bag(state: GameState, player: str, count: int, run: Run, why: str) -> GameState:
    """Coins won from the bag (an ally's reward)."""
    if count <= 0:
        return state
    who = state.seat(player).colour
    run.say("reward", f"{who} takes {count_text(count)} from the bag ({why}).")
    return draw(state, player, count, run)
