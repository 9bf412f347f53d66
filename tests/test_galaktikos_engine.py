"""Galaktikos through the engine: a new game, its setup run and a round, printed, repeatable."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.newgame import create_game
from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.job.joblog import file_counts
from galbatch.engine.job.playerfiles import check_player_file
from galbatch.engine.job.run import process
from galbatch.rules import get_ruleset
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.view import build_view, build_views
from tests.bundled import shipped

ROOT = Path(__file__).resolve().parent.parent

PASSWORDS = {"1": "olson-one", "2": "olson-two", "3": "olson-three"}

SETUP_ORDERS = {
    "1": ["PLACE HOME 0508", "PLACE HOME 0509", "PLACE POPULATION 0507"],
    "2": [],
    "3": [],
}
ROUND_ORDERS = {
    "1": ["GROW 0508 1", "MOVE 1 FLEET 0508 TO 0608"],
    "2": ["GROW 1016 1"],
    "3": [],
}


def send(game: Path, orders: dict[str, list[str]]) -> None:
    """Each player's order file in the game's inbox."""
    for player, lines in orders.items():
        header = f'GAME GK PLAYER {player} PASSWORD "{PASSWORDS[player]}"'
        text = "\n".join([header, *lines, "END"]) + "\n"
        (game / "orders" / f"{player}.txt").write_text(text, encoding="utf-8")


def play(game: Path) -> dict[str, bytes]:
    """A new game of three, its setup run and its first round; every file of the last turn."""
    create_game(game, "galaktikos", 3, 2006, game_id="gk", passwords=PASSWORDS)
    send(game, SETUP_ORDERS)
    setup = process(game)
    assert setup.rc == 0 and setup.turn == 1, setup.log
    send(game, ROUND_ORDERS)
    first = process(game)
    assert first.rc == 0 and first.turn == 2, first.log
    return {
        str(p.relative_to(game)): p.read_bytes() for p in sorted(game.rglob("*")) if p.is_file()
    }


def test_the_ruleset_is_registered() -> None:
    ruleset = get_ruleset("galaktikos")
    assert ruleset.name == "galaktikos" and ruleset.title == "GALAKTIKOS"
    assert ruleset.syntax_code == "GK100" and ruleset.width == 132


@pytest.mark.slow
def test_setup_and_a_round_through_the_engine(tmp_path: Path) -> None:
    files = play(tmp_path / "gk")
    for turn in ("001", "002"):
        for reader in ("1", "2", "3", "gm"):
            assert files[f"turns/{turn}/printouts/{reader}.txt"], (turn, reader)
            assert files[f"turns/{turn}/printouts/{reader}.pdf"].startswith(b"%PDF-")
    setup = files["turns/001/printouts/1.txt"].decode()
    # players are told of by code name, as orders name them, never by seat id
    assert "ARCTURUS placed home at 0508 as ordered" in setup
    assert "ARCTURUS placed population at 0507 as ordered" in setup
    assert "POLARIS placed home at" in setup and "RIGEL placed home at" in setup
    assert "placed home at" in setup and "automatically" in setup
    first = files["turns/002/printouts/1.txt"].decode()
    assert "GROW 0508 1: done" in first
    assert "MOVE 1 FLEETS 0508 TO 0608: done" in first
    assert "GROW 1016 1: done" in files["turns/002/printouts/2.txt"].decode()
    state = get_ruleset("galaktikos").load_state(json.loads(files["turns/002/state.yaml"]))
    assert state.turn == 2 and not state.finished
    # Galaktikos plays rounds: turn 2, the engine's second run, played round 1 (the setup is
    # round 0); its page headers say ROUND 1, the archive's cover the engine's TURN 2
    for reader in ("1", "gm"):
        pages = files[f"turns/002/printouts/{reader}.txt"].decode().split("\f")
        assert all(page.startswith("GK  ROUND 1  ") for page in pages if page.strip())
        assert "Round 1 is played" in pages[0]
    assert "For game gk, round 2, player ARCTURUS" in first
    assert "ROUND 1, TURN OF ARCTURUS" in first
    assert "ROUND 0, TURN OF ARCTURUS" in setup and "GK  ROUND 0  " in setup
    archive = PdfReader(io.BytesIO(files["turns/002/archive.pdf"]))
    cover = " ".join(archive.pages[0].extract_text().split())
    assert cover.startswith("GK TURN 2") and "TURN 2 DATE" in cover
    assert archive.metadata is not None and str(archive.metadata.subject).startswith("gk turn 2 ")


@pytest.mark.slow
def test_two_runs_give_the_same_bytes(tmp_path: Path) -> None:
    # game.yaml differs by its salted password hashes; every file of every turn is the same
    turns = [
        {k: v for k, v in play(tmp_path / game).items() if k.startswith("turns/")}
        for game in ("a", "b")
    ]
    assert len(turns[0]) > 20 and turns[0] == turns[1]


def test_an_order_reduced_twice_counts_once(tmp_path: Path) -> None:
    """samples/galaktikos/clamped.txt: GROW 1303 4 is reduced by the doubling limit, and
    warned that the resources as projected pay for less (GK406, judged at the turn), the
    MOVE reduced once: two reduced orders for the CHECK line; the growth past 1303's
    habitats is warned of (GK405) but is no reduction."""
    game = tmp_path / "sp6"
    shutil.copytree(shipped("spiral6"), game)
    shutil.copy(ROOT / "samples" / "galaktikos" / "clamped.txt", game / "orders" / "1.txt")
    ruleset = get_ruleset("galaktikos")
    state = ruleset.load_state(load_data(game / "turns" / "002" / "state.yaml"))
    data = (game / "orders" / "1.txt").read_bytes()
    check = check_player_file(Game.open(game), ruleset, ruleset.view(state, "1"), "1", data)
    grow = [d for d in check.diagnostics if d.line == 5]
    assert [d.code for d in grow] == ["GK303", "GK406", "GK405"] and len(check.orders) == 2
    assert file_counts(check) == (2, 2, 0)


def test_the_views_made_together_are_each_players_own() -> None:
    """build_views shares the board it reads once: each view is still build_view's, key for
    key and in the same order, with its own reader and standing orders."""
    ruleset = get_ruleset("galaktikos")
    state = ruleset.load_state(load_data(shipped("spiral6") / "turns" / "002" / "state.yaml"))
    state.standing["2"] = (o.Obstruct("RED", False),)
    players = list(state.players)
    together = build_views(state, players)
    for player in players:
        alone = build_view(state, player)
        assert list(together[player].items()) == list(alone.items())
    assert together["2"]["standing"] == ["OBSTRUCT RED OFF"] and together["1"]["standing"] == []
    assert build_views(state, []) == {}


def test_new_help_names_every_registered_ruleset() -> None:
    """`galbatch new --help` lists the registry's rulesets, so a ruleset added to it (as
    galaktikos was) is named there without touching the help text."""
    from click.testing import CliRunner

    from galbatch.cli.group import cli
    from galbatch.rules import RULESETS

    result = CliRunner().invoke(cli, ["new", "--help"], terminal_width=200)
    assert result.exit_code == 0
    said = " ".join(result.output.split())
    assert f"RULESET is one of {', '.join(sorted(RULESETS))}." in said
    assert "galaktikos" in RULESETS and "galaktikos" in said


@pytest.mark.slow
def test_setup_place_lines_checked_and_each_told_with_its_reason(tmp_path: Path) -> None:
    """PLACE in a core hex, next to one or in empty space is rejected by the check (GK250,
    GK251, GK252) and told in YOUR ORDERS with the reason; the round places the first
    legal line of each kind and tells the lines not needed."""
    from galbatch.rules.galaktikos.placement import galaxy_of, near_core
    from galbatch.rules.galaktikos.tables import HexType

    game = tmp_path / "gk"
    create_game(game, "galaktikos", 3, 2006, game_id="gk", passwords=PASSWORDS)
    ruleset = get_ruleset("galaktikos")
    state = ruleset.load_state(load_data(game / "turns" / "000" / "state.yaml"))
    galaxy = galaxy_of(state)
    core = next(h.name for h in galaxy if galaxy[h] is HexType.CORE)
    beside = next(h.name for h in galaxy if near_core(galaxy, h) and galaxy[h] is not HexType.CORE)
    empty = next(h.name for h in galaxy if galaxy[h] is HexType.EMPTY and not near_core(galaxy, h))
    lines = [
        f"PLACE HOME {core}",
        "PLACE HOME 0508",
        f"PLACE POPULATION {empty}",
        f"PLACE POPULATION {beside}",
        "PLACE POPULATION 0507",
        "PLACE HOME 0509",
    ]
    send(game, {"1": lines, "2": [], "3": []})
    data = (game / "orders" / "1.txt").read_bytes()
    check = check_player_file(Game.open(game), ruleset, ruleset.view(state, "1"), "1", data)
    assert [(d.line, d.code) for d in check.diagnostics] == [
        (2, "GK250"),
        (4, "GK252"),
        (5, "GK251"),
    ]
    assert f"hex {core} is a core hex" in check.diagnostics[0].message
    result = process(game, pdf=False)
    assert result.turn == 1, result.log
    printout = (game / "turns" / "001" / "printouts" / "1.txt").read_text("utf-8")
    mine = " ".join(printout[printout.index("YOUR ORDERS") : printout.index("ORDER CHECK")].split())
    assert "PLACED ARCTURUS placed home at 0508 as ordered" in mine
    assert "PLACED ARCTURUS placed population at 0507 as ordered" in mine
    assert "NOT DONE not executed: PLACE HOME 0509: your home is placed" in mine
    assert f"REJECTED line 2: [GK250] hex {core} is a core hex" in mine
    assert f"REJECTED line 4: [GK252] hex {empty} is empty space" in mine
    assert f"REJECTED line 5: [GK251] hex {beside} is next to a core hex" in mine


@pytest.mark.slow
def test_an_if_order_for_an_enemy_arriving_earlier_is_checked_and_fought_by_process(
    tmp_path: Path,
) -> None:
    """Two homes two hexes apart; in round 2 POLARIS moves first, into the hex between
    them, and ARCTURUS's IF ENEMY FLEETS ... ATTACK, written for that, was accepted by the
    check with a warning (GK404) and is fought by the round."""
    from galbatch.rules.galaktikos.hexes import distance
    from galbatch.rules.galaktikos.placement import galaxy_of, legal_home_sites

    game = tmp_path / "gk"
    create_game(game, "galaktikos", 2, 2006, game_id="gk", passwords=PASSWORDS)
    ruleset = get_ruleset("galaktikos")
    galaxy = galaxy_of(ruleset.load_state(load_data(game / "turns" / "000" / "state.yaml")))
    sites = legal_home_sites(galaxy, set())
    home, far, between = next(
        (a, b, m)
        for a in sites
        for b in sites
        if distance(a, b) == 2
        for m in galaxy.neighbours(a)
        if distance(m, b) == 1
    )
    send(game, {"1": [f"PLACE HOME {home.name}"], "2": [f"PLACE HOME {far.name}"]})
    assert process(game, pdf=False).turn == 1
    send(game, {"1": [], "2": []})
    assert process(game, pdf=False).turn == 2  # round 1: ARCTURUS first, nothing done
    guarded = f"IF ENEMY FLEETS {between.name} ATTACK FLEETS {between.name} FROM {home.name} 1"
    send(game, {"1": [guarded], "2": [f"MOVE 1 FLEETS {far.name} {between.name}"]})
    result = process(game, pdf=False)
    assert result.turn == 3 and result.rc == 4, result.log
    printout = (game / "turns" / "003" / "printouts" / "1.txt").read_text("utf-8")
    mine = " ".join(printout[printout.index("YOUR ORDERS") :].split())
    assert f"DONE {guarded}: battle at {between.name}: you lost" in mine
    nothing = f"there is no other player's fleet at {between.name} to attack"
    assert f"[GK404] {guarded}: {nothing} (GK243)" in mine


@pytest.mark.slow
def test_an_order_short_as_projected_is_kept_by_check_and_paid_at_the_turn(
    tmp_path: Path,
) -> None:
    """5.1.1: each player "collects resource tokens" at the beginning of his turn, and 5.2:
    each action "is resolved completely before the next is begun". ARCTURUS's BUILD
    SHIPYARD is short only because his MOVE, written before it, is projected to spend 1;
    POLARIS, first in round 2, blocks the move, so at ARCTURUS's turn the 1 is there and
    the shipyard is paid. `galbatch check` keeps it with a warning (GK406), not an error,
    and the round builds it instead of leaving the resources unspent."""
    from click.testing import CliRunner

    from galbatch.cli.group import cli
    from galbatch.rules.galaktikos.hexes import distance
    from galbatch.rules.galaktikos.placement import galaxy_of, legal_home_sites

    game = tmp_path / "gk"
    create_game(game, "galaktikos", 2, 2006, game_id="gk", passwords=PASSWORDS)
    ruleset = get_ruleset("galaktikos")
    galaxy = galaxy_of(ruleset.load_state(load_data(game / "turns" / "000" / "state.yaml")))
    sites = legal_home_sites(galaxy, set())
    home, far, between = next(
        (a, b, m)
        for a in sites
        for b in sites
        if distance(a, b) == 2
        for m in galaxy.neighbours(a)
        if distance(m, b) == 1
    )
    send(game, {"1": [f"PLACE HOME {home.name}"], "2": [f"PLACE HOME {far.name}"]})
    assert process(game, pdf=False).turn == 1
    send(game, {"1": [], "2": []})
    assert process(game, pdf=False).turn == 2  # round 1: ARCTURUS first, nothing done
    state = ruleset.load_state(load_data(game / "turns" / "002" / "state.yaml"))
    # the turn's resources: saved plus income, the growth 2 and the shipyard 4 short of 1
    other = next(h for h in sorted(state.populations) if h != home and state.population(h, "1"))
    assert state.players["1"].resources + 3 == 6 and state.capacity(other) >= 2
    orders = [f"MOVE 1 FLEETS {home.name} {between.name}", f"GROW {other.name} 1"]
    shipyard = f"BUILD SHIPYARD {other.name}"
    send(game, {"1": [*orders, shipyard], "2": [f"MOVE 1 FLEETS {far.name} {between.name}"]})
    checked = CliRunner().invoke(
        cli, ["check", str(game / "orders" / "1.txt"), "--game", str(game)]
    )
    assert checked.exit_code == 4, checked.output
    assert f"warning: [GK406] {shipyard}: a shipyard costs 4; you will have 3 left" in (
        checked.output
    )
    result = process(game, pdf=False)
    assert result.turn == 3, result.log
    printout = (game / "turns" / "003" / "printouts" / "1.txt").read_text("utf-8")
    mine = " ".join(printout[printout.index("YOUR ORDERS") :].split())
    assert f"NOT DONE not executed: {orders[0]}: POLARIS does not let ARCTURUS enter" in mine
    assert f"DONE {shipyard}: done" in mine
    after = ruleset.load_state(load_data(game / "turns" / "003" / "state.yaml"))
    assert after.shipyards.get(other) == 1 and after.players["1"].resources == 0
