"""Galaktikos (Tom Olson): the ruleset `galaktikos`, being built (see its man page)."""
