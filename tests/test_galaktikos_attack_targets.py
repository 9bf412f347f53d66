"""Galaktikos attacks aimed at some of what a hex holds (8.2), judged alike by the checker
and the round, and orders the round reduces rather than drops: MOVE, MIGRATE and ATTACK
cut to what the player can pay and to the fleets an earlier attack left."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from galbatch.engine.contract.rng import Streams
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.language.located import Located
from galbatch.rules import get_ruleset
from galbatch.rules.galaktikos import orders as o
from galbatch.rules.galaktikos.check import check_orders
from galbatch.rules.galaktikos.events import income
from galbatch.rules.galaktikos.facts import facts
from galbatch.rules.galaktikos.hexes import parse_hex
from galbatch.rules.galaktikos.resolve import resolve
from galbatch.rules.galaktikos.round_events import Executed, Fought, NotExecuted
from galbatch.rules.galaktikos.state import RoundState
from galbatch.rules.galaktikos.tables import HexType
from tests.galaktikos_world import put, world

NAMES = {"A": "ARCTURUS", "B": "POLARIS", "C": "CENTAURI"}


def board(resources: int = 20) -> RoundState:
    """Three players, A, B and C, on a map of dense hexes, at round 1 (A moves first)."""
    base = world(
        ("A", "B", "C"),
        kinds={f"0{c}0{r}": HexType.DENSE for c in range(1, 8) for r in range(1, 8)},
    )
    state = RoundState(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
    for p in state.players.values():
        p.resources = resources
        p.name = NAMES[p.id]
    put(state, "0101", "B", pop=1, territory=True)  # homes far away, so none is out of play
    put(state, "0707", "C", pop=1, territory=True)
    return state


def checked(state: RoundState, player: str, *orders: Any) -> tuple[list[Any], list[Diagnostic]]:
    """The player's orders through the checker's layers 2 and 3, against his view."""
    lines = [Located(x, "f", n + 1, 1, x.text()) for n, x in enumerate(orders)]
    kept, told = facts(lines)
    accepted, more = check_orders(kept, get_ruleset("galaktikos").view(state, player), player)
    return accepted, [*told, *more]


def codes(diags: list[Diagnostic]) -> list[str]:
    return [d.code for d in diags]


def run(state: RoundState, orders: dict[str, list[Any]], seed: int = 1) -> RoundState:
    return resolve(state, orders, Streams(seed, 1))


def texts(state: RoundState, kind: type[Any], player: str = "A") -> list[str]:
    return [e.text for e in state.events if isinstance(e, kind) and e.player == player]


def fleets(state: RoundState, where: str, player: str) -> int:
    return state.fleet(parse_hex(where), player)


def hx(name: str) -> Any:
    return parse_hex(name)


# ---- 8.2: what an attack targets --------------------------------------------------------


def two_fleets_of_two_players() -> RoundState:
    """A: 2 fleets at home 0303; at 0304 POLARIS has 3 fleets and CENTAURI 2."""
    state = board()
    put(state, "0303", "A", pop=1, fleet=2, territory=True)
    put(state, "0304", "B", fleet=3)
    put(state, "0304", "C", fleet=2)
    return state


def test_an_attack_on_some_fleets_fights_only_those() -> None:
    """Book 8.2: "Any number of unfriendly fleet tokens, provided that all of the targeted
    fleet tokens reside in a single hex. (This implies that more than one player may be
    targeted.)" ATTACK 1 FLEETS 0304 OF POLARIS fights one of POLARIS's fleets, not all
    five tokens in the hex; CENTAURI's are not touched."""
    attack = o.Attack("FLEETS", "0304", (o.Attackers("0303", 2),), count=1, player="POLARIS")
    state = two_fleets_of_two_players()
    assert checked(state, "A", attack) == ([attack], [])
    for seed in range(20):
        after = run(state, {"A": [attack]}, seed)
        assert fleets(after, "0304", "C") == 2
        assert fleets(after, "0304", "B") >= 2
        done = texts(after, Executed)[0]
        assert done.startswith("ATTACK 1 FLEETS 0304 OF POLARIS FROM 0303 2: battle at 0304:")
        assert done.endswith("; 1 of 5 targeted")
        assert "ARCTURUS 2 fleets against POLARIS 1 fleet;" in texts(after, Fought)[0]


