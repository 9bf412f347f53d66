"""A printout's metadata, made one way for every ruleset.

Every printout carries the same facts besides its sections: the game, the turn (in
the game's word for it), who reads it, the page width, and for the PDF its title,
author, date and keywords. The title and the keywords follow one pattern, "<ruleset
title> <PERIOD> <n>: <reader's name>" and "<game>, <period> <n>, ...", so that the
archive's bookmarks and a PDF viewer's search read alike for every game.
"""

from __future__ import annotations

from collections.abc import Sequence

from galbatch.print.context import PrintSettings
from galbatch.print.page import Printout, Section

GAME_MASTER = "GAME MASTER"


def printout_for(
    ctx: PrintSettings,
    turn: int,
    reader: str,
    sections: Sequence[Section],
    *,
    name: str,
    keywords: Sequence[str],
    period: str = "TURN",
) -> Printout:
    """A player's printout: `reader` heads every page ("PLAYER 3 ARCTURUS"), `name` ends the
    PDF's title, `keywords` follow the game and the turn among its keywords."""
    return Printout(
        game=ctx.game,
        turn=turn,
        reader=reader,
        width=ctx.width,
        sections=tuple(sections),
        title=f"{ctx.title} {period} {turn}: {name}",
        author=ctx.author,
        date=ctx.date,
        keywords=(ctx.game, f"{period.lower()} {turn}", *keywords),
        period=period,
    )


def gm_printout_for(
    ctx: PrintSettings, turn: int, sections: Sequence[Section], period: str = "TURN"
) -> Printout:
    """The game master's printout of a turn."""
    keywords = (GAME_MASTER.lower(),)
    return printout_for(
        ctx, turn, GAME_MASTER, sections, name=GAME_MASTER, keywords=keywords, period=period
    )
