"""A seat in a game: its player id, code name and account number."""

from __future__ import annotations

from galbatch.engine.language.diagnostics import Record


class PlayerInfo(Record):
    """A seat in a game, as game.yaml lists it (a record, not a dataclass: every check
    against a game makes the class)."""

    __slots__ = ("id", "name", "account")

    def __init__(self, id: str, name: str, account: int) -> None:
        self.id = id
        self.name = name  # code name
        self.account = account
