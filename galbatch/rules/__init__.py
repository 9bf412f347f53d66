"""The games galbatch plays, one package each, and the registry that finds them.

A ruleset is imported only when it is asked for, so `galbatch check` on one game
never imports another: each entry of `RULESETS` imports its game's `ruleset`
module when called. Every package has the same skeleton (see CONTRIBUTING.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from galbatch.engine.contract.ruleset import AnyRuleset


def _conflict() -> AnyRuleset:
    from galbatch.rules.conflict.ruleset import RULESET

    return RULESET


def _conqueror() -> AnyRuleset:
    from galbatch.rules.conqueror.ruleset import RULESET

    return RULESET


def _galactac() -> AnyRuleset:
    from galbatch.rules.galactac.ruleset import RULESET

    return RULESET


def _galaktikos() -> AnyRuleset:
    from galbatch.rules.galaktikos.ruleset import RULESET

    return RULESET


def _interstellar() -> AnyRuleset:
    from galbatch.rules.interstellar.ruleset import RULESET

    return RULESET


RULESETS: dict[str, Callable[[], AnyRuleset]] = {
    "conflict": _conflict,
    "conqueror": _conqueror,
    "galactac": _galactac,
    "galaktikos": _galaktikos,
    "interstellar": _interstellar,
}


class UnknownRuleset(LookupError):
    """No ruleset of that name."""


def did_you_mean(name: str) -> str:
    """` (did you mean conflict?)` for a misspelt ruleset name, or "" if none is close."""
    import difflib  # only a misspelt name needs it

    close = difflib.get_close_matches(name.lower(), sorted(RULESETS), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


def get_ruleset(name: str) -> AnyRuleset:
    """The named ruleset, its module imported on first use; UnknownRuleset if none."""
    ruleset = RULESETS.get(name.lower())
    if ruleset is None:
        known = ", ".join(sorted(RULESETS))
        raise UnknownRuleset(f"unknown ruleset {name!r}{did_you_mean(name)}; known: {known}")
    return ruleset()
