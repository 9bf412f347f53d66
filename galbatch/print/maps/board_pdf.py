"""Vector drawing of a `BoardMap`: hex types in tints, and each player's tokens in a colour.

Territory frontiers are drawn inside a player's hexes along every edge that
leaves the territory, so two players' frontiers on one edge both show.
Populations are squares (ringed in the occupier's colour when occupied),
fleets triangles, a supply failure a red cross over the fleet, each with its count
in bold black beside it; shipyards and habitats are letters; a hex the map rings (a
goal) has a black edge. A key beside the map draws each tint, line and token with
the words of the text key (`board.KIND_GLYPHS`, `board.SIGNS`) and each player's
colour, so the PDF reads alone. Everything is opaque (PDF/A).
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from galbatch.print.maps.board import KIND_GLYPHS, SIGNS, BoardHex, BoardMap
from galbatch.print.maps.fields import Map
from galbatch.print.maps.fields_pdf import (
    GRID_GREY,
    NUMBER_GREY,
    SQRT3,
    HexGeometry,
    Ink,
    fmt,
    hex_geometry,
    ink_for,
    mono_advance,
    path_op,
    register_map_drawer,
)

KIND_FILLS = {  # lightest for empty space, a warm glow for the core
    "empty": "1 1 1",
    "sparse": "0.88 0.91 0.97",
    "dense": "0.70 0.77 0.92",
    "core": "1 0.84 0.45",
}
# One colour a player in seat order, told apart in print and by most colour-blind readers.
PLAYER_COLOURS = (
    "0.84 0.15 0.16",
    "0.12 0.47 0.71",
    "0.17 0.63 0.17",
    "0.58 0.40 0.74",
    "1 0.50 0.05",
    "0.55 0.34 0.29",
    "0.89 0.47 0.76",
    "0.09 0.75 0.81",
    "0.74 0.74 0.13",
    "0.30 0.30 0.30",
)
FAILURE = "0.85 0 0"  # the supply failure cross
RING = "0 0 0"  # a ringed hex (a goal)
GAP = 0.22  # between one player's tokens and the next, in hex sizes
ROW_WIDTH = 1.1  # a row of tokens is at most this wide, in hex sizes
INSET = 0.82  # frontier lines run this far from the centre towards the hex's edge
COUNT = 0.55  # a token's count: its font size, in hex sizes (bold, black: legible at 60 dpi)
TOKEN = 0.4  # a token's side, in hex sizes
MIN_COUNT = 4.0  # the smallest count drawn, in points, however crowded the hex
KEY_TEXT = 10.0  # the key's font size, in points
KEY_LINE = 1.6  # the key's line pitch, in font sizes
KEY_SAMPLE = 2.4  # the key's column of samples, in font sizes

# Directions of the edges E-NE, NE-NW, NW-W, W-SW, SW-SE, SE-E: NE, N, NW, SW, S, SE.
_EDGE_STEPS_EVEN = ((1, -1), (0, -1), (-1, -1), (-1, 0), (0, 1), (1, 0))
_EDGE_STEPS_ODD = ((1, 0), (0, -1), (-1, 0), (-1, 1), (0, 1), (1, 1))


def player_colour(m: BoardMap, owner: str) -> str:
    """The RGB fill of a player's mark, by seat; grey for a mark not in the players."""
    marks = [mark for mark, _ in m.players]
    if owner not in marks:
        return "0.5 0.5 0.5"
    return PLAYER_COLOURS[marks.index(owner) % len(PLAYER_COLOURS)]


def _inset(g: HexGeometry, col: int, row: int) -> list[tuple[float, float]]:
    """The hex's corners pulled towards its centre."""
    cx, cy = g.centre(col, row)
    return [(cx + (x - cx) * INSET, cy + (y - cy) * INSET) for x, y in g.corners(col, row)]


def _frontiers(m: BoardMap, g: HexGeometry) -> dict[str, list[str]]:
    """Path operators of each player's frontier edges."""
    owner = {(h.col, h.row): h.territory for h in m.hexes if h.territory}
    ops: dict[str, list[str]] = {}
    for (col, row), who in sorted(owner.items()):
        steps = _EDGE_STEPS_ODD if col % 2 else _EDGE_STEPS_EVEN
        pts = _inset(g, col, row)
        for i, (dc, dr) in enumerate(steps):
            if owner.get((col + dc, row + dr)) != who:
                ops.setdefault(who, []).append(path_op([pts[i], pts[(i + 1) % 6]]))
    return ops


def _square(x: float, y: float, side: float) -> str:
    """A square with its lower-left corner at (x, y)."""
    return path_op([(x, y), (x + side, y), (x + side, y + side), (x, y + side)], close=True)


def _triangle(x: float, y: float, side: float) -> str:
    """An upward triangle with its lower-left corner at (x, y)."""
    return path_op([(x, y), (x + side, y), (x + side / 2, y + side * 0.9)], close=True)


