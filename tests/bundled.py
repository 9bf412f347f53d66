"""The bundled games as shipped, whatever has since been done to games/ in this work tree.

A turn run in games/gc16 itself (the old first command of the README did that) takes the
inbox out of orders/ and adds turns/001/. Tests must not see that: they read the bundled
games through `shipped()`, a private copy made once per test process of the files git
tracks under games/<name>. A tracked file is taken as it is in the work tree (a developer
re-making a bundled game sees their change), or from git's index when a run deleted it;
an untracked file (a turn someone ran) is left out. Without git (an unpacked source
archive) the copy is the work tree's games/<name> without any turn after the ones it
ships (000; galaxy13 ships 001 too, spiral6 and nebula4 001 and 002).
"""

from __future__ import annotations

import atexit
import functools
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "games"
# the last turn each game ships; 0 if not listed
LAST_TURN = {"galaxy13": 1, "spiral6": 2, "nebula4": 2}


def _git(*args: str) -> subprocess.CompletedProcess[bytes] | None:
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        return None
    result = subprocess.run([git, "-C", str(ROOT), *args], capture_output=True)
    return result if result.returncode == 0 else None


def tracked(name: str) -> list[str] | None:
    """Paths under games/<name> (relative to it) that git tracks; None without git."""
    listed = _git("ls-files", "-z", "--", f"games/{name}")
    if listed is None:
        return None
    prefix = f"games/{name}/"
    return sorted(p[len(prefix) :] for p in listed.stdout.decode().split("\0") if p)


def copy_shipped(name: str, target: Path) -> Path:
    """Write games/<name> as shipped to `target` (which must not exist) and return it."""
    source = GAMES / name
    files = tracked(name)
    if not files:  # no git, or a game not yet committed: the work tree, turn 0 only
        shutil.copytree(
            source, target, ignore=lambda d, names: [n for n in names if _later_turn(d, n)]
        )
        return target
    for rel in files:
        dest = target / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        here = source / rel
        if here.is_file():
            shutil.copy2(here, dest)
        else:
            blob = _git("cat-file", "blob", f":games/{name}/{rel}")
            if blob is None:
                raise FileNotFoundError(f"games/{name}/{rel} is neither in the tree nor in git")
            dest.write_bytes(blob.stdout)
    (target / "orders").mkdir(exist_ok=True)  # git keeps no empty inbox
    return target


def _later_turn(directory: str, name: str) -> bool:
    turns = Path(directory)
    last = LAST_TURN.get(turns.parent.name, 0)
    return turns.name == "turns" and name.isdigit() and int(name) > last


@functools.cache
def _home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="galbatch-shipped-"))
    atexit.register(shutil.rmtree, home, True)
    return home


@functools.cache
def shipped(name: str) -> Path:
    """A copy of games/<name> as shipped, made once per process: read it, never write to it."""
    return copy_shipped(name, _home() / name)


def resend(bundled: Path, game: Path, turn: str, turns: list[str]) -> None:
    """Make `game`, a copy of the bundled game `bundled`, stand before `turn` (of the
    shipped `turns`) with the orders that turn kept in its inbox, their passwords put
    back from PASSWORDS.txt: processed, it makes the turn again."""
    for later in turns[turns.index(turn) :]:
        shutil.rmtree(game / "turns" / later)
    for waiting in (game / "orders").iterdir():
        waiting.unlink()
    passwords = dict(
        line.split(maxsplit=1)
        for line in (bundled / "PASSWORDS.txt").read_text().splitlines()
        if line and not line.startswith("#")
    )
    hidden = f'PASSWORD "{"*" * 8}"'  # the game keeps orders without their password
    for kept in sorted((bundled / "turns" / turn / "orders").iterdir()):
        sent = kept.read_text().replace(hidden, f'PASSWORD "{passwords[kept.stem]}"', 1)
        (game / "orders" / kept.name).write_text(sent)
