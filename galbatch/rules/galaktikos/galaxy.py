"""Galaktikos's galaxy: a spiral hex map of empty, sparse, dense and core hexes.

The book's map "looks and functions as a real-world galaxy": a core at the
centre, dense arms winding out of it, sparse stars around the arms and empty
space between them. The map is sized for the player count by one table, and is
the same for the same seed. Hexes are `hexes.Hex`, "odd columns down".
"""

# speed: no postponed annotations, as typing compiles NamedTuple fields written as text
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from galbatch.rules.galaktikos.hexes import Hex, all_hexes, neighbours, on_map
from galbatch.rules.galaktikos.tables import HexType

if TYPE_CHECKING:  # the caller's stream: a check, which makes no galaxy, imports no random
    import random


class Size(NamedTuple):
    """The map for a player count: columns, rows, spiral arms."""

    cols: int
    rows: int
    arms: int


# One row per player count: about 90 to 130 hexes a player, never under 255; an arm for
# two arms up to four players, three beyond; at most 31 columns, so a 4-character-a-hex text
# grid fits 132 columns.
SIZES: dict[int, Size] = {
    2: Size(17, 15, 2),
    3: Size(19, 17, 2),
    4: Size(21, 19, 2),
    5: Size(23, 21, 3),
    6: Size(25, 23, 3),
    7: Size(27, 25, 3),
    8: Size(29, 25, 3),
    9: Size(31, 27, 3),
    10: Size(31, 29, 3),
}
MIN_PLAYERS = min(SIZES)
MAX_PLAYERS = max(SIZES)

# The spiral's proportions, as fractions of the disc's radius (half the shorter side).
CORE_RADIUS = 0.17  # hexes this near the centre are core
BULGE_RADIUS = 0.32  # the bulge around the core is dense
ARM_WIND = (
    2.6  # radians an arm turns as it goes from the bulge to the rim (about two fifths of a turn)
)
ARM_HALF_WIDTH = 0.11  # an arm's dense half-width, across the arm
HALO_HALF_WIDTH = 0.21  # the sparse stars either side of an arm
JITTER = 0.03  # random roughness of the arms' edges
RIM = 1.02  # past this radius every hex is empty


@dataclass(frozen=True)
class Galaxy(Mapping[Hex, HexType]):
    """The whole galaxy: every hex of a `cols` x `rows` sheet and its type."""

    cols: int
    rows: int
    types: tuple[tuple[HexType, ...], ...] = field(repr=False)  # types[col][row]

    def __getitem__(self, key: Hex) -> HexType:
        if not isinstance(key, Hex) or not on_map(key, self.cols, self.rows):
            raise KeyError(key)
        return self.types[key.col][key.row]

    def __iter__(self) -> Iterator[Hex]:
        return all_hexes(self.cols, self.rows)

    def __len__(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> int:
        """Columns of the sheet."""
        return self.cols

    @property
    def height(self) -> int:
        """Rows of the sheet."""
        return self.rows

    @property
    def centre(self) -> Hex:
        """The middle hex of the sheet (the galaxy's centre)."""
        return Hex((self.cols - 1) // 2, (self.rows - 1) // 2)

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The hexes next to `h` on the sheet."""
        return neighbours(h, self.cols, self.rows)

    def kinds(self) -> dict[Hex, HexType]:
        """The hexes that are not empty and their types, as the game state keeps them."""
        return {h: t for h, t in self.items() if t is not HexType.EMPTY}

    def count(self, kind: HexType) -> int:
        """How many hexes are of type `kind`."""
        return sum(1 for col in self.types for t in col if t is kind)


def centre_point(h: Hex) -> tuple[float, float]:
    """A hex's centre in hex-width units, x right and y down (flat-topped hexes)."""
    return 1.5 * h.col / math.sqrt(3.0), h.row + 0.5 * (h.col & 1)


def _angle_gap(a: float, b: float) -> float:
    """The smaller angle between two directions."""
    d = (a - b) % (2 * math.pi)
    return min(d, 2 * math.pi - d)


def make_galaxy(rng: "random.Random", players: int) -> Galaxy:
    """The galaxy for `players` players: a core, dense spiral arms, sparse halos, space.

    Each arm is a logarithmic spiral from the bulge to the rim; a hex is dense
    when its distance across the nearest arm is within the arm's half-width,
    sparse within the halo. The seed turns the whole spiral and roughens edges.
    """
    if players not in SIZES:
        raise ValueError(f"Galaktikos takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    size = SIZES[players]
    probe = Galaxy(size.cols, size.rows, ())
    cx, cy = centre_point(probe.centre)
    radius = min(cx, cy) + 0.5
    phase = rng.uniform(0.0, 2 * math.pi)
    sense = rng.choice((1.0, -1.0))
    # theta(rho) = phase + k * ln(rho / BULGE_RADIUS): ARM_WIND radians from the bulge to the rim
    k = ARM_WIND / math.log(1.0 / BULGE_RADIUS)
    slant = math.sin(math.atan(1.0 / k))  # an arc across the spiral is this much wider than the arm
    columns: list[tuple[HexType, ...]] = []
    for col in range(size.cols):
        kinds: list[HexType] = []
        for row in range(size.rows):
            x, y = centre_point(Hex(col, row))
            dx, dy = x - cx, y - cy
            rho = math.hypot(dx, dy) / radius
            noise = rng.uniform(-JITTER, JITTER)
            if rho <= CORE_RADIUS:
                kinds.append(HexType.CORE)
                continue
            if rho <= BULGE_RADIUS + noise:
                kinds.append(HexType.DENSE)
                continue
            if rho > RIM + noise:
                kinds.append(HexType.EMPTY)
                continue
            theta = math.atan2(dy, dx)
            spiral = phase + sense * k * math.log(rho / BULGE_RADIUS)
            across = min(
                _angle_gap(theta, spiral + 2 * math.pi * i / size.arms) for i in range(size.arms)
            )
            gap = across * rho * slant + noise  # distance across the arm, in radii
            width_scale = 1.0 - 0.35 * rho  # arms thin towards the rim
            if gap <= ARM_HALF_WIDTH * width_scale:
                kinds.append(HexType.DENSE)
            elif gap <= HALO_HALF_WIDTH * width_scale:
                kinds.append(HexType.SPARSE)
            else:
                kinds.append(HexType.EMPTY)
        columns.append(tuple(kinds))
    return Galaxy(size.cols, size.rows, tuple(columns))


def arm_profile(galaxy: Galaxy, sectors: int = 12) -> list[float]:
    """Dense share of the hexes in each angular sector of the disc outside the bulge.

    A spiral galaxy has sectors crossed by an arm and sectors between arms, so
    the shares vary; a uniform smear would give about the same share everywhere.
    """
    cx, cy = centre_point(galaxy.centre)
    radius = min(cx, cy) + 0.5
    dense = [0] * sectors
    total = [0] * sectors
    for h, kind in galaxy.items():
        x, y = centre_point(h)
        rho = math.hypot(x - cx, y - cy) / radius
        if not BULGE_RADIUS + 0.05 < rho <= 0.9:
            continue
        s = int((math.atan2(y - cy, x - cx) + math.pi) / (2 * math.pi) * sectors) % sectors
        total[s] += 1
        dense[s] += kind is HexType.DENSE
    return [d / t if t else 0.0 for d, t in zip(dense, total, strict=True)]


__all__ = [
    "Galaxy",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SIZES",
    "Size",
    "arm_profile",
    "centre_point",
    "make_galaxy",
]
