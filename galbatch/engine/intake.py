"""From an order file to checked orders: authenticate, parse each line, check.

Used by `galbatch check` and by the turn job alike, so a player's lint and the
GM's run give the same diagnostics for the same file and the same knowledge.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from galbatch.engine.diagnostics import RC, Diagnostic, Severity, worst_rc
from galbatch.engine.orderfile import OrderFile
from galbatch.engine.parsing import SyntaxProblem, load_parser, parse_line
from galbatch.engine.ruleset import Located, Ruleset


@dataclass(frozen=True)
class FileCheck:
    """The outcome of checking one order file."""

    name: str
    status: str  # what the printout says about the file
    orders: tuple[Any, ...]
    diagnostics: tuple[Diagnostic, ...]

    @property
    def rc(self) -> RC:
        return worst_rc(self.diagnostics)

    @property
    def usable(self) -> bool:
        return self.rc < RC.UNUSABLE


def parse_orders(of: OrderFile, ruleset: Ruleset) -> tuple[list[Located], list[Diagnostic]]:
    """Parse every order line alone; a bad line is one error and the others still count."""
    parser = load_parser(ruleset.grammar, ruleset.transformer())
    located: list[Located] = []
    diags: list[Diagnostic] = []
    for line in of.lines:
        try:
            order = parse_line(parser, line.text, ruleset.terminal_words)
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


def authenticate(
    of: OrderFile, game_id: str, player: str | None, password_hash: str | None
) -> list[Diagnostic]:
    """Fatal diagnostics if the header names another game or player, or the password is wrong."""
    header = of.header
    if header is None:
        return []
    problems: list[Diagnostic] = []

    def fatal(code: str, message: str) -> None:
        problems.append(Diagnostic(of.name, header.line, 1, Severity.FATAL, code, message))

    if header.game.lower() != game_id.lower():
        fatal("GB013", f"the header names game {header.game}, not {game_id}; file rejected")
    elif player is not None and header.player.lower() != player.lower():
        fatal(
            "GB014",
            f"the header names player {header.player}, but this is player "
            f"{player}'s file; file rejected",
        )
    elif password_hash is not None and not _verify(header.password, password_hash):
        fatal("GB015", "wrong password; file rejected")
    return problems


def check_file(
    of: OrderFile,
    ruleset: Ruleset,
    view: Mapping[str, Any] | None = None,
    player: str | None = None,
    auth: list[Diagnostic] | None = None,
) -> FileCheck:
    """Everything `galbatch check` reports about one file; semantic checks need a view."""
    diags = list(of.diagnostics) + list(auth or [])
    if not of.usable or any(d.severity is Severity.FATAL for d in diags):
        status = "REJECTED: " + next(
            (d.message.split(";")[0].upper() for d in diags if d.severity is Severity.FATAL),
            "UNUSABLE",
        )
        return FileCheck(of.name, status, (), tuple(sort(diags)))
    located, syntax = parse_orders(of, ruleset)
    diags += syntax
    orders: list[Any] = [at.order for at in located]
    if view is not None:
        orders, semantic = ruleset.check(located, view, player or "")
        diags += semantic
    return FileCheck(of.name, "ORDERS RECEIVED", tuple(orders), tuple(sort(diags)))


def sort(diags: list[Diagnostic]) -> list[Diagnostic]:
    """File order: by line, then column; stable for equal places."""
    return sorted(diags, key=lambda d: (d.line, d.column))


def rename(check: FileCheck, name: str) -> FileCheck:
    """The same check reported under another file name (e.g. the archive path)."""
    return replace(
        check, name=name, diagnostics=tuple(replace(d, file=name) for d in check.diagnostics)
    )


def _verify(password: str, stored: str) -> bool:
    from galbatch.engine.passwords import verify_password  # hashlib: only when authenticating

    return verify_password(password, stored)
