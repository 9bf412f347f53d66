"""Time a 6-player Galaktikos round mid-game on the largest galaxy the ruleset makes.

Builds the game in code: the 31 x 29 galaxy `galbatch new` makes for ten players,
shared out among six, each holding the hexes nearest its home (core hexes stay
neutral); every holding settled to its capacity with a habitat in every third
hex, a shipyard in every fifth, fleets of 2 to 5 tokens in every fourth and
raiders in the nearest foreign hexes. Every player sends 40 orders (growth,
building, moves, a migration, attacks on fleets and populations, conversions and
standing orders) and `process` is timed with text only and with every PDF, the
median of a few runs, each on a fresh copy; the job's CPU time and its forked
workers' are given too, since the wall-clock time depends on what else runs.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from outcome import turn_done

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.job.run import process
from galbatch.rules import get_ruleset
from galbatch.rules.galaktikos.galaxy import MAX_PLAYERS
from galbatch.rules.galaktikos.hexes import Hex, distance, neighbours
from galbatch.rules.galaktikos.setup import new_game
from galbatch.rules.galaktikos.state import RoundState
from galbatch.rules.galaktikos.tables import HexType

PLAYERS = 6
SEED = 2006
ROUND = 12
RUNS = 3
ORDERS = 40


def mid_game() -> RoundState:
    """The largest galaxy, six players' holdings settled, built up and armed."""
    infos = [PlayerInfo(str(i), f"EMPIRE{i}", 1000 + i) for i in range(1, MAX_PLAYERS + 1)]
    state = new_game(SEED, infos, {})
    state.players = {p: state.players[p] for p in list(state.players)[:PLAYERS]}
    state.round = ROUND
    hexes = state.hexes()
    centre = Hex(state.width // 2, state.height // 2)
    ring = sorted(hexes, key=lambda h: (abs(distance(h, centre) - state.height // 3), h))
    homes: list[Hex] = []
    for h in ring:  # six homes spread round the core, as far apart as the ring allows
        if state.kind(h) is HexType.DENSE and all(distance(h, o) > 8 for o in homes):
            homes.append(h)
        if len(homes) == PLAYERS:
            break
    owners = list(state.players)
    for h in hexes:
        if state.kind(h) in (HexType.EMPTY, HexType.CORE):
            continue
        nearest = min(range(PLAYERS), key=lambda i: (distance(h, homes[i]), i))
        if distance(h, homes[nearest]) > 7:
            continue
        player = owners[nearest]
        state.territory[h] = player
        state.add(state.populations, h, player, state.capacity(h))
    held = {p: sorted(h for h, o in state.territory.items() if o == p) for p in owners}
    cols, rows = state.width, state.height
    for player, mine in held.items():
        state.players[player].resources = 400
        for n, h in enumerate(mine):
            if n % 3 == 0:
                state.infrastructure(state.habitats, h, 1)
                state.add(state.populations, h, player, 1)
            if n % 5 == 0:
                state.infrastructure(state.shipyards, h, 1)
            if n % 4 == 0:
                state.add(state.fleets, h, player, 2 + n % 4)
        border = [
            h
            for h in sorted(state.territory)
            if state.territory[h] != player
            and any(state.territory.get(x) == player for x in neighbours(h, cols, rows))
        ]
        for h in border[:4]:  # raiders in the nearest foreign hexes
            state.add(state.fleets, h, player, 3)
            owner = state.territory[h]
            if state.population(h, owner):
                state.occupations.setdefault(h, {})[owner] = player
    return state


def orders(state: RoundState, player: str) -> list[str]:
    """40 orders for one player, the kinds a round of a real game holds."""
    w, h = state.width, state.height
    mine = sorted(x for x, o in state.territory.items() if o == player)
    yards = [x for x in mine if state.shipyards.get(x)]
    fleets = sorted(x for x, row in state.fleets.items() if row.get(player))
    lines = ["REROLL OWN AT LEAST 3/4", "REROLL ENEMY AT MOST 1/4", "OBSTRUCT ALL ON"]
    lines += [f"BUILD FLEET {x.name}" for x in yards[:6]]
    lines += [f"GROW {x.name} 1" for x in mine[1:12:2]]
    lines += [f"BUILD HABITAT {x.name} 1" for x in mine[2:8:2]]
    for x in fleets:
        foes = [
            y
            for y in (x, *neighbours(x, w, h))
            if any(p != player for p in state.fleets.get(y, {}))
        ]
        if foes:
            lines.append(f"ATTACK FLEETS {foes[0].name} FROM {x.name} 1")
        elif state.territory.get(x) not in (None, player):
            lines.append(f"ATTACK POPULATION {x.name} WITH 1")
            lines.append(f"CONVERT {x.name}")
    for x in fleets[:8]:
        lines.append(f"MOVE 1 FLEET {x.name} TO {mine[len(mine) // 2].name}")
    lines.append(f"MIGRATE 1 POPULATION {mine[0].name} TO {mine[-1].name}")
    lines.append(f"BUILD SHIPYARD {mine[-1].name}")
    return lines[:ORDERS]


def turn_times() -> dict[bool, float]:
    """Median seconds of a full round: text only, and with PDFs."""
    ruleset = get_ruleset("galaktikos")
    state = mid_game()
    infos = [PlayerInfo(p, r.name, 1000 + int(p)) for p, r in state.players.items()]
    tokens = state.tokens()
    medians = {}
    with tempfile.TemporaryDirectory() as tmp:
        master = Path(tmp) / "gk"
        passwords = [f"pw{i.id}" for i in infos]
        install_game(master, ruleset, state, infos, passwords, game_id="GK", seed=SEED)
        print(
            f"{state.width} x {state.height} galaxy, {PLAYERS} players: "
            f"{len(state.territory)} hexes held, {len(state.populations)} settled, "
            f"{tokens['population']} population, {len(state.fleets)} fleets of "
            f"{tokens['fleet']} tokens, {tokens['habitat']} habitats, "
            f"{tokens['shipyard']} shipyards"
        )
        for info in infos:
            text = "\n".join(
                [f'GAME GK PLAYER {info.id} PASSWORD "pw{info.id}"', *orders(state, info.id), "END"]
            )
            (master / "orders" / f"{info.id}.txt").write_text(text + "\n")
        for pdf in (False, True):
            times, cpu, workers = [], [], []
            for run in range(RUNS):
                copy = Path(tmp) / f"run-{pdf}-{run}"
                shutil.copytree(master, copy)
                before = os.times()
                start = time.perf_counter()
                result = process(copy, pdf=pdf)
                times.append(time.perf_counter() - start)
                after = os.times()
                cpu.append(after.user + after.system - before.user - before.system)
                workers.append(
                    max(
                        0.0,
                        after.children_user
                        + after.children_system
                        - before.children_user
                        - before.children_system,
                    )
                )
                turn_done(result)
                if run == 0 and not pdf:
                    for line in result.log.splitlines():
                        if "CHECK" in line or "RESOLVE" in line:
                            print(line)
            medians[pdf] = statistics.median(times)
            print(
                f"{PLAYERS} players, {'all PDFs' if pdf else 'text only'}: "
                f"median {medians[pdf]:6.3f} s of {RUNS} "
                f"(min {min(times):6.3f}, max {max(times):6.3f}); "
                f"CPU: job {statistics.median(cpu):6.3f} s, "
                f"workers {statistics.median(workers):6.3f} s"
            )
    return medians


if __name__ == "__main__":
    turn_times()
