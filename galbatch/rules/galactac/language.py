"""Galac-Tac's action language: a parsed line becomes an action dataclass.

The grammar (grammars/galactac.lark) reads each of the 35 actions of the ACTION
SYNTAX SUMMARY by the shape of its arguments; this turns tokens into numbers,
locations, item words and names, and splits a CLASSIFY's design name from its
rating. Counts, ranges and the words' meanings are the book's facts (`facts.py`).

A line that does not begin with an action word is rejected (the syntax code,
GT100) with the message of `Unreadable`, naming the action the player probably
meant: the engine turns the error raised here (a `LineRejected`) into that
diagnostic.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from galbatch.engine.language.parsing import LineRejected
from galbatch.engine.text.suggest import closest
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.codes import GT100
from galbatch.rules.galactac.names import item_word, map_type

if TYPE_CHECKING:  # the parser's tokens; checking actions never imports lark
    from lark import Token

SYNTAX_CODE = GT100
ORDER_NOUN = "action"
ACTION_WORDS = "an action word (ASSIGN, ATTACK, BUILD ... TRANSFER, UNLOAD)"
LONGEST_WORD = 20  # longer words are compared with no action word: they are not misspellings

# Grammar terminal -> the player's word for it, in "found X where Y was expected".
TERMINAL_WORDS: Mapping[str, str] = {
    **{word: ACTION_WORDS for word in a.BY_WORD},
    "LINE": ACTION_WORDS,
    "EMPIRE": "EMPIRE",
    "SHIP": "a ship ID",
    "LOCATION": "a location (YY-XX)",
    "QUANTITY": "a quantity",
    "MAX_SSD": "a Max SSD",
    "MIN_SSD": "a Min SSD for T-Types",
    "TARGET": "a target code (0-6)",
    "ITEM": "an item (PV, PI or MISSILES)",
    "MAP_TYPE": "a map type (WHOLE, QUAD or PV)",
    "SORT": "a sort (SSD+, SSD-, NAME or CODE)",
    "CODE": "a design code",
    "SHIP_NAME": "a ship's name",
    "NEW_NAME": "a new name",
    "LAST_NAME": "a name",
    "EMPIRE_NAME": "the empire's name",
    "DESIGN": "a design name and rating",
}

# CLASSIFY: a word of a rating's first field, "[1]D + [2]P + [3]T[4][(5)]", which may be
# written apart from the '/' that follows it (18P+3T20 /1;;/-16).
_TERM = r"[0-9]+[DPT](?:[0-9]+)?(?:\([0-9]+\))?"
RATING_PART = re.compile(rf"\+?(?:{_TERM}(?:\+{_TERM})*\+?)?", re.IGNORECASE)


class Unreadable(LineRejected):
    """A line that is not an action, and what the player should write instead."""


def short(text: str, limit: int = 20) -> str:
    """At most `limit` characters of a bad spot, as the engine quotes it."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def action_words() -> dict[str, str]:
    """Each word a player may begin an action with, and the action's word: the forms'
    words and the book's other words for them, which the grammar reads too (the summary
    sheet's "Shipyards", the precedence examples' "GO", "MISS" for MISSILES)."""
    from galbatch.engine.contract.forms import order_words  # only a line that is no action
    from galbatch.rules.galactac.forms import FORMS

    return order_words(FORMS)


def explain_line(text: str) -> str:
    """Why a line that does not begin with an action word is not an action."""
    text = text.strip()
    found = f"found {short(text)!r} where {ACTION_WORDS} was expected"
    head = re.match(r"[A-Za-z]+", text)
    if head is None or len(head.group()) > LONGEST_WORD:
        return found
    word = head.group().upper()
    rest = text[head.end() :]
    known = action_words()
    if word in known and rest[:1].isdigit():  # TO1523 45-23: the word and an argument together
        return f"the action word and its arguments must be separated by blanks: write {word} {rest}"
    guess = closest(word, known)
    if guess is None:
        return found
    meant = known[guess]
    hint = f"found {short(head.group())!r} where {ACTION_WORDS} was expected; "
    return hint + f"did you mean {meant}? write {meant}{rest}"


