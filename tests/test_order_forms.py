"""Each ruleset's order forms (`forms.py`) against its grammar and its man page: every
form's example is read by the grammar as an order, its word is the word the example
starts with, and its synopsis is the one the man page's ORDER LANGUAGE gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from galbatch.engine.contract.forms import KINDS, Argument, OrderForm, summary_lines
from galbatch.engine.language.parsing import load_parser, parse_line
from galbatch.rules import RULESETS, get_ruleset

MAN = Path(__file__).resolve().parent.parent / "man"
# The rulesets whose forms are still to be declared (then removed from here).
NOT_YET = {"conqueror", "galactac", "galaktikos", "interstellar"}
NAMES = sorted(RULESETS)


def with_forms() -> list[str]:
    return [name for name in NAMES if name not in NOT_YET]


def man_synopses(name: str) -> set[str]:
    """The order forms the man page's ORDER LANGUAGE section sets as tagged paragraphs
    (`.TP` then a `.B`/`.BI` line), its roff fonts taken out."""
    text = (MAN / f"galbatch-{name}.7").read_text()
    section = text.split(".SH ORDER LANGUAGE", 1)[1].split("\n.SH ", 1)[0]
    found = set()
    for tag in re.findall(r"^\.TP\n(\.B[IR]? .*)$", section, re.M):
        words = re.findall(r'"[^"]*"|\S+', tag.split(" ", 1)[1])
        found.add("".join(w.strip('"') for w in words).replace("\\-", "-"))
    return found


def test_the_rulesets_not_yet_declaring_forms_declare_none() -> None:
    for name in NOT_YET:
        assert tuple(get_ruleset(name).forms) == (), f"{name} has forms: remove it from NOT_YET"


@pytest.mark.parametrize("name", with_forms())
def test_every_form_example_is_an_order_of_its_word(name: str) -> None:
    ruleset = get_ruleset(name)
    parser = load_parser(ruleset.grammar, ruleset.transformer())
    forms = tuple(ruleset.forms)
    assert forms
    kinds = set()
    for form in forms:
        order = parse_line(parser, form.example, ruleset.terminal_words)
        assert order is not None, form.example
        first = re.split(r"[\s,]+", form.example.strip(), maxsplit=1)[0]
        assert first.upper() in (form.word.upper(), *(a.upper() for a in form.aliases))
        assert len(re.split(r"\s*,\s*|\s+", form.example.strip())) >= 1 + sum(
            not a.optional for a in form.arguments
        )
        kinds.update(a.kind for a in form.arguments)
    assert kinds <= set(KINDS)


@pytest.mark.parametrize("name", with_forms())
def test_every_form_is_in_the_man_page(name: str) -> None:
    synopses = man_synopses(name)
    missing = [f.synopsis() for f in get_ruleset(name).forms if f.synopsis() not in synopses]
    assert missing == [], f"galbatch-{name}(7) lacks these forms; it has {sorted(synopses)}"


@pytest.mark.parametrize("name", with_forms())
def test_the_help_answer_lists_every_form(name: str) -> None:
    ruleset = get_ruleset(name)
    summary = tuple(ruleset.order_summary)
    assert summary == summary_lines(tuple(ruleset.forms))
    assert [line.split()[0] for line in summary] == [f.synopsis() for f in ruleset.forms]


def test_a_form_names_its_arguments() -> None:
    form = OrderForm(
        "MOVE",
        (Argument("ship", "ship"), Argument("to", "world", optional=True)),
        "Move a ship",
        "MOVE 12 5",
    )
    assert form.synopsis() == "MOVE ship [to]"
    assert summary_lines((form,)) == ("MOVE ship [to]   Move a ship",)
    with pytest.raises(ValueError):
        Argument("item", "choice")
    with pytest.raises(ValueError):
        Argument("n", "count", ("A",))
