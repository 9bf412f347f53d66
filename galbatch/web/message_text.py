"""The messages page's work: the messages a player received (from his own views), those
queued in his saved orders, and a message added to or removed from his orders' text as
a MESSAGE TO block, the same block an order file carries, judged by the same checker.

Nothing here speaks HTTP; the page (web/messages.py) files the text the action page's
way (web/orders.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from galbatch.engine.gamedir.commit import digest
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.locks import commit_lock
from galbatch.engine.language.message_blocks import MAX_MESSAGE_LINES, MAX_MESSAGE_WIDTH, closes
from galbatch.engine.language.orderfile import parse_order_bytes, split_lines
from galbatch.web.orders import FILE_NAME, LINE_ENDS, Checked, Finding, check_orders
from galbatch.web.views import player_view

MAX_TEXT = MAX_MESSAGE_LINES * (MAX_MESSAGE_WIDTH + 2)  # characters a form's text may
# send: the longest message the checker takes, with its line ends
MAX_RECIPIENT = MAX_MESSAGE_WIDTH  # characters of a recipient's name
REJECTING = ("error", "fatal")  # severities that keep a message from being sent


@dataclass(frozen=True)
class Received:
    """A message the player's view of `turn` says he received."""

    turn: int
    sender: str
    text: str


@dataclass(frozen=True)
class Queued:
    """A message block of the player's saved orders that the checker's syntax takes:
    `key` names it for the remove button (it changes if the block does)."""

    to: str
    text: str
    key: str
    first: int  # its lines in the text box, 0-based, END MESSAGE included
    last: int


@dataclass(frozen=True)
class Added:
    """The orders with a new message, and the checker's verdict on the message alone."""

    orders: str
    checked: Checked
    findings: tuple[Finding, ...]  # those of the message's own lines
    problem: str = ""  # why the message cannot go as written, beside the findings

    @property
    def sent(self) -> bool:
        return not self.problem and not any(f.severity in REJECTING for f in self.findings)


def received(game: Game, player: str, ruleset: Any) -> list[Received]:
    """The messages the player's views of every turn say he received, the latest turn
    first, each turn's in their order: his views only, so only his messages."""
    found: list[Received] = []
    with commit_lock(game.turns, exclusive=False):
        for turn in range(game.latest_turn(), -1, -1):
            view = player_view(game, player, turn)
            if view is not None:
                found += [Received(turn, s, t) for s, t in ruleset.messages_received(view)]
    return found


def recipients(game: Game, player: str, ruleset: Any) -> list[str]:
    """The names the player's view of the latest turn knows that a message may go to."""
    with commit_lock(game.turns, exclusive=False):
        view = player_view(game, player, game.latest_turn())
    return [] if view is None else list(ruleset.message_recipients(view))


def queued(orders: str) -> list[Queued]:
    """The message blocks of the orders' text (the text box's), in their order."""
    lines = split_lines(LINE_ENDS.sub("\n", orders))
    of = parse_order_bytes(_file("-", orders), FILE_NAME)
    found = []
    for block in of.messages:
        first = block.number - 2  # the file's line 1 is the header, not in the text box
        last = next(
            (i for i in range(first + 1, len(lines)) if closes(lines[i].strip())), len(lines)
        )
        text = "\n".join(block.message.text)
        key = digest("\n".join(lines[first : last + 1]).encode("utf-8", "replace"))[:16]
        found.append(Queued(block.message.to, text, key, first, last))
    return found


def _file(password: str, orders: str) -> bytes:
    """Any game's header and the orders: where the blocks are does not depend on it."""
    return f"GAME X PLAYER X PASSWORD {password}\n{LINE_ENDS.sub(chr(10), orders)}".encode()


def add_message(game: Game, player: str, orders: str, to: str, text: str) -> Added:
    """The orders with a MESSAGE TO block for `to` after their last message (or first),
    checked as the action page checks: the message goes only if none of its own lines
    draws an error, and the block reads back as the one written."""
    lines = split_lines(LINE_ENDS.sub("\n", orders))
    before = queued(orders)
    at = before[-1].last + 1 if before else 0
    body = split_lines(LINE_ENDS.sub("\n", text))
    block = [f"MESSAGE TO {to}", *body, "END MESSAGE"]
    new = "".join(line + "\n" for line in [*lines[:at], *block, *lines[at:]])
    checked = check_orders(game, player, new)
    if checked.problem:
        return Added(new, checked, (), f"The message could not be checked: {checked.problem}")
    end = at + len(block) - 1
    mine = tuple(f for f in checked.findings if at + 1 <= f.line <= end + 1)
    problem = ""
    if not any(q.first == at and q.last == end for q in queued(new)) and not any(
        f.severity in REJECTING for f in mine
    ):
        problem = (
            "A line of the text (END MESSAGE, END, MESSAGE TO or a signature's --) would "
            "end the message there, as in an order file: the message was not sent."
        )
    return Added(new, checked, mine, problem)


def remove_message(orders: str, key: str) -> str | None:
    """The orders without the message block `key` names; None if there is none such
    (the orders changed since the page was shown)."""
    lines = split_lines(LINE_ENDS.sub("\n", orders))
    block = next((q for q in queued(orders) if q.key == key), None)
    if block is None:
        return None
    kept = [*lines[: block.first], *lines[block.last + 1 :]]
    return "".join(line + "\n" for line in kept)
