"""Diplomatic messages in an order file: blocks of free text for another player.

    MESSAGE TO <name>
    <text lines, kept as written>
    END MESSAGE

A block is read before the order grammar: its lines are never orders. The rest of the
opening line, a '#' included, is the recipient's name as the player wrote it (blanks
collapsed); whom it names is the ruleset's business. Each text line keeps its leading
blanks (tabs expanded), loses its trailing ones; blank lines before and after the text
are dropped. A message breaking a limit below is not sent, and its lines are still not
orders; the diagnostic names the lines it took. A ruleset that declares `messages`
gets each block sent as one order, a `Message` (`galbatch.engine.language.message_order`) in a
`Located` at its opening line,
after its orders and past its facts (the limits here are the facts of a message);
any other ruleset rejects the block (GB049).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.language.codes import (
    GB040,
    GB041,
    GB042,
    GB043,
    GB044,
    GB045,
    GB046,
    GB047,
    GB048,
    GB049,
)
from galbatch.engine.language.diagnostics import Diagnostic, Record, Severity
from galbatch.engine.text.printable import escape, first_control, printable

if TYPE_CHECKING:
    from galbatch.engine.language.located import Located
    from galbatch.engine.language.message_order import Message

MAX_MESSAGES = 10  # messages one order file may send
MAX_MESSAGE_LINES = 40  # text lines of one message
MAX_MESSAGE_WIDTH = 100  # characters of one text line, tabs expanded
TAB_SIZE = 8
OPENING = re.compile(r"^MESSAGE\s+TO(?:\s+(?P<to>.*))?$", re.IGNORECASE)
CLOSING = re.compile(r"^END\s+MESSAGE\s*(?:#.*)?$", re.IGNORECASE)
FILE_END = re.compile(r"^END\s*(?:#.*)?$", re.IGNORECASE)  # the order file's END
SIGNATURE = "-- "  # the e-mail signature separator: the file ends there


class Block(Record):
    """A message block that broke no limit: where it opens and what it sends."""

    __slots__ = ("number", "column", "opening", "message")

    def __init__(self, number: int, column: int, opening: str, message: Message) -> None:
        self.number = number  # the line of MESSAGE TO
        self.column = column
        self.opening = opening  # the MESSAGE TO line as written, stripped
        self.message = message


def opens(stripped: str) -> bool:
    """True if a (stripped) line opens a message block; cheap for an order line."""
    return stripped[:7].upper() == "MESSAGE" and OPENING.match(stripped) is not None


def closes(stripped: str) -> bool:
    """True if a (stripped) line is END MESSAGE."""
    return stripped[:3].upper() == "END" and CLOSING.match(stripped) is not None


def named(to: str, limit: int = 40) -> str:
    """A recipient's name as a diagnostic quotes it: escaped, and cut if long."""
    shown = printable(to)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def stray_closing(name: str, number: int, column: int) -> Diagnostic:
    """END MESSAGE outside a message: ignored, with a warning."""
    return Diagnostic(
        name,
        number,
        column,
        Severity.WARNING,
        GB048,
        "END MESSAGE with no MESSAGE TO before it; line ignored",
    )


def read_block(
    name: str, lines: Sequence[str], index: int, sent: int
) -> tuple[Block | None, list[Diagnostic], int]:
    """The block opening at `lines[index]` (`sent` blocks read before it): the block,
    or None if it breaks a limit; its diagnostics; the index of the first line after it.

    The block ends at END MESSAGE, or, unterminated, just before the order file's END,
    an e-mail signature, another MESSAGE TO or the end of the file: the caller reads
    that line next."""
    raw = lines[index]
    stripped = raw.strip()
    number, column = index + 1, len(raw) - len(raw.lstrip()) + 1
    match = OPENING.match(stripped)
    assert match is not None
    to = " ".join((match["to"] or "").split())
    shown = f"message to {named(to)}" if to else "message"
    text, at, ending = _text_of(lines, index + 1)
    bad = _bad_line(name, number, column, stripped, text, shown)
    diags = [bad] if bad is not None else []
    closed = ending == CLOSED
    after = at + 1 if closed else at  # the next line's index: the block's last line's number
    span = f"lines {number}-{after}" if after > number else f"line {number}"
    faults = []
    if ending == NESTED:
        faults.append(
            (
                GB041,
                f"MESSAGE TO at line {at + 1} inside the {shown} begun here: that one has no "
                f"END MESSAGE; {span} taken as its text, {shown} not sent",
            )
        )
    elif not closed:
        why = f"no END MESSAGE: {span} taken as the text of the {shown}, which is not sent"
        faults.append((GB040, why))
    text = _trimmed(text)
    faults += _limits(to, text, closed, sent, shown, span)
    diags += [Diagnostic(name, number, column, Severity.ERROR, c, m) for c, m in faults]
    if diags:
        return None, diags, after
    from galbatch.engine.language.message_order import (
        Message,  # made only for a file that sends one
    )

    return Block(number, column, stripped, Message(to, tuple(text))), diags, after


