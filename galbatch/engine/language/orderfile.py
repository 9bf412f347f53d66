"""Reading an order file: size limit, encoding, e-mail wrapping, header, END.

Whatever the bytes are, reading gives an `OrderFile` and diagnostics, never an
exception. Order lines come out with their line numbers and comments removed.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from galbatch.engine.language.codes import (
    GB001,
    GB002,
    GB003,
    GB004,
    GB010,
    GB011,
    GB012,
    GB020,
    GB021,
    GB022,
    GB023,
    GB030,
    GB031,
)
from galbatch.engine.language.diagnostics import Diagnostic, Record, Severity
from galbatch.engine.language.message_blocks import Block, closes, opens, read_block, stray_closing
from galbatch.engine.text.printable import escape, first_control
from galbatch.engine.text.wording import plural

MAX_BYTES = 256 * 1024  # a turn's orders fit in a few KB; more is not an order file
MAX_LINE = 200  # characters in one order line
MAX_ORDER_LINES = 2000  # order lines read from one file; no rule book needs more in a turn
COMMENT = "#"
LINE_END = re.compile(r"\r\n|\r|\n")  # lines end here only, never at NEL, U+2028, FF, VT...

HEADER_PATTERN = r"""^GAME\s+(?P<game>[A-Za-z0-9][A-Za-z0-9._-]{0,31})
        \s+PLAYER\s+(?P<player>[A-Za-z0-9][A-Za-z0-9._-]{0,31})
        \s+PASSWORD\s+(?:"(?P<quoted>[^"]{0,64})"|(?P<bare>\S{1,64}))\s*(?:\#.*)?$"""
HEADER_FLAGS = re.IGNORECASE | re.VERBOSE
# HEADER_PATTERN for a line of ASCII text, where it matches exactly what that pattern does:
# only the keywords ignore case. Ignoring case in the names' classes too makes them take
# four letters beyond ASCII (U+0130, U+0131, U+017F, U+212A); compiling that costs re
# some 2 ms, a tenth of a syntax-only check, so it is compiled only for a line that is
# not ASCII (see `header_match`).
ASCII_HEADER = re.compile(
    r"""^(?i:GAME)\s+(?P<game>[A-Za-z0-9][A-Za-z0-9._-]{0,31})
        \s+(?i:PLAYER)\s+(?P<player>[A-Za-z0-9][A-Za-z0-9._-]{0,31})
        \s+(?i:PASSWORD)\s+(?:"(?P<quoted>[^"]{0,64})"|(?P<bare>\S{1,64}))\s*(?:\#.*)?$""",
    re.VERBOSE,
)
END = re.compile(r"^END\s*$", re.IGNORECASE)
SIGNATURE = "-- "  # the e-mail signature separator
SIGNUP = re.compile(r"\s*#ANM\b", re.IGNORECASE)  # a sign-up by mail: a comment in an order file
HEADER_SEARCH = 200  # lines of e-mail headers and greetings allowed before the header
# Codes of findings about the whole file rather than one order: at most one of each.
FILE_FINDINGS = frozenset({GB003, GB004, GB011, GB020, GB021, GB022})


class Header(Record):
    """The first line of an order file: who sends orders for which game."""

    __slots__ = ("game", "player", "password", "line")

    def __init__(self, game: str, player: str, password: str, line: int) -> None:
        self.game = game
        self.player = player
        self.password = password
        self.line = line


class OrderLine(Record):
    """One order line as written, comments removed, with its position."""

    __slots__ = ("number", "column", "text")

    def __init__(self, number: int, column: int, text: str) -> None:
        self.number = number
        self.column = column  # column of the first character of `text`
        self.text = text


