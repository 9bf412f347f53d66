"""A map of tiles: each player's system of tiles around a centre tile, the pieces on each
tile counted by owner and size, and its text rendering.

Made for piecepack games played in the open (Interstellar Conquest: a system of
five home-world tiles per player around the void). Owners are named by the colour
of their pieces ("RED"); the PDF drawer (`galbatch.print.maps.tiles_pdf`) paints each
owner's pieces in that colour, as small pyramids by size. Systems are given in
seat order, which is clockwise around the centre.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SIZES = ("S", "M", "L")  # the three piece sizes, smallest first
BLOCK_GAP = 2  # blank columns between two blocks of the text rendering


@dataclass(frozen=True)
class Pieces:
    """One owner's pieces on a tile: how many of each size."""

    owner: str  # the colour of the pieces, "RED"
    small: int = 0
    medium: int = 0
    large: int = 0

    def counts(self) -> tuple[int, int, int]:
        """(S, M, L)."""
        return self.small, self.medium, self.large

    def text(self) -> str:
        """RED S1 L2: the sizes present and their counts ("RED -" for none)."""
        sizes = [f"{s}{n}" for s, n in zip(SIZES, self.counts(), strict=True) if n]
        return f"{self.owner} {' '.join(sizes) or '-'}"


@dataclass(frozen=True)
class Tile:
    """A tile and the pieces on it, owners in seat order."""

    label: str  # "1" ... "5", "VOID"
    pieces: tuple[Pieces, ...] = ()
    marked: bool = False  # the attack's target: framed in PDF, * in text

    def text(self) -> str:
        """The pieces on the tile: "RED S1 M1 L1, BLUE M2" ("empty" for none)."""
        return ", ".join(p.text() for p in self.pieces) or "empty"


@dataclass(frozen=True)
class TileSystem:
    """A player's system: his tiles in number order."""

    name: str  # "RED": the system's colour, also its owner's piece colour
    caption: str  # "RED: Balchoth, ARCTURUS"
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class TileMap:
    """Every system around the centre tile (the void), and an optional aside tile beside the
    centre (pieces in play off the board: an encounter's committed ships)."""

    title: str
    systems: tuple[TileSystem, ...]
    centre: Tile
    aside: Tile | None = None
    legend: tuple[str, ...] = ()
    overflow: str = "MORE PIECES THAN A PAGE HOLDS: THE REST ARE NOT SHOWN HERE."

    def text_lines(self, width: int, height: int) -> list[str]:
        """Each system as a block of its tiles and their pieces, blocks side by side as the
        width allows, then the centre and the aside, then the legend; all within `height`
        lines (less the section title above): the owners on a tile one a line, else packed
        on as few lines as the block's width allows, else cut with the `overflow` note."""
        budget = height - HEADING_LINES
        lines = self._lines(self._blocks(None), width)
        columns = _columns(self._blocks(None), width)
        for per in range(columns, 0, -1):  # packed: fewer, wider columns hold more a line
            if len(lines) <= budget:
                return lines
            room = (width + BLOCK_GAP) // per - BLOCK_GAP
            lines = self._lines(self._blocks(room), width, per)
        if len(lines) <= budget:
            return lines
        keep = max(0, budget - len(self.legend) - 2)
        return [*lines[:keep], self.overflow[:width], "", *self.legend]

    def fits(self, width: int, height: int) -> bool:
        """Whether every piece is in the text rendering (none cut by `overflow`)."""
        lines = self.text_lines(width, height)
        return self.overflow[:width] not in lines

    def _blocks(self, room: int | None) -> list[list[str]]:
        blocks = [_system_block(s, room) for s in self.systems]
        blocks.append(_tile_block(self.centre.label, self.centre, room))
        if self.aside is not None:
            blocks.append(_tile_block(self.aside.label, self.aside, room))
        return blocks

    def _lines(self, blocks: list[list[str]], width: int, per: int = 0) -> list[str]:
        lines = _side_by_side(blocks, width, per) + [""] + list(self.legend)
        return [line[:width].rstrip() for line in lines]


HEADING_LINES = 2  # the section's title and its rule, set above the map on its page


def _system_block(s: TileSystem, room: int | None) -> list[str]:
    """A system's caption and its tiles' lines."""
    lines = [s.caption, "-" * len(s.caption)]
    for tile in s.tiles:
        lines += _tile_lines(f"{s.name} {tile.label}{'*' if tile.marked else ' '}", tile, room)
    return lines


def _tile_block(caption: str, tile: Tile, room: int | None) -> list[str]:
    """A lone tile: its caption and its pieces."""
    lines = [caption, "-" * len(caption)]
    return lines + (_tile_lines(" ", tile, room) if tile.pieces else ["  empty"])


def _tile_lines(head: str, tile: Tile, room: int | None) -> list[str]:
    """`RED 2*  RED S1 M1`, several owners one a line (`room` None) or packed, separated by
    commas, on lines of at most `room` characters."""
    pad = " " * len(head)
    if not tile.pieces:
        return [f"{head} {tile.text()}"]
    if room is None:
        return [f"{head if i == 0 else pad} {p.text()}" for i, p in enumerate(tile.pieces)]
    lines = [head]
    for i, p in enumerate(tile.pieces):
        last = i == len(tile.pieces) - 1
        text = p.text() + ("" if last else ",")
        if lines[-1] not in (head, pad) and len(lines[-1]) + 1 + len(text) > room:
            lines.append(pad)
        lines[-1] += " " + text
    return lines


def _columns(blocks: Sequence[list[str]], width: int) -> int:
    """How many blocks fit side by side in `width`."""
    cell = max(len(line) for block in blocks for line in block) + BLOCK_GAP
    return max(1, (width + BLOCK_GAP) // cell)


def _side_by_side(blocks: Sequence[list[str]], width: int, per: int = 0) -> list[str]:
    """Blocks set in `per` equal columns (0: as many as fit `width`), a blank line between
    rows."""
    cell = max(len(line) for block in blocks for line in block) + BLOCK_GAP
    per = min(per or width, _columns(blocks, width))
    out: list[str] = []
    for i in range(0, len(blocks), per):
        row = blocks[i : i + per]
        if out:
            out.append("")
        for n in range(max(len(b) for b in row)):
            out.append("".join((b[n] if n < len(b) else "").ljust(cell) for b in row).rstrip())
    return out
