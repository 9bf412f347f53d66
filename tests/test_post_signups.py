"""Sign-ups by `#ANM` lines, and the whole cycle: sign-ups, the game, orders by mail, turn 1 out."""

from __future__ import annotations

import email
import email.policy
import re
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import Game, GameError
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.post.intake_record import (
    ANSWERED,
    FILED,
    NOT_SIGNED_UP,
    REJECTED,
    SIGNED_UP,
    TO_CONFIRM,
)
from galbatch.post.mailin import intake
from galbatch.post.mailout import mail_turn
from galbatch.post.replies import OUTBOX
from galbatch.post.signups import create_from_signups, name_problem, open_signups, parse_anm
from tests.test_post_support import confirmations, letter, mbox


def parsed(file: Path) -> EmailMessage:
    msg = email.message_from_bytes(file.read_bytes(), policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    return msg


def text_of(msg: EmailMessage) -> str:
    part = msg.get_body(("plain",))
    assert part is not None
    return str(part.get_content())  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("#ANM GC16 Zork Empire", ("GC16", "Zork Empire")),
        ("  #anm gc16   The   Borg  ", ("gc16", "The Borg")),
        ("#ANM GC16", ("GC16", "")),
        ("#ANMX GC16 Foo", None),
    ],
)
def test_anm_lines(line: str, expected: tuple[str, str] | None) -> None:
    assert parse_anm(line) == expected


def test_the_rule_books_name_rules() -> None:
    assert name_problem("ZORK EMPIRE 2") is None
    assert name_problem("A" * 16) == "a name has at most 15 characters"
    only = "a name may hold only the letters A to Z, digits and blanks"
    assert name_problem("Zörk") == f"{only}, not 'ö'"
    assert name_problem("Jürgen") == f"{only}, not 'ü'"
    assert name_problem("R2 D2") is None
    assert name_problem("R2-D2") == f"{only}, not '-'"
    assert name_problem("") == "no name after the game id"


def lobby(tmp_path: Path) -> Path:
    path = tmp_path / "gc16-signups"
    open_signups(path, "GC16", "conqueror", limit=3, sender="GC16 Mail Server <gc16@example.net>")
    return path


SIGNUPS = [
    ("zork@example.org", "#ANM GC16 Zork Empire", "Sat, 01 Feb 1997 10:00:00 +0000"),
    ("borg@example.org", "#ANM GC16 The Borg", "Sat, 01 Feb 1997 11:00:00 +0000"),
    ("zork@example.org", "#ANM GC16 Zork Again", "Sat, 01 Feb 1997 12:00:00 +0000"),
    ("bad@example.org", "#ANM GC16 Much Too Long A Name", "Sat, 01 Feb 1997 13:00:00 +0000"),
    ("other@example.org", "#ANM GC17 Elsewhere", "Sat, 01 Feb 1997 14:00:00 +0000"),
    ("taken@example.org", "#ANM GC16 the borg", "Sat, 01 Feb 1997 15:00:00 +0000"),
    ("vogon@example.org", "#ANM GC16 Vogons", "Sat, 01 Feb 1997 16:00:00 +0000"),
    ("late@example.org", "#ANM GC16 Latecomers", "Sat, 01 Feb 1997 17:00:00 +0000"),
]


