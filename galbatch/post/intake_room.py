"""The room intake files mail into: the game (or the sign-up list) a run's messages go
to, and what the run has done so far."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.signup_list import SignupList
from galbatch.post.config import PostSettings
from galbatch.post.message import Letter
from galbatch.post.replies import Mail, day

SIGNUP_RECORD = "signups"
DATE_GRACE_DAYS = 30  # a Date this many days past the due date is not believed


@dataclass
class Room:
    """The game (or sign-up list) mail is filed into, and what this run has done so far."""

    path: Path
    settings: PostSettings
    game: Game | None = None
    signups: SignupList | None = None
    ruleset: AnyRuleset | None = None
    emails: dict[str, str] = field(default_factory=dict)
    latest: int = -1
    turn: int = 0
    date: str = ""  # the date of the latest turn (of nothing, while taking sign-ups)
    due: str = ""  # when orders for `turn` are due
    start: str = ""  # the date of turn 0: no message for the game is dated before it
    state: Any = None
    records: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    stored: dict[str, bytes] = field(default_factory=dict)  # intake-relative path -> bytes
    inbox: dict[str, bytes] = field(default_factory=dict)  # player -> the file to file
    mails: list[Mail] = field(default_factory=list)
    signups_changed: bool = False
    verified: dict[tuple[str, str], bool] = field(default_factory=dict)  # (player, hash) -> right
    # player -> the file staged once its password was verified, and the hash it was verified
    # against: recorded for the turn (engine.gamedir.verified), which then need not verify it
    vouched: dict[str, tuple[bytes, str]] = field(default_factory=dict)
    wrong: dict[str, int] | None = None  # player -> wrong passwords this turn (see filing)
    answered: set[str] = field(default_factory=set)  # addresses told of a failure this run
    told: set[tuple[str, str, str]] | None = None  # (address, outcome, detail) answered before

    @property
    def game_id(self) -> str:
        if self.game is not None:
            return self.game.id
        return self.signups.game if self.signups is not None else ""

    @property
    def record_name(self) -> str:
        return f"{self.turn:03d}" if self.game is not None else SIGNUP_RECORD

    @property
    def noon(self) -> dt.datetime:
        """The Date of an answer to a message that had none: the day of the latest turn."""

        return day(self.date) if self.date else dt.datetime(2000, 1, 1, tzinfo=dt.UTC)

    @property
    def last_day(self) -> str:
        """The last day a message for `turn` may be dated: DATE_GRACE_DAYS after it is due."""
        due = dt.date.fromisoformat(self.due)
        return (due + dt.timedelta(days=DATE_GRACE_DAYS)).isoformat()

    def believed(self, letter: Letter) -> dt.datetime | None:
        """The letter's Date, if a message for this game can bear it; None if the letter has
        none, or one before the game's turn 0 or after `last_day` (it counts as undated)."""
        if letter.date is None or self.game is None:
            return letter.date
        day = letter.date.date().isoformat()
        return letter.date if self.start <= day <= self.last_day else None

    def load_state(self) -> Any:
        if self.state is None and self.game is not None and self.ruleset is not None:
            self.state = self.ruleset.load_state(self.game.state_data(self.latest))
        return self.state
