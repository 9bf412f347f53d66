"""speed: a generated parser's lexer patterns, compiled when the parser was generated.

A lexer compiles its regular expressions at every run: a tenth of a cold Galac-Tac or
Interstellar check. `re` compiles in two steps: Python code parses the pattern and
writes the regular expression engine's code (nearly all of the time), then
`_sre.compile` makes the pattern from that code. The generator takes the first step for
every pattern its grammar's lexer ever compiles and writes the results into the parser
module, whose last lines hand them to `compiled_ahead.learn`; the lexer (lark's runtime,
trick "compiled_ahead" in build.py) then makes those patterns with `_sre.compile` alone,
the same patterns `re` makes.

The engine's code belongs to one Python version: a table written by another version
(another minor version or another `_sre.MAGIC`) is not used, and every pattern is then
compiled as usual. Nothing else changes: any other pattern is compiled by `re`.
"""

from __future__ import annotations

import _sre
import re
import sys
from re import _compiler, _parser  # type: ignore[attr-defined]  # the compiler `re` uses
from typing import Any

# How the generated module records the Python whose engine code it holds.
WRITTEN_BY = (*sys.version_info[:3], _sre.MAGIC)
# The engine code `_sre.compile` takes after the pattern: flags, code, the number of
# groups, the group indices by name and the names by index.
Code = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def engine_code(pattern: str | bytes, flags: int) -> Code:
    """What `re.compile(pattern, flags)` hands `_sre.compile` after the pattern."""
    parsed = _parser.parse(pattern, flags)
    groups: dict[str, int] = dict(parsed.state.groupdict)
    names: list[str | None] = [None] * parsed.state.groups
    for name, index in groups.items():
        names[index] = name
    code = [int(c) for c in _compiler._code(parsed, flags)]  # opcodes are named ints
    final = int(flags | parsed.state.flags)  # a plain int: RegexFlag is no marshal type
    return final, code, parsed.state.groups - 1, groups, tuple(names)


def usable(written_by: tuple[int, ...]) -> bool:
    """Whether engine code written by that Python runs on this one."""
    return written_by[:2] == WRITTEN_BY[:2] and written_by[-1] == WRITTEN_BY[-1]


class CompiledAhead:
    """The `re` module as lark's lexer uses it (`compile`, `match`, `error`), making the
    patterns known ahead from their engine code."""

    error = re.error

    def __init__(self) -> None:
        self.known: dict[tuple[str, int], Code] = {}
        self.made: dict[tuple[str, int], re.Pattern[str]] = {}

    def learn(self, written_by: tuple[int, ...], table: dict[tuple[str, int], Code]) -> None:
        """Take a generated module's table, if this Python can run its code."""
        if usable(written_by):
            self.known.update(table)

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        """`re.compile`, from the engine code when it is known."""
        key = (pattern, int(flags))
        made = self.made.get(key)
        if made is None:
            code = self.known.get(key)
            made = re.compile(pattern, flags) if code is None else _sre.compile(pattern, *code)
            self.made[key] = made
        return made

    def match(self, pattern: str, string: str, flags: int = 0) -> re.Match[str] | None:
        """`re.match`, from the engine code when it is known."""
        return self.compile(pattern, flags).match(string)


compiled_ahead = CompiledAhead()


class Recorder(CompiledAhead):
    """`re` for a lexer at generation time: knows no engine code ahead, and keeps that
    of every pattern asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.table: dict[tuple[str, int], Code] = {}

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        self.table[(pattern, int(flags))] = engine_code(pattern, int(flags))
        return super().compile(pattern, flags)


def record(lexer: Any) -> dict[tuple[str, int], Code]:
    """The engine code of every pattern a lark lexer (contextual or basic) compiles in
    any of its states, by pattern and flags in a fixed order."""
    recorder = Recorder()
    lexers = [*getattr(lexer, "lexers", {}).values(), getattr(lexer, "root_lexer", lexer)]
    for basic in lexers:
        basic.re = recorder
        basic._scanner = None
        _ = basic.scanner  # builds the scanner, with every pattern it needs
    return dict(sorted(recorder.table.items()))
