"""The Galactic Conflict ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from galbatch.engine.contract.ruleset import Ruleset, View
from galbatch.engine.language.parsing import LineRejected
from galbatch.rules.conflict import orders as o

if TYPE_CHECKING:  # types only: a check imports none of these
    from lark import Token

    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.records import PrintContext, Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout
    from galbatch.rules.conflict.orders import Order
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
# The orders in brief, as the rule book writes them, for a player who asks by mail.
ORDER_SUMMARY = (
    "A,from,to,af           Attack: af AF at world from attack world to",
    "M,from,to,unit,n       Move n units (A AF, D DF, P probes)",
    "P,from,to              Probe: launch one probe to world to",
    "B,world,item,econ      Build A, D, F, P or C with econ Econ",
    "E,world                Econ increase: all the Econ raises it by 1",
    "G,from,to              Gate: one Econ, a one-turn gate to your world",
    "T,world,name           Transfer the world to that code name's player",
    "D,world,item,n         Destroy n of F (FT), C (CP) or E (Econ)",
)
ORDER_EXAMPLE = ("A,23,119,12", "M,72,144,D,27", "B,156,F,3")


class Misspelling(LineRejected):
    """A word where the rule book writes one letter; `column` is where it starts."""


def misspelt(word: Token, expected: str, words: Mapping[str, str]) -> Misspelling:
    """The syntax error for `word`, with "did you mean" the letter of a close word.

    The engine's parser reports it as a syntax error (CF100) with this message."""
    from galbatch.engine.text.suggest import closest

    text = str(word).upper()
    guess = closest(text, words) if len(text) <= LONGEST_GUESSED else None
    hint = "" if guess is None else f" (did you mean {words[guess]}, for {guess}?)"
    shown = str(word) if len(text) <= LONGEST_GUESSED else str(word)[: LONGEST_GUESSED - 3] + "..."
    message = f"found {shown!r} where {expected} was expected{hint}"
    return Misspelling(message, word.column or 1)


class OrderBuilder:
    """Turns a parsed line into an order dataclass: the LALR parser calls the method
    named after each rule with the rule's tokens (an inline transformer)."""

    def start(self, items: list[o.Order]) -> o.Order:
        return items[0]

    def attack(self, t: list[Token]) -> o.Attack:
        return o.Attack(int(t[0]), int(t[1]), int(t[2]))

    def move(self, t: list[Token]) -> o.Move:
        if t[2].type == "MOVE_WORD":
            raise misspelt(t[2], MOVABLE_WORD, UNIT_WORDS)
        return o.Move(int(t[0]), int(t[1]), t[2].upper(), int(t[3]))  # type: ignore[arg-type]

    def probe(self, t: list[Token]) -> o.Probe:
        return o.Probe(int(t[0]), int(t[1]))

    def build(self, t: list[Token]) -> o.Build:
        if t[1].type == "BUILD_WORD":
            raise misspelt(t[1], BUILDABLE_WORD, BUILD_WORDS)
        return o.Build(int(t[0]), t[1].upper(), int(t[2]))  # type: ignore[arg-type]

    def econ(self, t: list[Token]) -> o.EconIncrease:
        return o.EconIncrease(int(t[0]))

    def gate(self, t: list[Token]) -> o.Gate:
        return o.Gate(int(t[0]), int(t[1]))

    def transfer(self, t: list[Token]) -> o.Transfer:
        return o.Transfer(int(t[0]), " ".join(str(t[1]).split()).upper())

    def destroy(self, t: list[Token]) -> o.Destroy:
        if t[1].type == "DESTROY_WORD":
            raise misspelt(t[1], DESTROYABLE_WORD, DESTROY_WORDS)
        return o.Destroy(int(t[0]), t[1].upper(), int(t[2]))  # type: ignore[arg-type]

    def misspelt(self, t: list[Token]) -> o.Order:
        raise misspelt(t[0], ORDER_LETTERS, ORDER_WORDS)


class Conflict(Ruleset["GameState", "Order"]):
    """Galactic Conflict by Charles A. Gaydos (Flying Buffalo)."""

    name = "conflict"
    title = TITLE
    grammar = "conflict.lark"
    width = 132
    order_noun = "order"
    order_summary = ORDER_SUMMARY
    order_example = ORDER_EXAMPLE
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

    # No `configure`: nothing changes after setup (the end turn is fixed by the seed
    # and kept secret). Code names are normalised once, when `new` takes them, before
    # name_problem; the state and every comparison use the normal form already.
    def view_from_file(self, data: dict[str, Any], players: Sequence[PlayerInfo]) -> dict[str, Any]:
        from galbatch.rules.conflict.names import gm_view

        return gm_view(data, [p.name for p in players])

    def transformer(self) -> object:
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
        from galbatch.rules.conflict.state import owing

        return owing(state)

    def describe(self, state: GameState) -> str:
        from galbatch.rules.conflict.state import describe

        return describe(state)

    def resolve(
        self, state: GameState, orders: Mapping[str, Sequence[Order]], streams: Streams
    ) -> GameState:
        from galbatch.rules.conflict.resolve import resolve

        return resolve(state, orders, streams)

    def view(self, state: GameState, player: str) -> View:
        from galbatch.rules.conflict.view import build_view

        return build_view(state, player)

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
