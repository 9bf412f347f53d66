"""Maps as SVG pictures for the web, drawn by the very drawers that draw them in PDF.

`SvgCanvas` stands where a reportlab canvas stands for `draw_map`: the drawers' path
and colour operators (`Ink.paths`) come to its `addLiteral`, which interprets them into
SVG paths, and their text comes to an `SvgInk` (the canvas's own `Ink`), which keeps it
as strings rather than font-subset codes. The picture is in PDF coordinates, flipped by
one transform on a group; text is set in DejaVu Sans Mono (else any monospace) at the
positions the PDF gives it. Output is deterministic and all text is escaped.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from galbatch.print.maps.fields import Map
from galbatch.print.maps.fields_pdf import Ink, draw_map, has_map_drawer
from galbatch.print.page import Printout, layout
from galbatch.print.pdf import draw_map_area, font_size, line_top, stock_for

FONT_FAMILY = "'DejaVu Sans Mono', monospace"
PAD = 4.0  # points of room around what a map area draws
_CAPS = ("butt", "round", "square")
_JOINS = ("miter", "round", "bevel")
_PAINT = {  # painting operator: (close first, fill rule or None, stroke)
    "f": (False, "nonzero", False),
    "F": (False, "nonzero", False),
    "f*": (False, "evenodd", False),
    "S": (False, None, True),
    "s": (True, None, True),
    "B": (False, "nonzero", True),
    "B*": (False, "evenodd", True),
    "b": (True, "nonzero", True),
    "b*": (True, "evenodd", True),
    "n": (False, None, False),
}
_OPERANDS = {"m": 2, "l": 2, "c": 6, "v": 4, "y": 4, "re": 4, "h": 0, "cm": 6}
_OPERANDS |= {"g": 1, "G": 1, "rg": 3, "RG": 3, "w": 1, "J": 1, "j": 1, "M": 1}


class SvgError(ValueError):
    """A drawing used an operator the SVG canvas does not interpret."""


def num(v: float) -> str:
    """A coordinate in SVG: two decimals at most, no trailing zeros, never "-0"."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def colour(levels: tuple[float, float, float]) -> str:
    """An RGB colour of PDF levels (0..1) as #rrggbb."""
    r, g, b = (max(0, min(255, round(v * 255))) for v in levels)
    return f"#{r:02x}{g:02x}{b:02x}"


def _safe(ch: str) -> str:
    """A character as SVG shows it: markup escaped; controls, bidi and other format
    characters (which could reorder or hide a name) and those XML forbids as U+FFFD."""
    if ch == "&":
        return "&amp;"
    if ch == "<":
        return "&lt;"
    if ch == ">":
        return "&gt;"
    if ch == '"':
        return "&quot;"
    if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
        return "\ufffd"
    return ch


def escape(text: str) -> str:
    """`text` for SVG character data or an attribute value."""
    if text.isascii() and text.isprintable() and not any(c in text for c in '&<>"'):
        return text
    return "".join(_safe(ch) for ch in text)


@dataclass(frozen=True)
class _Style:
    """The graphics state the drawers set: colours, line style, clip and matrix."""

    fill: tuple[float, float, float] = (0.0, 0.0, 0.0)
    stroke: tuple[float, float, float] = (0.0, 0.0, 0.0)
    width: float = 1.0
    cap: int = 0
    join: int = 0
    miter: float = 10.0
    dash: tuple[tuple[float, ...], float] = ((), 0.0)
    clip: str = ""  # id of the clipPath in force
    matrix: tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _tokens(code: str) -> Iterator[str]:
    return iter(code.replace("[", " [ ").replace("]", " ] ").split())


