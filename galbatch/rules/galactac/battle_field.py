"""Galac-Tac's battle as it stands: each ship's state, the missiles in flight, and the
target pools a round builds for each kind of firer."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from galbatch.rules.galactac.battle_events import BattleEvent
from galbatch.rules.galactac.battle_ships import NO_TARGETS, Combatant, Targets
from galbatch.rules.galactac.battle_tables import (
    DEPLOY_ROUND,
    DRONE_CATEGORY_ORDER,
    ENGINES,
    FIRST_ROUND,
    MAIN,
    ORDER_GROUPS,
    PLATFORMS,
    T_TYPE_CATEGORY_ORDER,
    TARGET_AREAS,
    WEAPONS,
)
from galbatch.rules.galactac.battle_targeting import p_type_category_order
from galbatch.rules.galactac.tables import category


@dataclass(eq=False)
class ShipState:
    """A combatant's state during the battle."""

    c: Combatant
    index: int
    parts: dict[str, int]
    missiles: int
    excess: int
    ssd: int
    platform: bool
    p_category: str  # the category its P-types and shields count at
    group: str
    area_weights: tuple[int, int, int, int]  # design items of areas 1-3 and the SSD
    shield_pool: int
    drones_up: int
    targets: Targets = NO_TARGETS
    t_allowed: bool = True
    carrier: ShipState | None = None
    deploying: bool = False
    bays: list[ShipState | None] = field(default_factory=list)
    alive: bool = True
    round_destroyed: int = 0
    maneuvering: bool = False
    maneuvered: bool = False
    drone_shots: int = 0  # drones that fired this round
    shots: int = 0
    hits: int = 0
    dealt: int = 0
    taken: int = 0

    @property
    def speed(self) -> int:
        return self.parts["inertia"]

    def armed(self) -> bool:
        return any(self.parts[p] for p in ("drones", "p_types", "t_launchers"))

    def can_fire(self) -> bool:
        p = self.parts
        return bool(p["p_types"] or self.drones_up or (p["t_launchers"] and self.missiles))

    def has_area(self, code: int) -> bool:
        if code == PLATFORMS:
            return self.platform
        return any(self.parts[item] for item in TARGET_AREAS[code])


@dataclass(eq=False)
class Missile:
    """A T-type missile in flight this round."""

    owner: ShipState
    target: ShipState
    alive: bool = True


class Field:
    """One battle's mutable state and its target pools: which enemy each firer may aim
    at this round, and picking one at random."""

    def __init__(self, ships: list[ShipState], rng: random.Random) -> None:
        self.ships = ships
        self.rng = rng
        self.round = 0
        self.events: list[BattleEvent] = []
        self.missiles: list[Missile] = []
        self.pools: dict[tuple[object, ...], list[list[ShipState]]] = {}
        self.missile_pools: dict[tuple[str, str], list[Missile]] = {}
        self.drone_pools: dict[tuple[str, str], list[ShipState]] = {}
        self.tally: dict[str, list[int]] = {}
        self._categories: dict[tuple[int, int], str] = {}

    # Target pools, built once a round for each kind of firer --------------------------

    def eligible(self, firer: ShipState, target: ShipState) -> bool:
        """Whether `firer` may fire on `target` this round: an enemy, not deploying, and
        the chart's first round reached."""
        if target.c.empire == firer.c.empire or not target.alive:
            return False
        if target.deploying and self.round <= DEPLOY_ROUND:
            return False
        return self.chart_allows(firer, target)

    def chart_allows(self, firer: ShipState, target: ShipState) -> bool:
        """The first-round chart: has the round come for `firer` to fire on `target`?"""
        return self.round >= FIRST_ROUND[firer.group][ORDER_GROUPS.index(target.group)]

    def category_of(self, target: ShipState, tech: int) -> str:
        key = (target.ssd, tech)
        name = self._categories.get(key)
        if name is None:
            name = self._categories[key] = category(target.ssd, tech)
        return name

    def ship_pool(self, firer: ShipState, weapon: str, code: int) -> list[list[ShipState]]:
        """The enemy ships `firer`'s weapon may aim at this round, in buckets of equal
        preference, best first."""
        c = firer.c
        key: tuple[object, ...] = (c.empire, firer.group, c.tech, firer.p_category, weapon, code)
        pool = self.pools.get(key)
        if pool is not None:
            return pool
        if weapon == "P-Type":
            order = p_type_category_order(firer.p_category)
        elif weapon == "T-Type":
            order = T_TYPE_CATEGORY_ORDER
        else:
            order = DRONE_CATEGORY_ORDER
        buckets: dict[str, list[ShipState]] = {name: [] for name in order}
        aimed: dict[str, list[ShipState]] = {name: [] for name in order}
        for target in self.ships:
            if not self.eligible(firer, target):
                continue
            if weapon == "T-Type" and not target.armed():
                continue
            name = self.category_of(target, c.tech)
            if name not in buckets:
                continue
            buckets[name].append(target)
            if code in (WEAPONS, MAIN, ENGINES, PLATFORMS) and target.has_area(code):
                aimed[name].append(target)
        pool = []
        if code in (WEAPONS, MAIN, ENGINES, PLATFORMS):
            pool.extend(aimed[name] for name in order)
        if weapon != "Drone" or code == 0:
            pool.extend(buckets[name] for name in order)
        self.pools[key] = pool
        return pool

    def missile_pool(self, firer: ShipState) -> list[Missile]:
        """The enemy missiles in flight `firer` may aim at: by the chart, their
        launching ship's order is theirs."""
        key = (firer.c.empire, firer.group)
        pool = self.missile_pools.get(key)
        if pool is None:
            pool = [
                m
                for m in self.missiles
                if m.owner.c.empire != firer.c.empire and self.chart_allows(firer, m.owner)
            ]
            self.missile_pools[key] = pool
        return pool

    def drone_pool(self, firer: ShipState) -> list[ShipState]:
        key = (firer.c.empire, firer.group)
        pool = self.drone_pools.get(key)
        if pool is None:
            pool = [s for s in self.ships if s.drones_up and self.eligible(firer, s)]
            self.drone_pools[key] = pool
        return pool

    def pick_ship(self, pool: list[list[ShipState]]) -> ShipState | None:
        """A ship at random from the first bucket with one still alive."""
        for bucket in pool:
            while bucket:
                i = self.rng.randrange(len(bucket))
                target = bucket[i]
                if target.alive:
                    return target
                bucket[i] = bucket[-1]
                bucket.pop()
        return None

    def pick_missile(self, pool: list[Missile]) -> Missile | None:
        while pool:
            i = self.rng.randrange(len(pool))
            if pool[i].alive:
                return pool[i]
            pool[i] = pool[-1]
            pool.pop()
        return None

    def pick_drone(self, pool: list[ShipState]) -> ShipState | None:
        while pool:
            i = self.rng.randrange(len(pool))
            if pool[i].drones_up and pool[i].alive:
                return pool[i]
            pool[i] = pool[-1]
            pool.pop()
        return None
