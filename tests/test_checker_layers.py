"""The checker's three layers, the same in every mode.

Layer 1 is the grammar, layer 2 the rule book's facts that need no game (each
ruleset's facts.py), layer 3 the player's situation. Every layer-2 fact of both
games is checked here in a syntax-only check (`--ruleset`), against the player's
view file (`--view`) and against the game (`--game`), on the bundled games: the
same diagnostic, code and message, in each. A fact is reported even where the
situation rejects the order too, and an order a fact rejects uses nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest

from galbatch.engine.checker.facts import Fact, Limit, NotAfter, Row
from galbatch.engine.checker.pipeline import FileCheck
from galbatch.engine.job.lint import check_one
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from galbatch.rules.conflict.facts import FACTS as CONFLICT_FACTS
from galbatch.rules.conqueror.facts import FACTS as CONQUEROR_FACTS
from galbatch.rules.galactac.facts import FACTS as GALACTAC_FACTS
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "conflict": "conflict-demo",
    "conqueror": "gc16",
    "galactac": "galaxy13",
    "galaktikos": "spiral6",
    "interstellar": "nebula4",
}
HEADERS = {
    "conflict": 'GAME conflict-demo PLAYER 1 PASSWORD "arcturus-1997"',
    "conqueror": 'GAME GC16 PLAYER 1 PASSWORD "arcturus-1997"',
    "galactac": 'GAME GT13 PLAYER 1 PASSWORD "arcturus-1313"',
    "galaktikos": 'GAME SP6 PLAYER 1 PASSWORD "red-2006"',
    "interstellar": 'GAME IC4 PLAYER 1 PASSWORD "balchoth-red"',
}
MODES = ("ruleset", "view", "game")

# (ruleset, lines, code): the last line breaks the fact of `code` for player 1 of the
# bundled game (ARCTURUS: world 55 in conflict-demo; planet 47 and ships 1 to 4, ship 4 a
# transport, in GC16; Grand Fenwick in galaxy13 at turn 1: Home System 27-94, ships 1001 to
# 1031, 1011 an FX at 27-93 with 10 PI). The lines before it, if any, are what the fact is
# about.
CASES: list[tuple[str, list[str], str]] = [
    # Galactic Conflict: ILLEGAL ORDERS, a quantity of 0 is meaningless
    ("conflict", ["A,55,33,0"], "CF203"),
    ("conflict", ["M,55,33,D,0"], "CF203"),
    ("conflict", ["D,55,F,0"], "CF203"),
    ("conflict", ["D,55,C,0"], "CF203"),
    # from one world to another
    ("conflict", ["A,55,55,5"], "CF204"),
    ("conflict", ["M,55,55,A,1"], "CF204"),
    ("conflict", ["P,55,55"], "CF204"),
    ("conflict", ["G,55,55"], "CF204"),
    # CODE NAMES: no player can be called so
    ("conflict", ["T,55,NEUTRAL"], "CF209"),
    ("conflict", ["T,55,AF"], "CF209"),
    ("conflict", ["T,55,THE GREAT NEBULA EMPIRE"], "CF209"),
    # PRODUCTION: one Econ increase a world a turn
    ("conflict", ["E,55", "E,55"], "CF207"),
    # Galactic Conqueror 3.2, 3.3 and table 5.3: cargo types 1-9
    ("conqueror", ["L S 4 10 1"], "GQ209"),
    ("conqueror", ["E S 4 0 1"], "GQ209"),
    # 3.1-3.3 and 3.7: task forces 1-50 for a command, 0-50 for Z
    ("conqueror", ["B T 0 158"], "GQ221"),
    ("conqueror", ["L T 51 1 0"], "GQ221"),
    ("conqueror", ["E T 99 9 0"], "GQ221"),
    ("conqueror", ["Z 1 51"], "GQ221"),
    # 3.4, 3.5 and 2.1.7: shipyards 1-3
    ("conqueror", ["W 47 4 7"], "GQ213"),
    ("conqueror", ["S 47 0 5"], "GQ213"),
    # 3.4, 2.1.7, 2.1.8 and table 5.1: ship classes 1-26, 0 for spares
    ("conqueror", ["W 47 1 27"], "GQ215"),
    # 3.9 and table 5.2: facility types 1-12
    ("conqueror", ["P 47 13 1"], "GQ227"),
    ("conqueror", ["P 47 0 1"], "GQ227"),
    # 3.12: research areas 0-6
    ("conqueror", ["F 47 10 7"], "GQ228"),
    # 3.13: kit types 5-8
    ("conqueror", ["N 47 4 1"], "GQ229"),
    ("conqueror", ["N 47 9 1"], "GQ229"),
    # 1, 3.8 and 3.14: players 1-50 (0 withdraws a reward)
    ("conqueror", ["U 1 0"], "GQ224"),
    ("conqueror", ["U 1 51"], "GQ224"),
    ("conqueror", ["G 5 51"], "GQ224"),
    # quantities that mean nothing at 0
    ("conqueror", ["S 47 1 0"], "GQ217"),
    ("conqueror", ["I 158 0 47"], "GQ217"),
    ("conqueror", ["K 158 0 47"], "GQ217"),
    ("conqueror", ["F 47 0 1"], "GQ217"),
    ("conqueror", ["P 47 1 0"], "GQ217"),
    ("conqueror", ["N 47 5 0"], "GQ217"),
    ("conqueror", ["G 0 2"], "GQ217"),
    # 3.14: a reward is at most 50 points (a reduction, not a rejection)
    ("conqueror", ["G 99 2"], "GQ306"),
    # 3.6: a ship scrapped is gone for the rest of the file
    ("conqueror", ["V 1", "B S 1 158"], "GQ220"),
    ("conqueror", ["V 4", "L S 4 1 1"], "GQ220"),
    ("conqueror", ["V 4", "E S 4 1 0"], "GQ220"),
    ("conqueror", ["V 1", "V 1"], "GQ220"),
    ("conqueror", ["V 1", "Z 1 3"], "GQ220"),
    ("conqueror", ["V 1", "U 1 2"], "GQ220"),
    # galactac: each fact of the book's that needs no game (galbatch-galactac(7))
    ("galactac", ["TO 1001 100-20"], "GT201"),
    ("galactac", ["CHART 1001 27-93 1002 23-100"], "GT201"),
    ("galactac", ["TO 10000 27-93"], "GT202"),
    ("galactac", ["JOIN 1012 10000"], "GT202"),
    ("galactac", ["SCOUT 1005 27-93 23-95 24-98 25-98 27-90"], "GT203"),
    ("galactac", ["BUILD 27-94 FX A B C D"], "GT203"),
    ("galactac", ["NAME 1001 PATH*FINDER"], "GT204"),
    ("galactac", ["COLONIZE 1011 27-93 Mars$II"], "GT204"),
    ("galactac", ["LOAD 1011 10 XP"], "GT205"),
    ("galactac", ["COMBAT 1021 7 1 1"], "GT206"),
    ("galactac", ["COMBAT 1021 1 5 1"], "GT207"),
    ("galactac", ["STANDING 1021 1 1 6"], "GT207"),
    ("galactac", ["MAP HALF"], "GT208"),
    ("galactac", ["BUILD 27-94 TOOLONG X"], "GT209"),
    ("galactac", ["CLASSIFY ZZ Bad 10Q//"], "GT210"),
    ("galactac", ["LOAD 1011 0 PI"], "GT211"),
    ("galactac", ["RESEARCH 27-94 0"], "GT211"),
    ("galactac", ["MAP WHOLE"] * 50 + ["SHIPYARD SSD-"], "GT212"),
    ("galactac", ["JOIN 1012 1012"], "GT213"),
    ("galactac", ["DECLASSIFY FX FX"], "GT213"),
    ("galactac", ["CAPITAL 25-98 X", "CAPITAL 23-95 Y"], "GT214"),
    ("galactac", ["BUILD 27-94 FX"], "GT215"),
    ("galactac", ["SHUTTLE 1012 27-94 27-94"], "GT216"),
    ("galactac", ["CLASSIFY ZY 1P//16-1"], "GT217"),
    ("galactac", ["CLASSIFY ZX Runner 1P//16-1", "CLASSIFY ZX Runner 1P//16-1"], "GT218"),
    # what a fact keeps with a warning: a name shortened, a name with '-', a rating read
    ("galactac", ["NAME 1002 ENTERPRISEPRIME1"], "GT301"),
    ("galactac", ["NAME 1004 PT-110"], "GT404"),
    ("galactac", ["CLASSIFY ZW Odd /;10/20-1"], "GT406"),
]


def write(tmp_path: Path, ruleset: str, lines: Sequence[str]) -> Path:
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / f"{ruleset}.txt"
    path.write_text("\n".join([HEADERS[ruleset], *lines, "END"]) + "\n")
    return path


def check_in(mode: str, ruleset: str, path: Path) -> FileCheck:
    """`galbatch check` of the file in one mode, as the command runs it."""
    game = shipped(GAMES[ruleset])  # a private copy of the bundled game, read only
    if mode == "ruleset":
        return check_one(path, ruleset=ruleset, game_dir=None, view_file=None)
    if mode == "view":
        view = sorted((game / "turns").iterdir())[-1] / "views" / "1.yaml"  # the latest
        return check_one(path, ruleset=None, game_dir=None, view_file=view)
    return check_one(path, ruleset=None, game_dir=game, view_file=None)


def said(check: FileCheck, line: int, code: str) -> list[tuple[int, int, Severity, str, str]]:
    return [
        (d.line, d.column, d.severity, d.code, d.message)
        for d in check.diagnostics
        if d.line == line and d.code == code
    ]


def case_id(case: tuple[str, list[str], str]) -> str:
    return f"{case[2]}:{' / '.join(case[1])}"


@pytest.mark.parametrize(("ruleset", "lines", "code"), CASES, ids=map(case_id, CASES))
def test_every_fact_is_the_same_in_every_mode(
    tmp_path: Path, ruleset: str, lines: list[str], code: str
) -> None:
    path = write(tmp_path, ruleset, lines)
    before = write(tmp_path / "before", ruleset, lines[:-1]) if len(lines) > 1 else None
    line = len(lines) + 1  # the header is line 1
    syntax_only = check_in("ruleset", ruleset, path)
    fact = said(syntax_only, line, code)
    assert fact, syntax_only.diagnostics
    (severity,) = {entry[2] for entry in fact}
    for mode in MODES:
        check = check_in(mode, ruleset, path)
        found = said(check, line, code)
        if severity is Severity.ERROR:
            # the same rejection, said once, and the order is not carried out
            assert found == fact, mode
            assert all(entry[4].endswith(" rejected") for entry in found)
            earlier = check_in(mode, ruleset, before).orders if before else ()
            assert check.orders == earlier, mode
        else:
            # the same reduction first; the situation may reduce further (GQ306)
            assert severity is Severity.WARNING
            assert found[: len(fact)] == fact, mode
            (order,) = check.orders
            assert type(order) is type(parse(ruleset, lines[-1]))


def parse(ruleset: str, line: str) -> object:
    from galbatch.engine.checker.pipeline import parse_orders

    data = f"{HEADERS[ruleset]}\n{line}\nEND\n".encode()
    (at,), diags = parse_orders(parse_order_bytes(data, "f"), get_ruleset(ruleset))
    assert diags == []
    return at.order


def kinds(row: Row) -> tuple[type, ...]:
    return row.later if isinstance(row, NotAfter) else row.orders


@pytest.mark.parametrize(
    ("ruleset", "table"), [("conflict", CONFLICT_FACTS), ("conqueror", CONQUEROR_FACTS)]
)
def test_every_fact_of_the_tables_has_a_case(ruleset: str, table: Sequence[Row]) -> None:
    """Each row of a facts table, for each kind of order it applies to, is among CASES."""
    cased = {(type(parse(ruleset, lines[-1])), code) for r, lines, code in CASES if r == ruleset}
    for row in table:
        assert isinstance(row, Fact | Limit | NotAfter)
        for kind in kinds(row):
            assert (kind, row.code) in cased, (kind.__name__, row.code)


# Galac-Tac's facts that count a whole file (facts.py, after its table): the 50 actions a
# fortnight and a code classified twice.
GALACTAC_FILE_FACTS = {"GT212", "GT218"}


def test_every_galactac_fact_has_a_case() -> None:
    """Galac-Tac's rows apply to every action (a location on the map, a ship ID, a name):
    each code has a case, written with an action of a kind its rows name."""
    cased = {code for r, _, code in CASES if r == "galactac"}
    assert {row.code for row in GALACTAC_FACTS} | GALACTAC_FILE_FACTS <= cased
    kinds_cased = {(type(parse("galactac", lines[-1])), code) for r, lines, code in CASES
                   if r == "galactac"}  # fmt: skip
    for code in {row.code for row in GALACTAC_FACTS}:
        rows = [row for row in GALACTAC_FACTS if row.code == code]
        assert all(isinstance(row, Fact | Limit | NotAfter) for row in rows)
        assert any((kind, code) in kinds_cased for row in rows for kind in kinds(row)), code


def sheet_lines() -> list[str]:
    """The rows of the rule book's two sample turn input sheets, as the book prints them."""
    from tests.test_galactac_language import MAIL_SHEET, WEB_SHEET

    return [text for text, _ in WEB_SHEET + MAIL_SHEET]


