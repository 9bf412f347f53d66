"""What one Galac-Tac empire knows after a turn, as plain data.

The view is the only input of the empire's reports and of the action checker: its
own systems, ships and designs; every star's place (all stars are on the map) but
the base PV only of the systems it charted; and other empires' systems only where
its ships saw them this fortnight. Other empires' ships reach it only through its
events, as the book reports them: a scouting report (number, total SSD, largest), a
cease fire (who was met), an ATTACK's rough estimate, a Combat report (each ship of
the battle). The galaxy's research thresholds and the Masters' return never reach it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.contract.forms import Kind
from galbatch.engine.contract.ruleset import scores
from galbatch.rules.galactac.delivery import received
from galbatch.rules.galactac.events import event_to_data
from galbatch.rules.galactac.galaxy import Location, location_text
from galbatch.rules.galactac.house import FORTNIGHTS_PER_YEAR
from galbatch.rules.galactac.rating import Rating, cost, delay, format_rating, ssd
from galbatch.rules.galactac.state import GameState, Ship, System, date


def design_data(state: GameState, empire: str) -> list[dict[str, Any]]:
    """The Ship Design Table: each design with its SSD, cost at the empire's tech level,
    delay, ships built and ships still active."""
    me = state.empires[empire]
    active: dict[str, int] = {}
    for ship in state.ships:
        if ship.owner == empire:
            active[ship.code] = active.get(ship.code, 0) + 1
    return [
        {
            "number": d.number,
            "code": d.code,
            "name": d.name,
            "rating": format_rating(d.rating),
            "ssd": ssd(d.rating),
            "cost": cost(d.rating, me.tech).total,
            "delay": delay(d.rating),
            "built": d.built,
            "active": active.get(d.code, 0),
        }
        for d in me.designs
    ]


def ship_data(state: GameState, ship: Ship) -> dict[str, Any]:
    """Everything the owner knows of one of its ships."""
    tech = state.empires[ship.owner].tech
    shown = ship.current
    rating = format_rating(shown)
    if ship.missiles < shown.racks:
        rating = format_rating(_display(shown, missiles=ship.missiles))
    if ship.tech < tech and shown.combat_ship:  # "the ship rating of combat ships"
        rating = format_rating(
            _display(
                shown,
                missiles=ship.missiles if ship.missiles < shown.racks else None,
                tech=ship.tech,
            )
        )
    mission = ship.mission
    return {
        "id": ship.id,
        "code": ship.code,
        "name": ship.name,
        "rating": rating,
        "ssd": ssd(ship.current),
        "design_ssd": ssd(ship.design),
        "tech": ship.tech,
        "location": location_text(ship.location),
        "orders": mission.kind,
        "goal": None if mission.goal is None else location_text(mission.goal),
        "route": [location_text(r) for r in mission.route],
        "stop": mission.stop,
        "landed": mission.landed,
        "towing": mission.other if mission.kind == "TOW" else 0,
        "max_ssd": mission.other if mission.kind == "ATTACK" else 0,
        "combat": list(ship.combat),
        "flagship": ship.flagship,
        "carrier": ship.carrier,
        "hangars": ship.current.hangars,
        "cargo_bays": ship.current.cargo,
        "pi": ship.pi,
        "pv": ship.pv,
        "missiles_in_cargo": ship.cargo_missiles,
        "missiles": ship.missiles,
        "damaged": ship.damaged,
        "in_service": ship.in_service,
        "due": date(state.turn + ship.left) if ship.left else None,
        "complete": 100 * (ship.delay - ship.left) // ship.delay,
    }


def _display(rating: Rating, missiles: int | None, tech: int | None = None) -> Rating:
    """The rating with its display-only fields: missiles left, the ship's tech level."""
    return replace(rating, missiles=missiles, tech=tech)


def imports(state: GameState, empire: str) -> dict[Location, int]:
    """The Imports line: PV aboard the empire's shuttles bound for each of its
    production systems, at their colonies or en route; "not a count of what is sitting
    in your Home/Production System on freighters that have not yet unloaded"."""
    inbound: dict[Location, int] = {}
    for ship in state.ships:
        mission = ship.mission
        if ship.owner != empire or mission.kind != "SHUTTLE" or not ship.pv:
            continue
        for stop in mission.route:
            system = state.systems.get(stop)
            if system is not None and system.owner == empire and system.kind == "production":
                if ship.location != stop:  # one parked there has arrived, not inbound
                    inbound[stop] = inbound.get(stop, 0) + ship.pv
                break
    return inbound


