"""A scripted ten-turn Galac-Tac game on a small hand-built galaxy, played through the
real engine: a game directory, one action file per empire and turn, `process`.

Three empires, each with the starting fleet of `galbatch new` (ships 1001 to 1029) and
100 PI at home; the research thresholds are low, so that tech level 2 comes in a few
turns:

    location  base PV  at the start
    20-20     10       ALPHA's Home System
    20-24     8        nobody's; ALPHA's colony, then Production System and capital
    23-20     6        nobody's; the other end of ALPHA's shuttle run
    16-18     4        nobody's
    20-40     10       BETA's Home System
    20-36     5        nobody's; BETA's colony
    40-30     10       GAMMA's Home System
    44-30     6        nobody's

The story, turn by turn:

1.  ALPHA names its empire and Home System, charts 20-24 and 23-20, loads 10 PI into
    freighter 1011 and 30 PI into 1012 and sends both to 20-24, classifies a hauler
    design HX and builds one, and spends 200 PI on research.
    BETA charts 20-36 and builds two freighters; GAMMA charts 44-30.
2.  ALPHA's 1011 starts to colonize 20-24 (it is there: 5 PI land now, 5 next turn),
    freighter 1013 starts a shuttle run between the Home System and 23-20, and 100 PI
    more of research crosses the threshold of tech level 2 (300 PI in all).
    BETA colonizes 20-36; its file has a reduced and a rejected action.
3.  ALPHA's colony is founded; ALPHA refits skirmisher 1021 to tech level 2 and
    classifies a tech level 2 design.
4.  ALPHA's 1012 develops the colony (15 PI a turn, two turns). GAMMA sends nothing.
5.  The colony becomes a Production System.
6.  ALPHA builds the tech level 2 design at the new Production System.
7.  ALPHA moves its capital to 20-24 (150 PI of the old Home System's).
8.  ALPHA builds at its new capital and asks for a Shipyard report.
9.  ALPHA asks for a PV map of its new capital.
10. Every empire builds missiles and researches.
"""

from __future__ import annotations

from pathlib import Path

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.job.run import TurnResult, process
from galbatch.rules import get_ruleset
from galbatch.rules.galactac.galaxy import parse_location
from galbatch.rules.galactac.setup import found_empire
from galbatch.rules.galactac.state import GameState, System

GAME_ID = "GTSCRIPT"
NAMES = {"1": "ALPHA", "2": "BETA", "3": "GAMMA"}
PASSWORDS = {pid: f"{name.lower()}-pw" for pid, name in NAMES.items()}
SEED = 13
END_TURN = 10
PDF_TURNS = (1, 7)  # the turns processed with PDFs too
THRESHOLDS = [0, 250, 1200, 3000, 6000, 10000]  # research PI for tech levels 1 to 6
STARS = {  # location: base PV
    "20-20": 10,
    "20-24": 8,
    "23-20": 6,
    "16-18": 4,
    "20-40": 10,
    "20-36": 5,
    "40-30": 10,
    "44-30": 6,
}
HOMES = {"1": "20-20", "2": "20-40", "3": "40-30"}

