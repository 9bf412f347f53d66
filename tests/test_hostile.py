"""Hostile and clumsy order files: bounded cost, bounded output, nothing shown raw."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from galbatch.engine.checker import pipeline as intake
from galbatch.engine.checker.pipeline import MAX_LISTED_ERRORS, cap, check_file, counts
from galbatch.engine.language.diagnostics import RC, Diagnostic, Severity, format_json, worst_rc
from galbatch.engine.language.orderfile import FILE_FINDINGS, MAX_ORDER_LINES, parse_order_bytes
from galbatch.engine.text.printable import escape, one_column, printable
from galbatch.print.page import Printout, Section, Table, Text, layout, render_text
from galbatch.rules import get_ruleset
from tests.hostile_files import CASES, fill
from tests.hostile_views import VIEWS

# Galac-Tac's file takes 50 actions (the rest are GT212 errors, capped with the others); a
# warning on each ship of each of them (GT405: a ship's [M] or [A] action replaced, up to
# five ships a line) is listed. Galaktikos's takes 100 orders: a warning on each standing
# order set again (GK401) is listed. Interstellar Conquest's takes 100 orders: a warning
# on each (a reduction, a coin not held) is listed.
WARNED_ACTIONS = {"galactac": 50 * 5, "galaktikos": 100, "interstellar": 100}


def check(ruleset: str, data: bytes, view: bool = True) -> intake.FileCheck:
    of = parse_order_bytes(data, "f")
    return check_file(of, get_ruleset(ruleset), VIEWS[ruleset] if view else None, "1")


def listed_errors(diags: tuple[Diagnostic, ...]) -> int:
    """Errors listed one by one about single orders."""
    return sum(d.severity.rc >= RC.ERROR and d.code not in {"GB005", *FILE_FINDINGS} for d in diags)


# --- bounded: the worst files under the size limit --------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("view", [False, True], ids=["syntax", "view"])
@pytest.mark.parametrize("case", sorted(CASES), ids=[f"{r}: {n}" for r, n in sorted(CASES)])
def test_the_worst_files_give_a_bounded_number_of_diagnostics(
    case: tuple[str, str], view: bool
) -> None:
    result = check(case[0], CASES[case], view)
    assert listed_errors(result.diagnostics) <= MAX_LISTED_ERRORS
    # and at most one GB005 and one of each finding about the whole file, besides a
    # warning on each action a ruleset takes at most
    most = MAX_LISTED_ERRORS + 1 + len(FILE_FINDINGS) + WARNED_ACTIONS.get(case[0], 0)
    assert len(result.diagnostics) <= most
    assert result.rc == worst_rc(result.diagnostics)
    assert len(result.orders) <= MAX_ORDER_LINES


@pytest.mark.slow
@pytest.mark.parametrize(
    "case",
    [
        ("conflict", "131,000 junk lines"),
        ("conqueror", "rejected commands"),
        ("galactac", "rejected actions"),
        ("galaktikos", "rejected orders"),
        ("interstellar", "rejected orders"),
    ],
)
def test_the_cap_keeps_the_return_code_and_the_counts(
    case: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    capped = check(case[0], CASES[case])
    monkeypatch.setattr(intake, "MAX_LISTED_ERRORS", 10**9)
    full = check(case[0], CASES[case])
    assert len(full.diagnostics) > MAX_LISTED_ERRORS + 1
    assert capped.rc == full.rc == RC.ERROR
    assert counts(capped.diagnostics) == counts(full.diagnostics)
    assert capped.diagnostics[:MAX_LISTED_ERRORS] == full.diagnostics[:MAX_LISTED_ERRORS]
    whole_file = [d for d in full.diagnostics if d.code in FILE_FINDINGS]
    assert whole_file == [d for d in capped.diagnostics if d.code in FILE_FINDINGS]
    assert [d.code for d in whole_file] == ["GB022"]
    hidden = len(full.diagnostics) - MAX_LISTED_ERRORS - len(whole_file)
    summary = capped.diagnostics[MAX_LISTED_ERRORS]
    assert summary.code == "GB005"
    assert summary.message == f"... and {hidden} more errors not listed"
    assert capped.orders == full.orders


def test_valid_orders_are_never_dropped_by_the_cap() -> None:
    # without a view, every P,5,6 is valid (E,5 is not: the rule book's facts, which run
    # in every mode, allow one Econ increase a world a turn)
    result = check("conflict", fill(b"P,5,6\nx\n"), False)
    assert len(result.orders) == MAX_ORDER_LINES // 2  # every P,5,6 up to the line limit
    assert listed_errors(result.diagnostics) == MAX_LISTED_ERRORS


def diag(line: int, severity: Severity) -> Diagnostic:
    return Diagnostic("f", line, 1, severity, "X1", "m")


def test_cap_counts_what_it_hides_with_the_worst_severity() -> None:
    diags = [diag(i, Severity.ERROR) for i in range(1, MAX_LISTED_ERRORS + 1)]
    assert cap(diags) == diags  # exactly the limit: nothing hidden
    tail = [diag(100, Severity.WARNING), diag(101, Severity.FATAL), diag(102, Severity.NOTE)]
    tail += [diag(103, Severity.ERROR), diag(104, Severity.WARNING)]
    capped = cap(diags + tail)
    assert capped[:-1] == diags
    last = capped[-1]
    assert (last.line, last.severity, last.code) == (100, Severity.FATAL, "GB005")
    assert last.message == "... and 2 more errors (and 2 warnings and 1 note) not listed"
    assert worst_rc(capped) == worst_rc(diags + tail) == RC.UNUSABLE
    assert counts(capped) == counts(diags + tail) == (2, MAX_LISTED_ERRORS + 2)
    with_file_findings = [*diags, *tail[:2], Diagnostic("f", 100, 1, Severity.WARNING, "GB020", "")]
    assert [d.code for d in cap(with_file_findings)[-2:]] == ["GB005", "GB020"]
    assert cap([*diags, with_file_findings[-1]]) == [*diags, with_file_findings[-1]]
    only_warnings = cap([*diags, diag(100, Severity.WARNING)])
    assert only_warnings[-1].message == "... and 1 more warning not listed"
    assert only_warnings[-1].severity is Severity.WARNING


def test_warnings_and_notes_before_the_last_listed_error_are_listed() -> None:
    diags = [diag(1, Severity.NOTE), diag(2, Severity.WARNING)]
    diags += [diag(i, Severity.ERROR) for i in range(3, MAX_LISTED_ERRORS + 3)]
    assert cap(diags) == diags


@pytest.mark.slow
def test_a_junk_file_gives_a_short_printout_in_a_turn(demo: Path) -> None:
    """The reported turn: 131,000 junk lines gave a 2,083-page printout."""
    from galbatch.engine.job.run import process

    header = b'GAME conflict-demo PLAYER 6 PASSWORD "vega-1997"\n'
    junk = header + b"x\n" * ((256 * 1024 - len(header)) // 2)
    (demo / "orders" / "6.txt").write_bytes(junk)
    result = process(demo, pdf=False)
    assert result.committed is not None
    printout = (demo / "turns/001/printouts/6.txt").read_text(encoding="utf-8")
    assert printout.count("\f") <= 4  # 3 with no order file; the 51 listed lines: 1 more
    assert "[GB005] ... and 1950 more errors not listed" in printout
    unread = junk.count(b"\n") - 1 - MAX_ORDER_LINES
    assert f"[GB022] more than 2000 order lines: the {unread} lines from line 2002" in printout
    gm = (demo / "turns/001/printouts/gm.txt").read_text(encoding="utf-8")
    section = gm.split("ORDER FILES")[-1].splitlines()
    row = next(line for line in section if line.split()[:2] == ["6", "VEGA"])
    assert row.split()[-2:] == ["0", "2001"]  # warnings, errors: all counted, not just listed
    check_line = next(line for line in result.log.splitlines() if "CHECK" in line)
    assert "2005 rejected" in check_line  # the demo's 4, and VEGA's 2001 hidden or not


# --- nothing from an order file is shown raw ---------------------------------------------

HOSTILE = "\x1b[2J\x07\u202eRIGEL\u202c\u2066\u200b\u00ad\ufeff\x85\u2028e\u0301\u4e2d\U0001f600"


def test_printable_escapes_what_is_not_one_column() -> None:
    assert printable("A,1,2,3 caf\u00e9 \u2026 \u20ac") == "A,1,2,3 caf\u00e9 \u2026 \u20ac"
    assert printable("\x1b\u202e\u4e2d\U0001f600e\u0301\t") == (
        "\\x1b\\u202e\\u4e2d\\U0001f600e\\u0301\\x09"
    )
    shown = printable(HOSTILE)
    assert shown.isascii() or all(one_column(ch) for ch in shown)
    assert printable(shown) == shown
    assert escape("\x00") == "\\x00"


def test_diagnostics_show_hostile_text_escaped() -> None:
    d = Diagnostic("orders/\u202e3.txt", 2, 1, Severity.ERROR, "CF209", f"no player {HOSTILE}")
    text = d.format()
    assert all(one_column(ch) for ch in text)
    assert "\\x1b[2J" in text and "\\u202e" in text and "\\u4e2d" in text
    data = json.loads(format_json([d], 8))["diagnostics"][0]
    assert data["file"] == "orders/\\u202e3.txt"
    assert all(one_column(ch) for ch in data["message"])


def test_hostile_order_lines_are_escaped_in_check_output() -> None:
    body = "".join(f"T,1,{ch}VEGA\nA,{ch}\n" for ch in HOSTILE)
    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + body + "END\n").encode()
    result = check("conflict", data)
    assert result.diagnostics
    for d in result.diagnostics:
        assert all(one_column(ch) for ch in d.format()), d.format()


def printout(lines: tuple[str, ...], width: int = 80) -> Printout:
    rows = tuple((line[:12], 7) for line in lines)
    return Printout(
        game="demo",
        turn=1,
        reader=f"PLAYER 1 {HOSTILE}",
        width=width,
        sections=(
            Section(f"ORDER CHECK {HOSTILE}", (Text(lines),)),
            Section("TABLE", (Table(("NAME", "N"), rows),)),
        ),
    )


@pytest.mark.parametrize("width", [80, 132])
def test_pages_are_exactly_their_width_whatever_the_text(width: int) -> None:
    lines = tuple(
        f"{ch * 3} orders/1.txt:{i}: error: [CF209] no player {HOSTILE * (i % 5)}"
        for i, ch in enumerate(HOSTILE + "\t\f\n\r\x0b")
    )
    pages = layout(printout(lines, width))
    for page in pages:
        assert len(page.lines) == 66
        for line in page.lines:
            assert len(line) == width and all(one_column(ch) for ch in line), repr(line)
    text = render_text(pages)
    assert text.count("\f") == len(pages) and text.endswith("\f")
    assert all(len(line) <= width for line in text.replace("\f", "\n").split("\n"))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(st.text(st.characters(blacklist_categories=["Cs"]), max_size=150), max_size=80),
    width=st.sampled_from([80, 132]),
)
def test_any_text_lays_out_one_character_a_column(lines: list[str], width: int) -> None:
    pages = layout(printout(tuple(lines), width))
    for page in pages:
        assert len(page.lines) == 66
        for line in page.lines:
            assert len(line) == width and all(one_column(ch) for ch in line), repr(line)


def test_a_pdf_of_hostile_text_is_drawn() -> None:
    from galbatch.print.pdf import render_pdf

    p = printout((f"no player {HOSTILE}",) * 3)
    assert render_pdf(p, layout(p)).startswith(b"%PDF")


# --- the terminal's encoding ---------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_legacy_terminal_encoding_never_fails_the_run(tmp_path: Path, fmt: str) -> None:
    orders = tmp_path / "\u20ac.txt"
    orders.write_text('GAME demo PLAYER 1 PASSWORD "x"\nA,1,\u20ac\nA,2,\u4e2d\u6587\nEND\n')
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", str(orders), "-r", "conflict"]
        + ["--format", fmt],
        capture_output=True,
        env=env,
    )
    assert result.returncode == 8, result.stderr
    out = result.stdout.decode("latin-1")
    assert "\\u20ac" in out  # what latin-1 cannot show, backslash-escaped
    if fmt == "json":  # where the escape is JSON's own: the same text comes back
        messages = [d["message"] for d in json.loads(out)["diagnostics"]]
        assert messages[0].startswith("found '\u20ac'")
        assert messages[1].startswith("found '\\u4e2d\\u6587'")  # wide: escaped by galbatch
    else:
        assert "found '\\u4e2d\\u6587'" in out
