"""No order file, however malformed, gives a traceback: only diagnostics and 0..12."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import MAX_LISTED_ERRORS, check_file
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.job.playerfiles import check_player_file
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC, Diagnostic, worst_rc
from galbatch.engine.language.orderfile import (
    FILE_FINDINGS,
    HEADER,
    REDACTED,
    parse_order_bytes,
    redact,
)
from galbatch.engine.text.printable import one_column
from galbatch.rules import get_ruleset
from galbatch.rules.conflict.view import build_view
from tests.conflict_world import small_state
from tests.conftest import DEMO, ROOT

RULESET = get_ruleset("conflict")
VIEW = build_view(small_state(), "1")
VALID = (
    'GAME demo PLAYER 1 PASSWORD "x"\n'
    "A,1,4,5\nM,1,5,D,3\nP,1,6\nB,5,A,2\nE,1\nG,5,1\nT,8,POLARIS\nD,1,C,1\nEND\n"
)


def lint(data: bytes) -> RC:
    of = parse_order_bytes(data, "f")
    result = check_file(of, RULESET, VIEW, "1")
    assert result.rc == worst_rc(result.diagnostics)
    assert len(result.diagnostics) <= MAX_LISTED_ERRORS + 1 + len(FILE_FINDINGS)
    for d in result.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.message
        assert all(one_column(ch) for ch in d.format())  # nothing shown raw
    return result.rc


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4000))
def test_arbitrary_bytes(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=2000))
def test_arbitrary_text_after_a_header(text: str) -> None:
    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + text).encode("utf-8", "surrogatepass")
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR)


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = bytearray(VALID.encode())
    for _ in range(draw(st.integers(1, 8))):
        pos = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        byte = draw(st.sampled_from(b",0123456789ADEFGMPTC \n-#x\xff\x00\r\x0c\x0b\x85\x1e"))
        if kind == "insert":
            data.insert(pos, byte)
        elif data and pos < len(data):
            if kind == "delete":
                del data[pos]
            else:
                data[pos] = byte
    return bytes(data)


@pytest.mark.slow
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_valid_files(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


def test_a_ten_megabyte_line() -> None:
    data = b'GAME demo PLAYER 1 PASSWORD "x"\nA,1,4,' + b"9" * 10_000_000 + b"\nEND\n"
    assert lint(data) == RC.UNUSABLE


def test_a_huge_quantity_is_reduced_not_a_crash() -> None:
    data = b'GAME demo PLAYER 1 PASSWORD "x"\nA,1,4,' + b"9" * 150 + b"\nEND\n"
    assert lint(data) == RC.WARNING


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_files_are_read(codec: str) -> None:
    """Windows Notepad's "Unicode", with or without its byte order mark."""
    assert lint(VALID.encode(codec)) == RC.CLEAN


# --- hostile and clumsy files: what `str.splitlines` split at, encodings, greetings, bidi

# Characters that are not line ends (though str.splitlines says some are), invisible or
# bidi characters, wide and combining ones, and what Windows-1252 has at 0x85 (…).
ODD = (
    "\x85\u2028\u2029\x0c\x0b\x1c\x1d\x1e\x1b\x07\t"  # what splitlines() split at; controls
    "\u202a\u202e\u2066\u2069\u200e\u200f\u061c\u200b\ufeff\u00ad"  # bidi, invisible
    "\u4e2d\uff21\u0301\u2026"  # wide, combining, and Windows-1252's 0x85
)
odd_text = st.text(
    st.sampled_from(ODD) | st.characters(blacklist_characters="\r\n", blacklist_categories=["Cs"]),
    max_size=30,
)
ORDER_LINES = VALID.split("\n")[1:-2]  # without the header and END
CODECS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-be-bom", "cp1252"]


def encode(text: str, codec: str) -> bytes:
    if codec == "utf-16-be-bom":
        return b"\xfe\xff" + text.encode("utf-16-be")
    return text.encode(codec)


