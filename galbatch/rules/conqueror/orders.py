"""Galactic Conqueror's 14 commands, one frozen dataclass each (section 3).

Commands are blank-separated, one a line, and carried out strictly in file
order: a ship may be loaded and unloaded as often as wanted, but has one
movement command, and nothing is loaded or unloaded after it.
"""

from __future__ import annotations

from typing import Literal

from galbatch.engine.language.frozen import frozen

Unit = Literal["S", "T"]  # a single ship or a task force


@frozen
class Move:
    """B S 45 56: send ship 45 (T: task force 45) to planet 56; foreign planets are attacked."""

    unit: Unit
    number: int
    dest: int

    def text(self) -> str:
        return f"B {self.unit} {self.number} {self.dest}"


@frozen
class Load:
    """L T 5 9 0: fill transport units of task force 5 with colonists; 0 loads all that fits."""

    unit: Unit
    number: int
    cargo: int  # table 5.3, 1..9
    amount: int  # transport units; 0 = as much as possible

    def text(self) -> str:
        return f"L {self.unit} {self.number} {self.cargo} {self.amount}"


@frozen
class Unload:
    """E S 12 9 4: unload four transport units of colonists from ship 12."""

    unit: Unit
    number: int
    cargo: int
    amount: int  # 0 = everything of that cargo

    def text(self) -> str:
        return f"E {self.unit} {self.number} {self.cargo} {self.amount}"


@frozen
class SetClass:
    """W 67 2 7: shipyard 2 on planet 67 will produce ships of class 7 (0 = spares)."""

    planet: int
    yard: int
    ship_class: int

    def text(self) -> str:
        return f"W {self.planet} {self.yard} {self.ship_class}"


@frozen
class Invest:
    """S 78 1 15: invest 15 PU in shipyard 1 on planet 78."""

    planet: int
    yard: int
    pu: int

    def text(self) -> str:
        return f"S {self.planet} {self.yard} {self.pu}"


@frozen
class Scrap:
    """V 12: scrap ship 12; in orbit its parts become spares."""

    ship: int

    def text(self) -> str:
        return f"V {self.ship}"


@frozen
class Attach:
    """Z 12 3: attach ship 12 to task force 3 (0 = no task force)."""

    ship: int
    task_force: int

    def text(self) -> str:
        return f"Z {self.ship} {self.task_force}"


@frozen
class TransferShip:
    """U 12 4: give ship 12 to player 4, after a move to one of player 4's planets."""

    ship: int
    player: int

    def text(self) -> str:
        return f"U {self.ship} {self.player}"


@frozen
class Produce:
    """P 23 1 2: build 2 fortresses on planet 23 (table 5.2 kinds 1..12)."""

    planet: int
    kind: int
    amount: int

    def text(self) -> str:
        return f"P {self.planet} {self.kind} {self.amount}"


@frozen
class Espionage:
    """I 40 15 20: 15 PU from planet 20 for espionage on planet 40."""

    target: int
    pu: int
    source: int

    def text(self) -> str:
        return f"I {self.target} {self.pu} {self.source}"


@frozen
class Corruption:
    """K 56 20 13: 20 PU from planet 13 to change the loyalty on planet 56."""

    target: int
    pu: int
    source: int

    def text(self) -> str:
        return f"K {self.target} {self.pu} {self.source}"


@frozen
class Research:
    """F 25 15 2: 15 PU from planet 25 into research area 2 (medicine)."""

    planet: int
    pu: int
    area: int

    def text(self) -> str:
        return f"F {self.planet} {self.pu} {self.area}"


@frozen
class Install:
    """N 57 5 3: install 3 M-kits on planet 57 as mines (kit types 5..8)."""

    planet: int
    kit: int
    amount: int

    def text(self) -> str:
        return f"N {self.planet} {self.kit} {self.amount}"


@frozen
class Reward:
    """G 5 3: offer 5 score points for conquering player 3's planets (player 0 withdraws)."""

    points: int
    player: int

    def text(self) -> str:
        return f"G {self.points} {self.player}"


Order = (
    Move
    | Load
    | Unload
    | SetClass
    | Invest
    | Scrap
    | Attach
    | TransferShip
    | Produce
    | Espionage
    | Corruption
    | Research
    | Install
    | Reward
)
