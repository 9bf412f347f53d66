"""The mbox is read under the locks mail delivery takes (fcntl, `<mbox>.lock`), never written."""

from __future__ import annotations

import mailbox
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest

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
        done = subprocess.run(
            [sys.executable, "-m", "galbatch.cli", "intake", str(game), str(box)],
            capture_output=True,
            text=True,
            check=False,
            env={**os.environ, "GALBATCH_LOCK_WAIT": "0.3"},
        )
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
def read_only(box: Path) -> Iterator[mailbox.mbox]:
    """The mbox as mailbox opens it without write permission (opened "rb")."""
    opened = mailbox.mbox(box, create=False)
    writable: IO[bytes] = opened._file  # type: ignore[attr-defined]
    writable.close()
    opened._file = open(box, "rb")  # type: ignore[attr-defined]  # noqa: SIM115
    try:
        yield opened
    finally:
        opened.close()


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
def test_an_mbox_opened_read_only_is_locked_shared(box: Path, read_only: mailbox.mbox) -> None:
    assert exclusive_free(box)
    with locked(read_only, box, 0):
        assert len(read_only.keys()) == 2
        assert not exclusive_free(box), "a delivery waits while intake reads"
        assert not box.with_name(box.name + ".lock").exists(), "no dot-lock without write access"
    assert exclusive_free(box)
    holder = hold(box, "fcntl")
    try:
        with pytest.raises(MailboxBusy), locked(read_only, box, 0.1):
            pass
    finally:
        release(holder)
