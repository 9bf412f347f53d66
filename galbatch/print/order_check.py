"""The ORDER CHECK of a player's printout: what the check found in the player's file.

Every ruleset prints it the same way: each diagnostic of the file as `galbatch check`
writes it (`FILE:LINE:COL: severity: [CODE] message`), wrapped at the page's width
with a hanging indent, so that a long one keeps its reason and its verdict ("order
rejected") instead of losing them at the margin; and when the check found nothing,
one line saying why, in the game's words (`Quiet`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from galbatch.print.context import PrintSettings
from galbatch.print.page import Section, Text
from galbatch.print.wrap import wrap_all

TITLE = "ORDER CHECK"
INDENT = 4  # a diagnostic's folded lines, under its file name
# The status the job gives the file of a player who sent none (turnfiles.NO_ORDERS); a
# file status of "" means no orders were due (the printout of turn 0).
NO_ORDERS = "NO ORDERS"


class Finding(Protocol):
    """A diagnostic, as the print layer sees it (`engine.language.diagnostics`)."""

    def format(self) -> str: ...


@dataclass(frozen=True)
class Quiet:
    """The order check's one line when it found nothing, in the game's words: before any
    orders were due, when no file came, and when every order was accepted."""

    nothing_due: str
    no_file: str
    accepted: str

    def line(self, file_status: str) -> str:
        """The line for a file of this status."""
        if not file_status:
            return self.nothing_due
        if file_status == NO_ORDERS:
            return self.no_file
        return self.accepted


ORDERS = Quiet("THE GAME BEGINS: NO ORDERS WERE DUE.", "NO ORDER FILE.", "ALL ORDERS ACCEPTED.")


def order_check_lines(
    diagnostics: Sequence[Finding],
    file_status: str,
    width: int,
    quiet: Quiet = ORDERS,
    view_file: str = "",
) -> list[str]:
    """Each diagnostic wrapped to `width` columns, or the one line of `quiet`; then how to
    check the next orders against the reader's view file, if he has one."""
    lines = wrap_all((d.format() for d in diagnostics), width, INDENT) or [quiet.line(file_status)]
    return lines + check_hint(view_file, width)


def check_hint(view_file: str, width: int) -> list[str]:
    """What the view file is and the command that checks orders against it: the same
    check the turn will make, before the orders are sent."""
    if not view_file:
        return []
    words = (
        f"Your view file, {view_file}, mailed with this printout, is what you know of the "
        "game now. Check your next orders against it before you send them:"
    )
    return ["", *wrap_all([words], width, 0), f"    galbatch check ORDERS.txt --view {view_file}"]


def order_check_section(
    diagnostics: Sequence[Finding], ctx: PrintSettings, quiet: Quiet = ORDERS
) -> Section:
    """The ORDER CHECK section of the reader's printout."""
    lines = order_check_lines(diagnostics, ctx.file_status, ctx.width, quiet, ctx.view_file)
    return Section(TITLE, (Text(tuple(lines)),))
