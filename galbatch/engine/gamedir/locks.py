"""OS locks on a game directory: one writer at a time; readers never see a commit half done.

Both are flock(2) locks on directory descriptors opened read-only: taking one
writes nothing, and the kernel releases it when its process dies, so a killed
run never leaves a stale lock behind.

- The writer lock is on the game directory itself. `process` and `new` hold it
  for their whole run; a second writer waits a little, then gives up.
- The commit lock is on `turns/`. The writer holds it exclusively only while it
  renames a turn into place and clears the inbox; readers (`check --game`,
  `print`, a dry run) hold it shared while they read, so they see turn N with
  its inbox or turn N+1 without it, never a mixture.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

WRITER_WAIT = 10.0  # seconds a second writer waits for the first before giving up
WAIT_VARIABLE = "GALBATCH_LOCK_WAIT"  # overrides WRITER_WAIT (seconds)
POLL = 0.05


class GameBusy(Exception):
    """Another galbatch process is writing the game; nothing was changed."""


def writer_wait() -> float:
    """How long a writer waits for the lock: WRITER_WAIT unless the environment says otherwise."""
    try:
        return max(0.0, float(os.environ.get(WAIT_VARIABLE, WRITER_WAIT)))
    except ValueError:
        return WRITER_WAIT


@contextmanager
def writer_lock(directory: Path, wait: float | None = None) -> Iterator[None]:
    """Hold the game's writer lock; raise GameBusy if another writer keeps it past `wait`."""
    import fcntl

    wait = writer_wait() if wait is None else wait
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise GameBusy(
                        f"{directory}: another galbatch run is writing this game "
                        f"(waited {wait:g} s); nothing changed"
                    ) from None
                time.sleep(POLL)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


@contextmanager
def commit_lock(turns: Path, *, exclusive: bool) -> Iterator[None]:
    """Hold `turns/` shared (to read) or exclusive (to commit); no lock if there is no turns/."""
    import fcntl

    try:
        fd = os.open(turns, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        yield  # nothing committed yet: nothing to keep consistent
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)


def writer_busy(directory: Path) -> bool:
    """Whether a writer (`process`, `intake`, ...) holds the game's writer lock now.

    Asks with a shared lock, taken and dropped at once: it writes nothing and never
    waits, so a page can say a run is under way without holding the run up."""
    import fcntl

    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False
