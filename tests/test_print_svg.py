"""The SVG canvas: the PDF maps' own drawers draw on it, so the web shows the map the
printout shows (issue 25: "the map in the browser as a vector picture from the same map
model as the PDF").

Each PDF operator the drawers use becomes the SVG that paints the same thing; every map
kind of every bundled game renders; the same map gives the same bytes; text a player
chose is escaped; and the PDFs stay byte for byte what the bundled games archived.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.job.reprint import reprint, turn_printout
from galbatch.print.maps.board import BoardMap
from galbatch.print.maps.fields import FieldIndex, FieldMap, FieldPoint, HexMap, field_atlas
from galbatch.print.maps.grid import GridMap
from galbatch.print.maps.svg import (
    MapPicture,
    SvgCanvas,
    SvgError,
    SvgInk,
    escape,
    map_svg,
    printout_maps,
)
from galbatch.print.maps.tiles import TileMap
from tests.bundled import shipped

SVG = "{http://www.w3.org/2000/svg}"
BUNDLED = ("conflict-demo", "galaxy13", "gc16", "nebula4", "spiral6")
HOSTILE = '<script>alert(1)</script>\u202eevil\u2066&"x\u0007'


def drawn(code: str) -> list[str]:
    canvas = SvgCanvas()
    canvas.addLiteral(code)
    return canvas.elements


# ---------------------------------------------------------------- operators


def test_a_filled_subpath_is_a_path_in_the_fill_colour() -> None:
    assert drawn("q 1 0.95 0.72 rg\n10.00 20.00 m 30.50 40.00 l 5 5 l h f\nQ") == [
        '<path d="M10 20L30.5 40L5 5Z" fill="#fff2b8"/>'
    ]


def test_a_rectangle_is_a_closed_path_and_g_is_a_grey() -> None:
    assert drawn("0.86 g 1 2 3 4 re f") == ['<path d="M1 2H4V6H1Z" fill="#dbdbdb"/>']


def test_a_stroke_takes_colour_width_caps_joins_and_dashes() -> None:
    [path] = drawn("q 0.25 G 0.8 w 1 J 2 j [2 3] 1 d 0 0 m 10 0 l S Q")
    assert path == (
        '<path d="M0 0L10 0" fill="none" stroke="#404040" stroke-width="0.8" '
        'stroke-linecap="round" stroke-linejoin="bevel" stroke-dasharray="2 3" '
        'stroke-dashoffset="1"/>'
    )


def test_b_fills_and_strokes_and_rgb_strokes_are_rgb() -> None:
    [path] = drawn("1 g 0.80 0 0 RG 0.6 w 0 0 m 1 1 l h B")
    assert path == '<path d="M0 0L1 1Z" fill="#ffffff" stroke="#cc0000" stroke-width="0.6"/>'


def test_curves_close_and_paint_as_the_pdf_says() -> None:
    [path] = drawn("0 0 m 1 2 3 4 5 6 c h f")
    assert path == '<path d="M0 0C1 2 3 4 5 6Z" fill="#000000"/>'


def test_q_and_big_q_save_and_restore_the_state() -> None:
    paths = drawn("q 1 0 0 rg q 0 1 0 rg 0 0 1 1 re f Q 0 0 1 1 re f Q 0 0 1 1 re f")
    assert [p.split('fill="')[1][:7] for p in paths] == ["#00ff00", "#ff0000", "#000000"]


def test_a_clip_path_clips_what_follows_until_the_state_is_restored() -> None:
    canvas = SvgCanvas()
    canvas.addLiteral("q 0 0 10 10 re W n 0.8 0.4 0 RG 5 5 m 20 20 l S Q 0 0 m 1 1 l S")
    assert canvas.clips == ['<clipPath id="clip1"><path d="M0 0H10V10H0Z"/></clipPath>']
    assert 'clip-path="url(#clip1)"' in canvas.elements[0]
    assert "clip-path" not in canvas.elements[1]
    assert "<defs>" in canvas.svg((0, 0, 10, 10))


def test_cm_transforms_what_follows() -> None:
    [path] = drawn("q 2 0 0 2 10 20 cm 0 0 1 1 re f Q")
    assert 'transform="matrix(2 0 0 2 10 20)"' in path


def test_n_ends_a_path_without_painting_it() -> None:
    assert drawn("0 0 m 5 5 l n") == []


@pytest.mark.parametrize("code", ["0 0 m 1 1 l BT", "(x) Tj", "1 2 3 m S", "0 0 1 re f", "1 d"])
def test_an_operator_it_does_not_know_is_an_error_never_a_wrong_picture(code: str) -> None:
    with pytest.raises(SvgError):
        drawn(code)


def test_the_picture_is_flipped_to_pdf_coordinates_by_one_group() -> None:
    canvas = SvgCanvas()
    canvas.addLiteral("0 0 1 1 re f")
    svg = canvas.svg((-4.0, -10.0, 96.0, 40.0), "A MAP")
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 100 50"
    group = root.find(f"{SVG}g")
    assert group is not None and group.get("transform") == "matrix(1 0 0 -1 4 40)"
    assert root.findtext(f"{SVG}title") == "A MAP"


# ---------------------------------------------------------------- text


def test_text_is_kept_as_strings_in_the_monospace_font_at_the_pdf_positions() -> None:
    canvas = SvgCanvas()
    ink = canvas.make_ink()
    assert isinstance(ink, SvgInk)
    ink.text(10, 20, "55  A", 8.0, bold=True)
    ink.text_centered(50, 20, "12", 10.0)
    ink.flush("0.35")
    [group] = canvas.elements
    assert group.startswith('<g fill="#595959">')
    assert '<text xml:space="preserve" transform="matrix(1 0 0 -1 10 20)" font-size="8" ' in group
    assert 'font-weight="bold">55  A</text>' in group
    assert 'transform="matrix(1 0 0 -1 43.98 20)" font-size="10">12</text>' in group
    assert "DejaVu Sans Mono" in canvas.svg((0, 0, 100, 100))


def test_a_name_a_player_chose_is_escaped_and_cannot_reorder_the_map() -> None:
    """Markup is escaped; bidi and control characters, which could turn a name around
    or hide it, are shown as U+FFFD."""
    canvas = SvgCanvas()
    ink = canvas.make_ink()
    ink.text(0, 0, HOSTILE, 8.0)
    ink.flush()
    svg = canvas.svg((0, 0, 10, 10), HOSTILE)
    assert "<script" not in svg and "\u202e" not in svg and "\u2066" not in svg
    assert "\u0007" not in svg
    assert "&lt;script&gt;alert(1)&lt;/script&gt;\ufffdevil\ufffd&amp;&quot;x\ufffd" in svg
    ET.fromstring(svg)  # well-formed
    assert escape("plain 12") == "plain 12"


# ---------------------------------------------------------------- the bundled games


@cache
def bundled_maps(name: str) -> tuple[tuple[str, MapPicture], ...]:
    """Every map of every player's printout of the game's last shipped turn."""
    game = Game.open(shipped(name))
    turn = game.latest_turn()
    found = []
    for player in game.players:
        printout = turn_printout(game, turn, player.id)
        found += [(player.id, picture) for picture in printout_maps(printout)]
    return tuple(found)


@pytest.mark.parametrize("name", BUNDLED)
def test_every_map_of_every_bundled_game_renders(name: str) -> None:
    pictures = bundled_maps(name)
    assert pictures, f"{name} prints no map"
    for _, picture in pictures:
        root = ET.fromstring(picture.svg)
        assert root.findall(f".//{SVG}path") and root.findall(f".//{SVG}text")
        assert root.findtext(f"{SVG}title") == picture.title


def test_each_map_kind_renders() -> None:
    """Every kind the drawers draw: the bundled games' five, and a field atlas's index."""
    kinds = {
        type(m).__name__
        for name in BUNDLED
        for p in Game.open(shipped(name)).players[:1]
        for section in turn_printout(Game.open(shipped(name)), 0, p.id).sections
        for block in section.blocks
        for m in [getattr(block, "map", None)]
        if m is not None
    }
    assert {HexMap.__name__, FieldMap.__name__, GridMap.__name__} <= kinds
    assert {BoardMap.__name__, TileMap.__name__} <= kinds
    points = tuple(FieldPoint((x * 13) % 100, (x * 37) % 90, f"{x}") for x in range(1200))
    atlas = field_atlas(FieldMap("CROWDED", 100, 90, points), 80, 40)
    assert isinstance(atlas[0], FieldIndex)
    for m in atlas[:2]:
        root = ET.fromstring(map_svg(m, 500, 400))
        assert root.findall(f".//{SVG}path")


@pytest.mark.parametrize("name", BUNDLED)
def test_the_same_map_gives_the_same_bytes(name: str) -> None:
    game = Game.open(shipped(name))
    printout = turn_printout(game, game.latest_turn(), game.players[0].id)
    first = printout_maps(printout)
    assert first == printout_maps(printout)
    assert first == [pic for who, pic in bundled_maps(name) if who == game.players[0].id]


@pytest.mark.parametrize("name", BUNDLED)
def test_the_pdf_printouts_stay_what_the_bundled_game_archived(name: str) -> None:
    """Drawing maps for SVG changed nothing in the PDF: the archived bytes come again."""
    game = Game.open(shipped(name))
    turn = game.latest_turn()
    for player in game.players:
        archived = Path(game.turn_dir(turn)) / "printouts" / f"{player.id}.pdf"
        assert reprint(game.path, turn, player.id, "pdf") == archived.read_bytes()