@dataclass
class SvgCanvas:
    """A surface for `draw_map` that keeps what is drawn as SVG elements, in order."""

    elements: list[str] = field(default_factory=list)
    clips: list[str] = field(default_factory=list)  # <clipPath> definitions
    _style: _Style = field(default_factory=_Style)
    _saved: list[_Style] = field(default_factory=list)
    _path: list[str] = field(default_factory=list)
    _clip_next: bool = False

    def make_ink(self) -> Ink:
        """The Ink the drawers write with here (see `ink_for`)."""
        return SvgInk(self)

    def addLiteral(self, code: str) -> None:  # noqa: N802 (reportlab's name, so drawers stay as they are)
        """Interpret the PDF path and colour operators in `code`."""
        operands: list[str] = []
        tokens = _tokens(code)
        for token in tokens:
            if token == "[":
                dash = []
                for item in tokens:
                    if item == "]":
                        break
                    dash.append(item)
                operands.append(" ".join(dash) or "-")
            elif token[0].isdigit() or token[0] in "-+.":
                operands.append(token)
            else:
                self._operator(token, operands)
                operands = []

    def _operator(self, op: str, operands: list[str]) -> None:
        if op in _PAINT:
            self._paint(op)
            return
        if op == "q":
            self._saved.append(self._style)
        elif op == "Q":
            self._style = self._saved.pop() if self._saved else _Style()
        elif op in ("W", "W*"):
            self._clip_next = True
        elif op == "d":
            if len(operands) != 2:
                raise SvgError(f"dash needs an array and a phase, not {operands}")
            array = () if operands[0] == "-" else tuple(float(v) for v in operands[0].split())
            self._style = replace(self._style, dash=(array, float(operands[1])))
        elif op in _OPERANDS:
            if len(operands) != _OPERANDS[op]:
                raise SvgError(f"operator {op} needs {_OPERANDS[op]} operands, not {operands}")
            self._simple(op, [float(v) for v in operands])
        else:
            raise SvgError(f"the SVG canvas does not interpret the PDF operator {op!r}")

    def _simple(self, op: str, v: list[float]) -> None:
        """The operators with a fixed count of numbers: path construction and style."""
        style = self._style
        if op in ("m", "l"):
            self._path.append(f"{op.upper()}{num(v[0])} {num(v[1])}")
        elif op == "c":
            self._path.append("C" + " ".join(num(x) for x in v))
        elif op in ("v", "y"):  # a curve with one control point at its current point or end
            self._path.append(("S" if op == "v" else "Q") + " ".join(num(x) for x in v))
        elif op == "re":
            x, y, w, h = v
            self._path.append(f"M{num(x)} {num(y)}H{num(x + w)}V{num(y + h)}H{num(x)}Z")
        elif op == "h":
            self._path.append("Z")
        elif op == "cm":
            a, b, c, d, e, f = style.matrix
            a2, b2, c2, d2, e2, f2 = v
            matrix = (
                a2 * a + b2 * c,
                a2 * b + b2 * d,
                c2 * a + d2 * c,
                c2 * b + d2 * d,
                e2 * a + f2 * c + e,
                e2 * b + f2 * d + f,
            )
            self._style = replace(style, matrix=matrix)
        else:
            self._style = _SETTERS[op](style, v)

    def _paint(self, op: str) -> None:
        close, rule, stroke = _PAINT[op]
        if not self._path:
            return
        d = "".join(self._path) + ("Z" if close else "")
        self._path = []
        style = self._style
        attrs = _transform(style.matrix)
        if style.clip:
            attrs += f' clip-path="url(#{style.clip})"'
        if rule is not None or stroke:
            fill = "none" if rule is None else colour(style.fill)
            attrs += f' fill="{fill}"'
            if rule == "evenodd":
                attrs += ' fill-rule="evenodd"'
            if stroke:
                attrs += _stroke(style)
            self.elements.append(f'<path d="{d}"{attrs}/>')
        if self._clip_next:
            self._clip_next = False
            name = f"clip{len(self.clips) + 1}"
            outer = f' clip-path="url(#{style.clip})"' if style.clip else ""
            self.clips.append(
                f'<clipPath id="{name}"{outer}><path d="{d}"{_transform(style.matrix)}/></clipPath>'
            )
            self._style = replace(style, clip=name)

    def add_text(self, spans: list[tuple[float, float, str, float, bool]], grey: str) -> None:
        """Text in grey level `grey`, each span with its baseline starting at (x, y)."""
        level = float(grey)
        texts = []
        for x, y, s, size, bold in spans:
            weight = ' font-weight="bold"' if bold else ""
            texts.append(
                f'<text xml:space="preserve" transform="matrix(1 0 0 -1 {num(x)} {num(y)})" '
                f'font-size="{num(size)}"{weight}>{escape(s)}</text>'
            )
        clip = f' clip-path="url(#{self._style.clip})"' if self._style.clip else ""
        self.elements.append(
            f'<g fill="{colour((level, level, level))}"{clip}>' + "".join(texts) + "</g>"
        )

    def svg(self, box: tuple[float, float, float, float], title: str = "") -> str:
        """The picture of the part of the page in `box` (x0, y0, x1, y1, PDF points)."""
        x0, y0, x1, y1 = box
        w, h = num(x1 - x0), num(y1 - y0)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
            f'height="{h}" font-family="{FONT_FAMILY}" xml:space="preserve" role="img"'
            + (f' aria-label="{escape(title)}"' if title else "")
            + ">"
        )
        parts = [head]
        if title:
            parts.append(f"<title>{escape(title)}</title>")
        parts.append(f'<rect width="{w}" height="{h}" fill="#ffffff"/>')
        if self.clips:
            parts.append("<defs>" + "".join(self.clips) + "</defs>")
        parts.append(
            f'<g transform="matrix(1 0 0 -1 {num(-x0)} {num(y1)})" stroke-miterlimit="10" '
            'direction="ltr" unicode-bidi="bidi-override">'
        )
        parts.extend(self.elements)
        parts.append("</g></svg>\n")
        return "\n".join(parts)


