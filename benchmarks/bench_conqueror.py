"""Time a full Galactic Conqueror turn at the rule book's maximum: 50 players, 200 ships each.

Builds the game in code (setup, then each player's fleet filled to 200 ships at
home), gives every player a command file (moves, loads, production, research,
shipyard investment), filed as the web's save files them once a login verified the
password (recorded, so the turn does not verify it again: engine.gamedir.verified), and
times `process` with text only and with every PDF; then with every PDF and the same
files as if dropped in orders/ by hand, each password verified by the turn's PBKDF2.
Target on the development machine: at most 2.5 seconds with all PDFs. Also times
the GM's field map of that game (2,500 planets) alone, at 80 and 132 columns:
its text pages, and its PDF pages.

Then the same turn at 200 players (40,000 ships), a stress test past the rule
book's 50, and the ratio of the two times (target: at most 4.5, linear in
players). Each turn's CPU time is given too, the job's own (its threads included)
and its forked workers', since the wall-clock time depends on what else the
machine runs. The game is generated in time linear in players: fleets are filled
and commands written from one index of homes, never a scan per player.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from unittest import mock

from outcome import fail, turn_done

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.newgame import install_game
from galbatch.engine.gamedir.verified import ledger_name
from galbatch.engine.job.run import process
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.engine.security.hashes import verify_password
from galbatch.print.maps.fields import field_atlas
from galbatch.print.page import BODY_LINES, MapBlock, Printout, Section, layout, render_text
from galbatch.print.pdf import render_pdf
from galbatch.rules import get_ruleset
from galbatch.rules.conqueror.printout import gm_map
from galbatch.rules.conqueror.setup import new_game
from galbatch.rules.conqueror.state import GameState, Planet, Ship
from galbatch.rules.conqueror.tables import MAX_PLAYERS, MAX_SHIPS
from galbatch.web.orders import save_orders

PLAYERS = 50
STRESS_PLAYERS = 200  # past the rule book's 50: setup is let through for the benchmark
RUNS = 3


def homes(state: GameState) -> dict[str, Planet]:
    """Each player's home planet, from one pass over the planets."""
    return {p.home: p for p in state.planets.values() if p.home is not None}


def full_fleets(state: GameState) -> None:
    """Fill every fleet to 200 ships of mixed classes at its home planet."""
    home_of = homes(state)
    sizes: dict[str, int] = {}
    for ship in state.ships:
        sizes[ship.owner] = sizes.get(ship.owner, 0) + 1
    for pid, player in state.players.items():
        home = home_of[pid]
        for _ in range(MAX_SHIPS - sizes.get(pid, 0)):
            n = player.next_ship
            state.ships.append(Ship(n, pid, [7, 8, 11, 14, 1, 4][n % 6], 0, 0, 0, home.number))
            player.next_ship += 1


def commands(state: GameState, pid: str, home: Planet, fleet: list[Ship]) -> list[str]:
    known = [n for n in state.players[pid].known if n != home.number]
    lines = [
        f"P {home.number} 2 20",
        f"P {home.number} 8 20",
        f"F {home.number} 100 6",
        f"S {home.number} 1 10",
        "L S 5 9 0",
        f"W {home.number} 1 11",
    ]
    for i, ship in enumerate(fleet[:60]):
        if known:
            lines.append(f"B S {ship.number} {known[i % len(known)]}")
    lines.append("Z 61 3")
    lines.append(f"B T 3 {known[0]}" if known else "")
    return [line for line in lines if line]


def field_map(state: GameState) -> None:
    """The GM's field map alone, as its printout builds it: text pages, then PDF pages."""
    for width in (80, 132):
        text, pdf, pages = [], [], 0
        for _ in range(RUNS):
            start = time.perf_counter()
            maps = field_atlas(gm_map(state), width, BODY_LINES)
            printout = Printout(
                "GC50", 0, "GM", width, (Section("MAP", tuple(map(MapBlock, maps))),)
            )
            laid = layout(printout)
            render_text(laid)
            text.append(time.perf_counter() - start)
            start = time.perf_counter()
            render_pdf(printout, laid)
            pdf.append(time.perf_counter() - start)
            pages = len(laid)
        print(
            f"GM field map, {width} columns, {pages} pages: text {statistics.median(text):5.3f} s,"
            f" PDF {statistics.median(pdf):5.3f} s"
        )


