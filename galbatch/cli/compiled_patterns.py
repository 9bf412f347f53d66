"""speed: the engine code of the regular expressions a command compiles, kept once per user.

`re` compiles a pattern in two steps: Python code parses it and writes the regular
expression engine's code (nearly all of the time), then `_sre.compile` makes the pattern
from that code. A cold check compiles about twenty patterns as its modules load (the
order file's header, message blocks, json's), 2 to 3 ms of it. With `install`, `re`
takes the first step's result from the per-user cache, a file for each module that
compiles patterns (`patterns-TAG/MODULE.marshal`, TAG naming the interpreter), read
when the module first compiles one and written again at exit if one was new, and makes
the same pattern from it. The lexers' patterns come the same way from their parser
modules (galbatch.grammars.compiled_ahead, which works out the engine code for both).
"""

from __future__ import annotations

import _sre
import re
import sys
from pathlib import Path
from re import _compiler  # type: ignore[attr-defined]  # the compiler `re` calls
from types import FrameType
from typing import Any

from galbatch.cli.cache_files import Shelf, at_exit
from galbatch.grammars.compiled_ahead import engine_code

# the interpreter and its regular expression engine: another reads no file
TAG = f"{sys.implementation.cache_tag}-{sys.hexversion:x}-{_sre.MAGIC}"
MOST = 256  # patterns a module: more are made from changing data, and compiled by `re`

_shelf: Shelf | None = None
_by_re = _compiler.compile


def compiled(pattern: Any, flags: int = 0) -> Any:
    """`re._compiler.compile` for `re`: a text or bytes pattern from its engine code,
    anything else (a parsed pattern, the DEBUG flag) as `re` compiles it."""
    if _shelf is None or not isinstance(pattern, str | bytes) or flags & re.DEBUG:
        return _by_re(pattern, flags)
    module = _caller()
    if module is None:
        return _by_re(pattern, flags)
    key = (pattern, int(flags))
    found = _shelf.entries(module).get(key)
    if found is not None:
        try:
            return _sre.compile(pattern, *found)
        except (TypeError, ValueError, RuntimeError, OverflowError):  # a damaged entry
            pass
    code = engine_code(*key)
    _shelf.learn(module, key, code)
    return _sre.compile(pattern, *code)


def _caller() -> str | None:
    """The module that asked `re` for the pattern being compiled."""
    frame: FrameType | None = sys._getframe(2)  # past this function and `compiled`
    while frame is not None and frame.f_globals.get("__name__") == "re":
        frame = frame.f_back  # re.compile, re.match ...
    name = frame.f_globals.get("__name__") if frame is not None else None
    return name if isinstance(name, str) else None


def _is_entry(key: object, value: object) -> bool:
    """A pattern and its flags, and five values (the engine checks them as it takes them)."""
    return (
        isinstance(key, tuple)
        and len(key) == 2
        and isinstance(key[0], str | bytes)
        and isinstance(key[1], int)
        and isinstance(value, tuple)
        and len(value) == 5
    )


def install(directory: Path | None) -> None:
    """Have `re` compile through the engine code kept in `directory` (the user's cache;
    None: kept for this process only), written at exit."""
    global _shelf
    folder = directory / f"patterns-{TAG}" if directory is not None else None
    _shelf = Shelf(folder, MOST, _is_entry)
    _compiler.compile = compiled
    at_exit(flush)


def flush() -> None:
    """Write what was learnt."""
    if _shelf is not None:
        _shelf.flush()
