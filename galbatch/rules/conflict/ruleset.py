"""The Galactic Conflict ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from lark import Token, Transformer
from lark.exceptions import VisitError

from galbatch.engine.wording import plural
from galbatch.rules.conflict import orders as o

if TYPE_CHECKING:
    from galbatch.engine.diagnostics import Diagnostic
    from galbatch.engine.rng import Streams
    from galbatch.engine.ruleset import Located, PlayerInfo, PrintContext, Setting
    from galbatch.print.page import Printout
    from galbatch.rules.conflict.state import GameState

TITLE = "GALACTIC CONFLICT"

# The words a player may write where the rule book writes one letter, and the letter.
ORDER_WORDS = {
    "ATTACK": "A",
    "MOVE": "M",
    "PROBE": "P",
    "BUILD": "B",
    "ECON": "E",
    "ECONOMIC": "E",
    "INCREASE": "E",
    "GATE": "G",
    "TRANSFER": "T",
    "DESTROY": "D",
    "DESTRUCTION": "D",
}
UNIT_WORDS = {"AF": "A", "DF": "D", "PROBE": "P", "PROBES": "P"}  # M: "A"=AF, "D"=DF, "P"=probes
BUILD_WORDS = {"AF": "A", "DF": "D", "FT": "F", "PROBE": "P", "PROBES": "P", "CP": "C"}
DESTROY_WORDS = {"FT": "F", "CP": "C", "ECON": "E"}  # "F"=FT, "C"=CP, "E"=Econ
ORDER_LETTERS = "an order letter (A, M, P, B, E, G, T or D)"
MOVABLE_WORD = "a unit type (A, D or P)"
BUILDABLE_WORD = "an item to build (A, D, F, P or C)"
DESTROYABLE_WORD = "an item to destroy (F, C or E)"
LONGEST_GUESSED = 20  # longer words are junk, not misspellings: no "did you mean"


class Misspelling(ValueError):
    """A word where the rule book writes one letter; `column` is where it starts."""

    def __init__(self, message: str, column: int) -> None:
        super().__init__(message)
        self.column = column


def misspelt(rule: str, word: Token, expected: str, words: Mapping[str, str]) -> VisitError:
    """The syntax error for `word`, with "did you mean" the letter of a close word.

    Raised as lark's VisitError, which the engine's parser reports as a syntax
    error (CF100) with this message."""
    from galbatch.rules.conflict.suggest import closest

    text = str(word).upper()
    guess = closest(text, words) if len(text) <= LONGEST_GUESSED else None
    hint = "" if guess is None else f" (did you mean {words[guess]}, for {guess}?)"
    shown = str(word) if len(text) <= LONGEST_GUESSED else str(word)[: LONGEST_GUESSED - 3] + "..."
    message = f"found {shown!r} where {expected} was expected{hint}"
    return VisitError(rule, word, Misspelling(message, word.column or 1))  # type: ignore[no-untyped-call]


class OrderBuilder(Transformer[Token, o.Order]):
    """Turns a parsed line into an order dataclass (used inline by the LALR parser)."""

    def start(self, items: list[o.Order]) -> o.Order:
        return items[0]

    def attack(self, t: list[Token]) -> o.Attack:
        return o.Attack(int(t[0]), int(t[1]), int(t[2]))

    def move(self, t: list[Token]) -> o.Move:
        if t[2].type == "MOVE_WORD":
            raise misspelt("move", t[2], MOVABLE_WORD, UNIT_WORDS)
        return o.Move(int(t[0]), int(t[1]), t[2].upper(), int(t[3]))  # type: ignore[arg-type]

    def probe(self, t: list[Token]) -> o.Probe:
        return o.Probe(int(t[0]), int(t[1]))

    def build(self, t: list[Token]) -> o.Build:
        if t[1].type == "BUILD_WORD":
            raise misspelt("build", t[1], BUILDABLE_WORD, BUILD_WORDS)
        return o.Build(int(t[0]), t[1].upper(), int(t[2]))  # type: ignore[arg-type]

    def econ(self, t: list[Token]) -> o.EconIncrease:
        return o.EconIncrease(int(t[0]))

    def gate(self, t: list[Token]) -> o.Gate:
        return o.Gate(int(t[0]), int(t[1]))

    def transfer(self, t: list[Token]) -> o.Transfer:
        return o.Transfer(int(t[0]), " ".join(str(t[1]).split()).upper())

    def destroy(self, t: list[Token]) -> o.Destroy:
        if t[1].type == "DESTROY_WORD":
            raise misspelt("destroy", t[1], DESTROYABLE_WORD, DESTROY_WORDS)
        return o.Destroy(int(t[0]), t[1].upper(), int(t[2]))  # type: ignore[arg-type]

    def misspelt(self, t: list[Token]) -> o.Order:
        raise misspelt("misspelt", t[0], ORDER_LETTERS, ORDER_WORDS)


class Conflict:
    """Galactic Conflict by Charles A. Gaydos (Flying Buffalo)."""

    name = "conflict"
    title = TITLE
    grammar = "conflict.lark"
    width = 132
    order_noun = "order"
    syntax_code = "CF100"
    terminal_words: Mapping[str, str] = {
        "WORLD": "a world number",
        "QUANTITY": "a quantity",
        "MOVABLE": MOVABLE_WORD,
        "BUILDABLE": BUILDABLE_WORD,
        "DESTROYABLE": DESTROYABLE_WORD,
        # the error productions' words (see the grammar) read as what they stand for
        "MOVE_WORD": MOVABLE_WORD,
        "BUILD_WORD": BUILDABLE_WORD,
        "DESTROY_WORD": DESTROYABLE_WORD,
        "ORDER_WORD": ORDER_LETTERS,
        "REST": "the rest of the order",
        "CODE_NAME": "a code name",
        "COMMA": "','",
        **{letter: ORDER_LETTERS for letter in "AMPBEGTD"},
    }

    def transformer(self) -> OrderBuilder:
        return OrderBuilder()

    @property
    def settings(self) -> Sequence[Setting]:
        from galbatch.rules.conflict.setup import SETTINGS

        return SETTINGS

    def name_problem(self, name: str) -> str | None:
        from galbatch.rules.conflict.setup import validate_code_name

        return validate_code_name(name)

    def normal_name(self, name: str) -> str:
        """A code name as the game keeps it: upper case, blanks single, none at either
        end ("BIG  BANG" is BIG BANG). Meant to be applied once, when `new` takes the
        names, before name_problem; the state and every comparison use it already."""
        return o.normal_name(name)

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> GameState:
        from galbatch.rules.conflict.setup import new_game

        return new_game(seed, players, settings)

    def load_state(self, data: Mapping[str, Any]) -> GameState:
        from galbatch.rules.conflict.state import GameState

        return GameState.from_data(dict(data))

    def dump_state(self, state: GameState) -> dict[str, Any]:
        return state.to_data()

    def configure(self, state: GameState, settings: Mapping[str, Any]) -> GameState:
        """Nothing changes after setup: the end turn is fixed by the seed and kept secret."""
        del settings
        return state

    def turn_of(self, state: GameState) -> int:
        return state.turn

    def finished(self, state: GameState) -> bool:
        return state.finished

    def owing(self, state: GameState) -> list[str]:
        """Every player who still owns a world or has units in flight sends orders."""
        active = {w.owner for w in state.worlds.values() if w.owner is not None}
        active.update(f.owner for f in state.flights)
        return [p for p in state.players if p in active]

    def describe(self, state: GameState) -> str:
        return (
            f"turn {state.turn}, {plural(len(state.players), 'player')}, "
            f"{plural(len(state.worlds), 'world')}, "
            f"{plural(len(state.flights), 'move in flight')}"
        )

    def view(self, state: GameState, player: str) -> dict[str, Any]:
        from galbatch.rules.conflict.view import build_view

        return build_view(state, player)

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Any], list[Diagnostic]]:
        from galbatch.rules.conflict.check import check_orders

        return check_orders(orders, view, player)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Any]], streams: Streams
    ) -> GameState:
        from galbatch.rules.conflict.resolve import resolve

        return resolve(state, orders, streams)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        from galbatch.rules.conflict.printout import player_printout

        return player_printout(view, diagnostics, ctx)

    def summary(self, state: GameState, ctx: PrintContext) -> Printout:
        from galbatch.rules.conflict.printout import gm_printout

        return gm_printout(state, ctx)


RULESET = Conflict()
