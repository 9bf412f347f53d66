"""The galbatch command as users run it: exit codes, output, help."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from galbatch.cli.group import cli
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "conflict"
DEMO = shipped("conflict-demo")


def galbatch(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True, cwd=cwd
    )


@pytest.mark.parametrize(
    ("sample", "rc"),
    [
        ("clean.txt", 0),
        ("clamped.txt", 4),
        ("email.txt", 4),
        ("rejected.txt", 8),
        ("unusable.txt", 12),
    ],
)
def test_check_against_the_game_exit_codes(sample: str, rc: int) -> None:
    result = galbatch("check", str(SAMPLES / sample), "--game", str(DEMO))
    assert result.returncode == rc, result.stdout + result.stderr
    assert result.stderr == "galbatch: checked against game conflict-demo as of turn 0\n"


def test_a_check_names_the_turn_of_the_view_it_used(tmp_path: Path) -> None:
    """The player is told which printout's view he checked against; on standard error,
    so the diagnostics stay compiler lines; not in JSON, not for a syntax check."""
    view = DEMO / "turns" / "000" / "views" / "3.yaml"
    result = galbatch("check", str(SAMPLES / "rejected.txt"), "--view", str(view))
    assert result.stderr == (
        "galbatch: checked against your view of turn 0 (game conflict-demo, player 3 RIGEL)\n"
    )
    assert "checked against" not in result.stdout
    spiral = shipped("spiral6") / "turns" / "002" / "views" / "1.yaml"
    round_two = galbatch("check", str(SAMPLES / "rejected.txt"), "--view", str(spiral))
    assert "checked against your view of turn 2 (game SP6, player 1)" in round_two.stderr
    quiet = galbatch("check", str(SAMPLES / "rejected.txt"), "--ruleset", "conflict")
    assert quiet.stderr == ""
    as_json = galbatch("check", str(SAMPLES / "clean.txt"), "--view", str(view), "--format", "json")
    assert as_json.stderr == ""


def test_check_syntax_only_ignores_ownership() -> None:
    result = galbatch("check", str(SAMPLES / "rejected.txt"), "--ruleset", "conflict")
    assert result.returncode == 8
    lines = result.stdout.splitlines()
    assert len(lines) == 1 and "[CF100]" in lines[0] and ":4:5: error:" in lines[0]


@pytest.mark.slow
def test_check_against_a_view_matches_the_game_check() -> None:
    view = DEMO / "turns" / "000" / "views" / "3.yaml"
    by_view = galbatch("check", str(SAMPLES / "rejected.txt"), "--view", str(view))
    by_game = galbatch("check", str(SAMPLES / "rejected.txt"), "--game", str(DEMO))
    assert by_view.returncode == by_game.returncode == 8
    assert by_view.stdout == by_game.stdout


def test_check_view_of_another_player_is_unusable() -> None:
    view = DEMO / "turns" / "000" / "views" / "1.yaml"
    result = galbatch("check", str(SAMPLES / "rejected.txt"), "--view", str(view))
    assert result.returncode == 12 and "[GB014]" in result.stdout


def test_check_json() -> None:
    result = galbatch(
        "check", str(SAMPLES / "clamped.txt"), "--game", str(DEMO), "--format", "json"
    )
    data = json.loads(result.stdout)
    assert data["rc"] == 4 == result.returncode
    assert data["diagnostics"][0] == {
        "file": str(SAMPLES / "clamped.txt"),
        "line": 3,
        "column": 1,
        "severity": "warning",
        "code": "CF301",
        "message": "quantity 25 reduced to 10: world 59 has only 10 AF",
    }


def test_check_needs_exactly_one_mode() -> None:
    result = galbatch("check", str(SAMPLES / "clean.txt"))
    assert result.returncode == 16 and "exactly one" in result.stderr


def test_check_unknown_ruleset_is_16() -> None:
    result = galbatch("check", str(SAMPLES / "clean.txt"), "--ruleset", "chess")
    assert result.returncode == 16 and "unknown ruleset" in result.stderr


def test_check_missing_file_is_12() -> None:
    result = CliRunner().invoke(cli, ["check", "/nonexistent/orders.txt", "-r", "conflict"])
    assert result.exit_code == 12 and "[GB001]" in result.output


@pytest.mark.slow
def test_new_then_process_then_print(tmp_path: Path) -> None:
    game = tmp_path / "g"
    new = galbatch("new", "conflict", str(game), "--players", "3", "--seed", "7")
    assert new.returncode == 0, new.stderr
    assert "ARCTURUS" in new.stdout and "PASSWORD" in new.stdout
    again = galbatch("new", "conflict", str(tmp_path / "h"), "--players", "3", "--seed", "7")
    assert (game / "turns/000/state.yaml").read_bytes() == (
        tmp_path / "h/turns/000/state.yaml"
    ).read_bytes(), "same seed, same galaxy"
    assert new.stdout != again.stdout, "passwords are random"
    proc = galbatch("process", str(game), "--force")
    assert proc.returncode == 0, proc.stdout
    assert "MAXCC=0000" in proc.stdout
    out = tmp_path / "p1.pdf"
    printed = galbatch(
        "print", str(game), "--turn", "1", "--player", "1", "--format", "pdf", "-o", str(out)
    )
    assert printed.returncode == 0
    assert out.read_bytes() == (game / "turns/001/printouts/1.pdf").read_bytes()
    archive = tmp_path / "archive.pdf"
    assert galbatch("print", str(game), "--archive", "-o", str(archive)).returncode == 0
    assert archive.read_bytes() == (game / "turns/001/archive.pdf").read_bytes()
    text = galbatch("print", str(game), "--turn", "1", "--player", "2")
    assert text.stdout == (game / "turns/001/printouts/2.txt").read_text()


def test_new_rejects_confusing_code_names(tmp_path: Path) -> None:
    result = galbatch(
        "new",
        "conflict",
        str(tmp_path / "g"),
        "--players",
        "2",
        "--seed",
        "1",
        "--name",
        "ARCTURUS",
        "--name",
        "NEUTRAL",
    )
    assert result.returncode == 16 and "NEUTRAL" in result.stderr


@pytest.mark.slow
def test_process_dry_run_shows_printouts_and_changes_nothing(demo: Path) -> None:
    result = galbatch("process", str(demo), "--dry-run")
    assert result.returncode == 8  # would be committed; REGULUS's file rejected
    assert "dry run" in result.stdout and "===== printouts/1.txt =====" in result.stdout
    assert not (demo / "turns" / "001").exists()


def test_every_command_has_help() -> None:
    runner = CliRunner()
    for args in ([], ["new"], ["check"], ["process"], ["print"], ["passwd"]):
        result = runner.invoke(cli, [*args, "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output


def test_every_option_is_in_the_man_page() -> None:
    page = (ROOT / "man" / "galbatch.1").read_text()
    for command in cli.commands.values():
        assert command.name in page
        for param in command.params:
            for opt in param.opts:
                if opt.startswith("--"):
                    assert opt.replace("-", r"\-") in page or opt in page, opt


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--id", "has space"], "game id"),
        (["--start", "1997-13-01"], "start date"),
    ],
)
def test_new_refuses_before_writing_anything(tmp_path: Path, args: list[str], message: str) -> None:
    game = tmp_path / "g"
    result = galbatch("new", "conflict", str(game), "--players", "2", "--seed", "1", *args)
    assert result.returncode == 16 and message in result.stderr
    assert not game.exists()


@pytest.mark.slow
def test_new_quotes_title_and_gm_and_stores_settings(tmp_path: Path) -> None:
    game = tmp_path / "g"
    result = galbatch(
        "new",
        "conflict",
        str(game),
        "--players",
        "2",
        "--seed",
        "1",
        "--title",
        'The "Big" One',
        "--gm",
        "Flying Buffalo #2",
        "--setting",
        "worlds_per_player=5",
    )
    assert result.returncode == 0, result.stderr
    from galbatch.engine.gamedir.directory import Game

    opened = Game.open(game)
    assert opened.title == 'The "Big" One' and opened.author == "Flying Buffalo #2"
    assert opened.settings == {"worlds_per_player": 5}
    state = (game / "turns/000/state.yaml").read_text()
    assert state.count("\n- [") <= 5 * 2 + 2  # 10 worlds and the two player rows


@pytest.mark.slow
def test_a_password_with_a_hash_sign_works(tmp_path: Path) -> None:
    game = tmp_path / "g"
    pw = tmp_path / "pw.txt"
    pw.write_text("1 pass#word\n")
    assert (
        galbatch(
            "new", "conflict", str(game), "-n", "2", "--seed", "1", "--passwords", str(pw)
        ).returncode
        == 0
    )
    orders = tmp_path / "o.txt"
    orders.write_text('GAME g PLAYER 1 PASSWORD "pass#word"  # my orders\nEND\n')
    result = galbatch("check", str(orders), "--game", str(game))
    assert result.returncode == 0, result.stdout


def test_a_damaged_view_file_is_rc16_not_a_traceback(tmp_path: Path) -> None:
    view = tmp_path / "view.yaml"
    view.write_text("ruleset: conflict\nplayer: 1\nmap: 5\nreports: [1, 2]\n")
    result = galbatch("check", str(SAMPLES / "clean.txt"), "--view", str(view))
    assert result.returncode == 16 and "not a usable view file" in result.stderr
    assert "Traceback" not in result.stderr


# The command line fits its users' habits ---------------------------------------------


def complete(words: str, env: dict[str, str] | None = None) -> list[str]:
    """What bash completion offers for the last of `words` (empty: a new word)."""
    import os

    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli"],
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "_GALBATCH_COMPLETE": "bash_complete",
            "COMP_WORDS": words,
            "COMP_CWORD": str(cword),
        },
    )
    assert result.returncode == 0, result.stderr
    return [line for line in result.stdout.splitlines() if line]


def test_the_bash_completion_script() -> None:
    import os

    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli"],
        capture_output=True,
        text=True,
        env={**os.environ, "_GALBATCH_COMPLETE": "bash_source"},
    )
    assert result.returncode == 0
    assert "complete -o nosort -F _galbatch_completion galbatch" in result.stdout


@pytest.mark.slow
def test_ruleset_names_complete() -> None:
    everything = [
        "plain,conflict",
        "plain,conqueror",
        "plain,galactac",
        "plain,galaktikos",
        "plain,interstellar",
    ]
    assert complete("galbatch new ") == everything
    assert complete("galbatch new conq") == ["plain,conqueror"]
    assert complete("galbatch new gal") == ["plain,galactac", "plain,galaktikos"]
    assert complete("galbatch new galak") == ["plain,galaktikos"]
    assert complete("galbatch new inter") == ["plain,interstellar"]
    assert complete("galbatch check orders.txt --ruleset conf") == ["plain,conflict"]
    assert complete("galbatch check orders.txt -r ") == everything
    assert complete("galbatch pa") == ["plain,passwd"]


@pytest.mark.slow
def test_player_ids_complete_from_the_game_read_only(demo: Path) -> None:
    import os

    before = {str(p): os.lstat(p).st_mtime_ns for p in sorted(demo.rglob("*"))}
    players = [f"plain,{i}" for i in range(1, 7)]
    assert complete(f"galbatch print {demo} --player ") == players
    assert complete(f"galbatch print {demo} -t 0 -p ") == players
    assert complete(f"galbatch passwd {demo} ") == players
    assert complete(f"galbatch process {demo} --rerun --replace 4") == ["plain,4"]
    assert complete(f"galbatch print {demo / 'nothing'} --player ") == []
    after = {str(p): os.lstat(p).st_mtime_ns for p in sorted(demo.rglob("*"))}
    assert after == before, "completion never writes"


@pytest.mark.slow
def test_an_unknown_ruleset_gets_did_you_mean(tmp_path: Path) -> None:
    new = galbatch("new", "conflit", str(tmp_path / "g"), "-n", "2", "--seed", "1")
    assert new.returncode == 16 and not (tmp_path / "g").exists()
    assert new.stderr == (
        "galbatch: unknown ruleset 'conflit' (did you mean conflict?); known: conflict, conqueror, "
        "galactac, galaktikos, interstellar\n"
    )
    assert not list(tmp_path.iterdir()), "nothing written, not even a passwords file"
    check = galbatch("check", str(SAMPLES / "clean.txt"), "--ruleset", "CONQUERER")
    assert check.returncode == 16 and "(did you mean conqueror?)" in check.stderr
    far = galbatch("check", str(SAMPLES / "clean.txt"), "--ruleset", "chess")
    assert "did you mean" not in far.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["bogus"],
        ["new", "conflict"],
        ["new", "conflict", "/nonexistent-parent/g", "-n", "0", "--seed", "1"],
        ["new", "conflict", "g", "-n", "2", "--seed", "1", "--setting", "nokey"],
        ["check", str(SAMPLES / "clean.txt")],
        ["check", str(SAMPLES / "clean.txt"), "--ruleset", "chess"],
        ["check", str(SAMPLES / "clean.txt"), "--game", "/nonexistent"],
        ["check", str(SAMPLES / "clean.txt"), "-r", "conflict", "--format", "xml"],
        ["process", str(DEMO), "--due", "tomorrow"],
        ["print", str(DEMO), "--player", "9"],
        ["print", str(DEMO), "--turn", "one"],
        ["passwd", str(DEMO)],
        ["passwd", str(DEMO), "9"],
    ],
)
def test_every_error_has_one_prefix(args: list[str]) -> None:
    result = galbatch(*args)
    assert result.returncode == 16, result.stdout + result.stderr
    assert "Error" not in result.stderr and "Traceback" not in result.stderr
    last = result.stderr.splitlines()[-1]
    assert last.startswith("galbatch: "), result.stderr


@pytest.mark.slow
def test_check_reads_standard_input() -> None:
    sample = SAMPLES / "rejected.txt"
    piped = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", "-", "--ruleset", "conflict"],
        input=sample.read_text(),
        capture_output=True,
        text=True,
    )
    by_name = galbatch("check", str(sample), "--ruleset", "conflict")
    assert piped.returncode == by_name.returncode == 8
    assert piped.stdout == by_name.stdout.replace(str(sample), "<stdin>")
    assert piped.stdout.startswith("<stdin>:4:5: error: [CF100]")
    both = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", str(sample), "-", "-g", str(DEMO)],
        input=(SAMPLES / "clamped.txt").read_text(),
        capture_output=True,
        text=True,
    )
    assert both.returncode == 8 and "<stdin>:3:1: warning: [CF301]" in both.stdout
    twice = galbatch("check", "-", "-", "-r", "conflict")
    assert twice.returncode == 16 and "galbatch: standard input (-) can be checked" in twice.stderr


@pytest.mark.parametrize(
    ("mode", "error"),
    [
        (["--ruleset", "conflit"], "unknown ruleset 'conflit' (did you mean conflict?)"),
        (["--game", "/nonexistent/game"], "/nonexistent/game: no game.yaml"),
        (["--view", "DAMAGED"], "not a usable view file"),
        ([], "give exactly one of --ruleset, --game or --view"),
    ],
)
def test_check_json_is_one_object_even_when_the_check_cannot_run(
    tmp_path: Path, mode: list[str], error: str
) -> None:
    view = tmp_path / "view.yaml"
    view.write_text("ruleset: conflict\nplayer: 1\nmap: 5\nreports: [1, 2]\n")
    mode = [str(view) if m == "DAMAGED" else m for m in mode]
    result = galbatch("check", str(SAMPLES / "clean.txt"), *mode, "--format", "json")
    assert result.returncode == 16
    data = json.loads(result.stdout)
    assert data["rc"] == 16 and data["diagnostics"] == [] and error in data["error"]
    assert list(data) == ["rc", "error", "diagnostics"]
    assert f"galbatch: {data['error']}" in result.stderr


@pytest.mark.slow
def test_a_reader_that_stops_early_loses_nothing_and_sees_no_error(demo: Path) -> None:
    """`galbatch process DIR | head -1`: the turn is still committed; no internal error."""
    for args in (["process", str(demo)], ["process", str(demo), "--dry-run", "--force"]):
        job = subprocess.Popen(
            [sys.executable, "-m", "galbatch.cli", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert job.stdout is not None and job.stderr is not None
        assert job.stdout.readline().startswith(b"GALBATCH  JOB")
        job.stdout.close()  # what `head -1` does after its line
        err = job.stderr.read()
        assert job.wait() in (0, 8), err
        assert b"internal error" not in err and b"Traceback" not in err
    assert (demo / "turns" / "001" / "state.yaml").is_file()
