"""`check --game` reads the player's view from the turn when it is the view of the state.

The per-user view cache records, for a state.yaml's bytes, the SHA-256 of each view
file known to be that state's view: the job records its own views as it commits a
turn, and a check that built a view records the view file that holds exactly it.
A check then reads that file instead of loading the state, and a view file or a
state changed since is never read: the view is built from the state again.

Galactic Conqueror's bundled game stands for every game; Galactic Conflict's GM view
knows every code name besides its file, which its ruleset adds from the game's roster.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.job.run import process
from galbatch.rules import get_ruleset
from tests.bundled import shipped
from tests.test_check_speed_paths import DEMO, ORDERS, check, imported, snapshot

ROOT = Path(__file__).resolve().parent.parent
STATE_MODULE = "galbatch.rules.conqueror.state"  # imported only to load the state
PLAYERS = 8  # in games/gc16


@pytest.fixture
def game(tmp_path: Path) -> Path:
    copy = tmp_path / "gc16"
    shutil.copytree(shipped("gc16"), copy)
    return copy


@pytest.fixture
def orders(tmp_path: Path) -> Path:
    """ARCTURUS's first turn, spending the 800 PU of his home planet, and moving a
    ship that is not his."""
    path = tmp_path / "orders.txt"
    text = (ROOT / "samples" / "conqueror" / "clean.txt").read_text()
    path.write_text(text.replace("\nEND\n", "\nB S 9 174\nEND\n"))
    return path


def records(cache: Path) -> list[Path]:
    return sorted((cache / "galbatch").glob("views-*.json"))


def test_a_second_check_reads_the_view_file_the_first_found_equal(
    tmp_path: Path, game: Path, orders: Path
) -> None:
    cache = tmp_path / "cache"
    before = snapshot(game)
    first = check([str(orders), "--game", str(game)], cache)
    assert imported(first[2], STATE_MODULE)  # nothing recorded yet: built from the state
    (record,) = records(cache)
    assert record.stat().st_mode & 0o077 == 0
    assert list(json.loads(record.read_text())) == ["1"]
    second = check([str(orders), "--game", str(game)], cache)
    assert second[:2] == first[:2] and first[0] == 8
    assert not imported(second[2], STATE_MODULE)
    assert snapshot(game) == before  # the game directory is only read


@pytest.mark.slow
def test_a_view_file_changed_since_is_not_read(tmp_path: Path, game: Path, orders: Path) -> None:
    cache = tmp_path / "cache"
    first = check([str(orders), "--game", str(game)], cache)
    file = game / "turns" / "000" / "views" / "1.yaml"
    view = json.loads(file.read_text())
    view["planets"][0]["pu"] = 100  # the view now says the home planet has 100 PU
    file.write_text(json.dumps(view))
    forged = check([str(orders), "--view", str(file)], tmp_path / "other-cache")
    assert forged[:2] != first[:2]  # the forged view would judge these orders otherwise
    again = check([str(orders), "--game", str(game)], cache)
    assert imported(again[2], STATE_MODULE)
    assert again[:2] == first[:2]


@pytest.mark.slow
def test_a_state_changed_since_is_loaded(tmp_path: Path, game: Path, orders: Path) -> None:
    cache = tmp_path / "cache"
    first = check([str(orders), "--game", str(game)], cache)
    state = game / "turns" / "000" / "state.yaml"
    state.write_text(state.read_text() + "\n")  # other bytes, the same state
    again = check([str(orders), "--game", str(game)], cache)
    assert imported(again[2], STATE_MODULE)
    assert again[:2] == first[:2]
    assert len(records(cache)) == 2  # and that state's view is recorded in turn


@pytest.mark.slow
def test_a_turn_the_job_commits_has_its_views_recorded(
    tmp_path: Path, game: Path, orders: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    assert process(game, pdf=False).committed is not None
    (record,) = records(cache)
    assert sorted(json.loads(record.read_text()), key=int) == [
        str(i) for i in range(1, PLAYERS + 1)
    ]
    recorded = check([str(orders), "--game", str(game)], cache)
    assert not imported(recorded[2], STATE_MODULE)
    built = check([str(orders), "--game", str(game)], tmp_path / "empty-cache")
    assert imported(built[2], STATE_MODULE)
    assert recorded[:2] == built[:2]
    # what the record stands for: each view file is the view built from the state
    demo = Game.open(game)
    ruleset = get_ruleset("conqueror")
    state = ruleset.load_state(demo.state_data(1))
    for player in demo.players:
        file = json.loads((demo.turn_dir(1) / "views" / f"{player.id}.yaml").read_text())
        assert file == {"game": demo.id, **ruleset.view(state, player.id)}


def test_galactic_conflicts_check_reads_the_view_file_too(tmp_path: Path) -> None:
    """Its views know more than their files (every code name, for the GM's check of a
    transfer): the second check reads the file and has them from the game's roster
    (`tests/test_conflict_orders.py` checks what it then says of a transfer)."""
    copy = tmp_path / "conflict-demo"
    shutil.copytree(DEMO, copy)
    orders = tmp_path / "orders.txt"
    orders.write_text(ORDERS)
    cache = tmp_path / "cache"
    runs = [check([str(orders), "--game", str(copy)], cache) for _ in range(2)]
    assert runs[0][:2] == runs[1][:2]
    state = "galbatch.rules.conflict.state"
    assert imported(runs[0][2], state) and not imported(runs[1][2], state)
