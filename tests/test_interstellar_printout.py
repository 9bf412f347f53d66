"""Interstellar Conquest printouts: what is owed said first, the table, the encounter, the
systems as tiles (text blocks; pyramids in PDF), no secret of another player in any
printout, text or PDF, and the same bytes twice."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

import pytest
from pypdf import PdfReader

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.print.maps.tiles import Pieces, Tile, TileMap, TileSystem
from galbatch.print.maps.tiles_pdf import PIECE_COLOURS, ring_places
from galbatch.print.page import MapBlock, layout, render_text
from galbatch.print.pdf import render_pdf
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.printout import gm_printout, player_printout, tile_map
from galbatch.rules.interstellar.state import Event, GameState, Ships
from galbatch.rules.interstellar.tables import NO_COIN
from galbatch.rules.interstellar.view import build_view
from tests.interstellar_encounter import combat, table

CTX = PrintContext(
    game="ic1",
    title="INTERSTELLAR CONQUEST",
    author="Talisman",
    date="2026-11-23",
    due="2026-11-30",
    width=80,
    header_line='GAME IC1 PLAYER 3 PASSWORD "x"',
    file_status="ORDERS RECEIVED",
)
DIAG = Diagnostic("3.txt", 2, 1, Severity.WARNING, "IC301", "ALLY RED WITH 9 M: 9 reduced to 1")
PLAYERS = ("1", "2", "3", "4", "5")


def text(state: GameState, player: str, diags: list[Diagnostic] | None = None) -> str:
    return render_text(layout(player_printout(build_view(state, player), diags or [], CTX)))


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def section(report: str, title: str) -> str:
    """A section's lines, from its title to the next title."""
    lines = report.splitlines()
    start = lines.index(title)
    titles = (i for i in range(start + 2, len(lines) - 1) if set(lines[i + 1]) == {"="})
    end = next(titles, len(lines))
    return "\n".join(lines[start:end])


# Each player's secrets in the combat: his hand's line, his pending and standing orders,
# and what only he saw.
SECRETS = {
    "1": ["Your coins: DIPLOMACY, 3.", "RED drew 0, 3, 5", "RED 5 (yours, not revealed)"],
    "2": ["Your coins: 1, 4, 4."],
    "3": ["Your coins: 1, 1, 2.", "PLAY 2", "IF ATTACKED PLAY HIGHEST"],
    "4": ["Your coins: DIPLOMACY, 5, 5.", "ALLY DEFENDER"],
    "5": ["Your coins: none.", "IF INVITED BY RED DECLINE"],
}


@pytest.mark.slow
def test_a_players_secrets_are_in_his_printout_only_in_text_and_pdf() -> None:
    state = combat()
    for reader in PLAYERS:
        report = text(state, reader)
        pdf = pdf_text(render_pdf(player_printout(build_view(state, reader), [], CTX)))
        for owner, secrets in SECRETS.items():
            for secret in secrets:
                for where, rendered in (("text", report), ("pdf", pdf)):
                    found = secret in rendered
                    assert found == (owner == reader), (reader, owner, secret, where)


def test_an_unrevealed_coin_shows_as_chosen_and_a_revealed_one_as_its_value() -> None:
    hidden = section(text(combat(), "3"), "THE ENCOUNTER")
    assert "Coins: RED chosen, not revealed; BLUE not yet chosen" in hidden
    shown = text(combat(revealed=True), "4")
    assert "Coins: RED 5; BLUE 2." in section(shown, "THE ENCOUNTER")


def test_invitations_still_to_come_are_not_yet() -> None:
    state = replace(combat(), phase=Phase.INVITE_DEFENDER, waiting=("3",))
    assert state.encounter is not None
    state = replace(state, encounter=replace(state.encounter, invited_by_defender=(), allies=()))
    encounter = section(text(state, "2"), "THE ENCOUNTER")
    assert "Invited by RED: BLACK, GREEN.  Invited by BLUE: not yet." in encounter


def test_a_combatant_without_coins_plays_none() -> None:
    state = combat(revealed=True)
    assert state.encounter is not None
    state = replace(state, encounter=replace(state.encounter, defender_coin=NO_COIN))
    encounter = section(text(state, "2"), "THE ENCOUNTER")
    assert "Coins: RED 5; BLUE no coin (counted as Diplomacy)." in encounter


def test_what_is_owed_comes_first_with_the_due_date() -> None:
    lines = text(combat(), "3").splitlines()
    assert lines[3] == "YOU OWE ORDERS BY 2026-11-30"
    end = lines.index("The game waits for your order; without it, nothing moves.")
    assert lines[5] == lines[end + 1] == "*" * 80  # framed: not to be missed
    owed = section("\n".join(lines), "YOU OWE ORDERS BY 2026-11-30")
    assert "your secret coin for the combat, as the defender" in owed
    assert "    PLAY HIGHEST" in owed
    for reader in ("1", "2", "4", "5"):
        report = text(combat(), reader)
        assert report.splitlines()[3] == "NOTHING OWED"
        assert "The game waits for BLUE (coins (Play 7): the secret coins)." in report
        assert "YOU OWE" not in report and "*" * 80 not in report


