"""The turn job: named steps, a job log in the mainframe's spirit, one return code.

    010 LOAD  020 INTAKE  030 CHECK  040 RESOLVE  050 PRINT  060 COMMIT

Every output of a turn is built in memory from the game directory alone and
committed in one rename, so the same inputs give byte-identical archives.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.commit import (
    FROM_ARCHIVE,
    FROM_INBOX,
    RECORD_FILE,
    Consumed,
    archived_form,
    commit_turn,
    digest,
    pending_consumed,
    read_record,
    record_bytes,
    writing,
)
from galbatch.engine.diagnostics import RC, Severity
from galbatch.engine.gamedir import Game, GameError, GameFileError, dump_state
from galbatch.engine.inbox import scan
from galbatch.engine.intake import FileCheck, authenticate, check_file, counts
from galbatch.engine.locks import GameBusy, commit_lock
from galbatch.engine.orderfile import MAX_BYTES, parse_order_bytes
from galbatch.engine.rng import Streams
from galbatch.engine.ruleset import Ruleset, get_ruleset
from galbatch.engine.turnfiles import CHECKS_FILE, NO_ORDERS, checks_data, render_turn
from galbatch.engine.turninputs import inputs_for, turn_date
from galbatch.engine.yamlio import dump_data


@dataclass(frozen=True)
class Step:
    number: int
    name: str
    rc: RC
    detail: str
    more: tuple[str, ...] = ()  # lines printed under the detail, one finding each


@dataclass
class JobLog:
    """The job log: a banner, one line a step, the job's highest return code."""

    job: str
    turn: int
    due: str
    steps: list[Step] = field(default_factory=list)

    def step(self, name: str, rc: RC, detail: str, more: Sequence[str] = ()) -> None:
        self.steps.append(Step(10 * (len(self.steps) + 1), name, rc, detail, tuple(more)))

    @property
    def maxcc(self) -> RC:
        return max((s.rc for s in self.steps), default=RC.CLEAN)

    def text(self) -> str:
        lines = [
            f"GALBATCH  JOB {self.job:<24} TURN {self.turn}  DUE {self.due}",
            "STEP  NAME     RC    DETAIL",
        ]
        for s in self.steps:
            lines.append(f"{s.number:03d}   {s.name:<8} {int(s.rc):04d}  {s.detail}")
            lines += [f"{'':<21}{line}" for line in s.more]  # under DETAIL
        lines.append(f"JOB {self.job} ENDED  MAXCC={int(self.maxcc):04d}")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Intake:
    """An order file a turn takes: its bytes, their origin, whether it was authenticated."""

    data: bytes
    source: str  # FROM_INBOX or FROM_ARCHIVE
    authentic: bool | None  # known for an archived file; None: check it now


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
    game: Game,
    ruleset: Ruleset,
    view: Mapping[str, Any],
    player: str,
    data: bytes | None,
    trusted: bool = False,
) -> FileCheck:
    """Authenticate and check one player's file against that player's view.

    `trusted`: the file was authenticated when it arrived (an archived file whose
    password is masked); its header must still name this game and player.
    """
    label = order_label(player)
    if data is None:
        return FileCheck(label, NO_ORDERS, (), ())
    of = parse_order_bytes(data, label)
    auth = authenticate(of, game.id, player, None if trusted else game.password_hash(player))
    return check_file(of, ruleset, view, player, auth)


def authentic(game: Game, player: str, data: bytes) -> bool:
    """True if the file's header is usable and names this game, player and password."""
    of = parse_order_bytes(data, order_label(player))
    return of.usable and not authenticate(of, game.id, player, game.password_hash(player))


def process(
    path: Path,
    *,
    dry_run: bool = False,
    rerun: bool = False,
    force: bool = False,
    pdf: bool = True,
    due: str | None = None,
    replace: Sequence[str] = (),
) -> TurnResult:
    """Run the next turn (or, with `rerun`, the latest again) of the game at `path`.

    `replace`: players whose inbox file a rerun takes instead of the file the
    turn archived.

    `due`: the deadline this turn announces for the next one (ISO date), if not
    the usual days_per_turn later. A real run holds the game's writer lock
    throughout; a dry run only reads, holding the commit lock shared so it never
    sees a commit half done.
    """
    options = {"rerun": rerun, "force": force, "pdf": pdf, "due": due, "replace": replace}
    try:
        if dry_run:
            game = Game.open(path)
            with commit_lock(game.turns, exclusive=False):
                return _job(game, dry_run=True, **options)
        with writing(path) as game:
            return _job(game, dry_run=False, **options)
    except GameBusy as e:
        return _refused(RC.UNUSABLE, str(e))
    except GameFileError as e:  # the GM's file to fix: the run is refused, nothing changed
        return _refused(RC.UNUSABLE, f"{e.summary}; nothing changed", e.problems)
    except (GameError, OSError) as e:
        return _refused(RC.FAILED, str(e))


