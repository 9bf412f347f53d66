"""Play by web (`galbatch serve`): logging in, the turn page, the action page, the GM's
page and the site's defences, through real HTTP against the app (Starlette's
TestClient, over httpx2) and once against a real uvicorn server.

The rule book (Galac-Tac, PLAY BY WEB): "Each time you go to the action page on the
web site, it will show you all of the actions that you have submitted for this turn.
If you find an error, you can edit and re-save your actions. However, once the turn
begins processing, your submission can no longer be changed."
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from galbatch.engine.gamedir.locks import writer_busy, writer_lock
from galbatch.engine.job.lint import check_against_view, check_one
from galbatch.engine.job.run import process
from galbatch.engine.security.hashes import hash_password, verify_password
from galbatch.web.app import COOKIE, create_app
from galbatch.web.config import ServeError, WebConfig, find_games, load_gm_hash, load_secret
from galbatch.web.limits import MAX_BODY
from galbatch.web.orders import MAX_ORDERS
from galbatch.web.seal import Sealer
from galbatch.web.security import Throttle
from tests.bundled import shipped

SECRET = "s" * 40
PLAYER_FAILURES = 3  # the caps the tests' site has: each failure costs a PBKDF2
CLIENT_FAILURES = 5
GM_PASSWORD = "the-gm-secret-words"
GM_HASH = hash_password(GM_PASSWORD, iterations=1000)
P1 = "arcturus-1313"  # galaxy13's player 1 (games/galaxy13/PASSWORDS.txt)
P2 = "polaris-1313"
CSRF = re.compile(r'name="csrf" value="([^"]+)"')
HOSTILE = "<script>alert(1)</script>\u202eevil\u2066"
EDITOR = '<script src="/static/editor.js"></script>'  # the action page's command editor


def copy_games(root: Path) -> Path:
    """A folder holding a copy of the bundled Galac-Tac game GT13 (turn 1, orders for 2)."""
    root.mkdir()
    shutil.copytree(shipped("galaxy13"), root / "galaxy13")
    return root


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The games of the tests that only read (one copy for them all)."""
    return copy_games(tmp_path_factory.mktemp("web") / "games")


@pytest.fixture
def fresh(tmp_path: Path) -> Path:
    """The games of a test that writes, its own copy."""
    return copy_games(tmp_path / "games")


def make_app(games: Path, **options: object) -> TestClient:
    found, ids = find_games([games])
    caps = {"player_failures": PLAYER_FAILURES, "client_failures": CLIENT_FAILURES}
    config = WebConfig(found, SECRET, ids=ids, failure_delay=0, **{**caps, **options})  # type: ignore[arg-type]
    base = "https://testserver" if config.https else "http://testserver"  # Secure cookies
    return TestClient(create_app(config), base_url=base, follow_redirects=False)


@pytest.fixture
def client(games: Path) -> Iterator[TestClient]:
    with make_app(games, gm_hash=GM_HASH) as c:
        yield c


@pytest.fixture
def writer(fresh: Path) -> Iterator[TestClient]:
    with make_app(fresh, gm_hash=GM_HASH) as c:
        yield c


def csrf(client: TestClient, page: str = "/login") -> str:
    found = CSRF.search(client.get(page).text)
    assert found is not None
    return found[1]


def log_in(
    client: TestClient, game: str = "GT13", player: str = "1", password: str = P1
) -> httpx2.Response:
    token = csrf(client)
    data = {"game": game, "player": player, "password": password, "csrf": token}
    return client.post("/login", data=data)


def post_orders(client: TestClient, orders: str, action: str, **more: str) -> httpx2.Response:
    return client.post(
        "/action",
        data={"orders": orders, "action": action, "csrf": csrf(client, "/action"), **more},
    )


def inbox(games: Path, player: str = "1") -> bytes:
    return (games / "galaxy13" / "orders" / f"{player}.txt").read_bytes()


# ---------------------------------------------------------------- logging in and out


def test_the_login_form_has_its_fields_and_a_csrf_token(client: TestClient) -> None:
    page = client.get("/login")
    assert page.status_code == 200
    for name in ("game", "player", "password", "csrf"):
        assert f'name="{name}"' in page.text
    assert client.get("/", follow_redirects=False).headers["location"] == "/login"


