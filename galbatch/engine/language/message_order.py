"""A diplomatic message as an order: what a MESSAGE TO block sends (see `messages`).

Its own module, so that only a file that sends a message imports it (and `@frozen`, a
view check that reads no message makes no class).
"""

from __future__ import annotations

from galbatch.engine.language.frozen import frozen


@frozen
class Message:
    """A diplomatic message as the ruleset gets it: the recipient's name as written
    (blanks collapsed) and the text, one string a line."""

    to: str
    text: tuple[str, ...]
