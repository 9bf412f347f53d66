"""The ORDER CHECK every ruleset's printout prints: each diagnostic of the player's file
whole, wrapped at the page's width, and one line when there is none."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.gamedir import turnfiles
from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.print.order_check import (
    NO_ORDERS,
    ORDERS,
    TITLE,
    Quiet,
    order_check_lines,
    order_check_section,
)
from galbatch.print.page import Text, layout, render_text
from galbatch.rules import RULESETS
from tests.bundled import shipped

WORD = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=24)
CTX = PrintContext("demo", "DEMO", "GM", "1997-01-06", "1997-01-20", 132, "", "ORDERS RECEIVED")


def diagnostic(message: str, line: int = 7) -> Diagnostic:
    return Diagnostic("orders/3.txt", line, 1, Severity.ERROR, "CF206", message)


@settings(max_examples=200, deadline=None)
@given(st.lists(WORD, min_size=5, max_size=60), st.sampled_from([80, 132]))
def test_every_word_of_a_long_diagnostic_survives(parts: list[str], width: int) -> None:
    message = " ".join(parts) + "; order B,5,C,2 rejected"
    d = diagnostic(message)
    lines = order_check_lines([d], "ORDERS RECEIVED", width)
    assert all(len(line) <= width for line in lines)
    assert " ".join(lines).split() == d.format().split()  # every word, whole and in order
    assert lines[-1].endswith("rejected")
    assert all(line.startswith("    ") for line in lines[1:])


def test_the_conflict_cut_at_132_is_gone() -> None:
    """A diagnostic longer than the page used to lose its end, "rejected" with it."""
    message = "world 5 uses all its Econ to increase it " + "and more " * 12 + "; order rejected"
    section = order_check_section([diagnostic(message)], CTX)
    assert section.title == TITLE
    (block,) = section.blocks
    assert isinstance(block, Text) and len(block.lines) == 2
    assert block.lines[1].startswith("    ") and block.lines[1].endswith("order rejected")


@pytest.mark.parametrize(
    ("status", "line"),
    [
        ("", "THE GAME BEGINS: NO ORDERS WERE DUE."),
        (NO_ORDERS, "NO ORDER FILE."),
        ("ORDERS RECEIVED", "ALL ORDERS ACCEPTED."),
        ("REJECTED: WRONG PASSWORD", "ALL ORDERS ACCEPTED."),
    ],
)
def test_one_line_when_nothing_was_found(status: str, line: str) -> None:
    assert order_check_lines([], status, 80) == [line]
    assert order_check_lines([], status, 80, ORDERS) == [line]


def test_a_game_says_it_in_its_own_words() -> None:
    actions = Quiet("no actions were due", "no action file", "all actions accepted")
    assert order_check_lines([], NO_ORDERS, 80, actions) == ["no action file"]


def test_no_orders_is_the_status_the_job_gives_a_missing_file() -> None:
    assert NO_ORDERS == turnfiles.NO_ORDERS


BUNDLED = {
    "conflict": "conflict-demo",
    "conqueror": "gc16",
    "galactac": "galaxy13",
    "galaktikos": "spiral6",
    "interstellar": "nebula4",
}


@pytest.mark.parametrize("ruleset", sorted(BUNDLED))
@pytest.mark.parametrize("width", [80, 132])
def test_every_ruleset_prints_a_long_diagnostic_whole(ruleset: str, width: int) -> None:
    rules = RULESETS[ruleset]()
    view = load_data(shipped(BUNDLED[ruleset]) / "turns" / "000" / "views" / "1.yaml")
    message = "a reason " + "that goes on " * 12 + "past the margin; order X,1,2 rejected"
    d = diagnostic(message)
    ctx = replace(CTX, game=BUNDLED[ruleset], title=rules.title, width=width)
    text = render_text(layout(rules.printout(view, [d], ctx)))
    start = text.index(d.format()[:40])
    printed = text[start:].split("\n")
    n = len(order_check_lines([d], ctx.file_status, width))
    assert " ".join(printed[:n]).split() == d.format().split()
    assert max(len(line) for line in text.replace("\f", "").split("\n")) <= width
