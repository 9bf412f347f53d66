"""Interstellar Conquest printouts: the player's printout of a batch run, and the GM's.

A player's printout is made from his view alone (`view.build_view`): first what he
owes and by when (or that he owes nothing), then the table (players, races and
powers, coins held, whose turn and which phase), the encounter so far, the
systems as a tile map (text blocks, tiles with pyramids in PDF), the run's events,
his coins, his pending and standing orders, the order check and the input sheet
for what he owes. The GM's printout shows the same board with every hand and
every player's orders.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic
from galbatch.print.input_sheet import numbered_lines, sheet_head
from galbatch.print.maps.tiles import Pieces, Tile, TileMap, TileSystem
from galbatch.print.metadata import gm_printout_for, printout_for
from galbatch.print.order_check import Quiet, order_check_section
from galbatch.print.page import BODY_LINES, MapBlock, Printout, Section, Table, Text
from galbatch.print.wrap import wrap, wrap_all
from galbatch.rules.interstellar.phases import PERIOD
from galbatch.rules.interstellar.reports import FILED, ORDER_REPORTS, USED
from galbatch.rules.interstellar.state import GameState
from galbatch.rules.interstellar.tables import (
    DIPLOMACY,
    NO_COIN,
    RACE_CHART,
    CoinPlayed,
    Outcome,
    coin_text,
    outcome_row,
)
from galbatch.rules.interstellar.view import CHOSEN, NOT_YET, build_view, form_words

INPUT_LINES = 15  # numbered blank lines of the input sheet
LISTED = "THE SYSTEMS, LISTED"  # every tile, when the systems' page cannot show them all
# What the order check says when it found nothing: orders are due run by run, not all
# at a game's beginning.
QUIET = Quiet("NO ORDERS WERE DUE.", "NO ORDER FILE.", "ALL ORDERS ACCEPTED.")
PHASE_NAMES = {
    "draw": "drawing coins",
    "reclaim": "reclaiming a ship from the void",
    "declare": "declaring the attack",
    "invite-attacker": "the attacker's invitations",
    "invite-defender": "the defender's invitations",
    "alliance": "the alliances",
    "coins": "the secret coins",
    "druwaith": "the Druwaith's coin after the reveal",
    "deal": "the deal (Diplomacy against Diplomacy)",
    "outcome": "the outcome",
    "second-attack": "the second attack",
    "next": "the next player",
}
SIDES = {"ATTACKER": "the attacker", "DEFENDER": "the defender"}
# The run's events that tell a player what became of one of his orders.
ORDER_EVENTS = ORDER_REPORTS
ROLES = {
    "active": "the player whose turn it is",
    "attacker": "the attacker",
    "defender": "the defender",
    "invited": "an invited player",
}


# ---- names ------------------------------------------------------------------------------


def colours(view: Mapping[str, Any]) -> dict[str, str]:
    """Player id -> the colour orders name him by."""
    return {str(s["id"]): str(s["colour"]) for s in view["seats"]}


def coins_text(coins: Sequence[int]) -> str:
    """5, 3, DIPLOMACY (or none)."""
    return ", ".join(coin_text(int(c)) for c in coins) or "none"


def ships_text(ships: Mapping[str, int]) -> str:
    """1 S 2 M (or no ships)."""
    return " ".join(f"{n} {size}" for size, n in ships.items() if n) or "-"


def phase_text(view: Mapping[str, Any]) -> str:
    """coins (Play 7): the secret coins."""
    phase = str(view["phase"])
    return f"{phase} (Play {view['step']}): {PHASE_NAMES.get(phase, phase)}"


# ---- what is owed -------------------------------------------------------------------------


def owed_now(view: Mapping[str, Any]) -> str:
    """What the reader owes, in a line, as the printout's opening says it (no due date)."""
    if view["finished"]:
        return "nothing: the game is over"
    owes = view.get("owes")
    if not owes:
        return f"nothing: the game waits for no order of yours; phase {phase_text(view)}"
    role = ROLES.get(str(owes["role"]), owes["role"])
    return f"{owes['what']}, as {role}; phase {phase_text(view)}"


