"""The galbatch command: `run`, the installed program.

The commands are a thin click group over the engine, one module a command
(galbatch.cli.group). A `galbatch check` with plain arguments is run without click
(galbatch.cli.plain_check): speed, a cold check is the command players run most.
"""

from __future__ import annotations

import sys

from galbatch.cli.compiled_methods import install as compile_methods_once
from galbatch.cli.compiled_patterns import install as compile_patterns_once
from galbatch.cli.quick import (
    Done,
    collect_seldom,
    end_at_once,
    inspect_when_used,
    internal_error,
    quiet_stdout,
    tolerant_streams,
)
from galbatch.engine.language.diagnostics import RC
from galbatch.engine.language.parsing import cache_dir

__all__ = ["run"]


def run() -> None:
    """The `galbatch` program; a quick command (`check`, `rating`) ends the process as
    soon as its output is flushed (galbatch.cli.quick)."""
    check = sys.argv[1:2] == ["check"]
    if check:
        collect_seldom()
        inspect_when_used()  # before `dataclasses` imports it
    cache = cache_dir()
    compile_patterns_once(cache)  # before `dataclasses` compiles its pattern
    compile_methods_once(cache)
    if check:
        # speed: the plain check's module, for `check` only; click is not imported
        from galbatch.cli.plain_check import plain_request, report

        request = plain_request(sys.argv[1:])
        if request is not None:
            tolerant_streams()
            try:
                code = report(request)
            except BrokenPipeError:  # the reader stopped early, as the click group says
                quiet_stdout()
                code = RC.CLEAN
            except Exception as e:  # the run itself failed: exit 16, as the click group does
                code = internal_error(e)
            end_at_once(Done(code))
    # The click group, for every other command line.
    from galbatch.cli.group import main

    try:
        main()
    except Done as done:
        end_at_once(done)
