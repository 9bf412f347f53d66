"""`@frozen` (galbatch.engine.language.frozen): an order class is the frozen dataclass
`@dataclass(frozen=True)` would make, only made when first used, so that a cold check
pays for the order classes it builds and not for every one of its game."""

from __future__ import annotations

import copy
import dataclasses
import importlib
import pickle
import subprocess
import sys
from dataclasses import FrozenInstanceError, dataclass, field, fields, is_dataclass, replace
from pathlib import Path
from typing import ClassVar

import pytest

from galbatch.engine.language.frozen import frozen

RULESETS = ("conflict", "conqueror", "galactac", "galaktikos", "interstellar")


@frozen
class Move:
    """An order as a game declares one: defaults, a tuple default, a class constant."""

    ship: int
    to: str = "HOME"
    via: tuple[int, ...] = field(default_factory=tuple)
    phase: ClassVar[str] = "M"

    def text(self) -> str:
        return f"{self.ship} {self.to}"


@dataclass(frozen=True)
class Twin:
    """The same declaration as a plain frozen dataclass, to compare with."""

    ship: int
    to: str = "HOME"
    via: tuple[int, ...] = field(default_factory=tuple)
    phase: ClassVar[str] = "M"


@frozen(order=True)
class Place:
    y: int
    x: int


def declared() -> type:
    """A new `@frozen` class, never made yet."""

    @frozen
    class Fresh:
        a: int
        b: str = "b"

    return Fresh


def made(cls: type) -> bool:
    return "__dataclass_fields__" in cls.__dict__


def test_a_declared_class_is_made_only_when_first_used() -> None:
    cls = declared()
    assert not made(cls)
    cls(1)
    assert made(cls)
    assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "ask",
    [
        fields,
        is_dataclass,
        lambda cls: cls.__match_args__,
        lambda cls: cls.__dataclass_fields__,
        lambda cls: dataclasses.asdict(cls(1)),
    ],
    ids=["fields", "is_dataclass", "match_args", "dataclass_fields", "asdict"],
)
def test_asking_the_class_what_dataclass_gives_makes_it(ask: object) -> None:
    cls = declared()
    assert callable(ask)
    assert ask(cls)
    assert made(cls)
    assert [f.name for f in fields(cls)] == ["a", "b"]


def test_it_behaves_as_the_frozen_dataclass_it_declares() -> None:
    move, twin = Move(3, "RIGEL"), Twin(3, "RIGEL")
    assert [(f.name, f.default) for f in fields(Move)] == [
        (f.name, f.default) for f in fields(Twin)
    ]
    assert Move.__match_args__ == Twin.__match_args__ == ("ship", "to", "via")
    assert repr(move) == repr(twin).replace("Twin", "Move")
    assert move == Move(3, "RIGEL") and move != Move(4, "RIGEL") and move != twin
    assert hash(move) == hash(Move(3, "RIGEL"))
    assert len({move, Move(3, "RIGEL"), Move(3)}) == 2
    assert Move(3).to == "HOME" and Move(3).via == () and Move.phase == "M"
    assert replace(move, to="VEGA") == Move(3, "VEGA")
    assert move.text() == "3 RIGEL"
    with pytest.raises(FrozenInstanceError):
        move.to = "VEGA"  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del move.ship  # type: ignore[misc]
    with pytest.raises(TypeError):
        Move()  # type: ignore[call-arg]
    match move:
        case Move(3, where):
            assert where == "RIGEL"
        case _:
            pytest.fail("a positional class pattern did not match")
    assert Move.__name__ == "Move" and Move.__doc__ and "declares one" in Move.__doc__


def test_order_true_orders_field_by_field() -> None:
    assert sorted([Place(2, 1), Place(1, 9), Place(1, 2)]) == [
        Place(1, 2),
        Place(1, 9),
        Place(2, 1),
    ]
    assert Place(1, 2) < Place(1, 3) and Place(2, 0) > Place(1, 9)
    with pytest.raises(TypeError):
        assert Move(1) < Move(2)  # type: ignore[operator]


def test_copies_and_pickles_are_equal_and_frozen() -> None:
    move = Move(5, "DENEB", (1, 2))
    for again in (copy.copy(move), copy.deepcopy(move), pickle.loads(pickle.dumps(move))):
        assert again == move and type(again) is Move
        with pytest.raises(FrozenInstanceError):
            again.ship = 6  # type: ignore[misc]


def test_a_pickle_read_first_thing_in_a_fresh_process_makes_its_class() -> None:
    """An instance read from a pickle (a print helper's answer) is the first of its class
    in the reading process: it must still compare by its fields."""
    from galbatch.rules.galactac import orders

    chart = orders.Chart((orders.ShipTo(1011, orders.Location(27, 93)),))
    data = pickle.dumps(chart) + pickle.dumps(replace(chart))
    code = (
        "import io, pickle, sys\n"
        "from galbatch.rules.galactac import orders\n"
        "assert '__dataclass_fields__' not in orders.Chart.__dict__\n"
        "data = io.BytesIO(sys.stdin.buffer.read())\n"
        "one, two = pickle.load(data), pickle.load(data)\n"
        "assert one is not two and one == two and hash(one) == hash(two), (one, two)\n"
        "print(one)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], input=data, capture_output=True, check=False
    )
    assert done.returncode == 0, done.stderr.decode()
    assert b"Chart(" in done.stdout and b"27" in done.stdout


def test_a_class_whose_methods_call_super_is_refused() -> None:
    with pytest.raises(TypeError, match="super"):

        @frozen
        class Refused:
            a: int

            def __repr__(self) -> str:
                return super().__repr__()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_order_class_is_frozen_and_made_the_same_as_a_dataclass(ruleset: str) -> None:
    """Each game's order classes, once made, have the fields a plain frozen dataclass of
    the same declaration has."""
    module = importlib.import_module(f"galbatch.rules.{ruleset}.orders")
    classes = [
        v for v in vars(module).values() if isinstance(v, type) and v.__module__ == module.__name__
    ]
    declared_frozen = [cls for cls in classes if is_dataclass(cls)]
    assert len(declared_frozen) >= 8
    for cls in declared_frozen:
        assert cls.__dataclass_params__.frozen, cls  # type: ignore[attr-defined]
        plain = dataclass(frozen=True)(
            type(cls.__name__, (), {"__annotations__": cls.__annotations__})
        )
        assert [f.name for f in fields(cls)] == [f.name for f in fields(plain)], cls


def test_a_cold_check_makes_only_the_order_classes_it_builds(tmp_path: Path) -> None:
    """A Galac-Tac file of BUILD actions makes Build and what it holds, not the other
    forty order classes of the game."""
    orders = tmp_path / "orders.txt"
    builds = ["BUILD 27-94 FR2 SWIFT", "BUILD 27-94 FR2 ARROW"]
    orders.write_text("\n".join(['GAME GT13 PLAYER 1 PASSWORD "x"', *builds, "END"]) + "\n")
    probe = (
        "import sys\n"
        "from galbatch.cli.group import main\n"
        "sys.argv = ['galbatch', 'check', sys.argv[1], '--ruleset', 'galactac']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "from galbatch.rules.galactac import orders\n"
        "made = sorted(n for n, v in vars(orders).items() if isinstance(v, type)"
        " and '__dataclass_fields__' in v.__dict__)\n"
        "print('MADE', *made)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, str(orders)], capture_output=True, text=True, check=False
    )
    line = next(x for x in done.stdout.splitlines() if x.startswith("MADE"))
    assert "Build" in line.split()
    assert not {"Chart", "Colonize", "Shuttle", "Load", "Declare"} & set(line.split()), line
