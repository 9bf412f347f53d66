"""The built wheel carries its grammars, fonts and word list: galbatch works from anywhere."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", "games"
        ),
    )
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(work / "dist"),
            str(source),
        ],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        pytest.fail(built.stdout + built.stderr)
    (wheel,) = (work / "dist").glob("galbatch-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "galbatch/grammars/conflict.lark" in names
    assert "galbatch/fonts/DejaVuSansMono.ttf" in names
    assert "galbatch/words/eff_large_wordlist.txt" in names
    assert "galbatch/words/LICENSE-EFF-wordlist.txt" in names
    target = work / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    return target


def run(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(target)}
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )


def test_installed_wheel_checks_and_processes_from_elsewhere(
    installed: Path, tmp_path: Path
) -> None:
    game = tmp_path / "demo"
    shutil.copytree(ROOT / "games" / "conflict-demo", game)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    probe = subprocess.run(
        [sys.executable, "-c", "import galbatch; print(galbatch.__file__)"],
        cwd=elsewhere,
        env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True,
        text=True,
    )
    assert probe.stdout.startswith(str(installed)), "the wheel, not the source tree, is used"
    checked = run(
        installed,
        elsewhere,
        "check",
        str(ROOT / "samples/conflict/rejected.txt"),
        "--ruleset",
        "conflict",
    )
    assert checked.returncode == 8 and "[CF100]" in checked.stdout
    processed = run(installed, elsewhere, "process", str(game))
    assert processed.returncode == 12, processed.stdout + processed.stderr
    assert (game / "turns/001/printouts/1.pdf").read_bytes().startswith(b"%PDF")


def test_installed_wheel_generates_passwords_from_its_word_list(
    installed: Path, tmp_path: Path
) -> None:
    made = subprocess.run(
        [
            sys.executable,
            "-c",
            "from galbatch.engine import passwords as p; print(p.new_password())",
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    assert len(made.stdout.split("-")) == 5
