"""Galactic Conqueror printouts: the situation report of 1. and 2., and the GM's summary.

A player's situation report is built from that player's view alone, so it
cannot show what the view does not hold: other players' planets, fleets and
home planets, and planets whose position the player does not know.

The page flow (`galbatch.print.page`) keeps a planet's block on one page, repeats a
table's headings over a page break under "(CONTINUED)", and starts a section on a
new page rather than leave its title at a page's foot without its first block.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.engine.text.wording import plural
from galbatch.print.maps.fields import FieldMap, FieldPoint, field_atlas
from galbatch.print.metadata import gm_printout_for, printout_for
from galbatch.print.order_check import Quiet, order_check_lines
from galbatch.print.page import BODY_LINES, Block, Columns, Kept, MapBlock, Printout, Section, Text
from galbatch.print.wrap import wrap, wrap_all
from galbatch.rules.conqueror.state import GameState
from galbatch.rules.conqueror.tables import (
    CARGO,
    COMMUNICATION,
    COMMUNICATION_TABLE,
    FACILITIES,
    MAX_SHIPS,
    RESEARCH,
    RESEARCH_AREAS,
    stardate,
)
from galbatch.rules.conqueror.view import Holdings
from galbatch.rules.conqueror.wording import points as points_text

# Fleet report (2.2.1): heading, width and view key of each column, in the book's order.
FLEET_COLUMNS = (
    ("SHIP", 4, "number"),
    ("POS", 4, "position"),
    ("DEST", 4, "destination"),
    ("REST", 4, "rest"),
    ("TF", 3, "task_force"),
    ("CL", 3, "class"),
    ("ARM", 3, "armament"),
    ("SHD", 3, "shield"),
    ("RNG", 4, "range"),
    ("ATT", 4, "attack"),
    ("DEF", 4, "defence"),
    ("KIL", 4, "kills"),
    ("CUR", 4, "current"),
    ("MAXT", 5, "capacity"),
    ("FREE", 5, "free"),
)
FLEET_KEY = (
    "POS  PLANET IN WHOSE ORBIT THE SHIP IS, 0 IN FLIGHT   DEST DESTINATION",
    "REST DISTANCE LEFT   TF TASK FORCE   CL CLASS   ARM, SHD ARMAMENT AND SHIELD TL",
    "RNG  RANGE   ATT ATTACK   DEF DEFENCE   KIL KILLS   CUR CURRENT DEFENCE",
    "MAXT, FREE  MAXIMUM AND FREE TRANSPORT CAPACITY, IN TRANSPORT UNITS",
)
# Freight (2.2.1.15): a column per cargo type of table 5.3, in transport units.
CARGO_WIDTHS = {1: 6, 2: 5, 3: 5, 4: 5, 5: 6, 6: 6, 7: 6, 8: 6, 9: 9}
EXPLORED_COLUMNS = (
    ("PLANET", 6, "number"),
    ("X", 4, "x"),
    ("Y", 4, "y"),
    ("OWNER", -15, "owner"),
    ("POPULATION", 10, "population"),
    ("FORTRESSES", 10, "fortresses"),
    ("NAT.DEF", 7, "natural_defence"),
    ("FACTORIES", 9, "factories"),
    ("SHIPS", 5, "ships_in_orbit"),
)
# The command summary on the command sheet (section 3), two commands a line.
COMMANDS = (
    ("B S|T NO PLANET", "MOVE"),
    ("L S|T NO CARGO UNITS", "LOAD (0: ALL)"),
    ("E S|T NO CARGO UNITS", "UNLOAD (0: ALL)"),
    ("W PLANET YARD CLASS", "CLASS FOR YARD"),
    ("S PLANET YARD PU", "INVEST IN YARD"),
    ("V SHIP", "SCRAP SHIP"),
    ("Z SHIP TF", "JOIN TASK FORCE"),
    ("U SHIP PLAYER", "TRANSFER SHIP"),
    ("P PLANET KIND AMOUNT", "PRODUCTION"),
    ("I TARGET PU FROM", "ESPIONAGE"),
    ("K TARGET PU FROM", "CORRUPTION"),
    ("F PLANET PU AREA", "RESEARCH"),
    ("N PLANET KIT AMOUNT", "INSTALL KITS"),
    ("G POINTS PLAYER", "REWARD (0: NONE)"),
)
COMMAND_SHEET_LINES = 12  # blank lines to write commands on
MIN_WINDOW = 30  # the player's map shows at least this much of the field each way ...
MAP_MARGIN = 5  # ... and this much beyond the outermost known planets
# What the order check says when it found nothing: the book's word is "command".
COMMANDS_QUIET = Quiet(
    "THE GAME BEGINS: NO COMMANDS WERE DUE.", "NO COMMAND FILE.", "ALL COMMANDS ACCEPTED."
)

Piece = str | Kept | Columns  # a str is a line; "" is a blank line, left out at a page's top


def section(title: str, pieces: Sequence[Piece], new_page: bool = False) -> Section:
    """A section of the report: runs of lines as loose text, kept blocks and tables as they
    are; its title kept with its first block (or its first two lines)."""
    blocks: list[Block] = []
    lines: list[str] = []
    for piece in pieces:
        if isinstance(piece, str):
            lines.append(piece)
            continue
        if lines:
            blocks.append(Text(tuple(lines), loose=True))
            lines = []
        blocks.append(piece)
    if lines:
        blocks.append(Text(tuple(lines), loose=True))
    return Section(title, tuple(blocks), new_page, keep_title=True)


def columns(
    spec: Sequence[tuple[str, int, str]], rows: Sequence[Mapping[str, Any]]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A fixed-width table's headings (with a rule) and rows; a negative width aligns left."""
    # one format for the whole line: each field as str() gives it, padded to its width
    line = " ".join(f"{{!s:{'<' if w < 0 else '>'}{abs(w)}}}" for _, w, _ in spec).format
    keys = [key for _, _, key in spec]
    head = (line(*(h for h, _, _ in spec)).rstrip(), " ".join("-" * abs(w) for _, w, _ in spec))
    body = tuple(line(*[row[key] for key in keys]).rstrip() for row in rows)
    return head, body