class OrderFile(Record):
    """An order file as read: its header (None if unusable), lines and findings."""

    __slots__ = ("name", "header", "lines", "diagnostics", "messages")

    def __init__(
        self,
        name: str,
        header: Header | None,
        lines: tuple[OrderLine, ...],
        diagnostics: tuple[Diagnostic, ...],
        messages: tuple[Block, ...] = (),
    ) -> None:
        self.name = name
        self.header = header
        self.lines = lines
        self.diagnostics = diagnostics
        self.messages = messages  # the diplomatic messages that broke no limit (messages.py)

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
        return _unusable(label, GB001, f"cannot read the file: {e.strerror or e}")
    return parse_order_bytes(data, label)


def parse_order_bytes(data: bytes, name: str) -> OrderFile:
    """Split raw bytes into header, order lines and diagnostics."""
    if len(data) > MAX_BYTES:
        return _unusable(
            name, GB002, f"the file is larger than {MAX_BYTES // 1024} KB; no orders were read"
        )
    diags: list[Diagnostic] = []
    text = decode(data, name, diags)
    raw_lines = split_lines(text)
    header = _read_header(name, raw_lines, diags)
    if header is None:
        return OrderFile(name, None, (), tuple(diags))
    lines, blocks = _read_orders(name, raw_lines, header.line - 1, diags)
    return OrderFile(name, header, tuple(lines), tuple(diags), tuple(blocks))


def _read_header(name: str, raw_lines: list[str], diags: list[Diagnostic]) -> Header | None:
    """The header line, found among the first lines (what comes before it is ignored,
    with a note), or None if there is none or it is bad; its findings go to `diags`."""
    start, match = _find_header(raw_lines)
    if start is None:
        diags.append(
            Diagnostic(
                name,
                1,
                1,
                Severity.FATAL,
                GB010,
                "no header line: the file must start with "
                'GAME <game> PLAYER <player> PASSWORD "<password>"',
            )
        )
        diags += _signup_note(name, raw_lines[:HEADER_SEARCH])
        return None
    diags += _signup_note(name, raw_lines[:start])
    if start > 0 and any(raw.strip() for raw in raw_lines[:start]):
        diags.append(
            Diagnostic(
                name,
                1,
                1,
                Severity.NOTE,
                GB011,
                f"ignored {plural(start, 'line')} before the header (e-mail headers?)",
            )
        )
    if match is None:
        diags.append(
            Diagnostic(
                name,
                start + 1,
                1,
                Severity.FATAL,
                GB012,
                'bad header: expected GAME <game> PLAYER <player> PASSWORD "<password>"',
            )
        )
        return None
    return Header(
        game=match["game"],
        player=match["player"],
        password=match["quoted"] if match["quoted"] is not None else match["bare"],
        line=start + 1,
    )


def _read_orders(
    name: str, raw_lines: list[str], start: int, diags: list[Diagnostic]
) -> tuple[list[OrderLine], list[Block]]:
    """The order lines and message blocks after the header at `raw_lines[start]`, up to
    END (or a signature, or the limit of order lines); their findings go to `diags`."""
    lines: list[OrderLine] = []
    ended = False
    signed = any(d.code == SIGNUP_CODE for d in diags)  # one note a file is enough
    read = 0  # order lines read so far, good or bad
    blocks: list[Block] = []
    sent = 0  # message blocks read so far, good or bad
    index = start
    while index + 1 < len(raw_lines):
        index += 1
        number = index + 1
        raw = raw_lines[index]
        if raw == SIGNATURE or raw.rstrip() == "--":
            diags.append(
                Diagnostic(
                    name,
                    number,
                    1,
                    Severity.WARNING,
                    GB021,
                    "no END before the signature; orders after it were ignored",
                )
            )
            ended = True
            break
        whole = raw.strip()
        if opens(whole):  # a diplomatic message: its lines are not orders
            block, found, after = read_block(name, raw_lines, index, sent)
            sent += 1
            diags += found
            if block is not None:
                blocks.append(block)
            index = after - 1  # the loop reads line `after` next
            continue
        if closes(whole):
            diags.append(stray_closing(name, number, len(raw) - len(raw.lstrip()) + 1))
            continue
        body = _strip_comment(raw)
        stripped = body.strip()
        if not stripped:
            if raw and not signed and SIGNUP.match(raw):
                diags += _signup_note(name, [raw], index)
                signed = True
            continue
        if END.match(stripped):
            ended = True
            break
        if read == MAX_ORDER_LINES:  # bounded cost: the rest of the file is not even scanned
            unread = len(raw_lines) - index
            diags.append(
                Diagnostic(
                    name,
                    number,
                    1,
                    Severity.ERROR,
                    GB022,
                    f"more than {MAX_ORDER_LINES} order lines: the {plural(unread, 'line')} from "
                    f"line {number} on were not read",
                )
            )
            ended = True
            break
        read += 1
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
                GB020,
                "no END line: the file may be truncated",
            )
        )
    return lines, blocks


