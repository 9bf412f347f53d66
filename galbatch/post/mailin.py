"""`galbatch intake GAMEDIR MAILBOX`: file the order files that came by mail, answer every message.

Reads an mbox file (under the locks mail delivery takes, see post.mboxlock; it is
never written) or a Maildir (whose messages handled move to cur/, marked seen).
Each message is handled once, as the game's one writer: its order file is
authenticated, checked as `check --game` checks it, and filed as `orders/<id>.txt`
(the id from game.yaml, never from the mail); every message a person sent is
answered with an `.eml` in `outbox/`; machines (auto-replies, bounces, lists) are
never answered.

What intake keeps, beside the game's own files:

    intake/handled.txt              SHA-256 of every message handled: none is handled twice
    intake/intake.log               one line for each thing done with a message
    intake/NNN/record.yaml          the messages for turn NNN: who, when, what became of each
                                    (`process` copies what its turn used and did not into
                                    turns/NNN/intake.yaml)
    intake/NNN/messages/<sha>.eml   each of those messages, as it came
    intake/NNN/replaced/<id>-<sha>.txt  an inbox file a later message replaced
    intake/signups/...              the same, while the directory takes sign-ups

A later message replaces an earlier one by its Date header; the earlier file is
kept under `replaced/`, never lost. A message dated before the day the latest turn
was processed (by the sender's calendar and by UTC both) was meant for that turn: it
is answered, not filed; one dated on that day or later is for the next turn (no order
file names its turn). A Date no message for the game can bear (before its turn 0, or
more than DATE_GRACE_DAYS after the due date) is not believed: the message counts as
undated, ordered by its arrival, and any message that arrives after it replaces it.
"""

from __future__ import annotations

import datetime as dt
import mailbox
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from galbatch.engine.checker.pipeline import FileCheck, check_file
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.commit import archived_form, digest, fsync_dir
from galbatch.engine.gamedir.directory import GAME_FILE, Game, GameError
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.locks import writer_wait
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, SignupList, read_signups
from galbatch.engine.gamedir.yamlio import LoadError, dump_data, load_data
from galbatch.engine.language.diagnostics import RC, Diagnostic, Severity
from galbatch.engine.language.orderfile import OrderFile, parse_order_bytes
from galbatch.engine.security.authentication import authenticate
from galbatch.engine.text.printable import printable
from galbatch.engine.text.wording import plural
from galbatch.post.config import PostSettings, player_emails, post_settings
from galbatch.post.helptext import help_text
from galbatch.post.mboxlock import locked
from galbatch.post.message import Letter, message_key, read_letter
from galbatch.post.replies import Mail, re_subject, reply_to_letter, write_atomic, write_outbox
from galbatch.post.signups import add_signup, parse_anm, write_signups

INTAKE = "intake"
HANDLED = "handled.txt"
LOG = "intake.log"
RECORD = "record.yaml"
SIGNUP_RECORD = "signups"
MAX_MESSAGES = 10_000  # messages read in one run; the rest wait for the next
DATE_GRACE_DAYS = 30  # a Date this many days past the due date is not believed

# What became of a message (one message may come to more than one of these).
FILED = "FILED"
SUPERSEDED = "SUPERSEDED"  # a later message's file is filed; this one is kept
REJECTED = "REJECTED"  # an order file that was not filed, and why
SIGNED_UP = "SIGNED-UP"
NOT_SIGNED_UP = "NOT-SIGNED-UP"
HELP = "HELP"
ANSWERED = "ANSWERED"  # nothing to file: told how to send orders
IGNORED = "IGNORED"  # sent by a machine: not answered
REFUSED = "REFUSED"  # over the size limit
UNREADABLE = "UNREADABLE"
DATE_USED = "date_used"  # a record row's key: false when its Date was not believed
NOT_OK = frozenset({SUPERSEDED, REJECTED, NOT_SIGNED_UP, REFUSED, UNREADABLE})


