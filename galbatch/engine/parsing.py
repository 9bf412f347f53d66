"""Loads a ruleset's Lark grammar (cached per user) and parses order lines.

Parsing is line-oriented: each line is parsed alone with LALR and an inline
transformer, so one bad line gives one diagnostic and the rest are still read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from lark import Lark, Transformer
from lark.exceptions import (
    LarkError,
    UnexpectedCharacters,
    UnexpectedInput,
    UnexpectedToken,
    VisitError,
)

GRAMMAR_PACKAGE = "galbatch.grammars"


def cache_dir() -> Path | None:
    """The per-user cache directory for parser tables, or None if it can't be made."""
    from platformdirs import user_cache_dir

    path = Path(user_cache_dir("galbatch"))
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return path


def grammar_text(name: str) -> str:
    """The text of a grammar shipped in the package."""
    from importlib.resources import files

    return (files(GRAMMAR_PACKAGE) / name).read_text(encoding="utf-8")


def load_parser(name: str, transformer: Transformer[Any, Any]) -> Lark:
    """An LALR parser for grammar `name`, built once per process per transformer class."""
    return _load_parser(name, type(transformer))


@cache
def _load_parser(name: str, transformer_class: type[Transformer[Any, Any]]) -> Lark:
    """An LALR parser for grammar `name`, its tables cached in the user's cache."""
    transformer = transformer_class()
    text = grammar_text(name)
    directory = cache_dir()
    cache_file: str | bool = False
    if directory is not None:
        import lark

        key = hashlib.sha256(f"{lark.__version__}\n{text}".encode()).hexdigest()[:16]
        cache_file = str(directory / f"{Path(name).stem}-{key}.lark-cache")
    try:
        return Lark(
            text,
            parser="lalr",
            propagate_positions=True,
            transformer=transformer,
            cache=cache_file,
        )
    except OSError:
        return Lark(text, parser="lalr", propagate_positions=True, transformer=transformer)


class SyntaxProblem(Exception):
    """A line that does not parse: where and why, in the player's words."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(message)
        self.column = column
        self.message = message


def parse_line(parser: Lark, text: str, words: Mapping[str, str], explain: bool = True) -> Any:
    """Parse one order line; raise SyntaxProblem saying what was expected where (or,
    if not `explain`, only where: working out what was expected is the slow part)."""
    try:
        return parser.parse(text)
    except VisitError as e:  # a transformer's complaint may say where the bad word starts
        column = getattr(e.orig_exc, "column", 1)
        raise SyntaxProblem(column if isinstance(column, int) else 1, str(e.orig_exc)) from None
    except UnexpectedInput as e:
        at_end = isinstance(e, UnexpectedToken) and e.token.type == "$END"
        column = len(text.rstrip()) + 1 if at_end else max(1, e.column)
        message = describe(e, text, words) if explain else "cannot read this order"
        raise SyntaxProblem(column, message) from None
    except LarkError as e:  # any other parser complaint is still just a bad line
        raise SyntaxProblem(1, f"cannot read this order ({type(e).__name__})") from None


def describe(e: UnexpectedInput, text: str, words: Mapping[str, str]) -> str:
    """'found X where Y was expected', with terminal names turned into words."""
    expected: set[str] = set()
    if isinstance(e, UnexpectedToken):
        expected = set(e.accepts or e.expected)
        token = e.token
        found = "the end of the line" if token.type == "$END" else f"{short(str(token))!r}"
    elif isinstance(e, UnexpectedCharacters):
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


def _literal(terminal: str) -> str:
    names = {"COMMA": "','"}
    return names.get(terminal, terminal.lower())
