"""Galac-Tac's fire: each weapon's one shot a round, its roll to hit and the damage
it deals."""

from __future__ import annotations

from galbatch.rules.galactac.battle_damage import Damaging
from galbatch.rules.galactac.battle_field import Missile, ShipState
from galbatch.rules.galactac.battle_tables import (
    DRONES,
    ENGINES,
    MAIN,
    MISSILES,
    PLATFORMS,
    TARGET_AREAS,
    WEAPONS,
)
from galbatch.rules.galactac.battle_targeting import clamp_tenths, hit_tenths, t_type_result
from galbatch.rules.galactac.combat_house import COMBAT_HOUSE
from galbatch.rules.galactac.tables import DRONE_DAMAGE, T_TYPE_DAMAGE, p_type_damage


class Firing(Damaging):
    """A battle's fire: T-types launched and striking, P-types and drones firing at
    ships, missiles and drones, each shot counted for the report."""

    def roll(self, tenths: int) -> bool:
        return self.rng.randrange(1000) < clamp_tenths(tenths)

    def count(self, firer: ShipState, hit: bool, points: int) -> None:
        firer.shots += 1
        tally = self.tally.setdefault(firer.c.empire, [0, 0, 0])
        tally[0] += 1
        if hit:
            firer.hits += 1
            firer.dealt += points
            tally[1] += 1
            tally[2] += points

    def launch(self, firer: ShipState) -> None:
        """Each working T-type launcher with a missile in the racks launches one."""
        code = firer.targets.t_type
        for _ in range(firer.parts["t_launchers"]):
            if not firer.missiles or not firer.t_allowed:
                return
            target = self.pick_ship(self.ship_pool(firer, "T-Type", code))
            if target is None:
                return
            firer.missiles -= 1
            self.missiles.append(Missile(firer, target))

    def strike(self, missile: Missile) -> None:
        """A missile still in flight strikes: a direct hit, a near miss or nothing."""
        firer, target = missile.owner, missile.target
        if not target.alive:
            self.count(firer, False, 0)
            return
        code = firer.targets.t_type
        aimed = code in TARGET_AREAS or code == PLATFORMS
        speed = COMBAT_HOUSE.missile_speed
        tenths = hit_tenths(
            "T-Type (direct hit)",
            speed,
            firer.c.tech,
            target.speed,
            target.c.tech,
            target.maneuvering,
            aimed,
        )
        result = t_type_result(self.rng.randrange(1000), tenths)
        if result == "miss":
            self.count(firer, False, 0)
            return
        direct, near = T_TYPE_DAMAGE[firer.c.missile_tech or firer.c.tech]
        points = direct if result == "direct" else near
        self.count(firer, True, points)
        self.damage(target, points, code if code in TARGET_AREAS else 0, firer.c.empire)

    def fire_p_type(self, firer: ShipState) -> None:
        code = firer.targets.p_type
        speed = COMBAT_HOUSE.platform_attack_speed if firer.platform else firer.speed
        if code == MISSILES:
            missile = self.pick_missile(self.missile_pool(firer))
            if missile is not None:
                tenths = hit_tenths(
                    "P-Type",
                    speed,
                    firer.c.tech,
                    COMBAT_HOUSE.missile_speed,
                    missile.owner.c.tech,
                    False,
                    True,
                )
                hit = self.roll(tenths)
                self.count(firer, hit, 0)
                missile.alive = missile.alive and not hit
                return
        valid = code if code in TARGET_AREAS or code == PLATFORMS else 0
        target = self.pick_ship(self.ship_pool(firer, "P-Type", valid))
        if target is None:
            return
        tenths = hit_tenths(
            "P-Type",
            speed,
            firer.c.tech,
            target.speed,
            target.c.tech,
            target.maneuvering,
            code in (WEAPONS, MAIN, ENGINES, PLATFORMS, MISSILES),
        )
        hit = self.roll(tenths)
        points = p_type_damage(firer.ssd, firer.c.tech, firer.platform) if hit else 0
        self.count(firer, hit, points)
        if hit:
            self.damage(target, points, valid if valid in TARGET_AREAS else 0, firer.c.empire)

    def fire_drone(self, firer: ShipState) -> None:
        code = firer.targets.drone
        speed = COMBAT_HOUSE.drone_speed
        tech = firer.c.tech
        if code in (0, MISSILES):
            missile = self.pick_missile(self.missile_pool(firer))
            if missile is not None:
                tenths = hit_tenths(
                    "Drone",
                    speed,
                    tech,
                    COMBAT_HOUSE.missile_speed,
                    missile.owner.c.tech,
                    False,
                    False,
                )
                hit = self.roll(tenths)
                self.count(firer, hit, 0)
                missile.alive = missile.alive and not hit
                return
            if code == MISSILES:
                return
        if code in (0, DRONES):
            drone = self.pick_drone(self.drone_pool(firer))
            if drone is not None:
                hit = self.roll(hit_tenths("Drone", speed, tech, speed, drone.c.tech, False, False))
                self.count(firer, hit, 0)
                if hit:  # "a Drone destroyed in flight also disables its Drone bay"
                    drone.drones_up -= 1
                    drone.parts["drones"] -= 1
                return
            if code == DRONES:
                return
        target = self.pick_ship(self.ship_pool(firer, "Drone", code))
        if target is None:
            return
        tenths = hit_tenths(
            "Drone", speed, tech, target.speed, target.c.tech, target.maneuvering, False
        )
        hit = self.roll(tenths)
        points = DRONE_DAMAGE[tech] if hit else 0
        self.count(firer, hit, points)
        if hit:
            self.damage(target, points, code if code in TARGET_AREAS else 0, firer.c.empire)
