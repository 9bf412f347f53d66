"""An mbox file held locked while intake reads it, as mail delivery agents lock it.

Intake takes the two locks a delivery agent (procmail, postfix's local, mutt)
takes before it appends: an exclusive fcntl lock on the file, then a dot-lock,
`<mbox>.lock`, beside it. While intake holds them no message is half written
under it; while a delivery holds them intake waits, then gives up having read
nothing. An mbox intake may only read is locked shared (fcntl alone): it needs no
write access, and nothing is ever written to the mbox.

The kernel drops the fcntl lock of a process that dies; a dot-lock stays. Intake
writes "<pid> galbatch <host>" into its dot-lock (a pid first, as liblockfile
reads it), so that the next intake on the same host knows one left by an intake
that was killed, and removes it. Any other dot-lock is never removed.

As with every fcntl lock, a process that closes any descriptor of the mbox drops
it: the mbox object reading it is closed only after the lock is let go.
"""

from __future__ import annotations

import errno
import fcntl
import os
import socket
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

POLL = 0.05
START_SLACK = 2.0  # seconds: /proc's boot time is whole seconds, a start time in ticks
MARK = "galbatch"
_NO_WRITE = (errno.EACCES, errno.EPERM, errno.EROFS)


class MailboxBusy(Exception):
    """Another program held the mbox locked for longer than intake waits; nothing was read."""


class _Held(Exception):
    """One try found the mbox locked by someone else."""


@contextmanager
def locked(path: Path, wait: float) -> Iterator[None]:
    """Hold the mbox at `path` locked, waiting up to `wait` seconds for whoever holds it now."""
    deadline = time.monotonic() + wait
    while True:
        try:
            release = _lock(path)
            break
        except _Held:
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


def _lock(path: Path) -> Callable[[], None]:
    """One try, returning what releases the locks; _Held if someone holds either."""
    try:
        fd = _open_to_write(path)
    except OSError as e:
        if e.errno not in _NO_WRITE:
            raise
        return _shared(path)
    try:
        _fcntl(fd, fcntl.LOCK_EX, path)
        dot = _dot_lock(path)
    except BaseException:
        os.close(fd)  # closing it releases the fcntl lock
        raise

    def release() -> None:
        try:
            if dot is not None:
                dot.unlink(missing_ok=True)
        finally:
            os.close(fd)

    return release


def _open_to_write(path: Path) -> int:
    """The mbox opened for writing, which an exclusive fcntl lock needs (nothing is written)."""
    return os.open(path, os.O_RDWR | os.O_CLOEXEC)


def _shared(path: Path) -> Callable[[], None]:
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        _fcntl(fd, fcntl.LOCK_SH, path)
    except BaseException:
        os.close(fd)
        raise
    return lambda: os.close(fd)  # closing it releases the lock


def _fcntl(fd: int, how: int, path: Path) -> None:
    try:
        fcntl.lockf(fd, how | fcntl.LOCK_NB)
    except OSError as e:
        if e.errno in (errno.EAGAIN, errno.EACCES):
            raise _Held(f"lockf: lock unavailable: {path}") from None
        raise


def _dot_lock(path: Path) -> Path | None:
    """Take `<mbox>.lock`, holding our mark; None where the directory may not be written.

    Made as delivery agents make it: a file of our own, linked to the lock's name,
    which fails if the lock is there. Called with the exclusive fcntl lock held, so
    no other intake is here at the same time."""
    lock = path.with_name(path.name + ".lock")
    host = socket.gethostname()
    mine = path.with_name(f"{path.name}.lock.{host}.{os.getpid()}")
    mark = f"{os.getpid()} {MARK} {host}\n".encode()
    try:
        _write_new(mine, mark)
    except OSError as e:
        if e.errno in _NO_WRITE:
            return None
        raise
    try:
        for _ in range(2):
            try:
                _place(mine, lock, mark)
                return lock
            except FileExistsError:
                killed = _killed_intake_of(lock, host)
                if killed is None:
                    raise _Held(f"dot lock unavailable: {path}") from None
                if killed:
                    lock.unlink(missing_ok=True)
                    with suppress(FileNotFoundError):  # its own file, if it died making the lock
                        os.unlink(f"{lock}.{host}.{killed}")
        raise _Held(f"dot lock unavailable: {path}")
    finally:
        mine.unlink(missing_ok=True)


def _place(mine: Path, lock: Path, mark: bytes) -> None:
    """Link `mine` as `lock`; on a file system without hard links, make `lock` itself.
    FileExistsError if it is there."""
    try:
        os.link(mine, lock)
    except OSError as e:
        if e.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS):
            raise
        _create(lock, mark)


def _write_new(file: Path, data: bytes) -> None:
    """Write `file` afresh; one of our pid left by a process that died is replaced."""
    try:
        _create(file, data)
    except FileExistsError:
        file.unlink()
        _create(file, data)


def _create(file: Path, data: bytes) -> None:
    """Make `file` holding `data`; FileExistsError if anything is there, a link included."""
    fd = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)


def _start_of(file: Path) -> tuple[bytes, float]:
    """The first bytes of a regular file and when it was written, never following a
    link or waiting on a pipe."""
    fd = os.open(file, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        facts = os.fstat(fd)
        if not stat.S_ISREG(facts.st_mode):
            return b"", facts.st_mtime
        return os.read(fd, 200), facts.st_mtime
    finally:
        os.close(fd)


def _killed_intake_of(lock: Path, host: str) -> str | None:
    """The pid in `lock` if it is the mark of an intake on this host whose process is
    gone; "" if the lock is gone already; None if it is anybody else's."""
    try:
        data, written = _start_of(lock)
        fields = data.decode("ascii").split()
    except FileNotFoundError:
        return ""
    except (OSError, UnicodeDecodeError):
        return None
    if len(fields) != 3 or fields[1:] != [MARK, host] or not fields[0].isdigit():
        return None
    return None if _may_hold(int(fields[0]), written) else fields[0]


def _may_hold(pid: int, written: float) -> bool:
    """Whether process `pid` may be the one that wrote a lock at `written`: it runs, and
    did not start after (a pid is used again, after a reboot above all).

    With the exclusive fcntl lock held, another live intake cannot be holding its
    dot-lock; this is the second guard, for file systems whose fcntl locks fail us."""
    if pid == os.getpid():
        return True  # another thread of this process: fcntl locks are the process's
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):
        return True  # it runs, as another user (or the pid cannot be one)
    started = _started(pid)
    return started is None or started <= written + START_SLACK


def _started(pid: int) -> float | None:
    """When process `pid` started, in seconds since the epoch (Linux's /proc); None if unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            ticks = int(f.read().rpartition(b")")[2].split()[19])  # field 22, starttime
        with open("/proc/stat", "rb") as f:
            booted = next(int(x.split()[1]) for x in f if x.startswith(b"btime "))
        return booted + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, StopIteration):
        return None
