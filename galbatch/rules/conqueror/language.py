"""Galactic Conqueror's command language: a parsed line becomes a command dataclass.

The grammar (grammars/conqueror.lark) reads each of the 14 commands of section 3
exactly as the rule book writes them; ranges are checked later by `facts.py`, so
this turns tokens into numbers and upper-cases the S/T unit letter. It also holds
the book's "All parameters of a command have to be separated by blanks" (3): a
line such as `BS 45 56` or `W67 2 7` is rejected, with the line written as it
should be, and a command or unit spelt out (`Move S 5 57`, `B SHIP 45 56`) gets
the one-letter code the player probably meant (see `suggest.py`).

Such a line is rejected as any other line that is not a command (the ruleset's
syntax code, GQ100), with the message of `Unreadable`: the engine turns the error
the transformer raises (a `LineRejected`) into that diagnostic.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from galbatch.engine.language.parsing import LineRejected
from galbatch.engine.text.suggest import closest
from galbatch.rules.conqueror import orders as o

if TYPE_CHECKING:  # the parser's tokens; checking commands never imports lark
    from lark import Token

COMMAND_WORDS = "a command letter (B L E W S V Z U P I K F N G)"
UNIT_WORDS = "S (ship) or T (task force)"

# The commands' names in section 3 ("3.1 Move (B)" ...), each with its letter, for
# "did you mean". Ship Class for Shipyard (W) and Ship Production (S) both begin with
# "Ship", so they are known by the words of their descriptions instead.
COMMAND_NAMES: dict[str, str] = {
    "MOVE": "B",
    "LOAD": "L",
    "UNLOAD": "E",
    "CLASS": "W",
    "INVEST": "S",
    "SCRAP": "V",
    "ATTACH": "Z",
    "TRANSFER": "U",
    "PRODUCTION": "P",
    "ESPIONAGE": "I",
    "CORRUPTION": "K",
    "RESEARCH": "F",
    "INSTALL": "N",
    "REWARD": "G",
}
# 3.1: "whether a ship or task force should be sent (S or T)".
UNIT_NAMES: dict[str, str] = {"SHIP": "S", "TASKFORCE": "T", "TASK": "T", "TF": "T"}
LONGEST_NAME = 20  # longer words are compared with no name: they are not misspellings


class Unreadable(LineRejected):
    """A line that is not a command, and what the player should write instead."""


def unreadable(token: Token, message: str) -> Unreadable:
    """The error that rejects the line with `message` (GQ100), reported at column 1."""
    return Unreadable(message)


def short(text: str, limit: int = 20) -> str:
    """At most `limit` characters of a bad spot, as the engine quotes it."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def apart(text: str) -> list[str]:
    """The words of a line with every letter and every number apart: BS45 -> B S 45."""
    return re.findall(r"[A-Za-z]|[0-9]+|[^\sA-Za-z0-9]+", text)


def fits(words: list[str]) -> bool:
    """True if the words are a command as its form (forms.py) gives it: its letter, then
    its parameters, S or T where the form has that choice, else a number."""
    from galbatch.rules.conqueror.forms import FORMS  # only a line that is no command

    form = next((f for f in FORMS if words and f.word == words[0].upper()), None)
    if form is None or len(words) != len(form.arguments) + 1:
        return False
    return all(
        word.upper() in argument.choices if argument.kind == "choice" else word.isdigit()
        for argument, word in zip(form.arguments, words[1:], strict=True)
    )


def written(words: list[str]) -> str:
    return " ".join(words).upper()


def advice(words: list[str]) -> str:
    """'write L T 5 9 0' for a line that fits its form; or, when a fact of the book
    (layer 2) would reject that line too, why, rather than propose it."""
    from galbatch.engine.checker.facts import broken  # only a line that is no command
    from galbatch.rules.conqueror.facts import FACTS

    line = written(words)
    problem = broken(BUILDERS[words[0].upper()](words[1:]), FACTS)
    return f"write {line}" if problem is None else f"{line} would be rejected too: {problem}"


def explain_line(text: str) -> str:
    """Why a line that does not begin with a command letter is not a command."""
    text = text.strip()
    spaced = apart(text)
    if len(spaced) > 1 and fits(spaced):  # BS 45 56: the letter and a parameter together
        return f"parameters must be separated by blanks: {advice(spaced)}"
    found = f"found {short(text)!r} where {COMMAND_WORDS} was expected"
    head = re.match(r"[A-Za-z]+", text)
    if head is None or len(head.group()) > LONGEST_NAME:
        return found
    name = closest(head.group().upper(), COMMAND_NAMES)
    if name is None:
        return found
    letter = COMMAND_NAMES[name]
    hint = f"found {short(head.group())!r} where {COMMAND_WORDS} was expected; did you mean "
    hint += f"{letter} ({name.title()})?"
    guess = [letter, *apart(text[head.end() :])]
    if fits(guess):
        hint += f" {advice(guess)}"
    return hint


def parameters(t: list[Token]) -> list[Token]:
    """The parameters after the command letter, once they are seen to be separated by
    blanks (3) and a unit to be S or T."""
    for token in t:
        if token.type == "UNIT_WORD":
            message = f"found {short(str(token))!r} where {UNIT_WORDS} was expected"
            word = str(token).upper()
            name = closest(word, UNIT_NAMES) if len(word) <= LONGEST_NAME else None
            if name is not None:
                unit = UNIT_NAMES[name]
                guess = [unit if x is token else str(x) for x in t]
                message += f"; did you mean {unit}? {advice(guess)}"
            raise unreadable(token, message)
    for before, after in zip(t, t[1:], strict=False):
        if before.end_pos == after.start_pos:
            line = advice([str(x) for x in t])
            raise unreadable(after, f"parameters must be separated by blanks: {line}")
    return t[1:]


