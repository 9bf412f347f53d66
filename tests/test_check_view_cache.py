"""`check --game` reads the player's view from the turn when it is the view of the state.

The per-user view cache records, for a state.yaml's bytes, the SHA-256 of each view
file known to be that state's view: the job records its own views as it commits a
turn, and a check that built a view records the view file that holds exactly it.
A check then reads that file instead of loading the state, and a view file or a
state changed since is never read: the view is built from the state again.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from galbatch.engine.gamedir import Game
from galbatch.engine.ruleset import get_ruleset
from galbatch.engine.run import process
from tests.test_check_speed_paths import DEMO, ORDERS, check, imported, snapshot

STATE_MODULE = "galbatch.rules.conflict.state"  # imported only to load the state


@pytest.fixture
def game(tmp_path: Path) -> Path:
    copy = tmp_path / "conflict-demo"
    shutil.copytree(DEMO, copy)
    return copy


@pytest.fixture
def orders(tmp_path: Path) -> Path:
    path = tmp_path / "orders.txt"
    path.write_text(ORDERS + "P,2,3\nE,9\n")  # and orders a wrong view would judge otherwise
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


def test_a_view_file_changed_since_is_not_read(tmp_path: Path, game: Path, orders: Path) -> None:
    cache = tmp_path / "cache"
    first = check([str(orders), "--game", str(game)], cache)
    file = game / "turns" / "000" / "views" / "1.yaml"
    view = json.loads(file.read_text())
    mine = view["reports"][0]
    view["own"] = list(range(1, 21))  # the view now says player 1 owns twenty worlds
    view["reports"] = [{**mine, "number": n} for n in view["own"]]
    file.write_text(json.dumps(view))
    forged = check([str(orders), "--view", str(file)], tmp_path / "other-cache")
    assert forged[:2] != first[:2]  # the forged view would judge these orders otherwise
    again = check([str(orders), "--game", str(game)], cache)
    assert imported(again[2], STATE_MODULE)
    assert again[:2] == first[:2]


def test_a_state_changed_since_is_loaded(tmp_path: Path, game: Path, orders: Path) -> None:
    cache = tmp_path / "cache"
    first = check([str(orders), "--game", str(game)], cache)
    state = game / "turns" / "000" / "state.yaml"
    state.write_text(state.read_text() + "\n")  # other bytes, the same state
    again = check([str(orders), "--game", str(game)], cache)
    assert imported(again[2], STATE_MODULE)
    assert again[:2] == first[:2]
    assert len(records(cache)) == 2  # and that state's view is recorded in turn


def test_a_turn_the_job_commits_has_its_views_recorded(
    tmp_path: Path, game: Path, orders: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    assert process(game, pdf=False).committed is not None
    (record,) = records(cache)
    assert sorted(json.loads(record.read_text())) == [str(i) for i in range(1, 7)]
    recorded = check([str(orders), "--game", str(game)], cache)
    assert not imported(recorded[2], STATE_MODULE)
    built = check([str(orders), "--game", str(game)], tmp_path / "empty-cache")
    assert imported(built[2], STATE_MODULE)
    assert recorded[:2] == built[:2]
    # what the record stands for: each view file is the view built from the state
    demo = Game.open(game)
    ruleset = get_ruleset("conflict")
    state = ruleset.load_state(demo.state_data(1))
    for player in demo.players:
        file = json.loads((demo.turn_dir(1) / "views" / f"{player.id}.yaml").read_text())
        assert file == {"game": demo.id, **ruleset.view(state, player.id)}
