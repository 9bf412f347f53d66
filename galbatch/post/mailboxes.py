"""Reading the mailbox intake handles: an mbox under its lock, or a Maildir whose
messages, once handled, are marked seen."""

from __future__ import annotations

import mailbox
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from galbatch.engine.gamedir.commit import fsync_dir
from galbatch.engine.gamedir.inbox import NotAFile, read_regular
from galbatch.engine.gamedir.locks import writer_wait
from galbatch.post.mboxlock import locked

MAX_MESSAGES = 10_000  # new messages handled in one run; the rest wait for the next


class IntakeError(Exception):
    """The intake cannot run (no such mailbox, not a game or sign-up directory)."""


@dataclass(frozen=True)
class Incoming:
    """A message as read from the mailbox: at most the size limit and one byte."""

    data: bytes
    maildir_file: Path | None = None
    error: str = ""  # why the message could not be read; it is tried again next time


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
        with locked(path, writer_wait() if wait is None else wait):
            for key in box.iterkeys():
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
    for sub in ("new", "cur"):
        for name in sorted(os.listdir(path / sub)):
            if name.startswith("."):
                continue
            file = path / sub / name
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
