"""`galbatch intake GAMEDIR MAILBOX`: file the order files that came by mail, answer every message.

Reads an mbox file (under the locks mail delivery takes, see post.mboxlock; it is
never written) or a Maildir (whose messages handled move to cur/, marked seen).
Each message is handled once, as the game's one writer: its order file is
authenticated, checked as `check --game` checks it, and filed as `orders/<id>.txt`
(the id from game.yaml, never from the mail); every message a person sent is
answered with an `.eml` in `outbox/`; machines (auto-replies, bounces, lists) are
never answered.

What intake keeps, beside the game's own files:

    intake/handled.txt              SHA-256 of every message handled (of its bytes, and of
                                    its Message-ID and From): none is handled twice
    intake/intake.log               one line for each thing done with a message
    intake/NNN/record.yaml          the messages for turn NNN: who, when, what became of each
                                    (`process` copies what its turn used and did not into
                                    turns/NNN/intake.yaml)
    intake/NNN/messages/<sha>.eml   each of those messages, as it came, passwords masked
    intake/NNN/replaced/<id>-<sha>.txt  an inbox file a later message replaced, its
                                    password masked as the turn archive masks it
    intake/signups/...              the same, while the directory takes sign-ups
    intake/signup-secret            the key of the sign-ups' confirmation codes (post.confirm)
    intake/commit.json              while a run is made durable: what it changes (intake_commit)

A later message replaces an earlier one by its Date header; the earlier file is
kept under `replaced/`, never lost. A message dated before the day the latest turn
was processed (by the sender's calendar and by UTC both) was meant for that turn: it
is answered, not filed; one dated on that day or later is for the next turn (no order
file names its turn). A Date no message for the game can bear (before its turn 0, or
more than DATE_GRACE_DAYS after the due date) is not believed: the message counts as
undated, ordered by its arrival, and any message that arrives after it replaces it.

Order files for a player past WRONG_PASSWORD_LIMIT wrong passwords in a turn are held
(filing); a failure is answered once an address a run and never twice the same (answers).

Its parts: mailboxes (reading the mailbox), intake_room (the game or list mail goes
to), filing (an order file authenticated, checked, filed), answers (the answers to
everything else) and intake_record (what intake keeps); here, the run and each
message's handling.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from galbatch.engine.gamedir.commit import recover
from galbatch.engine.gamedir.directory import GAME_FILE, Game, GameError
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.engine.gamedir.turninputs import recorded_inputs, turn_date
from galbatch.engine.gamedir.yamlio import LoadError
from galbatch.engine.job.immediate import run_if_all_sent
from galbatch.post.answers import (
    answer,
    answer_help,
    answer_nothing,
    confirm_sign_up,
    log_entry,
    sign_up,
)
from galbatch.post.config import player_emails, post_settings
from galbatch.post.filing import file_orders, release_player
from galbatch.post.intake_commit import finish_commit
from galbatch.post.intake_record import (
    IGNORED,
    REFUSED,
    UNREADABLE,
    Entry,
    IntakeResult,
    commit_run,
    read_handled,
    read_record,
    remember,
    store_message,
)
from galbatch.post.intake_room import SIGNUP_RECORD, Room
from galbatch.post.mailboxes import MAX_MESSAGES, Incoming, mark_seen, read_mailbox
from galbatch.post.mailboxes import IntakeError as IntakeError  # the intake command's to catch
from galbatch.post.message import Letter, message_key, read_letter
from galbatch.rules import UnknownRuleset, get_ruleset


def intake(
    path: Path, mailbox_path: Path, wait: float | None = None, release: Sequence[str] = ()
) -> IntakeResult:
    """Handle every message of the mailbox not handled before, as the directory's one writer.

    `release`: players whose order files are held for wrong passwords (see filing), to
    take files for again this turn, as the game master decides, before the mail is read."""
    result = _intake(path, mailbox_path, wait, release)
    result.turn = run_if_all_sent(path)  # a game in immediate mode, every file now in
    return result


def _intake(
    path: Path, mailbox_path: Path, wait: float | None, release: Sequence[str]
) -> IntakeResult:
    """The run itself, as the directory's one writer."""
    with _room(path, wait) as room:
        limit = room.settings.max_message_kb * 1024
        handled = read_handled(path)
        result = IntakeResult()
        result.entries += [release_player(room, player) for player in release]
        letters, seen = _new_letters(
            read_mailbox(mailbox_path, limit, wait), limit, handled, result
        )
        letters = by_date(room, letters)
        result.messages = len(letters)
        for letter, incoming in letters:
            result.entries += handle(room, letter, incoming.data)
        commit_run(room, result, handled)
        seen += [i.maildir_file for _, i in letters if i.maildir_file is not None]
        for file in seen:
            mark_seen(file)
        return result