def test_a_run_that_stopped_after_its_round_owes_nobody() -> None:
    state = replace(combat(), phase=Phase.DRAW, encounter=None, waiting=())
    report = text(state, "3")
    assert report.splitlines()[3] == "NOTHING OWED"
    assert "No one owes orders: this run has played its round" in report


def test_the_table_and_the_encounter() -> None:
    report = text(combat(), "2")
    assert re.search(r"^RED +P1 +Balchoth +yes, 4 S +2 +1$", report, re.M)
    assert re.search(r"^BLACK +P5 +Hirilorn +yes, 5 S +0 +0$", report, re.M)
    assert "In the void: RED 1 S." in report
    assert "Bag: 17 coins.  Discards: 4, DIPLOMACY." in report
    encounter = section(report, "THE ENCOUNTER")
    assert "Attack: RED attacks BLUE 3, defended by BLUE." in encounter
    assert "Attacking fleet: 1 M 1 L from RED 2." in encounter
    assert "Invited by RED: BLACK, GREEN.  Invited by BLUE: YELLOW, GREEN." in encounter
    assert "Ally: GREEN with the attacker: 1 S from GREEN 1." in encounter


def test_the_systems_are_blocks_of_tiles_with_the_void_and_the_encounter() -> None:
    systems = section(text(combat(), "2"), "THE SYSTEMS")
    assert re.search(r"RED 2  RED S1 +GREEN 2  GREEN S1 M1 L1 +BLUE 2  BLUE S1 M1 L1", systems)
    assert re.search(r"BLUE 3\* BLUE S1 M1 L1$", systems, re.M)  # the target
    # Two owners on BLUE 4: one a line, the second under the first.
    blue4 = r"GREEN 4 .* BLUE 4  RED S1\nRED 5 .*GREEN S1 M1 L1 {12}BLUE S1 M1 L1$"
    assert re.search(blue4, systems, re.M)
    assert re.search(r"VOID\n.*----\n.*BLACK 1  BLACK S1 M1 L1 +RED S1$", systems, re.M)
    assert "ATTACK ON BLUE 3" in systems and "  RED M1 L1" in systems


def test_eight_systems_fit_one_page_of_80_columns() -> None:
    state = table(8)
    m = tile_map(build_view(state, "1"))
    lines = m.text_lines(80, 63)
    assert all(len(line) <= 80 for line in lines) and len(lines) <= 61
    assert sum(line.count("S1 M1 L1") for line in lines) == 40
    assert len(set(ring_places(8))) == 8 and (1, 1) not in ring_places(8)
    assert ring_places(4) == ((1, 0), (2, 1), (1, 2), (0, 1))  # clockwise from the top


def test_the_pdf_draws_the_tiles_and_pieces_in_their_colours() -> None:
    p = player_printout(build_view(combat(), "3"), [DIAG], CTX)
    maps = [b.map for s in p.sections for b in s.blocks if isinstance(b, MapBlock)]
    assert len(maps) == 1 and isinstance(maps[0], TileMap)
    pdf = render_pdf(p)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == len(layout(p))
    page = next(pg for pg in reader.pages if "THE SYSTEMS" in pg.extract_text())
    drawing = page.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]
    for colour in ("RED", "GREEN", "BLUE", "YELLOW", "BLACK"):
        assert f"{PIECE_COLOURS[colour]} rg" in drawing
    assert PIECE_COLOURS["WHITE"] + " rg" not in drawing  # no WHITE player, no white pieces
    assert "VOID" in page.extract_text() and "ATTACK ON BLUE 3" in page.extract_text()


def test_the_same_view_gives_the_same_bytes() -> None:
    view = build_view(combat(), "3")
    assert render_pdf(player_printout(view, [DIAG], CTX)) == render_pdf(
        player_printout(build_view(combat(), "3"), [DIAG], CTX)
    )
    assert text(combat(), "3", [DIAG]) == text(combat(), "3", [DIAG])
    assert DIAG.format() in text(combat(), "3", [DIAG])


def test_the_order_sheet_says_what_to_fill_in() -> None:
    sheet = section(text(combat(), "3"), "ORDER SHEET")
    assert "Due Date: 2026-11-30" in sheet and CTX.header_line in sheet
    assert "For game ic1, run 1, player BLUE P3" in sheet
    assert "You owe your secret coin for the combat. Fill in one of:" in sheet
    assert re.search(r"^ +15  _{70}$", sheet, re.M)
    assert "Nothing owed." in section(text(combat(), "1"), "ORDER SHEET")


def test_the_orders_numbered_as_cancel_counts_them() -> None:
    orders = section(text(combat(), "3"), "YOUR ORDERS")
    assert "  PLAY 2" in orders and "   1. IF ATTACKED PLAY HIGHEST" in orders
    assert "What became of your orders this run:\n  PLAY 2: kept pending." in orders


