"""A player's printout and view never show what the rule book keeps from them."""

from __future__ import annotations

import json

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.contract.rng import Streams
from galbatch.print.page import layout, render_text
from galbatch.rules.conflict.orders import Attack, Move, Probe
from galbatch.rules.conflict.printout import player_printout
from galbatch.rules.conflict.resolve import resolve
from galbatch.rules.conflict.view import build_view
from tests.conflict_world import small_state

CTX = PrintContext(
    game="t",
    title="GALACTIC CONFLICT",
    author="",
    date="1997-01-20",
    due="1997-02-03",
    width=132,
    header_line="GAME t PLAYER 2",
)


def seen_by(state, player: str) -> tuple[str, str]:
    view = build_view(state, player)
    text = render_text(layout(player_printout(view, [], CTX)))
    return json.dumps(view), text


def test_probed_world_shows_probed_but_not_by_whom() -> None:
    # RIGEL (3) probes POLARIS's world 2 from world 3, several runs away.
    state = resolve(small_state(), {"3": [Probe(3, 2)]}, Streams(1, 1))
    while state.flights:
        state = resolve(state, {}, Streams(1, state.turn + 1))
    view, text = seen_by(state, "2")
    assert "<<Probed>>" in text
    assert "RIGEL" not in text and "RIGEL" not in view
    rigel_view, rigel_text = seen_by(state, "3")
    assert any(r["number"] == 2 for r in json.loads(rigel_view)["reports"])
    assert "POLARIS" in rigel_text  # the prober gets the report on the world


def test_other_players_moves_in_flight_are_hidden() -> None:
    # RIGEL sends 5 AF from world 3 to ARCTURUS's world 8: 9 hexes, three runs.
    state = resolve(small_state(), {"3": [Move(3, 8, "A", 5)]}, Streams(1, 1))
    assert state.flights
    view, text = seen_by(state, "1")
    assert "RIGEL" not in view and "RIGEL" not in text
    assert json.loads(view)["in_flight"] == []
    own = json.loads(seen_by(state, "3")[0])
    assert own["in_flight"] == [["M", "A", 3, 8, 5, 3]]
    assert own["totals"]["af"] == 9  # totals still count units in flight


def test_worlds_without_a_report_are_not_listed() -> None:
    state = resolve(small_state(), {}, Streams(1, 1))
    view = json.loads(seen_by(state, "1")[0])
    assert sorted(r["number"] for r in view["reports"]) == [1, 5, 8]
    assert all(r["owner"] == "ARCTURUS" for r in view["reports"])
    # The map itself is public: every world's number and hex, nothing else.
    assert view["map"][0] == [1, 0, 0]


def test_attacker_sees_the_attacked_world_and_the_defender_learns_the_attacker() -> None:
    state = resolve(small_state(), {"2": [Attack(2, 4, 16)]}, Streams(1, 1))
    attacker = json.loads(seen_by(state, "2")[0])
    report = next(r for r in attacker["reports"] if r["number"] == 4)
    assert report["attack"]["attackers"] == [["POLARIS", 16]]
    assert report["attack"]["defender"] == "NEUTRAL"


def test_no_one_sees_the_end_turn() -> None:
    state = small_state(end_turn=17)
    for pid in "1234":
        view, text = seen_by(state, pid)
        assert "17" not in json.dumps(json.loads(view).get("finished"))
        assert "end_turn" not in view and "ENDS ON" not in text
