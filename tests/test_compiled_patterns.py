"""The engine code of regular expressions, kept once per user
(galbatch.cli.compiled_patterns): the same patterns `re` compiles, cold and read back,
and no harm from a cache that is damaged or cannot be written."""

from __future__ import annotations

import _sre
import contextlib
import fnmatch
import io
import marshal
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from re import _compiler  # type: ignore[attr-defined]
from typing import Any

import pytest
from galbatch.grammars.compiled_ahead import engine_code

from galbatch.cli import compiled_patterns
from galbatch.cli.cache_files import Shelf, read_dict

ROOT = Path(__file__).resolve().parent.parent
BY_RE = compiled_patterns._by_re  # re's own compiler

# Patterns of every kind the engine code has: groups named and not, back references,
# look-arounds, repeats lazy and possessive, classes, verbose and inline flags, bytes.
PATTERNS: list[tuple[str | bytes, int]] = [
    (r"^(?i:GAME)\s+(?P<game>[A-Za-z0-9][A-Za-z0-9_-]*)\s+PLAYER\s+(?P<player>\S+)", 0),
    (r"^MESSAGE\s+TO(?:\s+(?P<to>.*))?$", re.IGNORECASE),
    (r"(?<=\d)(?=(\d{3})+$)", 0),
    (r"(\w+)\s+\1", re.UNICODE),
    (r"a*?b+?c{2,5}?d{3}(?:ef)*+", 0),
    (r"[^\W\d_]+|[\u00c0-\u017f]", 0),
    (r"(?x) \d+  # digits\n  (?: \. \d+ )?", 0),
    (r"(?P<a>x)(?(a)y|z)", re.MULTILINE | re.DOTALL),
    (r"\bPAS{1,2}W?O?R?[DT]?S?\b", re.IGNORECASE | re.ASCII),
    (rb"[\x80-\xff]", 0),
    (rb"(?P<head>GAME)\s+(\S+)", 0),
    ("", 0),
]
SAMPLES = ["GAME GT13 PLAYER 1", "message to ALL", "1234567", "the the", "aabccd", "Été 3.14"]


MODULE = __name__  # the module whose patterns the tests compile


def new_shelf(folder: Path | None, most: int = 0) -> Shelf:
    """The shelf `install` makes, on `folder`."""
    return Shelf(folder, most or compiled_patterns.MOST, compiled_patterns._is_entry)


