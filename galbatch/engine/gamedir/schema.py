"""The schema of game.yaml, declared as data, and the validator that reports every problem.

The common keys are declared here (`GAME_KEYS`, `PLAYER_KEYS`); the keys of the
`settings` mapping are declared by each ruleset as `Setting`s. A file is checked
whole, on every load: each problem is one line naming the file, the line, the key,
what is wrong and what is allowed,

    games/mine/game.yaml:8: days_per_turn: "two" is not a whole number; allowed: ...

and an unknown key gets "did you mean" when it is close to a known one.
`galbatch new --setting` is checked against the same declarations.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from galbatch.engine.contract.records import Setting
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.security.hashes import MAX_ITERATIONS, hash_problem
from galbatch.engine.text.printable import printable
from galbatch.rules import RULESETS, UnknownRuleset, get_ruleset

GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")  # what an order-file header can name
PLAYER_ID = re.compile(r"[A-Za-z0-9]{1,16}")  # ids become file names
ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
PERCENT = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?)\s*%\s*")
FIRST_DATE = dt.date(1900, 1, 1)  # a thousand years of turns still have a date
LAST_DATE = dt.date(2999, 12, 31)
MAX_TEXT = 80  # a title or GM name: one line of the archive's cover sheet
MAX_ACCOUNT = 999_999_999
WIDTHS = (80, 132)  # the two widths of continuous-form paper
# An e-mail address as a player or the GM writes it: no display name, no comments.
EMAIL = re.compile(r"[^@\s<>()\[\],;:\"\\]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z0-9-]{2,63}")
LOCAL = r"[^@\s<>()\[\],;:\"\\]{1,64}@localhost"  # the default sender's kind of address
SITE = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?")
MAIL_FROM = re.compile(
    r"[^\r\n]{0,80}<?(?:" + EMAIL.pattern + "|" + LOCAL + r")>?"
)  # "Name <address>"

DEFAULT_GM = "galbatch"
DEFAULT_START = dt.date(1997, 1, 6)
DEFAULT_DAYS = 14
DEFAULT_MISSING_LIMIT = 0.5  # share of players without orders that stops a run
DEFAULT_SENDER = "galbatch@localhost"
DEFAULT_SMTP_PORT = 25
DEFAULT_MAX_MESSAGE_KB = 1024  # a larger message is refused at intake


@dataclass(frozen=True)
class Rule:
    """What a value must be: `allowed` says it to the GM; `problem` says what is wrong."""

    allowed: str
    problem: Callable[[Any], str | None]


@dataclass(frozen=True)
class Key:
    """One key of a mapping in game.yaml."""

    name: str
    rule: Rule
    required: bool = False
    default: str = ""  # what an absent key means, as the man page says it


def shown(value: Any) -> str:
    """A value as a problem line quotes it: strings in double quotes, on one short line."""
    if isinstance(value, str):
        text = f'"{printable(value)}"'
    elif isinstance(value, Mapping):
        text = "a mapping"
    elif isinstance(value, list | tuple):
        text = "a list"
    elif value is None:
        text = "nothing"
    elif isinstance(value, bool):
        text = str(value).lower()  # as YAML writes it
    else:
        text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _span(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_num(low)} to {_num(high)}"
    if low is not None:
        return f" of at least {_num(low)}"
    if high is not None:
        return f" of at most {_num(high)}"
    return ""


def _outside(value: float, low: float | None, high: float | None) -> bool:
    return (low is not None and value < low) or (high is not None and value > high)


def whole(low: float | None = None, high: float | None = None) -> Rule:
    """A whole number (not true or false, not 14.0), within [low, high]."""

    def problem(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{shown(value)} is not a whole number"
        if _outside(value, low, high):
            return f"{shown(value)} is out of range"
        return None

    return Rule("a whole number" + _span(low, high), problem)


def number(low: float | None = None, high: float | None = None) -> Rule:
    """A finite number, whole or not, within [low, high]."""

    def problem(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            hint = ""
            percent = PERCENT.fullmatch(value) if isinstance(value, str) else None
            if percent is not None:
                hint = f" (did you mean {float(percent[1]) / 100:g}?)"
            return f"{shown(value)} is not a number{hint}"
        if (isinstance(value, float) and not math.isfinite(value)) or _outside(value, low, high):
            return f"{shown(value)} is out of range"
        return None

    return Rule("a number" + _span(low, high), problem)


def flag() -> Rule:
    def problem(value: Any) -> str | None:
        return None if isinstance(value, bool) else f"{shown(value)} is not true or false"

    return Rule("true or false", problem)


def text(
    longest: int = MAX_TEXT, choices: Sequence[str] = (), pattern: re.Pattern[str] | None = None
) -> Rule:
    """One line of printable text, at most `longest` characters (or one of `choices`)."""
    if choices:
        allowed = "one of " + ", ".join(choices)
    else:
        allowed = f"one line of at most {longest} characters"

    def problem(value: Any) -> str | None:
        if not isinstance(value, str):
            return f"{shown(value)} is not text"
        if choices:
            if value in choices:
                return None
            return f"{shown(value)} is not allowed" + _did_you_mean(value, choices)
        if not value.isprintable():
            return f"{shown(value)} holds a line break or a control character"
        if len(value) > longest:
            return f"{shown(value)} is longer than {longest} characters"
        if pattern is not None and not pattern.fullmatch(value):
            return f"{shown(value)} is not allowed"
        return None

    return Rule(allowed, problem)


def ident(pattern: re.Pattern[str], allowed: str) -> Rule:
    """An id: text, or a whole number written without quotes (read as its digits)."""

    def problem(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, str | int):
            return f"{shown(value)} is not an id"
        if not pattern.fullmatch(str(value)):
            return f"{shown(value)} is not allowed"
        return None

    return Rule(allowed, problem)


def date() -> Rule:
    """A date written YYYY-MM-DD (quoted or not), never a date and time."""

    def problem(value: Any) -> str | None:
        if isinstance(value, str) and ISO_DATE.fullmatch(value):
            try:
                value = dt.date.fromisoformat(value)
            except ValueError:
                return f"{shown(value)} is not a date in the calendar"
        if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
            return f"{shown(value)} is not a date YYYY-MM-DD"
        if not FIRST_DATE <= value <= LAST_DATE:
            return f"{value} is out of range"
        return None

    return Rule(f"a date YYYY-MM-DD from {FIRST_DATE} to {LAST_DATE}", problem)


def one_of_numbers(choices: Sequence[int]) -> Rule:
    def problem(value: Any) -> str | None:
        if isinstance(value, bool) or value not in choices:
            return f"{shown(value)} is not allowed"
        return None

    return Rule(" or ".join(str(c) for c in choices), problem)


def kind(expected: type[Any], allowed: str) -> Rule:
    """A container: a mapping or a list; what it holds is checked key by key."""

    def problem(value: Any) -> str | None:
        return None if isinstance(value, expected) else f"{shown(value)} is not {allowed}"

    return Rule(allowed, problem)


def password() -> Rule:
    def problem(value: Any) -> str | None:
        return hash_problem(value) if isinstance(value, str) else "not a password hash"

    return Rule(
        "a hash as galbatch new writes it, pbkdf2_sha256$ROUNDS$SALT$HASH "
        f"(ROUNDS 1 to {MAX_ITERATIONS}, SALT 32 and HASH 64 hex digits)",
        problem,
    )


# The `mail` mapping of game.yaml: how the post room sends (see galbatch.post.config).
MAIL_KEYS: tuple[Key, ...] = (
    Key("from", text(254, pattern=MAIL_FROM), default=DEFAULT_SENDER),
    Key("smtp_host", text(253), default="none: galbatch mail --send refuses"),
    Key("smtp_port", whole(1, 65535), default=str(DEFAULT_SMTP_PORT)),
    Key("smtp_starttls", flag(), default="false"),
    Key("smtp_user", text(254), default="none: no SMTP login"),
    Key("smtp_password_file", text(4096), default="none: the password from the environment"),
    Key("max_message_kb", whole(1, 65536), default=str(DEFAULT_MAX_MESSAGE_KB)),
    # the address of the game's web site (galbatch serve), named in the players' mail
    Key("site", text(200, pattern=SITE), default="none: the mail names no web site"),
)
MAIL_KEY = Key(
    "mail",
    kind(Mapping, "a mapping of " + ", ".join(k.name for k in MAIL_KEYS)),
    default=f"none: mail from {DEFAULT_SENDER}, no SMTP server",
)
EMAIL_KEY = Key("email", text(254, pattern=EMAIL), default="none: the player's mail goes to no one")

# The common part of game.yaml: the same for every ruleset.
GAME_KEYS: tuple[Key, ...] = (
    Key(
        "game",
        ident(GAME_ID, "1 to 32 letters, digits, '.', '_' or '-', first a letter or digit"),
        required=True,
    ),
    Key("ruleset", text(choices=sorted(RULESETS)), required=True),
    Key("title", text(), default="the game id"),
    Key("gm", text(), default=DEFAULT_GM),
    Key("seed", whole(), required=True),
    Key("start", date(), default=str(DEFAULT_START)),
    Key("days_per_turn", whole(1, 366), default=str(DEFAULT_DAYS)),
    Key("missing_orders_limit", number(0, 1), default=f"{DEFAULT_MISSING_LIMIT:g}"),
    # run the turn as soon as every player owing orders has sent them (GalaxyNG's mode)
    Key("immediate", flag(), default="false: the turn waits for galbatch process"),
    Key("width", one_of_numbers(WIDTHS), default="the ruleset's"),
    Key("settings", kind(Mapping, "a mapping of the ruleset's settings"), default="none"),
    MAIL_KEY,
    Key("players", kind(list, "a list of players"), required=True),
)

# Each entry of `players`.
PLAYER_KEYS: tuple[Key, ...] = (
    Key("id", ident(PLAYER_ID, "1 to 16 letters and digits"), required=True),
    Key("name", text(), required=True),  # and whatever the ruleset says of code names
    Key("account", whole(0, MAX_ACCOUNT), default="0"),
    Key("password", password(), default="none: the player can send no orders"),
    EMAIL_KEY,
    # a player who dropped out: his empire stays in play, his turns run without orders
    Key("retired", flag(), default="false"),
)


def setting_rule(setting: Setting) -> Rule:
    """The rule of a ruleset's declared setting."""
    if setting.kind is bool:
        return flag()
    if setting.kind is int:
        return whole(setting.low, setting.high)
    if setting.kind is float:
        return number(setting.low, setting.high)
    return text(choices=setting.choices)


