"""Galactic Conflict's order language: the words a player may write for the book's
letters, and the transformer that turns a parsed line into an order."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from galbatch.engine.language.parsing import LineRejected
from galbatch.rules.conflict import orders as o

if TYPE_CHECKING:  # the parser's tokens; checking orders never imports lark
    from lark import Token


# The words a player may write where the rule book writes one letter, and the letter.
ORDER_WORDS = {
    "ATTACK": "A",
    "MOVE": "M",
    "PROBE": "P",
    "BUILD": "B",
    "ECON": "E",
    "ECONOMIC": "E",
    "INCREASE": "E",
    "GATE": "G",
    "TRANSFER": "T",
    "DESTROY": "D",
    "DESTRUCTION": "D",
}


UNIT_WORDS = {"AF": "A", "DF": "D", "PROBE": "P", "PROBES": "P"}  # M: "A"=AF, "D"=DF, "P"=probes


BUILD_WORDS = {"AF": "A", "DF": "D", "FT": "F", "PROBE": "P", "PROBES": "P", "CP": "C"}


DESTROY_WORDS = {"FT": "F", "CP": "C", "ECON": "E"}  # "F"=FT, "C"=CP, "E"=Econ


ORDER_LETTERS = "an order letter (A, M, P, B, E, G, T or D)"


MOVABLE_WORD = "a unit type (A, D or P)"


BUILDABLE_WORD = "an item to build (A, D, F, P or C)"


DESTROYABLE_WORD = "an item to destroy (F, C or E)"


LONGEST_GUESSED = 20  # longer words are junk, not misspellings: no "did you mean"


class Misspelling(LineRejected):
    """A word where the rule book writes one letter; `column` is where it starts."""


def misspelt(word: Token, expected: str, words: Mapping[str, str]) -> Misspelling:
    """The syntax error for `word`, with "did you mean" the letter of a close word.

    The engine's parser reports it as a syntax error (CF100) with this message."""
    from galbatch.engine.text.suggest import closest

    text = str(word).upper()
    guess = closest(text, words) if len(text) <= LONGEST_GUESSED else None
    hint = "" if guess is None else f" (did you mean {words[guess]}, for {guess}?)"
    shown = str(word) if len(text) <= LONGEST_GUESSED else str(word)[: LONGEST_GUESSED - 3] + "..."
    message = f"found {shown!r} where {expected} was expected{hint}"
    return Misspelling(message, word.column or 1)


class OrderBuilder:
    """Turns a parsed line into an order dataclass: the LALR parser calls the method
    named after each rule with the rule's tokens (an inline transformer)."""

    def start(self, items: list[o.Order]) -> o.Order:
        return items[0]

    def attack(self, t: list[Token]) -> o.Attack:
        return o.Attack(int(t[0]), int(t[1]), int(t[2]))

    def move(self, t: list[Token]) -> o.Move:
        if t[2].type == "MOVE_WORD":
            raise misspelt(t[2], MOVABLE_WORD, UNIT_WORDS)
        return o.Move(int(t[0]), int(t[1]), t[2].upper(), int(t[3]))  # type: ignore[arg-type]

    def probe(self, t: list[Token]) -> o.Probe:
        return o.Probe(int(t[0]), int(t[1]))

    def build(self, t: list[Token]) -> o.Build:
        if t[1].type == "BUILD_WORD":
            raise misspelt(t[1], BUILDABLE_WORD, BUILD_WORDS)
        return o.Build(int(t[0]), t[1].upper(), int(t[2]))  # type: ignore[arg-type]

    def econ(self, t: list[Token]) -> o.EconIncrease:
        return o.EconIncrease(int(t[0]))

    def gate(self, t: list[Token]) -> o.Gate:
        return o.Gate(int(t[0]), int(t[1]))

    def transfer(self, t: list[Token]) -> o.Transfer:
        return o.Transfer(int(t[0]), " ".join(str(t[1]).split()).upper())

    def destroy(self, t: list[Token]) -> o.Destroy:
        if t[1].type == "DESTROY_WORD":
            raise misspelt(t[1], DESTROYABLE_WORD, DESTROY_WORDS)
        return o.Destroy(int(t[0]), t[1].upper(), int(t[2]))  # type: ignore[arg-type]

    def misspelt(self, t: list[Token]) -> o.Order:
        raise misspelt(t[0], ORDER_LETTERS, ORDER_WORDS)


# grammar terminal -> the player's word for it, in syntax messages
TERMINAL_WORDS: Mapping[str, str] = {
    "WORLD": "a world number",
    "QUANTITY": "a quantity",
    "MOVABLE": MOVABLE_WORD,
    "BUILDABLE": BUILDABLE_WORD,
    "DESTROYABLE": DESTROYABLE_WORD,
    # the error productions' words (see the grammar) read as what they stand for
    "MOVE_WORD": MOVABLE_WORD,
    "BUILD_WORD": BUILDABLE_WORD,
    "DESTROY_WORD": DESTROYABLE_WORD,
    "ORDER_WORD": ORDER_LETTERS,
    "REST": "the rest of the order",
    "CODE_NAME": "a code name",
    "COMMA": "','",
    **{letter: ORDER_LETTERS for letter in "AMPBEGTD"},
}
