"""Reading an order file: size limit, encoding, e-mail wrapping, header, END.

Whatever the bytes are, reading gives an `OrderFile` and diagnostics, never an
exception. Order lines come out with their line numbers and comments removed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from galbatch.engine.diagnostics import Diagnostic, Severity

MAX_BYTES = 256 * 1024  # a turn's orders fit in a few KB; more is not an order file
MAX_LINE = 200  # characters in one order line
COMMENT = "#"

HEADER = re.compile(
    r"""^GAME\s+(?P<game>[A-Za-z0-9][A-Za-z0-9._-]{0,31})
        \s+PLAYER\s+(?P<player>[A-Za-z0-9][A-Za-z0-9._-]{0,31})
        \s+PASSWORD\s+(?:"(?P<quoted>[^"]{0,64})"|(?P<bare>\S{1,64}))\s*(?:\#.*)?$""",
    re.IGNORECASE | re.VERBOSE,
)
HEADER_START = re.compile(r"^GAME\b", re.IGNORECASE)
END = re.compile(r"^END\s*$", re.IGNORECASE)
SIGNATURE = "-- "  # the e-mail signature separator
HEADER_SEARCH = 200  # lines of e-mail headers and greetings allowed before the header


@dataclass(frozen=True)
class Header:
    """The first line of an order file: who sends orders for which game."""

    game: str
    player: str
    password: str
    line: int


@dataclass(frozen=True)
class OrderLine:
    """One order line as written, comments removed, with its position."""

    number: int
    column: int  # column of the first character of `text`
    text: str


@dataclass(frozen=True)
class OrderFile:
    """An order file as read: its header (None if unusable), lines and findings."""

    name: str
    header: Header | None
    lines: tuple[OrderLine, ...]
    diagnostics: tuple[Diagnostic, ...]

    @property
    def usable(self) -> bool:
        return self.header is not None and not any(
            d.severity is Severity.FATAL for d in self.diagnostics
        )


def read_order_file(path: Path, name: str | None = None) -> OrderFile:
    """Read an order file from disk without trusting a byte of it."""
    label = name or str(path)
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        return _unusable(label, "GB001", f"cannot read the file: {e.strerror or e}")
    return parse_order_bytes(data, label)


def parse_order_bytes(data: bytes, name: str) -> OrderFile:
    """Split raw bytes into header, order lines and diagnostics."""
    if len(data) > MAX_BYTES:
        return _unusable(
            name, "GB002", f"the file is larger than {MAX_BYTES // 1024} KB; no orders were read"
        )
    diags: list[Diagnostic] = []
    text = decode(data, name, diags)
    raw_lines = text.splitlines()
    start = _find_header(raw_lines)
    if start is None:
        diags.append(
            Diagnostic(
                name,
                1,
                1,
                Severity.FATAL,
                "GB010",
                "no header line: the file must start with "
                'GAME <game> PLAYER <player> PASSWORD "<password>"',
            )
        )
        return OrderFile(name, None, (), tuple(diags))
    if start > 0 and any(raw.strip() for raw in raw_lines[:start]):
        diags.append(
            Diagnostic(
                name,
                1,
                1,
                Severity.NOTE,
                "GB011",
                f"ignored {start} line(s) before the header (e-mail headers?)",
            )
        )
    match = HEADER.match(raw_lines[start].strip())  # a quoted password may hold a '#'

    if match is None:
        diags.append(
            Diagnostic(
                name,
                start + 1,
                1,
                Severity.FATAL,
                "GB012",
                'bad header: expected GAME <game> PLAYER <player> PASSWORD "<password>"',
            )
        )
        return OrderFile(name, None, (), tuple(diags))
    header = Header(
        game=match["game"],
        player=match["player"],
        password=match["quoted"] if match["quoted"] is not None else match["bare"],
        line=start + 1,
    )
    lines: list[OrderLine] = []
    ended = False
    for index in range(start + 1, len(raw_lines)):
        number = index + 1
        raw = raw_lines[index]
        if raw == SIGNATURE or raw.rstrip() == "--":
            diags.append(
                Diagnostic(
                    name,
                    number,
                    1,
                    Severity.WARNING,
                    "GB021",
                    "no END before the signature; orders after it were ignored",
                )
            )
            ended = True
            break
        body = _strip_comment(raw)
        stripped = body.strip()
        if not stripped:
            continue
        if END.match(stripped):
            ended = True
            break
        column = len(body) - len(body.lstrip()) + 1
        problem = line_problem(stripped)
        if problem is not None:
            code, message = problem
            diags.append(Diagnostic(name, number, column, Severity.ERROR, code, message))
            continue
        lines.append(OrderLine(number, column, stripped))
    if not ended:
        diags.append(
            Diagnostic(
                name,
                len(raw_lines) or 1,
                1,
                Severity.WARNING,
                "GB020",
                "no END line: the file may be truncated",
            )
        )
    return OrderFile(name, header, tuple(lines), tuple(diags))


def decode(data: bytes, name: str, diags: list[Diagnostic]) -> str:
    """UTF-8 (with or without BOM); otherwise Latin-1 with a warning, never an error."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        diags.append(
            Diagnostic(
                name,
                line,
                1,
                Severity.WARNING,
                "GB003",
                "the file is not UTF-8; read it as Latin-1",
            )
        )
        return data.decode("latin-1")


def _find_header(lines: list[str]) -> int | None:
    """The first line that starts with GAME, within the first HEADER_SEARCH lines."""
    for index, raw in enumerate(lines[:HEADER_SEARCH]):
        if HEADER_START.match(_strip_comment(raw).strip()):
            return index
    return None


def line_problem(text: str) -> tuple[str, str] | None:
    """Why an order line is not even worth parsing: too long, or control characters."""
    if len(text) > MAX_LINE:
        return "GB030", f"line longer than {MAX_LINE} characters; order rejected"
    if any(ord(ch) < 32 and ch != "\t" for ch in text):
        return "GB031", "control characters in the line; order rejected"
    return None


def _strip_comment(raw: str) -> str:
    cut = raw.find(COMMENT)
    return raw if cut < 0 else raw[:cut]


def _unusable(name: str, code: str, message: str) -> OrderFile:
    return OrderFile(name, None, (), (Diagnostic(name, 1, 1, Severity.FATAL, code, message),))
