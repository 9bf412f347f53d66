"""The checker and the turn agree: an order the checker accepts (as reduced, with its
warnings) does in the run what the checker said, because one function decides each
question for both (allot.py, coins.choose, house.colony_refusal)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from interstellar_table import hands, move, pid, run, table, texts

from galbatch.rules.interstellar.fleets import Refusal, ally, declare
from galbatch.rules.interstellar.house import colony_refusal
from galbatch.rules.interstellar.orders import Decline
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import GameState, Ships
from tests.test_interstellar_check import check, codes, encounter, put
from tests.test_interstellar_check import table as check_table
from tests.test_interstellar_language import one


def duel() -> GameState:
    """YELLOW (Gelmir) and RED (Balchoth): RED, in the last seat, moves first."""
    return hands(table("YELLOW RED"), {"RED": (2, 5), "YELLOW": (3,)})


def fleet(state: GameState) -> list[tuple[tuple[str, int], Ships]]:
    assert state.encounter is not None
    return [(c.origin, c.ships) for c in state.encounter.fleet]


def test_a_group_without_from_is_accepted_and_taken_from_the_home_worlds_first() -> None:
    state = duel()
    red = pid(state, "RED")
    line = "ATTACK YELLOW 3 WITH 1 L 2 M"
    accepted, diags = check(state, red, line)
    assert accepted == [one("ATTACK YELLOW 3 WITH 1 L 2 M")]
    assert codes(diags) == []
    after = run(state, {"RED": [one(line)]})
    # 1 L 1 M from RED 1, the second M from RED 2 (tile order)
    assert fleet(after) == [(("RED", 1), Ships(0, 1, 1)), (("RED", 2), Ships(0, 1, 0))]


def test_a_standing_attack_without_from_follows_the_ships_where_they_moved() -> None:
    state = duel()
    red = pid(state, "RED")
    for tile in (1, 2, 3):
        state = move(state, "RED", ("RED", tile), ("RED", 5), Ships(0, 1, 1))
    line = "ALWAYS ATTACK YELLOW 3 WITH 1 L 1 M"
    assert check(state, red, line) == ([one(line)], [])
    after = run(state, {"RED": [one(line)]})
    assert fleet(after) == [(("RED", 4), Ships(0, 1, 1))]


def test_too_many_ships_without_from_are_reduced_alike() -> None:
    state = duel()
    red = pid(state, "RED")
    line = "ATTACK YELLOW 3 WITH 1 L 7 M"
    accepted, diags = check(state, red, line)
    assert accepted == [one("ATTACK YELLOW 3 WITH 1 L 5 M")]
    assert [d.message for d in diags] == [f"{line}: 7 reduced to 5: you have 5 M on your planets"]
    after = run(state, {"RED": [one(line)]})
    assert sum(s.medium for _, s in fleet(after)) == 5
    assert any("fleet reduced" in t for t in texts(after, red))


def test_a_missing_size_is_reduced_to_none_by_both() -> None:
    state = move(duel(), "RED", ("RED", 1), None, Ships(1, 0, 0))
    red = pid(state, "RED")
    line = "ATTACK YELLOW 3 WITH 1 L 1 M 1 S FROM RED 1"
    accepted, diags = check(state, red, line)
    assert accepted == [one("ATTACK YELLOW 3 WITH 1 L 1 M FROM RED 1")]
    assert [d.message for d in diags] == [f"{line}: 1 reduced to 0: you have no S on RED 1"]
    after = run(state, {"RED": [one(line)]})
    assert fleet(after) == [(("RED", 1), Ships(0, 1, 1))]


def test_a_fleet_left_without_a_warship_is_refused_by_both() -> None:
    state = move(duel(), "RED", ("RED", 1), None, Ships(0, 1, 0))
    red = pid(state, "RED")
    line = "ATTACK YELLOW 3 WITH 1 L 1 M FROM RED 1"
    accepted, diags = check(state, red, line)
    assert accepted == [] and codes(diags) == ["IC202"]
    after = run(state, {"RED": [one(line)]})
    assert any("you must have a Warship in your fleet" in t for t in texts(after, red))


def test_a_coin_not_held_plays_what_the_warning_says() -> None:
    state = duel()
    red = pid(state, "RED")
    accepted, diags = check(state, red, "PLAY 4")
    assert accepted == [one("PLAY 4")] and codes(diags) == ["IC403"]
    assert "you play 2, the nearest" in diags[0].message
    attack = one("ATTACK YELLOW 3 WITH 1 L 1 M FROM RED 1")
    after = run(state, {"RED": [attack, one("PLAY 4")], "YELLOW": [one("PLAY 3")]})
    assert "Coins revealed: RED 2, YELLOW 3." in texts(after)


def three() -> GameState:
    """GREEN, YELLOW and RED, each holding only Diplomacy: RED attacks YELLOW 3 and the
    two attempt a deal."""
    state = table("GREEN YELLOW RED")
    return hands(state, {"RED": (0,), "YELLOW": (0,), "GREEN": (1,)})


def dealt(term: str) -> GameState:
    """RED's attack on YELLOW 3, both playing Diplomacy and offering the same deal."""
    attack = one("ATTACK YELLOW 3 WITH 1 L 1 M FROM RED 1")
    red = [attack, one("INVITE NOBODY"), one("PLAY DIPLOMACY"), one(f"DEAL {term}")]
    yellow = [one("INVITE NOBODY"), one("PLAY DIPLOMACY"), one(f"DEAL {term}")]
    return run(three(), {"RED": red, "YELLOW": yellow})


