"""Checks Galactic Conqueror commands against what the player knows (section 3): the
checker's layer 3, the player's situation.

Commands are carried out "strictly sequential", so they are checked in file
order against the start-of-turn view with running budgets: a planet's PU, its
stored goods, kits and population, each ship's cargo and free capacity, and
what each shipyard takes this turn are used once. A quantity that is too large
is reduced to what there is (a warning); any other illegal or meaningless part
rejects the command (an error). Loads and unloads of 0 keep their 0 (the
resolver works out "as much as possible"); only explicit quantities are reduced.

What needs no game (the ranges of cargo types, shipyards, ship classes, task
forces, facility types, research areas, kits and player numbers, quantities of 0,
the 50 points a reward is at most, a ship used after it is scrapped) is layer 2's,
in `facts.py`: this module gets the commands as it left them, and of a command it
rejected says only whose ships and planets it names.

House rules where the book is silent (for the man page, with `CODES`):

- Ships load and unload only in orbit of one of their owner's planets: cargo is
  never put on, or taken from, a foreign planet (colonists and kits included).
- A ship in flight (position 0) can't be given a new destination.
- A task force command is the same command for every ship in the task force
  (membership as changed by earlier Z commands; task force 0 is no task force),
  in ship-number order, as the resolver carries it out: the members that can't
  carry it out are passed over (a member in flight, already moved or, for a
  move, already at the destination; for a load or unload, a member without
  transport capacity or at a foreign planet), and the command is rejected only
  when no member can, with the first member's reason. The amount of L and E is
  per ship ("how many transport units of the ship"); an explicit amount is
  reduced to the most any one member actually loads or unloads.
- What a command makes can be used by the commands after it: goods and
  colonists unloaded, kits produced (P 3/5/7/9), shipyard size added (P 10-12:
  one size point, i.e. one more PU a turn, per 10 PU) and spares from a ship
  scrapped in orbit of its owner's planet.
- Colonists are unloaded only as far as the planet has room (30000 population,
  2.1.2); the rest stay aboard.
- Extending a shipyard that does not exist yet builds it, with the extension
  as its size (producing spares, class 0, until a W command says otherwise).
- Giving a shipyard the class it already builds changes nothing and is
  rejected as meaningless.
- Factories (P 8, N 8) are limited to one per 10 population (2.1.2).
- Research beyond TL 9 is meaningless: PU are reduced to what TL 9 still needs.
- U needs an earlier movement command of the ship in this file, to a planet that
  is not the player's own and, as far as the player's exploration reports show,
  belongs to the receiving player; when they do not show the planet's owner, the
  command is accepted with a warning that the ship goes over only if the planet is
  the receiver's (the turn says why, if it is not).
- A reward command replaces the reward set before it, in this file or in an earlier
  turn ("the old reward is lost", 3.14), with a note saying so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from galbatch.engine.checker.situation import Refusal, Situation, run
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.engine.text.suggest import did_you_mean
from galbatch.engine.text.wording import plural
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
    Unload,
)
from galbatch.rules.conqueror.tables import (
    CARGO,
    FACILITIES,
    FORTRESS_COST,
    MAX_POPULATION,
    MAX_SHIPYARDS,
    MAX_TASK_FORCE,
    PLANETARY_DEFENSE,
    POPULATION_PER_FACTORY,
    RESEARCH,
    RESEARCH_AREAS,
    SHIP_CLASSES,
    SPARES_CLASS,
)

# Diagnostic codes: GQ100 syntax (given by the engine), GQ2xx rejections, GQ3xx reductions,
# GQ4xx warnings and notes on commands carried out as written. GQ232 is no longer given.
CODES: dict[str, str] = {
    "GQ100": "the line is not a command of the game",
    "GQ201": "you have no ship of that number",
    "GQ202": "you have no ship in that task force",
    "GQ203": "the planet's position is unknown to you",
    "GQ204": "the planet is not yours",
    "GQ205": "the ship already has a movement command this turn",
    "GQ206": "nothing can be loaded or unloaded after the ship's movement command",
    "GQ207": "the ship is in flight, not in orbit",
    "GQ208": "ships load and unload only in orbit of your own planets",
    "GQ209": "the cargo type is not 1-9",
    "GQ210": "the ship has no transport capacity",
    "GQ211": "nothing to load or unload",
    "GQ212": "the ship is already at the destination planet",
    "GQ213": "the shipyard number is not 1-3",
    "GQ214": "the planet has no such shipyard",
    "GQ215": "the ship class is not 0-26",
    "GQ216": "the shipyard already builds that class",
    "GQ217": "a quantity of 0 is meaningless",
    "GQ218": "the planet has no PU left, or too few for one",
    "GQ219": "the shipyard takes no more PU this turn",
    "GQ220": "the ship was scrapped or given away by an earlier command",
    "GQ221": "task forces are numbered 0-50 (0: no task force)",
    "GQ222": "the ship is already in that task force",
    "GQ223": "a ship is given away only after a movement command for it",
    "GQ224": "there is no player of that number in the game",
    "GQ225": "you can't give a ship or a reward to yourself",
    "GQ226": "the ship does not fly to a planet of the receiving player",
    "GQ227": "the facility type is not 1-12",
    "GQ228": "the research area is not 0-6",
    "GQ229": "the kit type is not 5-8",
    "GQ230": "the planet has no kits of that type",
    "GQ231": "you own no planet, so you can offer no reward",
    "GQ233": "you offer no reward to withdraw",
    "GQ234": "technology level 9 is reached in that area",
    "GQ235": "the population has no room for another factory",
    "GQ236": "the planet has no room for more colonists (30000 population)",
    "GQ301": "quantity reduced to what the planet has",
    "GQ302": "load reduced to the free transport capacity",
    "GQ303": "unload reduced to what the ship carries",
    "GQ304": "investment reduced to what the shipyard takes a turn",
    "GQ305": "production reduced to what the PU left pay for",
    "GQ306": "reward reduced to one point per planet you own, at most 50",
    "GQ307": "factories reduced to one per 10 population",
    "GQ308": "research reduced to the PU still needed for technology level 9",
    "GQ309": "colonists unloaded reduced to the room on the planet (30000 population)",
    "GQ401": "the owner of the planet the ship flies to is unknown to you",
    "GQ402": "the reward replaces the one set before, which is lost",
}

# Table 5.3's cargo types and the planet value each is loaded from / unloaded to.
PLANET_GOODS: dict[int, str] = {
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
COLONISTS = 9
# Table 5.2's kit kinds and the cargo type of the kits they make.
KIT_PRODUCTS: dict[int, int] = {3: 5, 5: 6, 7: 7, 9: 8}
FACTORY_KIND = 8  # table 5.2: factory
FACTORY_KIT = 8  # table 5.3: F-kits
FIRST_YARD_KIND = 10  # table 5.2: 10, 11, 12 extend shipyard 1, 2, 3
MAX_AREA_TL = max(RESEARCH)


@dataclass
class Stock:
    """What is left to use on one of the player's planets while checking."""

    number: int
    pu: int
    goods: dict[int, int]  # cargo type -> spares, PU, kits or population on the planet
    factories: int
    yards: list[list[int]]  # [size, class] of shipyards 1..3; size 0: no shipyard
    taken: list[int] = field(default_factory=lambda: [0] * MAX_SHIPYARDS)  # PU invested

    def units(self, cargo: int) -> int:
        """Transport units of `cargo` that can be loaded here."""
        return self.goods[cargo] // CARGO[cargo][1]

    def factory_room(self) -> int:
        return self.goods[COLONISTS] // POPULATION_PER_FACTORY - self.factories


