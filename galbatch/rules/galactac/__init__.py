"""Galac-Tac (Talisman Games): the ruleset `galactac` (see galbatch-galactac(7))."""