def test_an_attack_on_a_number_of_fleets_spreads_them_over_the_players() -> None:
    """8.2 "more than one player may be targeted": ATTACK 2 FLEETS without OF targets two
    tokens, one of each player (spread as evenly as possible, house rule); naming no
    count or player it targets all five, as before."""
    state = two_fleets_of_two_players()
    some = o.Attack("FLEETS", "0304", (o.Attackers("0303", 2),), count=2)
    every = o.Attack("FLEETS", "0304", (o.Attackers("0303", 2),))
    after = run(state, {"A": [some]})
    assert "ARCTURUS 2 fleets against POLARIS and CENTAURI 2 fleets;" in texts(after, Fought)[0]
    after = run(state, {"A": [every]})
    assert "ARCTURUS 2 fleets against POLARIS and CENTAURI 5 fleets;" in texts(after, Fought)[0]
    assert not texts(after, Executed)[0].endswith("targeted")


def test_the_checker_refuses_or_reduces_a_fleet_target_as_the_round_would() -> None:
    """OF a player with no fleet there is nothing to attack (GK243), in the checker and
    the round alike; a count past the tokens there is reduced to them (GK307)."""
    state = two_fleets_of_two_players()
    put(state, "0305", "C", fleet=1)
    nobody = o.Attack("FLEETS", "0305", (o.Attackers("0303", 1),), player="POLARIS")
    accepted, diags = checked(state, "A", nobody)
    assert accepted == [] and codes(diags) == ["GK243"]
    assert "POLARIS has no fleet at 0305 to attack" in diags[0].message
    assert texts(run(state, {"A": [nobody]}), NotExecuted) == [
        f"not executed: {nobody.text()}: POLARIS has no fleet at 0305 to attack"
    ]
    many = o.Attack("FLEETS", "0304", (o.Attackers("0303", 2),), count=9, player="POLARIS")
    accepted, diags = checked(state, "A", many)
    assert accepted == [dataclasses.replace(many, count=3)] and codes(diags) == ["GK307"]
    assert "9 reduced to 3: 0304 holds 3" in diags[0].message
    own = dataclasses.replace(many, player="ARCTURUS")
    unknown = dataclasses.replace(many, player="VEGA")
    assert codes(checked(state, "A", own, unknown)[1]) == ["GK248", "GK247"]


def infrastructure_board() -> RoundState:
    """POLARIS's hex 0304: a population, 2 shipyards, 3 habitats; ARCTURUS's 2 fleets."""
    state = board()
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0304", "B", pop=1, territory=True, shipyards=2, habitats=3)
    put(state, "0304", "A", fleet=2)
    return state


def test_an_attack_on_shipyards_leaves_the_habitats() -> None:
    """Book 8.2: "Any number of infrastructure tokens in the same hex as the attackers":
    ATTACK 1 SHIPYARDS targets one shipyard and no habitat; ATTACK HABITATS every habitat
    and no shipyard."""
    state = infrastructure_board()
    one_yard = o.Attack(
        "INFRASTRUCTURE", "0304", (o.Attackers("0304", 2),), count=1, kind="SHIPYARDS"
    )
    habitats = o.Attack("INFRASTRUCTURE", "0304", (o.Attackers("0304", 2),), kind="HABITATS")
    assert checked(state, "A", one_yard, habitats) == ([one_yard, habitats], [])
    hit = 0
    for seed in range(20):
        after = run(state, {"A": [one_yard]}, seed)
        assert after.habitats[hx("0304")] == 3 and after.shipyards[hx("0304")] >= 1
        hit += after.shipyards[hx("0304")] == 1
        assert texts(after, Executed)[0].endswith("; 1 of 5 targeted")
        assert texts(after, Fought)[0].endswith(" of 1 destroyed")
        after = run(state, {"A": [habitats]}, seed)
        assert after.shipyards[hx("0304")] == 2
    assert hit  # some strike destroyed the shipyard


def test_an_attack_on_a_kind_that_is_not_there_is_refused_alike() -> None:
    state = infrastructure_board()
    state.shipyards.clear()
    yards = o.Attack("INFRASTRUCTURE", "0304", (o.Attackers("0304", 2),), kind="SHIPYARDS")
    accepted, diags = checked(state, "A", yards)
    assert accepted == [] and codes(diags) == ["GK243"]
    reason = "there are no shipyards at 0304 to attack"
    assert reason in diags[0].message
    assert texts(run(state, {"A": [yards]}), NotExecuted) == [
        f"not executed: ATTACK SHIPYARDS 0304 WITH 2: {reason}"
    ]


