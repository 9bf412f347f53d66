"""Galac-Tac's layer 3, FLEETS: JOIN, DETACH, ASSIGN to a hangar, the DEFEND and PATROL
stances, and the COMBAT and STANDING orders they allow."""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.galactac import orders as a
from galbatch.rules.galactac.check_stocks import Craft, Stocks
from galbatch.rules.galactac.codes import GT239, GT242, GT243, GT255
from galbatch.rules.galactac.rating import hangar_problems


class Fleets(Stocks):
    """The [B] actions on fleets, hangars and their orders."""

    def _join(self, action: a.Join) -> a.Join:
        flagship = self.active(action.flagship)
        for number in action.ships:
            craft = self.active(number)
            if craft.location != flagship.location:
                raise Refusal(
                    GT242,
                    f"ship {number} is at {craft.location}, its flagship {flagship.id} at "
                    f"{flagship.location}",
                )
            if flagship.carrier or craft.carrier:
                hangared = flagship if flagship.carrier else craft
                raise Refusal(GT255, f"ship {hangared.id} is in a hangar: it joins no fleet")
            if flagship in self.fleet(craft):
                raise Refusal(GT255, f"ship {flagship.id} is in ship {number}'s fleet already")
            craft.flagship, craft.orders, craft.goal = flagship.id, "NONE", None
        return action

    def _detach(self, action: a.Detach) -> a.Detach:
        for number in action.ships:
            craft = self.active(number)
            for follower in self.fleet(craft)[1:]:
                if follower.flagship == craft.id:
                    follower.flagship = craft.flagship
                    if not craft.flagship:
                        follower.orders, follower.goal = craft.orders, craft.goal
            craft.flagship, craft.carrier, craft.orders, craft.goal = 0, 0, "NONE", None
        return action

    def _assign(self, action: a.Assign) -> a.Assign:
        mother = self.active(action.mothership)
        for number in action.ships:
            craft = self.active(number)
            problem = self.hangar_problem(mother, craft)
            if problem:
                raise Refusal(GT243, f"ship {number} cannot go into ship {mother.id}: {problem}")
            craft.carrier, craft.flagship, craft.orders, craft.goal = mother.id, 0, "NONE", None
        return action

    def hangar_problem(self, mother: Craft, craft: Craft) -> str:
        """Why `craft` cannot go into a hangar bay of `mother` (fleets.hangar_problem)."""
        if mother.location != craft.location:
            return f"it is at {craft.location}, the mother ship at {mother.location}"
        bays = mother.current.hangars
        if len(self.hangared(mother)) >= bays:
            return "no hangar bay is free" if bays else "the mother ship has no hangar bays"
        if mother.carrier:
            return "the mother ship is itself in a hangar"
        plan = self.designs.get(craft.code)
        found = hangar_problems(plan.rating if plan is not None else craft.current, self.tech)
        if found:
            return found[0]
        if not craft.current.inertia:
            return "a hangared ship must have at least one working inertia drive"
        if self.hangared(craft) or any(c.flagship == craft.id for c in self.crafts.values()):
            return "the ship has ships of its own"
        return ""

    def _defend(self, action: a.Defend) -> a.Defend:
        self.stance(action.ships, "DEFEND")
        return action

    def _patrol(self, action: a.Patrol) -> a.Patrol:
        self.stance(action.ships, "PATROL")
        return action

    def stance(self, numbers: Sequence[int], kind: str) -> None:
        """DEFEND or PATROL: each ship leaves its fleet and holds its place."""
        for number in numbers:
            craft = self.free_ship(number)
            craft.flagship, craft.orders, craft.goal = 0, kind, None

    def _combat(self, action: a.Combat) -> a.Combat:
        craft = self.active(action.flagship)
        if craft.orders != "ATTACK":
            self.awaiting[self.index] = (craft.id, craft.orders)
        return action

    def _standing(self, action: a.Standing) -> a.Standing:
        craft = self.active(action.flagship)
        if craft.orders != "DEFEND":
            raise Refusal(
                GT239,
                f"ship {craft.id} is not under DEFEND orders (its orders: {craft.orders}): "
                "give the DEFEND action first",
            )
        return action
