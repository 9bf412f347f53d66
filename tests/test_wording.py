"""A count and its noun agree everywhere: the helper, the rulesets' log lines and printouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.gamedir.directory import GameError
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.engine.text.wording import noun, plural, plural_of
from galbatch.print.page import layout, render_text
from galbatch.rules.conflict.ruleset import RULESET as CONFLICT
from galbatch.rules.conflict.state import Flight
from galbatch.rules.conqueror.ruleset import RULESET as CONQUEROR
from galbatch.rules.conqueror.tables import PLANETARY_DEFENSE, RESEARCH
from galbatch.rules.conqueror.view import build_view
from tests import conflict_world, conqueror_world
from tests.test_conqueror_rules import SHIELDED, add_ship, lines, run, world

CTX = PrintContext(
    game="gc16",
    title="GALACTIC CONQUEROR",
    author="Harry",
    date="1997-03-05",
    due="1997-03-12",
    width=80,
    header_line="",
)


@pytest.mark.parametrize(
    ("n", "one", "expected"),
    [
        (1, "file", "1 file"),
        (0, "file", "0 files"),
        (2, "order file", "2 order files"),
        (1, "FORTRESS", "1 FORTRESS"),
        (3, "FORTRESS", "3 FORTRESSES"),
        (1, "move in flight", "1 move in flight"),
        (2, "move in flight", "2 moves in flight"),
        (2, "MOVE IN FLIGHT", "2 MOVES IN FLIGHT"),
        (2, "stray entry", "2 stray entries"),
        (2, "day", "2 days"),
        (2, "PDF", "2 PDFs"),
        (1, "PDF", "1 PDF"),
        (5, "box", "5 boxes"),
        (4, "match", "4 matches"),
    ],
)
def test_plural(n: int, one: str, expected: str) -> None:
    assert plural(n, one) == expected


def test_irregular_and_given_plurals() -> None:
    assert plural_of("was") == "were" and plural_of("IS") == "ARE"
    assert noun(2, "child", "children") == "children" and noun(1, "child", "children") == "child"
    assert plural(1, "SHIP", "SHIPS") == "1 SHIP"


def test_conflict_log_line_with_one_move_in_flight() -> None:
    state = conflict_world.small_state()
    state.flights.append(Flight("1", "M", "A", 1, 4, 3, 2))
    assert CONFLICT.describe(state) == "turn 0, 4 players, 8 worlds, 1 move in flight"


def test_conqueror_log_line_and_gm_summary_with_one_ship() -> None:
    state = conqueror_world.small_state()
    state.ships = state.ships[:1]
    assert CONQUEROR.describe(state).endswith(", 7 planets, 1 ship")
    text = render_text(layout(CONQUEROR.summary(state, CTX)))
    assert "7 PLANETS   1 SHIP\n" in text
    assert "1 SHIPS" not in text


def test_a_planet_holds_with_1_fortress_in_the_battle_report_and_the_printout() -> None:
    state = world()  # as in test_an_attack_costs_loyalty, with one fortress left
    state.players["2"].research[PLANETARY_DEFENSE] = RESEARCH[4]
    state.planets[2].natural_defence = 9
    state.planets[2].fortresses = 1
    add_ship(state, "1", 8, 2, shield=SHIELDED)  # neither side can hit
    after = run(state)
    assert "PLANET 2 HOLDS WITH 1 FORTRESS" in lines(after, 2)
    text = render_text(layout(CONQUEROR.printout(build_view(after, "2"), (), CTX)))
    assert "PLANET 2 HOLDS WITH 1 FORTRESS\n" in text


def test_order_file_notes_count_lines_in_the_singular() -> None:
    data = b'From: rigel@example.org\nGAME demo PLAYER 3 PASSWORD "x"\nEND\n'
    of = parse_order_bytes(data, "3.txt")
    assert [d.message for d in of.diagnostics if d.code == "GB011"] == [
        "ignored 1 line before the header (e-mail headers?)"
    ]


def test_new_says_1_code_name(tmp_path: Path) -> None:
    with pytest.raises(GameError, match=r"^1 code name for 2 players$"):
        create_game(tmp_path / "g", "conflict", 2, 1, names=["HYDRA"])
