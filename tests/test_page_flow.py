"""The page flow's kept blocks: lines `Kept` on one page, tables set in `Columns` that keep
their heading with two rows and go on under "(CONTINUED)", blank lines of loose text that
never start a page, and sections that keep their title with what follows it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.print.page import (
    BODY_LINES,
    BODY_TOP,
    Columns,
    Kept,
    Printout,
    Section,
    Text,
    layout,
    lead,
)

WIDTH = 80
HEAD = ("NO  NAME", "--  ----")


def bodies(*sections: Section) -> list[list[str]]:
    """Each page's body lines, trailing blanks left out."""
    pages = layout(Printout("G", 1, "GM", WIDTH, sections))
    out = []
    for page in pages:
        body = [line.rstrip() for line in page.lines[BODY_TOP:]]
        while body and not body[-1]:
            body.pop()
        out.append(body)
    return out


def filler(n: int) -> Section:
    """A first section taking `n` body lines: its title, its rule and n - 2 lines."""
    return Section("FILLER", (Text(tuple(f"filler {i}" for i in range(n - 2))),))


def test_kept_lines_that_do_not_fit_start_the_next_page() -> None:
    block = tuple(f"kept {i}" for i in range(10))
    first, second = bodies(filler(BODY_LINES - 8), Section("S", (Text(("x",)), Kept(block))))
    assert "kept 0" not in first and second[: len(block)] == list(block)


def test_kept_lines_that_fit_on_no_page_flow_on() -> None:
    block = tuple(f"kept {i}" for i in range(BODY_LINES + 5))
    pages = bodies(filler(10), Section("S", (Kept(block),)))
    assert pages[0][-1] == f"kept {BODY_LINES - 14}"  # under 10 + blank + title + rule


def test_a_section_keeping_its_title_starts_a_new_page_rather_than_split() -> None:
    block = Kept(tuple(f"kept {i}" for i in range(10)))
    kept = bodies(filler(BODY_LINES - 10), Section("S", (block,), keep_title=True))
    assert "S" not in kept[0] and kept[1][:3] == ["S", "=", "kept 0"]
    loose = bodies(filler(BODY_LINES - 10), Section("S", (block,)))
    assert loose[0][-2:] == ["S", "="]  # a title alone at the page's foot


def test_what_a_section_keeps_with_its_title() -> None:
    assert lead((Text(("a", "")), Kept(("1", "2", "3")))) == 5
    assert lead((Text(("a",)), Columns(HEAD, ("1", "2", "3"), ("intro",)))) == 6
    assert lead((Text(("a", "b", "c")),)) == 2
    assert lead((Text(("a",)),)) == 1


def test_a_blank_line_of_loose_text_never_starts_a_page() -> None:
    lines = ("one", "", "two")
    for n in range(BODY_LINES - 6, BODY_LINES + 1):
        for page in bodies(filler(n), Section("S", (Text(lines, loose=True),))):
            assert page[0] != ""
    tight = bodies(filler(BODY_LINES - 4), Section("S", (Text(lines),)))
    assert tight[1][0] == ""  # text as it is keeps its blank line


@settings(max_examples=60, deadline=None)
@given(before=st.integers(2, 2 * BODY_LINES), rows=st.integers(0, 3 * BODY_LINES))
def test_every_row_once_under_its_heading_and_two_rows_with_the_heading(
    before: int, rows: int
) -> None:
    table = Columns(HEAD, tuple(f"{n:>2}  ROW {n}" for n in range(rows)), ("AN INTRO",))
    pages = bodies(filler(before), Section("TABLE", (table,)))
    printed = []
    for page in pages:
        at = [i for i, line in enumerate(page) if "  ROW " in line]
        if HEAD[0] in page and at:
            assert at[0] == page.index(HEAD[0]) + 2
        if at and "AN INTRO" not in page:
            assert page[: 1 + len(HEAD)] == ["TABLE (CONTINUED)", *HEAD]
        if HEAD[0] in page and "AN INTRO" in page:
            assert len(at) >= min(2, rows)  # the heading never ends a page without its rows
        printed += [int(page[i].split()[0]) for i in at]
    assert printed == list(range(rows))
