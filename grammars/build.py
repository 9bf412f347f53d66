"""Generates a standalone LALR parser module beside every grammar of this package.

Checking orders must not pay for importing lark and building its tables, so
`<name>.lark` gets `<name>_parser.py`, made by lark's standalone generator:
a module that parses without lark. Run `python -m galbatch.grammars.build`
after editing or adding a grammar (`--check` only lists the stale ones). The
same grammar and lark always give the same module, byte for byte. A generated
module holds the grammar it was made from; a parser whose grammar differs from
the `.lark` file is not used (the engine builds one with lark).
"""

from __future__ import annotations

import argparse
import ast
import io
import sys
from pathlib import Path
from typing import Any

from galbatch.grammars import OPTIONS, module_name

HERE = Path(__file__).resolve().parent
VERSION = 7  # of the generated modules' form: a module of another is stale
HEAD = """\
# Generated from {name} by `python -m galbatch.grammars.build` (form {version}): do not edit.
# Lark's standalone parser for the grammar below; it parses without importing lark.
# ruff: noqa
# fmt: off
from __future__ import annotations

GRAMMAR = {grammar!r}


class _SilentLogger:
    \"\"\"Lark's logger, which lark keeps at CRITICAL and never logs to at that level.\"\"\"

    def _drop(self, *args, **kwargs):
        pass

    debug = info = warning = error = exception = critical = setLevel = addHandler = _drop
"""
# Edits to lark's output, each of a text that must be there exactly once. Its logger
# never logs, and pickle, zlib and base64 serve cache files and compressed tables,
# which a generated parser never reads: importing logging and pickle would cost a
# check about 8 ms. (HEAD also keeps lark's annotations as text, never evaluated:
# 2 ms less of typing's work on every import.)
EDITS = (
    ("import logging\n", ""),
    (
        'logger: logging.Logger = logging.getLogger("lark")\n'
        "logger.addHandler(logging.StreamHandler())\n",
        "logger = _SilentLogger()\n",
    ),
    ("logger.setLevel(logging.CRITICAL)\n", ""),
    ("import pickle, zlib, base64\n", ""),
    # TextSlice, lark's one dataclass: the same class written out (fields, __post_init__,
    # equality, hash), since making a dataclass costs every import of a parser about 1 ms.
    ("from dataclasses import dataclass\n", ""),
    # The `regex` module serves only Unicode categories (\p{...}), which no order grammar
    # uses (`generate` makes sure), and Lark(regex=True): trying to import it costs a
    # search of the whole path at every import of a parser, as does compiling the
    # categories' pattern (re.search and re.sub compile it when asked).
    (
        "try:\n    import regex\n    _has_regex = True\n"
        "except ImportError:\n    _has_regex = False\n",
        "_has_regex = False\n",
    ),
    (
        "categ_pattern = re.compile(r'\\\\p{[A-Za-z_]+}')\n",
        "categ_pattern = r'\\\\p{[A-Za-z_]+}'\n",
    ),
    (
        "@dataclass(frozen=True)\n"
        "class TextSlice(Generic[AnyStr]):\n"
        "    #--\n"
        "    text: AnyStr\n"
        "    start: int\n"
        "    end: int\n",
        "class TextSlice(Generic[AnyStr]):\n"
        "    #--\n"
        "    __slots__ = ('text', 'start', 'end')\n"
        "\n"
        "    def __init__(self, text, start, end):\n"
        "        object.__setattr__(self, 'text', text)\n"
        "        object.__setattr__(self, 'start', start)\n"
        "        object.__setattr__(self, 'end', end)\n"
        "        self.__post_init__()\n"
        "\n"
        "    def __setattr__(self, name, value):\n"
        "        raise AttributeError(f'cannot assign to field {name!r}')\n"
        "\n"
        "    def __eq__(self, other):\n"
        "        if other.__class__ is not self.__class__:\n"
        "            return NotImplemented\n"
        "        return (self.text, self.start, self.end) == (other.text, other.start, other.end)\n"
        "\n"
        "    def __hash__(self):\n"
        "        return hash((self.text, self.start, self.end))\n",
    ),
)


# What lark's standalone module defines but an LALR parser with an inline transformer
# never uses (tree visitors and interpreters, ambiguity expanders, indentation
# post-lexers): left out, as making their classes costs every import of a parser.
UNUSED = frozenset(
    {
        "AmbiguousExpander",
        "AmbiguousIntermediateExpander",
        "DedentError",
        "ImmutableInteractiveParser",
        "Indenter",
        "InlineTransformer",
        "Interpreter",
        "PythonIndenter",
        "TransformerChain",
        "Transformer_InPlaceRecursive",
        "Transformer_NonRecursive",
        "Visitor",
        "VisitorBase",
        "Visitor_Recursive",
        "_InterMethod",
        "visit_children_decor",
    }
)


def without_unused(code: str) -> str:
    """Lark's standalone module without the top-level definitions named in UNUSED; each
    must be there, and nothing left may name one outside a function or class body."""
    tree = ast.parse(code)
    cut: list[tuple[int, int]] = []
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            name = node.name
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            name = target.id if isinstance(target, ast.Name) else ""
        else:
            continue
        if name in UNUSED:
            found.add(name)
            first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", []))])
            cut.append((first, node.end_lineno or node.lineno))
    if found != UNUSED:
        raise SystemExit(f"lark's standalone output changed: no {sorted(UNUSED - found)}")
    lines = code.splitlines(keepends=True)
    for first, last in reversed(cut):
        del lines[first - 1 : last]
    code = "".join(lines)
    for node in ast.parse(code).body:  # what runs at import must not need what was cut
        if isinstance(node, ast.FunctionDef):
            continue
        parts = node.bases if isinstance(node, ast.ClassDef) else [node]
        for part in parts:
            for sub in ast.walk(part):
                if isinstance(sub, ast.Name) and sub.id in UNUSED:
                    raise SystemExit(f"lark's standalone output needs {sub.id} at import")
    return code


