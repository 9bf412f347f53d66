"""Galac-Tac printouts: the empire's turn report and the GM's summary.

The turn report is built from the empire's view alone: the Economic/Fleet report
(its action summary and status page first), diplomatic messages when the view
carries any, the Shipyard reports the SHIPYARD actions asked for, and the maps the
MAP actions asked for; with the first report (the setup's, before the first actions)
a Shipyard report and the galaxy and quadrant maps come unasked, as REPORTS says.
A line printer's 132 columns suit the book's wide sample pages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.print.input_sheet import sheet_head
from galbatch.print.maps.grid import STAR, GridCell, GridMap, KeyEntry
from galbatch.print.metadata import gm_printout_for, printout_for
from galbatch.print.page import MapBlock, Printout, Section, Table, Text
from galbatch.print.wrap import wrap
from galbatch.rules.galactac.events import event_to_data
from galbatch.rules.galactac.galaxy import parse_location
from galbatch.rules.galactac.maps import (
    known_stars,
    requested_maps,
    ship_places,
    turn_one_maps,
    whole_map,
)
from galbatch.rules.galactac.report_combat import combat_report_lines
from galbatch.rules.galactac.report_economy import (
    dated,
    event_line,
    fleet_report,
    once,
    ordinal,
    sighting_lines,
    summary_lines,
)
from galbatch.rules.galactac.report_shipyard import DEFAULT_SORT, requested_sorts, shipyard_lines
from galbatch.rules.galactac.state import GameState
from galbatch.rules.galactac.turn import empire_key

# The turn whose printout brings the Shipyard report and the two maps unasked: the
# setup's, dated 3500-01 like the book's sample pages, the report a player reads
# before the first actions ("Print out your GALAC-TAC galaxy map and follow along").
FIRST_REPORT = 0


def player_printout(
    view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
) -> Printout:
    """The empire's printout of one turn, from its view alone."""
    width = ctx.width
    me = view["empire"]
    date = str(view["date"])
    sections = [
        Section(
            "ACTION SUMMARY AND STATUS",
            (Text(tuple(summary_lines(view, diagnostics, ctx.file_status, width, ctx.view_file))),),
        ),
        Section("ECONOMIC/FLEET REPORT", (Text(tuple(fleet_report(view, width))),), new_page=True),
    ]
    combat = combat_report_lines(view, width)
    if combat:
        sections.append(Section("COMBAT REPORT", (Text(tuple(combat)),), new_page=True))
    seen = sighting_lines(view)
    if seen:
        sections.append(Section("ALIEN SIGHTINGS", (Text(tuple(seen)),)))
    messages = view.get("messages")
    if messages:
        sections.append(Section("DIPLOMATIC MESSAGES", (Text(message_lines(messages, width)),)))
    for sort in shipyard_sorts(view):
        lines = [dated("SHIPYARD REPORT", date, width), "", *shipyard_lines(view, sort)]
        sections.append(Section(f"SHIPYARD REPORT ({sort})", (Text(tuple(lines)),), True))
    maps, problems = player_maps(view)
    if problems:
        sections.append(Section("MAPS NOT PRINTED", (Text(tuple(problems)),)))
    for m in maps:
        sections.append(Section(m.title, (MapBlock(m),), new_page=True))
    sections.append(Section("TURN INPUT SHEET", (Text(input_sheet(view, ctx)),), new_page=True))
    reader = f"EMPIRE {me['id']} {me['name']}"
    keywords = (f"empire {me['id']}", str(me["name"]))
    turn = int(view["turn"])
    return printout_for(ctx, turn, reader, sections, name=me["name"], keywords=keywords)


def requests(view: Mapping[str, Any], report: str) -> list[str]:
    """The details of the turn's MAP or SHIPYARD requests, in the order written."""
    return [
        str(e["detail"])
        for e in view["events"]
        if e["event"] == "Requested" and e["report"] == report
    ]


