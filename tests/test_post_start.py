"""A game that takes sign-ups before it exists: `new --open`, sign-ups by mail, `start`, the
welcome mails, first orders by mail, turn 1 and the mail out, all through the command."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from galbatch.cli.group import cli
from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.post.mailin import intake
from galbatch.post.replies import OUTBOX, SENT
from galbatch.post.signups import open_signups
from galbatch.post.start import SCRATCH, open_game, start_game
from tests.test_post_mailout import Collector, smtp_server  # noqa: F401  # the fixture
from tests.test_post_signups import parsed
from tests.test_post_signups import text_of as body
from tests.test_post_support import confirmations, letter, mbox

SIGNUPS = [
    ("zork@example.org", "Hello!\n\n#ANM GC16 Zork Empire\n\nZ.\n", "Sat, 01 Feb 1997 10:00:00"),
    ("borg@example.org", "#ANM GC16 The Borg\n", "Sat, 01 Feb 1997 11:00:00"),
    ("zork@example.org", "#ANM GC16 Zork Again\n", "Sat, 01 Feb 1997 12:00:00"),
    ("vogon@example.org", "#anm gc16 Vogons\n", "Sun, 02 Feb 1997 09:00:00"),
]


def galbatch(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The galbatch command in a fresh interpreter, as a GM runs it."""
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
    )


def open_gc16(tmp_path: Path, *more: str) -> Path:
    path = tmp_path / "gc16"
    done = galbatch(
        "new", "conqueror", path, "--open", "--seed", "1997", "--id", "GC16", "--players", "3",
        "--start", "1997-02-12", "--days", "7", "--gm", "Example Games", *more,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"{path / SIGNUPS_FILE}: taking sign-ups for game GC16 (conqueror, seed 1997)",
        "each player mails a line '#ANM GC16 <name>', then answers the confirmation code "
        f"intake mails back; then: galbatch start {path}",
    ]
    return path


