"""Committing a turn, and finishing what a killed commit left: the writer's side of the game.

A turn is written to `turns/.tmp-NNN`, then renamed to `turns/NNN`. The turn
holds `intake.yaml`, the record of the order files it consumed (name, SHA-256
of the bytes archived, where they came from). Only those files leave the inbox,
and only if the inbox still holds those very bytes: a file a player sent again,
or changed during the run, stays.

When the order files came by mail, the record also says which message each came
from, and lists every message the post room's intake filed or kept for the turn
that the turn did not use (a later one replaced it): the turn's archive is the
whole account of what players sent. A game without mail intake gets the same
bytes as before.

Between the rename and the end of the clearing, `turns/.pending-NNN` holds the
hash of that record. A writer that finds it after a kill clears the inbox by
the record if turn NNN is the one that record belongs to, and drops it if the
rename never happened. Readers never recover: they skip what the record names.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# The record of the files a turn took lives apart so that `check --game` reads it without
# the writer's machinery; the turn job and the post room import it from here.
from galbatch.engine.gamedir.consumed import FROM_ARCHIVE as FROM_ARCHIVE
from galbatch.engine.gamedir.consumed import FROM_INBOX as FROM_INBOX
from galbatch.engine.gamedir.consumed import RECORD_FILE as RECORD_FILE
from galbatch.engine.gamedir.consumed import Consumed as Consumed
from galbatch.engine.gamedir.consumed import archived_form as archived_form
from galbatch.engine.gamedir.consumed import digest as digest
from galbatch.engine.gamedir.consumed import read_record as read_record
from galbatch.engine.gamedir.consumed import record_bytes as record_bytes
from galbatch.engine.gamedir.directory import OLD_PREFIX, TMP_PREFIX, Game, GameError
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.locks import commit_lock, writer_lock
from galbatch.engine.gamedir.yamlio import dump_data, load_data

PENDING_PREFIX = ".pending-"
# The post room's record of the mail for turn NNN (galbatch.post.intake_record writes it).
MAIL_RECORD = "intake/{turn:03d}/record.yaml"
# The journal of an intake run being put in place (galbatch.post.intake_commit): while it
# is there, the inbox may hold only part of what that run filed.
INTAKE_JOURNAL = "intake/commit.json"
MAIL_FILED = "FILED"  # a message whose order file intake filed in the inbox
MAIL_REPLACED = (MAIL_FILED, "SUPERSEDED")  # outcomes of messages that carried orders
MAIL_KEYS = ("message", "message_id", "from", "date")  # what the record says of a message
REPLACED_KEYS = (*MAIL_KEYS, "outcome", "kept")


@contextmanager
def writing(path: Path, wait: float | None = None, *, cached: bool = False) -> Iterator[Game]:
    """Open a game as its one writer: take the lock, finish any killed commit, yield the
    game (`cached`: as `Game.open_cached` gives it, for a writer of turns, not of game.yaml)."""
    with writer_lock(path, wait):
        game = Game.open_cached(path) if cached else Game.open(path)
        recover(game)
        yield game


def commit_turn(game: Game, turn: int, files: Mapping[str, bytes], replace: bool = False) -> Path:
    """Write a whole turn and rename it into place; then clear what its record consumed.

    The caller holds the writer lock. Without a RECORD_FILE in `files` (setup) the
    turn consumed nothing and the inbox is left as it is.
    """
    game.turns.mkdir(parents=True, exist_ok=True)
    target = game.turns / f"{turn:03d}"
    if target.exists() and not replace:
        raise GameError(f"{target}: already exists")
    tmp = game.turns / f"{TMP_PREFIX}{turn:03d}"
    if tmp.exists():
        shutil.rmtree(tmp)
    if RECORD_FILE in files:
        files = {**files, RECORD_FILE: with_mail(game, turn, files[RECORD_FILE], replace)}
    for rel, data in sorted(files.items()):
        out = tmp / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        with out.open("wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    for directory in sorted({(tmp / rel).parent for rel in files}, reverse=True):
        fsync_dir(directory)
    pending = game.turns / f"{PENDING_PREFIX}{turn:03d}"
    record = files.get(RECORD_FILE)
    with commit_lock(game.turns, exclusive=True):
        if record is not None:
            _write_synced(pending, digest(record).encode("ascii"))
        if target.exists():
            old = game.turns / f"{OLD_PREFIX}{turn:03d}"
            os.replace(target, old)
            os.replace(tmp, target)
            fsync_dir(game.turns)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(tmp, target)
            fsync_dir(game.turns)
        if record is not None:
            _clear_inbox(game, read_record(target) or [])
            pending.unlink()
            fsync_dir(game.turns)
    return target


def with_mail(game: Game, turn: int, record: bytes, rerun: bool) -> bytes:
    """The turn's intake record, with the mail its files came by (see the module's doc).

    Each file consumed from the inbox that a message filed gets `mail`: the message's
    SHA-256, Message-ID, From and Date. A rerun keeps what the replaced turn said of
    the files it keeps, and looks for late files in the next turn's mail too. Every
    message with orders for a player the turn took a file of, other than the one it
    used, is listed under `replaced`."""
    books = {n: _mail_rows(game, n) for n in ((turn, turn + 1) if rerun else (turn,))}
    if not any(books.values()):
        return record
    data: Any = json.loads(record)
    kept = _kept_mail(game.turn_dir(turn)) if rerun else {}
    used: dict[str, tuple[int, dict[str, Any]]] = {}  # player -> (book, message row)
    for row in data["consumed"]:
        player = str(row["file"]).removesuffix(".txt")
        found: tuple[int, dict[str, Any]] | None = None
        if row["from"] == FROM_INBOX:
            found = _filed_by(game, row, player, books)
        elif row["file"] in kept and kept[row["file"]][0] == row["sha256"]:
            found = (turn, kept[row["file"]][1])
        if found is not None:
            used[player] = found
            row["mail"] = {key: found[1].get(key, "") for key in MAIL_KEYS}
    takers = {str(row["file"]).removesuffix(".txt") for row in data["consumed"]}
    # a late message a rerun of the turn before took was filed for this turn's record
    earlier = {str(m[1]["message"]) for m in _kept_mail(game.turn_dir(turn - 1)).values()}
    replaced = []
    for book, rows in sorted(books.items()):
        players = takers if book == turn else {p for p, (b, _) in used.items() if b == book}
        for m in rows:
            player = str(m["player"])
            if m.get("outcome") not in MAIL_REPLACED or player not in players:
                continue
            if m.get("message") in earlier:
                continue
            if player in used and used[player][1].get("message") == m.get("message"):
                continue
            replaced.append({"player": player, **{k: m.get(k, "") for k in REPLACED_KEYS}})
    if replaced:
        data["replaced"] = sorted(replaced, key=lambda r: (r["player"], r["date"], r["message"]))
    return dump_data(data).encode("utf-8")


def _mail_rows(game: Game, turn: int) -> list[dict[str, Any]]:
    """The messages the post room's record keeps for `turn`; none if it keeps no record."""
    file = game.path / MAIL_RECORD.format(turn=turn)
    if not file.is_file():
        return []
    try:
        rows = load_data(file).get("messages")
    except (ValueError, AttributeError, OSError) as e:  # LoadError is a ValueError
        raise GameError(f"{file}: not a usable mail intake record ({e})") from None
    return [dict(r) for r in rows or [] if isinstance(r, dict) and r.get("player")]


