"""speed: what a command keeps in the per-user cache of what it would otherwise make again
at every run (compiled code, engine code of patterns): a `Shelf` of marshal files, one
for each module that asked, read when it first asks and written whole at exit when it
learnt something new.

A file that cannot be read, or holds anything else, reads as nothing, and its user
makes and checks every entry it takes; a cache that cannot be written costs only the
making again.
"""

from __future__ import annotations

import atexit
import marshal
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

_flushes: list[Callable[[], None]] = []


def read_dict(path: Path | None) -> dict[Any, Any]:
    """The dict the file holds; an empty one if it is missing, damaged or not a dict."""
    if path is None:
        return {}
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return data if isinstance(data, dict) else {}


def write_dict(path: Path, data: dict[Any, Any]) -> None:
    """Write the file beside its place and move it there: a reader sees the old or the new."""
    import tempfile  # here: only a run that learnt something writes (tempfile imports random)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(marshal.dumps(data))
            os.replace(name, path)
        except BaseException:
            os.unlink(name)
            raise
    except OSError:  # a cache that cannot be written: the next run makes it again
        pass


def at_exit(flush: Callable[[], None]) -> None:
    """Have `flush` write what was learnt when the process ends, by `atexit` or by
    `flush_all` (`end_at_once` ends the process without `atexit`)."""
    _flushes.append(flush)
    atexit.register(flush)


def flush_all() -> None:
    """Write what every file learnt so far."""
    for flush in _flushes:
        flush()


class Shelf:
    """Entries kept by the module that made them, one file a module in `directory` (None:
    kept for this process only); at most `most` entries a module, so that a module that
    makes them from changing data never grows its file without end."""

    def __init__(
        self, directory: Path | None, most: int, keeps: Callable[[Any, Any], bool]
    ) -> None:
        """`keeps`: whether a key and value read from a file have the shape of an entry;
        the others are left out (and so out of the file when it is written again)."""
        self.directory = directory
        self.most = most
        self.keeps = keeps
        self.modules: dict[str, dict[Any, Any]] = {}
        self.learnt: set[str] = set()  # the modules with an entry not in their file

    def path(self, module: str) -> Path | None:
        """The module's file; None without a cache, or for a name no module has."""
        if self.directory is None or not module.replace(".", "").replace("_", "").isalnum():
            return None
        return self.directory / f"{module}.marshal"

    def entries(self, module: str) -> dict[Any, Any]:
        """The module's entries: its file's, read on first asking."""
        found = self.modules.get(module)
        if found is None:
            read = read_dict(self.path(module))
            found = self.modules[module] = {k: v for k, v in read.items() if self.keeps(k, v)}
        return found

    def learn(self, module: str, key: Any, value: Any) -> None:
        """Keep `value` for the module, to be written at exit (unless it has enough)."""
        entries = self.entries(module)
        if key in entries or len(entries) < self.most:
            entries[key] = value
            self.learnt.add(module)

    def flush(self) -> None:
        """Write the file of every module that learnt an entry, in a fixed order."""
        for module in sorted(self.learnt):
            path = self.path(module)
            if path is not None:
                entries = self.modules[module]
                write_dict(path, {k: entries[k] for k in sorted(entries, key=repr)})
        self.learnt.clear()
