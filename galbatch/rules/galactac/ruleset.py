"""The Galac-Tac ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.ruleset import Parts, RulesetBase
from galbatch.rules.galactac.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS

TITLE = "GALAC-TAC"
PACKAGE = "galbatch.rules.galactac"


class GalacTac(RulesetBase):
    """Galac-Tac by Talisman Games: empires of star systems, ship designs and fleets."""

    name = "galactac"
    title = TITLE
    grammar = "galactac.lark"
    width = 132
    order_noun = ORDER_NOUN
    syntax_code = SYNTAX_CODE
    terminal_words: Mapping[str, str] = TERMINAL_WORDS
    messages = True  # EMPIRE RELATIONS: messages routed by empire name (diplomacy.py)

    parts = Parts(
        transformer=f"{PACKAGE}.language:ActionBuilder",
        state=f"{PACKAGE}.state:GameState",
        settings=f"{PACKAGE}.setup:SETTINGS",
        normal_name=f"{PACKAGE}.setup:normal_name",
        name_problem=f"{PACKAGE}.setup:name_problem",
        new_game=f"{PACKAGE}.setup:new_game",
        owing=f"{PACKAGE}.state:owing",
        describe=f"{PACKAGE}.state:describe",
        view=f"{PACKAGE}.view:build_view",
        views=f"{PACKAGE}.view:build_views",
        facts=f"{PACKAGE}.facts:facts",
        check=f"{PACKAGE}.check:check_actions",
        resolve=f"{PACKAGE}.resolve:resolve",
        printout=f"{PACKAGE}.printout:player_printout",
        summary=f"{PACKAGE}.printout:gm_printout",
    )


RULESET = GalacTac()
