"""Galaktikos's checker layer 3, the player's situation: each rejection and reduction with
its message, the player's own orders simulated in file order, and the property that a
reduction is final (the accepted orders checked again are reduced no further)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.language.diagnostics import Diagnostic, Severity, is_reduction
from galbatch.engine.language.located import Located
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.check import check_orders
from galbatch.rules.galaktikos.codes import CODES
from galbatch.rules.galaktikos.state import GameState
from galbatch.rules.galaktikos.tables import HexType
from tests.galaktikos_world import put, world

CODE_NAMES = {"A": "ARCTURUS", "B": "POLARIS"}  # orders name players so, never by seat id


def board(resources: int = 0) -> GameState:
    """A: home 0303 (Dense, 2 population, a shipyard, 2 fleets, territory), 0304 territory
    (Sparse, 1 population), 0403 neutral; B: 0606 (2 population, 1 fleet), territory.
    A's income is 3 (2 in 0303, 1 in 0304)."""
    state = world(
        kinds={"0303": HexType.DENSE, "0304": HexType.SPARSE, "0606": HexType.DENSE},
        resources=resources,
    )
    put(state, "0303", "A", pop=2, fleet=2, territory=True, shipyards=1)
    put(state, "0304", "A", pop=1, territory=True)
    put(state, "0606", "B", pop=2, fleet=1, territory=True)
    for pid, name in CODE_NAMES.items():
        state.players[pid].name = name
    return state


def at(order: Any, line: int = 1, refused: bool = False) -> Located:
    """An order as written on a line of the file."""
    text = order.text() if hasattr(order, "text") else str(order)
    return Located(order, "a.txt", line, 1, text, refused)


def check(state: GameState, *orders: Any) -> tuple[list[Any], list[Diagnostic]]:
    """Check A's orders, in file order, against the board as its view."""
    return check_orders([at(x, i + 1) for i, x in enumerate(orders)], state.to_data(), "A")


def codes(diags: list[Diagnostic]) -> list[str]:
    return [d.code for d in diags]


def test_every_code_has_a_meaning_and_its_range() -> None:
    for code, entry in CODES.items():
        assert entry.meaning
        number = int(code[2:])
        assert number == 100 or 201 <= number <= 259 or is_reduction(code) or 401 <= number <= 499


def test_shipyard_paid_from_the_turns_income_else_kept_for_the_turn() -> None:
    """5.1.1: "At the beginning of each player's turn, that player collects resource
    tokens"; 5.2: each action "is resolved completely before the next is begun". The
    first shipyard may fail at the turn and leave its 4 unspent, so the second, short as
    projected, is kept for the round to judge then (GK406), spending nothing here."""
    state = board(resources=1)  # 1 + 3 income = 4: one shipyard
    accepted, diags = check(state, o.BuildShipyard("0304"), o.BuildShipyard("0303"))
    assert accepted == [o.BuildShipyard("0304"), o.BuildShipyard("0303")]
    assert codes(diags) == ["GK406"]
    assert diags[0].severity is Severity.WARNING and diags[0].line == 2
    assert "a shipyard costs 4; you will have 0 left" in diags[0].message
    assert "judged at your turn" in diags[0].message


def test_an_order_the_turn_can_never_pay_is_rejected() -> None:
    """6: "Most actions must be paid for by expending resources". With 0 saved and 3 the
    most the turn can collect (every population harvesting, 5.1.1), a shipyard's 4 can
    never be paid at this turn: rejected (GK240), and it spends nothing."""
    state = room_to_grow(board(resources=0))
    accepted, diags = check(state, o.BuildShipyard("0303"), o.Grow("0304", 1))
    assert accepted == [o.Grow("0304", 1)]
    assert codes(diags) == ["GK240"] and diags[0].severity is Severity.ERROR
    assert "a shipyard costs 4; your turn brings 3 at the most" in diags[0].message
    assert "rejected" in diags[0].message


