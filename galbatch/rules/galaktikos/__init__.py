"""Galaktikos (Tom Olson): the ruleset `galaktikos`, being built (see its man page)."""

from galbatch.rules.galaktikos.ruleset import RULESET

__all__ = ["RULESET"]