def test_what_became_of_the_readers_orders() -> None:
    refused = Event("refused", "ALLY RED WITH 2 M: not carried out: no invitation.", ("4",))
    state = replace(combat(), events=(*combat().events, refused))
    orders = section(text(state, "4"), "YOUR ORDERS")
    assert "  ALLY RED WITH 2 M: not carried out: no invitation." in orders
    assert "no invitation" not in text(state, "3")


def test_a_finished_game_says_who_won() -> None:
    report = text(replace(combat(revealed=True), winners=("1", "4")), "2")
    assert report.splitlines()[3] == "THE GAME IS OVER"
    assert "Won by RED, YELLOW. Nothing owed." in report


def test_gm_printout_shows_every_secret() -> None:
    state = combat()
    report = render_text(layout(gm_printout(state, CTX)))
    assert "RED      DIPLOMACY, 3" in report and "YELLOW   DIPLOMACY, 5, 5" in report
    assert "Coins: RED 5; BLUE not yet chosen." in report
    assert "RED drew 0, 3, 5 (seen by RED)" in report
    assert "BLUE: pending: PLAY 2" in report
    assert render_pdf(gm_printout(state, CTX)) == render_pdf(gm_printout(combat(), CTX))


@pytest.fixture(scope="module")
def blue() -> str:
    return text(combat(), "3", [DIAG])


def test_snapshot_player(blue: str, snapshot: Any) -> None:
    assert blue == snapshot


def test_snapshot_gm(snapshot: Any) -> None:
    assert render_text(layout(gm_printout(combat(), CTX))) == snapshot


def crowded() -> GameState:
    """Eight players, each with ships of every size on every planet (no game gets there:
    the most the text map must show)."""
    state = table(8)
    everyone = state.players()
    ships = {planet: {p: Ships(5, 5, 5) for p in everyone} for planet in state.ships}
    return replace(state, ships=ships, void={p: Ships(5, 5, 5) for p in everyone})


def test_a_crowded_table_keeps_every_page_66_lines_and_lists_every_tile() -> None:
    for width in (80, 132):
        ctx = replace(CTX, width=width)
        p = player_printout(build_view(crowded(), "1"), [], ctx)
        pages = layout(p)
        assert all(len(page.lines) == 66 for page in pages)
        report = render_text(pages)
        listed = section(report, "THE SYSTEMS, LISTED")
        assert len(re.findall(r"^(RED|PURPLE) [1-5]: ", listed, re.M)) == 10
        assert "MORE PIECES THAN A PAGE HOLDS: EVERY TILE IS IN THE SYSTEMS, LISTED." in report
        assert len(PdfReader(io.BytesIO(render_pdf(p))).pages) == len(pages)
    ordinary = player_printout(build_view(combat(), "1"), [], CTX)
    assert "THE SYSTEMS, LISTED" not in [s.title for s in ordinary.sections]


def test_owners_are_packed_on_fewer_lines_when_one_a_line_overflows_the_page() -> None:
    colours = ("RED", "GREEN", "BLUE", "YELLOW", "BLACK", "CLEAR", "ORANGE", "PURPLE")
    four = tuple(Pieces(c, 1) for c in colours[:4])
    systems = tuple(
        TileSystem(c, c, tuple(Tile(str(n), four) for n in range(1, 6))) for c in colours
    )
    m = TileMap("T", systems, Tile("VOID", four), legend=("key",))
    lines = m.text_lines(80, 63)
    assert len(lines) <= 61 and m.fits(80, 63)
    assert sum(line.count("S1") for line in lines) == 4 * (5 * 8 + 1)  # every owner shown
    assert any(re.search(r"RED S1, GREEN S1", line) for line in lines)  # packed
    assert lines[-1] == "key"


def test_a_long_diagnostic_is_broken_at_spaces_not_cut() -> None:
    long = Diagnostic(
        "3.txt", 4, 1, Severity.ERROR, "IC235",
        "ALLY RED WITH 2 M FROM GREEN 3: an ally's ships come from the system attacked, or"
        " the attacker's origin system when his fleet has a transport (Play 6c, 6d)",
    )  # fmt: skip
    check = section(text(combat(), "3", [long]), "ORDER CHECK")
    assert all(len(line) <= 80 for line in check.splitlines())
    assert "(Play 6c, 6d)" in check and " ".join(check.split()).count(long.format()) == 1


def test_the_table_fits_80_columns_with_the_longest_names() -> None:
    state = combat()
    seats = tuple(replace(s, name="A" * 20) for s in state.seats)
    state = replace(state, seats=seats, void={p: Ships(5, 5, 5) for p in state.players()})
    table_text = section(text(state, "1"), "THE TABLE")
    assert all(len(line) <= 80 for line in table_text.splitlines())
    assert re.search(r"^RED +A{20} +Balchoth +yes, 4 S +2 +1$", table_text, re.M)
    assert "In the void: RED 5 S 5 M 5 L; GREEN 5 S 5 M 5 L;" in table_text
