"""What `galbatch check` imports and reads, so that a cold check stays fast.

A check never imports lark (each grammar has its generated parser), nor ruamel.yaml
for a view or a game whose game.yaml summary is cached, nor the printing libraries.
The summary of game.yaml is used only for the file's present bytes: an edited file
is loaded again in full, and nothing is ever written in the game directory.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from galbatch.engine.gamedir import directory as gamedir
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.security import nettle
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "games" / "conflict-demo"
ORDERS = (
    'GAME conflict-demo PLAYER 1 PASSWORD "arcturus-1997"\nA,1,2,5\nM,3,4,D,2\nT,11,RIGEL\nEND\n'
)
NEVER = (
    "lark",
    "reportlab",
    "tabulate",
    "platformdirs",
    "importlib.resources",
    "secrets",
    "unicodedata",
)

PROBE = """
import sys
from galbatch.cli.group import main
sys.argv = ["galbatch", "check", *sys.argv[1:]]
try:
    main()
except SystemExit as e:
    code = e.code
print("\\nRC", code, "MODULES", " ".join(sorted(sys.modules)))
"""


def check(args: list[str], cache: Path) -> tuple[int, str, set[str]]:
    """Run `galbatch check` in a fresh interpreter: its return code, output and modules."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=env, check=False
    )
    out, _, tail = done.stdout.rpartition("\nRC ")
    rc, _, modules = tail.partition(" MODULES ")
    return int(rc), out + done.stderr, set(modules.split())


