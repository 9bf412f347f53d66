"""Galactic Conqueror 2.03: the ruleset `conqueror` (see galbatch-conqueror(7))."""