def test_an_attack_on_one_players_population_spares_the_others() -> None:
    """Book 8.2: "Any number of population token in the same hex as the attackers":
    ATTACK POPULATION 0505 OF CENTAURI strikes CENTAURI's tokens only; ATTACK 1 POPULATION
    destroys one token at most."""
    state = board()
    put(state, "0303", "A", pop=1, territory=True)
    put(state, "0505", "A", fleet=3)
    put(state, "0505", "B", pop=3, territory=True, habitats=3)
    put(state, "0505", "C", pop=3)
    theirs = o.Attack("POPULATION", "0505", (o.Attackers("0505", 3),), player="CENTAURI")
    one = o.Attack("POPULATION", "0505", (o.Attackers("0505", 3),), count=1)
    assert checked(state, "A", theirs, one) == ([theirs, one], [])
    struck = 0
    for seed in range(20):
        after = run(state, {"A": [theirs]}, seed)
        assert after.population(hx("0505"), "B") == 3
        struck += after.population(hx("0505"), "C") < 3
        after = run(state, {"A": [one]}, seed)
        lost = 6 - after.population(hx("0505"), "B") - after.population(hx("0505"), "C")
        assert lost <= 1
    assert struck


# ---- one test for the checker and the round -------------------------------------------


def claimed_hex() -> RoundState:
    """ARCTURUS's fleet began the turn in POLARIS's 0606, which has 2 habitats: the turn
    claims the hex for ARCTURUS before his actions (5.1.2, automatic by default)."""
    state = board()
    put(state, "0303", "A", pop=1, territory=True, shipyards=1)
    put(state, "0606", "B", pop=1, territory=True, habitats=2)
    put(state, "0606", "A", fleet=2)
    put(state, "0303", "A", fleet=1)
    return state


def attack(target: str, hex_: str, **aim: Any) -> o.Attack:
    where = "0303" if hex_ == "0303" else "0606"
    return o.Attack(target, hex_, (o.Attackers(where, 1),), **aim)  # type: ignore[arg-type]


CASES = [
    attack("INFRASTRUCTURE", "0606"),  # in the hex the fleet claimed as the turn began
    attack("INFRASTRUCTURE", "0303"),  # in the player's own home
    attack("INFRASTRUCTURE", "0606", kind="SHIPYARDS"),  # none there
    attack("INFRASTRUCTURE", "0606", kind="HABITATS", count=1),
    attack("POPULATION", "0606"),
    attack("POPULATION", "0606", player="CENTAURI"),  # none of his there
    attack("POPULATION", "0303"),  # only the player's own
]


@pytest.mark.parametrize("order", CASES, ids=lambda x: x.text())
@pytest.mark.parametrize("guarded", [False, True])
def test_the_checker_and_the_round_find_the_same_target(order: o.Attack, guarded: bool) -> None:
    """Book 8.2, infrastructure: "Any number of infrastructure tokens in the same hex as the
    attackers" - whoever's territory it is (house rule: the book gives infrastructure no
    owner). The checker refuses an attack on nothing (GK243; GK404 under IF) exactly when
    the round finds nothing to attack, written alone or inside an IF: one test for both."""
    state = claimed_hex()
    line: Any = (
        o.Conditional(o.Condition("FLEETS", "0505", absent=True), order) if guarded else order
    )
    accepted, diags = checked(state, "A", line)
    refused = "GK243" in codes(diags) or "GK404" in codes(diags)
    assert refused != bool(accepted) or guarded
    after = run(state, {"A": [line]})
    nothing = [t for t in texts(after, NotExecuted) if t.endswith("to attack")]
    assert bool(nothing) == refused
    if nothing:
        assert nothing[0].split(": ")[-1] in diags[0].message


# ---- the round reduces MOVE, MIGRATE and ATTACK -------------------------------------------


def paying_board(resources: int) -> RoundState:
    """ARCTURUS at home 0303 with 3 fleets and 3 population, and `resources` once his
    turn's income is collected; POLARIS's 3 fleets in 0303 too."""
    state = board()
    put(state, "0303", "A", pop=3, fleet=3, territory=True)
    put(state, "0304", "A", territory=True)
    put(state, "0303", "B", fleet=3)
    state.players["A"].resources = resources - income(state, "A")
    assert state.players["A"].resources >= 0
    return state