SCRIPT: dict[int, dict[str, list[str]]] = {
    1: {
        "1": [
            "NAME EMPIRE Grand Fenwick",
            "NAME 20-20 FenwickPrime 1001 PATHFINDER",
            "CHART 1001 20-24 1002 23-20",
            "LOAD 1011 10 PI",
            "TO 1011 20-24",
            "CLASSIFY HX Hauler /;;12/16-1",
            "BUILD 20-20 HX MULE",
            "RESEARCH 20-20 50",
        ],
        "2": ["NAME EMPIRE Beta Combine", "CHART 1001 20-36", "BUILD 20-40 FX CART1 CART2"],
        "3": ["CHART 1001 44-30", "MAP WHOLE"],
    },
    2: {
        "1": [
            "COLONIZE 1011 20-24 Eden",
            "SHUTTLE 1013 20-20 23-20",
            "RESEARCH 20-20 100",
        ],
        "2": [
            "LOAD 1011 10 PI",
            "COLONIZE 1011 20-36 Outpost",
            "LOAD 1012 25 PI",
            "DOWNGRADE 20-40",
        ],
        "3": ["LOAD 1011 10 PI", "TO 1011 44-30"],
    },
    3: {
        "1": ["RESEARCH 20-20 100", "CLASSIFY LN Lancer 4P//16-1", "CHART 1002 16-18"],
        "2": ["RESEARCH 20-40 50"],
        "3": ["COLONIZE 1011 44-30 Far"],
    },
    4: {
        "1": ["JOIN 1014 1015 1016", "DEVELOP 1014 20-24", "MISSILES 20-20 10"],
        "2": ["SHIPYARD CODE"],
    },
    5: {
        "1": ["REFIT 1021", "RESEARCH 20-20 50"],
        "2": ["RESEARCH 20-40 50"],
        "3": ["RESEARCH 40-30 50"],
    },
    6: {
        "1": ["NAME 1011 PIONEER"],
        "2": ["BUILD 20-40 SC1 EYE"],
    },
    7: {
        "1": ["BUILD 20-20 LN LANCER1"],
        "3": ["BUILD 40-30 DD1 KIRK"],
    },
    8: {
        "1": ["CAPITAL 20-24 New Fenwick", "DETACH 1015"],
        "2": ["MAP QUAD"],
    },
    9: {
        "1": ["BUILD 20-24 LN LANCER2 LANCER3", "SHIPYARD SSD-", "MAP PV 20-24"],
        "2": ["RESEARCH 20-40 100"],
        "3": ["RESEARCH 40-30 100"],
    },
    10: {
        "1": ["MISSILES 20-24 20", "RESEARCH 20-24 100", "TO 1021 16-18"],
        "2": ["MISSILES 20-40 20"],
        "3": ["MISSILES 40-30 20", "DECLASSIFY FXXX"],
    },
}


def script_state() -> GameState:
    """The galaxy above at turn 0, each empire founded as `galbatch new` founds it."""
    systems = {
        parse_location(where): System(parse_location(where), pv) for where, pv in STARS.items()
    }
    state = GameState(
        turn=0,
        thresholds=list(THRESHOLDS),
        masters_return=90,
        systems=dict(sorted(systems.items())),
        empires={},
    )
    for pid, name in NAMES.items():
        found_empire(state, PlayerInfo(pid, name, 100 + int(pid)), parse_location(HOMES[pid]))
    return state


def make_game(path: Path) -> Path:
    """The galaxy as a game directory at turn 0."""
    state = script_state()
    infos = [PlayerInfo(pid, name, 100 + int(pid)) for pid, name in NAMES.items()]
    install_game(
        path,
        get_ruleset("galactac"),
        state,
        infos,
        [PASSWORDS[i.id] for i in infos],
        game_id=GAME_ID,
        seed=SEED,
        title="Galac-Tac scripted game",
        gm="galbatch tests",
        settings={"min_players": 2, "max_players": 15, "stars": 100},
    )
    return path


def action_file(pid: str, lines: list[str]) -> str:
    header = f'GAME {GAME_ID} PLAYER {pid} PASSWORD "{PASSWORDS[pid]}"'
    return "\n".join([header, *lines, "END"]) + "\n"


def send(path: Path, turn: int) -> None:
    for pid, lines in SCRIPT.get(turn, {}).items():
        (path / "orders" / f"{pid}.txt").write_text(action_file(pid, lines), encoding="utf-8")


def play(path: Path) -> list[TurnResult]:
    """Play every scripted turn (--force: GAMMA sends nothing on turns 4, 6 and 8)."""
    make_game(path)
    results = []
    for turn in range(1, END_TURN + 1):
        send(path, turn)
        results.append(process(path, force=True, pdf=turn in PDF_TURNS))
    return results
