"""The race powers that act after combat: Celegorm reclaims his coin, Mormegil claims
his opponent's, the rest are discarded (Play 9); Nirnaeth heals other races.
"""

from __future__ import annotations

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.board import Run, largest_first, return_from_void, ships_text
from galbatch.rules.interstellar.coins import discard, gain, give_random
from galbatch.rules.interstellar.state import GameState, has_power
from galbatch.rules.interstellar.tables import Power, coin_text


def _wants(state: GameState, player: str, power: Power, takes: dict[str, bool]) -> bool:
    return has_power(state, player, power) and takes.get(player, house.TAKE_COIN_BY_DEFAULT)


def settle_coins(state: GameState, takes: dict[str, bool], run: Run) -> GameState:
    """The two coins played: back to a Celegorm who takes his, to a Mormegil who claims
    his opponent's (a coin both want goes back to its owner, house.SAME_COIN_GOES_TO),
    the others onto the discard pile. `takes`: TAKE COIN / LEAVE COIN per player."""
    e = state.encounter
    assert e is not None
    played = [(e.attacker, e.defender, e.attacker_coin), (e.defender, e.attacker, e.defender_coin)]
    for owner, opponent, coin in played:
        if coin is None or isinstance(coin, str):  # no coin at all (NO_COIN): none to move
            continue

        reclaim = _wants(state, owner, Power.RECLAIM_COIN, takes)
        claim = _wants(state, opponent, Power.CLAIM_COIN, takes)
        if reclaim and (not claim or house.SAME_COIN_GOES_TO == "owner"):
            state = gain(state, owner, (coin,))
            run.say(
                "power",
                f"{state.seat(owner).colour} reclaims the {coin_text(coin)} coin (Celegorm).",
            )
        elif claim:
            state = gain(state, opponent, (coin,))
            run.say(
                "power",
                f"{state.seat(opponent).colour} claims the {coin_text(coin)} coin"
                f" of {state.seat(owner).colour} (Mormegil).",
            )
        else:
            state = discard(state, (coin,))
    return state


def heal(state: GameState, healer: str, order: o.Heal, run: Run) -> GameState:
    """A Nirnaeth's HEAL: the other race's ships back from the void to its home world, a
    coin from it for each (no more ships than it has coins, house.RETURNS_LARGEST_FIRST)."""
    patient = state.player_of(order.player)
    who = state.seat(healer).colour
    if patient is None or patient == healer:
        run.say("heal", f"{order.text()}: {who} heals only another race in the game.", (healer,))
        return state
    void = state.in_void(patient)
    n = min(void.total if order.count is None else order.count, void.total)
    n = min(n, len(state.hand(patient)))
    if n <= 0:
        run.say(
            "heal",
            f"{order.text()}: nothing to heal (ships in the void and coins to pay"
            " with are needed).",
            (healer,),
        )
        return state
    state, paid = give_random(state, patient, healer, n, run, "healing")
    back = largest_first(void, paid)
    state = return_from_void(state, patient, back)
    run.say(
        "heal", f"{who} heals {order.player}: {ships_text(back)} back from the void (Nirnaeth)."
    )
    return state
