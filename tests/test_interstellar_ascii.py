"""Every Interstellar Conquest printout is ASCII: a line printer's character set is ASCII
(the Nirnaeth's "heal" was printed in curly quotes, the only bytes outside it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.print.page import layout, render_text
from galbatch.rules.interstellar import tables as t
from galbatch.rules.interstellar.printout import gm_printout, player_printout
from galbatch.rules.interstellar.state import GameState
from galbatch.rules.interstellar.view import build_view
from tests.bundled import shipped
from tests.interstellar_encounter import combat, table
from tests.test_interstellar_printout import CTX


def not_ascii(text: str) -> list[str]:
    """The lines of a printout with a character outside ASCII."""
    return [line for line in text.splitlines() if not line.isascii()]


def printouts(state: GameState) -> dict[str, str]:
    """Every player's printout and the GM's, as the line printer gets them."""
    none: list[Diagnostic] = []
    made = {
        seat.id: render_text(layout(player_printout(build_view(state, seat.id), none, CTX)))
        for seat in state.seats
    }
    made["gm"] = render_text(layout(gm_printout(state, CTX)))
    return made


def test_the_scratch_tables_seat_every_race_power() -> None:
    seated = {s.race for s in table(len(t.RACE_CHART)).seats}
    assert {row.key for row in t.RACE_CHART if row.race in seated} == set(t.Power)


@pytest.mark.parametrize(
    "state",
    [table(len(t.RACE_CHART)), table(2), combat(), combat(revealed=True)],
    ids=["every-race", "two", "combat", "revealed"],
)
def test_every_printout_of_a_scratch_table_is_ascii(state: GameState) -> None:
    for who, text in printouts(state).items():
        assert text.isascii(), (who, not_ascii(text))


@pytest.mark.slow
def test_every_printout_of_nebula4_is_ascii(tmp_path: Path) -> None:
    """Its next turn rendered now (a dry run, which writes nothing), and its shipped ones."""
    game = shipped("nebula4")
    run = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "process", str(game), "--dry-run"],
        capture_output=True,
    )  # fmt: skip
    assert run.returncode in (0, 4, 8), run.stderr
    assert run.stdout.isascii(), not_ascii(run.stdout.decode())
    texts = sorted(game.glob("turns/*/printouts/*.txt"))
    assert texts
    for path in texts:
        assert path.read_bytes().isascii(), (path, not_ascii(path.read_text()))