def test_the_rule_books_sample_sheets_give_the_same_facts_in_every_mode(tmp_path: Path) -> None:
    """`galbatch check --ruleset galactac` of the sample sheets finds the layer-2 codes that
    `--view` and `--game` find; those two add only the empire's situation (GT230 up)."""
    path = write(tmp_path, "galactac", sheet_lines())
    syntax_only = check_in("ruleset", "galactac", path).diagnostics
    facts = [(d.line, d.code, d.message) for d in syntax_only]
    # PT-110 and Mars II (GT404), DDI (GT407), 1010's LOAD then COLONIZE then SHUTTLE (GT405)
    assert {code for _, code, _ in facts} == {"GT404", "GT405", "GT407"}
    for mode in ("view", "game"):
        found = [(d.line, d.code, d.message) for d in check_in(mode, "galactac", path).diagnostics]
        assert [f for f in found if f[1] < "GT230" or f[1] >= "GT400"] == facts, mode
        assert any(code >= "GT230" for _, code, _ in found), mode  # 1523 is no ship of theirs


# ---- both layers ------------------------------------------------------------------------

BOTH = [
    # a ship not owned (GQ201) and a cargo type that does not exist (GQ209)
    ("conqueror", "L S 9 12 3", "GQ209", "GQ201"),
    # a planet not owned (GQ204) and a shipyard that does not exist (GQ213)
    ("conqueror", "S 158 5 10", "GQ213", "GQ204"),
    # a world not owned (CF202) sending to itself (CF204)
    ("conflict", "A,2,2,5", "CF204", "CF202"),
    # a LOAD of 0 PI (GT211) for a ship Grand Fenwick does not have (GT230)
    ("galactac", "LOAD 1105 0 PI", "GT211", "GT230"),
    # a BUILD without a name (GT215) at a System not Grand Fenwick's (GT232)
    ("galactac", "BUILD 99-15 FX", "GT215", "GT232"),
    # RED in spiral6 at round 2 (home 1303; BLUE holds 1922 with a fleet and population):
    # a growth of 0 (GK202) in BLUE's territory (GK230)
    ("galaktikos", "GROW 1922 0", "GK202", "GK230"),
    # a move of 0 fleets (GK202) from a hex where RED has none (GK236)
    ("galaktikos", "MOVE 0 FLEET 1922 1921", "GK202", "GK236"),
    # an attack with 0 fleets (GK202) from a hex where RED has none (GK242)
    ("galaktikos", "ATTACK FLEETS 2111 FROM 1922 0", "GK202", "GK242"),
    # the same hex named twice in a path (GK204) of a hex off the 2x-by-2x board (GK249)
    ("galaktikos", "MOVE 1 FLEET 1203 9999 9999", "GK204", "GK249"),
    # RED (ARCTURUS) in nebula4, attacking BLUE 3: a ship reclaimed to a tile that is no
    # planet (IC101) of GREEN's system (IC236)
    ("interstellar", "RECLAIM S TO GREEN 7", "IC101", "IC236"),
    # an attack of 0 ships (IC102) on a planet of a system not in the game (IC230)
    ("interstellar", "ATTACK PURPLE 2 WITH 0 M", "IC102", "IC230"),
    # a count of 0 healed (IC102) of RED's own ships, where another player is meant (IC231)
    ("interstellar", "HEAL RED 0", "IC102", "IC231"),
]


