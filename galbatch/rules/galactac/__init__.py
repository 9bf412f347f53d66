"""Galac-Tac (Talisman Games): the ruleset `galactac`, being built (see its man page)."""
