"""Supply (7.3), resource access (7.1) and the population counts (2.1) kept through a
round from the hexes each action changed (`supply.Supply`, `state.Tally`) agree, after
every action of random rounds, with the same worked out over the whole board.

A speed change only: the round used to work each out afresh after every action, and
the kept answers must be those answers, word for word in the events they make."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.contract.rng import Streams
from galbatch.rules.galaktikos import round as round_module
from galbatch.rules.galaktikos.events import access, access_share
from galbatch.rules.galaktikos.hexes import neighbours, parse_hex
from galbatch.rules.galaktikos.orders import (
    Attack,
    Attackers,
    BuildFleet,
    Grow,
    Migrate,
    Move,
    Obstruct,
)
from galbatch.rules.galaktikos.resolve import resolve
from galbatch.rules.galaktikos.round import obstructs
from galbatch.rules.galaktikos.state import RoundState, Tally
from galbatch.rules.galaktikos.supply import Supply, mark_supply, supplied
from galbatch.rules.galaktikos.tables import HexType
from galbatch.rules.galaktikos.victory import population_share, populations
from tests.galaktikos_world import put, world

PLAYERS = ("A", "B", "C")
NAMES = {"A": "ARCTURUS", "B": "POLARIS", "C": "VEGA"}
HEXES = [f"{c:02d}{r:02d}" for c in range(1, 9) for r in range(1, 8)]


def board() -> RoundState:
    """Three players on an 8 x 7 map of sparse hexes, each holding a corner, with fleets
    at home and abroad (some in the others' ways) and populations to fight over."""
    kinds = {h: HexType.SPARSE for h in HEXES}
    base = world(PLAYERS, width=8, height=7, kinds=kinds, resources=40)
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    for p in state.players.values():
        p.name = NAMES[p.id]
    for where, who in (("0101", "A"), ("0102", "A"), ("0201", "A"), ("0807", "B")):
        put(state, where, who, pop=2, fleet=2, territory=True, shipyards=1)
    for where, who in (("0806", "B"), ("0107", "C"), ("0207", "C"), ("0106", "C")):
        put(state, where, who, pop=2, fleet=1, territory=True, shipyards=1)
    for where, who in (("0404", "A"), ("0505", "B"), ("0304", "C"), ("0605", "A")):
        put(state, where, who, fleet=2)
    for where, who in (("0706", "A"), ("0206", "B"), ("0302", "C"), ("0403", "B")):
        put(state, where, who, fleet=1)
    return state


HEX = st.sampled_from(HEXES)
ORDER = st.one_of(
    st.builds(Move, st.integers(1, 2), st.tuples(HEX, HEX), st.just(True)),
    st.builds(Migrate, st.integers(1, 2), st.tuples(HEX, HEX), st.just(True)),
    st.builds(BuildFleet, HEX, st.integers(1, 2)),
    st.builds(Grow, HEX, st.integers(1, 2)),
    st.builds(
        Attack,
        st.sampled_from(["FLEETS", "POPULATION", "INFRASTRUCTURE"]),
        HEX,
        st.tuples(st.builds(Attackers, HEX, st.integers(1, 2))),
    ),
    st.builds(Obstruct, st.sampled_from(["ALL", *NAMES.values()]), st.booleans()),
)


def compared(state: RoundState, turn: Any, known: dict[str, int]) -> None:
    """The kept answers against the whole board's, after an action."""
    kept = set(state.unsupplied)
    fresh = copy.copy(state)
    mark_supply(fresh, obstructs(state))
    assert kept == fresh.unsupplied
    assert known == access(state)
    assert turn.census.now() == populations(state)
    policy = obstructs(state)
    assert isinstance(turn.supply, Supply)
    for hex_ in state.hexes():
        for player in PLAYERS:
            assert supplied(state, hex_, player, turn.supply) == supplied(
                state, hex_, player, policy
            ), (hex_, player)


def play(orders: dict[str, list[Any]], seed: int) -> tuple[RoundState, int]:
    """Two rounds of the orders, every watch compared; the round after, and the watches."""
    watched = 0
    original = round_module._Turn.watch

    def watch(self: Any, before_access: Any, before_supply: Any) -> dict[str, int]:
        nonlocal watched
        known: dict[str, int] = original(self, before_access, before_supply)
        compared(self.state, self, known)
        watched += 1
        return known

    state = board()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(round_module._Turn, "watch", watch)
        for run in (1, 2):
            state = resolve(state, orders, Streams(seed, run))
    return state, watched


def test_fleets_walling_in_a_territory_cut_its_supply_and_leaving_restore_it() -> None:
    """7.3: "Supply lines can be obstructed by an enemy fleet". B's fleets step round A's
    one-hex territory and away again; the kept marks follow, as the whole board's do."""
    base = world(PLAYERS, width=8, height=7, kinds={h: HexType.SPARSE for h in HEXES})
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    put(state, "0101", "A", pop=1, territory=True)
    put(state, "0404", "A", fleet=1)
    policy = obstructs(state)
    home = parse_hex("0101")
    supply = Supply(state, policy)
    far = parse_hex("0404")
    assert (far, "A") not in state.unsupplied

    def agrees() -> None:
        supply.update()
        fresh = copy.copy(state)
        mark_supply(fresh, policy)
        assert state.unsupplied == fresh.unsupplied

    wall = [h for h in neighbours(home, state.width, state.height) if not state.fleet(h, "B")]
    for hex_ in wall:
        state.add(state.fleets, hex_, "B", 1)
    agrees()
    assert (far, "A") in state.unsupplied
    for hex_ in wall:
        state.add(state.fleets, hex_, "B", -1)
    agrees()
    assert (far, "A") not in state.unsupplied


def test_an_obstruct_order_changing_is_followed_by_the_kept_supply() -> None:
    """7.3: "If a fleet is in a position to interfere with a supply line, the controlling
    player determines whether or not the fleet is obstructing the supply lines or not."
    B's fleets wall in A's territory; B's OBSTRUCT ALL OFF lets A's supply through, ON
    again cuts it: the kept supply, told of B's orders, marks as the whole board does."""
    base = world(PLAYERS, width=8, height=7, kinds={h: HexType.SPARSE for h in HEXES})
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    for p in state.players.values():
        p.name = NAMES[p.id]
    put(state, "0101", "A", pop=1, territory=True)
    put(state, "0404", "A", fleet=1)
    home, far = parse_hex("0101"), parse_hex("0404")
    for hex_ in neighbours(home, state.width, state.height):
        state.add(state.fleets, hex_, "B", 1)
    supply = Supply(state, obstructs(state))
    assert (far, "A") in state.unsupplied
    for on, cut in ((False, False), (True, True)):
        state.standing["B"] = (Obstruct("ALL", on),)
        supply.reobstruct(obstructs(state), ["B"])
        fresh = copy.copy(state)
        mark_supply(fresh, obstructs(state))
        assert state.unsupplied == fresh.unsupplied
        assert ((far, "A") in state.unsupplied) is cut


def test_kept_access_and_counts_follow_occupation_marks_and_population() -> None:
    """7.1: occupied population harvests nothing for its owner; an occupation token put
    on, taken off, and population grown and lost: the kept sums follow each change."""
    state = board()
    held = Tally(state, access_share)
    counted = Tally(state, population_share)
    here = parse_hex("0101")

    def agrees() -> None:
        assert held.now() == access(state)
        assert counted.now() == populations(state)

    state.mark(here, "A", "B")
    agrees()
    assert held.now()["A"] < Tally(board(), access_share).now()["A"]
    state.unmark(here, "A")
    agrees()
    state.add(state.populations, here, "C", 1)
    state.mark(here, "C", "A")
    agrees()
    state.add(state.populations, here, "C", -1)
    agrees()


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(ORDER, max_size=12),
    st.lists(ORDER, max_size=12),
    st.lists(ORDER, max_size=12),
    st.integers(0, 1000),
)
def test_kept_supply_access_and_counts_agree_with_the_whole_board(
    a: list[Any], b: list[Any], c: list[Any], seed: int
) -> None:
    """After every action of two rounds of random orders (moves, migrations, builds,
    growth, attacks, OBSTRUCT on and off): the same supply marks, supplied hexes,
    resource access and population counts as the whole board gives."""
    _, watched = play({"A": a, "B": b, "C": c}, seed)
    assert watched >= 6  # each player's turn is watched at least once a round