def _did_you_mean(word: str, known: Sequence[str]) -> str:
    import difflib  # only a misspelt key needs it

    close = difflib.get_close_matches(word.lower(), [k.lower() for k in known], n=1, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {next(k for k in known if k.lower() == close[0])}?)"


# ---------------------------------------------------------------------------------
# Where a problem is: ruamel's round-trip containers keep the line of each key and item.


def _line(node: Any, key: Any = None, item: int | None = None) -> int:
    """The 1-based line of `node`'s `key` (or `item`), or of `node` itself."""
    lc = getattr(node, "lc", None)
    try:
        if key is not None:
            return int(lc.key(key)[0]) + 1  # type: ignore[union-attr]
        if item is not None:
            return int(lc.item(item)[0]) + 1  # type: ignore[union-attr]
    except (AttributeError, KeyError, IndexError, TypeError):
        pass
    line = getattr(lc, "line", None)
    return line + 1 if isinstance(line, int) else 1


def _label(key: Any) -> str:
    """A key as a problem line names it: as written if it is plain text, else quoted."""
    return key if isinstance(key, str) and key.isprintable() and key.isascii() else shown(key)


@dataclass(frozen=True)
class Problem:
    """One thing wrong in game.yaml: its line, the key, what is wrong and what is allowed."""

    line: int
    key: str
    what: str
    allowed: str

    def format(self, file: str) -> str:
        return f"{file}:{self.line}: {self.key}: {self.what}; allowed: {self.allowed}"


