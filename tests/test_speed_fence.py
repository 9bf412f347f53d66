"""The speed budget is fenced: the idioms that serve the cold `galbatch check` live on its
path only. Off that path, modules import at the top (a function-local import says on its
line why it is there) and records are dataclasses, not hand-written `Record` classes."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "games" / "conflict-demo"
ORDERS = 'GAME conflict-demo PLAYER 1 PASSWORD "arcturus-1997"\nA,1,2,5\nT,11,RIGEL\nEND\n'
PROBE = """
import sys
from galbatch.cli.group import main
sys.argv = ["galbatch", "check", *sys.argv[1:]]
try:
    main()
except SystemExit:
    pass
print("\\nMODULES", " ".join(sorted(m for m in sys.modules if m.startswith("galbatch"))))
"""


# Lazy by design: each method of a game's ruleset.py imports the module that does the
# work, and the registry imports only the game asked for.
def lazy_by_design(module: str) -> bool:
    return module == "galbatch.rules" or (
        module.startswith("galbatch.rules.") and module.endswith(".ruleset")
    )


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def check_path(tmp: str) -> frozenset[str]:
    """Every galbatch module a cold check imports, in each mode and for each game."""
    orders = Path(tmp) / "orders.txt"
    orders.write_text(ORDERS)
    view = DEMO / "turns" / "000" / "views" / "1.yaml"
    runs = [["--ruleset", name] for name in ("conflict", "conqueror", "galactac")]
    runs += [["--ruleset", "galaktikos"], ["--ruleset", "interstellar"], ["--view", str(view)]]
    runs += [["--game", str(DEMO)], ["--game", str(DEMO)]]  # the second with its cache
    env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
    found: set[str] = set()
    for args in runs:
        done = subprocess.run(
            [sys.executable, "-c", PROBE, str(orders), *args],
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
        found.update(done.stdout.rpartition("\nMODULES ")[2].split())
    assert "galbatch.engine.checker.pipeline" in found, "the probe saw no check"
    return frozenset(found)


@pytest.fixture(scope="module")
def on_path(tmp_path_factory: pytest.TempPathFactory) -> frozenset[str]:
    return check_path(str(tmp_path_factory.mktemp("check")))


def local_imports(path: Path) -> list[tuple[int, str]]:
    """The function-local imports of a module that give no reason on their line."""
    text = path.read_text()
    lines = text.splitlines()
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    line = lines[sub.lineno - 1]
                    if "#" not in line:
                        found.append((sub.lineno, line.strip()))
    return found


def records(path: Path) -> list[str]:
    """The hand-written record classes (subclasses of `Record`) a module defines."""
    tree = ast.parse(path.read_text())
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and any(ast.unparse(b) == "Record" for b in node.bases)
    ]


MODULES = sorted((ROOT / "galbatch").rglob("*.py"))


def test_the_check_path_is_seen(on_path: frozenset[str]) -> None:
    assert "galbatch.rules.conflict.facts" in on_path
    assert "galbatch.engine.job.run" not in on_path  # a turn's job is not a check's


def test_off_the_check_path_imports_are_at_the_top(on_path: frozenset[str]) -> None:
    lazy = {
        f"{module_name(p)}:{line}: {text}"
        for p in MODULES
        if module_name(p) not in on_path and not lazy_by_design(module_name(p))
        for line, text in local_imports(p)
    }
    assert sorted(lazy) == []


def test_hand_written_records_live_on_the_check_path(on_path: frozenset[str]) -> None:
    off = {module_name(p): records(p) for p in MODULES if module_name(p) not in on_path}
    assert {name: found for name, found in off.items() if found} == {}
