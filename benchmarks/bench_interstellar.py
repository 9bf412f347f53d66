"""Time 100 encounters of an 8-player Interstellar Conquest game driven by standing orders.

Each player sends one order file, of standing orders only, at the start: attack the
next player's world 1 with a transport and a warship from his world 1 (else 2, ...
5: a refused standing order gives way to the next that answers), or from a world of
the next player's taken to the next world there, invite
everybody when attacked, ally with the defender with a warship when invited (else
decline), play the highest coin (the Druwaith the best after the reveal), make no
deal, take ships as rewards, no second attack. The game then plays itself: each batch
run plays one round (eight player turns, house rule) and owes nobody, unless a standing
attack has become impossible (the ships moved): then that player alone owes, and sends
an attack from where his ships are (`fresh_attack`). Timed: the rules
alone (`resolve` until 100 encounters), and the engine (`process` runs, with every
printout as text, then with every PDF too), the median of a few games, each from a
fresh copy.
"""

from __future__ import annotations

import json
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from outcome import turn_done

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.job.run import process
from galbatch.engine.language.parsing import load_parser, parse_line
from galbatch.rules import get_ruleset
from galbatch.rules.interstellar.resolve import resolve
from galbatch.rules.interstellar.setup import new_game
from galbatch.rules.interstellar.state import GameState
from galbatch.rules.interstellar.tables import COLOURS

PLAYERS = 8
SEED = 2002
ENCOUNTERS = 100
RUNS = 3
SEATS = COLOURS[:PLAYERS]  # RED ... PURPLE: every race but the Seregon


def standing(colour: str) -> list[str]:
    """One player's standing orders."""
    target = SEATS[(SEATS.index(colour) + 1) % PLAYERS]
    coin = "BEST" if colour == "BLUE" else "HIGHEST"
    attacks = [f"ALWAYS ATTACK {target} 1 WITH 1 L 1 M FROM {colour} {w}" for w in range(1, 6)]
    attacks += [  # on from the worlds taken, round the next player's system
        f"ALWAYS ATTACK {target} {w % 5 + 1} WITH 1 L 1 M FROM {target} {w}" for w in range(1, 6)
    ]
    return [
        *attacks,
        "IF ATTACKED INVITE ALL",
        "IF INVITED ALLY DEFENDER WITH 1 M",
        "ALWAYS DECLINE",
        f"ALWAYS PLAY {coin}",
        "ALWAYS DEAL NOTHING",
        "ALWAYS REWARD SHIPS",
        "ALWAYS PASS",
    ]


def fresh_attack(state: GameState, player: str) -> str:
    """What a player the run waits for sends (his standing attack has become impossible,
    his ships having moved): a transport and a warship from where he has them, against
    the first planet of another system (from the next player's on) holding none of his."""
    colour = state.seat(player).colour
    mine = [k for k in sorted(state.ships) if state.at(k, player).total]
    transport = next(k for k in mine if state.at(k, player).large)
    warship = next(k for k in mine if state.at(k, player).medium)
    if transport == warship:
        fleet = f"1 L 1 M FROM {transport[0]} {transport[1]}"
    else:
        fleet = f"1 L FROM {transport[0]} {transport[1]} AND 1 M FROM {warship[0]} {warship[1]}"
    start = SEATS.index(colour)
    for step in range(1, PLAYERS):
        system = SEATS[(start + step) % PLAYERS]
        for world in range(1, 6):
            if not state.at((system, world), player).total:
                return f"ATTACK {system} {world} WITH {fleet}"
    raise AssertionError("no planet to attack")


def encounters(state: GameState) -> int:
    """The attacks a run made (the public events that tell them, not the attacker's own
    report of the order used)."""
    made = ("makes the attack", "makes the second attack")
    return sum(1 for e in state.events if e.kind == "attack" and any(m in e.text for m in made))


def rules_alone() -> tuple[float, int, int]:
    """Seconds for `resolve` to play 100 encounters (the orders parsed once), and the runs
    and player turns it took."""
    ruleset = get_ruleset("interstellar")
    parser = load_parser(ruleset.grammar, ruleset.transformer())
    infos = [PlayerInfo(str(i), f"P{i}", 1000 + i) for i in range(1, PLAYERS + 1)]
    state = new_game(SEED, infos, {"colours": " ".join(SEATS)})
    files = {
        s.id: [parse_line(parser, line, ruleset.terminal_words) for line in standing(s.colour)]
        for s in state.seats
    }
    start = time.perf_counter()
    done, runs = 0, 0
    orders: dict[str, list[Any]] = dict(files)
    while done < ENCOUNTERS and not state.finished:
        state = resolve(state, orders, Streams(SEED, state.turn + 1))
        orders = {
            p: [parse_line(parser, fresh_attack(state, p), ruleset.terminal_words)]
            for p in state.waiting
        }
        done += encounters(state)
        runs += 1
    return time.perf_counter() - start, runs, state.player_turn


def engine(pdf: bool) -> tuple[float, int]:
    """Seconds of `process` runs until 100 encounters, and the runs it took."""
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "ic"
        passwords = {str(i): f"pw{i}" for i in range(1, PLAYERS + 1)}
        create_game(
            game,
            "interstellar",
            PLAYERS,
            SEED,
            game_id="IC",
            passwords=passwords,
            settings={"colours": " ".join(SEATS)},
        )
        for i, colour in enumerate(SEATS, start=1):
            lines = [f'GAME IC PLAYER {i} PASSWORD "pw{i}"', *standing(colour), "END"]
            (game / "orders" / f"{i}.txt").write_text("\n".join(lines) + "\n")
        copy = Path(tmp) / "run"
        shutil.copytree(game, copy)
        ruleset = get_ruleset("interstellar")
        done, runs, elapsed = 0, 0, 0.0
        while done < ENCOUNTERS:
            start = time.perf_counter()
            result = process(copy, pdf=pdf)
            elapsed += time.perf_counter() - start
            turn_done(result)
            runs += 1
            data = json.loads((copy / "turns" / f"{result.turn:03d}" / "state.yaml").read_text())
            state = ruleset.load_state(data)
            done += encounters(state)
            if state.finished:
                break
            for p in state.waiting:
                lines = [f'GAME IC PLAYER {p} PASSWORD "pw{p}"', fresh_attack(state, p), "END"]
                (copy / "orders" / f"{p}.txt").write_text("\n".join(lines) + "\n")
        return elapsed, runs


def main() -> None:
    alone = [rules_alone() for _ in range(RUNS)]
    seconds = statistics.median(a[0] for a in alone)
    print(
        f"{PLAYERS} players, {ENCOUNTERS} encounters by standing orders: rules alone "
        f"median {seconds:6.3f} s of {RUNS} ({alone[0][1]} runs, {alone[0][2] - 1} player turns)"
    )
    for pdf in (False, True):
        times = [engine(pdf) for _ in range(RUNS)]
        median = statistics.median(t[0] for t in times)
        print(
            f"{PLAYERS} players, {ENCOUNTERS} encounters, process "
            f"{'with every PDF' if pdf else 'text only'}: median {median:6.3f} s of {RUNS} "
            f"({times[0][1]} runs; min {min(t[0] for t in times):6.3f}, "
            f"max {max(t[0] for t in times):6.3f})"
        )


if __name__ == "__main__":
    main()
