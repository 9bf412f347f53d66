"""The checkers are consistent: what they accept, reduced, is accepted again unchanged.

For any order file, writing back exactly the accepted orders (quantities as
reduced) and checking that against the same view gives the same orders and no
diagnostic: a reduction never produces an order the rules would reduce again
or reject.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from galbatch.engine.intake import check_file
from galbatch.engine.orderfile import parse_order_bytes
from galbatch.engine.ruleset import get_ruleset
from galbatch.engine.yamlio import load_data
from galbatch.rules.conflict.view import build_view
from tests.bundled import shipped
from tests.conflict_world import small_state

ROOT = Path(__file__).resolve().parent.parent
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
    from galbatch.engine.rng import Streams
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
