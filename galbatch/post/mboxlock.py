"""An mbox file held locked while intake reads it, as mail delivery agents lock it.

`mailbox.mbox.lock()` takes the two locks a delivery agent (procmail, postfix's
local, mutt) takes before it appends: an fcntl lock on the file and a dot-lock,
`<mbox>.lock`, beside it. While intake holds them no message is half written under
it; while a delivery holds them intake waits, then gives up having read nothing.
An mbox intake may only read is locked shared (fcntl alone): it needs no write
access, and nothing is ever written to the mbox.
"""

from __future__ import annotations

import errno
import fcntl
import mailbox
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

POLL = 0.05


class MailboxBusy(Exception):
    """Another program held the mbox locked for longer than intake waits; nothing was read."""


@contextmanager
def locked(box: mailbox.mbox, path: Path, wait: float) -> Iterator[None]:
    """Hold `box` locked, waiting up to `wait` seconds for whoever holds it now."""
    deadline = time.monotonic() + wait
    while True:
        try:
            release = _lock(box, path)
            break
        except mailbox.ExternalClashError:
            if time.monotonic() >= deadline:
                raise MailboxBusy(
                    f"{path}: another program holds the mbox locked (mail being delivered?); "
                    f"waited {wait:g} s, nothing read. If none does, remove {path}.lock"
                ) from None
            time.sleep(POLL)
    try:
        yield
    finally:
        release()


def _lock(box: mailbox.mbox, path: Path) -> Callable[[], None]:
    """One try, returning what releases the lock; ExternalClashError if someone holds it."""
    try:
        box.lock()
    except OSError as e:
        if e.errno != errno.EBADF:
            raise
        return _shared(path)  # opened read-only: an exclusive fcntl lock is not ours to take
    return box.unlock


def _shared(path: Path) -> Callable[[], None]:
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        fcntl.lockf(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError as e:
        os.close(fd)
        if e.errno in (errno.EAGAIN, errno.EACCES):
            raise mailbox.ExternalClashError(f"lockf: lock unavailable: {path}") from None
        raise
    return lambda: os.close(fd)  # closing it releases the lock