class IntakeError(Exception):
    """The intake cannot run (no such mailbox, not a game or sign-up directory)."""


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
    written: list[str] = field(default_factory=list)  # outbox files written

    @property
    def rc(self) -> RC:
        return RC.WARNING if any(e.outcome in NOT_OK for e in self.entries) else RC.CLEAN

    def lines(self) -> list[str]:
        filed = sum(e.outcome == FILED for e in self.entries)
        head = (
            f"INTAKE  {plural(self.messages, 'new message')}, {self.skipped} handled before; "
            f"{plural(filed, 'order file')} filed; {plural(len(self.written), 'mail')} "
            "written to the outbox"
        )
        return [head, *(e.line() for e in self.entries)]


@dataclass(frozen=True)
class Incoming:
    """A message as read from the mailbox: at most the size limit and one byte."""

    data: bytes
    maildir_file: Path | None = None
    error: str = ""  # why the message could not be read; it is tried again next time


# ----------------------------------------------------------------------------- mailboxes


def read_mailbox(path: Path, limit: int, wait: float | None = None) -> Iterator[Incoming]:
    """The messages of an mbox file or a Maildir, in the mailbox's order.

    An mbox is read under its lock (see mboxlock), waiting up to `wait` seconds
    (default: as long as a game's writer waits) for a delivery to finish."""
    if path.is_dir():
        if not all((path / sub).is_dir() for sub in ("cur", "new", "tmp")):
            raise IntakeError(f"{path}: a directory, but not a Maildir (no cur/, new/, tmp/)")
        yield from _maildir(path, limit)
        return
    if not path.is_file():
        raise IntakeError(f"{path}: no such mailbox")
    try:
        box = mailbox.mbox(path, create=False)
    except (OSError, mailbox.Error) as e:
        raise IntakeError(f"{path}: cannot read the mbox: {e}") from None
    try:
        with locked(box, path, writer_wait() if wait is None else wait):
            for key in box.keys()[:MAX_MESSAGES]:
                with box.get_file(key) as f:
                    yield Incoming(f.read(limit + 1))
    except OSError as e:
        raise IntakeError(f"{path}: cannot read the mbox: {e.strerror or e}") from None
    finally:
        box.close()


def _maildir(path: Path, limit: int) -> Iterator[Incoming]:
    """Maildir messages (new/ then cur/, each sorted by name); links and oddities skipped."""
    try:
        box = mailbox.Maildir(path, factory=None, create=False)
        box.keys()  # refuses what is not a Maildir
    except (OSError, mailbox.Error) as e:
        raise IntakeError(f"{path}: cannot read the Maildir: {e}") from None
    count = 0
    for sub in ("new", "cur"):
        for name in sorted(os.listdir(path / sub)):
            if name.startswith(".") or count >= MAX_MESSAGES:
                continue
            file = path / sub / name
            count += 1
            try:
                yield Incoming(read_regular(file, limit + 1), file)
            except NotAFile as e:
                yield Incoming(b"", None, f"{sub}/{name}: {e}, not a message")
            except OSError as e:
                yield Incoming(b"", None, f"{sub}/{name}: unreadable: {e.strerror or e}")


def mark_seen(file: Path) -> None:
    """Move a Maildir message to cur/ with the flag S (seen), keeping its other flags."""
    name = file.name
    base, sep, info = name.partition(":")
    flags = info[2:] if sep and info.startswith("2,") else ""
    if "S" in flags and file.parent.name == "cur":
        return
    target = file.parent.parent / "cur" / f"{base}:2,{''.join(sorted(set(flags) | {'S'}))}"
    try:
        os.rename(file, target)
    except OSError:
        return  # the mail client moved it meanwhile: the ledger still knows it
    fsync_dir(target.parent)


# ----------------------------------------------------------------------------- the room


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
    mails: list[Mail] = field(default_factory=list)
    signups_changed: bool = False
    verified: dict[tuple[str, str], bool] = field(default_factory=dict)  # (player, hash) -> right

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
        from galbatch.post.replies import day

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


