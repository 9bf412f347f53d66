"""Interstellar Conquest tables for the view and printout tests: a table as setup leaves
it, and a combat in progress with secrets (hands, a coin, pending and standing orders)."""

from __future__ import annotations

from dataclasses import replace

from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar import tables as t
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import (
    Alliance,
    Commitment,
    Encounter,
    Event,
    GameState,
    Seat,
    Ships,
)


def table(players: int) -> GameState:
    """A table as setup leaves it: the chart's colours, a ship of each size per world."""
    seats = tuple(
        Seat(str(i + 1), f"P{i + 1}", row.colour, row.race)
        for i, row in enumerate(t.RACE_CHART[:players])
    )
    ships = {(s.colour, w): {s.id: Ships(1, 1, 1)} for s in seats for w in t.HOME_WORLDS}
    return GameState(seats=seats, ships=ships, void={}, bag=t.all_coins(players), active="1")


def combat(revealed: bool = False) -> GameState:
    """RED (1) attacks BLUE 3 (3) in a 5-player game with GREEN (2) allied; both coins in
    (RED 5, BLUE 2), revealed or not; GREEN and YELLOW have secret orders and hands."""
    state = table(5)
    fleet = (Commitment("1", ("RED", 2), Ships(0, 1, 1)),)
    encounter = Encounter(
        1,
        "1",
        "3",
        ("BLUE", 3),
        fleet,
        invited_by_attacker=("5", "2"),
        invited_by_defender=("4", "2"),
        allies=(Alliance("2", "ATTACKER", (Commitment("2", ("GREEN", 1), Ships(1, 0, 0)),)),),
        attacker_coin=5,
        defender_coin=2 if revealed else None,
        revealed=revealed,
    )
    ships = {
        **state.ships,
        ("RED", 2): {"1": Ships(1, 0, 0)},
        ("GREEN", 1): {"2": Ships(0, 1, 1)},
        ("BLUE", 4): {"3": Ships(1, 1, 1), "1": Ships(1, 0, 0)},
        ("RED", 5): {"1": Ships(0, 1, 1)},
    }
    return replace(
        state,
        ships=ships,
        void={"1": Ships(1, 0, 0)},
        bag=state.bag[:17],
        discards=(4, 0),
        encounter=encounter,
        phase=Phase.COINS if not revealed else Phase.OUTCOME,
        hands={"1": (0, 3), "2": (4, 4, 1), "3": (1, 1, 2), "4": (0, 5, 5)},
        pending={"3": (o.Play("2"),), "4": (o.Ally("DEFENDER", ()),)},
        waiting=() if revealed else ("3",),
        standing={
            "3": (o.Standing(o.Play("HIGHEST"), o.Condition("ATTACKED")),),
            "5": (o.Standing(o.Decline(), o.Condition("INVITED", "RED")),),
        },
        events=(
            Event("drew", "RED drew 0, 3, 5", seen_by=("1",)),
            Event("attack", "RED attacks BLUE 3"),
        ),
    )
