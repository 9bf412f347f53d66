"""No Interstellar Conquest order file, however malformed, gives a traceback or does more
than its orders.

Checked against RED's (player 1's) view of the samples' table (RED attacking BLUE 3,
GREEN and YELLOW invited): only diagnostics with a place in the file, and return codes
0..12. A damaged file sent to a run changes it exactly as a clean file of the orders that
were accepted.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

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
from galbatch.rules.interstellar.view import build_view
from tests.test_interstellar_check import sample_table
from tests.test_interstellar_facts import PASSWORDS, new_game

ROOT = Path(__file__).resolve().parent.parent
RULESET = get_ruleset("interstellar")
VIEW: dict[str, Any] = build_view(sample_table(), "1")
HEADER = 'GAME IC4 PLAYER 1 PASSWORD "x"\n'
VALID = (ROOT / "samples" / "interstellar" / "clean.txt").read_text(encoding="utf-8")
NOISE = b'ABCDEGILMNOPRSTWY0123456789 \n\t,#x"\xff\x00\xc3'


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
    assert VALID.startswith('GAME IC4 PLAYER 1 PASSWORD "balchoth-red"')
    assert lint(VALID.encode()) == RC.CLEAN


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=3000))
def test_arbitrary_bytes(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=1500))
def test_arbitrary_text_after_a_header(text: str) -> None:
    data = (HEADER + text).encode("utf-8", "surrogatepass")
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


WORDS = st.sampled_from([
    "RECLAIM", "ATTACK", "AGAIN", "ON", "WITH", "FROM", "AND", "TO", "PASS", "INVITE", "ALL",
    "NOBODY", "ALLY", "ATTACKER", "DEFENDER", "DECLINE", "PLAY", "DIPLOMACY", "HIGHEST",
    "LOWEST", "BEST", "DEAL", "NOTHING", "GIVES", "RETURNS", "COLONIZES", "COINS", "SHIPS", ",",
    "NO", "REWARD", "TAKE", "LEAVE", "COIN", "HEAL", "IF", "ALWAYS", "ATTACKED", "ATTACKING",
    "INVITED", "BY", "AT", "AGAINST", "CANCEL", "RED", "GREEN", "BLUE", "YELLOW", "PURPLE",
    "ACE", "S", "M", "L", "COLONY", "WARSHIPS", "TRANSPORT",
])  # fmt: skip
NUMBERS = st.one_of(
    st.integers(0, 9).map(str),
    st.sampled_from(["9" * 40, "0" * 30 + "3", "-1", "1.5", "", "12345"]),
)


@pytest.mark.slow
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.one_of(WORDS, NUMBERS), min_size=1, max_size=10), max_size=30))
def test_order_shaped_lines_after_a_header(lines: list[list[str]]) -> None:
    """Order words and numbers in any order and number: wrong arity, tiles off the table."""
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
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_valid_files(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


def test_a_huge_quantity_is_reduced_not_a_crash() -> None:
    data = HEADER + "ATTACK AGAIN YELLOW 2 WITH 1 L " + "9" * 150 + " M FROM RED 4\nEND\n"
    assert lint(data.encode()) == RC.WARNING


@pytest.mark.parametrize(
    "line",
    [
        "ATTACK AGAIN YELLOW " + "9" * 150 + " WITH 1 L 1 M FROM RED 4",
        "RECLAIM M TO RED " + "1" * 150,
        "PLAY " + "5" * 150,
        "CANCEL " + "9" * 150,
    ],
)
def test_huge_numbers_where_a_tile_coin_or_number_belongs_are_rejected(line: str) -> None:
    assert lint((HEADER + line + "\nEND\n").encode()) == RC.ERROR


def test_a_utf16_file_reads_like_the_same_file_in_utf8() -> None:
    plain = check_file(parse_order_bytes(VALID.encode(), "f"), RULESET, VIEW, "1")
    assert plain.orders
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        wide = check_file(parse_order_bytes(VALID.encode(encoding), "f"), RULESET, VIEW, "1")
        assert wide.orders == plain.orders and wide.rc == plain.rc


# ---- a run: a damaged file changes only what its accepted orders do -----------------------

# YELLOW (player 4) moves first in the new game: his planets, others', tiles off the table
YELLOW_HEADER = f'GAME IC4 PLAYER 4 PASSWORD "{PASSWORDS["4"]}"'
PLANETS = st.sampled_from(["YELLOW 1", "YELLOW 3", "RED 2", "BLUE 5", "GREEN 4", "RED 9"])
COUNTS = st.one_of(st.integers(0, 3), st.sampled_from([40, 10**20]))
SIZES = st.sampled_from(["S", "M", "L"])
ORDERS = st.one_of(
    st.builds("ATTACK {} WITH {} L {} M FROM {}".format, PLANETS, COUNTS, COUNTS, PLANETS),
    st.builds("ATTACK {} WITH {} {} FROM {}".format, PLANETS, COUNTS, SIZES, PLANETS),
    st.builds("ATTACK AGAIN {} WITH 1 L {} M FROM {}".format, PLANETS, COUNTS, PLANETS),
    st.builds("RECLAIM {} TO {}".format, SIZES, PLANETS),
    st.builds("PLAY {}".format, st.sampled_from(["0", "1", "3", "5", "7", "HIGHEST", "BEST"])),
    st.builds("ALLY RED WITH {} {}".format, COUNTS, SIZES),
    st.builds("DEAL RED GIVES {} COINS".format, COUNTS),
    st.builds("CANCEL {}".format, st.integers(0, 3)),
    st.sampled_from(
        [
            "INVITE ALL",
            "INVITE RED YELLOW",
            "PASS",
            "DECLINE",
            "TAKE COIN",
            "IF ATTACKED PLAY HIGHEST",
            "IF ATTACKED ALLY RED WITH 1 M",
            "ALWAYS DECLINE",
            "HEAL RED ALL",
        ]
    ),
)


@st.composite
def yellow_orders(draw: st.DrawFn) -> bytes:
    """YELLOW's header, then orders of every kind: some clean, reduced or rejected."""
    return "\n".join([YELLOW_HEADER, *draw(st.lists(ORDERS, max_size=12)), "END"]).encode()


