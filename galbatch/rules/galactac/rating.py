"""Galac-Tac's ship rating: what a design is made of, and the CONSTRUCTION OF SHIPS
formulas for its size (SSD), its turns of delay and its cost in PI.

The notation `[1]D + [2]P + [3]T[4][(5)] / [6] ; [7] ; [8] / [9] - [10] [@11]` is
read by `grammars/galactac_rating.lark`; this module holds the parts and
the arithmetic, exact in tenths so that 0.2 x 5 racks is 1 and never 0.99.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rating:
    """A ship design as its rating writes it: the count of each kind of part.

    `missiles` (field 5) and `tech` (field 11) are for display only: None when the
    racks are full and when the ship is at its empire's tech level.
    """

    drones: int = 0  # [1] attached drone units
    p_types: int = 0  # [2] P-type weapons
    t_launchers: int = 0  # [3] T-type launchers
    racks: int = 0  # [4] T-type missile racks
    missiles: int | None = None  # [5] missiles on board, only when not full
    shields: int = 0  # [6]
    hangars: int = 0  # [7] attached hangar bays
    cargo: int = 0  # [8] cargo bays
    star: int = 0  # [9] star drives
    inertia: int = 0  # [10] inertia drives
    tech: int | None = None  # [11] the ship's tech level, only when below the empire's

    @property
    def platform(self) -> bool:
        """MOVEMENT: "Any ship designed without drives is considered a platform"."""
        return self.star == 0 and self.inertia == 0


# SSD = 2 x drones + P-types + T-launchers + 0.2 x racks + shields + 0.5 x hangars
#       + 0.2 x cargo, rounded up; the weights in tenths.
SSD_TENTHS = {
    "drones": 20,
    "p_types": 10,
    "t_launchers": 10,
    "racks": 2,
    "shields": 10,
    "hangars": 5,
    "cargo": 2,
}
# House rule: the scout SC1 `//19-1` has no parts, so the formula gives 0, while the
# Masters' table says SSD 1 and 4 PI; a ship is never smaller than 1.
MINIMUM_SSD = 1


def _ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


def ssd(rating: Rating) -> int:
    """Standard Size Designation: the formula, rounded up, at least `MINIMUM_SSD`."""
    tenths = sum(weight * getattr(rating, part) for part, weight in SSD_TENTHS.items())
    return max(MINIMUM_SSD, _ceil_div(tenths, 10))


def delay(rating: Rating) -> int:
    """Turns Delay = SSD divided by 10, rounded up."""
    return _ceil_div(ssd(rating), 10)


@dataclass(frozen=True)
class Cost:
    """The terms of Ship Cost = dr + pw + tl + tr + sh + ha + ca + mf, each as the book
    rounds it."""

    dr: int  # drones: 3 x drones
    pw: int  # P-types: tech level + P-types (none without P-types)
    tl: int  # T-launchers: 3 x launchers
    tr: int  # racks, loaded: 1.2 x racks, rounded up
    sh: int  # shields: tech level + shields (none without shields)
    ha: int  # hangars: 1 x hangars
    ca: int  # cargo bays: 0.2 x bays, rounded up
    mf: int  # drives: (star + inertia) x SSD / 6, rounded up

    @property
    def total(self) -> int:
        return self.dr + self.pw + self.tl + self.tr + self.sh + self.ha + self.ca + self.mf


def cost(rating: Rating, tech: int) -> Cost:
    """What a ship of this design costs to build at `tech` (the ship's tech level).

    The book's "Tech Level plus the number of P-Type Weapons" is read as nothing for a
    ship without P-types (and the same for shields): every Masters' design costs what
    the table says only so.
    """
    size = ssd(rating)
    return Cost(
        dr=3 * rating.drones,
        pw=tech + rating.p_types if rating.p_types else 0,
        tl=3 * rating.t_launchers,
        tr=_ceil_div(12 * rating.racks, 10),
        sh=tech + rating.shields if rating.shields else 0,
        ha=rating.hangars,
        ca=_ceil_div(2 * rating.cargo, 10),
        mf=_ceil_div((rating.star + rating.inertia) * size, 6),
    )
