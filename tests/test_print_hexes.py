"""The hex sheets' geometry, once for the maps and the games played on them."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from galbatch.print.maps.board import BoardHex
from galbatch.print.maps.hexes import cube, distance, hex_name
from galbatch.rules.conflict import hexes as conflict_hexes
from galbatch.rules.galaktikos import hexes as galaktikos_hexes

HEX = st.tuples(st.integers(0, 40), st.integers(0, 40))


@given(HEX, HEX, HEX)
def test_distance_is_a_metric(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> None:
    assert distance(a, a) == 0
    assert distance(a, b) == distance(b, a) >= (a != b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert sum(cube(*a)) == 0


@given(HEX)
def test_the_six_neighbours_on_the_sheet_are_one_hex_away(a: tuple[int, int]) -> None:
    here = galaktikos_hexes.Hex(*a)
    around = galaktikos_hexes.neighbours(here, 41, 41)
    assert all(distance(here, there) == 1 for there in around)
    assert len(around) == 6 or min(a) == 0 or max(a) == 40


def test_odd_columns_sit_half_a_hex_lower() -> None:
    # column 1 (odd) is lower: its row 0 touches rows 0 and 1 of column 0, not row -1
    assert distance((1, 0), (0, 0)) == distance((1, 0), (0, 1)) == 1
    assert distance((0, 1), (1, 0)) == 1 and distance((0, 0), (1, 1)) == 2
    assert distance((0, 0), (4, 0)) == 4 and distance((0, 0), (0, 5)) == 5


def test_every_game_counts_with_the_one_distance() -> None:
    assert conflict_hexes.distance is distance
    assert galaktikos_hexes.distance is distance


def test_a_hex_is_named_column_then_row_from_1() -> None:
    assert hex_name(6, 11) == "0712" and hex_name(0, 0) == "0101"
    assert galaktikos_hexes.Hex(6, 11).name == "0712" == BoardHex(6, 11, "empty").name
