"""Each ruleset's order forms (`forms.py`) against its grammar and its man page: every
form's example is read by the grammar as an order, its word is the word the example
starts with, the words its shape requires are the example's, and its synopsis is one
the man page's ORDER (COMMAND, ACTION) LANGUAGE section gives."""

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
NAMES = sorted(RULESETS)


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


def required_words(form: OrderForm) -> list[str]:
    """The words a line of the form always has: its shape's words outside brackets, not
    an argument, an alternative or '...' (FLEETS and TO in MOVE count FLEETS hex TO hex)."""
    shape = form.shape or form.word
    while re.search(r"\[[^][]*\]", shape):
        shape = re.sub(r"\[[^][]*\]", " ", shape)
    shape = re.sub(r"\{[^{}]*\}", " ", shape)
    return [w for w in shape.split() if re.fullmatch(r"[A-Z]+", w)]


def is_subsequence(words: list[str], line: list[str]) -> bool:
    rest = iter(line)
    return all(word in rest for word in words)


@pytest.mark.parametrize("name", NAMES)
def test_every_ruleset_declares_its_forms(name: str) -> None:
    forms = tuple(get_ruleset(name).forms)
    assert forms and all(isinstance(form, OrderForm) for form in forms)
    synopses = [form.synopsis() for form in forms]
    assert len(set(synopses)) == len(synopses), "a form declared twice"


@pytest.mark.parametrize("name", NAMES)
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
        assert is_subsequence(required_words(form), re.split(r"[\s,]+", form.example.upper()))
        kinds.update(a.kind for a in form.arguments)
        for alias in form.aliases:  # another word for the same order
            line = alias + form.example.strip()[len(first) :]
            assert type(parse_line(parser, line, ruleset.terminal_words)) is type(order), line
    assert kinds <= set(KINDS)


@pytest.mark.parametrize("name", NAMES)
def test_every_form_is_in_the_man_page(name: str) -> None:
    synopses = man_synopses(name)
    missing = [f.synopsis() for f in get_ruleset(name).forms if f.synopsis() not in synopses]
    assert missing == [], f"galbatch-{name}(7) lacks these forms; it has {sorted(synopses)}"


@pytest.mark.parametrize("name", NAMES)
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


def test_the_order_words_the_languages_list_for_their_messages_are_the_forms() -> None:
    """language.py lists the order words its syntax messages name at import, without the
    forms (a check imports them only for a line that is no order): the same words."""
    from galbatch.rules.conqueror.language import COMMAND_WORDS
    from galbatch.rules.galactac.orders import BY_WORD
    from galbatch.rules.galaktikos.language import FIRST_WORDS as GALAKTIKOS_WORDS
    from galbatch.rules.interstellar.language import FIRST_WORDS as INTERSTELLAR_WORDS

    def words(name: str) -> list[str]:
        return list(dict.fromkeys(form.word for form in get_ruleset(name).forms))

    assert f"a command letter ({' '.join(words('conqueror'))})" == COMMAND_WORDS
    assert list(BY_WORD) == sorted(words("galactac"))
    assert list(GALAKTIKOS_WORDS) == sorted(words("galaktikos"))
    assert list(INTERSTELLAR_WORDS) == sorted(words("interstellar"))


def test_a_check_of_good_orders_imports_no_forms(tmp_path: Path) -> None:
    """The forms are read for a line that is no order, never for a file of good ones."""
    from tests.test_check_speed_paths import check, imported

    file = tmp_path / "orders.txt"
    file.write_text('GAME G1 PLAYER 1 PASSWORD "x"\nB S 45 56\nW 67 2 7\nEND\n')
    rc, out, modules = check([str(file), "--ruleset", "conqueror"], tmp_path / "cache")
    assert rc == 0, out
    assert not imported(modules, "galbatch.engine.contract.forms"), out
    file.write_text('GAME G1 PLAYER 1 PASSWORD "x"\nMove S 5 57\nEND\n')
    rc, out, modules = check([str(file), "--ruleset", "conqueror"], tmp_path / "cache")
    assert "did you mean B (Move)? write B S 5 57" in out
    assert imported(modules, "galbatch.rules.conqueror.forms")
