"""The interface every game implements, `Ruleset`, and the records it takes: a game's
`Setting` declarations and a printout's `PrintContext`.

Imported from `galbatch.engine.contract.ruleset`, which gives these names when first asked
for: checking orders needs none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout


@dataclass(frozen=True)
class Setting:
    """One key a ruleset reads from the `settings` mapping of game.yaml, declared as data.

    The engine validates game.yaml and `galbatch new --setting` against these
    declarations; the ruleset still gets a plain mapping and applies `default`
    itself when a key is absent.
    """

    name: str
    kind: type[Any]  # int (a whole number), float (any number), bool or str
    default: Any
    low: float | None = None  # the smallest number allowed, if any
    high: float | None = None  # the largest number allowed, if any
    choices: tuple[str, ...] = ()  # for a str setting: the only values allowed, if any
    every_run: bool = False  # read at every run; otherwise only when `new` makes the galaxy
    doc: str = ""  # one sentence for the man page and the GM


@dataclass(frozen=True)
class PrintContext:
    """What a printout needs from the game directory but a ruleset cannot read itself."""

    game: str
    title: str
    author: str
    date: str  # ISO date of the turn just processed
    due: str  # ISO date the next turn's orders are due
    width: int
    header_line: str  # the order-file header line prefilled for this reader ("" for the GM)
    file_status: str = ""  # e.g. "ORDERS RECEIVED", "NO ORDERS", "REJECTED: WRONG PASSWORD"


class Ruleset(Protocol):
    """One game: its order language, setup, order checking, turn and printouts."""

    name: str  # "conflict"
    title: str  # "GALACTIC CONFLICT"
    grammar: str  # file in galbatch.grammars
    width: int  # default printout width, 80 or 132
    terminal_words: Mapping[str, str]  # grammar terminal -> player's word, for syntax messages
    syntax_code: str  # diagnostic code for a line that does not parse
    order_noun: str  # what the rule book calls an order: "order", "command", "action"
    messages: bool  # diplomatic messages (MESSAGE TO blocks) reach `check` and `resolve`
    period: str  # the rule book's word for a turn, as page headers print it: "TURN", "ROUND"
    # the order language in brief, for a player who asks by mail (plain text, no e-mail):
    # one line an order, its form then what it does; and the order lines of an example file
    order_summary: Sequence[str]
    order_example: Sequence[str]

    def transformer(self) -> Any:
        """A lark Transformer turning one order line into an order dataclass."""

    @property
    def settings(self) -> Sequence[Setting]:
        """The keys game.yaml's `settings` may hold: their types, ranges and defaults."""

    def normal_name(self, name: str) -> str:
        """A code name as the game keeps, compares and prints it (upper case, single blanks)."""

    def name_problem(self, name: str) -> str | None:
        """Why a code name is not allowed, or None if it is."""

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> Any:
        """The turn-0 state of a new game."""

    def load_state(self, data: Mapping[str, Any]) -> Any:
        """Rebuild a state from the plain data `dump_state` made."""

    def dump_state(self, state: Any) -> dict[str, Any]:
        """The state as plain data for the game directory."""

    def configure(self, state: Any, settings: Mapping[str, Any]) -> Any:
        """The state with the GM's current game.yaml settings applied (those that may change)."""

    def turn_of(self, state: Any) -> int:
        """The last turn this state has processed (0 after setup)."""

    def finished(self, state: Any) -> bool:
        """True once the game has ended."""

    def owing(self, state: Any) -> list[str]:
        """Ids of the players who owe orders for the next turn."""

    def accepting(self, state: Any) -> list[str]:
        """Ids of the players whose order files the next turn reads: those who owe
        orders, then (in seat order) any who may send orders without owing them."""

    def describe(self, state: Any) -> str:
        """A one-line summary for the job log's LOAD step."""

    def view(self, state: Any, player: str) -> dict[str, Any]:
        """What that player knows, as plain data: the view file and the checker's input."""

    def view_from_file(self, data: dict[str, Any], players: Sequence[PlayerInfo]) -> dict[str, Any]:
        """The view a player's view file holds (`data`, without its "game"), with what a
        view built from the state knows besides, from the game's roster `players`: what
        the GM's check reads when the view cache vouches for the file."""

    def views(self, state: Any, players: Sequence[str]) -> dict[str, dict[str, Any]]:
        """`view` of each of `players`, in their order: one pass over a large state."""

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        """The checker's layer 2: the rule book's facts that need no game (ranges,
        enumerations, limits a file, the meaning of each number), the same in every mode.

        The orders as the facts leave them (a quantity beyond the book's limit reduced,
        an order a fact rejects marked `refused`) and the diagnostics."""

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Any], list[Diagnostic]]:
        """The checker's layer 3, the player's situation, on the orders as `facts` left
        them: accepted (possibly clamped) orders and the diagnostics of the others. An
        order marked `refused` is only checked for what the situation says of it (whose
        ships, worlds or planets it names): it is never accepted and uses nothing."""

    def resolve(self, state: Any, orders: Mapping[str, Sequence[Any]], streams: Streams) -> Any:
        """The next state: one batch run's turn. Never mutates `state`."""

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        """The player's printout of a turn, made from that player's view alone."""

    def summary(self, state: Any, ctx: PrintContext) -> Printout:
        """The game master's printout of the whole turn."""
