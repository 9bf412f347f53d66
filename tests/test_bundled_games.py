"""The bundled games are what `galbatch new` makes today: turn 0 byte for byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

GAMES = {
    "conflict-demo": [
        "conflict", "--id", "conflict-demo", "--players", "6", "--seed", "1997",
        "--gm", "Flying Buffalo (demo)", "--title", "Galactic Conflict demo",
    ],
    "gc16": [
        "conqueror", "--id", "GC16", "--players", "8", "--seed", "1997",
        "--gm", "Harry Zimmermann (demo)", "--title", "Galactic Conqueror GC16",
    ],
}  # fmt: skip


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bundled_turn_0_is_reproducible(name: str, tmp_path: Path) -> None:
    bundled = ROOT / "games" / name
    passwords = tmp_path / "passwords.txt"
    passwords.write_text((bundled / "PASSWORDS.txt").read_text())
    ruleset, *options = GAMES[name]
    made = tmp_path / name
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "new", ruleset, str(made), *options,
         "--passwords", str(passwords)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert tree(made / "turns" / "000") == tree(bundled / "turns" / "000"), (
        "the bundled game is stale: re-make it with `galbatch new` (see its PASSWORDS.txt)"
    )


INBOX = {"conflict-demo": ["1", "2", "3", "4", "5"], "gc16": [str(i) for i in range(1, 9)]}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_inbox_holds_next_turns_orders(name: str) -> None:
    """GC16: every player sent commands; the conflict demo's VEGA (6) sent nothing."""
    from galbatch.engine.gamedir import Game

    game = Game.open(ROOT / "games" / name)
    assert game.latest_turn() == 0
    assert sorted(p.stem for p in game.inbox.iterdir()) == INBOX[name]
