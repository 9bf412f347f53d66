"""Galactic Conqueror's layer 3, the player's ships: movement (3.1), scrapping (3.6),
task forces (3.7) and ships given to another player (3.8)."""

from __future__ import annotations

from galbatch.engine.checker.situation import Refusal
from galbatch.rules.conqueror.check_budgets import Budgets, Craft
from galbatch.rules.conqueror.codes import (
    GQ205,
    GQ207,
    GQ212,
    GQ222,
    GQ223,
    GQ224,
    GQ225,
    GQ226,
    GQ401,
)
from galbatch.rules.conqueror.orders import Attach, Move, Order, Scrap, TransferShip
from galbatch.rules.conqueror.tables import SHIP_CLASSES


class Ships(Budgets):
    """The commands that move, scrap, attach or give away ships."""

    def move(self, order: Move) -> Order:
        ships = [self.ship(order.number)] if order.unit == "S" else self.task_force(order.number)
        self.known_planet(order.dest)
        reasons = [self.cannot_move(ship, order) for ship in ships]
        movable = [s for s, why in zip(ships, reasons, strict=True) if why is None]
        if not movable:
            codes = {why[0] for why in reasons if why is not None}
            if order.unit == "T" and codes == {GQ207}:
                raise Refusal(
                    GQ207,
                    f"every ship of task force {order.number} is in flight and can't change course",
                )
            if order.unit == "T" and codes == {GQ212}:
                raise Refusal(GQ212, f"task force {order.number} is already at planet {order.dest}")
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
                GQ205,
                f"{who} already has a movement command this turn (to planet {ship.moved_to})",
            )
        if ship.position == 0:
            return (
                GQ207,
                f"{who} is in flight to planet {ship.destination} and can't change course",
            )
        if ship.position == order.dest:
            return GQ212, f"{who} is already at planet {order.dest}"
        return None

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
                raise Refusal(GQ222, f"ship {ship.number} is in no task force")
            raise Refusal(GQ222, f"ship {ship.number} is already in task force {order.task_force}")
        ship.task_force = order.task_force
        return order

    def transfer(self, order: TransferShip) -> Order:
        ship = self.ship(order.ship)
        if order.player == self.me:
            raise Refusal(GQ225, f"ship {ship.number} is already yours")
        if order.player not in self.players:
            raise Refusal(GQ224, f"there is no player {order.player} in this game")
        target = self.players[order.player]
        if ship.moved_to is None:
            raise Refusal(
                GQ223,
                f"ship {ship.number} has no movement command before this one; a ship is "
                f"given away only after a B command sends it to a planet of player "
                f"{order.player}",
            )
        dest = ship.moved_to
        if dest in self.stock:
            raise Refusal(
                GQ226,
                f"ship {ship.number} flies to planet {dest}, which is yours, not "
                f"player {order.player}'s",
            )
        owner = self.owners.get(dest)
        if owner is not None and owner.upper() != target.upper():
            raise Refusal(
                GQ226,
                f"ship {ship.number} flies to planet {dest}, which belongs to {owner} as far "
                f"as you know, not to player {order.player} ({target})",
            )
        if owner is None:
            self.warn(
                GQ401,
                f"no report of yours shows who owns planet {dest}: ship {ship.number} goes "
                f"to player {order.player} ({target}) only if the planet is theirs; if not, "
                "it flies there as yours and the printout says so",
            )
        ship.gone = f"given to player {order.player}"
        return order
