"""game.yaml is validated whole on every load: each problem one named line, never a traceback.

The GM's mistakes are made by editing a game `galbatch new` wrote, and seen as the
GM sees them: through `galbatch process`, `check --game` and `print` in a process
of their own.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.gamedir.schema import command_line_settings, game_problems
from galbatch.engine.gamedir.yamlio import parse_edited
from galbatch.engine.security.hashes import hash_password
from galbatch.rules import get_ruleset
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent
ORDERS = 'GAME g PLAYER 1 PASSWORD "x"\nEND\n'


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True
    )


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Galactic Conflict game of 3 players as `galbatch new` makes it, at turn 0."""
    game = tmp_path_factory.mktemp("made") / "g"
    result = galbatch("new", "conflict", str(game), "--players", "3", "--seed", "1")
    assert result.returncode == 0, result.stderr
    return game


@pytest.fixture
def game(made: Path, tmp_path: Path) -> Path:
    """A fresh copy of that game, with an order file waiting in its inbox."""
    target = tmp_path / "g"
    shutil.copytree(made, target)
    (target / "orders" / "1.txt").write_text(ORDERS)
    return target


def edit(game: Path, old: str, new: str) -> int:
    """Replace the first line of game.yaml that starts with `old` (after blanks) by `new`;
    return its line number."""
    file = game / "game.yaml"
    lines = file.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(old))
    lines[at] = new
    file.write_text("\n".join(lines) + "\n")
    return at + 1


