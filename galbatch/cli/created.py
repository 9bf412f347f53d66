"""What `new` and `start` share of a game being made: the passwords chosen (--passwords),
the file that keeps them when standard output is no terminal, and the report of the game."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import click

from galbatch.engine.gamedir.player_passwords import PasswordsFile

if TYPE_CHECKING:
    from galbatch.engine.gamedir.player_passwords import PasswordsFile


class Seat(Protocol):
    """A player as made: id, code name and the clear password to send out once."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def password(self) -> str: ...


def chosen_passwords(password_file: Iterable[str] | None) -> dict[str, str]:
    """`--passwords FILE`: its `PLAYER PASSWORD` lines ('#' lines are comments)."""
    chosen: dict[str, str] = {}
    if password_file is not None:
        for line in password_file:
            parts = line.split()
            if len(parts) == 2 and not line.lstrip().startswith("#"):
                chosen[parts[0]] = parts[1]
    return chosen


@contextmanager
def kept_passwords(directory: Path) -> Iterator[PasswordsFile | None]:
    """The passwords file of a game about to be made, reserved when standard output is no
    terminal (`new ... | head -1` must not lose the passwords); gone if no game is made."""

    keep = None if sys.stdout.isatty() else PasswordsFile.reserve(directory)
    try:
        yield keep
    except BaseException:
        if keep is not None:
            keep.discard()
        raise


def report_created(
    directory: Path,
    ruleset: str,
    seed: int,
    created: Sequence[Seat],
    keep: PasswordsFile | None,
    *,
    welcomed: bool,
) -> None:
    """What `new` (and `start`) print of a game made: each player's password, once; the
    same in the reserved passwords file `keep` when standard output is no terminal."""
    if keep is not None:
        keep.write(directory, [(p.id, p.name, p.password) for p in created])
        click.echo(
            f"galbatch: standard output is not a terminal: the passwords are also in {keep.path}"
            " (readable only by you); send them out, then delete it",
            err=True,
        )
    if output_format() == "json":
        report = {
            "created": str(directory),
            "ruleset": ruleset,
            "seed": seed,
            "players": [{"id": p.id, "name": p.name, "password": p.password} for p in created],
            "passwords_file": None if keep is None else str(keep.path),
            "welcome_mails": str(directory / "outbox") if welcomed else None,
        }
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
        return
    count = len(created)
    click.echo(f"created {directory} ({ruleset}, {count} players, seed {seed}), turn 0 printed")
    click.echo("PLAYER  CODE NAME             PASSWORD")
    for p in created:
        click.echo(f"{p.id:<7} {p.name:<21} {p.password}")
    if welcomed:
        click.echo(f"a welcome mail for each player is in {directory / 'outbox'}/")


def _remember_format(ctx: click.Context, param: click.Parameter, value: str) -> str:
    ctx.meta["galbatch.format"] = value
    return value


# --format of a command that reports what it made: kept in the context, not passed as a
# parameter (`new` has one parameter an option already)
FORMAT = click.option(
    "--format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    expose_value=False,
    callback=_remember_format,
    help="The report as text or as one JSON object.",
)


def output_format() -> str:
    """The --format the running command was given ("text" outside a command)."""
    ctx = click.get_current_context(silent=True)
    return str(ctx.meta.get("galbatch.format", "text")) if ctx is not None else "text"


def failed(message: str) -> click.ClickException:
    """A command's failure: in JSON, also one object on standard output for a script."""
    if output_format() == "json":
        click.echo(json.dumps({"rc": 16, "error": message}, ensure_ascii=False))
    return click.ClickException(message)
