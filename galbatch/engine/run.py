"""The turn job: named steps, a job log in the mainframe's spirit, one return code.

    010 LOAD  020 INTAKE  030 CHECK  040 RESOLVE  050 PRINT  060 COMMIT

Every output of a turn is built in memory from the game directory alone and
committed in one rename, so the same inputs give byte-identical archives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from galbatch.engine.diagnostics import RC, Diagnostic, Severity
from galbatch.engine.gamedir import Game, GameError, dump_state
from galbatch.engine.intake import FileCheck, authenticate, check_file
from galbatch.engine.orderfile import MAX_BYTES, parse_order_bytes
from galbatch.engine.rng import Streams
from galbatch.engine.ruleset import PrintContext, Ruleset, get_ruleset
from galbatch.engine.yamlio import dump_data, load_data
from galbatch.print.page import Printout, Section, Table, Text, layout, render_text

NO_ORDERS = "NO ORDERS"
GM = "gm"


@dataclass(frozen=True)
class Step:
    number: int
    name: str
    rc: RC
    detail: str


@dataclass
class JobLog:
    """The job log: a banner, one line a step, the job's highest return code."""

    job: str
    turn: int
    due: str
    steps: list[Step] = field(default_factory=list)

    def step(self, name: str, rc: RC, detail: str) -> None:
        self.steps.append(Step(10 * (len(self.steps) + 1), name, rc, detail))

    @property
    def maxcc(self) -> RC:
        return max((s.rc for s in self.steps), default=RC.CLEAN)

    def text(self) -> str:
        lines = [
            f"GALBATCH  JOB {self.job:<24} TURN {self.turn}  DUE {self.due}",
            "STEP  NAME     RC    DETAIL",
        ]
        lines += [f"{s.number:03d}   {s.name:<8} {int(s.rc):04d}  {s.detail}" for s in self.steps]
        lines.append(f"JOB {self.job} ENDED  MAXCC={int(self.maxcc):04d}")
        return "\n".join(lines) + "\n"


@dataclass
class TurnResult:
    """What a job produced: its log, return code and the files of the turn."""

    rc: RC
    log: str
    turn: int
    files: dict[str, bytes] = field(default_factory=dict)
    committed: Path | None = None


class JobStopped(Exception):
    """A step decided the turn must not run; the log says why."""


def context(
    game: Game, ruleset: Ruleset, turn: int, player: str | None, status: str = ""
) -> PrintContext:
    header = f'GAME {game.id} PLAYER {player} PASSWORD "________"' if player else ""
    return PrintContext(
        game=game.id,
        title=ruleset.title,
        author=game.author,
        date=game.date_of(turn),
        due=game.date_of(turn + 1),
        width=game.width(ruleset.width),
        header_line=header,
        file_status=status,
    )


def order_label(player: str) -> str:
    """How diagnostics name a player's file: stable, with no machine paths."""
    return f"orders/{player}.txt"


def check_player_file(
    game: Game, ruleset: Ruleset, view: Mapping[str, Any], player: str, data: bytes | None
) -> FileCheck:
    """Authenticate and check one player's file against that player's view."""
    label = order_label(player)
    if data is None:
        return FileCheck(label, NO_ORDERS, (), ())
    of = parse_order_bytes(data, label)
    auth = authenticate(of, game.id, player, game.password_hash(player))
    return check_file(of, ruleset, view, player, auth)


def player_printout(
    game: Game, ruleset: Ruleset, state: Any, player: str, check: FileCheck | None
) -> Printout:
    """One player's printout of the turn that produced `state`."""
    turn = ruleset.turn_of(state)
    status = check.status if check is not None else (NO_ORDERS if turn > 0 else "")
    diags = check.diagnostics if check is not None else ()
    ctx = context(game, ruleset, turn, player, status)
    return ruleset.printout(state, player, diags, ctx)


def gm_printout(
    game: Game, ruleset: Ruleset, state: Any, checks: Mapping[str, FileCheck]
) -> Printout:
    """The ruleset's GM summary, followed by the engine's section on the order files."""
    turn = ruleset.turn_of(state)
    summary = ruleset.summary(state, context(game, ruleset, turn, None))
    if turn == 0:
        return summary
    return replace(summary, sections=(*summary.sections, order_files_section(game, checks)))


def order_files_section(game: Game, checks: Mapping[str, FileCheck]) -> Section:
    """Every player's order file: received or not, rejected or not, and its findings."""
    rows: list[tuple[object, ...]] = []
    for info in game.players:
        check = checks.get(info.id)
        if check is None:
            rows.append((info.id, info.name, NO_ORDERS, "", "", ""))
            continue
        count = Counter(d.severity for d in check.diagnostics)
        rows.append(
            (info.id, info.name, check.status[:40], f"{int(check.rc):04d}",
             count[Severity.WARNING], count[Severity.ERROR] + count[Severity.FATAL])
        )  # fmt: skip
    table = Table(("PLAYER", "CODE NAME", "ORDER FILE", "RC", "WARNINGS", "ERRORS"), tuple(rows))
    return Section("ORDER FILES", (table,))


