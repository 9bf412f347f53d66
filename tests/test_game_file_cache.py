"""A turn reads game.yaml from the per-user cache kept for its present bytes: the same
turn, byte for byte, as from the YAML loaded and validated in full."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from galbatch.engine.gamedir import directory as gamedir
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.job.run import process
from tests.bundled import LAST_TURN, shipped


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.mark.slow
@pytest.mark.parametrize(("name", "rc"), [("gc16", 8), ("nebula4", 8)])  # nebula4: settings
def test_a_turn_from_the_cached_game_file_is_the_turn_from_the_yaml(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, rc: int
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    turns = []
    for run in ("yaml", "cache"):
        game = tmp_path / run / name
        shutil.copytree(shipped(name), game)
        if run == "cache":  # the YAML is never parsed again for the same bytes

            def no_yaml(*args: object) -> None:
                raise AssertionError("game.yaml parsed again")

            monkeypatch.setattr(gamedir, "parse_edited", no_yaml)
        result = process(game, pdf=False)
        assert int(result.rc) == rc, result.log
        turns.append(tree(game / "turns" / f"{LAST_TURN.get(name, 0) + 1:03d}"))
    assert turns[0] == turns[1]


def test_the_summary_is_game_yaml_in_its_order_and_only_plain_data(tmp_path: Path) -> None:
    game = tmp_path / "gc16"
    shutil.copytree(shipped("gc16"), game)
    full = Game.open(game)
    summary = full.summary()
    assert summary is not None and list(summary) == list(full.config)
    assert summary["start"] == "1997-02-12" and full.date_of(3) == "1997-03-05"
    assert Game(game, summary).date_of(3) == full.date_of(3)
    dated = dict(full.config, settings={"when": full.config["start"]})  # a date the YAML gave
    assert Game(game, dated).summary() is None
