"""An ATTACK order carried out in the round (8): its fleets cut to those left and paid
for, its target aimed (`targets.aimed`, as the checker aims it), the attack made, told.

The player's standing orders reach it as `Tactics`, made by the round.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from galbatch.rules.galaktikos.battle_report import battle_lines, strike_line
from galbatch.rules.galaktikos.events import (
    ExtrasPolicy,
    Overpopulation,
    default_extras,
    extras_first,
)
from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.names import Infrastructure
from galbatch.rules.galaktikos.orders import Attack, hex_of
from galbatch.rules.galaktikos.paying import Cut, strikers
from galbatch.rules.galaktikos.state import GameState
from galbatch.rules.galaktikos.supply import Obstructs
from galbatch.rules.galaktikos.tables import COSTS, Action
from galbatch.rules.galaktikos.targets import aimed, everything
from galbatch.rules.galaktikos.warfare import (
    RerollPolicy,
    Side,
    attack_fleets,
    attack_infrastructure,
    attack_population,
)


@dataclass(frozen=True)
class Tactics:
    """What the standing orders decide for an attack: supply, rerolls (by the defenders
    fought), who takes the extras (a player id, "" by default), what infrastructure first."""

    obstructs: Obstructs
    reroll_for: Callable[[Mapping[str, int]], RerollPolicy]
    first_player: str
    first_kind: Infrastructure


@dataclass
class Struck:
    """An attack carried out: what the order's line says, how it was fought, whose tokens
    it destroyed (player id: tokens) and the overpopulation it caused."""

    done: str
    course: list[str]
    lost: dict[str, int] = field(default_factory=dict)
    overpopulated: list[Overpopulation] = field(default_factory=list)


def attack(
    state: GameState,
    player: str,
    action: Attack,
    rng: random.Random,
    harm: dict[tuple[Hex, str], str],
    tactics: Tactics,
) -> Struck:
    """Carry out one attack; Illegal (a ValueError) when it cannot be. Records in `harm`
    whose tokens it destroyed."""
    target = hex_of(action.hex)
    wanted = [
        (hex_of(a.hex) if action.target == "FLEETS" else target, a.count) for a in action.attackers
    ]
    own, reasons = strikers(state, harm, player, wanted, COSTS[Action.ATTACK])
    extras = extras_first(tactics.first_player) if tactics.first_player else default_extras
    foes = aimed(state, player, action, extras, tactics.first_kind)
    narrowed = _narrowed(state, player, action, foes)
    if action.target == "FLEETS":
        struck = _fleets(state, player, own, target, foes, rng, tactics)
    elif action.target == "POPULATION":
        struck = _population(state, player, sum(own.values()), target, foes, rng, extras, tactics)
    else:
        struck = _infrastructure(state, player, sum(own.values()), target, foes, rng, tactics)
    for victim, n in struck.lost.items():
        if n:
            harm[(target, victim)] = player
    struck.done += narrowed
    asked = sum(a.count for a in action.attackers)
    cut = Cut(sum(own.values()), reasons)
    if cut.count < asked:
        struck.done = f"{cut.told(asked)}; {struck.done}"
    return struck


def _narrowed(state: GameState, player: str, action: Attack, foes: Mapping[str, int]) -> str:
    """'; 2 of 5 targeted' when the order aims at fewer tokens than the whole target."""
    whole, aimed_at = everything(state, player, action), sum(foes.values())
    return f"; {aimed_at} of {whole} targeted" if aimed_at < whole else ""


def _fleets(
    state: GameState,
    player: str,
    own: Mapping[Hex, int],
    target: Hex,
    foes: Mapping[str, int],
    rng: random.Random,
    tactics: Tactics,
) -> Struck:
    """A fleet battle against the targeted fleets (8.3.1)."""
    before = {p: state.fleet(target, p) for p in foes}
    policy = tactics.reroll_for(foes)
    battle = attack_fleets(
        state, player, own, target, rng, foes, policy, obstructs=tactics.obstructs
    )
    lost = {p: before[p] - state.fleet(target, p) for p in foes}
    names: dict[Side, str] = {
        "attacker": state.name_of(player),
        "defender": " and ".join(state.name_of(p) for p in foes),
    }
    each = ", ".join(f"{state.name_of(p)} {n}" for p, n in lost.items())
    done = (
        f"battle at {target.name}: you lost {battle.attacker_losses},"
        f" the defenders {battle.defender_losses} ({each})"
    )
    return Struck(done, list(battle_lines(battle, target, names)), lost)


def _population(
    state: GameState,
    player: str,
    tokens: int,
    target: Hex,
    foes: Mapping[str, int],
    rng: random.Random,
    extras: ExtrasPolicy,
    tactics: Tactics,
) -> Struck:
    """A strike on the targeted population, the losses spread over its players (8.3.3)."""
    hit, lost, habitats = attack_population(
        state, player, target, tokens, rng, foes, extras, obstructs=tactics.obstructs
    )
    each = ", ".join(f"{state.name_of(p)} {lost.get(p, 0)}" for p in foes)
    done = f"{hit.destroyed} population destroyed at {target.name} ({each}), {habitats} habitats"
    return Struck(done, [strike_line(hit, tokens, sum(foes.values()))], dict(lost))


def _infrastructure(
    state: GameState,
    player: str,
    tokens: int,
    target: Hex,
    foes: Mapping[str, int],
    rng: random.Random,
    tactics: Tactics,
) -> Struck:
    """A strike on the targeted infrastructure, the kind `first_kind` destroyed before the
    other (8.3.2: "The attacker chooses which infrastructure tokens will be destroyed")."""
    yards, habitats = state.shipyards.get(target, 0), state.habitats.get(target, 0)
    hit, found = attack_infrastructure(
        state,
        player,
        target,
        tokens,
        rng,
        habitats=foes["HABITATS"],
        shipyards=foes["SHIPYARDS"],
        first=tactics.first_kind,
        obstructs=tactics.obstructs,
    )
    lost_yards = yards - state.shipyards.get(target, 0)
    lost_habitats = habitats - state.habitats.get(target, 0)
    done = (
        f"{hit.destroyed} infrastructure destroyed at {target.name}"
        f" ({lost_yards} shipyards, {lost_habitats} habitats)"
    )
    return Struck(done, [strike_line(hit, tokens, sum(foes.values()))], {}, found)
