"""What `galbatch check` does, without click: its arguments when they are plain, and the
check itself, written out as the command writes it.

speed: click takes about a third of a cold check's time to import. A `check` whose
arguments are plain (files and the options in their usual spellings, nothing click
would refuse or read otherwise) runs from here without it; anything else (`--help`, a
misspelt option, a usage problem) goes to the click command, which says what is wrong.
Both run the check by `report`, so that they print the same bytes and exit the same.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence
from pathlib import Path

from galbatch.engine.job.lint import STDIN, CheckError, check_files, checked_against, failure_json
from galbatch.engine.language.diagnostics import RC, Record

FORMATS = ("text", "json")
VALUED = {  # option spelling: its parameter
    "--ruleset": "ruleset",
    "-r": "ruleset",
    "--game": "game_dir",
    "-g": "game_dir",
    "--view": "view_file",
    "-v": "view_file",
    "--format": "fmt",
    "--no-warn": "silenced",
    "-w": "silenced",
}
FLAGS = {"--caret": True, "--no-caret": False}


class Request(Record):
    """One `galbatch check`: its parameters as the click command receives them."""

    __slots__ = ("files", "ruleset", "game_dir", "view_file", "fmt", "caret", "silenced")

    def __init__(
        self,
        files: tuple[str, ...],
        ruleset: str | None = None,
        game_dir: Path | None = None,
        view_file: Path | None = None,
        fmt: str = "text",
        caret: bool | None = None,
        silenced: tuple[str, ...] = (),
    ) -> None:
        self.files = files
        self.ruleset = ruleset
        self.game_dir = game_dir
        self.view_file = view_file
        self.fmt = fmt
        self.caret = caret
        self.silenced = silenced


def problem(request: Request) -> str | None:
    """What makes a check's options unusable, as its usage error says it."""
    if sum(x is not None for x in (request.ruleset, request.game_dir, request.view_file)) != 1:
        return "give exactly one of --ruleset, --game or --view"
    if request.files.count(STDIN) > 1:
        return "standard input (-) can be checked only once"
    return None


def plain_request(argv: Sequence[str]) -> Request | None:
    """The check `galbatch ARGV` asks for, if ARGV is `check` with plain arguments that
    click would take as they are; None for anything else."""
    if not argv or argv[0] != "check":
        return None
    files: list[str] = []
    values: dict[str, str] = {}
    silenced: list[str] = []
    caret: bool | None = None
    words = list(argv[1:])
    while words:
        word = words.pop(0)
        name, equals, attached = word.partition("=") if word.startswith("--") else (word, "", "")
        if name in FLAGS and not equals and caret is None:
            caret = FLAGS[name]
        elif name in VALUED:
            value = attached if equals else (words.pop(0) if words else "")
            if not value or value.startswith("-"):
                return None
            if VALUED[name] == "silenced":
                silenced.append(value)
            elif VALUED[name] in values:
                return None  # said twice: click keeps the last, this leaves it to click
            else:
                values[VALUED[name]] = value
        elif word == STDIN or (word and not word.startswith("-")):
            files.append(word)
        else:
            return None
    if not files or values.get("fmt", "text") not in FORMATS:
        return None
    game, view = values.get("game_dir"), values.get("view_file")
    paths = [(f, False) for f in files if f != STDIN]
    paths += [(p, True) for p in (game,) if p is not None]
    paths += [(p, False) for p in (view,) if p is not None]
    if not all(_path_fits(path, directory) for path, directory in paths):
        return None
    request = Request(
        files=tuple(files),
        ruleset=values.get("ruleset"),
        game_dir=None if game is None else Path(game),
        view_file=None if view is None else Path(view),
        fmt=values.get("fmt", "text"),
        caret=caret,
        silenced=tuple(silenced),
    )
    return None if problem(request) else request


def _path_fits(path: str, directory: bool) -> bool:
    """Whether click's `Path` type takes `path` as it is: absent, or readable and no file
    where a directory is asked for (`--game`), no directory where a file is."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return True
    except ValueError:  # a NUL in the name: click's own stat fails
        return False
    if stat.S_ISREG(mode) if directory else stat.S_ISDIR(mode):
        return False
    return os.access(path, os.R_OK)


def report(request: Request) -> int:
    """Run the check and write what it finds; its RC."""
    try:
        rc, output = check_files(
            [STDIN if f == STDIN else Path(f) for f in request.files],
            ruleset=request.ruleset,
            game_dir=request.game_dir,
            view_file=request.view_file,
            fmt=request.fmt,
            source=sys.stdout.isatty() if request.caret is None else request.caret,
            silenced=request.silenced,
        )
    except CheckError as e:
        if request.fmt == "json":  # a tool still gets one JSON object on stdout
            _say(failure_json(str(e)))
        _say(f"galbatch: {e}", err=True)
        return int(RC.FAILED)
    if output:
        _say(output)
    if request.fmt == "text":  # on standard error: the diagnostics stay compiler lines
        against = checked_against(request.game_dir, request.view_file)
        if against is not None:
            _say(f"galbatch: {against}", err=True)
    return rc


def _say(text: str, err: bool = False) -> None:
    """A line on standard output (or error), flushed, as `click.echo` writes it."""
    print(text, file=sys.stderr if err else sys.stdout, flush=True)
