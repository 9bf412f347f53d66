"""Supply (7.3) worked out once per player agrees with the book read fleet by fleet;
every player's income found at once agrees with each one's.

The reference below is the book's test written out for one fleet: the length of
the shortest path to friendly territory, obstruction ignored, and a search for a
path of that length through hexes no foreign fleet obstructs.
"""

from __future__ import annotations

import pytest
from galaktikos_world import put, world
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.events import access, income
from galbatch.rules.galaktikos.hexes import Hex, distances_from, parse_hex, shortest_path
from galbatch.rules.galaktikos.state import GameState
from galbatch.rules.galaktikos.supply import (
    Obstructs,
    mark_supply,
    obstruct_by_default,
    obstructed,
    supplied,
    supplied_hexes,
)
from galbatch.rules.galaktikos.tables import HexType

PLAYERS = ("A", "B", "C")


def book_supplied(state: GameState, hex_: Hex, player: str, obstructs: Obstructs) -> bool:
    """7.3 for one fleet: in friendly territory, or a shortest path there is unobstructed."""
    home = [h for h, owner in state.territory.items() if owner == player]
    if hex_ in home:
        return True
    shortest = distances_from(home, state.width, state.height).get(hex_)
    if shortest is None:
        return False

    def passable(h: Hex) -> bool:
        if state.friendly(h, player) and not house.SUPPLY_END_HEX_OBSTRUCTS:
            return True
        return not obstructed(state, h, player, obstructs)

    path = shortest_path(hex_, home, state.width, state.height, passable)
    return path is not None and len(path) - 1 == shortest


HEX = st.builds(lambda c, r: f"{c:02d}{r:02d}", st.integers(1, 7), st.integers(1, 6))
BOARD = st.lists(
    st.tuples(HEX, st.sampled_from(PLAYERS), st.booleans(), st.integers(0, 2)), max_size=30
)
# which owners' fleets obstruct which players (standing OBSTRUCT orders)
LIFTED = st.sets(st.tuples(st.sampled_from(PLAYERS), st.sampled_from(PLAYERS)), max_size=4)


def board(pieces: list[tuple[str, str, bool, int]]) -> GameState:
    state = world(players=PLAYERS, width=7, height=6)
    for where, player, territory, fleet in pieces:
        put(state, where, player, fleet=fleet, territory=territory)
    return state


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(BOARD, LIFTED)
def test_every_hex_agrees_with_the_book(
    pieces: list[tuple[str, str, bool, int]], lifted: set[tuple[str, str]]
) -> None:
    state = board(pieces)

    def obstructs(owner: str, player: str, hex_: Hex) -> bool:
        return (owner, player) not in lifted

    for player in PLAYERS:
        reach = supplied_hexes(state, player, obstructs)
        for hex_ in state.hexes():
            expected = book_supplied(state, hex_, player, obstructs)
            assert (hex_ in reach or state.friendly(hex_, player)) == expected
            assert supplied(state, hex_, player, obstructs) == expected
    mark_supply(state, obstructs)
    assert state.unsupplied == {
        (hex_, p)
        for hex_, row in state.fleets.items()
        for p in row
        if not book_supplied(state, hex_, p, obstructs)
    }


def test_a_fleet_between_two_equally_short_paths_needs_only_one_open() -> None:
    state = world(players=PLAYERS, width=7, height=6)
    put(state, "0103", "A", territory=True)
    put(state, "0303", "A", fleet=1)
    # 0303 is two hexes from 0103 by 0202 or by 0203
    put(state, "0202", "B", fleet=1)
    assert supplied(state, parse_hex("0303"), "A")
    put(state, "0203", "C", fleet=1)
    assert not supplied(state, parse_hex("0303"), "A")
    # the longer way round is open, but it is not a shortest path
    assert book_supplied(state, parse_hex("0303"), "A", obstruct_by_default) is False


def test_the_answer_follows_the_board_after_it_was_kept() -> None:
    """A result kept for a territory and its obstructions is not reused once they change."""
    state = world(players=PLAYERS, width=7, height=6)
    put(state, "0101", "A", territory=True)
    put(state, "0401", "A", fleet=1)
    assert supplied(state, parse_hex("0401"), "A")
    put(state, "0201", "B", fleet=1)
    assert not supplied(state, parse_hex("0401"), "A")
    state.add(state.fleets, parse_hex("0201"), "B", -1)
    assert supplied(state, parse_hex("0401"), "A")
    put(state, "0201", "B", fleet=1)
    state.territory[parse_hex("0301")] = "A"  # nearer territory, unobstructed
    assert supplied(state, parse_hex("0401"), "A")
    del state.territory[parse_hex("0301")]
    assert not supplied(state, parse_hex("0401"), "A")


POPULATIONS = st.lists(
    st.tuples(HEX, st.sampled_from(PLAYERS), st.integers(1, 9), st.sampled_from((*PLAYERS, ""))),
    max_size=20,
)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(POPULATIONS)
def test_access_is_every_players_income(pops: list[tuple[str, str, int, str]]) -> None:
    """The resource status of all players at once, as the round asks after each action, is
    each one's income (5.1.1, 7.1): occupied populations harvest for nobody."""
    state = world(players=PLAYERS, width=7, height=6, kinds={"0202": HexType.DENSE})
    for where, player, tokens, occupier in pops:
        put(state, where, player, pop=tokens)
        if occupier and occupier != player:
            state.occupations.setdefault(parse_hex(where), {})[player] = occupier
    assert access(state) == {p: income(state, p) for p in PLAYERS}
