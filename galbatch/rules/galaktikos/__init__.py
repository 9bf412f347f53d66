"""Galaktikos (Tom Olson): the ruleset `galaktikos` (see galbatch-galaktikos(7))."""
