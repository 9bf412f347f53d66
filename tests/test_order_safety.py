"""Nothing a player sent is lost: the inbox is cleared only by the commit that consumed it.

Only `process` removes inbox files, only those its turn's intake record names,
and only while they still hold the recorded bytes. Readers never write; stray
entries (links, directories, pipes) are reported and left alone.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.gamedir import commit as commit_module
from galbatch.engine.gamedir.commit import (
    PENDING_PREFIX,
    RECORD_FILE,
    archived_form,
    digest,
    pending_consumed,
    read_record,
    writing,
)
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC
from tests.bundled import shipped

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file semantics")


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True
    )


def tree(path: Path) -> dict[str, tuple[bytes, int]]:
    """Every entry under `path` with its bytes (links and dirs by kind) and mtime."""
    out: dict[str, tuple[bytes, int]] = {}
    for p in sorted(path.rglob("*")):
        st = os.lstat(p)
        if p.is_symlink():
            content = b"link:" + os.readlink(p).encode()
        elif p.is_file():
            content = p.read_bytes()
        else:
            content = b"dir" if p.is_dir() else b"special"
        out[str(p.relative_to(path))] = (content, st.st_mtime_ns)
    return out


DEMO_INBOX = shipped("conflict-demo") / "orders"
ONE = b'GAME conflict-demo PLAYER 1 PASSWORD "arcturus-1997"\nEND\n'


@pytest.mark.slow
def test_the_issue_example_a_resent_identical_file_is_never_deleted(demo: Path) -> None:
    (demo / "orders" / "1.txt").write_bytes(ONE)
    assert process(demo, force=True).committed is not None
    assert not (demo / "orders" / "1.txt").exists(), "the turn consumed it"
    (demo / "orders" / "1.txt").write_bytes(ONE)  # the same standing orders, next turn

    for args in (
        ["check", str(demo / "orders" / "1.txt"), "--game", str(demo)],
        ["print", str(demo), "--turn", "1", "--player", "1"],
        ["print", str(demo), "--archive", "-o", str(demo.parent / "a.pdf")],
        ["process", str(demo), "--dry-run", "--force"],
    ):
        result = galbatch(*args)
        assert result.returncode < 16, result.stderr
        assert (demo / "orders" / "1.txt").read_bytes() == ONE, args

    result = galbatch("process", str(demo), "--force", "--no-pdf")
    assert "1 order file for" in result.stdout
    assert not (demo / "orders" / "1.txt").exists()
    record = read_record(demo / "turns" / "002")
    assert record is not None and [c.name for c in record] == ["1.txt"]
    assert record[0].sha256 == digest((demo / "turns/002/orders/1.txt").read_bytes())


@pytest.mark.slow
def test_the_record_lists_what_the_turn_consumed_and_nothing_else(demo: Path) -> None:
    (demo / "orders" / "notes.md").write_text("GM's own notes")
    result = process(demo)
    record = read_record(demo / "turns" / "001")
    assert record is not None
    assert [c.name for c in record] == [f"{p}.txt" for p in "12345"]
    assert [c.authentic for c in record] == [True, True, True, False, True]  # 4: wrong password
    assert {c.source for c in record} == {"inbox"}
    assert sorted(p.name for p in (demo / "orders").iterdir()) == ["notes.md"]
    assert "notes.md (not the order file of a player who owes orders)" in result.log


@pytest.mark.slow
def test_a_file_changed_during_the_run_stays_in_the_inbox(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The player's newer file is not the one the turn consumed: it waits for the next turn."""
    newer = ONE.replace(b"END", b"P,55,64\nEND")
    real_commit = commit_module.commit_turn

    def commit_after_a_resend(game: Game, turn: int, files: dict[str, bytes], **kw: bool) -> Path:
        (demo / "orders" / "1.txt").write_bytes(newer)  # arrives while the turn is printed
        return real_commit(game, turn, files, **kw)

    monkeypatch.setattr("galbatch.engine.job.run.commit_turn", commit_after_a_resend)
    process(demo)
    assert (demo / "orders" / "1.txt").read_bytes() == newer
    assert sorted(p.name for p in (demo / "orders").iterdir()) == ["1.txt"]


