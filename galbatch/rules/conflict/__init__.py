"""Galactic Conflict: the ruleset `conflict`."""
