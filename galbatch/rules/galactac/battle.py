"""Galac-Tac's battle (COMBAT): the ships of several empires in one star system fight
up to ten combat rounds.

A pure resolver: it takes the combatants of one system as `Combatant` records and one
seeded random stream, and gives each ship's after-state, the events for the combat
report and the destroyed ships. It knows nothing of the turn, files or the game state;
the turn builds the combatants from its ships and applies the `BattleResult`.

Its parts, each a module: battle_ships (what goes in and out for each ship),
battle_events (the report), battle_targeting (the chart and the chance to hit),
battle_field (the ships' state and the target pools), battle_damage, battle_fire;
here, the rounds and the setting up before them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from galbatch.rules.galactac.battle_damage import excess_capacity
from galbatch.rules.galactac.battle_events import (
    AttackCalledOff,
    BattleBegan,
    BattleEnded,
    BattleEvent,
    BattleResult,
    RoundFought,
)
from galbatch.rules.galactac.battle_field import ShipState
from galbatch.rules.galactac.battle_fire import Firing
from galbatch.rules.galactac.battle_ships import NO_TARGETS, Combatant, ShipAfter, Targets
from galbatch.rules.galactac.battle_tables import DEPLOY_ROUND, DEPLOYED_ON_DUTY
from galbatch.rules.galactac.battle_targeting import order_group, t_min_ssd_met, weapon_code
from galbatch.rules.galactac.combat_house import COMBAT_HOUSE, ROUNDS
from galbatch.rules.galactac.rating import ssd
from galbatch.rules.galactac.state import RATING_PARTS
from galbatch.rules.galactac.tables import shield_points, weapon_category


class _Battle(Firing):
    """One battle's mutable state; `fight` drives it round by round."""

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
        shots: list[tuple[ShipState, str]] = []
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


def _state(c: Combatant, index: int) -> ShipState:
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
    return ShipState(
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


def _prepare(ships: list[ShipState]) -> None:
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
    aboard: dict[int, list[ShipState]] = {}
    for s in sorted(ships, key=lambda o: o.c.id):
        if s.carrier is not None:
            aboard.setdefault(s.carrier.index, []).append(s)
    for s in ships:
        bays: list[ShipState | None] = list(aboard.get(s.index, [])[: s.parts["hangars"]])
        s.bays = bays + [None] * (s.parts["hangars"] - len(bays))


def _after(c: Combatant, s: ShipState, engaged: bool) -> ShipAfter:
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