def test_sign_ups_are_listed_and_answered(tmp_path: Path) -> None:
    """Issue 24: "Sign-ups from forged addresses fill a game before real players": a
    `#ANM` line is answered with a code, and takes a seat only when a reply from its
    address quotes the code; seats go in the order the replies come."""
    path = lobby(tmp_path)
    messages = [
        letter(f"Hello!\n\n{line}\n\nBest\n", sender=who, subject="sign up", date=when)
        for who, line, when in SIGNUPS
    ]
    result = intake(path, mbox(tmp_path / "in.mbox", messages))
    assert [e.outcome for e in result.entries] == [
        TO_CONFIRM,
        TO_CONFIRM,
        TO_CONFIRM,
        NOT_SIGNED_UP,
        NOT_SIGNED_UP,
        TO_CONFIRM,
        TO_CONFIRM,
        TO_CONFIRM,
    ]
    details = [e.detail for e in result.entries]
    assert details[2].endswith("not answered: one answer an address a run"), "zork's second"
    assert "at most 15 characters" in details[3]
    assert "not GC17" in details[4]
    assert read_signups(path / SIGNUPS_FILE).signups == [], "no seat before a reply"
    assert len(list((path / OUTBOX).glob("signup-*.eml"))) == 7
    ask = parsed(next((path / OUTBOX).glob(f"signup-{result.entries[0].key[:16]}.eml")))
    assert ask["From"] == "GC16 Mail Server <gc16@example.net>"
    assert ask["To"] == "zork@example.org"
    assert re.fullmatch(
        r"GC16 sign-up of Zork Empire: reply to confirm CONFIRM-[0-9A-F]{16}", ask["Subject"]
    )
    assert "No seat is taken until then" in text_of(ask)

    order = ["zork@example.org", "borg@example.org", "taken@example.org", "vogon@example.org",
             "late@example.org"]  # fmt: skip
    replies = confirmations(path, order)
    done = intake(path, mbox(tmp_path / "replies.mbox", replies))
    assert [e.outcome for e in done.entries] == [
        SIGNED_UP,
        SIGNED_UP,
        NOT_SIGNED_UP,
        SIGNED_UP,
        NOT_SIGNED_UP,
    ]
    assert "the name The Borg is taken" in done.entries[2].detail
    assert "the game is full" in done.entries[4].detail
    listed = read_signups(path / SIGNUPS_FILE)
    assert [(s.name, s.email) for s in listed.signups] == [
        ("Zork Empire", "zork@example.org"),
        ("The Borg", "borg@example.org"),
        ("Vogons", "vogon@example.org"),
    ]
    welcome = parsed(next((path / OUTBOX).glob(f"signup-{done.entries[0].key[:16]}.eml")))
    assert "Zork Empire is signed up for game GC16, number 1" in text_of(welcome)
    again = intake(path, mbox(tmp_path / "again.mbox", messages + replies))
    assert again.entries == [] and again.skipped == 13


def test_a_forged_sign_up_takes_no_seat_and_a_flood_is_not_answered_one_by_one(
    tmp_path: Path,
) -> None:
    """Issue 24: "every one of 259 flood messages is answered (backscatter)". 259 sign-ups
    from one forged address get one answer; the same again in a later run gets none; a
    reply that quotes a code from another address, or makes one up, takes no seat."""
    path = lobby(tmp_path)
    flood = [
        letter(f"#ANM GC16 Spam{i}\n", sender="victim@example.org", subject=f"join {i}")
        for i in range(259)
    ]
    result = intake(path, mbox(tmp_path / "flood.mbox", flood))
    assert len(result.entries) == 259 and len(result.written) == 1
    assert sum(e.reply != "" for e in result.entries) == 1
    more = [letter("#ANM GC16 Spam0\n", sender="victim@example.org", subject="again")]
    later = intake(path, mbox(tmp_path / "more.mbox", more))
    assert later.written == [] and "answered so before" in later.entries[0].detail
    (asked,) = [m for m in confirmations(path)]
    code = re.search(rb"CONFIRM-[0-9A-F]{16}", asked)
    assert code is not None
    forged = letter(f"{code[0].decode()}\n", sender="attacker@example.org")
    made_up = letter("CONFIRM-0123456789ABCDEF\n", sender="victim@example.org", subject="x")
    done = intake(path, mbox(tmp_path / "forged.mbox", [forged, made_up]))
    assert [e.outcome for e in done.entries] == [ANSWERED, ANSWERED]
    assert read_signups(path / SIGNUPS_FILE).signups == []


def test_a_name_with_a_letter_beyond_a_to_z_is_answered_with_the_rule(tmp_path: Path) -> None:
    path = lobby(tmp_path)
    jurgen = letter("#ANM GC16 J\u00fcrgen\n", sender="jurgen@example.org", subject="sign up")
    result = intake(path, mbox(tmp_path / "in.mbox", [jurgen]))
    assert [(e.outcome, e.detail) for e in result.entries] == [
        (
            NOT_SIGNED_UP,
            "name 'J\u00fcrgen': a name may hold only the letters A to Z, digits and blanks, "
            "not '\u00fc'",
        )
    ]
    (answer,) = [parsed(f) for f in (path / OUTBOX).glob("signup-*.eml")]
    assert "only the letters A to Z, digits and blanks, not '\u00fc'" in text_of(answer)
    assert read_signups(path / SIGNUPS_FILE).signups == []


def test_orders_before_the_game_starts_are_answered(tmp_path: Path) -> None:
    path = lobby(tmp_path)
    body = 'GAME GC16 PLAYER 1 PASSWORD "x"\nEND\n'
    result = intake(path, mbox(tmp_path / "in.mbox", [letter(body)]))
    assert [e.outcome for e in result.entries] == [REJECTED]


