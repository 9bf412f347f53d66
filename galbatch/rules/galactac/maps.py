"""Galac-Tac's galaxy maps (MAP WHOLE, QUAD, PV and QUAD QUAD) as grid map models.

The galaxy is 100 x 100 squares, a location written YY-XX: read down, then across,
00-00 at the top left. What an empire knows of each star system is a `KnownStar`
(`known_stars` reads them from the empire's view); the functions here turn those into
`GridMap`s, which the printout renders as text and as vectors in PDF. Nothing here
reads files or draws.

House rules where the rule book is silent:
- A QUAD or PV map shows the 51 x 51 squares within 25 of its location; near the
  galaxy's edge the window moves inward so that it stays on the galaxy (every square
  within 25 of the location is still on it), and its title says AROUND, not CENTERED.
- A centered WHOLE map still shows the entire galaxy: the rows and columns go on past
  99 from 00, so that the location is in the middle (the heavy line in the PDF, and the
  numbers jumping from 99 to 00 in the text, are the galaxy's edge).
- The QUAD and WHOLE maps show H, P and C for the empire's Home, Production and Colony
  Systems and E for a system known to be another empire's; the PV map shows base PV
  for every charted system, the empire's own highlighted. A square framed in the PDF
  (> before its symbol in wide enough text) holds the empire's ships; in text an own
  system is flagged = (# with the empire's ships there), its PV as a letter where
  the flag leaves it one column (a = 10), and the flag alone in a one-column square.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from galbatch.print.maps.grid import STAR, GridCell, GridMap, KeyEntry
from galbatch.rules.galactac.galaxy import SIDE, Location, location_text, parse_location

GALAXY = SIDE  # squares down and across
REACH = 25  # a QUAD or PV map shows the squares this far from its location
QUAD_QUAD = 50  # MAP QUAD QUAD: four pages of 50 x 50 squares


class Status(Enum):
    """What a star system is to the empire that knows it."""

    UNCHARTED = "uncharted"
    CHARTED = "charted"
    COLONY = "colony"
    PRODUCTION = "production"
    HOME = "home"
    ENEMY = "enemy"  # known to be another empire's Colony or Production System


OWN = (Status.COLONY, Status.PRODUCTION, Status.HOME)


@dataclass(frozen=True)
class KnownStar:
    """One star system as the empire knows it: where, its base PV once charted (None
    before), what it is to the empire, and whether the empire's ships are there."""

    location: Location
    status: Status = Status.UNCHARTED
    pv: int | None = None
    ships: bool = False


# Symbols of the QUAD and WHOLE maps, and how a shared text character ranks them.
SYMBOLS = {Status.HOME: "H", Status.PRODUCTION: "P", Status.COLONY: "C", Status.ENEMY: "E"}
RANKS = {
    Status.UNCHARTED: 0,
    Status.CHARTED: 1,
    Status.ENEMY: 3,
    Status.COLONY: 4,
    Status.PRODUCTION: 5,
    Status.HOME: 6,
}
FLEET_RANK = 2  # the empire's ships in deep space
SAMPLE_PV = "7"  # the key's example of a base PV


def home_of(stars: Iterable[KnownStar]) -> Location:
    """The empire's Home System (the first in reading order if it had several)."""
    homes = sorted(s.location for s in stars if s.status is Status.HOME)
    if not homes:
        raise ValueError("no Home System among the known stars")
    return homes[0]


def _label(star: KnownStar, pv_map: bool) -> str:
    """A system's symbol: the star symbol until charted, then its base PV; on the QUAD and
    WHOLE maps a letter for the empire's systems and known enemy ones."""
    if star.status is Status.UNCHARTED:
        return STAR
    if star.status in SYMBOLS and (not pv_map or star.pv is None):
        return SYMBOLS[star.status]
    return STAR if star.pv is None else str(star.pv)


def _cells(
    stars: Iterable[KnownStar], fleets: Iterable[Location], pv_map: bool
) -> tuple[GridCell, ...]:
    """The map's squares: every known star, then the empire's ships in deep space."""
    with_ships = set(fleets)
    cells = []
    at_stars = set()
    for s in sorted(stars, key=lambda s: s.location):
        at_stars.add(s.location)
        cells.append(
            GridCell(
                s.location[0],
                s.location[1],
                _label(s, pv_map),
                rank=RANKS[s.status],
                own=s.status in OWN,
                enemy=s.status is Status.ENEMY,
                ships=s.ships or s.location in with_ships,
            )
        )
    for row, col in sorted(with_ships - at_stars):
        cells.append(GridCell(row, col, "", rank=FLEET_RANK, ships=True))
    return tuple(cells)


