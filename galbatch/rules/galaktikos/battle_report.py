"""The course of a fleet battle (8.3.1) and the dice of a strike (8.3.2, 8.3.3), in words.

The board is open, so every printout tells every battle as it was fought: the
sides and the advantage, each casualty roll with its rerolls (and who called
for them), each Reversal with the coin toss (who called what, what came up,
who holds the advantage after), and the losses of each side.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from galbatch.rules.galaktikos.die import attack_sum
from galbatch.rules.galaktikos.hexes import Hex
from galbatch.rules.galaktikos.warfare import Battle, Side, Strike, Throw, Toss

INDENT = "    "


def says(name: str, singular: str, plural: str) -> str:
    """`name` and its verb in agreement: a side of several players ("BLUE and GREEN")
    takes the plural."""
    return f"{name} {plural if ' and ' in name else singular}"


def fraction(value: Fraction) -> str:
    """A fraction as the book writes proportions: 2, 3/4, 1 1/4."""
    whole, part = divmod(value.numerator, value.denominator)
    if not part:
        return str(whole)
    rest = f"{part}/{value.denominator}"
    return f"{whole} {rest}" if whole else rest


def fleets(n: int) -> str:
    """A number of fleet tokens in words."""
    return f"{n} fleet" if n == 1 else f"{n} fleets"


def battle_lines(battle: Battle, where: Hex, names: Mapping[Side, str]) -> tuple[str, ...]:
    """The battle's course, a line for the sides and each side's casualties, indented to
    stand under the order that fought it. `names` says who each side is."""
    tokens: dict[Side, int] = {"attacker": battle.attackers, "defender": battle.defenders}
    superior = battle.superior
    allowed = {0: "no reroll", 1: "up to 1 reroll"}.get(
        battle.advantage, f"up to {battle.advantage} rerolls"
    )
    lines = [
        f"{INDENT}battle at {where.name}: {names['attacker']} {fleets(battle.attackers)}"
        f" against {names['defender']} {fleets(battle.defenders)};"
        f" {names[superior]} superior, advantage {battle.advantage} ({allowed})"
    ]
    holder = superior
    words: list[str] = []
    side: Side | None = None
    for step in battle.steps:
        if isinstance(step, Throw):
            if step.casualties_of != side:
                if side is not None:
                    lines.append(_losses(side, words, battle, names))
                side, words = step.casualties_of, []
            if step.reason == "reroll":
                words.append(f"{says(names[holder], 'rerolls', 'reroll')}: {step.face.value}")
            else:
                words.append(step.face.value)
        elif isinstance(step, Toss):
            keeps = names[step.caller] if step.won else names[holder]
            if step.won:
                holder = step.caller
            kept = says(keeps, "takes", "take") if step.won else says(keeps, "keeps", "keep")
            words.append(
                f"{says(names[step.caller], 'calls', 'call')} {step.call}, {step.landed}:"
                f" {kept} the advantage"
            )
    if side is not None:
        lines.append(_losses(side, words, battle, names))
    lines.append(
        f"{INDENT}rerolls used {battle.rerolls}; {names['attacker']} lost"
        f" {battle.attacker_losses} of {tokens['attacker']},"
        f" {names['defender']} {battle.defender_losses} of {tokens['defender']}"
    )
    return tuple(lines)


def _losses(side: Side, words: list[str], battle: Battle, names: Mapping[Side, str]) -> str:
    lost = battle.attacker_losses if side == "attacker" else battle.defender_losses
    return f"{INDENT}  losses of {names[side]}: {'; '.join(words)} - {lost} lost"


def strike_line(hit: Strike, tokens: int, targets: int) -> str:
    """The three dice of a strike, their sum (None and Reversal 0, All 1) times the
    striking fleet tokens, and the tokens destroyed of those targeted."""
    total = attack_sum(hit.faces)
    faces = ", ".join(f.value for f in hit.faces)
    return (
        f"{INDENT}dice {faces}: {fraction(total)} x {fleets(tokens)}"
        f" = {fraction(total * tokens)}: {hit.destroyed} of {targets} destroyed"
    )
