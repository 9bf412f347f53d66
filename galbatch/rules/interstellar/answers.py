"""Which order answers a phase for a player: his pending orders first (used up), then
his standing orders whose condition holds (kept), as orders.py's docstring says.

Taking in a player's order file is here too: it replaces his pending orders,
cancels standing orders, then adds the new standing ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.phases import Phase, answers
from galbatch.rules.interstellar.state import GameState, planet_text

Fits = Callable[[o.Action], bool]
Kind = type[Any] | tuple[type[Any], ...]  # an isinstance class or classes


def take_in(state: GameState, player: str, orders: Sequence[Any]) -> GameState:
    """A player's newest file: its plain orders replace his pending ones; CANCEL removes
    standing orders as the last printout numbered them, before the file's own ALWAYS and
    IF orders are added after the kept ones."""
    pending = tuple(x for x in orders if not isinstance(x, o.Standing | o.Cancel))
    standing = state.standing.get(player, ())
    cancelled: set[int] = set()
    for x in orders:
        if isinstance(x, o.Cancel):
            if x.number is None:
                cancelled = set(range(1, len(standing) + 1))
            else:
                cancelled.add(x.number)
    kept = tuple(s for n, s in enumerate(standing, start=1) if n not in cancelled)
    kept += tuple(x for x in orders if isinstance(x, o.Standing))
    standing_all = {**state.standing, player: kept}
    if not kept:
        standing_all.pop(player)
    pending_all = {**state.pending, player: pending}
    if not pending:
        pending_all.pop(player)
    involved = tuple(p for p in state.involved if p != player)
    return replace(state, pending=pending_all, standing=standing_all, involved=involved)


def holds(state: GameState, player: str, condition: o.Condition | None) -> bool:
    """Whether a standing order's condition holds for the player now."""
    if condition is None:
        return True
    e = state.encounter
    if e is None:
        return False

    def colour(p: str) -> str:
        return state.seat(p).colour

    at = condition.planet is None or planet_text(e.target) == condition.planet.text()
    if condition.situation == "ATTACKED":
        by = not condition.player or colour(e.attacker) == condition.player
        return player == e.defender and by and at
    if condition.situation == "ATTACKING":
        whom = not condition.player or colour(e.defender) == condition.player
        return player == e.attacker and whom and at
    # INVITED [BY x] [AGAINST y]: some side that invited him fits
    sides = []
    if player in e.invited_by_attacker:
        sides.append((e.attacker, e.defender))
    if player in e.invited_by_defender:
        sides.append((e.defender, e.attacker))
    return any(
        (not condition.player or colour(inviter) == condition.player)
        and (not condition.against or colour(opponent) == condition.against)
        for inviter, opponent in sides
    )


def _answers(order: o.Action, phase: Phase) -> bool:
    return phase in answers(order)


def pending_answer(
    state: GameState, player: str, phase: Phase, fits: Fits | None = None
) -> o.Action | None:
    """The player's first pending order answering the phase (and fitting), or None."""
    for x in state.pending.get(player, ()):
        if _answers(x, phase) and (fits is None or fits(x)):
            return x
    return None


def standing_answer(
    state: GameState, player: str, phase: Phase, fits: Fits | None = None
) -> o.Action | None:
    """The action of the player's first standing order answering the phase whose
    condition holds (and which fits), or None."""
    for s in state.standing.get(player, ()):
        if (
            _answers(s.action, phase)
            and holds(state, player, s.condition)
            and (fits is None or fits(s.action))
        ):
            return s.action
    return None


def answer(
    state: GameState, player: str, phase: Phase, fits: Fits | None = None
) -> tuple[o.Action | None, bool]:
    """The order answering a phase for a player and whether it is pending (to be used
    up); (None, False) if he has none."""
    found = pending_answer(state, player, phase, fits)
    if found is not None:
        return found, True
    return standing_answer(state, player, phase, fits), False


def use(state: GameState, player: str, order: o.Action) -> GameState:
    """The state with one pending order used up (the first equal to `order`)."""
    kept = list(state.pending.get(player, ()))
    if order in kept:
        kept.remove(order)
    pending = {**state.pending, player: tuple(kept)}
    if not kept:
        pending.pop(player)
    return replace(state, pending=pending)


def all_answers(
    state: GameState, player: str, phase: Phase, kind: Kind
) -> tuple[tuple[Any, ...], bool]:
    """Every pending order of a kind answering the phase; if there is none, every standing
    one whose condition holds. (DEAL lines are several acceptable deals; HEAL lines
    several healings.) The orders and whether they are pending."""
    pending = tuple(
        x for x in state.pending.get(player, ()) if isinstance(x, kind) and _answers(x, phase)
    )
    if pending:
        return pending, True
    standing = tuple(
        s.action
        for s in state.standing.get(player, ())
        if isinstance(s.action, kind)
        and _answers(s.action, phase)
        and holds(state, player, s.condition)
    )
    return standing, False


def use_all(state: GameState, player: str, kind: Kind, phase: Phase) -> GameState:
    """The state with every pending order of a kind answering the phase used up."""
    kept = tuple(
        x for x in state.pending.get(player, ()) if not (isinstance(x, kind) and _answers(x, phase))
    )
    pending = {**state.pending, player: kept}
    if not kept:
        pending.pop(player)
    return replace(state, pending=pending)
