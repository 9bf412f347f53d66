"""Galac-Tac's battle (COMBAT): the ships of several empires in one star system fight
up to ten combat rounds.

A pure resolver: it takes the combatants of one system as `Combatant` records and one
seeded random stream, and gives each ship's after-state, the events for the combat
report and the destroyed ships. It knows nothing of the turn, files or the game state;
the turn builds the combatants from its ships and applies the `BattleResult`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from galbatch.rules.galactac.battle_tables import (
    AREA_PENALTY,
    DEPLOY_ROUND,
    DEPLOYED_ON_DUTY,
    DESIRED_AREA_PERCENT,
    DRONE_CATEGORY_ORDER,
    DRONES,
    ENGINES,
    ENGINES_PER_POINT,
    FIRST_ROUND,
    GROUP_ORDERS,
    MAIN,
    MANEUVER_PER_INERTIA,
    MISSILES,
    MOVEMENT_PER_INERTIA,
    ORDER_GROUPS,
    PLATFORMS,
    T_TYPE_CATEGORY_ORDER,
    TARGET_AREAS,
    TECH_PER_LEVEL,
    WEAPON_ACCURACY,
    WEAPON_CODES,
    WEAPONS,
)
from galbatch.rules.galactac.combat_house import COMBAT_HOUSE, ROUNDS
from galbatch.rules.galactac.rating import Rating, ssd
from galbatch.rules.galactac.state import RATING_PARTS
from galbatch.rules.galactac.tables import (
    CATEGORIES,
    DRONE_DAMAGE,
    T_TYPE_DAMAGE,
    category,
    p_type_damage,
    shield_points,
    weapon_category,
)


@dataclass(frozen=True)
class Targets:
    """A COMBAT or STANDING action's controls: the target code (0 to 6) for each
    weapon type and the Min SSD for T-types; all zero is "targets of opportunity"."""

    drone: int = 0
    p_type: int = 0
    t_type: int = 0
    min_ssd: int = 0

    @classmethod
    def of(cls, codes: Sequence[int]) -> Targets:
        """From a ship's stored `combat` tuple (drone, P-type, T-type, Min SSD)."""
        padded = (*codes, 0, 0, 0, 0)[:4]
        return cls(*padded)


NO_TARGETS = Targets()


@dataclass(frozen=True)
class Combatant:
    """One ship in the system when combat begins; `id` is its empire's own number, so
    a ship is known by (empire, id), and `carrier` and `flagship` are its empire's.

    `order` is the ship's standing order word (ATTACK, SECURE, DEFEND, PATROL, SENTRY,
    DESTROY, SCOUT, NONE, TO, SHUTTLE, ...); a SCOUT takes part only when `caught`.
    `design` is the ship as built, `current` its working parts; `excess` the excess
    damage it already carries. `carrier` is the ship whose hangar bay it is assigned
    to (0: none), `flagship` the ship it is JOINed to (0: none): a ship without
    `targets` of its own follows its flagship's. `max_ssd` is an ATTACK's Max SSD
    (0: always attack).
    """

    id: int
    empire: str
    order: str
    design: Rating
    current: Rating
    tech: int
    missiles: int = 0
    excess: int = 0
    carrier: int = 0
    flagship: int = 0
    targets: Targets = NO_TARGETS
    max_ssd: int = 0
    caught: bool = False


@dataclass(frozen=True)
class ShipAfter:
    """A ship after the battle: its working parts, missiles left and excess damage,
    and whether (and in which round) it was destroyed; `maneuvered` when it evaded in
    any round; its shots, hits and the damage it dealt and took, for the report."""

    id: int
    empire: str
    current: Rating
    missiles: int
    excess: int
    destroyed: bool = False
    round_destroyed: int = 0
    maneuvered: bool = False
    engaged: bool = True
    shots: int = 0
    hits: int = 0
    damage_dealt: int = 0
    damage_taken: int = 0


# --- Events for the combat report ----------------------------------------------------


@dataclass(frozen=True)
class BattleBegan:
    """Combat began in the system between these empires (sorted)."""

    empires: tuple[str, ...]


@dataclass(frozen=True)
class AttackCalledOff:
    """An ATTACK was called off: the enemy's total SSD exceeded the ship's Max SSD."""

    ship: int
    empire: str
    enemy_ssd: int
    max_ssd: int