@pytest.mark.parametrize(
    ("order", "resources", "done", "spent", "told"),
    [
        (
            o.Move(3, ("0303", "0304", "0305")),
            5,
            2,
            4,
            "ARCTURUS has 5 resources and needs 6 for 3",
        ),
        (o.Migrate(3, ("0303", "0304")), 5, 2, 4, "ARCTURUS has 5 resources and needs 6 for 3"),
        (
            o.Attack("FLEETS", "0303", (o.Attackers("0303", 3),)),
            5,
            2,
            4,
            "ARCTURUS has 5 resources and needs 6",
        ),
    ],
    ids=["MOVE", "MIGRATE", "ATTACK"],
)
def test_an_order_the_player_cannot_pay_in_full_is_reduced(
    order: Any, resources: int, done: int, spent: int, told: str
) -> None:
    """The man page: "an order that costs more than the player has is reduced to what
    the player can pay where it gives a quantity"; book 6: "an action may only be
    performed if preconditions are met". The checker keeps the order whole (GK406,
    resources are judged at the turn); the round carries out as many tokens as the
    resources pay for, and says so, rather than dropping the order."""
    state = paying_board(resources)
    accepted, diags = checked(state, "A", order)
    assert codes(diags) == ["GK406"] and "pay for 2 of 3" in diags[0].message
    assert accepted == [order]
    after = run(state, {"A": [order]})
    assert texts(after, Executed)[0].startswith(f"{order.text()}: only {done} of 3: {told}")
    assert after.players["A"].resources == resources - spent
    if isinstance(order, o.Move):
        assert fleets(after, "0305", "A") == done
    if isinstance(order, o.Migrate):
        assert after.population(hx("0304"), "A") == done
    if isinstance(order, o.Attack):
        assert "ARCTURUS 2 fleets against POLARIS 3 fleets" in texts(after, Fought)[0]


def test_an_order_that_cannot_pay_for_one_token_is_not_executed() -> None:
    """Reduced to nothing, an order is not carried out, and the printout says what one
    token would cost."""
    state = paying_board(3)
    order = o.Move(3, ("0303", "0304", "0305", "0306", "0307"))
    after = run(state, {"A": [order]})
    assert texts(after, NotExecuted) == [
        f"not executed: {order.text()}: ARCTURUS has 3 resources and needs 4"
    ]
    assert after.players["A"].resources == 3


# ---- fleets partly destroyed earlier in the round ----------------------------------------


def test_a_fleet_partly_destroyed_earlier_moves_and_attacks_with_its_survivors() -> None:
    """The man page: the round reduces an order giving a quantity; book 8.3.1: "rolling a
    1/4 means that a side has lost 25% of its fleet tokens". When ARCTURUS destroys some of
    POLARIS's fleets before POLARIS's turn, POLARIS's MOVE and ATTACK go on with the
    survivors, and the printout says why there are fewer (not "destroyed")."""
    state = board()
    put(state, "0303", "A", pop=1, fleet=4, territory=True)
    put(state, "0304", "B", pop=1, fleet=4, territory=True)
    strike = o.Attack("FLEETS", "0304", (o.Attackers("0303", 4),))
    move = o.Move(4, ("0304", "0305"))
    hit_back = o.Attack("FLEETS", "0303", (o.Attackers("0304", 4),))
    why = "the rest of your fleet at 0304 was destroyed by ARCTURUS earlier this round"
    for seed in range(60):
        after = run(state, {"A": [strike], "B": [move]}, seed)
        left = fleets(after, "0305", "B")
        if left not in (1, 2, 3):
            continue
        assert texts(after, Executed, "B") == [f"{move.text()}: only {left} of 4: {why}"]
        assert fleets(after, "0304", "B") == 0
        after = run(state, {"A": [strike], "B": [hit_back]}, seed)
        done = texts(after, Executed, "B")[0]
        assert done.startswith(f"{hit_back.text()}: only {left} of 4: {why}; battle at 0303:")
        assert f"POLARIS {left} fleet" in texts(after, Fought, "B")[0]
        return
    raise AssertionError("no seed left POLARIS some of its fleets")
