"""Galactic Conqueror's turn, in the order it runs.

1. Each player's commands, players in id order, each file strictly in order
   (`execute.py`); the rewards offered are announced (`rewards.py`); PU left on a
   planet then score 1 point per 10 and are gone.
2. Espionage and corruption on their targets, then ship transfers (`espionage.py`,
   `execute.py`): they touch other players, so they wait for all commands.
3. Movement and hyperspace jumps (`movement.py`).
4. Battles planet by planet: space battle, assault, conquest, rewards; then spares
   repair ships in orbit (`battle.py`).
5. Shipyards build; research levels reached are announced; population grows,
   loyalty recovers (and corrupters hear the loyalty it ends with), neutral planets
   fortify; next turn's PU (`economy.py`, `espionage.py`).
6. A bonus planet may appear (`events.py`); ships in orbit are counted and every
   player learns the planets within his communication radius (`communication.py`).
7. The score and the winner (`score.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from galbatch.engine.contract.rng import Streams
from galbatch.rules.conqueror.battle import fight, repair
from galbatch.rules.conqueror.communication import communicate, count_orbits
from galbatch.rules.conqueror.economy import (
    announce_levels,
    build,
    fortify_neutrals,
    grow,
    produce_pu,
    recover_loyalty,
)
from galbatch.rules.conqueror.espionage import corrupt, report_corruption, spy
from galbatch.rules.conqueror.events import place_bonus
from galbatch.rules.conqueror.execute import carry_out, hand_over
from galbatch.rules.conqueror.movement import fly
from galbatch.rules.conqueror.orders import Order
from galbatch.rules.conqueror.rewards import announce_rewards
from galbatch.rules.conqueror.score import add_scores, find_winner, unused_pu
from galbatch.rules.conqueror.state import GameState
from galbatch.rules.conqueror.turn import Turn


def resolve(state: GameState, orders: Mapping[str, Sequence[Order]], streams: Streams) -> GameState:
    """The next state after one turn; `state` itself is never changed."""
    turn = start(state, streams)
    for player in turn.players():
        for order in orders.get(player, ()):
            carry_out(turn, player, order)
    announce_rewards(turn)
    unused_pu(turn)
    spy(turn)
    corrupt(turn)
    hand_over(turn)
    fly(turn)
    fight(turn)
    repair(turn)
    build(turn)
    announce_levels(turn)
    grow(turn)
    recover_loyalty(turn)
    report_corruption(turn)
    fortify_neutrals(turn)
    produce_pu(turn)
    place_bonus(turn)
    count_orbits(turn)
    communicate(turn)
    return finish(turn)


def start(state: GameState, streams: Streams) -> Turn:
    """A copy of the state for the new turn, with last turn's reports cleared."""
    new = state.clone()
    new.turn = state.turn + 1
    new.battles, new.explorations, new.broadcasts, new.announcements = [], [], [], []
    for player in new.players.values():
        player.messages, player.breakdown = [], []
    for planet in new.planets.values():
        planet.espionage_guard = 0
    return Turn(new, streams)


def finish(turn: Turn) -> GameState:
    """Put the ships back in order, add up the score and see whether somebody has won."""
    turn.state.ships = turn.sorted_ships()
    add_scores(turn)
    find_winner(turn)
    return turn.state