def test_the_most_a_turn_brings_counts_occupied_populations() -> None:
    """7.1: an occupied population "does not produce resources" for the occupier; its
    occupation is "removed whenever no friendly fleets begin the turn in that hex" (5.1.3),
    which earlier turns of the round may bring about. So a shipyard that only the occupied
    population's harvest would pay for is kept (GK406), not rejected."""
    state = board(resources=2)
    put(state, "0303", "B", fleet=1)
    state.occupations[o.hex_of("0303")] = {"A": "B"}  # 2 + 1 income now; 2 + 3 at most
    accepted, diags = check(state, o.BuildShipyard("0304"))
    assert accepted == [o.BuildShipyard("0304")] and codes(diags) == ["GK406"]


def test_a_short_order_is_kept_as_the_board_allows_it_without_its_resource_warning() -> None:
    """6.1.3: "Only one fleet token may be added to a hex per shipyard per turn": a
    BUILD FLEET 3 short of resources is kept reduced to the shipyard's room (GK302), not
    to the resources (that is the turn's to judge: GK406 alone says so)."""
    state = room_to_grow(board(resources=1))  # 4, 2 left after the growth; 4 at the most
    accepted, diags = check(state, o.Grow("0304", 1), o.BuildFleet("0303", 3))
    assert accepted == [o.Grow("0304", 1), o.BuildFleet("0303", 1)]
    assert codes(diags) == ["GK302", "GK406"]
    assert "your resources" not in diags[0].message


def test_an_attack_short_of_resources_is_kept_whole() -> None:
    """6.3.1: "2 resources per participating friendly fleet token": an attack whose
    second hex the projected resources leave unpaid is kept whole, each hex's tokens
    reduced to those there only, and pays nothing in the check."""
    state = room_to_grow(board(resources=0))  # 3: one token paid, the second not
    put(state, "0404", "A", fleet=1)
    put(state, "0403", "B", fleet=2)
    attack = o.Attack("FLEETS", "0403", (o.Attackers("0303", 1), o.Attackers("0404", 1)))
    accepted, diags = check(state, attack, o.Grow("0304", 1))
    assert accepted == [attack, o.Grow("0304", 1)]
    assert codes(diags) == ["GK406"]


def test_not_your_territory_and_no_population() -> None:
    state = board(resources=20)
    put(state, "0305", "A", fleet=1, territory=True)
    _, diags = check(state, o.BuildShipyard("0606"), o.BuildShipyard("0305"))
    assert codes(diags) == ["GK230", "GK231"]


def test_habitats_the_resources_pay_in_part_are_kept_whole_for_the_turn() -> None:
    """5.1.1: resources are collected "at the beginning of each player's turn": the
    check keeps the order whole, says how many the projection pays for (GK406), and
    spends only those, so a later order sees what is left."""
    state = board(resources=1)  # 4: two habitats
    accepted, diags = check(state, o.BuildHabitat("0303", 3), o.BuildHabitat("0303", 1))
    assert accepted[0] == o.BuildHabitat("0303", 3)
    assert codes(diags) == ["GK406", "GK406"]
    assert "pay for 2 of 3 (2 each)" in diags[0].message
    assert "you will have 0 left" in diags[1].message  # the two were spent
    assert diags[0].severity is Severity.WARNING


def test_habitat_in_an_unsettled_hex_needs_a_fleet() -> None:
    state = board(resources=10)
    state.territory[o.hex_of("0403")] = "A"
    _, diags = check(state, o.BuildHabitat("0403", 1))
    assert codes(diags) == ["GK235"]


def test_fleets_one_a_shipyard_and_no_shipyard() -> None:
    state = board(resources=20)
    accepted, diags = check(
        state, o.BuildFleet("0303", 2), o.BuildFleet("0303", 1), o.BuildFleet("0304", 1)
    )
    assert accepted == [o.BuildFleet("0303", 1)]
    assert codes(diags) == ["GK302", "GK233", "GK232"]


def room_to_grow(state: GameState) -> GameState:
    """Habitats enough in 0303 and 0304 for their populations to double (no GK405)."""
    put(state, "0303", "A", habitats=2)
    put(state, "0304", "A", habitats=1)
    return state


def test_growth_reduced_to_doubling_then_refused() -> None:
    state = room_to_grow(board(resources=20))
    accepted, diags = check(state, o.Grow("0303", 5), o.Grow("0303", 1))
    assert accepted == [o.Grow("0303", 2)]
    assert codes(diags) == ["GK303", "GK234"]
    assert "5 reduced to 2" in diags[0].message


