"""A real calendar: a new game starts on the day it is made, recorded once in game.yaml,
so its turns are dated from that record (never from the clock) and its players' mail of
today is believed; a historical game keeps the date it is given."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.post.intake_record import FILED
from galbatch.post.mailin import intake
from tests.test_post_support import confirmations, letter, mbox


def galbatch(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *map(str, args)], capture_output=True, text=True
    )


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def days_around_now() -> set[str]:
    """Today, as the command saw it (a run may cross midnight)."""
    now = dt.date.today()
    return {str(now - dt.timedelta(days=1)), str(now), str(now + dt.timedelta(days=1))}


def test_a_new_game_starts_today_and_keeps_that_date(tmp_path: Path) -> None:
    path = tmp_path / "g"
    done = galbatch("new", "conqueror", path, "--players", "3", "--seed", "7", "--id", "GC16")
    assert done.returncode == 0, done.stderr
    start = Game.open(path).date_of(0)
    assert start in days_around_now()
    assert f"start: {start}" in (path / "game.yaml").read_text()
    printout = (path / "turns" / "000" / "printouts" / "1.txt").read_text()
    assert f"TURN 0  {start}" in printout, "turn 0 is dated the day it is made"
    assert "1997" not in printout.splitlines()[0]


def test_a_given_start_is_kept(tmp_path: Path) -> None:
    """The bundled historical games are made with their own dates."""
    path = tmp_path / "g"
    done = galbatch(
        "new", "conflict", path, "--players", "3", "--seed", "7", "--start", "1997-01-06"
    )
    assert done.returncode == 0, done.stderr
    assert Game.open(path).date_of(0) == "1997-01-06"


def test_todays_mail_to_a_game_made_today_is_believed(tmp_path: Path) -> None:
    """A genuine order mail of today is filed for turn 1 with no 'is not believed' note."""
    path = tmp_path / "gc16"
    made = galbatch(
        "new", "conqueror", path, "--players", "2", "--seed", "1997", "--id", "GC16",
        "--passwords", write(tmp_path / "pw.txt", "1 secret-one\n2 secret-two\n"),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    password = "secret-one"
    now = dt.datetime.now(dt.UTC).strftime("%a, %d %b %Y %H:%M:%S +0000")
    mail = letter(f'GAME GC16 PLAYER 1 PASSWORD "{password}"\nEND\n', date=now)
    result = intake(path, mbox(tmp_path / "in.mbox", [mail]))
    assert [e.outcome for e in result.entries] == [FILED]
    answers = b"".join(p.read_bytes() for p in (path / "outbox").glob("*.eml"))
    assert b"not believed" not in answers


def test_a_game_taking_sign_ups_starts_on_the_day_it_is_started(tmp_path: Path) -> None:
    path = tmp_path / "open"
    done = galbatch("new", "conqueror", path, "--open", "--seed", "3", "--id", "GC16")
    assert done.returncode == 0, done.stderr
    assert "start" not in read_signups(path / SIGNUPS_FILE).new, "no date chosen yet"
    sign = [
        letter(f"#ANM GC16 {who}\n", sender=f"{who}@example.org", date="Sat, 1 Feb 2025 10:00:00")
        for who in ("Zork", "Borg")
    ]
    assert galbatch("intake", path, mbox(tmp_path / "s.mbox", sign)).returncode == 0
    replies = confirmations(path, ["zork@example.org", "borg@example.org"])  # seats: replies
    assert galbatch("intake", path, mbox(tmp_path / "r.mbox", replies)).returncode == 0
    started = galbatch("start", path)
    assert started.returncode == 0, started.stderr
    assert Game.open(path).date_of(0) in days_around_now()


def test_a_game_opened_with_a_date_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "open"
    done = galbatch(
        "new", "conqueror", path, "--open", "--seed", "3", "--id", "GC16", "--start", "2027-01-04"
    )
    assert done.returncode == 0, done.stderr
    assert read_signups(path / SIGNUPS_FILE).new["start"] == "2027-01-04"
    sign = [
        letter(f"#ANM GC16 {who}\n", sender=f"{who}@example.org", date="Sat, 1 Feb 2025 10:00:00")
        for who in ("Zork", "Borg")
    ]
    assert galbatch("intake", path, mbox(tmp_path / "s.mbox", sign)).returncode == 0
    replies = confirmations(path, ["zork@example.org", "borg@example.org"])  # seats: replies
    assert galbatch("intake", path, mbox(tmp_path / "r.mbox", replies)).returncode == 0
    assert galbatch("start", path).returncode == 0
    assert Game.open(path).date_of(0) == "2027-01-04"
