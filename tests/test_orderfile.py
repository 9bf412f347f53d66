"""Reading order files: header, END, comments, e-mail wrapping, encodings, limits."""

from __future__ import annotations

from galbatch.engine.diagnostics import RC, Severity, worst_rc
from galbatch.engine.orderfile import MAX_BYTES, MAX_LINE, parse_order_bytes

HEADER = b'GAME demo PLAYER 3 PASSWORD "hunter2"\n'


def codes(of) -> list[str]:
    return [d.code for d in of.diagnostics]


def test_header_orders_and_end() -> None:
    of = parse_order_bytes(HEADER + b"A,1,2,3\n\n# a comment\nB,1,F,2  # build FT\nEND\n", "f")
    assert of.header is not None
    assert (of.header.game, of.header.player, of.header.password) == ("demo", "3", "hunter2")
    assert [(line.number, line.text) for line in of.lines] == [(2, "A,1,2,3"), (5, "B,1,F,2")]
    assert of.diagnostics == ()


def test_header_is_case_insensitive_and_accepts_bare_password() -> None:
    of = parse_order_bytes(b"game demo player 3 password hunter2\nend\n", "f")
    assert of.header is not None and of.header.password == "hunter2"


def test_missing_end_is_a_warning() -> None:
    of = parse_order_bytes(HEADER + b"A,1,2,3\n", "f")
    assert codes(of) == ["GB020"]
    assert worst_rc(of.diagnostics) == RC.WARNING


def test_everything_after_end_is_ignored() -> None:
    of = parse_order_bytes(HEADER + b"E,1\nEND\nthanks!\n> quoted A,1,2,3\n", "f")
    assert [line.text for line in of.lines] == ["E,1"]
    assert of.diagnostics == ()


def test_email_headers_before_the_header_and_a_signature() -> None:
    mail = (
        b"From: player@example.com\nSubject: orders\n\nHi GM,\n"
        + HEADER
        + b"E,1\n-- \nA. Player\nA,1,2,3\n"
    )
    of = parse_order_bytes(mail, "f")
    assert of.header is not None and of.header.line == 5
    assert [line.text for line in of.lines] == ["E,1"]
    assert codes(of) == ["GB011", "GB021"]


def test_no_header_is_unusable() -> None:
    of = parse_order_bytes(b"A,1,2,3\nEND\n", "f")
    assert of.header is None and not of.usable
    assert codes(of) == ["GB010"]
    assert worst_rc(of.diagnostics) == RC.UNUSABLE


def test_bad_header_is_unusable() -> None:
    of = parse_order_bytes(b"GAME demo PLAYER\nEND\n", "f")
    assert codes(of) == ["GB012"] and not of.usable


def test_binary_junk_is_unusable_not_an_exception() -> None:
    of = parse_order_bytes(bytes(range(256)) * 10, "f")
    assert not of.usable
    assert "GB010" in codes(of)


def test_latin1_file_is_read_with_a_warning() -> None:
    of = parse_order_bytes(HEADER + "T,1,CAF\xc9\nEND\n".encode("latin-1"), "f")
    assert of.header is not None
    assert codes(of) == ["GB003"]
    assert of.lines[0].text == "T,1,CAF\xc9"


def test_utf8_bom_is_accepted() -> None:
    of = parse_order_bytes(b"\xef\xbb\xbf" + HEADER + b"END\n", "f")
    assert of.header is not None and of.diagnostics == ()


def test_oversized_file_is_unusable() -> None:
    of = parse_order_bytes(HEADER + b"A" * MAX_BYTES, "f")
    assert codes(of) == ["GB002"] and not of.usable


def test_long_line_is_one_error_and_the_rest_still_read() -> None:
    of = parse_order_bytes(HEADER + b"1" * (MAX_LINE + 1) + b"\nE,1\nEND\n", "f")
    assert codes(of) == ["GB030"]
    assert [line.text for line in of.lines] == ["E,1"]


def test_control_characters_reject_the_line() -> None:
    of = parse_order_bytes(HEADER + b"E,1\x00\x07\nEND\n", "f")
    assert codes(of) == ["GB031"]
    assert of.diagnostics[0].severity is Severity.ERROR


def test_crlf_line_ends() -> None:
    of = parse_order_bytes(HEADER.replace(b"\n", b"\r\n") + b"E,1\r\nEND\r\n", "f")
    assert [line.text for line in of.lines] == ["E,1"] and of.diagnostics == ()


def test_diagnostic_format_is_compiler_style() -> None:
    of = parse_order_bytes(HEADER + b"E,1\n", "orders/3.txt")
    assert of.diagnostics[0].format() == (
        "orders/3.txt:2:1: warning: [GB020] no END line: the file may be truncated"
    )