def expected_lines(first: int) -> list[tuple[int, str]]:
    return [(first + i, line) for i, line in enumerate(ORDER_LINES)]


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    comments=st.lists(odd_text, min_size=len(ORDER_LINES) + 2, max_size=len(ORDER_LINES) + 2),
    codec=st.sampled_from(CODECS),
    ends=st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_comments_hold_anything_but_a_line_end(comments: list[str], codec: str, ends: str) -> None:
    """NEL, U+2028, form feeds, bidi overrides... in comments change nothing: the same
    orders on the same lines, in any encoding and with any line ends."""
    lines = VALID.split("\n")[:-1]
    text = ends.join(f"{line} #{c}" for line, c in zip(lines, comments, strict=True)) + ends
    try:
        data = encode(text, codec)
    except UnicodeEncodeError:
        return  # not every character has a byte in Windows-1252
    of = parse_order_bytes(data, "f")
    assert [(line.number, line.text) for line in of.lines] == expected_lines(2)
    assert {d.code for d in of.diagnostics} <= {"GB003", "GB004"}
    # a file that is not UTF-8 earns its GB003 warning (4); nothing else may be found
    assert lint(data) == (
        RC.WARNING if any(d.code == "GB003" for d in of.diagnostics) else RC.CLEAN
    )


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    greeting=st.lists(
        st.sampled_from(["Game on!", "GAME", "game over", "Subject: orders for", " game demo",
                         "GAME demo PLAYER 1", "Hi GM,", "", "-- "])
        | st.text(st.characters(blacklist_characters="\r\n\"", codec="ascii"), max_size=30),
        max_size=12,
    ),
    codec=st.sampled_from(["utf-8", "utf-16", "utf-16-le", "utf-16-be"]),
)  # fmt: skip
def test_greetings_before_the_header_are_skipped(greeting: list[str], codec: str) -> None:
    """Lines before the header, even ones that start with GAME, are skipped; UTF-16
    without a byte order mark is still told by its NUL bytes."""
    assume(not any(HEADER.match(line.strip()) for line in greeting))
    data = encode("\n".join([*greeting, VALID]), codec)
    of = parse_order_bytes(data, "f")
    assert of.header is not None and of.header.line == len(greeting) + 1
    assert [(line.number, line.text) for line in of.lines] == expected_lines(len(greeting) + 2)
    assert {d.code for d in of.diagnostics} <= {"GB004", "GB011"}
    assert ("GB004" in {d.code for d in of.diagnostics}) == codec.startswith("utf-16")


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(ORDER_LINES), st.sampled_from(ODD), st.integers(0, 9))))
def test_odd_characters_in_order_lines_reject_only_their_line(
    edits: list[tuple[str, str, int]],
) -> None:
    """An odd character inside an order line stays in it: one diagnostic for that line,
    never a new line, never a traceback, and what is shown is escaped."""
    bad = [line[:at] + ch + line[at:] for line, ch, at in edits]
    body = "\n".join([*bad, *ORDER_LINES])
    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + body + "\nEND\n").encode("utf-8")
    of = parse_order_bytes(data, "f")
    assert len(of.lines) + len(of.diagnostics) == len(bad) + len(ORDER_LINES)
    assert [line.text for line in of.lines][-len(ORDER_LINES) :] == ORDER_LINES
    lint(data)


passwords = st.text(
    st.characters(blacklist_characters='"', blacklist_categories=["Cs", "Z", "Cc"]),
    min_size=1,
    max_size=20,
)


@pytest.mark.slow
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(
    password=passwords,
    quoted=st.booleans(),
    before=st.lists(st.sampled_from(["Hi GM,", "Game on!", "", "Subject: turn 3"]), max_size=4),
    body=odd_text,
    codec=st.sampled_from(CODECS),
    ends=st.sampled_from(["\n", "\r\n", "\r"]),
)
def test_redact_changes_only_the_password(
    password: str, quoted: bool, before: list[str], body: str, codec: str, ends: str
) -> None:
    assume(quoted or not password.startswith("#"))

    def file(password: str) -> str:
        header = "GAME demo PLAYER 1 PASSWORD " + (f'"{password}"' if quoted else password)
        return ends.join([*before, header + " # mine", f"E,1 # {body}", "END", ""])

    text = file(password)
    try:
        data = encode(text, codec)
    except UnicodeEncodeError:
        return
    original = parse_order_bytes(data, "f")
    assume(original.header is not None and original.header.password == password)
    redacted = redact(data)
    again = parse_order_bytes(redacted, "f")
    assert again.header is not None and again.header.password == REDACTED
    assert again.lines == original.lines

    def findings(diags: tuple[Diagnostic, ...]) -> list[Diagnostic]:
        return [d for d in diags if d.code != "GB003"]  # the password may be the only non-UTF-8

    assert findings(again.diagnostics) == findings(original.diagnostics)
    assert redacted == encode(file(REDACTED), codec)
    assert redact(redacted) == redacted


