"""The action page's order table and the command editor's check, for all five games.

Galac-Tac's rule book (PLAY BY WEB) describes Talisman's action page: a player types
actions into a form, one row per action, an action name and its arguments #1 to #5,
saves, comes back and sees "all of the actions that you have submitted for this turn".
Issue 25 asks for that table for every game, its words from the game's own list, beside
the same orders as text, and an editor that checks as the player types.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.testclient import TestClient

from galbatch.rules import get_ruleset
from galbatch.web.security import CSP
from galbatch.web.table import MAX_ROWS, MIN_COLUMNS, sheet_of
from tests.bundled import shipped
from tests.test_web import HOSTILE, csrf, log_in, make_app

# bundled game: (its id, its ruleset, player 1's password, a row of player 1's and the
# line it makes: the table's word, its arguments, joined with the form's separator)
GAMES = {
    "conflict-demo": ("conflict-demo", "conflict", "arcturus-1997", ("A", "55", "56", "3")),
    "galaxy13": ("GT13", "galactac", "arcturus-1313", ("TO", "1001", "27-93")),
    "gc16": ("GC16", "conqueror", "arcturus-1997", ("B", "S", "1", "47")),
    "spiral6": ("SP6", "galaktikos", "red-2006", ("GROW", "1303", "1")),
    "nebula4": ("IC4", "interstellar", "balchoth-red", ("PLAY", "3")),
}
SEPARATOR = {"conflict-demo": ","}
ROW = re.compile(r'<tr id="row-(\d+)"')


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> str:
    name = request.param
    assert isinstance(name, str)
    return name


@pytest.fixture
def site(tmp_path: Path, game: str) -> Iterator[TestClient]:
    """A site serving a fresh copy of `game`, player 1 logged in."""
    root = tmp_path / "games"
    root.mkdir()
    shutil.copytree(shipped(game), root / game)
    with make_app(root) as client:
        game_id, _, password, _ = GAMES[game]
        assert log_in(client, game_id, "1", password).status_code == 303
        client.games = root  # type: ignore[attr-defined]
        yield client


def line_of(game: str, row: tuple[str, ...]) -> str:
    return SEPARATOR.get(game, " ").join(row)


def table(
    client: TestClient, rows: list[tuple[str, ...] | str], action: str, **more: str
) -> httpx2.Response:
    """POST the table: each row a word and its arguments, or a raw line (a str)."""
    data = {"csrf": csrf(client, "/action"), "source": "table", "rows": str(len(rows))}
    for i, row in enumerate(rows, 1):
        if isinstance(row, str):
            data[f"raw-{i}"] = row
            continue
        data[f"word-{i}"] = row[0]
        for j, argument in enumerate(row[1:], 1):
            data[f"arg-{i}-{j}"] = argument
    return client.post("/action", data={**data, "action": action, **more})


def text(client: TestClient, orders: str, action: str) -> httpx2.Response:
    data = {"csrf": csrf(client, "/action"), "orders": orders, "action": action}
    return client.post("/action", data=data)


def findings(page: str) -> list[str]:
    """The check's findings table, as the page shows it."""
    found = re.search(r'<table class="findings">.*?</table>', page, re.S)
    return re.findall(r"<tr class=.*?</tr>", found[0], re.S) if found else []


def textarea(page: str) -> str:
    found = re.search(r'<textarea id="orders"[^>]*>(.*?)</textarea>', page, re.S)
    assert found is not None
    return found[1]


def inbox_lines(client: TestClient, game: str) -> list[str]:
    path = client.games / game / "orders" / "1.txt"  # type: ignore[attr-defined]
    return path.read_text().splitlines()


# ----------------------------------------------------------------------------- the table


def test_the_sheet_has_argument_columns_1_to_5_at_least_and_every_word(game: str) -> None:
    """ "Argument #1 to #5" of Galac-Tac's sheet: at least five columns, more where a
    game's longest form needs them; every word of the game's forms in its list."""
    forms = get_ruleset(GAMES[game][1]).forms
    made = sheet_of(tuple(forms))
    assert made.columns >= MIN_COLUMNS
    assert {f.word for f in forms} <= {w.word for w in made.words}
    for form in forms:
        assert form.synopsis() in made.word(form.word).hint  # type: ignore[union-attr]


