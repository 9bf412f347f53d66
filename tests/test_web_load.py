"""Play by web under load (issue 25, "Security and load"): "Several server workers, and
`serve` running beside `process`, `intake` and `check`, never corrupt a game or lose a
file (the game directory's lock serialises writers). A load test on 127.0.0.1 of many
players saving at once: every save filed, none lost."

A real `galbatch serve --workers 2` on a free port of 127.0.0.1 serves a copy of the
bundled Galac-Tac game GT13; every one of its twelve players logs in and saves his
orders again and again from a thread of his own, while `galbatch process`, `intake` and
`check` run once beside them. Afterwards each player's last save is his inbox file
byte for byte, every version a save replaced is kept where the post room keeps them (or
was taken by the turn), no answer was a server error, a save answered 409 (busy) only
while the run held the game, and the game goes on: `status` reads it, the next
`process` runs.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx2
import pytest

from tests.bundled import shipped
from tests.test_post_support import letter, mbox

pytestmark = pytest.mark.slow  # a minute of saves on a busy 2-core machine

GAME = "galaxy13"
PLAYERS = dict(  # every player of the game, and his password
    line.split()
    for line in (shipped(GAME) / "PASSWORDS.txt").read_text().splitlines()
    if line and not line.startswith("#")
)
SAVES = 9  # each player's saves at least: 108 in all, more while the run goes on
AFTER = 2  # saves each player still makes once the run is over
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


@dataclass
class Save:
    """One save as the player made it: its text, when it went and what came back."""

    text: str
    began: float
    ended: float
    code: int


@dataclass
class Player:
    id: str
    saves: list[Save] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def galbatch(*args: str, **more: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        **more,  # type: ignore[call-overload]
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def started(port: int, server: subprocess.Popen[bytes]) -> None:
    """Wait until the server answers (or fail with what it said)."""
    for _ in range(600):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/login", timeout=5)
            return
        except httpx2.TransportError:
            if server.poll() is not None:
                break
            time.sleep(0.05)
    server.terminate()
    _, err = server.communicate(timeout=10)
    pytest.fail(f"the server did not start: {err.decode(errors='replace')[-2000:]}")


def orders(player: str, n: int) -> str:
    """The text of the player's n-th save: his bundled orders (if the game ships a file of
    his), told apart by a comment."""
    shipped_file = shipped(GAME) / "orders" / f"{player}.txt"
    body = shipped_file.read_text().split("\n", 1)[1] if shipped_file.exists() else "END\n"
    return f"# load test: player {player}, save {n}\n{body}"


def filed(player: str, text: str) -> bytes:
    """The inbox file a save of `text` makes (the header line is the site's, its password
    masked once the login verified it)."""
    return f"GAME GT13 PLAYER {player} PASSWORD ********\n{text}".encode()  # masked, recorded


def sent(player: str, text: str) -> bytes:
    """The order file as the player keeps it, his password in clear."""
    return f"GAME GT13 PLAYER {player} PASSWORD {PLAYERS[player]}\n{text}".encode()


def body(data: bytes) -> bytes:
    """A file less its header line: what archived and kept copies (passwords masked)
    keep of a save as it was made."""
    return data.split(b"\n", 1)[1]


def play(port: int, me: Player, run_over: threading.Event) -> None:
    """Log in, then save: SAVES times at least, and AFTER more once the run is over. A
    save answered 409 (the game busy) is made again until it is filed."""
    try:
        with httpx2.Client(
            base_url=f"http://127.0.0.1:{port}", follow_redirects=False, timeout=120
        ) as http:
            token = CSRF.search(http.get("/login").text)
            assert token is not None
            form = {"game": "GT13", "player": me.id, "password": PLAYERS[me.id]}
            answer = http.post("/login", data={**form, "csrf": token[1]})
            assert answer.status_code == 303, answer.text
            n, after = 0, 0
            while n < SAVES or after < AFTER:
                over = run_over.is_set()
                n += 1
                text = orders(me.id, n)
                while True:
                    page = http.get("/action")
                    token = CSRF.search(page.text)
                    assert page.status_code == 200 and token is not None, page.text
                    began = time.monotonic()
                    answer = http.post(
                        "/action", data={"orders": text, "action": "save", "csrf": token[1]}
                    )
                    me.saves.append(Save(text, began, time.monotonic(), answer.status_code))
                    if answer.status_code != 409:
                        break
                    time.sleep(0.2)
                if answer.status_code != 200:
                    me.problems.append(f"save {n}: {answer.status_code} {answer.text[-500:]}")
                    return
                after += over
    except Exception as e:  # the thread's failure is the test's to report
        me.problems.append(f"{type(e).__name__}: {e}")


def beside(games: Path, tmp_path: Path) -> tuple[float, float, list[str]]:
    """`check`, `intake` and `process` run once each beside the saves: when the writers
    among them held the game (from intake's start to process's end), what went wrong."""
    game = games / GAME
    wrong: list[str] = []
    start = time.monotonic()
    sample = tmp_path / "1.txt"
    sample.write_bytes(sent("1", orders("1", 0)))  # a player's own copy: his password in it
    check = galbatch("check", str(sample), "--game", str(game))
    if check.returncode >= 12 or "Traceback" in check.stderr:
        wrong.append(f"check: {check.returncode} {check.stdout}{check.stderr}")
    box = mbox(tmp_path / "in.mbox", [letter("", subject="HELP")])
    mail = galbatch("intake", str(game), str(box))
    if mail.returncode not in (0, 4) or "Traceback" in mail.stderr:
        wrong.append(f"intake: {mail.returncode} {mail.stdout}{mail.stderr}")
    run = galbatch("process", str(game))
    end = time.monotonic()
    if run.returncode > 8 or "Traceback" in run.stderr:
        wrong.append(f"process: {run.returncode} {run.stdout}{run.stderr}")
    return start, end, wrong


def test_many_players_save_at_once_beside_process_intake_and_check(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    shutil.copytree(shipped(GAME), games / GAME)
    for name in (games / GAME / "orders").iterdir():
        name.unlink()  # every file of the turn comes from the web
    secret = tmp_path / "secret" / "web-secret"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "GALBATCH_WEB_SECRET"}
    # saves queue for the lock one after another: on a loaded machine twelve at once can
    # keep one waiting past the 10 s default, when it would be answered busy (409)
    env["GALBATCH_LOCK_WAIT"] = "120"
    server = subprocess.Popen(
        [sys.executable, "-m", "galbatch.cli", "serve", str(games), "--port", str(port)]
        + ["--workers", "2", "--secret-file", str(secret)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        started(port, server)
        players = [Player(p) for p in PLAYERS]
        run_over = threading.Event()
        threads = [threading.Thread(target=play, args=(port, p, run_over)) for p in players]
        for thread in threads:
            thread.start()
        while not all(len(p.saves) >= 3 for p in players) and any(t.is_alive() for t in threads):
            time.sleep(0.1)  # every player has a file in before the run
        start, end, wrong = beside(games, tmp_path)
        run_over.set()
        for thread in threads:
            thread.join(timeout=600)
    finally:
        server.terminate()
        _, err = server.communicate(timeout=30)
    log = err.decode("utf-8", "replace")
    assert not wrong, wrong
    assert not [p.problems for p in players if p.problems], [p.problems for p in players]
    assert "Traceback" not in log and " 500 " not in log
    assert log.count("Started server process") == 2  # two workers took the requests
    saves = [s for p in players for s in p.saves]
    assert sum(s.code == 200 for s in saves) >= len(PLAYERS) * SAVES
    for s in saves:  # refused only while another command held the game
        assert s.code in (200, 409)
        if s.code == 409:
            assert s.ended >= start and s.began <= end
    game = games / GAME
    assert (game / "turns" / "002" / "job.log").is_file()  # the run took the turn
    kept = {body(p.read_bytes()) for p in (game / "intake").glob("*/replaced/*.txt")}
    archived = {body(p.read_bytes()) for p in (game / "turns" / "002" / "orders").iterdir()}
    for p in players:
        done = [s for s in p.saves if s.code == 200]
        inbox = (game / "orders" / f"{p.id}.txt").read_bytes()
        assert inbox == filed(p.id, done[-1].text)  # his last save, byte for byte
        for s in done[:-1]:  # none lost: replaced and kept, or taken by the turn
            assert s.text.encode() in kept | archived, (p.id, s.text.splitlines()[0])
    status = galbatch("status", str(game))
    assert status.returncode == 0, status.stdout + status.stderr  # every file in
    assert f"ORDERS: {len(PLAYERS)} of {len(PLAYERS)} players owing orders sent" in status.stdout
    following = galbatch("process", str(game))
    assert following.returncode <= 8 and (game / "turns" / "003" / "job.log").is_file()
