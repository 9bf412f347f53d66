"""The Galaktikos ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.contract.ruleset import Parts, RulesetBase
from galbatch.rules.galaktikos.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS

TITLE = "GALAKTIKOS"
PACKAGE = "galbatch.rules.galaktikos"
# The orders in brief, for a player who asks by mail (hexes are four digits, column
# then row: 0712).
ORDER_SUMMARY = (
    "BUILD SHIPYARD hex                     A shipyard, 4 resources",
    "BUILD HABITAT hex [count]              Habitats, 2 resources each",
    "BUILD FLEET hex [count]                Fleet tokens, 4 resources each",
    "GROW hex count                         Population, 2 resources each",
    "MOVE count FLEETS hex hex ...          Move fleets along a path",
    "MOVE count FLEETS hex TO hex           ... or by the shortest path",
    "MIGRATE count POPULATION hex hex ...   Move population (or ... TO hex)",
    "ATTACK FLEETS hex FROM hex count ...   Attack the fleets in a hex",
    "ATTACK INFRASTRUCTURE hex WITH count   Attack shipyards, habitats",
    "ATTACK POPULATION hex WITH count       Attack the populations in a hex",
    "CONVERT hex [player]                   Convert occupied population",
    "CLAIM hex / OCCUPY hex                 Claim territory, occupy",
    "IF [NO] ENEMY FLEETS hex order         Only if enemy fleets are there",
    "IF [NO] ENEMY POPULATION hex order     ... or an enemy population",
    "PERMIT player hex|ALL                  Standing: may enter your hexes",
    "FORBID player hex|ALL                  Standing: may not enter",
    "OBSTRUCT player|ALL ON|OFF             Standing: obstruct supply lines",
    "REROLL OWN AT LEAST face|NEVER         Standing: reroll your losses",
    "REROLL ENEMY AT MOST face|NEVER        Standing: reroll the enemy's",
    "FIRST SHIPYARDS|HABITATS               Standing: what attacks take first",
    "FIRST PLAYER player                    Standing: who takes extra losses",
    "AUTOMATIC CLAIM|OCCUPY ON|OFF          Standing: claim, occupy unasked",
    "PLACE HOME hex                         Setup: your home",
    "PLACE POPULATION hex                   Setup: a single population",
)
ORDER_EXAMPLE = (
    "GROW 0712 2",
    "BUILD FLEET 0712",
    "MOVE 2 FLEETS 0712 TO 1015",
    "IF ENEMY FLEETS 1015 ATTACK FLEETS 1015 FROM 0913 2 FROM 1014 1",
    "REROLL OWN AT LEAST 3/4",
)


class Galaktikos(RulesetBase):
    """Galaktikos by Tom Olson: hexes claimed, populations grown and fleets fought on a map."""

    name = "galaktikos"
    title = TITLE
    grammar = "galaktikos.lark"
    width = 132
    order_noun = ORDER_NOUN
    order_summary = ORDER_SUMMARY
    order_example = ORDER_EXAMPLE
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
