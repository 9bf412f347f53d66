"""YAML in the game directory: round-trip for files people edit, fast safe mode for state.

Nothing here constructs arbitrary objects: round-trip and safe loaders only.
"""

from __future__ import annotations

import io
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
    """Load machine-written data (state, views) quickly."""
    with path.open("rb") as f:
        return _fast().load(f)


def dump_data(data: Any) -> str:
    buf = io.StringIO()
    _fast().dump(data, buf)
    return buf.getvalue()
