"""The shortest legal path of a MOVE or MIGRATE ... TO: one function (movement.py) that the
round and the checker both ask, so that what the checker accepts the round carries out."""

from __future__ import annotations

import dataclasses
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.engine.contract.rng import Streams
from galbatch.engine.language.located import Located
from galbatch.rules.galaktikos.check import check_orders
from galbatch.rules.galaktikos.hexes import Hex, distance, neighbours, parse_hex, shortest_path
from galbatch.rules.galaktikos.movement import permit_all, shortest_legal_path
from galbatch.rules.galaktikos.orders import Migrate, Move, Permit
from galbatch.rules.galaktikos.resolve import resolve
from galbatch.rules.galaktikos.round_events import Executed, NotExecuted
from galbatch.rules.galaktikos.state import RoundState
from galbatch.rules.galaktikos.tables import HexType
from galbatch.rules.galaktikos.view import build_view
from tests.galaktikos_world import put, world


def board(resources: int) -> RoundState:
    """A's population at 0303 and territory at 0305; between them, 0304 is B's territory
    (no fleet: nobody occupies it). Every hex is Dense."""
    base = world(kinds={f"0{c}0{r}": HexType.DENSE for c in range(1, 9) for r in range(1, 9)})
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    put(state, "0303", "A", pop=2, territory=True)
    put(state, "0305", "A", pop=1, territory=True)
    put(state, "0304", "B", pop=1, territory=True)
    put(state, "0707", "B", pop=1, territory=True)
    for p in state.players.values():
        p.resources = resources
        p.name = {"A": "ARCTURUS", "B": "POLARIS"}[p.id]
    return state


def hexes(*names: str) -> tuple[Hex, ...]:
    return tuple(parse_hex(n) for n in names)


def test_migrants_go_around_another_players_territory_fleets_through_it() -> None:
    state = board(0)
    start, end = hexes("0303", "0305")
    assert distance(start, end) == 2
    fleet = shortest_legal_path(state, "A", start, end)
    migrants = shortest_legal_path(state, "A", start, end, migrants=True)
    assert fleet == hexes("0303", "0304", "0305")
    assert migrants is not None and len(migrants) == 4 and parse_hex("0304") not in migrants
    assert all(state.friendly(h, "A") or state.neutral(h) for h in migrants)


def test_an_occupied_hex_is_passed_only_with_its_occupiers_permission() -> None:
    state = board(0)
    put(state, "0304", "B", fleet=1)
    put(state, "0303", "A", fleet=1)
    start, end = hexes("0303", "0305")
    around = shortest_legal_path(state, "A", start, end)
    assert around is not None and len(around) == 4
    assert shortest_legal_path(state, "A", start, end, permit_all) == hexes("0303", "0304", "0305")
    walled = hexes("0204", "0304", "0404", "0205", "0405", "0206", "0306", "0406")
    for hex_ in walled:
        put(state, hex_.name, "B", fleet=1)
    assert shortest_legal_path(state, "A", start, end) is None


def test_a_closed_destination_is_no_path_without_searching_the_board() -> None:
    """6.2.1: "Fleet tokens may not enter a hex unless all occupying players grant
    permission": a destination whose occupier does not is reached by no path, and the
    search says so from the destination alone, not after every hex the start reaches."""
    state = board(0)
    put(state, "0303", "A", fleet=1)
    put(state, "0707", "B", fleet=1)
    asked: list[Hex] = []

    def permits(occupier: str, mover: str, hex_: Hex) -> bool:
        asked.append(hex_)
        return False

    start, end = hexes("0303", "0707")
    assert shortest_legal_path(state, "A", start, end, permits) is None
    assert asked == [end]
    assert shortest_legal_path(state, "A", start, end, permit_all) is not None


def located(order: Any) -> Located:
    return Located(order, "a.txt", 1, 1, order.text(), False)


