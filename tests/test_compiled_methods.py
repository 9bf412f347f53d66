"""The methods `dataclasses` writes, compiled once per user (galbatch.cli.compiled_methods):
the same code as `dataclasses` compiles, kept a file a module, read back by the next run,
and no harm from a cache that is damaged or cannot be written."""

from __future__ import annotations

import dataclasses
import marshal
import os
import shutil
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from galbatch.cli import compiled_methods
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent

# A module of dataclasses of every kind `dataclass` writes methods for.
SOURCE = '''
from __future__ import annotations
from dataclasses import dataclass, field

@dataclass(frozen=True)
class Move:
    """A frozen record: init, repr, eq, hash, setattr, delattr."""
    ship: int
    to: str = "0101"
    via: tuple[str, ...] = ()

@dataclass(order=True)
class Stock:
    """A mutable, ordered one, with a default factory."""
    pi: int
    cargo: list[int] = field(default_factory=list)
'''


@pytest.fixture
def shelf(tmp_path: Path) -> Iterator[Path]:
    """`install` into a fresh cache directory; `dataclasses` compiles plainly again after."""
    compiled_methods.install(tmp_path)
    try:
        yield tmp_path / f"methods-{compiled_methods.TAG}"
    finally:
        compiled_methods._shelf = None
        del dataclasses.exec  # type: ignore[attr-defined]


def module_of(source: str, name: str) -> types.ModuleType:
    """A module made from `source`, as an import would make it."""
    module = types.ModuleType(name)
    sys.modules[name] = module
    try:
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def plainly(source: str, name: str) -> types.ModuleType:
    """`module_of` with `dataclasses` compiling as it does itself."""
    installed = dataclasses.__dict__.pop("exec", None)
    try:
        return module_of(source, name)
    finally:
        if installed is not None:
            dataclasses.exec = installed  # type: ignore[attr-defined]


def methods(cls: type[Any]) -> dict[str, Any]:
    """What makes each method `dataclass` wrote: its code's parts and its annotations."""
    found = {}
    for name in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__lt__"):
        fn = cls.__dict__.get(name)
        code = getattr(fn, "__code__", None)
        if code is not None:
            parts = (code.co_code, code.co_consts, code.co_names, code.co_varnames, code.co_flags)
            found[name] = (parts, fn.__annotations__, fn.__defaults__, fn.__qualname__)
    return found


def test_the_methods_are_those_dataclasses_compiles(shelf: Path) -> None:
    """Cold (compiled and kept) and warm (read back from the file by a fresh shelf): the
    classes' methods are the very code `dataclasses` makes without the shelf."""
    plain = plainly(SOURCE, "ships_plain")
    cold = module_of(SOURCE, "ships")
    assert compiled_methods.compiled_here() >= 9
    compiled_methods.flush()
    assert (shelf / "ships.marshal").is_file()
    compiled_methods.install(shelf.parent)
    warm = module_of(SOURCE, "ships")
    assert compiled_methods.compiled_here() == 0
    for name in ("Move", "Stock"):
        expected = methods(getattr(plain, name))
        assert expected and methods(getattr(cold, name)) == expected
        assert methods(getattr(warm, name)) == expected
    move = warm.Move(3, via=("0102",))
    assert repr(move) == "Move(ship=3, to='0101', via=('0102',))"
    assert move == warm.Move(3, "0101", ("0102",)) and hash(move) == hash(
        warm.Move(3, via=("0102",))
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.ship = 4  # type: ignore[misc]
    assert warm.Stock(1) < warm.Stock(2) and warm.Stock(1).cargo == []


@pytest.mark.parametrize(
    "damage",
    [b"", b"\x00not marshal", marshal.dumps([1, 2]), marshal.dumps({"key": "no code"})],
    ids=["empty", "garbage", "a list", "no code"],
)
def test_a_damaged_file_is_compiled_afresh_and_written_again(shelf: Path, damage: bytes) -> None:
    shelf.mkdir(parents=True)
    (shelf / "ships.marshal").write_bytes(damage)
    made = module_of(SOURCE, "ships")
    assert repr(made.Move(1)) == "Move(ship=1, to='0101', via=())"
    assert compiled_methods.compiled_here() >= 9
    compiled_methods.flush()
    kept = marshal.loads((shelf / "ships.marshal").read_bytes())
    assert len(kept) == compiled_methods.compiled_here()
    assert all(isinstance(code, types.CodeType) for code in kept.values())


def test_a_cache_that_cannot_be_written_costs_only_the_compiling(shelf: Path) -> None:
    shelf.parent.joinpath(shelf.name).write_text("a file where the directory would be")
    made = module_of(SOURCE, "ships")
    compiled_methods.flush()
    assert made.Stock(2, [1]) == made.Stock(2, [1])
    assert shelf.read_text() == "a file where the directory would be"


def test_without_a_cache_directory_the_shelf_serves_this_process() -> None:
    compiled_methods.install(None)
    try:
        first = module_of(SOURCE, "ships")
        count = compiled_methods.compiled_here()
        again = module_of(SOURCE, "ships")
        compiled_methods.flush()
        assert count >= 9 and compiled_methods.compiled_here() == count
        assert methods(first.Move) == methods(again.Move)
    finally:
        compiled_methods._shelf = None
        del dataclasses.exec  # type: ignore[attr-defined]


def galbatch(cache: Path, *args: str) -> tuple[int, str, str]:
    """A run of the installed program with its own user cache."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run(
        [sys.executable, "-P", "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env=env,
    )
    return done.returncode, done.stdout, done.stderr


def kept_files(cache: Path) -> dict[str, tuple[int, int]]:
    """Each file of the shelf, with its inode and time of change."""
    return {
        p.name: (p.stat().st_ino, p.stat().st_mtime_ns)
        for p in sorted(cache.glob("galbatch/methods-*/*.marshal"))
    }


def test_a_check_and_a_turn_read_what_the_first_run_kept(tmp_path: Path) -> None:
    """The first check compiles and keeps its classes' methods; the next says the same
    and writes nothing; a damaged file changes nothing of what a run says; a turn (its
    click command, ending through `atexit`) keeps its own."""
    game = shipped("galaxy13")
    orders = sorted((game / "orders").glob("*"))[0]
    cache = tmp_path / "cache"
    first = galbatch(cache, "check", str(orders), "--game", str(game))
    assert first[0] in (0, 4, 8) and "Traceback" not in first[2]
    kept = kept_files(cache)
    assert "galbatch.rules.galactac.orders.marshal" in kept
    assert galbatch(cache, "check", str(orders), "--game", str(game)) == first
    assert kept_files(cache) == kept, "a run that learnt nothing writes nothing"
    for name in kept:
        next(cache.glob(f"galbatch/methods-*/{name}")).write_bytes(b"\x00damaged")
    assert galbatch(cache, "check", str(orders), "--game", str(game)) == first
    assert set(kept_files(cache)) == set(kept)
    turn = tmp_path / "GT13"
    shutil.copytree(game, turn)
    code, out, err = galbatch(cache, "process", "--dry-run", str(turn))
    assert code < 12 and "Traceback" not in err, err
    assert len(kept_files(cache)) > len(kept)
