"""The diagnostic code tables and the man pages' DIAGNOSTICS sections say the same.

Each ruleset has one table (rules/<name>/codes.py) and the engine one
(engine/language/codes.py): each code once, with its severity and its meaning. The man
page of each lists exactly the codes of its table, each with the same severity; every
code of a table is given somewhere in the code, by its constant, and where the code
says its severity (a `Refusal`, a warning, a fact's row, a `Diagnostic`) it is the
table's.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from galbatch.engine.language.codes import Codes
from galbatch.engine.language.diagnostics import Severity
from galbatch.rules import RULESETS

ROOT = Path(__file__).resolve().parent.parent
NAMES = sorted(RULESETS)
ENGINE = "galbatch"  # the engine's table, in galbatch(1)
TABLES = [*NAMES, ENGINE]
SEVERITIES: dict[str, Severity | None] = {
    "error": Severity.ERROR,
    "warning": Severity.WARNING,
    "note": Severity.NOTE,
    "error, file rejected": Severity.FATAL,
    "the worst severity of what it counts": None,
}


def table(name: str) -> Codes:
    module = "galbatch.engine.language.codes" if name == ENGINE else f"galbatch.rules.{name}.codes"
    codes: Codes = importlib.import_module(module).CODES
    return codes


def page(name: str) -> Path:
    return ROOT / "man" / ("galbatch.1" if name == ENGINE else f"galbatch-{name}.7")


def diagnostics_section(text: str) -> str:
    return text.split("\n.SH DIAGNOSTICS\n", 1)[1].split("\n.SH ", 1)[0]


ENTRY = re.compile(
    r'^\.TP\n\.BR ([A-Z]{2}\d{3})((?: "(?:, | to )" [A-Z]{2}\d{3})*) " \(([^)]*)\)"$', re.M
)


def listed(name: str) -> dict[str, Severity | None]:
    """The codes a man page's DIAGNOSTICS lists, each with its severity: an entry is a
    `.TP` then `.BR CODE " (severity)"`, or several codes (`" , "`) or a range (`" to "`)."""
    found: dict[str, Severity | None] = {}
    for first, more, severity in ENTRY.findall(diagnostics_section(page(name).read_text())):
        codes = [first]
        for joint, code in re.findall(r' "(, | to )" ([A-Z]{2}\d{3})', more):
            if joint == " to ":
                start, end = int(codes[-1][2:]), int(code[2:])
                codes += [f"{code[:2]}{n}" for n in range(start + 1, end)]
            codes.append(code)
        for code in codes:
            assert code not in found, f"{code} is listed twice in {page(name).name}"
            found[code] = SEVERITIES[severity]
    return found


@pytest.mark.parametrize("name", TABLES)
def test_the_man_page_lists_exactly_the_codes_of_the_table_with_their_severity(
    name: str,
) -> None:
    codes = table(name)
    assert len(codes) >= 15
    assert listed(name) == {code: entry.severity for code, entry in codes.items()}


@pytest.mark.parametrize("name", TABLES)
def test_every_entry_of_the_man_page_has_a_code_and_a_severity(name: str) -> None:
    """No DIAGNOSTICS entry the parser above would miss: every `.BR` code line after a
    `.TP` is one it reads."""
    section = diagnostics_section(page(name).read_text())
    heads = re.findall(r"^\.TP\n(\.BR [A-Z]{2}\d{3}.*)$", section, re.M)
    assert len(heads) == len(ENTRY.findall(section)), heads


@pytest.mark.parametrize("name", TABLES)
def test_every_code_is_its_tables_constant_with_a_meaning(name: str) -> None:
    module = importlib.import_module(_module(name))
    for code, entry in table(name).items():
        assert getattr(module, code) == code == entry.code
        assert entry.meaning and entry.meaning == entry.meaning.strip()
        assert entry.meaning[0].islower() or entry.meaning[:2].isupper(), code


def _module(name: str) -> str:
    return "galbatch.engine.language.codes" if name == ENGINE else f"galbatch.rules.{name}.codes"


def sources(name: str) -> list[Path]:
    """The modules that may give the table's codes (its own codes.py left out)."""
    if name == ENGINE:
        found = sorted((ROOT / "galbatch" / "engine").rglob("*.py"))
    else:
        found = sorted((ROOT / "galbatch" / "rules" / name).glob("*.py"))
    return [p for p in found if p.name != "codes.py"]


