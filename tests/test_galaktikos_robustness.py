"""No Galaktikos order file, however malformed, gives a traceback or does more than its orders.

Checked against RED's (player 1's) round-2 view of the bundled spiral6 game: only
diagnostics with a place in the file, and return codes 0..12. A damaged file sent
to the round changes it exactly as a clean file of the orders that were accepted.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.job.playerfiles import check_player_file
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC, worst_rc
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent
SPIRAL6 = shipped("spiral6")
RULESET = get_ruleset("galaktikos")
VIEW = load_data(SPIRAL6 / "turns" / "002" / "views" / "1.yaml")
HEADER = 'GAME SP6 PLAYER 1 PASSWORD "x"\n'
VALID = (ROOT / "samples" / "galaktikos" / "clean.txt").read_text(encoding="utf-8")
WHITE = (SPIRAL6 / "orders" / "5.txt").read_text(encoding="utf-8")
WHITE_HEADER = 'GAME SP6 PLAYER 5 PASSWORD "white-2006"'
NOISE = b'ABCDEFGHILMNOPRSTUWY0123456789 \n\t-/#x"\xff\x00\xc3'


def lint(data: bytes) -> RC:
    """Check `data` as RED's file; every diagnostic must say where and what."""
    result = check_file(parse_order_bytes(data, "f"), RULESET, VIEW, "1")
    assert result.rc == worst_rc(result.diagnostics)
    for d in result.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.message and d.code
    if not result.usable:
        assert result.orders == ()
    return result.rc


def test_the_valid_file_is_clean() -> None:
    assert VALID.startswith('GAME SP6 PLAYER 1 PASSWORD "red-2006"')
    assert lint(VALID.encode()) == RC.CLEAN


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4000))
def test_arbitrary_bytes(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=2000))
def test_arbitrary_text_after_a_header(text: str) -> None:
    data = (HEADER + text).encode("utf-8", "surrogatepass")
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


WORDS = st.sampled_from([
    "BUILD", "SHIPYARD", "HABITAT", "FLEET", "FLEETS", "GROW", "MOVE", "MIGRATE", "POPULATION",
    "TO", "ATTACK", "FROM", "WITH", "INFRASTRUCTURE", "FIRST", "CONVERT", "CLAIM", "OCCUPY", "IF",
    "NO", "ENEMY", "PERMIT", "FORBID", "ALL", "OBSTRUCT", "ON", "OFF", "REROLL", "OWN", "AT",
    "LEAST", "MOST", "NEVER", "PLAYER", "AUTOMATIC", "PLACE", "HOME", "1/2", "3/4", "NONE",
    "BLUE", "RED",
])  # fmt: skip
NUMBERS = st.one_of(
    st.sampled_from(["1303", "1203", "1202", "1402", "1922", "0000", "2623", "9999", "0101"]),
    st.integers(0, 40).map(str),
    st.sampled_from(["9" * 40, "0" * 30 + "7", "-1", "1.5", "", "12345"]),
)


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.one_of(WORDS, NUMBERS), min_size=1, max_size=9), max_size=40))
def test_order_shaped_lines_after_a_header(lines: list[list[str]]) -> None:
    """Order words and numbers in any order and number: wrong arity, hexes off the map."""
    body = "\n".join(" ".join(words) for words in lines)
    assert lint((HEADER + body + "\nEND\n").encode()) in (RC.CLEAN, RC.WARNING, RC.ERROR)


