"""The head of an input sheet as the rule books print theirs: its title, the due date,
whose sheet it is, and the header line the player's file starts with; then numbered
blank lines to write orders on."""

from __future__ import annotations

from collections.abc import Sequence


def sheet_head(
    title: str, due: str, reader: Sequence[str], header_line: str, noun: str = "order"
) -> list[str]:
    """The sheet's head; `reader` says whose sheet and for which turn, and `noun` is the
    book's word for what the file holds ("order", "action")."""
    lines = [title, f"Due Date: {due}", "", *reader]
    if header_line:
        lines += ["", f"Start your {noun} file with this line:", "", f"  {header_line}"]
    return lines


def numbered_lines(count: int, width: int) -> list[str]:
    """`count` numbered blank lines, each `width` underscores long."""
    return [f"{n:>3}  {'_' * width}" for n in range(1, count + 1)]
