"""Intake killed at any point and run again ends as a run never killed (issue 24: "An
intake killed mid-run and run again answers differently from a clean run in 3 of 26
kills (the inbox already holds the killed run's later files)").

galbatch.post.mailin promises: "Each message is handled once, as the game's one
writer", and intake_record's commit: "a run killed before it handles the same messages
again, and every step before it gives the same bytes a second time". CONTRIBUTING.md:
"a kill at any instant leaves the game at turn N with its inbox intact, or at turn
N+1" and "Nothing a player sent is ever lost."
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from galbatch.cli.post import intake as intake_command
from galbatch.post import mailin
from galbatch.post.intake_commit import JOURNAL
from tests.test_post_support import letter, make_game, mbox, orders

ADDRESSES = {"1": "arcturus@example.org", "2": "polaris@example.org", "3": "rigel@example.org"}


class Killed(BaseException):
    """The kill: nothing in galbatch catches it, as nothing catches SIGKILL."""


def mail_for_a_turn(count: int) -> list[bytes]:
    """Order files of three players, each sent several times, arriving out of Date order
    (so a later file replaces an earlier one), with a wrong password and a HELP among them."""
    messages = []
    for i in range(count):
        player = str(i % 3 + 1)
        date = f"Mon, {10 + (i * 7) % 9} Feb 1997 {10 + i % 10}:00:00 +0000"
        body = orders(player, body=f"P 68 1 {i % 5 + 1}\n")
        messages.append(letter(body, sender=ADDRESSES[player], date=date))
    messages.append(letter(orders("2", password="guess"), sender="x@example.org"))
    messages.append(letter("", subject="HELP", sender="new@example.org"))
    return messages


# The game's verification key is drawn at random (as a password's salt is), and the record
# of files verified is keyed with it: compared by the players it names, not its bytes.
KEYED = ("verify-key", "verified.json")


def files(game: Path) -> dict[str, bytes]:
    """Every file of the game but its lock: the inbox, intake's records, log and answers
    (the record of verified files as the players it names)."""
    found = {}
    for f in sorted(game.rglob("*")):
        if not f.is_file() or f.name.endswith(".lock") or f.name == KEYED[0]:
            continue
        data = f.read_bytes()
        if f.name == KEYED[1]:
            data = json.dumps(sorted(json.loads(data)["tags"])).encode()
        found[str(f.relative_to(game))] = data
    return found


def run(game: Path, box: Path) -> int:
    done = CliRunner().invoke(intake_command, [str(game), str(box)])
    assert done.exception is None or isinstance(done.exception, SystemExit), done.output
    return done.exit_code


def killed_after(calls: int, real: Callable[..., Any]) -> Callable[..., Any]:
    """`real`, that kills the run at its call number `calls`."""
    count = [0]

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        if count[0] == calls:
            raise Killed
        return real(*args, **kwargs)

    return wrapper


@pytest.mark.slow
def test_a_run_killed_after_any_message_or_any_write_is_finished_by_the_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after each message is handled, and at each file written or renamed while
    the run commits, then run again: the inbox, the answers, the records, the log and
    the ledger are byte for byte a clean run's."""
    box = mbox(tmp_path / "in.mbox", mail_for_a_turn(7))
    clean = make_game(tmp_path / "clean")
    assert run(clean, box) == 4  # the wrong password
    want = files(clean)
    assert (clean / "orders" / "1.txt").is_file() and (clean / "intake" / "001").is_dir()
    points = [("handle", n) for n in range(1, 10)] + [("replace", n) for n in range(1, 30)]
    kills = 0
    for n, (where, calls) in enumerate(points):
        game = make_game(tmp_path / f"k{n}")
        with monkeypatch.context() as m:
            if where == "handle":
                m.setattr(mailin, "handle", killed_after(calls, mailin.handle))
            else:
                m.setattr(os, "replace", killed_after(calls, os.replace))
            try:
                run_killed = CliRunner().invoke(intake_command, [str(game), str(box)])
                kills += isinstance(run_killed.exception, Killed)
            except Killed:
                kills += 1
        run(game, box)
        assert files(game) == want, (where, calls)
        assert not (game / JOURNAL).exists()
    assert kills >= 30  # most points killed the run; the last ones come after its end