def shipyard_sorts(view: Mapping[str, Any]) -> list[str]:
    """The Shipyard reports to print: those asked for, or one by SSD+ on the first report."""
    sorts = requested_sorts(requests(view, "SHIPYARD"))
    if not sorts and int(view["turn"]) == FIRST_REPORT:
        sorts = [DEFAULT_SORT]
    return sorts


def map_requests(details: Iterable[str]) -> list[tuple[str, str]]:
    """Each requested map as (type, location words); two QUADs without a location in a
    row are the special MAP QUAD QUAD (four pages)."""
    out: list[tuple[str, str]] = []
    for detail in details:
        words = detail.split()
        if not words:
            continue
        kind, where = words[0].upper(), " ".join(words[1:])
        if kind == "QUAD" and not where and out and out[-1] == ("QUAD", ""):
            out[-1] = ("QUAD", "QUAD")
            continue
        out.append((kind, where))
    return out


def player_maps(view: Mapping[str, Any]) -> tuple[list[GridMap], list[str]]:
    """The maps of the turn report (the first turn's two, then those asked for) and a
    line for each request that makes no map."""
    stars = known_stars(view)
    fleets = ship_places(view)
    maps: list[GridMap] = []
    problems: list[str] = []
    home = view["empire"]["home"]
    if int(view["turn"]) == FIRST_REPORT and home:
        maps += turn_one_maps(stars, parse_location(str(home)))
    for kind, where in map_requests(requests(view, "MAP")):
        try:
            maps += requested_maps(stars, kind, where, fleets)
        except ValueError as e:
            asked = " ".join(w for w in ("MAP", kind, where) if w)
            problems.append(f"{asked}: {e}")
    return maps, problems


def message_lines(messages: Sequence[Any], width: int) -> tuple[str, ...]:
    """Diplomatic messages received: who sent each, then its text."""
    lines: list[str] = []
    for m in messages:
        if isinstance(m, Mapping):
            lines.append(f"From {m.get('from', '')}:")
            text = str(m.get("text", ""))
        else:
            text = str(m)
        for line in text.splitlines() or [""]:
            lines += wrap("  " + line, width, 2)
        lines.append("")
    return tuple(lines[:-1])


INPUT_ROWS = 20  # numbered action lines, as on the book's Turn Input Sheet
ARGUMENTS = 5


def input_sheet(view: Mapping[str, Any], ctx: PrintContext) -> tuple[str, ...]:
    """The Turn Input Sheet of PLAY BY MAIL: the due date, galaxy, turn and empire, the
    header line the action file starts with, and numbered lines to write actions on."""
    me = view["empire"]
    turn = int(view["turn"]) + 1
    reader = [
        f"For Galaxy {ctx.game}, Turn {turn}",
        f"  Player {me['player']}",
        f"  Empire {me['name']} (#{me['id']})",
    ]
    lines = sheet_head("Galac-Tac Turn Input Sheet", ctx.due, reader, ctx.header_line, "action")
    head = f"{'#':>3}  {'Action':<12}" + "".join(
        f"  {f'Argument #{n}':<15}" for n in range(1, ARGUMENTS + 1)
    )
    lines += ["", head.rstrip(), ""]
    blank = f"{'_' * 12}" + f"  {'_' * 15}" * ARGUMENTS
    for n in range(1, INPUT_ROWS + 1):
        lines += [f"{n:>3}  {blank}", ""]
    return tuple(lines[:-1])


# The game master's summary


