"""A table a page break cuts: its header never ends a page alone, and goes on again
over the rows the next page carries, as a line printer's report repeats its titles."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.print.page import (
    BODY_TOP,
    LINES_PER_PAGE,
    Printout,
    Section,
    Table,
    Text,
    layout,
    table_lines,
)

WIDTH = 80
BODY = LINES_PER_PAGE - BODY_TOP


def printout(before: int, rows: int) -> tuple[Printout, Table]:
    table = Table(("WORLD", "OWNER"), tuple((n, f"OWNER {n}") for n in range(1, rows + 1)))
    lead = Section("NOTES", (Text(tuple(f"note {i}" for i in range(before))),))
    return Printout("G", 1, "GM", WIDTH, (lead, Section("WORLDS", (table,)))), table


def bodies(p: Printout) -> list[list[str]]:
    return [[line.rstrip() for line in page.lines[BODY_TOP:]] for page in layout(p)]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(before=st.integers(0, 2 * BODY), rows=st.integers(1, 3 * BODY))
def test_every_row_is_printed_once_under_its_header(before: int, rows: int) -> None:
    p, table = printout(before, rows)
    head = [line.rstrip() for line in table_lines(table)[:2]]
    printed = []
    for body in bodies(p):
        while body and not body[-1]:
            body.pop()
        at = [i for i, line in enumerate(body) if line.strip().startswith(tuple("0123456789"))]
        if not at:
            assert body[-2:] != head  # a header alone at the page's foot
            continue
        assert body[at[0] - 2 : at[0]] == head  # the page's first row is under the header
        assert at == list(range(at[0], at[0] + len(at)))
        printed += [int(body[i].split()[0]) for i in at]
    assert printed == list(range(1, rows + 1))


def test_the_rule_book_case_a_header_at_the_foot_moves_to_the_next_page() -> None:
    # NOTES takes title, rule and its lines; a blank, WORLDS and its rule follow: the
    # table's header would be the page's last two lines with no row under them
    before = BODY - 2 - 1 - 2 - 2
    p, table = printout(before, 5)
    first, second = bodies(p)
    head = [line.rstrip() for line in table_lines(table)[:2]]
    assert head[0] not in first
    assert second[:2] == head and second[2].split()[0] == "1"


def test_a_long_table_repeats_its_header_on_every_page() -> None:
    p, table = printout(0, 2 * BODY)
    head = [line.rstrip() for line in table_lines(table)[:2]]
    pages = bodies(p)
    assert len(pages) == 3
    at = pages[0].index(head[0])
    assert pages[0][at - 2 : at] == ["WORLDS", "======"] and pages[0][at + 1] == head[1]
    assert pages[1][:2] == head and pages[2][:2] == head
