"""Galac-Tac's damage: where each point of a hit lands, the items it destroys, and the
ships that go with their carrier."""

from __future__ import annotations

from galbatch.rules.galactac.battle_events import LostWithHangar, ShipDestroyed
from galbatch.rules.galactac.battle_field import Field, ShipState
from galbatch.rules.galactac.battle_tables import (
    DEPLOY_ROUND,
    DESIRED_AREA_PERCENT,
    ENGINES,
    ENGINES_PER_POINT,
    MAIN,
    TARGET_AREAS,
    WEAPONS,
)
from galbatch.rules.galactac.rating import Rating, ssd

EXCESS = 4  # the drawing's area 4: excess damage


def excess_capacity(design: Rating) -> int:
    """Excess damage a ship takes before it is destroyed: its SSD."""
    return ssd(design)


class Damaging(Field):
    """A battle's damage: shields first, then the target areas, then excess damage until
    the ship is destroyed (and what it carries in its hangar bays with it)."""

    def damage(self, target: ShipState, points: int, area: int, by: str) -> None:
        """Points of damage on a ship: its shield points first, then its target areas
        (`area` 1-3 is the desired one, hit 70 % of the time), engines three a point,
        excess damage until it is spent and the ship destroyed."""
        if not target.alive:
            return
        target.taken += points
        absorbed = min(points, target.shield_pool)
        target.shield_pool -= absorbed
        points -= absorbed
        if not points:
            return
        desired = 0
        if area and self.rng.randrange(100) < DESIRED_AREA_PERCENT:
            desired = area
        for _ in range(points):
            self.point(target, desired or self.random_area(target), by)
            if not target.alive:
                return

    def random_area(self, target: ShipState) -> int:
        roll = self.rng.randrange(sum(target.area_weights))
        for code, weight in zip((WEAPONS, MAIN, ENGINES, EXCESS), target.area_weights, strict=True):
            if roll < weight:
                return code
            roll -= weight
        raise AssertionError("unreachable")

    def point(self, target: ShipState, area: int, by: str) -> None:
        if area != EXCESS:
            hits = ENGINES_PER_POINT if area == ENGINES else 1
            items = TARGET_AREAS[area]
            working = sum(target.parts[i] for i in items)
            if working:
                for _ in range(min(hits, working)):
                    self.lose_item(target, items)
                return
        target.excess += 1
        if target.excess >= target.ssd:
            self.destroy(target, by)

    def lose_item(self, target: ShipState, items: tuple[str, ...]) -> None:
        roll = self.rng.randrange(sum(target.parts[i] for i in items))
        for item in items:
            if roll < target.parts[item]:
                break
            roll -= target.parts[item]
        target.parts[item] -= 1
        if item == "drones":
            target.drones_up = min(target.drones_up, target.parts["drones"])
        elif item == "racks":
            target.missiles = min(target.missiles, target.parts["racks"])
        elif item == "hangars":
            bay = target.bays.pop(self.rng.randrange(len(target.bays)))
            if bay is not None and bay.alive and bay.deploying and self.round <= DEPLOY_ROUND:
                self.events.append(LostWithHangar(bay.c.id, bay.c.empire, target.c.id))
                self.destroy(bay, "")

    def destroy(self, ship: ShipState, by: str) -> None:
        ship.alive = False
        ship.round_destroyed = self.round
        ship.drones_up = 0
        self.events.append(ShipDestroyed(self.round, ship.c.id, ship.c.empire, by))
        if self.round <= DEPLOY_ROUND:
            for bay in ship.bays:
                if bay is not None and bay.alive and bay.deploying:
                    self.events.append(LostWithHangar(bay.c.id, bay.c.empire, ship.c.id))
                    self.destroy(bay, "")