def gm_printout(state: GameState, ctx: PrintContext) -> Printout:
    """The GM's summary: every empire's status in one table, the turn's events, and the
    whole galaxy with each system's owner."""
    width = ctx.width
    head = [
        dated(f"Galac-Tac game {ctx.game}, turn {state.turn}", state.date, width),
        f"{len(state.empires)} empires, {len(state.systems)} star systems, "
        f"{len(state.ships)} ships",
        "Research thresholds (secret): "
        + ", ".join(f"TL {n} {pi:,} PI" for n, pi in enumerate(state.thresholds, start=1)),
        f"The Masters return on turn {state.masters_return} (secret).",
    ]
    if state.over:
        winner = state.empires[state.winner].name if state.winner in state.empires else "none"
        head.append(f"The game has ended. Winner: {winner}")
    sections = [
        Section(f"{ctx.title}: GAME MASTER SUMMARY", (Text(tuple(head)),)),
        Section("EMPIRES", (empire_table(state),)),
        Section("EVENTS OF THE TURN", (Text(gm_events(state, width)),), new_page=True),
        Section("GALAXY OWNERS", (MapBlock(owner_map(state)),), new_page=True),
    ]
    return gm_printout_for(ctx, state.turn, sections)


def empire_table(state: GameState) -> Table:
    """Each empire: id, name, player, tech, systems, ships, PI, valuation."""
    rows = []
    for eid in sorted(state.empires, key=empire_key):
        e = state.empires[eid]
        systems = [s for s in state.systems.values() if s.owner == eid]
        ships = [s for s in state.ships if s.owner == eid]
        home = "-" if e.home is None else f"{e.home[0]:02d}-{e.home[1]:02d}"
        rows.append(
            (
                eid,
                e.name,
                e.player,
                home,
                e.tech,
                e.research,
                len(systems),
                len(ships),
                sum(s.pi for s in systems),
                ordinal(e.valuation),
            )
        )
    headers = ("#", "EMPIRE", "PLAYER", "HOME", "TECH", "RESEARCH", "SYSTEMS", "SHIPS", "PI")
    return Table((*headers, "VALUATION"), tuple(rows))


def gm_events(state: GameState, width: int) -> tuple[str, ...]:
    """Every empire's events of the turn, each under its empire's name."""
    lines: list[str] = []
    for eid in sorted(state.empires, key=empire_key):
        told = [e for e in state.events if e.empire == eid]
        if not told:
            continue
        if lines:
            lines.append("")
        lines.append(f"{eid} {state.empires[eid].name}")
        for line in once(event_line(event_to_data(e)) for e in told):
            lines += wrap("  " + line, width)
    return tuple(lines) or ("Nothing happened.",)


OWNER_MARKS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
RANK = {"home": 6, "production": 5, "colony": 4}


def owner_map(state: GameState) -> GridMap:
    """MAP WHOLE for the GM: every star, each held system marked with its owner's letter
    (Home Systems highlighted), the key naming each empire's letter."""
    order = sorted(state.empires, key=empire_key)
    marks = {eid: OWNER_MARKS[i % len(OWNER_MARKS)] for i, eid in enumerate(order)}
    homes = {e.home for e in state.empires.values() if e.home is not None}
    cells = []
    for loc in sorted(state.systems):
        s = state.systems[loc]
        if s.owner is None:
            cells.append(GridCell(loc[0], loc[1], STAR))
            continue
        kind = "home" if loc in homes else s.kind
        cells.append(GridCell(loc[0], loc[1], marks[s.owner], RANK.get(kind, 4), own=loc in homes))
    key = [KeyEntry(GridCell(0, 0, STAR), "STAR SYSTEM NOBODY HOLDS")]
    key += [
        KeyEntry(GridCell(0, 0, marks[eid], 5), f"{eid} {state.empires[eid].name}") for eid in order
    ]
    key.append(KeyEntry(GridCell(0, 0, "A", 6, own=True), "A HOME SYSTEM (HIGHLIGHTED)"))
    base = whole_map([])
    legend = (*base.legend, "EACH HELD SYSTEM SHOWS ITS OWNER'S LETTER (SEE THE KEY).")
    return replace(base, title="GALAXY OWNERS", cells=tuple(cells), key=tuple(key), legend=legend)
