"""A game that takes sign-ups before it exists: `galbatch new RULESET DIR --open`, then
`galbatch start DIR`.

`new --open` makes DIR a sign-up directory (signups.yaml, see post.signups) that also
records the options of the game to make: seed, title, gm, start date, days per turn,
settings. `intake DIR MAILBOX` files `#ANM` sign-ups into its list. `start DIR` makes
the game from the list in DIR itself, as `new --signups` makes it elsewhere: the
players in sign-up order with their passwords and addresses, turn 0 set up and
printed, a welcome mail each in DIR/outbox/. What the post room kept while DIR took
sign-ups (intake/, outbox/, signups.yaml) stays where it is.

The game is made in DIR/.start-game and moved into DIR with game.yaml last, all under
DIR's writer lock: until game.yaml is there DIR is a sign-up directory, and a start
killed on the way leaves only what the next start clears.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from galbatch.engine.gamedir.commit import fsync_dir
from galbatch.engine.gamedir.directory import GAME_FILE, Game, GameError
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.gamedir.newgame import check_settings, validate_new
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, SignupList, read_signups
from galbatch.post.replies import write_outbox
from galbatch.post.signups import Welcomed, game_from_signups, open_signups, welcome_mail
from galbatch.rules import get_ruleset

SCRATCH = ".start-game"
GAME_PARTS = ("turns", "orders")  # what `new` makes beside game.yaml, moved before it


def open_game(
    directory: Path,
    ruleset: str,
    seed: int,
    *,
    game_id: str = "",
    limit: int = 0,
    title: str = "",
    gm: str = "galbatch",
    start: str | None = None,
    days: int = 14,
    settings: Mapping[str, Any] | None = None,
) -> Path:
    """`new RULESET DIR --open`: DIR takes sign-ups for the game these options will make.

    Everything `new` would refuse is refused now, before the first sign-up."""

    rules = get_ruleset(ruleset)
    game_id = game_id or directory.name
    validate_new(game_id, start, {})
    check_settings(rules, settings or {})
    if directory.exists() and any(directory.iterdir()):
        raise GameError(f"{directory}: exists and is not empty")
    options = {
        "seed": seed,
        "title": title,
        "gm": gm,
        **({"start": start} if start else {}),  # none: the day the game is started
        "days": days,
        "settings": dict(sorted((settings or {}).items())),
    }
    return open_signups(directory, game_id, rules.name, limit, new=options)


def start_game(
    directory: Path,
    passwords: Mapping[str, str] | None = None,
    start: str | None = None,
    wait: float | None = None,
    today: str | None = None,
) -> list[Welcomed]:
    """`start DIR`: make the game from DIR's sign-up list in DIR, and write the welcomes.

    `passwords`: chosen ones, by player id; `start`: another date for turn 0 than the
    one recorded when the list was opened; `today`: the date of turn 0 if neither
    gives one (the game starts on the day it is made)."""

    with writer_lock(directory, wait):
        signups = startable(directory)
        options = dict(signups.new)
        if start is not None:
            options["start"] = start
        if "start" not in options and today is not None:
            options["start"] = today
        seed = int(options.pop("seed"))
        clear_leftovers(directory)
        scratch = directory / SCRATCH
        welcomed = game_from_signups(
            scratch, signups, seed, signups.ruleset, passwords=dict(passwords or {}), **options
        )
        move_in(scratch, directory)
        game = Game.open(directory)
        write_outbox(directory, [welcome_mail(game, w) for w in welcomed])
        return welcomed


def startable(directory: Path) -> SignupList:
    """The sign-up list `start` makes the game from; GameError if there is none to make."""
    if (directory / GAME_FILE).exists():
        raise GameError(f"{directory}: the game has started already")
    file = directory / SIGNUPS_FILE
    if not file.is_file():
        raise GameError(f"{directory}: takes no sign-ups (no {SIGNUPS_FILE}); nothing to start")
    signups = read_signups(file)
    if not signups.new:
        raise GameError(
            f"{file}: records no options for the game (it was opened by galbatch signups); "
            f"make the game with galbatch new RULESET GAMEDIR --signups {directory}"
        )
    return signups


def clear_leftovers(directory: Path) -> None:
    """What a start killed before game.yaml was moved in left: never a game, never mail."""
    shutil.rmtree(directory / SCRATCH, ignore_errors=True)
    for name in GAME_PARTS:
        shutil.rmtree(directory / name, ignore_errors=True)


def move_in(scratch: Path, directory: Path) -> None:
    """Move the game made in `scratch` into `directory`, game.yaml last; then drop `scratch`."""
    for name in (*GAME_PARTS, GAME_FILE):
        os.replace(scratch / name, directory / name)
        fsync_dir(directory)
    shutil.rmtree(scratch)
