"""What became of a player's orders: the private events that tell him an order of his was
used (in which phase, with what effect) or dropped (and why), each with its words for the
game master in the third person. The printout's "what became of your orders" reads these
events, then lists the orders still pending.
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.answers import holds
from galbatch.rules.interstellar.board import Run
from galbatch.rules.interstellar.phases import BOOK_STEP, Phase
from galbatch.rules.interstellar.state import GameState

USED = "order"  # an order used, and what it did
FILED = "filed"  # a standing order added or cancelled by the file read
DROPPED = "dropped"  # a pending order dropped, and why
REFUSED = "refused"  # an order the rules refused when its phase came
REDUCED = "reduced"  # an order carried out with fewer ships than it named
# The kinds of event that tell a player what became of one of his orders.
ORDER_REPORTS = (FILED, USED, DROPPED, REFUSED, REDUCED)


def name(state: GameState, player: str) -> str:
    """A player's colour, as events name him."""
    return state.seat(player).colour


def standing_number(state: GameState, player: str, action: o.Action) -> int:
    """The number (as CANCEL counts them) of the player's standing order whose action was
    used: the first with that action whose condition holds, else the first with it."""
    standing = state.standing.get(player, ())
    for n, s in enumerate(standing, 1):
        if s.action == action and holds(state, player, s.condition):
            return n
    return next((n for n, s in enumerate(standing, 1) if s.action == action), 0)


def mark(run: Run) -> int:
    """Where the run's events stand now: what an order does is told after this mark."""
    return len(run.events)


def effect(
    run: Run, state: GameState, player: str, start: int, kinds: tuple[str, ...] = ()
) -> tuple[str, str]:
    """What a player's order did: the events since `start` about him (public ones that
    begin with his colour, and those he alone sees; of `kinds` only, if given), in his
    words and the game master's."""
    who = name(state, player) + " "
    mine = [
        e
        for e in run.events[start:]
        if e.kind not in ORDER_REPORTS
        and (not kinds or e.kind in kinds)
        and (e.seen_by == (player,) or (not e.seen_by and e.text.startswith(who)))
    ]
    return " ".join(e.text for e in mine), " ".join(e.told for e in mine)


def phase_words(phase: Phase) -> str:
    """in phase coins (Play 7)."""
    return f"in phase {phase.value} (Play {BOOK_STEP[phase]})"


def used(
    run: Run,
    state: GameState,
    player: str,
    order: o.Action,
    pending: bool,
    phase: Phase,
    start: int,
    what: tuple[str, str] | None = None,
) -> None:
    """Tell a player that an order of his (pending, or a standing order's action) was used
    in a phase, with its effect: the events about him since `start`, or `what` (his words,
    the game master's)."""
    mine, told = what if what is not None else effect(run, state, player, start)
    who = name(state, player)
    if pending:
        head = order.text()
    else:
        n = standing_number(state, player, order)
        head = f"standing order {n}, {state.standing[player][n - 1].text()}" if n else order.text()
    line = f"{head}: used {phase_words(phase)}"
    run.say(
        USED,
        f"{line}: {mine}" if mine else f"{line}.",
        (player,),
        f"{who}'s {line}: {told}" if told else f"{who}'s {line}.",
    )


def dropped(
    run: Run, state: GameState, player: str, orders: Sequence[o.Action], why: tuple[str, str]
) -> None:
    """Tell a player that pending orders of his were dropped, and why (his words, the game
    master's)."""
    who = name(state, player)
    mine, told = why
    for order in orders:
        run.say(
            DROPPED,
            f"{order.text()}: dropped: {mine}.",
            (player,),
            f"{who}'s {order.text()}: dropped: {told}.",
        )


def turn_ended(state: GameState, player: str) -> tuple[str, str]:
    """Why a player's pending orders are dropped at the end of a turn in which he owed a
    decision (house.owed_a_decision), in his words and the game master's."""
    active = name(state, state.active)
    whose = "your own turn" if player == state.active else f"{active}'s turn"
    theirs = "his own turn" if player == state.active else f"{active}'s turn"
    rule = "orders not used by then are dropped (house rule)"
    why = "the run waited for you, or an order you sent answered a phase of yours"
    told = "the run waited for him, or an order he sent answered a phase of his"
    return (
        f"you owed a decision in {whose} ({why}), and {rule}",
        f"{name(state, player)} owed a decision in {theirs} ({told}), and {rule}",
    )


REPLACED = (
    "your newest order file replaces all your pending orders",
    "a newer order file replaces all pending orders",
)


def gone(before: Sequence[o.Action], after: Sequence[o.Action]) -> tuple[o.Action, ...]:
    """The orders of `before` not in `after`, counting repeats (a file that sends an order
    again keeps it)."""
    left = list(after)
    out: list[o.Action] = []
    for x in before:
        if x in left:
            left.remove(x)
        else:
            out.append(x)
    return tuple(out)


def filed(
    run: Run, before: GameState, after: GameState, player: str, orders: Sequence[o.Order]
) -> None:
    """Tell a player what his file did to his standing orders: each CANCEL, with the
    standing orders it cancelled, and each ALWAYS or IF, with the number it now has."""
    who = name(before, player)
    old = before.standing.get(player, ())
    for x in orders:
        if isinstance(x, o.Cancel):
            numbers = range(1, len(old) + 1) if x.number is None else (x.number,)
            gone = [f"{n}, {old[n - 1].text()}" for n in numbers if 0 < n <= len(old)]
            what = "; ".join(gone) or "none"
            line = f"{x.text()}: standing orders cancelled: {what}."
            run.say(FILED, line, (player,), f"{who}'s {line}")
    new = after.standing.get(player, ())
    added = [x for x in orders if isinstance(x, o.Standing)]
    first = len(new) - len(added) + 1
    for n, x in enumerate(added, first):
        line = f"{x.text()}: kept as standing order {n}."
        run.say(FILED, line, (player,), f"{who}'s {line}")
