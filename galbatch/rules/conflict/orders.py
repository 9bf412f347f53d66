"""Galactic Conflict's orders, one frozen dataclass each, written as the rule book writes them."""

from __future__ import annotations

from typing import Literal

from galbatch.engine.language.frozen import frozen

Movable = Literal["A", "D", "P"]  # AF, DF, probes
Buildable = Literal["A", "D", "F", "P", "C"]  # AF, DF, FT, probes, CP
Destroyable = Literal["F", "C", "E"]  # FT, CP, Econ


@frozen
class Attack:
    """A,23,119,12: 12 AF at world 23 attack world 119."""

    origin: int
    dest: int
    count: int

    def text(self) -> str:
        return f"A,{self.origin},{self.dest},{self.count}"


@frozen
class Move:
    """M,72,144,D,27: move 27 DF from world 72 to world 144."""

    origin: int
    dest: int
    unit: Movable
    count: int

    def text(self) -> str:
        return f"M,{self.origin},{self.dest},{self.unit},{self.count}"


@frozen
class Probe:
    """P,88,223: launch a probe from world 88 to world 223."""

    origin: int
    dest: int

    def text(self) -> str:
        return f"P,{self.origin},{self.dest}"


@frozen
class Build:
    """B,156,F,3: use 3 Econ at world 156 to build FT."""

    world: int
    item: Buildable
    econ: int

    def text(self) -> str:
        return f"B,{self.world},{self.item},{self.econ}"


@frozen
class EconIncrease:
    """E,216: use all of world 216's Econ to increase it by one."""

    world: int

    def text(self) -> str:
        return f"E,{self.world}"


@frozen
class Gate:
    """G,15,245: one Econ at world 15 builds a one-turn gate to world 245."""

    origin: int
    dest: int

    def text(self) -> str:
        return f"G,{self.origin},{self.dest}"


NEUTRAL = "NEUTRAL"  # the owner of a world no player holds


@frozen
class Transfer:
    """T,13,REGULUS: transfer world 13 to the player called REGULUS."""

    world: int
    to: str  # code name as written, normalised (see normal_name)

    def text(self) -> str:
        return f"T,{self.world},{self.to}"


@frozen
class Destroy:
    """D,88,C,18: destroy 18 CP at world 88."""

    world: int
    item: Destroyable
    count: int

    def text(self) -> str:
        return f"D,{self.world},{self.item},{self.count}"


Order = Attack | Move | Probe | Build | EconIncrease | Gate | Transfer | Destroy
Reusable = Build | EconIncrease  # the orders a world remembers for next turn


UNIT_NAMES: dict[str, str] = {
    "A": "AF",
    "D": "DF",
    "F": "FT",
    "P": "probes",
    "C": "CP",
    "E": "Econ",
}