def mutate(base: bytes, draw: st.DrawFn, most: int) -> bytes:
    data = bytearray(base)
    for _ in range(draw(st.integers(1, most))):
        pos = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        byte = draw(st.sampled_from(NOISE))
        if kind == "insert":
            data.insert(pos, byte)
        elif data and pos < len(data):
            if kind == "delete":
                del data[pos]
            else:
                data[pos] = byte
    return bytes(data)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    return mutate(VALID.encode(), draw, 8)


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_valid_files(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


def test_a_ten_megabyte_line() -> None:
    data = HEADER.encode() + b"GROW 1402 " + b"9" * 10_000_000 + b"\nEND\n"
    assert lint(data) == RC.UNUSABLE


def test_a_huge_quantity_is_reduced_not_a_crash() -> None:
    data = HEADER.encode() + b"GROW 1402 " + b"9" * 150 + b"\nEND\n"
    assert lint(data) == RC.WARNING


@pytest.mark.parametrize(
    "line",
    [
        "GROW " + "9" * 150 + " 1",  # a hex far off the map
        "MOVE 1 FLEET 1203 " + "1" * 150,
        "ATTACK FLEETS 1202 FROM 1203 1 FROM " + "9" * 150 + " 1",
        "CONVERT " + "9" * 150,
    ],
)
def test_huge_numbers_where_a_hex_belongs_are_rejected(line: str) -> None:
    assert lint((HEADER + line + "\nEND\n").encode()) == RC.ERROR


def test_a_utf16_file_reads_like_the_same_file_in_utf8() -> None:
    plain = check_file(parse_order_bytes(VALID.encode(), "f"), RULESET, VIEW, "1")
    assert plain.orders
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        assert lint(VALID.encode(encoding)) == plain.rc
        wide = check_file(parse_order_bytes(VALID.encode(encoding), "f"), RULESET, VIEW, "1")
        assert wide.orders == plain.orders


# ---- the round: a damaged file changes only what its accepted orders do ----------------------


@st.composite
def mutated_white(draw: st.DrawFn) -> bytes:
    return mutate(WHITE.encode(), draw, 6)


# WHITE's hexes (home 1115, 1215, 1315, the fleet at 1214), a neighbour's, off the map
HEXES = st.sampled_from(["1115", "1215", "1315", "1214", "1114", "1303", "0000", "3030"])
COUNTS = st.one_of(st.integers(0, 6), st.sampled_from([40, 10**20]))
ORDERS = st.one_of(
    st.builds("GROW {} {}".format, HEXES, COUNTS),
    st.builds("BUILD HABITAT {} {}".format, HEXES, COUNTS),
    st.builds("BUILD FLEET {} {}".format, HEXES, COUNTS),
    st.builds("BUILD SHIPYARD {}".format, HEXES),
    st.builds("MOVE {} FLEET {} TO {}".format, COUNTS, HEXES, HEXES),
    st.builds("MOVE {} FLEET {} {}".format, COUNTS, HEXES, HEXES),
    st.builds("MIGRATE {} POPULATION {} TO {}".format, COUNTS, HEXES, HEXES),
    st.builds("ATTACK FLEETS {} FROM {} {}".format, HEXES, HEXES, COUNTS),
    st.builds("ATTACK POPULATION {} WITH {}".format, HEXES, COUNTS),
    st.builds("CONVERT {}".format, HEXES),
    st.builds("CLAIM {}".format, HEXES),
    st.builds("IF ENEMY FLEETS {} GROW {} {}".format, HEXES, HEXES, COUNTS),
    st.sampled_from(["PERMIT RED ALL", "OBSTRUCT ALL OFF", "REROLL OWN NEVER", "FIRST HABITATS"]),
)


@st.composite
def white_orders(draw: st.DrawFn) -> bytes:
    """WHITE's header, then orders of every kind: some clean, reduced or rejected."""
    return "\n".join([WHITE_HEADER, *draw(st.lists(ORDERS, max_size=20)), "END"]).encode()


def accepted_file(game: Path, junk: bytes) -> str:
    """A clean order file for WHITE of exactly the orders accepted from `junk`."""
    state = RULESET.load_state(load_data(game / "turns/002/state.yaml"))
    view = RULESET.view(state, "5")
    check = check_player_file(Game.open(game), RULESET, view, "5", junk)
    return "\n".join([WHITE_HEADER, *(order.text() for order in check.orders), "END"]) + "\n"


@pytest.mark.slow
@settings(
    max_examples=8,  # two rounds of a 6-player game each, about 0.4 s a round
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(junk=st.one_of(st.binary(max_size=3000), mutated_white(), white_orders()))
def test_process_with_a_damaged_file_changes_only_what_accepted_orders_do(
    junk: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """WHITE (player 5) sends damaged bytes: no traceback, and the round comes out exactly
    as if WHITE had sent a clean file of just the orders that were accepted."""
    tmp = tmp_path_factory.mktemp("junk")
    game = tmp / "spiral6"
    shutil.copytree(SPIRAL6, game)
    clean = tmp / "clean"
    shutil.copytree(SPIRAL6, clean)
    (game / "orders" / "5.txt").write_bytes(junk)
    result = process(game, pdf=False)
    assert result.rc in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)
    assert result.committed is not None, result.log
    (clean / "orders" / "5.txt").write_text(accepted_file(clean, junk), encoding="utf-8")
    again = process(clean, pdf=False)
    assert again.committed is not None, again.log
    assert (game / "turns/003/state.yaml").read_bytes() == (
        clean / "turns/003/state.yaml"
    ).read_bytes()