def owed_lines(view: Mapping[str, Any], ctx: PrintContext) -> tuple[str, list[str]]:
    """The title and lines that open the printout: what the reader owes and by when."""
    owes = view.get("owes")
    names = colours(view)
    if view["finished"]:
        winners = ", ".join(names.get(str(p), str(p)) for p in view["winners"])
        return "THE GAME IS OVER", [f"Won by {winners}. Nothing owed."]
    if not owes:
        waiting = ", ".join(names.get(str(p), str(p)) for p in view["waiting"])
        lines = ["NOTHING OWED: the game waits for no order of yours."]
        if waiting:
            lines.append(f"The game waits for {waiting} ({phase_text(view)}).")
        else:
            lines.append(
                "No one owes orders: this run has played its round, and the next run goes"
                " on from here."
            )
        lines.append(
            "You may still send orders ahead for later phases, and standing orders"
            f" (ALWAYS, IF ...); next due date {ctx.due}."
        )
        return "NOTHING OWED", lines
    lines = [
        f"YOU OWE ORDERS, DUE {ctx.due}:",
        f"  {owes['what']}, as {ROLES.get(str(owes['role']), owes['role'])}",
        f"  phase {phase_text(view)}",
        "  send one of:",
    ]
    lines += [f"    {form}" for form in owes["orders"]]
    if form_words(owes["orders"]):
        lines.append(f"  ({form_words(owes['orders'])})")
    lines.append("The game waits for your order; without it, nothing moves.")
    return f"YOU OWE ORDERS BY {ctx.due}", lines


def owed_section(view: Mapping[str, Any], ctx: PrintContext) -> Section:
    """The printout's first section: what the reader owes, or nothing owed."""
    title, lines = owed_lines(view, ctx)
    text = tuple(wrap_all(lines, ctx.width, hyphens=True))
    if view.get("owes") and not view["finished"]:
        rule = "*" * ctx.width  # a player who owes orders must not miss it
        text = (rule, *text, rule)
    return Section(title, (Text(text),))


# ---- the table --------------------------------------------------------------------------


def table_section(view: Mapping[str, Any], width: int) -> Section:
    """Every player's colour, race and power (with the colony ships at home that keep it),
    coins held and colonies; ships in the void; whose turn and which phase; the bag and
    the discards. The table fits 80 columns with 20-character names."""
    rows = []
    for s in view["seats"]:
        power = "yes" if s["power_active"] else "LOST"
        rows.append(
            (
                s["colour"],
                s["name"],
                s["race"],
                f"{power}, {s['colony_ships_home']} S",
                s["hand_size"],
                s["colonies"],
            )
        )
    names = colours(view)
    active = names.get(str(view["active"]), str(view["active"]))
    attack = "second attack" if view["attack"] == 2 else "first attack"
    void = "; ".join(
        f"{s['colour']} {ships_text(s['void'])}" for s in view["seats"] if sum(s["void"].values())
    )
    lines = [
        "POWER: whether the race keeps its power; its colony ships at home (two keep it).",
        f"In the void: {void or 'no ships'}.",
        f"Player turn {view['player_turn']}: {active} plays ({attack}); phase {phase_text(view)}.",
        f"Bag: {view['bag']} coins.  Discards: {coins_text(view['discards'])}.",
    ]
    if view["waiting"]:
        waiting = ", ".join(names.get(str(p), str(p)) for p in view["waiting"])
        lines.append(f"Waiting for: {waiting}.")
    headers = ("COLOUR", "PLAYER", "RACE", "POWER", "COINS", "COLONIES")
    return Section(
        "THE TABLE",
        (Table(headers, tuple(rows)), Text(tuple(wrap_all(lines, width, hyphens=True)))),
    )


def powers_section(view: Mapping[str, Any], width: int) -> Section:
    """The race chart's rows of the races in play, in the book's words."""
    races = [str(s["race"]) for s in view["seats"]]
    lines: list[str] = []
    for row in RACE_CHART:
        if row.race in races:
            lines += wrap(f"{row.race} ({row.colour}): {row.power}", width - 2, hyphens=True)
    lines.append("A race with fewer than two colony ships on its home worlds has lost its power.")
    return Section("RACE POWERS", (Text(tuple(lines)),))


# ---- the encounter ----------------------------------------------------------------------


def _coin_shown(value: Any, revealed: bool) -> str:
    """A combatant's coin as the view shows it; the reader's own before the reveal is
    marked as known to him alone."""
    if value == CHOSEN:
        return "chosen, not revealed"
    if value == NOT_YET:
        return "not yet chosen"
    if value == NO_COIN:
        return "no coin (counted as Diplomacy)"
    return coin_text(int(value)) + ("" if revealed else " (yours, not revealed)")