def _mapping(
    node: Mapping[Any, Any], keys: Sequence[Key], path: str, line: int
) -> Iterator[Problem]:
    """Unknown, missing and wrong keys of one mapping; containers are left to the caller."""
    known = [k.name for k in keys]
    for name in node:
        if not isinstance(name, str) or name not in known:
            unknown = "unknown key" + _did_you_mean(str(name), known)
            yield Problem(_line(node, key=name), path + _label(name), unknown, ", ".join(known))
    for key in keys:
        if key.name not in node:
            if key.required:
                yield Problem(line, path + key.name, "missing", key.rule.allowed)
            continue
        value = node[key.name]
        if value is None and key.name == "settings":
            continue  # `settings:` with nothing after it: no settings
        what = key.rule.problem(value)
        if what is not None:
            yield Problem(_line(node, key=key.name), path + key.name, what, key.rule.allowed)


def _ruleset(config: Mapping[Any, Any]) -> AnyRuleset | None:
    name = config.get("ruleset")
    if not isinstance(name, str) or name not in RULESETS:
        return None
    try:
        return get_ruleset(name)
    except UnknownRuleset:  # pragma: no cover - RULESETS lists only known ones
        return None


def _settings(node: Mapping[Any, Any], ruleset: AnyRuleset) -> Iterator[Problem]:
    for name, value in node.items():
        problem = setting_problem(ruleset, name, value)
        if problem is not None:
            what, allowed = problem
            yield Problem(_line(node, key=name), f"settings.{_label(name)}", what, allowed)


def setting_problem(ruleset: AnyRuleset, name: Any, value: Any) -> tuple[str, str] | None:
    """What is wrong with one setting for `ruleset`, and what is allowed; None if nothing."""
    declared = {s.name: s for s in ruleset.settings}
    setting = declared.get(name) if isinstance(name, str) else None
    if setting is None:
        known = sorted(declared)
        allowed = ", ".join(known) if known else f"none: {ruleset.name} has no settings"
        return "unknown setting" + _did_you_mean(str(name), known), allowed
    rule = setting_rule(setting)
    what = rule.problem(value)
    return None if what is None else (what, rule.allowed)


