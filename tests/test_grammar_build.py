"""The parsers generated from the grammars are current and parse as lark does.

Every `grammars/*.lark` has a `*_parser.py` made from its present text (else run
`python -m galbatch.grammars.build`); on any line, the generated parser gives the
tree or the error (and what was expected) that lark gives; and the engine falls
back to lark, with the same messages, when a generated parser is missing or stale.
"""

from __future__ import annotations

import random
import re
from importlib import import_module
from pathlib import Path
from typing import Any

import lark
import pytest
from galbatch.grammars import OPTIONS, module_name
from galbatch.grammars.build import embedded_grammar, generate, grammar_files, stale

from galbatch.engine import parsing
from galbatch.engine.parsing import SyntaxProblem, load_parser, parse_line
from galbatch.engine.ruleset import get_ruleset

GRAMMARS = grammar_files()
REGENERATE = "run `python -m galbatch.grammars.build` and commit the result"


def test_every_grammar_is_found() -> None:
    assert {"conflict.lark", "conqueror.lark"} <= {g.name for g in GRAMMARS}


@pytest.mark.parametrize("grammar", GRAMMARS, ids=lambda g: g.name)
def test_generated_parser_is_current(grammar: Path) -> None:
    module = grammar.with_name(module_name(grammar.name) + ".py")
    assert module.exists(), f"{module.name} is missing: {REGENERATE}"
    assert embedded_grammar(module) is not None, f"{module.name} is not generated: {REGENERATE}"
    assert not stale(grammar), f"{module.name} is older than {grammar.name}: {REGENERATE}"


@pytest.mark.parametrize("grammar", GRAMMARS, ids=lambda g: g.name)
def test_generated_parser_is_what_the_generator_makes(grammar: Path) -> None:
    module = grammar.with_name(module_name(grammar.name) + ".py")
    made = re.search(r'^__version__ = "([^"]+)"$', module.read_text(), re.MULTILINE)
    if made is None or made[1] != lark.__version__:
        pytest.skip("made with another lark: its behaviour is compared below")
    assert module.read_text(encoding="utf-8") == generate(grammar), REGENERATE


def lines_for(grammar: Path, count: int = 400) -> list[str]:
    """Lines made of the grammar's own literals, digits and some junk, from a fixed seed,
    plus the examples its comments give."""
    text = grammar.read_text(encoding="utf-8")
    literals = re.findall(r'"([^"\\]{1,8})"', text)
    pieces = [*literals, *(w.lower() for w in literals), "12", "7", "0", "345", "Rigel", "xy"]
    pieces += [" ", " ", ",", ";", "/", "-", "(", ")", "@", "+", "#", "é", "\t"]
    rng = random.Random(grammar.name)
    lines = ["", " ", "x"]
    for comment in re.findall(r"^//(.*)$", text, re.MULTILINE):
        lines += [part.strip() for part in comment.split("   ") if part.strip()]
    for _ in range(count):
        lines.append("".join(rng.choice(pieces) for _ in range(rng.randint(1, 9))))
    return lines


def outcome(parser: Any, errors: Any, line: str) -> tuple[Any, ...]:
    """What parsing the line gives, comparable between two implementations."""
    try:
        return ("tree", shape(parser.parse(line)))
    except errors.UnexpectedToken as e:
        return ("token", e.token.type, str(e.token), e.column, sorted(e.accepts or e.expected))
    except errors.UnexpectedCharacters as e:
        return ("chars", e.column, sorted(e.allowed or ()))
    except errors.UnexpectedInput as e:
        return (type(e).__name__, e.column)


def shape(node: Any) -> Any:
    """A tree as nested tuples: rule names, and tokens with their type and position."""
    if hasattr(node, "children"):
        return (node.data, tuple(shape(child) for child in node.children))
    if hasattr(node, "type"):
        return (node.type, str(node), node.column, node.end_column)
    return node


@pytest.mark.parametrize("grammar", GRAMMARS, ids=lambda g: g.name)
def test_generated_parser_parses_as_lark_does(grammar: Path) -> None:
    if stale(grammar):
        pytest.skip(f"{grammar.name} has no current generated parser")
    module = import_module(f"galbatch.grammars.{module_name(grammar.name)}")
    generated = module.Lark_StandAlone()
    built = lark.Lark(grammar.read_text(encoding="utf-8"), **OPTIONS)
    for line in lines_for(grammar):
        assert outcome(generated, module, line) == outcome(built, lark.exceptions, line), line


BAD_LINES = {
    "conflict": ["A,1,2", "Atack,5,12,4", "M,72,144,X,27", "B,5,CP,3", "Q", "T,13,", "A,1,2,3,4"],
    "conqueror": ["BS 45 56", "Move S 5 57", "B SHIP 5 57", "W67 2 7", "B S 1", "Q 1", "V x"],
}


def messages(name: str) -> list[tuple[int, str]]:
    rs = get_ruleset(name)
    parser = load_parser(rs.grammar, rs.transformer())
    found = []
    for line in BAD_LINES[name]:
        with pytest.raises(SyntaxProblem) as caught:
            parse_line(parser, line, rs.terminal_words)
        found.append((caught.value.column, caught.value.message))
    return found


@pytest.mark.parametrize("name", sorted(BAD_LINES))
def test_a_stale_parser_falls_back_to_lark_with_the_same_messages(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(parsing, "_PARSERS", {})
    generated = messages(name)
    assert parsing._PARSERS  # the generated parser was used
    used = parsing._PARSERS.values()
    assert all(p.errors.__name__.startswith("galbatch.grammars.") for p in used)
    monkeypatch.setattr(parsing, "_PARSERS", {})
    monkeypatch.setattr(parsing, "generated_parser", lambda grammar: None)
    assert messages(name) == generated
    assert all(p.errors is lark.exceptions for p in parsing._PARSERS.values())