def test_resources_spent_in_file_order() -> None:
    state = room_to_grow(board(resources=1))  # 4
    accepted, diags = check(state, o.Grow("0303", 1), o.Grow("0304", 1), o.Grow("0303", 1))
    assert accepted == [o.Grow("0303", 1), o.Grow("0304", 1), o.Grow("0303", 1)]
    assert codes(diags) == ["GK406"] and diags[0].line == 3


def test_move_tokens_moved_and_reduced() -> None:
    state = board(resources=10)
    accepted, diags = check(
        state,
        o.Move(3, ("0303", "0403")),
        o.Move(1, ("0403", "0404")),
        o.Move(1, ("0303", "0403")),
    )
    assert accepted == [o.Move(2, ("0303", "0403")), o.Move(1, ("0403", "0404"))]
    assert codes(diags) == ["GK304", "GK236"]


def test_path_not_adjacent_and_no_legal_path() -> None:
    state = board(resources=10)
    # migrants may not enter POLARIS's 0606, and no other way leads into it
    _, diags = check(state, o.Move(1, ("0303", "0606")), o.Migrate(1, ("0303", "0606"), True))
    assert codes(diags) == ["GK237", "GK239"]


def test_shortest_path_costs_its_length() -> None:
    state = board(resources=0)  # 3: three hexes for one token
    accepted, diags = check(state, o.Move(1, ("0303", "0306"), True))
    assert accepted == [o.Move(1, ("0303", "0306"), True)]
    assert diags == []
    _, diags = check(state, o.Move(1, ("0303", "0307"), True))
    assert codes(diags) == ["GK240"]


def test_migrants_never_through_another_territory_and_end_at_home() -> None:
    state = board(resources=20)
    put(state, "0605", "B", territory=True)
    _, diags = check(
        state,
        o.Migrate(1, ("0303", "0403")),
        o.Migrate(1, ("0304", "0404", "0505", "0605")),
    )
    assert codes(diags) == ["GK230", "GK238"]


def test_entering_an_occupied_hex_is_accepted_with_a_warning() -> None:
    state = board(resources=20)
    put(state, "0403", "B", fleet=1)
    accepted, diags = check(state, o.Move(1, ("0303", "0403")))
    assert len(accepted) == 1 and codes(diags) == ["GK402"]
    assert "POLARIS occupies 0403: you enter if permitted" in diags[0].message  # code name


def test_attack_needs_fleets_in_range_and_a_target() -> None:
    state = board(resources=20)
    put(state, "0403", "B", fleet=1)
    attack = o.Attack("FLEETS", "0403", (o.Attackers("0303", 3),))
    accepted, diags = check(
        state,
        attack,
        o.Attack("FLEETS", "0606", (o.Attackers("0303", 1),)),
        o.Attack("FLEETS", "0304", (o.Attackers("0303", 1),)),
        o.Attack("POPULATION", "0606", (o.Attackers("0606", 1),)),
    )
    assert accepted == [o.Attack("FLEETS", "0403", (o.Attackers("0303", 2),))]
    assert codes(diags) == ["GK306", "GK244", "GK243", "GK242"]


def test_supply_others_may_obstruct_is_a_warning_none_at_all_a_rejection() -> None:
    """The checker cannot see OBSTRUCT orders: a fleet supplied only if the foreign fleets
    on its supply line let it through attacks with GK403; one that no OBSTRUCT order
    could supply is rejected (GK245), as the round would refuse it."""
    state = board(resources=20)
    for hex_ in ("0305", "0405", "0205"):
        put(state, hex_, "B", fleet=1)
    put(state, "0306", "A", fleet=1)
    keep = o.Automatic("CLAIM", False)  # else the fleet claims 0306 and stands at home
    attack = o.Attack("FLEETS", "0305", (o.Attackers("0306", 1),))
    accepted, diags = check(state, keep, attack)
    assert accepted == [keep, attack] and codes(diags) == ["GK403"]
    assert diags[0].severity is Severity.WARNING and "0306" in diags[0].message
    for hex_ in ("0303", "0304"):
        del state.territory[o.hex_of(hex_)]  # A has no territory left to draw supply from
    accepted, diags = check(state, keep, attack)
    assert accepted == [keep] and codes(diags) == ["GK245"]


