"""The action page's order table, Talisman's turn input sheet: one row an order line, its
word chosen from the game's list and its arguments in columns (Argument #1 to #5 at
least), made from the ruleset's order forms alone; and the lines a submitted table makes.

A row shows a line as its word and the line's fields cut at the word's separator (the
last column takes the rest of a longer line), only when joining them again gives the
line back exactly; any other line (a comment, a message block, an unknown word, blanks
where a field should be) is a raw row holding the line as written. No line is lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from galbatch.engine.contract.forms import KINDS, PLACE, Kind, OrderForm
from galbatch.engine.language.message_blocks import closes, opens
from galbatch.engine.language.orderfile import COMMENT, MAX_LINE, split_lines

MIN_COLUMNS = 5  # Galac-Tac's sheet: Argument #1 to #5
MAX_ROWS = 500  # rows a table may send or show: a turn's orders are a few dozen lines
FIELDS_A_ROW = 20  # form fields a row may send (word, arguments, raw, remove), at most
# Suggestions a column offers: the words and letters the forms list there, then the
# player's own things of each kind the forms name there.
Suggestions = tuple[tuple[str, ...], tuple[Kind, ...]]


@dataclass(frozen=True)
class Word:
    """An order word of the game's list, as the table's select offers it."""

    word: str
    separator: str
    hint: str  # each of its forms' synopsis and summary, one a line
    synopses: str  # each of its forms' synopsis, one a line: the row's reminder
    columns: tuple[Suggestions, ...]  # what each argument column suggests for it


@dataclass(frozen=True)
class Sheet:
    """The game's order table: its words (in the forms' order, then the aliases) and
    how many argument columns it has."""

    words: tuple[Word, ...]
    columns: int

    def word(self, text: str) -> Word | None:
        return next((w for w in self.words if w.word == text), None)

    @property
    def separators(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(w.separator for w in self.words))


@dataclass(frozen=True)
class Row:
    """One line of orders as the table shows it: a word and its arguments, or raw text."""

    word: str = ""
    arguments: tuple[str, ...] = ()
    raw: str | None = None  # the line as written, when it is no word and arguments

    def line(self, sheet: Sheet) -> str:
        if self.raw is not None:
            return self.raw
        known = sheet.word(self.word)
        return joined(self.word, self.arguments, known.separator if known else " ")


def joined(word: str, arguments: Sequence[str], separator: str) -> str:
    """The line of a word and its argument fields: empty fields at the end left out."""
    fields = list(arguments)
    while fields and fields[-1] == "":
        fields.pop()
    return "".join([word, *(separator + f for f in fields)])


# -- the sheet a ruleset's forms make ------------------------------------------------


def sheet_of(forms: Sequence[OrderForm]) -> Sheet:
    """The table of a game's forms: a word for each of their words and aliases, and as
    many columns as its longest form needs, at least MIN_COLUMNS."""
    by_word: dict[str, list[OrderForm]] = {}
    for form in forms:
        by_word.setdefault(form.word, []).append(form)
    slots = {w: [_slots(f) for f in fs] for w, fs in by_word.items()}
    columns = max([MIN_COLUMNS, *(len(s) for ss in slots.values() for s in ss)])
    words = [_word(w, fs, slots[w], columns) for w, fs in by_word.items()]
    for form in forms:
        for alias in form.aliases:
            if alias not in by_word:
                by_word[alias] = [form]
                hint = f"{alias}: as {form.word}\n{_hint([form])}"
                columns_of = _columns_of(words, form)
                words.append(Word(alias, form.separator, hint, form.synopsis(), columns_of))
    return Sheet(tuple(words), columns)


def _columns_of(words: Sequence[Word], form: OrderForm) -> tuple[Suggestions, ...]:
    return next(w.columns for w in words if w.word == form.word)


def _hint(forms: Sequence[OrderForm]) -> str:
    return "\n".join(f"{f.synopsis()} \u2014 {f.summary}" for f in forms)


def _word(
    word: str, forms: Sequence[OrderForm], slots: Sequence[list[Suggestions]], n: int
) -> Word:
    columns = []
    for i in range(n):
        texts = tuple(dict.fromkeys(t for s in slots if i < len(s) for t in s[i][0]))
        kinds = {k for s in slots if i < len(s) for k in s[i][1]}
        columns.append((texts, tuple(k for k in KINDS if k in kinds)))
    synopses = "\n".join(f.synopsis() for f in forms)
    return Word(word, forms[0].separator, _hint(forms), synopses, tuple(columns))


def _slots(form: OrderForm) -> list[Suggestions]:
    """What each field after the word may be, by the form: an argument's choices and
    kind, or the fixed words of its shape (BUILD SHIPYARD {hex}: SHIPYARD, then a hex)."""
    if not form.shape:
        return [(a.choices, (a.kind,)) for a in form.arguments]
    places = iter(range(len(form.arguments)))
    marked = PLACE.sub(lambda m: f"\0{next(places)}\0", form.shape)
    slots: list[Suggestions] = []
    for token in marked.replace("[", " ").replace("]", " ").split()[1:]:
        if token == "..." or token.strip(",") == "":
            continue
        parts = token.split("\0")
        texts: list[str] = []
        kinds: list[Kind] = []
        for n, part in enumerate(parts):
            if n % 2:  # an argument's place
                argument = form.arguments[int(part)]
                texts += argument.choices
                kinds += [] if argument.kind in ("choice", "text") else [argument.kind]
            else:
                texts += [t for t in part.strip(",").split("|") if t]
        slots.append((tuple(texts), tuple(kinds)))
    return slots


# -- lines into rows and back ---------------------------------------------------------


def rows_of(text: str, sheet: Sheet) -> list[Row]:
    """A row for each line of `text`; the lines of a message block are raw rows."""
    rows: list[Row] = []
    in_message = False
    for line in split_lines(text):
        stripped = line.strip()
        if in_message or opens(stripped):
            rows.append(Row(raw=line))
            in_message = not closes(stripped) if in_message else True
        else:
            rows.append(row_of(line, sheet))
    return rows


def row_of(line: str, sheet: Sheet) -> Row:
    """The row of an order line: its word and fields if they give the line back."""
    if line == "":
        return Row()
    if COMMENT in line or len(line) > MAX_LINE:
        return Row(raw=line)
    for separator in sheet.separators:
        word, *fields = line.split(separator)
        known = sheet.word(word)
        if known is None or known.separator != separator:
            continue
        if len(fields) > sheet.columns:
            fields[sheet.columns - 1 :] = [separator.join(fields[sheet.columns - 1 :])]
        if joined(word, fields, separator) == line:
            return Row(word, tuple(fields) + ("",) * (sheet.columns - len(fields)))
    return Row(raw=line)


class TooManyRows(ValueError):
    """A table sent more rows than MAX_ROWS."""


def rows_sent(form: Mapping[str, object], sheet: Sheet) -> list[Row]:
    """The rows a submitted table holds, in order, less those ticked to be removed.

    Row i's fields are word-i, arg-i-1 ... arg-i-N, or raw-i for a raw row, and remove-i;
    the hidden field `rows` says how many rows the table had. Fields of rows past it or
    of columns past the sheet's are not read."""
    count = _count(form.get("rows"))
    rows = []
    for i in range(1, count + 1):
        if form.get(f"remove-{i}"):
            continue
        raw = form.get(f"raw-{i}")
        if isinstance(raw, str):
            rows.append(Row(raw=raw))
            continue
        word = _text(form.get(f"word-{i}"))
        arguments = tuple(_text(form.get(f"arg-{i}-{j}")) for j in range(1, sheet.columns + 1))
        rows.append(Row(word, arguments))
    return rows


