"""The mbox is read under the locks mail delivery takes (fcntl, `<mbox>.lock`), never written."""

from __future__ import annotations

import errno
import mailbox
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from subprocess import PIPE
from typing import Any

import pytest

from galbatch.post import mboxlock
from galbatch.post.intake_record import FILED
from galbatch.post.mailin import intake
from galbatch.post.mboxlock import MailboxBusy, locked
from tests.test_post_support import letter, make_game, mbox, orders

# Another program holding the mbox: both locks as a delivery agent takes them, the
# fcntl lock alone, or a shared fcntl lock; it says "locked", then holds on until its
# standard input closes, or for argv[3] seconds.
HOLDER = """
import fcntl, mailbox, sys, time
path, how = sys.argv[1], sys.argv[2]
if how == "delivery":
    box = mailbox.mbox(path, create=False)
    box.lock()
else:
    f = open(path, "rb+")
    fcntl.lockf(f, fcntl.LOCK_EX)
print("locked", flush=True)
if len(sys.argv) > 3:
    time.sleep(float(sys.argv[3]))
else:
    sys.stdin.read()
if how == "delivery":
    box.unlock()
"""


def hold(path: Path, how: str, seconds: float | None = None) -> subprocess.Popen[str]:
    args = [sys.executable, "-c", HOLDER, str(path), how]
    if seconds is not None:
        args.append(str(seconds))
    holder = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    return holder


def release(holder: subprocess.Popen[str]) -> None:
    assert holder.stdin is not None
    holder.stdin.close()
    assert holder.wait(10) == 0


def intake_command(game: Path, box: Path, wait: str) -> subprocess.CompletedProcess[str]:
    """`galbatch intake GAME BOX` run as the post room runs it, waiting `wait` seconds."""
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "intake", str(game), str(box)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "GALBATCH_LOCK_WAIT": wait},
    )


@pytest.fixture
def game(tmp_path: Path) -> Path:
    return make_game(tmp_path / "gc16")


@pytest.fixture
def box(tmp_path: Path) -> Path:
    (tmp_path / "mail").mkdir()
    return mbox(tmp_path / "mail" / "gc16.mbox", [letter(orders("1")), letter(orders("2"))])


def untouched(game: Path) -> bool:
    """Nothing filed, kept or answered: the game as make_game left it."""
    return not (game / "intake").exists() and not (game / "outbox").exists()


