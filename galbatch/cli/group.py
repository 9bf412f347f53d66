"""The galbatch command's click group: a thin layer over the engine, one module a command.

Each command's module is imported only when that command runs (`galbatch check`
imports galbatch.cli.check and no other command). Exit status is the mainframe
return code, `RC`: 0 clean, 4 warnings, 8 errors, 12 unusable input (or a run
refused), 16 the run itself failed.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from galbatch import __version__
from galbatch.cli.common import show_error
from galbatch.cli.lazy import LazyGroup
from galbatch.cli.quick import internal_error, quiet_stdout, tolerant_streams
from galbatch.engine.language.diagnostics import RC

__all__ = ["COMMANDS", "cli", "main"]

COMMANDS = {  # each command's name and its "module.attribute", imported when it is asked for
    "check": "galbatch.cli.check.check",
    "intake": "galbatch.cli.post.intake",
    "mail": "galbatch.cli.post.mail",
    "new": "galbatch.cli.new.new",
    "passwd": "galbatch.cli.passwd.passwd",
    "print": "galbatch.cli.reprint.print_",
    "process": "galbatch.cli.process.process",
    "rating": "galbatch.cli.rating.rating",
    "serve": "galbatch.cli.serve.serve",
    "signups": "galbatch.cli.post.signups",
    "start": "galbatch.cli.post.start",
    "status": "galbatch.cli.status.status",
}


@click.group(
    cls=LazyGroup,
    lazy_subcommands=COMMANDS,
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(__version__, prog_name="galbatch")
def cli() -> None:
    """Batch turn processor and order checker for play-by-mail space games.

    A game lives in a directory (game.yaml, orders/, turns/). Typical use:

    \b
      galbatch new conflict games/demo --players 6 --seed 1997
      galbatch check orders.txt --ruleset conflict
      galbatch process games/demo
      galbatch status games/demo
      galbatch print games/demo --turn 1 --player 3 --format pdf -o p3.pdf
      galbatch passwd games/demo 3
      galbatch intake games/demo mail/inbox.mbox
      galbatch mail games/demo --send
      galbatch serve games/ --port 8080

    Shell completion (bash): eval "$(_GALBATCH_COMPLETE=bash_source galbatch)"

    Exit status: 0 clean, 4 warnings, 8 errors, 12 unusable input, 16 failure.
    """


def main(argv: list[str] | None = None) -> Any:
    """The program by click: its usage errors and failures exit 16, like a failed job."""
    tolerant_streams()
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
        quiet_stdout()
        sys.exit(RC.CLEAN)
    except Exception as e:  # the run itself failed: say so, exit 16, keep the details short
        sys.exit(internal_error(e))
