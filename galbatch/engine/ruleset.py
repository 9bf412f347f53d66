"""The interface every game implements, the base every game is built on, and the
registry that finds them lazily.

A ruleset knows no files, YAML, click or PDF: it takes and returns plain data,
order dataclasses, diagnostics and printout models. Rulesets are imported only
when asked for, so `galbatch check` on one game never imports another.

A ruleset is its rules, its tables, its grammar and its printouts: its
`ruleset.py` declares the game's constants and a table of `Parts` (where each
of its functions lives, as "module:name") on `RulesetBase`, which implements
the `Ruleset` protocol by importing each part the first time it is called.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from galbatch.engine.diagnostics import Diagnostic
    from galbatch.engine.rng import Streams
    from galbatch.print.page import Printout


@dataclass(frozen=True)
class PlayerInfo:
    """A seat in a game, as game.yaml lists it."""

    id: str
    name: str  # code name
    account: int


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
class Located:
    """A parsed order and where it was written."""

    order: Any
    file: str
    line: int
    column: int
    text: str
    # a fact of the rule book rejected it (the checker's layer 2): the player's situation
    # (layer 3) reports on it, but never accepts it nor lets it use anything
    refused: bool = False


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

    def describe(self, state: Any) -> str:
        """A one-line summary for the job log's LOAD step."""

    def view(self, state: Any, player: str) -> dict[str, Any]:
        """What that player knows, as plain data: the view file and the checker's input."""

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


class Parts(NamedTuple):
    """Where each part of a ruleset lives, as "package.module:name", imported on first use
    (a syntax-only check imports the transformer and the facts, nothing else)."""

    transformer: str  # a lark Transformer class: one order line -> one order dataclass
    state: str  # the state class: from_data(data), to_data(), .turn, .finished
    settings: str  # the Setting declarations game.yaml's `settings` may hold
    normal_name: str  # name -> the code name as the game keeps it
    name_problem: str  # name -> why it is not allowed, or None
    new_game: str  # (seed, players, settings) -> the turn-0 state
    owing: str  # state -> ids of the players who owe orders for the next turn
    describe: str  # state -> one line for the job log
    view: str  # (state, player) -> what that player knows
    facts: str  # orders -> (orders, diagnostics): the checker's layer 2, no game needed
    check: str  # (orders, view, player) -> (accepted, diagnostics): layer 3
    resolve: str  # (state, orders, streams) -> the next state
    printout: str  # (view, diagnostics, ctx) -> the player's printout
    summary: str  # (state, ctx) -> the game master's printout
    configure: str = ""  # (state, settings) -> state; "": no setting changes after setup
    views: str = ""  # (state, players) -> {player: view}; "": `view` for each player


@functools.cache
def load_part(target: str) -> Any:
    """The object named "package.module:name", importing its module the first time."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


class RulesetBase:
    """The `Ruleset` protocol for a game given as its constants and its `Parts`.

    A subclass sets the protocol's attributes (name, title, grammar, width,
    terminal_words, syntax_code, order_noun) and `parts`; it may override a
    method, but needs none. The state class of `parts.state` keeps the turn's
    bookkeeping: `turn`, `finished`, `to_data()` and the class method `from_data()`.
    """

    name: str
    title: str
    grammar: str
    width: int
    terminal_words: Mapping[str, str]
    syntax_code: str
    order_noun: str
    parts: Parts

    def transformer(self) -> Any:
        return load_part(self.parts.transformer)()

    @property
    def settings(self) -> Sequence[Setting]:
        settings: Sequence[Setting] = load_part(self.parts.settings)
        return settings

    def normal_name(self, name: str) -> str:
        return str(load_part(self.parts.normal_name)(name))

    def name_problem(self, name: str) -> str | None:
        problem: str | None = load_part(self.parts.name_problem)(name)
        return problem

    def new_game(
        self, seed: int, players: Sequence[PlayerInfo], settings: Mapping[str, Any]
    ) -> Any:
        return load_part(self.parts.new_game)(seed, players, settings)

    def load_state(self, data: Mapping[str, Any]) -> Any:
        return load_part(self.parts.state).from_data(dict(data))

    def dump_state(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = state.to_data()
        return data

    def configure(self, state: Any, settings: Mapping[str, Any]) -> Any:
        if not self.parts.configure:
            return state
        return load_part(self.parts.configure)(state, settings)

    def turn_of(self, state: Any) -> int:
        return int(state.turn)

    def finished(self, state: Any) -> bool:
        return bool(state.finished)

    def owing(self, state: Any) -> list[str]:
        return list(load_part(self.parts.owing)(state))

    def describe(self, state: Any) -> str:
        return str(load_part(self.parts.describe)(state))

    def view(self, state: Any, player: str) -> dict[str, Any]:
        view: dict[str, Any] = load_part(self.parts.view)(state, player)
        return view

    def views(self, state: Any, players: Sequence[str]) -> dict[str, dict[str, Any]]:
        if not self.parts.views:
            return {player: self.view(state, player) for player in players}
        views: dict[str, dict[str, Any]] = load_part(self.parts.views)(state, players)
        return views

    def facts(self, orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
        found: tuple[list[Located], list[Diagnostic]] = load_part(self.parts.facts)(orders)
        return found

    def check(
        self, orders: Sequence[Located], view: Mapping[str, Any], player: str
    ) -> tuple[list[Any], list[Diagnostic]]:
        checked: tuple[list[Any], list[Diagnostic]] = load_part(self.parts.check)(
            orders, view, player
        )
        return checked

    def resolve(self, state: Any, orders: Mapping[str, Sequence[Any]], streams: Streams) -> Any:
        return load_part(self.parts.resolve)(state, orders, streams)

    def printout(
        self, view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
    ) -> Printout:
        printout: Printout = load_part(self.parts.printout)(view, diagnostics, ctx)
        return printout

    def summary(self, state: Any, ctx: PrintContext) -> Printout:
        summary: Printout = load_part(self.parts.summary)(state, ctx)
        return summary


RULESETS: dict[str, str] = {
    "conflict": "galbatch.rules.conflict:RULESET",
    "conqueror": "galbatch.rules.conqueror:RULESET",
    "galactac": "galbatch.rules.galactac:RULESET",
}


class UnknownRuleset(LookupError):
    """No ruleset of that name."""


def did_you_mean(name: str) -> str:
    """` (did you mean conflict?)` for a misspelt ruleset name, or "" if none is close."""
    import difflib  # only a misspelt name needs it

    close = difflib.get_close_matches(name.lower(), sorted(RULESETS), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def get_ruleset(name: str) -> Ruleset:
    """Import and return the named ruleset."""
    try:
        target = RULESETS[name.lower()]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(
            f"unknown ruleset {name!r}{did_you_mean(name)}; known: {known}"
        ) from None
    ruleset: Ruleset = load_part(target)
    return ruleset
