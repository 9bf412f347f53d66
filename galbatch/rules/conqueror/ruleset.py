"""The Galactic Conqueror ruleset object the engine talks to."""

from __future__ import annotations

from collections.abc import Mapping

from galbatch.engine.contract.ruleset import Parts, RulesetBase

TITLE = "GALACTIC CONQUEROR"
PACKAGE = "galbatch.rules.conqueror"
# The 14 commands in brief (rule book, 3.1 to 3.14), for a player who asks by mail.
COMMAND_SUMMARY = (
    "B S ship planet          Move ship (B T task-force planet: a task force)",
    "L S ship cargo amount    Load (L T: a task force)",
    "E S ship cargo amount    Unload (E T: a task force)",
    "W planet shipyard class  Ship class for shipyard",
    "S planet shipyard PU     Ship production: invest PU in a shipyard",
    "V ship                   Scrap ship",
    "Z ship task-force        Attach ship to task force",
    "U ship player            Transfer ship to another player",
    "P planet kind amount     Production",
    "I target PU planet       Espionage",
    "K target PU planet       Corruption",
    "F planet PU area         Research",
    "N planet kit amount      Install kits",
    "G points player          Reward offered for a player",
)
COMMAND_EXAMPLE = ("B S 45 56", "W 67 2 7", "S 78 1 15", "P 23 1 2")


class Conqueror(RulesetBase):
    """Galactic Conqueror 2.03 by Harry Zimmermann (the GC15/GC16 games)."""

    name = "conqueror"
    title = TITLE
    grammar = "conqueror.lark"
    width = 80
    order_noun = "command"
    order_summary = COMMAND_SUMMARY
    order_example = COMMAND_EXAMPLE
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
