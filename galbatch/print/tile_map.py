"""A map of tiles: each player's system of tiles around a centre tile, the pieces on each
tile counted by owner and size, and its text rendering.

Made for piecepack games played in the open (Interstellar Conquest: a system of
five home-world tiles per player around the void). Owners are named by the colour
of their pieces ("RED"); the PDF drawer (`galbatch.print.pdf_tiles`) paints each
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

    def text_lines(self, width: int, height: int) -> list[str]:
        """Each system as a block of its tiles and their pieces, blocks side by side as the
        width allows, then the centre and the aside, then the legend."""
        del height  # eight systems of five tiles fit a page at 80 columns
        blocks = [_system_block(s) for s in self.systems]
        blocks.append(_tile_block(self.centre.label, self.centre))
        if self.aside is not None:
            blocks.append(_tile_block(self.aside.label, self.aside))
        lines = _side_by_side(blocks, width)
        lines += [""] + list(self.legend)
        return [line[:width].rstrip() for line in lines]



def _system_block(s: TileSystem) -> list[str]:
    """A system's caption and one line a tile (wrapped at the owner's pieces)."""
    lines = [s.caption, "-" * len(s.caption)]
    for tile in s.tiles:
        lines += _tile_lines(f"{s.name} {tile.label}", tile)
    return lines


def _tile_block(caption: str, tile: Tile) -> list[str]:
    """A lone tile: its caption and its pieces, one owner a line."""
    lines = [caption, "-" * len(caption)]
    lines += [f"  {p.text()}" for p in tile.pieces] or ["  empty"]
    return lines


def _tile_lines(name: str, tile: Tile) -> list[str]:
    """`RED 2*  RED S1 M1` and, when a tile holds several owners, one owner a line."""
    head = f"{name}{'*' if tile.marked else ' '}"
    if len(tile.pieces) <= 1:
        return [f"{head} {tile.text()}"]
    pad = " " * len(head)
    return [f"{head if i == 0 else pad} {p.text()}" for i, p in enumerate(tile.pieces)]


def _side_by_side(blocks: Sequence[list[str]], width: int) -> list[str]:
    """Blocks set in as many equal columns as fit `width`, a blank line between rows."""
    cell = max(len(line) for block in blocks for line in block) + BLOCK_GAP
    per = max(1, (width + BLOCK_GAP) // cell)
    out: list[str] = []
    for i in range(0, len(blocks), per):
        row = blocks[i : i + per]
        if out:
            out.append("")
        for n in range(max(len(b) for b in row)):
            out.append("".join((b[n] if n < len(b) else "").ljust(cell) for b in row).rstrip())
    return out
