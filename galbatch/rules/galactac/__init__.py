"""Galac-Tac (Talisman Games): the ruleset `galactac`, being built (see its man page)."""

from galbatch.rules.galactac.ruleset import RULESET

__all__ = ["RULESET"]
