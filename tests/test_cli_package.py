"""The command line as a package: each command's module is imported only when that command
runs, the post room keeps no click code, and the exit codes are defined once (RC)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from galbatch.cli.group import COMMANDS, cli

ROOT = Path(__file__).resolve().parent.parent
HEADER = 'GAME demo PLAYER 1 PASSWORD "p"\n'
PROBE = """
import sys
from galbatch.cli.group import main
try:
    main(sys.argv[1:])
except SystemExit as e:
    code = e.code
print("\\nRC", code, "MODULES", " ".join(m for m in sys.modules if m.startswith("galbatch.")))
"""


def commands_imported(*args: str) -> tuple[int, set[str]]:
    """`galbatch ARGS` in a fresh interpreter: its status and the command modules it imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=False
    )
    tail = done.stdout.rpartition("\nRC ")[2]
    rc, _, modules = tail.partition(" MODULES ")
    return int(rc), {m for m in modules.split() if m.rpartition(".")[0] == "galbatch.cli"}


def command_modules() -> set[str]:
    return {where.rpartition(".")[0] for where in COMMANDS.values()}


def test_a_check_imports_the_check_command_alone(tmp_path: Path) -> None:
    orders = tmp_path / "o.txt"
    orders.write_text(HEADER + "A,1,2,5\nEND\n")
    rc, modules = commands_imported("check", str(orders), "-r", "conflict")
    assert rc == 0
    assert modules & command_modules() == {"galbatch.cli.check"}


def test_a_rating_imports_the_rating_command_alone() -> None:
    rc, modules = commands_imported("rating", "18P+3T20//8-10")
    assert rc == 0
    assert modules & command_modules() == {"galbatch.cli.rating"}


def test_every_command_is_where_the_group_says() -> None:
    for name in COMMANDS:
        command = cli.get_command(click.Context(cli), name)
        assert isinstance(command, click.Command) and command.name == name


@pytest.mark.skipif(
    not hasattr(click.exceptions, "NoSuchCommand"), reason="this click names no close command"
)
def test_a_misspelt_command_is_told_the_closest_of_all() -> None:
    result = CliRunner().invoke(cli, ["chek"])
    assert result.exit_code == 2 and "Did you mean 'check'?" in result.output
    assert "Did you mean 'start'?" in CliRunner().invoke(cli, ["starr"]).output
    assert "'start', 'status'" in CliRunner().invoke(cli, ["strat"]).output  # both as close


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("path", sorted((ROOT / "galbatch" / "post").glob("*.py")), ids=str)
def test_the_post_room_has_no_click_code(path: Path) -> None:
    assert not {n for n in imported_names(path) if n.split(".")[0] == "click"}


def test_the_exit_codes_are_defined_once() -> None:
    """No module names 12 or 16 beside RC (galbatch.engine.language.diagnostics)."""
    defined = []
    for path in sorted((ROOT / "galbatch").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Assign):
                targets = [t.id for t in node.targets if isinstance(t, ast.Name)]
                defined += [f"{path.name}: {t}" for t in targets if t.startswith("EXIT_")]
    assert defined == []