@pytest.mark.slow
def test_open_sign_ups_start_play_and_mail_out(
    tmp_path: Path,
    smtp_server: tuple[int, Collector],  # noqa: F811
) -> None:
    port, collector = smtp_server
    path = open_gc16(tmp_path)
    assert sorted(p.name for p in path.iterdir()) == [SIGNUPS_FILE], "no game yet"
    listed = read_signups(path / SIGNUPS_FILE)
    assert (listed.game, listed.ruleset, listed.limit) == ("GC16", "conqueror", 3)
    assert listed.new == {
        "seed": 1997, "title": "", "gm": "Example Games", "start": "1997-02-12", "days": 7,
        "settings": {},
    }  # fmt: skip
    # the GM names the mail server in the list, as in game.yaml; the game keeps it
    text = (path / SIGNUPS_FILE).read_text()
    data = json.loads(text[text.index("{") :])
    data["mail"] = {"from": "GC16 <gc16@example.net>", "smtp_host": "127.0.0.1", "smtp_port": port}
    (path / SIGNUPS_FILE).write_text(json.dumps(data))

    # 1. sign-ups by mail, in two steps: three players (and a second sign-up from one of
    # them) are each asked to confirm their address with a code; a reply takes the seat
    sign = [letter(text, sender=who, date=when + " +0000") for who, text, when in SIGNUPS]
    done = galbatch("intake", path, mbox(tmp_path / "signups.mbox", sign))
    assert done.returncode == 0, done.stderr
    outcomes = [line.split()[2] for line in done.stdout.splitlines()[1:]]
    assert outcomes == ["TO-CONFIRM"] * 4
    assert "not answered: one answer an address a run" in done.stdout.splitlines()[3]
    assert not read_signups(path / SIGNUPS_FILE).signups, "no seat before a reply"
    order = ["zork@example.org", "borg@example.org", "vogon@example.org"]
    replies = mbox(tmp_path / "replies.mbox", confirmations(path, order))
    done = galbatch("intake", path, replies)
    assert done.returncode == 0, done.stdout
    outcomes = [line.split()[2] for line in done.stdout.splitlines()[1:]]
    assert outcomes == ["SIGNED-UP"] * 3

    # 2. start: the players from the list, turn 0, the welcome mails
    done = galbatch("start", path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"created {path} (conqueror, 3 players, seed 1997), turn 0 printed"
    assert [line.split()[:2] for line in lines[2:5]] == [
        ["1", "ZORK"],
        ["2", "THE"],
        ["3", "VOGONS"],
    ]
    assert lines[5] == f"a welcome mail for each player is in {path / OUTBOX}/"
    printed = {line.split()[0]: line.split()[-1] for line in lines[2:5]}
    game = Game.open(path)
    assert (game.id, game.title, game.author) == (
        "GC16",
        "Galactic Conqueror GC16",
        "Example Games",
    )
    assert [(p.id, p.name) for p in game.players] == [
        ("1", "ZORK EMPIRE"),
        ("2", "THE BORG"),
        ("3", "VOGONS"),
    ]
    assert [str(p["email"]) for p in game.config["players"]] == [
        "zork@example.org",
        "borg@example.org",
        "vogon@example.org",
    ]
    assert game.config["mail"]["smtp_port"] == port
    assert (path / "turns" / "000" / "printouts" / "1.pdf").is_file()
    assert not (path / SCRATCH).exists()
    kept = read_signups(path / SIGNUPS_FILE).signups
    assert [s.name for s in kept] == ["Zork Empire", "The Borg", "Vogons"], "the list is kept"
    passwords = {}
    for player, address in (("1", "zork"), ("2", "borg"), ("3", "vogon")):
        welcome = parsed(path / OUTBOX / f"welcome-gc16-p{player}.eml")
        assert welcome["To"] == f"{address}@example.org"
        assert welcome["From"] == "GC16 <gc16@example.net>"
        assert "first orders due 1997-02-19" in welcome["Subject"]
        found = re.search(r'GAME GC16 PLAYER (\d) PASSWORD "([^"]+)"', body(welcome))
        assert found is not None and found[1] == player
        passwords[player] = found[2]
        assert "B S/T ship planet" in body(welcome), "the rules in brief"
    assert passwords == printed
    again = galbatch("start", path)
    assert again.returncode == 16 and "the game has started already" in again.stderr

    # 3. first orders by mail, with the passwords of the welcome mails; a late sign-up
    sent_orders = [
        letter(
            f'My orders:\nGAME GC16 PLAYER {p} PASSWORD "{pw}"\nEND\n',
            sender=f"{who}@example.org",
            date="Mon, 17 Feb 1997 10:00:00 +0000",
        )
        for (p, pw), who in zip(sorted(passwords.items()), ("zork", "borg", "vogon"), strict=True)
    ]
    late = letter("#ANM GC16 Latecomer\n", sender="late@example.org")
    done = galbatch("intake", path, mbox(tmp_path / "orders.mbox", [*sent_orders, late]))
    outcomes = sorted(line.split()[2] for line in done.stdout.splitlines()[1:])
    assert outcomes == ["FILED", "FILED", "FILED", "NOT-SIGNED-UP"], done.stdout
    assert "game GC16 has started; it takes no more sign-ups" in done.stdout
    assert sorted(p.name for p in (path / "orders").iterdir()) == ["1.txt", "2.txt", "3.txt"]

    # 4. turn 1, and everything out by mail
    done = galbatch("process", path, "--no-pdf")
    assert done.returncode == 0, done.stdout
    assert (path / "turns" / "001" / "printouts" / "3.txt").is_file()
    done = galbatch("mail", path, "--send")
    assert done.returncode == 0, done.stderr
    out = sorted(p.name for p in (path / OUTBOX / SENT).iterdir())
    assert [n for n in out if n.startswith(("welcome-", "turn-"))] == [
        "turn-gc16-t001-p1.eml",
        "turn-gc16-t001-p2.eml",
        "turn-gc16-t001-p3.eml",
        "welcome-gc16-p1.eml",
        "welcome-gc16-p2.eml",
        "welcome-gc16-p3.eml",
    ]
    # three asked to confirm, three told of their seat, the latecomer told the game has started
    assert sum(n.startswith("signup-") for n in out) == 7, "every sign-up was answered"
    assert sum(n.startswith("ack-") for n in out) == 3, "every order file was acknowledged"
    assert not list((path / OUTBOX).glob("*.eml"))
    assert len(collector.envelopes) == len(out)


def test_start_of_a_list_nobody_signed_up_to_makes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "gc16"
    open_game(path, "conqueror", 1997, game_id="GC16")
    done = CliRunner().invoke(cli, ["start", str(path)])
    assert done.exit_code == 1 and "no one has signed up for game GC16" in done.output
    assert sorted(p.name for p in path.iterdir()) == [SIGNUPS_FILE]
    assert not (tmp_path / "gc16.passwords.txt").exists()


def signed_up(tmp_path: Path) -> Path:
    """GC16 opened for sign-ups, as `new --open` opens it, with three signed up."""
    path = tmp_path / "gc16"
    open_game(path, "conqueror", 1997, game_id="GC16", start="1997-02-12", days=7)
    sign = [letter(text, sender=who, date=when + " +0000") for who, text, when in SIGNUPS]
    intake(path, mbox(tmp_path / "signups.mbox", sign))
    order = ["zork@example.org", "borg@example.org", "vogon@example.org"]
    intake(path, mbox(tmp_path / "replies.mbox", confirmations(path, order)))
    return path


@pytest.mark.slow
def test_start_with_chosen_passwords_and_another_date(tmp_path: Path) -> None:
    path = signed_up(tmp_path)
    chosen = tmp_path / "chosen.txt"
    chosen.write_text("# ours\n2 borg-cube\n")
    done = galbatch("start", path, "--passwords", chosen, "--start", "1997-03-01")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[3].split() == ["2", "THE", "BORG", "borg-cube"]
    welcome = parsed(path / OUTBOX / "welcome-gc16-p2.eml")
    assert 'GAME GC16 PLAYER 2 PASSWORD "borg-cube"' in body(welcome)
    assert "first orders due 1997-03-08" in welcome["Subject"]
    assert str(Game.open(path).config["start"]) == "1997-03-01"


@pytest.mark.slow
def test_a_killed_start_leaves_nothing_the_next_one_minds(tmp_path: Path) -> None:
    path = signed_up(tmp_path)
    (path / SCRATCH / "turns").mkdir(parents=True)  # killed while making the game
    (path / "turns" / "000").mkdir(parents=True)  # killed while moving it in
    (path / "orders").mkdir()
    welcomed = start_game(path, {"1": "zork-pw"})
    assert [w.name for w in welcomed] == ["ZORK EMPIRE", "THE BORG", "VOGONS"]
    assert Game.open(path).latest_turn() == 0
    assert not (path / SCRATCH).exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--signups", "."], "--signups with --open"),
        (["--name", "ZORK"], "--name with --open"),
        (["--setting", "no_such=1"], "no_such"),
        (["--start", "1997-02-30"], "start date"),
        (["--id", "has space"], "game id"),
    ],
)
def test_new_open_refuses_before_anything_is_made(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "gc16"
    done = CliRunner().invoke(cli, ["new", "conqueror", str(path), "--open", "--seed", "1", *args])
    assert done.exit_code in (1, 2) and message in done.output
    assert not path.exists()


def test_start_needs_a_list_opened_with_the_games_options(tmp_path: Path) -> None:
    path = tmp_path / "lobby"
    open_signups(path, "GC16", "conqueror")
    with pytest.raises(GameError, match="records no options for the game"):
        start_game(path)
    with pytest.raises(GameError, match="takes no sign-ups"):
        start_game(tmp_path)


@pytest.mark.slow
def test_intake_waiting_while_the_game_starts_files_into_the_game(tmp_path: Path) -> None:
    """Intake that finds a sign-up directory and waits for `start` to finish finds the
    game once it has the directory: orders are filed, not answered as too early."""
    path = signed_up(tmp_path)
    holder = threading.Thread(target=start_game, args=(path, {"1": "zork-pw"}))
    holder.start()
    while not (path / SCRATCH).exists() and holder.is_alive():
        time.sleep(0.005)  # start holds the lock and is making the game
    late = letter(
        'GAME GC16 PLAYER 1 PASSWORD "zork-pw"\nEND\n',
        sender="zork@example.org",
        date="Mon, 17 Feb 1997 10:00:00 +0000",
    )
    result = intake(path, mbox(tmp_path / "orders.mbox", [late]), wait=30)
    holder.join()
    assert [e.outcome for e in result.entries] == ["FILED"]
    assert (path / "orders" / "1.txt").is_file()
