"""The designer's calculator behind `galbatch rating RATING [--tech N]`: a rating's
canonical form, size, delay, cost term by term, and why it is illegal at a tech level.

Exit status as the command's: 0 a legal design, 8 an illegal one, 12 a rating that
does not parse.
"""

from __future__ import annotations

import textwrap
from dataclasses import asdict
from typing import Any

from galbatch.rules.galactac import tables
from galbatch.rules.galactac.rating import (
    RatingError,
    category,
    cost,
    delay,
    format_rating,
    problems,
    read_rating,
    ssd,
)

LEGAL = 0
ILLEGAL = 8
UNREADABLE = 12
WIDTH = 78
LABEL = 12  # the width of the labels' column

# The cost terms in the book's order, with what each pays for.
TERMS = (
    ("dr", "drones"),
    ("pw", "P-type weapons"),
    ("tl", "T-type launchers"),
    ("tr", "missile racks"),
    ("sh", "shields"),
    ("ha", "hangar bays"),
    ("ca", "cargo bays"),
    ("mf", "drives"),
)


def report(text: str, tech: int = 1) -> tuple[int, str, dict[str, Any]]:
    """Exit code, text output and JSON-able dict for the rating `text` at `tech`.

    Raises ValueError for a tech level that is not 1 to 6 (the command's option should
    be click.IntRange(1, 6)).
    """
    if tech not in tables.TECH_LEVELS:
        raise ValueError(f"tech level {tech} is not one of 1 to {tables.TECH_LEVELS[-1]}")
    try:
        rating, warnings = read_rating(text)
    except RatingError as e:
        data: dict[str, Any] = {
            "rating": None,
            "tech": tech,
            "ssd": None,
            "category": None,
            "delay": None,
            "cost": None,
            "terms": None,
            "legal": False,
            "problems": [e.message],
            "warnings": [],
        }
        shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:37] + "..."
        lines = [f"Cannot read the rating {shown!r} (at column {e.column}):"]
        lines += _wrapped(e.message, "  ")
        return UNREADABLE, "\n".join(lines) + "\n", data
    size = ssd(rating)
    price = cost(rating, tech)
    found = problems(rating, tech)
    data = {
        "rating": format_rating(rating),
        "tech": tech,
        "ssd": size,
        "category": category(size, tech),
        "delay": delay(rating),
        "cost": price.total,
        "terms": asdict(price),
        "legal": not found,
        "problems": found,
        "warnings": warnings,
    }
    return (ILLEGAL if found else LEGAL), _text(data), data


def _text(data: dict[str, Any]) -> str:
    """The report laid out in fixed-width columns."""
    lines = [_row("Rating", data["rating"])]
    for warning in data["warnings"]:
        lines += _wrapped(warning, " " * LABEL, _label("Read"))
    lines += [
        _row("Tech level", str(data["tech"])),
        _row("SSD", f"{data['ssd']} ({data['category']})"),
        _row("Delay", f"{data['delay']} fortnight{'' if data['delay'] == 1 else 's'}"),
        _row("Cost", f"{data['cost']} PI"),
    ]
    figures = [str(data["terms"][term]) for term, _ in TERMS]
    digits = max(len(figure) for figure in figures)
    for (term, what), figure in zip(TERMS, figures, strict=True):
        lines.append(f"  {term}  {what:<18}{figure:>{digits}}")
    if data["legal"]:
        lines.append(f"Legal at tech level {data['tech']}")
    else:
        lines.append(f"Illegal at tech level {data['tech']}:")
        for problem in data["problems"]:
            lines += _wrapped(problem, "    ", "  - ")
    return "\n".join(lines) + "\n"


def _label(label: str) -> str:
    return f"{label:<{LABEL}}"


def _row(label: str, value: str) -> str:
    return f"{_label(label)}{value}"


def _wrapped(text: str, indent: str, first: str | None = None) -> list[str]:
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent if first is None else first,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