CLOSED = "closed"  # by END MESSAGE
NESTED = "nested"  # by another MESSAGE TO: this one has no END MESSAGE


def _text_of(lines: Sequence[str], start: int) -> tuple[list[str], int, str]:
    """A block's text lines from `start` on, as kept (tabs expanded, trailing blanks
    gone); the index of the line that ended them; and how they ended: CLOSED, NESTED,
    or "" (the order file's END, an e-mail signature or the end of the file)."""
    text: list[str] = []
    for at in range(start, len(lines)):
        line = lines[at]
        inner = line.strip()
        if closes(inner):
            return text, at, CLOSED
        if line == SIGNATURE or line.rstrip() == "--" or FILE_END.match(inner):
            return text, at, ""
        if opens(inner):
            return text, at, NESTED
        text.append(line.rstrip().expandtabs(TAB_SIZE))
    return text, len(lines), ""


def _bad_line(
    name: str, number: int, column: int, opening: str, text: Sequence[str], shown: str
) -> Diagnostic | None:
    """The first of a block's lines (its opening, at line `number`, then its text lines)
    with control characters or longer than a line may be, if there is one."""
    bad = first_control(opening)
    if bad is not None:
        why = f"control characters in the line ({escape(bad)}); {shown} not sent"
        return Diagnostic(name, number, column, Severity.ERROR, GB046, why)
    if len(opening) > MAX_MESSAGE_WIDTH:
        why = f"line longer than {MAX_MESSAGE_WIDTH} characters; {shown} not sent"
        return Diagnostic(name, number, column, Severity.ERROR, GB044, why)
    for line, body in enumerate(text, start=number + 1):
        bad = first_control(body)
        if bad is not None:
            why = f"control characters in the message ({escape(bad)}); {shown} not sent"
            return Diagnostic(name, line, 1, Severity.ERROR, GB046, why)
        if len(body) > MAX_MESSAGE_WIDTH:
            why = f"message line longer than {MAX_MESSAGE_WIDTH} characters; {shown} not sent"
            return Diagnostic(name, line, MAX_MESSAGE_WIDTH + 1, Severity.ERROR, GB044, why)
    return None


def _trimmed(text: list[str]) -> list[str]:
    """The text without the blank lines before and after it."""
    while text and not text[-1]:
        text.pop()
    while text and not text[0]:
        text.pop(0)
    return text


def _limits(
    to: str, text: Sequence[str], closed: bool, sent: int, shown: str, span: str
) -> list[tuple[str, str]]:
    """The limits a block breaks beside its ending, as (code, message): no recipient,
    one message more than a file may send, too many lines, a closed block with no text."""
    faults = []
    if not to:
        faults.append((GB042, "MESSAGE TO names no recipient; message not sent"))
    if sent >= MAX_MESSAGES:
        why = f"only {MAX_MESSAGES} messages a file are sent; {shown} ({span}) not sent"
        faults.append((GB043, why))
    if len(text) > MAX_MESSAGE_LINES:
        why = f"the {shown} has {len(text)} lines, more than {MAX_MESSAGE_LINES}; not sent"
        faults.append((GB045, why))
    if not text and closed:
        faults.append((GB047, f"the {shown} has no text; not sent"))
    return faults


def hand_over(
    blocks: Sequence[Block], file: str, ruleset: Any
) -> tuple[list[Located], list[Diagnostic]]:
    """The blocks as orders for a ruleset that declares `messages`; for any other, an
    error each (GB049) and no order."""
    from galbatch.engine.language.located import Located

    if getattr(ruleset, "messages", False):
        located = [Located(b.message, file, b.number, b.column, b.opening) for b in blocks]
        return located, []
    title = str(getattr(ruleset, "title", "this game"))
    diags = [
        Diagnostic(
            file,
            b.number,
            b.column,
            Severity.ERROR,
            GB049,
            f"{title} has no diplomatic messages; message to {named(b.message.to)} not sent",
        )
        for b in blocks
    ]
    return [], diags
