"""Galaktikos printouts: the player's round report and the GM's summary.

The board is public, so every reader sees the whole galaxy: the board map (a text
grid in 132 columns, a coloured vector map in PDF), each player's resources and
share of the galaxy's population against the victory line (2.1, 2.2), the round's
events turn by turn, the reader's own orders with what became of them, his standing
orders in force and the permissions and obstruction every player announced, the order
check and the next round's input sheet (none once the game is won).

Rounds are numbered as the game plays them: round 0 is the setup, then
rounds 1, 2, ... The state (and the view) after a run names the round whose
orders are due next, so the printout of a run is headed with the round just
played, tells its events, and asks for the next round's orders: the engine's
turn 2 holds round 1's results and round 2's order sheet.

Events are plain mappings as the view carries them: `player` says whose turn an
event belongs to, `text` (else its other fields) what happened; an event naming
`line` reports on the order written on that line of the reader's file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from galbatch.engine.contract.records import PrintContext
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.print.input_sheet import numbered_lines, sheet_head
from galbatch.print.metadata import gm_printout_for, printout_for
from galbatch.print.order_check import order_check_section
from galbatch.print.page import MapBlock, Printout, Section, Table, Text
from galbatch.print.wrap import wrap, wrap_all
from galbatch.rules.galaktikos.board import board_map, player_marks
from galbatch.rules.galaktikos.names import PERIOD
from galbatch.rules.galaktikos.standing import announced, in_force
from galbatch.rules.galaktikos.state import GameState
from galbatch.rules.galaktikos.tables import RACE_HOLD_TURNS, victory_share
from galbatch.rules.galaktikos.victory import populations
from galbatch.rules.galaktikos.view_board import board_of

INPUT_LINES = 20  # numbered blank lines of the input sheet (the book allows more)


def played(state: GameState) -> int | None:
    """The round the state comes out of (0 the setup); None before the setup."""
    return state.round - 1 if state.round > 0 else None


def heading_round(state: GameState) -> int:
    """The round a printout is headed with: the round played, 0 before the setup too."""
    return max(state.round - 1, 0)


def round_name(n: int) -> str:
    """A round as the printouts name it: the setup is round 0."""
    return "round 0, the setup" if n == 0 else f"round {n}"


def rounds_text(state: GameState) -> str:
    """What the printout reports and which round's orders it asks for."""
    done = played(state)
    due = f"Orders are due for {round_name(state.round)}."
    if done is None:
        return f"The game begins: nothing has been played yet. {due}"
    report = (
        "Round 0, the setup, is played: the placements below are its own."
        if done == 0
        else f"Round {done} is played: the events below are its own."
    )
    if state.winner is not None:
        return f"{report} The game is won: no more orders are due."
    return f"{report} {due}"


def galaxy_section(state: GameState) -> Section:
    """The whole board map: every hex's type and every player's tokens."""
    done = played(state)
    title = "The galaxy before the setup"
    if done is not None:
        title = f"The galaxy after {round_name(done)}"
    board = board_map(
        state.width,
        state.height,
        state.kinds,
        list(state.players),
        title=title,
        territory=state.territory,
        populations=state.populations,
        occupations=state.occupations,
        habitats=state.habitats,
        shipyards=state.shipyards,
        fleets=state.fleets,
        unsupplied=state.unsupplied,
        goal=state.goal,
        names={p: state.name_of(p) for p in state.players},
    )
    return Section("THE GALAXY", (MapBlock(board),), new_page=True)


def percent(share: Fraction) -> str:
    """A share as a percentage with one decimal, rounded half up (deterministic)."""
    tenths = (share * 1000 + Fraction(1, 2)) // 1
    return f"{tenths // 10}.{tenths % 10}%"


def standings_section(state: GameState, variant: str, width: int) -> Section:
    """Each player's mark, resources, tokens and population share, and the game's own
    victory condition with each player's progress towards it (2.1 to 2.3)."""
    marks = player_marks(list(state.players))
    counted = populations(state)
    total = sum(counted.values())
    rows = []
    for pid, p in state.players.items():
        fleets = sum(row.get(pid, 0) for row in state.fleets.values())
        share = Fraction(counted.get(pid, 0), total) if total else Fraction(0)
        status = "OUT" if p.eliminated else ("WINNER" if state.winner == pid else "")
        rows.append(
            (marks[pid], p.name, p.resources, counted.get(pid, 0), fleets, percent(share), status)
        )
    table = Table(
        ("MARK", "PLAYER", "RESOURCES", "POPULATION", "FLEETS", "SHARE", "STATUS"),
        tuple(rows),
    )
    note = Text(tuple(wrap_all(victory_lines(state, variant), width, 2)))
    return Section("PLAYERS", (Text((rounds_text(state), "")), table, note))


