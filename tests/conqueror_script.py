"""A scripted five-turn Galactic Conqueror game on a small hand-built field.

Three players whose homes are 12 to 14 apart, with a colony each side of them and a
few neutral planets in between, so that fleets meet within a turn or two:

    planet  position  at the start                          known to
    1       10,10     ALPHA's home                          ALPHA
    2       22,10     BETA's home                           BETA
    3       16,22     GAMMA's home                          GAMMA
    4       14,12     neutral, 1 fortress, nat. defence 1   ALPHA
    5       17,10     neutral, 2 fortresses                 BETA (ALPHA once 4 is his)
    6       11,15     ALPHA's colony (500 population)       ALPHA, GAMMA
    7       12,17     GAMMA's colony, 1 fortress, n.d. 1    GAMMA, ALPHA
    8       26,13     BETA's colony                         BETA
    9       30,30     neutral, far from everybody           nobody
    10      3,32      neutral, far from everybody           nobody

The story, turn by turn (every one of the 14 commands is used):

1. ALPHA forms task force 1 (Z) of its two class 14 ships and takes neutral 4
   (B T: assault and conquest); changes shipyard 1 from class 7 to 11 (W) and
   invests (S) enough for the first class 11 (built this turn); makes M-kits (P),
   loads colonists and the kits into transport 4 (L) and sends it to colony 6;
   scraps its class 7 ship 3 at home (V); reaches communication TL 1 (F).
   BETA builds a second shipyard (P 11) for spares (S), scraps its transport (V),
   forms task force 2 and offers 2 points reward for GAMMA (G).
   GAMMA gives its transport 2 to ALPHA (B then U) at ALPHA's colony 6.
2. ALPHA (task force 1 and ships 5, 6) and BETA (task force 2) both attack
   neutral 5: a space battle between them, then the survivor's assault on 5.
   ALPHA unloads colonists and M-kits at 6 (E) and installs the kits (N), spies on
   GAMMA's colony 7 with 100 PU (I; at PRE 2 that is sure success) while GAMMA
   guards it with 90 PU (so GAMMA surely notices), and corrupts his own new planet
   4 and GAMMA's colony 7 (K). The first class 11 moves to colony 6; a second is built.
3. ALPHA's class 11 ships (task force 3) conquer GAMMA's colony 7 and earn BETA's
   reward; at communication TL 2 ALPHA learns where GAMMA's home is.
   BETA's file has a reduced and a rejected command.
4. ALPHA spies on GAMMA's home 3, now known from planet 7: its secrets. GAMMA
   sends no commands.
5. ALPHA builds a fortress on planet 7 and keeps most of his PU: with the points for
   unused PU he reaches the final score, and the game ends.
"""

from __future__ import annotations

from pathlib import Path

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.job.run import TurnResult, process
from galbatch.rules import get_ruleset
from galbatch.rules.conqueror.field import between
from galbatch.rules.conqueror.state import GameState, Planet, Player, Ship, Shipyard
from galbatch.rules.conqueror.tables import COMMUNICATION_TABLE

GAME_ID = "gcscript"
NAMES = {"1": "ALPHA", "2": "BETA", "3": "GAMMA"}
PASSWORDS = {pid: f"{name.lower()}-pw" for pid, name in NAMES.items()}
END_TURN = 5
SEED = 7
# ALPHA has 324 after turn 4 and 418 after turn 5; BETA and GAMMA stay below 370.
FINAL_SCORE = 395
PDF_TURN = 3  # the one turn processed with PDFs

SCRIPT: dict[int, dict[str, list[str]]] = {
    1: {
        "1": [
            "Z 1 1",
            "Z 2 1",
            "B T 1 4",
            "W 1 1 11",
            "S 1 1 24",
            "P 1 3 10",
            "L S 4 9 10",
            "L S 4 5 10",
            "B S 4 6",
            "V 3",
            "F 1 50 1",
            "P 1 1 2",
        ],
        "2": [
            "P 2 11 10",
            "S 2 2 10",
            "V 4",
            "Z 1 2",
            "Z 2 2",
            "Z 3 2",
            "G 2 3",
            "F 2 100 6",
        ],
        "3": ["B S 2 6", "U 2 1", "F 3 150 0", "P 3 1 5"],
    },
    2: {
        "1": [
            "Z 5 1",
            "Z 6 1",
            "B T 1 5",
            "E S 4 9 0",
            "E S 4 5 0",
            "N 6 5 10",
            "I 7 100 1",
            "K 4 10 1",
            "K 7 20 1",
            "S 1 1 16",
            "B S 8 6",
        ],
        "2": ["B T 2 5", "S 2 2 10", "F 2 50 5"],
        "3": ["I 7 90 3", "P 3 2 5"],
    },
    3: {
        "1": ["Z 8 3", "Z 9 3", "B T 3 7", "S 1 1 16", "F 1 100 1"],
        "2": ["S 2 1 99", "W 2 1 9", "S 2 2 10", "X 5 5", "F 2 60 3"],
        "3": ["F 3 90 2"],
    },
    4: {
        "1": ["I 3 60 1", "S 1 1 16", "P 1 8 10", "F 1 20 2"],
        "2": ["S 2 1 10", "S 2 2 10", "F 2 80 4"],
    },
    5: {
        "1": ["S 1 1 16", "P 7 1 1"],
        "2": ["S 2 1 10", "F 2 90 5"],
        "3": ["F 3 100 6"],
    },
}


