"""Galactic Conqueror's layer 3, the running budgets of a command file: what the checks
of every command read and use (`check.py` runs them).

The view read once a file: each of the player's planets' PU, goods, kits, population,
factories and shipyards (`Stock`), each of their ships' place, task force and cargo
(`Craft`), the planets known and their owners, the research done and the reward set;
and the lookups every check starts with, which reject a command naming a ship, a task
force, a planet or a shipyard the player does not have.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from galbatch.engine.checker.situation import Refusal, Situation
from galbatch.engine.text.suggest import did_you_mean
from galbatch.rules.conqueror.codes import GQ201, GQ202, GQ203, GQ204, GQ214, GQ218, GQ220
from galbatch.rules.conqueror.orders import Order
from galbatch.rules.conqueror.tables import (
    CARGO,
    FORTRESS_COST,
    MAX_SHIPYARDS,
    PLANETARY_DEFENSE,
    POPULATION_PER_FACTORY,
    RESEARCH,
    RESEARCH_AREAS,
    SPARES_CLASS,
)

# Table 5.3's cargo types and the planet value each is loaded from / unloaded to.
PLANET_GOODS: dict[int, str] = {
    1: "spares",
    2: "mpu",
    3: "apu",
    4: "rpu",
    5: "m_kits",
    6: "a_kits",
    7: "r_kits",
    8: "f_kits",
    9: "population",
}
COLONISTS = 9
# Table 5.2's kit kinds and the cargo type of the kits they make.
KIT_PRODUCTS: dict[int, int] = {3: 5, 5: 6, 7: 7, 9: 8}
FACTORY_KIND = 8  # table 5.2: factory
FACTORY_KIT = 8  # table 5.3: F-kits
FIRST_YARD_KIND = 10  # table 5.2: 10, 11, 12 extend shipyard 1, 2, 3
MAX_AREA_TL = max(RESEARCH)


@dataclass
class Stock:
    """What is left to use on one of the player's planets while checking."""

    number: int
    pu: int
    goods: dict[int, int]  # cargo type -> spares, PU, kits or population on the planet
    factories: int
    yards: list[list[int]]  # [size, class] of shipyards 1..3; size 0: no shipyard
    taken: list[int] = field(default_factory=lambda: [0] * MAX_SHIPYARDS)  # PU invested

    def units(self, cargo: int) -> int:
        """Transport units of `cargo` that can be loaded here."""
        return self.goods[cargo] // CARGO[cargo][1]

    def factory_room(self) -> int:
        return self.goods[COLONISTS] // POPULATION_PER_FACTORY - self.factories


@dataclass
class Craft:
    """One of the player's ships while checking."""

    number: int
    position: int  # planet in whose orbit it is; 0 in flight
    destination: int
    task_force: int
    ship_class: int
    capacity: int
    cargo: list[int]  # transport units per cargo type 1..9
    moved_to: int | None = None  # destination of this file's movement command
    gone: str = ""  # "scrapped", "given to player 4"

    @property
    def free(self) -> int:
        return max(0, self.capacity - sum(self.cargo))


GOODS_WORDS: dict[int, str] = {
    1: "spares",
    2: "MPU",
    3: "APU",
    4: "RPU",
    5: "M-kits",
    6: "A-kits",
    7: "R-kits",
    8: "F-kits",
    9: "colonists",
}


def goods_words(cargo: int, units: int, stock: int) -> str:
    """'9 MPU', '185 colonists (9 transport units)'."""
    name = GOODS_WORDS[cargo]
    if CARGO[cargo][1] == 1:
        return f"{units} {name}"
    return f"{stock} {name} ({units} transport units)"


