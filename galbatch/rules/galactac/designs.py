"""The designs the Masters left behind (SHIP PRODUCTION), every empire's first shipyard.

The table is the book's, its RATING column in the canonical form; `PRINTED` keeps the
book's own print of each rating, which reads to the same design (FX's one ';' with a
warning, see `rating._bays`).
"""

# speed: no postponed annotations, as typing compiles NamedTuple fields written as text
from functools import cache
from typing import NamedTuple

from galbatch.rules.galactac.rating import Rating, parse_rating


class Design(NamedTuple):
    """A row of the Masters' table: #, CLASSIFICATION, CODE, RATING, SSD, PI, DELAY."""

    number: int
    classification: str
    code: str
    rating: str  # canonical
    ssd: int
    pi: int
    delay: int

    @property
    def parts(self) -> Rating:
        """The design the rating writes."""
        return _parts(self.rating)


@cache
def _parts(text: str) -> Rating:
    return parse_rating(text)


# SHIP PRODUCTION: # | CLASSIFICATION | CODE | RATING | SSD | PI | DELAY
MASTERS_DESIGNS: tuple[Design, ...] = (
    Design(1, "FREIGHTER", "FX", "/;;10/20-1", 2, 9, 1),
    Design(2, "FREIGHTER", "FXV", "/;;15/16-1", 3, 12, 1),
    Design(3, "FREIGHTER", "FXX", "/;;20/16-1", 4, 16, 1),
    Design(4, "FREIGHTER", "FXXV", "/;;25/16-1", 5, 20, 1),
    Design(5, "FREIGHTER", "FXXX", "/;;30/14-1", 6, 21, 1),
    Design(6, "SCOUT SHIP", "SC1", "//19-1", 1, 4, 1),
    Design(7, "FIGHTER", "FT1", "4P/1;;/-16", 5, 21, 1),
    Design(8, "FRIGATE", "FF1", "3P/2;;/16-16", 5, 34, 1),
    Design(9, "DESTROYER", "DD1", "6P/4;;/14-14", 10, 59, 1),
    Design(10, "CARRIER, LIGHT", "CV1A", "/;4;/20-1", 2, 11, 1),
    Design(11, "CARRIER, JEEP", "CV1J", "4P/4;4;/14-14", 10, 61, 1),
    Design(12, "STATION", "ST1", "20P/20;;/", 40, 42, 4),
    Design(13, "SKIRMISHER", "SK1", "2P//11-1", 2, 7, 1),
)

# The RATING column as the book prints it, by CODE.
PRINTED: dict[str, str] = {
    "FX": "/ ; 10/20-1",
    "FXV": "/ ; ; 15/16-1",
    "FXX": "/ ; ; 20/16-1",
    "FXXV": "/ ; ; 25/16-1",
    "FXXX": "/ ; ; 30/14-1",
    "SC1": "//19-1",
    "FT1": "4P/1 ; ; /-16",
    "FF1": "3P/2 ; ; /16-16",
    "DD1": "6P/4 ; ; /14-14",
    "CV1A": "/ ; 4 ; /20-1",
    "CV1J": "4P/4 ; 4 ; /14-14",
    "ST1": "20P/20 ; ; /",
    "SK1": "2P//11-1",
}

MASTERS_TECH = 1  # every empire starts at Tech Level 1, and the table's PI are its costs


def by_code(code: str) -> Design:
    """The Masters' design with this CODE (KeyError if none)."""
    for design in MASTERS_DESIGNS:
        if design.code == code.upper():
            return design
    raise KeyError(code)