def tree(path: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `path` with its bytes and modification time."""
    return {
        str(f.relative_to(path)): (f.read_bytes(), f.stat().st_mtime_ns)
        for f in sorted(path.rglob("*"))
        if f.is_file()
    }


# Each mistake: the line to replace, its new text, and the problem line after "game.yaml:N: ".
MISTAKES = {
    "days_per_turn: two": (
        "days_per_turn:",
        "days_per_turn: two",
        'days_per_turn: "two" is not a whole number; allowed: a whole number from 1 to 366',
    ),
    "start: 06.01.1997": (
        "start:",
        "start: 06.01.1997",
        'start: "06.01.1997" is not a date YYYY-MM-DD; '
        "allowed: a date YYYY-MM-DD from 1900-01-01 to 2999-12-31",
    ),
    "missing_orders_limit: 50%": (
        "missing_orders_limit:",
        "missing_orders_limit: 50%",
        'missing_orders_limit: "50%" is not a number (did you mean 0.5?); '
        "allowed: a number from 0 to 1",
    ),
    "seed: abc": (
        "seed:",
        "seed: abc",
        'seed: "abc" is not a whole number; allowed: a whole number',
    ),
    "duplicated player id": (
        '- id: "2"',
        '  - id: "1"',
        'players[2].id: "1" is already the id of players[1] (line 12); '
        "allowed: a different id for each player",
    ),
    "unknown top-level key": (
        "title:",
        'titel: "My game"',
        "titel: unknown key (did you mean title?); allowed: game, ruleset, title, gm, seed, "
        "start, days_per_turn, missing_orders_limit, immediate, width, settings, mail, players",
    ),
    "unknown setting": (
        "settings:",
        "settings: {worlds_per_plyer: 10}",
        "settings.worlds_per_plyer: unknown setting (did you mean worlds_per_player?); "
        "allowed: worlds_per_player",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("mistake", MISTAKES)
def test_each_mistake_is_one_named_line_and_nothing_changes(game: Path, mistake: str) -> None:
    old, new, problem = MISTAKES[mistake]
    line = edit(game, old, new)
    expected = f"{game / 'game.yaml'}:{line}: {problem}"
    before = tree(game)

    run = galbatch("process", str(game))
    assert run.returncode == 12, run.stdout + run.stderr
    assert run.stderr == ""
    assert f"010   LOAD     0012  {game / 'game.yaml'}: 1 problem in the game file; " in run.stdout
    assert f"\n                     {expected}\n" in run.stdout
    assert "MAXCC=0012" in run.stdout
    assert tree(game) == before, "a refused run changes nothing"

    (game.parent / "x.txt").write_text(ORDERS)
    check = galbatch("check", str(game.parent / "x.txt"), "--game", str(game))
    printed = galbatch("print", str(game))
    for result in (check, printed):
        assert result.returncode == 16, result.stdout + result.stderr
        assert "internal error" not in result.stderr and "Traceback" not in result.stderr
        assert result.stderr.splitlines()[-1] == expected
        assert len(result.stderr.splitlines()) == 2  # the file's name, then the problem
    assert tree(game) == before


@pytest.mark.slow
def test_every_problem_of_the_file_is_reported_in_line_order(game: Path) -> None:
    for old, new, _ in MISTAKES.values():
        edit(game, old, new)
    run = galbatch("process", str(game), "--dry-run")
    assert run.returncode == 12
    found = re.findall(r"game\.yaml:([0-9]+): ([a-z_.\[\]0-9]+):", run.stdout)
    keys = [key for _, key in found]
    assert sorted(keys) == sorted(problem.split(":")[0] for _, _, problem in MISTAKES.values())
    lines = [int(n) for n, _ in found]
    assert lines == sorted(lines)
    assert f"{len(MISTAKES)} problems in the game file; nothing changed" in run.stdout


@pytest.mark.slow
def test_process_runs_again_once_the_file_is_fixed(game: Path) -> None:
    text = (game / "game.yaml").read_text()
    edit(game, "days_per_turn:", "days_per_turn: two")
    assert galbatch("process", str(game), "--force", "--no-pdf").returncode == 12
    (game / "game.yaml").write_text(text)
    again = galbatch("process", str(game), "--force", "--no-pdf")
    assert "010   LOAD     0000" in again.stdout and (game / "turns" / "001").is_dir()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("setting", "problem"),
    [
        (
            "worlds_per_plyer=10",
            "--setting worlds_per_plyer=10: unknown setting (did you mean worlds_per_player?); "
            "allowed: worlds_per_player",
        ),
        (
            "worlds_per_player=ten",
            '--setting worlds_per_player=ten: "ten" is not a whole number; '
            "allowed: a whole number from 3 to 25",
        ),
        (
            "worlds_per_player=10.5",
            '--setting worlds_per_player=10.5: "10.5" is not a whole number; '
            "allowed: a whole number from 3 to 25",
        ),
        (
            "worlds_per_player=26",
            "--setting worlds_per_player=26: 26 is out of range; "
            "allowed: a whole number from 3 to 25",
        ),
    ],
)
def test_new_checks_each_setting_before_writing_anything(
    tmp_path: Path, setting: str, problem: str
) -> None:
    game = tmp_path / "g"
    result = galbatch("new", "conflict", str(game), "-n", "3", "--seed", "1", "--setting", setting)
    assert result.returncode == 16, result.stdout + result.stderr
    assert result.stderr == f"galbatch: {problem}\n"
    assert not game.exists()


@pytest.mark.slow
def test_new_reports_every_bad_setting_and_stores_good_ones_typed(tmp_path: Path) -> None:
    game = tmp_path / "g"
    args = ["new", "conqueror", str(game), "-n", "2", "--seed", "1"]
    bad = galbatch(*args, "--setting", "final_scor=5", "--setting", "planets_per_player=0")
    assert bad.returncode == 16 and not game.exists()
    assert len(bad.stderr.splitlines()) == 2
    assert "final_scor=5: unknown setting (did you mean final_score?)" in bad.stderr
    assert "planets_per_player=0: 0 is out of range" in bad.stderr
    good = galbatch(*args, "--setting", "final_score=500", "--setting", "planets_per_player=12")
    assert good.returncode == 0, good.stderr
    text = (game / "game.yaml").read_text()
    assert 'settings: {"final_score": 500, "planets_per_player": 12}' in text


@pytest.mark.slow
def test_new_checks_the_whole_file_it_would_write(tmp_path: Path) -> None:
    game = tmp_path / "g"
    result = galbatch("new", "conflict", str(game), "-n", "2", "--seed", "1", "--title", "x" * 81)
    assert result.returncode == 16 and not game.exists()
    assert "game.yaml:4: title: " in result.stderr
    assert "allowed: one line of at most 80 characters" in result.stderr


def test_create_game_checks_typed_settings_too(tmp_path: Path) -> None:
    with pytest.raises(GameError) as caught:
        create_game(tmp_path / "g", "conflict", 2, 1, settings={"worlds_per_player": "12"})
    assert str(caught.value) == (
        'setting worlds_per_player: "12" is not a whole number; '
        "allowed: a whole number from 3 to 25"
    )
    assert not (tmp_path / "g").exists()


def test_check_ruleset_never_loads_the_schema() -> None:
    """The player's syntax-only check reads no game.yaml: no schema, no YAML library."""
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "galbatch.cli", "check"]
        + [str(ROOT / "samples" / "conflict" / "clean.txt"), "--ruleset", "conflict"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    imported = result.stderr
    assert "galbatch.engine.gamedir.schema" not in imported and "ruamel" not in imported


# the schema in-process: every key, its types and its edges ----------------------------

HASH = hash_password("pw", iterations=1)
GOOD = f"""\
game: g
ruleset: conflict
seed: 1
players:
  - id: 1
    name: ARCTURUS
  - id: A2
    name: POLARIS
    account: 7
    password: "{HASH}"
"""


def problems(text: str) -> list[str]:
    return [p.format("game.yaml") for p in game_problems(parse_edited(text, Path("game.yaml")))]


def test_the_bundled_games_and_a_minimal_file_are_valid() -> None:
    for name in ("conflict-demo", "gc16"):
        text = (shipped(name) / "game.yaml").read_text()
        assert problems(text) == [], name
    assert problems(GOOD) == []
    assert problems(GOOD + "settings:\n") == []
    assert problems(GOOD + "settings: {worlds_per_player: 3}\nwidth: 80\n") == []
    assert problems(GOOD + "start: '2001-02-03'\nmissing_orders_limit: 1\n") == []


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ("days_per_turn: true", "days_per_turn: true is not a whole number"),
        ("days_per_turn: 14.0", "days_per_turn: 14.0 is not a whole number"),
        ("days_per_turn: 0", "days_per_turn: 0 is out of range"),
        ("start: 1997-13-01", 'start: "1997-13-01" is not a date in the calendar'),
        ("start: 1997-01-06 10:00:00", "start: 1997-01-06 10:00:00 is not a date YYYY-MM-DD"),
        ("start: 1850-01-01", "start: 1850-01-01 is out of range"),
        ("missing_orders_limit: 1.5", "missing_orders_limit: 1.5 is out of range"),
        ("missing_orders_limit: .nan", "missing_orders_limit: nan is out of range"),
        ("width: 100", "width: 100 is not allowed; allowed: 80 or 132"),
        ("gm: [a, b]", "gm: a list is not text"),
        ('title: "a\\tb"', 'title: "a\\x09b" holds a line break or a control character'),
        ("settings: [1]", "settings: a list is not a mapping of the ruleset's settings"),
        ("settings: {worlds_per_player: 2}", "settings.worlds_per_player: 2 is out of range"),
        ("Seed: 1", "Seed: unknown key (did you mean seed?)"),
        ('"ti\\ttle": x', '"ti\\x09tle": unknown key (did you mean title?)'),
        (
            "missing_orders_limit: " + "9" * 400,
            "missing_orders_limit: " + "9" * 37 + "... is out of range",
        ),
        ("ruleset: conflct", 'ruleset: "conflct" is not allowed (did you mean conflict?)'),
    ],
)
def test_a_wrong_value_is_named(extra: str, expected: str) -> None:
    key = extra.split(":")[0]
    lines = [line for line in GOOD.splitlines() if not line.startswith(key + ":")]
    found = problems("\n".join(lines) + "\n" + extra + "\n")
    assert len(found) == 1, found
    assert found[0].startswith(f"game.yaml:{len(lines) + 1}: {expected}"), found[0]


