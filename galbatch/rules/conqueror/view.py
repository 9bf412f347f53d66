"""What one Galactic Conqueror player knows after a turn, as plain data.

The view is the only input of the player's situation report and of the
command checker: other players' home planets, planets outside the player's
communication radius and other players' fleets never reach it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.forms import Kind
from galbatch.rules.conqueror.state import BattleReport, GameState, Planet, Ship
from galbatch.rules.conqueror.tables import SHIP_CLASSES, ship_range, tech_level


def tech_levels(research: list[int]) -> list[int]:
    """The TL reached in each area from the PU invested (table 5.4)."""
    return [tech_level(pu) for pu in research]


def planet_data(planet: Planet) -> dict[str, Any]:
    """Every value of 2.1 for a planet the player controls."""
    return {
        "number": planet.number,
        "x": planet.x,
        "y": planet.y,
        "pu": planet.pu,
        "mpu": planet.mpu,
        "rpu": planet.rpu,
        "apu": planet.apu,
        "factories": planet.factories,
        "mines": planet.mines,
        "refineries": planet.refineries,
        "farms": planet.farms,
        "m_kits": planet.m_kits,
        "r_kits": planet.r_kits,
        "a_kits": planet.a_kits,
        "f_kits": planet.f_kits,
        "population": planet.population,
        "loyalty": planet.loyalty,
        "fortresses": planet.fortresses,
        "natural_defence": planet.natural_defence,
        "ships_in_orbit": planet.ships_in_orbit,
        "spares": planet.spares,
        "yards": [[y.size, y.ship_class, y.invested, int(y.surcharge)] for y in planet.yards],
    }


def exploration_data(state: GameState, planet: Planet) -> dict[str, Any]:
    """An exploration report: what a battle or a successful spy sees of a planet."""
    return {
        "number": planet.number,
        "x": planet.x,
        "y": planet.y,
        "owner": state.name_of(planet.owner),
        "population": planet.population,
        "fortresses": planet.fortresses,
        "natural_defence": planet.natural_defence,
        "factories": planet.factories,
        "ships_in_orbit": planet.ships_in_orbit,
    }


def ship_data(ship: Ship) -> dict[str, Any]:
    """Every field of the fleet report (2.2.1)."""
    cls = SHIP_CLASSES[ship.ship_class]
    used = sum(ship.cargo)
    return {
        "number": ship.number,
        "position": ship.position,
        "destination": ship.destination,
        "rest": ship.rest,
        "task_force": ship.task_force,
        "class": ship.ship_class,
        "armament": ship.armament,
        "shield": ship.shield,
        "range": ship_range(ship.ship_class, ship.propulsion),
        "attack": cls.attack,
        "defence": cls.defence,
        "kills": ship.kills,
        "current": cls.defence - ship.damage,
        "capacity": cls.transport,
        "free": cls.transport - used,
        "cargo": list(ship.cargo),
    }


class Holdings:
    """Each player's planets, ships and exploration reports, from one pass over the state.

    Build it when the state will not change until the views are made."""

    def __init__(self, state: GameState) -> None:
        self.planets: dict[str | None, list[Planet]] = {}
        for planet in state.planets.values():
            self.planets.setdefault(planet.owner, []).append(planet)
        self.ships: dict[str, list[Ship]] = {}
        for ship in state.ships:
            self.ships.setdefault(ship.owner, []).append(ship)
        self.explored: dict[str, set[int]] = {}
        for pid, n in state.explorations:
            self.explored.setdefault(pid, set()).add(n)
        self.battles: dict[str, list[BattleReport]] = {}
        for battle in state.battles:
            for side in dict.fromkeys(battle.sides):
                self.battles.setdefault(side, []).append(battle)


def build_views(state: GameState, players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """`build_view` of each of `players`, the state scanned once for all of them."""
    held = Holdings(state)
    return {player: build_view(state, player, held) for player in players}


def build_view(state: GameState, player: str, held: Holdings | None = None) -> dict[str, Any]:
    """Everything `player` is entitled to know, in plain data."""
    held = held or Holdings(state)
    me = state.players[player]
    owned = held.planets.get(player, [])
    known = set(me.known) | {p.number for p in owned}
    explored = sorted(held.explored.get(player, ()))
    view: dict[str, Any] = {
        "ruleset": "conqueror",
        "turn": state.turn,
        "player": me.id,
        "name": me.name,
        "account": me.account,
        "score": me.score,
        "breakdown": [list(b) for b in me.breakdown],
        "final_score": state.final_score,
        "tech": tech_levels(me.research),
        "research": list(me.research),
        "reward": list(me.reward),
        "field": [state.width, state.height],
        "map": [
            [n, state.planets[n].x, state.planets[n].y, state.planets[n].owner == player]
            for n in sorted(known)
        ],
        "planets": [planet_data(p) for p in sorted(owned, key=lambda p: p.number)],
        "explored": [
            exploration_data(state, state.planets[n])
            for n in explored
            if state.planets[n].owner != player
        ],
        "fleet": [ship_data(s) for s in sorted(held.ships.get(player, []), key=lambda s: s.number)],
        "battles": [list(b.lines) for b in held.battles.get(player, [])],
        "messages": list(me.messages)
        + list(state.broadcasts)
        + [text for text, not_to in state.announcements if player not in not_to],
        "players": [[int(p.id), p.name] for p in state.players.values()],
        "finished": state.finished,
    }
    if state.finished:
        view["final"] = [
            [p.name, p.score]
            for p in sorted(state.players.values(), key=lambda p: (-p.score, p.id))
        ]
    return view


def offers(view: Mapping[str, Any]) -> dict[Kind, list[str]]:
    """An order editor's arguments, from the view alone: the player's own ships and task
    forces by number, his planets by number, the other players by number."""
    fleet = view.get("fleet", ())
    numbers = {int(s["number"]) for s in fleet} | {
        int(s["task_force"]) for s in fleet if s.get("task_force")
    }
    me = str(view.get("player"))
    return {
        "ship": [str(n) for n in sorted(numbers)],
        "world": [str(p["number"]) for p in view.get("planets", ())],
        "player": [str(p[0]) for p in view.get("players", ()) if str(p[0]) != me],
    }