SIGNUP_CODE = GB023


def _signup_note(name: str, raw_lines: list[str], first: int = 0) -> list[Diagnostic]:
    """A note on the first `#ANM` line of `raw_lines` (line `first` + 1 of the file), if any:
    a sign-up counts only in a mail to the game's sign-up address, not in an order file."""
    for index, raw in enumerate(raw_lines, first):
        if SIGNUP.match(raw):
            column = len(raw) - len(raw.lstrip()) + 1
            message = (
                "#ANM is a sign-up, not an order: it counts only in a mail of its own to the "
                "game's sign-up address; here it is a comment"
            )
            return [Diagnostic(name, index + 1, column, Severity.NOTE, SIGNUP_CODE, message)]
    return []


def decode(data: bytes, name: str, diags: list[Diagnostic]) -> str:
    """The file's text, never an error: UTF-8 (with or without BOM), or UTF-16 (with a
    BOM, or recognised by its NUL bytes) with a note; else Windows-1252, or failing
    that Latin-1, with a warning that says which."""
    found = detect(data)
    diags.extend(
        Diagnostic(name, line, 1, severity, code, message)
        for line, severity, code, message in found.findings
    )
    return found.text


class Decoded(Record):
    """An order file's bytes as text, and how they were read."""

    __slots__ = ("text", "codec", "bom", "findings")

    def __init__(
        self,
        text: str,
        codec: str,
        bom: bytes,
        findings: tuple[tuple[int, Severity, str, str], ...] = (),
    ) -> None:
        self.text = text
        self.codec = codec  # the Python codec of everything after the byte order mark
        self.bom = bom  # the byte order mark found at the start, b"" if none
        self.findings = findings  # (line, severity, code, message)


BOMS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
ENDIAN = {"utf-16-le": "little-endian", "utf-16-be": "big-endian"}


def detect(data: bytes) -> Decoded:
    """Find how `data` is encoded and decode it; see `decode`."""
    bom, codec = next(((b, c) for b, c in BOMS if data.startswith(b)), (b"", ""))
    body = data[len(bom) :]
    codec = codec or _utf16_by_nuls(body) or "utf-8"
    if codec.startswith("utf-16"):
        how = "with a byte order mark" if bom else "no byte order mark: told by its NUL bytes"
        note = (
            1,
            Severity.NOTE,
            GB004,
            f"the file is UTF-16 ({ENDIAN[codec]}, {how}); read it as such",
        )
        try:
            return Decoded(body.decode(codec), codec, bom, (note,))
        except UnicodeDecodeError as e:
            line = _line_of(body[: e.start - e.start % 2].decode(codec, "replace"))
            bad = (
                line,
                Severity.WARNING,
                GB003,
                "the file is not valid UTF-16; what is not was read as U+FFFD",
            )
            return Decoded(body.decode(codec, "replace"), codec, bom, (note, bad))
    try:
        return Decoded(body.decode("utf-8"), "utf-8", bom)
    except UnicodeDecodeError as e:
        line = _line_of(body[: e.start].decode("utf-8"))
    for codec, label in (("cp1252", "Windows-1252"), ("latin-1", "Latin-1")):
        try:
            text = body.decode(codec)
        except UnicodeDecodeError:  # bytes 81, 8D, 8F, 90 and 9D mean nothing in cp1252
            continue
        warning = (line, Severity.WARNING, GB003, f"the file is not UTF-8; read it as {label}")
        return Decoded(text, codec, bom, (warning,))
    raise AssertionError("Latin-1 decodes any bytes")  # pragma: no cover


