"""What an attack targets (8.2), worked out one way for the checker and the round.

"Legitimate targets are: Any number of infrastructure tokens in the same hex as the
attackers, Any number of population token in the same hex as the attackers, or Any
number of unfriendly fleet tokens, provided that all of the targeted fleet tokens
reside in a single hex." An attack may name how many tokens, whose (OF a player) and
which infrastructure (SHIPYARDS, HABITATS); what it does not name it takes whole.
"""

from __future__ import annotations

from galbatch.rules.galaktikos import house
from galbatch.rules.galaktikos.events import ExtrasPolicy, default_extras, spread
from galbatch.rules.galaktikos.names import Infrastructure
from galbatch.rules.galaktikos.orders import Attack, hex_of
from galbatch.rules.galaktikos.state import GameState, Illegal

KINDS: tuple[Infrastructure, ...] = ("SHIPYARDS", "HABITATS")


def aimed(
    state: GameState,
    player: str,
    attack: Attack,
    extras: ExtrasPolicy = default_extras,
    first: Infrastructure = house.FIRST_INFRASTRUCTURE,
) -> dict[str, int]:
    """The tokens the attack targets: for fleets and population, each other player's by
    id, in seat order; for infrastructure, SHIPYARDS and HABITATS. A count smaller than
    what there is is spread over the players by `extras`, or taken of the kind `first`
    first; a larger one is what there is. Illegal when there is nothing to attack."""
    if attack.target == "INFRASTRUCTURE":
        return _infrastructure(state, attack, first)
    hex_ = hex_of(attack.hex)
    table = state.fleets if attack.target == "FLEETS" else state.populations
    noun = "fleet" if attack.target == "FLEETS" else "population"
    there = {p: n for p, n in state.seated(table.get(hex_, {})).items() if p != player and n > 0}
    if attack.player:
        who = state.named(attack.player)
        if who is None:
            raise Illegal(f"no player is named {attack.player}")
        if who not in there:
            raise Illegal(f"{state.name_of(who)} has no {noun} at {hex_.name} to attack")
        there = {who: there[who]}
    if not there:
        raise Illegal(f"there is no other player's {noun} at {hex_.name} to attack")
    if attack.count is None or attack.count >= sum(there.values()):
        return there
    lost = spread(attack.count, there, extras)
    return {p: lost[p] for p in there if p in lost}


def _infrastructure(state: GameState, attack: Attack, first: Infrastructure) -> dict[str, int]:
    """Infrastructure targeted: of the kind named, or of both, `first` first. Whoever's
    territory the hex is: the book gives no infrastructure an owner (1.5 calls hexes,
    fleets and populations friendly), and 8.2 allows "any number" in the hex."""
    hex_ = hex_of(attack.hex)
    there = {"SHIPYARDS": state.shipyards.get(hex_, 0), "HABITATS": state.habitats.get(hex_, 0)}
    kinds = [attack.kind] if attack.kind in KINDS else sorted(KINDS, key=lambda k: k != first)
    if not sum(there[k] for k in kinds):
        what = f"are no {attack.kind.lower()}" if attack.kind else "is no infrastructure"
        raise Illegal(f"there {what} at {hex_.name} to attack")
    left = sum(there.values()) if attack.count is None else attack.count
    found = {"SHIPYARDS": 0, "HABITATS": 0}
    for kind in kinds:
        found[kind] = min(left, there[kind])
        left -= found[kind]
    return found


def everything(state: GameState, player: str, attack: Attack) -> int:
    """How many tokens the same attack would target naming no count, player or kind."""
    whole = Attack(attack.target, attack.hex, attack.attackers)
    try:
        return sum(aimed(state, player, whole).values())
    except Illegal:
        return 0