def test_the_action_page_shows_the_table_with_the_games_own_words(
    site: TestClient, game: str
) -> None:
    page = site.get("/action")
    assert page.status_code == 200
    forms = get_ruleset(GAMES[game][1]).forms
    for form in forms:
        assert f'<option value="{form.word}"' in page.text
    columns = sheet_of(tuple(forms)).columns
    assert f"Argument #{columns}</th>" in page.text and f"Argument #{columns + 1}<" not in page.text
    last = ROW.findall(page.text)[-1]  # the empty row to type a new order in
    assert f'name="word-{last}"' in page.text and f'name="arg-{last}-1"' in page.text
    assert 'id="table-form"' in page.text and 'id="text-form"' in page.text
    assert 'name="orders"' in page.text  # the text box beside it
    title = get_ruleset(GAMES[game][1]).title.title()  # "Galac-Tac", "Galactic Conflict"
    assert f"<summary>The orders of {title}</summary>" in page.text


def test_the_table_shows_the_inbox_orders_as_the_text_box_does(site: TestClient, game: str) -> None:
    line = line_of(game, GAMES[game][3])
    assert text(site, f"{line}\n", "save").status_code == 200
    page = site.get("/action").text
    assert textarea(page) == f"{line}\n"
    word, *arguments = GAMES[game][3]
    assert re.search(rf'<option value="{word}" title="[^"]*" selected>', page)
    for j, argument in enumerate(arguments, 1):
        assert re.search(rf'name="arg-1-{j}" id="arg-1-{j}" value="{re.escape(argument)}"', page)
    assert ROW.findall(page) == ["1", "2"]  # the order and an empty row to type in


def test_check_from_the_table_gives_what_the_text_box_gives(site: TestClient, game: str) -> None:
    rows: list[tuple[str, ...] | str] = [GAMES[game][3], ("FLY", "1", "2"), "# a comment"]
    lines = [line_of(game, GAMES[game][3]), "FLY 1 2", "# a comment"]
    from_table = table(site, rows, "check")
    from_text = text(site, "".join(f"{line}\n" for line in lines), "check")
    assert from_table.status_code == from_text.status_code == 200
    assert findings(from_table.text) == findings(from_text.text)
    assert findings(from_table.text), "the unknown word is diagnosed"
    assert textarea(from_table.text) == textarea(from_text.text)
    # the diagnostic of line 2 is beside row 2
    beside = re.search(r'<td class="check" id="check-2">(.*?)</td>', from_table.text, re.S)
    assert beside is not None and beside[1].strip()


def test_save_from_the_table_files_exactly_the_lines_it_shows(site: TestClient, game: str) -> None:
    row = GAMES[game][3]
    game_id = GAMES[game][0]
    answer = table(site, [row, "# kept as written", ("", ""), row], "save")
    assert answer.status_code == 200, answer.text
    assert "Saved" in answer.text
    header, *lines = inbox_lines(site, game)
    assert header.startswith(f"GAME {game_id} PLAYER 1 PASSWORD ")
    line = line_of(game, row)
    assert lines == [line, "# kept as written", "", line]


def test_an_added_row_is_empty_and_a_removed_row_is_gone(site: TestClient, game: str) -> None:
    row = GAMES[game][3]
    added = table(site, [row], "add")
    assert added.status_code == 200
    assert ROW.findall(added.text) == ["1", "2"]
    again = table(site, [row, ("", "")], "add")
    assert ROW.findall(again.text) == ["1", "2", "3"]
    assert textarea(again.text) == line_of(game, row) + "\n"  # empty rows send nothing
    removed = table(site, [row, "# second", row], "check", **{"remove-1": "1", "remove-3": "1"})
    assert textarea(removed.text) == "# second\n"
    table(site, [row, "# second"], "save", **{"remove-2": "1"})
    assert inbox_lines(site, game)[1:] == [line_of(game, row)]


