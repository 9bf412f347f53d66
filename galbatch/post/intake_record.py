"""What intake keeps under intake/: the log's lines, each turn's record of its
messages, the messages themselves, the ledger of those handled; and the run made
durable."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.gamedir.commit import archived_form, digest, fsync_dir
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, signups_bytes
from galbatch.engine.gamedir.verified import ledger_bytes, ledger_name
from galbatch.engine.gamedir.yamlio import LoadError, dump_data, load_data
from galbatch.engine.job.run import TurnResult
from galbatch.engine.language.diagnostics import RC
from galbatch.engine.text.printable import printable
from galbatch.engine.text.wording import plural
from galbatch.post.intake_commit import commit_files
from galbatch.post.intake_room import Room
from galbatch.post.masking import masked_message, masked_text
from galbatch.post.message import Letter
from galbatch.post.replies import write_atomic, write_outbox

INTAKE = "intake"
HANDLED = "handled.txt"
LOG = "intake.log"
RECORD = "record.yaml"

# What became of a message (one message may come to more than one of these).
FILED = "FILED"
SUPERSEDED = "SUPERSEDED"  # a later message's file is filed; this one is kept
REJECTED = "REJECTED"  # an order file that was not filed, and why
SIGNED_UP = "SIGNED-UP"
TO_CONFIRM = "TO-CONFIRM"  # a sign-up asked to confirm its address: no seat yet
NOT_SIGNED_UP = "NOT-SIGNED-UP"
HELP = "HELP"
ANSWERED = "ANSWERED"  # nothing to file: told how to send orders
IGNORED = "IGNORED"  # sent by a machine: not answered
REFUSED = "REFUSED"  # over the size limit
UNREADABLE = "UNREADABLE"
HELD = "HELD"  # an order file for a player whose password was guessed at: not read, not answered
RELEASED = "RELEASED"  # the game master took a player's files again (intake --release)
WRONG_PASSWORD = "wrong password"  # the detail of an order file rejected for its password
DATE_USED = "date_used"  # a record row's key: false when its Date was not believed
NOT_OK = frozenset({SUPERSEDED, REJECTED, NOT_SIGNED_UP, REFUSED, UNREADABLE, HELD})


@dataclass(frozen=True)
class Entry:
    """One thing done with one message: a line of the intake log."""

    key: str
    date: str
    sender: str
    outcome: str
    player: str
    detail: str
    reply: str = ""  # the outbox file that answers it, if any
    to: str = ""  # the address the answer went to
    signup: str = ""  # the name a sign-up waiting for its confirmation asks for

    def line(self) -> str:
        who = printable(self.sender or "-")
        text = (
            f"{self.date or '-':<25} {self.key[:16]} {self.outcome:<13} "
            f"{self.player or '-':<6} {who}: {printable(self.detail)}"
        )
        return text + (f" -> outbox/{self.reply}" if self.reply else "")


@dataclass
class IntakeResult:
    """What one run did: its log entries, how many messages it skipped as handled before."""

    entries: list[Entry] = field(default_factory=list)
    messages: int = 0
    skipped: int = 0
    unread: int = 0  # new messages past the most one run handles: the next run's
    most: int = 0  # the most new messages one run handles
    written: list[str] = field(default_factory=list)  # outbox files written
    turn: TurnResult | None = None  # the turn immediate mode ran once the mail was filed

    @property
    def rc(self) -> RC:
        warned = self.unread or any(e.outcome in NOT_OK for e in self.entries)
        return RC.WARNING if warned else RC.CLEAN

    def unread_line(self) -> str:
        """The line that says messages were left in the mailbox; "" if none were."""
        if not self.unread:
            return ""
        return (
            f"UNREAD  {plural(self.unread, 'new message')} left in the mailbox: one run handles "
            f"the first {self.most:,} new ones; run intake again"
        )

    def report(self) -> dict[str, Any]:
        """The run as one JSON object (`intake --format json`): what each message became."""
        return {
            "rc": int(self.rc),
            "messages": self.messages,
            "handled_before": self.skipped,
            "unread": self.unread,
            "written": [f"outbox/{n}" for n in self.written],
            "immediate": None if self.turn is None else self.turn.report,
            "entries": [
                {
                    "message": e.key,
                    "date": e.date,
                    "from": e.sender,
                    "outcome": e.outcome,
                    "player": e.player,
                    "detail": e.detail,
                    "reply": f"outbox/{e.reply}" if e.reply else "",
                }
                for e in self.entries
            ],
        }

    def lines(self) -> list[str]:
        filed = sum(e.outcome == FILED for e in self.entries)
        head = (
            f"INTAKE  {plural(self.messages, 'new message')}, {self.skipped} handled before; "
            f"{plural(filed, 'order file')} filed; {plural(len(self.written), 'mail')} "
            "written to the outbox"
        )
        unread = [self.unread_line()] if self.unread else []
        return [head, *unread, *(e.line() for e in self.entries), *self.turn_lines()]

    def turn_lines(self) -> list[str]:
        """The turn immediate mode ran, if it did: a line, then the job log as `process`
        prints it."""
        if self.turn is None:
            return []
        done = "run" if self.turn.committed is not None else "not run (see its log)"
        head = (
            f"IMMEDIATE  every player owing orders has sent them: turn {self.turn.turn} {done} "
            f"as galbatch process runs it, MAXCC={int(self.turn.rc):04d}"
        )
        return ["", head, "", *self.turn.log.rstrip("\n").split("\n")]


def filed_rows(room: Room) -> list[dict[str, Any]]:
    return room.records.setdefault(room.record_name, [])


def store_message(room: Room, letter: Letter, data: bytes) -> None:
    """Keep the message as it came, but with every password in it masked (see masking)."""
    room.stored[_message_file(room, letter)] = masked_message(data)


def _message_file(room: Room, letter: Letter) -> str:
    """Where the message is kept, under intake/."""
    return f"{room.record_name}/messages/{letter.key[:32]}.eml"


def remember(room: Room, letter: Letter, entry: Entry) -> None:
    row: dict[str, Any] = {
        "message": letter.key,
        "message_id": letter.message_id,
        "date": entry.date,
        "from": letter.sender,
        "subject": masked_text(letter.subject),
        "outcome": entry.outcome,
        "player": entry.player,
        "detail": entry.detail,
        "reply": entry.reply,
    }
    if entry.reply:
        row["to"] = entry.to
    if entry.signup:
        row["signup"] = entry.signup
    if entry.outcome != REFUSED:  # a message over the limit is not kept
        row["kept"] = f"{INTAKE}/{_message_file(room, letter)}"
    if letter.date is not None and room.believed(letter) is None:
        row[DATE_USED] = False
    if entry.outcome == FILED and letter.order_text is not None:
        # of the file as filed: its password masked, so the record tells nothing of it
        row["filed"] = digest(archived_form(letter.order_text.encode("utf-8")))
    filed_rows(room).append(row)


def flush_stored(room: Room) -> None:
    base = room.path / INTAKE
    for rel, data in sorted(room.stored.items()):
        target = base / rel
        if target.is_file():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
        fsync_dir(target.parent)
    room.stored.clear()


def read_record(path: Path, name: str) -> list[dict[str, Any]]:
    file = path / INTAKE / name / RECORD
    if not file.is_file():
        return []
    try:
        data = load_data(file)
    except LoadError as e:
        raise GameError(str(e)) from None
    rows = data.get("messages") if isinstance(data, dict) else None
    if not isinstance(rows, list):
        raise GameError(f"{file}: not an intake record")
    return [dict(r) for r in rows if isinstance(r, dict)]


def read_handled(path: Path) -> set[str]:
    file = path / INTAKE / HANDLED
    try:
        return set(file.read_text(encoding="ascii").split())
    except FileNotFoundError:
        return set()
    except (OSError, UnicodeDecodeError) as e:
        raise GameError(f"{file}: cannot read: {e}") from None


def commit_run(room: Room, result: IntakeResult, handled: set[str]) -> None:
    """Make the run durable: the messages kept and the answers first (the same bytes
    again if a killed run is run again), then, through one journal (see intake_commit),
    the inbox, the records, the sign-ups, the log and the ledger of handled messages."""
    base = room.path / INTAKE
    base.mkdir(exist_ok=True)
    flush_stored(room)
    result.written = write_outbox(room.path, room.mails)
    files: dict[str, bytes] = {}
    for name, rows in sorted(room.records.items()):
        if rows:
            ordered = sorted(
                rows, key=lambda r: (str(r.get("date", "")), str(r.get("message", "")))
            )
            files[f"{INTAKE}/{name}/{RECORD}"] = dump_data({"messages": ordered}).encode("utf-8")
    filed = dict(room.inbox)
    if room.game is not None:  # the files filed once their password was verified
        vouched = {
            p: (archived_form(data), room.vouched[p][1])
            for p, data in room.inbox.items()
            if p in room.vouched and room.vouched[p][0] == data
        }
        ledger = ledger_bytes(room.path, room.turn, room.game.id, vouched)
        if ledger is not None:  # recorded: filed with the password masked
            files[ledger_name(room.turn)] = ledger
            filed.update({p: masked for p, (masked, _) in vouched.items()})
    for player, data in sorted(filed.items()):
        files[f"orders/{player}.txt"] = data
    if room.signups_changed and room.signups is not None:
        files[SIGNUPS_FILE] = signups_bytes(room.signups)
    files[f"{INTAKE}/{HANDLED}"] = "".join(f"{k}\n" for k in sorted(handled)).encode("ascii")
    logged = [e.line() for e in result.entries] + ([result.unread_line()] if result.unread else [])
    commit_files(room.path, files, "".join(line + "\n" for line in logged), f"{INTAKE}/{LOG}")
    fsync_dir(room.path)
