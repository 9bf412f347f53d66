"""What an Interstellar Conquest player is told: the public table, and his own secrets.

The board (systems, ships, the void, the discards, hand sizes) and the position in
the turn sequence are public. A player's coins, the coin he chose before the
reveal, and his pending and standing orders are his alone: another player's view
never holds them. The checker (layer 3) and the printouts read only this dict.

The keys of `build_view(state, player)` (all plain JSON-able data, in a fixed order):

- ``ruleset``: "interstellar". ``player``: the reader's id.
- ``turn``: batch runs done; ``player_turn``: player turns begun (the first is 1).
- ``seats``: every player in seat order (clockwise play), each a dict: ``id``,
  ``name``, ``colour`` (his system and pieces; orders name players by it), ``race``,
  ``power`` (tables.Power value), ``power_text`` (the race chart's words),
  ``power_active`` (at least two colony ships on his home worlds), ``colony_ships_home``,
  ``colonies`` (planets of other systems holding a colony ship of his), ``hand_size``
  (coins held; never which), ``void`` (his ships in the void, {"S","M","L"}).
- ``systems``: one per seat, in seat order: ``colour``, ``owner`` (id), ``planets``:
  the five home worlds in tile order, each ``planet`` ("BLUE 3"), ``tile`` (1-5) and
  ``ships``: {owner id: {"S": n, "M": n, "L": n}} for owners with ships there, in
  seat order.
- ``void``: {owner id: {"S","M","L"}}, owners with ships in the void, seat order.
- ``discards``: the discard pile's coins in the order discarded (0 is DIPLOMACY).
- ``bag``: how many coins are in the bag.
- ``active``: the id of the player whose turn it is; ``phase``: phases.Phase value;
  ``step``: the book's step of the phase (Play 1-11); ``attack``: 1, or 2 for the
  second attack.
- ``waiting``: the ids the last run stopped for (they owe orders for ``phase``).
- ``encounter``: None, or the attack so far: ``attack``, ``attacker``, ``defender``
  (ids), ``target`` ("BLUE 3"), ``fleet``: [{``player``, ``origin``, ``ships``}],
  ``invited_by_attacker``, ``invited_by_defender`` (ids), ``allies``: [{``player``,
  ``side`` ("ATTACKER"/"DEFENDER"), ``ships``: [{``player``, ``origin``, ``ships``}]}],
  ``declined`` (ids), ``attacker_coin``, ``defender_coin``: the coin's value (0 is
  DIPLOMACY, "NONE" no coin at all, counted as Diplomacy) once revealed, or to its own
  player; else "chosen" or "not yet",
  ``revealed`` (bool), ``deal``: the deal reached as order text or None, ``outcome``:
  tables.Outcome value or None, ``winner``: "ATTACKER", "DEFENDER" or None.
- ``winners``: the ids of the winners (several: a joint victory); ``finished``.
- ``hand``: the reader's own coins, sorted (0 is DIPLOMACY).
- ``owes``: None, or what the reader owes now: ``phase``, ``step``, ``role`` (his
  part: "active", "attacker", "defender", "invited"), ``what`` (a line saying what to
  send) and ``orders`` (the order forms that answer it; form_words says how they name
  planets and ships).
- ``pending``: the reader's pending orders, [{``number``, ``text``}], numbered from 1
  in the order they answer phases.
- ``pending_ends_with_turn``: whether the reader has owed a decision in the turn under
  way since the run that read his last file, so that his pending orders are dropped at
  its end if not used (house.PENDING_KEPT_ONLY_BY_BYSTANDERS).
- ``standing``: the reader's standing orders, [{``number``, ``text``}], numbered from
  1 as CANCEL n counts them.
- ``events``: the last run's events the reader may see (public, or seen by him), in
  order: [{``kind``, ``text``, ``private`` (seen by him alone or a few)}].
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.forms import Kind
from galbatch.engine.contract.ruleset import scores
from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.phases import BOOK_STEP, Phase
from galbatch.rules.interstellar.state import (
    Commitment,
    Encounter,
    GameState,
    Ships,
    colony_ships_at_home,
    has_power,
    planet_text,
)
from galbatch.rules.interstellar.tables import HOME_WORLDS, race_named

CHOSEN, NOT_YET = "chosen", "not yet"
# How the order forms of `OWED` name planets and ships.
FORM_WORDS = (
    ("<planet>", "<planet>: a colour and a tile, BLUE 3"),
    ("<ships>", "<ships>: counts and sizes, 1 L 2 M"),
)


def form_words(forms: Sequence[str]) -> str:
    """How the order forms name planets and ships: only the words they use ("" if none)."""
    return "; ".join(said for word, said in FORM_WORDS if any(word in f for f in forms))


# What a player sends for each phase he may owe: a line, and the order forms.
OWED: dict[Phase, tuple[str, tuple[str, ...]]] = {
    Phase.RECLAIM: (
        "your attack and, if you like, the ship you take back from the void first (a"
        " RECLAIM alone is carried out, and the game then waits for your attack)",
        (
            "ATTACK [<colour> ON] <planet> WITH <ships> [FROM <planet>] [AND ...]",
            "RECLAIM <size> [TO <planet>]",
        ),
    ),
    Phase.DECLARE: (
        "your attack: the target planet and the fleet",
        ("ATTACK [<colour> ON] <planet> WITH <ships> [FROM <planet>] [AND ...]",),
    ),
    Phase.INVITE_ATTACKER: (
        "whom you ask to ally with you",
        ("INVITE <colour> ...", "INVITE ALL", "INVITE NOBODY"),
    ),
    Phase.INVITE_DEFENDER: (
        "whom you ask to ally with you",
        ("INVITE <colour> ...", "INVITE ALL", "INVITE NOBODY"),
    ),
    Phase.ALLIANCE: (
        "your answer to the invitations: ally with one side, or decline",
        ("ALLY <colour>|ATTACKER|DEFENDER WITH <ships> [FROM <planet>]", "DECLINE"),
    ),
    Phase.COINS: (
        "your secret coin for the combat",
        ("PLAY <1-5>", "PLAY DIPLOMACY", "PLAY HIGHEST", "PLAY LOWEST"),
    ),
    Phase.DRUWAITH: (
        "your coin, after your opponent's is revealed",
        ("PLAY <1-5>", "PLAY DIPLOMACY", "PLAY BEST"),
    ),
    Phase.DEAL: (
        "the deal you accept (Diplomacy against Diplomacy), or none",
        (
            "DEAL <term>, ... (<colour> GIVES <n> COINS, <colour> RETURNS <n> SHIPS,"
            " <colour> COLONIZES <planet>)",
            "DEAL NOTHING",
            "NO DEAL",
        ),
    ),
    Phase.OUTCOME: (
        "your choice at the outcome (a default applies without one)",
        ("REWARD COINS", "REWARD SHIPS", "TAKE COIN", "LEAVE COIN", "HEAL <colour> <n>|ALL"),
    ),
    Phase.SECOND_ATTACK: (
        "your second attack after the win, or pass",
        ("ATTACK AGAIN [<colour> ON] <planet> WITH <ships> [FROM <planet>] [AND ...]", "PASS"),
    ),
}


def ships_data(ships: Ships) -> dict[str, int]:
    """{"S": n, "M": n, "L": n}."""
    return ships.to_data()


def colonies(state: GameState, player: str) -> int:
    """Planets of other players' systems holding at least one of the player's colony ships."""
    colour = state.seat(player).colour
    return sum(
        1
        for planet, owners in sorted(state.ships.items())
        if planet[0] != colour and owners.get(player, Ships()).small > 0
    )


def _seat_data(state: GameState, player: str) -> dict[str, Any]:
    seat = state.seat(player)
    race = race_named(seat.race)
    return {
        "id": seat.id,
        "name": seat.name,
        "colour": seat.colour,
        "race": race.race,
        "power": race.key.value,
        "power_text": race.power,
        "power_active": has_power(state, player, race.key),
        "colony_ships_home": colony_ships_at_home(state, player),
        "colonies": colonies(state, player),
        "hand_size": len(state.hand(player)),
        "void": ships_data(state.in_void(player)),
    }


def _planet_data(state: GameState, colour: str, tile: int) -> dict[str, Any]:
    owners = state.ships.get((colour, tile), {})
    return {
        "planet": planet_text((colour, tile)),
        "tile": tile,
        "ships": {
            p: ships_data(owners[p]) for p in state.players() if p in owners and owners[p].total > 0
        },
    }


def _commitments(commitments: tuple[Commitment, ...]) -> list[dict[str, Any]]:
    return [
        {"player": c.player, "origin": planet_text(c.origin), "ships": ships_data(c.ships)}
        for c in commitments
    ]


def _coin_shown(e: Encounter, combatant: str, reader: str) -> int | str:
    """A main combatant's coin as the reader may see it."""
    coin = e.coin(combatant)
    if coin is None:
        return NOT_YET
    return coin if e.revealed or combatant == reader else CHOSEN