def test_a_colony_outside_the_other_partys_system_is_refused_by_both() -> None:
    after = dealt("RED COLONIZES GREEN 2")
    why = colony_refusal("GREEN", "RED", "YELLOW")
    assert "Deal reached: DEAL RED COLONIZES GREEN 2." in texts(after)
    assert f"RED COLONIZES GREEN 2: not carried out: {why}." in texts(after)
    assert after.at(("GREEN", 2), pid(after, "RED")) == Ships()
    # the checker rejects it with the same reason (test_interstellar_check: IC243)
    state = encounter(check_table(), Phase.DEAL)
    accepted, diags = check(state, "1", "DEAL RED COLONIZES GREEN 2")
    assert accepted == [] and codes(diags) == ["IC243"]
    assert colony_refusal("GREEN", "RED", "BLUE") in diags[0].message


def test_a_colony_on_ones_own_world_is_refused_by_both() -> None:
    after = dealt("RED COLONIZES RED 2")
    assert f"RED COLONIZES RED 2: not carried out: {colony_refusal('RED', 'RED', None)}." in (
        texts(after)
    )


def test_a_colony_in_the_other_partys_system_is_placed() -> None:
    after = dealt("RED COLONIZES YELLOW 2")
    assert after.at(("YELLOW", 2), pid(after, "RED")) == Ships(1, 0, 0)


ORIGINS = [None, ("RED", 1), ("RED", 2), ("RED", 4), ("GREEN", 4)]
SHIPS = st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 1))
GROUP = st.tuples(
    st.dictionaries(st.sampled_from(["S", "M", "L"]), st.integers(1, 3), min_size=1),
    st.sampled_from(ORIGINS),
)


def groups_text(groups: list[tuple[dict[str, int], Any]]) -> str:
    """The ships of an ATTACK or ALLY line: "1 L 2 M FROM RED 2 AND 1 S"."""
    return " AND ".join(
        " ".join(f"{n} {size}" for size, n in sizes.items())
        + (f" FROM {origin[0]} {origin[1]}" if origin else "")
        for sizes, origin in groups
    )


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    worlds=st.lists(SHIPS, min_size=6, max_size=6),
    groups=st.lists(GROUP, min_size=1, max_size=3, unique_by=lambda g: g[1]),
)
def test_what_the_checker_accepts_the_turn_carries_out_and_what_it_refuses_the_turn_refuses(
    worlds: list[tuple[int, int, int]], groups: list[tuple[dict[str, int], Any]]
) -> None:
    """RED's attack on BLUE 3, with or without FROM, on random ships: the fleet the turn
    commits for the order as written is the fleet of the order as the checker accepted
    it; when the checker rejects it for the ship chart, the turn refuses it."""
    state = check_table()
    places = [("RED", 1), ("RED", 2), ("RED", 3), ("RED", 4), ("RED", 5), ("GREEN", 4)]
    for place, (s, m, big) in zip(places, worlds, strict=True):
        state = put(state, place, "1", Ships(s, m, big))
    fleet = groups_text(groups)
    line = f"ATTACK BLUE 3 WITH {fleet}"
    accepted, diags = check(state, "1", line)
    try:
        turn, _ = declare(state, "1", one(line), 1)  # type: ignore[arg-type]
    except Refusal:
        turn = None
    event("accepted" if accepted else "rejected")
    if not accepted:
        assert turn is None, (line, [d.message for d in diags])
        assert codes(diags)[-1] in ("IC202", "IC203", "IC233"), diags
        return
    assert turn is not None and turn.encounter is not None, (line, diags)
    again, _ = declare(state, "1", accepted[0], 1)
    assert again.encounter is not None
    assert again.encounter.fleet == turn.encounter.fleet


ALLY_ORIGINS = [None, ("BLUE", 1), ("BLUE", 4), ("RED", 4), ("GREEN", 1)]
ALLY_GROUP = st.tuples(
    st.dictionaries(st.sampled_from(["S", "M"]), st.integers(1, 3), min_size=1),
    st.sampled_from(ALLY_ORIGINS),
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    worlds=st.lists(SHIPS, min_size=4, max_size=4),
    groups=st.lists(ALLY_GROUP, min_size=1, max_size=3, unique_by=lambda g: g[1]),
    transport=st.booleans(),
)
def test_what_the_checker_accepts_of_an_ally_the_turn_commits(
    worlds: list[tuple[int, int, int]], groups: list[tuple[dict[str, int], Any]], transport: bool
) -> None:
    """GREEN, invited by RED against BLUE 3, allies on random ships, with or without
    FROM, with or without RED's transport (Play 6c): the ships the turn commits for the
    order as written are those of the order as the checker accepted it; when the checker
    rejects it, the turn refuses it."""
    state = encounter(check_table(), Phase.ALLIANCE, transport=transport)
    places = [("BLUE", 1), ("BLUE", 4), ("RED", 4), ("GREEN", 1)]
    for place, (s, m, big) in zip(places, worlds, strict=True):
        state = put(state, place, "2", Ships(s, m, big))
    ships = groups_text(groups)
    line = f"ALLY RED WITH {ships}"
    accepted, diags = check(state, "2", line)
    try:
        turn, _ = ally(state, "2", one(line))  # type: ignore[arg-type]
    except Refusal:
        turn = None
    # rejected while his alliance answer is awaited, it counts as declining (house rule)
    rejected = accepted == [Decline()]
    event("rejected" if rejected else "accepted")
    if rejected:
        assert turn is None, (line, [d.message for d in diags])
        assert codes(diags)[-1] in ("IC233", "IC235"), diags
        return
    assert turn is not None and turn.encounter is not None, (line, diags)
    again, _ = ally(state, "2", accepted[0])
    assert again.encounter is not None
    assert again.encounter.allies == turn.encounter.allies
