"""Every ruleset has the same skeleton: the same module names for the same jobs, wired
into its `Ruleset` subclass the same way, and every method the contract leaves to a
game overridden."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

from galbatch.engine.contract.ruleset import Ruleset
from galbatch.rules import RULESETS, get_ruleset

RULES = Path(__file__).resolve().parent.parent / "galbatch" / "rules"

# module -> the names it must define, and what the module is for
SKELETON: dict[str, tuple[tuple[str, ...], str]] = {
    "ruleset": (("RULESET",), "the Ruleset subclass: constants and the wiring below"),
    "language": (("OrderBuilder", "TERMINAL_WORDS"), "layer 1: the grammar's transformer"),
    "forms": (("FORMS",), "the order forms, as the rule book lists the orders"),
    "orders": ((), "the order dataclasses"),
    "facts": (("facts", "FACTS"), "layer 2: the rule book's facts that need no game"),
    "check": (("check_orders",), "layer 3: the player's situation"),
    "codes": (("CODES",), "the diagnostic codes, each once, as the man page lists them"),
    "state": ((), "the state and its plain data"),
    "setup": (("SETTINGS", "new_game"), "a new game"),
    "progress": (("owing", "describe"), "whose move it is, and the job log's line"),
    "resolve": (("resolve",), "the turn"),
    "view": (("build_view",), "what each player knows"),
    "printout": (("player_printout", "gm_printout"), "the printouts"),
    "tables": ((), "the rule book's tables, one per table"),
    "house": ((), "the house rules, where the book is silent"),
}
# The skeleton's modules a ruleset still lacks (to be made, then removed from here).
NOT_YET: set[tuple[str, str]] = set()
# Which skeleton module each contract method must call into.
WIRING = {
    "transformer": "language",
    "forms": "forms",
    "facts": "facts",
    "check": "check",
    "new_game": "setup",
    "settings": "setup",
    "load_state": "state",
    "owing": "progress",
    "describe": "progress",
    "resolve": "resolve",
    "view": "view",
    "views": "view",
    "printout": "printout",
    "summary": "printout",
}
NAMES = sorted(RULESETS)


def abstract_methods() -> list[str]:
    """The methods the base class leaves to each game: those that raise NotImplementedError."""
    found = []
    for name, member in vars(Ruleset).items():
        function = member.fget if isinstance(member, property) else member
        if inspect.isfunction(function) and "raise NotImplementedError" in inspect.getsource(
            function
        ):
            found.append(name)
    return found


def test_the_contract_leaves_the_game_its_rules() -> None:
    assert set(abstract_methods()) >= {"transformer", "facts", "check", "resolve", "printout"}


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("module", sorted(SKELETON))
def test_every_ruleset_has_the_skeletons_modules(name: str, module: str) -> None:
    if (name, module) in NOT_YET:
        assert not (RULES / name / f"{module}.py").exists(), "made: remove it from NOT_YET"
        return
    loaded = importlib.import_module(f"galbatch.rules.{name}.{module}")
    names, job = SKELETON[module]
    missing = [n for n in names if not hasattr(loaded, n)]
    assert missing == [], f"{name}/{module}.py ({job}) lacks {missing}"


@pytest.mark.parametrize("name", NAMES)
def test_every_ruleset_overrides_what_the_contract_leaves_to_it(name: str) -> None:
    ruleset = get_ruleset(name)
    assert isinstance(ruleset, Ruleset)
    assert ruleset.name == name
    inherited = [m for m in abstract_methods() if getattr(type(ruleset), m) is getattr(Ruleset, m)]
    assert inherited == []


def calls_into(function: ast.FunctionDef) -> set[str]:
    """The modules a method of ruleset.py imports inside its body."""
    return {
        node.module.rsplit(".", 1)[-1]
        for node in ast.walk(function)
        if isinstance(node, ast.ImportFrom) and node.module
    }


@pytest.mark.parametrize("name", NAMES)
def test_every_ruleset_is_wired_to_its_skeleton(name: str) -> None:
    tree = ast.parse((RULES / name / "ruleset.py").read_text())
    (cls,) = [
        node
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any("Ruleset" in ast.unparse(base) for base in node.bases)
    ]
    methods = {f.name: f for f in cls.body if isinstance(f, ast.FunctionDef)}
    wrong = {
        method: sorted(calls_into(methods[method]))
        for method, module in WIRING.items()
        if method in methods and module not in calls_into(methods[method])
    }
    assert wrong == {}, f"{name}: these methods call outside their skeleton module"
    assert set(WIRING) - {"views"} <= set(methods), "every ruleset wires these itself"


LONGEST_MODULE = 800  # lines: past this a module is split by the book's subjects


@pytest.mark.parametrize("name", NAMES)
def test_no_checker_module_is_over_800_lines(name: str) -> None:
    """Each layer's modules (language, facts, check and its parts) stay small."""
    checker = [RULES / name / f"{m}.py" for m in ("language", "facts")]
    checker += sorted((RULES / name).glob("check*.py"))
    long = {p.name: n for p in checker if (n := len(p.read_text().splitlines())) > LONGEST_MODULE}
    assert long == {}
