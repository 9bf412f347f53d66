"""What the action page's table shows: the game's words, its rows with each line's
diagnostics beside it, and the datalists of what the player's view offers; and the
check as the command editor's JSON."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from galbatch.engine.gamedir.directory import Game
from galbatch.web.orders import Checked, Finding, offers, sheet
from galbatch.web.table import MAX_ROWS, Row, rows_of, suggestion_lists


@dataclass(frozen=True)
class ShownWord:
    """An option of the word select: the word, its forms as a hint, its separator and
    the datalist of each argument column ("-" for none), for the editor to switch."""

    word: str
    hint: str
    synopses: str
    separator: str
    lists: tuple[str, ...]


@dataclass(frozen=True)
class ShownRow:
    """One order line as the action table shows it: its cells, hint and findings."""

    n: int  # the line's number, from 1, as the check counts lines
    row: Row
    cells: tuple[tuple[str, str], ...]  # each argument column's text and datalist id
    hint: str
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class Table:
    """The action table of a player's orders: its order words, rows and datalists."""

    columns: int
    words: tuple[ShownWord, ...]
    rows: tuple[ShownRow, ...]
    datalists: tuple[tuple[str, tuple[str, ...]], ...]
    too_many: int = 0  # the lines of orders too many for the table (then it has no rows)


def action_table(
    game: Game, player: str, orders: str, rows: Sequence[Row] | None, checked: Checked | None
) -> Table:
    """The table of `orders` (or of `rows` as sent, a row added) and an empty row to
    type a new order in; each row with the check's findings for its line."""
    game_sheet = sheet(game.ruleset_name)
    ids, datalists = suggestion_lists(game_sheet, offers(game, player))
    words = tuple(
        ShownWord(
            w.word, w.hint, w.synopses, w.separator, tuple(ids.get(c, "-") for c in w.columns)
        )
        for w in game_sheet.words
    )
    shown = list(rows) if rows is not None else [*rows_of(orders, game_sheet), Row()]
    if len(shown) > MAX_ROWS + 1:
        return Table(game_sheet.columns, words, (), tuple(datalists), len(shown) - 1)
    findings: dict[int, list[Finding]] = {}
    for f in checked.findings if checked is not None else ():
        findings.setdefault(f.line, []).append(f)
    by_word = {w.word: w for w in words}
    table_rows = []
    for n, row in enumerate(shown, 1):
        word = by_word.get(row.word) if row.raw is None else None
        lists = tuple("" if i == "-" else i for i in word.lists) if word else ()
        cells = tuple(
            (row.arguments[j] if j < len(row.arguments) else "", lists[j] if lists else "")
            for j in range(game_sheet.columns)
        )
        hint = word.synopses if word else ""
        table_rows.append(ShownRow(n, row, cells, hint, tuple(findings.get(n, ()))))
    return Table(game_sheet.columns, words, tuple(table_rows), tuple(datalists))


def checked_data(checked: Checked) -> dict[str, Any]:
    """The check as the editor reads it: RC, status, why it could not run, findings."""
    return {
        "rc": checked.rc,
        "status": checked.status,
        "problem": checked.problem,
        "findings": [
            {
                "line": f.line,
                "column": f.column,
                "severity": f.severity,
                "code": f.code,
                "message": f.message,
            }
            for f in checked.findings
        ],
    }