@dataclass
class Craft:
    """One of the player's ships while checking."""

    number: int
    position: int  # planet in whose orbit it is; 0 in flight
    destination: int
    task_force: int
    ship_class: int
    capacity: int
    cargo: list[int]  # transport units per cargo type 1..9
    moved_to: int | None = None  # destination of this file's movement command
    gone: str = ""  # "scrapped", "given to player 4"

    @property
    def free(self) -> int:
        return max(0, self.capacity - sum(self.cargo))


GOODS_WORDS: dict[int, str] = {
    1: "spares",
    2: "MPU",
    3: "APU",
    4: "RPU",
    5: "M-kits",
    6: "A-kits",
    7: "R-kits",
    8: "F-kits",
    9: "colonists",
}


def goods_words(cargo: int, units: int, stock: int) -> str:
    """'9 MPU', '185 colonists (9 transport units)'."""
    name = GOODS_WORDS[cargo]
    if CARGO[cargo][1] == 1:
        return f"{units} {name}"
    return f"{stock} {name} ({units} transport units)"


def words(text: str) -> str:
    """The command as the player wrote it, upper-cased, blanks normalised."""
    return " ".join(text.upper().split())


def check_orders(
    orders: Sequence[Located], view: Mapping[str, Any], player: str
) -> tuple[list[Order], list[Diagnostic]]:
    """Accepted commands (explicit quantities reduced where needed) and the diagnostics."""
    return run(orders, Checker(view, player))


