"""The one wrap of the printouts: a long line folds at blanks under a hanging indent, and
nothing of it is ever cut at the margin."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.print.wrap import NO_BREAK_SPACE, wrap, wrap_all

WIDTHS = (80, 132)
WORD = st.text(
    st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1, max_size=30
)  # printable ASCII, no blank


def words(lines: list[str]) -> list[str]:
    return " ".join(lines).split()


@settings(max_examples=300, deadline=None)
@given(
    st.lists(WORD, min_size=1, max_size=80),
    st.sampled_from(WIDTHS),
    st.integers(0, 17),
    st.integers(0, 6),
)
def test_every_word_survives_and_no_line_passes_the_margin(
    parts: list[str], width: int, indent: int, lead: int
) -> None:
    line = " " * lead + " ".join(parts)
    out = wrap(line, width, indent)
    assert all(len(text) <= width for text in out)
    assert "".join(words(out)) == "".join(parts)  # every character, in order
    room = width - min(lead + indent, width // 2)
    whole = [w for w in parts if len(w) <= room]  # a word that fits a line is never broken
    assert set(whole) <= set(words(out))
    if len(line) > width:
        assert out[0].startswith(" " * lead) and not out[0][lead:].startswith(" ")
        hang = " " * min(lead + indent, width // 2)
        assert all(text.startswith(hang) for text in out[1:])


@settings(max_examples=200, deadline=None)
@given(st.lists(WORD.filter(lambda w: len(w) < 60), min_size=1, max_size=80))
def test_a_word_that_fits_a_line_is_never_broken(parts: list[str]) -> None:
    for width in WIDTHS:
        assert set(parts) <= set(words(wrap(" ".join(parts), width)))


def test_a_line_that_fits_is_left_as_it_is() -> None:
    assert wrap("  A SHORT LINE  ", 80) == ["  A SHORT LINE  "]
    assert wrap("x" * 80, 80) == ["x" * 80]


def test_the_hanging_indent_is_under_the_lines_own_lead() -> None:
    text = "  " + " ".join(["WORD"] * 30)
    out = wrap(text, 40, 4)
    assert out[0].startswith("  WORD") and all(t.startswith("      WORD") for t in out[1:])


def test_a_word_longer_than_a_line_is_broken_not_cut() -> None:
    out = wrap("SEE " + "X" * 200, 80)
    assert "".join(out).replace(" ", "").count("X") == 200
    assert all(len(t) <= 80 for t in out)


def test_hyphens_hold_and_no_break_spaces_hold_and_print_as_blanks() -> None:
    hyphened = " ".join(["SECOND-ATTACK"] * 12)
    assert all(w == "SECOND-ATTACK" for w in words(wrap(hyphened, 40)))
    held = " ".join([f"1{NO_BREAK_SPACE}FACTORY"] * 12)
    out = wrap(held, 40)
    assert NO_BREAK_SPACE not in "".join(out)
    assert all(t.strip().startswith("1 FACTORY") for t in out)
    assert wrap(f"A{NO_BREAK_SPACE}B", 80) == ["A B"]


def test_wrap_all_wraps_each_line_in_order() -> None:
    out = wrap_all(["ONE", " ".join(["TWO"] * 30), "THREE"], 80)
    assert out[0] == "ONE" and out[-1] == "THREE" and len(out) == 4


def test_a_line_may_break_after_a_hyphen_where_a_caller_asks() -> None:
    line = "standing order 1, IF ATTACKED BY GREEN INVITE NOBODY: used in phase invite-defender"
    assert wrap(line, 76, hyphens=True)[0].endswith("invite-")
    assert wrap(line, 76)[1].strip() == "invite-defender"
    assert wrap_all([line], 76, hyphens=True) == wrap(line, 76, hyphens=True)