def intake(path: Path, mailbox_path: Path, wait: float | None = None) -> IntakeResult:
    """Handle every message of the mailbox not handled before, as the directory's one writer."""
    with _room(path, wait) as room:
        limit = room.settings.max_message_kb * 1024
        handled = _handled(path)
        result = IntakeResult()
        letters: list[tuple[Letter, Incoming]] = []
        seen: list[Path] = []
        for incoming in read_mailbox(mailbox_path, limit, wait):
            if incoming.error:
                key = message_key(incoming.error.encode("utf-8", "replace"))
                result.entries.append(Entry(key, "", "", UNREADABLE, "", incoming.error))
                continue
            letter = read_letter(incoming.data, limit)
            if letter.key in handled:
                result.skipped += 1
                if incoming.maildir_file is not None:
                    seen.append(incoming.maildir_file)
                continue
            handled.add(letter.key)
            letters.append((letter, incoming))
        letters = by_date(room, letters)
        result.messages = len(letters)
        for letter, incoming in letters:
            result.entries += handle(room, letter, incoming.data)
        _commit(room, result, handled)
        seen += [i.maildir_file for _, i in letters if i.maildir_file is not None]
        for file in seen:
            mark_seen(file)
        return result


def by_date(room: Room, letters: list[tuple[Letter, Incoming]]) -> list[tuple[Letter, Incoming]]:
    """The letters (in the mailbox's order, the order they arrived) ordered by their Dates.

    A letter without a believed Date keeps its place by arrival: it comes after the
    latest Date of the letters before it in the mailbox."""
    arrived = dt.datetime.min.replace(tzinfo=dt.UTC)
    keyed = []
    for index, pair in enumerate(letters):
        when = room.believed(pair[0])
        if when is not None:
            arrived = max(arrived, when)
        keyed.append(((when or arrived, index), pair))
    return [pair for _, pair in sorted(keyed, key=lambda kp: kp[0])]


@contextmanager
def _room(path: Path, wait: float | None) -> Iterator[Room]:
    """Hold the directory's writer lock; yield the game, or the sign-up list, mail goes to.

    Which one is decided under the lock: `galbatch start` may make the game while
    intake waits for it."""
    from galbatch.engine.gamedir.commit import recover
    from galbatch.engine.gamedir.locks import writer_lock

    neither = f"{path}: neither a game ({GAME_FILE}) nor a sign-up list ({SIGNUPS_FILE})"
    if not path.is_dir():
        raise IntakeError(neither)
    with writer_lock(path, wait):
        if (path / GAME_FILE).is_file():
            game = Game.open(path)
            recover(game)  # as every writer does first
            yield _game_room(path, game)
            return
        if not (path / SIGNUPS_FILE).is_file():
            raise IntakeError(neither)
        signups = read_signups(path / SIGNUPS_FILE)
        settings = post_settings({"mail": signups.mail})
        room = Room(path, settings, signups=signups)
        room.records[SIGNUP_RECORD] = _read_record(path, SIGNUP_RECORD)
        yield room


def _game_room(path: Path, game: Game) -> Room:
    from galbatch.engine.gamedir.turninputs import recorded_inputs, turn_date
    from galbatch.rules import UnknownRuleset, get_ruleset

    try:
        ruleset = get_ruleset(game.ruleset_name)
    except UnknownRuleset as e:
        raise GameError(str(e)) from None
    latest = game.latest_turn()
    if latest < 0:
        raise GameError(f"{path}: no turn yet; run galbatch new")
    room = Room(
        path,
        post_settings(game.config),
        game=game,
        ruleset=ruleset,
        emails=player_emails(game.config),
        latest=latest,
        turn=latest + 1,
        date=recorded_inputs(game, ruleset.width, latest).date,
        due=turn_date(game, latest + 1),
        start=recorded_inputs(game, ruleset.width, 0).date,
    )
    room.records[room.record_name] = _read_record(path, room.record_name)
    return room


# ----------------------------------------------------------------------------- handling


def handle(room: Room, letter: Letter, data: bytes) -> list[Entry]:
    """Everything done with one message: filed, answered, signed up or ignored; never raises."""
    try:
        return _handle(room, letter, data)
    except (GameError, LoadError, OSError):
        raise  # the game directory failed, not the message: the run stops, nothing half done
    except Exception as e:  # a message must never become a traceback
        return [_entry(letter, UNREADABLE, "", f"not handled: {type(e).__name__}")]