@pytest.fixture
def shelf(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """`re` compiling through a fresh shelf, as `install` has it (the file of this
    module's patterns is returned); `re` compiles by itself again after."""
    folder = tmp_path / "patterns"
    monkeypatch.setattr(compiled_patterns, "_shelf", new_shelf(folder))
    monkeypatch.setattr(_compiler, "compile", compiled_patterns.compiled)
    re.purge()
    try:
        yield folder / f"{MODULE}.marshal"
    finally:
        re.purge()


def next_run(monkeypatch: pytest.MonkeyPatch, path: Path, most: int = 0) -> Shelf:
    """A fresh shelf on the same folder, as the next process has it."""
    shelf = new_shelf(path.parent, most)
    monkeypatch.setattr(compiled_patterns, "_shelf", shelf)
    re.purge()
    return shelf


def flush() -> None:
    compiled_patterns.flush()


def same(made: Any, pattern: str | bytes, flags: int) -> None:
    """`made` is the pattern `re` compiles: same code, flags, groups, and matches."""
    want = BY_RE(pattern, flags)
    assert made == want  # Pattern equality compares the pattern, flags and engine code
    assert made.flags == want.flags
    assert made.groups == want.groups
    assert made.groupindex == want.groupindex
    for text in SAMPLES:
        subject: str | bytes = text.encode() if isinstance(pattern, bytes) else text
        got, wanted = made.search(subject), want.search(subject)
        assert (got and got.span(), got and got.groups()) == (
            wanted and wanted.span(),
            wanted and wanted.groups(),
        )


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_the_patterns_are_those_re_compiles_cold_and_read_back(
    shelf: Path, monkeypatch: pytest.MonkeyPatch, pattern: str | bytes, flags: int
) -> None:
    same(re.compile(pattern, flags), pattern, flags)
    flush()
    assert read_dict(shelf) == {(pattern, int(flags)): engine_code(pattern, int(flags))}
    warm = next_run(monkeypatch, shelf)
    same(re.compile(pattern, flags), pattern, flags)
    assert not warm.learnt  # read back, not worked out again


def test_each_module_keeps_its_own_file_written_once_in_a_fixed_order(
    shelf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for pattern, flags in PATTERNS:
        re.compile(pattern, flags)
    fnmatch.fnmatch("views-1.json", "views-*.json")
    flush()
    data = shelf.read_bytes()
    assert set(read_dict(shelf)) == {(p, int(f)) for p, f in PATTERNS}
    assert list(read_dict(shelf.parent / "fnmatch.marshal")) == [(r"(?s:views\-.*\.json)\Z", 0)]
    second = next_run(monkeypatch, shelf)
    for pattern, flags in reversed(PATTERNS):
        re.compile(pattern, flags)
    flush()  # learnt nothing: nothing written
    assert not second.learnt and shelf.read_bytes() == data
    next_run(monkeypatch, shelf)
    for pattern, flags in PATTERNS:
        re.compile(pattern, flags)
    re.compile("one more")
    flush()
    assert list(read_dict(shelf)) == sorted(read_dict(shelf), key=repr)


def test_a_module_keeps_at_most_so_many(shelf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    next_run(monkeypatch, shelf, most=3)
    for n in range(5):
        same(re.compile(f"word{n}"), f"word{n}", 0)
    flush()
    assert list(read_dict(shelf)) == [(f"word{n}", 0) for n in range(3)]


DAMAGE: list[Any] = [
    b"not marshal at all",
    marshal.dumps(["a", "list"]),
    marshal.dumps({(PATTERNS[0][0], 0): "not engine code"}),
    marshal.dumps({(PATTERNS[0][0], 0): (0, [99999999], 0, {}, ())}),
    marshal.dumps({(PATTERNS[0][0], 0): (0, ["x"], 0, {}, ())}),
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_file_is_worked_out_afresh_and_written_again(shelf: Path, damage: bytes) -> None:
    shelf.parent.mkdir(parents=True)
    shelf.write_bytes(damage)
    pattern, flags = PATTERNS[0]
    same(re.compile(pattern, flags), pattern, flags)
    flush()
    assert read_dict(shelf)[(pattern, flags)] == engine_code(pattern, flags)


def test_a_cache_that_cannot_be_written_costs_only_the_work(
    shelf: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shelf.parent.parent.mkdir(parents=True, exist_ok=True)
    shelf.parent.write_text("a file where the cache's folder would be")
    same(re.compile(*PATTERNS[0]), *PATTERNS[0])
    flush()
    monkeypatch.setattr(compiled_patterns, "_shelf", new_shelf(None))
    same(re.compile(*PATTERNS[1]), *PATTERNS[1])
    flush()


def test_what_re_compiles_itself_goes_to_re(shelf: Path) -> None:
    """A parsed pattern (re.Scanner's) and the DEBUG flag are compiled by `re`."""
    scanner = re.Scanner([(r"\d+", lambda s, t: int(t)), (r"\s+", None)])
    assert scanner.scan("12 34") == ([12, 34], "")
    with contextlib.redirect_stdout(io.StringIO()):  # DEBUG prints the engine code
        same(re.compile(r"x(y)", re.DEBUG), r"x(y)", re.DEBUG)
    same(re.compile(r"GAME\s+(\S+)"), r"GAME\s+(\S+)", 0)
    flush()
    assert list(read_dict(shelf)) == [(r"GAME\s+(\S+)", 0)]


def true_codes(folder: Path) -> dict[Any, Any]:
    """Every file's entries, each the engine code of its pattern, by module."""
    kept = {}
    for path in sorted(folder.glob("*.marshal")):
        kept[path.stem] = read_dict(path)
        for (pattern, flags), code in kept[path.stem].items():
            assert code == engine_code(pattern, flags)
            same(_sre.compile(pattern, *code), pattern, flags)
    return kept


def run_check(cache: Path) -> subprocess.CompletedProcess[str]:
    orders = ROOT / "games" / "galaxy13" / "orders" / "1.txt"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", str(orders), "--game", "games/galaxy13"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.slow
def test_a_check_keeps_its_patterns_and_the_next_reads_them(tmp_path: Path) -> None:
    first = run_check(tmp_path)
    assert first.returncode in (0, 4, 8), first.stderr
    folder = tmp_path / "galbatch" / f"patterns-{compiled_patterns.TAG}"
    kept = true_codes(folder)
    for module in ("galbatch.engine.language.orderfile", "json.decoder", "dataclasses"):
        assert kept[module], module
    stamps = {p: p.stat().st_mtime_ns for p in folder.iterdir()}
    again = run_check(tmp_path)
    assert (again.returncode, again.stdout, again.stderr) == (
        first.returncode,
        first.stdout,
        first.stderr,
    )
    assert {p: p.stat().st_mtime_ns for p in folder.iterdir()} == stamps  # nothing new
    damaged = folder / "galbatch.engine.language.orderfile.marshal"
    damaged.write_bytes(b"damaged")
    third = run_check(tmp_path)
    assert (third.returncode, third.stdout) == (first.returncode, first.stdout)
    assert (
        true_codes(folder)["galbatch.engine.language.orderfile"]
        == kept["galbatch.engine.language.orderfile"]
    )
