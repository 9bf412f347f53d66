"""The password page of `galbatch serve` (issue 25, "The player's password: changed from
the page"), through real HTTP against the app as tests/test_web.py does.

No rule book speaks of passwords (Galac-Tac's PLAY BY WEB only says actions are
"typed into the form provided on the ... web site"): the page does what `galbatch
passwd` does, with the same check of the new password and the same writer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from galbatch.engine.gamedir import verified
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.gamedir.player_passwords import set_password
from galbatch.engine.job.run import process
from galbatch.engine.security.hashes import verify_password
from tests.test_web import P1, P2, copy_games, csrf, inbox, log_in, make_app, post_orders

NEW = "orion-belt-2026"
HASH_LINE = re.compile(r'^    password: "([^"]+)"$', re.M)


@pytest.fixture
def fresh(tmp_path: Path) -> Path:
    return copy_games(tmp_path / "games")


@pytest.fixture
def writer(fresh: Path) -> Iterator[TestClient]:
    with make_app(fresh) as c:
        yield c


def game_yaml(games: Path) -> str:
    return (games / "galaxy13" / "game.yaml").read_text()


def change(client: TestClient, current: str, new: str, again: str, **more: str) -> httpx2.Response:
    data = {"current": current, "new": new, "again": again, **more}
    data.setdefault("csrf", csrf(client, "/password"))
    return client.post("/password", data=data)


def assert_unchanged(games: Path, before: str, client: TestClient) -> None:
    """game.yaml as it was, the old password still good, the session still on."""
    assert game_yaml(games) == before
    assert client.get("/turn").status_code == 200
    with make_app(games) as other:
        assert log_in(other, password=P1).status_code == 303


def test_the_header_links_the_password_page_and_its_form_has_a_csrf_token(
    writer: TestClient,
) -> None:
    assert writer.get("/password").headers["location"] == "/login"  # a session is needed
    log_in(writer)
    assert 'href="/password"' in writer.get("/turn").text
    page = writer.get("/password")
    assert page.status_code == 200
    form = re.search(r'<form method="post" action="/password".*?</form>', page.text, re.S)
    assert form is not None
    for name in ("current", "new", "again"):
        assert f'name="{name}" type="password"' in form[0]
    assert re.search(r'name="csrf" value="[^"]{40,}"', form[0])


def test_a_player_changes_his_password(fresh: Path, writer: TestClient) -> None:
    """Stored as `galbatch passwd` stores it: only his hash line of game.yaml changes,
    never the password in clear; the old one no longer logs in, the new one does; this
    session files orders with the new one; his other sessions end, other players' not."""
    before = game_yaml(fresh)
    with make_app(fresh) as other_session, make_app(fresh) as player2:
        log_in(writer)
        log_in(other_session)
        log_in(player2, player="2", password=P2)
        answer = change(writer, P1, NEW, NEW)
        assert answer.status_code == 200 and "Your password is changed" in answer.text
        assert writer.get("/turn").status_code == 200  # this session goes on
        assert other_session.get("/turn").headers["location"] == "/login"
        assert player2.get("/turn").status_code == 200
    after = game_yaml(fresh)
    assert NEW not in after
    lines = zip(before.splitlines(), after.splitlines(), strict=True)  # no line added
    changed = [(a, b) for a, b in lines if a != b]
    assert len(changed) == 1
    old_line, new_line = changed[0]
    old_hash, new_hash = HASH_LINE.findall(before)[0], HASH_LINE.findall(after)[0]
    assert old_hash in old_line and new_hash in new_line  # player 1's line, the first
    assert verify_password(NEW, new_hash) and not verify_password(P1, new_hash)
    with make_app(fresh) as again:
        assert log_in(again, password=P1).status_code == 403
        assert log_in(again, password=NEW).status_code == 303
    assert post_orders(writer, "END\n", "save").status_code == 200
    assert inbox(fresh).startswith(b"GAME GT13 PLAYER 1 PASSWORD ********\n")
    vouched = verified.vouched(
        fresh / "galaxy13", "GT13", 2, {"1": inbox(fresh)}, lambda _: new_hash
    )
    assert vouched == {"1"}  # verified against the new password


