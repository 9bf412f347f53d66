"""A private file (mode 0600) made once: written aside, then linked into place.

The file is there whole or not at all, even if its writer is killed meanwhile; if
another process made it first, theirs stays.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path


def make_once(path: Path, data: bytes) -> None:
    """Put `data` at `path` unless a file is there already (then it is left as it is).
    Raises OSError if it cannot be written."""
    aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        with contextlib.suppress(FileExistsError):
            os.link(aside, path)
    finally:
        aside.unlink(missing_ok=True)
