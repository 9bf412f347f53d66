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
from galbatch.rules.galaktikos.events import (
    ExtrasPolicy,
    Overpopulation,
    default_extras,
    overpopulation,
    spread,
)
from galbatch.rules.galaktikos.hexes import Hex, distance, parse_hex
from galbatch.rules.galaktikos.house import round_half
from galbatch.rules.galaktikos.names import Infrastructure
from galbatch.rules.galaktikos.state import GameState, Illegal
from galbatch.rules.galaktikos.supply import Obstructs, obstruct_by_default, supplied
from galbatch.rules.galaktikos.tables import (
    ATTACK_DICE,
    COSTS,
    FACE_PROPORTION,
    POPULATION_PER_HABITAT_LOST,
    Action,
    Face,
)

__all__ = ["spread", "default_extras", "ExtrasPolicy"]  # 8.3.3, shared with 7.2

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
    """Reroll own losses of a half or more, the other side's of a quarter or less (house rule)."""
    proportion = FACE_PROPORTION[view.face]
    assert proportion is not None
    if view.caller == view.casualties_of:
        return proportion >= house.REROLL_OWN_AT_LEAST
    return proportion <= house.REROLL_ENEMY_AT_MOST


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

    @property
    def call(self) -> str:
        """What the caller called in the air (always the house call)."""
        return house.COIN_CALL

    @property
    def landed(self) -> str:
        """The side of the coin that came up: the call when it won."""
        return self.call if self.won else house.COIN_SIDES[1 - house.COIN_SIDES.index(self.call)]


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
    attackers: int  # fleet tokens of each side as the battle began
    defenders: int


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
        superior,
        budget,
        losses["attacker"],
        losses["defender"],
        tuple(steps),
        used,
        holder,
        attackers,
        defenders,
    )


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


def _strikers(
    state: GameState, player: str, attackers: Mapping[Hex, int], obstructs: Obstructs
) -> int:
    """Check the attackers exist and are supplied (7.3), pay for them (6.3.1); their number."""
    total = 0
    for hex_, n in attackers.items():
        if n < 1 or state.fleet(hex_, player) < n:
            raise Illegal(f"{state.name_of(player)} has not {n} fleet tokens in {hex_}")
        if not supplied(state, hex_, player, obstructs):
            raise Illegal(
                f"the fleet of {state.name_of(player)} in {hex_} is not supplied and may not attack"
            )
        total += n
    if total < 1:
        raise Illegal("an attack needs fleet tokens")
    state.pay(player, COSTS[Action.ATTACK] * total)
    return total


def attack_fleets(
    state: GameState,
    player: str,
    attackers: Mapping[Hex, int],
    target: Hex,
    rng: random.Random,
    targeted: Mapping[str, int] | None = None,
    reroll: RerollPolicy = default_reroll,
    extras: ExtrasPolicy = default_extras,
    obstructs: Obstructs = obstruct_by_default,
) -> Battle:
    """Attack unfriendly fleet tokens in one hex (8.1, 8.2, 8.3.1); all of them by default.

    Fleets strike from their own hex or one within the house range; the losses of
    each side are spread evenly over its hexes or players.
    """
    if any(distance(h, target) > house.FLEET_STRIKE_RANGE for h in attackers):
        raise Illegal(f"not every attacking fleet can strike {target}")
    foes = (
        dict(targeted)
        if targeted is not None
        else {p: n for p, n in state.seated(state.fleets.get(target, {})).items() if p != player}
    )
    if not foes or any(p == player or n < 1 or state.fleet(target, p) < n for p, n in foes.items()):
        raise Illegal(f"no such unfriendly fleet tokens in {target}")
    total = _strikers(state, player, attackers, obstructs)
    battle = fleet_battle(total, sum(foes.values()), rng, reroll)
    own = {h.name: n for h, n in sorted(attackers.items())}
    for name, n in spread(battle.attacker_losses, own).items():
        state.add(state.fleets, parse_hex(name), player, -n)
    for foe, n in spread(battle.defender_losses, foes, extras).items():
        state.add(state.fleets, target, foe, -n)
    return battle


def attack_infrastructure(
    state: GameState,
    player: str,
    hex_: Hex,
    tokens: int,
    rng: random.Random,
    habitats: int | None = None,
    shipyards: int | None = None,
    extras: ExtrasPolicy = default_extras,
    first: Infrastructure = house.FIRST_INFRASTRUCTURE,
    obstructs: Obstructs = obstruct_by_default,
) -> tuple[Strike, list[Overpopulation]]:
    """Attack infrastructure in the fleet's own hex (8.3.2); all of it targeted by default.

    The attacker chooses the tokens destroyed (8.3.2): every targeted token of the kind
    `first` (SHIPYARDS or HABITATS) before any of the other; losing habitats may
    overpopulate the hex (7.2).
    """
    there = {"HABITATS": state.habitats.get(hex_, 0), "SHIPYARDS": state.shipyards.get(hex_, 0)}
    aimed = {
        "HABITATS": there["HABITATS"] if habitats is None else habitats,
        "SHIPYARDS": there["SHIPYARDS"] if shipyards is None else shipyards,
    }
    if any(aimed[kind] > there[kind] for kind in there):
        raise Illegal(f"there is not so much infrastructure in {hex_}")
    _strikers(state, player, {hex_: tokens}, obstructs)
    hit = strike(tokens, aimed["HABITATS"] + aimed["SHIPYARDS"], rng)
    second: Infrastructure = "HABITATS" if first == "SHIPYARDS" else "SHIPYARDS"
    lost = {first: min(hit.destroyed, aimed[first])}
    lost[second] = hit.destroyed - lost[first]
    state.infrastructure(state.shipyards, hex_, -lost["SHIPYARDS"])
    state.infrastructure(state.habitats, hex_, -lost["HABITATS"])
    return hit, overpopulation(state, hex_, extras)


def attack_population(
    state: GameState,
    player: str,
    hex_: Hex,
    tokens: int,
    rng: random.Random,
    targeted: Mapping[str, int] | None = None,
    extras: ExtrasPolicy = default_extras,
    obstructs: Obstructs = obstruct_by_default,
) -> tuple[Strike, dict[str, int], int]:
    """Attack population tokens in the fleet's own hex (8.3.3): all unfriendly ones by default.

    Returns the strike, the tokens each player lost (spread evenly, extras by
    policy) and the habitats destroyed, one for every three population tokens.
    """
    aimed = (
        dict(targeted)
        if targeted is not None
        else {p: n for p, n in state.seated(state.populations.get(hex_, {})).items() if p != player}
    )
    if any(n < 0 or state.population(hex_, p) < n for p, n in aimed.items()):
        raise Illegal(f"there is not so much population in {hex_}")
    _strikers(state, player, {hex_: tokens}, obstructs)
    hit = strike(tokens, sum(aimed.values()), rng)
    lost = spread(hit.destroyed, aimed, extras)
    for owner, n in lost.items():
        state.add(state.populations, hex_, owner, -n)
    habitats = min(hit.destroyed // POPULATION_PER_HABITAT_LOST, state.habitats.get(hex_, 0))
    state.infrastructure(state.habitats, hex_, -habitats)
    overpopulation(state, hex_)  # the attacker's choice of extras is the attack's alone
    return hit, lost, habitats
