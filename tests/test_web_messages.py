"""Play by web's messages page: Galac-Tac's diplomatic messages through the page, by the
same rules as messages in an order file.

The rule book (Galac-Tac, EMPIRE RELATIONS): "You may, of course, negotiate informal
alliances (or deliver threats) by sending a message to the Empire you wish to contact.
... Galac-Tac will route your message for you (using only your Empire name), but you
must know the name of the Empire you wish to contact by having encountered them during
the game. Diplomatic messages may be sent via the website, or (for postal mail players
only) by including messages with your mailed turn."
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from galbatch.engine.gamedir.locks import writer_lock
from galbatch.engine.job.lint import check_against_view
from galbatch.engine.job.run import process
from galbatch.rules import get_ruleset
from tests.bundled import shipped
from tests.test_web import HOSTILE, P2, csrf, log_in, make_app

GAME = "galaxy13"
POLARIS = "Polaris Combine"  # empire 2's name; empire 1 is Grand Fenwick
SECRET = "Shall we share the rim? <script>alert(1)</script>"
KEY = re.compile(r'name="key" value="([^"]+)"')


def met(game: Path, names: dict[str, str] | None = None) -> None:
    """Grand Fenwick (1) and Polaris Combine (2) have met in turn 1, in the state and in
    their views; `names` renames empires (id -> name) in both."""
    turn = game / "turns" / "001"
    state = json.loads((turn / "state.yaml").read_text(encoding="utf-8"))
    empires = {e["id"]: e for e in state["empires"]}
    for eid, name in (names or {}).items():
        empires[eid]["name"] = name
    empires["1"]["known"], empires["2"]["known"] = ["2"], ["1"]
    (turn / "state.yaml").write_text(json.dumps(state, indent=2), encoding="utf-8")
    for me, other in (("1", "2"), ("2", "1")):
        path = turn / "views" / f"{me}.yaml"
        view = json.loads(path.read_text(encoding="utf-8"))
        view["empire"]["known"] = [empires[other]["name"]]
        view["empire"]["name"] = empires[me]["name"]
        path.write_text(json.dumps(view, indent=2), encoding="utf-8")


@pytest.fixture
def games(tmp_path: Path) -> Path:
    root = tmp_path / "games"
    root.mkdir()
    shutil.copytree(shipped(GAME), root / GAME)
    met(root / GAME)
    return root


@pytest.fixture
def client(games: Path) -> Iterator[TestClient]:
    with make_app(games) as c:
        yield c


def inbox(games: Path, player: str = "1") -> str:
    return (games / GAME / "orders" / f"{player}.txt").read_text(encoding="utf-8")


def send(client: TestClient, to: str, text: str, **more: str) -> str:
    data = {"to": to, "text": text, "action": "send", "csrf": csrf(client, "/messages")}
    answer = client.post("/messages", data={**data, **more})
    return f"{answer.status_code} {answer.text}"


def diagnostics_of(games: Path, block: str, player: str = "1") -> list[str]:
    """The codes and messages `galbatch check --view` gives an order file of `block`."""
    data = f"GAME GT13 PLAYER {player} PASSWORD x\n{block}END\n".encode()
    view = games / GAME / "turns" / "001" / "views" / f"{player}.yaml"
    return [f"[{d.code}] {d.message}" for d in check_against_view(data, "x", view).diagnostics]


def test_the_player_s_pages_link_the_messages_page(client: TestClient) -> None:
    log_in(client)
    assert '<a href="/messages">Messages</a>' in client.get("/turn").text
    page = client.get("/messages")
    assert page.status_code == 200
    assert '<option value="Polaris Combine">' in page.text  # the one empire met
    assert 'name="csrf"' in page.text and 'name="text"' in page.text


def test_a_message_is_written_into_the_order_file_as_a_message_block_before_its_end(
    client: TestClient, games: Path
) -> None:
    """The page writes what the player would: MESSAGE TO, the text, END MESSAGE."""
    before = inbox(games)
    log_in(client)
    answer = send(client, "Polaris Combine", f"Greetings.\n{SECRET}")
    assert answer.startswith("200") and "Message saved in your orders for turn 2." in answer
    block = f"MESSAGE TO Polaris Combine\nGreetings.\n{SECRET}\nEND MESSAGE\n"
    after = inbox(games)
    assert block in after and after.index(block) < after.rindex("\nEND\n")
    assert after.replace(block, "").split("\n", 1)[1] == before.split("\n", 1)[1]
    page = client.get("/messages").text
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Polaris Combine</bdi>" in page


def test_messages_are_kept_in_the_order_written_and_removed_one_by_one(
    client: TestClient, games: Path
) -> None:
    log_in(client)
    assert send(client, POLARIS, "First.").startswith("200")
    assert send(client, POLARIS, "Second.").startswith("200")
    text = inbox(games)
    assert text.index("First.") < text.index("Second.")
    page = client.get("/messages").text
    keys = KEY.findall(page)
    assert len(keys) == 2
    data = {"key": keys[0], "action": "remove", "csrf": csrf(client, "/messages")}
    answer = client.post("/messages", data=data)
    assert answer.status_code == 200 and "Message removed from your orders" in answer.text
    text = inbox(games)
    assert "First." not in text and "MESSAGE TO Polaris Combine\nSecond.\nEND MESSAGE\n" in text
    again = client.post("/messages", data={**data, "csrf": csrf(client, "/messages")})
    assert again.status_code == 409 and inbox(games) == text  # that block is gone


@pytest.mark.parametrize(
    ("to", "text", "code"),
    [
        ("Rigel Hegemony", "We never met.", "GT256"),  # "you must know the name"
        ("Polaris Combin", "Misspelt.", "GT256"),
        ("Grand Fenwick", "To ourselves.", "GT257"),
        (POLARIS, "Evil \u202etext", "GB046"),  # a bidi override: an invisible character
        (POLARIS, "x" * 101, "GB044"),
        (POLARIS, "\n".join(["line"] * 41), "GB045"),
        (POLARIS, "\n\n", "GB047"),
        (POLARIS, "Hello\nEND\nBUILD 27-94 SC1 Scout", "GB040"),
        (POLARIS, "Hello\nMESSAGE TO Rigel Hegemony\nHi", "GB041"),
    ],
)
def test_a_message_the_order_file_would_reject_is_rejected_with_the_same_diagnostic(
    client: TestClient, games: Path, to: str, text: str, code: str
) -> None:
    """galbatch(1), ORDER FILES: "A block that breaks a limit, names no one (GB042) or has
    no text (GB047) is not sent"; the Galac-Tac man page: a name not met is GT256."""
    before = inbox(games)
    log_in(client)
    answer = send(client, to, text)
    assert answer.startswith("400"), answer[:300]
    assert inbox(games) == before  # nothing saved
    expected = [d for d in diagnostics_of(games, f"MESSAGE TO {to}\n{text}\nEND MESSAGE\n")]
    assert any(d.startswith(f"[{code}]") for d in expected)
    for diagnostic in expected:
        if diagnostic.startswith(f"[{code}]"):
            shown = diagnostic.split("] ", 1)[1].replace("'", "&#39;")
            assert shown.replace("<", "&lt;").replace(">", "&gt;") in answer


