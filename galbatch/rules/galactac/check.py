"""Checks Galac-Tac actions against what the empire knows: the checker's layer 3, the
empire's situation.

The turn carries out the [B] actions in the order written, then the [M] actions, then
the [A] actions in the order written (CAPITAL last of them), so they are checked in
that order against the view with running stocks: each of the
empire's systems' PI and missiles, each ship's cargo, fleet, hangar and orders, the
design table. What the book says is done "as much as it could" or "as many as
possible" (LOAD, UNLOAD, TRANSFER, MISSILES) is reduced to what there is, with a
warning and the amount; what it says fails is rejected, with the reason.

What needs no game (locations on the map, ship IDs, the room on a line, items, target
codes, ratings, names, the 50 actions) is layer 2's, in `facts.py`: this module gets
the actions as it left them, and of an action it refused says only whose ships and
systems it names.

The checks are written by the book's subjects, each a part of `Checker` in its own
module on the running stocks (`check_stocks.py`): SHIP DESIGN (`check_designs.py`),
PRODUCTION (`check_production.py`), cargo (`check_cargo.py`), FLEETS
(`check_fleets.py`) and MOVEMENT (`check_movement.py`).

House rules where the book is silent (for the man page, with the codes of `codes.py`):

- RESEARCH of more PI than the system has is reduced to the PI there, as MISSILES is
  ("as many as possible"): the empire's R&D gets what the system can give.
- BUILD starts the ships the PI left pays for, in the order named; the first ship it
  cannot pay for and the ones after it are dropped with a warning (the remaining builds
  abort), and a BUILD that cannot pay for its first ship is rejected.
- An action naming two systems, two cargo items or several ships is rejected whole
  when one of them cannot be carried out (a cargo item or a system with nothing to
  give is dropped instead, with a warning, while another one gives something).
- A movement action is rejected when the ship, or a ship joined to it, has no star
  drive and the action would take it out of the System it is in: platforms never
  move, and inertia-only ships stay where they were built unless towed or hangared.
- PV a ship may load at a System is at most the output the empire takes from it;
  another empire's work there (a COLONIZE of the same System) may leave less, which
  the turn reports.
- PI a SCRAP returns is not counted for the BUILDs, REFITs and CAPITAL after it.
- An [M] or [A] action that a later one replaces for the same ship (the facts' GT405)
  is left out of the actions accepted, for that ship: only the last is carried out.
  The last is the last one accepted: an action rejected replaces nothing, so the ship
  keeps the one before it (the rejection says so), and the file is checked again
  without it until no rejected action stands in for another.
- COMBAT is accepted for a ship under ATTACK orders, or given an ATTACK action (that
  is accepted) before it in the file; STANDING for a ship under DEFEND orders, or
  given DEFEND before it.
- A fleet's REFIT or REPAIR leaves out the ships it cannot do (a warning says which
  and why); it is rejected when it can do none. A RELOAD that cannot fill every rack
  says so, and is rejected when it finds no missile at all.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.checker.situation import Refusal, run
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located
from galbatch.engine.language.message_order import Message
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.check_cargo import Cargo
from galbatch.rules.galactac.check_designs import Designs
from galbatch.rules.galactac.check_fleets import Fleets
from galbatch.rules.galactac.check_movement import Movement
from galbatch.rules.galactac.check_production import Production
from galbatch.rules.galactac.codes import GT239, GT250
from galbatch.rules.galactac.diplomacy import check_messages
from galbatch.rules.galactac.facts import rejected, ships


def check_orders(
    orders: Sequence[Located], view: Mapping[str, Any], player: str
) -> tuple[list[Any], list[Diagnostic]]:
    """Accepted actions (quantities reduced where needed), in the order written, then the
    diplomatic messages accepted (`diplomacy.py`), and the diagnostics."""
    del player  # the view is already the empire's own
    letters = [at for at in orders if isinstance(at.order, Message)]
    if letters:
        orders = [at for at in orders if not isinstance(at.order, Message)]
    # The check runs again, each [M] or [A] action it rejected made `void` (left out of
    # "the last one"), while a newly rejected one stood in for an earlier action: a
    # rejected action never replaces a valid one. `void` only grows, so this ends; most
    # files need one run.
    void: dict[int, Refusal] = {}
    suggested: dict[tuple[int, frozenset[int]], str] = {}
    while True:
        checker = Checker(view, void)
        checker.suggested = suggested  # the same view: its suggestions hold in every run
        accepted, diags = run(orders, checker)
        fresh = {i: r for i, r in checker.refusals.items() if i not in void}
        if not any(displaces(orders, i, void) for i in fresh):
            break
        void.update(fresh)
    diags = kept(orders, void, checker.accepted, diags)
    if letters:
        sent, refused = check_messages(letters, view)
        accepted += sent
        diags += refused
        diags.sort(key=lambda d: (d.line, d.column))
    return accepted, diags


# The turn's order: [B] as written, [M], [A] as written but CAPITAL after the others.
PHASES: tuple[Callable[[Any], bool], ...] = (
    lambda action: action.PHASE == "B",
    lambda action: action.PHASE == "M",
    lambda action: action.PHASE == "A" and not isinstance(action, a.Capital),
    lambda action: isinstance(action, a.Capital),
)


def displaces(orders: Sequence[Located], index: int, void: Container[int]) -> bool:
    """Whether the [M] or [A] action at `index` stands in for an earlier one of a ship."""
    named = set(ships(orders[index].order))
    return any(
        named.intersection(ships(at.order))
        for i, at in enumerate(orders[:index])
        if i not in void and not at.refused and at.order.PHASE in ("M", "A")
    )


def kept(
    orders: Sequence[Located],
    void: Mapping[int, Refusal],
    accepted: Container[int],
    diags: list[Diagnostic],
) -> list[Diagnostic]:
    """The diagnostics, each rejection of a void action saying which earlier action of
    its ships is carried out instead ("...rejected: ship 1011 keeps its COLONIZE of line
    2")."""
    last = last_actions(orders, void)
    endings: dict[int, str] = {}
    for index in sorted(void):
        keeps = []
        for ship in dict.fromkeys(ships(orders[index].order)):
            earlier = last.get(ship, index)
            if earlier < index and earlier in accepted:
                at = orders[earlier]
                keeps.append(f"ship {ship} keeps its {at.order.WORD} of line {at.line}")
        if keeps:
            endings[orders[index].line] = ": " + ", ".join(keeps)
    return [
        Diagnostic(d.file, d.line, d.column, d.severity, d.code, d.message + endings[d.line])
        if d.line in endings and d.severity is Severity.ERROR
        else d
        for d in diags
    ]


def last_actions(orders: Sequence[Located], void: Container[int] = ()) -> dict[int, int]:
    """Each ship's last [M] or [A] action (its index): "only one Movement [M] or After [A]
    action per ship/fleet per turn", the last one given (the facts' GT405) that is not
    `void` (rejected)."""
    last: dict[int, int] = {}
    for index, at in enumerate(orders):
        if not at.refused and index not in void and at.order.PHASE in ("M", "A"):
            for ship in ships(at.order):
                last[ship] = index
    return last


def current(action: Any, index: int, last: Mapping[int, int]) -> Any:
    """The action without the ships a later [M] or [A] action replaces it for (GT405 says
    so); None when it is left with none. Other actions are kept as they are."""
    if action.PHASE == "B" or not ships(action):
        return action
    if isinstance(action, a.To | a.Chart | a.Secure | a.Destroy):
        moves = tuple(m for m in action.moves if last.get(m.ship) == index)
        return replace(action, moves=moves) if moves else None
    if isinstance(action, a.Refit | a.Scrap):
        kept = tuple(s for s in action.ships if last.get(s) == index)
        return replace(action, ships=kept) if kept else None
    return action if all(last.get(s) == index for s in ships(action)) else None


class Checker(Designs, Production, Cargo, Fleets, Movement):
    """The running stocks of one action file and a check for each action: the book's
    subjects each in their module, put together."""

    def __init__(self, view: Mapping[str, Any], void: Mapping[int, Refusal] | None = None) -> None:
        super().__init__(view)
        self.orders: Sequence[Located] = ()  # the file's actions, as `sequence` got them
        # [M] or [A] actions an earlier run rejected: rejected again, replacing nothing
        self.void: Mapping[int, Refusal] = void or {}
        self.refusals: dict[int, Refusal] = {}  # the [M] and [A] actions rejected, by index
        self.accepted: set[int] = set()  # the actions accepted, by index, once finished

    # ---- the driver's hooks ---------------------------------------------------------------

    def sequence(self, orders: Sequence[Located]) -> Iterator[tuple[int, Any]]:
        """The turn's order (`PHASES`), each [M] or [A] action without the ships a later
        one replaces it for (`current`); a refused or void action as written."""
        self.orders = orders
        last = last_actions(orders, self.void)
        for belongs in PHASES:
            for index, at in enumerate(orders):
                if not belongs(at.order):
                    continue
                whole = at.refused or index in self.void
                action = at.order if whole else current(at.order, index, last)
                if action is not None:
                    yield index, action

    def rejected(self, at: Located) -> str:
        return rejected(at)

    def save(self) -> Any:
        """Where the running stocks' undo log stands, to put them back from when an
        action is rejected half-way (`check_stocks.Journal`)."""
        return self.journal.mark()

    def restore(self, saved: Any) -> None:
        self.journal.rollback(saved)

    def finish(self, accepted: Mapping[int, Any]) -> dict[int, Refusal]:
        """A COMBAT to a ship not under ATTACK orders stands only if an ATTACK for the
        ship before it is accepted (the [M] actions are checked after the [B] ones)."""
        late: dict[int, Refusal] = {}
        self.accepted = set(accepted)
        for index, (ship, orders_now) in self.awaiting.items():
            if not any(
                isinstance(accepted.get(i), a.Attack) and self.orders[i].order.ship == ship
                for i in range(index)
            ):
                late[index] = Refusal(
                    GT239,
                    f"ship {ship} is not under ATTACK orders (its orders: {orders_now}): give "
                    "it an ATTACK action before the COMBAT",
                )
        self.accepted -= set(late)
        return late

    def whose(self, action: Any) -> None:
        """What the empire's situation says of an action a fact refused: whose ships and
        systems it names."""
        for number in ships(action):
            self.ship(number)
        if isinstance(action, a.Build | a.Missiles | a.Research | a.Downgrade | a.Capital):
            for where in _system_locations(action):
                self.production(where)

    # ---- the actions ---------------------------------------------------------------------

    def check(self, action: Any) -> Any:
        """The action's own check: the method named `_` and its word (`_load` for LOAD); a
        void action's refusal again. An [M] or [A] action's refusal is kept (`check_orders`)."""
        if self.index in self.void:
            raise self.void[self.index]
        handler: Callable[[Any], Any] = getattr(self, "_" + action.WORD.lower())
        try:
            return handler(action)
        except Refusal as refusal:
            if action.PHASE != "B":
                self.refusals[self.index] = refusal
            raise

    def _name(self, action: a.Name) -> a.Name:
        for naming in action.namings:
            what = naming.what
            if isinstance(what, int):
                self.active(what)
            elif isinstance(what, a.Location):
                place = self.place(what)
                colonizing = any(
                    c.orders == "COLONIZE" and c.goal == what.text() == c.location
                    for c in self.crafts.values()
                )
                if (place is None or not place.status) and not colonizing:
                    raise Refusal(GT250, f"you do not own the System at {what.text()}")
        return action

    def _map(self, action: a.Map) -> a.Map:
        return action

    def _shipyard(self, action: a.Shipyard) -> a.Shipyard:
        return action


def _system_locations(action: Any) -> list[a.Location]:
    """The Production Systems an action spends from or changes."""
    if isinstance(action, a.Build | a.Capital):
        return [action.location]
    if isinstance(action, a.Missiles):
        return [s.location for s in action.builds]
    if isinstance(action, a.Research):
        return [s.location for s in action.spending]
    if isinstance(action, a.Downgrade):
        return [s.location for s in action.systems]
    return []


__all__ = ["check_orders"]