def _key(pv_map: bool) -> tuple[KeyEntry, ...]:
    """What the map's symbols mean."""

    def sample(label: str, status: Status, ships: bool = False) -> GridCell:
        own, enemy = status in OWN, status is Status.ENEMY
        return GridCell(0, 0, label, RANKS[status], own, enemy, ships)

    entries = [
        KeyEntry(sample(STAR, Status.UNCHARTED), "UNCHARTED STAR"),
        KeyEntry(sample(SAMPLE_PV, Status.CHARTED), "BASE PV OF A CHARTED SYSTEM"),
    ]
    if pv_map:
        entries += [
            KeyEntry(sample(SAMPLE_PV, Status.COLONY), "YOUR SYSTEM"),
            KeyEntry(sample(SAMPLE_PV, Status.COLONY, ships=True), "YOUR SYSTEM, YOUR SHIPS THERE"),
            KeyEntry(sample(SAMPLE_PV, Status.ENEMY), "ENEMY SYSTEM"),
        ]
    else:
        entries += [
            KeyEntry(sample("H", Status.HOME), "HOME SYSTEM"),
            KeyEntry(sample("P", Status.PRODUCTION), "PRODUCTION SYSTEM"),
            KeyEntry(sample("C", Status.COLONY), "COLONY SYSTEM"),
            KeyEntry(sample("H", Status.HOME, ships=True), "YOUR SYSTEM, YOUR SHIPS THERE"),
        ]
    entries += [
        KeyEntry(sample("E", Status.ENEMY), "ENEMY SYSTEM" + (", PV UNKNOWN" if pv_map else "")),
        KeyEntry(sample(SAMPLE_PV, Status.CHARTED, ships=True), "YOUR SHIPS THERE"),
        KeyEntry(GridCell(0, 0, "", FLEET_RANK, ships=True), "YOUR SHIPS IN DEEP SPACE"),
    ]
    return tuple(entries)


def _span(first: int, count: int) -> str:
    return f"{first % GALAXY:02d}-{(first + count - 1) % GALAXY:02d}"


def whole_map(
    stars: Iterable[KnownStar], center: Location | None = None, fleets: Iterable[Location] = ()
) -> GridMap:
    """MAP WHOLE: the entire galaxy on one page, from 00-00 to 99-99, or with `center` in
    its middle (rows and columns going on past the edge)."""
    known = tuple(stars)
    legend = ["LOCATIONS ARE YY-XX: READ DOWN THE SIDE, THEN ACROSS."]
    homes = sorted(s.location for s in known if s.status is Status.HOME)
    if homes:  # EMPIRE EXPANSION: "Use it to find your Home System on the map."
        legend.append(f"YOUR HOME SYSTEM IS AT {', '.join(location_text(h) for h in homes)}.")
    if center is None:
        title, top, left = "GALAXY OVERVIEW", 0, 0
        legend.insert(0, "THE WHOLE GALAXY, 00-00 TO 99-99.")
    else:
        title = f"GALAXY OVERVIEW CENTERED ON {location_text(center)}"
        top, left = center[0] - GALAXY // 2, center[1] - GALAXY // 2
        legend.insert(0, "THE WHOLE GALAXY; PAST 99 THE ROWS AND COLUMNS GO ON FROM 00 (THE EDGE).")
    return GridMap(
        title,
        top % GALAXY,
        left % GALAXY,
        GALAXY,
        GALAXY,
        _cells(known, fleets, pv_map=False),
        _key(pv_map=False),
        tuple(legend),
        (GALAXY, GALAXY),
        wrap=center is not None and (top % GALAXY, left % GALAXY) != (0, 0),
    )


def _window(center: Location) -> tuple[int, int, bool]:
    """Top row and left column of the squares within REACH of `center`, moved onto the
    galaxy; and whether it stayed centered."""
    size = 2 * REACH + 1
    top = min(max(center[0] - REACH, 0), GALAXY - size)
    left = min(max(center[1] - REACH, 0), GALAXY - size)
    return top, left, (top, left) == (center[0] - REACH, center[1] - REACH)


def _near_map(
    kind: str, stars: Sequence[KnownStar], center: Location | None, fleets: Iterable[Location]
) -> GridMap:
    pv_map = kind == "PV"
    where = home_of(stars) if center is None else center
    top, left, centered = _window(where)
    size = 2 * REACH + 1
    title = f"{'PV' if pv_map else 'QUADRANT'} MAP {'CENTERED ON' if centered else 'AROUND'} "
    legend = (
        f"ROWS {_span(top, size)}, COLUMNS {_span(left, size)}: EVERY SQUARE WITHIN {REACH} "
        f"OF {location_text(where)}.",
    )
    return GridMap(
        title + location_text(where),
        top,
        left,
        size,
        size,
        _cells(stars, fleets, pv_map),
        _key(pv_map),
        legend,
        (GALAXY, GALAXY),
    )


