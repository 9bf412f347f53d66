"""The turn's side of Galac-Tac's diplomatic messages: the letters the check accepted
(`diplomacy.py`) delivered, and what a view says its empire received. Apart from
`diplomacy.py` so that a check does not import the turn's events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.contract.ruleset import normal_name as normal
from galbatch.rules.galactac.diplomacy import Letter
from galbatch.rules.galactac.events import Diplomatic

if TYPE_CHECKING:
    from galbatch.rules.galactac.state import GameState
    from galbatch.rules.galactac.turn import Turn


def deliver(turn: Turn, orders: Mapping[str, Sequence[Any]]) -> None:
    """Hand each empire's letters to their recipients, senders in id order, each in the
    order written: the recipient is told the sender's empire name and the text, the
    sender that it was delivered (or why not, should its recipient be gone)."""
    state = turn.state
    names = {eid: normal(e.name) for eid, e in state.empires.items()}
    for sender in turn.empires():
        me = state.empires[sender]
        for letter in orders.get(sender, ()):
            if not isinstance(letter, Letter):
                continue
            to = [k for k in turn.empires() if k in me.known and names.get(k) == letter.to]
            if not to or to[0] == sender:
                turn.fail(sender, "MESSAGE TO", letter.to, "no empire you know has that name")
                continue
            recipient = state.empires[to[0]]
            turn.tell(Diplomatic(to[0], sender=me.name, text=letter.text))
            turn.tell(Diplomatic(sender, recipient=recipient.name))


def received(state: GameState, empire: str) -> dict[str, list[dict[str, str]]]:
    """The view's `messages`: those `empire` received this turn, each from an empire
    name with its text; no key at all when there are none (a view without messages
    stays as it was before diplomacy)."""
    messages = [
        {"from": e.sender, "text": "\n".join(e.text)}
        for e in state.events
        if isinstance(e, Diplomatic) and e.empire == empire and e.sender
    ]
    return {"messages": messages} if messages else {}
