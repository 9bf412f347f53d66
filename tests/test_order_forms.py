"""Each ruleset's order forms (`forms.py`) against its grammar and its man page: every
form's example is read by the grammar as an order, its word is the word the example
starts with, and its synopsis is the one the man page's ORDER LANGUAGE gives."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from galbatch.engine.contract.forms import (
    KINDS,
    SUMMARY_WIDTH,
    Argument,
    OrderForm,
    summary_lines,
)
from galbatch.engine.language.parsing import load_parser, parse_line
from galbatch.rules import RULESETS, get_ruleset

MAN = Path(__file__).resolve().parent.parent / "man"
# The rulesets whose forms are still to be declared (then removed from here).
NOT_YET: set[str] = set()
NAMES = sorted(RULESETS)


def with_forms() -> list[str]:
    return [name for name in NAMES if name not in NOT_YET]


def man_synopses(name: str) -> set[str]:
    """The order forms the man page's order language section (ORDER, COMMAND or ACTION
    LANGUAGE, after the game's word for an order) sets as tagged paragraphs, its roff
    fonts taken out: each `.TP` or `.TQ` tag, a font macro line (`.B`, `.BI` ...) or
    text with inline fonts (`\\fBMOVE\\fP \\fIship\\fP`). A tag may give several
    forms, separated by `, ` or ` | ` outside brackets; a bold bracketed word ending
    a tag (Galac-Tac's phase, `\\fB[M]\\fP`) is no part of a form."""
    text = (MAN / f"galbatch-{name}.7").read_text()
    heading = f".SH {get_ruleset(name).order_noun.upper()} LANGUAGE"
    section = text.split(heading, 1)[1].split("\n.SH ", 1)[0]
    found = set()
    for tag in re.findall(r"^\.T[PQ]\n(.*)$", section, re.M):
        for form in split_forms(roff_text(tag)):
            found.add(form)
    return found


def roff_text(line: str) -> str:
    """A roff line as it reads: font macros and inline font changes taken out."""
    macro = re.match(r"\.([BIR]{1,2}) (.*)", line)
    if macro:
        words = [w[1:-1] if w.startswith('"') else w for w in re.findall(r'"[^"]*"|\S+', macro[2])]
        # .B and .I set their arguments apart; .BI, .BR ... set them together
        line = (" " if len(macro[1]) == 1 else "").join(words)
    elif line.startswith("."):
        return ""
    line = re.sub(r"\s*\\fB\[[^]]*\]\\f[PR]\s*$", "", line)  # a phase: [B], [M], [A]
    line = re.sub(r"\\f[BIPR]", "", line)
    line = line.replace("\\-", "-").replace("\\&", "").replace("\\~", " ")
    return " ".join(line.split())


def split_forms(text: str) -> list[str]:
    """The forms of one tag: split at `, ` and ` | ` outside brackets."""
    forms, depth, start = [], 0, 0
    for at, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        for mark in (", ", " | "):
            if depth == 0 and text.startswith(mark, at):
                forms.append(text[start:at])
                start = at + len(mark)
    forms.append(text[start:])
    return [form.strip() for form in forms if form.strip()]


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
    heads = [line for line in summary if not line.startswith(" ")]  # a blank: a summary below
    assert len(heads) == len(ruleset.forms)
    for line, form in zip(heads, ruleset.forms, strict=True):
        assert line == form.synopsis() or line.startswith(form.synopsis() + "  "), line
    assert all(len(line) <= SUMMARY_WIDTH for line in summary)


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


def test_a_shape_places_the_arguments_among_the_orders_words() -> None:
    hexes = (Argument("hex", "world"), Argument("hex", "world"))
    form = OrderForm("MOVE", (Argument("count", "count"), *hexes), "", "MOVE 2 FLEETS 0712 0813")
    assert form.synopsis() == "MOVE count hex hex"
    form = OrderForm(
        "MOVE",
        (Argument("count", "count"), *hexes),
        "Move fleets",
        "MOVE 2 FLEETS 0712 0813",
        shape="MOVE {count} FLEETS {hex} {hex} ...",
    )
    assert form.synopsis() == "MOVE count FLEETS hex hex ..."
    player = Argument("player", "player", optional=True)
    assert OrderForm("IF", (), "", "", shape="IF [NO] ENEMY").synopsis() == "IF [NO] ENEMY"
    form = OrderForm(
        "CONVERT", (Argument("hex", "world"), player), "", "", shape="CONVERT {hex} [{player}]"
    )
    assert form.synopsis() == "CONVERT hex [player]"
    for wrong in (
        "GO {count} FLEETS {hex} {hex}",  # not its word
        "MOVE {count} FLEETS {hex}",  # an argument left out
        "MOVE {hex} {count} {hex}",  # out of order
        "MOVE {count} [FLEETS] {hex} [{hex}]",  # a required argument in brackets
        "MOVE {count} FLEETS {hex} {hex}]",  # a bracket never opened
        "MOVE [{count} FLEETS {hex} {hex}",  # one never closed
    ):
        with pytest.raises(ValueError):
            OrderForm("MOVE", (Argument("count", "count"), *hexes), "", "", shape=wrong)
    with pytest.raises(ValueError):  # an optional argument out of brackets
        OrderForm(
            "CONVERT", (Argument("hex", "world"), player), "", "", shape="CONVERT {hex} {player}"
        )


def test_a_long_synopsis_has_its_summary_below() -> None:
    short = OrderForm("PASS", (), "No second attack", "PASS")
    ships = tuple(Argument("ship", "ship", optional=n > 0) for n in range(5))
    long = OrderForm("DEFEND", ships, "Defend the System", "DEFEND 1 2")
    assert long.synopsis() == "DEFEND ship [ship] [ship] [ship] [ship]"
    assert summary_lines((short, long), width=100) == (
        "PASS" + " " * 38 + "No second attack",
        "DEFEND ship [ship] [ship] [ship] [ship]   Defend the System",
    )
    assert summary_lines((short, long), width=40) == (  # the column at most 20
        "PASS                 No second attack",
        "DEFEND ship [ship] [ship] [ship] [ship]",
        "                     Defend the System",
    )