@st.composite
def mutated_yellow(draw: st.DrawFn) -> bytes:
    return mutate(draw(yellow_orders()), draw, 6)


def accepted_file(game: Path, junk: bytes) -> str:
    """A clean order file for YELLOW of exactly the orders accepted from `junk`."""
    state = RULESET.load_state(load_data(game / "turns/000/state.yaml"))
    view = RULESET.view(state, "4")
    check = check_player_file(Game.open(game), RULESET, view, "4", junk)
    return "\n".join([YELLOW_HEADER, *(order.text() for order in check.orders), "END"]) + "\n"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_game(tmp_path_factory.mktemp("ic"))


def same_run(junk: bytes, base: Path, tmp: Path) -> bool:
    """Whether a run with YELLOW's `junk` was committed; if so, it came out as the run
    with a clean file of the orders accepted from it."""
    game, clean = tmp / "junk", tmp / "clean"
    shutil.copytree(base, game)
    shutil.copytree(base, clean)
    (game / "orders" / "4.txt").write_bytes(junk)
    result = process(game, pdf=False)
    assert result.rc in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE, RC.FAILED)
    if result.committed is None:
        return False  # no usable file from the player who owes: nothing was run
    (clean / "orders" / "4.txt").write_text(accepted_file(clean, junk), encoding="utf-8")
    again = process(clean, pdf=False)
    assert again.committed is not None, again.log
    game_state = (game / "turns/001/state.yaml").read_bytes()
    assert game_state == (clean / "turns/001/state.yaml").read_bytes()
    return True


@pytest.mark.slow
def test_a_reduced_and_a_rejected_order_run_as_the_accepted_ones(
    base: Path, tmp_path: Path
) -> None:
    lines = ["ATTACK RED 2 WITH 1 L 3 M FROM YELLOW 1", "PLAY 7", "INVITE ALL"]
    junk = "\n".join([YELLOW_HEADER, *lines, "END"]).encode()
    assert same_run(junk, base, tmp_path)


@pytest.mark.slow
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(junk=st.one_of(yellow_orders(), mutated_yellow(), st.binary(max_size=2000)))
def test_process_with_a_damaged_file_changes_only_what_accepted_orders_do(
    junk: bytes, base: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """YELLOW sends damaged bytes: no traceback, and the run comes out exactly as if he had
    sent a clean file of just the orders that were accepted."""
    same_run(junk, base, tmp_path_factory.mktemp("junk"))