def _transform(matrix: tuple[float, ...]) -> str:
    if matrix == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
        return ""
    return f' transform="matrix({" ".join(num(v) for v in matrix)})"'


def _stroke(style: _Style) -> str:
    attrs = f' stroke="{colour(style.stroke)}" stroke-width="{num(style.width)}"'
    if style.cap:
        attrs += f' stroke-linecap="{_CAPS[style.cap % 3]}"'
    if style.join:
        attrs += f' stroke-linejoin="{_JOINS[style.join % 3]}"'
    if style.miter != 10.0:
        attrs += f' stroke-miterlimit="{num(style.miter)}"'
    array, phase = style.dash
    if array:
        attrs += f' stroke-dasharray="{" ".join(num(v) for v in array)}"'
        if phase:
            attrs += f' stroke-dashoffset="{num(phase)}"'
    return attrs


_SETTERS: dict[str, Callable[[_Style, list[float]], _Style]] = {
    "g": lambda s, v: replace(s, fill=(v[0], v[0], v[0])),
    "G": lambda s, v: replace(s, stroke=(v[0], v[0], v[0])),
    "rg": lambda s, v: replace(s, fill=(v[0], v[1], v[2])),
    "RG": lambda s, v: replace(s, stroke=(v[0], v[1], v[2])),
    "w": lambda s, v: replace(s, width=v[0]),
    "J": lambda s, v: replace(s, cap=int(v[0])),
    "j": lambda s, v: replace(s, join=int(v[0])),
    "M": lambda s, v: replace(s, miter=v[0]),
}


class SvgInk(Ink):
    """An Ink that keeps text as strings for an SvgCanvas; its paths go to the canvas's
    interpreter as PDF operators, as the PDF's do."""

    def __init__(self, canvas: SvgCanvas) -> None:  # the PDF's font subsets are not wanted
        self.canvas = canvas
        self._spans: list[tuple[float, float, str, float, bool]] = []

    def text(self, x: float, y: float, s: str, size: float, bold: bool = False) -> None:
        """Show `s` with its baseline starting at (x, y)."""
        if s:
            self._spans.append((x, y, s, size, bold))

    def flush(self, grey: str = "0") -> None:
        """Write the collected text in grey level `grey` and start afresh."""
        if self._spans:
            assert isinstance(self.canvas, SvgCanvas)
            self.canvas.add_text(self._spans, grey)
        self._spans = []


def map_svg(m: Map, width: float, height: float, title: str = "") -> str:
    """The SVG picture of map `m` drawn in a box `width` by `height` points."""
    canvas = SvgCanvas()
    low = draw_map(canvas, m, 0.0, 0.0, width, height)
    return canvas.svg((-PAD, min(0.0, low) - PAD, width + PAD, height + PAD), title or m.title)


@dataclass(frozen=True)
class MapPicture:
    """One map of a printout: its title, the page it is on, and its SVG."""

    title: str
    page: int
    svg: str


def printout_maps(printout: Printout) -> list[MapPicture]:
    """Every map of `printout` that the PDF draws as vectors, as the PDF draws it (the same
    box on the page, the same legend below), in the order of the pages."""
    stock = stock_for(printout.width)
    size = font_size()
    pictures = []
    for page in layout(printout):
        for area in page.maps:
            if not has_map_drawer(area.map):
                continue
            canvas = SvgCanvas()
            low = draw_map_area(canvas, stock, page, area, size)
            top = line_top(area.first_line)
            box = (stock.left - PAD, low - PAD, stock.left + stock.text_width + PAD, top + PAD)
            title = area.map.title or "MAP"
            pictures.append(MapPicture(title, page.number, canvas.svg(box, title)))
    return pictures