def test_a_line_the_table_cannot_show_survives_as_a_raw_row(site: TestClient, game: str) -> None:
    """A comment, a message block, an unknown word, blanks where a field should be: each
    kept as written, through the table and back."""
    odd = [
        "# a comment, with, commas",
        "MESSAGE TO somebody",
        "  FLY 1 2 into the sun",
        "END MESSAGE",
        "NOSUCHWORD 1 2 3",
        line_of(game, GAMES[game][3]) + SEPARATOR.get(game, " "),  # an empty last field
        " " + line_of(game, GAMES[game][3]),
        "END",
    ]
    orders = "".join(f"{line}\n" for line in odd)
    page = text(site, orders, "check").text
    raws = re.findall(r'name="raw-(\d+)" id="raw-\d+" value="([^"]*)"', page)
    assert [n for n, _ in raws] == [str(n) for n in range(1, len(odd) + 1)]
    sent: list[tuple[str, ...] | str] = [
        value.replace("&#34;", '"').replace("&amp;", "&") for _, value in raws
    ]
    table(site, sent, "save")
    assert inbox_lines(site, game)[1:] == odd


def test_the_last_column_takes_the_rest_of_a_longer_line(site: TestClient, game: str) -> None:
    word = GAMES[game][3][0]
    separator = SEPARATOR.get(game, " ")
    columns = sheet_of(tuple(get_ruleset(GAMES[game][1]).forms)).columns
    fields = [str(n) for n in range(1, columns + 4)]
    line = separator.join([word, *fields])
    page = text(site, line + "\n", "check").text
    rest = separator.join(fields[columns - 1 :])
    assert re.search(rf'id="arg-1-{columns}" value="{re.escape(rest)}"', page)
    table(site, [(word, *fields[: columns - 1], rest)], "save")
    assert inbox_lines(site, game)[1:] == [line]


# ------------------------------------------------------------------------ hostile input


def test_what_a_table_sends_is_escaped(site: TestClient, game: str) -> None:
    word = GAMES[game][3][0]
    page = table(site, [(word, HOSTILE, "</td></table><script>x()</script>"), HOSTILE], "check")
    assert page.status_code == 200
    assert "<script>" not in page.text and "</td></table><script>" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    assert "\u202e" in page.text  # shown as text in a field's value, not able to break out
    page = table(site, [("<b>bold</b>", "1")], "add")
    assert "<b>bold</b>" not in page.text and "&lt;b&gt;bold&lt;/b&gt;" in page.text


def test_ten_thousand_rows_or_fields_out_of_range_are_refused_or_ignored(
    site: TestClient, game: str
) -> None:
    token = csrf(site, "/action")
    base = {"csrf": token, "source": "table", "action": "check"}
    many = {f"word-{i}": "A" for i in range(1, 10_001)}
    for data in ({**base, "rows": "10000", **many}, {**base, "rows": str(MAX_ROWS + 1)}):
        answer = site.post("/action", data=data)
        assert answer.status_code == 413
        assert site.post("/action/check", data=data).status_code == 413
    for rows in ("-1", "x", "99999999999999999999", "\u0661", ""):
        answer = site.post("/action", data={**base, "rows": rows, "word-1": "A"})
        assert answer.status_code in (200, 413), rows
    row = GAMES[game][3]
    out_of_range = {
        **base,
        "action": "save",
        "rows": "1",
        "word-1": row[0],
        **{f"arg-1-{j}": a for j, a in enumerate(row[1:], 1)},
        "word-2": "X",
        "arg-1-99": "Y",
        "arg-0-1": "Z",
        "raw-0": "W",
        "word-1-1": "V",
    }
    assert site.post("/action", data=out_of_range).status_code == 200
    assert inbox_lines(site, game)[1:] == [line_of(game, row)]


def test_a_table_without_the_csrf_token_changes_nothing(site: TestClient, game: str) -> None:
    orders = site.games / game / "orders"  # type: ignore[attr-defined]
    before = sorted((p.name, p.read_bytes()) for p in orders.iterdir())
    data = {"source": "table", "rows": "1", "word-1": GAMES[game][3][0], "action": "save"}
    for token in ({}, {"csrf": "forged"}):
        assert site.post("/action", data={**data, **token}).status_code == 403
    assert sorted((p.name, p.read_bytes()) for p in orders.iterdir()) == before


