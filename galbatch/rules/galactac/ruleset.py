"""The Galac-Tac ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.contract.ruleset import Ruleset, View
from galbatch.rules.galactac.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS

if TYPE_CHECKING:  # types only: a check imports none of these
    from galbatch.engine.contract.forms import Kind, OrderForm
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.records import PrintContext, Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout
    from galbatch.rules.galactac.state import GameState

TITLE = "GALAC-TAC"
ACTION_EXAMPLE = (
    "NAME EMPIRE Grand Fenwick",
    "BUILD 34-11 SC1 Scout Scout Scout",
    "SCOUT 1523 45-23 48-30 52-25 55-40",
    "LOAD 1805 10 PI 10 MISS",
)


class GalacTac(Ruleset["GameState", Any]):
    """Galac-Tac by Talisman Games: empires of star systems, ship designs and fleets."""

    name = "galactac"
    title = TITLE
    grammar = "galactac.lark"
    width = 132
    order_noun = ORDER_NOUN
    order_example = ACTION_EXAMPLE
    score_label = "EMPIRE VALUATION (PERCENT OF THE LEADER)"
    syntax_code = SYNTAX_CODE
    terminal_words: Mapping[str, str] = TERMINAL_WORDS
    messages = True  # EMPIRE RELATIONS: messages routed by empire name (diplomacy.py)

    @property
    def forms(self) -> Sequence[OrderForm]:
        from galbatch.rules.galactac.forms import FORMS

        return FORMS

    def transformer(self) -> object:
        from galbatch.rules.galactac.language import OrderBuilder

        return OrderBuilder()

    @property
    def settings(self) -> Sequence[Setting]:
        from galbatch.rules.galactac.setup import SETTINGS

        return SETTINGS

    def name_problem(self, name: str) -> str | None:
        from galbatch.rules.galactac.setup import name_problem

        return name_problem(name)

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> GameState:
        from galbatch.rules.galactac.setup import new_game

        return new_game(seed, players, settings)

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        from galbatch.rules.galactac.state import GameState

        return GameState.from_data(dict(data))

    def owing(self, state: GameState) -> list[str]:
        from galbatch.rules.galactac.progress import owing

        return owing(state)

    def describe(self, state: GameState) -> str:
        from galbatch.rules.galactac.progress import describe

        return describe(state)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Any]], streams: Streams
    ) -> GameState:
        from galbatch.rules.galactac.resolve import resolve

        return resolve(state, orders, streams)

    def public_scores(self, view: Mapping[str, Any]) -> Mapping[str, float] | None:
        from galbatch.rules.galactac.view import public_scores

        return public_scores(view)

    def view(self, state: GameState, player: str) -> View:
        from galbatch.rules.galactac.view import build_view

        return build_view(state, player)

    def offers(self, view: Mapping[str, Any]) -> Mapping[Kind, Sequence[str]]:
        from galbatch.rules.galactac.view import offers

        return offers(view)

    def views(self, state: GameState, players: Sequence[str]) -> dict[str, View]:
        from galbatch.rules.galactac.view import build_views

        return build_views(state, players)

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        from galbatch.rules.galactac.facts import facts

        return facts(orders)

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Any], list[Diagnostic]]:
        from galbatch.rules.galactac.check import check_orders

        return check_orders(orders, view, player)

    def message_recipients(self, view: Mapping[str, Any]) -> list[str]:
        from galbatch.rules.galactac.diplomacy import recipients

        return recipients(view)

    def messages_received(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        from galbatch.rules.galactac.diplomacy import messages_in

        return messages_in(view)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        from galbatch.rules.galactac.printout import player_printout

        return player_printout(view, diagnostics, ctx)

    def summary(self, state: GameState, ctx: PrintContext) -> Printout:
        from galbatch.rules.galactac.printout import gm_printout

        return gm_printout(state, ctx)


RULESET = GalacTac()
