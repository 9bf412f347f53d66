"""The galbatch command: a thin click group over the engine.

Exit status is the mainframe return code: 0 clean, 4 warnings, 8 errors,
12 unusable input (or a run refused), 16 the run itself failed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import click

from galbatch import __version__
from galbatch.engine.language.diagnostics import RC
from galbatch.rules import RULESETS

RULESET_NAMES = ", ".join(sorted(RULESETS))


class Done(SystemExit):
    """The end of a command that wrote nothing but its output (`check`, `rating`): the
    program may stop at once (see `run`); called in-process, it is a plain SystemExit."""


def listing_rulesets(function: Callable[..., None]) -> Callable[..., None]:
    """Name every registered ruleset where the help text says {rulesets} (none imported)."""
    function.__doc__ = (function.__doc__ or "").replace("{rulesets}", RULESET_NAMES)
    return function


def complete_ruleset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Shell completion of a ruleset name."""
    return [name for name in sorted(RULESETS) if name.startswith(incomplete.lower())]


def complete_player(
    ctx: click.Context, param: click.Parameter, incomplete: str
) -> list[click.shell_completion.CompletionItem]:
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


class Command(click.Command):
    """A command whose one-letter options (`-r conflict`) are found at once: click tries
    every option as a long one first, and a miss builds a "no such option" error that
    imports difflib and gettext's catalogues, a tenth of a cold check's own time."""

    def make_parser(self, ctx: click.Context) -> Any:
        parser = super().make_parser(ctx)
        short, long = getattr(parser, "_short_opt", None), getattr(parser, "_long_opt", None)
        if isinstance(short, dict) and isinstance(long, dict):
            for name, option in short.items():
                long.setdefault(name, option)
        return parser


class Galbatch(click.Group):
    """The galbatch group, whose post room commands (galbatch.post.commands) are added
    when a command not yet added is asked for (theirs, or a misspelt one, which is then
    told the closest of all) or the commands are listed: `galbatch check` never imports
    their module."""

    POST = ("intake", "mail", "signups", "start")  # the names of galbatch.post.commands.COMMANDS
    command_class = Command

    def add_post_commands(self) -> None:
        if not all(name in self.commands for name in self.POST):
            from galbatch.post.commands import COMMANDS

            for command in COMMANDS:
                self.add_command(command)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands:
            self.add_post_commands()
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        self.add_post_commands()
        return super().list_commands(ctx)


@click.group(cls=Galbatch, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="galbatch")
def cli() -> None:
    """Batch turn processor and order checker for play-by-mail space games.

    A game lives in a directory (game.yaml, orders/, turns/). Typical use:

    \b
      galbatch new conflict games/demo --players 6 --seed 1997
      galbatch check orders.txt --ruleset conflict
      galbatch process games/demo
      galbatch print games/demo --turn 1 --player 3 --format pdf -o p3.pdf
      galbatch passwd games/demo 3
      galbatch intake games/demo mail/inbox.mbox
      galbatch mail games/demo --send

    Shell completion (bash): eval "$(_GALBATCH_COMPLETE=bash_source galbatch)"

    Exit status: 0 clean, 4 warnings, 8 errors, 12 unusable input, 16 failure.
    """


