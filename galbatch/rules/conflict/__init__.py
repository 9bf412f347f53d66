"""Galactic Conflict: the ruleset `conflict`."""

from galbatch.rules.conflict.ruleset import RULESET

__all__ = ["RULESET"]
