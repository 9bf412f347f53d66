"""The checkers are consistent: what they accept, reduced, is accepted again unchanged.

For any order file, writing back exactly the accepted orders (quantities as
reduced) and checking that against the same view gives the same orders and no
diagnostic: a reduction never produces an order the rules would reduce again
or reject.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from galbatch.rules.conflict.view import build_view
from tests.bundled import shipped
from tests.conflict_world import small_state

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow  # five property tests of 2 to 6 s each
CONFLICT = get_ruleset("conflict")
CONQUEROR = get_ruleset("conqueror")
CONFLICT_VIEW = build_view(small_state(), "1")
GC16_VIEW = load_data(shipped("gc16") / "turns" / "000" / "views" / "1.yaml")


# Cautions on commands carried out as written (galbatch-conqueror(7)): a U to a planet of
# unknown owner, a reward that replaces an earlier one. They are no reduction: the same
# commands get them again.
CAUTIONS = {"GQ401", "GQ402"}


def recheck(ruleset: Any, view: dict[str, Any], header: str, lines: list[str]) -> None:
    data = "\n".join([header, *lines, "END"]).encode()
    first = check_file(parse_order_bytes(data, "f"), ruleset, view, "1")
    again_lines = [order.text() for order in first.orders]
    again_data = "\n".join([header, *again_lines, "END"]).encode()
    again = check_file(parse_order_bytes(again_data, "f"), ruleset, view, "1")
    others = [d.format() for d in again.diagnostics if d.code not in CAUTIONS]
    assert others == [], (lines, again_lines, others)
    cautions = [
        [(d.code, d.message) for d in c.diagnostics if d.code in CAUTIONS] for c in (first, again)
    ]
    assert cautions[0] == cautions[1]
    assert again.orders == first.orders


numbers = st.integers(0, 60)
conflict_worlds = st.sampled_from([1, 2, 4, 5, 6, 8, 99])


@st.composite
def conflict_order(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from("AMPBEGTD"))
    a, b = draw(conflict_worlds), draw(conflict_worlds)
    n = draw(numbers)
    return {
        "A": f"A,{a},{b},{n}",
        "M": f"M,{a},{b},{draw(st.sampled_from('ADP'))},{n}",
        "P": f"P,{a},{b}",
        "B": f"B,{a},{draw(st.sampled_from('ADFPC'))},{n}",
        "E": f"E,{a}",
        "G": f"G,{a},{b}",
        "T": f"T,{a},{draw(st.sampled_from(['POLARIS', 'REGULUS', 'RIGEL']))}",
        "D": f"D,{a},{draw(st.sampled_from('FCE'))},{n}",
    }[kind]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(conflict_order(), max_size=25))
def test_conflict_reductions_are_final(lines: list[str]) -> None:
    recheck(CONFLICT, CONFLICT_VIEW, 'GAME demo PLAYER 1 PASSWORD "x"', lines)


HOME = 47  # ARCTURUS's home planet in GC16
planets = st.sampled_from([HOME, HOME, HOME, HOME, 158, 174, 247, 999])  # mostly own
ships = st.integers(1, 6)
amounts = st.integers(0, 900)


@st.composite
def conqueror_command(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from("BLEWSVZUPIKFNG"))
    unit = draw(st.sampled_from("ST"))
    s, p, q = draw(ships), draw(planets), draw(planets)
    n = draw(amounts)
    return {
        "B": f"B {unit} {s} {p}",
        "L": f"L {unit} {s} {draw(st.integers(1, 9))} {draw(st.integers(0, 40))}",
        "E": f"E {unit} {s} {draw(st.integers(1, 9))} {draw(st.integers(0, 40))}",
        "W": f"W {p} {draw(st.integers(1, 3))} {draw(st.integers(0, 26))}",
        "S": f"S {p} {draw(st.integers(1, 3))} {n}",
        "V": f"V {s}",
        "Z": f"Z {s} {draw(st.integers(0, 3))}",
        "U": f"U {s} {draw(st.integers(1, 8))}",
        "P": f"P {p} {draw(st.integers(1, 12))} {draw(st.integers(0, 120))}",
        "I": f"I {q} {n} {p}",
        "K": f"K {q} {n} {p}",
        "F": f"F {p} {n} {draw(st.integers(0, 6))}",
        "N": f"N {p} {draw(st.integers(5, 8))} {draw(st.integers(0, 30))}",
        "G": f"G {draw(st.integers(0, 5))} {draw(st.integers(0, 8))}",
    }[kind]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(conqueror_command(), max_size=25))
def test_conqueror_reductions_are_final(lines: list[str]) -> None:
    recheck(CONQUEROR, GC16_VIEW, 'GAME GC16 PLAYER 1 PASSWORD "x"', lines)


GC16_STATE = shipped("gc16") / "turns" / "000" / "state.yaml"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(conqueror_command(), max_size=25))
def test_conqueror_resolver_spends_exactly_what_the_checker_accepted(lines: list[str]) -> None:
    """Every accepted PU-spending command costs, in the turn, exactly what the check allowed."""
    from galbatch.engine.contract.rng import Streams
    from galbatch.rules.conqueror import orders as o
    from galbatch.rules.conqueror.execute import carry_out, fortress_cost
    from galbatch.rules.conqueror.state import GameState
    from galbatch.rules.conqueror.tables import CARGO, FACILITIES
    from galbatch.rules.conqueror.turn import Turn

    data = "\n".join(['GAME GC16 PLAYER 1 PASSWORD "x"', *lines, "END"]).encode()
    accepted = check_file(parse_order_bytes(data, "f"), CONQUEROR, GC16_VIEW, "1").orders
    turn = Turn(GameState.from_data(load_data(GC16_STATE)), Streams(1997, 1))
    planets = turn.state.planets
    for order in accepted:
        match order:
            case o.Invest() | o.Research():
                source, cost = order.planet, order.pu
            case o.Espionage() | o.Corruption():
                source, cost = order.source, order.pu
            case o.Produce():
                price = fortress_cost(turn, "1") if order.kind == 1 else FACILITIES[order.kind][1]
                source, cost = order.planet, order.amount * price
            case o.Install():
                field = CARGO[order.kit][0].lower().replace("-", "_")
                before = getattr(planets[order.planet], field)
                carry_out(turn, "1", order)
                assert before - getattr(planets[order.planet], field) == order.amount, order
                continue
            case _:
                carry_out(turn, "1", order)
                continue
        before = planets[source].pu
        carry_out(turn, "1", order)
        assert before - planets[source].pu == cost, order


# Galac-Tac: Grand Fenwick (player 1) in galaxy13 at turn 1 (Home System 27-94, 152 PI;
# ships 1001 to 1031, 1011 an FX at 27-93 with 10 PI). What its checker keeps as written
# with a warning or a note is said again of the same actions: a name with '-' (GT404), a
# rating read by a house rule (GT406), a code written like the Masters' (GT407), a SHIPYARD
# without a sort (GT403), a CLASSIFY renaming (GT410). A replaced [M] or [A] action (GT405)
# is left out of what is accepted: a reduction like the others.
GALAXY13 = shipped("galaxy13")
GALAXY13_VIEW = load_data(GALAXY13 / "turns" / "001" / "views" / "1.yaml")
GALACTAC = get_ruleset("galactac")
CAUTIONS.update({"GT403", "GT404", "GT406", "GT407", "GT410"})
gt_ships = st.sampled_from([1001, 1002, 1011, 1012, 1013, 1014, 1021, 1023, 1027, 1028, 1105])
gt_places = st.sampled_from(["27-94", "27-94", "27-93", "23-95", "25-98", "99-15"])
gt_items = st.sampled_from(["PI", "PV", "MISS"])
gt_amounts = st.integers(1, 400)
gt_codes = st.sampled_from(["FX", "DD1", "SC1", "FT1", "ST1", "ZZ"])


@st.composite
def galactac_action(draw: st.DrawFn) -> str:
    s, t, p, n = draw(gt_ships), draw(gt_ships), draw(gt_places), draw(gt_amounts)
    return draw(
        st.sampled_from(
            [
                f"LOAD {s} {n} {draw(gt_items)}",
                f"LOAD {s} {n} {draw(gt_items)} {draw(gt_amounts)} {draw(gt_items)}",
                f"UNLOAD {s} {n} {draw(gt_items)}",
                f"TRANSFER {s} {t} {n} {draw(gt_items)}",
                f"MISSILES {p} {n}",
                f"RESEARCH {p} {n}",
                f"BUILD {p} {draw(gt_codes)} A B C",
                "CLASSIFY ZZ Zed 3P//11-1",
                f"DECLASSIFY {draw(gt_codes)}",
                f"JOIN {s} {t}",
                f"ASSIGN {s} {t}",
                f"TO {s} {p}",
                f"TOW {s} {t} {p}",
                f"REFIT {s}",
                f"REPAIR {s}",
                f"RELOAD {s}",
                f"SCRAP {s}",
                f"CAPITAL {p} Capital",
                f"DOWNGRADE {p}",
                f"COLONIZE {s} {p}",
                f"DEVELOP {s} {p}",
                f"CHART {s} {p} {t} {draw(gt_places)}",
                f"SHUTTLE {s} {p} {draw(gt_places)}",
                f"NAME {p} Eden {s} Ship",
                "SHIPYARD",
            ]
        )
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(galactac_action(), max_size=25))
def test_galactac_reductions_are_final(lines: list[str]) -> None:
    recheck(GALACTAC, GALAXY13_VIEW, 'GAME GT13 PLAYER 1 PASSWORD "x"', lines)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(galactac_action(), max_size=25))
def test_galactac_nothing_from_nothing(lines: list[str]) -> None:
    """Grand Fenwick with no PI, PV or missiles anywhere: whatever actions the checker
    accepts (but SCRAP, which returns what a ship was worth), the turn builds no ship, no
    missile and no research, and the only PI it has is its Production Systems' own output;
    nothing anywhere goes negative."""
    from galbatch.engine.contract.rng import Streams
    from galbatch.rules.galactac.events import Converted
    from galbatch.rules.galactac.resolve import resolve
    from galbatch.rules.galactac.state import GameState

    state = GameState.from_data(load_data(GALAXY13 / "turns" / "001" / "state.yaml"))
    for system in state.systems.values():
        system.pv_waiting = 0
        system.missiles.pop("1", None)
        if system.owner == "1":
            system.pi = 0
    for ship in state.ships:
        if ship.owner == "1":
            ship.pi = ship.pv = ship.cargo_missiles = ship.missiles = 0
    before = {s.id for s in state.ships if s.owner == "1"}
    research = state.empires["1"].research
    view = GALACTAC.view(state, "1")
    kept = [line for line in lines if not line.startswith("SCRAP")]
    data = "\n".join(['GAME GT13 PLAYER 1 PASSWORD "x"', *kept, "END"]).encode()
    accepted = check_file(parse_order_bytes(data, "f"), GALACTAC, view, "1").orders
    after = resolve(state, {"1": list(accepted)}, Streams(1313, 2))
    assert {s.id for s in after.ships if s.owner == "1"} <= before
    assert after.empires["1"].research == research
    converted = {
        e.location: e.pi for e in after.events if isinstance(e, Converted) and e.empire == "1"
    }
    for location, system in after.systems.items():
        assert system.pi >= 0 and system.pv_waiting >= 0
        assert all(n >= 0 for n in system.missiles.values())
        assert system.missiles.get("1", 0) == 0
        if system.owner == "1":
            own = after.output(system, "1") if system.kind in ("home", "production") else 0
            assert system.pi == converted.get(f"{location[0]:02d}-{location[1]:02d}", 0) <= own
    for ship in after.ships:
        assert min(ship.pi, ship.pv, ship.cargo_missiles, ship.missiles) >= 0
        if ship.owner == "1":
            assert ship.pi == ship.cargo_missiles == ship.missiles == 0
