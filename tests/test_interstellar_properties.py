"""Property tests of Interstellar Conquest: over random order files, run after run, every
player's 15 ships stay in the game (planets, the void, the encounter) and so does every
coin of the set (bag, hands, discards, the encounter), and the state round-trips."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from interstellar_table import coins_in_play, hands, move, run, table

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.resolve import resolve
from galbatch.rules.interstellar.setup import new_game
from galbatch.rules.interstellar.state import GameState, Ships, pieces
from galbatch.rules.interstellar.tables import DIPLOMACY, SIZES, Size, all_coins

COIN_WORDS = ("1", "3", "5", "DIPLOMACY", "DIPLOMACY", "DIPLOMACY", "HIGHEST", "LOWEST", "BEST")


def planet(r: Random, state: GameState) -> o.Planet:
    return o.Planet(r.choice(state.seats).colour, r.randint(1, 5))


def colour(r: Random, state: GameState) -> str:
    return r.choice(state.seats).colour


def groups(r: Random, state: GameState, player: str, origin: bool = True) -> tuple[o.Group, ...]:
    """Groups of ships from planets where the player has ships (or none named)."""
    mine = [o.Planet(k[0], k[1]) for k, v in sorted(state.ships.items()) if player in v]
    out = []
    for _ in range(r.randint(1, 2)):
        ships = tuple(o.ShipCount(r.choice(SIZES), r.randint(0, 3)) for _ in range(r.randint(1, 3)))
        frm = r.choice(mine) if mine and origin and r.random() < 0.7 else None
        out.append(o.Group(ships, frm))
    return tuple(out)


def attack_for(r: Random, state: GameState, player: str, again: bool) -> o.Attack:
    """Most often an attack the ship chart allows, from a world with an L and an M."""
    ready = [
        o.Planet(k[0], k[1])
        for k, v in sorted(state.ships.items())
        if v.get(player, Ships()).medium and v[player].large
    ]
    if ready and r.random() < 0.7:
        sizes = (o.ShipCount(Size.L), o.ShipCount(Size.M), o.ShipCount(Size.S, r.randint(0, 1)))
        fleet: tuple[o.Group, ...] = (o.Group(sizes, r.choice(ready)),)
    else:
        fleet = groups(r, state, player)
    return o.Attack(planet(r, state), fleet, "", again)


def order_for(r: Random, state: GameState, player: str) -> Any:
    """An order for what the player owes now (perhaps one refused or reduced)."""
    phase = state.phase
    if phase in (Phase.RECLAIM, Phase.DECLARE):
        return attack_for(r, state, player, False)
    if phase is Phase.SECOND_ATTACK:
        return o.Pass() if r.random() < 0.3 else attack_for(r, state, player, True)
    if phase in (Phase.INVITE_ATTACKER, Phase.INVITE_DEFENDER):
        if r.random() < 0.5:
            return o.Invite(everybody=True)
        return o.Invite(tuple(colour(r, state) for _ in range(r.randint(0, 3))))
    if phase is Phase.ALLIANCE:
        if r.random() < 0.3:
            return o.Decline()
        side = r.choice(["ATTACKER", "DEFENDER", colour(r, state)])
        return o.Ally(side, groups(r, state, player, origin=r.random() < 0.3))
    if phase in (Phase.COINS, Phase.DRUWAITH):
        return o.Play(r.choice(COIN_WORDS))
    if r.random() < 0.2:
        return o.NoDeal()
    terms: list[o.Term] = []
    for _ in range(r.randint(0, 2)):
        kind = r.randint(0, 2)
        if kind == 0:
            terms.append(o.GiveCoins(colour(r, state), r.randint(0, 4)))
        elif kind == 1:
            terms.append(o.ReturnShips(colour(r, state), r.randint(0, 3)))
        else:
            terms.append(o.AllowColony(colour(r, state), planet(r, state)))
    return o.Deal(tuple(terms))


def standing(r: Random, state: GameState) -> Any:
    """A standing order anyone may send at any time."""
    return r.choice(
        [
            o.Standing(o.Play("HIGHEST")),
            o.Standing(o.Play("BEST"), o.Condition("ATTACKED")),
            o.Standing(o.Decline()),
            o.Standing(o.Invite(everybody=True), o.Condition("ATTACKED")),
            o.Standing(o.Deal(())),
            o.Standing(o.Reward(coins=True)),
            o.Standing(o.TakeCoin(False)),
            o.Standing(o.Pass()),
            o.Standing(o.Heal(state.seats[0].colour)),
            o.Cancel(),
        ]
    )


def conserved(state: GameState) -> None:
    for p in state.players():
        assert pieces(state, p) == Ships(5, 5, 5), (p, state.to_data())
    assert coins_in_play(state) == sorted(all_coins(len(state.seats)))


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 6), st.integers(0, 10_000))
def test_ships_and_coins_are_conserved_over_random_orders(r: Random, n: int, seed: int) -> None:
    infos = [PlayerInfo(str(i), f"P{i}", 1000 + i) for i in range(1, n + 1)]
    state = new_game(seed, infos, {})
    conserved(state)
    for _ in range(12):
        if state.finished:
            break
        orders: dict[str, list[Any]] = {}
        for p in state.waiting:
            orders[p] = [order_for(r, state, p) for _ in range(r.randint(1, 2))]
        for p in state.players():
            if p not in state.waiting and r.random() < 0.3:
                orders[p] = [standing(r, state)]
        state = resolve(state, orders, Streams(seed, state.turn + 1))
        conserved(state)
        assert GameState.from_data(state.to_data()) == state
        assert all(p in state.players() for p in state.waiting)
        assert set(state.hands) <= set(state.players())


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 10_000))
def test_ships_and_coins_are_conserved_by_any_deal(r: Random, seed: int) -> None:
    state = table("BLACK ORANGE", seed=seed)
    state = move(state, "ORANGE", ("ORANGE", 2), None, Ships(1, 1, 0))
    state = move(state, "BLACK", ("BLACK", 3), None, Ships(0, 1, 1))
    state = hands(state, {"ORANGE": (DIPLOMACY, 1, 2), "BLACK": (DIPLOMACY, 3)})
    fleet = (o.Group((o.ShipCount(Size.L), o.ShipCount(Size.M)), o.Planet("ORANGE", 1)),)
    state = run(
        state,
        {
            "ORANGE": [o.Attack(o.Planet("BLACK", 1), fleet), o.Play("DIPLOMACY")],
            "BLACK": [o.Play("DIPLOMACY")],
        },
        seed,
    )
    assert state.phase is Phase.DEAL
    conserved(state)
    deal = order_for(r, state, state.waiting[0])
    other = deal if r.random() < 0.5 else order_for(r, state, state.waiting[1])
    state = run(state, {"ORANGE": [deal], "BLACK": [other]}, seed)
    conserved(state)
    if isinstance(deal, o.Deal) and deal == other:
        assert "Outcome: Deal reached." in [e.text for e in state.events]
