"""Galac-Tac's war in the reports: the lines of the scouting reports, cease fires,
called-off attacks, missing fleets and the end of the game, and the Combat report's
before and after status of every ship of a battle. Built from one empire's view."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from galbatch.engine.text.wording import plural

View = Mapping[str, Any]


def scout_report_line(e: Mapping[str, Any]) -> str:
    """A scouting report: a scout's (or an own system's) view of the enemy ships."""
    where = str(e["location"])
    held = f" ({e['owner']} System)" if e["owner"] else ""
    if e["rough"]:
        return (
            f"SCOUT ship {e['ship']} escaped from {where}{held}: about {e['ssd']} SSD "
            "of enemy ships there (a rough report)"
        )
    seen = (
        f"{plural(int(e['ships']), 'enemy ship')}, {e['ssd']} SSD in all, "
        f"the largest {e['largest']} SSD"
    )
    if not e["ship"]:
        return f"{where}{held}: enemy ships detected: {seen}"
    if not e["ships"]:
        return f"SCOUT ship {e['ship']} at {where}{held}: no enemy ships"
    return f"SCOUT ship {e['ship']} at {where}{held}: {seen}"


def scout_caught_line(e: Mapping[str, Any]) -> str:
    fate = "it escaped (no longer in SCOUT mode)" if e["escaped"] else "drawn into combat"
    return f"SCOUT ship {e['ship']} detected at {e['location']} by {e['by']}: {fate}"


def scout_spotted_line(e: Mapping[str, Any]) -> str:
    fate = "it escaped" if e["escaped"] else "engaged"
    seen = f"{e['code']}, {e['ssd']} SSD" if e["code"] else f"{e['ssd']} SSD"
    return f"{e['location']}: a scout of {e['of']} detected ({seen}): {fate}"


def cease_fire_line(e: Mapping[str, Any]) -> str:
    met = ", ".join(str(m) for m in e["met"])
    return (
        f"{e['location']}: cease fire with {met}: last actions cancelled to NONE "
        "(COLONIZE, DEVELOP and SHUTTLE already under way go on)"
    )


def attack_aborted_line(e: Mapping[str, Any]) -> str:
    if e["by"]:
        return f"{e['location']}: an attack by {e['by']} was called off"
    return (
        f"ATTACK ship {e['ship']} at {e['location']}: called off, the enemy estimated at "
        f"{e['estimate']} SSD (Max SSD {e['max_ssd']}); the fleet stays there with NONE orders"
    )


def game_over_line(e: Mapping[str, Any]) -> str:
    """The end of the game and its winner."""
    why = (
        "The Masters have returned"
        if e["reason"] == "masters"
        else "Only one empire is left in the galaxy"
    )
    winner = f"the winner is the {e['winner']} Empire" if e["winner"] else "there is no winner"
    return f"{why}: the game is over, {winner}."


WAR_LINES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "ScoutReport": scout_report_line,
    "ScoutCaught": scout_caught_line,
    "ScoutSpotted": scout_spotted_line,
    "CeaseFire": cease_fire_line,
    "AttackAborted": attack_aborted_line,
    "CombatReport": lambda e: f"Combat at {e['location']}: see the Combat report",
    "FleetMissing": lambda e: (
        f"Combat at {e['location']}: {plural(len(e['ships']), 'ship')} missing "
        f"({', '.join(str(n) for n in e['ships'])})"
    ),
    "GameOver": game_over_line,
}


def combat_report_lines(view: View, width: int) -> list[str]:
    """The Combat report: every battle the empire has survivors of, each ship involved
    (own and enemy) before and after."""
    lines: list[str] = []
    for e in view["events"]:
        if e["event"] != "CombatReport":
            continue
        if lines:
            lines.append("")
        lines.append(f"Combat at {e['location']}")
        lines.append(f"  {'EMPIRE':<30} {'SHIP':>5} {'CODE':<4} {'NAME':<15} BEFORE / AFTER")
        for empire, number, code, name, before, after in e["ships"]:
            lines.append(f"  {empire:<30} {number:>5} {code:<4} {name:<15} {before}")
            lines.append(f"  {'':<30} {'':>5} {'':<4} {'':<15} {after or 'DESTROYED'}")
    return [line[:width].rstrip() for line in lines]
