"""The README works in the order it is written.

Its two opening commands run, in order and again, in a fresh clone of the committed HEAD;
its walkthrough of one whole turn cycle runs line for line; the completion lines it gives
work. The installed environment stands in for the commands' `python3 -m venv .venv` and
`pip install` steps (tests/test_wheel.py installs a real wheel into a fresh environment).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.building import imported_from

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# collection only; syrupy would otherwise fail a run that used none of its snapshots
COLLECT = " --collect-only -p no:cacheprovider --snapshot-warn-unused"
SETUP = re.compile(r"^(python3 -m venv \.venv|\.venv/bin/pip install -q (\.|-e '\.\[test\]'))$")


def opening_command(label: str, readme: str = README) -> str:
    """The indented command under the README's bold `label` line."""
    match = re.search(
        r"^\*\*" + re.escape(label) + r"\*\*.*?\n\n    (\S[^\n]*)\n", readme, re.M | re.S
    )
    assert match, f"the README has no command under **{label}**"
    return match.group(1)


RUN_LABEL, TEST_LABEL = "Run a turn of the bundled GC16 game", "Run the tests"
RUN, TEST = opening_command(RUN_LABEL), opening_command(TEST_LABEL)


def without_setup(command: str) -> str:
    """The command less its venv and pip steps, which the installed environment stands for."""
    steps = command.split(" && ")
    setup = [s for s in steps if SETUP.match(s)]
    assert steps[: len(setup)] == setup == steps[:2], command
    return " && ".join(steps[2:])


def galbatch_path(sources: Path) -> Path:
    """Where a fake venv imports galbatch from: the sources in `sources`, as the README's
    editable install would; under a plain install of this environment (see conftest, which
    then keeps the current directory off the path), its installed copy."""
    return sources if imported_from() == ROOT else imported_from()


def fake_venv(where: Path, sources: Path) -> Path:
    """`.venv/bin/{python,galbatch,activate}` in `where`, running this environment on the
    galbatch sources in `sources` (no new virtual environment, no network)."""
    bin_dir = where / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    env = f"PYTHONPATH={shlex.quote(str(galbatch_path(sources)))}; export PYTHONPATH"
    scripts = {
        "python": f'#!/bin/sh\n{env}\nexec {shlex.quote(sys.executable)} "$@"\n',
        "galbatch": f'#!/bin/sh\n{env}\nexec {shlex.quote(sys.executable)} -m galbatch.cli "$@"\n',
    }
    for name, text in scripts.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    (bin_dir / "activate").write_text(f'PATH={shlex.quote(str(bin_dir))}:"$PATH"; export PATH\n')
    return bin_dir