def _unit(word: str) -> o.Unit:
    """S (a ship) or T (a task force); the grammar allows nothing else."""
    return cast(o.Unit, word.upper())


# Each command from its parameters' words, once the grammar (or `fits`) has read them.
def move(p: Sequence[str]) -> o.Move:
    return o.Move(_unit(p[0]), int(p[1]), int(p[2]))


def load(p: Sequence[str]) -> o.Load:
    return o.Load(_unit(p[0]), int(p[1]), int(p[2]), int(p[3]))


def unload(p: Sequence[str]) -> o.Unload:
    return o.Unload(_unit(p[0]), int(p[1]), int(p[2]), int(p[3]))


def set_class(p: Sequence[str]) -> o.SetClass:
    return o.SetClass(int(p[0]), int(p[1]), int(p[2]))


def invest(p: Sequence[str]) -> o.Invest:
    return o.Invest(int(p[0]), int(p[1]), int(p[2]))


def scrap(p: Sequence[str]) -> o.Scrap:
    return o.Scrap(int(p[0]))


def attach(p: Sequence[str]) -> o.Attach:
    return o.Attach(int(p[0]), int(p[1]))


def transfer(p: Sequence[str]) -> o.TransferShip:
    return o.TransferShip(int(p[0]), int(p[1]))


def produce(p: Sequence[str]) -> o.Produce:
    return o.Produce(int(p[0]), int(p[1]), int(p[2]))


def espionage(p: Sequence[str]) -> o.Espionage:
    return o.Espionage(int(p[0]), int(p[1]), int(p[2]))


def corruption(p: Sequence[str]) -> o.Corruption:
    return o.Corruption(int(p[0]), int(p[1]), int(p[2]))


def research(p: Sequence[str]) -> o.Research:
    return o.Research(int(p[0]), int(p[1]), int(p[2]))


def install(p: Sequence[str]) -> o.Install:
    return o.Install(int(p[0]), int(p[1]), int(p[2]))


def reward(p: Sequence[str]) -> o.Reward:
    return o.Reward(int(p[0]), int(p[1]))


BUILDERS: dict[str, Callable[[Sequence[str]], o.Order]] = {
    "B": move,
    "L": load,
    "E": unload,
    "W": set_class,
    "S": invest,
    "V": scrap,
    "Z": attach,
    "U": transfer,
    "P": produce,
    "I": espionage,
    "K": corruption,
    "F": research,
    "N": install,
    "G": reward,
}


class OrderBuilder:
    """Turns a parsed line into a command dataclass: the LALR parser calls the method
    named after each rule with the rule's tokens (an inline transformer)."""

    def start(self, items: list[o.Order]) -> o.Order:
        return items[0]

    def unreadable(self, t: list[Token]) -> o.Order:
        raise unreadable(t[0], explain_line(str(t[0])))

    def move(self, t: list[Token]) -> o.Move:
        return move(parameters(t))

    def load(self, t: list[Token]) -> o.Load:
        return load(parameters(t))

    def unload(self, t: list[Token]) -> o.Unload:
        return unload(parameters(t))

    def set_class(self, t: list[Token]) -> o.SetClass:
        return set_class(parameters(t))

    def invest(self, t: list[Token]) -> o.Invest:
        return invest(parameters(t))

    def scrap(self, t: list[Token]) -> o.Scrap:
        return scrap(parameters(t))

    def attach(self, t: list[Token]) -> o.Attach:
        return attach(parameters(t))

    def transfer(self, t: list[Token]) -> o.TransferShip:
        return transfer(parameters(t))

    def produce(self, t: list[Token]) -> o.Produce:
        return produce(parameters(t))

    def espionage(self, t: list[Token]) -> o.Espionage:
        return espionage(parameters(t))

    def corruption(self, t: list[Token]) -> o.Corruption:
        return corruption(parameters(t))

    def research(self, t: list[Token]) -> o.Research:
        return research(parameters(t))

    def install(self, t: list[Token]) -> o.Install:
        return install(parameters(t))

    def reward(self, t: list[Token]) -> o.Reward:
        return reward(parameters(t))


# grammar terminal -> the player's word for it, in syntax messages
TERMINAL_WORDS: Mapping[str, str] = {
    "UNIT": "S (ship) or T (task force)",
    "UNIT_WORD": "S (ship) or T (task force)",
    "LINE": "a command letter (B L E W S V Z U P I K F N G)",
    "NUMBER": "a ship or task force number",
    "PLANET": "a planet number",
    "SHIP": "a ship number",
    "CARGO": "a cargo type (1-9)",
    "AMOUNT": "an amount",
    "YARD": "a shipyard number (1-3)",
    "SHIP_CLASS": "a ship class (0-26)",
    "PU": "a number of PU",
    "TASK_FORCE": "a task force number (0-50)",
    "PLAYER": "a player number",
    "KIND": "a facility type (1-12)",
    "AREA": "a research area (0-6)",
    "KIT": "a kit type (5-8)",
    "POINTS": "a number of points",
    **{c: "a command letter (B L E W S V Z U P I K F N G)" for c in "BLEWSVZUPIKFNG"},
}
