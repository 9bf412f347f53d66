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
    diags: list[Diagnostic] = []

    def error(line: int, col: int, code: str, message: str) -> None:
        diags.append(Diagnostic(name, line, col, Severity.ERROR, code, message))

    shown = f"message to {named(to)}" if to else "message"
    text: list[str] = []
    bad_line = False
    bad = first_control(stripped)
    if bad is not None:
        bad_line = True
        error(
            number,
            column,
            GB046,
            f"control characters in the line ({escape(bad)}); {shown} not sent",
        )
    elif len(stripped) > MAX_MESSAGE_WIDTH:
        bad_line = True
        error(
            number,
            column,
            GB044,
            f"line longer than {MAX_MESSAGE_WIDTH} characters; {shown} not sent",
        )
    closed = nested = False
    at = index + 1
    while at < len(lines):
        line = lines[at]
        inner = line.strip()
        if closes(inner):
            closed = True
            break
        if line == SIGNATURE or line.rstrip() == "--" or FILE_END.match(inner):
            break
        if opens(inner):
            nested = True
            break
        body = line.rstrip().expandtabs(TAB_SIZE)
        if not bad_line:
            bad = first_control(body)
            if bad is not None:
                bad_line = True
                error(
                    at + 1,
                    1,
                    GB046,
                    f"control characters in the message ({escape(bad)}); {shown} not sent",
                )
            elif len(body) > MAX_MESSAGE_WIDTH:
                bad_line = True
                error(
                    at + 1,
                    MAX_MESSAGE_WIDTH + 1,
                    GB044,
                    f"message line longer than {MAX_MESSAGE_WIDTH} characters; {shown} not sent",
                )
        text.append(body)
        at += 1
    last = at + 1 if closed else at  # the last line the block took (1-based)
    span = f"lines {number}-{last}" if last > number else f"line {number}"
    after = at + 1 if closed else at
    while text and not text[-1]:
        text.pop()
    while text and not text[0]:
        text.pop(0)
    if nested:
        error(
            number,
            column,
            GB041,
            f"MESSAGE TO at line {at + 1} inside the {shown} begun here: that one has no "
            f"END MESSAGE; {span} taken as its text, {shown} not sent",
        )
    elif not closed:
        error(
            number,
            column,
            GB040,
            f"no END MESSAGE: {span} taken as the text of the {shown}, which is not sent",
        )
    if not to:
        error(number, column, GB042, "MESSAGE TO names no recipient; message not sent")
    if sent >= MAX_MESSAGES:
        error(
            number,
            column,
            GB043,
            f"only {MAX_MESSAGES} messages a file are sent; {shown} ({span}) not sent",
        )
    if len(text) > MAX_MESSAGE_LINES:
        error(
            number,
            column,
            GB045,
            f"the {shown} has {len(text)} lines, more than {MAX_MESSAGE_LINES}; not sent",
        )
    if not text and closed:
        error(number, column, GB047, f"the {shown} has no text; not sent")
    if diags:
        return None, diags, after
    from galbatch.engine.language.message_order import (
        Message,  # made only for a file that sends one
    )

    return Block(number, column, stripped, Message(to, tuple(text))), diags, after


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
