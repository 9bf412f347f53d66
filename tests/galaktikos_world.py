"""A small Galaktikos board for tests: name hexes by their four digits and place tokens."""

from __future__ import annotations

from galbatch.rules.galaktikos.hexes import parse_hex
from galbatch.rules.galaktikos.state import GameState, Player
from galbatch.rules.galaktikos.tables import HexType


def world(
    players: tuple[str, ...] = ("A", "B"),
    width: int = 8,
    height: int = 8,
    kinds: dict[str, HexType] | None = None,
    resources: int = 0,
) -> GameState:
    """An empty map of Empty hexes but those named in `kinds`; players with `resources`."""
    return GameState(
        width=width,
        height=height,
        kinds={parse_hex(k): v for k, v in (kinds or {}).items()},
        players={p: Player(p, f"Player {p}", resources) for p in players},
    )


def put(
    state: GameState,
    where: str,
    player: str,
    *,
    pop: int = 0,
    fleet: int = 0,
    territory: bool = False,
    habitats: int = 0,
    shipyards: int = 0,
) -> None:
    """Place a player's tokens in the hex named `where`."""
    hex_ = parse_hex(where)
    if pop:
        state.add(state.populations, hex_, player, pop)
    if fleet:
        state.add(state.fleets, hex_, player, fleet)
    if territory:
        state.territory[hex_] = player
    if habitats:
        state.infrastructure(state.habitats, hex_, habitats)
    if shipyards:
        state.infrastructure(state.shipyards, hex_, shipyards)