def test_the_round_carries_out_the_migration_the_checker_accepts_and_costs() -> None:
    # Before one path function served both, the checker went around B's territory and the
    # round went through it, refusing the migration ("migrants may not enter 0304").
    order = Migrate(2, ("0303", "0305"), shortest=True)
    state = board(0)
    income = resolve(state, {}, Streams(1, 1)).players["A"].resources  # A's turn's income
    state = board(11 - income)  # 11 at A's turn: 2 tokens 2 hexes (8), 1 token 3 hexes (6)
    accepted, diags = check_orders([located(order)], build_view(state, "A"), "A")
    # resources are judged at the turn: kept whole (GK406), the round pays for one
    assert [d.code for d in diags] == ["GK406"] and "pay for 1 of 2" in diags[0].message
    assert accepted == [order]
    after = resolve(state, {"A": accepted}, Streams(1, 1))
    assert [e.text for e in after.events if isinstance(e, NotExecuted)] == []
    assert any(
        "MIGRATE 2 POPULATION 0303 TO 0305" in e.text and "only 1 of 2" in e.text
        for e in after.events
        if isinstance(e, Executed)
    )
    assert after.population(parse_hex("0305"), "A") == 2
    assert after.population(parse_hex("0303"), "A") == 1
    assert after.players["A"].resources == 11 - 2 * 3  # 2 a token a hex, three hexes


def test_the_round_takes_a_permitted_shortcut_the_checker_cannot_know_of() -> None:
    state = board(20)
    put(state, "0303", "A", fleet=1)
    put(state, "0304", "B", fleet=1)
    state.standing["B"] = (Permit("ARCTURUS", "0304"),)
    order = Move(1, ("0303", "0305"), shortest=True)
    after = resolve(state, {"A": [order]}, Streams(1, 1))
    assert after.fleet(parse_hex("0305"), "A") == 1
    spent = resolve(state, {}, Streams(1, 1)).players["A"].resources - after.players["A"].resources
    assert spent == 2  # through 0304, which B permits


def test_a_hex_name_reads_the_same_every_time_and_only_names_are_kept() -> None:
    from galbatch.rules.galaktikos import hexes

    for _ in range(2):  # the second time from what the first kept
        assert parse_hex("0712") == Hex(6, 11) and parse_hex(" 0712 ") == Hex(6, 11)
    assert hexes._READ["0712"] == Hex(6, 11) and " 0712 " not in hexes._READ
    for bad in ("0012", "712", "07120", "ab12"):
        for _ in range(2):
            with pytest.raises(ValueError):
                parse_hex(bad)
        assert bad not in hexes._READ


def whole_board_search(
    start: Hex, goal: Hex, width: int, height: int, open_: set[Hex]
) -> tuple[Hex, ...] | None:
    """The search `shortest_path` made before it bounded the hexes it looks at: breadth
    first over the whole board, neighbours clockwise from north."""
    if start == goal:
        return (start,)
    if goal not in open_:
        return None
    came: dict[Hex, Hex | None] = {start: None}
    queue = [start]
    for here in queue:
        for there in neighbours(here, width, height):
            if there in came or there not in open_:
                continue
            came[there] = here
            if there == goal:
                path: list[Hex] = [there]
                step: Hex | None = here
                while step is not None:
                    path.append(step)
                    step = came[step]
                return tuple(reversed(path))
            queue.append(there)
    return None


@settings(max_examples=400, deadline=None)
@given(
    width=st.integers(1, 14),
    height=st.integers(1, 14),
    closed=st.floats(0.0, 0.6),
    seed=st.integers(0, 2**32),
)
def test_the_bounded_search_finds_the_whole_boards_path(
    width: int, height: int, closed: float, seed: int
) -> None:
    """Random boards with hexes closed at random (walls, pockets, goals cut off): the path
    of every start to every goal, or None, is the one the whole board's search finds."""
    rng = Random(seed)
    every = [Hex(c, r) for c in range(width) for r in range(height)]
    open_ = {h for h in every if rng.random() >= closed}
    for _ in range(12):
        start, goal = rng.choice(every), rng.choice(every)
        found = shortest_path(start, [goal], width, height, open_.__contains__)
        assert found == whole_board_search(start, goal, width, height, open_)


def test_the_bounded_search_goes_the_long_way_round() -> None:
    """A wall with one gap at its far end: the path is far longer than the straight
    distance, found after the bound grows, and it is the whole board's path."""
    wall = {Hex(5, r) for r in range(11)}  # column 06, every row but the last
    open_ = {Hex(c, r) for c in range(12) for r in range(12)} - wall
    start, goal = Hex(4, 0), Hex(6, 0)
    found = shortest_path(start, [goal], 12, 12, open_.__contains__)
    assert found is not None and len(found) - 1 == 24 > distance(start, goal) == 2
    assert Hex(5, 11) in found
    assert found == whole_board_search(start, goal, 12, 12, open_)
