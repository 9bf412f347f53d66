"""The lexer patterns compiled ahead (galbatch.grammars.compiled_ahead): every generated
parser carries the engine code of every pattern its lexer compiles, in every state, and
each pattern made from it is the one `re` makes; code from another Python is not used."""

from __future__ import annotations

import re
from importlib import import_module
from pathlib import Path
from types import ModuleType

import pytest
from galbatch.grammars import module_name
from galbatch.grammars.build import engine_code_by, grammar_files
from galbatch.grammars.compiled_ahead import (
    WRITTEN_BY,
    CompiledAhead,
    compiled_ahead,
    engine_code,
    record,
    usable,
)

GRAMMARS = grammar_files()


def generated(grammar: Path) -> ModuleType:
    return import_module(f"galbatch.grammars.{module_name(grammar.name)}")


@pytest.mark.parametrize("grammar", GRAMMARS, ids=lambda g: g.name)
def test_every_pattern_of_every_lexer_state_is_known(grammar: Path) -> None:
    module = generated(grammar)
    assert engine_code_by(Path(module.__file__ or "").read_text()) == WRITTEN_BY
    lexer = module.Lark_StandAlone().parser.lexer
    assert lexer.root_lexer.re is compiled_ahead, "the lexer compiles through the table"
    asked = record(lexer)
    assert len(asked) > 5
    missing = set(asked) - set(compiled_ahead.known)
    assert not missing, f"compiled by re at every run: {sorted(missing)}"


@pytest.mark.parametrize("grammar", GRAMMARS, ids=lambda g: g.name)
def test_each_pattern_made_ahead_is_the_one_re_makes(grammar: Path) -> None:
    lexer = generated(grammar).Lark_StandAlone().parser.lexer
    for pattern, flags in record(lexer):
        made = CompiledAhead()
        made.known = compiled_ahead.known
        ahead, compiled = made.compile(pattern, flags), re.compile(pattern, flags)
        assert ahead is not compiled  # made from the table, not taken from re's cache
        assert ahead == compiled  # same pattern, flags and engine code
        assert (ahead.groups, ahead.groupindex) == (compiled.groups, compiled.groupindex)


def test_a_pattern_made_ahead_matches_as_re_does() -> None:
    pattern = r"(?P<WORD>(?i:BUILD)(?!\S))|(?P<NUMBER>[0-9]+)|(?P<_WS>[ \t]+)"
    made = CompiledAhead()
    made.learn(WRITTEN_BY, {(pattern, 0): engine_code(pattern, 0)})
    for text in ("build 12", "12 BUILD", " x", "BUILDER"):
        ahead, plain = made.compile(pattern).match(text), re.match(pattern, text)
        assert (ahead and (ahead.group(0), ahead.lastgroup)) == (
            plain and (plain.group(0), plain.lastgroup)
        )
    assert made.match(pattern, "build") is not None and made.match(pattern, "-") is None


def test_engine_code_of_another_python_is_not_used() -> None:
    pattern = "[0-9]+"
    wrong = (32, [1, 1], 0, {}, (None,))  # nonsense code: using it would fail the match
    for other in ((3, 10, 0, WRITTEN_BY[-1]), (*WRITTEN_BY[:3], WRITTEN_BY[-1] + 1)):
        assert not usable(other)
        made = CompiledAhead()
        made.learn(other, {(pattern, 0): wrong})
        assert not made.known and made.compile(pattern).match("42") is not None
    assert usable((*WRITTEN_BY[:2], WRITTEN_BY[2] + 1, WRITTEN_BY[-1]))  # another patch level