def _token(
    ink: Ink, x: float, y: float, side: float, shape: str, fill: str, ring: str = ""
) -> None:
    """A token with its lower-left corner at (x, y): a population's square or a fleet's
    triangle in its owner's colour, a ring in the occupier's colour, or (`ring` FAILURE on
    a fleet) the supply failure's cross."""
    draw = _square if shape == "square" else _triangle
    ink.paths([draw(x, y, side), "f"], f"{fill} rg")
    width = fmt(max(0.5, side / 5))
    if ring and shape == "square":
        around = _square(x - side / 6, y - side / 6, side * 4 / 3)
        ink.paths([around, "S"], f"{ring} RG {width} w")
    elif ring:
        cross = [path_op([(x, y), (x + side, y + side)]), path_op([(x, y + side), (x + side, y)])]
        ink.paths([*cross, "S"], f"{FAILURE} RG {width} w")


def _tokens(m: BoardMap, g: HexGeometry, ink: Ink, h: BoardHex) -> None:
    """A hex's tokens: populations above, infrastructure in the middle, fleets below."""
    s, adv = g.size, mono_advance()
    cx, cy = g.centre(h.col, h.row)
    occupiers = dict(h.occupied)

    def row_of(items: tuple[tuple[str, int], ...], y: float, shape: str) -> None:
        count = max(MIN_COUNT, COUNT * s)
        width = sum(TOKEN * s + len(str(n)) * adv * count + GAP * s for _, n in items) - GAP * s
        room = min(1.0, ROW_WIDTH * s / width)  # several owners: smaller tokens, inside the hex
        x = cx - width * room / 2
        side, count = TOKEN * s * room, max(MIN_COUNT, COUNT * s * room)
        for owner, n in items:
            ring = ""
            if shape == "square" and owner in occupiers:
                ring = player_colour(m, occupiers[owner])
            elif shape == "triangle" and owner in h.unsupplied:
                ring = FAILURE
            _token(ink, x, y, side, shape, player_colour(m, owner), ring)
            ink.text(x + side + 0.04 * s, y, str(n), count, bold=True)
            x += side + len(str(n)) * adv * count + GAP * s * room

    # three rows, each clear of the others and inside the frontier lines
    if h.populations:
        row_of(h.populations, cy + 0.24 * s, "square")
    infra = ("Y" * min(h.shipyards, 1) + (str(h.shipyards) if h.shipyards > 1 else "")) + (
        f" h{h.habitats}" if h.habitats else ""
    )
    infra = infra.strip()
    if infra:
        size = min(COUNT * s, ROW_WIDTH * s / (len(infra) * adv))
        ink.text_centered(cx, cy - 0.22 * s, infra, max(MIN_COUNT, size), bold=True)
    if h.fleets:
        row_of(h.fleets, cy - 0.68 * s, "triangle")


def _key_rows(m: BoardMap) -> list[tuple[str, str]]:
    """The key's rows, top down: (what the sample column draws, the words beside it)."""
    rows = [("title", "KEY")]
    rows += [(f"kind {kind}", f"{kind} hex") for kind in KIND_GLYPHS]
    said = {
        "territory": f"{SIGNS['territory']}: its frontier",
        "population": f"{SIGNS['population']}: tokens",
        "occupied": f"{SIGNS['occupied']} (ring: occupier)",
        "shipyard": f"{SIGNS['shipyard']} (Y2: two)",
        "habitats": f"{SIGNS['habitats']}: how many",
        "fleet": f"{SIGNS['fleet']}: tokens",
        "unsupplied": f"{SIGNS['unsupplied']}",
        "goal": f"{SIGNS['goal']} (ringed hex)",
    }
    rows += [(sign, said[sign]) for sign in SIGNS if sign != "goal" or m.ringed]
    if m.players:
        rows += [("", ""), ("title", "PLAYERS")]
        rows += [(f"player {mark}", f"{mark} {name}") for mark, name in m.players]
    return rows


def key_width(m: BoardMap) -> float:
    """The width the key takes beside the map, in points: its samples and words, and a
    font size of room either side."""
    longest = max(len(words) for _, words in _key_rows(m))
    return KEY_SAMPLE * KEY_TEXT + longest * mono_advance() * KEY_TEXT + 2 * KEY_TEXT


