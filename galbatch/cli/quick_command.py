"""speed: the click command class of the quick commands, `check` and `rating`."""

from __future__ import annotations

from typing import Any

import click


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
