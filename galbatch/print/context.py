"""What the print layer reads of a printout's context, as a protocol.

A ruleset builds its printouts with an `engine.contract.records.PrintContext`; the
print layer sits below the engine's contract and cannot import it, so the shared
printout pieces (`metadata`, `order_check`) name what they read of it here, and any
record with these fields serves.
"""

from __future__ import annotations

from typing import Protocol


class PrintSettings(Protocol):
    """The game, the ruleset's title, the GM, the date, the page width, the status of
    the reader's order file ("" before any orders were due) and the name his view file
    is mailed under ("" for the GM)."""

    @property
    def game(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def author(self) -> str: ...

    @property
    def date(self) -> str: ...

    @property
    def width(self) -> int: ...

    @property
    def file_status(self) -> str: ...

    @property
    def view_file(self) -> str: ...