def _utf16_by_nuls(data: bytes) -> str | None:
    """UTF-16 without a byte order mark, told by its NUL bytes: text that is mostly
    ASCII has a NUL in every other byte, and (almost) none in the others."""
    pairs = min(len(data), 4096) // 2
    if pairs < 4:
        return None
    even = data[0 : 2 * pairs : 2].count(0)
    odd = data[1 : 2 * pairs : 2].count(0)
    if 2 * odd >= pairs and 8 * even <= odd:
        return "utf-16-le"
    if 2 * even >= pairs and 8 * odd <= even:
        return "utf-16-be"
    return None


def split_lines(text: str) -> list[str]:
    """The lines of `text`: they end at \\n, \\r\\n or a lone \\r, and at nothing else
    (`str.splitlines` also splits at NEL, U+2028, form feed and more)."""
    lines = LINE_END.split(text)
    if lines[-1] == "":
        lines.pop()  # a line end ends the last line; it does not start another
    return lines


def _line_of(prefix: str) -> int:
    """The number of the line that the text after `prefix` starts on."""
    return len(LINE_END.findall(prefix)) + 1


# Patterns compiled on first use (see __getattr__): HEADER_PATTERN, and what tells a
# line meant as a header (it starts with GAME), only wanted when no line is a header.
HEADER: re.Pattern[str]
HEADER_START: re.Pattern[str]
HEADER_WORDS: re.Pattern[str]
LAZY_PATTERNS = {
    "HEADER": (HEADER_PATTERN, HEADER_FLAGS),
    "HEADER_START": (r"^GAME\b", re.IGNORECASE),
    "HEADER_WORDS": (r"\b(?:PLAYER|PASSWORD)\b", re.IGNORECASE),
}


@cache
def pattern(name: str) -> re.Pattern[str]:
    """The pattern LAZY_PATTERNS names, compiled."""
    return re.compile(*LAZY_PATTERNS[name])


def _header() -> re.Pattern[str]:
    return pattern("HEADER")


