"""Carrying out a player's commands (section 3), strictly in the order of his command file.

The commands come checked and clamped against the start-of-turn view; each function
here still clamps every quantity to what exists, and skips a command that no longer
makes sense (a ship scrapped earlier in the file, a planet without that shipyard).
Espionage, corruption and ship transfers touch other players, so they are only
collected here and carried out after everybody's commands.
"""

from __future__ import annotations

from galbatch.rules.conqueror.field import between
from galbatch.rules.conqueror.orders import (
    Attach,
    Corruption,
    Espionage,
    Install,
    Invest,
    Load,
    Move,
    Order,
    Produce,
    Research,
    Reward,
    Scrap,
    SetClass,
    TransferShip,
    Unit,
    Unload,
)
from galbatch.rules.conqueror.rewards import offer_reward
from galbatch.rules.conqueror.state import Planet, Ship, Shipyard
from galbatch.rules.conqueror.tables import (
    BROADCAST_CLASS,
    CARGO,
    FACILITIES,
    FORTRESS_COST,
    KITS,
    MAX_POPULATION,
    MAX_SHIPYARDS,
    MAX_TASK_FORCE,
    PLANETARY_DEFENSE,
    POPULATION_PER_FACTORY,
    RESEARCH_AREAS,
    SAFE_TRANSFERS,
    SHIP_CLASSES,
    TRANSFER_RISK,
)
from galbatch.rules.conqueror.turn import Turn

# The planet value each cargo type of table 5.3 is loaded from and unloaded to.
CARGO_FIELDS: dict[int, str] = {
    1: "spares",
    2: "mpu",
    3: "apu",
    4: "rpu",
    5: "m_kits",
    6: "a_kits",
    7: "r_kits",
    8: "f_kits",
    9: "population",
}

# The planet value each facility type of table 5.2 adds to (10 to 12 extend shipyards).
FACILITY_FIELDS: dict[int, str] = {
    1: "fortresses",
    2: "mines",
    3: "m_kits",
    4: "farms",
    5: "a_kits",
    6: "refineries",
    7: "r_kits",
    8: "factories",
    9: "f_kits",
}
FIRST_YARD_KIND = 10  # P kinds 10, 11, 12 extend shipyards 1, 2, 3


def carry_out(turn: Turn, player: str, order: Order) -> None:
    """Carry out one command of `player`."""
    match order:
        case Move():
            move(turn, player, order)
        case Load():
            load(turn, player, order)
        case Unload():
            unload(turn, player, order)
        case SetClass():
            set_class(turn, player, order)
        case Invest():
            invest(turn, player, order)
        case Scrap():
            scrap(turn, player, order)
        case Attach():
            attach(turn, player, order)
        case TransferShip():
            transfer(turn, player, order)
        case Produce():
            produce(turn, player, order)
        case Espionage():
            espionage(turn, player, order)
        case Corruption():
            corruption(turn, player, order)
        case Research():
            research(turn, player, order)
        case Install():
            install(turn, player, order)
        case Reward():
            offer_reward(turn, player, order.points, order.player)


def own_planet(turn: Turn, player: str, number: int) -> Planet | None:
    """The planet if the player owns it."""
    planet = turn.state.planets.get(number)
    return planet if planet is not None and planet.owner == player else None


def units(turn: Turn, player: str, unit: Unit, number: int) -> list[Ship]:
    """The ship (S) or the ships of the task force (T) a command names; task force 0 is none."""
    if unit == "T":
        return turn.task_force(player, number) if number else []
    ship = turn.ship(player, number)
    return [] if ship is None else [ship]


def can_handle_cargo(turn: Turn, player: str, ship: Ship) -> Planet | None:
    """The own planet a ship in orbit can load from or unload to, before its move (3)."""
    if not ship.position or (ship.owner, ship.number) in turn.moved:
        return None
    return own_planet(turn, player, ship.position)


def free_units(ship: Ship) -> int:
    """The ship's free transport units (2.2.1.14)."""
    return max(0, SHIP_CLASSES[ship.ship_class].transport - sum(ship.cargo))


def move(turn: Turn, player: str, order: Move) -> None:
    """B: send ships in orbit towards a planet; they fly in the movement phase (3.1)."""
    target = turn.state.planets.get(order.dest)
    if target is None:
        return
    for ship in units(turn, player, order.unit, order.number):
        key = (ship.owner, ship.number)
        if not ship.position or key in turn.moved or ship.position == order.dest:
            continue
        ship.destination = order.dest
        ship.rest = between(turn.state.planets[ship.position], target)
        turn.moved.add(key)


