"""Galactic Conflict printouts, section by section as RESULTS OF PLAYERS' TURNS lists them.

A player's printout is built from that player's view alone, so it cannot show
what the view does not hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.print.maps.fields import HexMap, HexMarker
from galbatch.print.maps.hexes import hex_name
from galbatch.print.metadata import gm_printout_for, printout_for
from galbatch.print.order_check import order_check_section
from galbatch.print.page import Block, MapBlock, Printout, Section, Table, Text
from galbatch.rules.conflict.state import GameState
from galbatch.rules.conflict.view import totals

WORLD_HEAD = (
    f"{'WORLD':>5}  {'OWNER':<20} {'ECON':>5} {'CP':>5} {'AF':>5} {'DF':>5} {'FT':>5} {'PROBES':>6}"
)
TOTAL_HEADERS = ("WORLDS", "ECON", "CP", "AF", "DF", "FT", "PROBES")
TOTAL_KEYS = ("worlds", "econ", "cp", "af", "df", "ft", "probes")


def player_printout(
    view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
) -> Printout:
    """The player's printout of one turn, from the player's view."""
    sections = [
        header_section(view, ctx),
        Section("TOTALS", (Table(TOTAL_HEADERS, (tuple(view["totals"][k] for k in TOTAL_KEYS),)),)),
        worlds_section(view),
    ]
    if view.get("final"):
        sections.append(final_section(view["final"]))
    # "The last section is a list of players you are in contact with and their
    # scores": the last of the turn's results; the order check, the map and the
    # input sheet follow as attachments.
    sections.append(contacts_section(view))
    sections.append(order_check_section(diagnostics, ctx))
    sections.append(map_section(view))
    sections.append(input_sheet(view, ctx))
    reader = f"ACCOUNT {view['account']}  {view['name']}"
    keywords = (f"player {view['player']}", view["name"])
    return printout_for(
        ctx, int(view["turn"]), reader, sections, name=view["name"], keywords=keywords
    )


def header_section(view: Mapping[str, Any], ctx: PrintContext) -> Section:
    lines = [
        f"GAME {ctx.game.upper():<16} TURN {view['turn']:<4} ACCOUNT {view['account']:<8} "
        f"CODE NAME {view['name']:<20} SCORE {view['score']}",
    ]
    if ctx.file_status:
        lines.append(f"ORDERS: {ctx.file_status}")
    if view.get("finished"):
        lines.append("THE GAME HAS ENDED. FINAL SCORES FOLLOW.")
    return Section(ctx.title, (Text(tuple(lines)),))


def world_lines(row: Mapping[str, Any]) -> list[str]:
    """A world's line, its attack report, <<Probed>>, transfer and the orders executed there."""
    lines = [
        f"{row['number']:>5}  {row['owner'][:20]:<20} {row['econ']:>5} {row['cp']:>5} "
        f"{row['af']:>5} {row['df']:>5} {row['ft']:>5} {row['probes']:>6}"
    ]
    pad = " " * 7
    attack = row.get("attack")
    if attack:
        for name, af in attack["attackers"]:
            lines.append(f"{pad}ATTACKED BY {name} WITH {af} AF")
        af, df, ft = attack["defended"]
        lines.append(f"{pad}DEFENDER {attack['defender']} WITH {af} AF, {df} DF, {ft} FT")
        lines.append(f"{pad}WORLD HELD BY {attack['owner_after']}")
    if row.get("probed"):
        lines.append(f"{pad}<<Probed>>")
    if row.get("transferred_from"):
        lines.append(f"{pad}TRANSFERRED FROM {row['transferred_from']}")
    lines.extend(order_lines(row.get("orders", []), pad))
    return lines


def order_lines(orders: Sequence[Sequence[str]], pad: str) -> list[str]:
    return [f"{pad}ORDER {text}" + (f"  ({note})" if note else "") for text, note in orders]


def worlds_section(view: Mapping[str, Any]) -> Section:
    lines = [WORLD_HEAD]
    for row in view["reports"]:
        lines.extend(world_lines(row))
    for number, orders in view.get("orders_elsewhere", []):
        lines.append(f"{number:>5}  (NO REPORT)")
        lines.extend(order_lines(orders, " " * 7))
    if not view["reports"]:
        lines.append("       YOU HAVE NO REPORT ON ANY WORLD.")
    return Section("WORLDS", (Text(tuple(lines)),))


def contacts_section(view: Mapping[str, Any]) -> Section:
    rows = tuple((name, score) for name, score in view.get("contacts", []))
    if not rows:
        return Section("PLAYERS IN CONTACT", (Text(("NONE YET.",)),))
    return Section("PLAYERS IN CONTACT", (Table(("CODE NAME", "SCORE"), rows),))


def final_section(final: Sequence[Mapping[str, Any]]) -> Section:
    rows = tuple((p["name"], p["score"], *(p[k] for k in TOTAL_KEYS)) for p in final)
    winner = Text((winner_line([(p["name"], p["score"]) for p in final]), ""))
    table = Table(("CODE NAME", "SCORE", *TOTAL_HEADERS), rows)
    return Section("FINAL SCORES", (winner, table))


def winner_line(scores: Sequence[tuple[str, int]]) -> str:
    """WINNING: "the player with the highest score wins"; players tied for it share
    the win (house rule)."""
    best = max(score for _, score in scores)
    names = sorted(name for name, score in scores if score == best)
    points = f"{best} POINT" if best == 1 else f"{best} POINTS"
    if len(names) == 1:
        return f"WINNER: {names[0]}, WITH {points}."
    return f"WINNERS, TIED WITH {points}: {', '.join(names)}."


