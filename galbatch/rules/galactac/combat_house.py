"""Galac-Tac's combat: the numbers the rule book leaves out or contradicts (house
rules), each in one place; the book's own combat tables are in battle_tables.py."""

from __future__ import annotations

ROUNDS = 10  # BATTLE SEQUENCE: "divided into 10 segments called combat rounds"
