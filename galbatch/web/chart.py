"""A line chart as an SVG picture, drawn on the server: one line per name, turns across.

Deterministic (the same series give the same bytes) and escaped (the names are names
players chose); no script, no style attribute, no link, so the site's CSP holds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from galbatch.print.maps.svg import FONT_FAMILY, escape, num

WIDTH = 720.0
PLOT_HEIGHT = 300.0
LEFT, RIGHT, TOP = 64.0, 24.0, 16.0
AXIS_ROOM = 40.0  # under the plot: the turn numbers and the axis's name
LEGEND_LINE = 16.0
FONT = 11.0
# Colours told apart in colour and, mostly, in grey (a cycle past ten names).
COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#7f7f7f",
    "#bcbd22",
)
Series = tuple[str, tuple[tuple[int, float], ...]]  # a name and its (turn, value) points


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` ticks."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10.0 ** math.floor(math.log10(raw))
    return float(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def _label(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:g}"


def line_chart(title: str, axis: str, turns: Sequence[int], series: Sequence[Series]) -> str:
    """The chart of `series` over `turns` (ascending), its values on a scale from zero
    named `axis`, with a legend of the names in the order given."""
    first, last = (turns[0], turns[-1]) if turns else (0, 0)
    values = [v for _, points in series for _, v in points]
    low, high = min([0.0, *values]), max([0.0, *values])
    step = nice_step(high - low)
    low, high = math.floor(low / step) * step, max(step, math.ceil(high / step) * step)
    plot_w = WIDTH - LEFT - RIGHT
    height = TOP + PLOT_HEIGHT + AXIS_ROOM + LEGEND_LINE * len(series) + 8

    def x(turn: int) -> float:
        if last == first:
            return LEFT + plot_w / 2
        return LEFT + plot_w * (turn - first) / (last - first)

    def y(value: float) -> float:
        return TOP + PLOT_HEIGHT * (1 - (value - low) / (high - low))

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {num(WIDTH)} {num(height)}" '
        f'width="{num(WIDTH)}" height="{num(height)}" font-family="{FONT_FAMILY}" '
        f'font-size="{num(FONT)}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{num(WIDTH)}" height="{num(height)}" fill="#ffffff"/>',
    ]
    ticks = int(round((high - low) / step))
    for i in range(ticks + 1):
        value = low + i * step
        yy = num(y(value))
        out.append(f'<path d="M{num(LEFT)} {yy}H{num(LEFT + plot_w)}" stroke="#dddddd"/>')
        out.append(
            f'<text x="{num(LEFT - 6)}" y="{yy}" dy="4" text-anchor="end">{_label(value)}</text>'
        )
    every = max(1, math.ceil(len(turns) / 12))  # at most a dozen turn numbers
    for i, turn in enumerate(turns):
        if i % every and turn != last:
            continue
        xx = num(x(turn))
        bottom = TOP + PLOT_HEIGHT
        out.append(f'<path d="M{xx} {num(bottom)}V{num(bottom + 4)}" stroke="#555555"/>')
        out.append(f'<text x="{xx}" y="{num(bottom + 16)}" text-anchor="middle">{turn}</text>')
    out.append(
        f'<path d="M{num(LEFT)} {num(TOP)}V{num(TOP + PLOT_HEIGHT)}H{num(LEFT + plot_w)}" '
        'fill="none" stroke="#555555"/>'
    )
    out.append(
        f'<text x="{num(LEFT + plot_w / 2)}" y="{num(TOP + PLOT_HEIGHT + 32)}" '
        f'text-anchor="middle">TURN; {escape(axis)} UP</text>'
    )
    for n, (name, points) in enumerate(series):
        colour = COLOURS[n % len(COLOURS)]
        dash = ' stroke-dasharray="6 3"' if n >= len(COLOURS) else ""
        if len(points) > 1:
            d = "M" + "L".join(f"{num(x(t))} {num(y(v))}" for t, v in points)
            out.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        for t, v in points:
            out.append(
                f'<circle cx="{num(x(t))}" cy="{num(y(v))}" r="3" fill="{colour}">'
                f"<title>{escape(name)}, turn {t}: {_label(v)}</title></circle>"
            )
        ly = TOP + PLOT_HEIGHT + AXIS_ROOM + LEGEND_LINE * n + 8
        out.append(
            f'<path d="M{num(LEFT)} {num(ly)}h24" stroke="{colour}" stroke-width="2"{dash}/>'
        )
        out.append(
            f'<text x="{num(LEFT + 32)}" y="{num(ly)}" dy="4" direction="ltr" '
            f'unicode-bidi="bidi-override" xml:space="preserve">{escape(name)}</text>'
        )
    out.append("</svg>\n")
    return "\n".join(out)