def test_a_text_with_end_message_inside_is_not_sent(client: TestClient, games: Path) -> None:
    """galbatch(1): "So a message cannot hold a line that is just END or --" (nor END
    MESSAGE, which ends it): the lines after it would be orders."""
    before = inbox(games)
    log_in(client)
    answer = send(client, POLARIS, "Hello\nEND MESSAGE\nNAME EMPIRE Traitor")
    assert answer.startswith("400") and "would end the message there" in answer
    assert inbox(games) == before


def test_the_eleventh_message_of_a_file_is_refused_as_in_an_order_file(
    client: TestClient, games: Path
) -> None:
    """galbatch(1): "At most 10 messages a file" (GB043)."""
    log_in(client)
    for n in range(10):
        assert send(client, POLARIS, f"Message {n}.").startswith("200")
    before = inbox(games)
    answer = send(client, POLARIS, "One too many.")
    assert answer.startswith("400") and "GB043" in answer
    assert inbox(games) == before


def test_a_form_without_its_csrf_token_changes_nothing(client: TestClient, games: Path) -> None:
    before = inbox(games)
    log_in(client)
    data = {"to": POLARIS, "text": "Hi", "action": "send", "csrf": "forged"}
    assert client.post("/messages", data=data).status_code == 403
    assert inbox(games) == before


