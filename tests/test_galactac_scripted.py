"""Ten scripted Galac-Tac turns end to end (tests/galactac_script.py): what the story
says happens, snapshots of Grand Fenwick's printouts and the GM summary, and the same
bytes, PDFs included, from a second run."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import pytest
from syrupy.assertion import SnapshotAssertion

from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.job.run import TurnResult
from galbatch.engine.language.diagnostics import RC
from galbatch.rules.galactac.events import DesignEvent, Event, ShipEvent, SystemChanged
from galbatch.rules.galactac.galaxy import parse_location
from galbatch.rules.galactac.state import GameState, Ship
from tests.galactac_script import END_TURN, PDF_TURNS, play

E = TypeVar("E", bound=Event)


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[TurnResult]]:
    path = tmp_path_factory.mktemp("galactac-script") / "game"
    return path, play(path)


@pytest.fixture(scope="module")
def game(played: tuple[Path, list[TurnResult]]) -> Path:
    return played[0]


def state(game: Path, turn: int) -> GameState:
    return GameState.from_data(load_data(game / "turns" / f"{turn:03d}" / "state.yaml"))


def events(game: Path, turn: int, kind: type[E], empire: str = "1") -> list[E]:
    return [e for e in state(game, turn).events if isinstance(e, kind) and e.empire == empire]


def ship(s: GameState, owner: str, number: int) -> Ship:
    (found,) = [x for x in s.ships if x.owner == owner and x.id == number]
    return found


def printout(game: Path, turn: int, reader: str = "1") -> str:
    return (game / "turns" / f"{turn:03d}" / "printouts" / f"{reader}.txt").read_text()


def test_every_turn_is_processed(played: tuple[Path, list[TurnResult]]) -> None:
    """Turn 2 has BETA's rejected DOWNGRADE (8), turn 8 ALPHA's capital name with a blank
    (4); every other turn is clean."""
    game, results = played
    assert [r.rc for r in results] == [
        RC.ERROR if turn == 2 else RC.WARNING if turn == 8 else RC.CLEAN
        for turn in range(1, END_TURN + 1)
    ]
    assert state(game, END_TURN).turn == END_TURN


def test_colonizing_takes_two_turns_at_the_site(game: Path) -> None:
    eden = parse_location("20-24")
    assert state(game, 2).systems[eden].owner is None
    s3 = state(game, 3)
    assert (s3.systems[eden].owner, s3.systems[eden].kind, s3.systems[eden].name) == (
        "1",
        "colony",
        "Eden",
    )
    assert [e.change for e in events(game, 3, SystemChanged)] == ["colonized"]
    assert "20-24 Eden: colonized" in printout(game, 3)


def test_a_fleet_develops_the_colony_into_a_production_system(game: Path) -> None:
    """JOIN makes a fleet of three freighters, whose 30 bays take DEVELOP's 30 PI."""
    eden = parse_location("20-24")
    assert state(game, 5).systems[eden].kind == "colony"
    assert state(game, 6).systems[eden].kind == "production"
    assert "DEVELOP ship 1014: 15 PI landed at 20-24 (turn 1)" in printout(game, 5)
    assert "20-24: 40 PV converted to 40 PI" in printout(game, 7)


def test_a_shuttle_carries_pv_home_every_other_turn(game: Path) -> None:
    for turn in (4, 6, 8, 10):
        assert "SHUTTLE LOAD ship 1013: 6 PV at 23-20" in printout(game, turn)
    for turn in (5, 7, 9):
        assert "SHUTTLE UNLOAD ship 1013: 6 PV at 20-20" in printout(game, turn)
    assert "20-20: 106 PV converted to 106 PI" in printout(game, 5)


def test_research_crosses_the_threshold_of_tech_level_2(game: Path) -> None:
    assert [state(game, t).empires["1"].tech for t in (2, 3)] == [1, 2]
    assert state(game, 3).empires["1"].research == 250
    assert "Tech Level 2 reached" in printout(game, 3)
    # the older combat ships are shown at their tech level, unarmed scouts are not (TECH
    # LEVEL: "the ship rating of combat ships will print with a trailing "@" sign")
    assert "2P//11-1@1" in printout(game, 3)
    assert "//19-1 " in printout(game, 3) and "//19-1@" not in printout(game, 3)


def test_a_refit_brings_a_ship_to_the_new_tech_level(game: Path) -> None:
    assert ship(state(game, 4), "1", 1021).tech == 1
    assert ship(state(game, 5), "1", 1021).tech == 2
    assert "Ship 1021 SK1 refit for 2 PI at 20-20" in printout(game, 5)


def test_a_design_is_classified_and_built(game: Path) -> None:
    classified = events(game, 3, DesignEvent)
    assert [(e.what, e.code, e.name) for e in classified] == [("classified", "LN", "Lancer")]
    built = [e for e in events(game, 7, ShipEvent) if e.what == "built"]
    assert [(e.code, e.name) for e in built] == [("LN", "LANCER1")]
    names = {x.name for x in state(game, 9).ships if x.owner == "1" and x.code == "LN"}
    assert names == {"LANCER1", "LANCER2", "LANCER3"}


def test_the_capital_moves_with_its_stockpiles(game: Path) -> None:
    before, after = state(game, 7), state(game, 8)
    assert before.empires["1"].home == parse_location("20-20")
    assert after.empires["1"].home == parse_location("20-24")
    assert after.systems[parse_location("20-24")].name == "New Fenwick"
    assert after.systems[parse_location("20-24")].missiles.get("1") == 10
    assert "20-24 New Fenwick 8(80) PV" in printout(game, 8)


def test_an_empire_that_sends_nothing_still_gets_its_printout(game: Path) -> None:
    text = printout(game, 4, "3")
    assert "Actions: NO ORDERS\nNo action file." in text
    assert "COLONIZE ship 1011: 5 PI landed at 44-30 (turn 2)" in text


@pytest.mark.parametrize("turn", range(END_TURN + 1))
@pytest.mark.parametrize("reader", ["1", "gm"])
def test_printout_snapshots(
    game: Path, turn: int, reader: str, snapshot: SnapshotAssertion
) -> None:
    assert printout(game, turn, reader) == snapshot


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.mark.slow
def test_a_second_run_gives_the_same_bytes(game: Path, tmp_path: Path) -> None:
    """Every turn's files, the PDFs of turns 1 and 7 included, byte for byte."""
    again = tmp_path / "game"
    play(again)
    first, second = tree(game / "turns"), tree(again / "turns")
    assert sorted(first) == sorted(second)
    pdfs = [name for name in first if name.endswith(".pdf")]
    assert {name.split("/")[0] for name in pdfs} == {f"{t:03d}" for t in (0, *PDF_TURNS)}
    for name in first:
        assert first[name] == second[name], name
