"""What one player knows after a turn, as plain data.

The view is the only input of a player's printout and of the order checker, so
the printout can never show what the rules hide: who probed a world, worlds
without a report, other players' units in flight, the turn the game ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from galbatch.engine.contract.forms import Kind
from galbatch.engine.contract.ruleset import scores
from galbatch.rules.conflict.names import View
from galbatch.rules.conflict.orders import NEUTRAL
from galbatch.rules.conflict.state import GameState, World


def visible_worlds(state: GameState, player: str) -> list[int]:
    """Worlds the player has a report on: own, attacked or defended, probed, transferred."""
    seen = {w.number for w in state.owned_by(player)}
    report = state.report
    for battle in report.battles:
        if battle.defender == player or any(a == player for a, _ in battle.attackers):
            seen.add(battle.world)
    seen.update(world for prober, world in report.probe_reports if prober == player)
    seen.update(world for world, giver, taker in report.transfers if player in (giver, taker))
    return sorted(seen)


def named_in_report(state: GameState, number: int) -> set[str]:
    """Ids of the players a report on the world names: its owner, every side of its
    battle this turn, and the player it was transferred from."""
    world = state.worlds[number]
    named = set() if world.owner is None else {world.owner}
    for battle in state.report.battles:
        if battle.world == number:
            named.update(attacker for attacker, _ in battle.attackers)
            named.update(p for p in (battle.defender, battle.owner_after) if p is not None)
    named.update(giver for world_, giver, _ in state.report.transfers if world_ == number)
    return named


def named_on_printout(state: GameState, player: str) -> set[str]:
    """Ids of the other players the player's printout names in its world reports:
    the players the player comes in contact with this turn."""
    named: set[str] = set()
    for number in visible_worlds(state, player):
        named |= named_in_report(state, number)
    return named - {player}


def totals(state: GameState, player: str) -> dict[str, int]:
    """Worlds, Econ, CP, AF, DF, FT and probes, counting units in multi-turn moves."""
    own = state.owned_by(player)
    result = {
        "worlds": len(own),
        "econ": sum(w.econ for w in own),
        "cp": sum(w.cp for w in own),
        "af": sum(w.af for w in own),
        "df": sum(w.df for w in own),
        "ft": sum(w.ft for w in own),
        "probes": sum(w.probes for w in own),
    }
    keys = {"A": "af", "D": "df", "P": "probes"}
    for flight in state.flights:
        if flight.owner == player:
            result[keys[flight.unit]] += flight.count
    return result


def world_row(state: GameState, world: World) -> dict[str, Any]:
    return {
        "number": world.number,
        "owner": state.name_of(world.owner),
        "econ": world.econ,
        "cp": world.cp,
        "af": world.af,
        "df": world.df,
        "ft": world.ft,
        "probes": world.probes,
    }


def build_view(state: GameState, player: str) -> dict[str, Any]:
    """Everything `player` is entitled to know, in plain data."""
    me = state.players[player]
    report = state.report
    seen = visible_worlds(state, player)
    seen_set = set(seen)
    reports = []
    for number in seen:
        world = state.worlds[number]
        row = world_row(state, world)
        row["own"] = world.owner == player
        if world.owner == player:
            row["reuse"] = [f"{item}{econ}" for item, econ in world.memory]
        battle = next((b for b in report.battles if b.world == number), None)
        if battle is not None:
            row["attack"] = {
                "attackers": [[state.name_of(a), af] for a, af in battle.attackers],
                "defender": state.name_of(battle.defender),
                "defended": list(battle.defended),
                "owner_after": state.name_of(battle.owner_after),
            }
        row["probed"] = number in report.probed
        giver = next((g for w, g, _ in report.transfers if w == number), None)
        if giver is not None:
            row["transferred_from"] = state.name_of(giver)
        row["orders"] = [
            [e.text, e.note] for e in report.executed if e.player == player and e.world == number
        ]
        reports.append(row)
    # Orders executed at worlds the player no longer sees (e.g. a gate's far end) still list.
    elsewhere = sorted({e.world for e in report.executed if e.player == player} - seen_set)
    contacts = [
        [state.players[c].name, state.players[c].score] for c in me.contacts if c in state.players
    ]
    view = View(
        {
            "ruleset": "conflict",
            "turn": state.turn,
            "player": me.id,
            "name": me.name,
            "account": me.account,
            "score": me.score,
            "totals": totals(state, player),
            "sheet": [state.cols, state.rows],
            "map": [
                [w.number, w.col, w.row]
                for w in sorted(state.worlds.values(), key=lambda w: w.number)
            ],
            "own": [w.number for w in sorted(state.owned_by(player), key=lambda w: w.number)],
            "reports": reports,
            "orders_elsewhere": [
                [
                    number,
                    [
                        [e.text, e.note]
                        for e in report.executed
                        if e.player == player and e.world == number
                    ],
                ]
                for number in elsewhere
            ],
            "in_flight": [
                [f.kind, f.unit, f.origin, f.dest, f.count, f.arrives]
                for f in state.flights
                if f.owner == player
            ],
            "contacts": contacts,
            "finished": state.finished,
        }
    )
    view.game_players = tuple(p.name for p in state.players.values())
    if state.finished:
        view["final"] = [
            {"name": p.name, "score": p.score, **totals(state, p.id)}
            for p in sorted(state.players.values(), key=lambda p: (-p.score, p.id))
        ]
    return view


def public_scores(view: Mapping[str, Any]) -> dict[str, float]:
    """The scores the book prints: the player's own (the printout's first section holds
    "your score"), those of "players you are in contact with and their scores", and at
    the end everyone's ("a list of all the players in the game, their final scores")."""
    pairs: list[tuple[object, object]] = [(view.get("name"), view.get("score"))]
    contacts = view.get("contacts")
    if isinstance(contacts, list):
        pairs += [(c[0], c[1]) for c in contacts if isinstance(c, list) and len(c) == 2]
    final = view.get("final")
    if isinstance(final, list):
        pairs += [(f.get("name"), f.get("score")) for f in final if isinstance(f, dict)]
    return scores(pairs)


def offers(view: Mapping[str, Any]) -> dict[Kind, list[str]]:
    """An order editor's arguments, from the view alone: the player's own worlds by
    number, the code names of the players he has met (alphabetical)."""
    return {
        "world": [str(n) for n in view.get("own", ())],
        "player": sorted({str(c[0]) for c in view.get("contacts", ())}),
    }


__all__ = [
    "NEUTRAL",
    "View",
    "build_view",
    "named_on_printout",
    "public_scores",
    "offers",
    "totals",
    "visible_worlds",
]
