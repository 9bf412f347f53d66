"""The records a ruleset takes besides its state and orders: a game's `Setting`
declarations and a printout's `PrintContext`. Checking orders needs neither."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Setting:
    """One key a ruleset reads from the `settings` mapping of game.yaml, declared as data.

    The engine validates game.yaml and `galbatch new --setting` against these
    declarations; the ruleset still gets a plain mapping and applies `default`
    itself when a key is absent.
    """

    name: str
    kind: type[Any]  # int (a whole number), float (any number), bool or str
    default: Any
    low: float | None = None  # the smallest number allowed, if any
    high: float | None = None  # the largest number allowed, if any
    choices: tuple[str, ...] = ()  # for a str setting: the only values allowed, if any
    every_run: bool = False  # read at every run; otherwise only when `new` makes the galaxy
    doc: str = ""  # one sentence for the man page and the GM


@dataclass(frozen=True)
class PrintContext:
    """What a printout needs from the game directory but a ruleset cannot read itself."""

    game: str
    title: str
    author: str
    date: str  # ISO date of the turn just processed
    due: str  # ISO date the next turn's orders are due
    width: int
    header_line: str  # the order-file header line prefilled for this reader ("" for the GM)
    file_status: str = ""  # e.g. "ORDERS RECEIVED", "NO ORDERS", "REJECTED: WRONG PASSWORD"
    # the name the reader's view file is mailed under ("" for the GM): orders are checked
    # against it with `galbatch check FILE --view VIEW`
    view_file: str = ""