def encounter_data(e: Encounter, reader: str) -> dict[str, Any]:
    """The encounter so far, as the reader may see it (unrevealed coins hidden)."""
    return {
        "attack": e.attack,
        "attacker": e.attacker,
        "defender": e.defender,
        "target": planet_text(e.target),
        "fleet": _commitments(e.fleet),
        "invited_by_attacker": list(e.invited_by_attacker),
        "invited_by_defender": list(e.invited_by_defender),
        "allies": [
            {"player": a.player, "side": a.side, "ships": _commitments(a.ships)} for a in e.allies
        ],
        "declined": list(e.declined),
        "attacker_coin": _coin_shown(e, e.attacker, reader),
        "defender_coin": _coin_shown(e, e.defender, reader),
        "revealed": e.revealed,
        "deal": None if e.deal is None else e.deal.text(),
        "outcome": None if e.outcome is None else e.outcome.value,
        "winner": e.winner,
    }


def role(state: GameState, player: str) -> str:
    """The reader's part in the phase he owes: attacker, defender, invited or active."""
    e = state.encounter
    if state.phase in (Phase.RECLAIM, Phase.DECLARE) or e is None:
        return "active"
    if player == e.attacker:
        return "attacker"
    if player == e.defender:
        return "defender"
    if player in e.invited():
        return "invited"
    return "active" if player == state.active else "other"


