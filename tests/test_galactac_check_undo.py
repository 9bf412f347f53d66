"""Galac-Tac's checker puts back a rejected action's changes from an undo log
(`check_stocks.Journal`) instead of copying every ship and system before each action:
the diagnostics and the actions accepted are those the copying checker gave (a speed
change only: a rejected action uses nothing, whatever it touched before it failed)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.rules.galactac import check as galactac_check
from galbatch.rules.galactac.check import Checker
from tests.test_galactac_check import FLEET, action_line, check


class CopyingChecker(Checker):
    """The checker as it was: a copy of every place and ship, the designs, the ships
    gone and leaving, before each action."""

    def save(self) -> Any:
        places = {k: replace(p) for k, p in self.places.items()}
        crafts = {k: replace(c) for k, c in self.crafts.items()}
        return places, crafts, dict(self.designs), set(self.gone), set(self.leaving)

    def restore(self, saved: Any) -> None:
        self.places, self.crafts, self.designs, self.gone, self.leaving = saved


def both(lines: list[str]) -> tuple[Any, Any]:
    """The check of the lines with the undo log, and with the copies."""
    logged = check(FLEET, *lines)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(galactac_check, "Checker", CopyingChecker)
        copied = check(FLEET, *lines)
    return logged, copied


def said(result: Any) -> list[str]:
    return [d.format() for d in result.diagnostics]


def test_a_rejected_action_puts_back_what_it_touched_first() -> None:
    """MISSILES at two systems, the second not the empire's: the PI the first had spent
    is back for the LOAD and the RESEARCH after it, as with the copies (without the
    undo, the RESEARCH would find no PI left)."""
    lines = ["MISSILES 85-23 485 99-15 337", "LOAD 1001 15 PI", "RESEARCH 85-23 1"]
    logged, copied = both(lines)
    assert logged.orders == copied.orders
    assert said(logged) == said(copied)
    assert [d.code for d in logged.diagnostics] == ["GT232"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(action_line(), min_size=1, max_size=50))
def test_the_undo_log_checks_as_the_copies_did(lines: list[str]) -> None:
    """Random files of up to the book's 50 actions, many rejected half-way: the same
    actions accepted and the same diagnostics, word for word."""
    logged, copied = both(lines)
    assert logged.orders == copied.orders
    assert said(logged) == said(copied)
