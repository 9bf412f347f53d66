"""`Ruleset.offers`: what an order editor offers a player as arguments, from his view alone.

Issue 25: the command editor "offers the player's own ships, worlds, planets, locations
and known players as the arguments". Each game's offers are read from a bundled game's
view file, and never hold what belongs to another player alone.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from galbatch.rules import get_ruleset
from tests.bundled import shipped

# (bundled game, its ruleset, the turn its views are read from)
GAMES = (
    ("conflict-demo", "conflict", "000"),
    ("galaxy13", "galactac", "001"),
    ("gc16", "conqueror", "000"),
    ("spiral6", "galaktikos", "002"),
    ("nebula4", "interstellar", "002"),
)


def view(game: str, turn: str, player: str) -> dict[str, Any]:
    data = json.loads((shipped(game) / "turns" / turn / "views" / f"{player}.yaml").read_text())
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("game", "ruleset", "turn"), GAMES)
def test_offers_are_lists_of_text_the_same_each_time(game: str, ruleset: str, turn: str) -> None:
    rs = get_ruleset(ruleset)
    offered = rs.offers(view(game, turn, "1"))
    assert offered == rs.offers(view(game, turn, "1"))  # deterministic
    assert set(offered) <= {"world", "ship", "player"}
    for values in offered.values():
        assert all(isinstance(v, str) and v for v in values)
        assert len(values) == len(set(values))
    assert offered["world"], "every game offers the player's own worlds"


def test_conflict_offers_the_players_own_worlds() -> None:
    """Galactic Conflict: an order names worlds by number ("A,23,119,12")."""
    one = get_ruleset("conflict").offers(view("conflict-demo", "000", "1"))
    two = get_ruleset("conflict").offers(view("conflict-demo", "000", "2"))
    assert one["world"] == ["55"] and two["world"] == ["59"]
    assert one["player"] == []  # no contact yet: no code name is known


def test_conflict_offers_the_code_names_of_contacts_only() -> None:
    data = view("conflict-demo", "000", "1")
    data["contacts"] = [["VEGA", 3], ["POLARIS", 1]]
    assert get_ruleset("conflict").offers(data)["player"] == ["POLARIS", "VEGA"]


def test_galactac_offers_the_empires_own_ships_and_systems() -> None:
    """Galac-Tac: "[Ship ID]" and "[Location]" (YY-XX) of the turn input sheet."""
    data = view("galaxy13", "001", "1")
    offered = get_ruleset("galactac").offers(data)
    assert offered["ship"] == [str(s["id"]) for s in data["ships"]]
    assert offered["world"] == ["27-94"]
    assert "47-58" not in offered["world"]  # player 2's home System


def test_galactac_offers_no_ship_of_another_empire() -> None:
    """Ship IDs are each empire's own numbers: another empire's ship is never offered,
    even one the player has seen."""
    data = view("galaxy13", "001", "1")
    data["seen"] = [{"id": 9999, "empire": "2", "location": "27-93"}]
    offered = get_ruleset("galactac").offers(data)
    assert "9999" not in offered["ship"]


def test_conqueror_offers_own_ships_task_forces_planets_and_other_players() -> None:
    """Galactic Conqueror: "B S 45 56" names a ship, "B T 5 56" a task force; "U 12 4" a
    player by number."""
    data = view("gc16", "000", "1")
    data["fleet"][0]["task_force"] = 7
    offered = get_ruleset("conqueror").offers(data)
    assert offered["ship"] == ["1", "2", "3", "4", "7"]
    assert offered["world"] == ["47"]
    assert offered["player"] == ["2", "3", "4", "5", "6", "7", "8"]  # not himself
    known = {str(p[0]) for p in data["map"]}
    assert known - set(offered["world"]), "planets he knows of but does not own"


def test_galaktikos_offers_own_hexes_not_another_players() -> None:
    """Galaktikos' board is public: the view holds every player's tokens, the offers only
    the hexes of the player's own territory, populations and fleets."""
    data = view("spiral6", "002", "1")
    offered = get_ruleset("galaktikos").offers(data)
    assert offered["world"] == ["1203", "1303", "1402", "1502"]
    assert "1821" not in offered["world"]  # player 2's
    assert "RED" not in offered["player"] and "BLUE" in offered["player"]


def test_interstellar_offers_own_planets_and_fleets_not_another_players() -> None:
    """Interstellar Conquest: a planet is its system's colour and tile (BLUE 3); ships are
    sizes with counts (1 L 2 M)."""
    data = view("nebula4", "002", "1")
    offered = get_ruleset("interstellar").offers(data)
    assert offered["world"] == ["RED 1", "RED 2", "RED 3", "RED 4", "RED 5", "YELLOW 5"]
    assert "GREEN 2" not in offered["world"] and "BLUE 4" not in offered["world"]
    assert "1 S 1 M 1 L" in offered["ship"] and "2 M 1 L" in offered["ship"]
    assert "2 S 1 M 1 L" not in offered["ship"]  # player 2's at BLUE 4
    assert offered["player"] == ["GREEN", "BLUE", "YELLOW"]


@pytest.mark.parametrize(("game", "ruleset", "turn"), GAMES)
def test_another_players_view_gives_his_offers_not_these(
    game: str, ruleset: str, turn: str
) -> None:
    rs = get_ruleset(ruleset)
    one, two = rs.offers(view(game, turn, "1")), rs.offers(view(game, turn, "2"))
    assert not set(one["world"]) & set(two["world"])  # nobody's own world is another's
