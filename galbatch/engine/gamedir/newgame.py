"""`galbatch new`: a game directory with game.yaml, an empty inbox and turn 0."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.commit import commit_turn
from galbatch.engine.gamedir.directory import GAME_FILE, Game, GameError, GameFileError, dump_state
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.gamedir.schema import command_line_settings, game_problems, setting_problem
from galbatch.engine.gamedir.turnfiles import render_turn
from galbatch.engine.gamedir.turninputs import inputs_for
from galbatch.engine.gamedir.yamlio import parse_edited
from galbatch.engine.security.hashes import hash_password, new_password
from galbatch.engine.text.wording import plural
from galbatch.rules import get_ruleset

CODE_NAMES = (
    "ARCTURUS",
    "POLARIS",
    "RIGEL",
    "REGULUS",
    "SIRIUS",
    "VEGA",
    "ALTAIR",
    "CAPELLA",
    "DENEB",
    "ANTARES",
    "ALDEBARAN",
    "BETELGEUSE",
    "CANOPUS",
    "SPICA",
    "PROCYON",
    "ACHERNAR",
    "FOMALHAUT",
    "BELLATRIX",
    "MIRA",
    "CASTOR",
    "POLLUX",
    "MIZAR",
    "ALCOR",
    "ALGOL",
    "DUBHE",
    "MERAK",
    "SHAULA",
    "HADAR",
    "ACRUX",
    "MIMOSA",
    "ELNATH",
    "ALNILAM",
    "ALNITAK",
    "MINTAKA",
    "SAIPH",
    "MENKAR",
    "HAMAL",
    "SCHEAT",
    "MARKAB",
    "ALPHERATZ",
    "MIRACH",
    "ALMAAK",
    "NAOS",
    "WEZEN",
    "ADHARA",
    "ALPHARD",
    "DENEBOLA",
    "ZOSMA",
    "KOCHAB",
    "THUBAN",
)


@dataclass(frozen=True)
class NewPlayer:
    """A seat as created: its id, code name and the clear password to send out once."""

    id: str
    name: str
    password: str


def game_yaml(
    game_id: str,
    ruleset: str,
    title: str,
    gm: str,
    seed: int,
    start: str,
    days: int,
    players: Sequence[tuple[PlayerInfo, str]],
    settings: Mapping[str, Any] | None = None,
) -> str:
    """The game.yaml text, with comments a GM can keep editing; strings quoted as JSON."""
    q = json.dumps
    rows = "\n".join(
        f"  - id: {q(p.id)}\n    name: {q(p.name)}\n    account: {p.account}\n"
        f"    password: {q(hashed)}"
        for p, hashed in players
    )
    return f"""\