def test_a_game_refuses_sign_ups(tmp_path: Path) -> None:
    from tests.test_post_support import make_game

    game = make_game(tmp_path / "gc16")
    result = intake(game, mbox(tmp_path / "in.mbox", [letter("#ANM GC16 Newcomer\n")]))
    assert [e.outcome for e in result.entries] == [NOT_SIGNED_UP]
    assert "has started" in result.entries[0].detail
    with pytest.raises(GameError, match="holds a game already"):
        open_signups(game, "GC16")


@pytest.mark.slow
def test_from_sign_ups_to_turn_one(tmp_path: Path) -> None:
    """GC16 as it was played: sign up by mail, get a welcome, send orders, get turn 1."""
    path = lobby(tmp_path)
    sign = [letter(line + "\n", sender=who, date=when) for who, line, when in SIGNUPS[:2]]
    intake(path, mbox(tmp_path / "signups.mbox", sign))
    order = [who for who, _, _ in SIGNUPS[:2]]
    intake(path, mbox(tmp_path / "replies.mbox", confirmations(path, order)))
    signups = read_signups(path / SIGNUPS_FILE)
    game_dir = tmp_path / "gc16"
    welcomed = create_from_signups(game_dir, signups, 1997, start="1997-02-12", days=7)
    assert [(w.id, w.name, w.email) for w in welcomed] == [
        ("1", "ZORK EMPIRE", "zork@example.org"),
        ("2", "THE BORG", "borg@example.org"),
    ]
    game = Game.open(game_dir)
    assert [str(p["email"]) for p in game.config["players"]] == [w.email for w in welcomed]
    assert "# the id players write" in (game_dir / "game.yaml").read_text(), "comments kept"
    assert game.config["mail"]["from"] == "GC16 Mail Server <gc16@example.net>", "the list's"
    passwords = {}
    for w in welcomed:
        mail = parsed(game_dir / OUTBOX / f"welcome-gc16-p{w.id}.eml")
        assert mail["To"] == w.email
        assert "first orders due 1997-02-19" in mail["Subject"]
        text = text_of(mail)
        header = re.search(r'GAME GC16 PLAYER (\d+) PASSWORD "([^"]+)"', text)
        assert header is not None and header[1] == w.id
        passwords[w.id] = header[2]
        assert "B S/T ship planet" in text, "the rules in brief"
    orders = [
        letter(
            f'Orders:\nGAME GC16 PLAYER {p} PASSWORD "{pw}"\nEND\n',
            sender=welcomed[int(p) - 1].email,
            date="Mon, 17 Feb 1997 10:00:00 +0000",
        )
        for p, pw in passwords.items()
    ]
    result = intake(game_dir, mbox(tmp_path / "orders.mbox", orders))
    assert [e.outcome for e in result.entries] == [FILED, FILED]

    from galbatch.engine.job.run import process

    done = process(game_dir, pdf=False)
    assert done.committed is not None, done.log
    sent = mail_turn(game_dir, 1)
    assert sent.written == ["turn-gc16-t001-p1.eml", "turn-gc16-t001-p2.eml"]
    first = parsed(game_dir / OUTBOX / "turn-gc16-t001-p1.eml")
    assert first["Subject"] == "GC16 turn 1 printout, player 1 (ZORK EMPIRE); turn 2 due 1997-02-26"
    assert "ORDERS RECEIVED" in text_of(first)


def test_a_list_for_another_ruleset_makes_no_game(tmp_path: Path) -> None:
    path = lobby(tmp_path)
    intake(path, mbox(tmp_path / "in.mbox", [letter("#ANM GC16 Zork\n")]))
    with pytest.raises(GameError, match="for conqueror, not conflict"):
        create_from_signups(tmp_path / "game", read_signups(path / SIGNUPS_FILE), 1, "conflict")
    assert not (tmp_path / "game").exists()


def test_the_signups_command(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from galbatch.cli.post import signups

    runner = CliRunner()
    path = tmp_path / "lobby"
    done = runner.invoke(signups, [str(path), "--game", "GC16", "--ruleset", "conqueror"])
    assert done.exit_code == 0 and "taking sign-ups for game GC16" in done.output
    listed = read_signups(path / SIGNUPS_FILE)
    assert (listed.game, listed.ruleset, listed.limit, listed.signups) == (
        "GC16",
        "conqueror",
        0,
        [],
    )
    again = runner.invoke(signups, [str(path), "--game", "GC16"])
    assert again.exit_code == 1 and "already exists" in again.output
    bad = runner.invoke(signups, [str(tmp_path / "x"), "--game", "no spaces"])
    assert bad.exit_code == 1 and "game id" in bad.output


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    """The galbatch command in a fresh interpreter, as a GM runs it."""
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True, check=False
    )


