"""The Galactic Conqueror command language: every command, its clamps and its rejections."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import check_file, parse_orders
from galbatch.engine.language.diagnostics import RC, Diagnostic, Severity, worst_rc
from galbatch.engine.language.located import Located
from galbatch.engine.language.orderfile import parse_order_bytes, read_order_file
from galbatch.rules import get_ruleset
from galbatch.rules.conqueror import orders as o
from galbatch.rules.conqueror.check import check_orders
from galbatch.rules.conqueror.codes import CODES
from galbatch.rules.conqueror.tables import FACILITIES
from tests.conqueror_world import alpha_view, small_state

RULESET = get_ruleset("conqueror")
HEADER = 'GAME GC16 PLAYER 1 PASSWORD "x"\n'


def data(*lines: str) -> bytes:
    return (HEADER + "\n".join(lines) + "\nEND\n").encode()


def parse(*lines: str) -> tuple[list[Located], list[Diagnostic]]:
    return parse_orders(parse_order_bytes(data(*lines), "f"), RULESET)


def check(
    *lines: str, view: dict[str, Any] | None = None
) -> tuple[list[o.Order], list[Diagnostic]]:
    result = check_file(parse_order_bytes(data(*lines), "f"), RULESET, view or alpha_view(), "1")
    return list(result.orders), list(result.diagnostics)


def codes(diags: list[Diagnostic]) -> list[str]:
    return [d.code for d in diags]


# ---- parsing --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "order"),
    [
        # the rule book's own examples (section 3)
        ("B S 45 56", o.Move("S", 45, 56)),
        ("L T 5 9 0", o.Load("T", 5, 9, 0)),  # 3.2 says task force 56: a misprint (3.7)
        ("E S 12 9 4", o.Unload("S", 12, 9, 4)),
        ("W 67 2 7", o.SetClass(67, 2, 7)),
        ("S 78 1 15", o.Invest(78, 1, 15)),
        ("V 12", o.Scrap(12)),
        ("Z 12 3", o.Attach(12, 3)),
        ("U 12 4", o.TransferShip(12, 4)),
        ("P 23 1 2", o.Produce(23, 1, 2)),
        ("I 40 15 20", o.Espionage(40, 15, 20)),
        ("K 56 20 13", o.Corruption(56, 20, 13)),
        ("F 25 15 2", o.Research(25, 15, 2)),
        ("N 57 5 3", o.Install(57, 5, 3)),
        ("G 5 3", o.Reward(5, 3)),
        # the syntax lines' other forms
        ("B T 45 56", o.Move("T", 45, 56)),
        ("L S 56 9 0", o.Load("S", 56, 9, 0)),
        ("E T 12 9 0", o.Unload("T", 12, 9, 0)),
        ("G 0 0", o.Reward(0, 0)),
    ],
)
def test_rule_book_examples_parse(text: str, order: o.Order) -> None:
    located, diags = parse(text)
    assert diags == []
    assert located[0].order == order
    assert located[0].order.text() == text


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("b s 45 56", o.Move("S", 45, 56)),
        ("l t 5 9 0", o.Load("T", 5, 9, 0)),
        ("e s 12 9 4", o.Unload("S", 12, 9, 4)),
        ("B\tS   45  56", o.Move("S", 45, 56)),
        ("   w 67 2 7   ", o.SetClass(67, 2, 7)),
        ("S 078 01 15", o.Invest(78, 1, 15)),
        ("g 5 3 # five points on player 3", o.Reward(5, 3)),
    ],
)
def test_letters_are_case_insensitive_and_blanks_free(text: str, order: o.Order) -> None:
    located, diags = parse(text)
    assert diags == []
    assert located[0].order == order


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("X 1 2", 1, "a command letter (B L E W S V Z U P I K F N G)"),
        ("B X 45 56", 3, "S (ship) or T (task force)"),
        ("B S x", 5, "a ship or task force number"),
        ("B S 45", 7, "a planet number"),
        ("L S 1 x", 7, "a cargo type (1-9)"),
        ("E S 12 9", 9, "an amount"),
        ("W 67 x", 6, "a shipyard number (1-3)"),
        ("W 67 2 x", 8, "a ship class (0-26)"),
        ("W 67 2 7 1", 10, "the end of the line"),
        ("S S 1 2", 3, "a planet number"),
        ("S 78 1", 7, "a number of PU"),
        ("V", 2, "a ship number"),
        ("Z 12 -3", 6, "a task force number (0-50)"),
        ("U 12", 5, "a player number"),
        ("P 23 x", 6, "a facility type (1-12)"),
        ("P 23 1 2.5", 9, "found '.5' where the end of the line was expected"),
        ("K 56", 5, "a number of PU"),
        ("F 25 15", 8, "a research area (0-6)"),
        ("N 57 five 3", 6, "a kit type (5-8)"),
        ("G x 3", 3, "a number of points"),
        ("G 5", 4, "a player number"),
    ],
)
def test_syntax_errors_say_where_and_what(text: str, column: int, expected: str) -> None:
    located, diags = parse(text)
    assert located == []
    (d,) = diags
    assert d.code == "GQ100" and d.severity is Severity.ERROR
    assert (d.line, d.column) == (2, column)
    assert expected in d.message and d.message.endswith("command rejected")


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("BS 45 56", "B S 45 56"),  # the book's 3.1 example with its first blank left out
        ("W67 2 7", "W 67 2 7"),  # 3.4's
        ("B S45 56", "B S 45 56"),
        ("K56 20 13", "K 56 20 13"),  # 3.11's
        ("lt 5 9 0", "L T 5 9 0"),  # 3.2's (task force 5: see the house rules), in lower case
        ("V12", "V 12"),
    ],
)
def test_parameters_must_be_separated_by_blanks(text: str, written: str) -> None:
    """Section 3: "If the command file is edited manually, each command has to be placed
    on a new line. All parameters of a command have to be separated by blanks." A command
    whose parameters are written together is rejected, and the message says how to write
    it."""
    located, diags = parse(text)
    assert located == []
    (d,) = diags
    assert (d.code, d.severity, d.column) == ("GQ100", Severity.ERROR, 1)
    assert d.message == (
        f"parameters must be separated by blanks: write {written}; command rejected"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Move S 5 57",
            "found 'Move' where a command letter (B L E W S V Z U P I K F N G) was expected; "
            "did you mean B (Move)? write B S 5 57",
        ),
        (
            "Laod T 5 9 0",
            "found 'Laod' where a command letter (B L E W S V Z U P I K F N G) was expected; "
            "did you mean L (Load)? write L T 5 9 0",
        ),
        (
            "reward 5 3",
            "found 'reward' where a command letter (B L E W S V Z U P I K F N G) was expected; "
            "did you mean G (Reward)? write G 5 3",
        ),
        (
            "Move to 57",
            "found 'Move' where a command letter (B L E W S V Z U P I K F N G) was expected; "
            "did you mean B (Move)?",
        ),
        (
            "B SHIP 45 56",
            "found 'SHIP' where S (ship) or T (task force) was expected; "
            "did you mean S? write B S 45 56",
        ),
        (
            "L TF 5 9 0",
            "found 'TF' where S (ship) or T (task force) was expected; "
            "did you mean T? write L T 5 9 0",
        ),
        # nothing is close: no suggestion
        ("X 6 1 5", "found 'X 6 1 5' where a command letter (B L E W S V Z U P I K F N G) "
         "was expected"),
        # "Ship" begins two of the book's names (3.4 and 3.5): no guess between them
        ("Ship 1 2 3", "found 'Ship 1 2 3' where a command letter (B L E W S V Z U P I K F N G) "
         "was expected"),
        ("B SX 1 2", "found 'SX' where S (ship) or T (task force) was expected"),
    ],
)  # fmt: skip
def test_did_you_mean_a_command_letter_or_unit(text: str, message: str) -> None:
    """Section 3: "The letters for the commands are derived from the German meanings of
    the commands": "3.1 Move (B)", "3.2 Load (L)", "3.14 Reward (G)"; and 3.1: "whether a
    ship or task force should be sent (S or T)". A command or unit written as a word gets
    the one letter it is closest to, only when one is close."""
    located, diags = parse(text)
    assert located == []
    (d,) = diags
    assert (d.code, d.severity) == ("GQ100", Severity.ERROR)
    assert d.message == f"{message}; command rejected"


def test_did_you_mean_a_planet_the_view_lists() -> None:
    """Section 3.9: "Parameters for the command are the number of the planet ...". A
    planet number the player does not know, or a planet not his where one of his is
    needed, gets the one number of his view it is closest to (a transposed or dropped
    digit), and none when no number, or more than one, is as close."""
    state = small_state()
    state.planets[147] = replace(state.planets[11], number=147)
    state.planets[174] = replace(state.planets[21], number=174)
    state.players["1"].known.append(174)
    view = alpha_view(state)
    _, diags = check("P 417 1 1", "B S 1 471", "P 174 1 1", "B S 1 714", "B S 1 999", view=view)
    assert [d.message for d in diags] == [
        "you know no planet 417 (did you mean 147?); command P 417 1 1 rejected",  # of his
        "you know no planet 471 (did you mean 147?); command B S 1 471 rejected",
        "planet 174 is not yours (did you mean 147?); command P 174 1 1 rejected",
        "you know no planet 714; command B S 1 714 rejected",  # 147 and 174 are as close
        "you know no planet 999; command B S 1 999 rejected",
    ]


def test_indented_syntax_error_points_at_the_line() -> None:
    _, diags = parse("    B S 45")
    assert diags[0].column == 11


def test_one_bad_line_does_not_hide_the_others() -> None:
    located, diags = parse("X", "V 1", "B S", "Z 1 3", "G 5")
    assert [d.line for d in diags] == [2, 4, 6]
    assert [at.order for at in located] == [o.Scrap(1), o.Attach(1, 3)]


def test_syntax_and_semantic_errors_are_all_reported() -> None:
    orders, diags = check("B S 1 40", "B S", "B S 1 20", "V 99")
    assert orders == [o.Move("S", 1, 20)]
    assert [(d.line, d.code) for d in diags] == [(2, "GQ203"), (3, "GQ100"), (5, "GQ201")]


# ---- clean files ----------------------------------------------------------------------------

CLEAN = [
    "L S 1 2 10",  # 10 MPU into ship 1 at planet 10
    "B S 1 21",  # then off to the neutral planet 21
    "E S 2 9 2",  # 40 colonists down on planet 10
    "L T 3 4 0",  # task force 3 (transport 2, warship 3) loads all RPU
    "W 10 2 7",
    "S 10 1 8",
    "Z 6 4",
    "V 3",
    "P 10 1 2",  # two fortresses at 6 PU (planetary defense TL 2)
    "I 20 5 10",
    "K 21 10 10",
    "F 10 15 5",
    "N 10 5 3",
    "G 2 2",
    "B S 6 20",
    "U 6 2",  # ship 6 flies to BETA's planet 20 and becomes BETA's
]


def test_clean_commands_pass_unchanged() -> None:
    orders, diags = check(*CLEAN)
    assert diags == []
    assert orders == [
        o.Load("S", 1, 2, 10),
        o.Move("S", 1, 21),
        o.Unload("S", 2, 9, 2),
        o.Load("T", 3, 4, 0),
        o.SetClass(10, 2, 7),
        o.Invest(10, 1, 8),
        o.Attach(6, 4),
        o.Scrap(3),
        o.Produce(10, 1, 2),
        o.Espionage(20, 5, 10),
        o.Corruption(21, 10, 10),
        o.Research(10, 15, 5),
        o.Install(10, 5, 3),
        o.Reward(2, 2),
        o.Move("S", 6, 20),
        o.TransferShip(6, 2),
    ]
    assert worst_rc(diags) == RC.CLEAN


def test_the_checker_is_called_directly_with_located_commands() -> None:
    at = Located(o.Move("S", 1, 20), "f", 2, 1, "B S 1 20")
    assert check_orders([at], alpha_view(), "1") == ([o.Move("S", 1, 20)], [])


# ---- reductions -----------------------------------------------------------------------------

CLAMPS: list[tuple[list[str], list[o.Order], str, str]] = [
    (
        ["L S 1 4 9"],
        [o.Load("S", 1, 4, 5)],
        "GQ301",
        "quantity 9 reduced to 5: planet 10 has only 5 RPU",
    ),
    (
        ["L S 2 9 30"],
        [o.Load("S", 2, 9, 25)],
        "GQ301",
        "quantity 30 reduced to 25: planet 10 has only 500 colonists (25 transport units)",
    ),
    (
        ["L S 1 2 35"],
        [o.Load("S", 1, 2, 32)],
        "GQ302",
        "quantity 35 reduced to 32: ship 1 has only 32 free transport units",
    ),
    (
        ["Z 1 9", "L T 9 2 35"],
        [o.Attach(1, 9), o.Load("T", 9, 2, 32)],
        "GQ302",
        "quantity 35 reduced to 32: no ship of task force 9 has more than 32 free transport units",
    ),
    (
        ["Z 1 3", "L T 3 2 50"],
        [o.Attach(1, 3), o.Load("T", 3, 2, 32)],  # ship 1 takes 32, ship 2 the other 8
        "GQ301",
        "quantity 50 reduced to 32: planet 10 has only 40 MPU",
    ),
    (
        ["E S 2 9 8"],
        [o.Unload("S", 2, 9, 5)],
        "GQ303",
        "quantity 8 reduced to 5: ship 2 carries only 5 transport units of colonists",
    ),
    (
        ["E T 3 2 3"],
        [o.Unload("T", 3, 2, 2)],
        "GQ303",
        "quantity 3 reduced to 2: no ship of task force 3 carries more than 2 transport units "
        "of MPU",
    ),
    (
        ["S 10 1 15"],
        [o.Invest(10, 1, 8)],
        "GQ304",
        "quantity 15 reduced to 8: shipyard 1 on planet 10 takes only 8 PU a turn",
    ),
    (
        ["S 10 2 3", "S 10 2 3"],
        [o.Invest(10, 2, 3), o.Invest(10, 2, 1)],
        "GQ304",
        "quantity 3 reduced to 1: shipyard 2 on planet 10 takes only 1 more PU a turn",
    ),
    (
        ["F 10 95 5", "S 10 1 8"],
        [o.Research(10, 95, 5), o.Invest(10, 1, 5)],
        "GQ301",
        "quantity 8 reduced to 5: planet 10 has only 5 PU",
    ),
    (
        ["P 11 1 5"],
        [o.Produce(11, 1, 1)],
        "GQ305",
        "quantity 5 reduced to 1: planet 11 has only 10 PU, enough for 1 (fortress: 6 PU each)",
    ),
    (
        ["P 10 10 11"],
        [o.Produce(10, 10, 10)],
        "GQ305",
        "quantity 11 reduced to 10: planet 10 has only 100 PU, enough for 10 "
        "(extend shipyard 1: 10 PU each)",
    ),
    (
        ["I 20 150 10"],
        [o.Espionage(20, 100, 10)],
        "GQ301",
        "quantity 150 reduced to 100: planet 10 has only 100 PU",
    ),
    (
        ["I 20 60 10", "K 20 60 10"],
        [o.Espionage(20, 60, 10), o.Corruption(20, 40, 10)],
        "GQ301",
        "quantity 60 reduced to 40: planet 10 has only 40 PU",
    ),
    (
        ["F 11 25 5"],
        [o.Research(11, 10, 5)],
        "GQ301",
        "quantity 25 reduced to 10: planet 11 has only 10 PU",
    ),
    (
        ["N 10 5 5"],
        [o.Install(10, 5, 3)],
        "GQ301",
        "quantity 5 reduced to 3: planet 10 has only 3 M-kits",
    ),
    (
        ["G 10 2"],
        [o.Reward(3, 2)],
        "GQ306",
        "quantity 10 reduced to 3: you own only 3 planets, worth one point each",
    ),
    (
        ["P 10 8 15"],
        [o.Produce(10, 8, 10)],
        "GQ307",
        "quantity 15 reduced to 10: the population of planet 10 (500) can operate only "
        "10 more factories",
    ),
    (
        ["P 10 8 8", "N 10 8 3"],
        [o.Produce(10, 8, 8), o.Install(10, 8, 2)],
        "GQ307",
        "quantity 3 reduced to 2: the population of planet 10 (500) can operate only "
        "2 more factories",
    ),
    (
        ["F 10 50 2"],
        [o.Research(10, 10, 2)],
        "GQ308",
        "quantity 50 reduced to 10: MEDICINE needs only 10 more PU for technology level 9",
    ),
    (
        ["V 3", "L S 1 1 10"],
        [o.Scrap(3), o.Load("S", 1, 1, 8)],
        "GQ301",
        "quantity 10 reduced to 8: planet 10 has only 8 spares",
    ),
]


@pytest.mark.parametrize(("lines", "expected", "code", "message"), CLAMPS)
def test_quantities_are_reduced(
    lines: list[str], expected: list[o.Order], code: str, message: str
) -> None:
    orders, diags = check(*lines)
    assert orders == expected
    (d,) = diags
    assert (d.code, d.severity, d.message) == (code, Severity.WARNING, message)
    assert (d.line, d.column) == (len(lines) + 1, 1)
    assert worst_rc(diags) == RC.WARNING


def test_zero_loads_and_unloads_keep_their_zero() -> None:
    orders, diags = check("L S 1 2 0", "L S 2 2 0", "E T 3 9 0")
    assert diags == []
    assert orders == [o.Load("S", 1, 2, 0), o.Load("S", 2, 2, 0), o.Unload("T", 3, 9, 0)]


def test_loading_as_much_as_possible_uses_up_the_planet() -> None:
    # ship 1 takes 32 of the 40 MPU with "0", ship 2 finds only 8 left
    orders, diags = check("L S 1 2 0", "L S 2 2 20", "L S 1 2 1")
    assert orders == [o.Load("S", 1, 2, 0), o.Load("S", 2, 2, 8)]
    assert codes(diags) == ["GQ301", "GQ211"]
    assert diags[1].message == ("ship 1 has no free transport capacity; command L S 1 2 1 rejected")


def test_colonists_loaded_leave_no_room_for_factories() -> None:
    orders, diags = check("L S 2 9 0", "P 10 8 1")
    assert orders == [o.Load("S", 2, 9, 0)]
    assert codes(diags) == ["GQ235"]
    assert "planet 10 (0)" in diags[0].message


def test_unloaded_goods_can_be_used_by_later_commands() -> None:
    orders, diags = check("E S 2 9 5", "P 10 8 20", "E S 2 2 0", "L S 1 2 0", "L S 2 2 10")
    assert orders == [
        o.Unload("S", 2, 9, 5),
        o.Produce(10, 8, 20),  # 600 population: room for 60 factories, 40 built
        o.Unload("S", 2, 2, 0),
        o.Load("S", 1, 2, 0),  # 32 of the 42 MPU
        o.Load("S", 2, 2, 10),  # the other 10
    ]
    assert diags == []


def test_produced_kits_can_be_installed() -> None:
    orders, diags = check("P 10 3 2", "N 10 5 5", "N 10 5 1")
    assert orders == [o.Produce(10, 3, 2), o.Install(10, 5, 5)]
    assert codes(diags) == ["GQ230"]


def test_extending_a_missing_shipyard_builds_it() -> None:
    orders, diags = check("W 10 3 9", "P 10 12 4", "W 10 3 9", "S 10 3 6")
    assert orders == [o.Produce(10, 12, 4), o.SetClass(10, 3, 9), o.Invest(10, 3, 4)]
    assert codes(diags) == ["GQ214", "GQ304"]


def test_fortress_cost_follows_planetary_defense() -> None:
    view = alpha_view()
    view["tech"][0] = 9  # table 5.7: 3 PU at TL 9
    orders, diags = check("P 11 1 5", view=view)
    assert orders == [o.Produce(11, 1, 3)]
    assert "enough for 3 (fortress: 3 PU each)" in diags[0].message


@pytest.mark.parametrize(("kind", "cost"), [(k, c) for k, (_, c) in FACILITIES.items() if k > 1])
def test_production_costs_are_table_5_2(kind: int, cost: int) -> None:
    orders, _ = check(f"P 10 {kind} 1", "I 20 100 10")
    assert orders[1] == o.Espionage(20, 100 - cost, 10)


def test_task_force_amounts_are_per_ship_in_ship_order() -> None:
    # TF 3: transport 2 (57 free, 2 MPU aboard) and warship 3; ship 1 (32 free) joins
    orders, diags = check("Z 1 3", "L T 3 2 15", "E S 1 2 0", "E S 2 2 17", "E S 2 2 1")
    # each transport takes 15 of the 40 MPU
    assert orders == [
        o.Attach(1, 3),
        o.Load("T", 3, 2, 15),
        o.Unload("S", 1, 2, 0),
        o.Unload("S", 2, 2, 17),
    ]
    assert codes(diags) == ["GQ211"]


def test_task_force_commands_pass_over_members_that_cannot() -> None:
    # ship 2 moves alone; TF 3 still moves ship 3; flying ship 7 joins TF 3 and is passed
    # over when TF 3 (now only ship 1, joined later) loads
    orders, diags = check("B S 2 20", "B T 3 21", "Z 7 3", "Z 1 3", "L T 3 2 0", "B S 3 20")
    assert orders == [
        o.Move("S", 2, 20),
        o.Move("T", 3, 21),
        o.Attach(7, 3),
        o.Attach(1, 3),
        o.Load("T", 3, 2, 0),
    ]
    assert codes(diags) == ["GQ205"]
    assert diags[0].message.startswith("ship 3 already has a movement command this turn")


def test_a_rejected_task_force_move_gives_the_first_members_reason() -> None:
    # ship 2 has moved, ship 3 is already at planet 10: nobody can go
    orders, diags = check("B S 2 20", "B T 3 10")
    assert orders == [o.Move("S", 2, 20)]
    assert codes(diags) == ["GQ205"]
    assert diags[0].message.startswith(
        "ship 2 of task force 3 already has a movement command this turn (to planet 20)"
    )


def test_colonists_land_only_where_there_is_room() -> None:
    view = alpha_view()
    view["planets"][0]["population"] = 29960  # room for 2 transport units
    orders, diags = check("E S 2 9 5", "E S 2 9 0", view=view)
    assert orders == [o.Unload("S", 2, 9, 2)]
    assert codes(diags) == ["GQ309", "GQ236"]
    assert diags[0].message == (
        "quantity 5 reduced to 2: planet 10 has room for only 40 more colonists (2 transport units)"
    )
    assert diags[1].message == (
        "planet 10 has no room for more colonists: 30000 population is the most; "
        "command E S 2 9 0 rejected"
    )


def test_a_ship_scrapped_in_orbit_leaves_spares_even_after_its_move() -> None:
    orders, diags = check("B S 3 20", "V 3", "L S 1 1 9")
    assert orders[-1] == o.Load("S", 1, 1, 8)
    assert codes(diags) == ["GQ301"]


def test_rejected_commands_use_nothing() -> None:
    orders, diags = check("B S 1 40", "B S 1 20", "P 10 13 5", "I 20 100 10")
    assert orders == [o.Move("S", 1, 20), o.Espionage(20, 100, 10)]
    assert codes(diags) == ["GQ203", "GQ227"]


def test_a_task_force_move_leaves_members_in_flight_on_course() -> None:
    orders, diags = check("Z 4 3", "B T 3 20", "B S 4 21", "B S 2 21")
    assert orders == [o.Attach(4, 3), o.Move("T", 3, 20)]
    assert codes(diags) == ["GQ207", "GQ205"]


def test_reward_can_be_withdrawn_when_offered() -> None:
    state = small_state()
    state.players["1"].reward = (4, 3)
    view = alpha_view(state)
    assert check("G 0 0", view=view) == ([o.Reward(0, 0)], [])
    # withdrawn, then a new offer: it replaces nothing
    assert check("G 0 0", "G 2 3", view=view) == ([o.Reward(0, 0), o.Reward(2, 3)], [])


def test_a_second_reward_command_replaces_the_first_with_a_note() -> None:
    """3.14: "At any given time a player can only offer a reward for one enemy player. If
    the reward command is used a second time, the old reward is lost." Both commands are
    carried out, each deducted as it is offered ("As soon as this command is used to offer
    a reward, the offered amount is deducted once from the score"), and a note says that the
    earlier reward is lost: one set earlier in the file, or one standing from a turn
    before."""
    orders, diags = check("G 2 2", "G 1 3")
    assert orders == [o.Reward(2, 2), o.Reward(1, 3)]
    (d,) = diags
    assert (d.code, d.severity, d.line) == ("GQ402", Severity.NOTE, 3)
    assert d.message == (
        "this replaces the reward G 2 2 of an earlier command in this file: the old reward "
        'and its 2 points are lost (3.14: "If the reward command is used a second time, the '
        'old reward is lost")'
    )
    assert worst_rc(diags) == RC.CLEAN
    orders, diags = check("G 2 2", "G 0 0")
    assert orders == [o.Reward(2, 2), o.Reward(0, 0)]
    assert [d.message for d in diags] == [
        "this withdraws the reward G 2 2 of an earlier command in this file: the reward and "
        'its 2 points are lost (3.14: "the old reward is lost")'
    ]
    state = small_state()
    state.players["1"].reward = (1, 3)  # offered in an earlier turn
    orders, diags = check("G 2 2", view=alpha_view(state))
    assert [(d.code, d.message) for d in diags] == [
        (
            "GQ402",
            "this replaces your reward of 1 point for player 3 (GAMMA): the old reward and "
            'its 1 point are lost (3.14: "If the reward command is used a second time, the old '
            'reward is lost")',
        )
    ]


def test_reward_is_at_most_50() -> None:
    state = small_state()
    for n in range(100, 160):
        state.planets[n] = replace(state.planets[11], number=n)
    orders, diags = check("G 99 2", view=alpha_view(state))
    assert orders == [o.Reward(50, 2)]
    assert diags[0].message == "quantity 99 reduced to 50: the most anyone can offer is 50"


# ---- rejections -----------------------------------------------------------------------------

REJECTIONS: list[tuple[list[str], str, str]] = [
    (["B S 9 20"], "GQ201", "you have no ship 9"),
    (["V 99"], "GQ201", "you have no ship 99"),
    (["L S 0 1 1"], "GQ201", "you have no ship 0"),
    (["B T 9 20"], "GQ202", "you have no ship in task force 9"),
    (["E T 50 1 0"], "GQ202", "you have no ship in task force 50"),
    (["B S 1 40"], "GQ203", "you know no planet 40"),
    (["W 40 1 7"], "GQ203", "you know no planet 40"),
    (["I 40 5 10"], "GQ203", "you know no planet 40"),
    (["K 20 5 99"], "GQ203", "you know no planet 99"),
    (["W 20 1 7"], "GQ204", "planet 20 is not yours"),
    (["S 21 1 5"], "GQ204", "planet 21 is not yours"),
    (["P 30 1 1"], "GQ204", "planet 30 is not yours"),
    (["I 21 5 20"], "GQ204", "planet 20 is not yours"),
    (["F 20 5 1"], "GQ204", "planet 20 is not yours"),
    (["N 20 8 1"], "GQ204", "planet 20 is not yours"),
    (
        ["B S 1 20", "B S 1 21"],
        "GQ205",
        "ship 1 already has a movement command this turn (to planet 20)",
    ),
    (
        ["B T 3 20", "B S 2 21"],
        "GQ205",
        "ship 2 already has a movement command this turn (to planet 20)",
    ),
    (
        ["B S 2 20", "B S 3 20", "B T 3 21"],
        "GQ205",
        "ship 2 of task force 3 already has a movement command this turn (to planet 20)",
    ),
    (
        ["B S 1 20", "L S 1 2 5"],
        "GQ206",
        "ship 1 has a movement command earlier in this file; nothing can be loaded after it",
    ),
    (
        ["B T 3 20", "E T 3 9 0"],
        "GQ206",
        "ship 2 of task force 3 has a movement command earlier in this file; "
        "nothing can be unloaded after it",
    ),
    (["B S 4 20"], "GQ207", "ship 4 is in flight to planet 21 and can't change course"),
    (["B T 6 20"], "GQ207", "every ship of task force 6 is in flight and can't change course"),
    (["L S 7 2 0"], "GQ207", "ship 7 is in flight; ships are loaded only in orbit"),
    (
        ["E T 6 9 0"],
        "GQ207",
        "ship 7 of task force 6 is in flight; ships are unloaded only in orbit",
    ),
    (
        ["L S 5 8 0"],
        "GQ208",
        "ship 5 is in orbit of planet 20, which is not yours; "
        "ships are loaded only at your own planets",
    ),
    (
        ["E S 5 8 0"],
        "GQ208",
        "ship 5 is in orbit of planet 20, which is not yours; "
        "ships are unloaded only at your own planets",
    ),
    (["L S 1 10 5"], "GQ209", "there is no cargo type 10: cargo types are 1-9"),
    (["E S 1 0 1"], "GQ209", "there is no cargo type 0: cargo types are 1-9"),
    (["L S 3 1 0"], "GQ210", "ship 3 (class 7) has no transport capacity"),
    (["Z 6 9", "L T 9 1 0"], "GQ210", "no ship of task force 9 has transport capacity"),
    (["E S 1 9 0"], "GQ211", "ship 1 carries no colonists"),
    (["E S 1 2 4"], "GQ211", "ship 1 carries no MPU"),
    (["L S 1 3 0"], "GQ211", "planet 10 has no APU to load"),
    (["L S 2 6 1"], "GQ211", "planet 10 has no A-kits to load"),
    (["B S 1 10"], "GQ212", "ship 1 is already at planet 10"),
    (["B T 3 10"], "GQ212", "task force 3 is already at planet 10"),
    (["W 10 4 7"], "GQ213", "there is no shipyard 4: shipyards are numbered 1-3"),
    (["S 10 0 5"], "GQ213", "there is no shipyard 0: shipyards are numbered 1-3"),
    (["W 10 3 7"], "GQ214", "planet 10 has no shipyard 3"),
    (["S 11 1 5"], "GQ214", "planet 11 has no shipyard 1"),
    (["W 10 1 27"], "GQ215", "there is no ship class 27: classes are 1-26 and 0 for spares"),
    (["W 10 1 7"], "GQ216", "shipyard 1 on planet 10 already builds class 7"),
    (["W 10 2 0"], "GQ216", "shipyard 2 on planet 10 already builds spares"),
    (["W 10 2 9", "W 10 2 9"], "GQ216", "shipyard 2 on planet 10 already builds class 9"),
    (["S 10 1 0"], "GQ217", "an investment of 0 is meaningless"),
    (["P 10 2 0"], "GQ217", "an amount of 0 is meaningless"),
    (["N 10 5 0"], "GQ217", "an amount of 0 is meaningless"),
    (["I 20 0 10"], "GQ217", "an investment of 0 is meaningless"),
    (["K 20 0 10"], "GQ217", "an investment of 0 is meaningless"),
    (["F 10 0 5"], "GQ217", "an investment of 0 is meaningless"),
    (["G 0 2"], "GQ217", "a reward of 0 is meaningless"),
    (["F 12 5 5"], "GQ218", "planet 12 has no PU left"),
    (["I 20 5 12"], "GQ218", "planet 12 has no PU left"),
    (["I 20 5 11", "P 11 1 1"], "GQ218", "planet 11 has only 5 PU left; one fortress costs 6 PU"),
    (["I 20 100 10", "S 10 1 1"], "GQ218", "planet 10 has no PU left"),
    (["S 10 1 8", "S 10 1 1"], "GQ219", "shipyard 1 on planet 10 has taken its 8 PU this turn"),
    (["V 1", "B S 1 20"], "GQ220", "ship 1 is scrapped by an earlier command"),
    (["V 1", "V 1"], "GQ220", "ship 1 is scrapped by an earlier command"),
    (["B S 6 20", "U 6 2", "Z 6 1"], "GQ220", "ship 6 is given to player 2 by an earlier command"),
    (
        ["Z 1 51"],
        "GQ221",
        "there is no task force 51: task forces are numbered 0-50 (0: no task force)",
    ),
    (["B T 0 20"], "GQ221", "there is no task force 0: task forces are numbered 1-50"),
    (["L T 51 1 0"], "GQ221", "there is no task force 51: task forces are numbered 1-50"),
    (["Z 2 3"], "GQ222", "ship 2 is already in task force 3"),
    (["Z 1 0"], "GQ222", "ship 1 is in no task force"),
    (
        ["U 1 2"],
        "GQ223",
        "ship 1 has no movement command before this one; a ship is given away only after "
        "a B command sends it to a planet of player 2",
    ),
    (["B S 1 20", "U 1 7"], "GQ224", "there is no player 7 in this game"),
    (["G 5 9"], "GQ224", "there is no player 9 in this game"),
    (["B S 1 20", "U 1 1"], "GQ225", "ship 1 is already yours"),
    (["G 2 1"], "GQ225", "you can't offer a reward for yourself"),
    (
        ["B S 1 21", "U 1 2"],
        "GQ226",
        "ship 1 flies to planet 21, which belongs to NEUTRAL as far as you know, "
        "not to player 2 (BETA)",
    ),
    (["B S 6 10", "U 6 2"], "GQ226", "ship 6 flies to planet 10, which is yours, not player 2's"),
    (["P 10 13 1"], "GQ227", "there is no facility type 13: types are 1-12"),
    (["P 10 0 1"], "GQ227", "there is no facility type 0: types are 1-12"),
    (["F 10 5 7"], "GQ228", "there is no research area 7: areas are 0-6"),
    (["N 10 4 1"], "GQ229", "there is no kit type 4: kit types are 5-8"),
    (["N 10 9 1"], "GQ229", "there is no kit type 9: kit types are 5-8"),
    (["N 10 6 1"], "GQ230", "planet 10 has no A-kits"),
    (["N 11 8 1"], "GQ230", "planet 11 has no F-kits"),
    (["G 0 0"], "GQ233", "you offer no reward to withdraw"),
    (["F 10 5 3"], "GQ234", "you have reached technology level 9 in ARMAMENT"),
    (
        ["P 11 8 1"],
        "GQ235",
        "the population of planet 11 (100) has no room for another factory: "
        "each needs 10 population",
    ),
    (
        ["P 10 8 10", "N 10 8 1"],
        "GQ235",
        "the population of planet 10 (500) has no room for another factory: "
        "each needs 10 population",
    ),
]


@pytest.mark.parametrize(("lines", "code", "message"), REJECTIONS)
def test_rejections(lines: list[str], code: str, message: str) -> None:
    orders, diags = check(*lines)
    assert len(orders) == len(lines) - 1
    (d,) = diags
    text = lines[-1]
    assert (d.code, d.severity) == (code, Severity.ERROR)
    assert d.message == f"{message}; command {text} rejected"
    assert (d.line, d.column) == (len(lines) + 1, 1)
    assert worst_rc(diags) == RC.ERROR


def test_no_planets_no_reward() -> None:
    state = small_state()
    for n in (10, 11, 12):
        state.planets[n].owner = "3"
    orders, diags = check("G 5 2", view=alpha_view(state))
    assert orders == []
    assert diags[0].code == "GQ231"
    assert diags[0].message == (
        "you own no planet, so you can offer no reward; command G 5 2 rejected"
    )


def test_one_planet_one_point() -> None:
    state = small_state()
    for n in (11, 12):
        state.planets[n].owner = "3"
    orders, diags = check("G 5 2", view=alpha_view(state))
    assert orders == [o.Reward(1, 2)]
    assert diags[0].message == "quantity 5 reduced to 1: you own only 1 planet, worth one point"


def test_transfer_to_a_planet_of_unknown_owner_is_accepted_with_a_warning() -> None:
    """3.8: "This command can only be used after a "Move" command for the ship, which sends
    the ship to one of the receiving player's planets." GAMMA's planet 30 is known to ALPHA,
    but no exploration report shows its owner: ALPHA cannot know it is GAMMA's, so the
    command is accepted with a warning that says so (the turn tells, if the planet is not
    the receiver's, that the transfer failed and why)."""
    orders, diags = check("B S 1 30", "U 1 3")
    assert orders == [o.Move("S", 1, 30), o.TransferShip(1, 3)]
    (d,) = diags
    assert (d.code, d.severity, d.line) == ("GQ401", Severity.WARNING, 3)
    assert d.message == (
        "no report of yours shows who owns planet 30: ship 1 goes to player 3 (GAMMA) only "
        "if the planet is theirs; if not, it flies there as yours and the printout says so"
    )
    assert check("B S 1 20", "U 1 2")[1] == []  # BETA's planet 20, explored: no warning


def test_rejection_quotes_the_command_as_written() -> None:
    _, diags = check("   b  s 1\t40")
    (d,) = diags
    assert d.column == 4
    assert d.message == "you know no planet 40; command B S 1 40 rejected"


def test_ships_are_numbered_per_player() -> None:
    # BETA's ship 1 is at 20; ALPHA's ship 1 is at 10 and moves, BETA's is no concern
    orders, diags = check("B S 1 20")
    assert orders == [o.Move("S", 1, 20)] and diags == []


def test_every_code_is_used_by_a_test() -> None:
    used = {"GQ100"} | {c for _, _, c, _ in CLAMPS} | {c for _, c, _ in REJECTIONS}
    used |= {"GQ231", "GQ236", "GQ309"}  # test_no_planets_no_reward, test_colonists_land...
    used |= {"GQ401", "GQ402"}  # test_transfer_to_a_planet_of_unknown..., test_a_second_reward
    assert used == set(CODES)
    assert all(CODES[c].meaning for c in CODES)


def test_return_codes() -> None:
    assert worst_rc(check("V 1")[1]) == RC.CLEAN
    assert worst_rc(check("G 10 2")[1]) == RC.WARNING
    assert worst_rc(check("G 10 2", "V 99")[1]) == RC.ERROR


def test_bad_header_makes_the_file_unusable() -> None:
    of = parse_order_bytes(b"GAME GC16 PLAYER 1\nV 1\nEND\n", "f")
    result = check_file(of, RULESET, alpha_view(), "1")
    assert result.rc == RC.UNUSABLE and result.orders == ()


# ---- samples --------------------------------------------------------------------------------

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "conqueror"


@pytest.mark.parametrize(
    ("sample", "found", "rc"),
    [
        ("clean.txt", [], RC.CLEAN),
        ("clamped.txt", [], RC.CLEAN),
        # a syntax-only check: the grammar's errors and the rule book's facts (layer 2)
        ("rejected.txt", ["GQ100", "GQ227", "GQ100", "GQ228"], RC.ERROR),
    ],
)
def test_samples_parse(sample: str, found: list[str], rc: RC) -> None:
    # checked without a game: games/gc16 has other numbers until it is bundled
    result = check_file(read_order_file(SAMPLES / sample), RULESET)
    assert [d.code for d in result.diagnostics] == found
    assert result.rc == rc and result.orders


def test_unusable_sample_is_unusable() -> None:
    result = check_file(read_order_file(SAMPLES / "unusable.txt"), RULESET)
    assert result.rc == RC.UNUSABLE and result.orders == ()


# ---- properties -----------------------------------------------------------------------------

NUMBERS = st.integers(min_value=0, max_value=60)
COMMANDS = st.one_of(
    st.builds(o.Move, st.sampled_from(["S", "T"]), NUMBERS, NUMBERS),
    st.builds(o.Load, st.sampled_from(["S", "T"]), NUMBERS, NUMBERS, NUMBERS),
    st.builds(o.Unload, st.sampled_from(["S", "T"]), NUMBERS, NUMBERS, NUMBERS),
    st.builds(o.SetClass, NUMBERS, NUMBERS, NUMBERS),
    st.builds(o.Invest, NUMBERS, NUMBERS, st.integers(0, 200)),
    st.builds(o.Scrap, NUMBERS),
    st.builds(o.Attach, NUMBERS, NUMBERS),
    st.builds(o.TransferShip, NUMBERS, NUMBERS),
    st.builds(o.Produce, NUMBERS, NUMBERS, NUMBERS),
    st.builds(o.Espionage, NUMBERS, st.integers(0, 200), NUMBERS),
    st.builds(o.Corruption, NUMBERS, st.integers(0, 200), NUMBERS),
    st.builds(o.Research, NUMBERS, st.integers(0, 200), NUMBERS),
    st.builds(o.Install, NUMBERS, NUMBERS, NUMBERS),
    st.builds(o.Reward, NUMBERS, NUMBERS),
)
SMALL = st.one_of(
    COMMANDS,
    st.builds(o.Move, st.sampled_from(["S", "T"]), st.integers(0, 9), st.sampled_from([10, 20])),
    st.builds(o.Load, st.sampled_from(["S", "T"]), st.integers(0, 9), st.integers(1, 9), NUMBERS),
    st.builds(o.Unload, st.sampled_from(["S", "T"]), st.integers(0, 9), st.integers(1, 9), NUMBERS),
    st.builds(o.Produce, st.sampled_from([10, 11]), st.integers(1, 12), NUMBERS),
    st.builds(o.Invest, st.just(10), st.integers(1, 3), NUMBERS),
    st.builds(o.Research, st.sampled_from([10, 11]), NUMBERS, st.integers(0, 6)),
    st.builds(o.Attach, st.integers(1, 8), st.integers(0, 9)),
)


def pu_spent(order: o.Order, fortress: int) -> tuple[int, int]:
    """(planet, PU) an accepted command takes, or (0, 0)."""
    if isinstance(order, o.Invest):
        return order.planet, order.pu
    if isinstance(order, o.Espionage | o.Corruption):
        return order.source, order.pu
    if isinstance(order, o.Research):
        return order.planet, order.pu
    if isinstance(order, o.Produce):
        cost = fortress if order.kind == 1 else FACILITIES[order.kind][1]
        return order.planet, order.amount * cost
    return 0, 0


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(SMALL, max_size=25))
def test_every_command_is_accepted_or_rejected_and_nothing_is_made_from_nothing(
    commands: list[o.Order],
) -> None:
    view = alpha_view()
    located = [Located(c, "f", i + 2, 1, c.text()) for i, c in enumerate(commands)]
    # layer 2, the book's facts, then layer 3 on the commands as the facts left them
    located, found = RULESET.facts(located)
    accepted, situation = check_orders(located, view, "1")
    diags = found + situation
    errors = [d for d in diags if d.severity is Severity.ERROR]
    rejected = {d.line for d in errors}
    assert len(accepted) + len(rejected) == len(commands)
    assert all(d.code in CODES and d.code != "GQ100" for d in diags)
    assert all(d.message.endswith(" rejected") for d in errors)
    # each accepted command is the written one or the same with a smaller quantity
    kept = [c for c, at in zip(commands, located, strict=True) if at.line not in rejected]
    for got, want in zip(accepted, kept, strict=True):
        assert type(got) is type(want)
        for name, value in vars(got).items():
            if isinstance(value, int):
                assert 0 <= value <= vars(want)[name]
    spent: dict[int, int] = {}
    for order in accepted:
        planet, pu = pu_spent(order, 6)
        spent[planet] = spent.get(planet, 0) + pu
    for planet in view["planets"]:
        assert spent.get(planet["number"], 0) <= planet["pu"]