def cover_printout(game: Game, ruleset: Ruleset, turn: int, rc: int) -> Printout:
    """The archive's cover sheet: game, turn, date, players and the job's return code."""
    rows = tuple((p.id, p.name, p.account) for p in game.players)
    lines = (
        f"GAME      {game.id.upper()}",
        f"TITLE     {game.title}",
        f"RULESET   {ruleset.title}",
        f"TURN      {turn}",
        f"DATE      {game.date_of(turn)}",
        f"GM        {game.author}",
        f"JOB RC    {rc:04d}",
    )
    return Printout(
        game=game.id,
        turn=turn,
        reader="TURN ARCHIVE",
        width=game.width(ruleset.width),
        sections=(
            Section("TURN ARCHIVE", (Text(lines),)),
            Section("PLAYERS", (Table(("PLAYER", "CODE NAME", "ACCOUNT"), rows),)),
        ),
        title=f"{ruleset.title} {game.id.upper()} TURN {turn}: ARCHIVE",
        author=game.author,
        date=game.date_of(turn),
        keywords=(game.id, f"turn {turn}", "archive"),
    )


def turn_printouts(
    game: Game, ruleset: Ruleset, state: Any, checks: Mapping[str, FileCheck]
) -> list[tuple[str, str, Printout]]:
    """(file stem, archive label, printout) for the GM and every player, in seat order."""
    out = [(GM, "GAME MASTER SUMMARY", gm_printout(game, ruleset, state, checks))]
    for info in game.players:
        printout = player_printout(game, ruleset, state, info.id, checks.get(info.id))
        out.append((info.id, f"PLAYER {info.id} {info.name}", printout))
    return out


def archive_pdf(
    game: Game, ruleset: Ruleset, state: Any, printouts: list[tuple[str, str, Printout]], rc: int
) -> bytes:
    from galbatch.print.pdf import render_archive

    cover = cover_printout(game, ruleset, ruleset.turn_of(state), rc)
    return render_archive(cover, [(label, p) for _, label, p in printouts])


def render_turn(
    game: Game,
    ruleset: Ruleset,
    state: Any,
    checks: Mapping[str, FileCheck],
    pdf: bool = True,
    rc: int = 0,
) -> dict[str, bytes]:
    """Printouts (text and PDF), views, and the archive PDF of one turn."""
    files: dict[str, bytes] = {}
    for info in game.players:
        view = {"game": game.id, **ruleset.view(state, info.id)}
        files[f"views/{info.id}.yaml"] = dump_data(view).encode("utf-8")
    printouts = turn_printouts(game, ruleset, state, checks)
    for stem, _, printout in printouts:
        files.update(printout_files(f"printouts/{stem}", printout, pdf))
    if pdf:
        files["archive.pdf"] = archive_pdf(game, ruleset, state, printouts, rc)
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


def printout_files(stem: str, printout: Printout, pdf: bool) -> dict[str, bytes]:
    pages = layout(printout)
    out = {f"{stem}.txt": render_text(pages).encode("utf-8")}
    if pdf:
        from galbatch.print.pdf import render_pdf

        out[f"{stem}.pdf"] = render_pdf(printout, pages)
    return out


def authentic(game: Game, player: str, data: bytes) -> bool:
    """True if the file's header is usable and names this game, player and password."""
    of = parse_order_bytes(data, order_label(player))
    return of.usable and not authenticate(of, game.id, player, game.password_hash(player))


def read_inbox(game: Game, player: str) -> bytes | None:
    file = game.inbox / f"{player}.txt"
    if not file.is_file():
        return None
    with file.open("rb") as f:
        return f.read(MAX_BYTES + 1)


def process(
    path: Path,
    *,
    dry_run: bool = False,
    rerun: bool = False,
    force: bool = False,
    pdf: bool = True,
) -> TurnResult:
    """Run the next turn (or, with `rerun`, the latest again) of the game at `path`."""
    try:
        game = Game.open(path)
    except GameError as e:
        log = JobLog("UNKNOWN", 0, "-")
        log.step("LOAD", RC.FAILED, str(e))
        return TurnResult(RC.FAILED, log.text(), 0)
    latest = game.latest_turn()
    turn = latest if rerun else latest + 1
    log = JobLog(f"{game.id.upper()}.T{turn:03d}", turn, game.date_of(turn))
    try:
        return _process(game, log, latest, turn, dry_run=dry_run, rerun=rerun, force=force, pdf=pdf)
    except JobStopped:
        return TurnResult(log.maxcc, log.text(), turn)


