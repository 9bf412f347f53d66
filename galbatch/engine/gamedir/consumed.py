"""A turn's record of the order files it took (`intake.yaml`): written by the commit,
read by the next turn and by `check --game`, which must not import the commit's
machinery (shutil, the locks of a writer) to read it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.sha256 import hexdigest
from galbatch.engine.gamedir.yamlio import dump_data, load_data
from galbatch.engine.language.orderfile import redact

RECORD_FILE = "intake.yaml"
FROM_INBOX = "inbox"
FROM_ARCHIVE = "archive"  # a rerun kept the file the replaced turn had archived


@dataclass(frozen=True)
class Consumed:
    """One order file a turn took: its inbox name, the hash of its archived bytes, its origin."""

    name: str
    sha256: str
    source: str  # FROM_INBOX or FROM_ARCHIVE
    authentic: bool  # its header named this game, player and the right password


def digest(data: bytes) -> str:
    return hexdigest(data)


def record_bytes(consumed: list[Consumed]) -> bytes:
    """The turn's intake record, in a fixed order so the same turn gives the same bytes."""
    rows = [
        {"file": c.name, "sha256": c.sha256, "from": c.source, "authentic": c.authentic}
        for c in sorted(consumed, key=lambda c: c.name)
    ]
    return dump_data({"consumed": rows}).encode("utf-8")


def read_record(turn_dir: Path) -> list[Consumed] | None:
    """A committed turn's intake record; None for a turn without one (setup, older games)."""
    file = turn_dir / RECORD_FILE
    if not file.is_file():
        return None
    try:
        data: Any = load_data(file)
        return [
            Consumed(str(row["file"]), str(row["sha256"]), str(row["from"]), bool(row["authentic"]))
            for row in data["consumed"]
        ]
    except (ValueError, LookupError, TypeError) as e:  # LoadError is a ValueError
        raise GameError(f"{file}: not a usable intake record ({e})") from None


def archived_form(data: bytes) -> bytes:
    """An order file as a turn archives it: the clear password replaced by a mark."""

    return redact(data)
