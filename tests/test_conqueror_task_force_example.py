"""The Load example: the rule book's L T 56 9 0 (3.2) against its own task force range
(3.7), and the example galbatch shows instead (man page, house rule 22)."""

from __future__ import annotations

from pathlib import Path

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from galbatch.rules.conqueror.forms import FORMS

RULESET = get_ruleset("conqueror")
HEADER = 'GAME GC16 PLAYER 1 PASSWORD "x"\n'
MAN = Path(__file__).resolve().parents[1] / "man" / "galbatch-conqueror.7"


def codes(*lines: str) -> list[str]:
    data = (HEADER + "\n".join(lines) + "\nEND\n").encode()
    result = check_file(parse_order_bytes(data, "f"), RULESET, None, "1")
    return [d.code for d in result.diagnostics]


def test_book_example_names_a_task_force_37_does_not_allow() -> None:
    """3.2: "Example: TF 56 shall be loaded with the maximum amount of colonists Command
    ==> L T 56 9 0"; 3.7: "the number of the task force (0 - 50)". The book contradicts
    itself; galbatch keeps 3.7's range and rejects task force 56 (GQ221)."""
    assert codes("L T 56 9 0") == ["GQ221"]


def test_load_form_example_is_legal() -> None:
    """The order form's example passes the facts layer, and the man page shows that
    example, not the book's misprint."""
    (load,) = [form for form in FORMS if form.word == "L"]
    assert load.example == "L T 5 9 0"
    assert codes(load.example) == []
    man = MAN.read_text()
    assert ".B L T 5 9 0\n" in man
    assert "takes the example for a misprint" in man


def test_did_you_mean_for_laod_writes_a_legal_order() -> None:
    """The did-you-mean for a misspelt Load, written with the example's task force,
    proposes an order the checker accepts."""
    (message,) = [
        d.message
        for d in check_file(
            parse_order_bytes((HEADER + "Laod T 5 9 0\nEND\n").encode(), "f"), RULESET, None, "1"
        ).diagnostics
    ]
    suggestion = message.split("write ", 1)[1].split(";", 1)[0]
    assert suggestion == "L T 5 9 0"
    assert codes(suggestion) == []


def test_did_you_mean_for_laod_with_the_books_task_force_proposes_nothing_illegal() -> None:
    """The book's own numbers (task force 56, 3.2) break 3.7's "(0 - 50)": the
    did-you-mean names the letter but says why the line would still be rejected,
    rather than proposing `L T 56 9 0`."""
    (d,) = check_file(
        parse_order_bytes((HEADER + "Laod T 56 9 0\nEND\n").encode(), "f"), RULESET, None, "1"
    ).diagnostics
    assert d.code == "GQ100"
    assert "did you mean L (Load)?" in d.message
    assert "write" not in d.message
    assert "L T 56 9 0 would be rejected too: there is no task force 56" in d.message


# Misspellings of each kind the checker answers with a line to write: a command word,
# a unit word, a command written together; each with numbers legal and illegal.
MISWRITTEN = [
    "Laod T {0} {1} {2}",
    "L TF {0} {1} {2}",
    "LT {0} {1} {2}",
    "Unlaod S {0} {1} {2}",
    "Production {0} {1} {2}",
    "Install {0} {1} {2}",
    "Reward {0} {1}",
    "Attach {0} {1}",
    "W{0} {1} {2}",
]
NUMBERS = [(5, 9, 0), (56, 9, 0), (5, 10, 3), (3, 0, 0), (12, 4, 99), (0, 51, 7), (1, 5, 8)]


def test_every_written_suggestion_passes_the_books_facts() -> None:
    """Whatever the numbers, a suggestion `write X` names a line the facts layer
    accepts; where they would reject it, the message says why instead."""
    proposed = refused = 0
    for shape in MISWRITTEN:
        for numbers in NUMBERS:
            line = shape.format(*numbers)
            (d,) = check_file(
                parse_order_bytes((HEADER + line + "\nEND\n").encode(), "f"),
                RULESET,
                None,
                "1",
            ).diagnostics
            assert d.code == "GQ100", line
            if "write " in d.message:
                suggestion = d.message.split("write ", 1)[1].split(";", 1)[0]
                assert [c for c in codes(suggestion) if c != "GQ306"] == [], (line, suggestion)
                proposed += 1
            elif "would be rejected too: " in d.message:
                written = d.message.split("? ", 1)[-1].split(" would be", 1)[0]
                written = written.split(": ", 1)[-1]
                assert codes(written) != [], (line, written)
                refused += 1
    assert proposed > 10
    assert refused > 10
