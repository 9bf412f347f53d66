"""`galbatch process`: the next turn of a game run as a job, or of several games as the
night's job stream, each game's job log printed as it runs."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from galbatch.cli.common import Terminal, complete_player
from galbatch.engine.job.run import process as run
from galbatch.engine.job.stream import GameRun, Options, run_stream

if TYPE_CHECKING:
    import datetime as dt


@click.command()
@click.argument("directories", metavar="DIRECTORY...", nargs=-1, required=True, type=click.Path())
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="With several games: run this many at once, in as many worker processes.",
)
@click.option(
    "--dry-run",
    is_flag=True,
    help="Run the turn in memory; show the log and printouts; change nothing.",
)
@click.option(
    "--rerun",
    is_flag=True,
    help="Process the latest turn again from its archived orders plus late ones.",
)
@click.option(
    "--replace",
    "replace",
    multiple=True,
    metavar="PLAYER",
    shell_complete=complete_player,
    help="With --rerun: take PLAYER's inbox file instead of the archived one; repeatable.",
)
@click.option("--force", is_flag=True, help="Run even if too many players sent no orders.")
@click.option(
    "--pdf/--no-pdf",
    default=None,
    help="Make the PDF printouts or not (default: a run makes them, a dry run does not).",
)
@click.option(
    "--due",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    help="Deadline this turn announces for the next (YYYY-MM-DD), if not days_per_turn later.",
)
@click.option(
    "--player",
    "-p",
    help="With --dry-run: show only this player's printout ('gm': the GM's summary).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="The job log as it runs, or one JSON object at the end.",
)
def process(
    directories: tuple[str, ...],
    jobs: int,
    dry_run: bool,
    rerun: bool,
    force: bool,
    pdf: bool | None,
    due: dt.datetime | None,
    player: str | None,
    fmt: str,
    replace: tuple[str, ...],
) -> None:
    """Run the next turn of the game in DIRECTORY and print the job log.

    With several directories, run them as one job stream: each game's job log,
    then a stream summary of every job's MAXCC and the stream's (the worst); a
    game that fails or is refused stops no other. A file among them is skipped
    (RC 4), a directory taking sign-ups listed (RC 0).

    Exit status: 0, 4 or 8, the turn was committed (a dry run: would have
    been); 12, the run was refused; 16, it failed. Nothing changes on 12 or 16.
    A stream exits with its worst game's status.
    """

    if len(directories) > 1:
        one_game_options(player=player, replace=replace, rerun=rerun)
        distinct_games(directories)
        stream(directories, jobs, dry_run, force, pdf, due, fmt)
    directory = Path(directories[0])
    if directory.is_file():  # in a stream, a file is skipped with a warning instead
        raise click.BadParameter(f"{directory} is a file, not a game directory")
    if player is not None and not dry_run:
        raise click.UsageError("--player needs --dry-run")
    if player is not None and fmt == "json":
        raise click.UsageError("--player shows a printout; --format json shows none")
    terminal = Terminal()
    result = run(
        directory,
        dry_run=dry_run,
        rerun=rerun,
        force=force,
        pdf=pdf if pdf is not None else not dry_run,
        due=due.date().isoformat() if due is not None else None,
        show=player,
        sink=terminal.line if fmt == "text" else None,
        progress=terminal.progress if sys.stderr.isatty() else None,
        replace=replace,
    )
    terminal.clear()
    if fmt == "json":
        click.echo(json.dumps(result.report, indent=2))
    elif dry_run:
        show_printouts(result.files, player)
    sys.exit(int(result.rc))


def one_game_options(**given: object) -> None:
    """Refuse, for a stream of games, the options that name one game's players or turn."""
    for name, value in given.items():
        if value:
            raise click.UsageError(f"--{name} is for one game; give one DIRECTORY")


def distinct_games(directories: Sequence[str]) -> None:
    """Refuse a stream that names one game twice (two paths to one directory)."""
    seen: dict[str, str] = {}
    for d in directories:
        key = os.path.realpath(d)
        if key in seen:
            raise click.UsageError(f"{d}: the same game as {seen[key]}; give each game once")
        seen[key] = d


def show_printouts(files: Mapping[str, bytes], player: str | None) -> None:
    """A dry run's printouts, each under its name: every player's, or the one asked for."""
    names = sorted(n for n in files if n.startswith("printouts/") and n.endswith(".txt"))
    for name in names if player is None else [f"printouts/{player}.txt"]:
        if name in files:
            click.echo(f"\n===== {name} =====")
            click.echo(files[name].decode("utf-8"), nl=False)


def stream(
    directories: Sequence[str],
    jobs: int,
    dry_run: bool,
    force: bool,
    pdf: bool | None,
    due: dt.datetime | None,
    fmt: str,
) -> None:
    """`process` of several games: the night's job stream; exits with the stream's MAXCC."""

    options = Options(
        dry_run=dry_run,
        force=force,
        pdf=pdf if pdf is not None else not dry_run,
        due=due.date().isoformat() if due is not None else None,
    )
    echo = Terminal().line  # `| head`: every job still runs to its end

    def done(run: GameRun) -> None:
        if fmt == "text":
            echo(run.log)  # the log ends with a line end: a blank line between jobs

    result = run_stream(directories, options, jobs, done)
    if fmt == "json":
        echo(json.dumps(result.report(), indent=2))
    else:
        echo("\n".join(result.summary()))
    sys.exit(int(result.rc))
