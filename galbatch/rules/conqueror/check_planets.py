"""Galactic Conqueror's layer 3, the player's planets: shipyards (3.4, 3.5), production
(3.9), espionage and corruption (3.10, 3.11), research (3.12) and kits installed (3.13),
paid from each planet's PU, goods and population."""

from __future__ import annotations

from dataclasses import replace

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.conqueror.check_budgets import (
    COLONISTS,
    FACTORY_KIND,
    FACTORY_KIT,
    FIRST_YARD_KIND,
    GOODS_WORDS,
    KIT_PRODUCTS,
    MAX_AREA_TL,
    Budgets,
    Stock,
)
from galbatch.rules.conqueror.codes import (
    GQ216,
    GQ218,
    GQ219,
    GQ230,
    GQ234,
    GQ235,
    GQ301,
    GQ304,
    GQ305,
    GQ307,
    GQ308,
)
from galbatch.rules.conqueror.orders import (
    Corruption,
    Espionage,
    Install,
    Invest,
    Order,
    Produce,
    Research,
    SetClass,
)
from galbatch.rules.conqueror.tables import (
    FACILITIES,
    POPULATION_PER_FACTORY,
    RESEARCH,
    RESEARCH_AREAS,
    SPARES_CLASS,
)


class Planets(Budgets):
    """The commands that spend a planet's PU or goods."""

    def set_class(self, order: SetClass) -> Order:
        stock = self.own(order.planet)
        row = self.existing_yard(stock, order.yard)
        if row[1] == order.ship_class:
            what = "spares" if order.ship_class == SPARES_CLASS else f"class {order.ship_class}"
            raise Refusal(
                GQ216,
                f"shipyard {order.yard} on planet {order.planet} already builds {what}",
            )
        row[1] = order.ship_class
        return order

    def invest(self, order: Invest) -> Order:
        stock = self.own(order.planet)
        row = self.existing_yard(stock, order.yard)
        room = row[0] - stock.taken[order.yard - 1]
        place = f"shipyard {order.yard} on planet {order.planet}"
        if room <= 0:
            raise Refusal(GQ219, f"{place} has taken its {row[0]} PU this turn")
        pu = self.pu_left(stock)
        n = min(order.pu, room, pu)
        if n < order.pu:
            if room <= pu:
                more = " more" if stock.taken[order.yard - 1] else ""
                self.warn(
                    GQ304,
                    f"quantity {order.pu} reduced to {n}: {place} takes only {room}{more} "
                    "PU a turn",
                )
            else:
                self.warn(
                    GQ301,
                    f"quantity {order.pu} reduced to {n}: planet {order.planet} has only {pu} PU",
                )
            order = replace(order, pu=n)
        stock.taken[order.yard - 1] += n
        stock.pu -= n
        return order

    def produce(self, order: Produce) -> Order:
        stock = self.own(order.planet)
        name = FACILITIES[order.kind][0].lower()
        cost = self.fortress_cost if order.kind == 1 else FACILITIES[order.kind][1]
        room = self.factory_room(stock) if order.kind == FACTORY_KIND else order.amount
        if stock.pu < cost:
            raise Refusal(
                GQ218,
                f"planet {order.planet} has only {max(stock.pu, 0)} PU left; "
                f"one {name} costs {cost} PU",
            )
        afford = stock.pu // cost
        n = min(order.amount, room, afford)
        if n < order.amount:
            if n == afford:
                self.warn(
                    GQ305,
                    f"quantity {order.amount} reduced to {n}: planet {order.planet} has only "
                    f"{stock.pu} PU, enough for {n} ({name}: {cost} PU each)",
                )
            else:
                self.factory_warning(stock, order.amount, n)
            order = replace(order, amount=n)
        stock.pu -= n * cost
        if order.kind in KIT_PRODUCTS:
            stock.goods[KIT_PRODUCTS[order.kind]] += n
        elif order.kind == FACTORY_KIND:
            stock.factories += n
        elif order.kind >= FIRST_YARD_KIND:
            stock.yards[order.kind - FIRST_YARD_KIND][0] += n
        return order

    @staticmethod
    def factory_room(stock: Stock) -> int:
        """Factories the population can still operate (2.1.2); none rejects."""
        room = stock.factory_room()
        if room <= 0:
            raise Refusal(
                GQ235,
                f"the population of planet {stock.number} ({stock.goods[COLONISTS]}) has no "
                f"room for another factory: each needs {POPULATION_PER_FACTORY} population",
            )
        return room

    def factory_warning(self, stock: Stock, wanted: int, room: int) -> None:
        self.warn(
            GQ307,
            f"quantity {wanted} reduced to {room}: the population of planet {stock.number} "
            f"({stock.goods[COLONISTS]}) can operate only {room} more factories",
        )

    def spend_on(self, order: Espionage | Corruption) -> Order:
        self.known_planet(order.target)
        stock = self.own(order.source)
        n = self.spend(stock, order.pu)
        return replace(order, pu=n) if n < order.pu else order

    def spend(self, stock: Stock, wanted: int) -> int:
        """PU taken from a planet, reduced (with a warning) to what is left."""
        pu = self.pu_left(stock)
        n = self.reduce(GQ301, wanted, pu, f"planet {stock.number} has only {pu} PU")
        stock.pu -= n
        return n

    def research_in(self, order: Research) -> Order:
        stock = self.own(order.planet)
        area = RESEARCH_AREAS[order.area]
        needed = RESEARCH[MAX_AREA_TL] - self.research[order.area]
        if needed <= 0:
            raise Refusal(GQ234, f"you have reached technology level {MAX_AREA_TL} in {area}")
        if needed < order.pu and needed <= stock.pu:
            self.warn(
                GQ308,
                f"quantity {order.pu} reduced to {needed}: {area} needs only {needed} more PU "
                f"for technology level {MAX_AREA_TL}",
            )
            n = needed
            stock.pu -= n
        else:
            n = self.spend(stock, order.pu)
        self.research[order.area] += n
        return replace(order, pu=n) if n < order.pu else order

    def install(self, order: Install) -> Order:
        stock = self.own(order.planet)
        kits = stock.goods[order.kit]
        name = GOODS_WORDS[order.kit]
        if kits <= 0:
            raise Refusal(GQ230, f"planet {order.planet} has no {name}")
        room = self.factory_room(stock) if order.kit == FACTORY_KIT else order.amount
        n = min(order.amount, room, kits)
        if n < order.amount:
            if n == kits:
                self.warn(
                    GQ301,
                    f"quantity {order.amount} reduced to {n}: planet {order.planet} has only "
                    f"{kits} {name}",
                )
            else:
                self.factory_warning(stock, order.amount, n)
            order = replace(order, amount=n)
        stock.goods[order.kit] -= n
        if order.kit == FACTORY_KIT:
            stock.factories += n
        return order
