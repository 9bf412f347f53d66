"""`galbatch status`: a game at a glance for its GM, read without writing anything.

The latest turn and the next one's due date, who owes orders and who has sent a
file (and when it landed in the inbox), stray inbox entries, the last job's MAXCC,
and mail waiting in the outbox.
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from galbatch.engine.gamedir.commit import pending_consumed
from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.inbox import Stray, scan
from galbatch.engine.gamedir.locks import commit_lock
from galbatch.engine.gamedir.turnfiles import logged_rc
from galbatch.engine.gamedir.turninputs import recorded_inputs, roster_problem
from galbatch.engine.gamedir.yamlio import LoadError
from galbatch.engine.language.diagnostics import RC
from galbatch.engine.text.printable import printable
from galbatch.engine.text.wording import plural
from galbatch.rules import get_ruleset

OUTBOX = "outbox"  # the post room's mail not yet sent (galbatch.post.replies.OUTBOX)


@dataclass(frozen=True)
class Seat:
    """One player as the status shows them."""

    id: str
    name: str
    owes: bool  # owes orders for the next turn
    file: bool  # orders/<id>.txt is in the inbox
    received: str | None  # when the file landed (UTC, to the minute), if it did
    retired: bool = False  # dropped out: owes nothing the run waits for


@dataclass(frozen=True)
class Status:
    """What `galbatch status` reports."""

    game: str
    ruleset: str
    title: str
    turn: int  # the latest committed turn
    date: str  # its date
    due: str  # when orders for the next turn are due
    finished: bool
    seats: tuple[Seat, ...]
    strays: tuple[Stray, ...]
    maxcc: int  # the latest turn's job MAXCC
    unsent: int  # mails in the outbox

    @property
    def rc(self) -> RC:
        """0 when every player owing orders has sent a file and the inbox holds nothing
        else; 4 when orders are missing or an entry lies astray."""
        waiting = any(s.owes and not s.file and not s.retired for s in self.seats)
        return RC.WARNING if waiting or self.strays else RC.CLEAN

    def data(self) -> dict[str, Any]:
        """The status as JSON-ready data (`--format json`)."""
        return {
            "game": self.game,
            "ruleset": self.ruleset,
            "title": self.title,
            "turn": self.turn,
            "date": self.date,
            "next_turn": None if self.finished else self.turn + 1,
            "due": None if self.finished else self.due,
            "finished": self.finished,
            "players": [
                {
                    "id": s.id,
                    "name": s.name,
                    "owes": s.owes,
                    "sent": s.file,
                    "received": s.received,
                    "retired": s.retired,
                }
                for s in self.seats
            ],
            "strays": [s.data() for s in self.strays],
            "maxcc": self.maxcc,
            "outbox_unsent": self.unsent,
            "rc": int(self.rc),
        }

    def lines(self) -> list[str]:
        """The status as the GM reads it on a terminal."""
        head = f"GAME {self.game} ({self.ruleset}) {self.title}"
        if self.finished:
            when = f"TURN {self.turn} of {self.date}: the game has ended"
        else:
            due = f"orders for turn {self.turn + 1} due {self.due}"
            when = f"TURN {self.turn} of {self.date}; {due}"
        out = [head, when, f"LAST JOB MAXCC={self.maxcc:04d}", ""]
        owing = [s for s in self.seats if s.owes and not s.retired]
        sent = [s for s in owing if s.file]
        if not self.finished:
            out.append(f"ORDERS: {len(sent)} of {plural(len(owing), 'player')} owing orders sent")
        for s in self.seats:
            state = "retired" if s.retired else "owes orders" if s.owes else "owes none"
            got = f"file received {s.received}" if s.file else "no file"
            out.append(f"  {s.id:>4} {printable(s.name):<20} {state:<12} {got}")
        for stray in self.strays:
            out.append(f"STRAY: orders/{printable(str(stray))}")
        if self.unsent:
            out.append(f"OUTBOX: {plural(self.unsent, 'mail')} not sent (galbatch mail --send)")
        return out


def game_status(directory: Path) -> Status:
    """The status of the game in `directory`; GameError if it cannot be read."""
    game = Game.open(directory)
    with commit_lock(game.turns, exclusive=False):  # never a turn half committed
        try:
            return _status(game)
        except (LoadError, ValueError) as e:
            raise GameError(str(e)) from None


def _status(game: Game) -> Status:
    ruleset = get_ruleset(game.ruleset_name)
    turn = game.latest_turn()
    if turn < 0:
        raise GameError(f"{game.path}: no turn committed yet")
    roster = roster_problem(game, turn + 1)
    if roster is not None:
        raise GameError(roster)
    state = ruleset.load_state(game.state_data(turn))
    inputs = recorded_inputs(game, ruleset.width, turn)
    finished = ruleset.finished(state)
    owing = [] if finished else ruleset.owing(state)
    players = [p.id for p in game.players]
    inbox = scan(game.inbox, players, set(players), pending_consumed(game))
    seats = tuple(
        Seat(
            p.id,
            p.name,
            p.id in owing,
            p.id in inbox.files,
            _landed(game.inbox / f"{p.id}.txt"),
            p.id in game.retired,
        )
        for p in game.players
    )
    return Status(
        game=game.id,
        ruleset=ruleset.name,
        title=game.title,
        turn=turn,
        date=inputs.date,
        due=inputs.due,
        finished=finished,
        seats=seats,
        strays=inbox.strays,
        maxcc=logged_rc(game, turn),
        unsent=_unsent(game.path / OUTBOX),
    )


def _landed(path: Path) -> str | None:
    """When an inbox file was last written, in UTC to the minute; None if it is not there."""
    try:
        mtime = os.lstat(path).st_mtime
    except OSError:
        return None
    return dt.datetime.fromtimestamp(mtime, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _unsent(outbox: Path) -> int:
    """Mails waiting in the outbox (not yet moved to sent/)."""
    try:
        return sum(1 for name in os.listdir(outbox) if name.endswith(".eml"))
    except OSError:
        return 0
