"""The HELP answer: every ruleset's own order list and example file, and what every game
takes when a sign-up list has no ruleset yet."""

from __future__ import annotations

from pathlib import Path

import pytest

from galbatch.engine.job.lint import check_files
from galbatch.post.helptext import help_text
from galbatch.post.intake_record import HELP
from galbatch.post.mailin import intake
from galbatch.post.signups import open_signups
from galbatch.rules import RULESETS, get_ruleset
from tests.test_post_dates import answers
from tests.test_post_support import letter, mbox

WIDTH = 76  # a HELP answer reads in any mail program without folding


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_answers_help_with_its_orders(name: str) -> None:
    rules = get_ruleset(name)
    assert rules.order_summary, f"{name} has no order summary"
    assert rules.order_example, f"{name} has no example order file"
    text = help_text(name, "G1", "Game G1")
    noun = rules.order_noun.upper()
    assert f"Game G1: HOW TO SEND {noun}S BY E-MAIL" in text
    assert f"\n{noun}S\n\n" + "".join(f"    {line}\n" for line in rules.order_summary) in text
    header = 'GAME G1 PLAYER <your number> PASSWORD "<your password>"'
    example = "".join(f"    {line}\n" for line in (header, *rules.order_example, "END"))
    assert example in text
    assert f"galbatch check FILE --ruleset {name}." in text
    assert text.endswith(f"The full rules: galbatch-{name}(7).\n")
    assert "..." not in text.split(f"\n{noun}S\n")[0], "the example is a real file"
    assert all(len(line) <= WIDTH for line in text.splitlines())


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_the_example_is_an_order_file_the_checker_takes(name: str, tmp_path: Path) -> None:
    rules = get_ruleset(name)
    file = tmp_path / "example.txt"
    lines = ['GAME G1 PLAYER 1 PASSWORD "secret"', *rules.order_example, "END"]
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    rc, output = check_files([file], ruleset=name)
    assert rc == 0, output


def test_a_sign_up_list_without_a_ruleset_says_what_every_game_takes(tmp_path: Path) -> None:
    path = tmp_path / "gc20"
    open_signups(path, "GC20")
    result = intake(path, mbox(tmp_path / "in.mbox", [letter("", subject="HELP")]))
    assert [e.outcome for e in result.entries] == [HELP]
    (text,) = answers(path)
    assert text == help_text("", "GC20", "Game GC20")
    assert "#ANM GC20 <name>" in text
    assert 'GAME GC20 PLAYER <your number> PASSWORD "<your password>"' in text
    assert "galbatch check" not in text and "galbatch-(7)" not in text
    assert "--ruleset" not in text and "The full rules" not in text
    assert help_text("nosuchgame", "GC20", "Game GC20") == text


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_help_by_mail_to_a_list_of_each_ruleset(name: str, tmp_path: Path) -> None:
    path = tmp_path / "g1"
    open_signups(path, "G1", name)
    result = intake(path, mbox(tmp_path / "in.mbox", [letter("", subject="help")]))
    assert [e.outcome for e in result.entries] == [HELP]
    (text,) = answers(path)
    assert text == help_text(name, "G1", "Game G1")
    assert get_ruleset(name).order_summary[0] in text