# The phases before which each side's invitations are not yet made.
INVITING = {"attacker": ("invite-attacker",), "defender": ("invite-attacker", "invite-defender")}


def encounter_lines(e: Mapping[str, Any], names: Mapping[str, str], phase: str = "") -> list[str]:
    """The attack so far: fleet, invitations, allies, coins, deal and outcome; `phase`, the
    game's, says which invitations are still to come."""

    def name(p: Any) -> str:
        return names.get(str(p), str(p))

    def listed(ps: Sequence[Any]) -> str:
        return ", ".join(name(p) for p in ps) or "nobody"

    def invited(side: str) -> str:
        if phase in INVITING[side]:
            return "not yet"
        return listed(e[f"invited_by_{side}"])

    def groups(gs: Sequence[Mapping[str, Any]]) -> str:
        return "; ".join(f"{ships_text(g['ships'])} from {g['origin']}" for g in gs) or "none"

    attacker, defender = name(e["attacker"]), name(e["defender"])
    which = "Second attack" if e["attack"] == 2 else "Attack"
    lines = [
        f"{which}: {attacker} attacks {e['target']}, defended by {defender}.",
        f"Attacking fleet: {groups(e['fleet'])}.",
        f"Invited by {attacker}: {invited('attacker')}."
        f"  Invited by {defender}: {invited('defender')}.",
    ]
    for a in e["allies"]:
        lines.append(f"Ally: {name(a['player'])} with {SIDES[a['side']]}: {groups(a['ships'])}.")
    if e["declined"]:
        lines.append(f"Declined: {listed(e['declined'])}.")
    lines.append(
        f"Coins: {attacker} {_coin_shown(e['attacker_coin'], e['revealed'])};"
        f" {defender} {_coin_shown(e['defender_coin'], e['revealed'])}"
        + ("." if e["revealed"] else " (revealed when both are in).")
    )
    if e["deal"]:
        lines.append(f"Deal reached: {e['deal']}.")
    if e["outcome"]:
        row = outcome_row(Outcome(e["outcome"]))
        coins = (e["attacker_coin"], e["defender_coin"])
        diplomacy = any(c in (NO_COIN, DIPLOMACY) for c in coins)
        if diplomacy and row.key in (Outcome.ATTACKER_WINS, Outcome.DEFENDER_WINS):
            # no combat value decided it: the Pelantiri's Diplomacy coin did
            lines.append(
                f"Outcome: a Diplomacy coin with a ship involved (Pelantiri). {row.result}"
            )
        else:
            lines.append(f"Outcome: {row.played.value}, {row.victory} {row.result}")
    return lines


def encounter_section(view: Mapping[str, Any], width: int) -> Section | None:
    """The encounter so far (none before the first attack is declared)."""
    e = view.get("encounter")
    if not e:
        return None
    lines = wrap_all(encounter_lines(e, colours(view), str(view["phase"])), width, 2, hyphens=True)
    return Section("THE ENCOUNTER", (Text(tuple(lines)),))


# ---- the systems as a tile map ------------------------------------------------------------


def _pieces(
    owners: Mapping[str, Mapping[str, int]], names: Mapping[str, str]
) -> tuple[Pieces, ...]:
    return tuple(
        Pieces(names.get(p, p), int(s["S"]), int(s["M"]), int(s["L"]))
        for p, s in owners.items()
        if int(s["S"]) + int(s["M"]) + int(s["L"])
    )


def tile_map(view: Mapping[str, Any]) -> TileMap:
    """Every system's five tiles with their ships, the void in the middle, and the ships
    committed to the encounter beside it."""
    names = colours(view)
    seats = {str(s["id"]): s for s in view["seats"]}
    e = view.get("encounter")
    target = str(e["target"]) if e else ""
    systems = []
    for system in view["systems"]:
        seat = seats[str(system["owner"])]
        tiles = tuple(
            Tile(str(p["tile"]), _pieces(p["ships"], names), marked=p["planet"] == target)
            for p in system["planets"]
        )
        caption = f"{system['colour']}: {seat['race']}, {seat['name']}"
        systems.append(TileSystem(str(system["colour"]), caption, tiles))
    aside = None
    if e:
        committed: dict[str, dict[str, int]] = {}
        for g in [*e["fleet"], *(c for a in e["allies"] for c in a["ships"])]:
            total = committed.setdefault(str(g["player"]), {"S": 0, "M": 0, "L": 0})
            for size in total:
                total[size] += int(g["ships"][size])
        ordered = {p: committed[p] for p in names if p in committed}
        aside = Tile(f"ATTACK ON {target}", _pieces(ordered, names))
    legend = (
        f"Bag: {view['bag']} coins.  Discards: {coins_text(view['discards'])}.",
        "Ships: owner, then S colony ships, M warships, L transports and how many.",
        "* marks the planet attacked (framed in red on the drawn map).",
    )
    return TileMap(
        overflow=f"MORE PIECES THAN A PAGE HOLDS: EVERY TILE IS IN {LISTED}.",
        title=f"THE SYSTEMS, PLAYER TURN {view['player_turn']}",
        systems=tuple(systems),
        centre=Tile("VOID", _pieces(view["void"], names)),
        aside=aside,
        legend=legend,
    )