def test_infrastructure_in_any_hex_of_your_fleets_is_a_target_your_own_territory_too() -> None:
    """Book 8.2: "Legitimate targets are: Any number of infrastructure tokens in the same
    hex as the attackers" - the book gives infrastructure no owner (1.5 calls hexes,
    fleets and populations friendly), so a hex your fleet claimed as the turn began
    (5.1.2, automatic by default) keeps its infrastructure a target, as in the round."""
    state = board(resources=20)
    put(state, "0606", "A", fleet=1)
    state.infrastructure(state.habitats, o.hex_of("0606"), 1)
    own = o.Attack("INFRASTRUCTURE", "0303", (o.Attackers("0303", 1),))
    theirs = o.Attack("INFRASTRUCTURE", "0606", (o.Attackers("0606", 1),))
    accepted, diags = check(state, own, theirs)  # 0606 is claimed as the turn begins
    assert accepted == [own, theirs] and codes(diags) == []
    none = o.Attack("INFRASTRUCTURE", "0304", (o.Attackers("0304", 1),))
    put(state, "0304", "A", fleet=1)
    accepted, diags = check(state, none)
    assert accepted == [] and codes(diags) == ["GK243"]
    assert "there is no infrastructure at 0304 to attack" in diags[0].message


def test_convert_needs_your_occupation() -> None:
    state = board(resources=0)
    put(state, "0606", "A", fleet=1)
    off = o.Automatic("OCCUPY", False)  # else the fleet in 0606 occupies B first
    _, diags = check(state, off, o.Convert("0606"))
    assert codes(diags) == ["GK241"]
    state.occupations[o.hex_of("0606")] = {"B": "A"}
    accepted, diags = check(state, off, o.Convert("0606", "POLARIS"))
    assert accepted == [off, o.Convert("0606", "POLARIS")] and diags == []


def test_claim_needs_a_fleet_that_began_the_turn_there() -> None:
    state = board()
    accepted, diags = check(state, o.Move(1, ("0303", "0403")), o.Claim("0403"), o.Claim("0303"))
    assert codes(diags) == ["GK246"]
    assert o.Claim("0303") in accepted


def test_a_conditional_spends_nothing() -> None:
    state = board(resources=1)  # 4
    cond = o.Conditional(o.Condition("FLEETS", "0403"), o.BuildShipyard("0304"))
    accepted, diags = check(state, cond, o.BuildShipyard("0303"))
    assert accepted == [cond, o.BuildShipyard("0303")] and diags == []


def test_refused_orders_are_never_accepted_and_standing_orders_pass() -> None:
    state = board(resources=20)
    orders = [at(o.BuildShipyard("0303"), 1, refused=True), at(o.Obstruct("POLARIS", False), 2)]
    accepted, diags = check_orders(orders, state.to_data(), "A")
    assert accepted == [o.Obstruct("POLARIS", False)] and diags == []


def test_deterministic() -> None:
    state = board(resources=3)
    orders = (o.Grow("0303", 3), o.Move(2, ("0303", "0403")), o.BuildHabitat("0303", 4))
    assert check(state, *orders) == check(state, *orders)


_HEXES = st.sampled_from(["0303", "0304", "0403", "0404", "0606"])
_ORDERS = st.one_of(
    st.builds(o.BuildHabitat, _HEXES, st.integers(1, 5)),
    st.builds(o.BuildFleet, _HEXES, st.integers(1, 3)),
    st.builds(o.Grow, _HEXES, st.integers(1, 5)),
    st.builds(o.BuildShipyard, _HEXES),
    st.builds(lambda n, a, b: o.Move(n, (a, b)), st.integers(1, 4), _HEXES, _HEXES),
    st.builds(lambda n, a, b: o.Migrate(n, (a, b), True), st.integers(1, 4), _HEXES, _HEXES),
    st.builds(
        lambda a, b, n: o.Attack("FLEETS", a, (o.Attackers(b, n),)),
        _HEXES,
        _HEXES,
        st.integers(1, 4),
    ),
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_ORDERS, max_size=8), st.integers(0, 12))
def test_reductions_are_final(orders: list[Any], resources: int) -> None:
    state = board(resources=resources)
    put(state, "0404", "B", fleet=1)
    accepted, _ = check(state, *orders)
    again, diags = check(state, *accepted)
    assert again == accepted
    assert not [d for d in diags if is_reduction(d.code) or d.severity is Severity.ERROR]


