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
