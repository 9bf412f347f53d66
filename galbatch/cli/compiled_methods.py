"""speed: the methods `dataclasses` writes for each class, compiled once per user.

`dataclass` writes the source of a class's `__init__`, `__repr__`, `__eq__` and the rest,
and compiles it each time a process makes the class: two thirds of making one, about
0.6 ms. A command makes dozens (a Galac-Tac check 30, a turn over a hundred), every run.
With `install`, `dataclasses` runs its sources through `compiled`, which keeps each
compiled source in the per-user cache, a file a module (`methods-TAG/MODULE.marshal`,
TAG naming the interpreter), read when the module first makes a class and written
again at exit if it learnt a source (`flush`).

The code is what `exec` would have compiled from the same source, with the same
`__future__` flags as the caller; a cache file that cannot be read, or holds anything
else, is compiled afresh and written again. Like Python's own bytecode caches and the
parser tables lark keeps beside them, the files are code this program runs: the cache
directory is the user's own.
"""

from __future__ import annotations
import __future__

import atexit
import marshal
import os
import sys
from pathlib import Path
from types import CodeType
from typing import Any

# the compiler flags a caller's `from __future__` imports set, which `exec` passes on
_FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _name).compiler_flag

# the interpreter and optimisation level the code was compiled by: another reads no file
TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:x}-O{sys.flags.optimize}"


class _Shelf:
    """The compiled sources of every module that made a class in this process."""

    def __init__(self, directory: Path | None) -> None:
        self.directory = directory
        self.modules: dict[str, dict[str, CodeType]] = {}
        self.learnt: set[str] = set()  # the modules with a source not in their file
        self.compiled = 0  # the sources compiled in this process (the tests count them)

    def path(self, module: str) -> Path | None:
        """The module's file; None without a cache, or for a name no module has."""
        if self.directory is None or not module.replace(".", "").replace("_", "").isalnum():
            return None
        return self.directory / f"{module}.marshal"

    def codes(self, module: str) -> dict[str, CodeType]:
        """The module's compiled sources: its file's on first asking."""
        found = self.modules.get(module)
        if found is None:
            found = self.modules[module] = _read(self.path(module))
        return found

    def code(self, source: str, flags: int, module: str) -> CodeType:
        """The code of `source`, from the module's file or compiled now."""
        key = f"{flags}\n{source}"
        codes = self.codes(module)
        code = codes.get(key)
        if code is None:
            code = compile(source, "<string>", "exec", flags=flags, dont_inherit=True)
            self.compiled += 1
            codes[key] = code
            self.learnt.add(module)
        return code

    def flush(self) -> None:
        """Write the file of every module that learnt a source, whole, in place at once."""
        for module in sorted(self.learnt):
            path = self.path(module)
            if path is not None:
                _write(path, self.modules[module])
        self.learnt.clear()


def _read(path: Path | None) -> dict[str, CodeType]:
    """The compiled sources a module's file holds; none if it is missing or not one."""
    if path is None:
        return {}
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, CodeType)}


def _write(path: Path, codes: dict[str, CodeType]) -> None:
    """Write the file beside its place and move it there: a reader sees the old or the new."""
    import tempfile  # here: only a run that learnt a source writes (tempfile imports random)

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(marshal.dumps(dict(sorted(codes.items()))))
            os.replace(name, path)
        except BaseException:
            os.unlink(name)
            raise
    except OSError:  # a cache that cannot be written: the next run compiles again
        pass


_shelf: _Shelf | None = None


def compiled(source: Any, globals: Any = None, locals: Any = None) -> None:
    """`exec` for `dataclasses`: a source string's code from the shelf (compiled with the
    caller's `__future__` flags, as `exec` compiles it), anything else as `exec` runs it."""
    if not isinstance(source, str):
        exec(source, globals, locals)
        return
    flags = sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
    module = globals.get("__name__") if isinstance(globals, dict) else None
    if _shelf is not None and isinstance(module, str):
        code = _shelf.code(source, flags, module)
    else:
        code = compile(source, "<string>", "exec", flags=flags, dont_inherit=True)
    exec(code, globals, locals)


def install(directory: Path | None) -> None:
    """Have `dataclasses` compile through the shelf kept in `directory` (the user's cache;
    None: kept for this process only), written at exit."""
    global _shelf
    import dataclasses  # here: after a check's stand-in for `inspect`, which it imports

    _shelf = _Shelf(directory / f"methods-{TAG}" if directory is not None else None)
    dataclasses.exec = compiled  # type: ignore[attr-defined]  # its global, not the builtin
    atexit.register(flush)


def flush() -> None:
    """Write what the shelf learnt (`end_at_once` ends the process without `atexit`)."""
    if _shelf is not None:
        _shelf.flush()


def compiled_here() -> int:
    """How many sources this process compiled since `install`."""
    return _shelf.compiled if _shelf is not None else 0