@pytest.mark.slow
def test_new_with_signups_makes_the_game_and_its_welcomes(tmp_path: Path) -> None:
    path = lobby(tmp_path)
    sign = [letter(line + "\n", sender=who, date=when) for who, line, when in SIGNUPS[:2]]
    intake(path, mbox(tmp_path / "signups.mbox", sign))
    order = [who for who, _, _ in SIGNUPS[:2]]
    intake(path, mbox(tmp_path / "replies.mbox", confirmations(path, order)))
    game = tmp_path / "gc16"
    made = galbatch("new", "conqueror", str(game), "--signups", str(path), "--seed", "1997")
    assert made.returncode == 0, made.stderr
    lines = made.stdout.splitlines()
    assert lines[0] == f"created {game} (conqueror, 2 players, seed 1997), turn 0 printed"
    assert [line.split()[:3] for line in lines[2:4]] == [
        ["1", "ZORK", "EMPIRE"],
        ["2", "THE", "BORG"],
    ]
    assert lines[4] == f"a welcome mail for each player is in {game / OUTBOX}/"
    password = lines[2].split()[-1]
    welcome = text_of(parsed(game / OUTBOX / "welcome-gc16-p1.eml"))
    assert f'GAME GC16 PLAYER 1 PASSWORD "{password}"' in welcome
    assert password in (tmp_path / "gc16.passwords.txt").read_text(), "stdout was no terminal"
    assert Game.open(game).id == "GC16"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2"], "give --players or --signups, not both"),
        (["--id", "GC17"], "--id with --signups"),
        (["--name", "ZORK"], "--name with --signups"),
    ],
)
def test_new_with_signups_refuses_what_the_list_gives(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = lobby(tmp_path)
    game = tmp_path / "gc16"
    made = galbatch("new", "conqueror", str(game), "--signups", str(path), "--seed", "1", *args)
    assert made.returncode == 16 and message in made.stderr
    assert not game.exists()


@pytest.mark.slow
def test_new_needs_players_or_signups(tmp_path: Path) -> None:
    made = galbatch("new", "conqueror", str(tmp_path / "g"), "--seed", "1")
    assert made.returncode == 16 and "give --players or --signups" in made.stderr
    assert not (tmp_path / "g").exists()


@pytest.mark.slow
def test_new_with_an_empty_list_makes_no_game(tmp_path: Path) -> None:
    path = lobby(tmp_path)
    game = tmp_path / "gc16"
    made = galbatch(
        "new", "conqueror", str(game), "--signups", str(path / SIGNUPS_FILE), "--seed", "1"
    )
    assert made.returncode == 16 and "no one has signed up for game GC16" in made.stderr
    assert not game.exists() or not any(game.iterdir())
    assert not (tmp_path / "gc16.passwords.txt").exists()


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('#ANM GC16 Zork\nGAME GC16 PLAYER 1 PASSWORD "x"\nEND\n', 1),
        ('GAME GC16 PLAYER 1 PASSWORD "x"\nP 68 1 1\n  #anm GC16 Zork\n#ANM GC16 Borg\nEND\n', 3),
        ("#ANM GC16 Zork\n", 1),
    ],
)
def test_a_sign_up_line_in_an_order_file_gets_a_note(text: str, line: int) -> None:
    from galbatch.engine.language.diagnostics import Severity
    from galbatch.engine.language.orderfile import parse_order_bytes

    found = parse_order_bytes(text.encode(), "orders.txt")
    notes = [d for d in found.diagnostics if d.code == "GB023"]
    assert [(d.line, d.severity) for d in notes] == [(line, Severity.NOTE)]
    assert "not an order" in notes[0].message
    assert all(o.text.upper().find("ANM") < 0 for o in found.lines), "still a comment"


def test_an_order_file_without_sign_up_lines_gets_no_note() -> None:
    from galbatch.engine.language.orderfile import parse_order_bytes

    found = parse_order_bytes(b'GAME GC16 PLAYER 1 PASSWORD "x"\n# ANM is fine\nEND\n', "o.txt")
    assert not [d for d in found.diagnostics if d.code == "GB023"]
