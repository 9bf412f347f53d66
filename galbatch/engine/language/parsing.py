"""Loads a ruleset's order grammar and parses order lines.

Each grammar has a parser generated from it (lark's standalone generator, see
`galbatch.grammars.build`), so checking orders never imports lark. A generated
parser that is missing or made from another text is not used: lark then builds
the parser from the grammar (its tables cached per user).

Parsing is line-oriented: each line is parsed alone with LALR and an inline
transformer, so one bad line gives one diagnostic and the rest are still read.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

GRAMMAR_PACKAGE = "galbatch.grammars"


class LineRejected(ValueError):
    """Raised by a ruleset's transformer to reject a line with its own message (a syntax
    error); `column` is where the bad spot starts."""

    def __init__(self, message: str, column: int = 1) -> None:
        super().__init__(message)
        self.column = column


class Parser:
    """A line parser and the module of the exception classes it raises (the generated
    parser's own, or lark's)."""

    __slots__ = ("errors", "parser")

    def __init__(self, parser: Any, errors: ModuleType) -> None:
        self.parser = parser
        self.errors = errors

    def parse(self, text: str) -> Any:
        """The line as the transformer turns it into an order."""
        return self.parser.parse(text)


def cache_dir() -> Path | None:
    """The per-user cache directory (parser tables, game file summaries), or None if it
    can't be made."""
    if sys.platform.startswith("linux"):  # as platformdirs says, without importing it
        base = os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")
        path = Path(base) / "galbatch"
    else:
        from platformdirs import user_cache_dir

        path = Path(user_cache_dir("galbatch"))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path


def grammar_text(name: str) -> str:
    """The text of a grammar shipped in the package."""
    import galbatch.grammars

    try:  # the package's own folder: no need for importlib.resources
        return (Path(galbatch.grammars.__file__).parent / name).read_text(encoding="utf-8")
    except OSError:
        from importlib.resources import files

        return (files(GRAMMAR_PACKAGE) / name).read_text(encoding="utf-8")


_PARSERS: dict[tuple[str, type[Any]], Parser] = {}


def load_parser(name: str, transformer: Any) -> Parser:
    """An LALR parser for grammar `name`, built once per process per transformer class."""
    key = (name, type(transformer))
    if key not in _PARSERS:
        _PARSERS[key] = _build_parser(name, transformer)
    return _PARSERS[key]


def _build_parser(name: str, transformer: Any) -> Parser:
    """The generated parser of grammar `name` if it is current, else one lark builds."""
    text = grammar_text(name)
    module = generated_parser(name)
    if module is not None and getattr(module, "GRAMMAR", None) == text:
        return Parser(module.Lark_StandAlone(transformer=transformer), module)
    return _lark_parser(name, text, transformer)


def generated_parser(name: str) -> ModuleType | None:
    """The module generated from grammar `name`, or None if there is none."""
    from importlib import import_module

    from galbatch.grammars import module_name

    try:
        return import_module(f"{GRAMMAR_PACKAGE}.{module_name(name)}")
    except (ImportError, SyntaxError):  # none, or a damaged one: lark builds the parser
        return None


def _lark_parser(name: str, text: str, transformer: object) -> Parser:
    """The parser lark builds from the grammar, its tables cached in the user's cache."""
    import hashlib

    import lark
    import lark.exceptions

    from galbatch.grammars import OPTIONS

    directory = cache_dir()
    cache_file: str | bool = False
    if directory is not None:
        key = hashlib.sha256(f"{lark.__version__}\n{text}".encode()).hexdigest()[:16]
        cache_file = str(directory / f"{Path(name).stem}-{key}.lark-cache")
    try:
        parser = lark.Lark(text, transformer=transformer, cache=cache_file, **OPTIONS)
    except OSError:
        parser = lark.Lark(text, transformer=transformer, **OPTIONS)
    return Parser(parser, lark.exceptions)


class SyntaxProblem(Exception):
    """A line that does not parse: where and why, in the player's words."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


def parse_line(parser: Parser, text: str, words: Mapping[str, str], explain: bool = True) -> Any:
    """Parse one order line; raise SyntaxProblem saying what was expected where (or,
    if not `explain`, only where: working out what was expected is the slow part)."""
    errors = parser.errors
    try:
        return parser.parse(text)
    except LineRejected as e:  # the transformer's complaint, and where the bad word starts
        raise SyntaxProblem(e.column, str(e)) from None
    except errors.VisitError as e:
        raise _complaint(e.orig_exc) from None
    except errors.UnexpectedInput as e:
        at_end = isinstance(e, errors.UnexpectedToken) and e.token.type == "$END"
        column = len(text.rstrip()) + 1 if at_end else max(1, e.column)
        message = describe(e, text, words, errors) if explain else "cannot read this order"
        raise SyntaxProblem(column, message) from None
    except errors.LarkError as e:  # any other parser complaint is still just a bad line
        raise SyntaxProblem(1, f"cannot read this order ({type(e).__name__})") from None
    except Exception as e:  # a transformer written for lark may complain with lark's VisitError
        lark_errors = sys.modules.get("lark.exceptions")
        if lark_errors is None or not isinstance(e, lark_errors.VisitError):
            raise
        raise _complaint(e.orig_exc) from None


def _complaint(orig: BaseException) -> SyntaxProblem:
    """A transformer's complaint raised as a VisitError: where its bad spot starts, if it says."""
    column = getattr(orig, "column", 1)
    return SyntaxProblem(column if isinstance(column, int) else 1, str(orig))


def describe(e: Any, text: str, words: Mapping[str, str], errors: ModuleType) -> str:
    """'found X where Y was expected', with terminal names turned into words."""
    expected: set[str] = set()
    if isinstance(e, errors.UnexpectedToken):
        expected = set(e.accepts or e.expected)
        token = e.token
        found = "the end of the line" if token.type == "$END" else f"{short(str(token))!r}"
    elif isinstance(e, errors.UnexpectedCharacters):
        expected = set(e.allowed or ())
        found = f"{short(text[e.pos_in_stream :])!r}"
    else:
        found = "something unexpected"
    ends = {t for t in expected if t in ("$END", "<END-OF-FILE>")}
    names = sorted({words.get(t, _literal(t)) for t in expected - ends})
    if ends:
        names.append("the end of the line")
    if not names:
        return f"found {found}"
    return f"found {found} where {' or '.join(names)} was expected"


def short(text: str, limit: int = 20) -> str:
    """At most `limit` characters of a bad spot, so a huge line gives a short message."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def explain_first_word(text: str, expected: str, first_words: tuple[str, ...], longest: int) -> str:
    """Why a line that does not begin with one of `first_words` is not an order, with
    "did you mean" when its first word is a misspelling of one (no longer than `longest`)."""
    from galbatch.engine.text.suggest import closest  # only a bad line needs it

    text = text.strip()
    found = f"found {short(text)!r} where {expected} was expected"
    head = re.match(r"[A-Za-z]+", text)
    if head is None or len(head.group()) > longest:
        return found
    word = closest(head.group().upper(), first_words)
    if word is None:
        return found
    return f"found {short(head.group())!r} where {expected} was expected; did you mean {word}?"


def _literal(terminal: str) -> str:
    names = {"COMMA": "','"}
    return names.get(terminal, terminal.lower())
