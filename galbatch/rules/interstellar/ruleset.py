"""The Interstellar Conquest ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.contract.ruleset import Parts, RulesetBase
from galbatch.rules.interstellar.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS
from galbatch.rules.interstellar.printout import PERIOD

TITLE = "INTERSTELLAR CONQUEST"
PACKAGE = "galbatch.rules.interstellar"
# The orders in brief, for a player who asks by mail (a planet is its system's colour
# and tile, BLUE 3; ships are counts and sizes S, M, L: 1 L 2 M).
ORDER_SUMMARY = (
    "RECLAIM size [TO colour tile]         Take a ship back from the void",
    "ATTACK [colour ON] colour tile WITH ships [FROM colour tile] [AND ...]",
    "                                      Attack a planet with a fleet",
    "ATTACK AGAIN colour tile WITH ...     The second attack",
    "PASS                                  No second attack",
    "INVITE colour ...|ALL|NOBODY          Ask players to ally with you",
    "ALLY colour|ATTACKER|DEFENDER WITH ships [FROM colour tile] [AND ...]",
    "                                      Join a side that invited you",
    "DECLINE                               No to every invitation",
    "PLAY coin|DIPLOMACY|HIGHEST|LOWEST|BEST  The coin you play",
    "DEAL term[, term] ...                 The deal you agree to",
    "DEAL NOTHING / NO DEAL                A deal of no terms / none",
    "REWARD COINS|SHIPS / REWARD n SHIPS   A defending ally's reward",
    "TAKE COIN / LEAVE COIN                Celegorm, Mormegil: a coin played",
    "HEAL colour count|ALL                 Nirnaeth: ships back from the void",
    "ALWAYS order / IF condition order     Standing orders",
    "CANCEL n / CANCEL ALL                 Cancel standing orders",
)
ORDER_EXAMPLE = (
    "ATTACK BLUE 3 WITH 1 L 2 M FROM RED 2 AND 1 S FROM RED 4",
    "INVITE GREEN",
    "PLAY HIGHEST",
    "IF ATTACKED PLAY HIGHEST",
)


class InterstellarConquest(RulesetBase):
    """Interstellar Conquest by Ken Leyhe (after Cosmic Encounter): encounters of fleets,
    allies and secret coins, one phase of the turn sequence after another, by mail."""

    name = "interstellar"
    title = TITLE
    grammar = "interstellar.lark"
    width = 80
    order_noun = ORDER_NOUN
    order_summary = ORDER_SUMMARY
    order_example = ORDER_EXAMPLE
    syntax_code = SYNTAX_CODE
    terminal_words: Mapping[str, str] = TERMINAL_WORDS
    period = PERIOD

    parts = Parts(
        transformer=f"{PACKAGE}.language:OrderBuilder",
        state=f"{PACKAGE}.state:GameState",
        settings=f"{PACKAGE}.setup:SETTINGS",
        normal_name=f"{PACKAGE}.setup:normal_name",
        name_problem=f"{PACKAGE}.setup:name_problem",
        new_game=f"{PACKAGE}.setup:new_game",
        owing=f"{PACKAGE}.progress:owing",
        accepting=f"{PACKAGE}.progress:accepting",
        describe=f"{PACKAGE}.progress:describe",
        view=f"{PACKAGE}.view:build_view",
        views=f"{PACKAGE}.view:build_views",
        facts=f"{PACKAGE}.facts:facts",
        check=f"{PACKAGE}.check:check_orders",
        resolve=f"{PACKAGE}.turn:resolve",
        printout=f"{PACKAGE}.printout:player_printout",
        summary=f"{PACKAGE}.printout:gm_printout",
    )


RULESET = InterstellarConquest()
