"""The maps on the web turn page (issue 25, "The player's turn page"): each map of the
player's printout, latest turn and earlier, as an SVG picture drawn by the PDF's own
drawers from the printout made of his view alone.

The rule book (Galactic Conflict): "each player will receive a computer generated
printout containing the information about the game that he is entitled to know" and
"Attached to your printout each turn will be a map of the galaxy. Worlds that you own
will be underlined on the map." The web map is that map, the one his printout draws,
and never shows more than his printout does.
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.job.reprint import turn_printout
from galbatch.print.maps.svg import printout_maps
from galbatch.rules import get_ruleset
from galbatch.web import maps
from galbatch.web.security import CSP
from tests.bundled import shipped
from tests.test_web import HOSTILE, log_in, make_app

SVG = "{http://www.w3.org/2000/svg}"
SEATS = {  # game id, its folder, a player and his password (the games' PASSWORDS.txt)
    "conflict-demo": ("conflict-demo", "1", "arcturus-1997"),
    "GT13": ("galaxy13", "1", "arcturus-1313"),
    "GC16": ("gc16", "1", "arcturus-1997"),
    "IC4": ("nebula4", "1", "balchoth-red"),
    "SP6": ("spiral6", "1", "red-2006"),
}


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("webmap") / "games"
    root.mkdir()
    for folder, _, _ in SEATS.values():
        shutil.copytree(shipped(folder), root / folder)
    return root


@pytest.fixture
def client(games: Path) -> Iterator[TestClient]:
    with make_app(games) as c:
        yield c


def expected(games: Path, game_id: str, player: str, turn: int) -> list[str]:
    game = Game.open(games / SEATS[game_id][0])
    return [m.svg for m in printout_maps(turn_printout(game, turn, player))]


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_the_turn_page_shows_each_map_of_the_printout_as_an_svg_picture(
    client: TestClient, games: Path, game_id: str
) -> None:
    _, player, password = SEATS[game_id]
    assert log_in(client, game_id, player, password).status_code == 303
    page = client.get("/turn").text
    turn = Game.open(games / SEATS[game_id][0]).latest_turn()
    want = expected(games, game_id, player, turn)
    assert want
    for k, svg in enumerate(want, 1):
        assert f'<img src="/turn/{turn}/map-{k}.svg"' in page
        answer = client.get(f"/turn/{turn}/map-{k}.svg")
        assert answer.status_code == 200
        assert answer.headers["content-type"] == "image/svg+xml"
        assert answer.headers["content-security-policy"] == CSP
        assert answer.text == svg
    assert f"/turn/{turn}/map-{len(want) + 1}.svg" not in page


def test_earlier_turns_show_their_own_maps(client: TestClient, games: Path) -> None:
    """Galaxy13 ships turns 0 and 1; each turn's page shows that turn's maps."""
    log_in(client, "GT13", "1", "arcturus-1313")
    for turn in (0, 1):
        assert f'<img src="/turn/{turn}/map-1.svg"' in client.get(f"/turn/{turn}").text
        assert client.get(f"/turn/{turn}/map-1.svg").text == expected(games, "GT13", "1", turn)[0]
    assert expected(games, "GT13", "1", 0) != expected(games, "GT13", "1", 1)


@pytest.mark.parametrize(
    "path", ["/turn/0/map-0.svg", "/turn/0/map-2.svg", "/turn/99/map-1.svg", "/turn/-1/map-1.svg"]
)
def test_a_map_or_turn_out_of_range_is_not_found(client: TestClient, path: str) -> None:
    log_in(client, "conflict-demo", "1", "arcturus-1997")
    assert client.get(path).status_code == 404


def test_a_map_needs_a_login(client: TestClient) -> None:
    answer = client.get("/turn/0/map-1.svg")
    assert answer.status_code == 303 and answer.headers["location"] == "/login"


def test_the_map_is_made_from_the_players_own_view_and_no_other(
    client: TestClient, games: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's page is made from his view alone: the only view built is his, and the
    printout the map comes from is given that view."""
    kind = type(get_ruleset("conflict"))
    made: list[str] = []
    given: list[str] = []
    view, printout = kind.view, kind.printout

    def spy_view(self: Any, state: Any, player: str) -> Any:
        made.append(player)
        return view(self, state, player)

    def spy_printout(self: Any, v: Mapping[str, Any], d: Sequence[Any], ctx: Any) -> Any:
        given.append(str(v["player"]))
        return printout(self, v, d, ctx)

    monkeypatch.setattr(maps, "_cache", OrderedDict())  # nothing drawn before counts
    monkeypatch.setattr(kind, "view", spy_view)
    monkeypatch.setattr(kind, "printout", spy_printout)
    log_in(client, "conflict-demo", "2", "polaris-1997")
    mine = client.get("/turn/0/map-1.svg").text
    assert made == ["2"] and given == ["2"]
    assert mine == expected(games, "conflict-demo", "2", 0)[0]
    assert mine != expected(games, "conflict-demo", "1", 0)[0]  # his own worlds, not 1's


def test_the_picture_holds_no_script_style_or_link(client: TestClient) -> None:
    """The site's CSP forbids scripts; the SVG holds none, nor any inline style or
    reference outside itself, whatever names are on the map."""
    for game_id, (_, player, password) in SEATS.items():
        log_in(client, game_id, player, password)
        svg = client.get("/turn/0/map-1.svg").text
        root = ET.fromstring(svg)
        tags = {el.tag.removeprefix(SVG) for el in root.iter()}
        assert tags <= {"svg", "title", "rect", "defs", "clipPath", "g", "path", "text"}
        assert "<script" not in svg and "style=" not in svg and "href" not in svg
        client.cookies.clear()


def test_a_name_a_player_chose_is_escaped_on_the_map(tmp_path: Path) -> None:
    """Galaktikos's board names each player in its key: a hostile name is shown as text,
    never markup, and its bidi controls cannot turn the key around."""
    root = tmp_path / "games"
    root.mkdir()
    shutil.copytree(shipped("spiral6"), root / "spiral6")
    state = root / "spiral6" / "turns" / "002" / "state.yaml"
    text = state.read_text("utf-8")
    assert '"name": "BLUE"' in text
    state.write_text(text.replace('"name": "BLUE"', json.dumps({"name": HOSTILE})[1:-1]), "utf-8")
    with make_app(root) as client:
        log_in(client, "SP6", "1", "red-2006")
        svg = client.get("/turn/2/map-1.svg").text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;\ufffdevil\ufffd" in svg
    assert "<script" not in svg and "\u202e" not in svg and "\u2066" not in svg
    ET.fromstring(svg)
