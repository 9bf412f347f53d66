"""Rewards (3.14): points offered for conquering the planets of one enemy player.

The offer is deducted once from the offerer's score when made; each conquest of a
target's planet adds the points to the conqueror's score and takes them from the
offerer's. An offer made this turn can be earned only from the next turn on.
"""

from __future__ import annotations

from galbatch.rules.conqueror.state import Planet
from galbatch.rules.conqueror.tables import (
    COMMUNICATION,
    MAX_REWARD,
    REWARD_NEWS,
    REWARD_NEWS_PER_CTL,
    REWARD_POSITIONS_CTL,
)
from galbatch.rules.conqueror.turn import Turn
from galbatch.rules.conqueror.wording import points as points_text


def reward_limit(planets: int) -> int:
    """The most a player can offer: 1 point per planet he owns, at most 50."""
    return min(planets, MAX_REWARD)


def news_threshold(ctl: int) -> int:
    """The offer from which the offerer hears who earned it: 20, 2 less per CTL."""
    return REWARD_NEWS - REWARD_NEWS_PER_CTL * ctl


def offer_reward(turn: Turn, player: str, points: int, target: int) -> None:
    """G: offer a reward for another player, replacing any old offer; target 0 withdraws."""
    me = turn.state.players[player]
    receiver = str(target)
    points = min(points, reward_limit(len(turn.state.owned_by(player))))
    if target == 0 or points <= 0 or receiver == player or receiver not in turn.state.players:
        if me.reward != (0, 0):
            turn.tell(player, "YOUR REWARD IS WITHDRAWN")
        me.reward = (0, 0)
        return
    # 3.14: "If the reward command is used a second time, the old reward is lost."
    if me.reward != (0, 0):
        old, whom = me.reward
        turn.tell(
            player,
            f"YOUR REWARD OF {points_text(old)} FOR {turn.name(str(whom))} IS REPLACED AND LOST",
        )
    me.reward = (points, target)
    turn.offered.add(player)
    turn.tally[player].reward_offered += points
    turn.tell(
        player,
        f"YOU OFFER {points_text(points)} REWARD FOR {turn.name(receiver)}",
    )


def announce_rewards(turn: Turn) -> None:
    """3.14: "every player has to be informed about the reward through the next status
    report": each reward offered this turn and still standing after the commands (a later
    G may have replaced or withdrawn it) is told to everyone, but not who offers it: that
    is what espionage on the offerer's home planet reveals (3.10)."""
    for player in turn.players():
        points, target = turn.state.players[player].reward
        if player in turn.offered and points > 0:
            turn.state.broadcasts.append(
                f"A REWARD OF {points_text(points)} IS OFFERED FOR CONQUERING PLANETS OF "
                f"{turn.name(str(target))}"
            )


def pay_rewards(turn: Turn, planet: Planet, conqueror: str, loser: str | None) -> None:
    """Pay every standing offer for the loser of a planet to its conqueror."""
    if loser is None:
        return
    for offerer in turn.players():
        points, target = turn.state.players[offerer].reward
        if points <= 0 or str(target) != loser or offerer == conqueror:
            continue
        if offerer in turn.offered:  # every player learns of an offer in the next report first
            continue
        turn.tally[conqueror].rewards_earned += points
        turn.tally[offerer].rewards_paid += points
        turn.tell(
            conqueror,
            f"YOU EARN {points_text(points)} REWARD FOR PLANET {planet.number}",
        )
        tell_offerer(turn, offerer, planet, conqueror, points)


def tell_offerer(turn: Turn, offerer: str, planet: Planet, conqueror: str, points: int) -> None:
    """Offers big enough for the offerer's CTL hear who earned them (3.14); from CTL 6 the
    offerer learns where, whatever the offer (2.3.2.5: "positions of planets on which a
    reward that you offered was earned, with level 6")."""
    ctl = turn.tech(offerer, COMMUNICATION)
    if points < news_threshold(ctl):
        if ctl >= REWARD_POSITIONS_CTL:
            turn.reveal(offerer, planet.number)
            turn.tell(
                offerer,
                f"YOUR REWARD WAS EARNED FOR PLANET {planet.number} AT {planet.x},{planet.y}",
            )
        return
    if ctl >= REWARD_POSITIONS_CTL:
        turn.reveal(offerer, planet.number)
        where = f" FOR PLANET {planet.number} AT {planet.x},{planet.y}"
    else:
        where = ""
    turn.tell(offerer, f"{turn.name(conqueror)} EARNED YOUR REWARD OF {points_text(points)}{where}")