def named(name: str) -> dict[str, list[tuple[Path, ast.AST]]]:
    """Where each code of the table is named in the code, by its constant."""
    codes = set(table(name))
    where: dict[str, list[tuple[Path, ast.AST]]] = {}
    for path in sources(name):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Name) and node.id in codes:
                where.setdefault(node.id, []).append((path, node))
    return where


@pytest.mark.parametrize("name", TABLES)
def test_every_code_of_the_table_is_given_by_the_code(name: str) -> None:
    """A code no module names is not in the table (nor, then, on the man page)."""
    assert sorted(set(table(name)) - set(named(name))) == []


@pytest.mark.parametrize("name", TABLES)
def test_no_module_writes_a_code_as_a_string_of_its_own(name: str) -> None:
    prefix = "GB" if name == ENGINE else next(iter(table(name)))[:2]
    for path in sources(name):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert not re.fullmatch(rf"{prefix}\d{{3}}", node.value), (path.name, node.value)


# How a call says the severity of the code it is given: the argument that holds the code.
BY_CALL: dict[str, tuple[int, Severity]] = {
    "Refusal": (0, Severity.ERROR),  # the situation's rejection (engine/checker/situation.py)
    "warn": (0, Severity.WARNING),
    "reduce": (0, Severity.WARNING),
    "note": (0, Severity.NOTE),
    "Fact": (2, Severity.ERROR),  # the facts' rows (engine/checker/facts.py)
    "NotAfter": (3, Severity.ERROR),
    "Limit": (3, Severity.WARNING),
    "fatal": (0, Severity.FATAL),  # the engine's helpers: a file rejected whole
    "_unusable": (1, Severity.FATAL),
    "error": (2, Severity.ERROR),  # a message block not sent
}


def said(name: str) -> dict[str, set[Severity]]:
    """The severities the code gives each code with, where a call says both: a call of
    BY_CALL, or a `Severity.X` argument followed by the code's constant."""
    codes = set(table(name))
    found: dict[str, set[Severity]] = {}
    for path in sources(name):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                func = node.func
                called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                args = node.args
                index, severity = BY_CALL.get(called, (-1, Severity.ERROR))
                code = args[index] if 0 <= index < len(args) else None
                if isinstance(code, ast.Name) and code.id in codes:
                    found.setdefault(code.id, set()).add(severity)
            elif isinstance(node, ast.Tuple):  # (line, Severity.WARNING, GB003, message)
                args = node.elts
            else:
                continue
            for before, arg in zip(args, args[1:], strict=False):
                if (
                    isinstance(before, ast.Attribute)
                    and isinstance(before.value, ast.Name)
                    and before.value.id == "Severity"
                    and isinstance(arg, ast.Name)
                    and arg.id in codes
                ):
                    found.setdefault(arg.id, set()).add(Severity[before.attr])
    return found


@pytest.mark.parametrize("name", TABLES)
def test_the_code_gives_each_code_with_the_tables_severity(name: str) -> None:
    codes = table(name)
    found = said(name)
    assert len(found) >= len(codes) // 2, "the scan finds too few: has the code changed?"
    wrong = {
        code: sorted(s.value for s in severities)
        for code, severities in found.items()
        if severities != {codes[code].severity}
    }
    assert wrong == {}


def test_the_engine_page_names_each_rulesets_codes() -> None:
    """galbatch(1) says which codes are the engine's and where each ruleset's are."""
    text = " ".join(diagnostics_section(page(ENGINE).read_text()).split())
    for name in NAMES:
        codes = list(table(name))
        assert f"{codes[0]} to {codes[-1]}" in text.replace("\\-", "-"), name
        assert f"galbatch\\-{name} (7)" in text, name


# The bundled game each ruleset's samples (samples/<name>/) are written for.
GAMES = {
    "conflict": "conflict-demo",
    "conqueror": "gc16",
    "galactac": "galaxy13",
    "galaktikos": "spiral6",
    "interstellar": "nebula4",
}


@pytest.mark.parametrize("name", NAMES)
def test_the_samples_diagnostics_have_the_tables_severity(name: str) -> None:
    """What `galbatch check --game` says of the samples: every code in the ruleset's table
    or the engine's, with its severity there (GB005's is what it counts)."""
    from galbatch.engine.job.lint import check_one
    from tests.bundled import shipped

    codes = {**table(ENGINE), **table(name)}
    seen = set()
    for path in sorted((ROOT / "samples" / name).glob("*.txt")):
        check = check_one(path, ruleset=None, game_dir=shipped(GAMES[name]), view_file=None)
        for d in check.diagnostics:
            assert codes[d.code].severity in (d.severity, None), (path.name, d.format())
            seen.add(d.code)
    assert seen
