"""YAML in the game directory: round-trip for files people edit, fast safe mode for state.

Nothing here constructs arbitrary objects: round-trip and safe loaders only.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML


def _rt() -> YAML:
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _fast() -> YAML:
    try:
        yaml = YAML(typ="safe", pure=False)  # ruamel.yaml.clib when installed
    except Exception:  # pragma: no cover - the C extension is missing
        yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None  # rows of scalars print on one line
    yaml.width = 4096
    return yaml


def load_edited(path: Path) -> Any:
    """Load a file a person edits, keeping its comments and key order for `dump_edited`."""
    return _rt().load(path.read_text(encoding="utf-8"))


def dump_edited(data: Any) -> str:
    buf = io.StringIO()
    _rt().dump(data, buf)
    return buf.getvalue()


def load_data(path: Path) -> Any:
    """Load machine-written data (state, views): JSON-style YAML fast, any other YAML safely."""
    text = path.read_text(encoding="utf-8")
    if text.startswith("{"):
        try:
            return json.loads(text)
        except ValueError:
            pass  # YAML flow style that is not JSON: let the YAML loader read it
    return _fast().load(text)


def dump_data(data: Any) -> str:
    """Machine-written data as YAML in its JSON form, a row to a line.

    YAML 1.2 reads JSON, so any YAML tool reads these files; writing and reading
    them as JSON is a hundred times faster than a YAML emitter for 10,000 ships.
    """
    return _flow(data, 0) + "\n"


_ROW = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
ROW_WIDTH = 200  # a row longer than this is broken over lines


def _flow(value: Any, depth: int) -> str:
    """Mappings and lists of rows one entry a line; short rows and scalars on one line."""
    pad = "  " * (depth + 1)
    if isinstance(value, dict) and value:
        items = [f"{pad}{_ROW(str(k))}: {_flow(v, depth + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * depth + "}"
    if isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
        rows = []
        for v in value:
            text = _ROW(v)
            if len(text) > ROW_WIDTH and isinstance(v, (dict, list)) and v:
                text = _flow(v, depth + 1)
            rows.append(pad + text)
        return "[\n" + ",\n".join(rows) + "\n" + "  " * depth + "]"
    return _ROW(value)