def test_a_player_logs_in_and_the_cookie_is_signed_httponly_lax_and_holds_no_password(
    client: TestClient,
) -> None:
    answer = log_in(client)
    assert answer.status_code == 303 and answer.headers["location"] == "/turn"
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "httponly" in cookie.lower() and "samesite=lax" in cookie.lower()
    assert "secure" not in cookie.lower()  # plain http on 127.0.0.1
    payload = base64.b64decode(cookie.split("=", 1)[1].split(".")[0] + "==")
    assert P1.encode() not in payload and b"arcturus" not in payload
    assert json.loads(payload)["player"] == "1"
    assert client.get("/turn").status_code == 200


@pytest.mark.parametrize(
    ("game", "player", "password"),
    [("GT13", "1", P2), ("GT13", "99", P1), ("NOPE", "1", P1), ("GT13", "2", P1), ("", "", "")],
)
def test_a_wrong_login_is_refused_the_same_way(
    client: TestClient, game: str, player: str, password: str
) -> None:
    answer = log_in(client, game, player, password)
    assert answer.status_code == 403
    assert "do not go together" in answer.text
    assert client.get("/turn").headers["location"] == "/login"


def test_the_game_and_player_ids_are_read_without_case(client: TestClient) -> None:
    assert log_in(client, "gt13", "1").status_code == 303


def test_a_login_without_the_forms_csrf_token_is_refused(client: TestClient) -> None:
    client.get("/login")
    answer = client.post("/login", data={"game": "GT13", "player": "1", "password": P1})
    assert answer.status_code == 403
    assert client.get("/turn").headers["location"] == "/login"


def test_failed_logins_are_capped_per_player(client: TestClient) -> None:
    for _ in range(PLAYER_FAILURES):
        assert log_in(client, password="guess").status_code == 403
    refused = log_in(client)  # even the right password, while the cap holds
    assert refused.status_code == 429 and "Too many failed logins" in refused.text
    assert log_in(client, player="2", password=P2).status_code == 303  # another player may


def test_failed_logins_are_capped_per_client_across_players(client: TestClient) -> None:
    for n in range(CLIENT_FAILURES):
        assert log_in(client, player=str(n % 11 + 1), password=f"guess{n}").status_code == 403
    assert log_in(client, player="3", password="rigel-1313").status_code == 429


def test_a_failed_login_is_slowed(games: Path) -> None:
    found, ids = find_games([games])
    with TestClient(create_app(WebConfig(found, SECRET, ids=ids, failure_delay=0.3))) as c:
        start = time.monotonic()
        assert log_in(c, password="guess").status_code == 403
        assert time.monotonic() - start >= 0.3


def test_the_throttle_forgets_failures_older_than_its_window() -> None:
    now = [0.0]
    throttle = Throttle(2, window=60.0, clock=lambda: now[0])
    throttle.fail("k")
    throttle.fail("k")
    assert throttle.blocked("k") and not throttle.blocked("other")
    now[0] = 59.0
    assert throttle.blocked("k")
    now[0] = 60.0
    assert not throttle.blocked("k")