def test_missing_keys_and_broken_players() -> None:
    found = problems(
        "game: has space\nruleset: conflict\nplayers:\n"
        "  - id: 1\n    name: NEUTRAL\n"
        "  - id: a\n    name: ARCTURUS\n    password: hunter2\n"
        "  - name: arcturus\n    pasword: x\n"
        "  - just text\n"
    )
    assert found == [
        'game.yaml:1: game: "has space" is not allowed; '
        "allowed: 1 to 32 letters, digits, '.', '_' or '-', first a letter or digit",
        "game.yaml:1: seed: missing; allowed: a whole number",
        'game.yaml:5: players[1].name: "NEUTRAL" could be confused with the printout\'s own '
        "words; allowed: a code name galbatch-conflict(7) allows",
        "game.yaml:8: players[2].password: not a password hash; allowed: a hash as galbatch new "
        "writes it, pbkdf2_sha256$ROUNDS$SALT$HASH (ROUNDS 1 to 600000, SALT 32 and HASH 64 "
        "hex digits)",
        "game.yaml:9: players[3].id: missing; allowed: 1 to 16 letters and digits",
        'game.yaml:9: players[3].name: "arcturus" is already the code name of players[2] '
        "(line 7); allowed: a different code name for each player",
        "game.yaml:10: players[3].pasword: unknown key (did you mean password?); "
        "allowed: id, name, account, password, email, retired",
        'game.yaml:11: players[4]: "just text" is not a player; '
        "allowed: a mapping with id, name, account and password",
    ]


