"""Shared fixtures: copies of the bundled demo game to process without touching it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "games" / "conflict-demo"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A fresh copy of games/conflict-demo at turn 0 with its turn-1 inbox."""
    target = tmp_path / "conflict-demo"
    shutil.copytree(DEMO, target)
    return target
