"""Galactic Conqueror 2.03: the ruleset `conqueror`."""

from galbatch.rules.conqueror.ruleset import RULESET

__all__ = ["RULESET"]
