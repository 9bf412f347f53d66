"""No order file, however malformed, gives a traceback: only diagnostics and 0..12."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.diagnostics import RC, worst_rc
from galbatch.engine.intake import check_file
from galbatch.engine.orderfile import parse_order_bytes
from galbatch.engine.ruleset import get_ruleset
from galbatch.rules.conflict.view import build_view
from tests.conflict_world import small_state

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
    for d in result.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.message
    return result.rc


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=4000))
def test_arbitrary_bytes(data: bytes) -> None:
    assert lint(data) in (RC.CLEAN, RC.WARNING, RC.ERROR, RC.UNUSABLE)


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
        byte = draw(st.sampled_from(b",0123456789ADEFGMPTC \n-#x\xff\x00"))
        if kind == "insert":
            data.insert(pos, byte)
        elif data and pos < len(data):
            if kind == "delete":
                del data[pos]
            else:
                data[pos] = byte
    return bytes(data)


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


def test_wrong_encoding_utf16() -> None:
    data = VALID.encode("utf-16")
    assert lint(data) in (RC.UNUSABLE, RC.WARNING, RC.ERROR)