@dataclass(frozen=True)
class ShipDestroyed:
    """A ship was destroyed in a combat round; `by` is the empire whose hit did it
    ("" when it died with its hangar bay or its carrier)."""

    round: int
    ship: int
    empire: str
    by: str


@dataclass(frozen=True)
class LostWithHangar:
    """A ship deploying in round 1 was destroyed with the hangar bay (or carrier) it
    was deploying from."""

    ship: int
    empire: str
    carrier: int


@dataclass(frozen=True)
class RoundFought:
    """One empire's fire in one round: weapons fired, hits and points of damage."""

    round: int
    empire: str
    shots: int
    hits: int
    damage: int


@dataclass(frozen=True)
class BattleEnded:
    """Combat ended after `rounds` rounds; `empires` still have ships there (sorted)."""

    rounds: int
    empires: tuple[str, ...]


BattleEvent = (
    BattleBegan | AttackCalledOff | ShipDestroyed | LostWithHangar | RoundFought | BattleEnded
)


@dataclass(frozen=True)
class BattleResult:
    """Every combatant's after-state (in the input's order), the report's events in
    the order they happened, and the destroyed ships as (empire, id), sorted."""

    ships: tuple[ShipAfter, ...]
    events: tuple[BattleEvent, ...]
    destroyed: tuple[tuple[str, int], ...]
    rounds: int


# --- The rules as functions ------------------------------------------------------------

EXCESS = 4  # the drawing's area 4: excess damage


def order_group(order: str) -> str:
    """The first-round chart's row or column for a ship's order word."""
    if order == "DESTROY":
        return COMBAT_HOUSE.destroy_group
    for group, words in GROUP_ORDERS.items():
        if order in words:
            return group
    return ORDER_GROUPS[-1]


def first_round(firing: str, target: str) -> int:
    """The first round a ship with order `firing` may fire on one with order `target`."""
    return FIRST_ROUND[order_group(firing)][ORDER_GROUPS.index(order_group(target))]


def hit_chance(
    weapon: str,
    firer_speed: int,
    firer_tech: int,
    target_speed: int,
    target_tech: int,
    maneuvering: bool = False,
    aimed: bool = False,
) -> float:
    """% chance to hit = WA + MA + MF + TL (TARGETING), less 5 % for an aimed P-type or
    T-type; `weapon` is a WEAPON_ACCURACY key, speeds are inertia drives."""
    return (
        _tenths(weapon, firer_speed, firer_tech, target_speed, target_tech, maneuvering, aimed) / 10
    )


def _tenths(
    weapon: str,
    firer_speed: int,
    firer_tech: int,
    target_speed: int,
    target_tech: int,
    maneuvering: bool,
    aimed: bool,
) -> int:
    """The chance to hit in tenths of a percent, so every 1.5 % step is exact."""
    wa = WEAPON_ACCURACY[weapon] * 10
    ma = -round(MANEUVER_PER_INERTIA * 10) * target_speed if maneuvering else 0
    difference = firer_speed - target_speed
    if not COMBAT_HOUSE.mf_firer_minus_target:
        difference = -difference
    mf = round(MOVEMENT_PER_INERTIA * 10) * difference
    tl = TECH_PER_LEVEL * 10 * (firer_tech - target_tech)
    penalty = AREA_PENALTY * 10 if aimed and weapon != "Drone" else 0
    return wa + ma + mf + tl - penalty


def _clamp(tenths: int) -> int:
    low, high = COMBAT_HOUSE.hit_chance_range
    return max(low * 10, min(high * 10, tenths))


def t_type_result(roll: int, direct_tenths: int) -> str:
    """A T-type's one roll (0-999): "direct" below the direct-hit chance, "near" below
    that + 15 %, else "miss" (house rule: one roll)."""
    if roll < _clamp(direct_tenths):
        return "direct"
    if roll < _clamp(direct_tenths + WEAPON_ACCURACY["T-Type (near miss)"] * 10):
        return "near"
    return "miss"


def t_min_ssd_met(enemy_ssd: int, min_ssd: int) -> bool:
    """Whether T-types open up against an enemy of `enemy_ssd` total SSD (house rule:
    more than Min SSD; 0 always)."""
    if min_ssd <= 0:
        return True
    return enemy_ssd > min_ssd if COMBAT_HOUSE.min_ssd_strictly_more else enemy_ssd >= min_ssd


