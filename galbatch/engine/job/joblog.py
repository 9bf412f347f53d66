"""The turn job's log, in the mainframe's spirit (a banner, one line a step, the
highest return code), and the report of the job as one object."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.checker.pipeline import REJECTED, FileCheck, counts
from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.inbox import Stray
from galbatch.engine.language.diagnostics import RC, Severity, is_reduction


@dataclass(frozen=True)
class Step:
    """One line of the job log: the step's number and name, its return code and what it did."""

    number: int
    name: str
    rc: RC
    detail: str
    more: tuple[str, ...] = ()  # lines printed under the detail, one finding each


Sink = Callable[[str], None]  # receives the log's lines, one a call, as they are made
Progress = Callable[[str, int, int], None]  # (what, done, total): "players checked", 3, 6


@dataclass
class JobLog:
    """The job log: a banner, one line a step, the job's highest return code.

    With a `sink`, each step's lines go to it as the step ends (the banner with
    the first step, the ENDED line from `end`); the text is the same either way.
    """

    job: str
    turn: int
    due: str
    steps: list[Step] = field(default_factory=list)
    sink: Sink | None = None
    sent: int = 0  # lines already given to the sink

    def step(self, name: str, rc: RC, detail: str, more: Sequence[str] = ()) -> None:
        self.steps.append(self.make(name, rc, detail, more))
        self._send(self.lines(ended=False))

    def make(self, name: str, rc: RC, detail: str, more: Sequence[str] = ()) -> Step:
        """The step `step` would log next, without logging it."""
        return Step(10 * (len(self.steps) + 1), name, rc, detail, tuple(more))

    def end(self) -> str:
        """The whole log; its last lines, down to the ENDED line, go to the sink."""
        self._send(self.lines(ended=True))
        return self.text()

    @property
    def maxcc(self) -> RC:
        return max((s.rc for s in self.steps), default=RC.CLEAN)

    def lines(self, ended: bool = True, then: Sequence[Step] = ()) -> list[str]:
        """The log's lines; `then`: steps not logged yet, shown after the others."""
        steps = [*self.steps, *then]
        lines = [
            f"GALBATCH  JOB {self.job:<24} TURN {self.turn}  DUE {self.due}",
            "STEP  NAME     RC    DETAIL",
        ]
        for s in steps:
            lines.append(f"{s.number:03d}   {s.name:<8} {int(s.rc):04d}  {s.detail}")
            lines += [f"{'':<21}{line}" for line in s.more]  # under DETAIL
        if ended:
            maxcc = max((s.rc for s in steps), default=RC.CLEAN)
            lines.append(f"JOB {self.job} ENDED  MAXCC={int(maxcc):04d}")
        return lines

    def text(self, then: Sequence[Step] = ()) -> str:
        return "\n".join(self.lines(True, then)) + "\n"

    def _send(self, lines: list[str]) -> None:
        if self.sink is not None:
            for line in lines[self.sent :]:
                self.sink(line)
        self.sent = len(lines)


@dataclass
class Facts:
    """What the job learnt, step by step, for its report."""

    dry_run: bool = False
    rerun: bool = False
    game: str | None = None
    players: list[PlayerInfo] = field(default_factory=list)
    owing: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)
    late: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)  # a rerun's inbox files left for the next turn
    oversized: list[str] = field(default_factory=list)
    strays: list[Stray] = field(default_factory=list)
    checks: dict[str, FileCheck] = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        """The owing players who sent no file, in seat order."""
        return [p for p in self.owing if p not in self.received]

    def who(self, player: str) -> str:
        """A player as the log names them: id and code name."""
        name = next((p.name for p in self.players if p.id == player), "")
        return f"{player} {name}".rstrip()


def file_counts(check: FileCheck) -> tuple[int, int, int]:
    """(orders accepted, of them reduced, orders rejected) in one checked file.

    An order is reduced when its line has at least one "quantity reduced" code
    (not a warning about the whole file, nor one like "you cannot know that
    planet's owner"): an order reduced twice is one reduced order. Warnings the
    50-error cap hides are counted as reduced orders, never more than were
    accepted. A file rejected whole has no orders."""
    warnings, errors = counts(check.diagnostics)
    listed = [d for d in check.diagnostics if d.severity is Severity.WARNING]
    hidden = warnings - len(listed)
    lines = {(d.file, d.line) for d in listed if is_reduction(d.code)}
    reduced = min(len(lines) + hidden, len(check.orders))
    fatal = sum(1 for d in check.diagnostics if d.severity is Severity.FATAL)
    return len(check.orders), reduced, errors - fatal


def job_report(
    log: JobLog, facts: Facts, turn: int | None, committed: Path | None
) -> dict[str, Any]:
    """The job as one object: return code, the turn committed (or not), every player's
    file, the stray inbox entries and the log's steps. Keys always in this order."""
    players = []
    for info in facts.players:
        check = facts.checks.get(info.id)
        owes = info.id in facts.owing
        if not owes and info.id not in facts.received:
            state = "not due"
        elif info.id not in facts.received:
            state = "missing"
        elif check is not None and not check.usable:
            state = "rejected"
        else:
            state = "received"
        accepted = reduced = rejected = None
        if check is not None:
            accepted, reduced, rejected = file_counts(check)
        players.append(
            {
                "id": info.id,
                "name": info.name,
                "owes": owes,
                "file": state,
                "why": check.status.removeprefix(REJECTED)
                if state == "rejected" and check
                else None,
                "late": info.id in facts.late,
                "held": info.id in facts.held,
                "left_in_orders": info.id in facts.oversized,
                "rc": int(check.rc) if check is not None else None,
                "accepted": accepted,
                "reduced": reduced,
                "rejected": rejected,
            }
        )
    return {
        "job": log.job if facts.game is not None else None,
        "game": facts.game,
        "turn": turn,
        "rc": int(log.maxcc),
        "committed": committed is not None,
        "dry_run": facts.dry_run,
        "rerun": facts.rerun,
        "players": players,
        "strays": [s.data() for s in facts.strays],
        "steps": [
            {
                "step": s.number,
                "name": s.name,
                "rc": int(s.rc),
                "detail": s.detail,
                "more": list(s.more),
            }
            for s in log.steps
        ],
    }
