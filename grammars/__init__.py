"""The order grammars (`*.lark`) and the parsers generated from them (`*_parser.py`).

`python -m galbatch.grammars.build` regenerates the parsers after a grammar changes.
The generated modules (`*_parser.py`, `lark_runtime.py`) are lark's standalone output,
under the Mozilla Public License 2.0 (LICENSES/MPL-2.0.txt); the grammars, this module,
`compiled_ahead` and the generator are galbatch's own, under its MIT licence.
"""

from __future__ import annotations

from typing import Any

SUFFIX = "_parser"  # conflict.lark -> conflict_parser.py
# The options every order grammar is built with: by the generator and by the engine's
# fallback when a generated parser is missing or stale.
OPTIONS: dict[str, Any] = {"parser": "lalr", "propagate_positions": True}


def module_name(grammar: str) -> str:
    """The generated module's name for a grammar file name: conflict.lark -> conflict_parser."""
    stem = grammar[: -len(".lark")] if grammar.endswith(".lark") else grammar
    return stem + SUFFIX