# The player's situation report.


def player_printout(
    view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
) -> Printout:
    """The player's situation report of one turn, from the player's view."""
    width = ctx.width
    messages = wrap_all((str(m) for m in view["messages"]), width)
    check = order_check_lines(diagnostics, ctx.file_status, width, COMMANDS_QUIET, ctx.view_file)
    sections = [
        section(ctx.title, header_lines(view, ctx)),
        section("SCORE", [Kept(score_lines(view))]),
        section("TECHNOLOGY", [Kept(technology_lines(view))]),
        section("PLANETS", planet_pieces(view)),
        section("FLEET", fleet_pieces(view)),
        section("BATTLES", battle_pieces(view, width)),
        section("EXPLORATION AND ESPIONAGE REPORTS", explored_pieces(view)),
        section("MESSAGES", messages or ["NO MESSAGES."]),
        section("PLAYERS", player_lines(view, width)),
    ]
    if view.get("final"):
        sections.append(section("FINAL SCORES", final_pieces(view["final"])))
    sections += [
        section("ORDER CHECK", check),
        Section("MAP", (MapBlock(field_map(view)),), new_page=True),
        section("COMMAND SHEET", command_sheet(view, ctx), new_page=True),
    ]
    reader = f"PLAYER {view['player']} {view['name']}"
    keywords = (f"player {view['player']}", view["name"])
    turn = int(view["turn"])
    return printout_for(ctx, turn, reader, sections, name=view["name"], keywords=keywords)


def header_lines(view: Mapping[str, Any], ctx: PrintContext) -> list[str]:
    lines = [
        f"GAME {ctx.game.upper()}   TURN {view['turn']}   STARDATE {stardate(int(view['turn']))}"
        f"   ACCOUNT {view['account']}   PLAYER {view['player']} {view['name']}",
        f"SCORE {view['score']}   FINAL SCORE TO REACH {view['final_score']}",
    ]
    if ctx.file_status:
        lines.append(f"COMMANDS: {ctx.file_status}")
    if view.get("finished"):
        lines.append("THE GAME HAS ENDED. FINAL SCORES FOLLOW.")
    return wrap_all(lines, ctx.width)


def player_names(view: Mapping[str, Any]) -> dict[int, str]:
    return {int(number): str(name) for number, name in view["players"]}


