"""Order forms: each order word of a game, its arguments and what kind of thing each names.

A ruleset declares its forms once, in its `forms.py`, the way its rule book lists
its orders; the mail HELP answer, the man page's synopsis check, the input sheets
and order editors read them there instead of repeating what the grammar knows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# What an argument names, as an order editor would offer it:
# world     a world, planet, star system or hex of the map, by its number or position
# ship      one of the player's ships, fleets or task forces, by its number
# count     a quantity (the checker may reduce it to what there is)
# number    any other number the book defines (a class, a tech level, a percentage)
# player    another player: a number, a code name or an empire's name
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

    def synopsis(self) -> str:
        """The form as a player writes it: `A,from,to,af`, `MOVE ship [to]`."""
        parts = [self.word, *(f"[{a.name}]" if a.optional else a.name for a in self.arguments)]
        return self.separator.join(parts)


def summary_lines(forms: tuple[OrderForm, ...]) -> tuple[str, ...]:
    """One line a form, its synopsis then its summary, in one column: the language in brief."""
    width = max((len(form.synopsis()) for form in forms), default=0) + 2
    return tuple(f"{form.synopsis():<{width}} {form.summary}".rstrip() for form in forms)
