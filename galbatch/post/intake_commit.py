"""A run of intake made durable all at once: what it changes is first written to one
journal, `intake/commit.json`, then put in place, then the journal is removed.

A run killed before the journal is whole changed nothing that decides anything (the
messages it kept and the answers it wrote are the same bytes a rerun writes); one killed
after it is finished by the next intake from the journal, before it reads any mail.
Either way the inbox, the records, the answers and the log end byte for byte as a run
that was never killed leaves them (issue 24)."""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Mapping
from pathlib import Path

from galbatch.engine.gamedir.commit import INTAKE_JOURNAL, fsync_dir
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE
from galbatch.post.replies import write_atomic

JOURNAL = INTAKE_JOURNAL  # the engine refuses a turn while it is there


def commit_files(path: Path, files: Mapping[str, bytes], log: str, log_file: str) -> None:
    """Write the journal of `files` (paths under `path`, with their new bytes) and of the
    lines to append to `log_file`, then apply it and remove it."""
    log_path = path / log_file
    offset = log_path.stat().st_size if log_path.is_file() else 0
    journal = {
        "files": {
            rel: base64.b64encode(data).decode("ascii") for rel, data in sorted(files.items())
        },
        "log": log,
        "log_file": log_file,
        "log_offset": offset,
    }
    target = path / JOURNAL
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, json.dumps(journal, sort_keys=True).encode("utf-8"))
    fsync_dir(target.parent)
    _apply(path, journal)


def finish_commit(path: Path) -> None:
    """Finish a run a kill interrupted after its journal was written; nothing if none was."""
    target = path / JOURNAL
    if not target.is_file():
        return
    try:
        journal = json.loads(target.read_bytes())
        if not isinstance(journal, dict) or not isinstance(journal.get("files"), dict):
            raise ValueError("not an intake journal")
    except (OSError, ValueError) as e:
        raise GameError(f"{target}: cannot finish the intake it records: {e}") from None
    _apply(path, journal)


def _apply(path: Path, journal: dict[str, object]) -> None:
    files = journal["files"]
    assert isinstance(files, dict)
    dirs: set[Path] = set()
    for rel, text in sorted(files.items()):
        target = path / rel
        if target.is_symlink() or (target.exists() and not target.is_file()):
            raise OSError(f"{target}: not a regular file; nothing written")
        target.parent.mkdir(parents=True, exist_ok=True)
        mode = 0o644 if rel == SIGNUPS_FILE else 0o600  # the list is read by others
        write_atomic(target, base64.b64decode(str(text)), mode)
        dirs.add(target.parent)
    log = str(journal.get("log") or "")
    if log:
        log_path = path / str(journal["log_file"])
        offset = int(str(journal["log_offset"]))
        with log_path.open("a+b") as f:
            f.truncate(offset)  # a line a killed run appended is written once
            f.write(log.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
    for d in sorted(dirs):
        fsync_dir(d)
    (path / JOURNAL).unlink()
    fsync_dir((path / JOURNAL).parent)