def quad_map(
    stars: Iterable[KnownStar], center: Location | None = None, fleets: Iterable[Location] = ()
) -> GridMap:
    """MAP QUAD: the squares within 25 of `center` (the Home System if None), with symbols
    for the empire's systems and base PV for other charted ones."""
    return _near_map("QUAD", tuple(stars), center, fleets)


def pv_map(
    stars: Iterable[KnownStar], center: Location | None = None, fleets: Iterable[Location] = ()
) -> GridMap:
    """MAP PV: the squares within 25 of `center` (the Home System if None), with base PV for
    every charted system."""
    return _near_map("PV", tuple(stars), center, fleets)


def quad_quad(
    stars: Iterable[KnownStar], fleets: Iterable[Location] = ()
) -> tuple[GridMap, GridMap, GridMap, GridMap]:
    """MAP QUAD QUAD: four quadrant maps of 50 x 50 squares covering the whole galaxy once,
    in reading order (top left, top right, bottom left, bottom right)."""
    cells = _cells(stars, fleets, pv_map=False)
    maps = []
    for n, (top, left) in enumerate(((0, 0), (0, QUAD_QUAD), (QUAD_QUAD, 0), (QUAD_QUAD,) * 2)):
        first = location_text((top, left))
        last = location_text((top + QUAD_QUAD - 1, left + QUAD_QUAD - 1))
        maps.append(
            GridMap(
                f"QUADRANT MAP {n + 1} OF 4: {first} TO {last}",
                top,
                left,
                QUAD_QUAD,
                QUAD_QUAD,
                cells,
                _key(pv_map=False),
                (f"ROWS {_span(top, QUAD_QUAD)}, COLUMNS {_span(left, QUAD_QUAD)}.",),
                (GALAXY, GALAXY),
            )
        )
    return maps[0], maps[1], maps[2], maps[3]


def turn_one_maps(stars: Iterable[KnownStar], home: Location) -> tuple[GridMap, GridMap]:
    """REPORTS: the two maps every empire gets on the first turn, the galaxy and the
    quadrant around its Home System."""
    known = tuple(stars)
    return whole_map(known), quad_map(known, home)


MAP_TYPES = ("WHOLE", "QUAD", "PV")


def requested_maps(
    stars: Iterable[KnownStar], kind: str, where: str = "", fleets: Iterable[Location] = ()
) -> tuple[GridMap, ...]:
    """The maps one [Type] [Location] pair of a MAP action asks for, from its words: a
    blank location (WHOLE uncentered, QUAD or PV on the Home System), YY-XX, or QUAD after
    QUAD (MAP QUAD QUAD, four pages)."""
    kind, where = kind.strip().upper(), where.strip().upper()
    if kind not in MAP_TYPES:
        raise ValueError(f"not a map type (WHOLE, QUAD, PV): {kind!r}")
    known, at_fleets = tuple(stars), tuple(fleets)
    if kind == "QUAD" and where == "QUAD":
        return quad_quad(known, at_fleets)
    center = parse_location(where) if where else None
    if kind == "WHOLE":
        return (whole_map(known, center, at_fleets),)
    return ((quad_map if kind == "QUAD" else pv_map)(known, center, at_fleets),)


_OWN_STATUS = {"home": Status.HOME, "production": Status.PRODUCTION, "colony": Status.COLONY}


def known_stars(view: Mapping[str, Any]) -> tuple[KnownStar, ...]:
    """Every star of the empire's view as the maps show it: its own systems (status and
    base PV), other empires' systems it saw, the base PV of those it charted, and
    where its ships in service are."""
    charted = {parse_location(k): int(v) for k, v in view.get("charted", {}).items()}
    ships = {parse_location(s["location"]) for s in view.get("ships", ()) if s.get("in_service")}
    stars = {}
    for text in view.get("stars", ()):
        at = parse_location(text)
        pv = charted.get(at)
        stars[at] = KnownStar(at, Status.UNCHARTED if pv is None else Status.CHARTED, pv)
    for seen in view.get("seen", ()):
        at = parse_location(seen["location"])
        if seen.get("owner") and seen.get("status"):
            stars[at] = KnownStar(at, Status.ENEMY, charted.get(at))
    for system in view.get("systems", ()):
        at = parse_location(system["location"])
        status = _OWN_STATUS.get(str(system["status"]), Status.COLONY)
        stars[at] = KnownStar(at, status, int(system["base_pv"]))
    return tuple(KnownStar(at, s.status, s.pv, at in ships) for at, s in sorted(stars.items()))


def ship_places(view: Mapping[str, Any]) -> tuple[Location, ...]:
    """Where the empire's ships in service are, in reading order (deep space included)."""
    places = {parse_location(s["location"]) for s in view.get("ships", ()) if s.get("in_service")}
    return tuple(sorted(places))
