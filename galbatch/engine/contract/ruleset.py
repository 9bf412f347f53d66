"""The interface every game implements, the base every game is built on, and the
registry that finds them lazily.

The `Ruleset` protocol, `PlayerInfo`, `Setting` and `PrintContext` are defined in
`galbatch.engine.contract.protocol` and `galbatch.engine.contract.playerinfo` and imported from here
when first asked for: a check needs none of them, and making their classes is a
good part of what starting a check costs.

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
from typing import TYPE_CHECKING, Any

from galbatch.engine.language.located import Located

if TYPE_CHECKING:
    from galbatch.engine.contract.playerinfo import PlayerInfo as PlayerInfo
    from galbatch.engine.contract.protocol import PrintContext as PrintContext
    from galbatch.engine.contract.protocol import Ruleset as Ruleset
    from galbatch.engine.contract.protocol import Setting as Setting
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.diagnostics import Diagnostic
    from galbatch.print.page import Printout

# Names of this module defined in another, imported the first time one is asked for.
ELSEWHERE = {
    "PlayerInfo": "galbatch.engine.contract.playerinfo",
    "PrintContext": "galbatch.engine.contract.protocol",
    "Ruleset": "galbatch.engine.contract.protocol",
    "Setting": "galbatch.engine.contract.protocol",
}


def __getattr__(name: str) -> Any:
    """`PlayerInfo`, `PrintContext`, `Ruleset` or `Setting`, from the module defining it."""
    module = ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


class Parts:
    """Where each part of a ruleset lives, as "package.module:name", imported on first use
    (a syntax-only check imports the transformer and the facts, nothing else). A plain
    class, given by keyword: a NamedTuple of so many fields costs every check's start
    more than it reads."""

    __slots__ = (
        "transformer",
        "state",
        "settings",
        "normal_name",
        "name_problem",
        "new_game",
        "owing",
        "describe",
        "view",
        "facts",
        "check",
        "resolve",
        "printout",
        "summary",
        "configure",
        "views",
        "accepting",
    )

    def __init__(
        self,
        *,
        transformer: str,
        state: str,
        settings: str,
        normal_name: str,
        name_problem: str,
        new_game: str,
        owing: str,
        describe: str,
        view: str,
        facts: str,
        check: str,
        resolve: str,
        printout: str,
        summary: str,
        configure: str = "",
        views: str = "",
        accepting: str = "",
    ) -> None:
        self.transformer = transformer  # a transformer class: one order line -> one order
        self.state = state  # the state class: from_data(data), to_data(), .turn, .finished
        self.settings = settings  # the Setting declarations game.yaml's `settings` may hold
        self.normal_name = normal_name  # name -> the code name as the game keeps it
        self.name_problem = name_problem  # name -> why it is not allowed, or None
        self.new_game = new_game  # (seed, players, settings) -> the turn-0 state
        self.owing = owing  # state -> ids of the players who owe orders for the next turn
        self.describe = describe  # state -> one line for the job log
        self.view = view  # (state, player) -> what that player knows
        self.facts = facts  # orders -> (orders, diagnostics): the checker's layer 2
        self.check = check  # (orders, view, player) -> (accepted, diagnostics): layer 3
        self.resolve = resolve  # (state, orders, streams) -> the next state
        self.printout = printout  # (view, diagnostics, ctx) -> the player's printout
        self.summary = summary  # (state, ctx) -> the game master's printout
        self.configure = configure  # (state, settings) -> state; "": no change after setup
        self.views = views  # (state, players) -> {player: view}; "": `view` for each player
        # state -> ids of the players whose files the turn reads, owing ones first (a game
        # whose players may send standing orders when they owe none); "": `owing`
        self.accepting = accepting


@functools.cache
def load_part(target: str) -> Any:
    """The object named "package.module:name", importing its module the first time."""
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)


class RulesetBase:
    """The `Ruleset` protocol for a game given as its constants and its `Parts`.

    A subclass sets the protocol's attributes (name, title, grammar, width,
    terminal_words, syntax_code, order_noun, order_summary, order_example; `messages`
    if it has diplomacy, `period` if its book does not say turn) and `parts`; it may
    override a method, but needs none. The state class of `parts.state` keeps the
    turn's bookkeeping: `turn`, `finished`, `to_data()` and the class method
    `from_data()`.
    """

    name: str
    title: str
    grammar: str
    width: int
    terminal_words: Mapping[str, str]
    syntax_code: str
    order_noun: str
    # diplomatic messages: each MESSAGE TO block reaches `check` and `resolve` as an
    # engine `Message` order; without them the engine rejects every block (GB049)
    messages: bool = False
    # the rule book's word for a turn, in the printouts' page headers
    period: str = "TURN"
    # the order language in brief, for the post room's HELP answer: one line an order
    # (its form, then what it does), and the order lines of an example order file
    order_summary: Sequence[str] = ()
    order_example: Sequence[str] = ()
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

    def accepting(self, state: Any) -> list[str]:
        if not self.parts.accepting:
            return self.owing(state)
        return list(load_part(self.parts.accepting)(state))

    def describe(self, state: Any) -> str:
        return str(load_part(self.parts.describe)(state))

    def view(self, state: Any, player: str) -> dict[str, Any]:
        view: dict[str, Any] = load_part(self.parts.view)(state, player)
        return view

    def view_from_file(self, data: dict[str, Any], players: Sequence[PlayerInfo]) -> dict[str, Any]:
        del players  # a view is all in its file unless the ruleset says otherwise
        return data

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
    "galaktikos": "galbatch.rules.galaktikos:RULESET",
    "interstellar": "galbatch.rules.interstellar.ruleset:RULESET",
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