def _refused(rc: RC, why: str, more: Sequence[str] = ()) -> TurnResult:
    log = JobLog("UNKNOWN", 0, "-")
    log.step("LOAD", rc, why, more)
    return TurnResult(rc, log.text(), 0)


def _job(game: Game, *, dry_run: bool, **options: Any) -> TurnResult:
    latest = game.latest_turn()
    turn = latest if options["rerun"] else latest + 1
    log = JobLog(f"{game.id.upper()}.T{turn:03d}", turn, turn_date(game, turn))
    try:
        return _process(game, log, latest, turn, dry_run=dry_run, **options)
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
    due: str | None,
    replace: Sequence[str] = (),
) -> TurnResult:
    # 010 LOAD
    try:
        ruleset = get_ruleset(game.ruleset_name)
        if latest < 0:
            raise GameError(
                "no turn to " + ("rerun" if rerun else "build on") + "; run `galbatch new`"
            )
        if rerun and latest < 1:
            raise GameError(
                "no turn to rerun: the game is at turn 0, its setup; "
                f"`galbatch process {game.path}` makes turn 1"
            )
        state = ruleset.configure(ruleset.load_state(game.state_data(turn - 1)), game.settings)
    except (GameError, LookupError, KeyError, TypeError, ValueError) as e:
        log.step("LOAD", RC.FAILED, f"cannot load: {e}")
        raise JobStopped from None
    try:
        inputs = inputs_for(game, ruleset.width, turn, due)
    except ValueError as e:
        log.step("LOAD", RC.UNUSABLE, f"{e}; nothing changed")
        raise JobStopped from None
    if ruleset.finished(state):
        log.step("LOAD", RC.UNUSABLE, f"game {game.id} has ended on turn {turn - 1}")
        raise JobStopped
    log.step("LOAD", RC.CLEAN, f"game {game.id}, {ruleset.describe(state)}")

    # 020 INTAKE
    owing = ruleset.owing(state)
    inbox = scan(game.inbox, owing, {p.id for p in game.players}, pending_consumed(game))
    strays = list(inbox.strays)
    if rerun:  # files of players who owed nothing that turn wait for the next one
        strays = [s for s in strays if s.player is None]
    wrong = _replace_problems(game, owing, inbox.files, rerun, replace)
    if wrong:
        log.step("INTAKE", RC.UNUSABLE, wrong[0] + "; nothing changed", wrong[1:])
        raise JobStopped
    received, late = _intake(game, turn, owing, inbox.files, rerun, replace)
    held = [p for p in owing if p in inbox.files and received[p].source == FROM_ARCHIVE]
    oversized = [p for p, got in received.items() if len(got.data) > MAX_BYTES]
    missing = [p for p in owing if p not in received]
    detail = f"{len(received)} order files for {len(owing)} players; {len(missing)} missing"
    if rerun:
        detail += f"; {late} late" + (f"; {len(held)} held" if held else "")
    if oversized:
        detail += f"; {len(oversized)} over {MAX_BYTES // 1024} KB left in orders/"
    if strays:
        detail += f"; {len(strays)} stray entries left in orders/: " + ", ".join(
            str(s) for s in strays
        )
    if owing and len(missing) / len(owing) > game.missing_limit and not force:
        log.step(
            "INTAKE",
            RC.UNUSABLE,
            f"{detail}: more than {game.missing_limit:.0%} sent no orders; "
            "nothing changed (use --force to run anyway)",
        )
        raise JobStopped
    names = {p.id: p.name for p in game.players}
    held_lines = []
    for player in held:  # not used: it waits in orders/ for the next turn
        same = archived_form(inbox.files[player]) == received[player].data
        held_lines.append(
            f"{player} {names[player]}: orders/{player}.txt held for turn {turn + 1}"
            + (" (the same as the file kept)" if same else "")
            + f"; --replace {player} takes it"
        )
    log.step("INTAKE", RC.WARNING if strays or oversized else RC.CLEAN, detail, held_lines)

    # 030 CHECK
    checks: dict[str, FileCheck] = {}
    for player, got in received.items():  # seat order, as `owing` gives it
        view = ruleset.view(state, player)
        checks[player] = check_player_file(
            game, ruleset, view, player, got.data, trusted=bool(got.authentic)
        )
    rejected_files = sum(1 for c in checks.values() if not c.usable)
    diags = [d for c in checks.values() for d in c.diagnostics]
    n_orders = sum(len(c.orders) for c in checks.values())
    listed_gb = sum(1 for d in diags if d.severity is Severity.WARNING and d.code.startswith("GB"))
    fatal = sum(1 for d in diags if d.severity is Severity.FATAL)
    clamped = sum(counts(c.diagnostics)[0] for c in checks.values()) - listed_gb
    rejected = sum(counts(c.diagnostics)[1] for c in checks.values()) - fatal  # hidden ones too
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
        files = render_turn(inputs, ruleset, new_state, checks, pdf=pdf, rc=log.maxcc)
    except Exception as e:  # a printout bug must end the job with RC 16, not a traceback
        log.step("PRINT", RC.FAILED, f"printing failed: {type(e).__name__}: {e}")
        raise JobStopped from None
    files["state.yaml"] = dump_state(ruleset.dump_state(new_state))
    files[CHECKS_FILE] = dump_data(checks_data(checks)).encode("utf-8")
    consumed = []
    for player, got in received.items():
        if player in oversized:
            continue  # not archived, so never removed: it stays in orders/ for the GM
        archived = got.data if got.source == FROM_ARCHIVE else archived_form(got.data)
        files[f"orders/{player}.txt"] = archived
        was_authentic = got.authentic if got.authentic is not None else checks[player].usable
        consumed.append(Consumed(f"{player}.txt", digest(archived), got.source, was_authentic))
    files[RECORD_FILE] = record_bytes(consumed)
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
        committed = commit_turn(game, turn, files, replace=rerun)
    except (OSError, GameError) as e:
        log.steps.pop()
        log.step("COMMIT", RC.FAILED, f"cannot write {where}: {e}")
        return TurnResult(log.maxcc, log.text(), turn)
    return TurnResult(log.maxcc, log.text(), turn, files, committed)


