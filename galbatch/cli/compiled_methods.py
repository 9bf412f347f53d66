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

import sys
from pathlib import Path
from types import CodeType
from typing import Any

from galbatch.cli.cache_files import Shelf, at_exit

# the compiler flags a caller's `from __future__` imports set, which `exec` passes on
_FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _name).compiler_flag

# the interpreter and optimisation level the code was compiled by: another reads no file
TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:x}-O{sys.flags.optimize}"
MOST = 1000  # sources a module: its classes' methods (a module makes a few dozen)


_shelf: Shelf | None = None
_compiled = 0  # the sources compiled in this process since `install` (the tests count them)


def compiled(source: Any, globals: Any = None, locals: Any = None) -> None:
    """`exec` for `dataclasses`: a source string's code from the shelf (compiled with the
    caller's `__future__` flags, as `exec` compiles it), anything else as `exec` runs it."""
    if not isinstance(source, str):
        exec(source, globals, locals)
        return
    flags = sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
    module = globals.get("__name__") if isinstance(globals, dict) else None
    if _shelf is not None and isinstance(module, str):
        key = f"{flags}\n{source}"
        code = _shelf.entries(module).get(key)
        if code is None:
            code = _compile(source, flags)
            _shelf.learn(module, key, code)
    else:
        code = _compile(source, flags)
    exec(code, globals, locals)


def _compile(source: str, flags: int) -> CodeType:
    """The code `exec` compiles from `source` in a module with these `__future__` flags."""
    global _compiled
    _compiled += 1
    code: CodeType = compile(source, "<string>", "exec", flags=flags, dont_inherit=True)
    return code


def _is_entry(key: object, value: object) -> bool:
    return isinstance(key, str) and isinstance(value, CodeType)


def install(directory: Path | None) -> None:
    """Have `dataclasses` compile through the shelf kept in `directory` (the user's cache;
    None: kept for this process only), written at exit."""
    global _shelf, _compiled
    import dataclasses  # here: after a check's stand-in for `inspect`, which it imports

    folder = directory / f"methods-{TAG}" if directory is not None else None
    _shelf = Shelf(folder, MOST, _is_entry)
    _compiled = 0
    dataclasses.exec = compiled  # type: ignore[attr-defined]  # its global, not the builtin
    at_exit(flush)


def flush() -> None:
    """Write what the shelf learnt (`end_at_once` ends the process without `atexit`)."""
    if _shelf is not None:
        _shelf.flush()


def compiled_here() -> int:
    """How many sources this process compiled since `install`."""
    return _compiled if _shelf is not None else 0
