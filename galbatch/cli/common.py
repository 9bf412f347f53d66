"""What the commands share: ruleset names in help texts, shell completion of rulesets
and players, the one-line error display, and an output whose reader has gone.

Exit codes are `galbatch.engine.language.diagnostics.RC`, the job's own."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

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


def quiet_stdout() -> None:
    """Send the rest of standard output nowhere: its reader has closed the pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
