"""An order as the checker carries it: the parsed order, where it was written, and
whether a fact of the rule book refused it."""

from __future__ import annotations

from typing import Any

from galbatch.engine.language.diagnostics import Record


class Located(Record):
    """A parsed order and where it was written (a record, not a dataclass: every check
    makes the class)."""

    __slots__ = ("order", "file", "line", "column", "text", "refused")

    def __init__(
        self, order: Any, file: str, line: int, column: int, text: str, refused: bool = False
    ) -> None:
        self.order = order
        self.file = file
        self.line = line
        self.column = column
        self.text = text
        # a fact of the rule book rejected it (the checker's layer 2): the player's situation
        # (layer 3) reports on it, but never accepts it nor lets it use anything
        self.refused = refused

    def refusing(self) -> Located:
        """The same order, refused by a fact."""
        return Located(self.order, self.file, self.line, self.column, self.text, True)

    def with_order(self, order: Any) -> Located:
        """`order` in this order's place (a quantity a fact reduced)."""
        return Located(order, self.file, self.line, self.column, self.text, self.refused)
