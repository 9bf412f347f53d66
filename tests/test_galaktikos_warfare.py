"""Galaktikos warfare (8): the combat die, fleet battles, strikes on infrastructure and people."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from galbatch.rules.galaktikos import die, warfare
from galbatch.rules.galaktikos.battle_report import battle_lines, strike_line
from galbatch.rules.galaktikos.hexes import parse_hex
from galbatch.rules.galaktikos.house import round_half
from galbatch.rules.galaktikos.names import Infrastructure
from galbatch.rules.galaktikos.tables import FACE_ATTACK_VALUE, Face
from galbatch.rules.galaktikos.warfare import (
    RollView,
    Throw,
    Toss,
    advantage,
    default_reroll,
    fleet_battle,
    spread,
    strike,
    superior_side,
)
from tests.galaktikos_world import put, world


class Loaded(random.Random):
    """A die and coin that show the faces and tosses given, in order."""

    def __init__(self, faces: list[Face], tosses: list[bool] | None = None) -> None:
        super().__init__(0)
        self.faces: Iterator[Face] = iter(faces)
        self.tosses: Iterator[bool] = iter(tosses or [])

    def randrange(self, *args: int, **kwargs: int) -> int:  # type: ignore[override]
        stop = args[0] if len(args) == 1 else args[1]
        if stop == 6:
            return list(Face).index(next(self.faces))
        assert stop == 2
        return 0 if next(self.tosses) else 1


def test_the_die_has_six_faces() -> None:
    assert [f.value for f in Face] == ["None", "1/4", "1/2", "3/4", "All", "Reversal"]
    rng = random.Random(4)
    assert {die.roll(rng) for _ in range(200)} == set(Face)


@pytest.mark.slow
def test_expected_value_of_the_die_is_five_twelfths() -> None:
    """The footnote of 8.3.3: 5/12 a die, so three dice tend towards 15/12."""
    assert sum(FACE_ATTACK_VALUE.values()) / 6 == Fraction(5, 12)
    rng = random.Random(2006)
    n = 60000
    mean = float(sum(die.attack_sum(die.roll(rng) for _ in range(3)) for _ in range(n))) / n
    # the sum of three dice has standard deviation about 0.63; 6 sigma of the mean is 0.016
    assert abs(mean - 15 / 12) < 0.016


def test_casualties_round_to_nearest_with_the_lone_token_exception() -> None:
    assert die.casualties(Face.QUARTER, 4) == 1
    assert die.casualties(Face.QUARTER, 6) == 2  # 1.5 rounds up (house rule)
    assert die.casualties(Face.HALF, 3) == 2
    assert die.casualties(Face.THREE_QUARTERS, 3) == 2  # 2.25
    assert die.casualties(Face.ALL, 7) == 7
    assert die.casualties(Face.NONE, 7) == 0
    assert die.casualties(Face.HALF, 1) == 0  # a lone token: only 3/4 or All
    assert die.casualties(Face.QUARTER, 1) == 0
    assert die.casualties(Face.THREE_QUARTERS, 1) == 1
    assert die.casualties(Face.ALL, 1) == 1
    with pytest.raises(ValueError):
        die.casualties(Face.REVERSAL, 3)


def test_round_half_rounds_exact_halves_up() -> None:
    assert [round_half(Fraction(n, 2)) for n in range(6)] == [0, 1, 1, 2, 2, 3]
    assert round_half(Fraction(5, 4)) == 1 and round_half(Fraction(7, 4)) == 2


def test_superior_side_and_advantage() -> None:
    assert superior_side(5, 3) == "attacker"
    assert superior_side(3, 5) == "defender"
    assert superior_side(4, 4) == "attacker"  # equal: the attacker
    assert advantage(4, 4) == 0
    assert advantage(5, 4) == 0  # 1.25 -> 1, minus one
    assert advantage(3, 2) == 1  # 1.5 -> 2 (half up), minus one
    assert advantage(10, 3) == 2  # 3.33 -> 3
    assert advantage(8, 2) == 3
    assert advantage(7, 2) == 3  # 3.5 -> 4


def test_no_rerolls_without_advantage() -> None:
    battle = fleet_battle(4, 4, Loaded([Face.ALL, Face.NONE]))
    assert battle.advantage == 0 and battle.rerolls == 0
    assert (battle.attacker_losses, battle.defender_losses) == (4, 0)


def test_reroll_budget_is_the_advantage_for_both_rolls() -> None:
    faces = [Face.ALL, Face.THREE_QUARTERS, Face.NONE, Face.NONE, Face.QUARTER]
    battle = fleet_battle(4, 16, Loaded(faces))  # 16/4 = 4 -> advantage 3
    assert battle.superior == "defender" and battle.advantage == 3 and battle.rerolls == 3
    assert [s.face for s in battle.steps if isinstance(s, Throw)] == faces
    assert [s.reason for s in battle.steps if isinstance(s, Throw)] == [
        "roll", "reroll", "reroll", "roll", "reroll",
    ]  # fmt: skip
    assert battle.defender_losses == 0
    assert battle.attacker_losses == 1  # 1/4 of 4, kept: the budget is spent


def test_reversal_toss_won_moves_the_advantage_not_the_count() -> None:
    # 6 v 2: advantage 2, attacker holds it. Own roll 3/4 -> reroll (1 used) -> Reversal:
    # the defender calls and wins, so it holds the advantage; the new roll (not a reroll) is
    # 1/4 -- the defender rerolls the attacker's losses up (1 left) -> 1/2, kept.
    # The defender's own roll All: the defender rerolls (2 used) -> All, budget spent.
    faces = [Face.THREE_QUARTERS, Face.REVERSAL, Face.QUARTER, Face.HALF, Face.ALL, Face.ALL]
    battle = fleet_battle(6, 2, Loaded(faces, [True]))

    assert battle.advantage == 2 and battle.holder == "defender" and battle.rerolls == 2
    assert Toss("defender", True) in battle.steps
    assert battle.attacker_losses == 3 and battle.defender_losses == 2


def test_reversal_toss_lost_keeps_the_advantage() -> None:
    faces = [Face.REVERSAL, Face.REVERSAL, Face.NONE, Face.HALF]
    battle = fleet_battle(2, 2, Loaded(faces, [False, False]))
    assert battle.holder == "attacker" and battle.rerolls == 0
    assert [s for s in battle.steps if isinstance(s, Toss)] == [Toss("defender", False)] * 2
    assert battle.attacker_losses == 0 and battle.defender_losses == 1


def test_reroll_policy_is_a_parameter() -> None:
    seen: list[RollView] = []

    def never(view: RollView) -> bool:
        seen.append(view)
        return False

    battle = fleet_battle(9, 3, Loaded([Face.ALL, Face.NONE]), reroll=never)
    assert battle.attacker_losses == 9 and battle.rerolls == 0
    assert seen[0] == RollView("attacker", "attacker", Face.ALL, 9, 2)


@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 2**32))
def test_battles_never_lose_more_than_they_have(a: int, d: int, seed: int) -> None:
    battle = fleet_battle(a, d, random.Random(seed))
    assert 0 <= battle.attacker_losses <= a and 0 <= battle.defender_losses <= d
    assert battle.rerolls <= max(battle.advantage, 0)


def test_losses_spread_evenly_extras_by_policy() -> None:
    assert spread(7, {"A": 5, "B": 5, "C": 5}) == {"A": 3, "B": 2, "C": 2}
    assert spread(7, {"A": 1, "B": 9}) == {"A": 1, "B": 6}
    assert spread(20, {"A": 1, "B": 2}) == {"A": 1, "B": 2}
    assert spread(1, {"A": 2, "B": 3}) == {"B": 1}  # most tokens left suffers the extra
    assert spread(1, {"A": 2, "B": 3}, lambda left, n: ["A"]) == {"A": 1}


@given(st.integers(0, 30), st.dictionaries(st.sampled_from("ABCD"), st.integers(0, 12)))
def test_spread_is_even_and_from_something(losses: int, holdings: dict[str, int]) -> None:
    lost = spread(losses, holdings)
    assert sum(lost.values()) == min(losses, sum(holdings.values()))
    assert all(0 < n <= holdings[k] for k, n in lost.items())
    short = [k for k in holdings if lost.get(k, 0) < holdings[k]]  # those with tokens left
    if short:
        assert max(lost.get(k, 0) for k in short) - min(lost.get(k, 0) for k in short) <= 1


def test_strike_sums_three_dice_times_the_attackers() -> None:
    hit = strike(3, 10, Loaded([Face.ALL, Face.HALF, Face.REVERSAL]))
    assert hit.destroyed == 5  # (1 + 1/2 + 0) * 3 = 4.5 -> 5
    assert strike(2, 10, Loaded([Face.NONE, Face.QUARTER, Face.NONE])).destroyed == 1  # 0.5
    assert strike(1, 10, Loaded([Face.QUARTER, Face.NONE, Face.NONE])).destroyed == 0
    assert strike(4, 3, Loaded([Face.ALL, Face.ALL, Face.ALL])).destroyed == 3  # targets only
    assert warfare.other("attacker") == "defender"


def test_default_reroll_own_at_least_a_half_enemy_at_most_a_quarter() -> None:
    own = [
        f
        for f in Face
        if f is not Face.REVERSAL
        if default_reroll(RollView("attacker", "attacker", f, 4, 1))
    ]
    enemy = [
        f
        for f in Face
        if f is not Face.REVERSAL
        if default_reroll(RollView("attacker", "defender", f, 4, 1))
    ]
    assert own == [Face.HALF, Face.THREE_QUARTERS, Face.ALL]
    assert enemy == [Face.NONE, Face.QUARTER]


def test_the_attacker_chooses_the_infrastructure_destroyed_first() -> None:
    """8.3.2: three dice 1/2, 1/2, None sum to 1; times 3 tokens, 3 of 4 tokens are destroyed,
    the kind FIRST names all of it, the other kind the rest."""
    hex_ = parse_hex("0202")
    results = {}
    kinds: tuple[Infrastructure, ...] = ("SHIPYARDS", "HABITATS")
    for first in kinds:
        state = world(resources=10)
        put(state, "0202", "A", fleet=3, territory=True)
        put(state, "0202", "B", habitats=2, shipyards=2)
        dice = Loaded([Face.HALF, Face.HALF, Face.NONE])
        hit, _ = warfare.attack_infrastructure(state, "A", hex_, 3, dice, first=first)
        assert hit.destroyed == 3
        results[first] = (state.shipyards.get(hex_, 0), state.habitats.get(hex_, 0))
    assert results == {"SHIPYARDS": (0, 1), "HABITATS": (1, 0)}
    state = world(resources=10)
    put(state, "0202", "A", fleet=3, territory=True)
    put(state, "0202", "B", habitats=2, shipyards=2)
    warfare.attack_infrastructure(state, "A", hex_, 3, Loaded([Face.HALF, Face.HALF, Face.NONE]))
    assert (state.shipyards.get(hex_, 0), state.habitats.get(hex_, 0)) == (0, 1)  # the default


# -- the battle report: every printout tells each battle's course --------------------------


def test_the_battle_report_tells_every_roll_reroll_reversal_and_toss() -> None:
    """The battle of test_reversal_toss_won_moves_the_advantage_not_the_count, told."""
    faces = [Face.THREE_QUARTERS, Face.REVERSAL, Face.QUARTER, Face.HALF, Face.ALL, Face.ALL]
    battle = fleet_battle(6, 2, Loaded(faces, [True]))
    names: dict[warfare.Side, str] = {"attacker": "RED", "defender": "BLUE and GOLD"}
    assert battle_lines(battle, parse_hex("0507"), names) == (
        "    battle at 0507: RED 6 fleets against BLUE and GOLD 2 fleets;"
        " RED superior, advantage 2 (up to 2 rerolls)",
        "      losses of RED: 3/4; RED rerolls: Reversal;"
        " BLUE and GOLD call heads, heads: BLUE and GOLD take the advantage;"
        " 1/4; BLUE and GOLD reroll: 1/2 - 3 lost",
        "      losses of BLUE and GOLD: All - 2 lost",  # the budget is spent
        "    rerolls used 2; RED lost 3 of 6, BLUE and GOLD 2 of 2",
    )


def test_a_lost_toss_keeps_the_advantage_and_no_reroll_is_allowed() -> None:
    faces = [Face.REVERSAL, Face.REVERSAL, Face.NONE, Face.HALF]
    battle = fleet_battle(2, 2, Loaded(faces, [False, False]))
    names: dict[warfare.Side, str] = {"attacker": "RED", "defender": "BLUE"}
    lines = battle_lines(battle, parse_hex("0101"), names)
    assert lines[0].endswith("RED superior, advantage 0 (no reroll)")
    assert lines[1] == (
        "      losses of RED: Reversal; BLUE calls heads, tails: RED keeps the advantage;"
        " Reversal; BLUE calls heads, tails: RED keeps the advantage; None - 0 lost"
    )
    assert lines[2:] == (
        "      losses of BLUE: 1/2 - 1 lost",
        "    rerolls used 0; RED lost 0 of 2, BLUE 1 of 2",
    )


def test_a_strike_tells_its_dice_and_toll() -> None:
    hit = strike(2, 4, Loaded([Face.QUARTER, Face.ALL, Face.REVERSAL]))
    assert strike_line(hit, 2, 4) == (
        "    dice 1/4, All, Reversal: 1 1/4 x 2 fleets = 2 1/2: 3 of 4 destroyed"
    )


def test_a_side_of_several_players_takes_the_plural() -> None:
    """A battle report's verbs agree with the side: "BLUE and GREEN keep the advantage",
    "RED keeps the advantage"."""
    from galbatch.rules.galaktikos.battle_report import says

    assert says("BLUE and GREEN", "keeps", "keep") == "BLUE and GREEN keep"
    assert says("RED", "keeps", "keep") == "RED keeps"
    assert says("BLUE and GREEN", "calls", "call") == "BLUE and GREEN call"


def test_a_superior_side_of_several_players_keeps_the_advantage_in_the_plural() -> None:
    """8.3.1: "If that person wins the toss, the side with the advantage immediately loses
    it"; when he loses it, the side keeps it. A side of two players is plural: "BLUE and
    GREEN keep the advantage", never "keeps"."""
    battle = fleet_battle(1, 2, Loaded([Face.REVERSAL, Face.NONE, Face.ALL], [False]))
    names: dict[warfare.Side, str] = {"attacker": "RED", "defender": "BLUE and GREEN"}
    lines = battle_lines(battle, parse_hex("0507"), names)
    assert lines[0].endswith("BLUE and GREEN superior, advantage 1 (up to 1 reroll)")
    assert lines[1] == (
        "      losses of BLUE and GREEN: Reversal; RED calls heads, tails:"
        " BLUE and GREEN keep the advantage; None - 0 lost"
    )
    assert "keeps" not in " ".join(lines)
