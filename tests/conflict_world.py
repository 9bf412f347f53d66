"""Small Galactic Conflict states built in code for the tests."""

from __future__ import annotations

from galbatch.rules.conflict.state import GameState, Player, World

NAMES = {"1": "ARCTURUS", "2": "POLARIS", "3": "RIGEL", "4": "REGULUS"}


def small_state(turn: int = 0, end_turn: int = 20) -> GameState:
    """Four players and eight worlds on a 10x8 sheet.

    World 1 (ARCTURUS) at 0,0; 2 (POLARIS) at 3,0; 3 (RIGEL) at 9,7; 4 neutral at 1,0;
    5 (ARCTURUS) at 0,2; 6 neutral at 6,0; 7 (REGULUS) at 2,2; 8 (ARCTURUS, Econ 0) at 0,7.
    """
    worlds = [
        World(1, 0, 0, "1", econ=10, cp=2, af=10, df=15, ft=10, probes=5),
        World(2, 3, 0, "2", econ=10, af=16, df=3, ft=0, probes=5),
        World(3, 9, 7, "3", econ=10, af=9, df=15, ft=10, probes=5),
        World(4, 1, 0, None, econ=3, df=4, ft=2),
        World(5, 0, 2, "1", econ=4, af=3, df=2, ft=1, probes=0),
        World(6, 6, 0, None, econ=2, df=2),
        World(7, 2, 2, "4", econ=6, af=7, df=12, ft=9, probes=1),
        World(8, 0, 7, "1", econ=0),
    ]
    players = {pid: Player(pid, name, 1000 + int(pid)) for pid, name in NAMES.items()}
    players["1"].contacts = ("2", "4")
    return GameState(turn, end_turn, {w.number: w for w in worlds}, players, cols=10, rows=8)