def system_data(
    state: GameState, system: System, empire: str, inbound: dict[Location, int]
) -> dict[str, Any]:
    """One of the empire's own systems: the status line's values."""
    home = state.empires[empire].home == system.location
    return {
        "location": location_text(system.location),
        "name": system.name,
        "base_pv": system.base_pv,
        "output": state.output(system, empire),
        "pi": system.pi,
        "pv_waiting": system.pv_waiting,
        "missiles": system.missiles.get(empire, 0),
        "status": "home" if home else system.kind,
        "imports": inbound.get(system.location, 0),
        "under_attack": under_attack(state, system.location, empire),
    }


def under_attack(state: GameState, place: Location, empire: str) -> bool:
    """The status line's "Under Attack!": another empire's ships in service at the
    system at the end of the fortnight, scouts in SCOUT mode apart ("you will simply
    not know it's there")."""
    return any(
        s.location == place and s.owner != empire and s.in_service and s.mission.kind != "SCOUT"
        for s in state.ships
    )


def sightings(state: GameState, empire: str) -> list[dict[str, Any]]:
    """Other empires' systems where the empire's ships in service are, in (y, x) order:
    "someone from your empire has to actually go and see the opposing ship or system".
    Their ships are not listed: what the empire learns of them is its events'."""
    places = sorted({s.location for s in state.ships if s.owner == empire and s.in_service})
    seen = []
    for place in places:
        system = state.systems.get(place)
        if system is None or system.owner is None or system.owner == empire:
            continue
        owner = state.empires[system.owner].name
        seen.append({"location": location_text(place), "owner": owner, "status": system.kind})
    return seen


def build_view(state: GameState, empire: str) -> dict[str, Any]:
    """Everything `empire` knows, as plain data."""
    me = state.empires[empire]
    charted = set(me.charted)
    inbound = imports(state, empire)
    return {
        # what `galbatch check --view` needs to check an action file against this view
        "ruleset": "galactac",
        "player": me.id,
        "turn": state.turn,
        "date": state.date,
        "fortnights_per_year": FORTNIGHTS_PER_YEAR,
        "empire": {
            "id": me.id,
            "name": me.name,
            "player": me.player,
            "home": None if me.home is None else location_text(me.home),
            "tech": me.tech,
            "research": me.research,
            "valuation": me.valuation,
            "known": [state.empires[k].name for k in me.known],
        },
        "designs": design_data(state, empire),
        "systems": [
            system_data(state, state.systems[loc], empire, inbound)
            for loc in sorted(state.systems)
            if state.systems[loc].owner == empire
        ],
        "stockpiles": {
            location_text(loc): sys.missiles[empire]
            for loc, sys in sorted(state.systems.items())
            if sys.owner != empire and sys.missiles.get(empire)
        },
        "ships": [ship_data(state, s) for s in state.ships if s.owner == empire],
        "stars": [location_text(loc) for loc in sorted(state.systems)],
        "charted": {
            location_text(loc): state.systems[loc].base_pv
            for loc in sorted(charted)
            if loc in state.systems
        },
        "seen": sightings(state, empire),
        "events": [event_to_data(e) for e in state.events if e.empire == empire],
        **received(state, empire),  # "messages", when there are any
    }


def build_views(state: GameState, players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """`build_view` of each of `players`, in their order."""
    return {player: build_view(state, player) for player in players}


def public_scores(view: Mapping[str, Any]) -> dict[str, float]:
    """The empire's valuation, which the book prints under its Home System: "the total
    worth of your Empire as compared to the 'leader'. (The leader will be shown as
    100%.)" Only his own: "You still do not know if you're in second place, or last."
    It goes by the player's name, which stays when the empire takes another (NAME)."""
    empire = view.get("empire")
    if not isinstance(empire, dict):
        return {}
    return scores([(empire.get("player"), empire.get("valuation"))])


def offers(view: Mapping[str, Any]) -> dict[Kind, list[str]]:
    """An order editor's arguments, from the view alone: the empire's own ships by ID
    (a fleet is its flagship's), its Systems by location, the empires it knows."""
    return {
        "ship": [str(s["id"]) for s in view.get("ships", ())],
        "world": [str(s["location"]) for s in view.get("systems", ())],
        "player": sorted({str(k) for k in view.get("empire", {}).get("known", ())}),
    }
