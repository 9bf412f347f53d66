"""Supply (7.3) kept through claims (5.1.2): a territory gaining a hex brings hexes only
nearer it (`supply.Reach.gain`), one losing a hex is searched afresh, and the distances
are searched outward only as far as a fleet asks. A speed change that must leave every
answer as the whole board gives it; and a turn claiming hexes of two players at once
now tells both their fleets' supply (the kept supply used to forget the second). And a
turn's beginning (5.1) looks for claims and occupations in the round's kept `Holdings`."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.rules.galaktikos.economy import claim_territory, claimable, occupy_populations
from galbatch.rules.galaktikos.hexes import Hex, distance, distances_from
from galbatch.rules.galaktikos.orders import Obstruct
from galbatch.rules.galaktikos.round import Kept, obstructs, play_turn
from galbatch.rules.galaktikos.round_events import Event
from galbatch.rules.galaktikos.setup import new_game
from galbatch.rules.galaktikos.state import Holdings, RoundState
from galbatch.rules.galaktikos.supply import Reach, Supply, mark_supply, supplied
from galbatch.rules.galaktikos.tables import HexType
from tests.galaktikos_world import put, world

SEEDS = (1, 2, 3, 5, 8)


def galaxy(seed: int) -> RoundState:
    """The galaxy `galbatch new` makes for four players, each holding the hexes within 4
    of a home of its own, with fleets at home and abroad (the deterministic rng)."""
    infos = [PlayerInfo(str(i), f"EMPIRE{i}", 1000 + i) for i in range(1, 5)]
    state = new_game(seed, infos, {})
    rng = random.Random(seed)
    hexes = state.hexes()
    players = list(state.players)
    homes = rng.sample(sorted(h for h in hexes if state.kind(h) is HexType.DENSE), len(players))
    for h in hexes:
        nearest = min(range(len(players)), key=lambda i: (distance(h, homes[i]), i))
        if distance(h, homes[nearest]) <= 4:
            state.territory[h] = players[nearest]
    for h in rng.sample(hexes, len(hexes) // 6):
        state.add(state.fleets, h, rng.choice(players), rng.randint(1, 3))
    return state


def step(state: RoundState, rng: random.Random, supply: Supply) -> None:
    """One scripted change: a hex claimed (from its owner, if any), a fleet token moved,
    or a player's OBSTRUCT ALL turned on or off (the kept supply told, as a round does)."""
    players = list(state.players)
    roll = rng.random()
    if roll < 0.1:
        player = rng.choice(players)
        state.standing[player] = (Obstruct("ALL", rng.random() < 0.5),)
        supply.reobstruct(obstructs(state), [player])
    elif roll < 0.6:
        hex_ = rng.choice(state.hexes())
        state.claim(hex_, rng.choice([p for p in players if p != state.territory.get(hex_)]))
    else:
        start = rng.choice(sorted(state.fleets))
        owner = rng.choice(sorted(state.fleets[start]))
        state.add(state.fleets, start, owner, -1)
        state.add(state.fleets, rng.choice(state.hexes()), owner, 1)


def searched_as_far_as_it_says(reach: Reach, home: set[Hex], state: RoundState) -> None:
    """What a reach holds is the whole board's distances, up to its level and no further."""
    true = distances_from(home, state.width, state.height)
    assert reach.dist == {h: d for h, d in true.items() if d <= reach.level}
    assert set(reach.edge) == {h for h, d in true.items() if d == reach.level}


