"""Diagnostic codes, each written once: in a table, with its severity and what it means.

The engine's own codes (GBxxx, the same in every game) are the table here; each
ruleset has its own in rules/<name>/codes.py. A module that gives a diagnostic names
its code by the table's constant (`GB020`), never by a string of its own, and the man
pages' DIAGNOSTICS sections list exactly the codes of their table, each with its
severity (tests/test_man_diagnostics.py).
"""

from __future__ import annotations

from galbatch.engine.language.diagnostics import Record, Severity


class Code(Record):
    """One diagnostic code: its severity (None: that of what it stands for, GB005) and
    its meaning in a line, as the man page says it (a record, not a dataclass: every
    check makes the tables)."""

    __slots__ = ("code", "severity", "meaning")

    def __init__(self, code: str, severity: Severity | None, meaning: str) -> None:
        self.code = code
        self.severity = severity
        self.meaning = meaning


class Codes(dict[str, Code]):
    """A table of diagnostic codes in the order the man page lists them; `error`,
    `warning`, `note`, `fatal` and `varying` add one and return its code, for the
    module's constant. (A dict: a Mapping subclass costs every check's start.)"""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self.prefix = prefix  # "CF": every code of the table starts so

    def add(self, code: str, severity: Severity | None, meaning: str) -> str:
        if not code.startswith(self.prefix) or code in self:
            raise ValueError(f"{code} is not a new {self.prefix} code")
        self[code] = Code(code, severity, meaning)
        return code

    def error(self, code: str, meaning: str) -> str:
        """An order rejected (exit status 8)."""
        return self.add(code, Severity.ERROR, meaning)

    def warning(self, code: str, meaning: str) -> str:
        """An order used, changed or doubtful (exit status 4)."""
        return self.add(code, Severity.WARNING, meaning)

    def note(self, code: str, meaning: str) -> str:
        """Information only (exit status 0)."""
        return self.add(code, Severity.NOTE, meaning)

    def fatal(self, code: str, meaning: str) -> str:
        """The whole file rejected (exit status 12)."""
        return self.add(code, Severity.FATAL, meaning)

    def varying(self, code: str, meaning: str) -> str:
        """A code whose severity is that of what it stands for."""
        return self.add(code, None, meaning)


# -- the engine's codes: galbatch(1), DIAGNOSTICS -------------------------------------------

CODES = Codes("GB")

# the file as a whole
GB001 = CODES.fatal("GB001", "the file cannot be read")
GB002 = CODES.fatal("GB002", "the file is too large: no orders are read")
GB003 = CODES.warning("GB003", "the file is not UTF-8 (or not valid UTF-16): read as it could be")
GB004 = CODES.note("GB004", "the file is UTF-16: read as such")
GB005 = CODES.varying("GB005", "what is found after the 50th error is counted, not listed")
# the header
GB010 = CODES.fatal("GB010", "no header line")
GB011 = CODES.note("GB011", "lines before the header were ignored")
GB012 = CODES.fatal("GB012", "a bad header line")
GB013 = CODES.fatal("GB013", "the header names another game")
GB014 = CODES.fatal("GB014", "the header names another player")
GB015 = CODES.fatal("GB015", "the wrong password")
GB016 = CODES.fatal("GB016", "the game has no such player")
# the end of the file and its size
GB017 = CODES.note("GB017", "the same file the turn before took: sent again by mistake?")

GB020 = CODES.warning("GB020", "no END line: the file may be truncated")
GB021 = CODES.warning("GB021", "no END before the signature: orders after it were ignored")
GB022 = CODES.error("GB022", "too many order lines: the rest were not read")
GB023 = CODES.note("GB023", "#ANM is a sign-up, not an order: here it is a comment")
# an order line
GB030 = CODES.error("GB030", "an order line too long: the order is rejected")
GB031 = CODES.error("GB031", "control characters in a line: the order is rejected")
# diplomatic messages
GB040 = CODES.error("GB040", "a message has no END MESSAGE: it is not sent")
GB041 = CODES.error(
    "GB041", "MESSAGE TO inside a message: the first has no END MESSAGE and is not sent"
)
GB042 = CODES.error("GB042", "MESSAGE TO names no recipient: the message is not sent")
GB043 = CODES.error("GB043", "too many messages in the file: the later ones are not sent")
GB044 = CODES.error("GB044", "a message line too long: the message is not sent")
GB045 = CODES.error("GB045", "a message of too many lines: it is not sent")
GB046 = CODES.error("GB046", "control characters in a message: it is not sent")
GB047 = CODES.error("GB047", "a message with no text: it is not sent")
GB048 = CODES.warning("GB048", "END MESSAGE with no MESSAGE TO before it: the line is ignored")
GB049 = CODES.error("GB049", "the game has no diplomatic messages: the message is not sent")
