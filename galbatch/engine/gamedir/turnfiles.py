"""The files of a processed turn: printouts (text and PDF), views, the archive, the checks.

Everything is built in memory from the state and the checks of the turn, so the
job can commit it in one rename and `galbatch print` can build it again, byte
for byte, from the archive.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from galbatch.engine.checker.pipeline import FileCheck, counts
from galbatch.engine.contract.records import PrintContext
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.turninputs import INPUTS_FILE, TurnInputs
from galbatch.engine.gamedir.yamlio import dump_data, load_data
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.print.page import Page, Printout, Section, Table, Text, layout, render_text
from galbatch.print.pdf import render_archive, render_pdf, render_pdfs, shared_streams
from galbatch.print.worker import meanwhile

if TYPE_CHECKING:
    from galbatch.print.pdf import Drawn

NO_ORDERS = "NO ORDERS"
GM = "gm"


def mail_stem(game: str, turn: int, player: str) -> str:
    """The name a player's printout and view file are mailed under, without the
    extension: `gc16-t003-p1` (the game id in lower case, '-' for '_')."""
    return f"{game.lower().replace('_', '-')}-t{turn:03d}-p{player.lower()}"


def context(
    inputs: TurnInputs,
    ruleset: AnyRuleset,
    player: str | None,
    status: str = "",
    turn: int | None = None,
) -> PrintContext:
    header = f'GAME {inputs.game} PLAYER {player} PASSWORD "________"' if player else ""
    view_file = (
        f"{mail_stem(inputs.game, turn, player)}.yaml" if player and turn is not None else ""
    )
    return PrintContext(
        game=inputs.game,
        title=ruleset.title,
        author=inputs.author,
        date=inputs.date,
        due=inputs.due,
        width=inputs.width,
        header_line=header,
        file_status=status,
        view_file=view_file,
    )


def player_printout(
    inputs: TurnInputs,
    ruleset: AnyRuleset,
    state: Any,
    player: str,
    check: FileCheck | None,
    view: Mapping[str, Any] | None = None,
) -> Printout:
    """One player's printout of the turn that produced `state`, from the player's view."""
    turn = ruleset.turn_of(state)
    status = check.status if check is not None else (NO_ORDERS if turn > 0 else "")
    diags = check.diagnostics if check is not None else ()
    ctx = context(inputs, ruleset, player, status, turn)
    printout = ruleset.printout(view or ruleset.view(state, player), diags, ctx)
    name = next((info.name for info in inputs.players if info.id == player), "")
    return replace(printout, label=name or f"PLAYER {player}")


def gm_printout(
    inputs: TurnInputs, ruleset: AnyRuleset, state: Any, checks: Mapping[str, FileCheck]
) -> Printout:
    """The ruleset's GM summary, followed by the engine's section on the order files."""
    summary = replace(ruleset.summary(state, context(inputs, ruleset, None)), label="GM")
    if ruleset.turn_of(state) == 0:
        return summary
    return replace(summary, sections=(*summary.sections, order_files_section(inputs, checks)))


def order_files_section(inputs: TurnInputs, checks: Mapping[str, FileCheck]) -> Section:
    """Every player's order file: received or not, rejected or not, and its findings."""
    rows: list[tuple[object, ...]] = []
    for info in inputs.players:
        check = checks.get(info.id)
        if check is None:
            rows.append((info.id, info.name, NO_ORDERS, "", "", ""))
            continue
        warnings, errors = counts(check.diagnostics)
        rows.append(
            (info.id, info.name, check.status[:40], f"{int(check.rc):04d}", warnings, errors)
        )
    table = Table(("PLAYER", "CODE NAME", "ORDER FILE", "RC", "WARNINGS", "ERRORS"), tuple(rows))
    return Section("ORDER FILES", (table,))


