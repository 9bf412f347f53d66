"""Interstellar Conquest through the engine: `galbatch new interstellar`, then batch runs
through `process` with order files, a player who owes nothing sending standing orders,
only the players a run stopped for owing, the same bytes twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from galbatch.cli.group import cli
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.job.run import process
from galbatch.rules import get_ruleset
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import GameState

PASSWORDS = {"1": "leyhe-one", "2": "leyhe-two", "3": "leyhe-three"}
SETTINGS = {"colours": "RED GREEN BLUE"}  # BLUE, the last seat, moves first

FIRST_RUN = {
    # BLUE (the Druwaith) attacks; he owes the attack
    "3": ["ATTACK RED 1 WITH 1 L 1 M FROM BLUE 1", "INVITE ALL", "PLAY HIGHEST", "PASS"],
    # RED owes nothing yet, and says now what he does if attacked
    "1": ["IF ATTACKED INVITE NOBODY", "IF ATTACKED PLAY LOWEST"],
    # GREEN owes nothing either, and declines every invitation
    "2": ["ALWAYS DECLINE"],
}


def send(game: Path, orders: dict[str, list[str]]) -> None:
    """Each player's order file in the game's inbox."""
    for player, lines in orders.items():
        header = f'GAME IC PLAYER {player} PASSWORD "{PASSWORDS[player]}"'
        text = "\n".join([header, *lines, "END"]) + "\n"
        (game / "orders" / f"{player}.txt").write_text(text, encoding="utf-8")


def state_of(game: Path, turn: int) -> GameState:
    """The state a turn of the game committed."""
    data = json.loads((game / "turns" / f"{turn:03d}" / "state.yaml").read_text())
    state = get_ruleset("interstellar").load_state(data)
    assert isinstance(state, GameState)
    return state


def play(game: Path) -> dict[str, bytes]:
    """A new game of three and its first run; every file."""
    create_game(game, "interstellar", 3, 2002, game_id="ic", passwords=PASSWORDS, settings=SETTINGS)
    send(game, FIRST_RUN)
    first = process(game)
    assert first.rc == 0 and first.turn == 1, first.log
    return {
        str(p.relative_to(game)): p.read_bytes() for p in sorted(game.rglob("*")) if p.is_file()
    }


def test_the_ruleset_is_registered() -> None:
    ruleset = get_ruleset("interstellar")
    assert ruleset.name == "interstellar" and ruleset.title == "INTERSTELLAR CONQUEST"
    assert ruleset.syntax_code == "IC100"
    assert [s.name for s in ruleset.settings] == ["colours", "races"]


def test_new_makes_the_table_and_only_the_first_player_owes(tmp_path: Path) -> None:
    game = tmp_path / "ic"
    create_game(game, "interstellar", 3, 2002, game_id="ic", passwords=PASSWORDS, settings=SETTINGS)
    state = state_of(game, 0)
    ruleset = get_ruleset("interstellar")
    assert ruleset.owing(state) == ["3"]
    assert ruleset.accepting(state) == ["3", "1", "2"]
    for reader in ("1", "2", "3", "gm"):
        assert (game / "turns" / "000" / "printouts" / f"{reader}.txt").read_text()


@pytest.mark.slow
def test_a_run_reads_standing_orders_from_players_who_owe_nothing(tmp_path: Path) -> None:
    game = tmp_path / "ic"
    files = play(game)
    state = state_of(game, 1)
    assert state.turn == 1
    # the whole encounter was played: RED's standing orders answered his part
    log = files["turns/001/job.log"].decode()
    assert (
        "3 order files: 1 from the 1 player owing orders, 2 from players owing none; 0 missing"
        in log
    )
    events = [e.text for e in state.events]
    assert any(t.startswith("GREEN") and t.endswith("declines.") for t in events)
    assert any(t.startswith("Outcome:") for t in events)
    # RED's turn has begun and the run waits for his attack, and only his
    assert state.active == "1" and state.phase is Phase.DECLARE
    assert get_ruleset("interstellar").owing(state) == ["1"]
    standing = state.standing
    assert [s.text() for s in standing["2"]] == ["ALWAYS DECLINE"]
    assert [s.text() for s in standing["1"]] == [
        "IF ATTACKED INVITE NOBODY",
        "IF ATTACKED PLAY LOWEST",
    ]
    for reader in ("1", "2", "3", "gm"):
        assert files[f"turns/001/printouts/{reader}.txt"]
        assert files[f"turns/001/printouts/{reader}.pdf"].startswith(b"%PDF-")


@pytest.mark.slow
def test_a_run_with_nobody_owing_a_file_stops_before_changing_anything(tmp_path: Path) -> None:
    game = tmp_path / "ic"
    play(game)
    again = process(game)
    assert again.rc == 12  # RED, the one owing, sent nothing
    send(game, {"1": ["ATTACK BLUE 2 WITH 1 L 1 M FROM RED 3", "PLAY LOWEST"]})
    second = process(game)
    assert second.rc == 0, second.log
    assert second.turn == 2
    # BLUE's orders of the last run were used up or dropped with his turn: he owes
    state = state_of(game, 2)
    assert state.phase is Phase.INVITE_DEFENDER
    assert get_ruleset("interstellar").owing(state) == ["3"]


@pytest.mark.slow
def test_two_runs_give_the_same_bytes(tmp_path: Path) -> None:
    turns = [
        {k: v for k, v in play(tmp_path / game).items() if k.startswith("turns/")}
        for game in ("a", "b")
    ]
    assert len(turns[0]) > 10 and turns[0] == turns[1]


@pytest.mark.slow
def test_galbatch_new_interstellar_on_the_command_line(tmp_path: Path) -> None:
    game = tmp_path / "cli"
    result = CliRunner().invoke(
        cli,
        [
            "new",
            "interstellar",
            str(game),
            "--players",
            "5",
            "--seed",
            "14",
            "--setting",
            "races=chart",
        ],
    )
    assert result.exit_code == 0, result.output
    state = state_of(game, 0)
    assert len(state.seats) == 5
    assert len(state.bag) + sum(len(h) for h in state.hands.values()) == 48


@pytest.mark.slow
def test_a_second_attack_sent_with_the_first_leaves_from_its_target(tmp_path: Path) -> None:
    game = tmp_path / "ic"
    create_game(game, "interstellar", 3, 2002, game_id="ic", passwords=PASSWORDS, settings=SETTINGS)
    again = "ATTACK AGAIN GREEN 2 WITH 1 L 1 M FROM GREEN 1"
    send(
        game,
        {
            "3": ["ATTACK GREEN 1 WITH 1 L 1 M 1 S FROM BLUE 1", "INVITE NOBODY", "PLAY BEST"]
            + [again, "PLAY BEST"],
            "2": ["IF ATTACKED INVITE NOBODY", "IF ATTACKED PLAY LOWEST"],
        },
    )
    result = process(game)
    assert result.rc == 4, result.log  # the warning that it depends on the first's win
    state = state_of(game, 1)
    events = [e.text for e in state.events]
    assert "BLUE makes the attack: 1 L 1 M 1 S against GREEN at GREEN 1." in events
    assert "The attacking ships move onto GREEN 1." in events
    assert "BLUE makes the second attack: 1 L 1 M against GREEN at GREEN 2." in events
    printout = (game / "turns" / "001" / "printouts" / "3.txt").read_text()
    assert "[IC404] ATTACK AGAIN GREEN 2 WITH 1 L 1 M FROM GREEN 1: ships on GREEN 1" in (
        " ".join(printout.split())
    )
