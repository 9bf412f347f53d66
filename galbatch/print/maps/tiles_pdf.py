"""Vector drawing of a `TileMap`: each system's tiles around the centre tile, and on each
tile its pieces as small pyramids in their owner's colour, by size.

The systems sit clockwise around the centre in seat order (the first at the
top), on a 3 x 3 grid of cells whose middle holds the centre tile (the void) and
the aside tile. A system is three tiles above two. A tile shows one row per owner:
a pyramid of each size present, its count beside it when more than one. The
attack's target is framed. Everything is opaque (PDF/A).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from galbatch.print.maps.fields import Map
from galbatch.print.maps.fields_pdf import (
    fmt,
    ink_for,
    mono_advance,
    path_op,
    register_map_drawer,
)
from galbatch.print.maps.tiles import Pieces, Tile, TileMap, TileSystem

# Piece colours by the colour's name, as RGB fill operands; unknown owners are grey.
PIECE_COLOURS = {
    "RED": "0.85 0.11 0.11",
    "GREEN": "0.13 0.62 0.22",
    "BLUE": "0.12 0.33 0.85",
    "YELLOW": "0.98 0.84 0.10",
    "BLACK": "0.08 0.08 0.08",
    "CLEAR": "0.84 0.93 0.97",
    "ORANGE": "1 0.55 0.05",
    "PURPLE": "0.52 0.22 0.66",
    "WHITE": "1 1 1",
}
OTHER_COLOUR = "0.5 0.5 0.5"
TILE_FILL = "0.97 0.95 0.89"  # a piecepack tile's pale face
CENTRE_FILL = "0.86 0.86 0.86"  # the void: the null tile, greyer
ASIDE_FILL = "1 0.95 0.80"  # the pieces in play off the board
TILE_EDGE = "0.35 G 0.6 w"
TARGET_EDGE = "0.80 0 0 RG"  # the target's frame
PIECE_EDGE = "0.20 G 0.4 w 1 j"  # pyramids are outlined, so that WHITE and CLEAR show
# Seat positions clockwise from the top on the 3 x 3 grid (column, row from the top).
RING = ((1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1), (0, 0))
PYRAMID = {"S": 0.55, "M": 0.75, "L": 1.0}  # heights relative to a row's


def piece_colour(owner: str) -> str:
    """The RGB fill of an owner's pieces."""
    return PIECE_COLOURS.get(owner, OTHER_COLOUR)


def ring_places(n: int) -> tuple[tuple[int, int], ...]:
    """The cells of `n` systems, spread evenly clockwise from the top."""
    return tuple(RING[round(i * len(RING) / n) % len(RING)] for i in range(n))


def _square(x: float, y: float, side: float) -> str:
    return path_op([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], close=True)


def _pyramid(x: float, y: float, height: float) -> str:
    """A pyramid seen from the side: a triangle standing on (x, y), as wide as 0.7 high."""
    half = height * 0.35
    return path_op([(x, y), (x + 2 * half, y), (x + half, y + height)], close=True)


class _Drawer:
    """One drawing of a tile map into a box."""

    def __init__(self, canvas: Canvas, m: TileMap, x: float, y: float, w: float, h: float):
        self.ink = ink_for(canvas)
        self.m = m
        self.cell = min(w / 3, h / 3)
        self.left = x + (w - 3 * self.cell) / 2
        self.top = y + h
        self.low = y + h

    def origin(self, col: int, row: int) -> tuple[float, float]:
        """The lower-left corner of a grid cell."""
        return self.left + col * self.cell, self.top - (row + 1) * self.cell

    def draw(self) -> float:
        for system, (col, row) in zip(
            self.m.systems, ring_places(len(self.m.systems)), strict=True
        ):
            self.system(system, *self.origin(col, row))
        cx, cy = self.origin(1, 1)
        c = self.cell
        if self.m.aside is None:
            self.tile(self.m.centre, cx + c * 0.15, cy + c * 0.12, c * 0.7, CENTRE_FILL)
        else:
            side = c * 0.46
            self.tile(self.m.centre, cx + c * 0.02, cy + c * 0.3, side, CENTRE_FILL)
            self.tile(self.m.aside, cx + c * 0.52, cy + c * 0.3, side, ASIDE_FILL)
        self.ink.flush()
        return self.low

    def system(self, s: TileSystem, x: float, y: float) -> None:
        """A system's caption above three tiles above two."""
        c = self.cell
        side = c * 0.29
        gap = c * 0.025
        size = max(4.0, min(8.0, c / 26))
        chip = size * 0.8
        caption_y = y + c - size * 1.3
        self.ink.paths(
            [_square(x + gap, caption_y, chip), "B"], f"{piece_colour(s.name)} rg {PIECE_EDGE}"
        )
        caption = s.caption
        room = (c - 2 * gap - chip * 1.5) / (mono_advance() * size)
        self.ink.text(
            x + gap + chip * 1.5, caption_y, caption[: max(1, int(room))], size, bold=True
        )
        top_y = caption_y - size * 0.5 - side
        row_w = 3 * side + 2 * gap
        x0 = x + (c - row_w) / 2
        places = [(x0 + i * (side + gap), top_y) for i in range(3)]
        places += [(x0 + (side + gap) / 2 + i * (side + gap), top_y - side - gap) for i in range(2)]
        for tile, (tx, ty) in zip(s.tiles, places, strict=False):
            self.tile(tile, tx, ty, side, TILE_FILL)

    def tile(self, tile: Tile, x: float, y: float, side: float, fill: str) -> None:
        """A tile with its label in the corner and a row of pyramids per owner."""
        edge = f"{TARGET_EDGE} {fmt(max(1.2, side / 25))} w" if tile.marked else TILE_EDGE
        self.ink.paths([_square(x, y, side), "B"], f"{fill} rg {edge}")
        fits = side * 0.9 / (max(1, len(tile.label)) * mono_advance())
        label_size = max(3.0, min(9.0, side * 0.14, fits))
        self.ink.text(
            x + side * 0.05, y + side - label_size * 1.05, tile.label, label_size, bold=True
        )
        self.low = min(self.low, y)
        if not tile.pieces:
            return
        body = side - label_size * 1.4
        row_h = min(side * 0.3, body / len(tile.pieces))
        for n, pieces in enumerate(tile.pieces):
            base = y + body - (n + 1) * row_h + row_h * 0.12
            self.pieces(pieces, x + side * 0.06, base, row_h * 0.82)

    def pieces(self, p: Pieces, x: float, y: float, height: float) -> None:
        """One owner's pyramids, smallest first, with counts above one."""
        digits = max(3.0, height * 0.7)
        ops: list[str] = []
        for size, count in zip(("S", "M", "L"), p.counts(), strict=True):
            if not count:
                continue
            tall = height * PYRAMID[size]
            ops.append(_pyramid(x, y, tall))
            x += tall * 0.7 + height * 0.05
            if count > 1:
                self.ink.text(x, y, str(count), digits)
                x += len(str(count)) * mono_advance() * digits
            x += height * 0.25
        if ops:
            self.ink.paths([*ops, "B"], f"{piece_colour(p.owner)} rg {PIECE_EDGE}")


def draw_tile_map(canvas: Canvas, m: Map, x: float, y: float, w: float, h: float) -> float:
    """Draw a TileMap in the box with lower-left (x, y); return the lowest y drawn on."""
    assert isinstance(m, TileMap)
    if not m.systems:
        return y + h
    return _Drawer(canvas, m, x, y, w, h).draw()


register_map_drawer(TileMap, draw_tile_map)
