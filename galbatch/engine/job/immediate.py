"""Immediate mode: a game whose game.yaml says `immediate: true` runs its turn as soon as
every player who owes orders has sent them, as GalaxyNG's immediate mode does, instead of
waiting for the GM's `galbatch process`. It suits Interstellar Conquest's phases, where
one or two players owe a move at a time.

The web site calls `run_if_all_sent` after it files a save, intake after it files mail:
the run is `process`'s own job (the same log, archive and return code), under the writer
lock taken without waiting; a writer already holding the game (a run, another filing,
which then asks the same question itself) is left to it.
"""

from __future__ import annotations

from pathlib import Path

from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.job.run import TurnResult, process_if
from galbatch.engine.job.status import Status, game_status
from galbatch.rules import UnknownRuleset


def all_sent(status: Status) -> bool:
    """Whether every player owing orders for the next turn (retired ones aside) has a file
    in the inbox; never for a game that has ended or where nobody owes any."""
    owing = [s for s in status.seats if s.owes and not s.retired]
    return not status.finished and bool(owing) and all(s.file for s in owing)


def ready(game: Game) -> bool:
    """Whether the game opts in and its next turn has every file it waits for."""
    if not game.immediate:
        return False
    try:
        return all_sent(game_status(game.path))
    except (GameError, UnknownRuleset, OSError):
        return False  # what cannot be read now is process's to report, not a filer's


def run_if_all_sent(path: Path) -> TurnResult | None:
    """Run the game's next turn as `galbatch process` would, if the game is in immediate
    mode and every player owing orders has sent them; None if nothing ran (not in that
    mode, a file still owed, or another writer holding the game)."""
    try:
        game = Game.open_cached(path)
    except (GameError, OSError):
        return None
    if not ready(game):  # a look without the lock first: most filings end here
        return None
    return process_if(path, ready)  # asked again under the lock