def hex_map(view: Mapping[str, Any]) -> HexMap:
    cols, rows = view["sheet"]
    own = set(view.get("own", []))
    markers = tuple(
        HexMarker(int(col), int(row), str(number), underline=int(number) in own)
        for number, col, row in view["map"]
    )
    return HexMap(
        title="MAP OF THE GALAXY",
        cols=int(cols),
        rows=int(rows),
        markers=markers,
        legend=(
            "WORLDS YOU OWN ARE UNDERLINED.  COLUMNS ACROSS, ROWS DOWN; "
            "EVEN-NUMBERED COLUMNS ARE HALF A HEX LOWER.",
            "SCALE: ONE HEX IS ONE STEP OF DISTANCE; UNITS MOVE 3 HEXES A TURN.",
        ),
    )


def map_section(view: Mapping[str, Any]) -> Section:
    return Section("MAP OF THE GALAXY", (MapBlock(hex_map(view)),), new_page=True)


def input_sheet(view: Mapping[str, Any], ctx: PrintContext) -> Section:
    lines = [
        f"ORDERS FOR TURN {int(view['turn']) + 1} ARE DUE {ctx.due}.",
        "WRITE ONE ORDER A LINE BETWEEN THE HEADER AND END.  BUILDS AND ECON INCREASES",
        "LISTED ABOVE ARE REUSED AT ANY WORLD GIVEN NO BUILD, GATE OR ECON ORDER.",
        "",
        ctx.header_line,
        *([""] * 12),
        "END",
    ]
    if view.get("finished"):
        lines = ["THE GAME HAS ENDED: NO MORE ORDERS."]
    return Section("TURN INPUT SHEET", (Text(tuple(lines)),), new_page=True)


def gm_printout(state: GameState, ctx: PrintContext) -> Printout:
    """The game master's summary: every player, every battle, every world."""
    players = sorted(state.players.values(), key=lambda p: p.id)
    score_rows = tuple(
        (p.id, p.name, p.account, p.score, *(totals(state, p.id)[k] for k in TOTAL_KEYS))
        for p in players
    )
    heading = f"GAME {ctx.game.upper()}  TURN {state.turn}  ENDS ON TURN {state.end_turn}" + (
        "  (ENDED)" if state.finished else ""
    )
    winner = [winner_line([(p.name, p.score) for p in players])] if state.finished else []
    blocks: list[Block] = [Text((heading, *winner))]
    battles = []
    for b in state.report.battles:
        attackers = ", ".join(f"{state.name_of(a)} {af} AF" for a, af in b.attackers)
        af, df, ft = b.defended
        battles.append(
            f"WORLD {b.world:>4}: {attackers} VS {state.name_of(b.defender)} "
            f"{af} AF {df} DF {ft} FT -> HELD BY {state.name_of(b.owner_after)}"
        )
    sections = [
        Section(f"{ctx.title}: GAME MASTER SUMMARY", tuple(blocks)),
        Section(
            "PLAYERS", (Table(("ID", "CODE NAME", "ACCOUNT", "SCORE", *TOTAL_HEADERS), score_rows),)
        ),
        Section("BATTLES", (Text(tuple(battles) or ("NONE.",)),)),
        Section(
            "TRANSFERS",
            (
                Text(
                    tuple(
                        f"WORLD {w:>4} FROM {state.name_of(g)} TO {state.name_of(t)}"
                        for w, g, t in state.report.transfers
                    )
                    or ("NONE.",)
                ),
            ),
        ),
        Section(
            "IN FLIGHT",
            (
                Text(
                    tuple(
                        f"{state.name_of(f.owner)}: {f.kind} {f.count} {f.unit} "
                        f"{f.origin}->{f.dest} ARRIVES TURN {f.arrives}"
                        for f in state.flights
                    )
                    or ("NONE.",)
                ),
            ),
        ),
        Section(
            "WORLDS",
            (
                Table(
                    ("WORLD", "HEX", "OWNER", "ECON", "CP", "AF", "DF", "FT", "PROBES", "REUSE"),
                    tuple(
                        (
                            w.number,
                            hex_name(w.col, w.row),
                            state.name_of(w.owner),
                            w.econ,
                            w.cp,
                            w.af,
                            w.df,
                            w.ft,
                            w.probes,
                            " ".join(f"{i}{e}" for i, e in w.memory),
                        )
                        for w in sorted(state.worlds.values(), key=lambda w: w.number)
                    ),
                ),
            ),
            new_page=True,
        ),
        Section("MAP OF THE GALAXY", (MapBlock(owners_map(state)),), new_page=True),
    ]
    return gm_printout_for(ctx, state.turn, sections)


def owners_map(state: GameState) -> HexMap:
    """The GM's map: every world with its owner's player id (beside it in the PDF, below it
    as P and the id in the text)."""
    markers = tuple(
        HexMarker(w.col, w.row, str(w.number), owner=w.owner or "")
        for w in sorted(state.worlds.values(), key=lambda w: w.number)
    )
    return HexMap(
        title="MAP OF THE GALAXY",
        cols=state.cols,
        rows=state.rows,
        markers=markers,
        legend=(
            "OWNER MARKS ARE PLAYER IDS, IN TEXT AS P3 BELOW THE WORLD; SEE PLAYERS.",
            "COLUMNS ACROSS, ROWS DOWN; EVEN COLUMNS HALF A HEX LOWER; 3 HEXES A TURN.",
        ),
    )