def score_lines(view: Mapping[str, Any]) -> tuple[str, ...]:
    """This turn's points part by part (2.4), the score, the score that wins, the reward."""
    lines = []
    total = 0
    turn = int(view["turn"])
    for label, points in view["breakdown"]:
        if label == "CONQUESTS":  # 2.4 counts them by stardate: n points in turn n
            label = f"CONQUESTS (STARDATE {stardate(turn)}: {points_text(turn)} EACH)"
        lines.append(f"{str(label)[:50]:<50} {int(points):>8}")
        total += int(points)
    lines.append(f"{'':<50} {'-' * 8}")
    lines.append(f"{'POINTS THIS TURN':<50} {total:>8}")
    lines.append(f"{'SCORE':<50} {view['score']:>8}")
    to_go = max(0, int(view["final_score"]) - int(view["score"]))
    lines.append(f"{'FINAL SCORE TO REACH':<50} {view['final_score']:>8}  ({to_go} TO GO)")
    points, target = (int(v) for v in view["reward"])
    lines.append("")
    if points and target:
        name = player_names(view).get(target, "")
        lines.append(
            f"YOU OFFER {points_text(points)} REWARD FOR PLAYER {target} {name}".rstrip() + "."
        )
    else:
        lines.append("YOU OFFER NO REWARD.")
    return tuple(lines)


def technology_lines(view: Mapping[str, Any]) -> tuple[str, ...]:
    """Each research area: TL, PU invested, and what table 5.4 asks for the next level."""
    head = (
        f"{'NO':>2} {'AREA':<18} {'TL':>3} {'PU INVESTED':>12} {'NEXT TL AT':>11} {'PU NEEDED':>10}"
    )
    lines = [head, " ".join("-" * n for n in (2, 18, 3, 12, 11, 10))]
    for area, name in RESEARCH_AREAS.items():
        tl, invested = int(view["tech"][area]), int(view["research"][area])
        if tl + 1 in RESEARCH:
            at, needed = str(RESEARCH[tl + 1]), str(max(0, RESEARCH[tl + 1] - invested))
        else:
            at, needed = "-", "-"
        lines.append(f"{area:>2} {name:<18} {tl:>3} {invested:>12} {at:>11} {needed:>10}")
    return tuple(lines)


def cell(label: str, value: object) -> str:
    """A planet block's `LABEL     value` cell, 17 columns (wider if the value needs it)."""
    text = str(value)
    return label + " " * max(1, 17 - len(label) - len(text)) + text


def yard_line(number: int, yard: Sequence[int]) -> str:
    """A shipyard: what it builds (class 0: spares), its size and the PU in it."""
    size, ship_class, invested, surcharge = (int(v) for v in yard)
    built = "SPARES" if ship_class == 0 else f"CLASS {ship_class:>2}"
    line = f"  SHIPYARD {number}   {built:<8}   SIZE {size:>4}   INVESTED {invested:>5} PU"
    if size == 0:
        line += "   NOT BUILT YET"
    elif surcharge and ship_class:
        line += "   FIRST SHIP +50%"
    return line


def planet_lines(p: Mapping[str, Any]) -> tuple[str, ...]:
    """Every value of 2.1 for one planet: producers beside what they produce, kits beside the
    facilities they become, population and defence; spares, ships in orbit and shipyards."""
    rows = (
        (("PU", p["pu"]), ("FACTORIES", p["factories"]), ("F-KITS", p["f_kits"])),
        (("MPU STORED", p["mpu"]), ("MINES", p["mines"]), ("M-KITS", p["m_kits"])),
        (("RPU STORED", p["rpu"]), ("REFINERIES", p["refineries"]), ("R-KITS", p["r_kits"])),
        (("APU STORED", p["apu"]), ("FARMS", p["farms"]), ("A-KITS", p["a_kits"])),
    )
    right = (
        ("POPULATION", p["population"]),
        ("LOYALTY", p["loyalty"]),
        ("FORTRESSES", p["fortresses"]),
        ("NAT.DEFENCE", p["natural_defence"]),
    )
    lines = [f"PLANET {p['number']}   POSITION {p['x']},{p['y']}"]
    for row, extra in zip(rows, right, strict=True):
        lines.append("  " + "   ".join(cell(label, value) for label, value in (*row, extra)))
    lines.append(f"  {cell('SPARES', p['spares'])}   {cell('SHIPS IN ORBIT', p['ships_in_orbit'])}")
    yards = p["yards"]
    lines += [yard_line(i, y) for i, y in enumerate(yards, start=1)] or ["  NO SHIPYARD"]
    return tuple(lines)