def _count(value: object) -> int:
    if not isinstance(value, str) or not value.isascii() or not value.isdigit():
        return 0
    if len(value) > 6 or int(value) > MAX_ROWS:
        raise TooManyRows
    return int(value)


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def lines_text(lines: Iterable[str]) -> str:
    """Order lines as the text box holds them: each ended, blank lines at the end left
    out (an added row that stayed empty sends nothing)."""
    kept = list(lines)
    while kept and kept[-1] == "":
        kept.pop()
    return "".join(line + "\n" for line in kept)


def suggestion_lists(
    sheet: Sheet, offers: Mapping[Kind, Sequence[str]]
) -> tuple[dict[Suggestions, str], list[tuple[str, tuple[str, ...]]]]:
    """The datalists the table's columns use: an id for each column's suggestions (none
    for a column that suggests nothing), and each list's id and values, one list for
    each distinct set of values."""
    ids: dict[Suggestions, str] = {}
    by_values: dict[tuple[str, ...], str] = {}
    for word in sheet.words:
        for suggestions in word.columns:
            if suggestions in ids:
                continue
            texts, kinds = suggestions
            values = tuple(dict.fromkeys([*texts, *(v for k in kinds for v in offers.get(k, ()))]))
            if values:
                ids[suggestions] = by_values.setdefault(values, f"list-{len(by_values) + 1}")
    return ids, [(i, v) for v, i in by_values.items()]
