"""The Interstellar Conquest ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.ruleset import Parts, RulesetBase
from galbatch.rules.interstellar.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS
from galbatch.rules.interstellar.printout import PERIOD

TITLE = "INTERSTELLAR CONQUEST"
PACKAGE = "galbatch.rules.interstellar"


class InterstellarConquest(RulesetBase):
    """Interstellar Conquest by Ken Leyhe (after Cosmic Encounter): encounters of fleets,
    allies and secret coins, one phase of the turn sequence after another, by mail."""

    name = "interstellar"
    title = TITLE
    grammar = "interstellar.lark"
    width = 80
    order_noun = ORDER_NOUN
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