def test_a_sealed_password_opens_only_for_its_session_key_and_age(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The session keeps the password sealed (Fernet, a key derived from the session
    secret): never in clear, good for its session's hours, its own session only."""
    sealer = Sealer(SECRET, 3600)
    sealed = sealer.seal("sid-a", P1)
    assert P1 not in sealed and P1.encode() not in base64.urlsafe_b64decode(sealed)
    assert sealer.open("sid-a", sealed) == P1
    assert Sealer(SECRET, 3600).open("sid-a", sealed) == P1  # another worker, or a restart
    assert sealer.open("sid-b", sealed) is None  # copied into another session
    assert Sealer("t" * 40, 3600).open("sid-a", sealed) is None  # a new secret
    tampered = sealed[:-6] + ("A" if sealed[-6] != "A" else "B") + sealed[-5:]
    for wrong in (tampered, "", None, 42, ["x"], "not a seal", "é" * 10, "A" * 5000):
        assert sealer.open("sid-a", wrong) is None
    later = time.time() + 3601
    monkeypatch.setattr(time, "time", lambda: later)  # Fernet reads the clock for the age
    assert sealer.open("sid-a", sealed) is None


def test_x_forwarded_for_is_trusted_only_behind_a_proxy(games: Path) -> None:
    with make_app(games) as direct:
        for n in range(CLIENT_FAILURES):
            headers = {"x-forwarded-for": f"10.0.0.{n}"}  # spoofed: must not spread the count
            token = csrf(direct)
            data = {"game": "GT13", "player": str(n % 11 + 1), "password": "x", "csrf": token}
            direct.post("/login", data=data, headers=headers)
        assert log_in(direct, player="3", password="rigel-1313").status_code == 429
    with make_app(games, behind_proxy=True, https=True) as proxied:
        for n in range(CLIENT_FAILURES):
            token = csrf(proxied)
            data = {"game": "GT13", "player": str(n % 11 + 1), "password": "x", "csrf": token}
            headers = {"x-forwarded-for": "10.9.9.9, 10.0.0.1"}  # the proxy appended the last
            proxied.post("/login", data=data, headers=headers)
        token = csrf(proxied)
        data = {"game": "GT13", "player": "3", "password": "rigel-1313", "csrf": token}
        other = proxied.post("/login", data=data, headers={"x-forwarded-for": "10.9.9.9, 10.0.0.2"})
        assert other.status_code == 303
        data["csrf"] = csrf(proxied)  # a login starts a new session, with a new token
        again = proxied.post("/login", data=data, headers={"x-forwarded-for": "10.0.0.1"})
        assert again.status_code == 429


def test_behind_a_proxy_the_cookie_is_secure_and_hsts_is_sent(games: Path) -> None:
    with make_app(games, behind_proxy=True, https=True) as c:
        answer = log_in(c)
        assert "secure" in answer.headers["set-cookie"].lower()
        assert answer.headers["strict-transport-security"].startswith("max-age=")


def test_log_out_ends_the_session(client: TestClient) -> None:
    log_in(client)
    token = csrf(client, "/turn")
    assert client.post("/logout", data={}).status_code == 403  # no token: not logged out
    assert client.get("/turn").status_code == 200
    answer = client.post("/logout", data={"csrf": token})
    assert answer.status_code == 303 and answer.headers["location"] == "/login"
    assert client.get("/turn").headers["location"] == "/login"


def test_a_new_password_ends_the_sessions_made_with_the_old(
    fresh: Path, writer: TestClient
) -> None:
    log_in(writer)
    game_file = fresh / "galaxy13" / "game.yaml"
    text = game_file.read_text()
    old = re.search(r'password: "(pbkdf2[^"]+)"', text)
    assert old is not None
    game_file.write_text(text.replace(old[1], hash_password("new-words", iterations=1000), 1))
    assert writer.get("/turn").headers["location"] == "/login"


def test_a_forged_or_tampered_cookie_is_no_session(client: TestClient) -> None:
    log_in(client)
    value = client.cookies[COOKIE]
    data, rest = value.split(".", 1)
    forged = json.loads(base64.b64decode(data + "=="))
    forged["player"] = "2"
    client.cookies.clear()
    client.cookies.set(COOKIE, base64.b64encode(json.dumps(forged).encode()).decode() + "." + rest)
    answer = client.get("/turn")
    assert answer.status_code == 303 and answer.headers["location"] == "/login"


# ------------------------------------------------------------------------ the secret


@pytest.fixture
def secret_file(
    games: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[dict[str, Path], Path]:
    """The games found, and where the session secret goes; none given in the environment."""
    monkeypatch.delenv("GALBATCH_WEB_SECRET", raising=False)
    found, _ = find_games([games])
    return found, tmp_path / "conf" / "web-secret"


def test_the_secret_is_made_once_0600_outside_the_game_dirs(
    games: Path, secret_file: tuple[dict[str, Path], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    found, file = secret_file
    first = load_secret(file, found)
    assert os.stat(file).st_mode & 0o777 == 0o600
    assert load_secret(file, found) == first and len(first) >= 32
    with pytest.raises(ServeError, match="not be in a game directory"):
        load_secret(games / "galaxy13" / "secret", found)
    os.chmod(file, 0o644)
    with pytest.raises(ServeError, match="open to others"):
        load_secret(file, found)
    monkeypatch.setenv("GALBATCH_WEB_SECRET", "e" * 40)
    assert load_secret(file, found) == "e" * 40
    monkeypatch.setenv("GALBATCH_WEB_SECRET", "short")
    with pytest.raises(ServeError, match="shorter"):
        load_secret(file, found)


def test_the_secret_appears_whole_and_a_first_servers_stays(
    secret_file: tuple[dict[str, Path], Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    found, file = secret_file
    real_link = os.link
    seen = []

    def link_after_another(source: str, target: str) -> None:
        seen.append(Path(source).read_text())  # whole before it has the secret's name
        file.write_text("f" * 64 + "\n")  # another server was quicker
        os.chmod(file, 0o600)
        real_link(source, target)

    monkeypatch.setattr(os, "link", link_after_another)
    assert load_secret(file, found) == "f" * 64, "the first server's secret stays"
    assert len(seen) == 1 and len(seen[0].strip()) == 64
    assert os.listdir(file.parent) == [file.name], "nothing left aside"


def test_games_are_found_in_a_folder_or_given_one_by_one(games: Path, tmp_path: Path) -> None:
    more = tmp_path / "more"
    more.mkdir()
    shutil.copytree(shipped("gc16"), more / "gc16")
    found, ids = find_games([games, more])
    assert sorted(found) == ["GC16", "GT13"] and ids["GT13"] == "GT13"
    assert list(find_games([more / "gc16"])[0]) == ["GC16"]
    shutil.copytree(more / "gc16", tmp_path / "again")
    with pytest.raises(ServeError, match="is in both"):
        find_games([more, tmp_path / "again"])
    with pytest.raises(ServeError, match="no game directory"):
        find_games([tmp_path / "conf"] if (tmp_path / "conf").mkdir() is None else [])


# ------------------------------------------------------------------------- the turn


def test_the_turn_page_shows_turn_due_date_owing_and_the_printout(
    games: Path, client: TestClient
) -> None:
    log_in(client)
    page = client.get("/turn")
    assert page.status_code == 200
    text = page.text
    assert "GT13" in text and "Turn</dt><dd>1 of 1996-09-16" in text
    inputs = json.loads((games / "galaxy13" / "turns" / "001" / "inputs.yaml").read_text())
    assert f"orders due {inputs['due']}" in text
    assert "you owe orders for turn 2" in text
    assert "your order file was received" in text
    printout = (games / "galaxy13" / "turns" / "001" / "printouts" / "1.txt").read_text()
    first = printout.splitlines()[0]
    assert f'<pre class="printout">{first}' in text
    assert 'href="/turn/1/printout.pdf"' in text and 'href="/turn/1/view.json"' in text
    assert 'href="/turn/0"' in text


def test_an_earlier_turn_and_no_turn_past_the_latest(games: Path, client: TestClient) -> None:
    log_in(client)
    earlier = client.get("/turn/0")
    printout = (games / "galaxy13" / "turns" / "000" / "printouts" / "1.txt").read_text()
    assert earlier.status_code == 200 and printout.splitlines()[0] in earlier.text
    assert client.get("/turn/2").status_code == 404
    assert client.get("/turn/2/printout.pdf").status_code == 404


def test_the_pdf_and_view_file_are_the_players_own(games: Path, client: TestClient) -> None:
    log_in(client)
    turn = games / "galaxy13" / "turns" / "001"
    pdf = client.get("/turn/1/printout.pdf")
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
    assert pdf.content == (turn / "printouts" / "1.pdf").read_bytes()
    assert "attachment" in pdf.headers["content-disposition"]
    view = client.get("/turn/1/view.json")
    assert view.content == (turn / "views" / "1.yaml").read_bytes()


OTHER = [
    "/turn/1/printouts/2.txt",
    "/turn/1/printouts/2.pdf",
    "/turn/1/views/2.yaml",
    "/turn/1/2.pdf",
    "/turn/1/printout.pdf/../../printouts/2.pdf",
    "/turn/..%2F..%2Fgame.yaml",
    "/turn/1/..%2Fprintouts%2F2.pdf",
    "/turn/%2e%2e/%2e%2e/game.yaml",
    "/turn/-1",
    "/turn/1%2F..%2F..",
    "/static/..%2F..%2Fgame.yaml",
    "/static/%2e%2e/app.py",
    "/static/../app.py",
    "/galaxy13/game.yaml",
    "/orders/2.txt",
    "/players/2",
    "/turn/1/map-1.svg/../../views/2.yaml",
    "/turn/1/map-%2e%2e.svg",
    "/turn/1/map-0.svg",
    "/turn/1/map-999.svg",
    "/turn/1/2/map-1.svg",
    "/history/2",
    "/history.svg/..%2F..%2Fgame.yaml",
    "/messages/2",
    "/messages/..%2Forders%2F2.txt",
    "/action/2",
    "/action/check/..%2F..%2Forders%2F2.txt",
    "/password/2",
]


@pytest.mark.parametrize("path", OTHER)
def test_nothing_of_another_player_or_outside_is_reachable(
    games: Path, client: TestClient, path: str
) -> None:
    log_in(client)
    answer = client.get(path)
    assert answer.status_code in (404, 405), path
    secret_bits = [
        (games / "galaxy13" / "turns" / "001" / "printouts" / "2.txt").read_text()[:200],
        "pbkdf2_sha256",
        "import ",
    ]
    assert not any(bit in answer.text for bit in secret_bits)


@pytest.mark.parametrize("query", ["?player=2", "?id=2&game=GC16", "?file=../2.pdf"])
def test_a_query_never_chooses_the_player(games: Path, client: TestClient, query: str) -> None:
    log_in(client)
    mine = (games / "galaxy13" / "turns" / "001" / "printouts" / "1.pdf").read_bytes()
    assert client.get("/turn/1/printout.pdf" + query).content == mine
    for page in ("/turn/1/map-1.svg", "/history.svg", "/messages", "/action"):
        assert client.get(page + query).content == client.get(page).content, page
    theirs = (games / "galaxy13" / "turns" / "001" / "printouts" / "2.txt").read_text()
    assert theirs.splitlines()[0] not in client.get("/turn" + query).text


def test_every_form_of_every_page_carries_the_csrf_token(client: TestClient) -> None:
    pages = [client.get("/login").text, client.get("/gm/login").text]
    log_in(client)
    pages += [client.get(p).text for p in ("/turn", "/turn/0", "/action")]
    forms = [f for page in pages for f in re.findall(r"<form.*?</form>", page, re.S)]
    assert len(forms) == 7  # log in twice, log out thrice, the order table, the orders as text
    for form in forms:
        assert 'method="post"' in form
        assert re.search(r'name="csrf" value="[^"]{40,}"', form), form


def test_the_pages_need_a_session(client: TestClient) -> None:
    for path in (
        "/turn",
        "/turn/1",
        "/turn/1/printout.pdf",
        "/turn/1/view.json",
        "/turn/1/map-1.svg",
        "/action",
        "/history",
        "/history.svg",
        "/messages",
        "/password",
    ):
        answer = client.get(path)
        assert answer.status_code == 303 and answer.headers["location"] == "/login", path
    csrf(client)
    answer = client.post("/action", data={"orders": "x", "action": "save"})
    assert answer.status_code == 303


# ----------------------------------------------------------------------- the orders


def test_writer_busy_sees_the_writer_lock_and_takes_nothing(fresh: Path) -> None:
    game = fresh / "galaxy13"
    assert not writer_busy(game)
    with writer_lock(game):
        assert writer_busy(game)
    assert not writer_busy(game)
    with writer_lock(game, wait=0):  # asking left no lock behind
        pass


def test_check_against_view_is_check_view_of_the_same_bytes(games: Path, tmp_path: Path) -> None:
    view = games / "galaxy13" / "turns" / "001" / "views" / "1.yaml"
    data = f'GAME GT13 PLAYER 1 PASSWORD "{P1}"\nSHUTTLE 1012 27-94 25-98\nFLY 1\n'.encode()
    file = tmp_path / "orders.txt"
    file.write_bytes(data)
    expected = check_one(file, ruleset=None, game_dir=None, view_file=view)
    got = check_against_view(data, str(file), view)
    assert [d.format() for d in got.diagnostics] == [d.format() for d in expected.diagnostics]
    assert got.status == expected.status and got.diagnostics


def test_the_action_page_shows_the_orders_without_the_header_or_password(
    games: Path, client: TestClient
) -> None:
    log_in(client)
    page = client.get("/action")
    assert page.status_code == 200
    assert 'name="orders"' in page.text
    assert 'name="action" value="check"' in page.text and 'name="action" value="save"' in page.text
    assert "COLONIZE 1011 27-93 Outpost1" in page.text
    assert P1 not in page.text and "PASSWORD" not in page.text


def test_check_runs_the_view_check_and_shows_each_diagnostic(
    games: Path, client: TestClient, tmp_path: Path
) -> None:
    log_in(client)
    before = inbox(games)
    answer = post_orders(client, "SHUTTLE 1012 27-94 25-98\nFLY 1 2 3\nEND\n", "check")
    assert answer.status_code == 200
    orders_file = tmp_path / "orders.txt"
    orders_file.write_text(
        f'GAME GT13 PLAYER 1 PASSWORD "{P1}"\nSHUTTLE 1012 27-94 25-98\nFLY 1 2 3\nEND\n'
    )
    view = games / "galaxy13" / "turns" / "001" / "views" / "1.yaml"
    expected = check_one(orders_file, ruleset=None, game_dir=None, view_file=view)
    assert expected.diagnostics
    for d in expected.diagnostics:
        assert f"<td>{d.line - 1}</td><td>{d.column}</td>" in answer.text
        assert f"<td>{d.code}</td>" in answer.text
    assert f"RC {int(expected.rc):04d}" in answer.text
    assert inbox(games) == before  # a check files nothing


def test_save_files_the_orders_as_the_post_room_does(fresh: Path, writer: TestClient) -> None:
    log_in(writer)
    before = inbox(fresh)
    orders = "SHUTTLE 1012 27-94 25-98\r\nEND\r\n"
    answer = post_orders(writer, orders, "save")
    assert answer.status_code == 200 and "Saved for turn 2" in answer.text
    filed = inbox(fresh)
    # "no cleartext password stored anywhere": filed with its password masked, recorded
    # as verified (engine.gamedir.verified) for the turn and `check --game`
    assert filed == b"GAME GT13 PLAYER 1 PASSWORD ********\nSHUTTLE 1012 27-94 25-98\nEND\n"
    target = fresh / "galaxy13" / "orders" / "1.txt"
    assert os.stat(target).st_mode & 0o777 == 0o600
    # the file authenticates as the player's: `galbatch check --game` takes it
    check = check_one(target, ruleset=None, game_dir=fresh / "galaxy13", view_file=None)
    assert not [d for d in check.diagnostics if d.code in ("GB013", "GB014", "GB015")]
    # the replaced file is kept where intake keeps one, its password masked
    kept = list((fresh / "galaxy13" / "intake" / "002" / "replaced").glob("1-*.txt"))
    assert len(kept) == 1
    assert P1.encode() not in kept[0].read_bytes()
    assert before.split(b"\n", 1)[1] in kept[0].read_bytes()
    page = writer.get("/action").text
    assert "SHUTTLE 1012 27-94 25-98" in page
    # "the page then shows what was saved and when": the time the file landed, as status
    stamp = time.strftime("%Y-%m-%d %H:%M", time.gmtime(target.stat().st_mtime))
    assert f"saved (or mailed) and received {stamp}" in page


def test_a_save_is_filed_by_any_worker_and_after_a_restart(fresh: Path, writer: TestClient) -> None:
    """Several workers, or a restarted server, with the same secret: the session holds its
    password sealed, so another app than the one logged into files the save."""
    log_in(writer)
    payload = base64.b64decode(writer.cookies[COOKIE].split(".")[0] + "==")
    assert P1.encode() not in payload and "seal" in json.loads(payload)
    with make_app(fresh) as other:  # a second worker process, or the server restarted
        other.cookies.set(COOKIE, writer.cookies[COOKIE])
        assert 'name="password"' not in other.get("/action").text
        assert post_orders(other, "END\n", "save").status_code == 200
    assert inbox(fresh) == b"GAME GT13 PLAYER 1 PASSWORD ********\nEND\n"


def test_save_asks_for_the_password_when_the_session_holds_none(
    fresh: Path, writer: TestClient
) -> None:
    log_in(writer)
    site = writer.app.state.site  # type: ignore[attr-defined]
    site.sealer = Sealer("o" * 40, 3600)  # as a seal past its age: it opens to nothing
    page = writer.get("/action")
    assert 'name="password"' in page.text
    before = inbox(fresh)
    refused = post_orders(writer, "END\n", "save", password="wrong")
    assert refused.status_code == 403 and inbox(fresh) == before
    assert "END" in refused.text
    for _ in range(PLAYER_FAILURES - 1):  # guesses count as failed logins do
        post_orders(writer, "END\n", "save", password="wrong")
    capped = post_orders(writer, "END\n", "save", password=P1)
    assert capped.status_code == 403 and inbox(fresh) == before
    writer.app.state.site.players.failures.clear()  # type: ignore[attr-defined]  # time passes
    saved = post_orders(writer, "END\n", "save", password=P1)
    assert saved.status_code == 200 and inbox(fresh).endswith(b"\nEND\n")


def test_while_a_run_holds_the_game_saving_is_refused_and_the_text_kept(
    fresh: Path, writer: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The book: "once the turn begins processing, your submission can no longer be
    changed". A save waits for another writer as every writer does, then gives up."""
    monkeypatch.setenv("GALBATCH_LOCK_WAIT", "0.3")
    log_in(writer)
    before = inbox(fresh)
    with writer_lock(fresh / "galaxy13"):  # as `galbatch process` holds it for its run
        page = writer.get("/action")
        assert "being processed now" in page.text
        answer = post_orders(writer, "SCOUT 1011 1-1\nEND\n", "save")
        assert answer.status_code == 409
        assert "galbatch process is running" in answer.text
        assert "SCOUT 1011 1-1" in answer.text
        assert inbox(fresh) == before
    assert "being processed now" not in writer.get("/action").text


def test_no_form_field_chooses_the_player(fresh: Path, writer: TestClient) -> None:
    log_in(writer)
    theirs = inbox(fresh, "2")
    answer = post_orders(writer, "END\n", "save", player="2", game="GC16", id="2")
    assert answer.status_code == 200
    assert inbox(fresh).endswith(b"PLAYER 1 PASSWORD ********\nEND\n")
    assert inbox(fresh, "2") == theirs


@pytest.mark.slow
def test_the_action_page_is_empty_after_processing(fresh: Path, writer: TestClient) -> None:
    """The book: "The actions page will be empty after processing, ready for new actions
    for the next turn." """
    log_in(writer)
    assert post_orders(writer, "SHUTTLE 1012 27-94 25-98\nEND\n", "save").status_code == 200
    process(fresh / "galaxy13")
    page = writer.get("/action")
    assert re.search(r'<textarea[^>]*name="orders"[^>]*></textarea>', page.text)
    turn = writer.get("/turn")
    assert "Turn</dt><dd>2 of" in turn.text and "no order file received yet" in turn.text
    assert writer.get("/turn/2/printout.pdf").content.startswith(b"%PDF")


def test_a_game_that_cannot_be_written_keeps_the_text(fresh: Path, writer: TestClient) -> None:
    log_in(writer)
    orders = fresh / "galaxy13" / "orders"
    shutil.rmtree(orders)
    orders.write_text("not a folder")
    answer = post_orders(writer, "SCOUT 1011 1-1\nEND\n", "save")
    assert answer.status_code == 503 and "nothing was saved" in answer.text
    assert "SCOUT 1011 1-1" in answer.text
    assert orders.read_text() == "not a folder"


def test_the_action_form_needs_its_csrf_token(fresh: Path, writer: TestClient) -> None:
    log_in(writer)
    before = inbox(fresh)
    answer = writer.post("/action", data={"orders": "END\n", "action": "save"})
    assert answer.status_code == 403 and "END" in answer.text
    assert inbox(fresh) == before


def test_the_forms_have_size_limits(fresh: Path, writer: TestClient) -> None:
    log_in(writer)
    before = inbox(fresh)
    assert post_orders(writer, "X" * (MAX_ORDERS + 1), "save").status_code == 413
    huge = writer.post(
        "/action",
        content=b"orders=" + b"x" * MAX_BODY,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert huge.status_code == 413
    long_id = log_in(writer, player="1" * 65)
    assert long_id.status_code == 403
    assert inbox(fresh) == before


def test_a_finished_game_takes_no_orders(
    fresh: Path, writer: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from galbatch.rules import get_ruleset

    log_in(writer)
    ruleset = type(get_ruleset("galactac"))
    monkeypatch.setattr(ruleset, "finished", lambda self, state: True)
    before = inbox(fresh)
    answer = post_orders(writer, "END\n", "save")
    assert answer.status_code == 409 and "has ended" in answer.text
    assert inbox(fresh) == before


@pytest.mark.parametrize(
    "orders",
    ["\x00\x01\x02", "\ufeff" * 50, "GAME GT13 PLAYER 2 PASSWORD x\nEND\n", "é" * 4000, "\r" * 999],
)
def test_hostile_orders_never_break_a_page(fresh: Path, writer: TestClient, orders: str) -> None:
    log_in(writer)
    for action in ("check", "save", "other"):
        answer = post_orders(writer, orders, action)
        assert answer.status_code in (200, 400), (action, answer.status_code)


# ------------------------------------------------------------------- what is escaped


def test_what_a_player_wrote_is_escaped_and_the_headers_forbid_scripts(
    fresh: Path, writer: TestClient
) -> None:
    """A code name is the player's to choose (the NAME order); whatever of it reaches a
    printout, and whatever he types, is shown as text."""
    printout = fresh / "galaxy13" / "turns" / "001" / "printouts" / "1.txt"
    printout.write_text(printout.read_text() + f"NAME 27-94: now {HOSTILE}\n")
    log_in(writer)
    turn = writer.get("/turn")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in turn.text and "<script>" not in turn.text
    assert "\u202e" in turn.text  # shown as text, inside <pre>, not able to break out of it
    checked = post_orders(
        writer, f"NAME 27-94 {HOSTILE}\n</textarea><script>x()</script>\n", "check"
    )
    assert "<script>" not in checked.text and "</textarea><script>" not in checked.text
    assert "&lt;/textarea&gt;&lt;script&gt;" in checked.text
    for answer in (turn, checked, writer.get("/login")):
        csp = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp
        assert "unsafe" not in csp and "default-src 'none'" in csp
        assert answer.headers["x-content-type-options"] == "nosniff"
        ours = answer.text.replace("&lt;script", "").replace(EDITOR, "")
        assert "<script" not in ours  # no script but the command editor's own file


# ---------------------------------------------------------------------------- the GM


def test_the_gm_page_is_behind_the_gm_password_and_shows_every_games_status(
    fresh: Path, writer: TestClient
) -> None:
    shutil.copytree(shipped("gc16"), fresh / "gc16")
    writer.app.state.site.config.games.update(find_games([fresh])[0])  # type: ignore[attr-defined]
    assert writer.get("/gm").headers["location"] == "/gm/login"
    log_in(writer)
    assert writer.get("/gm").headers["location"] == "/gm/login"  # a player is no GM
    token = csrf(writer, "/gm/login")
    assert writer.post("/gm/login", data={"password": "no", "csrf": token}).status_code == 403
    answer = writer.post("/gm/login", data={"password": GM_PASSWORD, "csrf": token})
    assert answer.status_code == 303 and answer.headers["location"] == "/gm"
    page = writer.get("/gm")
    assert page.status_code == 200
    from galbatch.engine.job.status import game_status

    for name in ("galaxy13", "gc16"):
        status = game_status(fresh / name)
        assert f"{status.game} ({status.ruleset})" in page.text
        assert f"orders for turn {status.turn + 1} due {status.due}" in page.text
        for seat in status.seats:
            assert f"<td>{seat.id}</td><td>{seat.name}</td>" in page.text
    assert writer.get("/turn").headers["location"] == "/login"  # the GM is no player


def test_without_a_gm_password_there_is_no_gm_page(games: Path) -> None:
    with make_app(games) as c:
        assert c.get("/gm").status_code == 404
        assert c.get("/gm/login").status_code == 404


def test_the_gm_logins_are_capped_too(client: TestClient) -> None:
    for _ in range(PLAYER_FAILURES):
        client.post("/gm/login", data={"password": "no", "csrf": csrf(client, "/gm/login")})
    data = {"password": GM_PASSWORD, "csrf": csrf(client, "/gm/login")}
    assert client.post("/gm/login", data=data).status_code == 429


# ------------------------------------------------------------------ the command line


def galbatch(*args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        **kwargs,  # type: ignore[call-overload]
    )


def test_make_gm_password_writes_a_private_salted_hash(tmp_path: Path) -> None:
    file = tmp_path / "gm-password"
    done = galbatch("serve", "--make-gm-password", str(file), input="words-of-the-gm\n")
    assert done.returncode == 0, done.stderr
    assert os.stat(file).st_mode & 0o777 == 0o600
    stored = load_gm_hash(file)
    assert verify_password("words-of-the-gm", stored) and "words-of-the-gm" not in stored


def test_serve_refuses_what_it_cannot_serve(tmp_path: Path) -> None:
    done = galbatch("serve", str(tmp_path))
    assert done.returncode == 12 and "no game directory" in done.stderr
    assert "Traceback" not in done.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_galbatch_serve_under_uvicorn_over_real_http(games: Path, tmp_path: Path) -> None:
    port = _free_port()
    env = {**os.environ, "GALBATCH_WEB_SECRET": "u" * 40}
    server = subprocess.Popen(
        [sys.executable, "-m", "galbatch.cli", "serve", str(games), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        with httpx2.Client(base_url=base, follow_redirects=False, timeout=10) as http:
            for _ in range(200):
                try:
                    login = http.get("/login")
                    break
                except httpx2.TransportError:
                    time.sleep(0.05)
            else:
                pytest.fail("the server did not start")
            token = CSRF.search(login.text)
            assert token is not None
            data = {"game": "GT13", "player": "1", "password": P1, "csrf": token[1]}
            assert http.post("/login", data=data).status_code == 303
            turn = http.get("/turn")
            assert turn.status_code == 200 and "you owe orders for turn 2" in turn.text
            assert "server" not in turn.headers
            assert turn.headers["x-content-type-options"] == "nosniff"
            assert http.get("/static/site.css").status_code == 200
    finally:
        server.terminate()
        server.wait(timeout=10)