def sh(script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def stated_rc(readme: str) -> int:
    match = re.search(r"Its return code is (\d+)", readme)
    assert match, "the README says what the first command returns"
    return int(match.group(1))


def test_ci_runs_exactly_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == TEST
    assert RUN.startswith("python3 -m venv .venv && .venv/bin/pip install -q . && ")
    assert TEST.endswith(" && .venv/bin/python -m pytest -q")


def test_the_first_command_works_on_an_ignored_copy() -> None:
    """It processes a git-ignored copy, so running it twice, or before the tests, is fine."""
    rest = without_setup(RUN)
    assert rest.endswith("cp -r games/gc16 work/gc16 && .venv/bin/galbatch process work/gc16")
    assert "/work/\n" in (ROOT / ".gitignore").read_text()


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh clone of the committed HEAD, with .venv standing for the installed one.
    Tests on it follow the README of the clone: the commands and what it says of them."""
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git work tree")
    target = tmp_path_factory.mktemp("readme") / "clone"
    subprocess.run([git, "clone", "-q", str(ROOT), str(target)], check=True)
    fake_venv(target, target)
    return target


def status(clone: Path) -> str:
    return subprocess.run(
        ["git", "status", "--porcelain"], cwd=clone, capture_output=True, text=True, check=True
    ).stdout


@pytest.mark.slow
def test_the_two_opening_commands_run_in_order_and_again_in_a_fresh_clone(clone: Path) -> None:
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    readme = (clone / "README.md").read_text(encoding="utf-8")
    run, rc = opening_command(RUN_LABEL, readme), stated_rc(readme)
    for attempt in (1, 2):  # the second run starts again from the shipped game
        ran = sh(without_setup(run), clone)
        assert ran.returncode == rc, (attempt, ran.stdout, ran.stderr)
        assert "060   COMMIT   0000  turns/001" in ran.stdout, ran.stdout
        turn = clone / "work" / "gc16" / "turns" / "001"
        assert (turn / "job.log").read_text() == ran.stdout
        assert (turn / "archive.pdf").read_bytes().startswith(b"%PDF")
        assert not list((clone / "work" / "gc16" / "orders").iterdir())
        assert status(clone) == "", "the bundled game and every tracked file are untouched"
    collected = sh(without_setup(opening_command(TEST_LABEL, readme)) + COLLECT, clone)
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr
    assert re.search(r"^\d+ tests collected", collected.stdout, re.M), collected.stdout[-500:]


@pytest.mark.slow
def test_the_conflict_demo_command_and_a_second_run(clone: Path) -> None:
    readme = (clone / "README.md").read_text(encoding="utf-8")
    # the whole command: its first line and every line a trailing backslash continues
    match = re.search(r"^    (rm -rf work/conflict-demo (?:.*\\\n)*.*)$", readme, re.M)
    assert match, "the README shows the same command for the conflict demo"
    ran = sh(match.group(1), clone)
    assert ran.returncode == stated_rc(readme), ran.stdout + ran.stderr
    assert (clone / "work/conflict-demo/turns/001/printouts/1.pdf").is_file()
    again = re.search(r"Run `(\.venv/bin/galbatch process work/gc16)` again", readme)
    assert again, "the README says what a second run does"
    sh(without_setup(opening_command(RUN_LABEL, readme)), clone)
    second = sh(again.group(1), clone)
    assert second.returncode == 12 and "nothing changed" in second.stdout, second.stdout
    assert not (clone / "work/gc16/turns/002").exists()
    assert status(clone) == ""


@pytest.mark.slow
def test_a_turn_run_in_games_itself_breaks_no_test(clone: Path) -> None:
    """The issue: a turn run in the tracked games/gc16 made the suite fail at collection."""
    for game in ("gc16", "conflict-demo"):
        sh(f".venv/bin/galbatch process games/{game} --no-pdf", clone)
        assert (clone / "games" / game / "turns" / "001").is_dir()
    assert status(clone) != ""
    inner = f"--basetemp={shlex.quote(str(clone.parent / 'inner'))} -p no:cacheprovider"
    inbox = "tests/test_bundled_games.py -k 'inbox or tracks'"  # the tests of the shipped inbox
    checked = sh(f".venv/bin/python -m pytest -q {inner} {inbox}", clone)
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr
    test = opening_command(TEST_LABEL, (clone / "README.md").read_text(encoding="utf-8"))
    collected = sh(without_setup(test) + COLLECT, clone)
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr
    subprocess.run(["git", "checkout", "-q", "games/"], cwd=clone, check=True)
    subprocess.run(["git", "clean", "-qfd", "games/"], cwd=clone, check=True)
    assert status(clone) == ""


# ---- the walkthrough ------------------------------------------------------------------------

WALKTHROUGH = README[README.index("## A game from start to finish") :]
WALKTHROUGH = WALKTHROUGH[: WALKTHROUGH.index("\n## ", 1)]
BLOCKS = re.findall(r"^```sh\n(.*?)^```$", WALKTHROUGH, re.M | re.S)


def test_the_walkthrough_covers_one_whole_cycle() -> None:
    script = "\n".join(BLOCKS)
    commands = [line.split()[1] for line in script.splitlines() if line.startswith("galbatch ")]
    assert commands == ["new", "check", "check", "process", "print", "print", "print", "passwd"]
    assert "--view work/spring/turns/000/views/1.yaml" in script
    assert 'GAME <game> PLAYER <id> PASSWORD "<password>"' in WALKTHROUGH
    for thing in ("printouts/<id>.pdf", "views/<id>.yaml", "their password", "`END`"):
        assert thing in WALKTHROUGH, thing


@pytest.mark.slow
def test_the_walkthrough_runs_in_the_order_written(tmp_path: Path) -> None:
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    fake_venv(tmp_path, ROOT)
    script = "set -euo pipefail\n" + "\n".join(BLOCKS)
    env = {**os.environ, "PYTHONPATH": str(galbatch_path(ROOT))}
    ran = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    out = ran.stdout
    assert re.search(r"^1\s+ARCTURUS\s+hydra-spring$", out, re.M), out
    assert (tmp_path / "work/spring.passwords.txt").is_file(), "as the README says"
    assert not (tmp_path / "work/chosen.txt").exists()
    assert "060   COMMIT   0000  turns/001" in out and "MAXCC=0000" in out
    spring = tmp_path / "work" / "spring"
    for mentioned in sorted(set(re.findall(r"work/spring/turns/000/[\w/<>.]+", WALKTHROUGH))):
        for pid in ("1", "2", "3", "4"):
            path = tmp_path / mentioned.replace("<id>", pid)
            assert path.is_file() or path.is_dir(), mentioned
    for name in ("printouts/1.pdf", "views/1.yaml", "archive.pdf", "job.log"):
        assert (spring / "turns" / "001" / name).is_file(), name
    assert not list((spring / "orders").iterdir()), "the inbox is empty after the run"
    assert (tmp_path / "work/arcturus-1.pdf").read_bytes() == (
        spring / "turns/001/printouts/1.pdf"
    ).read_bytes()
    assert (tmp_path / "work/spring-1.pdf").read_bytes() == (
        spring / "turns/001/archive.pdf"
    ).read_bytes()
    new_password = out.strip().splitlines()[-1].strip()
    assert len(new_password.split("-")) == 5, out[-500:]
    player_3 = "\n".join(["GAME spring PLAYER 3 PASSWORD " + f'"{new_password}"', "END", ""])
    (tmp_path / "rigel.txt").write_text(player_3)
    checked = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", "rigel.txt", "--game", str(spring)],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr


# ---- shell completion ------------------------------------------------------------------------

COMPLETION = re.findall(r"_GALBATCH_COMPLETE=(\w+)_source galbatch", README)


def test_the_readme_documents_completion_for_bash_zsh_and_fish() -> None:
    assert COMPLETION == ["bash", "zsh", "fish"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_the_documented_completion_scripts_come_out(shell: str, tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli"],
        env={**os.environ, "_GALBATCH_COMPLETE": f"{shell}_source"},
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "_GALBATCH_COMPLETE" in result.stdout and "galbatch" in result.stdout
    if shell == "bash" and shutil.which("bash"):
        script = tmp_path / "complete.bash"
        script.write_text(result.stdout)
        loaded = subprocess.run(
            ["bash", "-c", f"source {shlex.quote(str(script))} && complete -p galbatch"],
            capture_output=True,
            text=True,
        )
        assert loaded.returncode == 0 and "galbatch" in loaded.stdout, loaded.stderr