def is_rating_part(word: str) -> bool:
    """True for a word of a rating's drones, P-types and T-types (14D+30P+5T30, +)."""
    return word != "" and RATING_PART.fullmatch(word) is not None


def split_design(text: str) -> tuple[str, str]:
    """A CLASSIFY's design name and rating, from what follows its design code.

    A design name never holds '/', a rating always does: the rating begins at the
    first word holding '/', or at the run of words of its drones, P-types and
    T-types just before it (`Heavy Cruiser 18P+3T20 /1;;/-16`); the name is at least
    the first word. Without a '/' everything is the name, and the rating is empty.
    """
    words = list(re.finditer(r"\S+", text))
    first = next((i for i, w in enumerate(words) if "/" in w.group()), None)
    if first is None:
        return text.strip(), ""
    start = first
    while start > 1 and is_rating_part(words[start - 1].group()):
        start -= 1
    at = words[start].start()
    return text[:at].strip(), text[at:].strip()


def location(token: Token) -> a.Location:
    """YY-XX, down then across; the grammar allows only digits either side of '-'."""
    down, across = str(token).split("-")
    return a.Location(int(down), int(across))


def ship_or_location(token: Token) -> a.Location | int:
    return location(token) if token.type == "LOCATION" else int(token)


class OrderBuilder:
    """Turns a parsed line into an action dataclass: the LALR parser calls the method
    named after each rule with the rule's tokens (an inline transformer)."""

    def start(self, items: list[a.Action]) -> a.Action:
        return items[0]

    def unreadable(self, t: list[Token]) -> a.Action:
        raise Unreadable(explain_line(str(t[0])))  # column 1: the line's first word

    # ---- the pairs and lists of several actions --------------------------------------

    def ship_to(self, t: list[Token]) -> a.ShipTo:
        return a.ShipTo(int(t[0]), location(t[1]))

    def cargo(self, t: list[Token]) -> a.Cargo:
        return a.Cargo(int(t[0]), item_word(str(t[1])))

    def stock(self, t: list[Token]) -> a.Stock:
        return a.Stock(location(t[0]), int(t[1]))

    def renaming(self, t: list[Token]) -> a.Renaming:
        return a.Renaming(location(t[0]), str(t[1]) if len(t) > 1 else "")

    def naming(self, t: list[Token]) -> a.Naming:
        return a.Naming(ship_or_location(t[0]), str(t[1]))

    def empire_naming(self, t: list[Token]) -> a.Naming:
        return a.Naming(a.EMPIRE, str(t[1]))

    def map_request(self, t: list[Token]) -> a.MapRequest:
        return a.MapRequest(map_type(str(t[0])), location(t[1]) if len(t) > 1 else None)

    def targets(self, t: list[Token]) -> tuple[int, ...]:
        return tuple(int(x) for x in t)

    # ---- the actions, in the order of the ACTION SYNTAX SUMMARY -----------------------

    def assign(self, t: list[Token]) -> a.Assign:
        return a.Assign(int(t[1]), tuple(int(x) for x in t[2:]))

    def attack(self, t: list[Token]) -> a.Attack:
        return a.Attack(int(t[1]), location(t[2]), int(t[3]) if len(t) > 3 else 0)

    def build(self, t: list[Token]) -> a.Build:
        return a.Build(location(t[1]), str(t[2]).upper(), tuple(str(x) for x in t[3:]))

    def capital(self, t: list[Token]) -> a.Capital:
        return a.Capital(location(t[1]), str(t[2]) if len(t) > 2 else "")

    def chart(self, t: list[Any]) -> a.Chart:
        return a.Chart(tuple(t[1:]))

    def classify(self, t: list[Token]) -> a.Classify:
        name, rating = split_design(str(t[2]))
        return a.Classify(str(t[1]).upper(), name, rating)

    def colonize(self, t: list[Token]) -> a.Colonize:
        return a.Colonize(int(t[1]), location(t[2]), str(t[3]) if len(t) > 3 else "")

    def combat(self, t: list[Any]) -> a.Combat:
        return a.Combat(int(t[1]), *t[2])

    def declassify(self, t: list[Token]) -> a.Declassify:
        return a.Declassify(tuple(str(x).upper() for x in t[1:]))

    def defend(self, t: list[Token]) -> a.Defend:
        return a.Defend(tuple(int(x) for x in t[1:]))

    def destroy(self, t: list[Any]) -> a.Destroy:
        return a.Destroy(tuple(t[1:]))

    def detach(self, t: list[Token]) -> a.Detach:
        return a.Detach(tuple(int(x) for x in t[1:]))

    def develop(self, t: list[Token]) -> a.Develop:
        return a.Develop(int(t[1]), location(t[2]), str(t[3]) if len(t) > 3 else "")

    def downgrade(self, t: list[Any]) -> a.Downgrade:
        return a.Downgrade(tuple(t[1:]))

    def join(self, t: list[Token]) -> a.Join:
        return a.Join(int(t[1]), tuple(int(x) for x in t[2:]))

    def load(self, t: list[Any]) -> a.Load:
        return a.Load(int(t[1]), tuple(t[2:]))

    def map(self, t: list[Any]) -> a.Map:
        return a.Map(tuple(t[1:]))

    def missiles(self, t: list[Any]) -> a.Missiles:
        return a.Missiles(tuple(t[1:]))

    def name(self, t: list[Any]) -> a.Name:
        return a.Name(tuple(t[1:]))

    def patrol(self, t: list[Token]) -> a.Patrol:
        return a.Patrol(tuple(int(x) for x in t[1:]))

    def refit(self, t: list[Token]) -> a.Refit:
        return a.Refit(tuple(int(x) for x in t[1:]))

    def reload(self, t: list[Token]) -> a.Reload:
        return a.Reload(tuple(int(x) for x in t[1:]))

    def repair(self, t: list[Token]) -> a.Repair:
        return a.Repair(tuple(int(x) for x in t[1:]))

    def research(self, t: list[Any]) -> a.Research:
        return a.Research(tuple(t[1:]))

    def scout(self, t: list[Token]) -> a.Scout:
        return a.Scout(int(t[1]), tuple(location(x) for x in t[2:]))

    def scrap(self, t: list[Token]) -> a.Scrap:
        return a.Scrap(tuple(int(x) for x in t[1:]))

    def secure(self, t: list[Any]) -> a.Secure:
        return a.Secure(tuple(t[1:]))

    def sentry(self, t: list[Token]) -> a.Sentry:
        return a.Sentry(int(t[1]), tuple(location(x) for x in t[2:]))

    def shipyard(self, t: list[Token]) -> a.Shipyard:
        return a.Shipyard(tuple(str(x).upper() for x in t[1:]))

    def shuttle(self, t: list[Token]) -> a.Shuttle:
        return a.Shuttle(int(t[1]), tuple(location(x) for x in t[2:]))

    def standing(self, t: list[Any]) -> a.Standing:
        return a.Standing(int(t[1]), *t[2])

    def to(self, t: list[Any]) -> a.To:
        return a.To(tuple(t[1:]))

    def tow(self, t: list[Token]) -> a.Tow:
        return a.Tow(int(t[1]), int(t[2]), location(t[3]))

    def transfer(self, t: list[Any]) -> a.Transfer:
        return a.Transfer(int(t[1]), int(t[2]), t[3])

    def unload(self, t: list[Any]) -> a.Unload:
        return a.Unload(int(t[1]), tuple(t[2:]))