class Checker(Situation[Order]):
    """The running budgets of one command file and a check for each command."""

    REDUCED = "quantity {wanted} reduced to {limit}: {why}"

    def __init__(self, view: Mapping[str, Any], player: str) -> None:
        super().__init__()
        self.known = {int(row[0]) for row in view.get("map", [])}
        self.stock: dict[int, Stock] = {}
        for p in view.get("planets", []):
            yards = [[int(y[0]), int(y[1])] for y in p.get("yards", [])][:MAX_SHIPYARDS]
            yards += [[0, SPARES_CLASS] for _ in range(MAX_SHIPYARDS - len(yards))]
            self.stock[int(p["number"])] = Stock(
                int(p["number"]),
                int(p["pu"]),
                {cargo: int(p.get(key, 0)) for cargo, key in PLANET_GOODS.items()},
                int(p.get("factories", 0)),
                yards,
            )
        self.ships: dict[int, Craft] = {
            int(s["number"]): Craft(
                int(s["number"]),
                int(s["position"]),
                int(s.get("destination", 0)),
                int(s.get("task_force", 0)),
                int(s["class"]),
                int(s["capacity"]),
                [int(c) for c in (list(s.get("cargo", [])) + [0] * len(CARGO))[: len(CARGO)]],
            )
            for s in view.get("fleet", [])
        }
        self.players: dict[int, str] = {int(n): str(name) for n, name in view.get("players", [])}
        try:
            self.me = int(view.get("player", player))
        except ValueError:
            self.me = -1
        self.owners: dict[int, str] = {
            int(e["number"]): str(e["owner"]) for e in view.get("explored", [])
        }
        tech = list(view.get("tech", [])) + [0] * len(RESEARCH_AREAS)
        self.fortress_cost = FORTRESS_COST[int(tech[PLANETARY_DEFENSE])]
        research = list(view.get("research", [])) + [0] * len(RESEARCH_AREAS)
        self.research = [int(r) for r in research[: len(RESEARCH_AREAS)]]
        reward = list(view.get("reward", [])) + [0, 0]
        points, target = int(reward[0]), int(reward[1])
        # the reward as the commands so far leave it, and the command that set it ("" if
        # it stands from an earlier turn)
        self.reward_now = (points, target) if points > 0 and target > 0 else (0, 0)
        self.reward_by = ""
        self.suggested: dict[tuple[int, bool], str] = {}  # close_planet's answers

    # ---- helpers -------------------------------------------------------------------------

    def rejected(self, at: Located) -> str:
        return f"command {words(at.text)} rejected"

    def check(self, order: Order) -> Order:
        if isinstance(order, Move):
            return self.move(order)
        if isinstance(order, Load):
            return self.load(order)
        if isinstance(order, Unload):
            return self.unload(order)
        if isinstance(order, SetClass):
            return self.set_class(order)
        if isinstance(order, Invest):
            return self.invest(order)
        if isinstance(order, Scrap):
            return self.scrap(order)
        if isinstance(order, Attach):
            return self.attach(order)
        if isinstance(order, TransferShip):
            return self.transfer(order)
        if isinstance(order, Produce):
            return self.produce(order)
        if isinstance(order, Espionage | Corruption):
            return self.spend_on(order)
        if isinstance(order, Research):
            return self.research_in(order)
        if isinstance(order, Install):
            return self.install(order)
        return self.reward(order)

    def close_planet(self, number: int, mine: bool) -> str:
        """' (did you mean 147?)': a planet the player knows (or owns) close to `number`;
        worked out once a file for each number, as a hostile file repeats one."""
        key = (number, mine)
        if key not in self.suggested:
            pool = self.stock if mine else self.known
            self.suggested[key] = did_you_mean(str(number), map(str, pool))
        return self.suggested[key]

    def known_planet(self, number: int, mine: bool = False) -> None:
        """Reject a planet the player does not know; suggest a close one he knows (or, for
        a command that needs his own planet, one of his)."""
        if number not in self.known:
            raise Refusal("GQ203", f"you know no planet {number}{self.close_planet(number, mine)}")

    def own(self, number: int) -> Stock:
        self.known_planet(number, mine=True)
        if number not in self.stock:
            close = self.close_planet(number, mine=True)
            raise Refusal("GQ204", f"planet {number} is not yours{close}")
        return self.stock[number]

    def ship(self, number: int) -> Craft:
        ship = self.ships.get(number)
        if ship is None:
            raise Refusal("GQ201", f"you have no ship {number}")
        if ship.gone:
            raise Refusal("GQ220", f"ship {number} is {ship.gone} by an earlier command")
        return ship

    def task_force(self, number: int) -> list[Craft]:
        members = [
            s for n, s in sorted(self.ships.items()) if s.task_force == number and not s.gone
        ]
        if not members:
            raise Refusal("GQ202", f"you have no ship in task force {number}")
        return members

    def existing_yard(self, stock: Stock, yard: int) -> list[int]:
        row = stock.yards[yard - 1]
        if row[0] <= 0:
            raise Refusal("GQ214", f"planet {stock.number} has no shipyard {yard}")
        return row

    def whose(self, order: Order) -> None:
        """What the situation says of a command a fact rejected: whether the ships and
        planets it names are the player's (or known to them). Nothing is used."""
        if isinstance(order, Move | Load | Unload):
            if order.unit == "S":
                self.ship(order.number)
            elif 1 <= order.number <= MAX_TASK_FORCE:
                self.task_force(order.number)
            if isinstance(order, Move):
                self.known_planet(order.dest)
        elif isinstance(order, Scrap | Attach | TransferShip):
            self.ship(order.ship)
        elif isinstance(order, SetClass | Invest | Produce | Research | Install):
            self.own(order.planet)
        elif isinstance(order, Espionage | Corruption):
            self.known_planet(order.target)
            self.own(order.source)

    @staticmethod
    def pu_left(stock: Stock) -> int:
        if stock.pu <= 0:
            raise Refusal("GQ218", f"planet {stock.number} has no PU left")
        return stock.pu

    # ---- ships ---------------------------------------------------------------------------

    def move(self, order: Move) -> Order:
        ships = [self.ship(order.number)] if order.unit == "S" else self.task_force(order.number)
        self.known_planet(order.dest)
        reasons = [self.cannot_move(ship, order) for ship in ships]
        movable = [s for s, why in zip(ships, reasons, strict=True) if why is None]
        if not movable:
            codes = {why[0] for why in reasons if why is not None}
            if order.unit == "T" and codes == {"GQ207"}:
                raise Refusal(
                    "GQ207",
                    f"every ship of task force {order.number} is in flight and can't change course",
                )
            if order.unit == "T" and codes == {"GQ212"}:
                raise Refusal(
                    "GQ212", f"task force {order.number} is already at planet {order.dest}"
                )
            raise Refusal(*[why for why in reasons if why is not None][0])
        for ship in movable:
            ship.moved_to = order.dest
        return order

    @staticmethod
    def cannot_move(ship: Craft, order: Move) -> tuple[str, str] | None:
        """Why a ship can't take part in a move, or None."""
        who = f"ship {ship.number}"
        if order.unit == "T":
            who += f" of task force {order.number}"
        if ship.moved_to is not None:
            return (
                "GQ205",
                f"{who} already has a movement command this turn (to planet {ship.moved_to})",
            )
        if ship.position == 0:
            return (
                "GQ207",
                f"{who} is in flight to planet {ship.destination} and can't change course",
            )
        if ship.position == order.dest:
            return "GQ212", f"{who} is already at planet {order.dest}"
        return None

    def carriers(self, order: Load | Unload) -> list[Craft]:
        """The ships that load or unload for a command, each at a planet of the player's."""
        if order.unit == "S":
            ship = self.ship(order.number)
            if ship.capacity == 0:
                raise Refusal(
                    "GQ210",
                    f"ship {order.number} (class {ship.ship_class}) has no transport capacity",
                )
            ships = [ship]
        else:
            ships = [s for s in self.task_force(order.number) if s.capacity > 0]
            if not ships:
                raise Refusal(
                    "GQ210", f"no ship of task force {order.number} has transport capacity"
                )
        reasons = [self.cannot_handle(ship, order) for ship in ships]
        able = [s for s, why in zip(ships, reasons, strict=True) if why is None]
        if not able:
            raise Refusal(*[why for why in reasons if why is not None][0])
        return able

    def cannot_handle(self, ship: Craft, order: Load | Unload) -> tuple[str, str] | None:
        """Why a ship can't load or unload now, or None."""
        doing = "loaded" if isinstance(order, Load) else "unloaded"
        who = f"ship {ship.number}"
        if order.unit == "T":
            who += f" of task force {order.number}"
        if ship.moved_to is not None:
            return (
                "GQ206",
                f"{who} has a movement command earlier in this file; "
                f"nothing can be {doing} after it",
            )
        if ship.position == 0:
            return "GQ207", f"{who} is in flight; ships are {doing} only in orbit"
        if ship.position not in self.stock:
            return (
                "GQ208",
                f"{who} is in orbit of planet {ship.position}, which is not yours; "
                f"ships are {doing} only at your own planets",
            )
        return None

    @staticmethod
    def who(order: Load | Unload) -> str:
        return f"ship {order.number}" if order.unit == "S" else f"task force {order.number}"

    def load(self, order: Load) -> Order:
        ships = self.carriers(order)
        cargo = order.cargo
        # What each ship takes, in ship order, each from the planet it orbits.
        left = {s.position: self.stock[s.position].units(cargo) for s in ships}
        takes: list[int] = []
        starved = False
        for ship in ships:
            wanted = ship.free if order.amount == 0 else min(order.amount, ship.free)
            n = min(wanted, left[ship.position])
            starved = starved or n < wanted
            left[ship.position] -= n
            takes.append(n)
        planets = sorted({s.position for s in ships})
        where = "planet" + ("s " if len(planets) > 1 else " ") + ", ".join(map(str, planets))
        if sum(takes) == 0:
            if not starved:
                raise Refusal("GQ211", f"{self.who(order)} has no free transport capacity")
            raise Refusal("GQ211", f"{where} has no {GOODS_WORDS[cargo]} to load")
        most = max(takes)
        if 0 < most < order.amount:
            if starved:
                have = sum(self.stock[p].units(cargo) for p in planets)
                stocked = sum(self.stock[p].goods[cargo] for p in planets)
                self.warn(
                    "GQ301",
                    f"quantity {order.amount} reduced to {most}: {where} has only "
                    f"{goods_words(cargo, have, stocked)}",
                )
            elif order.unit == "S":
                self.warn(
                    "GQ302",
                    f"quantity {order.amount} reduced to {most}: ship {order.number} has only "
                    f"{most} free transport units",
                )
            else:
                self.warn(
                    "GQ302",
                    f"quantity {order.amount} reduced to {most}: no ship of task force "
                    f"{order.number} has more than {most} free transport units",
                )
            order = replace(order, amount=most)
        for ship, n in zip(ships, takes, strict=True):
            ship.cargo[cargo - 1] += n
            self.stock[ship.position].goods[cargo] -= n * CARGO[cargo][1]
        return order

    def unload(self, order: Unload) -> Order:
        ships = self.carriers(order)
        cargo = order.cargo
        per_unit = CARGO[cargo][1]
        room = {s.position: self.room(self.stock[s.position], cargo) for s in ships}
        gives: list[int] = []
        crowded = False
        for ship in ships:
            aboard = ship.cargo[cargo - 1]
            wanted = aboard if order.amount == 0 else min(order.amount, aboard)
            n = min(wanted, room[ship.position])
            crowded = crowded or n < wanted
            room[ship.position] -= n
            gives.append(n)
        name = GOODS_WORDS[cargo]
        if sum(gives) == 0:
            if not crowded:
                raise Refusal("GQ211", f"{self.who(order)} carries no {name}")
            full = next(s.position for s in ships if s.cargo[cargo - 1])
            raise Refusal(
                "GQ236",
                f"planet {full} has no room for more colonists: {MAX_POPULATION} population "
                "is the most",
            )
        most = max(gives)
        if 0 < most < order.amount:
            if crowded:
                full = next(s.position for s, n in zip(ships, gives, strict=True) if n == most)
                space = MAX_POPULATION - self.stock[full].goods[cargo]
                self.warn(
                    "GQ309",
                    f"quantity {order.amount} reduced to {most}: planet {full} has room for "
                    f"only {space} more colonists ({space // per_unit} transport units)",
                )
            elif order.unit == "S":
                self.warn(
                    "GQ303",
                    f"quantity {order.amount} reduced to {most}: ship {order.number} carries "
                    f"only {most} transport units of {name}",
                )
            else:
                self.warn(
                    "GQ303",
                    f"quantity {order.amount} reduced to {most}: no ship of task force "
                    f"{order.number} carries more than {most} transport units of {name}",
                )
            order = replace(order, amount=most)
        for ship, n in zip(ships, gives, strict=True):
            ship.cargo[cargo - 1] -= n
            self.stock[ship.position].goods[cargo] += n * per_unit
        return order

    @staticmethod
    def room(stock: Stock, cargo: int) -> int:
        """Transport units of `cargo` a planet can take: colonists up to 30000 population."""
        if cargo != COLONISTS:
            return 1 << 62
        return max(0, MAX_POPULATION - stock.goods[COLONISTS]) // CARGO[cargo][1]

    def scrap(self, order: Scrap) -> Order:
        ship = self.ship(order.ship)
        ship.gone = "scrapped"
        if ship.position in self.stock:
            # 3.6: half the production cost at construction TL 0 becomes spares
            self.stock[ship.position].goods[1] += SHIP_CLASSES[ship.ship_class].cost // 2
        return order

    def attach(self, order: Attach) -> Order:
        ship = self.ship(order.ship)
        if ship.task_force == order.task_force:
            if order.task_force == 0:
                raise Refusal("GQ222", f"ship {ship.number} is in no task force")
            raise Refusal(
                "GQ222", f"ship {ship.number} is already in task force {order.task_force}"
            )
        ship.task_force = order.task_force
        return order

    def transfer(self, order: TransferShip) -> Order:
        ship = self.ship(order.ship)
        if order.player == self.me:
            raise Refusal("GQ225", f"ship {ship.number} is already yours")
        if order.player not in self.players:
            raise Refusal("GQ224", f"there is no player {order.player} in this game")
        target = self.players[order.player]
        if ship.moved_to is None:
            raise Refusal(
                "GQ223",
                f"ship {ship.number} has no movement command before this one; a ship is "
                f"given away only after a B command sends it to a planet of player "
                f"{order.player}",
            )
        dest = ship.moved_to
        if dest in self.stock:
            raise Refusal(
                "GQ226",
                f"ship {ship.number} flies to planet {dest}, which is yours, not "
                f"player {order.player}'s",
            )
        owner = self.owners.get(dest)
        if owner is not None and owner.upper() != target.upper():
            raise Refusal(
                "GQ226",
                f"ship {ship.number} flies to planet {dest}, which belongs to {owner} as far "
                f"as you know, not to player {order.player} ({target})",
            )
        if owner is None:
            self.warn(
                "GQ401",
                f"no report of yours shows who owns planet {dest}: ship {ship.number} goes "
                f"to player {order.player} ({target}) only if the planet is theirs; if not, "
                "it flies there as yours and the printout says so",
            )
        ship.gone = f"given to player {order.player}"
        return order

    # ---- planets -------------------------------------------------------------------------

    def set_class(self, order: SetClass) -> Order:
        stock = self.own(order.planet)
        row = self.existing_yard(stock, order.yard)
        if row[1] == order.ship_class:
            what = "spares" if order.ship_class == SPARES_CLASS else f"class {order.ship_class}"
            raise Refusal(
                "GQ216",
                f"shipyard {order.yard} on planet {order.planet} already builds {what}",
            )
        row[1] = order.ship_class
        return order

    def invest(self, order: Invest) -> Order:
        stock = self.own(order.planet)
        row = self.existing_yard(stock, order.yard)
        room = row[0] - stock.taken[order.yard - 1]
        place = f"shipyard {order.yard} on planet {order.planet}"
        if room <= 0:
            raise Refusal("GQ219", f"{place} has taken its {row[0]} PU this turn")
        pu = self.pu_left(stock)
        n = min(order.pu, room, pu)
        if n < order.pu:
            if room <= pu:
                more = " more" if stock.taken[order.yard - 1] else ""
                self.warn(
                    "GQ304",
                    f"quantity {order.pu} reduced to {n}: {place} takes only {room}{more} "
                    "PU a turn",
                )
            else:
                self.warn(
                    "GQ301",
                    f"quantity {order.pu} reduced to {n}: planet {order.planet} has only {pu} PU",
                )
            order = replace(order, pu=n)
        stock.taken[order.yard - 1] += n
        stock.pu -= n
        return order

    def produce(self, order: Produce) -> Order:
        stock = self.own(order.planet)
        name = FACILITIES[order.kind][0].lower()
        cost = self.fortress_cost if order.kind == 1 else FACILITIES[order.kind][1]
        room = self.factory_room(stock) if order.kind == FACTORY_KIND else order.amount
        if stock.pu < cost:
            raise Refusal(
                "GQ218",
                f"planet {order.planet} has only {max(stock.pu, 0)} PU left; "
                f"one {name} costs {cost} PU",
            )
        afford = stock.pu // cost
        n = min(order.amount, room, afford)
        if n < order.amount:
            if n == afford:
                self.warn(
                    "GQ305",
                    f"quantity {order.amount} reduced to {n}: planet {order.planet} has only "
                    f"{stock.pu} PU, enough for {n} ({name}: {cost} PU each)",
                )
            else:
                self.factory_warning(stock, order.amount, n)
            order = replace(order, amount=n)
        stock.pu -= n * cost
        if order.kind in KIT_PRODUCTS:
            stock.goods[KIT_PRODUCTS[order.kind]] += n
        elif order.kind == FACTORY_KIND:
            stock.factories += n
        elif order.kind >= FIRST_YARD_KIND:
            stock.yards[order.kind - FIRST_YARD_KIND][0] += n
        return order

    @staticmethod
    def factory_room(stock: Stock) -> int:
        """Factories the population can still operate (2.1.2); none rejects."""
        room = stock.factory_room()
        if room <= 0:
            raise Refusal(
                "GQ235",
                f"the population of planet {stock.number} ({stock.goods[COLONISTS]}) has no "
                f"room for another factory: each needs {POPULATION_PER_FACTORY} population",
            )
        return room

    def factory_warning(self, stock: Stock, wanted: int, room: int) -> None:
        self.warn(
            "GQ307",
            f"quantity {wanted} reduced to {room}: the population of planet {stock.number} "
            f"({stock.goods[COLONISTS]}) can operate only {room} more factories",
        )

    def spend_on(self, order: Espionage | Corruption) -> Order:
        self.known_planet(order.target)
        stock = self.own(order.source)
        n = self.spend(stock, order.pu)
        return replace(order, pu=n) if n < order.pu else order

    def spend(self, stock: Stock, wanted: int) -> int:
        """PU taken from a planet, reduced (with a warning) to what is left."""
        pu = self.pu_left(stock)
        n = min(wanted, pu)
        if n < wanted:
            self.warn(
                "GQ301", f"quantity {wanted} reduced to {n}: planet {stock.number} has only {pu} PU"
            )
        stock.pu -= n
        return n

    def research_in(self, order: Research) -> Order:
        stock = self.own(order.planet)
        area = RESEARCH_AREAS[order.area]
        needed = RESEARCH[MAX_AREA_TL] - self.research[order.area]
        if needed <= 0:
            raise Refusal("GQ234", f"you have reached technology level {MAX_AREA_TL} in {area}")
        if needed < order.pu and needed <= stock.pu:
            self.warn(
                "GQ308",
                f"quantity {order.pu} reduced to {needed}: {area} needs only {needed} more PU "
                f"for technology level {MAX_AREA_TL}",
            )
            n = needed
            stock.pu -= n
        else:
            n = self.spend(stock, order.pu)
        self.research[order.area] += n
        return replace(order, pu=n) if n < order.pu else order

    def install(self, order: Install) -> Order:
        stock = self.own(order.planet)
        kits = stock.goods[order.kit]
        name = GOODS_WORDS[order.kit]
        if kits <= 0:
            raise Refusal("GQ230", f"planet {order.planet} has no {name}")
        room = self.factory_room(stock) if order.kit == FACTORY_KIT else order.amount
        n = min(order.amount, room, kits)
        if n < order.amount:
            if n == kits:
                self.warn(
                    "GQ301",
                    f"quantity {order.amount} reduced to {n}: planet {order.planet} has only "
                    f"{kits} {name}",
                )
            else:
                self.factory_warning(stock, order.amount, n)
            order = replace(order, amount=n)
        stock.goods[order.kit] -= n
        if order.kit == FACTORY_KIT:
            stock.factories += n
        return order

    def reward(self, order: Reward) -> Order:
        if order.player == 0:
            if self.reward_now == (0, 0):
                raise Refusal("GQ233", "you offer no reward to withdraw")
            if self.reward_by:
                lost = plural(self.reward_now[0], "point")
                self.note(
                    "GQ402",
                    f"this withdraws the reward {self.reward_by} of an earlier command in this "
                    f'file: the reward and its {lost} are lost (3.14: "the old reward is lost")',
                )
            self.reward_now, self.reward_by = (0, 0), ""
            return order
        if order.player == self.me:
            raise Refusal("GQ225", "you can't offer a reward for yourself")
        if order.player not in self.players:
            raise Refusal("GQ224", f"there is no player {order.player} in this game")
        owned = len(self.stock)
        if owned == 0:
            raise Refusal("GQ231", "you own no planet, so you can offer no reward")
        # (points are 1 to 50 here: the facts reject 0 and reduce more than 50, GQ306)
        if order.points > owned:
            if owned == 1:
                why = "you own only 1 planet, worth one point"
            else:
                why = f"you own only {owned} planets, worth one point each"
            self.warn("GQ306", f"quantity {order.points} reduced to {owned}: {why}")
            order = replace(order, points=owned)
        self.replacing()
        self.reward_now, self.reward_by = (order.points, order.player), order.text()
        return order

    def replacing(self) -> None:
        """Note that a new reward replaces the one set before, which is lost (3.14)."""
        points, target = self.reward_now
        if points == 0:
            return
        book = '(3.14: "If the reward command is used a second time, the old reward is lost")'
        lost = plural(points, "point")
        if self.reward_by:
            old = f"the reward {self.reward_by} of an earlier command in this file"
        else:
            old = f"your reward of {lost} for player {target} ({self.players.get(target, '')})"
        self.note("GQ402", f"this replaces {old}: the old reward and its {lost} are lost {book}")
