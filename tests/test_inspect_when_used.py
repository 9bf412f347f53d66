"""`inspect`, deferred by a plain check (galbatch.cli.quick.inspect_when_used), runs at
its first use and then behaves as if it had been imported all along; a check of every
ruleset never runs it."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import sys
from galbatch.cli.quick import inspect_when_used
inspect_when_used()
stand_in = sys.modules["inspect"]
import inspect
from dataclasses import dataclass
assert inspect is stand_in and "ast" not in sys.modules, "an import must not run it"

@dataclass
class Told:
    '''Has its docstring: no signature asked.'''
    a: int

assert "ast" not in sys.modules, "a dataclass with a docstring must not run it"

@dataclass
class Untold:
    a: int
    b: str = "x"

assert Untold.__doc__ == "Untold(a: int, b: str = 'x')", Untold.__doc__
real = sys.modules["inspect"]
assert real is not stand_in and type(real).__name__ == "module"
assert inspect.signature is real.signature and inspect.getmembers is real.getmembers
from inspect import getmro
assert getmro(Told) == (Told, object)
inspect_when_used()
assert sys.modules["inspect"] is real, "once run, it stays the real module"
print("ok")
"""


def test_inspect_runs_at_its_first_use_as_an_import_would() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "ok\n", "")


def modules_of_check(cache: Path, *args: str) -> set[str]:
    """The modules a plain `galbatch check ARGS` imports, by `-X importtime`, with the
    user's cache in `cache`."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "galbatch.cli", "check", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={**os.environ, "XDG_CACHE_HOME": str(cache)},
    )
    assert done.returncode in (0, 4, 8), done.stderr[-2000:]
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["conflict-demo", "gc16", "galaxy13", "spiral6", "nebula4"])
def test_a_check_of_every_ruleset_never_runs_inspect(name: str, tmp_path: Path) -> None:
    """Nor does a check whose game.yaml is loaded and validated in full (no summary in
    the cache yet), nor one that reads the summary."""
    game = shipped(name)
    last = sorted((game / "turns").iterdir())[-1]
    orders = str(game / "orders" / "1.txt")
    for mode in (["--game", str(game)], ["--view", str(last / "views" / "1.yaml")]):
        for cache in ("cold", "warm"):
            modules = modules_of_check(tmp_path / mode[0], orders, *mode)
            assert f"galbatch.rules.{RULESET[name]}.ruleset" in modules, mode
            assert not {"inspect", "ast", "dis"} & modules, (mode, cache)


def test_every_dataclass_has_a_docstring() -> None:
    """`dataclass` asks `inspect` for a signature to write as the docstring of a class
    without one: on a check's path, that would run the module the check defers."""
    undocumented = []
    for path in sorted((ROOT / "galbatch").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and ast.get_docstring(node) is None:
                decorators = [ast.unparse(d) for d in node.decorator_list]
                if any(d.startswith(("dataclass", "frozen")) for d in decorators):
                    undocumented.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not undocumented


RULESET = {
    "conflict-demo": "conflict",
    "gc16": "conqueror",
    "galaxy13": "galactac",
    "spiral6": "galaktikos",
    "nebula4": "interstellar",
}