def _handle(room: Room, letter: Letter, data: bytes) -> list[Entry]:
    if letter.too_large:
        entry = _entry(letter, REFUSED, "", f"{letter.size:,} bytes, over the size limit")
        if letter.answerable:
            body = (
                f"Your message of {letter.size:,} bytes is larger than the "
                f"{room.settings.max_message_kb} KB this game takes; nothing was read or filed.\n"
                "Send the order file alone, as plain text.\n"
            )
            entry = _answer(room, letter, entry, "refused", body)
        _remember(room, letter, entry)
        return [entry]
    _store_message(room, letter, data)
    if letter.automatic:
        entry = _entry(letter, IGNORED, "", f"not answered: {letter.automatic}")
        _remember(room, letter, entry)
        return [entry]
    if any(p.startswith("unreadable") for p in letter.problems):
        entry = _entry(letter, UNREADABLE, "", "; ".join(letter.problems))
        _remember(room, letter, entry)
        return [entry]
    entries: list[Entry] = []
    if letter.wants_help:
        entries.append(_help(room, letter))
    if letter.signup_lines:
        entries += _signups(room, letter)
    if letter.order_text is not None:
        entries.append(_orders(room, letter))
    elif not entries:
        entries.append(_nothing(room, letter))
    for entry in entries:
        _remember(room, letter, entry)
    return entries


def _entry(letter: Letter, outcome: str, player: str, detail: str) -> Entry:
    when = letter.date.isoformat() if letter.date is not None else ""
    return Entry(letter.key, when, letter.sender, outcome, player, detail)


def _answer(
    room: Room, letter: Letter, entry: Entry, kind: str, body: str, cc: tuple[str, ...] = ()
) -> Entry:
    """Queue an answer to the letter, if it may be answered; the entry names it.

    A letter with no address to answer goes unanswered, unless `cc` names the
    player's own address: they hear of what was filed for them. The answer is dated as
    the letter is, or, if its Date is not believed, on the day of the latest turn."""
    if letter.automatic:
        return entry
    to = letter.reply_to or (cc[0] if cc else "")
    if not to:
        return entry
    game = room.game_id or "galbatch"
    mail = reply_to_letter(
        replace(letter, reply_to=to, date=room.believed(letter)),
        room.settings,
        kind=kind,
        subject=re_subject(letter, f"{game}: your message"),
        body=body,
        fallback_date=room.noon,
        cc=cc,
    )
    room.mails.append(mail)
    return replace(entry, reply=mail.name)


def _help(room: Room, letter: Letter) -> Entry:
    entry = _entry(letter, HELP, "", "the command summary sent")
    if room.game is not None:
        text = help_text(room.game.ruleset_name, room.game.id, room.game.title)
    else:
        assert room.signups is not None
        text = help_text(room.signups.ruleset, room.signups.game, f"Game {room.signups.game}")
    return _answer(room, letter, entry, "help", text)


def _signups(room: Room, letter: Letter) -> list[Entry]:
    entries = []
    for line in letter.signup_lines[:1]:  # one sign-up an address: the first line counts
        parsed = parse_anm(line)
        game, name = parsed if parsed is not None else ("", "")
        why: str | None
        if room.signups is None:
            why = f"game {room.game_id} has started; it takes no more sign-ups"
        else:
            why = add_signup(room.signups, game, name, letter.sender, letter.date, letter.key)
        if why is None:
            assert room.signups is not None
            room.signups_changed = True
            place = len(room.signups.signups)
            entry = _entry(letter, SIGNED_UP, "", f"{name} signed up, number {place}")
            body = (
                f"Thank you: {name} is signed up for game {game.upper()}, number {place} "
                "on the list.\nYou will get your player number, password and the first due "
                "date when the game starts.\n"
            )
            entries.append(_answer(room, letter, entry, "signup", body))
        else:
            entry = _entry(letter, NOT_SIGNED_UP, "", why)
            body = f"Your sign-up\n\n    {printable(line)}\n\nwas not taken: {why}.\n"
            entries.append(_answer(room, letter, entry, "signup", body))
    return entries


def _nothing(room: Room, letter: Letter) -> Entry:
    if letter.html_only:
        entry = _entry(letter, ANSWERED, "", "HTML only: asked for plain text")
        body = (
            "Your message came as HTML only, and galbatch reads plain text.\n"
            "Send the order file again as plain text (in your mail program: plain\n"
            "text, not HTML or rich text), or attach it as a .txt file.\n"
        )
        return _answer(room, letter, entry, "plain", body)
    entry = _entry(letter, ANSWERED, "", "no order file found")
    body = (
        "No order file was found in your message: no line starts with\n"
        f'    GAME {room.game_id} PLAYER <number> PASSWORD "<password>"\n'
        "Send a message with the subject HELP for how to write one.\n"
    )
    return _answer(room, letter, entry, "nothing", body)


