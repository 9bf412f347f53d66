"""`galbatch print`: re-render an archived turn from its archived inputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.locks import commit_lock
from galbatch.engine.gamedir.turnfiles import (
    archive_pdf,
    archived_checks,
    gm_printout,
    logged_rc,
    player_printout,
    turn_printouts,
)
from galbatch.engine.gamedir.turninputs import TurnInputs, recorded_inputs
from galbatch.engine.gamedir.yamlio import LoadError
from galbatch.print.page import Page, Printout, layout, render_text
from galbatch.print.pdf import render_pdf
from galbatch.rules import get_ruleset


def reprint(
    directory: Path, turn: int | None, player: str | None, fmt: str, archive: bool = False
) -> bytes:
    """The printout of `player` (or the GM, or the whole archive PDF) for `turn`."""
    game = Game.open(directory)
    with commit_lock(game.turns, exclusive=False):  # never a turn half committed
        try:
            return _reprint(game, turn, player, fmt, archive)
        except LoadError as e:  # a damaged archived file: name it, never a traceback
            raise GameError(str(e)) from None


def _reprint(game: Game, turn: int | None, player: str | None, fmt: str, archive: bool) -> bytes:
    ruleset = get_ruleset(game.ruleset_name)
    latest = game.latest_turn()
    turn = latest if turn is None else turn
    if turn < 0 or turn > latest:
        raise GameError(f"no turn {turn}; the latest is {latest}")
    state = ruleset.load_state(game.state_data(turn))
    try:
        inputs = recorded_inputs(game, ruleset.width, turn)
    except ValueError as e:
        raise GameError(str(e)) from None
    if archive:
        checks = archived_checks(game, turn)
        printouts = turn_printouts(inputs, ruleset, state, checks)
        return archive_pdf(inputs, ruleset, state, printouts, logged_rc(game, turn))
    if player is None:
        printout = gm_printout(inputs, ruleset, state, archived_checks(game, turn))
    else:
        printout = _player_printout(game, inputs, ruleset, state, turn, player)
    pages = layout(printout)
    if fmt == "pdf":
        return render_pdf(printout, pages)
    if fmt == "json":
        return printout_json(inputs.game, turn, player, pages)
    return render_text(pages).encode("utf-8")


def _player_printout(
    game: Game, inputs: TurnInputs, ruleset: AnyRuleset, state: Any, turn: int, player: str
) -> Printout:
    """The player's printout of the turn, made from his view of it alone."""
    if player not in {p.id for p in inputs.players}:
        raise GameError(f"no player {player} in turn {turn} of game {inputs.game}")
    check = archived_checks(game, turn).get(player)
    return player_printout(inputs, ruleset, state, player, check)


def turn_printout(game: Game, turn: int, player: str) -> Printout:
    """The printout `galbatch print --player` renders of turn `turn` (as it was mailed):
    for a web page that shows what the player's printout shows, and no more."""
    with commit_lock(game.turns, exclusive=False):  # never a turn half committed
        try:
            if not 0 <= turn <= game.latest_turn():
                raise GameError(f"no turn {turn}; the latest is {game.latest_turn()}")
            ruleset = get_ruleset(game.ruleset_name)
            state = ruleset.load_state(game.state_data(turn))
            try:
                inputs = recorded_inputs(game, ruleset.width, turn)
            except ValueError as e:
                raise GameError(str(e)) from None
            return _player_printout(game, inputs, ruleset, state, turn, player)
        except LoadError as e:
            raise GameError(str(e)) from None


def printout_json(game: str, turn: int, player: str | None, pages: list[Page]) -> bytes:
    """The printout as one JSON object, for a tool or a web page: each page's lines as
    the text printout has them (trailing blanks trimmed) and the sections it begins."""
    data = {
        "game": game,
        "turn": turn,
        "reader": player if player is not None else "gm",
        "pages": [
            {
                "number": page.number,
                "sections": [title for title, _ in page.bookmarks],
                "lines": [line.rstrip() for line in page.lines],
            }
            for page in pages
        ],
    }
    return (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
