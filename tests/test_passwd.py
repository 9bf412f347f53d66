"""Passwords for people: `passwd` replaces one, and `new` never loses them in a pipe."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.security.hashes import verify_password

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes and locks")

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples" / "conflict"


def galbatch(
    *args: str, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env={**os.environ, **(env or {})},
    )


def orders(player: str, password: str) -> str:
    return f'GAME conflict-demo PLAYER {player} PASSWORD "{password}"\nEND\n'


def check(demo: Path, text: str) -> subprocess.CompletedProcess[str]:
    return galbatch("check", "-", "--game", str(demo), stdin=text)


@pytest.mark.slow
def test_a_generated_password_replaces_the_old_one(demo: Path) -> None:
    assert check(demo, orders("3", "rigel-1997")).returncode == 0
    result = galbatch("passwd", str(demo), "3")
    assert result.returncode == 0, result.stderr
    new = result.stdout.strip()
    assert len(new.split("-")) == 5 and result.stdout == new + "\n", "printed once, alone"
    assert "player 3 (RIGEL) has a new password" in result.stderr
    old = check(demo, orders("3", "rigel-1997"))
    assert old.returncode == 12 and "[GB015] wrong password" in old.stdout
    assert check(demo, orders("3", new)).returncode == 0
    assert check(demo, orders("2", "polaris-1997")).returncode == 0, "other players keep theirs"
    assert not (demo / ".tmp-game.yaml").exists()


@pytest.mark.slow
def test_a_password_from_standard_input(demo: Path) -> None:
    result = galbatch("passwd", str(demo), "2", "--stdin", stdin="hunter2\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout == "", "a password the GM chose is not echoed"
    assert check(demo, orders("2", "hunter2")).returncode == 0
    assert check(demo, orders("2", "polaris-1997")).returncode == 12


@pytest.mark.slow
@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("two words\n", "1 to 64 characters, no blanks"),
        ('say"what\n', "1 to 64 characters, no blanks"),
        ("x" * 65 + "\n", "1 to 64 characters"),
        ("", "no password on standard input"),
        ("\n", "no password on standard input"),
    ],
)
def test_a_password_new_would_refuse_is_refused(demo: Path, given: str, message: str) -> None:
    before = (demo / "game.yaml").read_bytes()
    result = galbatch("passwd", str(demo), "2", "--stdin", stdin=given)
    assert result.returncode == 16 and message in result.stderr
    assert result.stderr.startswith("galbatch: ")
    assert (demo / "game.yaml").read_bytes() == before


@pytest.mark.slow
def test_comments_and_everything_else_in_game_yaml_survive(demo: Path) -> None:
    file = demo / "game.yaml"
    text = file.read_text().replace(
        "days_per_turn: 14", "days_per_turn: 14   # fortnightly, as the club decided"
    )
    file.write_text("# Rick's game: keep this note\n" + text + "# the end\n")
    os.chmod(file, 0o640)
    before = file.read_text().splitlines()
    assert galbatch("passwd", str(demo), "4", "--stdin", stdin="regulus-2\n").returncode == 0
    after = file.read_text().splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1 and changed[0][1].startswith('    password: "pbkdf2_sha256$')
    assert stat.S_IMODE(file.stat().st_mode) == 0o640, "the GM's permissions are kept"
    assert verify_password("regulus-2", Game.open(demo).password_hash("4"))


@pytest.mark.slow
def test_an_unknown_player_changes_nothing(demo: Path) -> None:
    before = (demo / "game.yaml").read_bytes()
    result = galbatch("passwd", str(demo), "9")
    assert result.returncode == 16 and result.stdout == ""
    assert (
        result.stderr == "galbatch: game conflict-demo has no player 9; players: 1, 2, 3, 4, 5, 6\n"
    )
    assert (demo / "game.yaml").read_bytes() == before


@pytest.mark.slow
def test_passwd_waits_for_another_writer_then_gives_up(demo: Path) -> None:
    before = (demo / "game.yaml").read_bytes()
    with writer_lock(demo, wait=0):
        result = galbatch("passwd", str(demo), "1", env={"GALBATCH_LOCK_WAIT": "0.3"})
    assert result.returncode == 12, result.stderr
    assert "another galbatch run is writing this game" in result.stderr
    assert result.stdout == "", "no password shown that was never stored"
    assert (demo / "game.yaml").read_bytes() == before


@pytest.mark.slow
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_password_that_cannot_be_shown_is_not_stored(demo: Path) -> None:
    before = (demo / "game.yaml").read_bytes()
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "galbatch.cli", "passwd", str(demo), "1"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
        )
    assert result.returncode == 16 and "cannot print the new password" in result.stderr
    assert (demo / "game.yaml").read_bytes() == before
    assert not (demo / ".tmp-game.yaml").exists()


def at_a_terminal(*args: str, answers: tuple[tuple[bytes, bytes], ...] = ()) -> tuple[int, bytes]:
    """Run galbatch with a pseudo-terminal as its terminal; answer each prompt seen.

    Returns the exit status and everything the terminal showed."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: galbatch at a terminal
        os.execv(sys.executable, [sys.executable, "-m", "galbatch.cli", *args])
    seen = b""
    for prompt, answer in answers:
        while prompt not in seen:
            seen += os.read(fd, 1024)
        os.write(fd, answer)
    try:
        while chunk := os.read(fd, 1024):
            seen += chunk
    except OSError:  # the terminal closes when galbatch ends
        pass
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), seen


