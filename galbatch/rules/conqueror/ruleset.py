"""The Galactic Conqueror ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.contract.ruleset import Ruleset, View
from galbatch.rules.conqueror.codes import GQ100
from galbatch.rules.conqueror.language import TERMINAL_WORDS

if TYPE_CHECKING:  # types only: a check imports none of these
    from galbatch.engine.contract.forms import Kind, OrderForm
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.records import PrintContext, Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout
    from galbatch.rules.conqueror.orders import Order
    from galbatch.rules.conqueror.state import GameState

TITLE = "GALACTIC CONQUEROR"
COMMAND_EXAMPLE = ("B S 45 56", "W 67 2 7", "S 78 1 15", "P 23 1 2")


class Conqueror(Ruleset["GameState", "Order"]):
    """Galactic Conqueror 2.03 by Harry Zimmermann (the GC15/GC16 games)."""

    name = "conqueror"
    title = TITLE
    grammar = "conqueror.lark"
    width = 80
    order_noun = "command"
    order_example = COMMAND_EXAMPLE
    syntax_code = GQ100
    terminal_words = TERMINAL_WORDS

    @property
    def forms(self) -> Sequence[OrderForm]:
        from galbatch.rules.conqueror.forms import FORMS

        return FORMS

    def transformer(self) -> object:
        from galbatch.rules.conqueror.language import OrderBuilder

        return OrderBuilder()

    @property
    def settings(self) -> Sequence[Setting]:
        from galbatch.rules.conqueror.setup import SETTINGS

        return SETTINGS

    def normal_name(self, name: str) -> str:
        from galbatch.rules.conqueror.setup import normal_name

        return normal_name(name)

    def name_problem(self, name: str) -> str | None:
        from galbatch.rules.conqueror.setup import validate_player_name

        return validate_player_name(name)

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> GameState:
        from galbatch.rules.conqueror.setup import new_game

        return new_game(seed, players, settings)

    def configure(self, state: GameState, settings: Mapping[str, Any]) -> GameState:
        from galbatch.rules.conqueror.setup import configure

        return configure(state, settings)

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        from galbatch.rules.conqueror.state import GameState

        return GameState.from_data(dict(data))

    def owing(self, state: GameState) -> list[str]:
        from galbatch.rules.conqueror.progress import owing

        return owing(state)

    def describe(self, state: GameState) -> str:
        from galbatch.rules.conqueror.progress import describe

        return describe(state)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Order]], streams: Streams
    ) -> GameState:
        from galbatch.rules.conqueror.resolve import resolve

        return resolve(state, orders, streams)

    def view(self, state: GameState, player: str) -> View:
        from galbatch.rules.conqueror.view import build_view

        return build_view(state, player)

    def offers(self, view: Mapping[str, Any]) -> Mapping[Kind, Sequence[str]]:
        from galbatch.rules.conqueror.view import offers

        return offers(view)

    def views(self, state: GameState, players: Sequence[str]) -> dict[str, View]:
        from galbatch.rules.conqueror.view import build_views

        return build_views(state, players)

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        from galbatch.rules.conqueror.facts import facts

        return facts(orders)

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Order], list[Diagnostic]]:
        from galbatch.rules.conqueror.check import check_orders

        return check_orders(orders, view, player)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        from galbatch.rules.conqueror.printout import player_printout

        return player_printout(view, diagnostics, ctx)

    def summary(self, state: GameState, ctx: PrintContext) -> Printout:
        from galbatch.rules.conqueror.printout import gm_printout

        return gm_printout(state, ctx)


RULESET = Conqueror()
