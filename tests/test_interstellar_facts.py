"""Interstellar Conquest's facts that need no game (layer 2): each code with its message
and the rule it names, standing orders checked as their action alone, a file's ALLY
orders on one side, and any tile or count a clean diagnostic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.cli.group import cli
from galbatch.engine.checker.pipeline import FileCheck
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.job.lint import check_one
from galbatch.engine.language.diagnostics import RC, Severity
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.codes import CODES
from galbatch.rules.interstellar.facts import FACTS, MAX_ORDERS
from tests.test_interstellar_language import ORDERS, check

ROOT = Path(__file__).resolve().parent.parent


def found(*lines: str) -> list[tuple[Severity, str, str]]:
    return [(d.severity, d.code, d.message) for d in check(*lines).diagnostics]


REJECTIONS: list[tuple[str, str, str]] = [
    ("RECLAIM M TO RED 6", "IC101", "RED 6 is no planet: a system's home worlds are the tiles"),
    ("ATTACK BLUE 0 WITH 1 M FROM BLUE 2", "IC101", "BLUE 0 is no planet"),
    ("ATTACK BLUE 3 WITH 1 M 1 L FROM RED 9", "IC101", "RED 9 is no planet"),
    ("ALLY RED WITH 1 M FROM GREEN 7", "IC101", "GREEN 7 is no planet"),
    ("DEAL RED COLONIZES BLUE 8", "IC101", "BLUE 8 is no planet"),
    ("IF ATTACKED AT BLUE 6 PLAY 3", "IC101", "(Setup 1)"),
    ("ATTACK BLUE 3 WITH 0 M FROM BLUE 2", "IC102", "a count of 0 is meaningless"),
    ("ALLY RED WITH 0 S", "IC102", "a count of 0"),
    ("DEAL RED GIVES 0 COINS", "IC102", "a count of 0"),
    ("DEAL BLUE RETURNS 0 SHIPS", "IC102", "a count of 0"),
    ("REWARD 0 SHIPS", "IC102", "a count of 0"),
    ("HEAL GREEN 0", "IC102", "a count of 0"),
    ("PLAY 0", "IC103", "there is no coin 0: attack coins are 1 to 5"),
    ("PLAY 6", "IC103", "(Play 7a, 7b)"),
    ("IF ATTACKED PLAY 9", "IC103", "there is no coin 9"),
    ("ATTACK BLUE 3 WITH 1 M FROM BLUE 2 AND 1 S FROM BLUE 2", "IC104", "named once"),
    ("ATTACK BLUE 3 WITH 1 M 2 M FROM BLUE 2", "IC104", "add their counts"),
    ("ALLY RED WITH 1 S 1 S", "IC104", "add their counts"),
    ("CANCEL 0", "IC105", "standing orders are numbered from 1"),
    ("DEAL RED GIVES 1 COIN, RED GIVES 2 COINS", "IC107", "each term of a deal is given once"),
    ("DEAL RED RETURNS 1 M, RED RETURNS 2 M", "IC107", "given once"),
    ("ALLY RED WITH 1 L 1 M FROM GREEN 2", "IC201", "allies may only offer colony ships and"),
    ("IF INVITED ALLY DEFENDER WITH 1 TRANSPORT", "IC201", "(Play 6b)"),
    ("ATTACK BLUE 3 WITH 1 L 2 S FROM RED 2", "IC202", "you must have a Warship in your fleet"),
    ("ATTACK AGAIN BLUE 3 WITH 1 S FROM BLUE 2", "IC202", "(ship chart, Play 3a)"),
    (
        "ATTACK BLUE 3 WITH 2 M FROM RED 2",
        "IC203",
        "you must have a Transport in your fleet to travel to another system (ship chart,"
        " Play 3b): ships from RED 2 go to BLUE 3 with no L",
    ),
    (
        "ATTACK BLUE 3 WITH 1 M FROM BLUE 1 AND 1 M FROM RED 4",
        "IC203",
        "ships from RED 4 go to BLUE 3",
    ),
    (
        "ATTACK BLUE 3 WITH 1 M FROM BLUE 3",
        "IC209",
        "ships already on BLUE 3 cannot attack it: the fleet comes to the planet it attacks",
    ),
    (
        "DEAL RED GIVES 1 COIN, BLUE GIVES 1 COIN, GREEN GIVES 1 COIN",
        "IC205",
        "a deal is between the two main combatants (Play 8): its terms name RED, BLUE, GREEN",
    ),
    ("DEAL RED COLONIZES RED 3", "IC206", "RED COLONIZES RED 3: a colony is a colony ship"),
    ("IF ATTACKED ALLY RED WITH 1 M", "IC207", "ALLY is never owed by a player ATTACKED"),
    ("IF ATTACKED REWARD COINS", "IC207", "the defender invites allies"),
    ("IF INVITED PLAY 3", "IC207", "PLAY is never owed by a player INVITED"),
    ("IF INVITED BY RED INVITE ALL", "IC207", "an invited player allies with one side"),
    ("IF ATTACKING RECLAIM M", "IC207", "RECLAIM is never owed by a player ATTACKING"),
    ("IF ATTACKING ATTACK BLUE 3 WITH L M FROM RED 2", "IC207", "attacks again (Play 4"),
    ("IF INVITED BY RED AGAINST RED DECLINE", "IC208", "BY and AGAINST name two players"),
]


@pytest.mark.parametrize(("text", "code", "message"), REJECTIONS)
def test_facts_reject(text: str, code: str, message: str) -> None:
    result = found(text)
    assert [(s, c) for s, c, _ in result] == [(Severity.ERROR, code)]
    assert message in result[0][2]
    assert result[0][2].endswith(f"; order {text.upper()} rejected")


@pytest.mark.parametrize(
    "text",
    [
        "ATTACK BLUE 3 WITH 1 L 1 M FROM RED 2",
        "ATTACK BLUE 3 WITH 1 M FROM BLUE 1",  # within the system: no transport needed
        "ATTACK GREEN ON RED 2 WITH 1 M FROM RED 1",  # a colony on one's home worlds
        "ATTACK BLUE 3 WITH 1 L FROM RED 2 AND 1 M FROM RED 4",  # the fleet's transport
        "ATTACK AGAIN YELLOW 5 WITH 1 L 1 M 2 S FROM RED 3",
        "ALLY RED WITH 2 S 3 M",
        "ALLY DEFENDER WITH 1 S FROM GREEN 1 AND 1 S FROM GREEN 2",
        "PLAY 1",
        "PLAY 5",
        "PLAY DIPLOMACY",
        "DEAL RED GIVES 2 COINS, BLUE RETURNS 1 M, BLUE RETURNS 1 S, RED COLONIZES BLUE 3",
        "DEAL NOTHING",
        "IF ATTACKED INVITE ALL",
        "IF ATTACKED BY RED AT BLUE 3 PLAY HIGHEST",
        "IF ATTACKING GREEN ATTACK AGAIN GREEN 2 WITH L M FROM RED 1",
        "IF ATTACKING PASS",
        "IF INVITED BY RED AGAINST BLUE ALLY RED WITH 2 M",
        "IF INVITED REWARD COINS",
        "IF INVITED HEAL GREEN ALL",
        "ALWAYS PLAY BEST",
        "ALWAYS RECLAIM L",
        "CANCEL 1",
    ],
)
def test_orders_the_book_allows_pass(text: str) -> None:
    assert found(text) == []


def test_every_order_of_the_language_tests_passes_every_fact() -> None:
    result = check(*(text for text, _ in ORDERS))
    assert result.diagnostics == ()
    assert len(result.orders) == len(ORDERS)


def test_every_fact_an_order_fails_is_reported() -> None:
    assert [c for _, c, _ in found("ATTACK BLUE 3 WITH 2 S 1 S FROM RED 2")] == [
        "IC104",
        "IC202",
        "IC203",
    ]


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("ATTACK RED 0 WITH 1 M FROM BLUE 1", ["IC101"]),  # not IC203 too: RED 0 is nowhere
        ("ATTACK BLUE 9 WITH 0 S 1 S FROM RED 2", ["IC101", "IC102"]),
        ("ATTACK BLUE 3 WITH 0 S 1 S FROM RED 2", ["IC102"]),  # no IC104, IC202, IC203
        ("ALLY RED WITH 1 L FROM GREEN 0", ["IC101"]),  # not IC201 too
        ("IF ATTACKED AT BLUE 6 ALLY RED WITH 1 M", ["IC101"]),  # not IC207 too
        ("IF INVITED PLAY 7", ["IC103"]),  # not IC207 too
    ],
)
def test_an_order_out_of_range_gets_that_diagnostic_alone(text: str, codes: list[str]) -> None:
    assert [c for _, c, _ in found(text)] == codes


def test_allying_with_both_sides_is_judged_against_the_table_not_by_the_facts() -> None:
    # which earlier ALLY stands takes the table (an ALLY it rejects must not count): the
    # checker's layer 3 judges IC204 (tests/test_interstellar_check.py)
    assert found("ALLY ATTACKER WITH 1 M", "ALLY DEFENDER WITH 1 S") == []
    assert found("ALLY RED WITH 1 M", "ALLY BLUE WITH 1 M") == []
    # standing orders answer by their conditions, one at a time
    assert (
        found("IF INVITED BY RED ALLY RED WITH 1 M", "IF INVITED BY BLUE ALLY BLUE WITH 1 M") == []
    )


def test_a_rejected_ally_does_not_choose_the_side() -> None:
    result = found("ALLY RED WITH 1 L", "ALLY BLUE WITH 1 M")
    assert [c for _, c, _ in result] == ["IC201"]


def test_rejected_orders_are_refused_and_the_others_kept() -> None:
    result = check("PLAY 7", "PLAY 3")
    assert list(result.orders) == [o.Play("3")]


def test_the_orders_past_the_limit_are_rejected() -> None:
    result = check(*(["PLAY 3"] * (MAX_ORDERS + 2)))
    assert len(result.orders) == MAX_ORDERS
    assert [(d.line - 1, d.code) for d in result.diagnostics] == [
        (MAX_ORDERS + 1, "IC109"),
        (MAX_ORDERS + 2, "IC109"),
    ]
    assert result.diagnostics[0].message == (
        f"only {MAX_ORDERS} orders a file are read; order PLAY 3 rejected"
    )


def test_every_code_below_230_has_a_row() -> None:
    """IC1xx and IC2xx up to IC229 are the grammar's (IC100) and the facts': a row each,
    but the 100 orders a file (IC109) and the side an ALLY joins (IC204, layer 3)."""
    below = {code for code in CODES if int(code[2:]) < 230}
    assert {row.code for row in FACTS} | {"IC100", "IC109", "IC204"} == below


TILE = st.integers(min_value=0, max_value=10**12)


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TILE, st.integers(min_value=0, max_value=10**30), TILE)
def test_any_tile_count_and_coin_are_a_clean_diagnostic(tile: int, count: int, coin: int) -> None:
    result = check(
        f"ATTACK BLUE {tile} WITH {count} M {count} L FROM RED {tile}",
        f"PLAY {coin}",
        f"DEAL RED GIVES {count} COINS",
    )
    assert all(re.fullmatch(r"IC[12][0-9]{2}", d.code) for d in result.diagnostics)
    bad = tile not in range(1, 6) or count == 0 or coin not in range(1, 6)
    assert bool(result.diagnostics) == bad


# ---- every fact the same in every mode: --ruleset, --view, --game -------------------------

PASSWORDS = {"1": "leyhe-red", "2": "leyhe-green", "3": "leyhe-blue", "4": "leyhe-yellow"}
HEADER = 'GAME IC4 PLAYER 1 PASSWORD "leyhe-red"'  # RED, Balchoth
MODES = ("ruleset", "view", "game")


def new_game(folder: Path) -> Path:
    """A new game of four in `folder` (RED, GREEN, BLUE, YELLOW; YELLOW moves first)."""
    path = folder / "IC4"
    settings = {"colours": "RED GREEN BLUE YELLOW"}
    create_game(
        path, "interstellar", 4, 1402, game_id="IC4", passwords=PASSWORDS, settings=settings
    )
    return path


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_game(tmp_path_factory.mktemp("ic"))


def check_in(mode: str, game: Path, path: Path) -> FileCheck:
    if mode == "ruleset":
        return check_one(path, ruleset="interstellar", game_dir=None, view_file=None)
    if mode == "view":
        view = game / "turns" / "000" / "views" / "1.yaml"
        return check_one(path, ruleset=None, game_dir=None, view_file=view)
    return check_one(path, ruleset=None, game_dir=game, view_file=None)


@pytest.mark.parametrize(("text", "code", "message"), REJECTIONS, ids=[r[0] for r in REJECTIONS])
def test_every_fact_is_the_same_in_every_mode(
    game: Path, tmp_path: Path, text: str, code: str, message: str
) -> None:
    path = tmp_path / "orders.txt"
    path.write_text(f"{HEADER}\n{text}\nEND\n", encoding="utf-8")
    said = []
    for mode in MODES:
        result = check_in(mode, game, path)
        said.append([(d.line, d.code, d.message) for d in result.diagnostics if d.code == code])
        assert result.orders == (), mode  # the order a fact rejects is never accepted
        assert result.rc is RC.ERROR
    assert said[0] == said[1] == said[2]
    assert [(line, c) for line, c, _ in said[0]] == [(2, code)]
    assert message in said[0][0][2]


def test_the_command_line_checks_the_facts_without_a_game(tmp_path: Path) -> None:
    path = tmp_path / "orders.txt"
    lines = ["PLAY 7", "ATTACK BLUE 3 WITH 2 M FROM RED 2", "ATACK BLUE 3", "PLAY 3"]
    path.write_text("\n".join([HEADER, *lines, "END"]) + "\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(path), "--ruleset", "interstellar"])
    assert result.exit_code == 8, result.output
    out = result.output.splitlines()
    assert [re.search(r"\[(IC[0-9]+)\]", line).group(1) for line in out] == [  # type: ignore[union-attr]
        "IC103",
        "IC203",
        "IC100",
    ]
    assert out[2].endswith("did you mean ATTACK?; order rejected")


@pytest.mark.parametrize(
    ("sample", "codes", "rc"),
    [
        ("clean", [], 0),
        ("defender", [], 0),
        ("ally", [], 0),
        ("standing", [], 0),
        ("clamped", [], 0),  # the reductions need the table
        ("rejected", ["IC202", "IC203", "IC101", "IC100"], 8),  # the rule book's facts
        ("unusable", ["GB012"], 12),
    ],
)
def test_the_samples_checked_without_a_game(sample: str, codes: list[str], rc: int) -> None:
    path = ROOT / "samples" / "interstellar" / f"{sample}.txt"
    result = CliRunner().invoke(cli, ["check", str(path), "--ruleset", "interstellar"])
    assert result.exit_code == rc, result.output
    assert re.findall(r"\[([A-Z]{2}[0-9]{3})\]", result.output) == codes
