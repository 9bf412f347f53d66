"""No Galactic Conqueror command file, however malformed, gives a traceback.

Checked against ARCTURUS's (player 1's) turn-0 view of the bundled GC16 game:
only diagnostics with a place in the file, and return codes 0..12. A damaged file
sent to the turn job changes the turn exactly as a clean file of the commands that
were accepted would.
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
from galbatch.rules.conqueror.state import GameState
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent
GC16 = shipped("gc16")
RULESET = get_ruleset("conqueror")
VIEW = load_data(GC16 / "turns" / "000" / "views" / "1.yaml")
HEADER = 'GAME GC16 PLAYER 1 PASSWORD "x"\n'
VALID = (ROOT / "samples" / "conqueror" / "clean.txt").read_text(encoding="utf-8")
CAPELLA = (GC16 / "orders" / "8.txt").read_text(encoding="utf-8")
CAPELLA_HEADER = 'GAME GC16 PLAYER 8 PASSWORD "capella-1997"'
NOISE = b'BLEWSVZUPIKFNGT0123456789 \n\t-#x"\xff\x00\xc3'


def lint(data: bytes) -> RC:
    """Check `data` as player 1's file; every diagnostic must say where and what."""
    of = parse_order_bytes(data, "f")
    result = check_file(of, RULESET, VIEW, "1")
    assert result.rc == worst_rc(result.diagnostics)
    for d in result.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.message and d.code
    if not result.usable:
        assert result.orders == ()
    return result.rc


def test_the_valid_file_is_clean() -> None:
    # the base of the mutations is itself accepted without a word
    assert VALID.startswith('GAME GC16 PLAYER 1 PASSWORD "arcturus-1997"')
    assert lint(VALID.encode()) == RC.CLEAN


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4000))
def test_arbitrary_bytes(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=2000))
def test_arbitrary_text_after_a_header(text: str) -> None:
    data = (HEADER + text).encode("utf-8", "surrogatepass")
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


