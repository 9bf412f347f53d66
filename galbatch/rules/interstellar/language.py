"""Interstellar Conquest's order language: a parsed line becomes an order dataclass.

The grammar (grammars/interstellar.lark) reads every order by its words; this turns
the tokens into the dataclasses of `orders.py`: colours upper-cased, tiles (ACE is
1), counts and coins kept as the numbers written, so that the facts (`facts.py`)
say what is wrong with them. A line that begins with no order word is rejected with
the syntax code, naming the order word the player probably meant.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from galbatch.engine.language.parsing import LineRejected, explain_first_word
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.codes import IC100
from galbatch.rules.interstellar.tables import COLOURS

if TYPE_CHECKING:  # the parser's tokens; checking orders never imports lark
    from lark import Token

SYNTAX_CODE = IC100
ORDER_NOUN = "order"
# The grammar's terminals of the words that begin an order, for the syntax messages (the
# words themselves are those of the forms, forms.py, which "did you mean" reads).
FIRST_WORDS: tuple[str, ...] = (
    "ALLY",
    "ALWAYS",
    "ATTACK",
    "CANCEL",
    "DEAL",
    "DECLINE",
    "HEAL",
    "IF",
    "INVITE",
    "LEAVE",
    "NO",
    "PASS",
    "PLAY",
    "RECLAIM",
    "REWARD",
    "TAKE",
)
ORDER_WORDS = "an order word (ALLY, ALWAYS, ATTACK ... REWARD, TAKE)"
LONGEST_WORD = 20  # longer words are compared with no order word: they are not misspellings
COLOUR_WORDS = "a colour (" + ", ".join(COLOURS) + ")"

# Grammar terminal -> the player's word for it, in "found X where Y was expected".
TERMINAL_WORDS: Mapping[str, str] = {
    **{word: ORDER_WORDS for word in FIRST_WORDS},
    "LINE": ORDER_WORDS,
    "AGAIN": "AGAIN",
    "ON": "ON",
    "WITH": "WITH",
    "FROM": "FROM",
    "AND": "AND",
    "TO": "TO",
    "AT": "AT",
    "BY": "BY",
    "AGAINST": "AGAINST",
    "NOBODY": "NOBODY",
    "ATTACKER": "ATTACKER",
    "DEFENDER": "DEFENDER",
    "ATTACKED": "ATTACKED",
    "ATTACKING": "ATTACKING",
    "INVITED": "INVITED",
    "DIPLOMACY": "DIPLOMACY",
    "HIGHEST": "HIGHEST",
    "LOWEST": "LOWEST",
    "BEST": "BEST",
    "NOTHING": "NOTHING",
    "GIVES": "GIVES",
    "RETURNS": "RETURNS",
    "COLONIZES": "COLONIZES",
    "COIN": "COINS",
    "SHIP": "SHIPS",
    "ALL": "ALL",
    "SIZE": "a ship size (S, M, L or COLONY, WARSHIP, TRANSPORT)",
    "COLOUR": COLOUR_WORDS,
    "TILE": "a tile (1 to 5, ACE for 1)",
    "COUNT": "a number",
}


class Unreadable(LineRejected):
    """A line that is not an order, and what the player should write instead."""


def explain_line(text: str) -> str:
    """Why a line that does not begin with an order word is not an order."""
    from galbatch.engine.contract.forms import order_words  # only a line that is no order
    from galbatch.rules.interstellar.forms import FORMS

    return explain_first_word(text, ORDER_WORDS, tuple(order_words(FORMS)), LONGEST_WORD)


def words(t: list[Any], kind: str) -> list[str]:
    """The texts of the tokens of one kind, in order."""
    return [str(x) for x in t if getattr(x, "type", None) == kind]


def upper(t: list[Any], kind: str) -> str:
    """The upper-cased text of the first token of a kind, or empty."""
    found = words(t, kind)
    return found[0].upper() if found else ""


def number(t: list[Any]) -> int | None:
    """The first COUNT of the rule, or None."""
    found = words(t, "COUNT")
    return int(found[0]) if found else None


def after(t: list[Any], keyword: str, kind: str = "COLOUR") -> str:
    """The upper-cased token of `kind` right after the token `keyword`, or empty."""
    for before, token in zip(t, t[1:], strict=False):
        if getattr(before, "type", None) == keyword and getattr(token, "type", None) == kind:
            return str(token).upper()
    return ""


def of_type(t: list[Any], cls: type | tuple[type, ...]) -> list[Any]:
    """The children already built into `cls`."""
    return [x for x in t if isinstance(x, cls)]


class OrderBuilder:
    """Turns a parsed line into an order dataclass: the LALR parser calls the method
    named after each rule with the rule's children (an inline transformer)."""

    def start(self, items: list[o.Order]) -> o.Order:
        return items[0]

    def unreadable(self, t: list[Token]) -> o.Order:
        raise Unreadable(explain_line(str(t[0])))

    # -- pieces ---------------------------------------------------------------------

    def planet(self, t: list[Token]) -> o.Planet:
        return o.Planet(upper(t, "COLOUR"), o.tile_of(words(t, "TILE")[0]))

    def ship(self, t: list[Token]) -> o.ShipCount:
        found = number(t)
        return o.ShipCount(o.size_of(words(t, "SIZE")[0]), 1 if found is None else found)

    def ships(self, t: list[o.ShipCount]) -> tuple[o.ShipCount, ...]:
        return tuple(t)

    def group(self, t: list[Any]) -> o.Group:
        origins = of_type(t, o.Planet)
        return o.Group(t[0], origins[0] if origins else None)

    def groups(self, t: list[Any]) -> tuple[o.Group, ...]:
        return tuple(of_type(t, o.Group))

    # -- the phases' orders --------------------------------------------------------------

    def reclaim(self, t: list[Any]) -> o.Reclaim:
        to = of_type(t, o.Planet)
        return o.Reclaim(o.size_of(words(t, "SIZE")[0]), to[0] if to else None)

    def attack(self, t: list[Any]) -> o.Attack:
        fleet = next(x for x in t if isinstance(x, tuple))
        target = of_type(t, o.Planet)[0]
        return o.Attack(target, fleet, upper(t, "COLOUR"), bool(words(t, "AGAIN")))

    def pass_(self, t: list[Token]) -> o.Pass:
        return o.Pass()

    def invite(self, t: list[Token]) -> o.Invite:
        return o.Invite(tuple(x.upper() for x in words(t, "COLOUR")), bool(words(t, "ALL")))

    def ally(self, t: list[Any]) -> o.Ally:
        side = upper(t, "COLOUR") or upper(t, "ATTACKER") or upper(t, "DEFENDER")
        return o.Ally(side, next(x for x in t if isinstance(x, tuple)))

    def decline(self, t: list[Token]) -> o.Decline:
        return o.Decline()

    def play(self, t: list[Token]) -> o.Play:
        value = number(t)
        if value is not None:
            return o.Play(str(value))
        return o.Play(str(t[-1]).upper())

    def gives(self, t: list[Token]) -> o.GiveCoins:
        return o.GiveCoins(upper(t, "COLOUR"), number(t) or 0)

    def returns(self, t: list[Token]) -> o.ReturnShips:
        sizes = words(t, "SIZE")
        size = o.size_of(sizes[0]) if sizes else None
        return o.ReturnShips(upper(t, "COLOUR"), number(t) or 0, size)

    def colonizes(self, t: list[Any]) -> o.AllowColony:
        return o.AllowColony(upper(t, "COLOUR"), of_type(t, o.Planet)[0])

    def deal(self, t: list[Any]) -> o.Deal:
        terms = of_type(t, (o.GiveCoins, o.ReturnShips, o.AllowColony))
        return o.Deal(tuple(terms))

    def no_deal(self, t: list[Token]) -> o.NoDeal:
        return o.NoDeal()

    def reward(self, t: list[Token]) -> o.Reward:
        if words(t, "COIN"):
            return o.Reward(coins=True)
        return o.Reward(ships=number(t))

    def take_coin(self, t: list[Token]) -> o.TakeCoin:
        return o.TakeCoin(take=True)

    def leave_coin(self, t: list[Token]) -> o.TakeCoin:
        return o.TakeCoin(take=False)

    def heal(self, t: list[Token]) -> o.Heal:
        return o.Heal(upper(t, "COLOUR"), number(t))

    # -- standing orders -------------------------------------------------------------------

    def attacked(self, t: list[Any]) -> o.Condition:
        at = of_type(t, o.Planet)
        return o.Condition("ATTACKED", after(t, "BY"), planet=at[0] if at else None)

    def attacking(self, t: list[Any]) -> o.Condition:
        at = of_type(t, o.Planet)
        return o.Condition("ATTACKING", after(t, "ATTACKING"), planet=at[0] if at else None)

    def invited(self, t: list[Token]) -> o.Condition:
        return o.Condition("INVITED", after(t, "BY"), after(t, "AGAINST"))

    def standing(self, t: list[Any]) -> o.Standing:
        conditions = of_type(t, o.Condition)
        return o.Standing(t[-1], conditions[0] if conditions else None)

    def cancel(self, t: list[Token]) -> o.Cancel:
        return o.Cancel(number(t))


# `pass` is a Python keyword: the rule's method is `pass_`, looked up under the rule's name.
setattr(OrderBuilder, "pass", OrderBuilder.pass_)

__all__ = ["ORDER_NOUN", "SYNTAX_CODE", "TERMINAL_WORDS", "OrderBuilder"]
