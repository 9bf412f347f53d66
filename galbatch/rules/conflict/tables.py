"""Galactic Conflict's numbers as the rule book gives them, one table per rule."""

from __future__ import annotations

# THE GAME: a game for 2 to 15 players.
PLAYER_COUNT = (2, 15)

# THE GAME: it ends on a random turn from 15 to 25, kept secret.
END_TURNS = (15, 25)

# PRODUCTION: what one Econ builds: 1 CP, 2 AF, 3 DF, 4 FT, 5 probes.
BUILD_YIELD: dict[str, int] = {"C": 1, "A": 2, "D": 3, "F": 4, "P": 5}

# MOVEMENT: all units move 3 hexes a turn.
SPEED = 3

# CODE NAMES: up to 20 characters and spaces.
NAME_LENGTH = 20
