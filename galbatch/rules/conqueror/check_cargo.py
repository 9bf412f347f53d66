"""Galactic Conqueror's layer 3, cargo: loads (3.2) and unloads (3.3), ship by ship or
for a task force, reduced to the free capacity, what a planet has and its room for
colonists."""

from __future__ import annotations

from dataclasses import replace

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.conqueror.check_budgets import (
    COLONISTS,
    GOODS_WORDS,
    Budgets,
    Craft,
    Stock,
    goods_words,
)
from galbatch.rules.conqueror.codes import (
    GQ206,
    GQ207,
    GQ208,
    GQ210,
    GQ211,
    GQ236,
    GQ301,
    GQ302,
    GQ303,
    GQ309,
)
from galbatch.rules.conqueror.orders import Load, Order, Unload
from galbatch.rules.conqueror.tables import CARGO, MAX_POPULATION


class Cargo(Budgets):
    """The commands that load and unload ships."""

    def carriers(self, order: Load | Unload) -> list[Craft]:
        """The ships that load or unload for a command, each at a planet of the player's."""
        if order.unit == "S":
            ship = self.ship(order.number)
            if ship.capacity == 0:
                raise Refusal(
                    GQ210,
                    f"ship {order.number} (class {ship.ship_class}) has no transport capacity",
                )
            ships = [ship]
        else:
            ships = [s for s in self.task_force(order.number) if s.capacity > 0]
            if not ships:
                raise Refusal(GQ210, f"no ship of task force {order.number} has transport capacity")
        reasons = [self.cannot_handle(ship, order) for ship in ships]
        able = [s for s, why in zip(ships, reasons, strict=True) if why is None]
        if not able:
            raise Refusal(*[why for why in reasons if why is not None][0])
        return able

    def cannot_handle(self, ship: Craft, order: Load | Unload) -> tuple[str, str] | None:
        """Why a ship can't load or unload now, or None."""
        doing = "loaded" if isinstance(order, Load) else "unloaded"
        who = f"ship {ship.number}"
        if order.unit == "T":
            who += f" of task force {order.number}"
        if ship.moved_to is not None:
            return (
                GQ206,
                f"{who} has a movement command earlier in this file; "
                f"nothing can be {doing} after it",
            )
        if ship.position == 0:
            return GQ207, f"{who} is in flight; ships are {doing} only in orbit"
        if ship.position not in self.stock:
            return (
                GQ208,
                f"{who} is in orbit of planet {ship.position}, which is not yours; "
                f"ships are {doing} only at your own planets",
            )
        return None

    @staticmethod
    def who(order: Load | Unload) -> str:
        return f"ship {order.number}" if order.unit == "S" else f"task force {order.number}"

    def load(self, order: Load) -> Order:
        ships = self.carriers(order)
        cargo = order.cargo
        # What each ship takes, in ship order, each from the planet it orbits.
        left = {s.position: self.stock[s.position].units(cargo) for s in ships}
        takes: list[int] = []
        starved = False
        for ship in ships:
            wanted = ship.free if order.amount == 0 else min(order.amount, ship.free)
            n = min(wanted, left[ship.position])
            starved = starved or n < wanted
            left[ship.position] -= n
            takes.append(n)
        planets = sorted({s.position for s in ships})
        where = "planet" + ("s " if len(planets) > 1 else " ") + ", ".join(map(str, planets))
        if sum(takes) == 0:
            if not starved:
                raise Refusal(GQ211, f"{self.who(order)} has no free transport capacity")
            raise Refusal(GQ211, f"{where} has no {GOODS_WORDS[cargo]} to load")
        most = max(takes)
        if 0 < most < order.amount:
            if starved:
                have = sum(self.stock[p].units(cargo) for p in planets)
                stocked = sum(self.stock[p].goods[cargo] for p in planets)
                self.warn(
                    GQ301,
                    f"quantity {order.amount} reduced to {most}: {where} has only "
                    f"{goods_words(cargo, have, stocked)}",
                )
            elif order.unit == "S":
                self.warn(
                    GQ302,
                    f"quantity {order.amount} reduced to {most}: ship {order.number} has only "
                    f"{most} free transport units",
                )
            else:
                self.warn(
                    GQ302,
                    f"quantity {order.amount} reduced to {most}: no ship of task force "
                    f"{order.number} has more than {most} free transport units",
                )
            order = replace(order, amount=most)
        for ship, n in zip(ships, takes, strict=True):
            ship.cargo[cargo - 1] += n
            self.stock[ship.position].goods[cargo] -= n * CARGO[cargo][1]
        return order

    def unload(self, order: Unload) -> Order:
        ships = self.carriers(order)
        cargo = order.cargo
        per_unit = CARGO[cargo][1]
        room = {s.position: self.room(self.stock[s.position], cargo) for s in ships}
        gives: list[int] = []
        crowded = False
        for ship in ships:
            aboard = ship.cargo[cargo - 1]
            wanted = aboard if order.amount == 0 else min(order.amount, aboard)
            n = min(wanted, room[ship.position])
            crowded = crowded or n < wanted
            room[ship.position] -= n
            gives.append(n)
        name = GOODS_WORDS[cargo]
        if sum(gives) == 0:
            if not crowded:
                raise Refusal(GQ211, f"{self.who(order)} carries no {name}")
            full = next(s.position for s in ships if s.cargo[cargo - 1])
            raise Refusal(
                GQ236,
                f"planet {full} has no room for more colonists: {MAX_POPULATION} population "
                "is the most",
            )
        most = max(gives)
        if 0 < most < order.amount:
            if crowded:
                full = next(s.position for s, n in zip(ships, gives, strict=True) if n == most)
                space = MAX_POPULATION - self.stock[full].goods[cargo]
                self.warn(
                    GQ309,
                    f"quantity {order.amount} reduced to {most}: planet {full} has room for "
                    f"only {space} more colonists ({space // per_unit} transport units)",
                )
            elif order.unit == "S":
                self.warn(
                    GQ303,
                    f"quantity {order.amount} reduced to {most}: ship {order.number} carries "
                    f"only {most} transport units of {name}",
                )
            else:
                self.warn(
                    GQ303,
                    f"quantity {order.amount} reduced to {most}: no ship of task force "
                    f"{order.number} carries more than {most} transport units of {name}",
                )
            order = replace(order, amount=most)
        for ship, n in zip(ships, gives, strict=True):
            ship.cargo[cargo - 1] -= n
            self.stock[ship.position].goods[cargo] += n * per_unit
        return order

    @staticmethod
    def room(stock: Stock, cargo: int) -> int:
        """Transport units of `cargo` a planet can take: colonists up to 30000 population."""
        if cargo != COLONISTS:
            return 1 << 62
        return max(0, MAX_POPULATION - stock.goods[COLONISTS]) // CARGO[cargo][1]