def grammar_files(folder: Path = HERE) -> list[Path]:
    """Every grammar of the package, by name."""
    return sorted(folder.glob("*.lark"))


def generate(grammar: Path) -> str:
    """The text of the standalone parser module for `grammar`."""
    from lark import Lark
    from lark.tools.standalone import gen_standalone

    text = grammar.read_text(encoding="utf-8")
    if "\\p{" in text:
        raise SystemExit(f"{grammar.name}: Unicode categories need the regex module")
    parser = Lark(text, **OPTIONS)
    out = io.StringIO()
    gen_standalone(parser, out=out)
    code = out.getvalue()
    for old, new in EDITS:
        if code.count(old) != 1:
            raise SystemExit(f"lark's standalone output changed: {old!r} is not there once")
        code = code.replace(old, new)
    code = without_unused(code)
    begin, end = "\nDATA = (\n", "\n)\nMEMO = (\n"
    if code.count(begin) != 1 or code.count(end) != 1:
        raise SystemExit("lark's standalone output changed: no DATA = (...) before MEMO")
    start = code.index(begin) + len(begin)
    stop = code.index(end, start)
    data = canonical(ast.literal_eval(code[start:stop]))
    return head(grammar.name, text) + "\n" + code[:start] + repr(data) + code[stop:]


def canonical(data: dict[str, Any]) -> dict[str, Any]:
    """The serialized parser with its parse table numbered in a fixed order, so that the
    same grammar always gives the same module (lark numbers the LALR states and symbols
    in the order of sets of objects, which differs from one run to the next).

    Symbols are numbered by name; states in the order a breadth-first walk from the
    start states reaches them, following the symbols by name. Only the numbers change:
    every state keeps its actions."""
    table = data["parser"]["parser"]
    names: dict[int, str] = table["tokens"]
    symbol = {old: new for new, (old, _) in enumerate(sorted(names.items(), key=lambda t: t[1]))}
    states: dict[int, dict[int, tuple[int, Any]]] = table["states"]
    order: dict[int, int] = {}
    queue = [table["start_states"][name] for name in sorted(table["start_states"])]
    while queue:
        state = queue.pop(0)
        if state in order:
            continue
        order[state] = len(order)
        for token in sorted(states[state], key=names.__getitem__):
            action, arg = states[state][token]
            if action == 0 and arg not in order:  # a shift (or goto): to state `arg`
                queue.append(arg)
    for state in sorted(states):  # none should be unreachable; if one is, it goes last
        order.setdefault(state, len(order))

    def actions(state: int) -> dict[int, tuple[int, Any]]:
        moves = states[state]
        return {
            symbol[token]: (action, order[arg] if action == 0 else arg)
            for token, (action, arg) in sorted(moves.items(), key=lambda m: symbol[m[0]])
        }

    table = {
        **table,
        "tokens": {symbol[old]: name for old, name in sorted(names.items(), key=lambda t: t[1])},
        "states": {order[state]: actions(state) for state in sorted(states, key=order.get)},
        "start_states": {name: order[s] for name, s in sorted(table["start_states"].items())},
        "end_states": {name: order[s] for name, s in sorted(table["end_states"].items())},
    }
    return {**data, "parser": {**data["parser"], "parser": table}}


def head(name: str, text: str) -> str:
    """How the module generated from grammar file `name` with text `text` begins."""
    return HEAD.format(name=name, version=VERSION, grammar=text)


def embedded_grammar(module: Path) -> str | None:
    """The grammar a generated module was made from, or None if there is no usable module."""
    try:
        with module.open(encoding="utf-8") as f:
            for line in f:
                if line.startswith("GRAMMAR = "):
                    value = ast.literal_eval(line[len("GRAMMAR = ") :])
                    return value if isinstance(value, str) else None
                if line.strip() and not line.startswith(("#", "from __future__ ")):
                    return None
    except (OSError, ValueError, SyntaxError):
        return None
    return None


def stale(grammar: Path) -> bool:
    """True if the grammar's generated parser is missing, made from another text of it,
    or of another form."""
    module = grammar.with_name(module_name(grammar.name) + ".py")
    text = grammar.read_text(encoding="utf-8")
    if embedded_grammar(module) != text:
        return True
    expected = head(grammar.name, text)
    with module.open(encoding="utf-8") as f:
        return f.read(len(expected)) != expected


def main(argv: list[str] | None = None) -> int:
    """Regenerate the stale parsers (or, with --check, list them); the exit status is 1
    if --check found one."""
    parser = argparse.ArgumentParser(prog="python -m galbatch.grammars.build", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only list the stale parsers")
    parser.add_argument("--all", action="store_true", help="regenerate even the current ones")
    parser.add_argument("names", nargs="*", help="only these grammars (conflict.lark ...)")
    args = parser.parse_args(argv)
    found = False
    for grammar in grammar_files():
        if args.names and grammar.name not in args.names and grammar.stem not in args.names:
            continue
        if not (args.all or stale(grammar)):
            continue
        module = grammar.with_name(module_name(grammar.name) + ".py")
        if args.check:
            print(f"stale: {module.name} (from {grammar.name})")
            found = True
            continue
        module.write_text(generate(grammar), encoding="utf-8")
        print(f"wrote {module.name} (from {grammar.name})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