@pytest.mark.parametrize("seed", SEEDS)
def test_kept_supply_equals_the_whole_board_after_every_claim_and_loss(seed: int) -> None:
    """7.3: a fleet is supplied "in friendly territory" or by "a Shortest Path from the
    fleet to friendly territory that is not obstructed by foreign fleets"; 5.1.2: "Any
    neutral or unfriendly hexes may be claimed as a player's territory". After each of
    60 scripted claims (each a loss for the hex's owner), fleet moves and OBSTRUCT
    orders changing ("the controlling player determines whether or not the fleet is
    obstructing") on a real
    galaxy: the kept marks and every answer are the whole board's, and each player's
    kept distances are a search of the whole board's, as far as they went."""
    state = galaxy(seed)
    rng = random.Random(seed)
    supply = Supply(state, obstructs(state))
    for _ in range(60):
        step(state, rng, supply)
        supply.update()
        fresh = copy.copy(state)
        mark_supply(fresh, obstructs(state))
        assert state.unsupplied == fresh.unsupplied
        for player, lines in supply.lines.items():
            home = {h for h, o in state.territory.items() if o == player}
            assert supply.home(player) == home
            searched_as_far_as_it_says(lines.reach, home, state)
    policy = obstructs(state)
    for hex_ in state.hexes():
        for player in state.players:
            assert supply.supplied(hex_, player) == supplied(state, hex_, player, policy)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_gained_hex_brings_only_nearer_hexes_wherever_the_search_had_reached(
    seed: int,
) -> None:
    """5.1.2: a claimed hex becomes the player's territory, so the shortest path of 7.3
    to it is never longer. A reach searched out to 0 to 6 rings, then gaining hexes one
    by one, holds the distances a search from the grown territory gives."""
    state = galaxy(seed)
    rng = random.Random(seed)
    home = {h for h, o in state.territory.items() if o == "1"}
    for rings in range(7):
        reach = Reach(state.width, state.height, home)
        target = rng.choice(state.hexes())
        while reach.edge and reach.level < rings and reach.get(target) is not None:
            target = rng.choice([h for h in state.hexes() if h not in reach.dist] or [target])
        grown = set(home)
        for _ in range(8):
            hex_ = rng.choice(state.hexes())
            grown.add(hex_)
            reach.gain(hex_)
            searched_as_far_as_it_says(reach, grown, state)
            target = rng.choice(state.hexes())
            assert reach.get(target) == distances_from(grown, state.width, state.height)[target]


def test_a_turn_claiming_two_players_last_hexes_tells_both_their_fleets_out_of_supply() -> None:
    """7.3: "A fleet is Supplied only if ... The fleet is in friendly territory. [or]
    There is a Shortest Path from the fleet to friendly territory"; 5.1.2: "Any neutral
    or unfriendly hexes may be claimed as a player's territory at the beginning of their
    turn ... as long as a friendly fleet begins the turn in that hex." A's fleets begin
    its turn in B's and C's only territory and claim both: neither B's nor C's fleet
    beside it is supplied any more, and the turn says so for each, as the whole board
    does. (The kept supply looked again only at the first loser's lines.) The checker
    claims before it keeps any supply, so the round alone is concerned."""
    base = world(("A", "B", "C", "D"), width=8, height=7, resources=20)
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    put(state, "0101", "A", pop=1, territory=True)
    put(state, "0801", "D", pop=1, territory=True, fleet=1)
    put(state, "0404", "B", pop=1, territory=True)
    put(state, "0505", "B", fleet=1)
    put(state, "0606", "C", pop=1, territory=True)
    put(state, "0707", "C", fleet=1)
    put(state, "0404", "A", fleet=1)
    put(state, "0606", "A", fleet=1)
    kept = Kept(state)
    log: list[Event] = []
    play_turn(state, "D", [], random.Random(1), log, kept)  # the round's supply is kept
    assert not state.unsupplied
    play_turn(state, "A", [], random.Random(1), log, kept)
    told = [e.text for e in log if "supply" in e.text]
    assert "the fleet of Player B at 0505 is out of supply" in told
    assert "the fleet of Player C at 0707 is out of supply" in told
    fresh = copy.copy(state)
    mark_supply(fresh, obstructs(state))
    assert (
        state.unsupplied
        == fresh.unsupplied
        == {
            (Hex(4, 4), "B"),
            (Hex(6, 6), "C"),
        }
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_a_turns_beginning_from_the_kept_holdings_claims_and_occupies_as_the_board(
    seed: int,
) -> None:
    """5.1.2: "Any neutral or unfriendly hexes may be claimed ... as long as a friendly
    fleet begins the turn in that hex"; 5.1.3: "A hex containing an unfriendly
    population may be occupied if a friendly fleet begins the turn in that hex. An
    occupied population ... is removed whenever no friendly fleets begin the turn in
    that hex." After each of 40 scripted claims and fleet moves on a real galaxy with
    populations, each player's turn beginning looked up in the round's kept `Holdings`
    claims the same hexes and places and lifts the same marks as one over the board."""
    state = galaxy(seed)
    rng = random.Random(seed)
    for h in rng.sample(state.hexes(), len(state.hexes()) // 5):
        state.add(state.populations, h, rng.choice(list(state.players)), 1)
    supply = Supply(state, obstructs(state))
    held = Holdings(state)
    for _ in range(40):
        step(state, rng, supply)
        player = rng.choice(list(state.players))
        assert claimable(state, player, held) == claimable(state, player)
        board = copy.deepcopy(state)
        placed = occupy_populations(state, player, held)
        assert placed == occupy_populations(board, player)
        assert state.occupations == board.occupations
        for hex_ in claimable(state, player, held)[:1]:
            claim_territory(state, player, [hex_], held)
