"""Immediate mode (game.yaml `immediate: true`, issue 25): "a game may opt in (game.yaml)
to run as soon as every player who owes orders has sent them, as GalaxyNG's immediate
mode does, which suits Interstellar Conquest's phases."

The bundled Interstellar Conquest game IC4 is at turn 2: GREEN (2) and YELLOW (4), the
allies invited to the battle, owe orders for turn 3; RED (1) and BLUE (3) owe none. Its
turn runs when the last owed file is saved through the web or filed by intake, not
before, and as `galbatch process` runs it: the same return code and archive.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from galbatch.cli.post import intake
from galbatch.engine.gamedir.commit import INTAKE_JOURNAL
from galbatch.engine.gamedir.directory import Game, GameFileError
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.job.immediate import run_if_all_sent
from galbatch.engine.job.run import process
from galbatch.web.app import create_app
from galbatch.web.config import WebConfig, find_games
from tests.bundled import shipped
from tests.test_post_support import letter, mbox

SECRET = "i" * 40
PASSWORDS = {"1": "balchoth-red", "2": "celegorm-green", "3": "druwaith-blue", "4": "gelmir-yellow"}
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
DATE = "Tue, 16 Jul 2002 10:00:00 +0000"  # after turn 2 (2002-07-15), before turn 3 is due


def body(game: Path, player: str) -> str:
    """The orders of the bundled game's file for `player`, less its header line."""
    return (shipped("nebula4") / "orders" / f"{player}.txt").read_text().split("\n", 1)[1]


def make(target: Path, immediate: bool | None) -> Path:
    """A copy of IC4 without the owed files of 2 and 4; `immediate` written if not None."""
    shutil.copytree(shipped("nebula4"), target)
    (target / "orders" / "2.txt").unlink()
    (target / "orders" / "4.txt").unlink()
    if immediate is not None:
        file = target / "game.yaml"
        text = file.read_text()
        anchor = "days_per_turn: 7\n"
        file.write_text(text.replace(anchor, f"{anchor}immediate: {str(immediate).lower()}\n"))
    return target


@pytest.fixture
def on(tmp_path: Path) -> Path:
    return make(tmp_path / "on" / "nebula4", True)


@pytest.fixture
def off(tmp_path: Path) -> Path:
    return make(tmp_path / "off" / "nebula4", None)


def site(game: Path) -> TestClient:
    found, ids = find_games([game])
    config = WebConfig(found, SECRET, ids=ids, failure_delay=0)
    return TestClient(create_app(config), follow_redirects=False)


def save(game: Path, player: str) -> str:
    """Log `player` in and save his orders (the bundled file's) through the web: the page."""
    with site(game) as client:
        token = CSRF.search(client.get("/login").text)
        assert token is not None
        data = {"game": "IC4", "player": player, "password": PASSWORDS[player], "csrf": token[1]}
        assert client.post("/login", data=data).status_code == 303
        token = CSRF.search(client.get("/action").text)
        assert token is not None
        form = {"orders": body(game, player), "action": "save", "csrf": token[1]}
        answer = client.post("/action", data=form)
        assert answer.status_code == 200, answer.text
        return answer.text


def latest(game: Path) -> int:
    return Game.open(game).latest_turn()


def tree(directory: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(directory)): p.read_bytes()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def test_the_setting_is_declared_and_checked(on: Path, off: Path) -> None:
    assert Game.open(on).immediate and not Game.open(off).immediate
    file = off / "game.yaml"
    file.write_text(
        file.read_text().replace("days_per_turn: 7\n", "days_per_turn: 7\nimmediate: yes please\n")
    )
    with pytest.raises(GameFileError, match="immediate: .* is not true or false"):
        Game.open(off)


def test_the_turn_runs_when_the_last_owed_file_is_saved_through_the_web(
    on: Path, off: Path
) -> None:
    first = save(on, "2")
    assert "has run" not in first and latest(on) == 2  # YELLOW still owes his
    last = save(on, "4")
    assert latest(on) == 3 and "turn 3 has run at once" in last
    assert "ALLY DEFENDER" not in last  # the next turn's sheet, empty
    # the same saves where the game did not opt in: nothing runs; process then runs it
    save(off, "2")
    assert "has run" not in save(off, "4") and latest(off) == 2
    result = process(off)
    assert result.committed is not None
    assert tree(on / "turns" / "003") == tree(off / "turns" / "003")
    assert sorted(p.name for p in (on / "orders").iterdir()) == sorted(
        p.name for p in (off / "orders").iterdir()
    )


def test_the_turn_runs_when_intake_files_the_last_owed_file_by_mail(
    on: Path, off: Path, tmp_path: Path
) -> None:
    assert "has run" not in save(on, "2") and latest(on) == 2
    save(off, "2")
    mail = letter(
        f'GAME IC4 PLAYER 4 PASSWORD "{PASSWORDS["4"]}"\n{body(on, "4")}',
        sender="yellow@example.org",
        date=DATE,
    )
    box = mbox(tmp_path / "in.mbox", [mail])
    done = CliRunner().invoke(intake, [str(on), str(box)])
    assert "FILED" in done.stdout and latest(on) == 3
    assert "IMMEDIATE  every player owing orders has sent them: turn 3 run" in done.stdout
    assert "IC4.T003" in done.stdout  # the job log, as process prints it
    quiet = CliRunner().invoke(intake, [str(off), str(box)])
    assert "FILED" in quiet.stdout and "IMMEDIATE" not in quiet.stdout and latest(off) == 2
    reference = process(off)
    assert tree(on / "turns" / "003") == tree(off / "turns" / "003")
    assert f"MAXCC={int(reference.rc):04d}" in done.stdout


def test_with_the_setting_off_nothing_runs(tmp_path: Path) -> None:
    game = make(tmp_path / "nebula4", False)
    save(game, "2")
    assert "has run" not in save(game, "4")
    assert latest(game) == 2 and run_if_all_sent(game) is None


def test_a_file_from_a_player_owing_none_runs_nothing(on: Path) -> None:
    """RED owes no orders for turn 3: his resend is filed, and the turn still waits."""
    assert "has run" not in save(on, "1")
    assert latest(on) == 2


def test_a_held_lock_leaves_the_run_to_its_holder(on: Path) -> None:
    """While another writer holds the game (a run under way), the filer does not wait
    for it nor race it: the next filing, or the GM's process, runs the turn."""
    save(on, "2")
    (on / "orders" / "4.txt").write_bytes((shipped("nebula4") / "orders" / "4.txt").read_bytes())
    with writer_lock(on):
        assert run_if_all_sent(on) is None
    assert latest(on) == 2
    ran = run_if_all_sent(on)
    assert ran is not None and ran.committed is not None and latest(on) == 3
    assert run_if_all_sent(on) is None  # the new turn: nobody has sent anything yet


def test_a_run_process_would_refuse_is_refused_the_same_way(on: Path) -> None:
    """A killed intake's journal makes `process` refuse the turn (RC 12, nothing changed):
    the immediate run is refused alike, and says so."""
    save(on, "2")
    (on / "orders" / "4.txt").write_bytes((shipped("nebula4") / "orders" / "4.txt").read_bytes())
    journal = on / INTAKE_JOURNAL
    journal.parent.mkdir(exist_ok=True)
    journal.write_text("{}")
    ran = run_if_all_sent(on)
    assert ran is not None and ran.committed is None and int(ran.rc) == 12
    assert "run galbatch intake first" in ran.log and latest(on) == 2
    assert ran.log == process(on).log
