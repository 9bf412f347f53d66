"""Work done meanwhile by a forked child on a second core, for the CPU-bound parts of a turn.

The child is a fork of the job: it runs the same code on the same data, so what it makes
is the same bytes as if the job had made it; it sends them back pickled through a pipe
and ends without running the job's exit handlers. A child that fails costs only time:
the caller does the work itself.
"""

from __future__ import annotations

import mmap
import multiprocessing
import os
import pickle
import signal
import struct
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

T = TypeVar("T")

_one_core = False  # set in a job stream's worker: its sibling workers use the other cores


def cores() -> int:
    """CPU cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def keep_to_one_core(one: bool = True) -> None:
    """Fork no worker from now on (or again, `one` False): this process is one of a job
    stream's workers, which keep every core busy with a game each (a fork then only adds
    its cost)."""
    global _one_core
    _one_core = one


def can_fork() -> bool:
    """Whether a worker may be forked: more than one core for this process, and no other
    thread running (a lock one holds would stay held in the child)."""
    if _one_core:
        return False
    return hasattr(os, "fork") and threading.active_count() == 1 and cores() > 1


class Forked(Generic[T]):
    """`work()` running in a forked child; `result()` waits for what it returned (None if
    it failed), `cancel()` kills it. One of the two must be called, once."""

    def __init__(self, work: Callable[[], T]) -> None:
        read, write = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read)
            os.close(write)
            raise
        if pid == 0:  # the child: never returns, never runs the parent's exit handlers
            code = 1
            try:
                os.close(read)
                with open(write, "wb") as out:
                    out.write(pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL))
                code = 0
            finally:
                os._exit(code)
        os.close(write)
        self.pid, self.read = pid, read

    def result(self) -> T | None:
        """What the child's work returned, once it has ended; None if it failed."""
        with open(self.read, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(self.pid, 0)
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return None
        got: T = pickle.loads(data)
        return got

    def cancel(self) -> None:
        """Kill the child and wait for it to end."""
        os.close(self.read)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)


class Claims:
    """Items 0 .. n-1 shared out between a process and its forked worker as each is free:
    one takes them from the front, the other from the back, until they meet, so neither
    waits for the other however the machine's load falls. Make it before the fork."""

    def __init__(self, n: int) -> None:
        self.lock = multiprocessing.get_context("fork").Lock()
        self.memory = mmap.mmap(-1, 8)  # anonymous and shared: the child sees the same
        struct.pack_into("ii", self.memory, 0, 0, n - 1)

    def take(self, front: bool) -> int | None:
        """The next item from the front or the back, or None when all are taken."""
        with self.lock:
            first, last = struct.unpack_from("ii", self.memory, 0)
            if first > last:
                return None
            if front:
                struct.pack_into("ii", self.memory, 0, first + 1, last)
                return int(first)
            struct.pack_into("ii", self.memory, 0, first, last - 1)
            return int(last)


@contextmanager
def meanwhile(work: Callable[[], T], wanted: bool = True) -> Iterator[Callable[[], T]]:
    """`work` started in a forked worker if `wanted` and `can_fork()`; the function given
    returns its result, made here if the worker failed or was not started. A worker whose
    result is not taken by the end of the block is killed."""
    child = None
    if wanted and can_fork():
        try:
            child = Forked(work)
        except OSError:  # no fork now (too many processes, too little memory)
            child = None
    if child is None:
        yield work
        return
    taken = False

    def result() -> T:
        nonlocal taken
        taken = True
        got = child.result()
        return work() if got is None else got

    try:
        yield result
    finally:
        if not taken:
            child.cancel()
