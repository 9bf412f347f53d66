"""Galac-Tac's layer 3, PRODUCTION: what the empire's Production Systems build and spend
(MISSILES, RESEARCH, BUILD, DOWNGRADE, CAPITAL, SCRAP) and the work on its ships there
(REFIT, REPAIR, RELOAD)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.check_stocks import Stocks, take
from galbatch.rules.galactac.codes import (
    GT233,
    GT235,
    GT246,
    GT247,
    GT248,
    GT249,
    GT253,
    GT302,
    GT303,
    GT308,
    GT411,
    GT412,
)
from galbatch.rules.galactac.house import BUILD_MAX, CAPITAL_COST, MISSILE_COST
from galbatch.rules.galactac.rating import ssd


class Production(Stocks):
    """The actions that spend a Production System's PI or missiles, or give them back."""

    def _missiles(self, action: a.Missiles) -> a.Missiles:
        builds = []
        for stock in action.builds:
            place = self.production(stock.location)
            built = min(stock.quantity, place.pi // MISSILE_COST)
            if built < stock.quantity:
                self.warn(
                    GT302,
                    f"{stock.location.text()} has {place.pi} PI: {built} missiles built, "
                    f"not {stock.quantity}",
                )
            place.pi -= built * MISSILE_COST
            place.missiles += built
            if built:
                builds.append(replace(stock, quantity=built))
        if not builds:
            raise Refusal(GT249, _no_pi(action.builds, "no missile can be built"))
        return replace(action, builds=tuple(builds))

    def _research(self, action: a.Research) -> a.Research:
        spending = []
        for stock in action.spending:
            place = self.production(stock.location)
            spent = min(stock.quantity, place.pi)
            if spent < stock.quantity:
                self.warn(
                    GT303,
                    f"{stock.location.text()} has {place.pi} PI: {spent} PI spent on research, "
                    f"not {stock.quantity}",
                )
            place.pi -= spent
            if spent:
                spending.append(replace(stock, quantity=spent))
        if not spending:
            raise Refusal(GT249, _no_pi(action.spending, "nothing to spend on research"))
        return replace(action, spending=tuple(spending))

    def _build(self, action: a.Build) -> a.Build:
        place = self.production(action.location)
        plan = self.design(action.code)
        names = action.names[:BUILD_MAX]
        paid = min(len(names), place.pi // plan.cost) if plan.cost else len(names)
        if not paid:
            raise Refusal(
                GT235,
                f"a {plan.code} costs {plan.cost} PI and {action.location.text()} has "
                f"{place.pi} left",
            )
        if paid < len(names):
            dropped = " ".join(names[paid:])
            self.warn(
                GT308,
                f"{action.location.text()} has {place.pi} PI left, {plan.cost} a {plan.code}: "
                f"{paid} built, {dropped} not (the remaining builds abort)",
            )
        place.pi -= paid * plan.cost
        return replace(action, names=names[:paid])

    def _downgrade(self, action: a.Downgrade) -> a.Downgrade:
        for system in action.systems:
            place = self.production(system.location)
            if place.status == "home":
                raise Refusal(
                    GT233,
                    f"{system.location.text()} is your Home System: it cannot be downgraded",
                )
        for system in action.systems:
            place = self.production(system.location)
            place.status, place.pi, place.missiles = "colony", 0, 0
            for craft in self.crafts.values():
                if craft.location == place.location and not craft.in_service:
                    self.gone.add(craft.id)
        return action

    def _capital(self, action: a.Capital) -> a.Capital:
        place = self.production(action.location)
        if place.status == "home":
            raise Refusal(GT233, f"{action.location.text()} is your Home System already")
        home = self.places.get(self.home or "")
        left = home.pi if home is not None else 0
        if left < CAPITAL_COST:
            raise Refusal(
                GT253,
                f"CAPITAL costs {CAPITAL_COST} PI from the Home System, which has {left} "
                "left after your other actions",
            )
        return action

    def _scrap(self, action: a.Scrap) -> a.Scrap:
        for number in action.ships:
            self.ship(number)
        for number in action.ships:
            craft = self.crafts[number]
            for each in self.riders(craft) if craft.in_service else [craft]:
                self.gone.add(each.id)
        return action

    def _refit(self, action: a.Refit) -> a.Refit:
        for number in action.ships:
            craft = self.active(number)
            reasons = []
            done = False
            for each in self.riders(craft):
                if each.tech >= self.tech:
                    continue
                place = self.places.get(each.location)
                price = each.design_ssd * (self.tech - each.tech)
                if each.id in self.leaving:
                    reasons.append(
                        f"ship {each.id} leaves {each.location} with its fleet's movement"
                    )
                elif place is None or not place.production:
                    reasons.append(f"ship {each.id} is not at one of your Production Systems")
                elif each.damaged:
                    reasons.append(f"ship {each.id} is damaged: REPAIR it first")
                elif place.pi < price:
                    reasons.append(
                        f"ship {each.id} needs {price} PI, {each.location} has {place.pi}"
                    )
                else:
                    place.pi -= price
                    each.tech = self.tech
                    done = True
            if not done:
                raise Refusal(
                    GT246,
                    reasons[0]
                    if reasons
                    else f"ship {number}'s fleet is at your tech level ({self.tech}) already",
                )
            self.left_out("REFIT", number, reasons)
        return action

    def _repair(self, action: a.Repair) -> a.Repair:
        reasons = []
        for number in action.ships:
            craft = self.active(number)
            fleet = self.fleet(craft)
            repaired = False
            for each in self.riders(craft):
                if not each.damaged:
                    continue
                price = each.design_ssd - ssd(each.current)
                place = self.places.get(each.location)
                stock = place.pi if place is not None and place.production else 0
                if stock + sum(c.pi for c in fleet) < price:
                    reasons.append(f"ship {each.id} needs {price} PI to repair")
                    continue
                from_stock = min(price, stock)
                if place is not None and from_stock:
                    place.pi -= from_stock
                take(fleet, "PI", price - from_stock)
                plan = self.designs.get(each.code)
                each.current = plan.rating if plan is not None else each.current
                each.design_ssd = ssd(each.current)
                repaired = True
            if not repaired:
                raise Refusal(
                    GT247,
                    reasons[-1] if reasons else f"no ship in ship {number}'s fleet is damaged",
                )
            self.left_out("REPAIR", number, reasons)
            reasons = []
        return action

    def left_out(self, word: str, number: int, reasons: Sequence[str]) -> None:
        """Warn of the ships of a fleet its REFIT or REPAIR leaves as they are."""
        for reason in reasons:
            self.warn(GT411, f"{reason}: the {word} of ship {number}'s fleet leaves it out")

    def _reload(self, action: a.Reload) -> a.Reload:
        for number in action.ships:
            craft = self.active(number)
            fleet = self.fleet(craft)
            needed = False
            loaded = False
            short: list[str] = []
            for each in self.riders(craft):
                need = max(0, each.current.racks - each.missiles)
                if not need:
                    continue
                needed = True
                place = self.places.get(each.location)
                got = min(need, place.missiles) if place is not None else 0
                if place is not None:
                    place.missiles -= got
                got += take([each, *[c for c in fleet if c is not each]], "MISSILES", need - got)
                each.missiles += got
                loaded = loaded or got > 0
                if got < need:
                    short.append(f"ship {each.id} gets {got} of the {need} missiles its racks need")
            if not needed:
                raise Refusal(GT248, f"the missile racks of ship {number}'s fleet are full")
            if not loaded:
                raise Refusal(
                    GT248,
                    f"no missiles for ship {number}'s fleet: none of yours at "
                    f"{craft.location} nor in its cargo",
                )
            for text in short:
                self.warn(GT412, f"{text}: there are no more here nor in the fleet's cargo")
        return action


def _no_pi(stocks: Sequence[a.Stock], what: str) -> str:
    places = " and ".join(s.location.text() for s in stocks)
    return f"{places} {'have' if len(stocks) > 1 else 'has'} no PI left: {what}"