def cover_printout(
    inputs: TurnInputs, ruleset: AnyRuleset, turn: int, rc: int, parts: int = 0, pages: int = 0
) -> Printout:
    """The archive's cover: a job separator page as a mainframe printed one, the job name
    in banner letters built from the font, then game, turn, date, MAXCC, the players and
    how many printouts and pages follow it."""
    from galbatch.print.banner import banner  # the font is read only when an archive is made

    job = f"{inputs.game.upper()}.T{turn:03d}"
    rows = tuple((p.id, p.name, p.account) for p in inputs.players)
    bar = "*" * inputs.width
    lines = (
        bar,
        "",
        *banner(f"{inputs.game.upper()} T{turn:03d}", inputs.width),
        "",
        bar,
        "",
        f"JOB       {job}",
        f"GAME      {inputs.game.upper()}",
        f"TITLE     {inputs.title}",
        f"RULESET   {ruleset.title}",
        f"{ruleset.period:<10}{turn}",
        f"DATE      {inputs.date}",
        f"GM        {inputs.author}",
        f"MAXCC     {rc:04d}",
        f"PLAYERS   {len(inputs.players)}",
        f"FOLLOWING {parts} PRINTOUTS, {pages} PAGES",
    )
    return Printout(
        game=inputs.game,
        turn=turn,
        reader=f"JOB {job}",
        width=inputs.width,
        sections=(
            Section("JOB SEPARATOR", (Text(lines),)),
            Section("PLAYERS", (Table(("PLAYER", "CODE NAME", "ACCOUNT"), rows),)),
        ),
        title=f"{ruleset.title} {inputs.game.upper()} {ruleset.period} {turn}: ARCHIVE",
        author=inputs.author,
        date=inputs.date,
        keywords=(inputs.game, f"{ruleset.period.lower()} {turn}", "archive"),
        label="COVER",
        folio="SEPARATOR",
        period=ruleset.period,
    )