def map_sections(view: Mapping[str, Any], width: int) -> list[Section]:
    """The systems and the void on a page of their own; when they hold more pieces than a
    page shows as text, every tile listed after it as well."""
    m = tile_map(view)
    sections = [Section("THE SYSTEMS", (MapBlock(m),), new_page=True)]
    if not m.fits(width, BODY_LINES):
        tiles = [(f"{s.name} {t.label}", t) for s in m.systems for t in s.tiles]
        tiles.append((m.centre.label, m.centre))
        if m.aside is not None:
            tiles.append((m.aside.label, m.aside))
        lines = [f"{name}{'*' if t.marked else ''}: {t.text()}" for name, t in tiles]
        sections.append(Section(LISTED, (Text(tuple(wrap_all(lines, width, hyphens=True))),)))
    return sections


# ---- events, coins, orders ---------------------------------------------------------------


def events_section(view: Mapping[str, Any], width: int) -> Section:
    """The run's events the reader may see, in order; those seen by few are marked. Orders
    used, and standing orders filed, are told under YOUR ORDERS instead."""
    lines: list[str] = []
    for e in view["events"]:
        if e.get("kind") in (USED, FILED):
            continue
        mark = "(seen by you) " if e.get("private") else ""
        lines += wrap(mark + str(e["text"]), width, hyphens=True)
    return Section("EVENTS OF THIS RUN", (Text(tuple(lines or ["Nothing happened."])),))


def coins_section(view: Mapping[str, Any]) -> Section:
    """The reader's own coins (no one else sees them)."""
    line = f"Your coins: {coins_text(view['hand'])}. No one else sees them."
    return Section("YOUR COINS", (Text((line,)),))


def orders_section(view: Mapping[str, Any], width: int) -> Section:
    """What became of the reader's orders this run (each used, refused, reduced or dropped,
    then those kept pending), his pending orders (for the coming phases) and standing
    orders, numbered as CANCEL counts them."""
    done = [
        f"  {e['text']}"
        for e in view["events"]
        if e.get("private") and e.get("kind") in ORDER_EVENTS
    ]
    kept = "kept pending."
    if view.get("pending_ends_with_turn"):
        active = colours(view).get(str(view["active"]), str(view["active"]))
        whose = "your turn" if str(view["active"]) == str(view["player"]) else f"{active}'s turn"
        kept = (
            f"kept pending until the end of {whose} at the latest: you owed a decision"
            " in it (house rule)."
        )
    done += [f"  {o['text']}: {kept}" for o in view["pending"]]
    lines = ["What became of your orders this run:", *(done or ["  nothing to report"])]
    lines.append("Pending (each used once by the next phase it answers):")
    lines += [f"  {o['text']}" for o in view["pending"]] or ["  none"]
    lines.append("Standing (kept until cancelled; CANCEL n cancels number n):")
    lines += [f"  {o['number']:>2}. {o['text']}" for o in view["standing"]] or ["  none"]
    return Section("YOUR ORDERS", (Text(tuple(wrap_all(lines, width, hyphens=True))),))


