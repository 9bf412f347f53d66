"""A count and its noun in the right number: '1 file', '2 files', '1 FORTRESS', '3 FORTRESSES'.

Used by the job log and by every ruleset's printouts and log lines, so that no
report says "1 files" or "HOLDS WITH 1 FORTRESSES". Plain words only: no files,
no I/O, safe for a ruleset to import.
"""

from __future__ import annotations

# Plurals no rule below makes (in lower case; a word in capitals gets them in capitals).
IRREGULAR = {
    "is": "are",
    "was": "were",
    "has": "have",
    "this": "these",
    "that": "those",
    "it": "they",
    "pdf": "PDFs",  # an abbreviation: the plural s stays small
}
# Words that end a noun phrase's head: "move in flight" -> "moves in flight".
_HEAD_ENDS = frozenset({"in", "of", "on", "over", "for", "with", "from", "to", "at", "without"})


def plural_of(noun: str) -> str:
    """The plural of a noun or noun phrase, in the noun's case: 'file' -> 'files',
    'FORTRESS' -> 'FORTRESSES', 'entry' -> 'entries', 'move in flight' -> 'moves in flight'."""
    words = noun.split(" ")
    head = len(words) - 1
    for i, word in enumerate(words[1:], start=1):
        if word.lower() in _HEAD_ENDS:
            head = i - 1
            break
    words[head] = _plural_word(words[head])
    return " ".join(words)


def _plural_word(word: str) -> str:
    lower = word.lower()
    if lower in IRREGULAR:
        many = IRREGULAR[lower]
        return many if not word.isupper() or many != many.lower() else many.upper()
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        ending = "es"
    elif len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        word, ending = word[:-1], "ies"
    else:
        ending = "s"
    return word + (ending.upper() if word.isupper() else ending)


def noun(n: int, one: str, many: str | None = None) -> str:
    """`one` if n is 1, else its plural (`many`, if given)."""
    if n == 1:
        return one
    return many if many is not None else plural_of(one)


def plural(n: int, one: str, many: str | None = None) -> str:
    """The count and its noun: plural(1, 'file') -> '1 file', plural(2, 'FORTRESS') ->
    '2 FORTRESSES', plural(0, 'order file') -> '0 order files'."""
    return f"{n} {noun(n, one, many)}"
