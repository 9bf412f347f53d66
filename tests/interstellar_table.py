"""A table of Interstellar Conquest for the rules tests: a new game with chosen colours,
hands dealt from the bag, ships moved, and runs driven with orders named by colour."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.resolve import resolve
from galbatch.rules.interstellar.setup import new_game
from galbatch.rules.interstellar.state import GameState, Ships, pieces
from galbatch.rules.interstellar.tables import Coin, Size, all_coins

SEED = 1402


def table(colours: str, races: str = "", seed: int = SEED) -> GameState:
    """A new game of as many players as colours, seated in that order."""
    n = len(colours.split())
    infos = [PlayerInfo(str(i), f"P{i}", 1000 + i) for i in range(1, n + 1)]
    return new_game(seed, infos, {"colours": colours, "races": races})


def pid(state: GameState, colour: str) -> str:
    """The id of the player of a colour."""
    found = state.player_of(colour)
    assert found is not None, colour
    return found


def hands(state: GameState, dealt: Mapping[str, Sequence[Coin]]) -> GameState:
    """The named players' hands (by colour) replaced by these coins, taken from the bag
    (their old coins go back into it), so that every coin is still in the game once."""
    bag = list(state.bag)
    new = dict(state.hands)
    for colour in dealt:
        bag += list(new.pop(pid(state, colour), ()))
    for colour, coins in dealt.items():
        for c in coins:
            bag.remove(c)
        new[pid(state, colour)] = tuple(sorted(coins))
    return replace(state, bag=tuple(bag), hands=new)


def move(
    state: GameState,
    colour: str,
    frm: tuple[str, int] | None,
    to: tuple[str, int] | None,
    ships: Ships,
) -> GameState:
    """A player's ships moved from a planet (None: the void) to a planet (None: the void)."""
    p = pid(state, colour)
    planets = {k: dict(v) for k, v in state.ships.items()}
    void = dict(state.void)
    if frm is None:
        void[p] = state.in_void(p).minus(ships)
    else:
        planets[frm][p] = state.at(frm, p).minus(ships)
    if to is None:
        void[p] = void.get(p, Ships()).plus(ships)
    else:
        planets.setdefault(to, {})
        planets[to][p] = state.at(to, p).plus(ships)
    for owners in planets.values():
        for q in [q for q, s in owners.items() if not s.total]:
            del owners[q]
    void = {q: s for q, s in void.items() if s.total}
    return replace(state, ships=planets, void=void)


def run(state: GameState, orders: Mapping[str, Sequence[Any]], seed: int = SEED) -> GameState:
    """One batch run with these order files (by colour)."""
    files = {pid(state, c): list(x) for c, x in orders.items()}
    return resolve(state, files, Streams(seed, state.turn + 1))


def coins_in_play(state: GameState) -> list[Coin]:
    """Every coin: the bag, the hands, the discards and the encounter's coins not yet
    settled (sorted)."""
    coins = list(state.bag) + list(state.discards)
    for h in state.hands.values():
        coins += list(h)
    e = state.encounter
    if e is not None and e.outcome is None:
        coins += [c for c in (e.attacker_coin, e.defender_coin) if isinstance(c, int)]
    return sorted(coins)


def conserved(state: GameState) -> bool:
    """Every player's 15 ships and every coin of the set are in the game."""
    ships = all(pieces(state, p) == Ships(5, 5, 5) for p in state.players())
    return ships and coins_in_play(state) == sorted(all_coins(len(state.seats)))


def attack(
    target: str, *groups: tuple[str, str], defender: str = "", again: bool = False
) -> o.Attack:
    """ATTACK target WITH ships FROM planet AND ...: groups as ("1 L 1 M", "RED 2")."""
    return o.Attack(planet(target), tuple(group(s, f) for s, f in groups), defender, again)


def planet(text: str) -> o.Planet:
    colour, tile = text.split()
    return o.Planet(colour, int(tile))


def group(ships: str, frm: str = "") -> o.Group:
    words = ships.split()
    counts = tuple(o.ShipCount(Size(words[i + 1]), int(words[i])) for i in range(0, len(words), 2))
    return o.Group(counts, planet(frm) if frm else None)


def always(action: o.Action, condition: o.Condition | None = None) -> o.Standing:
    return o.Standing(action, condition)


def texts(state: GameState, player: str | None = None) -> list[str]:
    """The run's events a player may see (None: the public ones)."""
    return [e.text for e in state.events if not e.seen_by or player in e.seen_by]


def outcome_told(state: GameState) -> str:
    """The text of the run's outcome event (the chart's row, with the combat values)."""
    return next(e.text for e in state.events if e.kind == "outcome")
