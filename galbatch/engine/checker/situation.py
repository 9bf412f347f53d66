"""The checker's layer 3: the player's situation, one driver for every game.

A ruleset writes its situation as a `Situation`: a check for each order against its
running tallies (what is left to use, what earlier orders changed), which accepts the
order (reduced where the book clamps a quantity, with a warning) or raises `Refusal`;
and `whose`, what the situation says of an order layer 2 refused (whose ships, worlds
or planets it names). `run` goes through the file with it and makes the diagnostics, so
every game applies the contract's rules the same way:

- each order is checked in the ruleset's sequence (file order unless the book says
  otherwise) and the accepted ones are returned in file order;
- a refused order is checked only by `whose`: it is reported, never accepted, and
  uses nothing (its warnings are dropped);
- a rejected order uses nothing either: its warnings are dropped, and the tallies are
  put back as they were before it (`save`, `restore`) where a check may stop half-way;
- a rejection's message ends with `; ` and `rejected(at)` ("order E,5 rejected").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Generic, TypeVar

from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located

OrderT = TypeVar("OrderT")
Note = tuple[Severity, str, str]  # (severity, code, message) of an order that stands


class Refusal(Exception):
    """An order the player's situation does not allow: its code and the reason in the
    player's words, and `more`, the other refusals the same order earns (each one is
    a diagnostic of its own)."""

    def __init__(self, code: str, reason: str, more: Sequence[Refusal] = ()) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        self.more = tuple(more)


def refuse(failed: Sequence[Refusal]) -> None:
    """Raise the first of the refusals an order earned, with the others, if it earned any."""
    if failed:
        raise Refusal(failed[0].code, failed[0].reason, failed[1:])


class Situation(Generic[OrderT]):
    """One player's situation while a file is checked: a ruleset's rules for each order
    and the tallies they keep. A subclass overrides `check`, `whose` and `rejected`, and
    the hooks (`sequence`, `remark`, `save`, `restore`, `finish`) where its book needs.
    (A plain class: a dataclass costs every check's start.)"""

    # how a reduction is said ("quantity 5 reduced to 3: world 12 has only 3 AF" in a
    # book that says "quantity"); the order's own words come first where `remark` says so
    REDUCED = "{wanted} reduced to {limit}: {why}"

    def __init__(self) -> None:
        self.notes: list[Note] = []  # the warnings and notes of the order being checked
        self.index = 0  # that order's place in the file, from 0

    # -- the ruleset's rules ------------------------------------------------------------

    def check(self, order: OrderT) -> OrderT:
        """The order as accepted (quantities reduced), its tallies used; or raise Refusal."""
        raise NotImplementedError

    def whose(self, order: OrderT) -> None:
        """Raise Refusal if the situation rejects what a refused order names (a ship, world
        or planet that does not exist or is not the player's). Uses nothing."""
        raise NotImplementedError

    def rejected(self, at: Located) -> str:
        """How a rejection's message ends: 'order A,1,2,5 rejected'."""
        raise NotImplementedError

    # -- hooks --------------------------------------------------------------------------

    def sequence(self, orders: Sequence[Located]) -> Iterable[tuple[int, OrderT]]:
        """The orders to check, in the order the book carries them out: (place in the file,
        order). An order may be left out, or given as it is to be checked."""
        return ((index, at.order) for index, at in enumerate(orders))

    def remark(self, at: Located, text: str) -> str:
        """A warning's or note's message about the order at `at`."""
        del at
        return text

    def save(self) -> object:
        """The tallies, for `restore` to put back if the order is rejected half-way."""
        return None

    def restore(self, saved: object) -> None:
        """Put back the tallies `save` returned."""
        del saved

    def finish(self, accepted: Mapping[int, OrderT]) -> dict[int, Refusal]:
        """Orders accepted (by place in the file) that the file's later orders leave
        rejected after all (a COMBAT whose ATTACK never came): their refusals."""
        del accepted
        return {}

    # -- what a rule says besides ---------------------------------------------------------

    def warn(self, code: str, text: str) -> None:
        """A warning on the order being checked, if it stands."""
        self.notes.append((Severity.WARNING, code, text))

    def note(self, code: str, text: str) -> None:
        """A note on the order being checked, if it stands."""
        self.notes.append((Severity.NOTE, code, text))

    def reduce(self, code: str, wanted: int, limit: int, why: str) -> int:
        """The quantity the order may carry out: `wanted` or, if less, `limit`, with a
        warning `code` saying so."""
        if limit < wanted:
            self.warn(code, self.REDUCED.format(wanted=wanted, limit=limit, why=why))
            return limit
        return wanted


def run(
    orders: Sequence[Located], situation: Situation[OrderT]
) -> tuple[list[OrderT], list[Diagnostic]]:
    """Check a file's orders (as layer 2 left them) against the player's situation: the
    orders accepted, in file order, and the diagnostics, in file order."""
    accepted: dict[int, OrderT] = {}
    told: dict[int, list[Diagnostic]] = {}  # the warnings and notes of each order accepted
    diags: list[Diagnostic] = []

    def reject(at: Located, refusal: Refusal) -> None:
        ending = situation.rejected(at)
        for each in (refusal, *refusal.more):
            text = f"{each.reason}; {ending}"
            diags.append(Diagnostic(at.file, at.line, at.column, Severity.ERROR, each.code, text))

    for index, order in situation.sequence(orders):
        at = orders[index]
        situation.notes = []
        situation.index = index
        if at.refused:  # layer 2 rejected it: only what it names is judged, nothing used
            try:
                situation.whose(order)
            except Refusal as refusal:
                reject(at, refusal)
            continue
        saved = situation.save()
        try:
            done = situation.check(order)
        except Refusal as refusal:
            situation.restore(saved)
            reject(at, refusal)
            continue
        accepted[index] = done
        told[index] = [
            Diagnostic(at.file, at.line, at.column, severity, code, situation.remark(at, text))
            for severity, code, text in situation.notes
        ]
    for index, late in situation.finish(accepted).items():
        del accepted[index], told[index]
        reject(orders[index], late)
    for notes in told.values():
        diags += notes
    diags.sort(key=lambda d: (d.line, d.column))
    return [accepted[index] for index in sorted(accepted)], diags
