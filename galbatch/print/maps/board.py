"""A public board map: every hex's type and every player's tokens, and its text rendering.

Where `HexMap` labels a few hexes with one number, a board shows the whole
board of a game played in the open: each hex's type, whose territory it is,
populations, habitats, shipyards and fleets, and fleets out of supply, with a
colour per player in PDF (`galbatch.print.maps.board_pdf`). Coordinates are "odd
columns down", counted from 0, as `HexMap`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from galbatch.print.maps.hexes import hex_name

# Hex types by density, lightest first; the text glyph of each.
KIND_GLYPHS = {"empty": ".", "sparse": ":", "dense": "#", "core": "@"}
# What the board's tokens and marks are, in the words of both keys: the text key below
# the grid and the PDF map's key (`board_pdf`), which tells each in this order.
SIGNS = {
    "territory": "territory",
    "population": "population",
    "occupied": "occupied population",
    "shipyard": "shipyard",
    "habitats": "habitats",
    "fleet": "fleet",
    "unsupplied": "supply failure",
    "goal": "goal",
}
CELL = 4  # characters per hex column: three of content and a space
LEFT = 3  # row numbers and a space
NOTES_PER_LINE_MIN = 1


@dataclass(frozen=True)
class BoardHex:
    """One hex: its type, territory and tokens; owners are player marks ("A")."""

    col: int
    row: int
    kind: str  # a key of KIND_GLYPHS
    territory: str = ""  # the territory's owner, "" when neutral
    populations: tuple[tuple[str, int], ...] = ()  # (owner, tokens)
    occupied: tuple[tuple[str, str], ...] = ()  # (owner of the population, occupier)
    habitats: int = 0
    shipyards: int = 0
    fleets: tuple[tuple[str, int], ...] = ()  # (owner, tokens)
    unsupplied: tuple[str, ...] = ()  # owners whose fleets here have a supply failure

    @property
    def name(self) -> str:
        """The four-digit name, column then row from 1 ("0712")."""
        return hex_name(self.col, self.row)

    def crowded(self) -> bool:
        """Whether the grid cell cannot say all: listed in full below the grid."""
        return bool(
            self.habitats
            or self.shipyards > 1
            or len(self.populations) > 1
            or len(self.fleets) > 1
            or self.occupied
            or any(n > 9 for _, n in self.populations + self.fleets)
            or (self.populations and self.populations[0][0] != self.territory)
        )

    def note(self) -> str:
        """The hex in full: "0712 A pop A3 B1 hab 2 yard 1 fleet A2! B1"."""
        parts = [self.name, self.territory or "-"]
        if self.populations:
            parts.append("pop " + " ".join(f"{o}{n}" for o, n in self.populations))
        if self.occupied:
            parts.append("occ " + " ".join(f"{o}/{by}" for o, by in self.occupied))
        if self.habitats:
            parts.append(f"hab {self.habitats}")
        if self.shipyards:
            parts.append(f"yard {self.shipyards}")
        if self.fleets:
            marks = ("!" if o in self.unsupplied else "" for o, _ in self.fleets)
            parts.append(
                "fleet "
                + " ".join(f"{o}{n}{m}" for (o, n), m in zip(self.fleets, marks, strict=True))
            )
        return " ".join(parts)


@dataclass(frozen=True)
class BoardMap:
    """The whole board of `cols` x `rows` hexes; hexes not listed are empty and neutral."""

    title: str
    cols: int
    rows: int
    hexes: tuple[BoardHex, ...]
    players: tuple[tuple[str, str], ...] = ()  # (mark, name) in seat order
    legend: tuple[str, ...] = ()
    ringed: tuple[tuple[int, int], ...] = ()  # (col, row) of hexes ringed in PDF (a goal)

    def cells(self) -> dict[tuple[int, int], BoardHex]:
        """The listed hexes by (col, row)."""
        return {(h.col, h.row): h for h in self.hexes}

    def text_lines(self, width: int, height: int) -> list[str]:
        """The board as a character grid, then the crowded hexes in full, then the key.

        A hex takes three characters on two lines, odd columns a line lower:
        type glyph, territory owner, population; then Y for a shipyard, and the
        fleet's owner (lower case when out of supply) and its size.
        """
        del height  # the board is sized to fit a page by the ruleset
        grid_w = LEFT + self.cols * CELL
        grid = [[" "] * grid_w for _ in range(self.rows * 2 + 1)]
        cells = self.cells()
        for col in range(self.cols):
            for row in range(self.rows):
                y, x = row * 2 + col % 2, LEFT + col * CELL
                cell = _cell(cells.get((col, row)))
                for i, ch in enumerate(cell[0]):
                    grid[y][x + i] = ch
                for i, ch in enumerate(cell[1]):
                    grid[y + 1][x + i] = ch
        for row in range(self.rows):
            grid[row * 2][0:2] = list(f"{row + 1:02d}")
        header = " " * LEFT + "".join(f"{c + 1:02d}".ljust(CELL) for c in range(self.cols))
        lines = [header] + ["".join(r).rstrip() for r in grid]
        notes = [h.note() for h in sorted(self.hexes, key=lambda h: (h.col, h.row)) if h.crowded()]
        if notes:
            lines += [""] + _columns(notes, width)
        lines += [""] + list(self.key()) + list(self.legend)
        return [line[:width] for line in lines]

    def key(self) -> tuple[str, ...]:
        """What the grid's characters mean, and the players' marks."""
        kinds = "  ".join(f"{g} {k}" for k, g in KIND_GLYPHS.items())
        lines = [
            f"Hexes: {kinds}.  A hex: its type, {SIGNS['territory']} owner, {SIGNS['population']};",
            f"then Y {SIGNS['shipyard']} (h {SIGNS['habitats']}), {SIGNS['fleet']} owner and"
            f" size (lower case: {SIGNS['unsupplied']}).",
            "* several owners, + more than 9: such hexes are listed in full above the key.",
        ]
        if self.players:
            lines.append("Players: " + "  ".join(f"{m} {n}" for m, n in self.players))
        return tuple(lines)


def _count(n: int) -> str:
    """A count in one character: 1 to 9, + beyond."""
    return str(n) if n <= 9 else "+"


def _cell(h: BoardHex | None) -> tuple[str, str]:
    """A hex's two lines of three characters."""
    if h is None:
        return KIND_GLYPHS["empty"] + "  ", "   "
    top = KIND_GLYPHS.get(h.kind, "?") + (h.territory[:1] or " ")
    pops = sum(n for _, n in h.populations)
    top += (_count(pops) if len(h.populations) == 1 else "*") if pops else " "
    bottom = "Y" if h.shipyards else ("h" if h.habitats else " ")
    if len(h.fleets) > 1:
        bottom += "*" + _count(sum(n for _, n in h.fleets))
    elif h.fleets:
        owner, n = h.fleets[0]
        mark = owner[:1].lower() if owner in h.unsupplied else owner[:1].upper()
        bottom += mark + _count(n)
    return top, bottom.ljust(3)


def _columns(items: Sequence[str], width: int) -> list[str]:
    """Items set in as many equal columns as fit `width`."""
    cell = max(len(s) for s in items) + 2
    per = max(NOTES_PER_LINE_MIN, width // cell)
    return [
        "".join(s.ljust(cell) for s in items[i : i + per]).rstrip()
        for i in range(0, len(items), per)
    ]