def test_hostile_empire_names_and_texts_are_escaped(games: Path, tmp_path: Path) -> None:
    """Empire names and messages are the players' words: shown as text, bidi isolated."""
    met(games / GAME, {"2": HOSTILE})
    view_path = games / GAME / "turns" / "001" / "views" / "1.yaml"
    view = json.loads(view_path.read_text(encoding="utf-8"))
    view["messages"] = [{"from": HOSTILE, "text": f"{HOSTILE}\n</pre><script>x()</script>"}]
    view_path.write_text(json.dumps(view), encoding="utf-8")
    with make_app(games) as client:
        log_in(client)
        page = client.get("/messages").text
    assert "<script>" not in page and "</pre><script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<bdi>&lt;script&gt;alert(1)&lt;/script&gt;\u202eevil\u2066</bdi>" in page
    assert "Turn 1, from <bdi>" in page


def test_process_delivers_the_message_to_its_recipient_alone(
    client: TestClient, games: Path
) -> None:
    log_in(client)
    assert send(client, POLARIS, f"Greetings.\n{SECRET}").startswith("200")
    process(games / GAME, pdf=False)
    turn = games / GAME / "turns" / "002" / "printouts"
    recipient = (turn / "2.txt").read_text(encoding="utf-8")
    assert "From Grand Fenwick:" in recipient and SECRET in recipient
    for path in sorted(turn.glob("*.txt")):
        if path.stem != "2":
            assert SECRET not in path.read_text(encoding="utf-8"), path.name
    with make_app(games) as other:
        log_in(other, player="2", password=P2)
        page = other.get("/messages").text
        assert "Turn 2, from <bdi>Grand Fenwick</bdi>" in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        log_in(other, player="3", password="rigel-1313")
        assert "No message received yet." in other.get("/messages").text
    assert "No message in your saved orders." in client.get("/messages").text


def passwords(game: Path) -> dict[str, str]:
    lines = game.joinpath("PASSWORDS.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split(" ", 1) for line in lines if line and not line.startswith("#"))


@pytest.mark.parametrize(
    ("name", "game_id"),
    [("conflict-demo", "conflict-demo"), ("gc16", "GC16"), ("spiral6", "SP6"), ("nebula4", "IC4")],
)
def test_a_game_without_messages_says_so_and_takes_none(
    tmp_path: Path, name: str, game_id: str
) -> None:
    """galbatch(1): a game without diplomacy rejects every MESSAGE TO block (GB049)."""
    root = tmp_path / "games"
    root.mkdir()
    game = shutil.copytree(shipped(name), root / name)
    files = sorted((game / "orders").glob("*"))
    before = {p.name: p.read_bytes() for p in files}
    with make_app(root) as client:
        log_in(client, game_id, "1", passwords(game)["1"])
        page = client.get("/messages")
        assert page.status_code == 200 and "has no diplomatic messages" in page.text
        assert 'name="text"' not in page.text
        assert send(client, "2", "Hello").startswith("400")
    assert {p.name: p.read_bytes() for p in sorted((game / "orders").glob("*"))} == before


def test_while_a_run_holds_the_game_nothing_is_saved(client: TestClient, games: Path) -> None:
    """PLAY BY WEB: "once the turn begins processing, your submission can no longer be
    changed": the message is refused, and kept in the form to send again."""
    before = inbox(games)
    log_in(client)
    token = csrf(client, "/messages")
    with writer_lock(games / GAME, wait=0):
        data = {"to": POLARIS, "text": "Hold on.", "action": "send", "csrf": token}
        answer = client.post("/messages", data=data)
    assert answer.status_code == 409 and "galbatch process is running" in answer.text
    assert ">Hold on.</textarea>" in answer.text
    assert inbox(games) == before


def test_the_recipients_are_the_empires_met_each_once_never_one_s_own() -> None:
    """EMPIRE RELATIONS: "you must know the name of the Empire you wish to contact by
    having encountered them"; a game without messages offers no one."""
    view = {"empire": {"name": "Grand Fenwick", "known": ["Polaris", "grand  fenwick", "POLARIS"]}}
    assert get_ruleset("galactac").message_recipients(view) == ["Polaris"]
    message = {"from": "Polaris", "text": "Hi"}
    assert get_ruleset("galactac").messages_received({"messages": [message]}) == [("Polaris", "Hi")]
    for name in ("conflict", "conqueror", "galaktikos", "interstellar"):
        assert not get_ruleset(name).messages
        assert get_ruleset(name).message_recipients(view) == []
