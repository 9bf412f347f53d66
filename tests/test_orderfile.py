"""Reading order files: header, END, comments, e-mail wrapping, encodings, limits."""

from __future__ import annotations

import pytest

from galbatch.engine.language.diagnostics import RC, Severity, worst_rc
from galbatch.engine.language.orderfile import (
    MAX_BYTES,
    MAX_LINE,
    MAX_ORDER_LINES,
    parse_order_bytes,
    redact,
    split_lines,
)

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


# --- line ends: \n, \r\n and a lone \r, nothing else -------------------------------


def test_cp1252_ellipsis_in_a_comment_is_not_a_line_end() -> None:
    """The reported case: byte 0x85 is "…" in Windows-1252 (and NEL in Latin-1)."""
    text = HEADER.decode() + "# do not attack yet\u2026A,55,33,8\nE,1\nEND\n"
    of = parse_order_bytes(text.encode("cp1252"), "f")
    assert [(line.number, line.text) for line in of.lines] == [(3, "E,1")]
    assert [(d.code, d.line) for d in of.diagnostics] == [("GB003", 2)]
    assert "Windows-1252" in of.diagnostics[0].message


@pytest.mark.parametrize(
    "separator", ["\x85", "\u2028", "\u2029", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]
)
def test_only_newlines_end_a_line(separator: str) -> None:
    text = HEADER.decode() + f"# wait{separator}A,55,33,8\nE,1\nEND\n"
    of = parse_order_bytes(text.encode("utf-8"), "f")
    assert [(line.number, line.text) for line in of.lines] == [(3, "E,1")]
    assert of.diagnostics == ()
    # the same character inside an order line is a control character: the line is rejected
    text = HEADER.decode() + f"E,1{separator}A,55,33,8\nE,2\nEND\n"
    of = parse_order_bytes(text.encode("utf-8"), "f")
    assert [(line.number, line.text) for line in of.lines] == [(3, "E,2")]
    assert [(d.code, d.line) for d in of.diagnostics] == [("GB031", 2)]


def test_lone_carriage_returns_end_lines() -> None:
    of = parse_order_bytes(HEADER.replace(b"\n", b"\r") + b"E,1\rE,2\r\nE,3\nEND\r", "f")
    assert [(line.number, line.text) for line in of.lines] == [(2, "E,1"), (3, "E,2"), (4, "E,3")]
    assert of.diagnostics == ()


def test_split_lines() -> None:
    assert split_lines("") == []
    assert split_lines("a") == ["a"]
    assert split_lines("a\n") == ["a"]
    assert split_lines("a\r\n\rb\x85c\u2028d\x0c\n\n") == ["a", "", "b\x85c\u2028d\x0c", ""]


# --- encodings -----------------------------------------------------------------------


def test_windows_1252_is_tried_before_latin1() -> None:
    of = parse_order_bytes(HEADER + "T,1,CAF\u2026\nEND\n".encode("cp1252"), "f")
    assert of.lines[0].text == "T,1,CAF\u2026"
    assert of.diagnostics[0].message == "the file is not UTF-8; read it as Windows-1252"


def test_latin1_when_not_windows_1252() -> None:
    of = parse_order_bytes(
        HEADER + b"# \x81\x85A,1,2,3\n\nT,1,CAF\xc9\nEND\n", "f"
    )  # 0x81: no cp1252
    assert [line.text for line in of.lines] == ["T,1,CAF\xc9"]
    assert [(d.code, d.line, d.message) for d in of.diagnostics] == [
        ("GB003", 2, "the file is not UTF-8; read it as Latin-1")
    ]


@pytest.mark.parametrize(
    ("codec", "how"),
    [
        ("utf-16", "little-endian, with a byte order mark"),
        ("utf-16-be", "big-endian, no byte order mark"),
        ("utf-16-le", "little-endian, no byte order mark"),
    ],
)
def test_utf16_is_read_with_a_note(codec: str, how: str) -> None:
    data = (HEADER.decode() + "T,1,CAF\u00c9\r\nEND\r\n").encode(codec)
    if codec == "utf-16-be":
        data = b"\xfe\xff" + data if "with" in how else data
    of = parse_order_bytes(data, "f")
    assert of.header is not None and of.header.password == "hunter2"
    assert [line.text for line in of.lines] == ["T,1,CAF\u00c9"]
    assert codes(of) == ["GB004"] and how in of.diagnostics[0].message
    assert worst_rc(of.diagnostics) == RC.CLEAN


def test_big_endian_utf16_with_a_bom() -> None:
    of = parse_order_bytes(b"\xfe\xff" + (HEADER.decode() + "E,1\nEND\n").encode("utf-16-be"), "f")
    assert [line.text for line in of.lines] == ["E,1"] and codes(of) == ["GB004"]
    assert "big-endian, with a byte order mark" in of.diagnostics[0].message


def test_broken_utf16_is_read_with_a_warning() -> None:
    data = (HEADER.decode() + "E,1\nE,2\n").encode("utf-16-le") + b"\x00\xd8E\x00\n\x00!"
    of = parse_order_bytes(data, "f")
    assert of.header is not None and [line.text for line in of.lines][:2] == ["E,1", "E,2"]
    assert [(d.code, d.line) for d in of.diagnostics][:2] == [("GB004", 1), ("GB003", 4)]


def test_utf8_bom_before_bytes_that_are_not_utf8() -> None:
    of = parse_order_bytes(b"\xef\xbb\xbf" + HEADER + b"T,1,CAF\xc9\nEND\n", "f")
    assert of.header is not None and of.lines[0].text == "T,1,CAF\u00c9"
    assert codes(of) == ["GB003"]


# --- the header is the first line that is one -----------------------------------------


