"""speed: the tricks that keep a cold `galbatch check` quick, and nothing else.

Only the quick commands use them, `check` and `rating`, which write nothing but their
output: their one-letter options are matched at once, and the program ends as soon as
their output is flushed. Every other command is a plain click command and ends as usual.
"""

from __future__ import annotations

import os
import sys
from contextlib import suppress
from typing import Any, NoReturn

import click

from galbatch.cli.common import quiet_stdout
from galbatch.engine.language.diagnostics import RC


class Done(SystemExit):
    """The end of a quick command: the program may stop at once (see `end_at_once`);
    called in-process, it is a plain SystemExit."""


class QuickCommand(click.Command):
    """A command whose one-letter options (`-r conflict`) are found at once.

    speed: click tries every option as a long one first, and a miss builds a "no such
    option" error that imports difflib and gettext's catalogues, a tenth of a cold
    check's own time. This patches click's private parser tables (`_short_opt`,
    `_long_opt`), and does nothing if a click version lacks them."""

    def make_parser(self, ctx: click.Context) -> Any:
        parser = super().make_parser(ctx)
        short, long = getattr(parser, "_short_opt", None), getattr(parser, "_long_opt", None)
        if isinstance(short, dict) and isinstance(long, dict):
            for name, option in short.items():
                long.setdefault(name, option)
        return parser


def end_at_once(done: Done) -> NoReturn:
    """End the process with the status of `done` as soon as the output is flushed.

    speed: tearing the interpreter down frees one object at a time what the system frees
    whole, a sixth of a cold check's time, for nothing. Output that cannot be written
    (a full disk under `> file`) is a failure; a reader that stopped early is none."""
    code = done.code if isinstance(done.code, int) else RC.FAILED
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # as `galbatch.cli.main` says of a reader that stopped early
        quiet_stdout()
    except (OSError, ValueError):  # a full disk under `> file`: the output is not all out
        code = RC.FAILED
    with suppress(OSError, ValueError):
        sys.stderr.flush()
    os._exit(code)
