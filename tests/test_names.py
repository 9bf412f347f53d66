"""Code names are normalised once, when `new` takes them; a misspelt word is pointed at."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset


@pytest.mark.slow
def test_new_keeps_a_code_name_with_a_run_of_blanks_as_the_game_does(tmp_path: Path) -> None:
    game = tmp_path / "g"
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "new", "conflict", str(game), "--players", "2",
         "--seed", "1", "--name", "big  bang ", "--name", "Rigel"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert [p.name for p in Game.open(game).players] == ["BIG BANG", "RIGEL"]


def test_a_misspelt_order_word_is_reported_where_it_stands() -> None:
    data = b'GAME g PLAYER 1 PASSWORD "x"\nB,5,CP,3\nEND\n'
    check = check_file(parse_order_bytes(data, "f"), get_ruleset("conflict"))
    (diag,) = check.diagnostics
    assert diag.code == "CF100" and "did you mean C" in diag.message
    assert (diag.line, diag.column) == (2, 5)
