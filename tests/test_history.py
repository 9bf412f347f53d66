"""History stays history: a turn re-prints from the inputs it recorded, whatever game.yaml says.

Each turn keeps `inputs.yaml` (dates, width, title, GM, players, settings); a
GM may move one deadline with `process --due` without touching earlier turns.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.gamedir.turninputs import INPUTS_FILE, read_inputs
from galbatch.engine.job.reprint import reprint
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC


def edit(game: Path, old: str, new: str) -> None:
    text = (game / "game.yaml").read_text()
    assert old in text, old
    (game / "game.yaml").write_text(text.replace(old, new))


def printed(game: Path, turn: int) -> dict[str, bytes]:
    where = game / "turns" / f"{turn:03d}"
    files = {p.name: p.read_bytes() for p in sorted((where / "printouts").iterdir())}
    files["archive.pdf"] = (where / "archive.pdf").read_bytes()
    return files


def reprinted(game: Path, turn: int) -> dict[str, bytes]:
    out = {"archive.pdf": reprint(game, turn, None, "pdf", archive=True)}
    for name in ("gm", "1", "4"):
        who = None if name == "gm" else name
        out[f"{name}.txt"] = reprint(game, turn, who, "text")
        out[f"{name}.pdf"] = reprint(game, turn, who, "pdf")
    return out


@pytest.mark.slow
def test_a_reprint_after_the_gm_edits_game_yaml_gives_the_bytes_first_printed(demo: Path) -> None:
    process(demo)
    before = printed(demo, 1)
    edit(demo, "days_per_turn: 14", "days_per_turn: 7")
    edit(demo, '"Galactic Conflict demo"', '"Renamed"')
    edit(demo, '"Flying Buffalo (demo)"', '"Another GM"')
    edit(demo, '"ARCTURUS"', '"ALTAIR"')
    for turn in (0, 1):
        again = reprinted(demo, turn)
        first = before if turn == 1 else printed(demo, 0)
        for name, data in again.items():
            assert data == first[name], (turn, name)


@pytest.mark.slow
def test_a_changed_game_yaml_reaches_the_next_turn(demo: Path) -> None:
    process(demo)
    edit(demo, "days_per_turn: 14", "days_per_turn: 7")
    edit(demo, '"ARCTURUS"', '"ALTAIR"')
    process(demo, force=True)
    inputs = read_inputs(demo / "turns" / "002")
    assert inputs is not None
    assert (inputs.date, inputs.due) == ("1997-02-03", "1997-02-10")  # turn 1 announced 02-03
    assert inputs.players[0].name == "ALTAIR"
    assert "DUE 1997-02-10" in (demo / "turns/002/printouts/1.txt").read_text()


@pytest.mark.slow
def test_process_due_moves_one_deadline_and_later_turns_follow(demo: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "process", str(demo), "--due", "1997-02-07"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == RC.ERROR, result.stderr  # committed; REGULUS's file rejected
    turn1 = read_inputs(demo / "turns" / "001")
    assert turn1 is not None and (turn1.date, turn1.due) == ("1997-01-20", "1997-02-07")
    assert "1997-02-07" in (demo / "turns/001/printouts/1.txt").read_text()
    second = process(demo, force=True)
    assert "TURN 2  DUE 1997-02-07" in second.log
    turn2 = read_inputs(demo / "turns" / "002")
    assert turn2 is not None and (turn2.date, turn2.due) == ("1997-02-07", "1997-02-21")
    assert reprint(demo, 0, "1", "text") == (demo / "turns/000/printouts/1.txt").read_bytes()
    assert reprint(demo, 1, "1", "text") == (demo / "turns/001/printouts/1.txt").read_bytes()


@pytest.mark.slow
def test_a_rerun_keeps_the_deadline_it_announced_unless_given_another(demo: Path) -> None:
    process(demo, due="1997-02-07")
    process(demo, rerun=True)
    turn1 = read_inputs(demo / "turns" / "001")
    assert turn1 is not None and turn1.due == "1997-02-07"
    process(demo, rerun=True, due="1997-02-10")
    turn1 = read_inputs(demo / "turns" / "001")
    assert turn1 is not None and turn1.due == "1997-02-10"


@pytest.mark.parametrize("due", ["1997-01-20", "1997-01-01"])
def test_a_deadline_not_after_the_turn_is_refused_and_nothing_changes(demo: Path, due: str) -> None:
    result = process(demo, due=due)
    assert result.rc == RC.UNUSABLE
    assert "must be after the turn's date 1997-01-20; nothing changed" in result.log
    assert not (demo / "turns" / "001").exists()
    assert sorted(p.name for p in (demo / "orders").iterdir()) == [f"{p}.txt" for p in "12345"]


def test_a_bad_due_date_is_a_usage_error(demo: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "process", str(demo), "--due", "20.02.1997"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 16 and "--due" in result.stderr
    assert not (demo / "turns" / "001").exists()


@pytest.mark.slow
def test_a_turn_made_before_inputs_were_recorded_reprints_from_game_yaml(demo: Path) -> None:
    process(demo)
    first = printed(demo, 1)
    (demo / "turns" / "001" / INPUTS_FILE).unlink()  # as an older galbatch left it
    assert reprint(demo, 1, "1", "text") == first["1.txt"]
