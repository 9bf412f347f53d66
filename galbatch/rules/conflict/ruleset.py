"""The Galactic Conflict ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.contract.ruleset import Ruleset, View
from galbatch.rules.conflict.codes import CF100
from galbatch.rules.conflict.language import TERMINAL_WORDS

if TYPE_CHECKING:  # types only: a check imports none of these
    from galbatch.engine.contract.forms import Kind, OrderForm
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.records import PrintContext, Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout
    from galbatch.rules.conflict.orders import Order
    from galbatch.rules.conflict.state import GameState


TITLE = "GALACTIC CONFLICT"

ORDER_EXAMPLE = ("A,23,119,12", "M,72,144,D,27", "B,156,F,3")


class Conflict(Ruleset["GameState", "Order"]):
    """Galactic Conflict by Charles A. Gaydos (Flying Buffalo)."""

    name = "conflict"
    title = TITLE
    grammar = "conflict.lark"
    width = 132
    order_noun = "order"
    order_example = ORDER_EXAMPLE
    score_label = "SCORE"
    syntax_code = CF100
    terminal_words = TERMINAL_WORDS

    # No `configure`: nothing changes after setup (the end turn is fixed by the seed
    # and kept secret). Code names are normalised once, when `new` takes them, before
    # name_problem; the state and every comparison use the normal form already.
    def view_from_file(self, data: dict[str, Any], players: Sequence[PlayerInfo]) -> dict[str, Any]:
        from galbatch.rules.conflict.names import gm_view

        return gm_view(data, [p.name for p in players])

    @property
    def forms(self) -> Sequence[OrderForm]:
        from galbatch.rules.conflict.forms import FORMS

        return FORMS

    def transformer(self) -> object:
        from galbatch.rules.conflict.language import OrderBuilder

        return OrderBuilder()

    @property
    def settings(self) -> Sequence[Setting]:
        from galbatch.rules.conflict.setup import SETTINGS

        return SETTINGS

    def name_problem(self, name: str) -> str | None:
        from galbatch.rules.conflict.names import validate_code_name

        return validate_code_name(name)

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> GameState:
        from galbatch.rules.conflict.setup import new_game

        return new_game(seed, players, settings)

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        from galbatch.rules.conflict.state import GameState

        return GameState.from_data(dict(data))

    def owing(self, state: GameState) -> list[str]:
        from galbatch.rules.conflict.progress import owing

        return owing(state)

    def describe(self, state: GameState) -> str:
        from galbatch.rules.conflict.progress import describe

        return describe(state)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Order]], streams: Streams
    ) -> GameState:
        from galbatch.rules.conflict.resolve import resolve

        return resolve(state, orders, streams)

    def public_scores(self, view: Mapping[str, Any]) -> Mapping[str, float] | None:
        from galbatch.rules.conflict.view import public_scores

        return public_scores(view)

    def view(self, state: GameState, player: str) -> View:
        from galbatch.rules.conflict.view import build_view

        return build_view(state, player)

    def offers(self, view: Mapping[str, Any]) -> Mapping[Kind, Sequence[str]]:
        from galbatch.rules.conflict.view import offers

        return offers(view)

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        from galbatch.rules.conflict.facts import facts

        return facts(orders)

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Order], list[Diagnostic]]:
        from galbatch.rules.conflict.check import check_orders

        return check_orders(orders, view, player)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        from galbatch.rules.conflict.printout import player_printout

        return player_printout(view, diagnostics, ctx)

    def summary(self, state: GameState, ctx: PrintContext) -> Printout:
        from galbatch.rules.conflict.printout import gm_printout

        return gm_printout(state, ctx)


RULESET = Conflict()
