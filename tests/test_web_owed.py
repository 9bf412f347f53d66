"""The turn page says what the player owes now where a game asks more of him than the
next turn's orders: Interstellar Conquest's phase and his part in it, Galaktikos' round.

The issue (play by web): the turn page shows "what this player owes now (Interstellar's
phases, Galaktikos' round)"; the line comes from his own view of the latest turn.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import Game
from galbatch.rules import get_ruleset
from galbatch.web.views import owed_now
from tests.bundled import shipped
from tests.test_web import log_in, make_app


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("owed") / "games"
    root.mkdir()
    for name in ("nebula4", "spiral6", "galaxy13"):
        shutil.copytree(shipped(name), root / name)
    return root


def test_interstellar_says_whose_answer_the_phase_waits_for(games: Path) -> None:
    """nebula4 stands at Play 6, the alliances: the invited players (2 and 4) owe their
    answer, the others owe nothing."""
    game = Game.open(games / "nebula4")
    latest = game.latest_turn()
    invited = owed_now(game, "2", latest)
    assert invited == (
        "your answer to the invitations: ally with one side, or decline, as an invited "
        "player; phase alliance (Play 6): the alliances"
    )
    assert owed_now(game, "1", latest) == (
        "nothing: the game waits for no order of yours; phase alliance (Play 6): the alliances"
    )


def test_galaktikos_says_the_round_due_and_the_setup_round(games: Path) -> None:
    game = Game.open(games / "spiral6")
    assert owed_now(game, "1", game.latest_turn()) == "your orders for round 2"
    ruleset = get_ruleset("galaktikos")
    assert ruleset.owed_now({"setup": True, "round": 0}) == "your setup placements (round 0)"
    assert ruleset.owed_now({"setup": False, "round": 9, "winner": "1"}) == (
        "nothing: the game is over"
    )


def test_games_of_turns_say_nothing_more_and_a_damaged_view_no_line(games: Path) -> None:
    galaxy = Game.open(games / "galaxy13")
    assert owed_now(galaxy, "1", galaxy.latest_turn()) is None
    nebula = Game.open(games / "nebula4")
    (nebula.turn_dir(nebula.latest_turn()) / "views" / "3.yaml").write_text('{"owes": 1}')
    assert owed_now(nebula, "3", nebula.latest_turn()) is None


def test_the_turn_page_shows_the_line(games: Path) -> None:
    with make_app(games) as client:
        log_in(client, "IC4", "4", "gelmir-yellow")
        page = client.get("/turn").text
    assert "now: your answer to the invitations" in page
    assert "phase alliance (Play 6)" in page