def _replace_problems(
    game: Game, owing: list[str], inbox: Mapping[str, bytes], rerun: bool, replace: Sequence[str]
) -> list[str]:
    """Why each player `--replace` names cannot have their inbox file taken, if any."""
    problems = []
    ids = {p.id for p in game.players}
    for player in replace:
        if not rerun:
            problems.append(f"--replace {player}: only a rerun replaces a file")
        elif player not in ids:
            problems.append(f"--replace {player}: game {game.id} has no player {player}")
        elif player not in owing:
            problems.append(f"--replace {player}: owed no orders that turn")
        elif player not in inbox:
            problems.append(f"--replace {player}: no file {order_label(player)}")
    return problems


def _intake(
    game: Game,
    turn: int,
    owing: list[str],
    inbox: Mapping[str, bytes],
    rerun: bool,
    replace: Sequence[str] = (),
) -> tuple[dict[str, Intake], int]:
    """The file each owing player's orders come from, in seat order, and how many came late.

    A rerun keeps the file the turn archived, unless that file was rejected whole
    and the player has sent another (a late file, or a resend), or the player is
    in `replace`. Any other inbox file of an owing player is held: not used, it
    stays in orders/ for the next turn.
    """
    received: dict[str, Intake] = {}
    late = 0
    kept = game.turn_dir(turn)
    record = {c.name: c for c in (read_record(kept) or [])} if rerun else {}
    for player in owing:
        data = inbox.get(player)
        if rerun:
            name = f"{player}.txt"
            file = kept / "orders" / name
            archived = file.read_bytes() if file.is_file() else None
            if archived is not None:
                was_authentic = (
                    record[name].authentic if name in record else authentic(game, player, archived)
                )
                if data is None or (was_authentic and player not in replace):
                    received[player] = Intake(archived, FROM_ARCHIVE, was_authentic)
                    continue
            if data is not None:
                late += 1  # a late file, or a resend of one that was rejected whole
        if data is not None:
            received[player] = Intake(data, FROM_INBOX, None)
    return received, late
