"""A printout's metadata, made one way for every ruleset: its title and keywords in the
game's word for a turn."""

from __future__ import annotations

from galbatch.engine.contract.records import PrintContext
from galbatch.print.metadata import GAME_MASTER, gm_printout_for, printout_for
from galbatch.print.page import Section, Text

CTX = PrintContext("IC4", "INTERSTELLAR CONQUEST", "Ken", "2002-07-01", "2002-07-08", 80, "")
SECTIONS = [Section("ONE", (Text(("a line",)),))]


def test_a_players_printout() -> None:
    reader = "PLAYER 1 RED ANN"
    keywords = ("player RED ANN",)
    p = printout_for(CTX, 3, reader, SECTIONS, name="RED ANN", keywords=keywords, period="RUN")
    assert (p.game, p.turn, p.reader, p.width, p.period) == ("IC4", 3, reader, 80, "RUN")
    assert p.title == "INTERSTELLAR CONQUEST RUN 3: RED ANN"
    assert p.keywords == ("IC4", "run 3", "player RED ANN")
    assert (p.author, p.date, p.sections) == ("Ken", "2002-07-01", tuple(SECTIONS))


def test_the_game_masters_printout() -> None:
    p = gm_printout_for(CTX, 0, SECTIONS)
    assert p.reader == GAME_MASTER and p.period == "TURN"
    assert p.title == "INTERSTELLAR CONQUEST TURN 0: GAME MASTER"
    assert p.keywords == ("IC4", "turn 0", "game master")
