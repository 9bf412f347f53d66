"""speed: the tricks that keep a cold `galbatch check` quick, and nothing else.

Only the quick commands use them, `check` and `rating`, which write nothing but their
output: the program ends as soon as their output is flushed, and a `check` with plain
arguments runs without click (galbatch.cli.plain_check). Every other command is a
plain click command and ends as usual. Nothing here imports click.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
import types
from contextlib import suppress
from typing import Any, NoReturn

from galbatch.cli.cache_files import flush_all as flush_cache_files
from galbatch.engine.language.diagnostics import RC


class Done(SystemExit):
    """The end of a quick command: the program may stop at once (see `end_at_once`);
    called in-process, it is a plain SystemExit."""


class _OnFirstUse(types.ModuleType):
    """A stand-in for a module not imported yet: the first attribute it is asked for
    imports the module, whose names the stand-in then takes on."""

    def __getattr__(self, name: str) -> Any:  # only for names the stand-in lacks
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        module = importlib.import_module(self.__name__)
        self.__dict__.update(module.__dict__)
        return getattr(module, name)


def inspect_when_used() -> None:
    """Import `inspect` only when something uses it.

    speed: `dataclasses` and lark's runtime import `inspect` (with ast, dis and
    tokenize: a fifth of importing click) for what a check never calls: a signature
    for a dataclass without a docstring, the members of a class given lark's `v_args`.
    (The standard library's LazyLoader would not do: an `import inspect` of its module
    asks for `__spec__`, which runs it.)"""
    if "inspect" not in sys.modules:
        sys.modules["inspect"] = _OnFirstUse("inspect")


# Objects allocated (less those freed) between two collections of the youngest
# generation: Python's 700 collects a dozen times while a check loads its modules.
ALLOCATIONS_PER_COLLECTION = 50_000


def collect_seldom() -> None:
    """Have the cyclic garbage collector run seldom.

    speed: a check makes few cycles and ends soon, but loading its modules and classes
    allocates enough to set off collections that go over every object loaded so far, 5 %
    of a check's instructions. A check of a hostile file is still collected, every
    `ALLOCATIONS_PER_COLLECTION` objects."""
    gc.set_threshold(ALLOCATIONS_PER_COLLECTION, *gc.get_threshold()[1:])


def tolerant_streams() -> None:
    """Standard output and error write what a legacy terminal encoding cannot show as
    backslash escapes, rather than fail the run."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")


def quiet_stdout() -> None:
    """Send the rest of standard output nowhere: its reader has closed the pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def internal_error(e: Exception) -> RC:
    """Say that the run itself failed, in two short lines, and give its RC (16); with
    GALBATCH_DEBUG set, raise `e` for its traceback instead."""
    if os.environ.get("GALBATCH_DEBUG"):
        raise e
    print(f"galbatch: internal error: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
    print("galbatch: set GALBATCH_DEBUG=1 to see the traceback", file=sys.stderr, flush=True)
    return RC.FAILED


def end_at_once(done: Done) -> NoReturn:
    """End the process with the status of `done` as soon as the output is flushed.

    speed: tearing the interpreter down frees one object at a time what the system frees
    whole, a sixth of a cold check's time, for nothing. Output that cannot be written
    (a full disk under `> file`) is a failure; a reader that stopped early is none."""
    code = done.code if isinstance(done.code, int) else RC.FAILED
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # as `galbatch.cli.group.main` says of a reader that stopped early
        quiet_stdout()
    except (OSError, ValueError):  # a full disk under `> file`: the output is not all out
        code = RC.FAILED
    with suppress(OSError, ValueError):
        sys.stderr.flush()
    flush_cache_files()  # what `atexit` would have written
    os._exit(code)
