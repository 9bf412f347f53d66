"""YAML in the game directory: round-trip for files people edit, fast safe mode for state.

Nothing here constructs arbitrary objects: round-trip and safe loaders only. Every
load is bounded, since a view file comes from a player and game.yaml from an editor:
a file over its size limit is not read; YAML nested too deep, or whose aliases expand
to too many nodes (a "billion laughs"), is refused while it is parsed, before anything
is built from it. Whatever stops a file from loading is a `LoadError`.
"""

from __future__ import annotations

import io
import json
import os
import warnings
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ruamel.yaml import YAML
    from ruamel.yaml.parser import Parser as PureParser

# ruamel.yaml is imported on first use: a file in YAML's JSON form (a view, the
# state) is read by json alone, so `galbatch check --view` never imports it.

MAX_DATA_BYTES = 64 * 1024 * 1024  # state, views, checks: a 10,000-ship state is 1 MB
MAX_VIEW_BYTES = 16 * 1024 * 1024  # a player's view file: 75 kB in a 50-player game
MAX_EDITED_BYTES = 1024 * 1024  # game.yaml: 10 kB for 50 players
MAX_DEPTH = 100  # YAML nesting; galbatch's own files nest 5 deep
MAX_DATA_NODES = 1_000_000  # YAML nodes, aliases expanded; a 10,000-ship state has 300,000
MAX_EDITED_NODES = 100_000  # game.yaml: 500 for 50 players


class LoadError(ValueError):
    """A file cannot be loaded: unreadable, not UTF-8, not YAML, or over a limit.

    The message is one line that names the file (and the limit, if one was hit).
    """


@cache
def _edited_constructor() -> type:
    from ruamel.yaml.constructor import RoundTripConstructor

    class _EditedConstructor(RoundTripConstructor):
        """Round-trip; but a date that is no date (`1997-13-01`) stays text, so that the
        file's validation can name its line and key instead of the whole load failing."""

        def construct_yaml_timestamp(self, node: Any, values: Any = None) -> Any:
            try:
                return super().construct_yaml_timestamp(node, values)
            except (ValueError, OverflowError):
                return str(node.value)

    _EditedConstructor.add_constructor(
        "tag:yaml.org,2002:timestamp", _EditedConstructor.construct_yaml_timestamp
    )
    return _EditedConstructor


def _rt() -> YAML:
    from ruamel.yaml import YAML

    yaml = YAML(typ="rt")
    yaml.Constructor = _edited_constructor()
    yaml.preserve_quotes = True
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _fast() -> YAML:
    from ruamel.yaml import YAML

    try:
        yaml = YAML(typ="safe", pure=False)  # ruamel.yaml.clib when installed
    except Exception:  # pragma: no cover - the C extension is missing
        yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None  # rows of scalars print on one line
    yaml.width = 4096
    return yaml


def load_edited(path: Path) -> Any:
    """Load a file a person edits, keeping its comments and key order for `dump_edited`."""
    return _load_yaml(path, _read(path, MAX_EDITED_BYTES), _rt(), MAX_EDITED_NODES)


def parse_edited(text: str, path: Path) -> Any:
    """`load_edited` of text not yet written to `path` (named in any error)."""
    return _load_yaml(path, text, _rt(), MAX_EDITED_NODES)


def dump_edited(data: Any) -> str:
    buf = io.StringIO()
    _rt().dump(data, buf)
    return buf.getvalue()


def load_data(path: Path, max_bytes: int = MAX_DATA_BYTES) -> Any:
    """Load machine-written data (state, views): JSON-style YAML fast, any other YAML safely."""
    text = _read(path, max_bytes)
    if text.startswith("{"):
        try:
            return json.loads(text)
        except (ValueError, RecursionError):
            # YAML flow style that is not JSON, or JSON nested deeper than json can
            # follow: the YAML loader reads the one and names the depth limit of the other
            pass
    return _load_yaml(path, text, _fast(), MAX_DATA_NODES)


def _read(path: Path, max_bytes: int) -> str:
    """The file's text with newlines as `\\n`, if it has at most `max_bytes` bytes of UTF-8."""
    return decode(path, read_bytes(path, max_bytes))