def _orders(room: Room, letter: Letter) -> Entry:
    """Authenticate, check and file the letter's order file; answer with what happened."""
    assert letter.order_text is not None
    data = letter.order_text.encode("utf-8")
    if room.game is None:
        assert room.signups is not None
        entry = _entry(letter, REJECTED, "", "the game has not started")
        body = f"Game {room.signups.game} has not started yet: no orders are taken.\n"
        return _answer(room, letter, entry, "ack", body)
    game, ruleset = room.game, room.ruleset
    assert ruleset is not None
    of = parse_order_bytes(data, "orders")
    header = of.header
    player = None
    if header is not None:
        player = next((p.id for p in game.players if p.id.lower() == header.player.lower()), None)
    label = f"orders/{player}.txt" if player is not None else "orders"
    of = parse_order_bytes(data, label)
    lines = [f"Your message of {_when(letter)} was received.", ""]
    if header is None:
        check = check_file(of, ruleset)
        fatal = [d.message for d in check.diagnostics if d.severity is Severity.FATAL]
        why = fatal[0].split(";")[0].split(":")[0] if fatal else "no usable header line"
        return _rejected(room, letter, "", why, lines, check)
    if header.game.lower() != game.id.lower():
        why = f"the order file is for game {header.game}; this is game {game.id}"
        return _rejected(room, letter, "", why, lines, None)
    if player is None:
        bad = Diagnostic(
            label,
            header.line,
            1,
            Severity.FATAL,
            "GB016",
            f"game {game.id} has no player {header.player}; file rejected",
        )
        return _rejected(
            room, letter, "", "no such player", lines, check_file(of, ruleset, auth=[bad])
        )
    auth = _authenticate(room, of, player)
    if auth:
        check = check_file(of, ruleset, auth=auth)
        return _rejected(room, letter, player, "wrong password", lines, check)
    lines += _date_lines(room, letter)
    late = _late(room, letter)
    if late:
        why = (
            f"the message is dated {late}, before turn {room.latest} was processed on "
            f"{room.date}: it was meant for turn {room.latest}"
        )
        return _rejected(room, letter, player, why, lines, None)
    state = room.load_state()
    if ruleset.finished(state):
        return _rejected(room, letter, player, f"game {game.id} has ended", lines, None)
    check = check_file(of, ruleset, ruleset.view(state, player), player, auth)
    cc: tuple[str, ...] = ()
    registered = room.emails.get(player, "")
    warning = ""
    if registered and registered != letter.sender:
        warning = (
            f"WARNING: this message came from {letter.sender or 'no address'}, not from the "
            f"address game {game.id} has for player {player}; the password was right, so the "
            "file was filed. A copy of this answer goes to that address."
        )
        cc = (registered,)
    superseded = _superseded_by(room, player, letter)
    if superseded is not None:
        entry = _entry(letter, SUPERSEDED, player, f"a later message ({superseded}) is filed")
        lines += [
            f"NOT FILED  a later message of yours, dated {superseded}, is already filed for",
            f"           turn {room.turn}; this one is kept in the intake record.",
            "",
            *_check_lines(check),
        ]
        return _answer(room, letter, entry, "ack", "\n".join(lines) + "\n", cc)
    replaced = _file(room, player, data, letter)
    name = next(p.name for p in game.players if p.id == player)
    detail = f"orders/{player}.txt, {len(data):,} bytes, RC {int(check.rc):04d}"
    if replaced:
        detail += f"; replaced {replaced}"
    entry = _entry(letter, FILED, player, detail + ("; other address" if warning else ""))
    lines += [
        f"FILED      orders/{player}.txt for player {player} ({name}), turn {room.turn}",
        f"           {len(data):,} bytes; turn {room.turn} records the SHA-256 of the file "
        "as it is",
        "           archived, with the password masked:",
        f"           {digest(archived_form(data))}",
    ]
    if replaced:
        lines.append("REPLACED   the file filed before; the game master keeps it")
    if player not in ruleset.accepting(state):
        lines.append(f"NOTE       player {player} owes no orders for turn {room.turn}")
    elif player not in ruleset.owing(state):
        lines.append(
            f"NOTE       player {player} owes no decision now; turn {room.turn} reads these orders"
        )
    if warning:
        lines += ["", warning]
    lines += ["", *_check_lines(check), "", *_filed_lines(data), "", *_due_lines(room)]
    return _answer(room, letter, entry, "ack", "\n".join(lines) + "\n", cc)


