"""The planets' turn: shipyards build, population grows, loyalty recovers, PU are produced.

Next turn's PU (2.1.1): each PU a factory delivers takes one MPU, one RPU and one APU;
factories need 10 population units each, and a loyalty below 10 costs 5 percent of
every factory's, mine's, refinery's and farm's output per point. Products that find
no factory are stored; the first turn's 800 PU are setup's, never produced.
"""

from __future__ import annotations

from dataclasses import dataclass

from galbatch.rules.conqueror.state import Planet, Ship, Shipyard
from galbatch.rules.conqueror.tables import (
    ARMAMENT,
    CONSTRUCTION,
    FIRST_SHIP_SURCHARGE,
    LOYALTY_PENALTY,
    MAX_LOYALTY,
    MAX_POPULATION,
    MEDICINE,
    NEUTRAL_BUILD,
    NEUTRAL_BUILD_AFTER,
    POPULATION_PER_FACTORY,
    PROPULSION,
    RESEARCH_AREAS,
    SHIELDS,
    SPARES_CLASS,
    SPARES_PER_PU,
    growth_percent,
    ship_cost,
)
from galbatch.rules.conqueror.turn import Turn


def ship_price(ship_class: int, construction: int, surcharge: bool) -> int:
    """PU a shipyard needs for its next ship: the class's cost, 50 percent more for the first."""
    cost = ship_cost(ship_class, construction)
    if not surcharge:
        return cost
    return (cost * (100 + FIRST_SHIP_SURCHARGE) + 50) // 100


def besieged(planet: Planet, orbit: list[Ship]) -> bool:
    """Only enemy ships in orbit at the end of the turn: the shipyards build nothing (2.1.7)."""
    return bool(orbit) and all(s.owner != planet.owner for s in orbit)


def build(turn: Turn) -> None:
    """Every shipyard of every owned planet not under siege builds, by planet number."""
    orbits = turn.in_orbit()
    for planet in turn.planets():
        if planet.owner is None or not planet.yards:
            continue
        if besieged(planet, orbits.get(planet.number, [])):
            if any(y.invested for y in planet.yards):
                turn.tell(planet.owner, f"PLANET {planet.number} IS BESIEGED: NOTHING WAS BUILT")
            continue
        for index, yard in enumerate(planet.yards, start=1):
            build_in(turn, planet, index, yard)


def build_in(turn: Turn, planet: Planet, index: int, yard: Shipyard) -> None:
    """One shipyard's turn: spares from all its PU, or at most one ship (2.1.7, 2.1.8)."""
    owner = planet.owner
    if owner is None or yard.size <= 0:
        return
    construction = turn.tech(owner, CONSTRUCTION)
    if yard.ship_class == SPARES_CLASS:
        planet.spares += yard.invested * SPARES_PER_PU[construction]
        yard.invested = 0
        return
    price = ship_price(yard.ship_class, construction, yard.surcharge)
    if yard.invested < price:
        return
    if not turn.has_room(owner):
        turn.tell(owner, f"SHIPYARD {index} ON PLANET {planet.number}: NO ROOM FOR A NEW SHIP")
        return
    yard.invested -= price
    yard.surcharge = False
    ship = Ship(
        0,
        owner,
        yard.ship_class,
        turn.tech(owner, ARMAMENT),
        turn.tech(owner, SHIELDS),
        turn.tech(owner, PROPULSION),
        planet.number,
    )
    turn.add_ship(owner, ship)
    turn.tell(
        owner,
        f"SHIPYARD {index} ON PLANET {planet.number} BUILT SHIP {ship.number} "
        f"(CLASS {ship.ship_class})",
    )


def announce_levels(turn: Turn) -> None:
    """Tell each player the technology levels he reached this turn (table 5.4)."""
    for player in turn.players():
        before = turn.levels.get(player, [0] * len(RESEARCH_AREAS))
        for area, name in RESEARCH_AREAS.items():
            level = turn.tech(player, area)
            if level > before[area]:
                turn.tell(player, f"{name} TECHNOLOGY LEVEL {level} REACHED")


def grown(population: int, natural_defence: int, medicine: int) -> int:
    """Population after a turn's growth: basic growth plus medicine, up to 30000 (2.1.2)."""
    natural_defence = min(max(natural_defence, 1), 9)
    growth = population * growth_percent(natural_defence, medicine) // 100
    return min(MAX_POPULATION, population + growth)


def grow(turn: Turn) -> None:
    """Every planet's population grows, with the owner's medicine TL."""
    for planet in turn.planets():
        medicine = turn.tech(planet.owner, MEDICINE)
        planet.population = grown(planet.population, planet.natural_defence, medicine)


def recover_loyalty(turn: Turn) -> None:
    """Loyalty rises by one a turn up to 10 (2.1.3), except on planets attacked, conquered
    or whose loyalty corruption lowered this turn (house rules)."""
    kept = turn.attacked | turn.conquered | turn.turned
    for planet in turn.planets():
        if planet.number in kept:
            continue
        planet.loyalty = min(MAX_LOYALTY, planet.loyalty + 1)


def fortify_neutrals(turn: Turn) -> None:
    """After turn 4, each neutral planet builds 1 or 2 fortresses a turn (2.1.4)."""
    if turn.state.turn <= NEUTRAL_BUILD_AFTER:
        return
    rng = turn.rng("neutral fortresses")
    for planet in turn.planets():
        if planet.owner is None:
            planet.fortresses += rng.randint(*NEUTRAL_BUILD)


def loyal_share(amount: int, loyalty: int) -> int:
    """What `amount` facilities deliver at a loyalty: 5 percent less per point below 10."""
    percent = 100 - LOYALTY_PENALTY * (MAX_LOYALTY - min(max(loyalty, 1), MAX_LOYALTY))
    return amount * percent // 100


@dataclass(frozen=True)
class Output:
    """A planet's PU for the next turn and the MPU, RPU and APU stored afterwards."""

    pu: int
    mpu: int
    rpu: int
    apu: int


def output(planet: Planet) -> Output:
    """Next turn's PU: the least of operable factories, MPU, RPU and APU (2.1.1-2.1.3)."""
    loyalty = planet.loyalty
    operable = min(planet.factories, planet.population // POPULATION_PER_FACTORY)
    factories = loyal_share(operable, loyalty)
    mpu = planet.mpu + loyal_share(planet.mines, loyalty)
    rpu = planet.rpu + loyal_share(planet.refineries, loyalty)
    apu = planet.apu + loyal_share(planet.farms, loyalty)
    pu = max(0, min(factories, mpu, rpu, apu))
    return Output(pu, mpu - pu, rpu - pu, apu - pu)


def produce_pu(turn: Turn) -> None:
    """Every owned planet produces next turn's PU and stores the products left over."""
    for planet in turn.planets():
        if planet.owner is None:
            planet.pu = 0
            continue
        made = output(planet)
        planet.pu, planet.mpu, planet.rpu, planet.apu = made.pu, made.mpu, made.rpu, made.apu