def kill_after_rename(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the next commit die right after its rename, before the inbox is cleared."""

    def killed(game: Game, record: list[commit_module.Consumed]) -> None:
        raise KeyboardInterrupt  # what a kill at that instant leaves behind

    monkeypatch.setattr(commit_module, "_clear_inbox", killed)


@pytest.mark.slow
def test_a_kill_between_rename_and_clearing_is_finished_by_the_next_writer_only(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    inbox = tree(demo / "orders")
    kill_after_rename(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        process(demo)
    monkeypatch.undo()
    assert (demo / "turns" / "001" / RECORD_FILE).is_file()
    assert (demo / "turns" / f"{PENDING_PREFIX}001").is_file()
    assert tree(demo / "orders") == inbox, "the kill came before the clearing"

    # Readers take no part in recovery and see the inbox the record leaves.
    before = tree(demo)
    assert pending_consumed(Game.open(demo)) == {f"{p}.txt" for p in "12345"}
    dry = process(demo, dry_run=True, force=True)
    assert "0 order files for 6 players" in dry.log
    galbatch("check", str(demo / "orders" / "1.txt"), "--game", str(demo))
    galbatch("print", str(demo), "--player", "1")
    assert tree(demo) == before

    # The next writer finishes the commit from the record, then runs turn 2.
    with writing(demo) as game:
        assert game.latest_turn() == 1
    assert list((demo / "orders").iterdir()) == []
    assert not (demo / "turns" / f"{PENDING_PREFIX}001").exists()


def test_a_pending_mark_of_a_turn_that_never_landed_removes_nothing(demo: Path) -> None:
    """Killed before the rename: the mark names a record no committed turn has."""
    inbox = tree(demo / "orders")
    (demo / "turns" / ".tmp-001").mkdir()
    (demo / "turns" / f"{PENDING_PREFIX}001").write_text("0" * 64)
    assert pending_consumed(Game.open(demo)) == frozenset()
    with writing(demo) as game:
        assert game.latest_turn() == 0
    assert tree(demo / "orders") == inbox
    assert sorted(p.name for p in (demo / "turns").iterdir()) == ["000"]


@pytest.mark.slow
def test_a_rerun_with_a_resend_identical_to_the_kept_file_keeps_the_resend(demo: Path) -> None:
    process(demo)
    (demo / "orders" / "1.txt").write_bytes((DEMO_INBOX / "1.txt").read_bytes())
    again = process(demo, rerun=True)
    assert "0 late" in again.log
    record = read_record(demo / "turns" / "001")
    assert record is not None
    assert next(c for c in record if c.name == "1.txt").source == "archive"
    assert (demo / "orders" / "1.txt").exists(), "not consumed by the rerun: kept for turn 2"


@pytest.mark.slow
def test_archived_order_files_keep_no_clear_password(demo: Path) -> None:
    process(demo)
    for file in sorted((demo / "turns" / "001" / "orders").iterdir()):
        text = file.read_text(encoding="utf-8", errors="replace")
        assert "-1997" not in text and "wrong-password" not in text, file.name
        assert "********" in text
    printouts = "".join(
        p.read_text() for p in sorted((demo / "turns" / "001" / "printouts").glob("*.txt"))
    )
    assert "-1997" not in printouts and "wrong-password" not in printouts


@pytest.mark.slow
def test_a_rerun_rechecks_archived_files_without_their_passwords(demo: Path) -> None:
    first = process(demo)
    turn = tree(demo / "turns" / "001")
    again = process(demo, rerun=True, force=True)
    assert again.rc == first.rc
    printouts = demo / "turns" / "001" / "printouts"
    for name, (data, _) in turn.items():
        if name.startswith("printouts/") and name.endswith(".txt"):
            assert (printouts / name.removeprefix("printouts/")).read_bytes() == data, name
    assert "ORDERS: REJECTED: WRONG PASSWORD" in (printouts / "4.txt").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["outside", "game.yaml", "directory", "fifo", "dangling"])
def test_only_regular_files_are_read_from_the_inbox(demo: Path, tmp_path: Path, kind: str) -> None:
    target = demo / "orders" / "6.txt"  # VEGA sent nothing: the entry is all there is
    secret = tmp_path / "secret.txt"
    secret.write_text('GAME conflict-demo PLAYER 6 PASSWORD "vega-1997"\nEND\n# TOP SECRET\n')
    if kind == "outside":
        target.symlink_to(secret)
    elif kind == "game.yaml":
        target.symlink_to(Path("..") / "game.yaml")
    elif kind == "directory":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(tmp_path / "missing")
    result = galbatch("process", str(demo), "--no-pdf")
    assert result.returncode == RC.ERROR, result.stdout + result.stderr  # 4's password
    assert "020   INTAKE   0004" in result.stdout
    assert "6.txt (" in result.stdout and "stray" in result.stdout
    assert os.path.lexists(target), "left alone"
    assert not (demo / "turns" / "001" / "orders" / "6.txt").exists()
    archived = b"".join(p.read_bytes() for p in (demo / "turns" / "001").rglob("*") if p.is_file())
    assert b"TOP SECRET" not in archived and b"missing_orders_limit" not in archived


@pytest.mark.slow
def test_an_oversized_file_is_rejected_and_left_in_the_inbox(demo: Path) -> None:
    big = ONE + b"# padding\n" * 30_000
    (demo / "orders" / "1.txt").write_bytes(big)
    result = process(demo, pdf=False)
    assert "over 256 KB left in orders/" in result.log
    assert (demo / "orders" / "1.txt").read_bytes() == big
    assert "GB002" in (demo / "turns" / "001" / "printouts" / "1.txt").read_text()
    record = read_record(demo / "turns" / "001")
    assert record is not None and "1.txt" not in {c.name for c in record}


@pytest.mark.slow
def test_archived_form_is_what_the_record_hashes(demo: Path) -> None:
    process(demo)
    record = read_record(demo / "turns" / "001")
    assert record is not None
    for c in record:
        original = (DEMO_INBOX / c.name).read_bytes()
        assert digest(archived_form(original)) == c.sha256


@pytest.mark.parametrize("name", ["2.TXT", "02.txt", "POLARIS.txt", "2.txt.txt", "polaris"])
def test_a_misnamed_file_of_a_player_owing_orders_stops_the_run(demo: Path, name: str) -> None:
    """A file whose header names a player who owes orders is never passed over in
    silence: the run stops with 12, naming the file and the fix, and nothing changes;
    renamed, the file is taken; with --force the turn runs without it, and says so."""
    inbox = demo / "orders"
    (inbox / "2.txt").rename(inbox / name)
    before = tree(demo)
    result = galbatch("process", str(demo), "--no-pdf")
    assert result.returncode == RC.UNUSABLE, result.stdout + result.stderr
    assert "020   INTAKE   0012" in result.stdout
    assert f"orders/{name}: its header names 2 POLARIS" in result.stdout
    assert "rename it orders/2.txt" in result.stdout
    assert tree(demo) == before, "nothing changed"

    forced = galbatch("process", str(demo), "--no-pdf", "--force")
    assert "020   INTAKE   0004" in forced.stdout, forced.stdout
    assert "2 POLARIS: sent nothing" in forced.stdout
    assert f"left in orders/: {name} (its header names player 2: name it 2.txt)" in forced.stdout
    assert (inbox / name).exists(), "left where it was"


def test_a_renamed_file_is_taken(demo: Path) -> None:
    """The fix the message gives works: the file renamed is player 2's orders."""
    inbox = demo / "orders"
    (inbox / "2.txt").rename(inbox / "2.TXT")
    assert galbatch("process", str(demo), "--no-pdf").returncode == RC.UNUSABLE
    (inbox / "2.TXT").rename(inbox / "2.txt")
    result = galbatch("process", str(demo), "--no-pdf")
    assert "2 POLARIS: sent nothing" not in result.stdout
    assert (demo / "turns" / "001" / "orders" / "2.txt").exists()


def test_a_misnamed_file_naming_no_player_is_only_a_stray(demo: Path) -> None:
    """A file whose header names no player of the game stays a stray entry (RC 4)."""
    (demo / "orders" / "notes.TXT").write_text('GAME conflict-demo PLAYER 99 PASSWORD "x"\nEND\n')
    result = galbatch("process", str(demo), "--no-pdf")
    assert "020   INTAKE   0004" in result.stdout
    assert "notes.TXT (not the order file of a player who owes orders)" in result.stdout
