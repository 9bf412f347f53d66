"""Six scripted turns end to end: the rules' outcomes and snapshots of every printout."""

from __future__ import annotations

from pathlib import Path

import pytest

from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC
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


def section_titles(text: str) -> list[str]:
    """The section titles of a text printout, in order (a title is underlined with =)."""
    lines = text.splitlines()
    return [a for a, b in zip(lines, lines[1:], strict=False) if b and set(b) == {"="}]


@pytest.mark.parametrize("turn", [1, END_TURN])
def test_players_in_contact_is_the_last_of_the_turns_results(game: Path, turn: int) -> None:
    """RESULTS OF PLAYERS' TURNS: "The last section is a list of players you are
    in contact with and their scores." The order check, the map and the input
    sheet follow as attachments; on the last turn the final scores come before."""
    text = (game / f"turns/{turn:03d}/printouts/1.txt").read_text()
    titles = section_titles(text)
    results = ["GALACTIC CONFLICT", "TOTALS", "WORLDS"]
    if turn == END_TURN:
        results.append("FINAL SCORES")
    results.append("PLAYERS IN CONTACT")
    assert titles[: len(results)] == results
    assert titles[len(results) :] == ["ORDER CHECK", "MAP OF THE GALAXY", "TURN INPUT SHEET"]


def test_the_last_turn_names_the_winner(game: Path) -> None:
    """WINNING: "When the game ends, the player with the highest score wins." """
    s = state(game, END_TURN)
    best = max(p[3] for p in s["players"])
    (winner,) = [p[1] for p in s["players"] if p[3] == best]
    line = f"WINNER: {winner}, WITH {best} POINTS."
    for reader in ["1", "2", "3", "4", "gm"]:
        assert line in (game / f"turns/{END_TURN:03d}/printouts/{reader}.txt").read_text()
    assert "WINNER" not in (game / f"turns/{END_TURN - 1:03d}/printouts/1.txt").read_text()


def test_players_tied_for_the_highest_score_share_the_win() -> None:
    """The rule book names no tie-break: the tied players share the win (house rule)."""
    from galbatch.rules.conflict.printout import winner_line

    assert winner_line([("VEGA", 1), ("DENEB", 0)]) == "WINNER: VEGA, WITH 1 POINT."
    tied = winner_line([("VEGA", 40), ("DENEB", 40), ("RIGEL", 12)])
    assert tied == "WINNERS, TIED WITH 40 POINTS: DENEB, VEGA."
