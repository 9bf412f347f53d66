"""A scripted six-turn Galactic Conflict game on the small test galaxy.

It exercises every order, a conquest, a multi-player battle, a transfer, a
multi-turn move, reused builds, destruction and the game's end on turn 6.
"""

from __future__ import annotations

from pathlib import Path

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.job.run import TurnResult, process
from galbatch.rules import get_ruleset
from tests.conflict_world import NAMES, small_state

PASSWORDS = {pid: f"{name.lower()}-pw" for pid, name in NAMES.items()}
END_TURN = 6

# Orders by turn and player. World map: see tests/conflict_world.py.
SCRIPT: dict[int, dict[str, list[str]]] = {
    1: {
        "1": ["A,1,4,8", "B,1,C,2", "B,1,A,3", "P,1,6", "M,5,1,D,2", "E,8"],
        "2": ["A,2,4,6", "B,2,D,5", "B,2,F,5"],
        "3": ["B,3,P,2", "M,3,8,P,4", "P,3,2"],
        "4": ["A,7,5,7", "B,7,A,3", "T,7,ARCTURUS"],
    },
    2: {
        "1": ["D,1,C,1", "A,4,6,2", "G,5,1", "M,1,4,A,5"],
        "2": ["A,2,4,20", "M,2,6,D,3"],
        "3": ["B,3,A,10"],
        # REGULUS sends nothing: its builds at world 5 (conquered) are reused.
    },
    3: {
        "1": ["B,1,F,2", "B,1,D,2", "T,4,POLARIS", "X,1,2"],
        "2": ["P,2,1", "B,2,C,10"],
        "3": ["A,3,8,10", "B,3,C,10"],
        "4": ["A,5,1,99", "D,5,F,1", "B,5,C,2"],
    },
    4: {
        "1": ["A,1,2,20", "E,5"],
        "2": ["A,2,1,1", "B,2,A,8"],
        "3": ["B,3,C,10"],
    },
    5: {
        "1": ["B,1,C,10"],
        "2": ["B,2,C,10"],
        "3": ["D,3,C,5", "B,3,C,10"],
        "4": ["B,5,C,4"],
    },
    6: {
        "1": ["B,1,C,10"],
        "2": ["B,2,C,10"],
        "3": ["B,3,C,10"],
    },
}


def make_game(path: Path) -> Path:
    """The small galaxy as a game directory at turn 0, ending on turn 6."""
    state = small_state(turn=0, end_turn=END_TURN)
    state.players["4"].contacts = ("1",)
    state.players["2"].contacts = ("1",)
    infos = [PlayerInfo(p.id, p.name, p.account) for p in state.players.values()]
    install_game(
        path,
        get_ruleset("conflict"),
        state,
        infos,
        [PASSWORDS[i.id] for i in infos],
        game_id="script",
        seed=42,
        title="Galactic Conflict scripted game",
        gm="galbatch tests",
    )
    return path


def send(path: Path, turn: int) -> None:
    for pid, lines in SCRIPT.get(turn, {}).items():
        text = "\n".join([f'GAME script PLAYER {pid} PASSWORD "{PASSWORDS[pid]}"', *lines, "END"])
        (path / "orders" / f"{pid}.txt").write_text(text + "\n", encoding="utf-8")


def play(path: Path, pdf: bool = False) -> list[TurnResult]:
    """Play all scripted turns; --force since some turns have few order files."""
    make_game(path)
    results = []
    for turn in range(1, END_TURN + 1):
        send(path, turn)
        results.append(process(path, force=True, pdf=pdf))
    return results
