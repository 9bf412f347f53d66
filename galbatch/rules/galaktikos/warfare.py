"""Warfare (8): fleet battles with the combat die, and attacks on infrastructure and populations.

The numbers come out of the book's procedure; the choices the book leaves to
players (rerolls, who suffers the "extras") are policies passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.die import attack_sum, casualties, roll, toss
from galbatch.rules.galaktikos.house import round_half
from galbatch.rules.galaktikos.tables import ATTACK_DICE, FACE_PROPORTION, Face

Side = Literal["attacker", "defender"]


def other(side: Side) -> Side:
    """The opposing side."""
    return "defender" if side == "attacker" else "attacker"


def superior_side(attackers: int, defenders: int) -> Side:
    """The numerically larger side; the attacker when both are equal (8.3.1 step 1)."""
    return "defender" if defenders > attackers else "attacker"


def advantage(superior: int, inferior: int) -> int:
    """s / i rounded to the nearest whole number, minus one (8.3.1 step 2)."""
    ratio = Fraction(superior, inferior)
    return (round_half(ratio) if house.ADVANTAGE_ROUNDED else int(ratio)) - 1


@dataclass(frozen=True)
class RollView:
    """What the side holding the advantage sees when it may call for a reroll."""

    caller: Side  # the side holding the advantage
    casualties_of: Side  # the side this roll destroys tokens of
    face: Face
    tokens: int  # tokens of the side the roll is for
    rerolls_left: int


RerollPolicy = Callable[[RollView], bool]


def default_reroll(view: RollView) -> bool:
    """Reroll own losses above a quarter, or the other side's below a half (house rule)."""
    proportion = FACE_PROPORTION[view.face]
    assert proportion is not None
    if view.caller == view.casualties_of:
        return proportion > house.REROLL_OWN_ABOVE
    return proportion < house.REROLL_OTHER_BELOW


@dataclass(frozen=True)
class Throw:
    """One throw of the die in a battle, and why it was thrown."""

    casualties_of: Side
    face: Face
    reason: Literal["roll", "reroll", "after reversal"]


@dataclass(frozen=True)
class Toss:
    """The coin tossed on a reversal, called by the side without the advantage."""

    caller: Side
    won: bool


@dataclass(frozen=True)
class Battle:
    """The outcome of a fleet-to-fleet battle (8.3.1)."""

    superior: Side
    advantage: int
    attacker_losses: int
    defender_losses: int
    steps: tuple[Throw | Toss, ...]
    rerolls: int
    holder: Side  # the side holding the advantage at the end


def fleet_battle(
    attackers: int,
    defenders: int,
    rng: random.Random,
    reroll: RerollPolicy = default_reroll,
) -> Battle:
    """Fight a battle between `attackers` and `defenders` fleet tokens (8.3.1)."""
    if attackers < 1 or defenders < 1:
        raise ValueError("a battle needs fleet tokens on both sides")
    tokens: dict[Side, int] = {"attacker": attackers, "defender": defenders}
    superior = superior_side(attackers, defenders)
    budget = advantage(tokens[superior], tokens[other(superior)])
    holder = superior
    used = 0
    steps: list[Throw | Toss] = []
    losses: dict[Side, int] = {}
    for side in (superior, other(superior)):
        if not house.REROLL_BUDGET_SHARED:
            used = 0
        face = roll(rng)
        steps.append(Throw(side, face, "roll"))
        while True:
            if face is Face.REVERSAL:
                caller = other(holder)
                won = toss(rng)
                steps.append(Toss(caller, won))
                if won:
                    holder = caller
                face = roll(rng)
                steps.append(Throw(side, face, "after reversal"))
                if house.REVERSAL_ROLL_IS_REROLL:
                    used += 1
                continue
            if used < budget and reroll(RollView(holder, side, face, tokens[side], budget - used)):
                used += 1
                face = roll(rng)
                steps.append(Throw(side, face, "reroll"))
                continue
            break
        losses[side] = casualties(face, tokens[side])
    return Battle(
        superior, budget, losses["attacker"], losses["defender"], tuple(steps), used, holder
    )


ExtrasPolicy = Callable[[Mapping[str, int], int], list[str]]


def default_extras(left: Mapping[str, int], extras: int) -> list[str]:
    """The extras fall on those with the most tokens left, ties in the given order (house rule)."""
    order = sorted(left, key=lambda k: -left[k])
    return order[:extras]


def spread(
    losses: int, holdings: Mapping[str, int], extras: ExtrasPolicy = default_extras
) -> dict[str, int]:
    """Share `losses` among holders as evenly as possible (8.3.3), none losing more than it has."""
    lost = {k: 0 for k in holdings}
    remaining = min(losses, sum(holdings.values()))
    while remaining > 0:
        left = {k: holdings[k] - lost[k] for k in holdings if holdings[k] > lost[k]}
        share = remaining // len(left)
        if share == 0:
            chosen = extras(left, remaining)
            if len(set(chosen)) != remaining or not set(chosen) <= set(left):
                raise ValueError("the extras must fall on distinct holders with tokens left")
            for k in chosen:
                lost[k] += 1
            break
        for k, n in left.items():
            take = min(share, n)
            lost[k] += take
            remaining -= take
    return {k: n for k, n in lost.items() if n}


@dataclass(frozen=True)
class Strike:
    """An attack on infrastructure or population (8.3.2, 8.3.3): the dice and the toll."""

    faces: tuple[Face, ...]
    destroyed: int


def strike(attacking_tokens: int, targets: int, rng: random.Random) -> Strike:
    """Three dice summed, times the attacking tokens, rounded; at most the targeted tokens."""
    faces = tuple(roll(rng) for _ in range(ATTACK_DICE))
    toll = round_half(attack_sum(faces) * attacking_tokens)
    return Strike(faces, min(toll, targets))
