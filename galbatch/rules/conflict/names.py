"""Galactic Conflict's code names: what CODE NAMES allows, and galbatch's house rule 8.

Kept apart from the set-up, so that a syntax-only check of a transfer order can
tell a name no player can have without importing what makes a galaxy.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from galbatch.engine.contract.ruleset import normal_name
from galbatch.rules.conflict.tables import NAME_LENGTH

# CODE NAMES: "Names that could cause confusion, such as "AF", "DF", "FT", "PROBES",
# "UNOWNED", "NEUTRAL", "-----", etc. will not be allowed."
CONFUSING_NAMES = ("AF", "DF", "FT", "PROBES", "UNOWNED", "NEUTRAL", "-----")
# House rule, the book's "etc.": every word and phrase the printouts print as a
# label, a heading or a note, where a code name could stand beside or instead of
# it (printout.py, and the page header of galbatch/print/page.py). A name is
# compared by its letters and digits alone, case, blanks and signs ignored, so
# "NONE YET." and "(NO REPORT)" are caught as NONE YET and NO REPORT, and "F.T.",
# "A.F." and "N.E.U.T.R.A.L." as FT, AF and NEUTRAL.
PRINTOUT_WORDS = (
    # the header, page header and file status
    "GALACTIC CONFLICT", "GAME", "TURN", "ACCOUNT", "CODE NAME", "SCORE", "PAGE", "OF",
    "ORDERS", "ORDERS RECEIVED", "NO ORDERS", "REJECTED", "THE GAME HAS ENDED",
    "FINAL SCORES FOLLOW",
    # the sections and their column headings
    "TOTALS", "WORLDS", "WORLD", "OWNER", "ECON", "CP", "PROBE", "PLAYERS IN CONTACT",
    "FINAL SCORES", "WINNER", "WINNERS", "TIED WITH", "POINT", "POINTS", "ORDER CHECK",
    "MAP OF THE GALAXY",
    "TURN INPUT SHEET", "END",
    # a world's report
    "ATTACKED BY", "WITH", "DEFENDER", "WORLD HELD BY", "HELD BY", "PROBED",
    "TRANSFERRED FROM", "FROM", "ORDER", "REUSED", "REDUCED FROM", "NO REPORT",
    "YOU HAVE NO REPORT ON ANY WORLD",
    # what a section says when it has nothing to list
    "NONE", "NONE YET", "ALL ORDERS ACCEPTED", "NO ORDER FILE",
    "THE GAME BEGINS", "NO ORDERS WERE DUE", "NO MORE ORDERS",
    # the order check's lines
    "ERROR", "WARNING", "NOTE",
    # the game master's summary
    "GAME MASTER", "GAME MASTER SUMMARY", "PLAYERS", "BATTLES", "TRANSFERS", "IN FLIGHT",
    "ID", "HEX", "REUSE", "VS", "TO", "ARRIVES TURN", "ENDS ON TURN", "ENDED",
)  # fmt: skip
# What a code name may be written with: the line printer's character set (printable
# ASCII) but the comma, which ends a field of an order, and "#", which starts a comment.
NAME_CHARACTERS = frozenset(chr(c) for c in range(32, 127)) - {",", "#"}


def skeleton(name: str) -> str:
    """A name's letters and digits alone, upper case: how it reads beside the
    printout's words (house rule 8), "F.T." as FT and "(NO REPORT)" as NOREPORT."""
    return re.sub(r"[^A-Z0-9]+", "", name.upper())


CONFUSING = frozenset(skeleton(word) for word in (*CONFUSING_NAMES, *PRINTOUT_WORDS))


def validate_code_name(name: str) -> str | None:
    """Why `name` cannot be a code name, as a sentence, or None if it can.

    CODE NAMES: "up to 20 characters and spaces"; runs of blanks count as one,
    since the game compares and prints the name with single blanks (normal_name).
    """
    if not name.strip():
        return "A code name cannot be empty."
    if len(normal_name(name)) > NAME_LENGTH:
        return f"A code name has at most {NAME_LENGTH} characters."
    if name != name.strip():
        return "A code name cannot begin or end with a space."
    if any(ch not in NAME_CHARACTERS for ch in name.replace("\t", " ")):
        return (
            "A code name may hold only letters, digits, blanks and the other printable "
            "ASCII characters but ',' and '#'."
        )
    if skeleton(name) in CONFUSING or not skeleton(name):
        return f'"{name}" could be confused with the printout\'s own words.'
    if not any(ch.isalpha() for ch in name):
        return "A code name needs at least one letter, so it cannot be read as a number."
    return None


class View(dict[str, Any]):
    """A player's view as built from the state: plain data, every key of it for the
    player, plus `game_players`, the code names of every player in the game.

    The rule book lists all the players only when the game ends, so the names are
    not the player's to know; but the check the game master runs (and the turn's)
    must know whether a transfer's recipient exists. They are an attribute, not a
    key: the view file written for the player (its keys) cannot hold them, and a
    view read back from that file by the player has none (its check can only warn,
    CF401). The GM's check gets them back from the game's roster (`gm_view`).
    """

    game_players: tuple[str, ...] | None = None


def gm_view(data: dict[str, Any], names: Sequence[str]) -> View:
    """A view file's data as the GM's check knows it: with every player's code name
    (as the game's roster writes them), which the view built from the state has."""
    view = View(data)
    view.game_players = tuple(normal_name(name) for name in names)
    return view
