"""The bundled games are what `galbatch new` makes today: turn 0 byte for byte.

Read as shipped (what git tracks, tests.bundled), so a turn someone ran in games/ changes
nothing here; and a turn run there, as the README's commands never do, breaks no test.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bundled import shipped, tracked

ROOT = Path(__file__).resolve().parent.parent

GAMES = {
    "conflict-demo": [
        "conflict", "--id", "conflict-demo", "--players", "6", "--seed", "1997",
        "--gm", "Flying Buffalo (demo)", "--title", "Galactic Conflict demo",
    ],
    "gc16": [  # the calendar of GC16's announcement of 27 January 1997: a Wednesday
        "conqueror", "--id", "GC16", "--players", "8", "--seed", "1997",   # about 2 weeks on,
        "--gm", "Harry Zimmermann (demo)", "--title", "Galactic Conqueror GC16",  # then weekly
        "--start", "1997-02-12", "--days", "7",
    ],
}  # fmt: skip


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.mark.parametrize("name", sorted(GAMES))
def test_bundled_turn_0_is_reproducible(name: str, tmp_path: Path) -> None:
    bundled = shipped(name)
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

    game = Game.open(shipped(name))
    assert game.latest_turn() == 0
    assert sorted(p.stem for p in game.inbox.iterdir()) == INBOX[name]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_git_tracks_turn_0_and_the_inbox_and_nothing_later(name: str) -> None:
    files = tracked(name)
    if files is None:
        pytest.skip("not a git work tree")
    assert {f.split("/")[0] for f in files} == {"PASSWORDS.txt", "game.yaml", "orders", "turns"}
    assert {f.split("/")[1] for f in files if f.startswith("turns/")} == {"000"}
    assert sorted(f for f in files if f.startswith("orders/")) == [
        f"orders/{p}.txt" for p in INBOX[name]
    ]


def test_a_turn_run_in_the_work_tree_does_not_change_the_shipped_copy(tmp_path: Path) -> None:
    """What tests see of games/ is what git tracks, even after a turn was run in games/."""
    git = shutil.which("git")
    if git is None or tracked("conflict-demo") is None:
        pytest.skip("needs git and a git work tree")
    clone = tmp_path / "clone"
    subprocess.run([git, "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "process", "games/conflict-demo", "--no-pdf"],
        cwd=clone, capture_output=True, check=False,
    )  # fmt: skip
    assert (clone / "games/conflict-demo/turns/001").is_dir()
    assert not list((clone / "games/conflict-demo/orders").iterdir())
    probe = (
        "import sys; from pathlib import Path; from tests.bundled import copy_shipped;"
        "copy_shipped('conflict-demo', Path(sys.argv[1]))"
    )
    copied = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "copy")], cwd=clone, capture_output=True
    )
    assert copied.returncode == 0, copied.stderr
    assert tree(tmp_path / "copy") == tree(shipped("conflict-demo"))