@pytest.mark.parametrize(("ruleset", "line", "fact", "situation"), BOTH)
def test_a_fact_is_reported_even_where_the_situation_rejects_too(
    tmp_path: Path, ruleset: str, line: str, fact: str, situation: str
) -> None:
    path = write(tmp_path, ruleset, [line])
    syntax_only = check_in("ruleset", ruleset, path)
    assert [d.code for d in syntax_only.diagnostics] == [fact]
    for mode in ("view", "game"):
        check = check_in(mode, ruleset, path)
        assert [d.code for d in check.diagnostics] == [fact, situation], mode
        assert all(d.severity is Severity.ERROR and d.line == 2 for d in check.diagnostics)
        assert check.orders == ()


def test_the_situation_never_repeats_a_facts_code(tmp_path: Path) -> None:
    """V 1 then B S 1: layer 3 finds ship 1 scrapped too (GQ220); it is said once."""
    path = write(tmp_path, "conqueror", ["V 1", "B S 1 158"])
    for mode in MODES:
        diags: tuple[Diagnostic, ...] = check_in(mode, "conqueror", path).diagnostics
        assert [(d.line, d.code) for d in diags] == [(3, "GQ220")], mode


@pytest.mark.parametrize(
    ("ruleset", "lines", "accepted"),
    [
        # 800 PU on planet 47: the refused production spends none of them
        ("conqueror", ["P 47 13 100", "F 47 800 1"], "F 47 800 1"),
        ("conqueror", ["S 47 9 10", "G 0 3", "F 47 800 1"], "F 47 800 1"),
        # 10 AF at world 55: the attack on itself takes none of them
        ("conflict", ["A,55,55,10", "A,55,33,10"], "A,55,33,10"),
        # 10 cargo bays on ship 1012: the LOAD of an unknown item fills none of them
        ("galactac", ["LOAD 1012 10 XP", "LOAD 1012 10 PI"], "LOAD 1012 10 PI"),
        # a CLASSIFY of a bad rating takes no place in the design table's file limit
        (
            "galactac",
            ["CLASSIFY ZZ Bad 10Q//", "CLASSIFY ZZ Runner 1P//16-1"],
            "CLASSIFY ZZ Runner 1P//16-1",
        ),
        ("conflict", ["M,55,55,A,10", "M,55,33,A,0", "A,55,33,10"], "A,55,33,10"),
    ],
)
def test_an_order_a_fact_rejects_uses_nothing(
    tmp_path: Path, ruleset: str, lines: list[str], accepted: str
) -> None:
    path = write(tmp_path, ruleset, lines)
    for mode in ("view", "game"):
        check = check_in(mode, ruleset, path)
        assert [order.text() for order in check.orders] == [accepted], mode
        assert all(d.severity is Severity.ERROR for d in check.diagnostics), mode


