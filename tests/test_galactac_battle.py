"""Galac-Tac's battle resolver: the rule book's COMBAT chapter, with fixed streams."""

from __future__ import annotations

import random

from galbatch.rules.galactac.battle import BattleEnded, Combatant, Targets, fight
from galbatch.rules.galactac.rating import parse_rating


def ship(ident: int, empire: str, order: str, rating: str, tech: int = 1) -> Combatant:
    """A combatant undamaged, racks full."""
    r = parse_rating(rating)
    return Combatant(ident, empire, order, r, r, tech, missiles=r.racks)


def test_targets_from_a_stored_tuple() -> None:
    assert Targets.of((1, 2, 3, 200)) == Targets(1, 2, 3, 200)
    assert Targets.of(()) == Targets()


def test_a_battle_gives_every_ship_an_after_state() -> None:
    ships = [ship(1, "A", "DEFEND", "2P//20-20"), ship(2, "B", "ATTACK", "2P//20-20")]
    result = fight(ships, random.Random(1))
    assert [s.id for s in result.ships] == [1, 2]
    assert isinstance(result.events[-1], BattleEnded)
