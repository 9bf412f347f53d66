"""`galbatch status`: a game at a glance, for its GM; it never writes to the game."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.job.status import game_status
from galbatch.rules import UnknownRuleset


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
def status(directory: Path, fmt: str) -> None:
    """Show the game in DIRECTORY at a glance: its turn and due date, who owes orders
    and who has sent them (and when), stray inbox entries, the last job's MAXCC and
    mail not yet sent. Exit status 0 when every player owing orders has sent a file
    and the inbox holds nothing else, 4 otherwise."""

    try:
        found = game_status(directory)
    except (GameError, UnknownRuleset) as e:
        raise click.ClickException(str(e)) from None
    if fmt == "json":
        click.echo(json.dumps(found.data(), indent=2))
    else:
        click.echo("\n".join(found.lines()))
    sys.exit(found.rc)