def load(turn: Turn, player: str, order: Load) -> None:
    """L: fill transport units with cargo from the planet; amount 0 loads all that fits (3.2)."""
    if order.cargo not in CARGO:
        return
    per_unit = CARGO[order.cargo][1]
    name = CARGO_FIELDS[order.cargo]
    for ship in units(turn, player, order.unit, order.number):
        planet = can_handle_cargo(turn, player, ship)
        if planet is None:
            continue
        wanted = free_units(ship) if order.amount == 0 else min(order.amount, free_units(ship))
        taken = max(0, min(wanted, getattr(planet, name) // per_unit))
        setattr(planet, name, getattr(planet, name) - taken * per_unit)
        ship.cargo[order.cargo - 1] += taken


def unload(turn: Turn, player: str, order: Unload) -> None:
    """E: unload transport units to the planet; amount 0 unloads everything of the kind (3.3)."""
    if order.cargo not in CARGO:
        return
    per_unit = CARGO[order.cargo][1]
    name = CARGO_FIELDS[order.cargo]
    for ship in units(turn, player, order.unit, order.number):
        planet = can_handle_cargo(turn, player, ship)
        if planet is None:
            continue
        aboard = ship.cargo[order.cargo - 1]
        given = aboard if order.amount == 0 else min(order.amount, aboard)
        if name == "population":  # colonists stay aboard rather than crowd a full planet
            given = min(given, (MAX_POPULATION - planet.population) // per_unit)
        given = max(0, given)
        setattr(planet, name, getattr(planet, name) + given * per_unit)
        ship.cargo[order.cargo - 1] -= given


def shipyard(turn: Turn, player: str, number: int, yard: int) -> Shipyard | None:
    """Shipyard `yard` (1 to 3) of an own planet, if it has been built."""
    planet = own_planet(turn, player, number)
    if planet is None or not 1 <= yard <= len(planet.yards):
        return None
    return planet.yards[yard - 1]


def set_class(turn: Turn, player: str, order: SetClass) -> None:
    """W: a new class for a shipyard; the PU in it are lost, the first ship costs 50 % more."""
    yard = shipyard(turn, player, order.planet, order.yard)
    if yard is None or not (order.ship_class == 0 or order.ship_class in SHIP_CLASSES):
        return
    if order.ship_class != yard.ship_class:
        yard.ship_class = order.ship_class
        yard.invested = 0
        yard.surcharge = True


def invest(turn: Turn, player: str, order: Invest) -> None:
    """S: invest PU in a shipyard, at most the yard's size a turn (2.1.7, 3.5)."""
    planet = own_planet(turn, player, order.planet)
    yard = shipyard(turn, player, order.planet, order.yard)
    if planet is None or yard is None:
        return
    key = (order.planet, order.yard)
    pu = max(0, min(order.pu, planet.pu, yard.size - turn.invested[key]))
    planet.pu -= pu
    yard.invested += pu
    turn.invested[key] += pu


def scrap(turn: Turn, player: str, order: Scrap) -> None:
    """V: scrap a ship; in orbit it leaves half its TL-0 cost as spares on the planet (3.6)."""
    ship = turn.ship(player, order.ship)
    if ship is None:
        return
    if ship.position:
        turn.state.planets[ship.position].spares += SHIP_CLASSES[ship.ship_class].cost // 2
    turn.remove_ship(ship)


def attach(turn: Turn, player: str, order: Attach) -> None:
    """Z: attach a ship to a task force (0: to none) (3.7)."""
    ship = turn.ship(player, order.ship)
    if ship is not None and 0 <= order.task_force <= MAX_TASK_FORCE:
        ship.task_force = order.task_force


def transfer(turn: Turn, player: str, order: TransferShip) -> None:
    """U: note a ship moving to one of the receiver's planets for transfer (3.8); if the
    planet is not the receiver's (its owner may be unknown to the giver), say so."""
    ship = turn.ship(player, order.ship)
    receiver = str(order.player)
    if ship is None or receiver == player or receiver not in turn.state.players:
        return
    name = turn.name(receiver)
    if (player, ship.number) not in turn.moved:
        turn.tell(
            player,
            f"SHIP {ship.number} WAS NOT TRANSFERRED TO {name}: IT HAS NO MOVEMENT COMMAND",
        )
        return
    destination = turn.state.planets.get(ship.destination)
    if destination is None or destination.owner != receiver:
        turn.tell(
            player,
            f"SHIP {ship.number} WAS NOT TRANSFERRED TO {name}: PLANET {ship.destination} "
            f"DOES NOT BELONG TO {name}; THE SHIP FLIES THERE AS YOURS",
        )
        return
    turn.transfers.append((ship, receiver))


def hand_over(turn: Turn) -> None:
    """Carry out the noted transfers; from a player's third of the turn on, crews may refuse."""
    rng = turn.rng("transfers")
    given: dict[str, int] = {}
    for ship, receiver in turn.transfers:
        giver = ship.owner
        if turn.ship(giver, ship.number) is not ship:
            continue
        if not turn.has_room(receiver):
            ship.destination = ship.rest = 0  # the ship stays rather than attack the receiver
            turn.tell(
                giver,
                f"SHIP {ship.number} WAS NOT TRANSFERRED: {turn.name(receiver)} HAS 200 SHIPS",
            )
            continue
        given[giver] = given.get(giver, 0) + 1
        risk = max(0, given[giver] - SAFE_TRANSFERS) * TRANSFER_RISK
        if rng.randrange(100) < risk:
            ship.destination = ship.rest = 0  # house rule: a refusing crew stays where it is
            turn.tell(giver, f"THE CREW OF SHIP {ship.number} REFUSES THE TRANSFER AND STAYS")
            continue
        old = ship.number
        turn.change_owner(ship, receiver)
        turn.tell(giver, f"SHIP {old} TRANSFERRED TO {turn.name(receiver)}")
        turn.tell(
            receiver,
            f"{turn.name(giver)} TRANSFERRED A SHIP OF CLASS {ship.ship_class} TO YOU: "
            f"SHIP {ship.number}",
        )
        if ship.ship_class >= BROADCAST_CLASS:  # 3.8: "every other player" hears of it
            turn.state.announcements.append(
                (
                    f"{turn.name(giver)} TRANSFERRED A SHIP OF CLASS {ship.ship_class} "
                    f"TO {turn.name(receiver)}",
                    (giver, receiver),
                )
            )


def fortress_cost(turn: Turn, player: str) -> int:
    """PU a fortress costs at the player's planetary defense TL of the start of the turn.

    Table 5.7; the start-of-turn TL, so a price is the one the player's check showed.
    """
    return FORTRESS_COST[turn.levels[player][PLANETARY_DEFENSE]]


def factory_room(planet: Planet) -> int:
    """Factories the population can still operate: one per 10 population units (2.1.2)."""
    return max(0, planet.population // POPULATION_PER_FACTORY - planet.factories)


def produce(turn: Turn, player: str, order: Produce) -> None:
    """P: spend PU on facilities, kits, fortresses or bigger shipyards (3.9, table 5.2)."""
    planet = own_planet(turn, player, order.planet)
    if planet is None or order.kind not in FACILITIES:
        return
    cost = fortress_cost(turn, player) if order.kind == 1 else FACILITIES[order.kind][1]
    amount = max(0, min(order.amount, planet.pu // cost))
    if FACILITY_FIELDS.get(order.kind) == "factories":
        amount = min(amount, factory_room(planet))
    planet.pu -= amount * cost
    if order.kind >= FIRST_YARD_KIND:
        extend_shipyard(planet, order.kind - FIRST_YARD_KIND, amount)
    else:
        name = FACILITY_FIELDS[order.kind]
        setattr(planet, name, getattr(planet, name) + amount)


def extend_shipyard(planet: Planet, index: int, amount: int) -> None:
    """Make shipyard `index` (from 0) bigger, building it (and any before it) if need be."""
    if amount <= 0 or index >= MAX_SHIPYARDS:
        return
    while len(planet.yards) <= index:
        planet.yards.append(Shipyard())
    planet.yards[index].size += amount


def spend(turn: Turn, player: str, source: int, pu: int) -> int:
    """Take up to `pu` PU from an own planet; the PU actually taken."""
    planet = own_planet(turn, player, source)
    if planet is None:
        return 0
    taken = max(0, min(pu, planet.pu))
    planet.pu -= taken
    return taken


def espionage(turn: Turn, player: str, order: Espionage) -> None:
    """I: PU for espionage on a planet, summed over sources; on an own planet they guard it."""
    target = turn.state.planets.get(order.target)
    if target is None:
        return
    pu = spend(turn, player, order.source, order.pu)
    if target.owner == player:
        target.espionage_guard += pu
    else:
        turn.espionage[(player, order.target)] += pu


def corruption(turn: Turn, player: str, order: Corruption) -> None:
    """K: PU for corruption on a planet, summed over sources and applied after all commands."""
    if order.target in turn.state.planets:
        turn.corruption[(player, order.target)] += spend(turn, player, order.source, order.pu)


def research(turn: Turn, player: str, order: Research) -> None:
    """F: PU into a research area, accumulating towards the levels of table 5.4 (3.12)."""
    if order.area in RESEARCH_AREAS:
        turn.state.players[player].research[order.area] += spend(
            turn, player, order.planet, order.pu
        )


def install(turn: Turn, player: str, order: Install) -> None:
    """N: turn kits on a planet into mines, farms, refineries or factories (3.13)."""
    planet = own_planet(turn, player, order.planet)
    if planet is None or order.kit not in KITS:
        return
    kits = CARGO_FIELDS[order.kit]
    facility = KITS[order.kit]
    amount = max(0, min(order.amount, getattr(planet, kits)))
    if facility == "factories":
        amount = min(amount, factory_room(planet))
    setattr(planet, kits, getattr(planet, kits) - amount)
    setattr(planet, facility, getattr(planet, facility) + amount)
