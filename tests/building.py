"""Build the project's wheel from a clean copy of the sources, as pip would for a user."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_SOURCES = shutil.ignore_patterns(
    ".git", ".venv", "build", "*.egg-info", "__pycache__", ".pytest_cache", "games",
    "work", ".mypy_cache", ".ruff_cache", ".hypothesis",
)  # fmt: skip


def build_wheel(work: Path) -> Path:
    """The wheel of the sources, built in `work` with this interpreter's setuptools."""
    source = work / "src"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCES)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-cache-dir", "-q", "-w", str(work / "dist"), str(source)],
        capture_output=True, text=True,
    )  # fmt: skip
    if built.returncode != 0:
        raise RuntimeError(built.stdout + built.stderr)
    (wheel,) = (work / "dist").glob("galbatch-*.whl")
    return wheel


def imported_from() -> Path:
    """The folder this process imports galbatch from: the clone's top under an editable
    install, site-packages under a plain one (see conftest). A subprocess that is to run the
    same galbatch gets it on PYTHONPATH, and a working directory other than the clone's."""
    import galbatch

    return Path(galbatch.__file__).resolve().parent.parent


def pinned_dependencies() -> list[str]:
    """galbatch's run-time dependencies, all the way down, at the versions installed here."""
    pins: dict[str, str] = {}
    todo = ["galbatch"]
    while todo:
        for requirement in metadata.distribution(todo.pop()).requires or []:
            if "extra ==" in requirement:
                continue
            found = re.match(r"[A-Za-z0-9._-]+", requirement)
            assert found, requirement
            name = found.group(0)
            key = re.sub(r"[-_.]+", "-", name).lower()
            if key in pins:
                continue
            try:
                pins[key] = f"{name}=={metadata.version(name)}"
            except metadata.PackageNotFoundError:  # excluded here by its marker
                continue
            todo.append(name)
    return sorted(pins.values())
