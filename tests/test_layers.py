"""The architecture's layers: no module imports from a layer above its own.

Lowest first. A ruleset builds on the engine's language, contract and checker and on
the print layer; the game directory, the jobs, the post room and the command line
build on the rulesets, through their registry; the web site files orders as the
post room does, and the command line serves it. Function-local and type-checking
imports count too: a lazy import is still a dependency.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "galbatch"
LAYERS: tuple[tuple[str, ...], ...] = (
    ("galbatch", "galbatch.fonts", "galbatch.grammars", "galbatch.words"),
    ("galbatch.engine.text",),
    ("galbatch.print",),
    ("galbatch.engine.language", "galbatch.engine.security"),
    ("galbatch.engine.contract",),
    ("galbatch.engine.checker",),
    ("galbatch.rules",),
    ("galbatch.engine.gamedir",),
    ("galbatch.engine.job",),
    ("galbatch.post",),
    ("galbatch.web",),
    ("galbatch.cli",),
)


def layer_of(module: str) -> int:
    """The layer of a module: that of the longest package in LAYERS it is in."""
    best, found = -1, -1
    for number, packages in enumerate(LAYERS):
        for package in packages:
            inside = module == package or module.startswith(package + ".")
            if inside and len(package) > best:
                best, found = len(package), number
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """Every galbatch module `path` imports, with the line of the import."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return [(line, name) for line, name in found if name.split(".")[0] == "galbatch"]


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_module_has_a_layer() -> None:
    assert MODULES
    assert [module_name(p) for p in MODULES if layer_of(module_name(p)) < 0] == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_import_runs_up_a_layer(path: Path) -> None:
    here = module_name(path)
    upward = [
        f"line {line}: {name}" for line, name in imports(path) if layer_of(name) > layer_of(here)
    ]
    assert upward == [], f"{here} (layer {layer_of(here)}) imports from above"


def test_the_layers_see_a_violation() -> None:
    assert layer_of("galbatch.cli") > layer_of("galbatch.engine.job.run")
    assert layer_of("galbatch.rules.conflict.check") > layer_of("galbatch.engine.checker.facts")
    assert layer_of("galbatch.engine.gamedir.commit") > layer_of("galbatch.rules")
    assert layer_of("galbatch.print.page") < layer_of("galbatch.engine.contract.ruleset")
    assert (
        layer_of("galbatch.post.filing") < layer_of("galbatch.web.app") < layer_of("galbatch.cli")
    )
