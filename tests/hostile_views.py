"""Player 1's view in each game, which `tests/test_hostile.py` and
`benchmarks/bench_hostile.py` check the worst order files against."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from galbatch.rules import get_ruleset
from galbatch.rules.conflict.view import build_view
from galbatch.rules.galaktikos.state import GameState, RoundState
from galbatch.rules.galaktikos.tables import HexType
from tests import galaktikos_world
from tests.conflict_world import small_state
from tests.conqueror_world import alpha_view
from tests.galactac_world import world
from tests.interstellar_table import table as interstellar_table


def galaktikos_board() -> RoundState:
    """Player 1 at home in 0303 (2 tokens, 2 fleets, a shipyard) and at 0304; player 2 at 0606."""
    kinds = {"0303": HexType.DENSE, "0304": HexType.SPARSE, "0606": HexType.DENSE}
    board = galaktikos_world.world(("1", "2"), kinds=kinds, resources=6)
    galaktikos_world.put(board, "0303", "1", pop=2, fleet=2, territory=True, shipyards=1)
    galaktikos_world.put(board, "0304", "1", pop=1, territory=True)
    galaktikos_world.put(board, "0606", "2", pop=2, fleet=1, territory=True, shipyards=1)
    return RoundState(**{f.name: getattr(board, f.name) for f in fields(GameState)})


VIEWS: dict[str, Any] = {
    "conflict": build_view(small_state(), "1"),
    "conqueror": alpha_view(),
    "galactac": get_ruleset("galactac").view(world(), "1"),
    "galaktikos": get_ruleset("galaktikos").view(galaktikos_board(), "1"),
    "interstellar": get_ruleset("interstellar").view(
        interstellar_table("RED GREEN BLUE YELLOW"), "1"
    ),
}