def _process(
    game: Game,
    log: JobLog,
    latest: int,
    turn: int,
    *,
    dry_run: bool,
    rerun: bool,
    force: bool,
    pdf: bool,
) -> TurnResult:
    # 010 LOAD
    try:
        ruleset = get_ruleset(game.ruleset_name)
        if latest < 0 or (rerun and latest < 1):
            raise GameError(
                "no turn to " + ("rerun" if rerun else "build on") + "; run `galbatch new`"
            )
        state = ruleset.configure(ruleset.load_state(game.state_data(turn - 1)), game.settings)
    except (GameError, LookupError, KeyError, TypeError, ValueError) as e:
        log.step("LOAD", RC.FAILED, f"cannot load: {e}")
        raise JobStopped from None
    if ruleset.finished(state):
        log.step("LOAD", RC.UNUSABLE, f"game {game.id} has ended on turn {turn - 1}")
        raise JobStopped
    log.step("LOAD", RC.CLEAN, f"game {game.id}, {ruleset.describe(state)}")

    # 020 INTAKE
    owing = ruleset.owing(state)
    received: dict[str, bytes] = {}
    late = 0
    for player in owing:
        data = read_inbox(game, player)
        if rerun:
            archived = game.turn_dir(turn) / "orders" / f"{player}.txt"
            kept = archived.read_bytes() if archived.is_file() else None
            if data is not None and (kept is None or not authentic(game, player, kept)):
                late += 1  # a late file, or a resend of one that was rejected whole
            else:
                data = kept
        if data is not None:
            received[player] = data
    known = {p.id for p in game.players}
    strays = sorted(
        f.name
        for f in (game.inbox.iterdir() if game.inbox.is_dir() else [])
        if f.suffix != ".txt" or f.stem not in known or (f.stem not in owing and not rerun)
    )
    missing = [p for p in owing if p not in received]
    detail = f"{len(received)} order files for {len(owing)} players; {len(missing)} missing"
    if rerun:
        detail += f"; {late} late"
    if strays:
        detail += f"; {len(strays)} files of no player who owes orders left in orders/"
    if owing and len(missing) / len(owing) > game.missing_limit and not force:
        log.step(
            "INTAKE",
            RC.UNUSABLE,
            f"{detail}: more than {game.missing_limit:.0%} sent no orders; "
            "nothing changed (use --force to run anyway)",
        )
        raise JobStopped
    log.step("INTAKE", RC.WARNING if strays else RC.CLEAN, detail)

    # 030 CHECK
    checks: dict[str, FileCheck] = {}
    for player, data in received.items():  # seat order, as `owing` gives it
        checks[player] = check_player_file(game, ruleset, ruleset.view(state, player), player, data)
    rejected_files = sum(1 for c in checks.values() if not c.usable)
    diags = [d for c in checks.values() for d in c.diagnostics]
    n_orders = sum(len(c.orders) for c in checks.values())
    clamped = sum(
        1 for d in diags if d.severity is Severity.WARNING and not d.code.startswith("GB")
    )
    rejected = sum(1 for d in diags if d.severity is Severity.ERROR)
    unended = sum(1 for d in diags if d.code in ("GB020", "GB021"))
    check_rc = max((c.rc for c in checks.values()), default=RC.CLEAN)
    log.step(
        "CHECK",
        check_rc,
        f"{n_orders + rejected} orders: {n_orders} accepted ({clamped} reduced), "
        f"{rejected} rejected; {rejected_files} files rejected; {unended} without END",
    )

    # 040 RESOLVE
    orders = {p: list(c.orders) for p, c in checks.items() if c.usable}
    try:
        new_state = ruleset.resolve(state, orders, Streams(game.seed, turn))
    except Exception as e:  # a rules bug must end the job with RC 16, not a traceback
        log.step("RESOLVE", RC.FAILED, f"turn failed: {type(e).__name__}: {e}")
        raise JobStopped from None
    log.step(
        "RESOLVE",
        RC.CLEAN,
        ruleset.describe(new_state)
        + ("; the game has ended" if ruleset.finished(new_state) else ""),
    )

    # 050 PRINT
    try:
        files = render_turn(game, ruleset, new_state, checks, pdf=pdf, rc=log.maxcc)
    except Exception as e:  # a printout bug must end the job with RC 16, not a traceback
        log.step("PRINT", RC.FAILED, f"printing failed: {type(e).__name__}: {e}")
        raise JobStopped from None
    files["state.yaml"] = dump_state(ruleset.dump_state(new_state))
    files[CHECKS_FILE] = dump_data(checks_data(checks)).encode("utf-8")
    for player, data in received.items():
        files[f"orders/{player}.txt"] = data
    n_txt = sum(1 for f in files if f.startswith("printouts/") and f.endswith(".txt"))
    n_pdf = sum(1 for f in files if f.endswith(".pdf"))
    log.step("PRINT", RC.CLEAN, f"{n_txt} printouts; {n_pdf} PDFs")

    # 060 COMMIT
    where = f"turns/{turn:03d}"
    if dry_run:
        log.step("COMMIT", RC.CLEAN, f"dry run: {where} not written")
        files["job.log"] = log.text().encode("utf-8")
        return TurnResult(log.maxcc, log.text(), turn, files)
    log.step("COMMIT", RC.CLEAN, where + (" (replaced)" if rerun else ""))
    files["job.log"] = log.text().encode("utf-8")
    try:
        committed = game.commit(turn, files, replace=rerun)
    except (OSError, GameError) as e:
        log.steps.pop()
        log.step("COMMIT", RC.FAILED, f"cannot write {where}: {e}")
        return TurnResult(log.maxcc, log.text(), turn)
    return TurnResult(log.maxcc, log.text(), turn, files, committed)