def _players(node: list[Any], ruleset: AnyRuleset | None) -> Iterator[Problem]:
    if not node:
        yield Problem(_line(node), "players", "no players", "a list of at least one player")
    ids: dict[str, tuple[str, int]] = {}  # folded id -> (key, line) of its first use
    names: dict[str, tuple[str, int]] = {}
    for i, player in enumerate(node):
        path = f"players[{i + 1}]"
        line = _line(node, item=i)
        if not isinstance(player, Mapping):
            what = f"{shown(player)} is not a player"
            yield Problem(line, path, what, "a mapping with id, name, account and password")
            continue
        line = _line(player)
        problems = list(_mapping(player, PLAYER_KEYS, path + ".", line))
        yield from problems
        wrong = {p.key for p in problems}
        if f"{path}.id" not in wrong and "id" in player:
            yield from _unique(ids, str(player["id"]).lower(), player, "id", path, "id")
        if f"{path}.name" not in wrong and "name" in player:
            name = str(player["name"])
            if ruleset is not None and (why := ruleset.name_problem(name)) is not None:
                allowed = f"a code name galbatch-{ruleset.name}(7) allows"
                yield Problem(_line(player, key="name"), f"{path}.name", why.rstrip("."), allowed)
            else:
                folded = " ".join(name.split()).upper()
                yield from _unique(names, folded, player, "name", path, "code name")


def _unique(
    seen: dict[str, tuple[str, int]],
    folded: str,
    player: Mapping[Any, Any],
    key: str,
    path: str,
    noun: str,
) -> Iterator[Problem]:
    """A problem if another player already has this id or name (compared as `folded`)."""
    line = _line(player, key=key)
    if folded in seen:
        first, first_line = seen[folded]
        what = f"{shown(player[key])} is already the {noun} of {first} (line {first_line})"
        yield Problem(line, f"{path}.{key}", what, f"a different {noun} for each player")
    else:
        seen[folded] = (path, line)


def game_problems(config: Any) -> list[Problem]:
    """Every problem of a loaded game.yaml, in the order of the file's lines."""
    if not isinstance(config, Mapping):
        allowed = "a mapping of " + ", ".join(k.name for k in GAME_KEYS)
        return [Problem(1, "game.yaml", f"{shown(config)} is not a mapping", allowed)]
    problems = list(_mapping(config, GAME_KEYS, "", 1))
    wrong = {p.key for p in problems}
    ruleset = _ruleset(config)
    settings = config.get("settings")
    if ruleset is not None and isinstance(settings, Mapping):
        problems += _settings(settings, ruleset)
    if "mail" not in wrong:
        problems += mail_problems(config)
    players = config.get("players")
    if "players" not in wrong and isinstance(players, list):
        problems += _players(players, ruleset)
    return sorted(problems, key=lambda p: p.line)


def mail_problems(config: Any) -> list[Problem]:
    """Unknown and wrong keys of game.yaml's `mail` mapping; none if it has no such mapping."""
    mail = config.get("mail") if isinstance(config, Mapping) else None
    if not isinstance(mail, Mapping):
        return []
    return list(_mapping(mail, MAIL_KEYS, "mail.", _line(config, key="mail")))


def command_line_settings(
    ruleset: AnyRuleset, items: Sequence[tuple[str, str]]
) -> tuple[dict[str, Any], list[str]]:
    """`new --setting KEY=VALUE` pairs as typed settings, and a line for each problem.

    A value is read as its setting's declared type: `10` is a whole number for a
    whole-number setting, and text that is no such number is reported, not stored.
    """
    declared = {s.name: s for s in ruleset.settings}
    settings: dict[str, Any] = {}
    problems: list[str] = []
    for key, raw in items:
        label = f"--setting {key}={raw}"
        if key in settings:
            problems.append(f"{label}: {key} given twice; allowed: each setting once")
            continue
        setting = declared.get(key)
        value = raw if setting is None else typed(setting, raw)
        problem = setting_problem(ruleset, key, value)
        if problem is not None:
            problems.append(f"{label}: {problem[0]}; allowed: {problem[1]}")
        settings[key] = value
    return settings, problems


def typed(setting: Setting, raw: str) -> Any:
    """Command-line text as the setting's type; text that is none stays text (to be reported)."""
    raw = raw.strip()
    if setting.kind is int and re.fullmatch(r"[+-]?[0-9]{1,30}", raw):
        return int(raw)
    if setting.kind is float:
        try:
            return float(raw)
        except ValueError:
            return raw
    if setting.kind is bool and raw.lower() in ("true", "false", "yes", "no", "on", "off"):
        return raw.lower() in ("true", "yes", "on")
    return raw
