"""Order forms: each order word of a game, its arguments and what kind of thing each names.

A ruleset declares its forms once, in its `forms.py`, the way its rule book lists
its orders; the mail HELP answer, the man page's synopsis check, the input sheets
and order editors read them there instead of repeating what the grammar knows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

# What an argument names, as an order editor would offer it:
# world     a world, planet, star system or hex of the map, by its number or position
# ship      one of the player's ships, fleets or task forces, by its number (or, where
#           the book has no numbers, by size and count: Interstellar Conquest's 1 L 2 M)
# count     a quantity (the checker may reduce it to what there is)
# number    any other number the book defines (a class, a tech level, a percentage)
# player    another player: a number, a code name, a colour or an empire's name
# choice    one of a few words or letters the book lists (`choices`)
# name      a name the player gives (a ship's, a design's, a code name)
# text      free text to the end of the line
Kind = Literal["world", "ship", "count", "number", "player", "choice", "name", "text"]
KINDS: tuple[Kind, ...] = ("world", "ship", "count", "number", "player", "choice", "name", "text")


@dataclass(frozen=True)
class Argument:
    """One argument of an order form: its name as the book writes it, and what it names."""

    name: str
    kind: Kind
    choices: tuple[str, ...] = ()  # a "choice": the words or letters allowed
    optional: bool = False

    def __post_init__(self) -> None:
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"argument {self.name!r}: choices go with the kind 'choice' alone")


# An argument's place in a form's `shape`: its name in braces.
PLACE = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class OrderForm:
    """One order as the rule book lists it: its word, its arguments, what it does, and
    an example line that the game's grammar reads as this order."""

    word: str  # as the book writes it: "A", "MOVE"
    arguments: tuple[Argument, ...]
    summary: str  # what the order does, in a line
    example: str  # a complete order line
    separator: str = " "  # between the word and each argument: " " or ","
    aliases: tuple[str, ...] = ()  # other words a player may write for `word`
    # The order as the book writes it when it is more than its word and its arguments
    # one after another: each argument's name in braces, in the order of `arguments`,
    # among the order's other words; [ ] around what may be left out, | between
    # alternatives, ... after what may be written again:
    # "ATTACK FLEETS {hex} FROM {hex} {count} ...". Empty: the word and the arguments.
    shape: str = ""

    def __post_init__(self) -> None:
        if self.shape:
            shape_problem = _shape_problem(self)
            if shape_problem:
                raise ValueError(f"form {self.word}: {shape_problem}")

    def synopsis(self) -> str:
        """The form as a player writes it: `A,from,to,af`, `MOVE ship [to]`."""
        if self.shape:
            return PLACE.sub(r"\1", self.shape)
        parts = [self.word, *(f"[{a.name}]" if a.optional else a.name for a in self.arguments)]
        return self.separator.join(parts)


def _shape_problem(form: OrderForm) -> str:
    """What is wrong with a form's shape, or "": it begins with the word, names the
    arguments in their order, and brackets exactly the optional ones."""
    shape = form.shape
    if shape.split()[0] != form.word:
        return f"the shape {shape!r} does not begin with the word"
    names = PLACE.findall(shape)
    if names != [a.name for a in form.arguments]:
        return f"the shape {shape!r} names {names}, not the arguments in their order"
    depth, places = 0, iter(form.arguments)
    for match in re.finditer(r"[\[\]]|\{[^{}]*\}", shape):
        mark = match.group()
        if mark == "[":
            depth += 1
        elif mark == "]":
            depth -= 1
            if depth < 0:
                return f"the shape {shape!r} closes a bracket it did not open"
        elif next(places).optional != (depth > 0):
            return f"the shape {shape!r} brackets {mark} but it is not optional, or the other way"
    return f"the shape {shape!r} leaves a bracket open" if depth else ""


def order_words(forms: Iterable[OrderForm]) -> dict[str, str]:
    """Each word an order may begin with, and its form's word: the forms' words and their
    aliases, for "did you mean" on a misspelt first word."""
    return {w.upper(): form.word for form in forms for w in (form.word, *form.aliases)}


# The HELP answer indents the list by 4 and keeps to 76 columns.
SUMMARY_WIDTH = 72


def summary_lines(forms: tuple[OrderForm, ...], width: int = SUMMARY_WIDTH) -> tuple[str, ...]:
    """One line a form, its synopsis then its summary, in one column: the language in brief.

    The column is at most half the width: a longer synopsis has its summary on a line
    of its own below, in the column, indented (so a line that begins with a blank
    continues the form above it)."""
    longest = max((len(form.synopsis()) for form in forms), default=0)
    column = min(longest + 2, width // 2)
    lines: list[str] = []
    for form in forms:
        synopsis = form.synopsis()
        if len(synopsis) < column:  # two blanks at least before the summary
            lines.append(f"{synopsis:<{column}} {form.summary}".rstrip())
        else:
            lines += [synopsis, f"{'':<{column}} {form.summary}".rstrip()]
    return tuple(lines)