def planet_pieces(view: Mapping[str, Any]) -> list[Piece]:
    planets = sorted(view["planets"], key=lambda p: int(p["number"]))
    if not planets:
        return ["YOU CONTROL NO PLANET."]
    pu = sum(int(p["pu"]) for p in planets)
    population = sum(int(p["population"]) for p in planets)
    pieces: list[Piece] = [
        f"YOU CONTROL {plural(len(planets), 'PLANET')}: {pu} PU TO SPEND THIS TURN, "
        f"POPULATION {population}.",
    ]
    for p in planets:
        pieces += ["", Kept(planet_lines(p))]
    return pieces


def freight_rows(fleet: Sequence[Mapping[str, Any]]) -> Columns | None:
    """The freight of every ship carrying any, by cargo type; None if no ship carries any."""
    heads = [("SHIP", 4), *((CARGO[k][0], w) for k, w in CARGO_WIDTHS.items())]
    head = (
        " ".join(f"{h:>{w}}" for h, w in heads),
        " ".join(f"{'':>4}" if i == 0 else f"{f'({i})':>{w}}" for i, (_, w) in enumerate(heads)),
        " ".join("-" * w for _, w in heads),
    )
    rows = []
    for ship in fleet:
        if any(ship["cargo"]):
            cells = [f"{ship['number']:>4}"]
            cells += [f"{int(n):>{CARGO_WIDTHS[k]}}" for k, n in enumerate(ship["cargo"], 1)]
            rows.append(" ".join(cells))
    return Columns(head, tuple(rows)) if rows else None


def fleet_pieces(view: Mapping[str, Any]) -> list[Piece]:
    fleet = sorted(view["fleet"], key=lambda s: int(s["number"]))
    if not fleet:
        return ["YOU HAVE NO SHIP."]
    flying = sum(1 for s in fleet if not int(s["position"]))
    head, rows = columns(FLEET_COLUMNS, fleet)
    pieces: list[Piece] = [
        f"YOU HAVE {plural(len(fleet), 'SHIP')} (AT MOST {MAX_SHIPS}): "
        f"{len(fleet) - flying} IN ORBIT, {flying} IN FLIGHT.",
        "",
        Columns(head, rows),
        "",
        Kept(FLEET_KEY),
    ]
    freight = freight_rows(fleet)
    intro = (
        "FREIGHT IN TRANSPORT UNITS: A UNIT HOLDS 1 OF ANY CARGO OR 20 COLONISTS.",
        "SHIPS NOT LISTED CARRY NOTHING.",
    )
    if freight:
        pieces += ["", Columns(freight.head, freight.rows, (*intro, ""))]
    else:
        pieces += ["", "NO SHIP CARRIES FREIGHT."]
    return pieces


def battle_pieces(view: Mapping[str, Any], width: int) -> list[Piece]:
    pieces: list[Piece] = []
    for battle in view["battles"]:
        lines = tuple(wrap_all((str(line) for line in battle), width))
        pieces += ["", Kept(lines)] if pieces else [Kept(lines)]
    return pieces or ["NO BATTLES."]


def explored_pieces(view: Mapping[str, Any]) -> list[Piece]:
    rows = sorted(view["explored"], key=lambda r: int(r["number"]))
    if not rows:
        return ["NO REPORTS."]
    return [Columns(*columns(EXPLORED_COLUMNS, rows))]


