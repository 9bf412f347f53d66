"""The Galactic Conqueror ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.wording import plural

if TYPE_CHECKING:
    from galbatch.engine.diagnostics import Diagnostic
    from galbatch.engine.rng import Streams
    from galbatch.engine.ruleset import Located, PlayerInfo, PrintContext, Setting
    from galbatch.print.page import Printout
    from galbatch.rules.conqueror.state import GameState

TITLE = "GALACTIC CONQUEROR"


class Conqueror:
    """Galactic Conqueror 2.03 by Harry Zimmermann (the GC15/GC16 games)."""

    name = "conqueror"
    title = TITLE
    grammar = "conqueror.lark"
    width = 80
    order_noun = "command"
    syntax_code = "GQ100"
    terminal_words: Mapping[str, str] = {
        "UNIT": "S (ship) or T (task force)",
        "UNIT_WORD": "S (ship) or T (task force)",
        "LINE": "a command letter (B L E W S V Z U P I K F N G)",
        "NUMBER": "a ship or task force number",
        "PLANET": "a planet number",
        "SHIP": "a ship number",
        "CARGO": "a cargo type (1-9)",
        "AMOUNT": "an amount",
        "YARD": "a shipyard number (1-3)",
        "SHIP_CLASS": "a ship class (0-26)",
        "PU": "a number of PU",
        "TASK_FORCE": "a task force number (0-50)",
        "PLAYER": "a player number",
        "KIND": "a facility type (1-12)",
        "AREA": "a research area (0-6)",
        "KIT": "a kit type (5-8)",
        "POINTS": "a number of points",
        **{c: "a command letter (B L E W S V Z U P I K F N G)" for c in "BLEWSVZUPIKFNG"},
    }

    def transformer(self) -> Any:
        from galbatch.rules.conqueror.language import CommandBuilder

        return CommandBuilder()

    @property
    def settings(self) -> Sequence[Setting]:
        from galbatch.rules.conqueror.setup import SETTINGS

        return SETTINGS

    def normal_name(self, name: str) -> str:
        return name.strip().upper()

    def name_problem(self, name: str) -> str | None:
        from galbatch.rules.conqueror.setup import validate_player_name

        return validate_player_name(name)

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> GameState:
        from galbatch.rules.conqueror.setup import new_game

        return new_game(seed, players, settings)

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        from galbatch.rules.conqueror.state import GameState

        return GameState.from_data(dict(data))

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return state.to_data()

    def configure(self, state: GameState, settings: Mapping[str, Any]) -> GameState:
        """The final score is game.yaml's: a GM may raise or lower it during the game."""
        from galbatch.rules.conqueror.setup import final_score

        if "final_score" in settings:
            state.final_score = final_score(settings)
        return state

    def turn_of(self, state: GameState) -> int:
        return state.turn

    def finished(self, state: GameState) -> bool:
        return state.finished

    def owing(self, state: GameState) -> list[str]:
        """Every player who still controls a planet or a ship sends commands."""
        active = {p.owner for p in state.planets.values() if p.owner is not None}
        active.update(s.owner for s in state.ships)
        return [p for p in state.players if p in active]

    def describe(self, state: GameState) -> str:
        return (
            f"turn {state.turn}, {plural(len(state.players), 'player')}, "
            f"{plural(len(state.planets), 'planet')}, {plural(len(state.ships), 'ship')}"
        )

    def view(self, state: GameState, player: str) -> dict[str, Any]:
        from galbatch.rules.conqueror.view import build_view

        return build_view(state, player)

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Any], list[Diagnostic]]:
        from galbatch.rules.conqueror.check import check_commands

        return check_commands(orders, view, player)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Any]], streams: Streams
    ) -> GameState:
        from galbatch.rules.conqueror.resolve import resolve

        return resolve(state, orders, streams)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        from galbatch.rules.conqueror.printout import player_printout

        return player_printout(view, diagnostics, ctx)

    def summary(self, state: GameState, ctx: PrintContext) -> Printout:
        from galbatch.rules.conqueror.printout import gm_printout

        return gm_printout(state, ctx)


RULESET = Conqueror()
