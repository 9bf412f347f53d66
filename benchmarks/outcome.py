"""What a benchmark times must have done its work: these stop the script, loudly, when
it failed, so that no figure is ever taken of an error message (not a script itself).

Importing it also puts the top of the sources last on the path, for the scripts that
build their games with the tests' helpers (`tests/`): after this environment's galbatch,
whose grammars a source tree does not hold where an installed galbatch has them.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))

UNUSABLE = 12  # RC.UNUSABLE: from here on, a command or a turn did not do its work

# Each script is run as `python benchmarks/NAME.py`, which puts this folder, not the
# working directory, first on the path: a command it runs must not find a source tree
# in the working directory either (`-P`), but the galbatch of this environment.
PYTHON = [sys.executable, "-P"]
# A command runs from bytecode, as an installed galbatch does (pip compiles it; the first
# run writes it for an editable install): without, every run compiles what it imports.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def fail(what: str, detail: str) -> None:
    """Stop the benchmark: `what` failed, as `detail` says."""
    sys.exit(f"BENCHMARK FAILED: {what}\n{detail.rstrip()}")


def run_command(cmd: Sequence[str], ok: Sequence[int] = (0,)) -> subprocess.CompletedProcess[bytes]:
    """Run `cmd`, its output captured; stop the benchmark unless it exits with a status
    of `ok` and writes no traceback."""
    done = subprocess.run(list(cmd), capture_output=True, check=False, env=ENV)
    said = (done.stdout + done.stderr).decode("utf-8", "replace")
    if done.returncode not in ok or "Traceback" in said:
        fail(f"{' '.join(cmd)} exited with status {done.returncode}", said[-2000:])
    return done


def turn_done(result: Any, worst: int = UNUSABLE - 1) -> None:
    """Stop the benchmark unless the turn job `result` (a `TurnResult`) committed its turn
    with a return code of at most `worst`."""
    if result.committed is None or int(result.rc) > worst:
        fail(f"the turn ended with RC {int(result.rc)}", result.log)