def round_view(state: GameState) -> dict[str, Any]:
    """A view as the round builds it: the board without the turn's bookkeeping, the
    players with their income and population, the reader and his standing orders."""
    data = state.to_data()
    for key in ("seat", "population_at_start", "grown", "fleets_built", "converted"):
        del data[key]
    for row in data["players"]:
        row.update(income=0, population=0)
    data.update(ruleset="galaktikos", player="A", standing=[], events=[])
    return data


def test_a_view_without_the_turns_bookkeeping() -> None:
    view = round_view(room_to_grow(board(20)))
    accepted, diags = check_orders([at(o.Grow("0303", 3))], view, "A")
    assert accepted == [o.Grow("0303", 2)] and codes(diags) == ["GK303"]


def test_the_turn_begins_with_claims_and_occupations() -> None:
    state = board(resources=20)
    put(state, "0403", "A", fleet=1)
    put(state, "0606", "A", fleet=1)
    orders = (o.BuildHabitat("0403", 1), o.Convert("0606", "POLARIS"))
    accepted, diags = check(state, *orders)
    assert accepted == list(orders) and diags == []
    off = (o.Automatic("CLAIM", False), o.Automatic("OCCUPY", False))
    _, diags = check(state, *off, *orders)
    assert codes(diags) == ["GK230", "GK241"]
    accepted, diags = check(state, *off, o.Claim("0403"), o.Occupy("0606"), *orders)
    assert diags == [] and accepted[-2:] == list(orders)
    view = state.to_data() | {"standing": ["AUTOMATIC CLAIM OFF"]}
    _, diags = check_orders([at(orders[0])], view, "A")
    assert codes(diags) == ["GK230"]


def test_the_shortest_path_goes_around_occupied_hexes() -> None:
    state = board(resources=0)  # 3: around 0304 costs 3, straight through it 2
    put(state, "0304", "B", fleet=1)
    around = o.Move(1, ("0303", "0305"), True)
    accepted, diags = check(state, around, o.Move(1, ("0303", "0302")))
    assert accepted == [around, o.Move(1, ("0303", "0302"))] and codes(diags) == ["GK406"]


def test_players_are_named_by_code_name_in_any_case_never_by_seat_id() -> None:
    state = board(resources=20)
    put(state, "0606", "A", fleet=1)
    named = [
        o.Permit("polaris", "0303"),
        o.Obstruct("Polaris", False),
        o.First(None, "POLARIS"),
        o.Attack("POPULATION", "0606", (o.Attackers("0606", 1),), "POLARIS"),
        o.Conditional(o.Condition("FLEETS", "0606"), o.Convert("0606", "polaris")),
    ]
    accepted, diags = check(state, *named)
    assert accepted == named and diags == []
    wrong = [o.Permit("B", "0303"), o.Obstruct("POLARSI", False), o.First(None, "ARCTURUS")]
    accepted, diags = check(state, *wrong)
    assert accepted == [] and codes(diags) == ["GK247", "GK247", "GK248"]
    assert diags[0].message == "no player has the code name B; order PERMIT B 0303 rejected"
    assert "did you mean POLARIS?" in diags[1].message
    assert "ARCTURUS is your own code name" in diags[2].message
    assert all(d.severity is Severity.ERROR for d in diags)


def test_a_name_two_players_share_is_nobodys() -> None:
    state = board(resources=20)
    state.players["B"].name = "ARCTURUS"
    _, diags = check(state, o.Permit("ARCTURUS", "0303"))
    assert codes(diags) == ["GK247"]


