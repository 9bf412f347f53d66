"""What a Galaktikos player is told: the whole public board, and his own standing orders.

The board of Galaktikos is public, so every player's view holds every hex's
tokens and every player's resources, and every player's permissions and
obstruction, announced at the table (`standing.py`); the other standing orders
are the reader's own, and so are the events telling them given. `owing` and
`describe` serve the engine's job log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.forms import Kind
from galbatch.engine.contract.ruleset import scores
from galbatch.rules.galaktikos.events import access
from galbatch.rules.galaktikos.placement import SETUP_ROUND
from galbatch.rules.galaktikos.round_events import StandingSet
from galbatch.rules.galaktikos.standing import announced
from galbatch.rules.galaktikos.state import RoundState
from galbatch.rules.galaktikos.victory import populations


def build_view(state: RoundState, player: str) -> dict[str, Any]:
    """Everything `player` knows, as plain data: the board, everyone's resources, his orders."""
    board = state.to_data()
    counts = populations(state)
    income = access(state)
    return {
        "ruleset": "galaktikos",
        "player": player,
        "round": state.round,
        "setup": state.round == SETUP_ROUND,
        "variant": state.variant,
        "first": list(state.players)[state.first] if state.players else None,
        "rotate": state.rotate,
        "map": board["map"],
        "kinds": board["kinds"],
        "territory": board["territory"],
        "populations": board["populations"],
        "occupations": board["occupations"],
        "habitats": board["habitats"],
        "shipyards": board["shipyards"],
        "fleets": board["fleets"],
        "unsupplied": board["unsupplied"],
        "goal": board["goal"],
        "held": board["held"],
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "resources": p.resources,
                "income": income[p.id],
                "population": counts[p.id],
                "eliminated": p.eliminated,
            }
            for p in state.players.values()
        ],
        "standing": [o.text() for o in state.standing.get(player, ())],
        "announced": [
            {"player": p, "orders": announced([o.text() for o in state.standing.get(p, ())])}
            for p in state.players
        ],
        "events": events_told(state, player),
        "winner": state.winner,
    }


def events_told(state: RoundState, player: str) -> list[dict[str, Any]]:
    """The round's events as the reader is told them: all but the standing orders of
    others' own tactics (REROLL, FIRST, AUTOMATIC), which are theirs alone."""
    return [
        {"kind": type(e).__name__, "player": e.player, "text": e.text}
        for e in state.events
        if e.text and (e.player == player or not isinstance(e, StandingSet))
    ]


def build_views(state: RoundState, players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """`build_view` of each of `players`, in their order: the public board is read once
    and shared (no view is changed after it is made); the reader and his standing orders
    are each one's own."""
    if not players:
        return {}
    board = build_view(state, players[0])
    private = any(isinstance(e, StandingSet) for e in state.events)
    return {
        player: {
            **board,
            "player": player,
            "standing": [o.text() for o in state.standing.get(player, ())],
            "events": events_told(state, player) if private else board["events"],
        }
        for player in players
    }


def owed_now(view: Mapping[str, Any]) -> str:
    """What every player owes: his setup or his orders for the round due, until the game
    is won."""
    if view.get("winner"):
        return "nothing: the game is over"
    if view["setup"]:
        return "your setup placements (round 0)"
    return f"your orders for round {view['round']}"


def public_scores(view: Mapping[str, Any]) -> dict[str, float]:
    """Each player's population on the open board: "The standard way to win the game is
    by population: The first player to outpace the others by a given ratio is the
    winner"."""
    players = view.get("players")
    if not isinstance(players, list):
        return {}
    return scores((p.get("name"), p.get("population")) for p in players if isinstance(p, dict))


def offers(view: Mapping[str, Any]) -> dict[Kind, list[str]]:
    """An order editor's arguments, from the view alone: the hexes of the player's
    territory, populations and fleets (column then row), the other players' code names."""
    me = str(view.get("player"))
    hexes = {h for h, owner in view.get("territory", {}).items() if owner == me}
    for key in ("populations", "fleets"):
        hexes |= {h for h, tokens in view.get(key, {}).items() if me in tokens}
    return {
        "world": sorted(hexes),
        "player": [str(p["name"]) for p in view.get("players", ()) if str(p["id"]) != me],
    }
