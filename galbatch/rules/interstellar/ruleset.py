"""The Interstellar Conquest ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.contract.ruleset import Ruleset, View
from galbatch.rules.interstellar.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS
from galbatch.rules.interstellar.phases import PERIOD

if TYPE_CHECKING:  # types only: a check imports none of these
    from galbatch.engine.contract.forms import Kind, OrderForm
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.records import PrintContext, Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout
    from galbatch.rules.interstellar.orders import Order
    from galbatch.rules.interstellar.state import GameState

TITLE = "INTERSTELLAR CONQUEST"
ORDER_EXAMPLE = (
    "ATTACK BLUE 3 WITH 1 L 2 M FROM RED 2 AND 1 S FROM RED 4",
    "INVITE GREEN",
    "PLAY HIGHEST",
    "IF ATTACKED PLAY HIGHEST",
)


class InterstellarConquest(Ruleset["GameState", "Order"]):
    """Interstellar Conquest by Ken Leyhe (after Cosmic Encounter): encounters of fleets,
    allies and secret coins, one phase of the turn sequence after another, by mail."""

    name = "interstellar"
    title = TITLE
    grammar = "interstellar.lark"
    width = 80
    order_noun = ORDER_NOUN
    order_example = ORDER_EXAMPLE
    score_label = "COLONIES IN OTHER PLAYERS' SYSTEMS"
    syntax_code = SYNTAX_CODE
    terminal_words: Mapping[str, str] = TERMINAL_WORDS
    period = PERIOD

    @property
    def forms(self) -> Sequence[OrderForm]:
        from galbatch.rules.interstellar.forms import FORMS

        return FORMS

    def transformer(self) -> object:
        from galbatch.rules.interstellar.language import OrderBuilder

        return OrderBuilder()

    @property
    def settings(self) -> Sequence[Setting]:
        from galbatch.rules.interstellar.setup import SETTINGS

        return SETTINGS

    def name_problem(self, name: str) -> str | None:
        from galbatch.rules.interstellar.setup import name_problem

        return name_problem(name)

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> GameState:
        from galbatch.rules.interstellar.setup import new_game

        return new_game(seed, players, settings)

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        from galbatch.rules.interstellar.state import GameState

        return GameState.from_data(dict(data))

    def owing(self, state: GameState) -> list[str]:
        from galbatch.rules.interstellar.progress import owing

        return owing(state)

    def accepting(self, state: GameState) -> list[str]:
        from galbatch.rules.interstellar.progress import accepting

        return accepting(state)

    def describe(self, state: GameState) -> str:
        from galbatch.rules.interstellar.progress import describe

        return describe(state)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Order]], streams: Streams
    ) -> GameState:
        from galbatch.rules.interstellar.resolve import resolve

        return resolve(state, orders, streams)

    def owed_now(self, view: Mapping[str, Any]) -> str | None:
        from galbatch.rules.interstellar.printout import owed_now

        return owed_now(view)

    def public_scores(self, view: Mapping[str, Any]) -> Mapping[str, float] | None:
        from galbatch.rules.interstellar.view import public_scores

        return public_scores(view)

    def view(self, state: GameState, player: str) -> View:
        from galbatch.rules.interstellar.view import build_view

        return build_view(state, player)

    def offers(self, view: Mapping[str, Any]) -> Mapping[Kind, Sequence[str]]:
        from galbatch.rules.interstellar.view import offers

        return offers(view)

    def views(self, state: GameState, players: Sequence[str]) -> dict[str, View]:
        from galbatch.rules.interstellar.view import build_views

        return build_views(state, players)

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        from galbatch.rules.interstellar.facts import facts

        return facts(orders)

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Order], list[Diagnostic]]:
        from galbatch.rules.interstellar.check import check_orders

        return check_orders(orders, view, player)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        from galbatch.rules.interstellar.printout import player_printout

        return player_printout(view, diagnostics, ctx)

    def summary(self, state: GameState, ctx: PrintContext) -> Printout:
        from galbatch.rules.interstellar.printout import gm_printout

        return gm_printout(state, ctx)


RULESET = InterstellarConquest()