def test_a_hex_off_the_board_is_named_so_wherever_an_order_names_it() -> None:
    """The map is 8 x 8: 0912 and 0309 are past its last column and row. BUILD FLEET 0912
    is not "not your territory" but off the board, and so is any hex of any order."""
    state = board(resources=20)
    off = [
        o.BuildFleet("0912", 1),
        o.Grow("0309", 1),
        o.Move(1, ("0303", "0403", "0909")),
        o.Move(1, ("0303", "0309"), True),
        o.Attack("FLEETS", "0303", (o.Attackers("0909", 1),)),
        o.Conditional(o.Condition("FLEETS", "0999"), o.BuildShipyard("0304")),
        o.Permit("POLARIS", "1001"),
        o.PlaceHome("0109"),
        o.Claim("0901"),
    ]
    accepted, diags = check(state, *off, o.BuildFleet("0303", 1))
    assert accepted == [o.BuildFleet("0303", 1)]
    assert codes(diags) == ["GK249"] * len(off)
    assert [d.line for d in diags] == list(range(1, len(off) + 1))
    assert diags[0].message.startswith(
        "hex 0912 is not on the board, which runs from 0101 to 0808 (8 columns, 8 rows)"
    )
    _, inside = check(state, o.BuildFleet("0808", 1), o.Move(1, ("0303", "0404")))
    assert codes(inside) == ["GK230", "GK237"]  # on the board: the other reasons


def test_an_if_order_for_an_enemy_arriving_earlier_in_the_round_is_accepted_and_run() -> None:
    """IF ENEMY FLEETS 0505 ATTACK FLEETS 0505 ...: nothing is in 0505 as the round begins,
    but POLARIS moves there before ARCTURUS's turn. The checker cannot know, so it warns
    (GK404) and accepts the order as written; the round fights the battle. The same attack
    without IF is rejected (GK243)."""
    from galbatch.engine.checker.pipeline import check_file
    from galbatch.engine.contract.rng import Streams
    from galbatch.engine.language.orderfile import parse_order_bytes
    from galbatch.rules import get_ruleset
    from galbatch.rules.galaktikos.hexes import neighbours, parse_hex
    from galbatch.rules.galaktikos.round_events import Executed
    from galbatch.rules.galaktikos.state import RoundState

    ruleset = get_ruleset("galaktikos")
    base = board(resources=10)
    state = RoundState(**{f: getattr(base, f) for f in base.__dataclass_fields__})
    state.round = 2  # POLARIS's seat goes first in round 2
    near = next(h for h in neighbours(parse_hex("0505"), 8, 8) if h.name not in ("0606",))
    put(state, near.name, "A", fleet=2, territory=True)
    guarded = f"IF ENEMY FLEETS 0505 ATTACK FLEETS 0505 FROM {near.name} 2"

    def checked(player: str, lines: list[str]) -> Any:
        data = "\n".join([f'GAME GK PLAYER {player} PASSWORD "x"', *lines, "END"]).encode()
        view = ruleset.view(state, player)
        return check_file(parse_order_bytes(data, "f"), ruleset, view, player)

    mine = checked("A", [guarded])
    assert [(d.code, d.severity) for d in mine.diagnostics] == [("GK404", Severity.WARNING)]
    assert (
        "there is no other player's fleet at 0505 to attack (GK243)" in mine.diagnostics[0].message
    )
    assert [x.text() for x in mine.orders] == [guarded]
    plain = checked("A", [guarded.removeprefix("IF ENEMY FLEETS 0505 ")])
    assert [d.code for d in plain.diagnostics] == ["GK243"] and not plain.orders
    # what no other player's turn can lift is refused with IF too: no fleet of A's in 0101
    hopeless = checked("A", ["IF ENEMY FLEETS 0101 ATTACK FLEETS 0101 FROM 0101 1"])
    assert [d.code for d in hopeless.diagnostics] == ["GK242"] and not hopeless.orders
    theirs = checked("B", ["MOVE 1 FLEETS 0606 TO 0505"])
    after = ruleset.resolve(state, {"A": mine.orders, "B": theirs.orders}, Streams(3, 2))
    done = [e.text for e in after.events if isinstance(e, Executed) and e.player == "A"]
    assert done and done[0].startswith(f"{guarded}: battle at 0505")
    alone = ruleset.resolve(state, {"A": mine.orders}, Streams(3, 2))  # nobody came
    assert not [e for e in alone.events if isinstance(e, Executed) and e.player == "A"]


