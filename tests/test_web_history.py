"""A game's history on the web (issue 25, "A game's history"): "where the rules make a
ranking or score public, a chart of it by turn, drawn from the archived turns".

Each game's numbers are read here straight from the archived view files, the way each
rule book makes them public, and compared with what the page and its chart plot:

- Galactic Conflict: "The first section of the printout contains ... your score" and
  "The last section is a list of players you are in contact with and their scores."
- Galac-Tac: "Empire Valuation: 98th percentile ... This is the total worth of your
  Empire as compared to the "leader". (The leader will be shown as 100%.)"
- Interstellar Conquest: "Be the first alien race to place four colonies in your
  opponents star systems."
- Galaktikos: "The standard way to win the game is by population".
- Galactic Conqueror makes no score public (another's is learnt by espionage: "the
  current score of the owning player"), so its page says there is no chart.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from galbatch.engine.contract.ruleset import Ruleset, scores
from galbatch.rules import get_ruleset
from galbatch.web.chart import line_chart
from galbatch.web.security import CSP
from tests.bundled import shipped
from tests.test_web import HOSTILE, log_in, make_app

SVG = "{http://www.w3.org/2000/svg}"
SEATS = {  # game id: its folder, a player and his password (the games' PASSWORDS.txt)
    "conflict-demo": ("conflict-demo", "1", "arcturus-1997"),
    "GT13": ("galaxy13", "1", "arcturus-1313"),
    "GC16": ("gc16", "1", "arcturus-1997"),
    "IC4": ("nebula4", "2", "celegorm-green"),
    "SP6": ("spiral6", "1", "red-2006"),
}


def copy(root: Path) -> Path:
    root.mkdir()
    for folder, _, _ in SEATS.values():
        shutil.copytree(shipped(folder), root / folder)
    return root


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy(tmp_path_factory.mktemp("history") / "games")


@pytest.fixture
def client(games: Path) -> Iterator[TestClient]:
    with make_app(games) as c:
        yield c


def views(games: Path, game_id: str) -> list[tuple[int, dict[str, Any]]]:
    folder, player, _ = SEATS[game_id]
    found = []
    for turn_dir in sorted((games / folder / "turns").iterdir()):
        view_file = turn_dir / "views" / f"{player}.yaml"
        if view_file.is_file():
            found.append((int(turn_dir.name), json.loads(view_file.read_text("utf-8"))))
    return found


def archived(games: Path, game_id: str) -> dict[tuple[int, str], float]:
    """Each (turn, name) number the book makes public, read from the view files."""
    numbers: dict[tuple[int, str], float] = {}
    for turn, v in views(games, game_id):
        if game_id == "conflict-demo":
            pairs = [(v["name"], v["score"]), *[tuple(c) for c in v["contacts"]]]
        elif game_id == "GT13":
            pairs = [(v["empire"]["player"], v["empire"]["valuation"])]  # he may rename it
        elif game_id == "IC4":
            pairs = [(s["name"], s["colonies"]) for s in v["seats"]]
        else:
            pairs = [(p["name"], p["population"]) for p in v["players"]]
        numbers.update({(turn, name): float(value) for name, value in pairs})
    return numbers


def table(page: str) -> dict[tuple[int, str], float]:
    """The numbers of the page's table, by (turn, name)."""
    heads = [html.unescape(h) for h in re.findall(r"<th>([^<]*)</th>", page)][1:]
    numbers = {}
    for row in re.findall(r"<tr><td>(\d+)</td>(.*?)</tr>", page):
        cells = re.findall(r"<td>([^<]*)</td>", row[1])
        for name, cell in zip(heads, cells, strict=True):
            if cell:
                numbers[int(row[0]), name] = float(cell)
    return numbers


def plotted(svg: str) -> dict[tuple[int, str], float]:
    """The numbers of the chart's points, by (turn, name), from each point's title."""
    numbers = {}
    for circle in ET.fromstring(svg).iter(f"{SVG}circle"):
        title = circle.findtext(f"{SVG}title") or ""
        name, _, rest = title.rpartition(", turn ")
        turn, _, value = rest.partition(": ")
        numbers[int(turn), name] = float(value)
    return numbers


@pytest.mark.parametrize("game_id", ["conflict-demo", "GT13", "IC4", "SP6"])
def test_the_chart_plots_the_public_numbers_of_the_archived_turns(
    client: TestClient, games: Path, game_id: str
) -> None:
    _, player, password = SEATS[game_id]
    log_in(client, game_id, player, password)
    page = client.get("/history")
    assert page.status_code == 200
    assert '<img src="/history.svg"' in page.text
    want = archived(games, game_id)
    assert want and table(page.text) == want
    assert len({name for _, name in want}) == len(re.findall("<th>", page.text)) - 1  # a line each
    chart = client.get("/history.svg")
    assert chart.headers["content-type"] == "image/svg+xml"
    assert chart.headers["content-security-policy"] == CSP
    assert plotted(chart.text) == want
    assert client.get("/history.svg").content == chart.content  # the same bytes


