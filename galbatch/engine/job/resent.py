"""An order file the turn before took already: the note (GB017) that says so.

Its own module, apart from the turn job's `playerfiles`, because `check --game` gives
the note too and must not import what a turn prints with."""

from __future__ import annotations

from galbatch.engine.checker.pipeline import FileCheck
from galbatch.engine.gamedir.consumed import archived_form, digest, read_record
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.language.codes import GB017
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.orderfile import parse_order_bytes


def taken_before(game: Game, player: str, data: bytes, turn: int) -> int | None:
    """The turn before `turn`, if it took this very file (as archived, password masked)
    from `player`, else None: a player who mails last week's file again."""
    if turn < 2:
        return None
    sha = digest(archived_form(data))
    record = read_record(game.turn_dir(turn - 1)) or []
    if any(c.name == f"{player}.txt" and c.sha256 == sha for c in record):
        return turn - 1
    return None


def with_resent(check: FileCheck, game: Game, player: str, data: bytes, turn: int) -> FileCheck:
    """`check` with a note (GB017) if the turn before took the same file: a note, not a
    warning, since the same orders again may well be meant."""
    earlier = taken_before(game, player, data, turn)
    if earlier is None:
        return check
    header = parse_order_bytes(data, check.name).header
    warning = Diagnostic(
        check.name,
        header.line if header is not None else 1,
        1,
        Severity.NOTE,
        GB017,
        f"this is the very file turn {earlier} took from you: if it is meant for turn "
        f"{turn} too, all is well; its orders are checked for turn {turn}",
    )
    return FileCheck(check.name, check.status, check.orders, (warning, *check.diagnostics))