class Budgets(Situation[Order]):
    """The running budgets of one command file, and the lookups of what commands name."""

    REDUCED = "quantity {wanted} reduced to {limit}: {why}"  # section 3's reductions

    def __init__(self, view: Mapping[str, Any], player: str) -> None:
        super().__init__()
        self.known = {int(row[0]) for row in view.get("map", [])}
        self.stock: dict[int, Stock] = {}
        for p in view.get("planets", []):
            yards = [[int(y[0]), int(y[1])] for y in p.get("yards", [])][:MAX_SHIPYARDS]
            yards += [[0, SPARES_CLASS] for _ in range(MAX_SHIPYARDS - len(yards))]
            self.stock[int(p["number"])] = Stock(
                int(p["number"]),
                int(p["pu"]),
                {cargo: int(p.get(key, 0)) for cargo, key in PLANET_GOODS.items()},
                int(p.get("factories", 0)),
                yards,
            )
        self.ships: dict[int, Craft] = {
            int(s["number"]): Craft(
                int(s["number"]),
                int(s["position"]),
                int(s.get("destination", 0)),
                int(s.get("task_force", 0)),
                int(s["class"]),
                int(s["capacity"]),
                [int(c) for c in (list(s.get("cargo", [])) + [0] * len(CARGO))[: len(CARGO)]],
            )
            for s in view.get("fleet", [])
        }
        self.players: dict[int, str] = {int(n): str(name) for n, name in view.get("players", [])}
        try:
            self.me = int(view.get("player", player))
        except ValueError:
            self.me = -1
        self.owners: dict[int, str] = {
            int(e["number"]): str(e["owner"]) for e in view.get("explored", [])
        }
        tech = list(view.get("tech", [])) + [0] * len(RESEARCH_AREAS)
        self.fortress_cost = FORTRESS_COST[int(tech[PLANETARY_DEFENSE])]
        research = list(view.get("research", [])) + [0] * len(RESEARCH_AREAS)
        self.research = [int(r) for r in research[: len(RESEARCH_AREAS)]]
        reward = list(view.get("reward", [])) + [0, 0]
        points, target = int(reward[0]), int(reward[1])
        # the reward as the commands so far leave it, and the command that set it ("" if
        # it stands from an earlier turn)
        self.reward_now = (points, target) if points > 0 and target > 0 else (0, 0)
        self.reward_by = ""
        self.suggested: dict[tuple[int, bool], str] = {}  # close_planet's answers

    def close_planet(self, number: int, mine: bool) -> str:
        """' (did you mean 147?)': a planet the player knows (or owns) close to `number`;
        worked out once a file for each number, as a hostile file repeats one."""
        key = (number, mine)
        if key not in self.suggested:
            pool = self.stock if mine else self.known
            self.suggested[key] = did_you_mean(str(number), map(str, pool))
        return self.suggested[key]

    def known_planet(self, number: int, mine: bool = False) -> None:
        """Reject a planet the player does not know; suggest a close one he knows (or, for
        a command that needs his own planet, one of his)."""
        if number not in self.known:
            raise Refusal(GQ203, f"you know no planet {number}{self.close_planet(number, mine)}")

    def own(self, number: int) -> Stock:
        self.known_planet(number, mine=True)
        if number not in self.stock:
            close = self.close_planet(number, mine=True)
            raise Refusal(GQ204, f"planet {number} is not yours{close}")
        return self.stock[number]

    def ship(self, number: int) -> Craft:
        ship = self.ships.get(number)
        if ship is None:
            raise Refusal(GQ201, f"you have no ship {number}")
        if ship.gone:
            raise Refusal(GQ220, f"ship {number} is {ship.gone} by an earlier command")
        return ship

    def task_force(self, number: int) -> list[Craft]:
        members = [
            s for n, s in sorted(self.ships.items()) if s.task_force == number and not s.gone
        ]
        if not members:
            raise Refusal(GQ202, f"you have no ship in task force {number}")
        return members

    def existing_yard(self, stock: Stock, yard: int) -> list[int]:
        row = stock.yards[yard - 1]
        if row[0] <= 0:
            raise Refusal(GQ214, f"planet {stock.number} has no shipyard {yard}")
        return row

    @staticmethod
    def pu_left(stock: Stock) -> int:
        if stock.pu <= 0:
            raise Refusal(GQ218, f"planet {stock.number} has no PU left")
        return stock.pu
