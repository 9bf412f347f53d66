"""How a Galaktikos round's checks and rules grow with the players (and the board).

For 2 to 8 players, a mid-game board on the galaxy `galbatch new` makes for that many
players (its size grows with them): each player holding the hexes nearest its home,
settled, built up and armed, raiders in its neighbours' border hexes, and sending the
orders of `bench_galaktikos.py` (up to 40). Timed in-process, as CPU time (the median
of a few runs, the sizes taking turns): every player's file checked against his view
(the checker's three layers; the views made as a turn makes them, sharing the public
board), the round resolved, and the files checked again less their MOVE and MIGRATE
lines (whose paths grow longer with the board). The growth exponent is the slope
of log time against log players, log actions and log board hexes; a round whose work
is linear in its actions has an exponent near 1 in actions.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_galaktikos_growth.py [RUNS]
"""

from __future__ import annotations

import gc
import math
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from bench_galaktikos import orders

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from galbatch.rules.galaktikos.hexes import Hex, distance, neighbours
from galbatch.rules.galaktikos.setup import new_game
from galbatch.rules.galaktikos.state import RoundState
from galbatch.rules.galaktikos.tables import HexType

SEED = 2006
PLAYERS = range(2, 9)
RUNS = 5
REPEAT = 3  # each timed run does the work this many times: a round takes milliseconds


def mid_game(players: int) -> RoundState:
    """The galaxy for `players`, every player's holding settled, built up and armed."""
    infos = [PlayerInfo(str(i), f"EMPIRE{i}", 1000 + i) for i in range(1, players + 1)]
    state = new_game(SEED, infos, {})
    state.round = 12
    centre = Hex(state.width // 2, state.height // 2)
    ring = sorted(state.hexes(), key=lambda h: (abs(distance(h, centre) - state.height // 3), h))
    homes: list[Hex] = []
    for gap in (8, 6, 4, 2):  # as far apart as the ring allows
        homes = []
        for h in ring:
            if state.kind(h) is HexType.DENSE and all(distance(h, o) > gap for o in homes):
                homes.append(h)
        if len(homes) >= players:
            break
    owners = list(state.players)
    for h in state.hexes():
        if state.kind(h) in (HexType.EMPTY, HexType.CORE):
            continue
        nearest = min(range(players), key=lambda i: (distance(h, homes[i]), i))
        if distance(h, homes[nearest]) <= 7:
            state.territory[h] = owners[nearest]
            state.add(state.populations, h, owners[nearest], state.capacity(h))
    for player in owners:
        state.players[player].resources = 400
        mine = sorted(h for h, o in state.territory.items() if o == player)
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
            and any(
                state.territory.get(x) == player for x in neighbours(h, state.width, state.height)
            )
        ]
        for h in border[:4]:  # raiders in the nearest foreign hexes
            state.add(state.fleets, h, player, 3)
            owner = state.territory[h]
            if state.population(h, owner):
                state.occupations.setdefault(h, {})[owner] = player
    return state


def cpu(works: list[Callable[[], Any]], runs: int) -> list[float]:
    """The median CPU seconds of each of `works`, run in turn `runs` times over: the
    sizes interleaved, so that a machine busier for a while slows every size alike."""
    times: list[list[float]] = [[] for _ in works]
    for _ in range(runs):
        for work, kept in zip(works, times, strict=True):
            gc.collect()
            start = time.process_time()
            work()
            kept.append(time.process_time() - start)
    return [statistics.median(kept) for kept in times]


def slope(xs: list[float], ys: list[float]) -> float:
    """The least-squares slope of log y against log x: the growth exponent."""
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = statistics.fmean(lx), statistics.fmean(ly)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly, strict=True)) / sum(
        (a - mx) ** 2 for a in lx
    )


def checks_of(
    ruleset: Any, state: RoundState, views: dict[str, Any], moving: bool
) -> tuple[Callable[[], Any], dict[str, list[Any]]]:
    """Every player's file checked against his view, and the orders accepted. Without
    `moving`, the files less their MOVE and MIGRATE lines: the moves run from the
    player's fleets to the middle of his territory, longer on a larger board, and a
    path search looks at the hexes between a move's ends."""
    texts = {
        p: "\n".join(
            [
                f'GAME GK PLAYER {p} PASSWORD "pw"',
                *(x for x in orders(state, p) if moving or not x.startswith(("MOVE", "MIGRATE"))),
                "END",
            ]
        )
        + "\n"
        for p in state.players
    }

    def check_all() -> Any:
        return {
            p: check_file(parse_order_bytes(t.encode(), p), ruleset, views[p], p)
            for p, t in texts.items()
        }

    return check_all, {p: list(found.orders) for p, found in check_all().items()}


def main(runs: int = RUNS) -> None:
    ruleset = get_ruleset("galaktikos")
    sizes, boards, actions, check_works, round_works = [], [], [], [], []
    still, still_works = [], []  # the files less their moves (see `checks_of`)
    for players in PLAYERS:
        state = mid_game(players)
        views = ruleset.views(state, list(state.players))  # as a turn makes them
        check_all, given = checks_of(ruleset, state, views, moving=True)
        resolve = lambda s=state, g=given: ruleset.resolve(s, g, Streams(SEED, s.round))  # noqa: E731
        sizes.append(players)
        boards.append(state.width * state.height)
        actions.append(sum(len(found) for found in given.values()))
        check_works.append(lambda work=check_all: [work() for _ in range(REPEAT)])
        round_works.append(lambda work=resolve: [work() for _ in range(REPEAT)])
        check_still, kept = checks_of(ruleset, state, views, moving=False)
        still.append(sum(len(found) for found in kept.values()))
        still_works.append(lambda work=check_still: [work() for _ in range(REPEAT)])
    checks = [t / REPEAT for t in cpu(check_works, runs)]
    rounds = [t / REPEAT for t in cpu(round_works, runs)]
    standing = [t / REPEAT for t in cpu(still_works, runs)]
    print(f"{'players':>7} {'hexes':>6} {'actions':>7} {'check s':>8} {'round s':>8}")
    for row in zip(sizes, boards, actions, checks, rounds, strict=True):
        print("{:>7} {:>6} {:>7} {:>8.4f} {:>8.4f}".format(*row))
    for name, ys, xs in (
        ("checks", checks, actions),
        ("round", rounds, actions),
        ("checks less moves", standing, still),
    ):
        print(
            f"{name}: time grows as players^{slope(sizes, ys):.2f}, "
            f"actions^{slope(xs, ys):.2f}, board hexes^{slope(boards, ys):.2f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else RUNS)
