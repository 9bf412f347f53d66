"""The action page's work: the orders in a player's inbox file, the file a form makes
(its header line written here, never shown), the check button's check and the save
button's filing, which is the post room's own."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from galbatch.engine.contract.forms import Kind
from galbatch.engine.gamedir.commit import digest, recover
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.gamedir.yamlio import MAX_VIEW_BYTES, LoadError, load_data
from galbatch.engine.job.lint import CheckError, check_against_view
from galbatch.engine.language.diagnostics import RC, Diagnostic
from galbatch.engine.language.orderfile import MAX_BYTES, parse_order_bytes, split_lines
from galbatch.post.config import post_settings
from galbatch.post.filing import file_now as file_as_the_post_room_does
from galbatch.post.intake_room import Room
from galbatch.post.message import Letter
from galbatch.rules import UnknownRuleset, get_ruleset
from galbatch.web.table import Sheet, sheet_of

MAX_ORDERS = MAX_BYTES - 200  # characters of orders a form may send: the file's limit
# less its header line
FILE_NAME = "orders"  # how the check's diagnostics name the file
LINE_ENDS = re.compile(r"\r\n|\r")


@dataclass(frozen=True)
class Finding:
    """One diagnostic as the page shows it: its line counted as the text box counts."""

    line: int
    column: int
    severity: str
    code: str
    message: str


@dataclass(frozen=True)
class Checked:
    """What the check of the orders typed said: RC, status and findings."""

    rc: int
    status: str
    findings: tuple[Finding, ...]
    problem: str = ""  # why the check could not run


def inbox_orders(game: Game, player: str) -> str:
    """The orders of the player's inbox file, from after its header line: what the text
    box starts with. "" if there is none (or it is no regular file)."""
    try:
        data = read_regular(game.inbox / f"{player}.txt")
    except (NotAFile, OSError):
        return ""
    header = parse_order_bytes(data, FILE_NAME).header
    lines = split_lines(data.decode("utf-8", "replace"))
    if header is not None:
        lines = lines[header.line :]
    return "".join(line + "\n" for line in lines)


def order_file(game: Game, player: str, password: str, orders: str) -> bytes:
    """The order file the form's text makes: the header line, then the text."""
    quoted = password if password and not re.search(r"\s", password) else f'"{password}"'
    text = LINE_ENDS.sub("\n", orders)
    if text and not text.endswith("\n"):
        text += "\n"
    return f"GAME {game.id} PLAYER {player} PASSWORD {quoted}\n{text}".encode()


def check_orders(game: Game, player: str, orders: str) -> Checked:
    """`galbatch check --view` of the orders, against the player's view of the latest
    turn. The header is the server's, so its password is not what is checked here."""
    data = order_file(game, player, "-", orders)
    view = game.turn_dir(game.latest_turn()) / "views" / f"{player}.yaml"
    try:
        check = check_against_view(data, FILE_NAME, view)
    except CheckError as e:
        return Checked(int(RC.FAILED), "", (), str(e))
    return Checked(int(check.rc), check.status, tuple(_finding(d) for d in check.diagnostics))


def _finding(d: Diagnostic) -> Finding:
    line = max(d.line - 1, 0)  # the file's line 1 is the header, not in the text box
    return Finding(line, d.column, d.severity.label, d.code, d.message)


def save_orders(path: Path, player: str, data: bytes, verified_against: str | None = None) -> str:
    """File `data` as orders/<player>.txt as intake files a mail's order file, as the
    game's one writer: it waits for another as every writer does (GALBATCH_LOCK_WAIT),
    so that saves from every server worker queue up; GameBusy if one (a turn run) keeps
    the game longer. Returns where the file it replaced is kept ("" if none).

    `verified_against`: the password hash the password in `data` was verified against
    (the session's login): recorded so the turn need not verify it again, if it is still
    the player's."""
    with writer_lock(path):
        game = Game.open(path)
        recover(game)  # as every writer does first
        latest = game.latest_turn()
        room = Room(path, post_settings(game.config), game=game, latest=latest, turn=latest + 1)
        letter = Letter(key=digest(data), size=len(data), order_text=data.decode("utf-8"))
        return file_as_the_post_room_does(room, player, data, letter, verified_against)


@cache
def sheet(ruleset: str) -> Sheet:
    """The order table of a ruleset, from its forms (UnknownRuleset if there is none)."""
    return sheet_of(tuple(get_ruleset(ruleset).forms))


def offers(game: Game, player: str) -> Mapping[Kind, Sequence[str]]:
    """What the player's view of the latest turn offers as arguments (`Ruleset.offers`);
    nothing if the view cannot be read."""
    view_file = game.turn_dir(game.latest_turn()) / "views" / f"{player}.yaml"
    try:
        view: Any = load_data(view_file, MAX_VIEW_BYTES)
        if not isinstance(view, dict):
            return {}
        return get_ruleset(game.ruleset_name).offers(view)
    except (LoadError, OSError, UnknownRuleset, KeyError, TypeError, ValueError, AttributeError):
        return {}