# --------------------------------------------------------------------- the JSON check


def test_the_json_check_is_the_check_buttons(site: TestClient, game: str) -> None:
    orders = f"{line_of(game, GAMES[game][3])}\nFLY 1 2\n"
    token = csrf(site, "/action")
    answer = site.post("/action/check", data={"csrf": token, "orders": orders})
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    got = answer.json()
    assert set(got) == {"rc", "status", "problem", "findings"}
    page = text(site, orders, "check").text
    assert f"RC {got['rc']:04d} {got['status']}" in page
    shown = findings(page)
    assert len(shown) == len(got["findings"]) and got["findings"]
    for row, finding in zip(shown, got["findings"], strict=True):
        assert f"<td>{finding['line']}</td><td>{finding['column']}</td>" in row
        assert f"<td>{finding['code']}</td>" in row
    assert any(f["line"] == 2 for f in got["findings"])
    from_table = site.post(
        "/action/check",
        data={"csrf": token, "source": "table", "rows": "2", "word-1": "FLY", "arg-1-1": "1",
              "arg-1-2": "2"} | _row_fields(2, GAMES[game][3]),
    )  # fmt: skip
    assert from_table.status_code == 200 and from_table.json()["findings"]


def _row_fields(n: int, row: tuple[str, ...]) -> dict[str, str]:
    return {f"word-{n}": row[0], **{f"arg-{n}-{j}": a for j, a in enumerate(row[1:], 1)}}


def test_the_json_check_needs_the_session_and_the_csrf_token(
    site: TestClient, tmp_path: Path, game: str
) -> None:
    assert site.post("/action/check", data={"orders": "X\n"}).status_code == 403
    wrong = site.post("/action/check", data={"orders": "X\n", "csrf": "forged"})
    assert wrong.status_code == 403 and "error" in wrong.json()
    with make_app(site.games) as stranger:  # type: ignore[attr-defined]
        token = csrf(stranger)
        answer = stranger.post("/action/check", data={"orders": "X\n", "csrf": token})
        assert answer.status_code == 401 and "error" in answer.json()
        assert "findings" not in answer.text


# ------------------------------------------------------------------ what the view offers


def test_the_arguments_offer_the_players_own_things_from_his_view(
    site: TestClient, game: str
) -> None:
    """The argument fields carry datalists of what the player's view offers; none of
    another player's own things."""
    rs = get_ruleset(GAMES[game][1])
    base = site.games / game / "turns"  # type: ignore[attr-defined]
    latest = sorted(p.name for p in base.iterdir())[-1]
    mine = rs.offers(json.loads((base / latest / "views" / "1.yaml").read_text()))
    theirs = rs.offers(json.loads((base / latest / "views" / "2.yaml").read_text()))
    page = text(site, line_of(game, GAMES[game][3]) + "\n", "check").text
    lists = dict(re.findall(r'<datalist id="([^"]+)">(.*?)</datalist>', page, re.S))
    offered = {v for body in lists.values() for v in re.findall(r'<option value="([^"]*)">', body)}
    assert set(mine["world"]) <= offered
    for value in set(theirs["world"]) - set(mine.get("world", ())):
        assert value not in offered
    used = re.findall(r'id="arg-1-\d+" value="[^"]*" list="([^"]+)"', page)
    assert used and set(used) <= set(lists)


# --------------------------------------------------------------------- the editor


def test_the_editor_is_a_static_script_of_our_own_and_the_policy_allows_only_it(
    site: TestClient,
) -> None:
    page = site.get("/action")
    assert re.findall(r"<script[^>]*>", page.text) == ['<script src="/static/editor.js">']
    assert "script-src 'self'" in CSP and "unsafe" not in CSP
    assert page.headers["content-security-policy"] == CSP
    script = site.get("/static/editor.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "eval(" not in script.text and "innerHTML" not in script.text
    assert "new Function" not in script.text
