"""Sign-ups: `#ANM <GAME> <name>` lines by mail, the list they make, and the game made from it.

Galactic Conqueror's rule book: a player signs up with a line `#ANM GC16 <Player
Name>`, the name "maximum 15 characters, only letters, numbers and blanks" (the
letters A to Z, as the book's server read them). While a game
takes players, its directory holds only `signups.yaml` (and the post room's
`intake/` and `outbox/`); `create_from_signups` makes the game from the list, in a
new directory, with each player's address in game.yaml and a welcome mail in the
outbox. A list opened by `galbatch new --open` also records the options of the game
to make, and `galbatch start` makes it in the list's own directory (see post.start).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from galbatch.engine.gamedir.commit import fsync_dir, writing
from galbatch.engine.gamedir.directory import GAME_FILE, Game, GameError, GameFileError
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.gamedir.schema import GAME_ID, game_problems
from galbatch.engine.gamedir.signup_list import (
    SIGNUPS_FILE,
    Signup,
    SignupList,
    signups_bytes,
)
from galbatch.engine.gamedir.turninputs import recorded_inputs, turn_date
from galbatch.engine.gamedir.yamlio import dump_edited, parse_edited
from galbatch.post.config import EMAIL, post_settings
from galbatch.post.helptext import help_text
from galbatch.post.replies import GENERATED, Mail, build_mail, day, write_atomic, write_outbox
from galbatch.rules import UnknownRuleset, get_ruleset

NAME_LENGTH = 15  # the rule book's #ANM name: at most 15 characters
ANM_LINE = re.compile(r"\s*#ANM\s+(?P<game>\S+)(?:[ \t]+(?P<name>.*?))?\s*", re.IGNORECASE)
MAX_SIGNUPS = 200


def write_signups(file: Path, signups: SignupList) -> None:
    """Replace the list atomically; the caller holds the directory's writer lock."""
    write_atomic(file, signups_bytes(signups), 0o644)


def open_signups(
    directory: Path,
    game: str,
    ruleset: str = "",
    limit: int = 0,
    sender: str = "",
    new: Mapping[str, Any] | None = None,
) -> Path:
    """Make `directory` take sign-ups for `game`: an empty list in it. Refuses a game directory.

    `sender`: the From of the answers (game.yaml's mail.from), if not galbatch@localhost;
    `new`: the options `galbatch start` makes the game with (seed, title, ...)."""

    if not GAME_ID.fullmatch(game):
        raise GameError(f"game id {game!r}: 1 to 32 letters, digits, '.', '_' or '-'")
    directory.mkdir(parents=True, exist_ok=True)
    with writer_lock(directory):
        if (directory / GAME_FILE).exists():
            raise GameError(f"{directory}: holds a game already; it takes no sign-ups")
        file = directory / SIGNUPS_FILE
        if file.exists():
            raise GameError(f"{file}: already exists")
        mail = {"from": sender} if sender else {}
        write_signups(file, SignupList(game, ruleset, limit, mail=mail, new=dict(new or {})))
    return file


def parse_anm(line: str) -> tuple[str, str] | None:
    """(game, name) of a `#ANM GAME name` line; None if the line is not one."""
    match = ANM_LINE.fullmatch(line)
    if match is None:
        return None
    return match["game"], " ".join((match["name"] or "").split())


def name_problem(name: str, ruleset: str = "") -> str | None:
    """Why `name` cannot be signed up: the rule book's rule, then the ruleset's, if any."""
    if not name:
        return "no name after the game id"
    if len(name) > NAME_LENGTH:
        return f"a name has at most {NAME_LENGTH} characters"
    other = next((ch for ch in name if ch != " " and not (ch.isascii() and ch.isalnum())), None)
    if other is not None:  # the book's letters are its mainframe's: A to Z
        return f"a name may hold only the letters A to Z, digits and blanks, not {other!r}"
    if ruleset:
        try:
            rules = get_ruleset(ruleset)
        except UnknownRuleset:
            return None
        why = rules.name_problem(rules.normal_name(name))
        if why:
            return why.rstrip(".")
    return None


def add_signup(
    signups: SignupList, game: str, name: str, address: str, date: dt.datetime | None, key: str
) -> str | None:
    """Add a sign-up to the list; None if added, else why not (to answer the sender)."""
    why = signup_problem(signups, game, name, address)
    if why is None:
        when = date.isoformat() if date is not None else ""
        signups.signups.append(Signup(name, address, when, key[:16]))
    return why


def signup_problem(signups: SignupList, game: str, name: str, address: str) -> str | None:
    """Why the list cannot take this sign-up now; None if it can."""
    if game.lower() != signups.game.lower():
        return f"this list takes sign-ups for game {signups.game}, not {game}"
    problem = name_problem(name, signups.ruleset)
    if problem is not None:
        return f"name {name!r}: {problem}"
    if not EMAIL.fullmatch(address):
        return "no address to sign up"
    for s in signups.signups:
        if s.email == address:
            return f"{address} has signed up already, as {s.name}"
        if s.name.upper() == name.upper():
            return f"the name {s.name} is taken; choose another"
    if (signups.limit and len(signups.signups) >= signups.limit) or len(
        signups.signups
    ) >= MAX_SIGNUPS:
        return f"the game is full ({len(signups.signups)} players)"
    return None