def _new_letters(
    mailbox: Iterable[Incoming], limit: int, handled: set[str], result: IntakeResult
) -> tuple[list[tuple[Letter, Incoming]], list[Path]]:
    """The messages not handled before, at most MAX_MESSAGES of them, and the Maildir files
    of those handled before (to mark seen).

    Every message is read, however many were handled before it: a mailbox filled with
    copies of one message hides nothing after them. New messages past MAX_MESSAGES are
    counted in `result.unread` and wait for the next run."""
    letters: list[tuple[Letter, Incoming]] = []
    seen: list[Path] = []
    left: set[str] = set()  # the identities of the new messages left for the next run
    result.most = MAX_MESSAGES
    for incoming in mailbox:
        if len(letters) + len(result.entries) >= MAX_MESSAGES:
            result.unread += _unhandled(incoming, limit, handled, left)
            continue
        if incoming.error:
            key = message_key(incoming.error.encode("utf-8", "replace"))
            result.entries.append(Entry(key, "", "", UNREADABLE, "", incoming.error))
            continue
        before = message_key(incoming.data) in handled  # these bytes: no need to read them
        letter = None if before else read_letter(incoming.data, limit)
        if letter is None or any(i in handled for i in letter.identities):
            result.skipped += 1
            if incoming.maildir_file is not None:
                seen.append(incoming.maildir_file)
            continue
        handled.update(letter.identities)
        letters.append((letter, incoming))
    return letters, seen


def _unhandled(incoming: Incoming, limit: int, handled: set[str], left: set[str]) -> int:
    """1 if a message past this run's MAX_MESSAGES is new (not handled before, and not a
    copy of one already counted), else 0."""
    if incoming.error:
        return 1
    if message_key(incoming.data) in handled:
        return 0
    identities = read_letter(incoming.data, limit).identities
    if any(i in handled or i in left for i in identities):
        return 0
    left.update(identities)
    return 1


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

    neither = f"{path}: neither a game ({GAME_FILE}) nor a sign-up list ({SIGNUPS_FILE})"
    if not path.is_dir():
        raise IntakeError(neither)
    with writer_lock(path, wait):
        finish_commit(path)  # a run killed after its journal was whole: finished first
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
        room.records[SIGNUP_RECORD] = read_record(path, SIGNUP_RECORD)
        yield room


def _game_room(path: Path, game: Game) -> Room:

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
    room.records[room.record_name] = read_record(path, room.record_name)
    return room


# ----------------------------------------------------------------------------- handling


def handle(room: Room, letter: Letter, data: bytes) -> list[Entry]:
    """Everything done with one message: filed, answered, signed up or ignored; never raises."""
    try:
        return _handle(room, letter, data)
    except (GameError, LoadError, OSError):
        raise  # the game directory failed, not the message: the run stops, nothing half done
    except Exception as e:  # a message must never become a traceback
        return [log_entry(letter, UNREADABLE, "", f"not handled: {type(e).__name__}")]


def _handle(room: Room, letter: Letter, data: bytes) -> list[Entry]:
    if letter.too_large:
        entry = log_entry(letter, REFUSED, "", f"{letter.size:,} bytes, over the size limit")
        if letter.answerable:
            body = (
                f"Your message of {letter.size:,} bytes is larger than the "
                f"{room.settings.max_message_kb} KB this game takes; nothing was read or filed.\n"
                "Send the order file alone, as plain text.\n"
            )
            entry = answer(room, letter, entry, "refused", body)
        remember(room, letter, entry)
        return [entry]
    store_message(room, letter, data)
    if letter.automatic:
        entry = log_entry(letter, IGNORED, "", f"not answered: {letter.automatic}")
        remember(room, letter, entry)
        return [entry]
    if any(p.startswith("unreadable") for p in letter.problems):
        entry = log_entry(letter, UNREADABLE, "", "; ".join(letter.problems))
        remember(room, letter, entry)
        return [entry]
    entries: list[Entry] = []
    if letter.wants_help:
        entries.append(answer_help(room, letter))
    confirmed = confirm_sign_up(room, letter)
    if confirmed is not None:
        entries.append(confirmed)
    elif letter.signup_lines:
        entries += sign_up(room, letter)
    if letter.order_text is not None:
        entries.append(file_orders(room, letter))
    elif not entries:
        entries.append(answer_nothing(room, letter))
    for entry in entries:
        remember(room, letter, entry)
    return entries
