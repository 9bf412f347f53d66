"""`inspect`, deferred by a plain check (galbatch.cli.quick.inspect_when_used), runs at
its first use and then behaves as if it had been imported all along; a check of every
ruleset never runs it."""

from __future__ import annotations

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


def modules_of_check(*args: str) -> set[str]:
    """The modules a plain `galbatch check ARGS` imports, by `-X importtime`."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "galbatch.cli", "check", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert done.returncode in (0, 4, 8), done.stderr[-2000:]
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if "|" in line}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["conflict-demo", "gc16", "galaxy13", "spiral6", "nebula4"])
def test_a_check_of_every_ruleset_never_runs_inspect(name: str) -> None:
    game = shipped(name)
    last = sorted((game / "turns").iterdir())[-1]
    orders = str(game / "orders" / "1.txt")
    for mode in (["--game", str(game)], ["--view", str(last / "views" / "1.yaml")]):
        modules = modules_of_check(orders, *mode)
        assert f"galbatch.rules.{RULESET[name]}.ruleset" in modules, mode
        assert not {"inspect", "ast", "dis"} & modules, (mode, sorted(modules))


RULESET = {
    "conflict-demo": "conflict",
    "gc16": "conqueror",
    "galaxy13": "galactac",
    "spiral6": "galaktikos",
    "nebula4": "interstellar",
}