def p_type_category_order(own: str) -> tuple[str, ...]:
    """P-types: their own size category first, then larger ones, then smaller ones."""
    i = CATEGORIES.index(own)
    return (*CATEGORIES[i:], *reversed(CATEGORIES[:i]))


def weapon_code(weapon: str, code: int) -> int:
    """The target code a weapon type follows: the one given if it may use it, else 0
    (target of opportunity)."""
    return code if code in WEAPON_CODES[weapon] else 0


def p_type_speed(design: Rating, current: Rating) -> int:
    """The speed a ship's P-types aim at: its working inertia drives; a platform's
    (a design without drives) at the house's attack speed."""
    return COMBAT_HOUSE.platform_attack_speed if design.platform else current.inertia


def excess_capacity(design: Rating) -> int:
    """Excess damage a ship takes before it is destroyed: its SSD."""
    return ssd(design)


# --- The battle ------------------------------------------------------------------------


@dataclass(eq=False)
class _Ship:
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
    carrier: _Ship | None = None
    deploying: bool = False
    bays: list[_Ship | None] = field(default_factory=list)
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
class _Missile:
    """A T-type missile in flight this round."""

    owner: _Ship
    target: _Ship
    alive: bool = True


class _Battle:
    """One battle's mutable state; `fight` drives it round by round."""

    def __init__(self, ships: list[_Ship], rng: random.Random) -> None:
        self.ships = ships
        self.rng = rng
        self.round = 0
        self.events: list[BattleEvent] = []
        self.missiles: list[_Missile] = []
        self.pools: dict[tuple[object, ...], list[list[_Ship]]] = {}
        self.missile_pools: dict[tuple[str, str], list[_Missile]] = {}
        self.drone_pools: dict[tuple[str, str], list[_Ship]] = {}
        self.tally: dict[str, list[int]] = {}
        self._categories: dict[tuple[int, int], str] = {}

    # Target pools, built once a round for each kind of firer --------------------------

    def eligible(self, firer: _Ship, target: _Ship) -> bool:
        """Whether `firer` may fire on `target` this round: an enemy, not deploying, and
        the chart's first round reached."""
        if target.c.empire == firer.c.empire or not target.alive:
            return False
        if target.deploying and self.round <= DEPLOY_ROUND:
            return False
        return self.chart_allows(firer, target)

    def chart_allows(self, firer: _Ship, target: _Ship) -> bool:
        """The first-round chart: has the round come for `firer` to fire on `target`?"""
        return self.round >= FIRST_ROUND[firer.group][ORDER_GROUPS.index(target.group)]

    def category_of(self, target: _Ship, tech: int) -> str:
        key = (target.ssd, tech)
        name = self._categories.get(key)
        if name is None:
            name = self._categories[key] = category(target.ssd, tech)
        return name

    def ship_pool(self, firer: _Ship, weapon: str, code: int) -> list[list[_Ship]]:
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
        buckets: dict[str, list[_Ship]] = {name: [] for name in order}
        aimed: dict[str, list[_Ship]] = {name: [] for name in order}
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

    def missile_pool(self, firer: _Ship) -> list[_Missile]:
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

    def drone_pool(self, firer: _Ship) -> list[_Ship]:
        key = (firer.c.empire, firer.group)
        pool = self.drone_pools.get(key)
        if pool is None:
            pool = [s for s in self.ships if s.drones_up and self.eligible(firer, s)]
            self.drone_pools[key] = pool
        return pool

    def pick_ship(self, pool: list[list[_Ship]]) -> _Ship | None:
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

    def pick_missile(self, pool: list[_Missile]) -> _Missile | None:
        while pool:
            i = self.rng.randrange(len(pool))
            if pool[i].alive:
                return pool[i]
            pool[i] = pool[-1]
            pool.pop()
        return None

    def pick_drone(self, pool: list[_Ship]) -> _Ship | None:
        while pool:
            i = self.rng.randrange(len(pool))
            if pool[i].drones_up and pool[i].alive:
                return pool[i]
            pool[i] = pool[-1]
            pool.pop()
        return None

    # Firing --------------------------------------------------------------------------

    def roll(self, tenths: int) -> bool:
        return self.rng.randrange(1000) < _clamp(tenths)

    def count(self, firer: _Ship, hit: bool, points: int) -> None:
        firer.shots += 1
        tally = self.tally.setdefault(firer.c.empire, [0, 0, 0])
        tally[0] += 1
        if hit:
            firer.hits += 1
            firer.dealt += points
            tally[1] += 1
            tally[2] += points

    def launch(self, firer: _Ship) -> None:
        """Each working T-type launcher with a missile in the racks launches one."""
        code = firer.targets.t_type
        for _ in range(firer.parts["t_launchers"]):
            if not firer.missiles or not firer.t_allowed:
                return
            target = self.pick_ship(self.ship_pool(firer, "T-Type", code))
            if target is None:
                return
            firer.missiles -= 1
            self.missiles.append(_Missile(firer, target))

    def strike(self, missile: _Missile) -> None:
        """A missile still in flight strikes: a direct hit, a near miss or nothing."""
        firer, target = missile.owner, missile.target
        if not target.alive:
            self.count(firer, False, 0)
            return
        code = firer.targets.t_type
        aimed = code in TARGET_AREAS or code == PLATFORMS
        speed = COMBAT_HOUSE.missile_speed
        tenths = _tenths(
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
        direct, near = T_TYPE_DAMAGE[firer.c.tech]
        points = direct if result == "direct" else near
        self.count(firer, True, points)
        self.damage(target, points, code if code in TARGET_AREAS else 0, firer.c.empire)

    def fire_p_type(self, firer: _Ship) -> None:
        code = firer.targets.p_type
        speed = COMBAT_HOUSE.platform_attack_speed if firer.platform else firer.speed
        if code == MISSILES:
            missile = self.pick_missile(self.missile_pool(firer))
            if missile is not None:
                tenths = _tenths(
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
        tenths = _tenths(
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

    def fire_drone(self, firer: _Ship) -> None:
        code = firer.targets.drone
        speed = COMBAT_HOUSE.drone_speed
        tech = firer.c.tech
        if code in (0, MISSILES):
            missile = self.pick_missile(self.missile_pool(firer))
            if missile is not None:
                tenths = _tenths(
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
                hit = self.roll(_tenths("Drone", speed, tech, speed, drone.c.tech, False, False))
                self.count(firer, hit, 0)
                if hit:
                    drone.drones_up -= 1
                return
            if code == DRONES:
                return
        target = self.pick_ship(self.ship_pool(firer, "Drone", code))
        if target is None:
            return
        tenths = _tenths(
            "Drone", speed, tech, target.speed, target.c.tech, target.maneuvering, False
        )
        hit = self.roll(tenths)
        points = DRONE_DAMAGE[tech] if hit else 0
        self.count(firer, hit, points)
        if hit:
            self.damage(target, points, code if code in TARGET_AREAS else 0, firer.c.empire)

    # Damage --------------------------------------------------------------------------

    def damage(self, target: _Ship, points: int, area: int, by: str) -> None:
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

    def random_area(self, target: _Ship) -> int:
        roll = self.rng.randrange(sum(target.area_weights))
        for code, weight in zip((WEAPONS, MAIN, ENGINES, EXCESS), target.area_weights, strict=True):
            if roll < weight:
                return code
            roll -= weight
        raise AssertionError("unreachable")

    def point(self, target: _Ship, area: int, by: str) -> None:
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

    def lose_item(self, target: _Ship, items: tuple[str, ...]) -> None:
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

    def destroy(self, ship: _Ship, by: str) -> None:
        ship.alive = False
        ship.round_destroyed = self.round
        ship.drones_up = 0
        self.events.append(ShipDestroyed(self.round, ship.c.id, ship.c.empire, by))
        if self.round <= DEPLOY_ROUND:
            for bay in ship.bays:
                if bay is not None and bay.alive and bay.deploying:
                    self.events.append(LostWithHangar(bay.c.id, bay.c.empire, ship.c.id))
                    self.destroy(bay, "")

    # Rounds --------------------------------------------------------------------------

    def fight_round(self) -> None:
        self.pools.clear()
        self.missile_pools.clear()
        self.drone_pools.clear()
        self.missiles = []
        self.tally = {}
        ready = [s for s in self.ships if s.alive]
        for ship in ready:
            ship.drone_shots = 0
            ship.maneuvering = (
                COMBAT_HOUSE.maneuver_when_unarmed
                and not ship.can_fire()
                and not ship.platform
                and ship.speed > 0
            )
            ship.maneuvered = ship.maneuvered or ship.maneuvering
        for ship in ready:
            if not (ship.deploying and self.round <= DEPLOY_ROUND):
                self.launch(ship)
        shots: list[tuple[_Ship, str]] = []
        for ship in ready:
            if ship.deploying and self.round <= DEPLOY_ROUND:
                continue
            shots.extend((ship, "P") for _ in range(ship.parts["p_types"]))
            shots.extend((ship, "D") for _ in range(ship.drones_up))
        self.rng.shuffle(shots)
        for ship, kind in shots:
            if kind == "P":
                self.fire_p_type(ship)
            elif ship.alive and ship.drone_shots < ship.drones_up:
                ship.drone_shots += 1
                self.fire_drone(ship)
        for missile in self.missiles:
            if missile.alive:
                self.strike(missile)
            else:
                self.count(missile.owner, False, 0)
        for empire in sorted(self.tally):
            shots_, hits, points = self.tally[empire]
            self.events.append(RoundFought(self.round, empire, shots_, hits, points))

    def empires_left(self) -> tuple[str, ...]:
        return tuple(sorted({s.c.empire for s in self.ships if s.alive}))


def _effective_targets(c: Combatant, by_id: dict[tuple[str, int], Combatant]) -> Targets:
    """A ship's COMBAT/STANDING controls: its own, else its nearest flagship's; only
    ATTACK (COMBAT) and DEFEND (STANDING) ships use them."""
    if c.order not in ("ATTACK", "DEFEND"):
        return NO_TARGETS
    seen = {c.id}
    ship: Combatant | None = c
    while ship is not None:
        if ship.targets != NO_TARGETS:
            return ship.targets
        ship = by_id.get((c.empire, ship.flagship))
        if ship is None or ship.id in seen:
            break
        seen.add(ship.id)
    return NO_TARGETS


def _state(c: Combatant, index: int) -> _Ship:
    size = ssd(c.design)
    platform = c.design.platform
    parts = {p: getattr(c.current, p) for p in RATING_PARTS}
    d = c.design
    weights = (
        d.drones + d.p_types + d.t_launchers + d.racks,
        d.shields + d.hangars + d.cargo,
        d.star + d.inertia,
        size,
    )
    return _Ship(
        c=c,
        index=index,
        parts=parts,
        missiles=min(c.missiles, parts["racks"]),
        excess=c.excess,
        ssd=excess_capacity(c.design),
        platform=platform,
        p_category=weapon_category(size, c.tech, platform),
        group=order_group(c.order),
        area_weights=weights,
        shield_pool=parts["shields"] * shield_points(size, c.tech, platform),
        drones_up=parts["drones"],
    )


def fight(
    combatants: Sequence[Combatant], rng: random.Random, rounds: int = ROUNDS
) -> BattleResult:
    """Fight the battle of one system: up to `rounds` combat rounds, ending early when
    only one empire has ships left. Randomness comes only from `rng`, and the result
    depends on the order of `combatants`: give them in a fixed one (empire, then id).
    Ship ids are an empire's own: a ship is known by (empire, id)."""
    events: list[BattleEvent] = []
    present = [c for c in combatants if c.order != "SCOUT" or c.caught]
    called_off: set[tuple[str, int]] = set()
    sizes = _ssd_by_empire(present)
    for c in present:
        total = sum(sizes.values()) - sizes[c.empire]
        if c.order == "ATTACK" and c.max_ssd > 0 and total > c.max_ssd:
            events.append(AttackCalledOff(c.id, c.empire, total, c.max_ssd))
            called_off.add((c.empire, c.id))
    engaged = [c for c in present if (c.empire, c.id) not in called_off]
    empires = tuple(sorted({c.empire for c in engaged}))
    ships = [_state(c, i) for i, c in enumerate(engaged)]
    battle = _Battle(ships, rng)
    fought = 0
    if len(empires) > 1:
        events.append(BattleBegan(empires))
        _prepare(ships)
        battle.events = events
        for number in range(1, rounds + 1):
            battle.round = fought = number
            battle.fight_round()
            if len(battle.empires_left()) <= 1:
                break
        events.append(BattleEnded(fought, battle.empires_left()))
    else:
        events.append(BattleEnded(0, empires))
    states = {(s.c.empire, s.c.id): s for s in ships}
    after: list[ShipAfter] = []
    for c in combatants:
        state = states.get((c.empire, c.id))
        if state is None or state.c is not c:
            after.append(ShipAfter(c.id, c.empire, c.current, c.missiles, c.excess, engaged=False))
            continue
        after.append(_after(c, state, fought > 0))
    destroyed = tuple(sorted((s.c.empire, s.c.id) for s in ships if not s.alive))
    return BattleResult(tuple(after), tuple(events), destroyed, fought)


def _ssd_by_empire(ships: Sequence[Combatant]) -> dict[str, int]:
    """Each empire's total SSD (its designs'), as the enemy counts it."""
    sizes: dict[str, int] = {}
    for c in ships:
        sizes[c.empire] = sizes.get(c.empire, 0) + ssd(c.design)
    return sizes


def _prepare(ships: list[_Ship]) -> None:
    """Before round 1: each ship's controls and Min SSD, its carrier and whether it
    deploys from it, and each carrier's bays filled in ship id order."""
    sizes = _ssd_by_empire([s.c for s in ships])
    combatants = {(s.c.empire, s.c.id): s.c for s in ships}
    states = {(s.c.empire, s.c.id): s for s in ships}
    for s in ships:
        wanted = _effective_targets(s.c, combatants)
        s.targets = Targets(
            weapon_code("Drone", wanted.drone),
            weapon_code("P-Type", wanted.p_type),
            weapon_code("T-Type", wanted.t_type),
            wanted.min_ssd,
        )
        enemy = sum(sizes.values()) - sizes[s.c.empire]
        s.t_allowed = t_min_ssd_met(enemy, s.targets.min_ssd)
        carrier = states.get((s.c.empire, s.c.carrier))
        if carrier is not None and carrier is not s:
            s.carrier = carrier
            s.deploying = s.c.order not in DEPLOYED_ON_DUTY
    aboard: dict[int, list[_Ship]] = {}
    for s in sorted(ships, key=lambda o: o.c.id):
        if s.carrier is not None:
            aboard.setdefault(s.carrier.index, []).append(s)
    for s in ships:
        bays: list[_Ship | None] = list(aboard.get(s.index, [])[: s.parts["hangars"]])
        s.bays = bays + [None] * (s.parts["hangars"] - len(bays))


def _after(c: Combatant, s: _Ship, engaged: bool) -> ShipAfter:
    return ShipAfter(
        c.id,
        c.empire,
        replace(c.current, **s.parts),
        s.missiles,
        s.excess,
        destroyed=not s.alive,
        round_destroyed=s.round_destroyed,
        maneuvered=s.maneuvered,
        engaged=engaged,
        shots=s.shots,
        hits=s.hits,
        damage_dealt=s.dealt,
        damage_taken=s.taken,
    )


def fortnight_end(ships: Sequence[Combatant]) -> list[Combatant]:
    """The end of the fortnight: crews repair all excess damage, and each working hangar
    bay of a carrier among `ships` repairs all damage of one ship assigned to it."""
    repaired: set[tuple[str, int]] = set()
    aboard: dict[tuple[str, int], list[int]] = {}
    for carrier in ships:
        aboard[(carrier.empire, carrier.id)] = []
    for c in sorted(ships, key=lambda c: c.id):
        bays = aboard.get((c.empire, c.carrier))
        if bays is not None and c.carrier != c.id:
            bays.append(c.id)
    for carrier in ships:
        bays = aboard[(carrier.empire, carrier.id)]
        repairs = carrier.current.hangars * COMBAT_HOUSE.hangar_repairs_per_bay
        repaired.update((carrier.empire, i) for i in bays[:repairs])
    return [
        replace(c, excess=0, current=c.design if (c.empire, c.id) in repaired else c.current)
        for c in ships
    ]


def survivors(combatants: Sequence[Combatant], result: BattleResult) -> list[Combatant]:
    """The combatants still there after the battle, with their after-state."""
    out = []
    for c, s in zip(combatants, result.ships, strict=True):
        if not s.destroyed:
            out.append(replace(c, current=s.current, missiles=s.missiles, excess=s.excess))
    return out