def _key(m: BoardMap, ink: Ink, x: float, top: float) -> float:
    """The key, its top-left corner at (x, top): each hex tint, line and token as the map
    draws it, with its words; then each player's colour. Returns its lowest y."""
    f = KEY_TEXT
    first = m.players[0][0] if m.players else ""
    second = m.players[1][0] if len(m.players) > 1 else first
    fill = player_colour(m, first)
    side = f * 0.8
    rows = _key_rows(m)
    low = top - len(rows) * f * KEY_LINE - f * 0.6
    right = x + key_width(m) - f * 1.6
    panel = [(x - f * 0.4, low), (x - f * 0.4, top + f * 0.2), (right, top + f * 0.2), (right, low)]
    ink.paths([path_op(panel, close=True), "B"], f"1 g {GRID_GREY} G 0.6 w")  # white, framed
    y = top
    for sample, words in rows:
        y -= f * KEY_LINE
        sx, mid = x + f * 0.2, y + f * 0.3  # the sample's left and its middle
        if sample.startswith("kind ") or sample == "goal":
            kind = sample.removeprefix("kind ") if sample != "goal" else "empty"
            hexagon = _small_hex(x + KEY_SAMPLE * f / 2 - f * 0.3, mid, f * 0.62)
            ink.paths([hexagon, "f"], f"{KIND_FILLS[kind]} rg")
            edge = f"{RING} RG {fmt(f / 6)}" if sample == "goal" else f"{GRID_GREY} G 0.6"
            ink.paths([hexagon, "S"], f"{edge} w 1 j")
        elif sample == "territory":
            line = path_op([(sx, mid), (sx + f * 1.4, mid)])
            ink.paths([line, "S"], f"{fill} RG {fmt(f / 4)} w 1 J")
        elif sample in ("population", "occupied", "fleet", "unsupplied"):
            shape = "square" if sample in ("population", "occupied") else "triangle"
            ring = {"occupied": player_colour(m, second), "unsupplied": FAILURE}.get(sample, "")
            _token(ink, sx + f * 0.1, y, side, shape, fill, ring)
            if sample in ("population", "fleet"):
                ink.text(sx + f * 0.1 + side + f * 0.1, y, "3", f, bold=True)
        elif sample in ("shipyard", "habitats"):
            ink.text(sx, y, "Y" if sample == "shipyard" else "h2", f, bold=True)
        elif sample.startswith("player "):
            _token(ink, sx + f * 0.1, y, side, "square", player_colour(m, sample[7:]))
        bold = sample == "title"
        ink.text(x + (0 if bold else KEY_SAMPLE * f), y, words, f, bold=bold)
    return low


def _small_hex(cx: float, cy: float, r: float) -> str:
    """A flat-topped hex of radius `r` about (cx, cy), for the key."""
    dy = SQRT3 * r / 2
    corners = [(cx + r, cy), (cx + r / 2, cy + dy), (cx - r / 2, cy + dy)]
    corners += [(cx - r, cy), (cx - r / 2, cy - dy), (cx + r / 2, cy - dy)]
    return path_op(corners, close=True)


def draw_board_map(canvas: Canvas, m: Map, x: float, y: float, w: float, h: float) -> float:
    """Draw a BoardMap in the box with lower-left (x, y); return the lowest y drawn on."""
    assert isinstance(m, BoardMap)
    if m.cols < 1 or m.rows < 1:
        return y + h
    key = key_width(m)
    g = hex_geometry(m.cols, m.rows, x, y, w - key, h)
    s = g.size
    ink = ink_for(canvas)
    cells = m.cells()
    by_kind: dict[str, list[str]] = {}
    for col in range(m.cols):
        for row in range(m.rows):
            cell = cells.get((col, row))
            kind = cell.kind if cell is not None else "empty"
            by_kind.setdefault(kind, []).append(path_op(g.corners(col, row), close=True))
    for kind, ops in by_kind.items():
        ink.paths([*ops, "f"], f"{KIND_FILLS.get(kind, '1 1 1')} rg")
    grid = [path_op(g.corners(c, r), close=True) for c in range(m.cols) for r in range(m.rows)]
    ink.paths([*grid, "S"], f"{GRID_GREY} G {fmt(max(0.3, s / 40))} w 1 j")
    for owner, ops in _frontiers(m, g).items():
        ink.paths([*ops, "S"], f"{player_colour(m, owner)} RG {fmt(max(0.8, s / 9))} w 1 J")
    rings = [path_op(g.corners(c, r), close=True) for c, r in m.ringed]
    if rings:  # on the hex's own edge, outside every frontier
        ink.paths([*rings, "S"], f"{RING} RG {fmt(max(1.2, s / 5))} w 1 j")

    n = g.number_size
    adv = mono_advance()
    bottom = g.top - SQRT3 * s * (m.rows + (0.5 if m.cols > 1 else 0.0))
    for col in range(m.cols):
        cx, _ = g.centre(col, 0)
        ink.text_centered(cx, g.top + n * 0.45, f"{col + 1:02d}", n)
        ink.text_centered(cx, bottom - n * 1.2, f"{col + 1:02d}", n)
    for row in range(m.rows):
        label = f"{row + 1:02d}"
        _, cy = g.centre(0, row)
        ink.text(g.left - n * 0.4 - len(label) * adv * n, cy - n * 0.36, label, n)
        rx, ry = g.centre(m.cols - 1, row)
        ink.text(rx + s + n * 0.4, ry - n * 0.36, label, n)
    ink.flush(NUMBER_GREY)

    for cell in sorted(m.hexes, key=lambda c: (c.row, c.col)):
        if 0 <= cell.col < m.cols and 0 <= cell.row < m.rows:
            _tokens(m, g, ink, cell)
    low = _key(m, ink, x + w - key + KEY_TEXT, g.top)
    ink.flush()
    return min(bottom - n * 1.6, low)


register_map_drawer(BoardMap, draw_board_map)