def test_a_wrong_current_password_changes_nothing_and_counts_as_a_failed_login(
    fresh: Path, writer: TestClient
) -> None:
    before = game_yaml(fresh)
    log_in(writer)
    for _ in range(3):  # tests.test_web.PLAYER_FAILURES
        answer = change(writer, P2, NEW, NEW)
        assert answer.status_code == 403 and "not your current password" in answer.text
    capped = change(writer, P1, NEW, NEW)  # the right one, but the player is capped now
    assert capped.status_code == 429 and "Too many failed logins" in capped.text
    assert log_in(writer).status_code == 429  # the same count as the login form's
    assert game_yaml(fresh) == before


@pytest.mark.parametrize(
    ("new", "again", "said"),
    [
        (NEW, NEW + "x", "two new passwords differ"),
        ("two words", "two words", "no blanks"),
        ('quo"te', 'quo"te', "no blanks or"),
        ("", "", "1 to 64 characters"),
        ("x" * 65, "x" * 65, "1 to 64 characters"),
    ],
)
def test_mismatched_or_illegal_new_passwords_change_nothing(
    fresh: Path, writer: TestClient, new: str, again: str, said: str
) -> None:
    """The rule of `galbatch new` and `passwd`: "1 to 64 characters, no blanks or '"'"."""
    before = game_yaml(fresh)
    log_in(writer)
    answer = change(writer, P1, new, again)
    assert answer.status_code == 400 and said in answer.text.replace("&#39;", "'")
    assert_unchanged(fresh, before, writer)


def test_the_form_needs_its_csrf_token(fresh: Path, writer: TestClient) -> None:
    before = game_yaml(fresh)
    log_in(writer)
    for token in ("", "forged-" + "x" * 40):
        answer = change(writer, P1, NEW, NEW, csrf=token)
        assert answer.status_code == 403 and "stale" in answer.text
    answer = writer.post("/password", data={"current": P1, "new": NEW, "again": NEW})
    assert answer.status_code == 403
    assert_unchanged(fresh, before, writer)


def test_another_players_session_cannot_change_this_players_password(
    fresh: Path, writer: TestClient
) -> None:
    """Who is changed comes from the session alone: a player field is ignored, and player
    1's password is no current password of player 2's."""
    before = game_yaml(fresh)
    log_in(writer, player="2", password=P2)
    answer = change(writer, P1, NEW, NEW, player="1", game="GT13")
    assert answer.status_code == 403
    assert game_yaml(fresh) == before
    assert change(writer, P2, NEW, NEW, player="1").status_code == 200  # his own, not 1's
    after = game_yaml(fresh)
    assert HASH_LINE.findall(after)[0] == HASH_LINE.findall(before)[0]  # player 1's
    assert HASH_LINE.findall(after)[1] != HASH_LINE.findall(before)[1]  # player 2's
    with make_app(fresh) as other:
        assert log_in(other, password=P1).status_code == 303


def test_a_busy_game_says_so_and_changes_nothing(fresh: Path, writer: TestClient) -> None:
    """While a writer (`galbatch process`) holds the game, the page does not wait for it."""
    before = game_yaml(fresh)
    log_in(writer)
    with writer_lock(fresh / "galaxy13"):
        answer = change(writer, P1, NEW, NEW)
        assert answer.status_code == 409 and "was not changed" in answer.text
    assert_unchanged(fresh, before, writer)
    assert post_orders(writer, "END\n", "save").status_code == 200  # still the old one held
    assert inbox(fresh).startswith(b"GAME GT13 PLAYER 1 PASSWORD ********\n")


def test_orders_saved_before_a_change_stay_the_players_and_a_gm_change_does_not_keep_them(
    fresh: Path, writer: TestClient
) -> None:
    """The saved file holds its password masked (verified as it was saved). The player who
    changes his password himself proved the old one: his saved orders stay his and the
    turn takes them. A change by the game master (`galbatch passwd`, a password stolen,
    say) leaves them to be verified again: a masked password is then wrong (GB015)."""
    game = fresh / "galaxy13"
    log_in(writer)
    assert post_orders(writer, "MAP PV\nEND\n", "save").status_code == 200
    assert change(writer, P1, NEW, NEW).status_code == 200
    new_hash = Game.open(game).password_hash("1")
    assert verified.vouched(game, "GT13", 2, {"1": inbox(fresh)}, lambda _: new_hash) == {"1"}
    taken = process(game, pdf=False, dry_run=True)
    assert "GB015" not in taken.files["printouts/1.txt"].decode()
    set_password(game, "1", "a-gm-chosen-one")
    refused = process(game, pdf=False, dry_run=True)
    assert "[GB015] wrong password; file rejected" in refused.files["printouts/1.txt"].decode()
