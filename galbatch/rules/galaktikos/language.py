"""Galaktikos's order language: a parsed line becomes an order dataclass.

The grammar (grammars/galaktikos.lark) reads every order by its words; this turns
tokens into counts, hex names (kept as written, checked by `facts.py`), player
names and policy words, upper-cased. A line that begins with no order word is
rejected (the syntax code, GK100), naming the order word the player probably
meant: the engine turns the error raised here (a `LineRejected`) into that
diagnostic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from galbatch.engine.language.parsing import LineRejected, explain_first_word
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.codes import GK100
from galbatch.rules.galaktikos.names import Infrastructure, Watched

if TYPE_CHECKING:  # the parser's tokens; checking orders never imports lark
    from lark import Token

SYNTAX_CODE = GK100
ORDER_NOUN = "order"
ORDER_WORDS = "an order word (ATTACK, AUTOMATIC, BUILD ... PLACE, REROLL)"
# The grammar's terminals of the words that begin an order, for the syntax messages (the
# words themselves are those of the forms, forms.py, which "did you mean" reads).
FIRST_WORDS = (
    "ATTACK",
    "AUTOMATIC",
    "BUILD",
    "CLAIM",
    "CONVERT",
    "FIRST",
    "FORBID",
    "GROW",
    "IF",
    "MIGRATE",
    "MOVE",
    "OBSTRUCT",
    "OCCUPY",
    "PERMIT",
    "PLACE",
    "REROLL",
)
LONGEST_WORD = 20  # longer words are compared with no order word: they are not misspellings

# Grammar terminal -> the player's word for it, in "found X where Y was expected".
TERMINAL_WORDS: Mapping[str, str] = {
    **{word: ORDER_WORDS for word in FIRST_WORDS},
    "LINE": ORDER_WORDS,
    "SHIPYARD": "SHIPYARD",
    "HABITAT": "HABITAT",
    "FLEET": "FLEETS",
    "POPULATION": "POPULATION",
    "INFRASTRUCTURE": "INFRASTRUCTURE",
    "TO": "TO",
    "FROM": "FROM",
    "WITH": "WITH",
    "OF": "OF",
    "NO": "NO",
    "ENEMY": "ENEMY",
    "OWN": "OWN",
    "AT": "AT",
    "LEAST": "LEAST",
    "MOST": "MOST",
    "NEVER": "NEVER",
    "PLAYER": "PLAYER",
    "HOME": "HOME",
    "ALL": "ALL",
    "SWITCH": "ON or OFF",
    "HEX": "a hex (four digits, column then row: 0712)",
    "COUNT": "a count",
    "FACE": "a face of the combat die (NONE, 1/4, 1/2, 3/4, ALL)",
    "NAME": "a player's name",
}


class Unreadable(LineRejected):
    """A line that is not an order, and what the player should write instead."""


def explain_line(text: str) -> str:
    """Why a line that does not begin with an order word is not an order."""
    from galbatch.engine.contract.forms import order_words  # only a line that is no order
    from galbatch.rules.galaktikos.forms import FORMS

    return explain_first_word(text, ORDER_WORDS, tuple(order_words(FORMS)), LONGEST_WORD)


def words(t: list[Any], kind: str) -> list[str]:
    """The texts of the tokens of one kind, in order."""
    return [str(x) for x in t if getattr(x, "type", None) == kind]


def upper(t: list[Any], kind: str) -> str:
    """The upper-cased text of the first token of a kind, or empty."""
    found = words(t, kind)
    return found[0].upper() if found else ""


def count(t: list[Any]) -> int:
    """The first COUNT of the line (a long run of digits is still a number)."""
    return int(words(t, "COUNT")[0])


def aimed(t: list[Any]) -> int | None:
    """The count of tokens an attack targets, written right after ATTACK; None: every one."""
    return int(str(t[1])) if getattr(t[1], "type", None) == "COUNT" else None


def plural(word: str) -> str:
    """SHIPYARD -> SHIPYARDS, HABITATS -> HABITATS."""
    word = word.upper()
    return word if word.endswith("S") else word + "S"


class OrderBuilder:
    """Turns a parsed line into an order dataclass: the LALR parser calls the method
    named after each rule with the rule's children (an inline transformer)."""

    def start(self, items: list[o.Order]) -> o.Order:
        return items[0]

    def unreadable(self, t: list[Token]) -> o.Order:
        raise Unreadable(explain_line(str(t[0])))

    def build_shipyard(self, t: list[Token]) -> o.BuildShipyard:
        return o.BuildShipyard(words(t, "HEX")[0])

    def build_habitat(self, t: list[Token]) -> o.BuildHabitat:
        return o.BuildHabitat(words(t, "HEX")[0], count(t) if words(t, "COUNT") else 1)

    def build_fleet(self, t: list[Token]) -> o.BuildFleet:
        return o.BuildFleet(words(t, "HEX")[0], count(t) if words(t, "COUNT") else 1)

    def grow(self, t: list[Token]) -> o.Grow:
        return o.Grow(words(t, "HEX")[0], count(t))

    def route(self, t: list[Token]) -> tuple[tuple[str, ...], bool]:
        return tuple(words(t, "HEX")), bool(words(t, "TO"))

    def move(self, t: list[Any]) -> o.Move:
        path, shortest = t[-1]
        return o.Move(count(t), path, shortest)

    def migrate(self, t: list[Any]) -> o.Migrate:
        path, shortest = t[-1]
        return o.Migrate(count(t), path, shortest)

    def attackers(self, t: list[Token]) -> o.Attackers:
        return o.Attackers(words(t, "HEX")[0], count(t))

    def attack_fleets(self, t: list[Any]) -> o.Attack:
        sources = tuple(x for x in t if isinstance(x, o.Attackers))
        return o.Attack(
            "FLEETS", words(t, "HEX")[0], sources, count=aimed(t), player=upper(t, "NAME")
        )

    def attack_infrastructure(self, t: list[Token]) -> o.Attack:
        target = words(t, "HEX")[0]
        kind = upper(t, "SHIPYARD") or upper(t, "HABITAT")
        strikers = (o.Attackers(target, int(words(t, "COUNT")[-1])),)
        return o.Attack("INFRASTRUCTURE", target, strikers, plural(kind) if kind else "", aimed(t))

    def attack_kind(self, t: list[Token]) -> o.Attack:
        target = words(t, "HEX")[0]
        kind = plural(upper(t, "SHIPYARD") or upper(t, "HABITAT"))
        strikers = (o.Attackers(target, int(words(t, "COUNT")[-1])),)
        return o.Attack("INFRASTRUCTURE", target, strikers, count=aimed(t), kind=kind)

    def attack_population(self, t: list[Token]) -> o.Attack:
        target = words(t, "HEX")[0]
        attackers = (o.Attackers(target, int(words(t, "COUNT")[-1])),)
        named = upper(t, "NAME")
        of = bool(words(t, "OF"))
        return o.Attack(
            "POPULATION",
            target,
            attackers,
            "" if of else named,
            aimed(t),
            named if of else "",
        )

    def convert(self, t: list[Token]) -> o.Convert:
        return o.Convert(words(t, "HEX")[0], upper(t, "NAME"))

    def claim(self, t: list[Token]) -> o.Claim:
        return o.Claim(words(t, "HEX")[0])

    def occupy(self, t: list[Token]) -> o.Occupy:
        return o.Occupy(words(t, "HEX")[0])

    def condition(self, t: list[Token]) -> o.Condition:
        watched: Watched = "FLEETS" if words(t, "FLEET") else "POPULATION"
        return o.Condition(watched, words(t, "HEX")[0], bool(words(t, "NO")))

    def conditional(self, t: list[Any]) -> o.Conditional:
        return o.Conditional(t[1], t[2])

    def permit(self, t: list[Token]) -> o.Permit:
        return o.Permit(upper(t, "NAME"), (words(t, "HEX") or ["ALL"])[0], True)

    def forbid(self, t: list[Token]) -> o.Permit:
        return o.Permit(upper(t, "NAME"), (words(t, "HEX") or ["ALL"])[0], False)

    def obstruct(self, t: list[Token]) -> o.Obstruct:
        return o.Obstruct(upper(t, "NAME") or "ALL", upper(t, "SWITCH") == "ON")

    def reroll_own(self, t: list[Token]) -> o.Reroll:
        return o.Reroll("OWN", upper(t, "FACE"))

    def reroll_enemy(self, t: list[Token]) -> o.Reroll:
        return o.Reroll("ENEMY", upper(t, "FACE"))

    def first(self, t: list[Token]) -> o.First:
        kind = upper(t, "SHIPYARD") or upper(t, "HABITAT")
        if kind:
            return o.First(cast(Infrastructure, plural(kind)))
        return o.First(None, upper(t, "NAME"))

    def automatic(self, t: list[Token]) -> o.Automatic:
        what = "CLAIM" if words(t, "CLAIM") else "OCCUPY"
        return o.Automatic(what, upper(t, "SWITCH") == "ON")

    def place_home(self, t: list[Token]) -> o.PlaceHome:
        return o.PlaceHome(words(t, "HEX")[0])

    def place_population(self, t: list[Token]) -> o.PlacePopulation:
        return o.PlacePopulation(words(t, "HEX")[0])