def _late(room: Room, letter: Letter) -> str:
    """The day a letter for a processed turn is dated, "" if it is for the next turn.

    No order file names its turn, so the Date decides: a message dated before the day
    the latest turn was processed, by the sender's calendar and by UTC both, was meant
    for that turn; one dated on that day or later (or not believably dated) is for the
    next, as is everything before turn 1 is processed."""
    when = room.believed(letter)
    if when is None or room.latest < 1:
        return ""
    day = max(when.date().isoformat(), letter.local_day)
    return day if day < room.date else ""


def _date_lines(room: Room, letter: Letter) -> list[str]:
    """A note in the answer when the letter's Date was not believed."""
    if letter.date is None or room.believed(letter) is not None:
        return []
    return [
        f"NOTE       the Date of your message, {letter.date.date()}, is not believed (game "
        f"{room.game_id}",
        f"           began on {room.start}; turn {room.turn} is due {room.due}): the message "
        "counts as",
        "           undated, in the order it arrived; any later message replaces it.",
        "",
    ]


def _authenticate(room: Room, of: OrderFile, player: str) -> list[Diagnostic]:
    """`authenticate`, with each player's password checked once a run (a PBKDF2 is slow)."""
    from galbatch.engine.security.hashes import verify_password

    assert room.game is not None and of.header is not None
    stored = room.game.password_hash(player)
    said = (player, digest(of.header.password.encode("utf-8")))
    if said not in room.verified:
        room.verified[said] = verify_password(of.header.password, stored)
    return authenticate(of, room.game.id, player, None if room.verified[said] else stored)


def _rejected(
    room: Room, letter: Letter, player: str, why: str, lines: list[str], check: FileCheck | None
) -> Entry:
    entry = _entry(letter, REJECTED, player, why)
    lines = [*lines, f"NOT FILED  {why}.", ""]
    if check is not None:
        lines += [*_check_lines(check), ""]
    if room.game is not None:
        lines += _due_lines(room)
    return _answer(room, letter, entry, "ack", "\n".join(lines) + "\n")


def _check_lines(check: FileCheck) -> list[str]:
    """What `galbatch check --game` says of the file, with its return code."""
    lines = [f"CHECK      RC {int(check.rc):04d}  {check.status}"]
    lines += [d.format() for d in check.diagnostics]
    return lines


def _filed_lines(data: bytes) -> list[str]:
    """The file as filed, its lines numbered as the diagnostics number them, password masked."""
    from galbatch.engine.language.orderfile import redact, split_lines

    text = redact(data).decode("utf-8", "replace")
    numbered = [f"{n:4d}  {printable(line)}" for n, line in enumerate(split_lines(text), 1)]
    return ["THE FILE AS FILED (the password masked):", "", *numbered]


def _due_lines(room: Room) -> list[str]:
    return [
        f"Orders for turn {room.turn} are due {room.due}. A later message replaces this one;",
        "send a message with the subject HELP for how to write orders.",
    ]


def _when(letter: Letter) -> str:
    if letter.date is None:
        return "(no date)"
    return letter.date.strftime("%Y-%m-%d %H:%M UTC")


# ----------------------------------------------------------------------------- filing


def _filed_rows(room: Room) -> list[dict[str, Any]]:
    return room.records.setdefault(room.record_name, [])


def _superseded_by(room: Room, player: str, letter: Letter) -> str | None:
    """The date of the later message whose file is in the inbox for `player`, if there is one."""
    current = _inbox_bytes(room, player)
    when = room.believed(letter)
    if current is None or when is None:
        return None
    sha = digest(current)
    for row in _filed_rows(room):
        same = row.get("filed") == sha and row.get("player") == player
        believed = row.get(DATE_USED, True)  # a Date not believed orders nothing
        if same and believed and str(row.get("date") or "") > when.isoformat():
            return str(row["date"])
    return None


