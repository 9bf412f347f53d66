"""The turn job: named steps, a job log in the mainframe's spirit, one return code.

    010 LOAD  020 INTAKE  030 CHECK  040 RESOLVE  050 PRINT  060 COMMIT

Every output of a turn is built in memory from the game directory alone and
committed in one rename, so the same inputs give byte-identical archives.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.diagnostics import RC, Severity
from galbatch.engine.gamedir import Game, GameError, dump_state
from galbatch.engine.intake import FileCheck, authenticate, check_file
from galbatch.engine.orderfile import MAX_BYTES, parse_order_bytes
from galbatch.engine.rng import Streams
from galbatch.engine.ruleset import Ruleset, get_ruleset
from galbatch.engine.turnfiles import CHECKS_FILE, NO_ORDERS, checks_data, render_turn
from galbatch.engine.yamlio import dump_data


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
