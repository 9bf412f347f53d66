"""Map models shared by all rulesets, and their fixed-width text rendering.

A map is plain data; the text renderer is here and the vector renderer is in
`galbatch.print.pdf`, so a ruleset only builds the model. Hex sheets use
"odd columns down" offset coordinates, as printed hex maps number them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HexMarker:
    """A labelled hex: a world number, possibly underlined (the reader owns it)."""

    col: int
    row: int
    label: str
    underline: bool = False
    owner: str = ""  # owner mark drawn beside the label in PDF; "" when unknown


@dataclass(frozen=True)
class HexMap:
    """A hex sheet of `cols` x `rows` hexes with labelled hexes."""

    title: str
    cols: int
    rows: int
    markers: tuple[HexMarker, ...]
    legend: tuple[str, ...] = ()

    CELL = 4  # characters per hex column in text

    def text_lines(self, width: int, height: int) -> list[str]:
        """The sheet as characters: labels centred in 4-column cells, own worlds underlined.

        Even columns print on even text rows, odd columns one line lower, so a
        hex row takes two lines and the underline sits on the line below a label.
        """
        del height  # a hex sheet is laid out to fit one page by the ruleset's setup
        left = 3
        grid_w = left + self.cols * self.CELL
        n_lines = self.rows * 2 + 1
        grid = [[" "] * grid_w for _ in range(n_lines)]
        occupied = {(m.col, m.row): m for m in self.markers}
        for col in range(self.cols):
            for row in range(self.rows):
                y = row * 2 + (col % 2)
                x = left + col * self.CELL
                marker = occupied.get((col, row))
                if marker is None:
                    grid[y][x + 2] = "."
                    continue
                label = marker.label[:3].rjust(3)
                for i, ch in enumerate(label):
                    grid[y][x + i] = ch
                if marker.underline:
                    for i, ch in enumerate(label):
                        if ch != " ":
                            grid[y + 1][x + i] = "-"
        for row in range(self.rows):
            grid[row * 2][0:2] = list(f"{row + 1:02d}")
        header = " " * left + "".join(f"{c + 1:02d}".center(self.CELL) for c in range(self.cols))
        lines = [header] + ["".join(r).rstrip() for r in grid]
        lines += [""] + list(self.legend)
        return [line[:width] for line in lines]


Map = HexMap