def _filed_by(
    game: Game, row: Mapping[str, Any], player: str, books: Mapping[int, list[dict[str, Any]]]
) -> tuple[int, dict[str, Any]] | None:
    """The message whose order file the inbox holds for `player`, the latest if several."""
    try:
        data = read_regular(game.inbox / str(row["file"]))
    except (NotAFile, OSError):
        return None
    masked = digest(archived_form(data))
    if masked != row["sha256"]:
        return None
    shas = {masked, digest(data)}  # the file as filed, password masked; older records: clear
    found = None
    for book, rows in sorted(books.items()):
        for m in rows:
            if m.get("outcome") == MAIL_FILED and m.get("filed") in shas and m["player"] == player:
                found = (book, m)
    return found


def _kept_mail(turn_dir: Path) -> dict[str, tuple[str, dict[str, Any]]]:
    """What a committed turn's record says of the mail of each file: name -> (hash, mail)."""
    file = turn_dir / RECORD_FILE
    if not file.is_file():
        return {}
    data: Any = load_data(file)
    return {
        str(row["file"]): (str(row["sha256"]), dict(row["mail"]))
        for row in data.get("consumed") or []
        if isinstance(row, dict) and isinstance(row.get("mail"), dict)
    }


def recover(game: Game) -> None:
    """Finish or undo what a killed writer left: a replaced turn, scratch dirs, the inbox."""
    if not game.turns.is_dir():
        return
    with commit_lock(game.turns, exclusive=True):
        for entry in sorted(game.turns.iterdir()):
            if entry.name.startswith(OLD_PREFIX):
                target = game.turns / entry.name[len(OLD_PREFIX) :]
                if target.exists():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    os.replace(entry, target)
            elif entry.name.startswith(TMP_PREFIX):
                shutil.rmtree(entry, ignore_errors=True)
        for entry in sorted(game.turns.iterdir()):
            if entry.name.startswith(PENDING_PREFIX):
                record = landed_record(game, entry)
                if record is not None:
                    _clear_inbox(game, record)
                entry.unlink()
        fsync_dir(game.turns)


def pending_consumed(game: Game) -> frozenset[str]:
    """Inbox files a committed turn consumed but a kill left in place: readers skip them."""
    names: set[str] = set()
    if not game.turns.is_dir():
        return frozenset()
    for entry in sorted(game.turns.iterdir()):
        if entry.name.startswith(PENDING_PREFIX):
            for c in landed_record(game, entry) or []:
                if c.source == FROM_INBOX and _holds(game.inbox / c.name, c.sha256):
                    names.add(c.name)
    return frozenset(names)


def landed_record(game: Game, pending: Path) -> list[Consumed] | None:
    """The record of the turn a pending mark names, if that turn was renamed into place."""
    number = pending.name[len(PENDING_PREFIX) :]
    turn_dir = game.turns / number
    record = turn_dir / RECORD_FILE
    try:
        if not record.is_file() or pending.read_bytes().decode("ascii") != digest(
            record.read_bytes()
        ):
            return None
    except (OSError, UnicodeDecodeError):
        return None
    return read_record(turn_dir)


def _clear_inbox(game: Game, record: list[Consumed]) -> None:
    """Remove the inbox files the record says the turn took, if they still hold those bytes."""
    for c in record:
        path = game.inbox / c.name
        if c.source == FROM_INBOX and _holds(path, c.sha256):
            path.unlink()
    fsync_dir(game.inbox)


def _holds(path: Path, sha256: str) -> bool:
    """True if `path` is a regular file whose archived form has this hash."""
    try:
        return digest(archived_form(read_regular(path))) == sha256
    except (NotAFile, OSError):
        return False


def _write_synced(path: Path, data: bytes) -> None:
    with path.open("wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    fsync_dir(path.parent)


def fsync_dir(path: Path) -> None:
    """Make a directory's entries durable (renames, new files); a no-op where it cannot."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