@dataclass(frozen=True)
class Welcomed:
    """A player made from a sign-up: id, code name, address and clear password."""

    id: str
    name: str
    email: str
    password: str


def create_from_signups(
    path: Path, signups: SignupList, seed: int, ruleset: str = "", **options: Any
) -> list[Welcomed]:
    """`galbatch new RULESET DIR --signups FILE`: make the game with one player a sign-up,
    in sign-up order, put each address in game.yaml, and each welcome mail in the outbox.

    `options` go to `create_game` (title, gm, start, days, settings, passwords).
    """
    welcomed = game_from_signups(path, signups, seed, ruleset, **options)
    write_welcomes(path, welcomed)
    return welcomed


def game_from_signups(
    path: Path, signups: SignupList, seed: int, ruleset: str = "", **options: Any
) -> list[Welcomed]:
    """The game of `create_from_signups`, its players' addresses in game.yaml; no mail yet."""

    rules = ruleset or signups.ruleset
    if not rules:
        raise GameError("the sign-up list names no ruleset; give one")
    if ruleset and signups.ruleset and ruleset.lower() != signups.ruleset.lower():
        raise GameError(f"the sign-up list is for {signups.ruleset}, not {ruleset}; nothing made")
    if not signups.signups:
        raise GameError(f"no one has signed up for game {signups.game}")
    created = create_game(
        path,
        rules,
        len(signups.signups),
        seed,
        names=[s.name for s in signups.signups],
        game_id=signups.game,
        **options,
    )
    addresses = {p.id: s.email for p, s in zip(created, signups.signups, strict=True)}
    set_player_emails(path, addresses, signups.mail)
    return [Welcomed(p.id, p.name, addresses[p.id], p.password) for p in created]


def write_welcomes(path: Path, welcomed: Sequence[Welcomed]) -> None:
    """Each new player's welcome mail, in the game's outbox, as the game's writer."""

    with writing(path) as game:
        write_outbox(path, [welcome_mail(game, w) for w in welcomed])


def set_player_emails(
    path: Path, addresses: Mapping[str, str], mail: Mapping[str, Any] | None = None
) -> None:
    """Give players an `email` in game.yaml, as its one writer, keeping the GM's comments;
    `mail`, the sign-up list's mail settings, becomes game.yaml's `mail` if it has none."""

    with writing(path) as game:
        for entry in game.config["players"]:
            address = addresses.get(str(entry["id"]))
            if address:
                entry["email"] = DoubleQuotedScalarString(address)
        if mail and "mail" not in game.config:
            settings = CommentedMap(
                (k, DoubleQuotedScalarString(v) if isinstance(v, str) else v)
                for k, v in sorted(mail.items())
            )
            game.config.insert(list(game.config).index("players"), "mail", settings)
        file = path / GAME_FILE
        text = dump_edited(game.config)
        problems = game_problems(parse_edited(text, file))
        if problems:
            raise GameFileError(file, [p.format(str(file)) for p in problems])
        write_atomic(file, text.encode("utf-8"), file.stat().st_mode & 0o7777)
        fsync_dir(path)


def slug(game_id: str) -> str:
    """A game id as part of an outbox file name: lower case, '-' for '_'."""
    return game_id.lower().replace("_", "-")


def welcome_mail(game: Game, player: Welcomed) -> Mail:
    """A new player's welcome: their number, name and password, the header line to use,
    the first due date and the rules in brief."""

    ruleset = game.ruleset_name
    start = recorded_inputs(game, 80, 0).date
    due = turn_date(game, 1)
    settings = post_settings(game.config)
    site = (
        [
            f"You may also play on the web: {settings.site} (log in with game {game.id},",
            f"player {player.id} and your password).",
            "",
        ]
        if settings.site
        else []
    )
    body = "\n".join(
        [
            f"Welcome to {game.title}.",
            "",
            f"You are player {player.id}, {player.name}. Your password is",
            "",
            f"    {player.password}",
            "",
            "Keep it to yourself: whoever knows it can send orders for you.",
            "Start every order file with this line:",
            "",
            f'    GAME {game.id} PLAYER {player.id} PASSWORD "{player.password}"',
            "",
            f"Your first orders are due {due}. Your turn-0 printout comes in a",
            "mail of its own.",
            "",
            *site,
            help_text(ruleset, game.id, game.title),
        ]
    )
    return build_mail(
        settings=settings,
        name=f"welcome-{slug(game.id)}-p{player.id.lower()}.eml",
        to=(player.email,),
        subject=f"{game.id}: welcome, player {player.id} ({player.name}); first orders due {due}",
        body=body,
        date=day(start),
        auto=GENERATED,
    )


def signup_rows(signups: SignupList) -> Sequence[tuple[str, str]]:
    """(name, address) of each sign-up, in order: for a GM's listing."""
    return [(s.name, s.email) for s in signups.signups]
