"""Text from an order file made safe to show: one character, one column.

An order file can hold anything: terminal escapes, bidi overrides that reorder
what a reader sees, zero-width and other invisible characters, combining marks,
wide East Asian characters. Wherever such text is shown (a diagnostic, a line
of a printout) it goes through `printable`, which escapes every character that
is not exactly one visible column, the way Python writes it in a literal:
`\\x1b`, `\\u202e`, `\\U0001f600`. What comes out is as long as it is wide, so
code that cuts or wraps by `len()` keeps its columns.

speed: `unicodedata` is an extension module, whose loading is 1.3 ms of a cold check;
it is imported only for text beyond printable ASCII, which most order files never hold.
"""

from __future__ import annotations

from functools import lru_cache

# Categories that are never one visible column: controls, format characters (bidi
# overrides and isolates, zero-width characters, the byte order mark), surrogates,
# private use, unassigned, combining marks, line and paragraph separators.
_NOT_ONE_COLUMN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Mc", "Me", "Zl", "Zp"})
# Hangul jamo vowels and finals are letters, but they join the syllable before them.
_CONJOINING = ((0x1160, 0x11FF), (0xD7B0, 0xD7FF))
# Controls and invisible characters that have no place in an order line.
_CONTROL = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def printable(text: str) -> str:
    """`text` with every character that is not one visible column escaped."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(ch if one_column(ch) else escape(ch) for ch in text)


def escape(ch: str) -> str:
    """One character as a Python-style escape: \\x1b, \\u202e, \\U0001f600."""
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


@lru_cache(maxsize=4096)
def one_column(ch: str) -> bool:
    """True if `ch` prints as exactly one visible column in a monospace font."""
    if " " <= ch <= "~":
        return True
    import unicodedata  # speed: only for a character beyond printable ASCII

    if unicodedata.category(ch) in _NOT_ONE_COLUMN:
        return False
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return False
    code = ord(ch)
    return not any(low <= code <= high for low, high in _CONJOINING)


def first_control(text: str) -> str | None:
    """The first control or invisible format character in `text` (tab allowed), if any."""
    if text.isascii() and text.isprintable():
        return None
    import unicodedata  # speed: only for text beyond printable ASCII

    for ch in text:
        if ch != "\t" and unicodedata.category(ch) in _CONTROL:
            return ch
    return None
