"""Diagnostics with their source line and a caret under the column, as compilers show
them on a terminal:

    orders.txt:11:3: warning: [GQ306] quantity 3 reduced to 1: ...
       11 | G 3 2
          |   ^
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.text.printable import printable


def with_source(diags: Sequence[Diagnostic], texts: Mapping[str, Sequence[str]]) -> str:
    """Each diagnostic's line, then (if the file has that line) the line and a caret."""
    out: list[str] = []
    for d in diags:
        out.append(d.format())
        lines = texts.get(d.file, ())
        if 1 <= d.line <= len(lines):
            out += shown(d.line, lines[d.line - 1], d.column)
    return "\n".join(out)


def shown(number: int, line: str, column: int) -> list[str]:
    """The two lines under a diagnostic: the source line (control characters escaped,
    as every message quotes them) and the caret under `column` (1-based)."""
    line = line.rstrip("\r\n")
    gutter = f"{number:>5} | "
    indent = " " * len(printable(line[: max(column - 1, 0)]))
    return [gutter + printable(line), " " * (len(gutter) - 2) + "| " + indent + "^"]