def input_sheet(view: Mapping[str, Any], ctx: PrintContext) -> tuple[str, ...]:
    """The input sheet: due date, header line, what is owed and its order forms, then
    numbered blank lines."""
    me = next(s for s in view["seats"] if str(s["id"]) == str(view["player"]))
    reader = [
        f"For game {ctx.game}, run {int(view['turn']) + 1}, player {me['colour']} {me['name']}"
    ]
    lines = sheet_head("Interstellar Conquest Order Sheet", ctx.due, reader, ctx.header_line)
    owes = view.get("owes")
    lines.append("")
    if owes:
        lines.append(f"You owe {owes['what']}. Fill in one of:")
        lines += [f"  {form}" for form in owes["orders"]]
        if form_words(owes["orders"]):
            lines.append(f"  ({form_words(owes['orders'])})")
    else:
        lines.append("Nothing owed. Orders ahead and standing orders (ALWAYS, IF ...) are welcome.")
    lines.append("")
    lines += numbered_lines(INPUT_LINES, 70)
    return tuple(wrap_all(lines, ctx.width, hyphens=True))


# ---- the printouts -------------------------------------------------------------------------


def player_printout(
    view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
) -> Printout:
    """The player's printout of one run, from his view alone."""
    me = next(s for s in view["seats"] if str(s["id"]) == str(view["player"]))
    name = f"{me['colour']} {me['name']}"
    sections = [owed_section(view, ctx), table_section(view, ctx.width)]
    encounter = encounter_section(view, ctx.width)
    if encounter is not None:
        sections.append(encounter)
    sections += [
        events_section(view, ctx.width),
        coins_section(view),
        orders_section(view, ctx.width),
        order_check_section(diagnostics, ctx, QUIET),
        powers_section(view, ctx.width),
        *map_sections(view, ctx.width),
        Section("ORDER SHEET", (Text(input_sheet(view, ctx)),), new_page=True),
    ]
    reader = f"PLAYER {view['player']} {name}".upper()
    keywords = (f"player {name}",)
    turn = int(view["turn"])
    return printout_for(ctx, turn, reader, sections, name=name, keywords=keywords, period=PERIOD)


def gm_printout(state: GameState, ctx: PrintContext) -> Printout:
    """The GM's printout: the table with every hand, the encounter with its coins, every
    event, every player's pending and standing orders, and the systems."""
    view = build_view(state, "")
    names = colours(view)
    head = [f"Interstellar Conquest game {ctx.game}, run {state.turn}"]
    if state.winners:
        head.append("The game has ended. Won by " + ", ".join(names[p] for p in state.winners))
    sections = [
        Section(f"{ctx.title}: GAME MASTER SUMMARY", (Text(tuple(head)),)),
        table_section(view, ctx.width),
        Section("HANDS", (Text(tuple(_hands(state, names))),)),
    ]
    if state.encounter is not None:
        e = dict(view["encounter"])
        e["attacker_coin"] = _gm_coin(state.encounter.attacker_coin)
        e["defender_coin"] = _gm_coin(state.encounter.defender_coin)
        e["revealed"] = True
        lines = encounter_lines(e, names, state.phase.value)
        revealed = "yes" if state.encounter.revealed else "no"
        lines.append(f"Coins revealed to the players: {revealed}.")
        sections.append(
            Section("THE ENCOUNTER", (Text(tuple(wrap_all(lines, ctx.width, 2, hyphens=True))),))
        )
    events = []
    for event in state.events:
        seen = ", ".join(names.get(p, p) for p in event.seen_by)
        text = f"{event.told} (seen by {seen})" if seen else event.text
        events += wrap(text, ctx.width, hyphens=True)
    sections.append(Section("EVENTS OF THIS RUN", (Text(tuple(events or ["Nothing happened."])),)))
    orders: list[str] = []
    for p in state.players():
        pending = [o.text() for o in state.pending.get(p, ())]
        standing = [f"{n}. {o.text()}" for n, o in enumerate(state.standing.get(p, ()), 1)]
        orders.append(f"{names[p]}: pending: {'; '.join(pending) or 'none'}")
        orders.append(f"{' ' * len(names[p])}  standing: {'; '.join(standing) or 'none'}")
    sections.append(
        Section("ORDERS KEPT", (Text(tuple(wrap_all(orders, ctx.width, hyphens=True))),))
    )
    sections += map_sections(view, ctx.width)
    return gm_printout_for(ctx, state.turn, sections, PERIOD)


def _hands(state: GameState, names: Mapping[str, str]) -> list[str]:
    """Every player's coins, sorted, as the GM alone sees them."""
    return [f"{names[p]:<8} {coins_text(sorted(state.hand(p)))}" for p in state.players()]


def _gm_coin(coin: CoinPlayed | None) -> CoinPlayed | str:
    return NOT_YET if coin is None else coin


__all__ = ["gm_printout", "player_printout"]
