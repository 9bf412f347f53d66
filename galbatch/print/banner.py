"""Banner letters for the archive's job separator page, built from the shipped font.

A mainframe separator page spells the job name in letters a dozen lines high, each made
of the character it stands for. Here each big letter is the shipped DejaVu Sans Mono Bold
glyph, read from the font's own outlines (TrueType `glyf` quadratic contours) and sampled
on a grid of character cells with the non-zero winding rule: pure arithmetic on the
font's bytes, so the same font always gives the same banner, on any machine.
"""

from __future__ import annotations

import struct
from functools import cache

from galbatch.print.maps.fields_pdf import mono_fonts

Point = tuple[float, float]
SAMPLES = 3  # samples across and down each cell; a cell is inked if 4 of its 9 are inside


def _glyph_data(gid: int) -> bytes:
    face = mono_fonts()[1].face
    start, end = face.glyphPos[gid], face.glyphPos[gid + 1]
    if end <= start:
        return b""
    table, _ = face.get_table_pos("glyf")
    data: bytes = face.get_chunk(table + start, end - start)
    return data


def _contours(gid: int, dx: float = 0.0, dy: float = 0.0) -> list[list[Point]]:
    """The glyph's contours as polygons (quadratic curves cut into 4 lines each)."""
    data = _glyph_data(gid)
    if not data:
        return []
    (count,) = struct.unpack_from(">h", data, 0)
    if count < 0:
        return _composite(data, dx, dy)
    ends = struct.unpack_from(f">{count}H", data, 10)
    p = 10 + 2 * count
    (skip,) = struct.unpack_from(">H", data, p)
    p += 2 + skip
    total = ends[-1] + 1 if ends else 0
    flags: list[int] = []
    while len(flags) < total:
        flag = data[p]
        p += 1
        flags.append(flag)
        if flag & 8:
            flags.extend([flag] * data[p])
            p += 1
    coords: list[list[int]] = []
    for short, same in ((2, 16), (4, 32)):
        value, values = 0, []
        for flag in flags:
            if flag & short:
                value += data[p] if flag & same else -data[p]
                p += 1
            elif not flag & same:
                value += struct.unpack_from(">h", data, p)[0]
                p += 2
            values.append(value)
        coords.append(values)
    points = [(x + dx, y + dy, bool(f & 1)) for x, y, f in zip(*coords, flags, strict=True)]
    out, first = [], 0
    for end in ends:
        out.append(_flatten(points[first : end + 1]))
        first = end + 1
    return out


def _composite(data: bytes, dx: float, dy: float) -> list[list[Point]]:
    """A glyph made of other glyphs moved by offsets (scales are not used by the banner's
    characters and are ignored)."""
    out: list[list[Point]] = []
    p, more = 10, True
    while more:
        flags, gid = struct.unpack_from(">HH", data, p)
        p += 4
        if flags & 1:
            ax, ay = struct.unpack_from(">hh", data, p)
            p += 4
        else:
            ax, ay = struct.unpack_from(">bb", data, p)
            p += 2
        p += 2 if flags & 8 else 4 if flags & 0x40 else 8 if flags & 0x80 else 0
        offset = (ax, ay) if flags & 2 else (0, 0)
        out += _contours(gid, dx + offset[0], dy + offset[1])
        more = bool(flags & 0x20)
    return out


def _flatten(points: list[tuple[float, float, bool]]) -> list[Point]:
    """A TrueType contour (on- and off-curve points) as a polygon."""
    if not points:
        return []
    start = next((i for i, pt in enumerate(points) if pt[2]), None)
    if start is None:  # all off-curve: begin at the midpoint of the first two
        (x0, y0, _), (x1, y1, _) = points[0], points[1 % len(points)]
        points = [((x0 + x1) / 2, (y0 + y1) / 2, True), *points]
        start = 0
    ring = points[start:] + points[:start]
    poly: list[Point] = [(ring[0][0], ring[0][1])]
    control: Point | None = None
    for x, y, on in [*ring[1:], ring[0]]:
        if on:
            if control is None:
                poly.append((x, y))
            else:
                poly += _curve(poly[-1], control, (x, y))
            control = None
        elif control is None:
            control = (x, y)
        else:  # two off-curve points: an implied on-curve point between them
            mid = ((control[0] + x) / 2, (control[1] + y) / 2)
            poly += _curve(poly[-1], control, mid)
            control = (x, y)
    return poly


def _curve(a: Point, c: Point, b: Point) -> list[Point]:
    """A quadratic Bezier from a (not included) to b as 4 lines."""
    out = []
    for i in range(1, 5):
        t = i / 4
        u = 1 - t
        out.append((u * u * a[0] + 2 * u * t * c[0] + t * t * b[0],
                    u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]))  # fmt: skip
    return out


@cache
def _metrics() -> tuple[float, float]:
    """The advance width and the capital height (the top of H) in font units."""
    face = mono_fonts()[1].face
    advance = face.hmetrics[face.charToGlyph[ord("M")]][0] * face.unitsPerEm / 1000
    cap = max(y for poly in _contours(face.charToGlyph[ord("H")]) for _, y in poly)
    return advance, cap


@cache
def letter(char: str, columns: int, lines: int) -> tuple[str, ...]:
    """One banner letter, `columns` wide and `lines` high, made of `char` itself (of `#`
    for punctuation): the font's glyph from its baseline to its capital height."""
    face = mono_fonts()[1].face
    gid = face.charToGlyph.get(ord(char), 0) if char != " " else 0
    polys = _contours(gid) if gid else []
    advance, cap = _metrics()
    ink = char if char.isalnum() else "#"
    rows = []
    n = SAMPLES
    for row in range(lines):
        cells = [0] * columns
        for sy in range(n):
            y = cap * (1 - (row + (sy + 0.5) / n) / lines)
            crossings: list[tuple[float, int]] = []
            for poly in polys:
                for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
                    if (y0 <= y) != (y1 <= y):
                        x = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                        crossings.append((x, 1 if y1 > y0 else -1))
            crossings.sort()
            for col in range(columns):
                for sx in range(n):
                    x = advance * (col + (sx + 0.5) / n) / columns
                    if sum(d for cx, d in crossings if cx < x) != 0:
                        cells[col] += 1
        rows.append("".join(ink if c * 9 >= 4 * n * n else " " for c in cells).rstrip())
    return tuple(rows)


def banner(text: str, width: int, most: int = 12) -> list[str]:
    """`text` in banner letters at most `width` columns wide: letters up to `most` columns
    each, as high as the font's proportions make them on 10-by-6.4 cells; words that do
    not fit on one banner line go on the next."""
    words = text.split()
    out: list[str] = []
    longest = max((len(w) for w in words), default=1)
    columns = max(3, min(most, width // max(longest, 1)))
    advance, cap = _metrics()
    aspect = cap / advance
    lines = max(3, round(columns * 7.2 * aspect / 11.25))
    line_words: list[str] = []
    for word in words:
        if line_words and len(" ".join([*line_words, word])) * columns > width:
            out += _spell(" ".join(line_words), columns, lines) + [""]
            line_words = []
        line_words.append(word)
    if line_words:
        out += _spell(" ".join(line_words), columns, lines)
    return out


def _spell(text: str, columns: int, lines: int) -> list[str]:
    letters = [letter(c, columns, lines) for c in text[:]]
    return ["".join(lt[r].ljust(columns) for lt in letters).rstrip() for r in range(lines)]
