"""A diplomatic message as an order: what a MESSAGE TO block sends (see `messages`).

Its own module, so that only a file that sends a message makes the class.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    """A diplomatic message as the ruleset gets it: the recipient's name as written
    (blanks collapsed) and the text, one string a line."""

    to: str
    text: tuple[str, ...]