@pytest.mark.slow
def test_at_a_terminal_the_password_is_asked_twice_and_not_shown(demo: Path) -> None:
    rc, seen = at_a_terminal(
        "passwd",
        str(demo),
        "5",
        "--stdin",
        answers=((b"New password: ", b"sirius-2\n"), (b"Repeat for confirmation: ", b"sirius-2\n")),
    )
    assert rc == 0, seen
    assert b"sirius-2" not in seen, "typed, never echoed"
    assert check(demo, orders("5", "sirius-2")).returncode == 0


# `galbatch new` with its output not on a terminal ------------------------------------


@pytest.mark.slow
def test_new_in_a_pipe_also_writes_the_passwords_to_a_private_file(tmp_path: Path) -> None:
    game = tmp_path / "mine"
    result = galbatch("new", "conflict", str(game), "-n", "3", "--seed", "7")
    assert result.returncode == 0, result.stderr
    kept = tmp_path / "mine.passwords.txt"
    assert f"the passwords are also in {kept}" in result.stderr
    assert stat.S_IMODE(kept.stat().st_mode) == 0o600
    assert not any("password" in p.name.lower() for p in game.rglob("*")), "nothing players get"
    rows = [line.split() for line in kept.read_text().splitlines() if not line.startswith("#")]
    table = [line.split() for line in result.stdout.splitlines()[2:]]
    assert rows == [[pid, pw] for pid, _, pw in table] and len(rows) == 3
    game_file = Game.open(game)
    for pid, pw in rows:
        assert verify_password(pw, game_file.password_hash(pid))
    # the file is in the form `new --passwords` reads: the same passwords again
    twin = galbatch(
        "new",
        "conflict",
        str(tmp_path / "twin"),
        "-n",
        "3",
        "--seed",
        "7",
        "--passwords",
        str(kept),
    )
    assert twin.returncode == 0 and [
        r[2] for r in map(str.split, twin.stdout.splitlines()[2:])
    ] == [pw for _, pw in rows]


def test_new_in_a_pipe_refuses_to_overwrite_a_passwords_file(tmp_path: Path) -> None:
    kept = tmp_path / "mine.passwords.txt"
    kept.write_text("1 the-other-game\n")
    result = galbatch("new", "conflict", str(tmp_path / "mine"), "-n", "2", "--seed", "1")
    assert result.returncode == 16 and "mine.passwords.txt: already exists" in result.stderr
    assert kept.read_text() == "1 the-other-game\n"
    assert not (tmp_path / "mine").exists()


def test_new_refused_leaves_no_passwords_file(tmp_path: Path) -> None:
    result = galbatch(
        "new", "conflict", str(tmp_path / "g"), "-n", "2", "--seed", "1", "--id", "a b"
    )
    assert result.returncode == 16 and "game id" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.slow
def test_new_at_a_terminal_writes_no_passwords_file(tmp_path: Path) -> None:
    rc, seen = at_a_terminal("new", "conflict", str(tmp_path / "g"), "-n", "2", "--seed", "1")
    assert rc == 0, seen
    assert b"ARCTURUS" in seen and b"passwords are also in" not in seen
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g"]