def _inbox_bytes(room: Room, player: str) -> bytes | None:
    file = room.path / "orders" / f"{player}.txt"
    try:
        return read_regular(file)
    except (NotAFile, OSError):
        return None


def _file(room: Room, player: str, data: bytes, letter: Letter) -> str:
    """Write orders/<player>.txt; keep what it replaces. Returns where the old file went."""
    inbox = room.path / "orders"
    inbox.mkdir(exist_ok=True)
    target = inbox / f"{player}.txt"
    current = _inbox_bytes(room, player)
    kept = ""
    if current is not None and current != data:
        rel = f"{room.record_name}/replaced/{player}-{digest(current)[:16]}.txt"
        room.stored[rel] = current
        _flush_stored(room)  # the old file is safe before it is replaced
        kept = f"{INTAKE}/{rel}"
    if current != data:
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise OSError(f"{target}: not a regular file; nothing filed")
        write_atomic(target, data, 0o600)
        fsync_dir(inbox)
    return kept


def _store_message(room: Room, letter: Letter, data: bytes) -> None:
    room.stored[_message_file(room, letter)] = data


def _message_file(room: Room, letter: Letter) -> str:
    """Where the message is kept, under intake/."""
    return f"{room.record_name}/messages/{letter.key[:32]}.eml"


def _remember(room: Room, letter: Letter, entry: Entry) -> None:
    row: dict[str, Any] = {
        "message": letter.key,
        "message_id": letter.message_id,
        "date": entry.date,
        "from": letter.sender,
        "subject": letter.subject,
        "outcome": entry.outcome,
        "player": entry.player,
        "detail": entry.detail,
        "reply": entry.reply,
    }
    if entry.outcome != REFUSED:  # a message over the limit is not kept
        row["kept"] = f"{INTAKE}/{_message_file(room, letter)}"
    if letter.date is not None and room.believed(letter) is None:
        row[DATE_USED] = False
    if entry.outcome == FILED and letter.order_text is not None:
        row["filed"] = digest(letter.order_text.encode("utf-8"))
    _filed_rows(room).append(row)


def _flush_stored(room: Room) -> None:
    base = room.path / INTAKE
    for rel, data in sorted(room.stored.items()):
        target = base / rel
        if target.is_file():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
        fsync_dir(target.parent)
    room.stored.clear()


def _read_record(path: Path, name: str) -> list[dict[str, Any]]:
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


def _handled(path: Path) -> set[str]:
    file = path / INTAKE / HANDLED
    try:
        return set(file.read_text(encoding="ascii").split())
    except FileNotFoundError:
        return set()
    except (OSError, UnicodeDecodeError) as e:
        raise GameError(f"{file}: cannot read: {e}") from None


def _commit(room: Room, result: IntakeResult, handled: set[str]) -> None:
    """Make the run durable: messages kept, records, sign-ups, answers, log, then the ledger.

    The ledger comes last: a run killed before it handles the same messages again, and
    every step before it gives the same bytes a second time."""
    base = room.path / INTAKE
    base.mkdir(exist_ok=True)
    _flush_stored(room)
    for name, rows in sorted(room.records.items()):
        if not rows:
            continue
        ordered = sorted(rows, key=lambda r: (str(r.get("date", "")), str(r.get("message", ""))))
        (base / name).mkdir(exist_ok=True)
        write_atomic(base / name / RECORD, dump_data({"messages": ordered}).encode("utf-8"))
        fsync_dir(base / name)
    if room.signups_changed and room.signups is not None:
        write_signups(room.path / SIGNUPS_FILE, room.signups)
    result.written = write_outbox(room.path, room.mails)
    if result.entries:
        with (base / LOG).open("a", encoding="utf-8") as log:
            log.write("".join(e.line() + "\n" for e in result.entries))
            log.flush()
            os.fsync(log.fileno())
    write_atomic(base / HANDLED, "".join(f"{k}\n" for k in sorted(handled)).encode("ascii"))
    fsync_dir(base)
    fsync_dir(room.path)
