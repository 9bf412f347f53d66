"""Loading the game directory's files: JSON-form data fast, any YAML within limits.

A view file comes from a player and game.yaml from an editor: an alias bomb, YAML or
JSON nested 100,000 deep, or a file far too large is one clear LoadError (exit 16 with
one line from `galbatch check`), never a crash, a traceback or a gigabyte of memory.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from galbatch.engine.gamedir import yamlio
from galbatch.engine.gamedir.yamlio import (
    MAX_DEPTH,
    MAX_VIEW_BYTES,
    LoadError,
    dump_data,
    dump_edited,
    load_data,
    load_edited,
)
from tests.conftest import DEMO, ROOT

DEEP = 100_000
SAMPLE = ROOT / "samples" / "conflict" / "clean.txt"
DEMO_VIEW = DEMO / "turns" / "000" / "views" / "1.yaml"
Loader = Callable[[Path], Any]
MEMORY = 1024**3  # address space for a `galbatch check`: the bomb wanted more than that


def alias_bomb(levels: int = 9, fan: int = 10) -> str:
    """A view whose `map` expands to fan**levels strings: 10**9 in 600-odd bytes."""
    lines = ["ruleset: conflict", "player: '1'", "a0: &a0 " + json.dumps(["lol"] * fan)]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * fan) + "]")
    lines.append(f"map: *a{levels - 1}")
    lines.append(f"reports: *a{levels - 1}")
    return "\n".join(lines) + "\n"


HOSTILE = {
    "bomb.yaml": (alias_bomb(), "1,000,000 nodes, aliases expanded"),
    "deep-block.yaml": ("- " * DEEP + "x\n", f"limit of {MAX_DEPTH} levels"),
    "deep-flow.yaml": ("[" * DEEP + "]" * DEEP + "\n", f"limit of {MAX_DEPTH} levels"),
    "deep.json": ('{"a": ' * DEEP + "1" + "}" * DEEP + "\n", f"limit of {MAX_DEPTH} levels"),
}


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


# the loaders ----------------------------------------------------------------


def test_machine_written_data_is_read_as_json(tmp_path: Path) -> None:
    data = {"turn": 3, "ships": [[1, "2", None, True, 0.5]] * 3, "names": {"é": ["ü"]}}
    path = write(tmp_path, "state.yaml", dump_data(data))
    assert load_data(path) == data == json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE))
@pytest.mark.parametrize("load", [load_data, load_edited])
def test_hostile_yaml_is_one_load_error_naming_file_and_limit(
    tmp_path: Path, name: str, load: Loader
) -> None:
    text, _ = HOSTILE[name]
    path = write(tmp_path, name, text)
    with pytest.raises(LoadError) as caught:
        load(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "limit of" in message
    assert "\n" not in message


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_without_the_c_loader_the_same_limits_hold(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(yamlio, "_fast", lambda: YAML(typ="safe", pure=True))
    text, limit = HOSTILE[name]
    with pytest.raises(LoadError, match=limit):
        load_data(write(tmp_path, name, text))
    assert load_data(write(tmp_path, "ok.yaml", "a: &a [1]\nb: *a\n")) == {"a": [1], "b": [1]}


def test_every_alias_counts_the_whole_node_it_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # mapping 1 + key a 1 + [1, 2, 3] 4 + key b 1 + list 1 + two aliases of 4 nodes = 16
    path = write(tmp_path, "game.yaml", "a: &a [1, 2, 3]\nb: [*a, *a]\n")
    monkeypatch.setattr(yamlio, "MAX_EDITED_NODES", 16)
    assert load_edited(path) == {"a": [1, 2, 3], "b": [[1, 2, 3], [1, 2, 3]]}
    monkeypatch.setattr(yamlio, "MAX_EDITED_NODES", 15)
    with pytest.raises(LoadError, match="limit of 15 nodes"):
        load_edited(path)


def test_aliases_nested_in_aliases_count_expanded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 2 + 4 levels of [*x, *x]: the last holds 2**4 + 2**3 + ... nodes, all counted
    text = "a: &a [0, 0]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}]\n" for p, c in zip("abcd", "bcde", strict=True)
    )
    path = write(tmp_path, "x.yaml", text)
    expanded = 1 + sum(1 + (2 ** (k + 2) - 1) for k in range(5))  # root, keys, lists
    monkeypatch.setattr(yamlio, "MAX_DATA_NODES", expanded)
    assert load_data(path)["e"] == [[[[[0, 0]] * 2] * 2] * 2] * 2
    monkeypatch.setattr(yamlio, "MAX_DATA_NODES", expanded - 1)
    with pytest.raises(LoadError, match="aliases expanded"):
        load_data(path)


def test_ordinary_anchors_and_merge_keys_still_load(tmp_path: Path) -> None:
    text = "base: &b {x: 1, y: 2}\nsame: *b\nmore: {<<: *b, z: 3}\n"
    for load in (load_data, load_edited):
        data = load(write(tmp_path, "a.yaml", text))
        assert data["same"] == {"x": 1, "y": 2} and data["more"] == {"x": 1, "y": 2, "z": 3}


def test_a_reused_anchor_in_game_yaml_loads_without_a_warning(
    tmp_path: Path, recwarn: pytest.WarningsRecorder
) -> None:
    data = load_edited(write(tmp_path, "game.yaml", "a: &b [1]\nb: *b\nc: &b [2]\nd: *b\n"))
    assert data == {"a": [1], "b": [1], "c": [2], "d": [2]}
    assert len(recwarn) == 0


@pytest.mark.parametrize("load", [load_data, load_edited])
def test_nesting_up_to_the_limit_loads(tmp_path: Path, load: Loader) -> None:
    ok = write(tmp_path, "ok.yaml", "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n")
    value = load(ok)
    for _ in range(MAX_DEPTH - 1):
        value = value[0]
    assert value == []
    deeper = write(tmp_path, "no.yaml", "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n")
    with pytest.raises(LoadError, match=f"line 1: nested more than the limit of {MAX_DEPTH}"):
        load(deeper)


@pytest.mark.parametrize("load", [load_data, load_edited])
def test_an_alias_inside_its_own_node_is_refused(tmp_path: Path, load: Loader) -> None:
    path = write(tmp_path, "loop.yaml", "a: &a [1, *a]\n")
    with pytest.raises(LoadError, match=r"line 1: alias \*a inside the node it names"):
        load(path)


def test_size_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "v.yaml", '{"player": "1"}\n')
    assert load_data(path, 16) == {"player": "1"}
    with pytest.raises(LoadError, match="larger than the limit of 15 bytes"):
        load_data(path, 15)
    monkeypatch.setattr(yamlio, "MAX_EDITED_BYTES", 10)
    with pytest.raises(LoadError, match=f"{path}: larger than the limit of 10 bytes"):
        load_edited(path)


def test_every_other_failure_is_a_one_line_load_error(tmp_path: Path) -> None:
    cases = {
        "syntax.yaml": b"a: [1, 2\nb: 3\n",
        "latin1.yaml": "name: Ren\xe9\n".encode("latin-1"),
        "two.yaml": b"a: 1\n---\nb: 2\n",
        "undefined.yaml": b"a: *nowhere\n",
        "duplicate.yaml": b"a: 1\na: 2\n",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        for load in (load_data, load_edited):
            with pytest.raises(LoadError) as caught:
                load(path)
            message = str(caught.value)
            assert message.startswith(f"{path}: ") and "\n" not in message, message
    with pytest.raises(LoadError, match="cannot read"):
        load_data(tmp_path / "missing.yaml")
    tagged = tmp_path / "tag.yaml"
    tagged.write_bytes(b"a: !!python/object/apply:os.system ['echo hi']\n")
    with pytest.raises(LoadError, match="could not determine a constructor"):
        load_data(tagged)
    assert load_edited(tagged)["a"] == ["echo hi"]  # kept as tagged data, never run
    assert issubclass(LoadError, ValueError)  # callers catching ValueError already cope


def test_game_yaml_still_round_trips_its_comments(tmp_path: Path) -> None:
    text = "# the GM's note\ngame: g  # id\nplayers:\n  - id: '1'\n"
    assert dump_edited(load_edited(write(tmp_path, "game.yaml", text))) == text


def test_crlf_files_load_as_before(tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_bytes(b"# note\r\ngame: g\r\n")
    assert dump_edited(load_edited(path)) == "# note\ngame: g\n"


# through `galbatch check`, in a process of its own -----------------------------------


def limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,  # a guard against a hang, not a timing
        preexec_fn=limited,
        env={k: v for k, v in os.environ.items() if k != "GALBATCH_DEBUG"},
    )


def test_the_real_view_checks_within_the_memory_limit() -> None:
    result = galbatch("check", str(SAMPLE), "--view", str(DEMO_VIEW))
    assert result.returncode in (0, 4, 8), result.stdout + result.stderr


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_check_with_a_hostile_view_is_16_and_one_line(tmp_path: Path, name: str) -> None:
    text, limit = HOSTILE[name]
    view = write(tmp_path, name, text)
    result = galbatch("check", str(SAMPLE), "--view", str(view))
    assert result.returncode == 16, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.startswith(f"galbatch: cannot use the view file: {view}: ")
    assert limit in result.stderr


def test_check_with_a_view_over_the_size_limit_is_16_and_one_line(tmp_path: Path) -> None:
    view = tmp_path / "huge.yaml"
    with view.open("wb") as f:
        f.truncate(MAX_VIEW_BYTES + 1)  # sparse: costs no disk, and is never read
    result = galbatch("check", str(SAMPLE), "--view", str(view))
    assert result.returncode == 16, result.stdout + result.stderr
    assert result.stderr == (
        f"galbatch: cannot use the view file: {view}: "
        f"larger than the limit of {MAX_VIEW_BYTES:,} bytes\n"
    )


def test_check_with_an_alias_bomb_in_game_yaml_is_16_and_one_line(tmp_path: Path) -> None:
    game = tmp_path / "demo"
    shutil.copytree(DEMO, game)
    bomb = alias_bomb().replace("ruleset: conflict\nplayer: '1'\n", "").replace("map:", "lols:")
    with (game / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(bomb.replace("reports:", "more_lols:"))
    result = galbatch("check", str(SAMPLE), "--game", str(game))
    assert result.returncode == 16, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"{game / 'game.yaml'}: line" in result.stderr
    assert "limit of 100,000 nodes, aliases expanded" in result.stderr
