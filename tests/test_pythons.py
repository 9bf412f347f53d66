"""The same turn, byte for byte, on every supported Python found on this machine.

pyproject.toml says Python 3.11 to 3.13. For each of those other than the one running the
tests, found as pythonX.Y on PATH or as a pyenv version, this makes a virtual environment
in the test's temporary directory, installs the wheel and the run-time dependencies at the
versions installed here (from the package index: skipped, not failed, when that cannot be
done), runs turn 1 of a copy of the Galactic Conflict demo with every PDF, and compares
every file of the game with the same turn made by this interpreter. Versions not found are
skipped; about 20 to 40 s each where they are.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.building import build_wheel, imported_from, pinned_dependencies
from tests.bundled import copy_shipped

SUPPORTED = ("3.11", "3.12", "3.13")
pytestmark = pytest.mark.slow
OTHERS = [v for v in SUPPORTED if v != f"{sys.version_info[0]}.{sys.version_info[1]}"]


def version_of(python: str) -> str | None:
    try:
        out = subprocess.run(
            [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout.strip() if out.returncode == 0 else None


def find_python(version: str) -> str | None:
    """pythonX.Y on PATH if it runs (a pyenv shim may not), else the newest pyenv X.Y."""
    candidates = []
    on_path = shutil.which(f"python{version}")
    if on_path:
        candidates.append(on_path)
    pyenv = shutil.which("pyenv")
    if pyenv:
        root = subprocess.run([pyenv, "root"], capture_output=True, text=True).stdout.strip()
        if root:
            found = Path(root).glob(f"versions/{version}.*/bin/python{version}")
            candidates += [str(p) for p in sorted(found, key=lambda p: p.parts, reverse=True)]
    return next((c for c in candidates if version_of(c) == version), None)


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


def environment(tmp: Path) -> dict[str, str]:
    """No user site, no inherited PYTHONPATH, the grammar cache inside `tmp`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return {**env, "XDG_CACHE_HOME": str(tmp / "cache"), "PYTHONNOUSERSITE": "1"}


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, Path]:
    """Turn 1 of the demo made by this interpreter, and the wheel of these sources."""
    work = tmp_path_factory.mktemp("pythons")
    game = copy_shipped("conflict-demo", work / "reference")
    done = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "process", str(game)],
        capture_output=True, text=True, cwd=work,
        env={**environment(work), "PYTHONPATH": str(imported_from())},
    )  # fmt: skip
    assert (game / "turns" / "001" / "archive.pdf").is_file(), done.stdout + done.stderr
    return game, done.returncode, build_wheel(work)


@pytest.mark.parametrize("version", OTHERS)
def test_the_same_turn_byte_for_byte(
    version: str, reference: tuple[Path, int, Path], tmp_path: Path
) -> None:
    python = find_python(version)
    if python is None:
        pytest.skip(f"no Python {version} on this machine")
    game, rc, wheel = reference
    env = environment(tmp_path)
    venv = tmp_path / "venv"
    made = subprocess.run(
        [python, "-m", "venv", str(venv)], capture_output=True, text=True, env=env, timeout=120
    )
    if made.returncode != 0:
        pytest.skip(f"Python {version} cannot make a virtual environment: {made.stderr}")
    try:
        installed = subprocess.run(
            [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-cache-dir",
             "--disable-pip-version-check", "--timeout", "20", *pinned_dependencies(), str(wheel)],
            capture_output=True, text=True, env=env, timeout=240,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.skip(f"installing into Python {version} took too long")
    if installed.returncode != 0:
        pytest.skip(f"cannot install into Python {version}: {installed.stderr[-500:]}")
    other = copy_shipped("conflict-demo", tmp_path / "game")
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "galbatch.cli", "process", str(other)],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert done.returncode == rc, done.stdout + done.stderr
    ours, theirs = tree(game), tree(other)
    assert sorted(theirs) == sorted(ours)
    differ = [name for name in ours if ours[name] != theirs[name]]
    assert differ == [], f"Python {version} made different bytes in {differ}"
    assert any(name.startswith("turns/001/printouts/") for name in ours)