def player_lines(view: Mapping[str, Any], width: int) -> list[Piece]:
    """Every player's number and name, for the U and G commands: down, then across."""
    entries = [f"{n:>3} {name}" for n, name in sorted(player_names(view).items())]
    if not entries:
        return ["NONE."]
    cell_w = max(len(e) for e in entries) + 3
    per_line = max(1, (width + 3) // cell_w)
    rows = -(-len(entries) // per_line)
    return ["".join(f"{e:<{cell_w}}" for e in entries[r::rows]).rstrip() for r in range(rows)]


def final_pieces(final: Sequence[Sequence[Any]]) -> list[Piece]:
    head = (f"{'RANK':>4}  {'PLAYER':<15} {'SCORE':>8}", f"{'-' * 4}  {'-' * 15} {'-' * 8}")
    rows = tuple(
        f"{rank:>4}  {str(name):<15} {score:>8}" for rank, (name, score) in enumerate(final, 1)
    )
    return [Columns(head, rows)]


def map_window(
    points: Sequence[FieldPoint], width: int, height: int
) -> tuple[int, int, int, int] | None:
    """The part of the field around the points, at least MIN_WINDOW units each way, with
    MAP_MARGIN to spare, on multiples of 5; None when that is most of the field anyway."""

    def span(values: list[float], size: int) -> tuple[int, int]:
        low, high = min(values) - MAP_MARGIN, max(values) + MAP_MARGIN
        grow = max(0.0, MIN_WINDOW - (high - low)) / 2
        low, high = low - grow, high + grow
        low, high = low - max(0.0, high - size), high + max(0.0, -low)  # back inside
        return max(0, int(low // 5 * 5)), min(size, -int(-high // 5 * 5))

    if not points:
        return None
    x0, x1 = span([p.x for p in points], width)
    y0, y1 = span([p.y for p in points], height)
    if x1 - x0 > 0.75 * width and y1 - y0 > 0.75 * height:
        return None
    return x0, y0, x1, y1


def field_map(view: Mapping[str, Any]) -> FieldMap:
    """The planets whose position the player knows, the player's own emphasised; the map
    shows only the part of the field around them."""
    width, height = (int(v) for v in view["field"])
    points = tuple(
        FieldPoint(int(x), int(y), str(number), own=bool(own)) for number, x, y, own in view["map"]
    )
    own = sum(1 for p in points if p.own)
    ctl = int(view["tech"][COMMUNICATION])
    radius = COMMUNICATION_TABLE[ctl].radius
    window = map_window(points, width, height)
    legend = [f"X ACROSS FROM THE LEFT, Y DOWN FROM THE TOP OF THE FIELD ({width} X {height})."]
    if window:
        x0, y0, x1, y1 = window
        legend.append(f"THE MAP SHOWS X {x0} TO {x1}, Y {y0} TO {y1}.")
    legend += [
        f"{plural(len(points), 'PLANET')} WHOSE POSITION YOU KNOW, {own} OF THEM YOURS "
        "(EMPHASISED).",
        f"POSITIONS ARE REVEALED WITHIN {radius} OF YOUR PLANETS "
        f"(COMMUNICATION TL {ctl}, TABLE 5.5).",
    ]
    return FieldMap("STAR MAP", width, height, points, tuple(legend), window)


def command_sheet(view: Mapping[str, Any], ctx: PrintContext) -> list[Piece]:
    if view.get("finished"):
        return ["THE GAME HAS ENDED: NO MORE COMMANDS."]
    summary = []
    for i in range(0, len(COMMANDS), 2):
        pair = [f"{syntax:<21}{meaning}" for syntax, meaning in COMMANDS[i : i + 2]]
        summary.append("  ".join(f"{text:<38}" for text in pair).rstrip())

    def listing(label: str, items: Sequence[tuple[int, str]]) -> list[str]:
        text = "  ".join(f"{k}\u00a0{name}".replace(" ", "\u00a0") for k, name in items)
        return wrap(f"{label}: {text}", ctx.width, len(label) + 2)

    kinds = [(k, name) for k, (name, _) in FACILITIES.items()]
    turn = int(view["turn"]) + 1
    initial = " (THE INITIAL TURN)" if turn == 1 else ""
    return [
        f"COMMANDS FOR TURN {turn}, STARDATE {stardate(turn)}{initial}, ARE DUE {ctx.due}.",
        f"A PLANET CONQUERED IN TURN {turn} SCORES {points_text(turn)} (2.4).",
        "ONE COMMAND A LINE BETWEEN THE HEADER AND END, PARAMETERS SEPARATED BY BLANKS.",
        "",
        *summary,
        "",
        *listing("CARGO (L, E, N)", [(k, name) for k, (name, _) in CARGO.items()]),
        *listing("KIND (P)", kinds),
        *listing("AREA (F)", list(RESEARCH_AREAS.items())),
        "",
        ctx.header_line,
        *([""] * COMMAND_SHEET_LINES),
        "END",
    ]


# The game master's summary.


def gm_printout(state: GameState, ctx: PrintContext) -> Printout:
    """The game master's summary: every player, every battle, every planet, the whole field
    (on one page when every planet's number fits there, else an index and sheets)."""
    news = list(state.broadcasts)
    for text, not_to in state.announcements:
        names = " AND ".join(state.name_of(p) for p in not_to)
        news.append(f"{text} (TO EVERY PLAYER BUT {names})")
    broadcasts = wrap_all(news, ctx.width)
    atlas = field_atlas(gm_map(state), ctx.width, BODY_LINES)
    sections = [
        section(f"{ctx.title}: GAME MASTER SUMMARY", gm_header(state, ctx)),
        section("PLAYERS", gm_players(state)),
        section("BATTLES", gm_battles(state, ctx.width)),
        section("BROADCASTS", broadcasts or ["NONE."]),
        section("PLANETS", gm_planets(state), new_page=True),
        Section("MAP", tuple(MapBlock(m) for m in atlas), new_page=True),
    ]
    return gm_printout_for(ctx, state.turn, sections)


def gm_header(state: GameState, ctx: PrintContext) -> list[Piece]:
    lines: list[Piece] = [
        f"GAME {ctx.game.upper()}   TURN {state.turn}   STARDATE {stardate(state.turn)}   "
        f"FIELD {state.width} X {state.height}   "
        f"{plural(len(state.planets), 'PLANET')}   {plural(len(state.ships), 'SHIP')}",
        f"FINAL SCORE TO REACH {state.final_score}",
    ]
    if state.winner is not None:
        lines.append(f"THE GAME HAS ENDED. WINNER: {state.name_of(state.winner)}")
    return lines


def _id_key(player: str) -> tuple[int, str]:
    """Player ids in numeric order where they are numbers."""
    return (int(player), player) if player.isdigit() else (10**9, player)


def gm_players(state: GameState) -> list[Piece]:
    spec = (
        ("RANK", 4, "rank"),
        ("NO", 3, "id"),
        ("PLAYER", -15, "name"),
        ("ACCOUNT", 8, "account"),
        ("SCORE", 8, "score"),
        ("PLANETS", 7, "planets"),
        ("SHIPS", 5, "ships"),
        ("POPULATION", 10, "population"),
        ("PU", 6, "pu"),
    )
    ranked = sorted(state.players.values(), key=lambda p: (-p.score, _id_key(p.id)))
    held = Holdings(state)
    rows = []
    for rank, p in enumerate(ranked, start=1):
        planets = held.planets.get(p.id, [])
        rows.append(
            {
                "rank": rank,
                "id": p.id,
                "name": p.name,
                "account": p.account,
                "score": p.score,
                "planets": len(planets),
                "ships": len(held.ships.get(p.id, [])),
                "population": sum(x.population for x in planets),
                "pu": sum(x.pu for x in planets),
            }
        )
    return [Columns(*columns(spec, rows))]


def gm_battles(state: GameState, width: int) -> list[Piece]:
    pieces: list[Piece] = []
    for b in state.battles:
        sides = ", ".join(state.players[s].name if s in state.players else s for s in b.sides)
        head = f"PLANET {b.planet}: {sides} -> HELD BY {state.name_of(b.owner_after)}"
        lines = wrap(head, width) + wrap_all(("  " + line for line in b.lines), width)
        pieces += ["", Kept(tuple(lines))] if pieces else [Kept(tuple(lines))]
    return pieces or ["NONE."]


def gm_planets(state: GameState) -> list[Piece]:
    spec = (
        ("PLANET", 6, "number"),
        ("X", 4, "x"),
        ("Y", 4, "y"),
        ("OWNER", -15, "owner"),
        ("POPULATION", 10, "population"),
        ("FORTRESSES", 10, "fortresses"),
        ("PU", 6, "pu"),
        ("HOME OF", -15, "home"),
    )
    rows = [
        {
            "number": p.number,
            "x": p.x,
            "y": p.y,
            "owner": state.name_of(p.owner),
            "population": p.population,
            "fortresses": p.fortresses,
            "pu": p.pu,
            "home": state.name_of(p.home) if p.home in state.players else "",
        }
        for p in sorted(state.planets.values(), key=lambda p: p.number)
    ]
    return [Columns(*columns(spec, rows))]


def gm_map(state: GameState) -> FieldMap:
    """Every planet, with its owner's player number as its mark."""
    points = tuple(
        FieldPoint(p.x, p.y, str(p.number), owner=p.owner or "")
        for p in sorted(state.planets.values(), key=lambda p: p.number)
    )
    owned = sum(1 for p in points if p.owner)
    return FieldMap(
        title="FIELD MAP",
        width=state.width,
        height=state.height,
        points=points,
        legend=(
            "X ACROSS FROM THE LEFT, Y DOWN FROM THE TOP OF THE FIELD "
            f"({state.width} X {state.height}).",
            f"{plural(len(points), 'PLANET')}, {owned} OWNED. OWNER MARKS ARE PLAYER NUMBERS "
            "(SEE PLAYERS).",
        ),
    )
