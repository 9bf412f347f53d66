"""Generated passwords: at least 64 bits, typable from a letter; stored hashes keep working."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

from galbatch.engine.gamedir.newgame import PASSWORD
from galbatch.engine.gamedir.yamlio import load_edited
from galbatch.engine.security.hashes import (
    WORDS_PER_PASSWORD,
    entropy_bits,
    hash_password,
    new_password,
    verify_password,
    words,
)
from tests.bundled import shipped

TABLE_COLUMNS = len("1       ARCTURUS              ")  # `galbatch new`: id, code name, password


def test_the_word_list_is_lowercase_a_to_z_without_duplicates() -> None:
    pool = words()
    assert len(pool) == 7772  # the EFF's 7,776 less drop-down, felt-tip, t-shirt and yo-yo
    assert len(set(pool)) == len(pool)
    assert all(re.fullmatch("[a-z]+", w) for w in pool)


def test_a_generated_password_has_at_least_64_bits() -> None:
    n = len(words())
    # ordered choices of different words, each as likely as any other
    choices = math.prod(n - i for i in range(WORDS_PER_PASSWORD))
    assert math.log2(choices) >= 64
    assert entropy_bits() == pytest.approx(math.log2(choices))
    assert WORDS_PER_PASSWORD * math.log2(n) > math.log2(choices) > 64.6


def test_generated_passwords_are_different_words_a_player_can_type() -> None:
    pool = set(words())
    seen = set()
    for _ in range(2000):
        password = new_password()
        parts = password.split("-")
        assert len(parts) == WORDS_PER_PASSWORD and len(set(parts)) == len(parts), password
        assert set(parts) <= pool
        assert PASSWORD.fullmatch(password), "an order-file header must accept it"
        seen.add(password)
    assert len(seen) == 2000


def test_the_longest_password_fits_the_header_and_an_80_column_line() -> None:
    longest = WORDS_PER_PASSWORD * max(map(len, words())) + WORDS_PER_PASSWORD - 1
    assert longest <= 64  # what an order-file header takes
    assert TABLE_COLUMNS + longest <= 80


@pytest.mark.slow
def test_hashes_in_existing_game_files_still_verify() -> None:
    for game in ("conflict-demo", "gc16"):
        clear = dict(
            line.split()
            for line in (shipped(game) / "PASSWORDS.txt").read_text().splitlines()
            if line[:1].isalnum()
        )
        players = load_edited(shipped(game) / "game.yaml")["players"]
        for p in players:
            assert str(p["password"]).startswith("pbkdf2_sha256$60000$")
            assert verify_password(clear[str(p["id"])], str(p["password"])), (game, p["id"])
            assert not verify_password(clear[str(p["id"])] + "x", str(p["password"]))


def test_a_new_hash_verifies_and_a_malformed_one_never_raises() -> None:
    password = new_password()
    stored = hash_password(password)
    assert re.fullmatch(r"pbkdf2_sha256\$60000\$[0-9a-f]{32}\$[0-9a-f]{64}", stored)
    assert verify_password(password, stored)
    assert not verify_password(password.upper(), stored)
    for bad in ("", "plain", "md5$1$00$00", "pbkdf2_sha256$x$00$00", "pbkdf2_sha256$1$zz$00"):
        assert not verify_password(password, bad)


def test_a_hash_asking_for_absurd_rounds_is_refused_not_computed() -> None:
    """A damaged game.yaml must not make every check of that player's file take hours."""
    _, _, salt, digest = hash_password("secret").split("$")
    for rounds in ("0", "-5", "10000000000000"):
        assert not verify_password("secret", f"pbkdf2_sha256${rounds}${salt}${digest}")


@pytest.mark.slow
def test_new_prints_passwords_that_fit_80_columns_and_open_the_game(tmp_path: Path) -> None:
    game = tmp_path / "x"
    new = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "new", "conqueror", str(game)]
        + ["--players", "3", "--seed", "5"],
        capture_output=True,
        text=True,
    )
    assert new.returncode == 0, new.stdout + new.stderr
    table = new.stdout.splitlines()[1:]  # after "created DIRECTORY (...)"
    assert table[0].startswith("PLAYER  CODE NAME")
    assert all(len(line) <= 80 for line in table), new.stdout
    rows = [line.split() for line in table[1:] if line.strip()]
    assert [r[0] for r in rows] == ["1", "2", "3"]
    orders = tmp_path / "2.txt"
    orders.write_text(f'GAME x PLAYER 2 PASSWORD "{rows[1][2]}"\nEND\n')
    check = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", str(orders), "--game", str(game)],
        capture_output=True,
        text=True,
    )
    assert check.returncode == 0, check.stdout + check.stderr
