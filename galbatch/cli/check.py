"""`galbatch check`: order files checked by syntax, against a player's view or the game.

The speed-critical command: it imports nothing at first but click and the ruleset
registry, and it is a quick command (galbatch.cli.quick)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from galbatch.cli.common import RULESET_NAMES, complete_ruleset
from galbatch.cli.quick import Done, QuickCommand
from galbatch.engine.language.diagnostics import RC


@click.command(cls=QuickCommand)
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--ruleset",
    "-r",
    shell_complete=complete_ruleset,
    help=f"Check syntax only, in this game's order language ({RULESET_NAMES}).",
)
@click.option(
    "--game",
    "-g",
    "game_dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="GM: check against the game's current state (and password).",
)
@click.option(
    "--view",
    "-v",
    "view_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Player: check against your own view file from your last printout.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="Diagnostics as compiler lines or one JSON object.",
)
@click.option(
    "--caret/--no-caret",
    default=None,
    help="Under each diagnostic, its line and a caret under the column (default: on a terminal).",
)
@click.option(
    "--no-warn",
    "-w",
    "silenced",
    multiple=True,
    metavar="CODE",
    help="Leave out this warning code (or 'all' warnings); repeatable.",
)
def check(
    files: tuple[str, ...],
    ruleset: str | None,
    game_dir: Path | None,
    view_file: Path | None,
    fmt: str,
    caret: bool | None,
    silenced: tuple[str, ...],
) -> None:
    """Check order FILES ("-": standard input); the exit status is the worst finding.

    Give exactly one of --ruleset (syntax), --view (what you know) or --game
    (the GM's real state). Diagnostics read FILE:LINE:COL: severity: [CODE] message.
    """
    from galbatch.engine.job.lint import (
        STDIN,
        CheckError,
        check_files,
        checked_against,
        failure_json,
    )

    problem = None
    if sum(x is not None for x in (ruleset, game_dir, view_file)) != 1:
        problem = "give exactly one of --ruleset, --game or --view"
    elif files.count(STDIN) > 1:
        problem = "standard input (-) can be checked only once"
    if problem is not None:
        if fmt == "json":
            click.echo(failure_json(problem))
        raise click.UsageError(problem)
    try:
        rc, output = check_files(
            [STDIN if f == STDIN else Path(f) for f in files],
            ruleset=ruleset,
            game_dir=game_dir,
            view_file=view_file,
            fmt=fmt,
            source=sys.stdout.isatty() if caret is None else caret,
            silenced=silenced,
        )
    except CheckError as e:
        if fmt == "json":  # a tool still gets one JSON object on stdout
            click.echo(failure_json(str(e)))
        click.echo(f"galbatch: {e}", err=True)
        raise Done(RC.FAILED) from None
    if output:
        click.echo(output)
    if fmt == "text":  # on standard error: the diagnostics stay compiler lines
        against = checked_against(game_dir, view_file)
        if against is not None:
            click.echo(f"galbatch: {against}", err=True)
    raise Done(rc)