def test_a_game_whose_book_makes_no_score_public_says_so(client: TestClient) -> None:
    log_in(client, "GC16", "1", "arcturus-1997")
    page = client.get("/history")
    assert page.status_code == 200
    assert "makes no score or ranking public" in page.text
    assert "<img" not in page.text and "<table" not in page.text
    assert client.get("/history.svg").status_code == 404
    assert get_ruleset("conqueror").public_scores({"score": 12, "name": "ARCTURUS"}) is None


def test_the_history_page_is_in_the_players_nav(client: TestClient) -> None:
    log_in(client, "SP6", "1", "red-2006")
    assert '<a href="/history">History</a>' in client.get("/turn").text
    client.cookies.clear()
    assert client.get("/history").headers["location"] == "/login"
    assert client.get("/history.svg").headers["location"] == "/login"


def test_a_chart_holds_nothing_his_views_do_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Conflict shows a player only the scores of those he is in contact with: a score
    in another player's view never reaches his chart, one in his own view does; and the
    numbers come from his own view files, never from the state."""
    games = copy(tmp_path / "games")
    turn0 = games / "conflict-demo" / "turns" / "000" / "views"
    for player, contact in (("1", ["POLARIS", 7]), ("2", ["SECRETNAME", 99])):
        view = json.loads((turn0 / f"{player}.yaml").read_text("utf-8"))
        view["contacts"] = [contact]
        (turn0 / f"{player}.yaml").write_text(json.dumps(view), "utf-8")
    read: list[str] = []
    public = get_ruleset("conflict").public_scores

    def spy(v: Mapping[str, Any]) -> Mapping[str, float] | None:
        read.append(str(v["player"]))
        return public(v)

    def no_state(*_: object) -> Any:
        raise AssertionError("the history is made from the view files, not the state")

    monkeypatch.setattr(get_ruleset("conflict"), "public_scores", spy)
    monkeypatch.setattr(type(get_ruleset("conflict")), "view", no_state)
    monkeypatch.setattr(type(get_ruleset("conflict")), "load_state", no_state)
    with make_app(games) as client:
        log_in(client, "conflict-demo", "1", "arcturus-1997")
        page, chart = client.get("/history").text, client.get("/history.svg").text
    assert set(read) == {"1"}
    assert table(page) == {(0, "ARCTURUS"): 0.0, (0, "POLARIS"): 7.0}
    assert 99.0 not in table(page).values() and 99.0 not in plotted(chart).values()
    for name in ("RIGEL", "REGULUS", "SECRETNAME"):
        assert name not in page and name not in chart


def test_names_are_escaped_and_a_damaged_view_is_left_out(tmp_path: Path) -> None:
    games = copy(tmp_path / "games")
    views_dir = games / "spiral6" / "turns"
    first = views_dir / "001" / "views" / "1.yaml"
    view = json.loads(first.read_text("utf-8"))
    view["players"][1]["name"] = HOSTILE
    first.write_text(json.dumps(view), "utf-8")
    (views_dir / "002" / "views" / "1.yaml").write_bytes(b"\xff{not json")
    with make_app(games) as client:
        log_in(client, "SP6", "1", "red-2006")
        page = client.get("/history")
        chart = client.get("/history.svg")
    assert page.status_code == 200 and chart.status_code == 200
    assert "<script>" not in page.text and "&lt;script&gt;" in page.text
    assert "<script" not in chart.text and "\u202e" not in chart.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;\ufffdevil\ufffd" in chart.text
    assert {turn for turn, _ in table(page.text)} == {0, 1}  # turn 2's file is damaged


def test_the_contract_defaults_to_no_public_score_and_scores_skips_what_is_not_one() -> None:
    assert Ruleset.public_scores(get_ruleset("conqueror"), {}) is None
    assert get_ruleset("conqueror").score_label == ""
    assert scores([("A", 1), ("B", True), (3, 4), ("C", "5"), ("A", 9), ("D", 2.5)]) == {
        "A": 1.0,
        "D": 2.5,
    }
    for name in ("conflict", "galactac", "galaktikos", "interstellar"):
        ruleset = get_ruleset(name)
        assert ruleset.score_label
        damaged = {"players": "x", "seats": 3, "empire": [], "contacts": 1, "final": {}}
        assert ruleset.public_scores(damaged) == {}


def test_the_chart_is_deterministic_and_draws_one_turn_or_none() -> None:
    series = (("A", ((0, 1.0), (1, 3.0))), ("B", ((1, 2.0),)))
    chart = line_chart("T", "SCORE", (0, 1), series)
    assert chart == line_chart("T", "SCORE", (0, 1), series)
    root = ET.fromstring(chart)
    assert len(root.findall(f"{SVG}circle")) == 3
    ET.fromstring(line_chart("T", "SCORE", (4,), (("A", ((4, 0.0),)),)))
    ET.fromstring(line_chart("T", "SCORE", (), ()))
