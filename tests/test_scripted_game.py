"""Six scripted turns end to end: the rules' outcomes and snapshots of every printout."""

from __future__ import annotations

from pathlib import Path

import pytest

from galbatch.engine.diagnostics import RC
from galbatch.engine.run import process
from galbatch.engine.yamlio import load_data
from tests.scripted_game import END_TURN, play


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("scripted") / "script"
    play(path)
    return path


def state(game: Path, turn: int) -> dict:
    return load_data(game / "turns" / f"{turn:03d}" / "state.yaml")


def test_turn_one_multi_player_battle_conquest_and_transfer(game: Path) -> None:
    s = state(game, 1)
    battles = {b[0]: b for b in s["report"]["battles"]}
    # World 4 (neutral, 4 DF 2 FT) attacked by ARCTURUS 8 AF and POLARIS 6 AF:
    # ARCTURUS is largest; second largest is 6; 36/8 = 4.5 rounds up to 5 lost.
    assert battles[4][3] == [["1", 8], ["2", 6]] and battles[4][4] == "1"
    world = {w[0]: w for w in s["worlds"]}
    assert world[4][3] == "1" and world[4][6] == 3
    # REGULUS conquers ARCTURUS's world 5 (3 AF, 0 DF after the move, 1 FT) with 7 AF.
    assert battles[5][2] == [3, 0, 1] and battles[5][4] == "4"
    assert s["report"]["transfers"] == [[7, "4", "1"]]
    assert world[7][3] == "1"


def test_multi_turn_move_is_hidden_until_it_arrives(game: Path) -> None:
    # RIGEL's 4 probes leave world 3 on turn 1 for ARCTURUS's world 8, 9 hexes away.
    rigel = load_data(game / "turns/001/views/3.yaml")
    assert rigel["totals"]["probes"] == 15  # totals count units in multi-turn moves
    assert [r["probes"] for r in rigel["reports"] if r["number"] == 3] == [10]
    for turn in (1, 2):  # the owner of world 8 learns nothing before they arrive
        arcturus = (game / f"turns/{turn:03d}/printouts/1.txt").read_text()
        assert "RIGEL" not in arcturus
    s3 = state(game, 3)
    assert ["3", 8, "P", 4] in s3["report"]["arrivals"]


def test_the_game_ends_and_everyone_gets_final_scores(game: Path) -> None:
    s = state(game, END_TURN)
    assert s["turn"] == s["end_turn"] == END_TURN
    for pid in "1234":
        text = (game / f"turns/{END_TURN:03d}/printouts/{pid}.txt").read_text()
        assert "FINAL SCORES" in text and "THE GAME HAS ENDED" in text
        final = text.split("FINAL SCORES\n============")[1].split("ORDER CHECK")[0]
        for name in ("ARCTURUS", "POLARIS", "RIGEL", "REGULUS"):
            assert name in final
    after = process(game, force=True, pdf=False)
    assert after.rc == RC.UNUSABLE and "has ended" in after.log


def test_end_turn_is_never_shown_to_players_before_the_end(game: Path) -> None:
    for turn in range(END_TURN):
        for pid in "1234":
            text = (game / f"turns/{turn:03d}/printouts/{pid}.txt").read_text()
            view = (game / f"turns/{turn:03d}/views/{pid}.yaml").read_text()
            assert "end_turn" not in view and "ENDS ON" not in text


@pytest.mark.parametrize("turn", range(END_TURN + 1))
@pytest.mark.parametrize("reader", ["1", "2", "3", "4", "gm"])
def test_printout_snapshots(game: Path, turn: int, reader: str, snapshot) -> None:
    text = (game / f"turns/{turn:03d}/printouts/{reader}.txt").read_text()
    assert text == snapshot