@pytest.mark.slow
def test_intake_killed_by_sigkill_at_random_instants_ends_as_a_clean_run(tmp_path: Path) -> None:
    """The real thing: `galbatch intake` SIGKILLed at instants spread over its run, then
    run again; every kill ends with the files of a run never killed."""
    box = mbox(tmp_path / "in.mbox", mail_for_a_turn(30))
    command = [sys.executable, "-m", "galbatch.cli", "intake"]
    clean = make_game(tmp_path / "clean")
    subprocess.run([*command, str(clean), str(box)], capture_output=True, check=False)
    want = files(clean)
    for n in range(8):
        game = make_game(tmp_path / f"k{n}")
        process = subprocess.Popen([*command, str(game), str(box)], stdout=subprocess.DEVNULL)
        time.sleep(0.4 + 0.12 * n)
        process.send_signal(signal.SIGKILL)
        process.wait()
        done = subprocess.run([*command, str(game), str(box)], capture_output=True, check=False)
        assert done.returncode in (0, 4), done.stderr
        assert files(game) == want, n


def test_another_writer_filing_as_intake_does_writes_at_once_after_a_killed_intake(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writer other than intake (the web's order page) files through filing.file_now: the
    file is in the inbox at once, and an intake a kill left half made durable is finished
    first, so that the next intake cannot put its older file over this one."""
    from galbatch.engine.gamedir.directory import Game
    from galbatch.post.config import post_settings
    from galbatch.post.filing import file_now
    from galbatch.post.intake_room import Room
    from galbatch.post.message import Letter

    game = make_game(tmp_path / "gc16")
    box = mbox(tmp_path / "in.mbox", [letter(orders("1", body="P 68 1 1\n"))])
    with monkeypatch.context() as m:
        m.setattr(os, "replace", killed_after(4, os.replace))  # message, answer, journal, then
        with pytest.raises(Killed):
            mailin.intake(game, box)
    assert (game / JOURNAL).is_file() and not (game / "orders" / "1.txt").exists()
    newer = orders("1", body="P 68 1 3\n").encode()
    opened = Game.open(game)
    room = Room(game, post_settings(opened.config), game=opened, latest=0, turn=1)
    kept = file_now(room, "1", newer, Letter(key="k", size=len(newer)))
    assert (game / "orders" / "1.txt").read_bytes() == newer
    assert kept.startswith("intake/001/replaced/1-") and not (game / JOURNAL).exists()
    run(game, box)
    assert (game / "orders" / "1.txt").read_bytes() == newer


def test_process_refuses_a_turn_while_a_killed_intakes_journal_stands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing a player sent is lost (CONTRIBUTING.md): while a killed intake's journal
    stands, the inbox may hold only part of that run's files, so `process` refuses the
    turn (12, nothing changed) and says to run intake, which finishes it; then it runs."""
    from galbatch.engine.job.run import process

    game = make_game(tmp_path / "gc16")
    box = mbox(tmp_path / "in.mbox", [letter(orders("1", body="P 68 1 1\n"))])
    with monkeypatch.context() as m:
        m.setattr(os, "replace", killed_after(4, os.replace))
        with pytest.raises(Killed):
            mailin.intake(game, box)
    assert (game / JOURNAL).is_file()
    before = files(game)
    refused = process(game, pdf=False, force=True)
    assert refused.rc == 12 and refused.committed is None
    assert "run galbatch intake first" in refused.log
    assert files(game) == before
    run(game, box)
    assert not (game / JOURNAL).exists()
    assert (game / "orders" / "1.txt").is_file()
    assert process(game, pdf=False, force=True).turn == 1
