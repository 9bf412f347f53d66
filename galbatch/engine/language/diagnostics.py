"""Diagnostics and mainframe-style return codes shared by every ruleset."""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum, StrEnum
from typing import Any

from galbatch.engine.text.printable import printable


class RC(IntEnum):
    """Return codes: the job's, and every command's exit status (the one definition)."""

    CLEAN = 0
    WARNING = 4
    ERROR = 8
    UNUSABLE = 12  # unusable input, or a run refused (another writer holds the game)
    FAILED = 16  # the run itself failed (or the command line was wrong)


class Severity(StrEnum):
    """How bad a diagnostic is; each maps to a return code."""

    NOTE = "note"
    WARNING = "warning"
    ERROR = "error"
    FATAL = "fatal"  # the whole file is unusable

    @property
    def rc(self) -> RC:
        return _SEVERITY_RC[self]

    @property
    def label(self) -> str:
        """What compilers print: a fatal file problem is an error to the reader."""
        return "error" if self is Severity.FATAL else self.value


_SEVERITY_RC = {
    Severity.NOTE: RC.CLEAN,
    Severity.WARNING: RC.WARNING,
    Severity.ERROR: RC.ERROR,
    Severity.FATAL: RC.UNUSABLE,
}


class Record:
    """A record of fields, its __slots__, equal, hashed and shown by them as a frozen
    dataclass is; never changed once made. Every check makes diagnostics, an order
    file's records and a `FileCheck`: making a dataclass costs a check's start far more
    than writing out its __init__."""

    __slots__ = ()

    def names(self) -> tuple[str, ...]:
        names: tuple[str, ...] = self.__slots__
        return names

    def fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.names())

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self.fields() == other.fields()

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.names())
        return f"{type(self).__qualname__}({shown})"


class Diagnostic(Record):
    """One finding about one place in an order file."""

    __slots__ = ("file", "line", "column", "severity", "code", "message")

    def __init__(
        self, file: str, line: int, column: int, severity: Severity, code: str, message: str
    ) -> None:
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.code = code
        self.message = message

    def renamed(self, file: str) -> Diagnostic:
        """The same diagnostic about a file of another name."""
        return Diagnostic(file, self.line, self.column, self.severity, self.code, self.message)

    def format(self) -> str:
        """`FILE:LINE:COL: severity: [CODE] message`, the shape editors jump to; what came
        from an order file is shown escaped where it is not one visible column a character
        (terminal escapes, bidi overrides, wide characters: see `printable`)."""
        return printable(
            f"{self.file}:{self.line}:{self.column}: "
            f"{self.severity.label}: [{self.code}] {self.message}"
        )

    def as_json(self) -> dict[str, object]:
        return {
            "file": printable(self.file),
            "line": self.line,
            "column": self.column,
            "severity": self.severity.label,
            "code": printable(self.code),
            "message": printable(self.message),
        }


def is_reduction(code: str) -> bool:
    """True for a ruleset's "quantity reduced" codes: every game numbers them 300 to 399
    after its prefix (CF301, GQ305), as other warnings (CF401, GQ402) are 400 and up."""
    digits = code.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return digits.isdigit() and 300 <= int(digits) <= 399 and not code.startswith("GB")


def worst_rc(diagnostics: Iterable[Diagnostic]) -> RC:
    """The return code a set of diagnostics earns: the worst one wins."""
    return max((d.severity.rc for d in diagnostics), default=RC.CLEAN)


def format_json(diagnostics: list[Diagnostic], rc: int) -> str:
    """The `--format json` document: one object with the rc and the diagnostics."""
    import json  # only `--format json` needs it

    return json.dumps(
        {"rc": int(rc), "diagnostics": [d.as_json() for d in diagnostics]},
        ensure_ascii=False,
        indent=None,
    )
