"""A cold `galbatch check` calls no `compile()`, in every game and mode.

The first `compile()` of a process builds the types of Python's syntax tree: 9.4 M
instructions, about 1.5 ms of a check that takes 80. typing calls it for every type
named in a string where the string is evaluated at import (a type variable's bound, a
generic base's parameters, the fields of a NamedTuple in a module with postponed
annotations). The dataclasses' methods come from the per-user cache once a first run
has compiled them, so the check is run twice and only the second is watched.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = {  # each ruleset's bundled game
    "conflict": "conflict-demo",
    "conqueror": "gc16",
    "galactac": "galaxy13",
    "galaktikos": "spiral6",
    "interstellar": "nebula4",
}

# Runs the check as `galbatch` does, with `compile` watched; prints what called it.
PROBE = """
import builtins, json, os, runpy, sys

calls = []
real = builtins.compile

def compile(source, filename, *args, **kwargs):
    caller = sys._getframe(1).f_code
    calls.append(f"{str(source)[:60]!r} from {caller.co_filename}:{caller.co_name}")
    return real(source, filename, *args, **kwargs)

def report():
    sys.stderr.write("\\nCOMPILED " + json.dumps(calls) + "\\n")
    sys.stderr.flush()

builtins.compile = compile
exit_now = os._exit
os._exit = lambda code: (report(), exit_now(code))
sys.argv = ["galbatch", "check", *sys.argv[1:]]
try:
    runpy.run_module("galbatch.cli", run_name="__main__")
finally:
    report()
"""


def compiled(args: list[str], cache: Path) -> tuple[int, list[str], str]:
    """A check's return code, what called `compile()` in it, and its output."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    reports = [line for line in done.stderr.splitlines() if line.startswith("COMPILED ")]
    assert reports, done.stderr
    return done.returncode, json.loads(reports[0].removeprefix("COMPILED ")), done.stderr


def modes(ruleset: str) -> dict[str, list[str]]:
    """The options of `check` in each mode, for the ruleset's bundled game."""
    game = ROOT / "games" / GAMES[ruleset]
    latest = max(p for p in (game / "turns").iterdir() if p.name.isdigit())
    return {
        "ruleset": ["--ruleset", ruleset],
        "view": ["--view", str(latest / "views" / "1.yaml")],
        "game": ["--game", str(game)],
    }


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_a_warm_check_compiles_nothing(ruleset: str, tmp_path: Path) -> None:
    orders = ROOT / "games" / GAMES[ruleset] / "orders" / "1.txt"
    for mode, options in modes(ruleset).items():
        args = [str(orders), *options]
        first, _, out = compiled(args, tmp_path / "cache")
        assert first in (0, 4, 8), out
        again, calls, out = compiled(args, tmp_path / "cache")
        assert again == first, out
        assert calls == [], f"{ruleset} --{mode}: {calls}"


@pytest.mark.slow
def test_the_probe_sees_a_compile(tmp_path: Path) -> None:
    """The watch works: a run whose methods are not yet cached compiles them."""
    orders = ROOT / "games" / "conflict-demo" / "orders" / "1.txt"
    rc, calls, out = compiled([str(orders), "--ruleset", "conflict"], tmp_path / "cold")
    assert rc in (0, 4, 8), out
    assert any("compiled_methods" in call for call in calls), calls