def demo_copy(tmp: Path) -> Path:
    """A copy of the bundled demo game at turn 0 with its turn-1 inbox."""
    target = tmp / "demo"
    shutil.copytree(DEMO, target)
    return target


VEGA = (
    'GAME conflict-demo PLAYER 6 PASSWORD "vega-1997"\n'
    "A,2,13,4\nM,2,18,D,3\nP,2,1\nB,2,A,2\nB,2,C,3\nG,2,2\nD,2,F,1\nE,2\nEND\n"
)


@st.composite
def mutated_vega(draw: st.DrawFn) -> bytes:
    data = bytearray(VEGA.encode())
    for _ in range(draw(st.integers(1, 6))):
        pos = draw(st.integers(0, len(data) - 1))
        data[pos] = draw(st.sampled_from(b",0123456789ADEFGMPTC \n-#x\xff\x00"))
    return bytes(data)


@pytest.mark.slow
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(junk=st.one_of(st.binary(max_size=3000), mutated(), mutated_vega()))
def test_process_with_a_malformed_file_changes_only_what_valid_orders_do(
    junk: bytes, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """VEGA (player 6) sends damaged bytes: no traceback, and the turn comes out exactly
    as if VEGA had sent a clean file of just the orders that were accepted."""
    tmp = tmp_path_factory.mktemp("junk")
    game = demo_copy(tmp)
    clean = tmp / "clean"
    shutil.copytree(game, clean)
    (game / "orders" / "6.txt").write_bytes(junk)
    result = process(game, pdf=False)
    assert result.rc in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)
    assert result.committed is not None
    view = build_view(load_state(clean), "6")
    check = check_player_file(Game.open(clean), RULESET, view, "6", junk)
    if check.orders:
        lines = [o.text() for o in check.orders]
        text = 'GAME conflict-demo PLAYER 6 PASSWORD "vega-1997"\n' + "\n".join(lines) + "\nEND\n"
        (clean / "orders" / "6.txt").write_text(text)
    process(clean, pdf=False)
    assert (game / "turns/001/state.yaml").read_bytes() == (
        clean / "turns/001/state.yaml"
    ).read_bytes()


def load_state(game: Path):
    from galbatch.engine.gamedir.yamlio import load_data
    from galbatch.rules.conflict.state import GameState

    return GameState.from_data(load_data(game / "turns/000/state.yaml"))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 500) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=30,
)
# the views' keys: Galactic Conflict's and Conqueror's, then Galac-Tac's, then Galaktikos's,
# then Interstellar Conquest's
VIEW_KEYS = ["map", "reports", "contacts", "name", "planets", "fleet", "tech", "players",
             "reward", "own", "empire", "designs", "systems", "ships", "stars", "charted",
             "stockpiles", "seen", "round", "setup", "variant", "first", "rotate", "kinds",
             "territory", "populations", "occupations", "habitats", "shipyards", "fleets",
             "unsupplied", "goal", "held", "standing", "events", "winner", "seats", "void",
             "discards", "bag", "active", "phase", "attack", "waiting", "encounter", "winners",
             "hand", "owes", "pending"]  # fmt: skip


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(["conflict", "conqueror", "galactac", "galaktikos", "interstellar"]),
    fields=st.dictionaries(st.sampled_from(VIEW_KEYS), json_values, max_size=6),
)
def test_a_damaged_view_file_never_gives_a_traceback(
    ruleset: str, fields: dict[str, object], tmp_path_factory: pytest.TempPathFactory
) -> None:
    import json

    from galbatch.engine.job.lint import CheckError, check_files

    folder = tmp_path_factory.mktemp("view")
    view = folder / "view.yaml"
    view.write_text(json.dumps({"ruleset": ruleset, "player": "1", **fields}))
    sample = ROOT / "samples" / ruleset / "clean.txt"
    try:
        rc, _ = check_files([sample], view_file=view)
    except CheckError:
        return
    assert rc in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)
