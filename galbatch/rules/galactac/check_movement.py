"""Galac-Tac's layer 3, MOVEMENT: the [M] actions, a ship and its fleet able to leave the
System, and what COLONIZE, DEVELOP and DESTROY need where they go."""

from __future__ import annotations

from collections.abc import Iterable

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.check_stocks import Craft, Stocks, stow
from galbatch.rules.galactac.codes import GT242, GT244, GT245, GT252, GT253, GT254
from galbatch.rules.galactac.house import COLONIZE_BY_TURN, DESTROY_PI_ABOARD, DEVELOP_BY_TURN
from galbatch.rules.galactac.rating import ssd

IMPROVEMENT_PI = {
    "COLONIZE": sum(COLONIZE_BY_TURN),
    "DEVELOP": sum(DEVELOP_BY_TURN),
    "DESTROY": DESTROY_PI_ABOARD,
}


class Movement(Stocks):
    """The [M] actions."""

    def moving(self, number: int, goals: Iterable[a.Location]) -> Craft:
        """The ship an [M] action is given to, and that its fleet can go where it is sent."""
        craft = self.free_ship(number)
        away = [g.text() for g in goals if g.text() != craft.location]
        if away:
            for each in self.fleet(craft):
                if not each.current.star:
                    kind = (
                        "a platform, which never moves"
                        if not each.current.inertia
                        else "inertia drives only: it stays in its System unless towed or hangared"
                    )
                    whose = "" if each is craft else f" (joined to ship {craft.id})"
                    raise Refusal(
                        GT245, f"ship {each.id}{whose} cannot move to {away[0]}: it has {kind}"
                    )
            self.leaving.update(each.id for each in self.riders(craft))
        return craft

    def _to(self, action: a.To) -> a.To:
        for move in action.moves:
            self.moving(move.ship, [move.location])
        return action

    def _chart(self, action: a.Chart) -> a.Chart:
        for move in action.moves:
            self.moving(move.ship, [move.location])
        return action

    def _secure(self, action: a.Secure) -> a.Secure:
        for move in action.moves:
            self.moving(move.ship, [move.location])
        return action

    def _attack(self, action: a.Attack) -> a.Attack:
        self.moving(action.ship, [action.location])
        return action

    def _scout(self, action: a.Scout) -> a.Scout:
        self.moving(action.ship, action.route)
        return action

    def _sentry(self, action: a.Sentry) -> a.Sentry:
        self.moving(action.ship, action.route)
        return action

    def _shuttle(self, action: a.Shuttle) -> a.Shuttle:
        for stop in action.route:
            if stop.text() not in self.stars:
                raise Refusal(GT254, f"there is no star System at {stop.text()}")
        mine = [(p := self.place(s)) is not None and p.production for s in action.route]
        if not any(mine) or all(mine):
            raise Refusal(
                GT254,
                "a shuttle run needs one of your Production Systems and a non-Production System",
            )
        self.moving(action.ship, action.route)
        return action

    def _colonize(self, action: a.Colonize) -> a.Colonize:
        self.improve(action.ship, action.location, "COLONIZE")
        return action

    def _develop(self, action: a.Develop) -> a.Develop:
        self.improve(action.ship, action.location, "DEVELOP")
        return action

    def _destroy(self, action: a.Destroy) -> a.Destroy:
        for move in action.moves:
            self.improve(move.ship, move.location, "DESTROY")
        return action

    def improve(self, number: int, where: a.Location, kind: str) -> None:
        """COLONIZE, DEVELOP or DESTROY: the target, and the PI it needs aboard or loadable
        where the ship is (economy.begin_improvement)."""
        craft = self.moving(number, [where])
        place, text = self.place(where), where.text()
        if text not in self.stars:
            raise Refusal(GT252, f"there is no star System at {text}")
        if kind == "COLONIZE":
            if text not in self.charted:
                raise Refusal(GT252, f"{text} must be CHARTed before it is colonized")
            if (place is not None and place.status) or text in self.others:
                raise Refusal(GT252, f"{text} belongs to an empire already")
        elif kind == "DEVELOP":
            if place is None or place.status != "colony":
                raise Refusal(GT252, f"{text} is not one of your Colonies")
        elif place is not None and place.status:
            raise Refusal(GT252, f"{text} is your own System: use DOWNGRADE, not {kind}")
        need = IMPROVEMENT_PI[kind]
        fleet = self.fleet(craft)
        have = sum(c.pi for c in fleet)
        here = self.places.get(craft.location)
        if have < need and here is not None and here.production:
            room = sum(c.free for c in fleet)
            if here.pi >= need - have and room >= need - have:
                here.pi -= stow(fleet, "PI", need - have)
                have = need
        if have < need:
            raise Refusal(
                GT253,
                f"{kind} needs {need} PI aboard ship {craft.id}'s fleet or loadable where it "
                f"is: it has {have} aboard",
            )

    def _tow(self, action: a.Tow) -> a.Tow:
        tower, towed = self.free_ship(action.towing), self.free_ship(action.towed)
        if tower.location != towed.location:
            raise Refusal(
                GT242,
                f"ship {tower.id} is at {tower.location} and ship {towed.id} at {towed.location}",
            )
        if towed.design_ssd > ssd(tower.current):
            raise Refusal(
                GT244,
                f"ship {towed.id} (SSD {towed.design_ssd} before damage) is larger than ship "
                f"{tower.id} (SSD {ssd(tower.current)})",
            )
        plan = self.designs.get(towed.code)
        rating = plan.rating if plan is not None else towed.current
        if not rating.star and not rating.inertia:
            raise Refusal(GT244, f"ship {towed.id} is a platform: platforms cannot move")
        self.moving(tower.id, [action.location])
        return action
