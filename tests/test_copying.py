"""`shallow` copies as `copy.copy` does, at a third of the cost, or leaves it to copy.copy."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from galbatch.engine.contract.copying import shallow


@dataclass
class Plain:
    number: int
    cargo: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Frozen:
    name: str


class Slotted:
    __slots__ = ("a",)

    def __init__(self, a: int) -> None:
        self.a = a


class OwnCopy:
    def __init__(self) -> None:
        self.copies = 0

    def __copy__(self) -> OwnCopy:
        made = OwnCopy()
        made.copies = self.copies + 1
        return made


def test_a_plain_object_is_copied_as_copy_copy_copies_it() -> None:
    for obj in (Plain(3, [1, 2]), Frozen("RIGEL")):
        made: Any = shallow(obj)
        assert made == copy.copy(obj) and made is not obj and type(made) is type(obj)
    plain = Plain(3, [1, 2])
    made = shallow(plain)
    assert made.cargo is plain.cargo  # shallow: the values are shared
    made.number = 4
    assert plain.number == 3


def test_other_objects_are_left_to_copy_copy() -> None:
    slotted = shallow(Slotted(5))
    assert isinstance(slotted, Slotted) and slotted.a == 5
    assert shallow(OwnCopy()).copies == 1


def test_a_conqueror_state_clone_equals_a_deep_copy_and_shares_nothing_mutable() -> None:
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.rules.conqueror.setup import new_game

    state = new_game(7, [PlayerInfo(str(i), f"P {i}", i) for i in range(1, 5)], {})
    clone = state.clone()
    assert clone == copy.deepcopy(state)
    for a, b in zip(state.ships, clone.ships, strict=True):
        assert a is not b and a.cargo is not b.cargo
    for n, planet in state.planets.items():
        assert clone.planets[n] is not planet
        assert all(x is not y for x, y in zip(planet.yards, clone.planets[n].yards, strict=True))