def turn_printouts(
    inputs: TurnInputs,
    ruleset: AnyRuleset,
    state: Any,
    checks: Mapping[str, FileCheck],
    views: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[tuple[str, str, Printout]]:
    """(file stem, archive label, printout) for the GM and every player, in seat order."""
    views = views or {}
    out = [(GM, "GAME MASTER SUMMARY", gm_printout(inputs, ruleset, state, checks))]
    for info in inputs.players:
        check = checks.get(info.id)
        printout = player_printout(inputs, ruleset, state, info.id, check, views.get(info.id))
        out.append((info.id, f"PLAYER {info.id} {info.name}", printout))
    return out


def archive_pdf(
    inputs: TurnInputs,
    ruleset: AnyRuleset,
    state: Any,
    printouts: list[tuple[str, str, Printout]],
    rc: int,
    laid: list[list[Page]] | None = None,
    drawn: Sequence[Sequence[Drawn | None]] | None = None,
) -> bytes:
    """The turn's archive PDF; `laid`: the printouts' pages, if already laid out, and
    `drawn` their drawings, if already drawn for the printouts' own PDFs."""

    if laid is None:
        laid = [layout(p) for _, _, p in printouts]
    pages = sum(len(p) for p in laid)
    cover = cover_printout(inputs, ruleset, ruleset.turn_of(state), rc, len(printouts), pages)
    return render_archive(cover, [(label, p) for _, label, p in printouts], laid, drawn)


@contextmanager
def _settled() -> Iterator[Callable[[], None]]:
    """Leave the objects alive now (the states), and those alive when the function given
    is called (views, printouts, pages), out of the cyclic garbage collector's scans until
    the block ends: each full scan of a 200-player turn's data took a tenth of a second,
    and they came more often as the game grew."""
    if gc.get_freeze_count():  # someone else's freeze: leave it alone
        yield lambda: None
        return
    gc.freeze()
    try:
        yield gc.freeze
    finally:
        gc.unfreeze()


def render_turn(
    inputs: TurnInputs,
    ruleset: AnyRuleset,
    state: Any,
    checks: Mapping[str, FileCheck],
    pdf: bool = True,
    rc: int = 0,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, bytes]:
    """Printouts (text and PDF), views, the archive PDF, and the inputs they were made from.

    `progress` hears ("printouts made", done, total) after each reader's printout."""
    with _settled() as settle:
        return _render_turn(inputs, ruleset, state, checks, pdf, rc, progress, settle)


def _render_turn(
    inputs: TurnInputs,
    ruleset: AnyRuleset,
    state: Any,
    checks: Mapping[str, FileCheck],
    pdf: bool,
    rc: int,
    progress: Callable[[str, int, int], None] | None,
    settle: Callable[[], None],
) -> dict[str, bytes]:
    views = ruleset.views(state, [info.id for info in inputs.players])
    settle()

    def dumped() -> dict[str, bytes]:
        """The views as files."""
        return {
            f"views/{player}.yaml": dump_data({"game": inputs.game, **view}).encode("utf-8")
            for player, view in views.items()
        }

    # a second core writes the views (a third of the time of the text printouts) meanwhile
    with meanwhile(dumped, len(views) >= FORK_VIEWS) as view_files:
        files = {INPUTS_FILE: inputs.dumps()}
        printed = _printed(inputs, ruleset, state, checks, views, pdf, rc, progress, settle)
        files.update(view_files())
    files.update(printed)
    return files


FORK_VIEWS = 16  # fewer views than this are written by the job alone: a fork costs more


def _printed(
    inputs: TurnInputs,
    ruleset: AnyRuleset,
    state: Any,
    checks: Mapping[str, FileCheck],
    views: Mapping[str, Mapping[str, Any]],
    pdf: bool,
    rc: int,
    progress: Callable[[str, int, int], None] | None,
    settle: Callable[[], None],
) -> dict[str, bytes]:
    """The printouts' files and the archive."""
    files: dict[str, bytes] = {}
    printouts = turn_printouts(inputs, ruleset, state, checks, views)
    laid = [layout(printout) for _, _, printout in printouts]
    settle()  # kept, as the views are, until the files are made
    pdfs: list[bytes] = []
    drawn: list[list[Drawn | None]] = []
    if pdf:

        def made(done: int) -> None:
            if progress is not None:
                progress("printouts made", done, len(printouts))

        jobs = [(printout, pages) for (_, _, printout), pages in zip(printouts, laid, strict=True)]
        with shared_streams():  # the archive's pages are compressed as their printouts' were
            for data, kept in render_pdfs(jobs, made):
                pdfs.append(data)
                drawn.append(kept)
            cover_and_parts = archive_pdf(inputs, ruleset, state, printouts, rc, laid, drawn)
    for done, ((stem, _, _), pages) in enumerate(zip(printouts, laid, strict=True), start=1):
        files[f"printouts/{stem}.txt"] = render_text(pages).encode("utf-8")
        if pdf:
            files[f"printouts/{stem}.pdf"] = pdfs[done - 1]
        elif progress is not None:
            progress("printouts made", done, len(printouts))
    if pdf:  # each page is drawn once: the archive re-uses the printouts' drawings
        files["archive.pdf"] = cover_and_parts
    return files


def logged_rc(game: Game, turn: int) -> int:
    """The MAXCC a turn's job log recorded (0 for setup or an unreadable log)."""
    log = game.turn_dir(turn) / "job.log"
    text = log.read_text(encoding="utf-8") if log.is_file() else ""
    for line in reversed(text.splitlines()):
        if "MAXCC=" in line:
            digits = line.split("MAXCC=")[1][:4]
            return int(digits) if digits.isdigit() else 0
    return 0


CHECKS_FILE = "checks.yaml"


def checks_data(checks: Mapping[str, FileCheck]) -> dict[str, Any]:
    """The checks of a turn as plain data, archived so a re-print never re-checks."""
    return {
        player: {
            "file": check.name,
            "status": check.status,
            "diagnostics": [
                [d.line, d.column, d.severity.value, d.code, d.message] for d in check.diagnostics
            ],
        }
        for player, check in checks.items()
    }


def archived_checks(game: Game, turn: int) -> dict[str, FileCheck]:
    """The checks of an archived turn, as its printouts reported them."""
    file = game.turn_dir(turn) / CHECKS_FILE
    if not file.is_file():
        return {}
    checks = {}
    for player, data in load_data(file).items():
        name = str(data["file"])
        diags = tuple(
            Diagnostic(name, int(line), int(column), Severity(severity), str(code), str(message))
            for line, column, severity, code, message in data["diagnostics"]
        )
        checks[str(player)] = FileCheck(name, str(data["status"]), (), diags)
    return checks


def printout_files(
    stem: str, printout: Printout, pdf: bool, pages: list[Page] | None = None
) -> dict[str, bytes]:
    if pages is None:
        pages = layout(printout)
    out = {f"{stem}.txt": render_text(pages).encode("utf-8")}
    if pdf:
        out[f"{stem}.pdf"] = render_pdf(printout, pages)
    return out