def victory_lines(state: GameState, variant: str) -> tuple[str, ...]:
    """The variant's victory condition in words, and where each player stands on it."""
    if variant == "race":
        return race_lines(state)
    if variant == "conquest":
        return conquest_lines(state)
    total = sum(populations(state).values())
    line = victory_share(len(state.players))
    return (
        f"A player wins with more than {percent(line)} of the galaxy's population "
        f"({total} tokens now).",
    )


def race_lines(state: GameState) -> tuple[str, ...]:
    """Race (2.3): the goal hex, who holds it now, and the turns each has held it in a row."""
    goal = state.goal
    if goal is None:
        return ("Race: the map has no goal hex.",)
    there = state.occupiers(goal)
    if not there:
        now = f"no fleet is at {goal.name}: nobody holds it"
    elif len(there) == 1:
        now = f"{state.name_of(there[0])}'s fleets alone are at {goal.name}"
    else:
        who = " and ".join(state.name_of(p) for p in there)
        now = f"the fleets of {who} share {goal.name}: nobody holds it"
    counts = ", ".join(
        f"{p.name} {state.held.get(pid, 0)} of {RACE_HOLD_TURNS}"
        for pid, p in state.players.items()
        if not p.eliminated
    )
    return (
        f"Race: a player wins by holding the goal, hex {goal.name}, {RACE_HOLD_TURNS} turns"
        " in a row: his fleets alone there as each of his turns begins.",
        f"Now {now}. Turns held in a row: {counts}.",
    )


def conquest_lines(state: GameState) -> tuple[str, ...]:
    """Conquest (2.3): the last player in play wins; what each still has to lose."""
    left = []
    for pid, p in state.players.items():
        if p.eliminated:
            continue
        own = {h: row[pid] for h, row in state.populations.items() if row.get(pid)}
        held = sum(
            n
            for h, row in state.populations.items()
            for owner, n in row.items()
            if owner != pid and state.occupier(h, owner) == pid
        )
        words = f"{p.name} {sum(own.values())} population in {len(own)} hex{'es' * (len(own) != 1)}"
        left.append(words + (f" and {held} occupied" if held else ""))
    out = [p.name for p in state.players.values() if p.eliminated]
    lines = [
        "Conquest: the last player in play wins; a player is out of play when no population"
        " token is his, nor occupied by him.",
        f"To conquer: {'; '.join(left) or 'nothing'}.",
    ]
    if out:
        lines.append(f"Out of play: {', '.join(out)}.")
    return tuple(lines)


def event_text(event: Mapping[str, Any]) -> str:
    """One event as a line: its `text`, else its fields in a fixed order."""
    if "text" in event:
        return str(event["text"])
    return ", ".join(f"{k} {event[k]}" for k in sorted(event) if k not in ("player", "kind"))


def event_sections(
    view: Mapping[str, Any], names: Mapping[str, str], round_: int, width: int
) -> list[Section]:
    """The events of round `round_` in order, each player's turn in its own section (none
    if absent).

    A turn begins with its `TurnBegan` event; events before the first turn (setup's
    placements) are the round's own. Without `TurnBegan` events (setup), each run of
    one player's events is a section."""
    events = view.get("events")
    if not events:
        return []
    turns = any(e.get("kind") == "TurnBegan" for e in events)
    groups: list[tuple[str | None, list[str]]] = []
    for event in events:
        who = str(event.get("player", ""))
        begins = event.get("kind") == "TurnBegan" if turns else (not groups or groups[-1][0] != who)
        if begins:
            groups.append((who, []))
        elif not groups:
            groups.append((None, []))
        groups[-1][1].extend(wrap(event_text(event), width, 2))
    return [turn_section(who, lines, names, round_) for who, lines in groups]


def turn_section(
    who: str | None, lines: list[str], names: Mapping[str, str], round_: int
) -> Section:
    """A player's turn in the events of round `round_`."""
    title = f"ROUND {round_}, TURN OF {names.get(who, who)}" if who else f"ROUND {round_}"
    return Section(title.upper(), (Text(tuple(lines)),))


# What became of an order, by the kind of event the round recorded for it.
ORDER_EVENTS = {
    "Placed": "PLACED",
    "Executed": "DONE",
    "NotExecuted": "NOT DONE",
    "ConditionFalse": "CONDITION FALSE",
    "Announced": "IN FORCE",
    "StandingSet": "IN FORCE",
}