command_letters = st.sampled_from(list("BLEWSVZUPIKFNG") + ["X", "b", "BS"])
numbers = st.one_of(
    st.integers(0, 400).map(str),
    st.sampled_from(["S", "T", "s", "-1", "0" * 30 + "7", "9" * 40, "", "1.5"]),
)


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(command_letters, st.lists(numbers, max_size=6)), max_size=40))
def test_command_shaped_lines_after_a_header(lines: list[tuple[str, list[str]]]) -> None:
    """Lines that look like commands, with the wrong number or kind of parameters."""
    body = "\n".join(" ".join([letter, *params]) for letter, params in lines)
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
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_valid_files(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


def test_a_ten_megabyte_line() -> None:
    data = HEADER.encode() + b"P 47 1 " + b"9" * 10_000_000 + b"\nEND\n"
    assert lint(data) == RC.UNUSABLE


def test_a_huge_quantity_is_reduced_not_a_crash() -> None:
    data = HEADER.encode() + b"P 47 1 " + b"9" * 150 + b"\nEND\n"
    assert lint(data) == RC.WARNING


@pytest.mark.parametrize(
    "line",
    [
        "B S " + "9" * 150 + " 158",  # a ship number no one has
        "B T " + "9" * 150 + " 158",  # a task force far beyond 50
        "W 47 " + "9" * 150 + " 7",  # a shipyard far beyond 3
        "F 47 10 " + "9" * 150,  # a research area far beyond 6
        "G 1 " + "9" * 150,  # a player far beyond the game's
        "Z 1 " + "9" * 150,
    ],
)
def test_huge_numbers_where_a_small_one_belongs_are_rejected(line: str) -> None:
    assert lint((HEADER + line + "\nEND\n").encode()) == RC.ERROR


def test_a_utf16_file_reads_like_the_same_file_in_utf8() -> None:
    """Windows Notepad's "Unicode": with or without a byte order mark, either byte order."""
    plain = check_file(parse_order_bytes(VALID.encode(), "f"), RULESET, VIEW, "1")
    assert plain.orders
    for encoding in ("utf-16", "utf-16-le", "utf-16-be"):
        assert lint(VALID.encode(encoding)) == plain.rc
        wide = check_file(parse_order_bytes(VALID.encode(encoding), "f"), RULESET, VIEW, "1")
        assert wide.orders == plain.orders


# The turn job: a damaged file changes only what its accepted commands do


@st.composite
def mutated_capella(draw: st.DrawFn) -> bytes:
    return mutate(CAPELLA.encode(), draw, 6)


PLANETS = st.sampled_from([23, 73, 164, 313, 366, 379, 47, 0, 999])  # CAPELLA's, known, not
AMOUNTS = st.one_of(st.integers(0, 40), st.sampled_from([100, 800, 10**20]))
UNITS = st.sampled_from(["S", "T"])
COMMANDS = st.one_of(
    st.tuples(st.just("B"), UNITS, st.integers(0, 6), PLANETS),
    st.tuples(st.just("L"), UNITS, st.integers(0, 8), st.integers(0, 10), AMOUNTS),
    st.tuples(st.just("E"), UNITS, st.integers(0, 8), st.integers(0, 10), AMOUNTS),
    st.tuples(st.just("W"), PLANETS, st.integers(0, 4), st.integers(0, 27)),
    st.tuples(st.just("S"), PLANETS, st.integers(0, 4), AMOUNTS),
    st.tuples(st.just("V"), st.integers(0, 6)),
    st.tuples(st.just("Z"), st.integers(0, 6), st.integers(0, 8)),
    st.tuples(st.just("U"), st.integers(0, 6), st.integers(0, 9)),
    st.tuples(st.just("P"), PLANETS, st.integers(0, 13), AMOUNTS),
    st.tuples(st.just("I"), PLANETS, AMOUNTS, PLANETS),
    st.tuples(st.just("K"), PLANETS, AMOUNTS, PLANETS),
    st.tuples(st.just("F"), PLANETS, AMOUNTS, st.integers(0, 7)),
    st.tuples(st.just("N"), PLANETS, st.integers(4, 9), AMOUNTS),
    st.tuples(st.just("G"), AMOUNTS, st.integers(0, 9)),
)


@st.composite
def capella_commands(draw: st.DrawFn) -> bytes:
    """CAPELLA's header, then commands of every kind: some clean, reduced or rejected."""
    commands = draw(st.lists(COMMANDS, max_size=25))
    lines = [" ".join(str(part) for part in command) for command in commands]
    return "\n".join([CAPELLA_HEADER, *lines, "END"]).encode()


def accepted_file(game: Path, junk: bytes) -> str:
    """A clean command file for CAPELLA of exactly the commands accepted from `junk`."""
    state = GameState.from_data(load_data(game / "turns/000/state.yaml"))
    view = RULESET.view(state, "8")
    check = check_player_file(Game.open(game), RULESET, view, "8", junk)
    return "\n".join([CAPELLA_HEADER, *(cmd.text() for cmd in check.orders), "END"]) + "\n"


@pytest.mark.slow
@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(junk=st.one_of(st.binary(max_size=3000), mutated_capella(), capella_commands()))
def test_process_with_a_damaged_file_changes_only_what_accepted_commands_do(
    junk: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """CAPELLA (player 8) sends damaged bytes: no traceback, and the turn comes out exactly
    as if CAPELLA had sent a clean file of just the commands that were accepted."""
    tmp = tmp_path_factory.mktemp("junk")
    game = tmp / "gc16"
    shutil.copytree(GC16, game)
    clean = tmp / "clean"
    shutil.copytree(GC16, clean)
    (game / "orders" / "8.txt").write_bytes(junk)
    result = process(game, pdf=False)
    assert result.rc in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)
    assert result.committed is not None, result.log
    (clean / "orders" / "8.txt").write_text(accepted_file(clean, junk), encoding="utf-8")
    again = process(clean, pdf=False)
    assert again.committed is not None, again.log
    assert (game / "turns/001/state.yaml").read_bytes() == (
        clean / "turns/001/state.yaml"
    ).read_bytes()
