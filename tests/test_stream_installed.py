"""The night's job stream, `galbatch process --jobs 2 DIR1 DIR2`, run from the top of a
clone by a galbatch installed there with a plain `pip install .` (not editable).

Each game's job runs in a child `python`; started in the clone's top, it once imported
the clone's `galbatch/`, which has no `galbatch.grammars` (the grammars are `grammars/`,
mapped into the package only by an install), and every job failed with "No module named
'galbatch.grammars'". The fresh virtual environment is made in the test's temporary
directory, the run-time dependencies at the versions installed here (from the package
index: skipped, not failed, when that cannot be done); about 20 to 60 s.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.building import NOT_SOURCES, ROOT, pinned_dependencies
from tests.bundled import copy_shipped

pytestmark = pytest.mark.slow


def environment(tmp: Path) -> dict[str, str]:
    """No user site, no inherited PYTHONPATH, the per-user cache inside `tmp`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return {**env, "XDG_CACHE_HOME": str(tmp / "cache"), "PYTHONNOUSERSITE": "1"}


def test_the_stream_from_the_top_of_a_clone_with_a_plain_install(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    shutil.copytree(ROOT, clone, ignore=NOT_SOURCES)
    assert (clone / "galbatch" / "__init__.py").is_file()  # the sources the jobs must not import
    assert not (clone / "galbatch" / "grammars").exists()
    env = environment(tmp_path)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=env, timeout=120)
    try:
        installed = subprocess.run(
            [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-cache-dir",
             "--disable-pip-version-check", "--timeout", "20", *pinned_dependencies(), "."],
            capture_output=True, text=True, env=env, cwd=clone, timeout=300,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.skip("installing into a fresh virtual environment took too long")
    if installed.returncode != 0:
        pytest.skip(f"cannot install into a fresh virtual environment: {installed.stderr[-500:]}")
    shown = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "pip", "show", "-f", "galbatch"],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=True,
    )  # fmt: skip
    assert "galbatch/grammars/" in shown.stdout and "__editable__" not in shown.stdout
    for name in ("conflict-demo", "gc16"):
        copy_shipped(name, clone / "games" / name)
    done = subprocess.run(
        [str(venv / "bin" / "galbatch"), "process", "--no-pdf", "--jobs", "2",
         "games/conflict-demo", "games/gc16"],
        capture_output=True, text=True, env=env, cwd=clone, timeout=300,
    )  # fmt: skip
    said = done.stdout + done.stderr
    assert "No module named" not in said and "Traceback" not in said, said
    assert done.returncode == 8, said  # each bundled game's orders hold errors: RC 8
    summary = done.stdout.split("GALBATCH  STREAM  2 JOBS\n")[1].splitlines()
    assert summary[1:] == [
        "CONFLICT-DEMO.T001          1  0008   committed      games/conflict-demo",
        "GC16.T001                   1  0008   committed      games/gc16",
        "STREAM ENDED  MAXCC=0008",
    ], said
    for name in ("conflict-demo", "gc16"):
        assert (clone / "games" / name / "turns" / "001" / "state.yaml").is_file()