REJECTED = "REJECTED"  # what became of a line the check refused: it never reached the round


def own_orders_section(
    view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], width: int
) -> Section | None:
    """The reader's orders and what happened to each: from the round's events on his
    orders and the lines the check rejected, else (no events) from the diagnostics; none
    when there is neither."""
    me = str(view.get("player", ""))
    events = [
        e
        for e in view.get("events") or ()
        if e.get("kind") in ORDER_EVENTS and str(e.get("player")) == me
    ]
    if view.get("events"):
        lines = wrap_all(
            (f"{ORDER_EVENTS[str(e['kind'])]:<16} {event_text(e)}" for e in events), width, 17
        )
        lines += wrap_all(  # the lines the check refused never reached the round
            (
                f"{REJECTED:<16} line {d.line}: [{d.code}] {d.message}"
                for d in diagnostics
                if d.severity is Severity.ERROR
            ),
            width,
            17,
        )
    else:
        lines = wrap_all(
            (f"line {d.line:>3}: [{d.code}] {d.message}" for d in diagnostics), width, 10
        )
    if not lines:
        return None
    return Section("YOUR ORDERS", (Text(tuple(lines)),))


def standing_section(view: Mapping[str, Any], names: Mapping[str, str]) -> Section:
    """The reader's standing orders in force, each topic's default where he gave none, and
    every player's permissions and obstruction, which the table hears (`standing.py`)."""
    me = str(view.get("player", ""))
    own = tuple(f"  {line}" for line in in_force([str(t) for t in view.get("standing") or ()]))
    rows = tuple(
        (names.get(str(row["player"]), str(row["player"])), line)
        for row in view.get("announced") or ()
        if str(row["player"]) != me
        for line in (announced([str(t) for t in row["orders"]]) or ["none: the defaults"])
    )
    blocks: list[Text | Table] = [
        Text(("Yours, each until replaced (the default where you gave none):", *own, ""))
    ]
    if rows:
        blocks += [
            Text(("Permissions and obstruction the other players have announced:",)),
            Table(("PLAYER", "IN FORCE"), rows),
        ]
    return Section("STANDING ORDERS", tuple(blocks))


def input_sheet(state: GameState, name: str, ctx: PrintContext) -> tuple[str, ...]:
    """The next round's input sheet: due date, the header line and numbered blank lines."""
    reader = [f"For game {ctx.game}, {round_name(state.round)}, player {name}"]
    lines = sheet_head("Galaktikos Order Sheet", ctx.due, reader, ctx.header_line)
    return (*lines, "", *numbered_lines(INPUT_LINES, 100))


def player_printout(
    view: Mapping[str, Any], diagnostics: Sequence[Diagnostic], ctx: PrintContext
) -> Printout:
    """The player's printout of one round, from the view: the whole public board."""
    state = board_of(view)
    me = str(view.get("player", ""))
    names = {pid: p.name for pid, p in state.players.items()}
    name = names.get(me, me)
    variant = str(view.get("variant") or "population")
    sections = [standings_section(state, variant, ctx.width), galaxy_section(state)]
    sections += event_sections(view, names, heading_round(state), ctx.width)
    own = own_orders_section(view, diagnostics, ctx.width)
    if own is not None:
        sections.append(own)
    sections.append(standing_section(view, names))
    sections.append(order_check_section(diagnostics, ctx))
    if state.winner is None:  # a won game takes no more orders
        sheet = Text(input_sheet(state, name, ctx))
        sections.append(Section("ORDER SHEET", (sheet,), new_page=True))
    reader = f"PLAYER {me} {name}".upper()
    keywords = (f"player {name}",)
    n = heading_round(state)
    return printout_for(ctx, n, reader, sections, name=name, keywords=keywords, period=PERIOD)


def gm_printout(state: GameState, ctx: PrintContext) -> Printout:
    """The GM's summary: the players' standings and the whole board."""
    head = [f"Galaktikos game {ctx.game}. {rounds_text(state)}"]
    if state.winner is not None:
        winner = state.players[state.winner].name if state.winner in state.players else "none"
        head.append(f"The game has ended. Winner: {winner}")
    sections = (
        Section(f"{ctx.title}: GAME MASTER SUMMARY", (Text(tuple(head)),)),
        standings_section(state, str(getattr(state, "variant", "population")), ctx.width),
        galaxy_section(state),
    )
    return gm_printout_for(ctx, heading_round(state), sections, PERIOD)


__all__ = ["gm_printout", "player_printout"]
