"""Galactic Conflict (Flying Buffalo): the ruleset `conflict` (see galbatch-conflict(7))."""
