"""Galaktikos rules core: the hex map, the board, and every rule of the book as a function."""

from __future__ import annotations

import pytest

from galbatch.rules.galaktikos.hexes import (
    Hex,
    distance,
    distances_from,
    is_path,
    neighbours,
    parse_hex,
    shortest_path,
)

# -- the hex map --------------------------------------------------------------


def test_hex_names_are_column_then_row_from_one() -> None:
    assert parse_hex("0712") == Hex(6, 11)
    assert Hex(6, 11).name == "0712"
    assert parse_hex("0101") == Hex(0, 0)
    for bad in ("712", "07121", "0012", "07a2", ""):
        with pytest.raises(ValueError):
            parse_hex(bad)


def test_odd_columns_sit_half_a_hex_down() -> None:
    assert set(neighbours(Hex(2, 2), 10, 10)) == {
        Hex(2, 1), Hex(3, 1), Hex(3, 2), Hex(2, 3), Hex(1, 2), Hex(1, 1),
    }  # fmt: skip
    assert set(neighbours(Hex(3, 2), 10, 10)) == {
        Hex(3, 1), Hex(4, 2), Hex(4, 3), Hex(3, 3), Hex(2, 3), Hex(2, 2),
    }  # fmt: skip
    assert neighbours(Hex(0, 0), 10, 10) == (Hex(1, 0), Hex(0, 1))


def test_neighbours_are_at_distance_one_and_symmetric() -> None:
    for col in range(6):
        for row in range(6):
            here = Hex(col, row)
            for there in neighbours(here, 6, 6):
                assert distance(here, there) == 1
                assert here in neighbours(there, 6, 6)


def test_distance_and_shortest_paths_agree() -> None:
    start, goal = Hex(0, 0), Hex(7, 3)
    path = shortest_path(start, [goal], 10, 10)
    assert path is not None and path[0] == start and path[-1] == goal
    assert len(path) - 1 == distance(start, goal) == distances_from([start], 10, 10)[goal]
    assert is_path(path, 10, 10)
    wall = {Hex(1, r) for r in range(9)}
    around = shortest_path(start, [Hex(2, 0)], 10, 10, lambda h: h not in wall)
    assert around is not None and len(around) - 1 > distance(start, Hex(2, 0))
    assert shortest_path(start, [Hex(2, 0)], 2, 9, lambda h: h not in wall) is None