def read_bytes(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, if it has at most `max_bytes` of them."""
    try:
        with path.open("rb") as f:
            too_large = os.fstat(f.fileno()).st_size > max_bytes  # then not read at all
            data = b"" if too_large else f.read(max_bytes + 1)  # +1: a file that grows
    except OSError as e:
        raise LoadError(f"{path}: cannot read: {e.strerror or e}") from None
    if too_large or len(data) > max_bytes:
        raise LoadError(f"{path}: larger than the limit of {max_bytes:,} bytes")
    return data


def decode(path: Path, data: bytes) -> str:
    """The text of the bytes read from `path`, if they are UTF-8, with newlines as `\\n`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise LoadError(f"{path}: not UTF-8 text (byte {e.start + 1})") from None
    if "\r" in text:  # as reading in text mode did
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _load_yaml(path: Path, text: str, yaml: YAML, max_nodes: int) -> Any:
    """Load YAML text within the limits, every failure a one-line `LoadError`."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError
    from ruamel.yaml.parser import Parser as PureParser

    budget = _Budget(path, max_nodes)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a reused anchor is legal YAML: no stderr noise
            if isinstance(yaml.Parser, type) and issubclass(yaml.Parser, PureParser):
                yaml.Parser = _budgeted(yaml.Parser, budget)  # counted as it is composed
            else:
                # libyaml's composer recurses in C: walk its (iterative) event stream
                # first, a fraction of the cost of loading, and compose only within limits
                for event in yaml.parse(text):
                    budget.see(event)
            return yaml.load(text)
    except LoadError:
        raise
    except MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
        problem = " ".join(", ".join(str(x) for x in (e.context, e.problem) if x).split())
        raise LoadError(f"{path}: not valid YAML: {where}{problem}") from None
    except YAMLError as e:
        raise LoadError(f"{path}: not valid YAML: {' '.join(str(e).split())}") from None
    except Exception as e:  # the loader's own failure on a strange file is still the file's
        raise LoadError(f"{path}: cannot load: {type(e).__name__}: {e}"[:300]) from None


_OPEN = -1  # the size of an anchored node not yet complete


class _Budget:
    """Counts YAML events as they are parsed: nesting depth, and nodes with every alias
    expanded (an alias adds the size of the node it names), refusing past a limit."""

    def __init__(self, path: Path, max_nodes: int, max_depth: int = MAX_DEPTH) -> None:
        self.path = path
        self.max_nodes = max_nodes
        self.max_depth = max_depth
        self.nodes = 0
        self.open: list[list[Any]] = []  # [anchor, size so far] of each collection being read
        self.sizes: dict[str, int] = {}  # anchor -> size of its node, expanded
        from ruamel.yaml import events

        self.events = (
            events.ScalarEvent,
            events.AliasEvent,
            events.CollectionStartEvent,
            events.CollectionEndEvent,
        )

    def see(self, event: Any) -> None:
        ScalarEvent, AliasEvent, CollectionStartEvent, CollectionEndEvent = self.events
        if isinstance(event, ScalarEvent):
            self._complete(event, event.anchor, 1)
        elif isinstance(event, AliasEvent):
            size = self.sizes.get(event.anchor, 0)  # an undefined alias: the composer says so
            if size == _OPEN:
                self._refuse(event, f"alias *{event.anchor} inside the node it names")
            self._complete(event, None, size)
        elif isinstance(event, CollectionStartEvent):
            if len(self.open) >= self.max_depth:
                self._refuse(event, f"nested more than the limit of {self.max_depth} levels")
            self._count(event, 1)
            self.open.append([event.anchor, 1])
            if event.anchor is not None:
                self.sizes[event.anchor] = _OPEN
        elif isinstance(event, CollectionEndEvent) and self.open:
            anchor, size = self.open.pop()
            if anchor is not None:
                self.sizes[anchor] = size
            if self.open:
                self.open[-1][1] += size

    def _complete(self, event: Any, anchor: str | None, size: int) -> None:
        self._count(event, size)
        if anchor is not None:
            self.sizes[anchor] = size
        if self.open:
            self.open[-1][1] += size

    def _count(self, event: Any, size: int) -> None:
        self.nodes += size
        if self.nodes > self.max_nodes:
            limit = f"{self.max_nodes:,}"
            self._refuse(event, f"more than the limit of {limit} nodes, aliases expanded")

    def _refuse(self, event: Any, problem: str) -> None:
        mark = event.start_mark
        where = f"line {mark.line + 1}: " if mark is not None else ""
        raise LoadError(f"{self.path}: {where}{problem}")


def _budgeted(parser: type[PureParser], budget: _Budget) -> type[PureParser]:
    """`parser` with every event it hands the composer counted by `budget`."""

    class Budgeted(parser):  # type: ignore[valid-type, misc]
        def get_event(self) -> Any:
            event = super().get_event()
            budget.see(event)
            return event

    return Budgeted


def dump_data(data: Any) -> str:
    """Machine-written data as YAML in its JSON form, a row to a line.

    YAML 1.2 reads JSON, so any YAML tool reads these files; writing and reading
    them as JSON is a hundred times faster than a YAML emitter for 10,000 ships.
    """
    return _flow(data, 0) + "\n"


_STR = json.encoder.encode_basestring  # what _ROW does with a str (ensure_ascii=False)
# json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode, its C encoder made
# once instead of at every row (there are 23,000 rows in a 50-player turn's views): the
# same text, without the check for circular data, which plain data never is.
_ROW_CHUNKS = json.encoder.c_make_encoder(  # type: ignore[attr-defined]
    None, json.JSONEncoder().default, _STR, None, ": ", ", ", False, False, True
)
ROW_WIDTH = 200  # a row longer than this is broken over lines


def _ROW(value: Any) -> str:  # noqa: N802  # the encoder's `encode`, as it was named here
    return "".join(_ROW_CHUNKS(value, 0))


def _flow(value: Any, depth: int) -> str:
    """Mappings and lists of rows one entry a line; short rows and scalars on one line."""
    if type(value) is int:  # the commonest scalars, written as json writes them
        return int.__repr__(value)
    if type(value) is str:
        return _STR(value)
    pad = "  " * (depth + 1)
    if isinstance(value, dict) and value:
        items = []
        for k, v in value.items():  # scalar values written here: 170,000 calls fewer a turn
            kind = type(v)
            text = (
                int.__repr__(v) if kind is int else _STR(v) if kind is str else _flow(v, depth + 1)
            )
            items.append(f"{pad}{_STR(str(k))}: {text}")
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
