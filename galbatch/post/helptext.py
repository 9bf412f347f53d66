"""The answer to a message with the subject HELP: how to write an order file, by e-mail.

One short text a ruleset, taken from its man page, galbatch-RULESET(7): the
order-language section's list of orders, one line each, as the rule book
writes them (a test keeps the letters in step with the man page).
"""

from __future__ import annotations

COMMANDS: dict[str, tuple[str, ...]] = {
    "conqueror": (
        "B S ship planet        Move ship (B T task-force planet: a task force)",
        "L S ship cargo amount  Load (L T: a task force)",
        "E S ship cargo amount  Unload (E T: a task force)",
        "V ship                 Scrap ship",
        "Z ship task-force      Attach ship to task force",
        "U ship player          Transfer ship to another player",
        "W planet shipyard class  Ship class for shipyard",
        "S planet shipyard PU   Ship production: invest PU in a shipyard",
        "P planet kind amount   Production",
        "I target PU planet     Espionage",
        "K target PU planet     Corruption",
        "F planet PU area       Research",
        "N planet kit amount    Install kits",
        "G points player        Reward offered for a player",
    ),
    "conflict": (
        "A,from,to,af           Attack",
        "M,from,to,unit,n       Move",
        "P,from,to              Probe",
        "B,world,item,econ      Build",
        "E,world                Econ increase",
        "G,from,to              Gate",
        "T,world,name           Transfer",
        "D,world,item,n         Destroy",
    ),
}
NOUNS = {"conqueror": "command", "conflict": "order"}
FIRST_LINES = {
    "conqueror": "P 47 10 20",
    "conflict": "M,72,144,D,27",
}


def help_text(ruleset: str, game_id: str, title: str) -> str:
    """The HELP answer for a game of `ruleset`."""
    noun = NOUNS.get(ruleset, "order")
    lines = [
        f"{title}: HOW TO SEND {noun.upper()}S BY E-MAIL",
        "",
        f"Send your {noun}s as plain text (not HTML) in the body of a mail, or as",
        "an attached .txt file. Any subject will do. The file starts with its",
        "header line and ends with END; what comes before the header and after",
        "END (greetings, a signature, quoted text) is ignored:",
        "",
        f'    GAME {game_id} PLAYER <your number> PASSWORD "<your password>"',
        f"    {FIRST_LINES.get(ruleset, '...')}",
        "    END",
        "",
        f"One {noun} a line; '#' starts a comment. A later mail replaces an earlier",
        "one for the same turn. Every mail is answered with what was filed and",
        "what the checker found in it. Check a file yourself first with",
        f"galbatch check FILE --ruleset {ruleset}.",
        "",
    ]
    commands = COMMANDS.get(ruleset)
    if commands:
        lines += [f"{noun.upper()}S", "", *(f"    {c}" for c in commands), ""]
    lines += [
        "SIGN-UP",
        "",
        f"    #ANM {game_id} <name>",
        "",
        "on a line of its own signs you up while a game takes players: a name of",
        "at most 15 letters, digits and blanks. One sign-up an address.",
        "",
        f"The full rules: galbatch-{ruleset}(7).",
    ]
    return "\n".join(lines) + "\n"
