"""The Galaktikos ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.contract.ruleset import Ruleset, View
from galbatch.rules.galaktikos.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS

if TYPE_CHECKING:  # types only: a check imports none of these
    from galbatch.engine.contract.forms import Kind, OrderForm
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.records import PrintContext, Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout
    from galbatch.rules.galaktikos.orders import Order
    from galbatch.rules.galaktikos.state import RoundState

TITLE = "GALAKTIKOS"
ORDER_EXAMPLE = (
    "GROW 0712 2",
    "BUILD FLEET 0712",
    "MOVE 2 FLEETS 0712 TO 1015",
    "IF ENEMY FLEETS 1015 ATTACK FLEETS 1015 FROM 0913 2 FROM 1014 1",
    "REROLL OWN AT LEAST 3/4",
)


class Galaktikos(Ruleset["RoundState", "Order"]):
    """Galaktikos by Tom Olson: hexes claimed, populations grown and fleets fought on a map."""

    name = "galaktikos"
    title = TITLE
    grammar = "galaktikos.lark"
    width = 132
    order_noun = ORDER_NOUN
    order_example = ORDER_EXAMPLE
    score_label = "POPULATION"
    syntax_code = SYNTAX_CODE
    terminal_words: Mapping[str, str] = TERMINAL_WORDS
    # The engine's turn N (turns/00N, the archive's cover) is its Nth run, the state
    # after round N - 1 (turn 1: the setup, round 0), so the engine's word stays TURN;
    # the printouts are headed with the round (`PERIOD`) they report.
    period = "TURN"

    @property
    def forms(self) -> Sequence[OrderForm]:
        from galbatch.rules.galaktikos.forms import FORMS

        return FORMS

    def transformer(self) -> object:
        from galbatch.rules.galaktikos.language import OrderBuilder

        return OrderBuilder()

    @property
    def settings(self) -> Sequence[Setting]:
        from galbatch.rules.galaktikos.setup import SETTINGS

        return SETTINGS

    def name_problem(self, name: str) -> str | None:
        from galbatch.rules.galaktikos.setup import name_problem

        return name_problem(name)

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> RoundState:
        from galbatch.rules.galaktikos.setup import new_game

        return new_game(seed, players, settings)

    def configure(self, state: RoundState, settings: Mapping[str, Any]) -> RoundState:
        from galbatch.rules.galaktikos.setup import configure

        return configure(state, settings)

    def load_state(self, data: Mapping[str, Any]) -> RoundState:
        from galbatch.rules.galaktikos.state import RoundState

        return RoundState.from_data(dict(data))

    def owing(self, state: RoundState) -> list[str]:
        from galbatch.rules.galaktikos.progress import owing

        return owing(state)

    def describe(self, state: RoundState) -> str:
        from galbatch.rules.galaktikos.progress import describe

        return describe(state)

    def resolve(
        self, state: RoundState, orders: Mapping[str, Sequence[Order]], streams: Streams
    ) -> RoundState:
        from galbatch.rules.galaktikos.resolve import resolve

        return resolve(state, orders, streams)

    def owed_now(self, view: Mapping[str, Any]) -> str | None:
        from galbatch.rules.galaktikos.view import owed_now

        return owed_now(view)

    def public_scores(self, view: Mapping[str, Any]) -> Mapping[str, float] | None:
        from galbatch.rules.galaktikos.view import public_scores

        return public_scores(view)

    def view(self, state: RoundState, player: str) -> View:
        from galbatch.rules.galaktikos.view import build_view

        return build_view(state, player)

    def offers(self, view: Mapping[str, Any]) -> Mapping[Kind, Sequence[str]]:
        from galbatch.rules.galaktikos.view import offers

        return offers(view)

    def views(self, state: RoundState, players: Sequence[str]) -> dict[str, View]:
        from galbatch.rules.galaktikos.view import build_views

        return build_views(state, players)

    def turn_of_view(self, data: Mapping[str, Any]) -> int | None:
        """A Galaktikos turn is a round: the view file names its "round" (a check names it;
        view.py, which builds views, is not a check's)."""
        number = data.get("round")
        return number if isinstance(number, int) and not isinstance(number, bool) else None

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        from galbatch.rules.galaktikos.facts import facts

        return facts(orders)

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Order], list[Diagnostic]]:
        from galbatch.rules.galaktikos.check import check_orders

        return check_orders(orders, view, player)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        from galbatch.rules.galaktikos.printout import player_printout

        return player_printout(view, diagnostics, ctx)

    def summary(self, state: RoundState, ctx: PrintContext) -> Printout:
        from galbatch.rules.galaktikos.printout import gm_printout

        return gm_printout(state, ctx)


RULESET = Galaktikos()