def __getattr__(name: str) -> re.Pattern[str]:
    """HEADER, HEADER_START or HEADER_WORDS, compiled when first asked for."""
    if name in LAZY_PATTERNS:
        return pattern(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def header_match(line: str) -> re.Match[str] | None:
    """HEADER's match of `line`, if any."""
    return ASCII_HEADER.match(line) if line.isascii() else _header().match(line)


def _find_header(lines: list[str]) -> tuple[int | None, re.Match[str] | None]:
    """The first line, within the first HEADER_SEARCH lines, that is a header; if none
    is, the line that was most likely meant as one (it starts with GAME), or None."""
    window = lines[:HEADER_SEARCH]
    for index, raw in enumerate(window):
        match = header_match(raw.strip())  # not _strip_comment: a quoted password may hold '#'
        if match is not None:
            return index, match
    start = pattern("HEADER_START")
    meant = [i for i, raw in enumerate(window) if start.match(_strip_comment(raw).strip())]
    if not meant:
        return None, None
    words = pattern("HEADER_WORDS")
    return next((i for i in meant if words.search(window[i])), meant[0]), None


def line_problem(text: str) -> tuple[str, str] | None:
    """Why an order line is not even worth parsing: too long, or control characters
    (other than tab) or invisible format characters such as bidi overrides."""
    if len(text) > MAX_LINE:
        return GB030, f"line longer than {MAX_LINE} characters; order rejected"
    bad = first_control(text)
    if bad is not None:
        return GB031, f"control characters in the line ({escape(bad)}); order rejected"
    return None


def _strip_comment(raw: str) -> str:
    cut = raw.find(COMMENT)
    return raw if cut < 0 else raw[:cut]


def _unusable(name: str, code: str, message: str) -> OrderFile:
    return OrderFile(name, None, (), (Diagnostic(name, 1, 1, Severity.FATAL, code, message),))


REDACTED = "********"  # what `redact` writes in place of a password


@cache
def _redaction_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A line that may hold a header (GAME anywhere: a reply's "> GAME", a Subject: line)
    and the password keyword, spelt right or not, with what follows it; compiled when a
    file is archived, not by every check."""
    header_like = re.compile(r"\bGAME\b", re.IGNORECASE)
    password_word = re.compile(
        r"\b(?:PAS{1,2}W?O?R?[DT]?S?|PASSCODE|PWD?)\b\s*[:=]?\s*", re.IGNORECASE
    )
    return header_like, password_word


def redact(data: bytes) -> bytes:
    """The order file's bytes with every password in a header line replaced by REDACTED.

    Within the header search window, the password of each line that is a header, and
    whatever follows a PASSWORD word (spelt right or not) after a GAME word in any other
    line (a misspelt header, a header in a Subject: line), is replaced; everything else
    stays byte for byte: the encoding, byte order mark, line ends, comments. A file with
    no such line comes back unchanged.
    """
    found = detect(data)
    spans = password_spans(found.text)
    if not spans:
        return data
    mark = REDACTED.encode(found.codec)
    out = bytearray()
    done = 0
    for start, end in spans:
        first, last = _byte_offset(found, start, len(data)), _byte_offset(found, end, len(data))
        out += data[done:first] + mark
        done = last
    out += data[done:]
    return bytes(out)


def password_spans(text: str, lines: int = HEADER_SEARCH) -> list[tuple[int, int]]:
    """Where passwords are in the header lines of `text` (of its first `lines` lines, where
    an order file's header may be): (start, end) character offsets."""
    spans: list[tuple[int, int]] = []
    begin = 0
    ends = LINE_END.finditer(text)
    for _ in range(lines):
        line_end = next(ends, None)
        stop = len(text) if line_end is None else line_end.start()
        span = _password_in(text[begin:stop])
        if span is not None:
            spans.append((begin + span[0], begin + span[1]))
        if line_end is None:
            break
        begin = line_end.end()
    return spans


def _password_in(line: str) -> tuple[int, int] | None:
    """The password's place in one line, if the line is (or looks like) a header."""
    lead = len(line) - len(line.lstrip())
    match = header_match(line.strip())
    if match is not None:
        group = "quoted" if match["quoted"] is not None else "bare"
        return lead + match.start(group), lead + match.end(group)
    header_like, password_word = _redaction_patterns()
    game = header_like.search(line)
    if game is None:
        return None
    word = password_word.search(line, game.end())
    if word is None or word.end() >= len(line.rstrip()):  # nothing but blanks after it
        return None
    start = word.end()
    if line[start] == '"':  # quoted: up to the closing quote, or the end of the line
        close = line.find('"', start + 1)
        return start + 1, close if close >= 0 else len(line.rstrip())
    return start, len(line.rstrip())  # bare: the rest of the line, for what it may hold


def _byte_offset(found: Decoded, index: int, size: int) -> int:
    """The offset in the file's bytes of character `index` of `found.text`."""
    if index >= len(found.text):
        return size
    prefix = found.text[:index]
    if found.codec.startswith("utf-16"):  # 2 bytes a unit, even for what was replaced
        return len(found.bom) + 2 * len(prefix) + 2 * sum(ord(ch) > 0xFFFF for ch in prefix)
    return len(found.bom) + len(prefix.encode(found.codec))
