"""`galbatch print`: an archived turn printed again, byte for byte as it was first printed."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from galbatch.cli.common import complete_player
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.job.reprint import reprint


@click.command(name="print")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--turn", "-t", type=int, help="Turn to print (default: the latest).")
@click.option(
    "--player", "-p", shell_complete=complete_player, help="Player id (default: the GM's summary)."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "pdf", "json"]),
    default="text",
    show_default=True,
    help="The printout as text, as a PDF, or as one JSON object of its pages' lines.",
)
@click.option(
    "--archive",
    is_flag=True,
    help="The turn's whole archive PDF (cover, GM summary, every player).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write here instead of standard output.",
)
def print_(
    directory: Path,
    turn: int | None,
    player: str | None,
    fmt: str,
    archive: bool,
    output: Path | None,
) -> None:
    """Re-print an archived turn, byte for byte as it was first printed.

    Without --player it prints the GM's summary; --archive gives the turn's
    archive PDF (implies --format pdf).
    """

    if archive and fmt == "json":
        raise click.UsageError("--archive is a PDF: give it without --format json")
    if archive:
        fmt = "pdf"
    try:
        data = reprint(directory, turn, player, fmt, archive=archive)
    except (GameError, LookupError) as e:
        raise click.ClickException(str(e)) from None
    if output is None:
        if fmt == "pdf" and sys.stdout.isatty():
            raise click.UsageError("a PDF needs --output FILE (or a pipe)")
        sys.stdout.buffer.write(data)
    else:
        output.write_bytes(data)