def test_ids_differ_regardless_of_case_and_quotes() -> None:
    text = (
        GOOD.replace("id: A2", "id: a2") + "  - id: '1'\n    name: RIGEL\n  - id: A2\n    name: X\n"
    )
    found = problems(text)
    assert [p.split(": ")[1] for p in found] == ["players[3].id", "players[4].id"]
    assert "is already the id of players[1] (line 5)" in found[0]


def test_a_hash_of_absurd_rounds_is_named() -> None:
    found = problems(GOOD.replace(HASH, HASH.replace("$1$", "$99999999$")))
    assert len(found) == 1 and "a hash of 99,999,999 rounds" in found[0]


def test_a_file_that_is_not_a_mapping() -> None:
    assert problems("- 1\n- 2\n")[0].startswith("game.yaml:1: game.yaml: a list is not a mapping")


def test_command_line_settings_take_the_declared_type() -> None:
    conqueror = get_ruleset("conqueror")
    settings, found = command_line_settings(
        conqueror, [("final_score", " 400 "), ("planets_per_player", "+20")]
    )
    assert settings == {"final_score": 400, "planets_per_player": 20} and found == []
    _, found = command_line_settings(conqueror, [("final_score", "1"), ("final_score", "2")])
    assert found == ["--setting final_score=2: final_score given twice; allowed: each setting once"]


def test_a_date_start_is_a_date() -> None:
    assert problems(GOOD + f"start: {dt.date(2999, 12, 31)}\n") == []


def test_the_man_pages_document_every_key_and_setting() -> None:
    from galbatch.engine.gamedir.schema import GAME_KEYS, PLAYER_KEYS
    from galbatch.rules import RULESETS

    page = (ROOT / "man" / "galbatch.1").read_text()
    section = page[page.index(".SS game.yaml") : page.index(".SS Commit and recovery")]
    for key in (*GAME_KEYS, *PLAYER_KEYS):
        assert f"\n.B {key.name}\n" in section, key.name
    for name in RULESETS:
        own = (ROOT / "man" / f"galbatch-{name}.7").read_text()
        for setting in get_ruleset(name).settings:
            assert f"\n.B {setting.name}\n" in section, setting.name
            if setting.kind is int:
                spans = [f"a whole number from {setting.low:.0f} to {setting.high:.0f}"]
            elif setting.kind is bool:
                spans = ["true or false"]
            else:  # a word from a list, or free text the ruleset reads (its default a word)
                assert setting.kind is str and (setting.choices or setting.default), setting.name
                spans = list(setting.choices)
            for span in spans:
                assert span in " ".join(section.split()) and span in " ".join(own.split())
            default = str(setting.default).lower() if setting.kind is bool else setting.default
            assert f"Default: {default}." in " ".join(own.split()), setting.name
