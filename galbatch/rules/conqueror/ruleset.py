"""The Galactic Conqueror ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.ruleset import Parts, RulesetBase

TITLE = "GALACTIC CONQUEROR"
PACKAGE = "galbatch.rules.conqueror"


class Conqueror(RulesetBase):
    """Galactic Conqueror 2.03 by Harry Zimmermann (the GC15/GC16 games)."""

    name = "conqueror"
    title = TITLE
    grammar = "conqueror.lark"
    width = 80
    order_noun = "command"
    syntax_code = "GQ100"
    terminal_words: Mapping[str, str] = {
        "UNIT": "S (ship) or T (task force)",
        "UNIT_WORD": "S (ship) or T (task force)",
        "LINE": "a command letter (B L E W S V Z U P I K F N G)",
        "NUMBER": "a ship or task force number",
        "PLANET": "a planet number",
        "SHIP": "a ship number",
        "CARGO": "a cargo type (1-9)",
        "AMOUNT": "an amount",
        "YARD": "a shipyard number (1-3)",
        "SHIP_CLASS": "a ship class (0-26)",
        "PU": "a number of PU",
        "TASK_FORCE": "a task force number (0-50)",
        "PLAYER": "a player number",
        "KIND": "a facility type (1-12)",
        "AREA": "a research area (0-6)",
        "KIT": "a kit type (5-8)",
        "POINTS": "a number of points",
        **{c: "a command letter (B L E W S V Z U P I K F N G)" for c in "BLEWSVZUPIKFNG"},
    }

    parts = Parts(
        transformer=f"{PACKAGE}.language:CommandBuilder",
        state=f"{PACKAGE}.state:GameState",
        settings=f"{PACKAGE}.setup:SETTINGS",
        normal_name=f"{PACKAGE}.setup:normal_name",
        name_problem=f"{PACKAGE}.setup:validate_player_name",
        new_game=f"{PACKAGE}.setup:new_game",
        configure=f"{PACKAGE}.setup:configure",
        owing=f"{PACKAGE}.state:owing",
        describe=f"{PACKAGE}.state:describe",
        view=f"{PACKAGE}.view:build_view",
        views=f"{PACKAGE}.view:build_views",
        facts=f"{PACKAGE}.facts:facts",
        check=f"{PACKAGE}.check:check_commands",
        resolve=f"{PACKAGE}.resolve:resolve",
        printout=f"{PACKAGE}.printout:player_printout",
        summary=f"{PACKAGE}.printout:gm_printout",
    )


RULESET = Conqueror()