def test_place_orders_checked_at_the_setup_and_rejected_after_it() -> None:
    """The map has a core hex at 0505: PLACE in it, next to it or in empty space is rejected
    at the setup (GK250, GK251, GK252); a hex already taken is the round's business (the
    next line is the alternate); after the setup every PLACE is rejected (GK253)."""
    state = world(kinds={"0505": HexType.CORE, "0202": HexType.DENSE, "0203": HexType.SPARSE})
    state.round = 0
    put(state, "0202", "B", pop=1, territory=True)
    lines = [o.PlaceHome("0505"), o.PlaceHome("0405"), o.PlacePopulation("0101")]
    legal = [o.PlaceHome("0202"), o.PlacePopulation("0203")]
    accepted, diags = check(state, *lines, *legal)
    assert codes(diags) == ["GK250", "GK251", "GK252"] and accepted == legal
    assert diags[1].message == "hex 0405 is next to a core hex; order PLACE HOME 0405 rejected"
    state.round = 1
    accepted, diags = check(state, *legal)
    assert codes(diags) == ["GK253", "GK253"] and accepted == []


def test_growth_overpopulation_removes_at_once_is_warned_not_clamped() -> None:
    """0303 is Dense (habitat value 2) with 2 population: GROW 0303 2 pays 4 for tokens
    overpopulation removes at once (7.2). It is accepted as written with a warning (GK405),
    since a player may mean it (the losses are spread over everyone in the hex); habitats
    built first make room, and the round removes what the warning says."""
    from galbatch.engine.contract.rng import Streams
    from galbatch.rules.galaktikos.hexes import parse_hex
    from galbatch.rules.galaktikos.resolve import resolve
    from galbatch.rules.galaktikos.state import RoundState

    state = board(resources=20)
    accepted, diags = check(state, o.Grow("0303", 2))
    assert codes(diags) == ["GK405"] and diags[0].severity is Severity.WARNING
    assert diags[0].message == (
        "GROW 0303 2: 0303 holds at most 2 population: overpopulation removes 2 there at once"
    )
    assert accepted == [o.Grow("0303", 2)]
    _, roomy = check(state, o.BuildHabitat("0303", 2), o.Grow("0303", 2))
    assert roomy == []
    _, partly = check(state, o.BuildHabitat("0303", 1), o.Grow("0303", 2))
    assert codes(partly) == ["GK405"] and "removes 1 there" in partly[0].message
    played = RoundState(**{f: getattr(state, f) for f in state.__dataclass_fields__})
    after = resolve(played, {"A": [o.Grow("0303", 2)]}, Streams(1, 1))
    assert after.population(parse_hex("0303"), "A") == 2
    assert after.players["A"].resources == played.players["A"].resources + 3 - 4


def test_an_attack_rejected_at_a_later_hex_pays_for_none() -> None:
    """A rejected order uses nothing: an ATTACK whose second hex has no fleet of A's
    (GK242) has not paid for the first hex's fleets, and the shipyard after it can."""
    state = board(resources=1)  # 4 resources: two attacking tokens, or one shipyard
    put(state, "0403", "B", fleet=1)
    attack = o.Attack("FLEETS", "0403", (o.Attackers("0303", 2), o.Attackers("0404", 1)))
    accepted, diags = check(state, attack, o.BuildShipyard("0303"))
    assert accepted == [o.BuildShipyard("0303")]
    assert codes(diags) == ["GK242"]


def test_a_refused_order_is_checked_for_what_it_names_and_uses_nothing() -> None:
    """Layer 2 refused them (a count of 0): the board still says the hex is not A's
    territory, that A has no fleet where the move starts, and that the hex is off the
    board; none is accepted, and the shipyard after them is paid for."""
    state = board(resources=1)
    orders = [
        at(o.Grow("0606", 0), 1, refused=True),
        at(o.Move(0, ("0606", "0605")), 2, refused=True),
        at(o.BuildHabitat("3030", 0), 3, refused=True),
        at(o.BuildHabitat("0303", 0), 4, refused=True),
        at(o.BuildShipyard("0303"), 5),
    ]
    accepted, diags = check_orders(orders, state.to_data(), "A")
    assert accepted == [o.BuildShipyard("0303")]
    assert [(d.line, d.code) for d in diags] == [(1, "GK230"), (2, "GK236"), (3, "GK249")]
    assert all(d.message.endswith(" rejected") for d in diags)
