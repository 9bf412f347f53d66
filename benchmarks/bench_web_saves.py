"""Time N saves made at once through a real `galbatch serve --workers W` (a script, not
a test).

Run from the project root: python benchmarks/bench_web_saves.py [--saves N] [--workers W]
[--rounds R]

Serves a copy of the bundled Galac-Tac game GT13 on a free port of 127.0.0.1; N clients
(the game's twelve players, in turn, each a session of his own) log in, then in each
round all save their orders at the same instant (each save checks the orders against
the player's view and files them under the game's writer lock). Prints the median of
the rounds: the wall-clock time for all N saves, saves a second, and the median and
slowest single save. Every save must be answered 200 and be the player's inbox file.
"""

from __future__ import annotations

import argparse
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import httpx2
from outcome import ENV, PYTHON, fail

from tests.bundled import shipped  # the game as git ships it (outcome puts tests/ on the path)

GAME = "galaxy13"
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def passwords() -> dict[str, str]:
    """The demo game's players and their passwords (its PASSWORDS.txt)."""
    text = (shipped(GAME) / "PASSWORDS.txt").read_text()
    return dict(line.split() for line in text.splitlines() if line and not line.startswith("#"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(games: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    env = {**ENV, "GALBATCH_WEB_SECRET": secrets.token_hex(32)}
    cmd = [*PYTHON, "-m", "galbatch.cli", "serve", str(games), "--port", str(port)]
    server = subprocess.Popen(
        [*cmd, "--workers", str(workers)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    for _ in range(600):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/login", timeout=5)
            return server
        except httpx2.TransportError:
            if server.poll() is not None:
                break
            time.sleep(0.05)
    server.terminate()
    fail("galbatch serve did not start", server.communicate(timeout=10)[1].decode())
    raise AssertionError  # fail() exits


def log_in(port: int, player: str, password: str) -> httpx2.Client:
    http = httpx2.Client(base_url=f"http://127.0.0.1:{port}", timeout=300, follow_redirects=False)
    token = CSRF.search(http.get("/login").text)
    form = {"game": "GT13", "player": player, "password": password}
    answer = http.post("/login", data={**form, "csrf": token[1] if token else ""})
    if answer.status_code != 303:
        fail(f"player {player} could not log in", f"{answer.status_code} {answer.text[-500:]}")
    return http


def orders(player: str, n: int) -> str:
    file = shipped(GAME) / "orders" / f"{player}.txt"
    body = file.read_text().split("\n", 1)[1] if file.exists() else "END\n"
    return f"# bench save {n}\n{body}"


def one_round(
    clients: list[tuple[str, httpx2.Client]], n: int
) -> tuple[float, list[float], list[str]]:
    """All clients save at once: the round's wall-clock time, each save's, what failed."""
    tokens = []
    for _, http in clients:
        token = CSRF.search(http.get("/action").text)
        tokens.append(token[1] if token else "")
    times: list[float] = []
    wrong: list[str] = []
    go = threading.Barrier(len(clients) + 1)

    def save(i: int) -> None:
        player, http = clients[i]
        go.wait()
        began = time.perf_counter()
        data = {"orders": orders(player, n), "action": "save", "csrf": tokens[i]}
        answer = http.post("/action", data=data)
        times.append(time.perf_counter() - began)
        if answer.status_code != 200 or "Saved" not in answer.text:
            wrong.append(f"player {player}: {answer.status_code} {answer.text[-300:]}")

    threads = [threading.Thread(target=save, args=(i,)) for i in range(len(clients))]
    for thread in threads:
        thread.start()
    go.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - began, times, wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--saves", type=int, default=24, help="saves made at once (24)")
    parser.add_argument("--workers", type=int, default=2, help="server workers (2)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, the median shown (5)")
    args = parser.parse_args()
    players = passwords()
    with tempfile.TemporaryDirectory() as tmp:
        games = Path(tmp) / "games"
        shutil.copytree(shipped(GAME), games / GAME)
        port = free_port()
        server = serve(games, port, args.workers)
        try:
            seats = [list(players)[i % len(players)] for i in range(args.saves)]
            clients = [(p, log_in(port, p, players[p])) for p in seats]
            rounds = []
            for n in range(args.rounds):
                took, times, wrong = one_round(clients, n)
                if wrong:
                    fail("a save was not filed", "\n".join(wrong))
                last = {p: orders(p, n) for p in seats}
                for p, text in last.items():
                    filed = (games / GAME / "orders" / f"{p}.txt").read_text()
                    if filed.split("\n", 1)[1] != text:
                        fail(f"player {p}'s inbox file is not his save", filed[:300])
                rounds.append((took, statistics.median(times), max(times)))
            for _, http in clients:
                http.close()
        finally:
            server.terminate()
            server.communicate(timeout=30)
    took = statistics.median(r[0] for r in rounds)
    print(
        f"{args.saves} saves at once, {args.workers} worker{'s' if args.workers > 1 else ''}, "
        f"median of {args.rounds} rounds: "
        f"{took:.2f} s for all ({args.saves / took:.1f} saves a second); one save "
        f"{statistics.median(r[1] for r in rounds) * 1000:.0f} ms median, "
        f"{statistics.median(r[2] for r in rounds) * 1000:.0f} ms the slowest"
    )


if __name__ == "__main__":
    main()
