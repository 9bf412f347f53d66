"""The Galaktikos ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.ruleset import Parts, RulesetBase
from galbatch.rules.galaktikos.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS

TITLE = "GALAKTIKOS"
PACKAGE = "galbatch.rules.galaktikos"


class Galaktikos(RulesetBase):
    """Galaktikos by Tom Olson: hexes claimed, populations grown and fleets fought on a map."""

    name = "galaktikos"
    title = TITLE
    grammar = "galaktikos.lark"
    width = 132
    order_noun = ORDER_NOUN
    syntax_code = SYNTAX_CODE
    terminal_words: Mapping[str, str] = TERMINAL_WORDS
    # The engine's turn N (turns/00N, the archive's cover) is its Nth run, the state
    # after round N - 1 (turn 1: the setup, round 0), so the engine's word stays TURN;
    # the printouts are headed with the round (`PERIOD`) they report.
    period = "TURN"

    parts = Parts(
        transformer=f"{PACKAGE}.language:OrderBuilder",
        state=f"{PACKAGE}.round:RoundState",
        settings=f"{PACKAGE}.setup:SETTINGS",
        normal_name=f"{PACKAGE}.setup:normal_name",
        name_problem=f"{PACKAGE}.setup:name_problem",
        new_game=f"{PACKAGE}.setup:new_game",
        configure=f"{PACKAGE}.setup:configure",
        owing=f"{PACKAGE}.view:owing",
        describe=f"{PACKAGE}.view:describe",
        view=f"{PACKAGE}.view:build_view",
        views=f"{PACKAGE}.view:build_views",
        facts=f"{PACKAGE}.facts:facts",
        check=f"{PACKAGE}.check:check_orders",
        resolve=f"{PACKAGE}.round:resolve",
        printout=f"{PACKAGE}.printout:player_printout",
        summary=f"{PACKAGE}.printout:gm_printout",
    )


RULESET = Galaktikos()
