"""Galac-Tac's Shipyard report, laid out as the rule book's sample page: the design
limitations at the empire's tech level, then its ship designs in one of four orders.

SHIPYARD's sorts: SSD+ (the default, and what an illegal sort prints), SSD-, NAME
and CODE; ties keep the designs' classification order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from galbatch.rules.galactac.tables import MOVEMENT, hangar_maximum, maximum_p_types

SORTS = ("SSD+", "SSD-", "NAME", "CODE")
DEFAULT_SORT = "SSD+"
SORT_TITLES = {
    "SSD+": "SSD, ascending",
    "SSD-": "SSD, descending",
    "NAME": "Design Name, ascending",
    "CODE": "Design Code, ascending",
}
MAX_REPORTS = 5  # "Up to five different reports may be requested"

Design = Mapping[str, Any]
_KEYS: dict[str, Callable[[Design], tuple[Any, ...]]] = {
    "SSD+": lambda d: (int(d["ssd"]), int(d["number"])),
    "SSD-": lambda d: (-int(d["ssd"]), int(d["number"])),
    "NAME": lambda d: (str(d["name"]).upper(), int(d["number"])),
    "CODE": lambda d: (str(d["code"]), int(d["number"])),
}


def sort_word(word: str) -> str:
    """A [Sort] as the report uses it: one of the four, else SSD+ ("If the sort chosen is
    illegal, or not provided, the report will print by SSD, ascending")."""
    word = word.strip().upper()
    return word if word in SORTS else DEFAULT_SORT


def requested_sorts(details: Sequence[str]) -> list[str]:
    """The reports the turn's SHIPYARD actions ask for, each action's [Sort] words in turn
    (an action without one asks for SSD+), at most five."""
    sorts: list[str] = []
    for detail in details:
        words = detail.split()
        sorts += [sort_word(w) for w in words] if words else [DEFAULT_SORT]
    return sorts[:MAX_REPORTS]


def sorted_designs(designs: Sequence[Design], sort: str) -> list[Design]:
    return sorted(designs, key=_KEYS[sort_word(sort)])


def limitation_lines(tech: int) -> list[str]:
    """The "Ship design limitations at Tech Level N" table: the SSD bands with their most
    star and inertia drives, two bands a line as the sample prints them."""
    bands = MOVEMENT[tech]
    half = f"{'Min':>4} {'Max':>4} {'Star':>5} {'Iner':>5}"
    lines = [
        f"Ship design limitations at Tech Level {tech}",
        "",
        f"{'SSD':^9} {'Engines':^11}    {'SSD':^9} {'Engines':^11}",
        f"{half}    {half}",
    ]
    for i in range(0, len(bands), 2):
        pair = [f"{b.low:>4} {b.high:>4} {b.star:>5} {b.inertia:>5}" for b in bands[i : i + 2]]
        lines.append("    ".join(pair))
    return lines


# The designs table: heading, width (negative: aligned left) and view key of each column.
DESIGN_COLUMNS = (
    ("#", 3, "number"),
    ("Code", -4, "code"),
    ("Classification", -15, "name"),
    ("Ship Rating", -26, "rating"),
    ("SSD", 4, "ssd"),
    ("Cost", 5, "cost"),
    ("Delay", 5, "delay"),
    ("# Built", 7, "built"),
    ("# Active", 8, "active"),
)


def _cell(value: object, width: int) -> str:
    return f"{str(value):<{-width}}" if width < 0 else f"{str(value):>{width}}"


def design_head() -> list[str]:
    """The designs table's headings and the dashes under them."""
    return [
        "  ".join(_cell(h, w) for h, w, _ in DESIGN_COLUMNS).rstrip(),
        "  ".join("-" * abs(w) for _, w, _ in DESIGN_COLUMNS),
    ]


def design_line(d: Design) -> str:
    return "  ".join(_cell(d[key], w) for _, w, key in DESIGN_COLUMNS).rstrip()


def shipyard_lines(view: Mapping[str, Any], sort: str) -> list[str]:
    """One Shipyard report: limitations, the hangar and P-type maxima, the ships in the
    empire, and every design in the `sort` order."""
    tech = int(view["empire"]["tech"])
    sort = sort_word(sort)
    designs = sorted_designs(list(view["designs"]), sort)
    lines = limitation_lines(tech)
    lines += [
        "",
        f"Maximum ship size for hangar bay: {hangar_maximum(tech)}",
        "",
        f"Maximum P-types allowed per ship: {maximum_p_types(tech)}",
        "",
        f"Total number of ships in empire: {len(view['ships'])}",
        "",
        f"Current ship designs of your empire, by {SORT_TITLES[sort]} ({sort})",
        "",
        *design_head(),
    ]
    lines += [design_line(d) for d in designs] or ["No designs."]
    return lines
