"""The contract every game fulfils: `Ruleset`, the base class a game's `ruleset.py` extends.

A ruleset knows no files, YAML, click or PDF: it takes and returns plain data,
order dataclasses, diagnostics and printout models. The engine holds a ruleset as
`AnyRuleset` and calls only these methods; mypy checks each game's overrides
against them, generic in the game's state and order types.

A game overrides what its book makes its own and inherits the rest. Each method
imports the module that does the work inside its body: the cold `galbatch check`
then imports the grammar's transformer and the facts, and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # types only: a check never makes these classes
    from typing import Protocol

    from galbatch.engine.contract.forms import Kind, OrderForm
    from galbatch.engine.contract.playerinfo import PlayerInfo
    from galbatch.engine.contract.records import PrintContext, Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.engine.language.located import Located
    from galbatch.print.page import Printout

    class TurnState(Protocol):
        """What the engine's defaults read of a game's state."""

        @property
        def turn(self) -> int:
            """The last turn processed, 0 after setup."""

        @property
        def finished(self) -> bool:
            """True once the game has ended."""

        def to_data(self) -> dict[str, Any]: ...


if TYPE_CHECKING:
    StateT = TypeVar("StateT", bound=TurnState)
else:  # speed: a bound named in a string would be compiled at import (see __class_getitem__)
    StateT = TypeVar("StateT")
OrderT = TypeVar("OrderT")

View = dict[str, Any]  # what a player knows, as plain data: the view file and the checker's input


def normal_name(name: str) -> str:
    """A name as most games keep, compare and print it: upper case, single blanks."""
    return " ".join(name.split()).upper()


class Ruleset(Generic[StateT, OrderT]):
    """One game: its order language, setup, order checking, turn and printouts.

    A subclass sets the class attributes and overrides every method that raises
    NotImplementedError here; the others have the default most games want.
    """

    name: str  # "conflict"
    title: str  # "GALACTIC CONFLICT"
    grammar: str  # file in galbatch.grammars
    width: int  # default printout width, 80 or 132
    terminal_words: Mapping[str, str]  # grammar terminal -> player's word, for syntax messages
    syntax_code: str  # diagnostic code for a line that does not parse
    order_noun: str  # what the rule book calls an order: "order", "command", "action"
    # diplomatic messages: each MESSAGE TO block reaches `check` and `resolve` as an
    # engine `Message` order; without them the engine rejects every block (GB049)
    messages: bool = False
    # the rule book's word for a turn, in the printouts' page headers
    period: str = "TURN"
    # the order lines of an example order file, for a player who asks by mail
    order_example: Sequence[str] = ()
    # what `public_scores` gives, as a chart of the game's history names it; "" for none
    score_label: str = ""

    def __class_getitem__(cls, params: object) -> Any:
        """`cls` itself: the games name their state and order types in strings (a check
        never imports them), which `Generic` would compile into forward references, and
        only mypy reads the parameters.

        speed: the first `compile()` of a process builds the syntax tree's types (9.4 M
        instructions, 1.5 ms), and a cold check compiles nothing else.
        """
        return cls

    # -- the order language ---------------------------------------------------------

    @property
    def forms(self) -> Sequence[OrderForm]:
        """Each order of the game as its rule book lists it: word, arguments, summary."""
        return ()

    @property
    def order_summary(self) -> Sequence[str]:
        """The order language in brief, for a player who asks by mail (plain text, no
        e-mail): one line an order, its form then what it does."""
        from galbatch.engine.contract.forms import summary_lines

        return summary_lines(tuple(self.forms))

    def transformer(self) -> object:
        """A lark inline transformer: the parser calls its method named after each rule
        with the rule's tokens, and the `start` rule's method returns one order."""
        raise NotImplementedError

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        """The checker's layer 2: the rule book's facts that need no game (ranges,
        enumerations, limits a file, the meaning of each number), the same in every mode.

        The orders as the facts leave them (a quantity beyond the book's limit reduced,
        an order a fact rejects marked `refused`) and the diagnostics."""
        raise NotImplementedError

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[OrderT], list[Diagnostic]]:
        """The checker's layer 3, the player's situation, on the orders as `facts` left
        them: accepted (possibly clamped) orders and the diagnostics of the others. An
        order marked `refused` is only checked for what the situation says of it (whose
        ships, worlds or planets it names): it is never accepted and uses nothing.
        Every game does it with engine.checker.situation's driver, `run`."""
        raise NotImplementedError

    # -- the players' names ---------------------------------------------------------

    def normal_name(self, name: str) -> str:
        """A code name as the game keeps, compares and prints it: upper case, single blanks."""
        return normal_name(name)

    def name_problem(self, name: str) -> str | None:
        """Why a code name is not allowed, or None if it is."""
        raise NotImplementedError

    # -- the game's life ------------------------------------------------------------

    @property
    def settings(self) -> Sequence[Setting]:
        """The keys game.yaml's `settings` may hold: their types, ranges and defaults."""
        return ()

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> StateT:
        """The turn-0 state of a new game."""
        raise NotImplementedError

    def configure(self, state: StateT, settings: Mapping[str, Any]) -> StateT:
        """The state with the GM's current game.yaml settings applied (those that may
        change after setup); by default nothing changes after setup."""
        del settings
        return state

    def load_state(self, data: Mapping[str, Any]) -> StateT:
        """Rebuild a state from the plain data `dump_state` made."""
        raise NotImplementedError

    def dump_state(self, state: StateT) -> dict[str, Any]:
        """The state as plain data for the game directory."""
        return state.to_data()

    def turn_of(self, state: StateT) -> int:
        """The last turn this state has processed (0 after setup)."""
        return state.turn

    def finished(self, state: StateT) -> bool:
        """True once the game has ended."""
        return state.finished

    def owing(self, state: StateT) -> list[str]:
        """Ids of the players who owe orders for the next turn."""
        raise NotImplementedError

    def accepting(self, state: StateT) -> list[str]:
        """Ids of the players whose order files the next turn reads: those who owe
        orders, then (in seat order) any who may send orders without owing them."""
        return self.owing(state)

    def describe(self, state: StateT) -> str:
        """A one-line summary for the job log's LOAD step."""
        raise NotImplementedError

    def resolve(
        self, state: StateT, orders: Mapping[str, Sequence[OrderT]], streams: Streams
    ) -> StateT:
        """The next state: one batch run's turn. Never mutates `state`."""
        raise NotImplementedError

    # -- what each player knows -----------------------------------------------------

    def view(self, state: StateT, player: str) -> View:
        """What that player knows, as plain data: the view file and the checker's input."""
        raise NotImplementedError

    def views(self, state: StateT, players: Sequence[str]) -> dict[str, View]:
        """`view` of each of `players`, in their order (a game may make them in one pass)."""
        return {player: self.view(state, player) for player in players}

    def view_from_file(self, data: View, players: Sequence[PlayerInfo]) -> View:
        """The view a player's view file holds (`data`, without its "game"), with what a
        view built from the state knows besides, from the game's roster `players`: what
        the GM's check reads when the view cache vouches for the file. By default a view
        is all in its file."""
        del players
        return data

    def turn_of_view(self, data: Mapping[str, Any]) -> int | None:
        """The turn a player's view file is of (its "turn"), or None if it does not say:
        a check names it, so a player sees which printout he checked against."""
        turn = data.get("turn")
        return turn if isinstance(turn, int) and not isinstance(turn, bool) else None

    def owed_now(self, view: Mapping[str, Any]) -> str | None:
        """What a player's view says he owes now, in a line, where a game asks for more
        than the next turn's orders (Interstellar Conquest's phase, Galaktikos' round):
        play by web's turn page says it. None: the next turn's orders, as every game."""
        del view
        return None

    # -- diplomatic messages (a game with `messages`) ---------------------------------

    def message_recipients(self, view: Mapping[str, Any]) -> list[str]:
        """The names a player's view knows that a message may be sent to, as the view
        writes them (play by web's choice of recipient); none in a game without
        messages."""
        del view
        return []

    def messages_received(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """The messages a player's view says he received in its turn, each as (sender's
        name, text); none in a game without messages."""
        del view
        return []

    def offers(self, view: Mapping[str, Any]) -> Mapping[Kind, Sequence[str]]:
        """What an order editor offers as arguments, from the player's view alone (never
        more than it holds): his own ships, fleets or task forces ("ship"), his worlds,
        planets, systems or hexes ("world"), the other players he knows ("player"), each
        in a fixed order. By default nothing."""
        del view
        return {}

    # -- printouts ------------------------------------------------------------------

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        """The player's printout of a turn, made from that player's view alone."""
        raise NotImplementedError

    def summary(self, state: StateT, ctx: PrintContext) -> Printout:
        """The game master's printout of the whole turn."""
        raise NotImplementedError

    def public_scores(self, view: Mapping[str, Any]) -> Mapping[str, float] | None:
        """The scores or standing the rule book makes public that the player's `view` of
        a turn holds (his view file's data), by the name the view gives each player: what
        a chart of the game's history plots. None where the book makes none public."""
        del view
        return None


def scores(pairs: Iterable[tuple[object, object]]) -> dict[str, float]:
    """Names and numbers as `public_scores` gives them, from a view file's pairs: a pair
    that is not a name and a number (a damaged file) is left out, never an error."""
    found: dict[str, float] = {}
    for name, value in pairs:
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if isinstance(name, str) and name not in found:
            found[name] = float(value)
    return found


AnyRuleset = Ruleset[Any, Any]
"""A ruleset as the engine holds it: of some game, whose state and orders it never reads."""
