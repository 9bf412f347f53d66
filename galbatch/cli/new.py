"""`galbatch new`: a game made, from options, from a sign-up list (--signups), or opened
to sign-ups by mail (--open; `galbatch start` then makes it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import click

from galbatch.cli.common import complete_ruleset, listing_rulesets, today
from galbatch.cli.created import (
    FORMAT,
    Seat,
    chosen_passwords,
    failed,
    kept_passwords,
    output_format,
    report_created,
)
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.newgame import create_game, setting_values
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.post.signups import create_from_signups
from galbatch.post.start import open_game
from galbatch.rules import UnknownRuleset


@click.command()
@click.argument("ruleset", shell_complete=complete_ruleset)
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--players",
    "-n",
    type=click.IntRange(1, 50),
    help="Number of players (--signups: one a sign-up; --open: the most taken).",
)
@click.option(
    "--signups",
    "signup_file",
    type=click.Path(exists=True, path_type=Path),
    help="A sign-up list (galbatch signups): one player a sign-up, the game id from the list.",
)
@click.option(
    "--open",
    "open_signups",
    is_flag=True,
    help="Take sign-ups by mail first (galbatch intake); galbatch start then makes the game.",
)
@click.option("--seed", type=int, required=True, help="Seed of the galaxy and every roll.")
@click.option(
    "--name",
    "names",
    multiple=True,
    help="A player's code name; repeat once per player (default: star names).",
)
@click.option("--title", default="", help="Title of the game, printed on the archive cover sheet.")
@click.option(
    "--gm", default="galbatch", show_default=True, help="Game master or service name (PDF author)."
)
@click.option(
    "--start",
    help="Date of turn 0 (YYYY-MM-DD); default: today (with --open, the day galbatch start "
    "makes the game).",
)
@click.option(
    "--days", default=14, show_default=True, type=click.IntRange(1, 366), help="Days between turns."
)
@click.option(
    "--id", "game_id", help="Game id for order-file headers (default: the directory name)."
)
@click.option(
    "--passwords",
    "password_file",
    type=click.File("r", encoding="utf-8"),
    help="File of 'PLAYER PASSWORD' lines; players not in it get a generated one.",
)
@click.option(
    "--setting",
    "settings",
    multiple=True,
    metavar="KEY=VALUE",
    help="A ruleset setting stored in game.yaml (e.g. worlds_per_player=10); repeatable.",
)
@FORMAT
@listing_rulesets
def new(
    ruleset: str,
    directory: Path,
    players: int | None,
    signup_file: Path | None,
    open_signups: bool,
    seed: int,
    names: tuple[str, ...],
    title: str,
    gm: str,
    start: str | None,
    days: int,
    game_id: str | None,
    password_file: TextIO | None,
    settings: tuple[str, ...],
) -> None:
    """Create a game of RULESET in DIRECTORY, with turn 0 printed.

    RULESET is one of {rulesets}.
    Prints each player's password once: send them out, they are stored only as
    salted hashes. When standard output is not a terminal, the passwords are
    also written to DIRECTORY.passwords.txt beside the game, readable only by you.
    With --signups FILE the players are the sign-ups of the list (a `galbatch
    signups` directory or its signups.yaml), each with a welcome mail in
    DIRECTORY/outbox/. With --open DIRECTORY takes sign-ups (`#ANM` lines by
    mail, filed by `galbatch intake`) for the game these options will make, and
    `galbatch start DIRECTORY` makes it.
    """

    if open_signups:
        given = {"--signups": signup_file, "--name": names, "--passwords": password_file}
        open_new_game(
            directory,
            ruleset,
            seed,
            refused=[option for option, value in given.items() if value],
            limit=players or 0,
            game_id=game_id or "",
            title=title,
            gm=gm,
            start=start,
            days=days,
            settings=settings,
        )
        return
    start = start or today()
    if (players is None) == (signup_file is None):
        raise click.UsageError(
            "give --players or --signups, not both" if players else "give --players or --signups"
        )
    if signup_file is not None and game_id is not None:
        raise click.UsageError("--id with --signups: the game id is the sign-up list's")
    if signup_file is not None and names:
        raise click.UsageError("--name with --signups: the names are the sign-ups'")
    chosen = chosen_passwords(password_file)
    try:
        values = setting_values(ruleset, [parse_setting(item) for item in settings])
        with kept_passwords(directory) as keep:
            if signup_file is None:
                created: Sequence[Seat] = create_game(
                    directory,
                    ruleset,
                    players or 0,
                    seed,
                    names=names,
                    title=title,
                    gm=gm,
                    start=start,
                    days=days,
                    passwords=chosen,
                    game_id=game_id,
                    settings=values,
                )
            else:
                created = new_from_signups(
                    directory,
                    signup_file,
                    ruleset,
                    seed,
                    title=title,
                    gm=gm,
                    start=start,
                    days=days,
                    passwords=chosen,
                    settings=values,
                )
    except (GameError, UnknownRuleset, ValueError) as e:
        raise failed(str(e)) from None
    report_created(directory, ruleset, seed, created, keep, welcomed=signup_file is not None)


def new_from_signups(
    directory: Path, signup_file: Path, ruleset: str, seed: int, **options: Any
) -> Sequence[Seat]:
    """`new --signups`: the game made from a sign-up list (a file, or the directory holding it)."""

    file = signup_file / SIGNUPS_FILE if signup_file.is_dir() else signup_file
    return create_from_signups(directory, read_signups(file), seed, ruleset=ruleset, **options)


def parse_setting(item: str) -> tuple[str, str]:
    """KEY=VALUE from the command line; the ruleset's declaration of KEY gives VALUE its type."""
    key, sep, value = item.partition("=")
    if not sep or not key.strip():
        raise click.UsageError(f"--setting {item!r}: expected KEY=VALUE")
    return key.strip(), value.strip()


def open_new_game(
    directory: Path,
    ruleset: str,
    seed: int,
    *,
    refused: Sequence[str],
    settings: Sequence[str],
    **options: Any,
) -> None:
    """`new RULESET DIRECTORY --open`: DIRECTORY takes sign-ups for the game the options make.

    `refused`: the options of `new` given that the sign-ups give instead."""

    if refused:
        later = "; give it to galbatch start" if refused[0] == "--passwords" else ""
        raise click.UsageError(f"{refused[0]} with --open: the players sign up by mail{later}")
    try:
        values = setting_values(ruleset, [parse_setting(item) for item in settings])
        file = open_game(directory, ruleset, seed, settings=values, **options)
    except (GameError, UnknownRuleset) as e:
        raise failed(str(e)) from None
    game = options.get("game_id") or directory.name
    if output_format() == "json":
        opened = {"signups": str(file), "game": game, "ruleset": ruleset, "seed": seed}
        click.echo(json.dumps(opened, indent=2, ensure_ascii=False))
        return
    click.echo(f"{file}: taking sign-ups for game {game} ({ruleset}, seed {seed})")
    click.echo(
        f"each player mails a line '#ANM {game} <name>', then answers the confirmation "
        f"code intake mails back; then: galbatch start {directory}"
    )
