"""A turn's Galaktikos checks read the public board its views share once (`view_board.read`),
and each begins on its own copy (`GameState.copy`): the same orders and diagnostics as
checks of views made one by one, the shared board left as it was read, and a view of
other data never taken for it.

A speed change only: each check used to read its view's whole board, which made a
turn's checks grow as the players times the board."""

from __future__ import annotations

import copy
import dataclasses
from enum import Enum
from typing import Any

import pytest

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from galbatch.rules.galaktikos import view_board
from galbatch.rules.galaktikos.hexes import parse_hex
from galbatch.rules.galaktikos.orders import Obstruct
from galbatch.rules.galaktikos.state import GameState, RoundState
from galbatch.rules.galaktikos.tables import HexType
from galbatch.rules.galaktikos.view import build_view, build_views
from tests.galaktikos_world import put, world

RULESET = get_ruleset("galaktikos")
NAMES = {"A": "ARCTURUS", "B": "POLARIS", "C": "VEGA"}

# Each player's file: building, growing, moving through and beside the others, attacking,
# IF orders (carried out on a copy of the copy), claims and occupations turned off.
FILES = {
    "A": """
        BUILD FLEET 0202
        GROW 0202 1
        MOVE 1 FLEET 0202 TO 0505
        IF ENEMY FLEETS 0505 ATTACK FLEETS 0505 FROM 0404 1
        IF ENEMY FLEETS 0606 BUILD SHIPYARD 0203
        ATTACK POPULATION 0606 WITH 1
        MIGRATE 1 POPULATION 0202 TO 0203
        BUILD HABITAT 0203 1
    """,
    "B": """
        AUTOMATIC CLAIM OFF
        CLAIM 0505
        BUILD FLEET 0707
        MOVE 2 FLEETS 0707 TO 0404
        IF ENEMY FLEETS 0404 ATTACK FLEETS 0404 FROM 0505 1
        GROW 0707 2
        OBSTRUCT ALL OFF
    """,
    "C": """
        AUTOMATIC OCCUPY OFF
        MOVE 1 FLEET 0209 TO 0202
        ATTACK FLEETS 0606 FROM 0606 1
        IF ENEMY FLEETS 0606 CONVERT 0606
        BUILD SHIPYARD 0309
        GROW 0209 1
    """,
}


def board() -> RoundState:
    """Three players on a 10 x 10 map: homes at 0202 (A), 0707 (B) and 0209 (C), fleets
    abroad in one another's ways, a population of B's that A and C both reach."""
    dense = ("0202", "0707", "0209", "0606", "0505")
    kinds = {f"{c:02d}{r:02d}": HexType.SPARSE for c in range(1, 11) for r in range(1, 11)}
    kinds.update(dict.fromkeys(dense, HexType.DENSE))
    base = world(tuple(NAMES), width=10, height=10, kinds=kinds, resources=30)
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    state.round = 4
    for p in state.players.values():
        p.name = NAMES[p.id]
    for where, who in (("0202", "A"), ("0203", "A"), ("0707", "B"), ("0606", "B")):
        put(state, where, who, pop=2, fleet=2, territory=True, shipyards=1)
    put(state, "0209", "C", pop=3, fleet=2, territory=True, shipyards=1)
    put(state, "0404", "A", fleet=2)
    put(state, "0505", "B", fleet=1)
    put(state, "0606", "C", fleet=1)
    state.occupations[parse_hex("0606")] = {"B": "C"}
    state.standing = {"B": (Obstruct("ALL", True),)}
    return state


def outcome(view: dict[str, Any], player: str) -> tuple[Any, ...]:
    """What a check of the player's file against `view` gives."""
    text = f"GAME GK PLAYER {player} PASSWORD pw\n{FILES[player]}\nEND\n"
    found = check_file(parse_order_bytes(text.encode(), player), RULESET, view, player)
    return tuple(found.orders), tuple(found.diagnostics)


def test_checks_on_a_turns_shared_views_are_checks_on_views_made_one_by_one() -> None:
    state = board()
    shared = build_views(state, list(NAMES))
    assert shared["A"]["fleets"] is shared["B"]["fleets"]  # what the read is shared for
    before = copy.deepcopy(shared)
    alone = {p: outcome(build_view(state, p), p) for p in NAMES}
    assert {p: outcome(shared[p], p) for p in NAMES} == alone
    assert shared == before  # the checks changed no view
    assert any(d.severity.name == "ERROR" for d in alone["A"][1])  # not a file of no news
    assert len({len(orders) for orders, _ in alone.values()}) > 1