@cli.command()
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
    "--start", default="1997-01-06", show_default=True, help="Date of turn 0 (YYYY-MM-DD)."
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
    start: str,
    days: int,
    game_id: str | None,
    password_file: Any,
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
    from galbatch.engine.gamedir.directory import GameError
    from galbatch.engine.gamedir.newgame import create_game, setting_values
    from galbatch.rules import UnknownRuleset

    if open_signups:
        from galbatch.post.commands import open_new_game

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
                created: Sequence[Any] = create_game(
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
        raise click.ClickException(str(e)) from None
    report_created(directory, ruleset, seed, created, keep, welcomed=signup_file is not None)


def chosen_passwords(password_file: Any) -> dict[str, str]:
    """`--passwords FILE`: its `PLAYER PASSWORD` lines ('#' lines are comments)."""
    chosen: dict[str, str] = {}
    if password_file is not None:
        for line in password_file:
            parts = line.split()
            if len(parts) == 2 and not line.lstrip().startswith("#"):
                chosen[parts[0]] = parts[1]
    return chosen


@contextmanager
def kept_passwords(directory: Path) -> Iterator[Any]:
    """The passwords file of a game about to be made, reserved when standard output is no
    terminal (`new ... | head -1` must not lose the passwords); gone if no game is made."""
    from galbatch.engine.gamedir.player_passwords import PasswordsFile

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
    created: Sequence[Any],
    keep: Any,
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
    count = len(created)
    click.echo(f"created {directory} ({ruleset}, {count} players, seed {seed}), turn 0 printed")
    click.echo("PLAYER  CODE NAME             PASSWORD")
    for p in created:
        click.echo(f"{p.id:<7} {p.name:<21} {p.password}")
    if welcomed:
        click.echo(f"a welcome mail for each player is in {directory / 'outbox'}/")


def new_from_signups(
    directory: Path, signup_file: Path, ruleset: str, seed: int, **options: Any
) -> Sequence[Any]:
    """`new --signups`: the game made from a sign-up list (a file, or the directory holding it)."""
    from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
    from galbatch.post.signups import create_from_signups

    file = signup_file / SIGNUPS_FILE if signup_file.is_dir() else signup_file
    return create_from_signups(directory, read_signups(file), seed, ruleset=ruleset, **options)


def parse_setting(item: str) -> tuple[str, str]:
    """KEY=VALUE from the command line; the ruleset's declaration of KEY gives VALUE its type."""
    key, sep, value = item.partition("=")
    if not sep or not key.strip():
        raise click.UsageError(f"--setting {item!r}: expected KEY=VALUE")
    return key.strip(), value.strip()


@cli.command()
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
def check(
    files: tuple[str, ...],
    ruleset: str | None,
    game_dir: Path | None,
    view_file: Path | None,
    fmt: str,
) -> None:
    """Check order FILES ("-": standard input); the exit status is the worst finding.

    Give exactly one of --ruleset (syntax), --view (what you know) or --game
    (the GM's real state). Diagnostics read FILE:LINE:COL: severity: [CODE] message.
    """
    from galbatch.engine.job.lint import STDIN, CheckError, check_files, failure_json

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
        )
    except CheckError as e:
        if fmt == "json":  # a tool still gets one JSON object on stdout
            click.echo(failure_json(str(e)))
        click.echo(f"galbatch: {e}", err=True)
        raise Done(RC.FAILED) from None
    if output:
        click.echo(output)
    raise Done(rc)


@cli.command()
@click.argument("directories", metavar="DIRECTORY...", nargs=-1, required=True, type=click.Path())
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="With several games: run this many at once, each in a process of its own.",
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
    due: Any,
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
    import json

    if len(directories) > 1:
        for name, given in (("--player", player), ("--replace", replace), ("--rerun", rerun)):
            if given:
                raise click.UsageError(f"{name} is for one game; give one DIRECTORY")
        seen: dict[str, str] = {}
        for d in directories:
            key = os.path.realpath(d)
            if key in seen:
                raise click.UsageError(f"{d}: the same game as {seen[key]}; give each game once")
            seen[key] = d
        stream(directories, jobs, dry_run, force, pdf, due, fmt)
    directory = Path(directories[0])
    if directory.is_file():  # in a stream, a file is skipped with a warning instead
        raise click.BadParameter(f"{directory} is a file, not a game directory")
    from galbatch.engine.job.run import process as run

    if player is not None and not dry_run:
        raise click.UsageError("--player needs --dry-run")
    if player is not None and fmt == "json":
        raise click.UsageError("--player shows a printout; --format json shows none")
    shown = False  # a progress line is on stderr, to clear before the next log line

    def progress(what: str, done: int, total: int) -> None:
        nonlocal shown
        sys.stderr.write(f"\r{what}: {done} of {total}\x1b[K")
        sys.stderr.flush()
        shown = True

    reader_gone = False  # `| head`: the job goes on to its end, its log kept in job.log

    def sink(line: str) -> None:
        nonlocal shown, reader_gone
        if shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            shown = False
        if not reader_gone:
            try:
                click.echo(line)
            except BrokenPipeError:
                reader_gone = True
                _quiet_stdout()

    result = run(
        directory,
        dry_run=dry_run,
        rerun=rerun,
        force=force,
        pdf=pdf if pdf is not None else not dry_run,
        due=due.date().isoformat() if due is not None else None,
        show=player,
        sink=sink if fmt == "text" else None,
        progress=progress if sys.stderr.isatty() else None,
        replace=replace,
    )
    if shown:
        sys.stderr.write("\r\x1b[K")
        sys.stderr.flush()
    if fmt == "json":
        click.echo(json.dumps(result.report, indent=2))
    elif dry_run:
        names = sorted(n for n in result.files if n.startswith("printouts/") and n.endswith(".txt"))
        for name in names if player is None else [f"printouts/{player}.txt"]:
            if name in result.files:
                click.echo(f"\n===== {name} =====")
                click.echo(result.files[name].decode("utf-8"), nl=False)
    sys.exit(int(result.rc))


