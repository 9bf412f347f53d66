"""`galbatch passwd`: a player's new password, generated or read, its hash in game.yaml."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from galbatch.cli.common import complete_player
from galbatch.cli.created import FORMAT, failed, output_format
from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.locks import GameBusy
from galbatch.engine.gamedir.player_passwords import set_password
from galbatch.engine.language.diagnostics import RC
from galbatch.engine.security.hashes import new_password


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.argument("player", shell_complete=complete_player)
@click.option(
    "--stdin",
    "from_stdin",
    is_flag=True,
    help="Read the password from standard input (at a terminal: asked twice, not shown).",
)
@FORMAT
def passwd(directory: Path, player: str, from_stdin: bool) -> None:
    """Give PLAYER of the game in DIRECTORY a new password; the old one stops working.

    Without --stdin the password is generated (five words) and printed once on
    standard output: send it to the player. game.yaml keeps only its hash, and
    its comments. Like `process`, it waits for another writer of the game.
    """

    if not from_stdin:
        password = new_password()
    elif sys.stdin.isatty():
        password = click.prompt("New password", hide_input=True, confirmation_prompt=True, err=True)
    else:
        line = sys.stdin.readline()
        if not line.strip():
            raise click.ClickException("no password on standard input; nothing changed")
        password = line.rstrip("\r\n")

    def show(info: PlayerInfo) -> None:
        """Print a generated password before it replaces the old one: never lost unseen."""
        fmt = output_format()
        if from_stdin and fmt == "text":
            return
        try:
            if fmt == "json":
                shown = None if from_stdin else password
                report = {"player": info.id, "name": info.name, "password": shown}
                click.echo(json.dumps(report, ensure_ascii=False))
            else:
                click.echo(password)
            sys.stdout.flush()
        except OSError as e:
            raise click.ClickException(
                f"cannot print the new password ({e.strerror or e}); nothing changed"
            ) from None

    try:
        info = set_password(directory, player, password, show=show)
    except GameBusy as e:
        click.echo(f"galbatch: {e}", err=True)
        sys.exit(RC.UNUSABLE)  # another writer holds the game: nothing changed
    except GameError as e:
        raise failed(str(e)) from None
    except OSError as e:
        raise failed(f"{directory}: {e.strerror or e}; nothing changed") from None
    click.echo(
        f"galbatch: player {info.id} ({info.name}) has a new password; the old one no longer works",
        err=True,
    )