def imported(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


@pytest.fixture
def game(tmp_path: Path) -> Path:
    copy = tmp_path / "conflict-demo"
    shutil.copytree(DEMO, copy)
    return copy


@pytest.fixture
def orders(tmp_path: Path) -> Path:
    path = tmp_path / "orders.txt"
    path.write_text(ORDERS)
    return path


@pytest.mark.slow
def test_check_by_ruleset_and_view_imports_no_lark_nor_yaml(tmp_path: Path, orders: Path) -> None:
    view = DEMO / "turns" / "000" / "views" / "1.yaml"
    for args in (["-r", "conflict"], ["--ruleset", "conqueror"], ["--view", str(view)]):
        rc, out, modules = check([str(orders), *args], tmp_path / "cache")
        assert rc in (0, 4, 8), out
        for name in (*NEVER, "ruamel"):
            assert not imported(modules, name), (args, name)
        if args[0] == "-r":  # found as it is, not after a "no such option" error's difflib
            assert not imported(modules, "difflib"), out


def snapshot(path: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(p.relative_to(path)): (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else b"")
        for p in sorted(path.rglob("*"))
    }


def test_check_by_game_uses_the_summary_of_game_yaml_once_cached(
    tmp_path: Path, game: Path, orders: Path
) -> None:
    cache = tmp_path / "cache"
    before = snapshot(game)
    first = check([str(orders), "--game", str(game)], cache)
    assert imported(first[2], "ruamel")  # no summary yet: game.yaml is loaded in full
    second = check([str(orders), "--game", str(game)], cache)
    assert second[:2] == first[:2]
    for name in (*NEVER, "ruamel"):
        assert not imported(second[2], name), name
    assert snapshot(game) == before  # the game directory is only read
    (summary,) = (cache / "galbatch").glob("game-*.json")
    assert summary.stat().st_mode & 0o077 == 0  # password hashes: the owner's alone


def test_a_game_with_settings_uses_the_summary_once_cached(tmp_path: Path, orders: Path) -> None:
    """`galbatch new --setting KEY=VALUE` writes the setting with a quoted key, as the
    bundled nebula4 has its colours: a check of such a game reads game.yaml's summary from
    the cache too, and says the same."""
    game = tmp_path / "nebula4"
    shutil.copytree(shipped("nebula4"), game)
    assert '{"colours": ' in (game / "game.yaml").read_text()  # the key as `new` quotes it
    file = game / "orders" / "1.txt"
    cache = tmp_path / "cache"
    first = check([str(file), "--game", str(game)], cache)
    assert first[0] == 8 and "IC240" in first[1], first[1]
    assert imported(first[2], "ruamel")  # no summary yet: game.yaml is loaded in full
    assert len(list((cache / "galbatch").glob("game-*.json"))) == 1
    second = check([str(file), "--game", str(game)], cache)
    assert second[:2] == first[:2]
    assert not imported(second[2], "ruamel")


# Modules of a game's turn that its checker once imported for one name or one function.
TURN_ONLY = {
    "galaxy13": ("galbatch.rules.galactac.events",),
    "nebula4": (
        "galbatch.rules.interstellar.printout",
        "galbatch.rules.interstellar.state",
        "galbatch.rules.interstellar.board",
    ),
    "spiral6": (  # the round's events (a dozen dataclasses), its views, its setup's dice
        "galbatch.rules.galaktikos.round_events",
        "galbatch.rules.galaktikos.view",
        "random",
    ),
}


@pytest.mark.parametrize("name", ["conflict-demo", "galaxy13", "gc16", "nebula4", "spiral6"])
def test_a_check_by_game_of_accepted_orders_imports_nothing_of_a_turn(
    tmp_path: Path, name: str
) -> None:
    """Player 1's own order file of each bundled game, its password right, checked
    against the game: the note of a file the turn before took (GB017) is looked for
    without the turn job's modules, which print (reportlab) and commit."""
    game = tmp_path / name
    shutil.copytree(shipped(name), game)
    file = game / "orders" / "1.txt"
    cache = tmp_path / "cache"
    first = check([str(file), "--game", str(game)], cache)
    rc, out, modules = check([str(file), "--game", str(game)], cache)
    assert (rc, out) == first[:2] and rc < 12 and "GB015" not in out, out
    assert imported(modules, "galbatch.rules")  # the check got as far as the rules
    for never in (
        *NEVER,
        "ruamel",
        "galbatch.print.pdf",
        "galbatch.print.page",  # a printout's model: the ruleset's printout module
        "galbatch.engine.job.playerfiles",
        "shutil",
    ):
        assert not imported(modules, never), never
    for turn_module in TURN_ONLY.get(name, ()):  # the turn's machinery, not the check's
        assert not imported(modules, turn_module), turn_module
    if nettle.library() is not None:  # the password and the caches' keys by Nettle
        for by_nettle in ("hashlib", "_sha256", "ctypes", "struct"):
            assert not imported(modules, by_nettle), by_nettle


def test_a_new_games_quoted_setting_is_kept_as_plain_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game made by `galbatch new --setting` opens from its cached summary, with the
    setting as the full load reads it."""
    from click.testing import CliRunner

    from galbatch.cli.group import cli

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    game = tmp_path / "g"
    args = ["new", "conflict", str(game), "-n", "2", "--seed", "7", "--start", "2001-01-01"]
    done = CliRunner().invoke(cli, [*args, "--setting", "worlds_per_player=12"])
    assert done.exit_code == 0, done.output
    full = Game.open(game)
    assert [type(k) is str for k in full.config["settings"]] == [False]  # quoted by ruamel
    assert full.summary() is not None
    Game.open_cached(game)
    cached = Game.open_cached(game)
    assert type(cached.config) is dict  # from the summary, not the YAML
    assert cached.settings == full.settings == {"worlds_per_player": 12}
    assert cached.config == full.summary()


@pytest.mark.slow
def test_an_edited_game_yaml_is_loaded_again(tmp_path: Path, game: Path, orders: Path) -> None:
    cache = tmp_path / "cache"
    assert check([str(orders), "--game", str(game)], cache)[0] == 8
    file = game / "game.yaml"
    other = Game.open(DEMO).password_hash("2")  # player 2's hash: the password is now wrong
    text = file.read_text()
    assert text.count(Game.open(DEMO).password_hash("1")) == 1
    file.write_text(text.replace(Game.open(DEMO).password_hash("1"), other))
    rc, out, modules = check([str(orders), "--game", str(game)], cache)
    assert imported(modules, "ruamel")
    assert rc == 12 and "GB015" in out and "wrong password" in out
    file.write_text(text + "unknown_key: 1\n")  # and a file the schema refuses is refused
    rc, out, _ = check([str(orders), "--game", str(game)], cache)
    assert rc == 16 and "unknown_key" in out


def test_a_damaged_or_foreign_summary_is_not_used(
    tmp_path: Path, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    full = Game.open_cached(game)
    (summary,) = (tmp_path / "cache" / "galbatch").glob("game-*.json")
    assert Game.open_cached(game).config == full.summary()
    for damaged in ("{", "[]", json.dumps({**full.summary(), "players": [{"id": 1}]})):
        summary.write_text(damaged)
        again = Game.open_cached(game)
        assert type(again.config) is not dict  # game.yaml loaded in full again
        assert again.summary() == full.summary()
        assert type(Game.open_cached(game).config) is dict  # and its summary cached again
    key = gamedir._summary_key((game / "game.yaml").read_bytes())
    assert summary.name == f"{key}.json"


def test_only_the_most_recent_summaries_are_kept(
    tmp_path: Path, game: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(gamedir, "KEPT_SUMMARIES", 2)
    file = game / "game.yaml"
    text = file.read_text()
    for n in range(4):
        file.write_text(f"{text}# edit {n}\n")
        Game.open_cached(game)
    kept = sorted((tmp_path / "cache" / "galbatch").glob("game-*.json"))
    assert len(kept) == 2
    assert type(Game.open_cached(game).config) is dict  # the latest is one of them


def test_a_check_makes_no_class_it_does_not_need(tmp_path: Path, orders: Path) -> None:
    view = DEMO / "turns" / "000" / "views" / "1.yaml"
    for args in (["-r", "conflict"], ["--view", str(view)]):
        rc, out, modules = check([str(orders), *args], tmp_path / "cache")
        assert rc in (0, 4, 8), out
        for name in (
            "galbatch.engine.contract.records",
            "galbatch.engine.contract.playerinfo",
            "galbatch.engine.language.message_order",  # the file sends no message
            "galbatch.post",
        ):
            assert not imported(modules, name), (args, name)


@given(
    st.text(max_size=60), st.sampled_from(["", "GAME g PLAYER p PASSWORD ", "game \u0131 player "])
)
def test_the_ascii_header_pattern_matches_as_the_header_pattern(text: str, start: str) -> None:
    from galbatch.engine.language import orderfile

    line = start + text
    ours, full = orderfile.header_match(line), orderfile.HEADER.match(line)
    assert (ours is None) == (full is None)
    if ours is not None and full is not None:
        assert ours.groupdict() == full.groupdict() and ours.span() == full.span()


def test_an_order_files_records_compare_as_dataclasses_did() -> None:
    from galbatch.engine.checker.pipeline import FileCheck, rename
    from galbatch.engine.language.orderfile import parse_order_bytes

    first, again = (parse_order_bytes(ORDERS.encode(), "f") for _ in range(2))
    assert first == again and hash(first) == hash(again) and first is not again
    assert first != parse_order_bytes(ORDERS.encode(), "g")
    assert repr(first.lines[0]) == "OrderLine(number=2, column=1, text='A,1,2,5')"
    check = FileCheck("f", "ORDERS RECEIVED", (), first.diagnostics)
    assert rename(check, "f") == check and rename(check, "g").name == "g"


def test_the_commands_are_the_groups_when_asked_for() -> None:
    from click.testing import CliRunner

    from galbatch.cli.group import COMMANDS, cli

    listed = CliRunner().invoke(cli, ["--help"]).output  # listing asks for every command
    assert all(f"  {name} " in listed for name in COMMANDS)
    for name, where in COMMANDS.items():
        module, attribute = where.rsplit(".", 1)
        assert cli.commands[name] is getattr(importlib.import_module(module), attribute)


def test_one_letter_options_read_as_click_reads_them(orders: Path) -> None:
    from click.testing import CliRunner

    from galbatch.cli.group import cli

    runner = CliRunner()
    results = [
        runner.invoke(cli, ["check", str(orders), *args])
        for args in (["--ruleset", "conflict"], ["-r", "conflict"], ["-rconflict"])
    ]
    assert {r.exit_code for r in results} == {results[0].exit_code}
    assert {r.output for r in results} == {results[0].output}
    assert "[CF" in results[0].output or results[0].exit_code == 0
    unknown = runner.invoke(cli, ["check", str(orders), "-x"])
    assert unknown.exit_code == 2 and "No such option" in unknown.output


@pytest.mark.parametrize("name", ["conflict-demo", "galaxy13", "gc16", "nebula4", "spiral6"])
def test_a_view_read_from_its_file_is_the_view_built_from_the_state(name: str) -> None:
    """What the view cache relies on: a view file's data, with what the ruleset adds
    from the game's roster (`view_from_file`), is the view built from the state, its
    keys and its attributes (Galactic Conflict's GM view knows every code name)."""
    from galbatch.rules import get_ruleset
    from tests.bundled import shipped

    game = Game.open(shipped(name))
    rs = get_ruleset(game.ruleset_name)
    state = rs.load_state(game.state_data(game.latest_turn()))
    views = rs.views(state, [p.id for p in game.players])
    assert len(views) == len(game.players) > 0
    for view in views.values():
        read = rs.view_from_file(json.loads(json.dumps(view)), game.players)
        assert read == view
        assert getattr(read, "__dict__", {}) == getattr(view, "__dict__", {})
    if game.ruleset_name == "conflict":
        assert all(len(getattr(v, "game_players", ())) == len(game.players) for v in views.values())