def test_intake_reads_under_both_locks_and_writes_nothing_to_the_mbox(
    game: Path, box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dot_lock = box.with_name(box.name + ".lock")
    held_while_reading = []
    get_file = mailbox.mbox.get_file

    def watched(self: mailbox.mbox, key: str, from_: bool = False) -> Any:
        held_while_reading.append(dot_lock.exists())
        return get_file(self, key, from_)

    monkeypatch.setattr(mailbox.mbox, "get_file", watched)
    before = (
        box.read_bytes(),
        box.stat().st_mtime_ns,
        box.stat().st_mode,
        sorted(os.listdir(box.parent)),
    )
    result = intake(game, box, wait=0)
    assert [e.outcome for e in result.entries] == [FILED, FILED]
    assert held_while_reading == [True, True], "the dot-lock is held while messages are read"
    after = (
        box.read_bytes(),
        box.stat().st_mtime_ns,
        box.stat().st_mode,
        sorted(os.listdir(box.parent)),
    )
    assert after == before, "the mbox and its directory as they were: no lock left behind"


@pytest.mark.slow
def test_a_delivery_in_progress_makes_intake_give_up_with_12(game: Path, box: Path) -> None:
    holder = hold(box, "delivery")
    try:
        done = intake_command(game, box, wait="0.3")
    finally:
        release(holder)
    assert done.returncode == 12 and done.stdout == ""
    assert done.stderr == (
        f"galbatch: {box}: another program holds the mbox locked (mail being delivered?); "
        f"waited 0.3 s, nothing read. If none does, remove {box}.lock\n"
    )
    assert untouched(game)
    assert not box.with_name(box.name + ".lock").exists(), "the holder's dot-lock is gone with it"


@pytest.mark.slow
@pytest.mark.parametrize("how", ["fcntl", "dot-lock"])
def test_either_lock_alone_keeps_intake_out(game: Path, box: Path, how: str) -> None:
    dot_lock = box.with_name(box.name + ".lock")
    holder = None
    if how == "fcntl":
        holder = hold(box, "fcntl")
    else:
        dot_lock.write_text("4242\n")  # as procmail's lockfile leaves it
    try:
        with pytest.raises(MailboxBusy, match="another program holds the mbox locked"):
            intake(game, box, wait=0.2)
    finally:
        if holder is not None:
            release(holder)
    assert untouched(game)
    if how == "dot-lock":
        assert dot_lock.read_text() == "4242\n", "someone else's dot-lock is never removed"
        dot_lock.unlink()
    assert [e.outcome for e in intake(game, box, wait=0).entries] == [FILED, FILED]


@pytest.mark.slow
def test_intake_waits_for_a_delivery_to_finish(game: Path, box: Path) -> None:
    holder = hold(box, "delivery", seconds=0.4)
    start = time.monotonic()
    result = intake(game, box, wait=10)
    waited = time.monotonic() - start
    assert holder.wait(10) == 0
    assert [e.outcome for e in result.entries] == [FILED, FILED]
    assert waited >= 0.2, "it read only once the holder had let go"


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mbox as intake finds it without write permission (as root, chmod would not do)."""

    def refused(path: Path) -> int:
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(mboxlock, "_open_to_write", refused)


def exclusive_free(path: Path) -> bool:
    """Whether another process could take the exclusive fcntl lock a delivery takes, now."""
    probe = (
        "import fcntl, sys; fcntl.lockf(open(sys.argv[1], 'rb+'), fcntl.LOCK_EX | fcntl.LOCK_NB)"
    )
    return (
        subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True).returncode
        == 0
    )


@pytest.mark.slow
@pytest.mark.usefixtures("read_only")
def test_an_mbox_opened_read_only_is_locked_shared(box: Path) -> None:
    assert exclusive_free(box)
    opened = mailbox.mbox(box, create=False)  # closed after the lock, as intake does: a
    with locked(box, 0):  # process that closes any descriptor of a file drops its fcntl locks
        assert len(opened.keys()) == 2
        assert not exclusive_free(box), "a delivery waits while intake reads"
        assert not box.with_name(box.name + ".lock").exists(), "no dot-lock without write access"
    opened.close()
    assert exclusive_free(box)
    holder = hold(box, "fcntl")
    try:
        with pytest.raises(MailboxBusy), locked(box, 0.1):
            pass
    finally:
        release(holder)


@pytest.mark.usefixtures("read_only")
def test_without_write_access_no_dot_lock_is_made(box: Path) -> None:
    with locked(box, 0):
        assert os.listdir(box.parent) == [box.name]


def test_a_directory_that_may_not_be_written_gets_no_dot_lock(
    box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(file: Path, data: bytes) -> None:
        raise PermissionError(errno.EACCES, "Permission denied", str(file))

    monkeypatch.setattr(mboxlock, "_write_new", refused)
    with locked(box, 0):
        assert not exclusive_free(box), "the fcntl lock alone, exclusive"
        assert os.listdir(box.parent) == [box.name]
    assert exclusive_free(box)


def dot_lock_of(box: Path) -> Path:
    return box.with_name(box.name + ".lock")


def gone_pid() -> int:
    """The pid of a process that has ended and been waited for."""
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    return done.pid


def test_the_dot_lock_names_its_intake_as_liblockfile_reads_it(box: Path) -> None:
    with locked(box, 0):
        mark = dot_lock_of(box).read_text()
        assert sorted(os.listdir(box.parent)) == sorted([box.name, box.name + ".lock"])
    assert mark == f"{os.getpid()} galbatch {socket.gethostname()}\n"
    assert os.listdir(box.parent) == [box.name]


# An intake holding the mbox, killed with SIGKILL: it says "locked", then waits.
KILLED = """
import sys, time
from pathlib import Path
from galbatch.post.mboxlock import locked
with locked(Path(sys.argv[1]), 0):
    print("locked", flush=True)
    time.sleep(60)
"""


@pytest.mark.slow
def test_a_dot_lock_left_by_a_killed_intake_is_taken_over(game: Path, box: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", KILLED, str(box)], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    left = dot_lock_of(box).read_text()
    assert left == f"{holder.pid} galbatch {socket.gethostname()}\n"
    done = intake_command(game, box, wait="0")
    assert done.returncode == 0, done.stderr
    assert os.listdir(box.parent) == [box.name], "the dead intake's dot-lock is gone"
    assert [e.outcome for e in intake(game, box, wait=0).entries] == []


def test_the_file_a_killed_intake_made_its_dot_lock_from_goes_with_it(
    game: Path, box: Path
) -> None:
    pid, host = gone_pid(), socket.gethostname()
    dot_lock_of(box).write_text(f"{pid} galbatch {host}\n")
    box.with_name(f"{box.name}.lock.{host}.{pid}").write_text(f"{pid} galbatch {host}\n")
    assert [e.outcome for e in intake(game, box, wait=0).entries] == [FILED, FILED]
    assert os.listdir(box.parent) == [box.name]


@pytest.mark.parametrize(
    "mark",
    [
        "{live} galbatch {host}\n",  # an intake still running
        "{gone} galbatch elsewhere.example.org\n",  # on another host: its pid says nothing here
        "{gone}\n",  # liblockfile's: another program's, never removed
        "{gone} galbatch\n",
        "{gone} galbatch {host} more\n",
        "",  # as Python's mailbox leaves it
        "\udcff galbatch {host}\n",
    ],
)
def test_a_dot_lock_that_is_not_a_killed_intakes_is_kept(game: Path, box: Path, mark: str) -> None:
    live = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        text = mark.format(live=live.pid, gone=gone_pid(), host=socket.gethostname())
        dot_lock_of(box).write_bytes(text.encode("utf-8", "surrogateescape"))
        with pytest.raises(MailboxBusy):
            intake(game, box, wait=0)
        assert dot_lock_of(box).read_bytes() == text.encode("utf-8", "surrogateescape")
        assert untouched(game)
    finally:
        assert live.stdin is not None
        live.stdin.close()
        live.wait()


@pytest.mark.parametrize("kind", ["link to /dev/zero", "pipe", "directory", "large file"])
def test_an_odd_dot_lock_is_kept_and_never_read_whole(game: Path, box: Path, kind: str) -> None:
    lock = dot_lock_of(box)
    if kind == "link to /dev/zero":
        lock.symlink_to("/dev/zero")
    elif kind == "pipe":
        os.mkfifo(lock)
    elif kind == "directory":
        lock.mkdir()
    else:
        with lock.open("wb") as f:
            f.write(f"{gone_pid()} galbatch {socket.gethostname()}\n".encode())
            f.truncate(1 << 40)  # sparse: a terabyte a careless read would try to hold
    with pytest.raises(MailboxBusy):
        intake(game, box, wait=0)
    assert lock.is_symlink() or lock.exists()
    assert untouched(game)


def test_a_dot_lock_whose_pid_now_names_a_process_started_after_it_is_taken_over(
    game: Path, box: Path
) -> None:
    """As after a reboot: the pid in a killed intake's lock is another program's now."""
    later = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=PIPE)
    try:
        dot_lock_of(box).write_text(f"{later.pid} galbatch {socket.gethostname()}\n")
        an_hour_ago = time.time() - 3600
        os.utime(dot_lock_of(box), (an_hour_ago, an_hour_ago))
        assert [e.outcome for e in intake(game, box, wait=0).entries] == [FILED, FILED]
        assert os.listdir(box.parent) == [box.name]
        assert later.poll() is None, "the process itself is left alone"
    finally:
        assert later.stdin is not None
        later.stdin.close()
        later.wait()


def test_a_dot_lock_naming_this_very_process_is_kept(game: Path, box: Path) -> None:
    """Another thread's: fcntl locks are the process's, so only the pid tells."""
    dot_lock_of(box).write_text(f"{os.getpid()} galbatch {socket.gethostname()}\n")
    an_hour_ago = time.time() - 3600
    os.utime(dot_lock_of(box), (an_hour_ago, an_hour_ago))
    with pytest.raises(MailboxBusy):
        intake(game, box, wait=0)
    assert untouched(game)


def test_a_file_system_without_hard_links_gets_the_dot_lock_made_in_place(
    game: Path, box: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: object, target: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(mboxlock.os, "link", no_links)
    with locked(box, 0):
        mark = dot_lock_of(box).read_text()
        assert sorted(os.listdir(box.parent)) == sorted([box.name, box.name + ".lock"])
    assert mark == f"{os.getpid()} galbatch {socket.gethostname()}\n"
    assert os.listdir(box.parent) == [box.name]
    assert [e.outcome for e in intake(game, box, wait=0).entries] == [FILED, FILED]