def owes_data(state: GameState, player: str) -> dict[str, Any] | None:
    """What the reader owes now (None: nothing): he is one the last run stopped for."""
    if player not in state.waiting or state.phase not in OWED:
        return None
    what, forms = OWED[state.phase]
    return {
        "phase": state.phase.value,
        "step": BOOK_STEP[state.phase],
        "role": role(state, player),
        "what": what,
        "orders": list(forms),
    }


def public_data(state: GameState) -> dict[str, Any]:
    """What every player knows alike: the table, the position in the turn sequence."""
    ids = state.players()
    return {
        "ruleset": "interstellar",
        "turn": state.turn,
        "player_turn": state.player_turn,
        "seats": [_seat_data(state, p) for p in ids],
        "systems": [
            {
                "colour": s.colour,
                "owner": s.id,
                "planets": [_planet_data(state, s.colour, w) for w in HOME_WORLDS],
            }
            for s in state.seats
        ],
        "void": {
            p: ships_data(state.void[p]) for p in ids if p in state.void and state.void[p].total
        },
        "discards": list(state.discards),
        "bag": len(state.bag),
        "active": state.active,
        "phase": state.phase.value,
        "step": BOOK_STEP[state.phase],
        "attack": state.attack,
        "waiting": list(state.waiting),
        "winners": list(state.winners),
        "finished": state.finished,
    }


def own_data(state: GameState, player: str) -> dict[str, Any]:
    """What the reader alone knows, or sees his own way: the encounter's coins, his hand,
    what he owes, his orders, the events shown to him."""
    return {
        "player": player,
        "encounter": None if state.encounter is None else encounter_data(state.encounter, player),
        "hand": sorted(state.hand(player)),
        "owes": owes_data(state, player),
        "pending": [
            {"number": n, "text": order.text()}
            for n, order in enumerate(state.pending.get(player, ()), 1)
        ],
        "pending_ends_with_turn": player in state.involved
        and house.PENDING_KEPT_ONLY_BY_BYSTANDERS,
        "standing": [
            {"number": n, "text": order.text()}
            for n, order in enumerate(state.standing.get(player, ()), 1)
        ],
        "events": [
            {"kind": e.kind, "text": e.text, "private": bool(e.seen_by)}
            for e in state.events
            if not e.seen_by or player in e.seen_by
        ],
    }


# The view's keys in the order the view file writes them.
KEYS = (
    "ruleset", "player", "turn", "player_turn", "seats", "systems", "void", "discards",
    "bag", "active", "phase", "step", "attack", "waiting", "encounter", "winners",
    "finished", "hand", "owes", "pending", "pending_ends_with_turn", "standing", "events",
)  # fmt: skip


def _view(public: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    both = {**public, **own}
    return {key: both[key] for key in KEYS}


def build_view(state: GameState, player: str) -> dict[str, Any]:
    """Everything `player` knows, as plain data (the keys: this module's docstring)."""
    return _view(public_data(state), own_data(state, player))


def build_views(state: GameState, players: Sequence[str]) -> dict[str, dict[str, Any]]:
    """`build_view` of each of `players`, in their order: the public table is read once and
    shared (no view is changed after it is made); the rest is each reader's own."""
    public = public_data(state)
    return {player: _view(public, own_data(state, player)) for player in players}


def public_scores(view: Mapping[str, Any]) -> dict[str, float]:
    """Each race's colonies in other players' systems, on the table every player sees:
    the book's objective is "Be the first alien race to place four colonies in your
    opponents star systems"."""
    seats = view.get("seats")
    if not isinstance(seats, list):
        return {}
    return scores((s.get("name"), s.get("colonies")) for s in seats if isinstance(s, dict))


def offers(view: Mapping[str, Any]) -> dict[Kind, list[str]]:
    """An order editor's arguments, from the view alone: the planets of the player's
    system and those his ships are on (colour and tile), each of his fleets there as
    sizes with counts (1 S 2 L), the other players' colours."""
    me = str(view.get("player"))
    planets: list[str] = []
    fleets: list[str] = []
    for system in view.get("systems", ()):
        for planet in system.get("planets", ()):
            ships = planet.get("ships", {}).get(me, {})
            if system.get("owner") == me or any(ships.values()):
                planets.append(str(planet["planet"]))
            fleet = " ".join(f"{ships[s]} {s}" for s in ("S", "M", "L") if ships.get(s))
            if fleet and fleet not in fleets:
                fleets.append(fleet)
    return {
        "ship": fleets,
        "world": planets,
        "player": [str(s["colour"]) for s in view.get("seats", ()) if str(s["id"]) != me],
    }


__all__ = ["build_view", "build_views", "offers", "public_scores"]
