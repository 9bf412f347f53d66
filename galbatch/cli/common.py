"""What the commands share: ruleset names in help texts, shell completion of rulesets
and players, the one-line error display, and an output whose reader has gone.

Exit codes are `galbatch.engine.language.diagnostics.RC`, the job's own."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

from galbatch.cli.quick import quiet_stdout
from galbatch.rules import RULESETS

if TYPE_CHECKING:
    from click.shell_completion import CompletionItem

RULESET_NAMES = ", ".join(sorted(RULESETS))


def listing_rulesets(function: Callable[..., None]) -> Callable[..., None]:
    """Name every registered ruleset where the help text says {rulesets} (none imported)."""
    function.__doc__ = (function.__doc__ or "").replace("{rulesets}", RULESET_NAMES)
    return function


def complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a ruleset name."""
    return [name for name in sorted(RULESETS) if name.startswith(incomplete.lower())]


def complete_player(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[CompletionItem]:
    """Shell completion of a player id of the game in the command's DIRECTORY (read only)."""
    from click.shell_completion import CompletionItem

    from galbatch.engine.gamedir.directory import Game

    directory = ctx.params.get("directory") or next(iter(ctx.params.get("directories") or ()), None)
    if directory is None and ctx.args:  # before `--player <TAB>`, click leaves it unparsed
        directory = ctx.args[0]
    if directory is None:
        return []
    try:
        players = Game.open(Path(directory)).players
    except Exception:  # no game there (yet): nothing to offer
        return []
    return [
        CompletionItem(p.id, help=p.name)
        for p in players
        if p.id.lower().startswith(incomplete.lower())
    ]


def today() -> str:
    """The date a new game starts on when none is given: the day it is made, recorded
    once in game.yaml (turns read the record, never the clock)."""
    import datetime as dt  # only a new game's default start date needs it

    return dt.date.today().isoformat()


def show_error(e: click.ClickException) -> None:
    """Every error on one line `galbatch: message`; a usage error keeps its usage above."""
    if isinstance(e, click.UsageError) and e.ctx is not None:
        usage = e.ctx.get_usage()
        if e.ctx.command.get_help_option(e.ctx) is not None:
            usage += f"\nTry '{e.ctx.command_path} {e.ctx.help_option_names[0]}' for help.\n"
        click.echo(usage, err=True)
    click.echo(f"galbatch: {e.format_message()}", err=True)


class Terminal:
    """A command's lines on stdout as it runs (the job log, the post room's), and a
    progress line on stderr, cleared before the next line; a reader gone (`| head`) lets
    the command go on to its end and exit with its own status, its log kept in job.log
    or intake/intake.log."""

    def __init__(self) -> None:
        self.shown = False  # a progress line is on stderr
        self.reader_gone = False

    def progress(self, what: str, done: int, total: int) -> None:
        sys.stderr.write(f"\r{what}: {done} of {total}\x1b[K")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False

    def line(self, line: str) -> None:
        self.clear()
        if not self.reader_gone:
            try:
                click.echo(line)
            except BrokenPipeError:
                self.reader_gone = True
                quiet_stdout()