# galbatch game file. Edit freely: comments and key order survive every turn.
game: {game_id}            # the id players write in their order-file header
ruleset: {ruleset}
title: {q(title)}
gm: {q(gm)}           # printed as the author of every PDF
seed: {seed}              # the galaxy and every random roll derive from it
start: {start}        # date of turn 0; turn N is dated start + N * days_per_turn
days_per_turn: {days}
missing_orders_limit: 0.5  # stop the run if more than this share sent no orders
settings: {q(dict(sorted((settings or {}).items())))}  # the ruleset's game settings
players:
{rows}
"""


GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")  # what an order-file header can name


def validate_new(game_id: str, start: str | None, passwords: Mapping[str, str]) -> None:
    """Refuse, before anything is written, what would make an unplayable game (`start`
    None: a date chosen later, when the game is made)."""
    if not GAME_ID.fullmatch(game_id):
        raise GameError(
            f"game id {game_id!r}: use 1 to 32 letters, digits, '.', '_' or '-', "
            "starting with a letter or digit"
        )
    try:
        if start is not None:
            dt.date.fromisoformat(start)
    except ValueError:
        raise GameError(f"start date {start!r}: expected YYYY-MM-DD") from None
    for player, password in sorted(passwords.items()):
        if not PASSWORD.fullmatch(password):
            raise GameError(f"password of player {player}: 1 to 64 characters, no blanks or '\"'")


PASSWORD = re.compile(r'[^\s"]{1,64}')


def setting_values(ruleset_name: str, items: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """`new --setting KEY=VALUE` pairs, each read as the type its ruleset declares for it.

    Every unknown key, wrong type or value out of range is one line of the GameError.
    """
    settings, problems = command_line_settings(get_ruleset(ruleset_name), items)
    if problems:
        raise GameError("\n".join(problems))
    return settings


def check_settings(ruleset: AnyRuleset, settings: Mapping[str, Any]) -> None:
    """Refuse settings the ruleset does not declare, or values its declaration forbids."""
    problems = [
        f"setting {key}: {problem[0]}; allowed: {problem[1]}"
        for key, value in settings.items()
        if (problem := setting_problem(ruleset, key, value)) is not None
    ]
    if problems:
        raise GameError("\n".join(problems))


def create_game(
    path: Path,
    ruleset_name: str,
    n_players: int,
    seed: int,
    *,
    names: Sequence[str] = (),
    title: str = "",
    gm: str = "galbatch",
    start: str = "1997-01-06",
    days: int = 14,
    game_id: str | None = None,
    passwords: Mapping[str, str] | None = None,
    settings: Mapping[str, Any] | None = None,
) -> list[NewPlayer]:
    """Make the directory, write game.yaml and commit turn 0 with every printout."""
    ruleset = get_ruleset(ruleset_name)
    game_id = game_id or path.name
    validate_new(game_id, start, passwords or {})
    check_settings(ruleset, settings or {})
    if path.exists() and any(path.iterdir()):
        raise GameError(f"{path}: exists and is not empty")
    chosen = [ruleset.normal_name(n) for n in names] or list(CODE_NAMES[:n_players])
    if len(chosen) != n_players:
        raise GameError(f"{plural(len(chosen), 'code name')} for {plural(n_players, 'player')}")
    if len(set(chosen)) != len(chosen):
        raise GameError("code names must differ")
    for name in chosen:
        problem = ruleset.name_problem(name)
        if problem:
            raise GameError(f"code name {name!r}: {problem}")
    infos = [PlayerInfo(str(i), name, 1000 + i) for i, name in enumerate(chosen, start=1)]
    state = ruleset.new_game(seed, infos, dict(settings or {}))
    given = passwords or {}
    created = [NewPlayer(p.id, p.name, given.get(p.id) or new_password()) for p in infos]
    install_game(
        path,
        ruleset,
        state,
        infos,
        [c.password for c in created],
        game_id=game_id,
        seed=seed,
        title=title,
        gm=gm,
        start=start,
        days=days,
        settings=settings,
    )
    return created


def install_game(
    path: Path,
    ruleset: AnyRuleset,
    state: Any,
    infos: Sequence[PlayerInfo],
    passwords: Sequence[str],
    *,
    game_id: str,
    seed: int,
    title: str = "",
    gm: str = "galbatch",
    start: str = "1997-01-06",
    days: int = 14,
    settings: Mapping[str, Any] | None = None,
) -> Game:
    """Write game.yaml and an empty inbox, and commit `state` as turn 0 with its printouts."""
    text = game_yaml(
        game_id,
        ruleset.name,
        title or f"{ruleset.title.title()} {game_id}",
        gm,
        seed,
        start,
        days,
        [(p, hash_password(pw)) for p, pw in zip(infos, passwords, strict=True)],
        settings,
    )
    file = path / GAME_FILE
    problems = game_problems(parse_edited(text, file))  # the schema every load checks
    if problems:
        raise GameFileError(file, [p.format(str(file)) for p in problems])
    path.mkdir(parents=True, exist_ok=True)
    with writer_lock(path):
        if (path / GAME_FILE).exists():
            raise GameError(f"{path}: already holds a game")
        (path / "orders").mkdir(exist_ok=True)
        (path / GAME_FILE).write_text(text, encoding="utf-8")
        game = Game.open(path)
        files = render_turn(inputs_for(game, ruleset.width, 0), ruleset, state, {})
        files["state.yaml"] = dump_state(ruleset.dump_state(state))
        files["job.log"] = f"GALBATCH  JOB {game_id.upper()}.T000  SETUP  MAXCC=0000\n".encode()
        commit_turn(game, 0, files)
    return game
