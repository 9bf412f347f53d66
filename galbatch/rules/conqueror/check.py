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

The checks are written by the book's subjects, each a part of `Checker` in its own
module on the running budgets (`check_budgets.py`): ships (`check_ships.py`: 3.1,
3.6-3.8), cargo (`check_cargo.py`: 3.2, 3.3) and planets (`check_planets.py`: 3.4,
3.5, 3.9-3.13); the reward (3.14) is here.

House rules where the book is silent (for the man page, with the codes of `codes.py`):

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
from dataclasses import replace
from typing import Any

from galbatch.engine.checker.situation import Refusal, run
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.engine.text.wording import plural
from galbatch.rules.conqueror.check_cargo import Cargo
from galbatch.rules.conqueror.check_planets import Planets
from galbatch.rules.conqueror.check_ships import Ships
from galbatch.rules.conqueror.codes import GQ224, GQ225, GQ231, GQ233, GQ306, GQ402
from galbatch.rules.conqueror.facts import words
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
from galbatch.rules.conqueror.tables import MAX_TASK_FORCE


def check_orders(
    orders: Sequence[Located], view: Mapping[str, Any], player: str
) -> tuple[list[Order], list[Diagnostic]]:
    """Accepted commands (explicit quantities reduced where needed) and the diagnostics."""
    return run(orders, Checker(view, player))


class Checker(Ships, Cargo, Planets):
    """The running budgets of one command file and a check for each command: the book's
    subjects each in their module, put together."""

    # ---- the driver's hooks ------------------------------------------------------------

    def rejected(self, at: Located) -> str:
        return f"command {words(at.text)} rejected"

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

    def check(self, order: Order) -> Order:
        """The command's own check, by its kind."""
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

    # ---- 3.14 Reward ---------------------------------------------------------------------

    def reward(self, order: Reward) -> Order:
        """G: a reward offered for another player, at most a point a planet owned, or
        withdrawn (player 0); it replaces the one set before (3.14)."""
        if order.player == 0:
            if self.reward_now == (0, 0):
                raise Refusal(GQ233, "you offer no reward to withdraw")
            if self.reward_by:
                lost = plural(self.reward_now[0], "point")
                self.note(
                    GQ402,
                    f"this withdraws the reward {self.reward_by} of an earlier command in this "
                    f'file: the reward and its {lost} are lost (3.14: "the old reward is lost")',
                )
            self.reward_now, self.reward_by = (0, 0), ""
            return order
        if order.player == self.me:
            raise Refusal(GQ225, "you can't offer a reward for yourself")
        if order.player not in self.players:
            raise Refusal(GQ224, f"there is no player {order.player} in this game")
        owned = len(self.stock)
        if owned == 0:
            raise Refusal(GQ231, "you own no planet, so you can offer no reward")
        # (points are 1 to 50 here: the facts reject 0 and reduce more than 50, GQ306)
        if order.points > owned:
            if owned == 1:
                why = "you own only 1 planet, worth one point"
            else:
                why = f"you own only {owned} planets, worth one point each"
            order = replace(order, points=self.reduce(GQ306, order.points, owned, why))
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
        self.note(GQ402, f"this replaces {old}: the old reward and its {lost} are lost {book}")