def test_the_shared_board_is_read_once_and_left_as_read() -> None:
    state = board()
    shared = build_views(state, list(NAMES))
    first = view_board.read(shared["A"])
    pristine = copy.deepcopy(first.board)
    for player in NAMES:
        outcome(shared[player], player)
        assert view_board.read(shared[player]) is first
    assert first.board == pristine
    assert first.board.changes == pristine.changes == []


def test_a_view_of_other_data_is_read_afresh() -> None:
    """A view equal to the last but for the object behind one key (say a view read from
    its file), or for one value, is read again: the read is never taken for another
    board's."""
    state = board()
    view = build_view(state, "A")
    tables = [k for k in view_board.BOARD_KEYS if isinstance(view.get(k), dict | list)]
    assert {"kinds", "players", "territory", "populations", "fleets", "map"} <= set(tables)
    others = [{**view, key: copy.deepcopy(view[key])} for key in tables]
    others += [{**view, "round": 5}, {**view, "goal": "0505"}, {**view, "seat": 1}]
    for other in others:
        first = view_board.read(view)
        assert view_board.read(other) is not first
        assert view_board.read(other) is view_board.read(other)


def test_a_moved_fleet_in_a_new_view_is_seen() -> None:
    state = board()
    view = build_view(state, "C")
    assert outcome(view, "C") == outcome(build_view(board(), "C"), "C")
    state.add(state.fleets, parse_hex("0209"), "C", -2)  # no fleet left to move from 0209
    moved = outcome(build_view(state, "C"), "C")
    assert moved != outcome(view, "C")
    assert any("0209" in d.message for d in moved[1])


def shared_objects(a: object, b: object, path: str = "") -> list[str]:
    """Where `a` and `b` share a changeable object (a dict, list, set or dataclass)."""
    if isinstance(a, str | int | float | bool | tuple | frozenset | Enum) or a is None:
        return []
    found = [path or "the state"] if a is b else []
    if isinstance(a, dict) and isinstance(b, dict):
        for key in a:
            found += shared_objects(a[key], b[key], f"{path}[{key!r}]")
    elif isinstance(a, list | set) and isinstance(b, list | set):
        found += [f"{path} (an element)" for x in a for y in b if x is y and not _frozen(x)]
    elif dataclasses.is_dataclass(a) and not _frozen(a):
        for f in dataclasses.fields(a):
            found += shared_objects(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    return found


def _frozen(value: object) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return isinstance(value, str | int | tuple | Enum) or bool(params and params.frozen)


@pytest.mark.parametrize("kind", [GameState, RoundState])
def test_a_copy_equals_the_state_and_shares_nothing_that_changes(kind: type) -> None:
    state = board()
    state.unsupplied = {(parse_hex("0404"), "A")}
    state.population_at_start = {parse_hex("0202"): 2}
    state.grown, state.fleets_built = {parse_hex("0202"): 1}, {parse_hex("0202"): 1}
    state.converted, state.held, state.goal = {parse_hex("0606")}, {"A": 1}, parse_hex("0505")
    state.changes = [parse_hex("0202")]
    if kind is GameState:
        state = GameState(**{f.name: getattr(state, f.name) for f in dataclasses.fields(kind)})
    copied = state.copy()
    assert type(copied) is kind
    assert copied == state == copy.deepcopy(state)
    assert copied.changes == state.changes
    assert shared_objects(state, copied) == []
    every = {f.name for f in dataclasses.fields(kind)}
    assert every <= set(vars(copied))  # no field left out


def test_changing_a_copy_leaves_the_state_as_it_was() -> None:
    state = board()
    before = copy.deepcopy(state)
    copied = state.copy()
    here = parse_hex("0404")
    copied.add(copied.fleets, here, "A", 1)
    copied.add(copied.populations, parse_hex("0202"), "A", 1)
    copied.claim(here, "A")
    copied.mark(parse_hex("0707"), "B", "A")
    copied.infrastructure(copied.habitats, here, 1)
    copied.infrastructure(copied.shipyards, here, 1)
    copied.pay("A", 5)
    copied.unsupplied.add((here, "A"))
    copied.grown[here] = 1
    copied.fleets_built[here] = 1
    copied.converted.add(here)
    copied.held["A"] = 3
    copied.kinds[here] = HexType.DENSE
    copied.standing["A"] = (Obstruct("ALL", False),)
    assert state == before
    assert state.changes == before.changes
