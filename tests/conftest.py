"""Shared fixtures: copies of the bundled demo game to process without touching it.

Tests read the bundled games only through tests.bundled (what git tracks), never through
games/ as it is in the work tree, which a turn run there changes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent
DEMO = shipped("conflict-demo")  # read only; the `demo` fixture gives a copy to change


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A fresh copy of games/conflict-demo as shipped: turn 0 with its turn-1 inbox."""
    target = tmp_path / "conflict-demo"
    shutil.copytree(DEMO, target)
    return target