def stream(
    directories: Sequence[str],
    jobs: int,
    dry_run: bool,
    force: bool,
    pdf: bool | None,
    due: Any,
    fmt: str,
) -> None:
    """`process` of several games: the night's job stream; exits with the stream's MAXCC."""
    import json

    from galbatch.engine.job.stream import GameRun, Options, run_stream

    options = Options(
        dry_run=dry_run,
        force=force,
        pdf=pdf if pdf is not None else not dry_run,
        due=due.date().isoformat() if due is not None else None,
    )
    reader_gone = False

    def echo(text: str) -> None:
        nonlocal reader_gone
        if not reader_gone:
            try:
                click.echo(text)
            except BrokenPipeError:  # `| head`: every job still runs to its end
                reader_gone = True
                _quiet_stdout()

    def done(run: GameRun) -> None:
        if fmt == "text":
            echo(run.log)  # the log ends with a line end: a blank line between jobs

    result = run_stream(directories, options, jobs, done)
    if fmt == "json":
        echo(json.dumps(result.report(), indent=2))
    else:
        echo("\n".join(result.summary()))
    sys.exit(int(result.rc))


@cli.command(name="print")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--turn", "-t", type=int, help="Turn to print (default: the latest).")
@click.option(
    "--player", "-p", shell_complete=complete_player, help="Player id (default: the GM's summary)."
)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "pdf"]), default="text", show_default=True
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
    from galbatch.engine.gamedir.directory import GameError
    from galbatch.engine.job.reprint import reprint

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


@cli.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.argument("player", shell_complete=complete_player)
@click.option(
    "--stdin",
    "from_stdin",
    is_flag=True,
    help="Read the password from standard input (at a terminal: asked twice, not shown).",
)
def passwd(directory: Path, player: str, from_stdin: bool) -> None:
    """Give PLAYER of the game in DIRECTORY a new password; the old one stops working.

    Without --stdin the password is generated (five words) and printed once on
    standard output: send it to the player. game.yaml keeps only its hash, and
    its comments. Like `process`, it waits for another writer of the game.
    """
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.gamedir.directory import GameError
    from galbatch.engine.gamedir.locks import GameBusy
    from galbatch.engine.gamedir.player_passwords import set_password
    from galbatch.engine.security.hashes import new_password

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
        if from_stdin:
            return
        try:
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
        raise click.ClickException(str(e)) from None
    except OSError as e:
        raise click.ClickException(f"{directory}: {e.strerror or e}; nothing changed") from None
    click.echo(
        f"galbatch: player {info.id} ({info.name}) has a new password; the old one no longer works",
        err=True,
    )


@cli.command()
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
    import json

    from galbatch.rules.galactac.calculator import report

    rc, text, data = report(" ".join(words), tech)
    click.echo(json.dumps(data, indent=2) if fmt == "json" else text.rstrip("\n"))
    raise Done(rc)


def show_error(e: click.ClickException) -> None:
    """Every error on one line `galbatch: message`; a usage error keeps its usage above."""
    if isinstance(e, click.UsageError) and e.ctx is not None:
        usage = e.ctx.get_usage()
        if e.ctx.command.get_help_option(e.ctx) is not None:
            usage += f"\nTry '{e.ctx.command_path} {e.ctx.help_option_names[0]}' for help.\n"
        click.echo(usage, err=True)
    click.echo(f"galbatch: {e.format_message()}", err=True)


def _quiet_stdout() -> None:
    """Send the rest of standard output nowhere: its reader has closed the pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def main(argv: list[str] | None = None) -> Any:
    """Entry point: click's usage errors and failures exit 16, like a failed job."""
    for stream in (sys.stdout, sys.stderr):  # a legacy terminal encoding must not fail a run
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        return cli.main(args=argv, prog_name="galbatch", standalone_mode=False)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:
        show_error(e)
        sys.exit(RC.FAILED)
    except click.exceptions.Abort:
        click.echo("galbatch: aborted", err=True)
        sys.exit(RC.FAILED)
    except BrokenPipeError:  # the reader stopped early (`| head`): what it read is all it wanted
        _quiet_stdout()
        sys.exit(0)
    except Exception as e:  # the run itself failed: say so, exit 16, keep the details short
        if os.environ.get("GALBATCH_DEBUG"):
            raise
        click.echo(f"galbatch: internal error: {type(e).__name__}: {e}", err=True)
        click.echo("galbatch: set GALBATCH_DEBUG=1 to see the traceback", err=True)
        sys.exit(RC.FAILED)


def run() -> None:
    """The `galbatch` program: `main`, and after a command that wrote nothing but its
    output, the process ends as soon as that output is flushed. Tearing the interpreter
    down frees one object at a time what the system frees whole: a sixth of a cold
    check's time, for nothing."""
    try:
        main()
    except Done as done:
        code = done.code if isinstance(done.code, int) else RC.FAILED
        try:
            sys.stdout.flush()
        except BrokenPipeError:  # as `main` says of a reader that stopped early
            _quiet_stdout()
        except (OSError, ValueError):  # a full disk under `> file`: the output is not all out
            code = RC.FAILED
        with suppress(OSError, ValueError):
            sys.stderr.flush()
        os._exit(code)


if __name__ == "__main__":
    run()