def home(number: int, x: int, y: int, owner: str, yard: int) -> Planet:
    """A home planet: 200 of every facility (200 PU a turn), 300 PU for the first turn."""
    return Planet(
        number,
        x,
        y,
        owner=owner,
        home=owner,
        pu=300,
        factories=200,
        mines=200,
        refineries=200,
        farms=200,
        population=20000,
        fortresses=10,
        spares=10,
        yards=[Shipyard(yard, 7, 0, False)],
    )


def neutral(number: int, x: int, y: int, fortresses: int, natural_defence: int) -> Planet:
    return Planet(
        number,
        x,
        y,
        population=1000,
        factories=10,
        mines=10,
        refineries=10,
        farms=10,
        fortresses=fortresses,
        natural_defence=natural_defence,
    )


def colony(number: int, x: int, y: int, owner: str, population: int) -> Planet:
    n = population // 100
    return Planet(
        number,
        x,
        y,
        owner=owner,
        pu=n,
        population=population,
        factories=n,
        mines=n,
        refineries=n,
        farms=n,
        fortresses=1,
        natural_defence=1,
    )


FLEETS = {  # ship classes in ship-number order; all start in orbit of the home planet
    "1": [14, 14, 7, 1, 12, 12],
    "2": [8, 8, 12, 1, 7],
    "3": [7, 1, 8],
}
AT = {("3", 2): 7}  # GAMMA's transport waits at colony 7


def script_state() -> GameState:
    """The field above at turn 0, with what each player knows within radius 5."""
    planets = [
        home(1, 10, 10, "1", 30),
        home(2, 22, 10, "2", 10),
        home(3, 16, 22, "3", 10),
        neutral(4, 14, 12, 1, 1),
        neutral(5, 17, 10, 2, 3),
        colony(6, 11, 15, "1", 500),
        colony(7, 12, 17, "3", 2000),
        colony(8, 26, 13, "2", 1000),
        neutral(9, 30, 30, 3, 5),
        neutral(10, 3, 32, 4, 5),
    ]
    state = GameState(
        turn=0,
        final_score=FINAL_SCORE,
        width=40,
        height=40,
        planets={p.number: p for p in planets},
        players={pid: Player(pid, name, 2000 + int(pid)) for pid, name in NAMES.items()},
    )
    homes = {"1": 1, "2": 2, "3": 3}
    for pid, classes in FLEETS.items():
        for number, ship_class in enumerate(classes, start=1):
            at = AT.get((pid, number), homes[pid])
            state.ships.append(Ship(number, pid, ship_class, 0, 0, 0, at))
        state.players[pid].next_ship = len(classes) + 1
    radius = COMMUNICATION_TABLE[0].radius
    for pid, player in state.players.items():
        mine = state.owned_by(pid)
        player.known = sorted(
            p.number for p in planets if any(between(p, m) <= radius for m in mine)
        )
    for planet in planets:
        planet.ships_in_orbit = sum(s.position == planet.number for s in state.ships)
    return state


def make_game(path: Path, final_score: int = FINAL_SCORE) -> Path:
    """The field as a game directory at turn 0."""
    state = script_state()
    state.final_score = final_score
    infos = [PlayerInfo(p.id, p.name, p.account) for p in state.players.values()]
    install_game(
        path,
        get_ruleset("conqueror"),
        state,
        infos,
        [PASSWORDS[i.id] for i in infos],
        game_id=GAME_ID,
        seed=SEED,
        title="Galactic Conqueror scripted game",
        gm="galbatch tests",
    )
    return path


def command_file(pid: str, lines: list[str]) -> str:
    header = f'GAME {GAME_ID} PLAYER {pid} PASSWORD "{PASSWORDS[pid]}"'
    return "\n".join([header, *lines, "END"]) + "\n"


def send(path: Path, turn: int) -> None:
    for pid, lines in SCRIPT.get(turn, {}).items():
        (path / "orders" / f"{pid}.txt").write_text(command_file(pid, lines), encoding="utf-8")


def play(path: Path, final_score: int = FINAL_SCORE) -> list[TurnResult]:
    """Play every scripted turn (--force: GAMMA sends nothing on turn 4)."""
    make_game(path, final_score)
    results = []
    for turn in range(1, END_TURN + 1):
        send(path, turn)
        results.append(process(path, force=True, pdf=turn == PDF_TURN))
    return results
