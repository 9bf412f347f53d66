"""The post room's commands, `intake`, `mail`, `signups` and `start` (`new --open`, which
opens a game to sign-ups, is galbatch.cli.new's).

Importing this module imports click alone: each command imports the post room
when it runs, so that listing the commands never pays for `email` or `smtplib`.

Exit status, as for the other commands: 0 all handled, 4 some message was not
filed (or was left for the next intake) or some mail not sent to every recipient,
12 another writer holds the directory (or another program the mbox), 16 failure;
a reader of stdout that goes away (`| head`) changes none of them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

import click

from galbatch.cli.common import Terminal, today
from galbatch.cli.created import (
    FORMAT,
    chosen_passwords,
    failed,
    kept_passwords,
    output_format,
    report_created,
)
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.locks import GameBusy
from galbatch.engine.language.diagnostics import RC
from galbatch.post.mailin import IntakeError
from galbatch.post.mailin import intake as run
from galbatch.post.mailout import mail_turn
from galbatch.post.mboxlock import MailboxBusy
from galbatch.post.signups import open_signups
from galbatch.post.smtp import send_outbox
from galbatch.post.start import start_game, startable
from galbatch.rules import UnknownRuleset


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.argument("mailbox", type=click.Path(exists=True, path_type=Path))
@click.option(
    "--release",
    "release",
    multiple=True,
    metavar="PLAYER",
    help="Read PLAYER's order files again this turn after too many wrong passwords.",
)
@FORMAT
def intake(directory: Path, mailbox: Path, release: tuple[str, ...]) -> None:
    """File the order files that came by mail in MAILBOX (an mbox file or a Maildir).

    Each message not handled before is filed (orders/<id>.txt), answered (an .eml
    in DIRECTORY/outbox/), or ignored if a machine sent it; each gets a line in
    DIRECTORY/intake/intake.log. DIRECTORY is a game, or a sign-up list made by
    `galbatch signups` or `galbatch new --open`. An mbox is read locked, as mail
    delivery locks it, and never written. --format json: one JSON object, what each
    message became and the exit status.
    """

    try:
        result = run(directory, mailbox, release=release)
    except (GameBusy, MailboxBusy) as e:
        _busy(str(e))
    except (GameError, IntakeError) as e:
        raise failed(str(e)) from None
    except OSError as e:
        raise failed(f"{directory}: {e.strerror or e}") from None
    out = Terminal()  # `| head`: the run is done and logged; its status stands
    if output_format() == "json":
        out.line(json.dumps(result.report(), indent=2, ensure_ascii=False))
    else:
        for line in result.lines():
            out.line(line)
    sys.exit(int(result.rc))


def _busy(message: str) -> None:
    """Another writer holds the directory (or another program the mbox): RC 12."""
    if output_format() == "json":
        click.echo(json.dumps({"rc": int(RC.UNUSABLE), "error": message}, ensure_ascii=False))
    click.echo(f"galbatch: {message}", err=True)
    sys.exit(RC.UNUSABLE)


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--turn", "-t", type=int, help="The turn whose printouts to mail (default: latest).")
@click.option("--send", is_flag=True, help="Then deliver the outbox by SMTP (game.yaml's mail:).")
@click.option("--no-write", is_flag=True, help="With --send: only deliver what is waiting.")
@FORMAT
def mail(directory: Path, turn: int | None, send: bool, no_write: bool) -> None:
    """Write one mail a player with a turn's printout to DIRECTORY/outbox/; --send delivers it.

    The body is the text printout, the PDF and the view file are attached, the
    subject gives the next due date. Mail already waiting or already sent is not
    written again. --send sends everything in the outbox (answers and welcome
    mails too) and moves what the server took to outbox/sent/. --format json: one
    JSON object, each mail written and sent, and the exit status.
    """

    if no_write and not send:
        raise click.UsageError("--no-write needs --send")
    if no_write and turn is not None:
        raise click.UsageError("--no-write writes no turn's mail; leave out --turn")
    rc = RC.CLEAN
    out = Terminal()  # `| head`: the mail is written and sent all the same
    json_out = output_format() == "json"
    report: dict[str, Any] = {}
    try:
        if not no_write:
            written = mail_turn(directory, turn)
            report["mail"] = {
                "turn": written.turn,
                "written": [f"outbox/{n}" for n in written.written],
                "unchanged": [f"outbox/{n}" for n in written.unchanged],
                "no_mail": written.skipped,
            }
            for line in [] if json_out else written.lines():
                out.line(line)
        if send:
            sent = send_outbox(directory)
            report["send"] = {
                "sent": [f"outbox/sent/{n}" for n in sent.sent],
                "failed": sent.failed,
            }
            for line in [] if json_out else sent.lines():
                out.line(line)
            rc = RC.WARNING if sent.failed else RC.CLEAN
    except GameBusy as e:
        _busy(str(e))
    except GameError as e:
        raise failed(str(e)) from None
    except OSError as e:
        raise failed(f"{directory}: {e.strerror or e}") from None
    if json_out:
        out.line(json.dumps({"rc": int(rc), **report}, indent=2, ensure_ascii=False))
    sys.exit(rc)


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "game_id", required=True, help="The game id the #ANM lines name.")
@click.option("--ruleset", default="", help="Its ruleset, whose name rules apply too.")
@click.option("--limit", type=click.IntRange(0, 200), default=0, help="Most players (0: any).")
@click.option("--from", "sender", default="", help="From: of the answers, e.g. 'GC16 <a@b.org>'.")
def signups(directory: Path, game_id: str, ruleset: str, limit: int, sender: str) -> None:
    """Open DIRECTORY for sign-ups to a game: `#ANM GAME name` lines by mail (see intake).

    `galbatch new RULESET GAMEDIR --signups DIRECTORY/signups.yaml` then makes the
    game from the list.
    """

    try:
        file = open_signups(directory, game_id, ruleset, limit, sender)
    except GameBusy as e:
        click.echo(f"galbatch: {e}", err=True)
        sys.exit(RC.UNUSABLE)
    except GameError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"{file}: taking sign-ups for game {game_id}")


@click.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--passwords",
    "password_file",
    type=click.File("r", encoding="utf-8"),
    help="File of 'PLAYER PASSWORD' lines; players not in it get a generated one.",
)
@click.option("--start", "start_date", help="Date of turn 0, if not the one given to new --open.")
@FORMAT
def start(directory: Path, password_file: TextIO | None, start_date: str | None) -> None:
    """Make the game DIRECTORY took sign-ups for (galbatch new RULESET DIRECTORY --open).

    One player a sign-up, in the order they came, each with a password and a welcome
    mail in DIRECTORY/outbox/; turn 0 set up and printed as `new` does. Prints each
    password once, as `new` does.
    """

    chosen = chosen_passwords(password_file)
    try:
        signups = startable(directory)  # before a passwords file is made for nothing
        with kept_passwords(directory) as keep:
            welcomed = start_game(directory, chosen, start_date, today=today())
    except GameBusy as e:
        click.echo(f"galbatch: {e}", err=True)
        sys.exit(RC.UNUSABLE)
    except (GameError, UnknownRuleset, ValueError) as e:
        raise failed(str(e)) from None
    seed = int(signups.new["seed"])
    report_created(directory, signups.ruleset, seed, welcomed, keep, welcomed=True)
