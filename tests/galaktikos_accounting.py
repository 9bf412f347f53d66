"""Galaktikos token accounting for property tests: every change of each player's population
and fleets, and of the board's habitats and shipyards, found in the round's events."""

from __future__ import annotations

import re

from galbatch.rules.galaktikos.round_events import Executed, GameEvent
from galbatch.rules.galaktikos.state import RoundState

# What an executed order made, as its event says: "GROW 0606 2: done", "... only 1 of 2: ..."
BUILT = re.compile(
    r"(GROW|BUILD HABITAT|BUILD FLEET|BUILD SHIPYARD) \d{4}(?: (\d+))?: (?:only (\d+)|done)"
)
BATTLE = re.compile(r"[:;] battle at \d{4}: you lost (\d+), the defenders \d+ \((.*)\)$")
STRUCK = re.compile(r"[:;] \d+ population destroyed at \d{4} \((.*)\), (\d+) habitats$")
RAZED = re.compile(
    r"[:;] \d+ infrastructure destroyed at \d{4} \((\d+) shipyards, (\d+) habitats\)$"
)
CONVERTED = re.compile(r": a token of (\w+)'s is yours$")
OVERPOPULATED = re.compile(r"^overpopulation at \d{4}: lost (.*)$")
COST = {"population": 2, "fleet": 4, "habitat": 2, "shipyard": 4}


def holdings(s: RoundState) -> dict[tuple[str, str], int]:
    """Each player's population and fleet tokens, and the board's habitats and shipyards
    (which belong to no player: "" holds them)."""
    held = {(p, kind): 0 for p in s.players for kind in ("population", "fleet")}
    for table, kind in ((s.populations, "population"), (s.fleets, "fleet")):
        for row in table.values():
            for p, n in row.items():
                held[(p, kind)] += n
    held[("", "habitat")] = sum(s.habitats.values())
    held[("", "shipyard")] = sum(s.shipyards.values())
    return held


def accounted(s: RoundState) -> tuple[dict[tuple[str, str], int], dict[str, int]]:
    """The change of every holding the round's events account for, each to an event: grown
    and built (+), destroyed in battles and strikes, lost to overpopulation (-), converted
    (from one player to another); and what each player paid for the tokens he made."""
    change = {key: 0 for key in holdings(s)}
    paid = {p: 0 for p in s.players}
    named = {p.name: pid for pid, p in s.players.items()}

    def losses(words: str, kind: str) -> None:
        for part in words.split(", "):
            name, n = part.rsplit(" ", 1)
            change[(named[name], kind)] -= int(n)

    for e in s.events:
        if isinstance(e, Executed):
            if found := BUILT.search(e.text):
                what, count, only = found.groups()
                n = int(only or count or 1)
                kind = {"GROW": "population", "BUILD FLEET": "fleet"}.get(what)
                kind = kind or ("habitat" if what == "BUILD HABITAT" else "shipyard")
                change[(e.player if kind in ("population", "fleet") else "", kind)] += n
                paid[e.player] += COST[kind] * n
            elif found := BATTLE.search(e.text):
                change[(e.player, "fleet")] -= int(found.group(1))
                losses(found.group(2), "fleet")
            elif found := STRUCK.search(e.text):
                losses(found.group(1), "population")
                change[("", "habitat")] -= int(found.group(2))
            elif found := RAZED.search(e.text):
                change[("", "shipyard")] -= int(found.group(1))
                change[("", "habitat")] -= int(found.group(2))
            elif found := CONVERTED.search(e.text):
                change[(named[found.group(1)], "population")] -= 1
                change[(e.player, "population")] += 1
        elif isinstance(e, GameEvent) and (found := OVERPOPULATED.match(e.text)):
            losses(found.group(1), "population")
    return change, paid
