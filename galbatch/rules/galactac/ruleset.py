"""The Galac-Tac ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.contract.ruleset import Parts, RulesetBase
from galbatch.rules.galactac.language import ORDER_NOUN, SYNTAX_CODE, TERMINAL_WORDS

TITLE = "GALAC-TAC"
PACKAGE = "galbatch.rules.galactac"
# The actions in brief (ACTION DESCRIPTIONS, the ACTION SUMMARY SHEET), for a player who
# asks by mail; "..." is more of the same, up to the book's limit.
ACTION_SUMMARY = (
    "CAPITAL location [name]              Move the Home System there",
    "CLASSIFY code design-name rating     Add a ship design",
    "DECLASSIFY code ...                  Delete designs",
    "MAP type [location] ...              Print maps: WHOLE, QUAD or PV",
    "NAME what new-name ...               Rename a System, a ship, EMPIRE",
    "SHIPYARD [sort ...]                  Print the Shipyard report",
    "BUILD location code name ...         Build ships, one for each name",
    "DOWNGRADE location [name] ...        Make Production Systems Colonies",
    "MISSILES location quantity ...       Build missiles, 1 PI each",
    "RESEARCH location PI ...             Spend PI on research",
    "ASSIGN mothership ship ...           Put small ships in hangar bays",
    "ATTACK ship location [max-SSD]       Attack a System",
    "CHART ship location ...              Move into a System and chart it",
    "COLONIZE ship location [name]        Make a charted System a Colony",
    "COMBAT flagship [target ...]         Aim an attacking fleet's weapons",
    "DEFEND ship ...                      Defend the ships' System",
    "DESTROY ship location ...            Destroy an enemy Colony or System",
    "DETACH ship ...                      Take ships out of fleets, hangars",
    "DEVELOP ship location [name]         Make a Colony a Production System",
    "JOIN flagship ship ...               Join ships to the flagship's fleet",
    "LOAD ship quantity item ...          Load PV, PI or MISSILES",
    "PATROL ship ...                      Patrol the System against scouts",
    "REFIT ship ...                       Raise ships to the Tech Level",
    "RELOAD ship ...                      Refill T-type racks",
    "REPAIR ship ...                      Repair ships",
    "SCOUT ship location ...              Move cautiously through Systems",
    "SCRAP ship ...                       Scrap ships for PI",
    "SECURE ship location ...             Take Systems at all costs",
    "SENTRY ship location ...             A moving sentry",
    "SHUTTLE ship location location ...   A cargo run",
    "STANDING flagship [target ...]       COMBAT for a fleet under DEFEND",
    "TO ship location ...                 Move ships or fleets",
    "TOW towing-ship towed-ship location  Tow a ship to a System",
    "TRANSFER ship ship quantity item     Move cargo between two ships",
    "UNLOAD ship quantity item ...        Unload cargo into the System",
)
ACTION_EXAMPLE = (
    "NAME EMPIRE Grand Fenwick",
    "BUILD 34-11 SC1 Scout Scout Scout",
    "SCOUT 1523 45-23 48-30 52-25 55-40",
    "LOAD 1805 10 PI 10 MISS",
)


class GalacTac(RulesetBase):
    """Galac-Tac by Talisman Games: empires of star systems, ship designs and fleets."""

    name = "galactac"
    title = TITLE
    grammar = "galactac.lark"
    width = 132
    order_noun = ORDER_NOUN
    order_summary = ACTION_SUMMARY
    order_example = ACTION_EXAMPLE
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