STEPS = ["fleet in", "fleet out", "claim", "ask"]
STEP = st.tuples(st.sampled_from(STEPS), HEX, st.sampled_from(PLAYERS))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(STEP, max_size=40), st.booleans())
def test_the_checkers_supply_answers_as_the_whole_board_after_every_change(
    steps: list[tuple[str, str, str]], obstructing: bool
) -> None:
    """The checker's `Supply` (mark=False) reads the board's fleets only as a player's
    lines ask: fleets coming and going and hexes claimed, asked about before and after
    they change, or never, it answers as supply worked out afresh over the whole board."""
    state = board()
    state.standing = {"B": (Obstruct("ALL", obstructing),), "C": (Obstruct("ALL", True),)}
    policy = obstructs(state)
    kept = Supply(state, policy, mark=False)
    assert kept.owners == {} and kept.abroad == {}  # no fleet read before a line asks
    for step, where, who in steps:
        hex_ = parse_hex(where)
        if step == "fleet in":
            state.add(state.fleets, hex_, who, 1)
        elif step == "fleet out" and state.fleet(hex_, who):
            state.add(state.fleets, hex_, who, -1)
        elif step == "claim":
            state.claim(hex_, who)
        elif step == "ask":
            assert kept.supplied(hex_, who) == supplied(state, hex_, who, policy)
    for hex_ in state.hexes():
        for player in PLAYERS:
            assert kept.supplied(hex_, player) == supplied(state, hex_, player, policy), (
                hex_,
                player,
            )
