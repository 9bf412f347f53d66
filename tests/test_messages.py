"""Diplomatic message blocks in an order file: read before the grammar, never orders,
limited, and rejected by a game that has no diplomacy."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.language.diagnostics import RC, worst_rc
from galbatch.engine.language.message_blocks import (
    MAX_MESSAGE_LINES,
    MAX_MESSAGE_WIDTH,
    MAX_MESSAGES,
)
from galbatch.engine.language.message_order import Message
from galbatch.engine.language.orderfile import OrderFile, parse_order_bytes
from galbatch.rules import get_ruleset

HEADER = 'GAME demo PLAYER 3 PASSWORD "hunter2"\n'


def read(body: str) -> OrderFile:
    """The order file of `body` after the header."""
    return parse_order_bytes((HEADER + body).encode("utf-8"), "f")


def codes(of: OrderFile) -> list[str]:
    return [d.code for d in of.diagnostics]


def sent(of: OrderFile) -> list[Message]:
    return [b.message for b in of.messages]


def test_a_block_is_a_message_and_not_orders() -> None:
    of = read(
        "A,1,2,3\n"
        "MESSAGE TO  the   Zorgon Hegemony\n"
        "\n"
        "Greetings, # not a comment\n"
        "    indented\tline   \n"
        "B,1,F,2\n"
        "\n"
        "END MESSAGE\n"
        "B,1,F,3\n"
        "END\n"
    )
    assert codes(of) == []
    assert [line.text for line in of.lines] == ["A,1,2,3", "B,1,F,3"]
    assert sent(of) == [
        Message(
            "the Zorgon Hegemony",
            ("Greetings, # not a comment", "    indented    line", "B,1,F,2"),
        )
    ]
    block = of.messages[0]
    opening = "MESSAGE TO  the   Zorgon Hegemony"
    assert (block.number, block.column, block.opening) == (3, 1, opening)


def test_keywords_ignore_case_and_end_message_may_carry_a_comment() -> None:
    of = read("message to Vega\nhello\nend message # done\nEND\n")
    assert codes(of) == [] and sent(of) == [Message("Vega", ("hello",))]


def test_an_unterminated_block_ends_at_end_and_says_which_lines_it_took() -> None:
    of = read("MESSAGE TO Vega\nhello\nB,1,F,2\nEND\nafter end\n")
    assert codes(of) == ["GB040"]
    d = of.diagnostics[0]
    assert d.line == 2 and "lines 2-4" in d.message and "not sent" in d.message
    assert of.lines == () and of.messages == ()


def test_an_unterminated_block_at_the_end_of_the_file() -> None:
    of = read("MESSAGE TO Vega\nhello\n")
    assert codes(of) == ["GB040", "GB020"]
    assert worst_rc(of.diagnostics) == RC.ERROR


def test_a_signature_ends_the_block_and_the_file() -> None:
    of = read("MESSAGE TO Vega\nhello\n-- \nBob\n")
    assert codes(of) == ["GB040", "GB021"]


def test_a_nested_block_rejects_the_outer_one_and_starts_anew() -> None:
    of = read("MESSAGE TO Vega\nhello\nMESSAGE TO Sirius\nhi\nEND MESSAGE\nEND\n")
    assert codes(of) == ["GB041"]
    assert "line 4" in of.diagnostics[0].message
    assert sent(of) == [Message("Sirius", ("hi",))]


def test_an_empty_recipient_and_an_empty_text() -> None:
    of = read("MESSAGE TO\nhello\nEND MESSAGE\nMESSAGE TO Vega\n\nEND MESSAGE\nEND\n")
    assert codes(of) == ["GB042", "GB047"] and of.messages == ()


def test_a_stray_end_message_is_ignored_with_a_warning() -> None:
    of = read("END MESSAGE\nA,1,2,3\nEND\n")
    assert codes(of) == ["GB048"] and len(of.lines) == 1


def test_too_many_messages() -> None:
    block = "MESSAGE TO Vega\nhello\nEND MESSAGE\n"
    of = read(block * (MAX_MESSAGES + 2) + "END\n")
    assert codes(of) == ["GB043", "GB043"] and len(of.messages) == MAX_MESSAGES


def test_too_many_lines_and_too_long_a_line() -> None:
    many = "MESSAGE TO Vega\n" + "x\n" * (MAX_MESSAGE_LINES + 1) + "END MESSAGE\n"
    wide = "MESSAGE TO Vega\n" + "y" * (MAX_MESSAGE_WIDTH + 1) + "\nEND MESSAGE\n"
    exact = "MESSAGE TO Vega\n" + "z" * MAX_MESSAGE_WIDTH + "\nEND MESSAGE\n"
    of = read(many + wide + exact + "END\n")
    assert codes(of) == ["GB045", "GB044"]
    assert sent(of) == [Message("Vega", ("z" * MAX_MESSAGE_WIDTH,))]


def test_control_characters_reject_the_message() -> None:
    of = read(
        "MESSAGE TO Vega\nhello \x1b[2J\u202e\nEND MESSAGE\nMESSAGE TO V\x07\nhi\nEND MESSAGE\n"
    )
    assert codes(of)[:2] == ["GB046", "GB046"] and of.messages == ()
    assert "\\x1b" in of.diagnostics[0].message


def test_a_huge_block_is_bounded_by_the_file_size() -> None:
    of = read("MESSAGE TO Vega\n" + "x" * 80 + "\n" * 100_000)
    assert "GB040" in codes(of) and of.messages == ()


@pytest.mark.parametrize("ruleset", ["conflict", "conqueror"])
def test_a_game_without_diplomacy_rejects_the_block(ruleset: str) -> None:
    of = read("MESSAGE TO Vega\nhello\nEND MESSAGE\nEND\n")
    checked = check_file(of, get_ruleset(ruleset))
    assert [d.code for d in checked.diagnostics] == ["GB049"]
    assert checked.rc == RC.ERROR and checked.orders == ()
    assert "no diplomatic messages" in checked.diagnostics[0].message


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "MESSAGE TO Vega",
                "MESSAGE TO",
                "message to x",
                "END MESSAGE",
                "END",
                "-- ",
                "hello",
                "",
                "A,1,2,3",
                "\x00\x1b",
                "x" * 150,
            ]
        ),
        max_size=40,
    ),
    st.binary(max_size=64),
)
def test_hostile_blocks_never_raise(lines: list[str], noise: bytes) -> None:
    data = (HEADER + "\n".join(lines)).encode("utf-8") + noise
    of = parse_order_bytes(data, "f")
    for ruleset in ("conflict", "galactac"):
        check_file(of, get_ruleset(ruleset))
    for block in of.messages:
        assert block.message.to and block.message.text
        assert len(block.message.text) <= MAX_MESSAGE_LINES
        assert all(len(line) <= MAX_MESSAGE_WIDTH for line in block.message.text)
