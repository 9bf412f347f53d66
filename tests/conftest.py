"""Shared fixtures: copies of the bundled demo game to process without touching it.

Tests read the bundled games only through tests.bundled (what git tracks), never through
games/ as it is in the work tree, which a turn run there changes.

The tests test galbatch as it is installed in the environment running them. From the top
of the clone the clone itself is on sys.path (`python -m` puts the current directory
first, and pyproject's `pythonpath = ["."]` does so for a bare `pytest`, so that the tests
can import their helpers as `tests.*`), and its galbatch/ would shadow the installed one.
That source tree is not a whole package: setuptools maps `galbatch.grammars` to the
clone's grammars/ (package-dir), which an editable install maps at import and a plain
`pip install .` copies into the installed package. So galbatch is imported here, before
any test, as the environment has it: from the clone through an editable install's finder,
or the installed copy of a plain install (install again after a change, to test it). With
a plain install, PYTHONSAFEPATH keeps the current directory off the path of the tests'
subprocesses too (`python -m galbatch.cli` run from the top of the clone): every process
runs the same galbatch. The header of pytest's report says which.

`pytest -m "not slow"` is the inner loop: it leaves out the tests marked slow, those that
took half a second or more (`--durations=0`) on a busy two-core machine; a plain `pytest`
runs them all. A module whose tests share one game played once (a module-scoped fixture of
a few seconds) stays in the loop: those are the rules' own tests.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _import_galbatch_as_installed() -> None:
    """Import galbatch with the clone's top taken off sys.path for the while; if that finds
    none (nothing installed), the clone's own, as before."""
    if "galbatch" in sys.modules:
        return
    saved = sys.path[:]
    sys.path[:] = [p for p in saved if Path(p or ".").resolve() != ROOT]
    try:
        import galbatch  # noqa: F401
    except ImportError:
        pass
    finally:
        sys.path[:] = saved


_import_galbatch_as_installed()

from tests.building import imported_from  # noqa: E402
from tests.bundled import shipped  # noqa: E402

if imported_from() != ROOT:  # a plain install (Python 3.11 and later read PYTHONSAFEPATH)
    os.environ["PYTHONSAFEPATH"] = "1"

DEMO = shipped("conflict-demo")  # read only; the `demo` fixture gives a copy to change


def pytest_report_header() -> str:
    where = imported_from()
    return f"galbatch: {where / 'galbatch'}" + (" (installed copy)" if where != ROOT else "")


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    """A fresh copy of games/conflict-demo as shipped: turn 0 with its turn-1 inbox."""
    target = tmp_path / "conflict-demo"
    shutil.copytree(DEMO, target)
    return target
