"""The code stays ruff- and mypy-clean: the project's standard, checked on every CI run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_check() -> None:
    result = run("ruff", "check", "galbatch", "tests", "benchmarks", "grammars")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run("ruff", "format", "--check", "galbatch", "tests", "benchmarks", "grammars")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_no_module_is_over_800_lines() -> None:
    """Small modules with one job: a module past 800 lines is split by subject."""
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text().splitlines())
        for path in sorted((ROOT / "galbatch").rglob("*.py"))
    }
    assert sizes, "no module found"
    assert {name: n for name, n in sizes.items() if n > 800} == {}
