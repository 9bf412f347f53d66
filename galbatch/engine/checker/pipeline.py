"""From an order file to checked orders: parse each line, check (`authentication` says
whose file it is).

Used by `galbatch check` and by the turn job alike, so a player's lint and the
GM's run give the same diagnostics for the same file and the same knowledge.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.language.codes import GB005
from galbatch.engine.language.diagnostics import RC, Diagnostic, Record, Severity, worst_rc
from galbatch.engine.language.located import Located
from galbatch.engine.language.message_blocks import hand_over
from galbatch.engine.language.orderfile import FILE_FINDINGS, OrderFile
from galbatch.engine.language.parsing import SyntaxProblem, load_parser, parse_line

if TYPE_CHECKING:
    from galbatch.engine.contract.ruleset import AnyRuleset

MAX_LISTED_ERRORS = 50  # errors listed for one file; what follows the last is only counted
HIDDEN = GB005  # the code of the line that counts what is not listed
REJECTED = "REJECTED: "  # how a file's status begins when the file was rejected whole


class FileCheck(Record):
    """The outcome of checking one order file."""

    __slots__ = ("name", "status", "orders", "diagnostics")

    def __init__(
        self, name: str, status: str, orders: tuple[Any, ...], diagnostics: tuple[Diagnostic, ...]
    ) -> None:
        self.name = name
        self.status = status  # what the printout says about the file
        self.orders = orders
        self.diagnostics = diagnostics

    @property
    def rc(self) -> RC:
        return worst_rc(self.diagnostics)

    @property
    def usable(self) -> bool:
        return self.rc < RC.UNUSABLE


def parse_orders(of: OrderFile, ruleset: AnyRuleset) -> tuple[list[Located], list[Diagnostic]]:
    """Parse every order line alone; a bad line is one error and the others still count."""
    parser = load_parser(ruleset.grammar, ruleset.transformer())
    located: list[Located] = []
    diags: list[Diagnostic] = []
    for line in of.lines:
        # Past MAX_LISTED_ERRORS syntax errors, `cap` hides every later one (the lines are
        # in order), so saying what was expected (lark's slowest part) would be wasted.
        explain = len(diags) < MAX_LISTED_ERRORS
        try:
            order = parse_line(parser, line.text, ruleset.terminal_words, explain)
        except SyntaxProblem as p:
            diags.append(
                Diagnostic(
                    of.name,
                    line.number,
                    line.column + p.column - 1,
                    Severity.ERROR,
                    ruleset.syntax_code,
                    f"{p.message}; {ruleset.order_noun} rejected",
                )
            )
            continue
        located.append(Located(order, of.name, line.number, line.column, line.text))
    return located, diags


def check_file(
    of: OrderFile,
    ruleset: AnyRuleset,
    view: Mapping[str, Any] | None = None,
    player: str | None = None,
    auth: list[Diagnostic] | None = None,
) -> FileCheck:
    """Everything `galbatch check` reports about one file, in the checker's three layers:
    the grammar (every line), the rule book's facts that need no game (always), the
    player's situation (only with a view: theirs, or the one the state gives the GM).

    An order a fact rejects is never accepted; the situation still says what it makes
    of it (whose ships or worlds it names), but never repeats the fact's code."""
    diags = list(of.diagnostics) + list(auth or [])
    if not of.usable or any(d.severity is Severity.FATAL for d in diags):
        status = REJECTED + next(
            (d.message.split(";")[0].upper() for d in diags if d.severity is Severity.FATAL),
            "UNUSABLE",
        )
        return FileCheck(of.name, status, (), tuple(cap(sort(diags))))
    located, syntax = parse_orders(of, ruleset)
    diags += syntax
    letters, refused = hand_over(of.messages, of.name, ruleset)  # diplomatic messages
    diags += refused
    located, found = ruleset.facts(located)
    diags += found
    located += letters
    orders: list[Any] = [at.order for at in located if not at.refused]
    if view is not None:
        orders, situation = ruleset.check(located, view, player or "")
        said = {(d.line, d.code) for d in found if d.severity.rc >= RC.ERROR}
        diags += [d for d in situation if (d.line, d.code) not in said]
    return FileCheck(of.name, "ORDERS RECEIVED", tuple(orders), tuple(cap(sort(diags))))


def sort(diags: list[Diagnostic]) -> list[Diagnostic]:
    """File order: by line, then column; stable for equal places."""
    return sorted(diags, key=lambda d: (d.line, d.column))


def cap(diags: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics (in file order) up to the MAX_LISTED_ERRORS-th error; the ones
    about single orders after it are counted in one diagnostic (GB005) that has the
    worst severity of what it stands for, so the file's return code stays the same.
    Findings about the whole file (FILE_FINDINGS: encoding, END, the line limit; one
    each at most) are always listed. Orders are never dropped: this only shortens what
    is listed, on the terminal and in the printouts."""
    errors = 0
    for index, d in enumerate(diags):
        if errors == MAX_LISTED_ERRORS:
            rest = diags[index:]
            hidden = [d for d in rest if d.code not in FILE_FINDINGS]
            if not hidden:
                break
            summary = _not_listed(hidden)
            return sort([*diags[:index], summary, *(d for d in rest if d.code in FILE_FINDINGS)])
        errors += d.severity.rc >= RC.ERROR
    return list(diags)


def _not_listed(hidden: Sequence[Diagnostic]) -> Diagnostic:
    counts = {
        "error": sum(d.severity.rc >= RC.ERROR for d in hidden),
        "warning": sum(d.severity is Severity.WARNING for d in hidden),
        "note": sum(d.severity is Severity.NOTE for d in hidden),
    }
    parts = [(n, noun if n == 1 else noun + "s") for noun, n in counts.items() if n]
    message = f"... and {parts[0][0]} more {parts[0][1]}"
    if len(parts) > 1:
        message += f" (and {' and '.join(f'{n} {noun}' for n, noun in parts[1:])})"
    worst = max((d.severity for d in hidden), key=lambda s: s.rc)
    at = hidden[0]
    return Diagnostic(at.file, at.line, at.column, worst, HIDDEN, message + " not listed")


COUNTED = r"(\d+) (?:more )?(error|warning|note)"  # in a GB005 message


def counts(diags: Sequence[Diagnostic]) -> tuple[int, int]:
    """(warnings, errors, fatal ones included) in a file's diagnostics, counting those
    that a GB005 line stands for."""
    warnings = errors = 0
    for d in diags:
        if d.code == HIDDEN:
            found = {noun: int(n) for n, noun in re.findall(COUNTED, d.message)}
            warnings += found.get("warning", 0)
            errors += found.get("error", 0)
        elif d.severity is Severity.WARNING:
            warnings += 1
        elif d.severity.rc >= RC.ERROR:
            errors += 1
    return warnings, errors


def rename(check: FileCheck, name: str) -> FileCheck:
    """The same check reported under another file name (e.g. the archive path)."""
    diagnostics = tuple(d.renamed(name) for d in check.diagnostics)
    return FileCheck(name, check.status, check.orders, diagnostics)
