"""`galbatch rating`: Galac-Tac's ship designer, a quick command (galbatch.cli.quick)."""

from __future__ import annotations

import json

import click

from galbatch.cli.quick import Done
from galbatch.cli.quick_command import QuickCommand
from galbatch.rules.galactac.calculator import report


@click.command(cls=QuickCommand)
@click.argument("words", metavar="RATING", nargs=-1, required=True)
@click.option(
    "--tech",
    "-t",
    type=click.IntRange(1, 6),
    default=1,
    show_default=True,
    help="The tech level to build at.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="A table for people or one JSON object.",
)
def rating(words: tuple[str, ...], tech: int, fmt: str) -> None:
    """Galac-Tac's ship designer: a RATING's canonical form, SSD, category, delay and cost.

    The rating may be given in several words (4P/1 ; ; /-16); quote it in the shell
    when it holds ( ). Exit status: 0 a legal design at that tech level, 8 an
    illegal one (every reason is listed), 12 a rating that cannot be read.
    """

    rc, text, data = report(" ".join(words), tech)
    click.echo(json.dumps(data, indent=2) if fmt == "json" else text.rstrip("\n"))
    raise Done(rc)
