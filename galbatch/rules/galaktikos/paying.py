"""A quantity the round carries out: cut to the tokens left and to what the player can pay.

An order giving a quantity is reduced, not dropped, as the man page promises (6
"Obviously, an action may only be performed if preconditions are met"): GROW and
BUILD are carried out a token at a time until one cannot be; MOVE, MIGRATE and
ATTACK are cut here to the tokens still there (an earlier player's attack may have
destroyed some) and to what the resources pay for, and the player is told why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.state import GameState, Illegal

# Who destroyed whose tokens where earlier this round: (hex, victim) -> the attacker.
Harm = Mapping[tuple[Hex, str], str]


def why(
    state: GameState, harm: Harm, hex_: Hex, player: str, reason: str, noun: str = "fleet"
) -> str:
    """The reason, told as what an earlier player did when one destroyed the tokens."""
    by = harm.get((hex_, player))
    if by is not None:
        return f"your {noun} at {hex_.name} was destroyed by {state.name_of(by)} earlier this round"
    return reason


@dataclass(frozen=True)
class Cut:
    """How many tokens an order carries out, and why fewer than it asked."""

    count: int
    reasons: tuple[str, ...] = ()

    def told(self, asked: int) -> str:
        """'done', or 'only 2 of 3: ' and the reasons."""
        if self.count >= asked:
            return "done"
        return f"only {self.count} of {asked}: {'; '.join(self.reasons)}"


def on_hand(
    state: GameState, harm: Harm, player: str, hex_: Hex, wanted: int, noun: str = "fleet"
) -> Cut:
    """At most the player's tokens in the hex; Illegal, with the reason, when none is
    left (an earlier player's attack named when it destroyed them)."""
    table = state.fleets if noun == "fleet" else state.populations
    there = table.get(hex_, {}).get(player, 0)
    if there >= wanted:
        return Cut(wanted)
    if there < 1:
        name = state.name_of(player)
        plain = f"{name} has not {wanted} {noun} tokens in {hex_}"
        raise Illegal(why(state, harm, hex_, player, plain, noun))
    by = harm.get((hex_, player))
    reason = (
        f"the rest of your {noun} at {hex_.name} was destroyed by {state.name_of(by)}"
        " earlier this round"
        if by is not None
        else f"you have {there} at {hex_.name}"
    )
    return Cut(there, (reason,))


def payable(state: GameState, player: str, cut: Cut, unit: int) -> Cut:
    """At most the tokens the resources pay for at `unit` each. Never below one: an order
    that cannot pay for one token is refused where it is paid, saying what it costs."""
    have = state.players[player].resources
    if not unit or have >= unit * cut.count:
        return cut
    n = max(1, have // unit)
    if n >= cut.count:
        return cut
    need = f"{state.name_of(player)} has {have} resources and needs {unit * cut.count}"
    return Cut(n, (*cut.reasons, f"{need} for {cut.count}"))


def strikers(
    state: GameState, harm: Harm, player: str, parts: Sequence[tuple[Hex, int]], unit: int
) -> tuple[dict[Hex, int], tuple[str, ...]]:
    """An attack's fleet tokens hex by hex, cut to those left and then, in the order the
    hexes are written, to what the resources pay for; and why, when cut."""
    kept: dict[Hex, int] = {}
    reasons: list[str] = []
    for hex_, wanted in parts:
        cut = on_hand(state, harm, player, hex_, wanted)
        kept[hex_] = cut.count
        reasons.extend(cut.reasons)
    total = sum(kept.values())
    have = state.players[player].resources
    budget = have // unit if unit else total
    if total <= budget or budget < 1:
        return kept, tuple(reasons)
    for hex_ in list(kept):
        kept[hex_] = min(kept[hex_], budget)
        budget -= kept[hex_]
    reasons.append(f"{state.name_of(player)} has {have} resources and needs {unit * total}")
    return {h: n for h, n in kept.items() if n}, tuple(reasons)