def test_a_greeting_that_starts_with_game_is_not_the_header() -> None:
    of = parse_order_bytes(b"Game on!\n\n" + HEADER + b"E,1\nEND\n", "f")
    assert of.header is not None and of.header.line == 3
    assert codes(of) == ["GB011"]


def test_a_folded_subject_line_is_not_the_header() -> None:
    mail = b"From: p@example.com\nSubject: my orders for\n game demo, turn 3\n\n" + HEADER
    of = parse_order_bytes(mail + b"E,1\nEND\n", "f")
    assert of.header is not None and of.header.line == 5
    assert [line.text for line in of.lines] == ["E,1"]


def test_a_bad_header_is_reported_at_the_line_meant_as_one() -> None:
    of = parse_order_bytes(b"Game on!\nGAME demo PLAYR 3 PASSWORD x\nE,1\nEND\n", "f")
    assert [(d.code, d.line) for d in of.diagnostics] == [("GB011", 1), ("GB012", 2)]
    of = parse_order_bytes(b"Game on!\nE,1\nEND\n", "f")
    assert [(d.code, d.line) for d in of.diagnostics] == [("GB012", 1)]
    of = parse_order_bytes(b"Hi GM!\nE,1\nEND\n", "f")
    assert codes(of) == ["GB010"]


# --- limits ----------------------------------------------------------------------------


def test_order_lines_past_the_limit_are_not_read() -> None:
    body = b"".join(b"E,%d\n" % i for i in range(MAX_ORDER_LINES + 10))
    of = parse_order_bytes(HEADER + b"\n# comment\n" + body + b"END\n", "f")
    assert len(of.lines) == MAX_ORDER_LINES
    assert of.lines[-1].text == f"E,{MAX_ORDER_LINES - 1}"
    first_unread = MAX_ORDER_LINES + 4
    assert [(d.code, d.line, d.severity) for d in of.diagnostics] == [
        ("GB022", first_unread, Severity.ERROR)
    ]
    assert f"the 11 lines from line {first_unread} on were not read" in (of.diagnostics[0].message)


def test_bidi_override_in_an_order_line_is_rejected_and_shown_escaped() -> None:
    of = parse_order_bytes(HEADER + "T,1,VEGA\u202e\nEND\n".encode(), "f")
    assert codes(of) == ["GB031"]
    assert "\\u202e" in of.diagnostics[0].message and "\u202e" not in of.diagnostics[0].message


# --- redact ----------------------------------------------------------------------------

REDACT_CASES = {
    "quoted": (b'GAME demo PLAYER 3 PASSWORD "hunter2"\nE,1\nEND\n',
               b'GAME demo PLAYER 3 PASSWORD "********"\nE,1\nEND\n'),
    "bare": (b"game demo player 3 password hunter2  # mine\r\nE,1\r\n",
             b"game demo player 3 password ********  # mine\r\nE,1\r\n"),
    "quoted with #": (b'  GAME demo PLAYER 3 PASSWORD "a #b c" # note\nEND\n',
                      b'  GAME demo PLAYER 3 PASSWORD "********" # note\nEND\n'),
    "bare with #": (b"GAME demo PLAYER 3 PASSWORD a#b\nEND\n",
                    b"GAME demo PLAYER 3 PASSWORD ********\nEND\n"),
    "misspelt": (b'Hi\rGAME demo PLAYR 3 PASWORD: "x y" z\rGAME demo PASSWD x y\rEND\r',
                 b'Hi\rGAME demo PLAYR 3 PASWORD: "********" z\rGAME demo PASSWD ********\rEND\r'),
    "no header": (b"A,1,2,3\nGAME over, PASSWORD\nEND\n", b"A,1,2,3\nGAME over, PASSWORD\nEND\n"),
    "in the subject": (b"Subject: GAME demo PLAYER 3 PASSWORD x y\n\nGAME demo PW z\n",
                       b"Subject: GAME demo PLAYER 3 PASSWORD ********\n\nGAME demo PW ********\n"),
    "empty": (b"", b""),
    # a keyword followed only by what Python counts as blank (U+001C is one): no password
    "keyword then a separator": (b"GAME\x00PAS\x1c", b"GAME\x00PAS\x1c"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(REDACT_CASES))
def test_redact(case: str) -> None:
    data, expected = REDACT_CASES[case]
    assert redact(data) == expected


@pytest.mark.parametrize("codec", ["utf-8", "utf-8-sig", "cp1252", "utf-16", "utf-16-be"])
def test_redact_keeps_the_encoding(codec: str) -> None:
    text = 'Hi GM \u2026\r\nGAME demo PLAYER 3 PASSWORD "s\u00e9cret"\r\nT,1,CAF\u00c9\nEND\n'
    data = text.encode(codec)
    redacted = redact(data)
    assert redacted == text.replace("s\u00e9cret", "********").encode(codec)
    of = parse_order_bytes(redacted, "f")
    assert of.header is not None and of.header.password == "********"
    assert b"cret" not in redacted and "cret".encode(codec)[2:] not in redacted


def test_redact_a_broken_utf16_file() -> None:
    """A lone surrogate (2 bytes, one U+FFFD) before the header and an odd byte at the end."""
    head = 'GAME demo PLAYER 3 PASSWORD "hunter2"\n'.encode("utf-16-le")
    safe = head.replace("hunter2".encode("utf-16-le"), "********".encode("utf-16-le"))
    for junk in (b"\x00\xd8\n\x00", b"\x00\xd8"):  # on a line of its own, or before GAME
        data = b"\xff\xfe" + junk + head + b"E\x00,\x001\x00!"
        assert redact(data) == b"\xff\xfe" + junk + safe + b"E\x00,\x001\x00!"