def test_a_reward_over_50_is_reduced_twice_against_a_game(tmp_path: Path) -> None:
    """3.14: at most 50 points (the book's, in every mode), and at most one a planet owned
    (the player's situation): ARCTURUS owns one planet at turn 0."""
    path = write(tmp_path, "conqueror", ["G 99 2"])
    assert check_in("ruleset", "conqueror", path).orders[0].points == 50
    check = check_in("game", "conqueror", path)
    assert check.orders[0].points == 1
    assert [d.message for d in check.diagnostics] == [
        "quantity 99 reduced to 50: the most anyone can offer is 50",
        "quantity 50 reduced to 1: you own only 1 planet, worth one point",
    ]


def test_a_limit_a_file_counts_only_orders_that_pass_the_facts(tmp_path: Path) -> None:
    """PRODUCTION: one Econ increase a world a turn. The second E,55 is rejected (CF207),
    and so is the third: the first, which passed every fact, still counts."""
    path = write(tmp_path, "conflict", ["E,55", "E,55", "E,55"])
    check = check_in("ruleset", "conflict", path)
    assert [(d.line, d.code) for d in check.diagnostics] == [(3, "CF207"), (4, "CF207")]
    assert len(check.orders) == 1


def test_a_syntax_only_check_on_the_command_line_reduces_a_reward_over_50(
    tmp_path: Path,
) -> None:
    """3.14 caps a reward at 50 points: `galbatch check --ruleset conqueror` says so of G 99 2."""
    import subprocess
    import sys

    path = write(tmp_path, "conqueror", ["G 99 2"])
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", str(path), "--ruleset", "conqueror"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 4, result.stdout + result.stderr
    assert result.stdout == (
        f"{path}:2:1: warning: [GQ306] quantity 99 reduced to 50: the most anyone can offer is 50\n"
    )


@pytest.mark.parametrize(
    ("ruleset", "table"),
    [("conflict", CONFLICT_FACTS), ("conqueror", CONQUEROR_FACTS), ("galactac", GALACTAC_FACTS)],
)
def test_every_fact_is_listed_in_the_man_page(ruleset: str, table: Sequence[Row]) -> None:
    """galbatch-<ruleset>(7) lists the facts that need no game, each code in its own entry."""
    page = (ROOT / "man" / f"galbatch-{ruleset}.7").read_text()
    listed = page.split(".SS Facts that need no game\n", 1)[1].split("\n.S", 1)[0]
    entries = set(re.findall(r"^\.TP\n\.B ([A-Z]{2}\d{3})$", listed, flags=re.MULTILINE))
    extra = GALACTAC_FILE_FACTS if ruleset == "galactac" else set()
    assert entries == {row.code for row in table} | extra
