"""Galac-Tac's diplomatic messages (EMPIRE RELATIONS): routed by empire name only.

"Galac-Tac will route your message for you (using only your Empire name), but you
must know the name of the Empire you wish to contact by having encountered them."
The order file's MESSAGE TO blocks (the engine's `Message`) are checked here against
the empires the sender's view knows (the checker's layer 3), and the turn delivers
the accepted ones before any action (`delivery.py`), by the names empires had when
the turn began: the names the sender's view showed. Names are unique (NAME Empire refuses a taken
one); were two empires ever to share one, the message goes to the lower empire id.
The recipient is told the sender's empire name and the text, nothing else: never a
player's id, code name or account.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from galbatch.engine.checker.situation import Refusal, Situation, run
from galbatch.engine.contract.ruleset import normal_name as normal
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.frozen import frozen
from galbatch.engine.language.message_blocks import named
from galbatch.engine.language.message_order import Message
from galbatch.engine.text.suggest import closest
from galbatch.rules.galactac.codes import GT256, GT257

if TYPE_CHECKING:
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located


@frozen
class Letter:
    """An accepted message: the recipient's name as the game compares it, and the text.

    No phase: the turn's [B], [M] and [A] steps pass it by; `deliver` sends it."""

    PHASE: ClassVar[str] = ""
    to: str
    text: tuple[str, ...]


def check_messages(
    orders: Sequence[Located], view: Mapping[str, Any]
) -> tuple[list[Letter], list[Diagnostic]]:
    """The messages to empires the view knows, as letters; an error for each other."""
    return run(orders, Recipients(view))


class Recipients(Situation[Any]):
    """The empires a sender's view knows, by name: a message goes only to one of them."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        super().__init__()
        empire = view.get("empire", {})
        self.known = [str(k) for k in empire.get("known", [])]
        self.by_name = {normal(k): k for k in reversed(self.known)}  # the first written of a name
        self.own = normal(str(empire.get("name", "")))

    def rejected(self, at: Located) -> str:
        return f"message to {named(at.order.to)} not sent"

    def whose(self, order: Message) -> None:
        self.recipient(order)

    def check(self, order: Message) -> Letter:
        return Letter(self.recipient(order), order.text)

    def recipient(self, message: Message) -> str:
        """The recipient's name as names are compared (GT256, GT257)."""
        to = normal(message.to)
        if to == self.own:
            raise Refusal(GT257, "that is your own empire's name")
        if to not in self.by_name:
            guess = closest(to, self.by_name)
            hint = f" (did you mean {self.by_name[guess]}?)" if guess is not None else ""
            met = "" if self.known else ": you have encountered no empire yet"
            raise Refusal(
                GT256,
                f"you have not encountered an empire named {named(message.to)}{met}{hint}",
            )
        return to


def recipients(view: Mapping[str, Any]) -> list[str]:
    """The empire names a view knows, in its order, each once: those a message may be
    sent to (the check's `Recipients` accepts exactly these)."""
    known = Recipients(view)
    seen = {known.own}
    names = []
    for name in known.known:
        if normal(name) not in seen:
            seen.add(normal(name))
            names.append(name)
    return names


def messages_in(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The messages a view says its empire received in its fortnight: (sender, text)."""
    found = view.get("messages", [])
    if not isinstance(found, list):
        return []
    return [(str(m.get("from", "")), str(m.get("text", ""))) for m in found if isinstance(m, dict)]