def arrived(game: Path, player: str, data: bytes) -> None:
    """File a player's order file as the web's save files it once his login verified his
    password (a PBKDF2, as intake's for a mailed file): recorded, so the turn need not
    verify it again."""
    stored = Game.open(game).password_hash(player)
    header = parse_order_bytes(data, "orders").header
    if header is None or not verify_password(header.password, stored):
        fail("filing the orders", f"player {player}'s password is not right")
    save_orders(game, player, data, stored)


def turn_times(players: int, with_map: bool = False) -> dict[bool, float]:
    """Median seconds of a full turn of a `players`-player game: text only, and with PDFs."""
    ruleset = get_ruleset("conqueror")
    infos = [PlayerInfo(str(i), f"PLAYER {i}", 1000 + i) for i in range(1, players + 1)]
    with mock.patch("galbatch.rules.conqueror.setup.MAX_PLAYERS", max(players, MAX_PLAYERS)):
        state = new_game(1997, infos, {})
    if with_map:
        field_map(state)
    full_fleets(state)
    home_of = homes(state)
    fleets: dict[str, list[Ship]] = {pid: [] for pid in state.players}
    for ship in state.ships:
        fleets[ship.owner].append(ship)
    medians = {}
    total_cpu: dict[bool, float] = {}  # with every PDF: filed, by hand
    with tempfile.TemporaryDirectory() as tmp:
        master = Path(tmp) / "gc50"
        passwords = [f"pw{i.id}" for i in infos]
        start = time.perf_counter()
        install_game(master, ruleset, state, infos, passwords, game_id="GC50", seed=1997)
        print(
            f"setup with turn-0 printouts: {time.perf_counter() - start:6.2f} s "
            f"({len(state.planets)} planets, {len(state.ships)} ships)"
        )
        for info in infos:
            text = "\n".join(
                [
                    f'GAME GC50 PLAYER {info.id} PASSWORD "pw{info.id}"',
                    *commands(state, info.id, home_of[info.id], fleets[info.id]),
                    "END",
                ]
            )
            arrived(master, info.id, (text + "\n").encode())
        for pdf, by_hand in ((False, False), (True, False), (True, True)):
            if by_hand and players != PLAYERS:
                continue
            times, cpu, workers = [], [], []
            for run in range(RUNS):
                copy = Path(tmp) / f"run-{pdf}-{by_hand}-{run}"
                shutil.copytree(master, copy)
                if by_hand:  # as if dropped in orders/ by hand: the turn verifies them all
                    (copy / ledger_name(1)).unlink()
                before = os.times()
                start = time.perf_counter()
                result = process(copy, pdf=pdf)
                times.append(time.perf_counter() - start)
                after = os.times()
                turn_done(result)
                cpu.append(after.user + after.system - before.user - before.system)
                workers.append(
                    after.children_user
                    + after.children_system
                    - before.children_user
                    - before.children_system
                )
            pages = sum(
                f.count(b"\f")
                for n, f in result.files.items()
                if n.startswith("printouts/") and n.endswith(".txt")
            )
            label = ("with all PDFs" if pdf else "text only    ") + (
                ", files dropped by hand" if by_hand else ""
            )
            if not by_hand:
                medians[pdf] = statistics.median(times)
            if pdf:
                total_cpu[by_hand] = statistics.median(
                    c + w for c, w in zip(cpu, workers, strict=True)
                )
            print(
                f"{players}-player turn, {label}: median {statistics.median(times):6.2f} s "
                f"({pages} printout pages, RC {int(result.rc)}); CPU "
                f"{statistics.median(cpu):6.2f} s in the job, {statistics.median(workers):5.2f} s "
                "in its workers"
            )
    if len(total_cpu) == 2:
        print(
            f"{players}-player turn with all PDFs, CPU job and workers: files filed as they "
            f"arrived {total_cpu[False]:5.2f} s, dropped by hand {total_cpu[True]:5.2f} s: "
            f"{total_cpu[False] / total_cpu[True]:4.2f} x"
        )
    return medians


def main() -> None:
    base = turn_times(PLAYERS, with_map=True)
    stress = turn_times(STRESS_PLAYERS)
    for pdf, label in ((False, "text only"), (True, "with all PDFs")):
        print(
            f"{STRESS_PLAYERS} / {PLAYERS} players, {label}: {stress[pdf] / base[pdf]:4.2f} x"
            f" (players x {STRESS_PLAYERS / PLAYERS:g}; target at most 4.5 x with PDFs)"
        )


if __name__ == "__main__":
    main()
