"""The turn job: named steps, a job log in the mainframe's spirit, one return code.

    010 LOAD  020 INTAKE  030 CHECK  040 RESOLVE  050 PRINT  060 COMMIT

Every output of a turn is built in memory from the game directory alone and
committed in one rename, so the same inputs give byte-identical archives.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.checker.pipeline import REJECTED, FileCheck, check_file, counts
from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.engine.contract.rng import Streams
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir.commit import (
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
from galbatch.engine.gamedir.directory import Game, GameError, GameFileError, dump_state
from galbatch.engine.gamedir.inbox import Stray, scan
from galbatch.engine.gamedir.locks import GameBusy, commit_lock
from galbatch.engine.gamedir.turnfiles import CHECKS_FILE, GM, NO_ORDERS, checks_data, render_turn
from galbatch.engine.gamedir.turninputs import inputs_for, turn_date
from galbatch.engine.gamedir.yamlio import dump_data
from galbatch.engine.language.codes import GB020, GB021
from galbatch.engine.language.diagnostics import RC, Severity, is_reduction
from galbatch.engine.language.orderfile import MAX_BYTES, parse_order_bytes
from galbatch.engine.security.authentication import authenticate
from galbatch.engine.text.printable import printable
from galbatch.engine.text.wording import plural
from galbatch.rules import get_ruleset


@dataclass(frozen=True)
class Step:
    number: int
    name: str
    rc: RC
    detail: str
    more: tuple[str, ...] = ()  # lines printed under the detail, one finding each


Sink = Callable[[str], None]  # receives the log's lines, one a call, as they are made
Progress = Callable[[str, int, int], None]  # (what, done, total): "players checked", 3, 6


@dataclass
class JobLog:
    """The job log: a banner, one line a step, the job's highest return code.

    With a `sink`, each step's lines go to it as the step ends (the banner with
    the first step, the ENDED line from `end`); the text is the same either way.
    """

    job: str
    turn: int
    due: str
    steps: list[Step] = field(default_factory=list)
    sink: Sink | None = None
    sent: int = 0  # lines already given to the sink

    def step(self, name: str, rc: RC, detail: str, more: Sequence[str] = ()) -> None:
        self.steps.append(self.make(name, rc, detail, more))
        self._send(self.lines(ended=False))

    def make(self, name: str, rc: RC, detail: str, more: Sequence[str] = ()) -> Step:
        """The step `step` would log next, without logging it."""
        return Step(10 * (len(self.steps) + 1), name, rc, detail, tuple(more))

    def end(self) -> str:
        """The whole log; its last lines, down to the ENDED line, go to the sink."""
        self._send(self.lines(ended=True))
        return self.text()

    @property
    def maxcc(self) -> RC:
        return max((s.rc for s in self.steps), default=RC.CLEAN)

    def lines(self, ended: bool = True, then: Sequence[Step] = ()) -> list[str]:
        """The log's lines; `then`: steps not logged yet, shown after the others."""
        steps = [*self.steps, *then]
        lines = [
            f"GALBATCH  JOB {self.job:<24} TURN {self.turn}  DUE {self.due}",
            "STEP  NAME     RC    DETAIL",
        ]
        for s in steps:
            lines.append(f"{s.number:03d}   {s.name:<8} {int(s.rc):04d}  {s.detail}")
            lines += [f"{'':<21}{line}" for line in s.more]  # under DETAIL
        if ended:
            maxcc = max((s.rc for s in steps), default=RC.CLEAN)
            lines.append(f"JOB {self.job} ENDED  MAXCC={int(maxcc):04d}")
        return lines

    def text(self, then: Sequence[Step] = ()) -> str:
        return "\n".join(self.lines(True, then)) + "\n"

    def _send(self, lines: list[str]) -> None:
        if self.sink is not None:
            for line in lines[self.sent :]:
                self.sink(line)
        self.sent = len(lines)


@dataclass(frozen=True)
class Intake:
    """An order file a turn takes: its bytes, their origin, whether it was authenticated."""

    data: bytes
    source: str  # FROM_INBOX or FROM_ARCHIVE
    authentic: bool | None  # known for an archived file; None: check it now


@dataclass
class TurnResult:
    """What a job produced: its log, return code and the files of the turn.

    `report` is the job as one JSON-ready object (`process --format json`).
    """

    rc: RC
    log: str
    turn: int
    files: dict[str, bytes] = field(default_factory=dict)
    committed: Path | None = None
    report: dict[str, Any] = field(default_factory=dict)


@dataclass
class Facts:
    """What the job learnt, step by step, for its report."""

    dry_run: bool = False
    rerun: bool = False
    game: str | None = None
    players: list[PlayerInfo] = field(default_factory=list)
    owing: list[str] = field(default_factory=list)
    received: list[str] = field(default_factory=list)
    late: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)  # a rerun's inbox files left for the next turn
    oversized: list[str] = field(default_factory=list)
    strays: list[Stray] = field(default_factory=list)
    checks: dict[str, FileCheck] = field(default_factory=dict)

    def who(self, player: str) -> str:
        """A player as the log names them: id and code name."""
        name = next((p.name for p in self.players if p.id == player), "")
        return f"{player} {name}".rstrip()


def file_counts(check: FileCheck) -> tuple[int, int, int]:
    """(orders accepted, of them reduced, orders rejected) in one checked file.

    An order is reduced when its line has at least one "quantity reduced" code
    (not a warning about the whole file, nor one like "you cannot know that
    planet's owner"): an order reduced twice is one reduced order. Warnings the
    50-error cap hides are counted as reduced orders, never more than were
    accepted. A file rejected whole has no orders."""
    warnings, errors = counts(check.diagnostics)
    listed = [d for d in check.diagnostics if d.severity is Severity.WARNING]
    hidden = warnings - len(listed)
    lines = {(d.file, d.line) for d in listed if is_reduction(d.code)}
    reduced = min(len(lines) + hidden, len(check.orders))
    fatal = sum(1 for d in check.diagnostics if d.severity is Severity.FATAL)
    return len(check.orders), reduced, errors - fatal


def job_report(
    log: JobLog, facts: Facts, turn: int | None, committed: Path | None
) -> dict[str, Any]:
    """The job as one object: return code, the turn committed (or not), every player's
    file, the stray inbox entries and the log's steps. Keys always in this order."""
    players = []
    for info in facts.players:
        check = facts.checks.get(info.id)
        owes = info.id in facts.owing
        if not owes and info.id not in facts.received:
            state = "not due"
        elif info.id not in facts.received:
            state = "missing"
        elif check is not None and not check.usable:
            state = "rejected"
        else:
            state = "received"
        accepted = reduced = rejected = None
        if check is not None:
            accepted, reduced, rejected = file_counts(check)
        players.append(
            {
                "id": info.id,
                "name": info.name,
                "owes": owes,
                "file": state,
                "why": check.status.removeprefix(REJECTED)
                if state == "rejected" and check
                else None,
                "late": info.id in facts.late,
                "held": info.id in facts.held,
                "left_in_orders": info.id in facts.oversized,
                "rc": int(check.rc) if check is not None else None,
                "accepted": accepted,
                "reduced": reduced,
                "rejected": rejected,
            }
        )
    return {
        "job": log.job if facts.game is not None else None,
        "game": facts.game,
        "turn": turn,
        "rc": int(log.maxcc),
        "committed": committed is not None,
        "dry_run": facts.dry_run,
        "rerun": facts.rerun,
        "players": players,
        "strays": [{"name": s.name, "why": s.why, "player": s.player} for s in facts.strays],
        "steps": [
            {
                "step": s.number,
                "name": s.name,
                "rc": int(s.rc),
                "detail": s.detail,
                "more": list(s.more),
            }
            for s in log.steps
        ],
    }


class JobStopped(Exception):
    """A step decided the turn must not run; the log says why."""


def order_label(player: str) -> str:
    """How diagnostics name a player's file: stable, with no machine paths."""
    return f"orders/{player}.txt"


def check_player_file(
    game: Game,
    ruleset: AnyRuleset,
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


@contextmanager
def password_checks(game: Game, files: Mapping[str, bytes]) -> Iterator[Callable[[str], bool]]:
    """Start verifying the password in each file's header; give a function that says,
    waiting for it if need be, whether a player's password was right.

    Each check is a PBKDF2 of some 20 ms. A forked worker verifies the passwords from the
    first on while the caller checks the orders and resolves the turn; when the caller
    first asks, it verifies the rest from the last on until the two meet. A process, not
    a thread: a thread's every hash would have to take the interpreter's lock back from
    the rules' work, and on a busy machine each such hand-over waits for the scheduler.
    Without a worker, threads verify them all (side by side) when first asked. A file
    not found right here is authenticated again when it is checked, and its diagnostic
    says why it was rejected.
    """
    from galbatch.engine.security.hashes import verify_password
    from galbatch.print import worker

    asked = []
    for player, data in files.items():
        header = parse_order_bytes(data, order_label(player)).header
        if header is not None:
            asked.append((player, header.password, game.password_hash(player)))
    index = {player: i for i, (player, _, _) in enumerate(asked)}
    results: dict[int, bool] = {}

    def verify(i: int) -> bool:
        return verify_password(asked[i][1], asked[i][2])

    claims, child = None, None
    if len(asked) >= 2 and worker.can_fork():
        job = os.getpid()
        try:
            shared = worker.Claims(len(asked))

            def front() -> dict[int, bool]:
                """The worker's share; it stops early if the job has ended (killed)."""
                made = {}
                while os.getppid() == job and (i := shared.take(front=True)) is not None:
                    made[i] = verify(i)
                return made

            claims, child = shared, worker.Forked(front)
        except (OSError, ImportError):  # no fork now, or no shared lock: verified here
            claims, child = None, None

    def finish() -> None:
        """Every password verified: the worker's share, and the rest here."""
        nonlocal child
        if claims is not None:
            while (i := claims.take(front=False)) is not None:
                results[i] = verify(i)
        if child is not None:
            results.update(child.result() or {})  # a failed worker's share is done below
            child = None
        left = [i for i in range(len(asked)) if i not in results]
        if len(left) < 2:
            results.update({i: verify(i) for i in left})
            return
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=min(len(left), worker.cores())) as pool:
            results.update(zip(left, pool.map(verify, left), strict=True))

    def right(player: str) -> bool:
        if player not in index:
            return False
        if len(results) < len(asked):
            finish()
        return results[index[player]]

    try:
        yield right
    finally:
        if child is not None:  # never asked: the worker's share is not wanted
            child.cancel()


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
    show: str | None = None,
    sink: Sink | None = None,
    progress: Progress | None = None,
    replace: Sequence[str] = (),
) -> TurnResult:
    """Run the next turn (or, with `rerun`, the latest again) of the game at `path`.

    `replace`: players whose inbox file a rerun takes instead of the file the
    turn archived.

    `due`: the deadline this turn announces for the next one (ISO date), if not
    the usual days_per_turn later. `show`: the one printout (a player id, or
    "gm") the caller will show; the run is refused if the game has no such
    reader. `sink` receives the log's lines as each step ends; `progress` hears
    how far the CHECK and PRINT steps are. A real run holds the game's writer
    lock throughout; a dry run only reads, holding the commit lock shared so it
    never sees a commit half done.
    """
    facts = Facts(dry_run=dry_run, rerun=rerun)

    def job(game: Game) -> TurnResult:
        return _job(
            game,
            dry_run=dry_run,
            facts=facts,
            sink=sink,
            progress=progress,
            rerun=rerun,
            force=force,
            pdf=pdf,
            due=due,
            show=show,
            replace=replace,
        )

    try:
        if dry_run:
            game = Game.open_cached(path)
            with commit_lock(game.turns, exclusive=False):
                return job(game)
        with writing(path, cached=True) as game:  # a turn never writes game.yaml
            return job(game)
    except GameBusy as e:
        return _refused(facts, sink, RC.UNUSABLE, str(e))
    except GameFileError as e:  # the GM's file to fix: the run is refused, nothing changed
        return _refused(facts, sink, RC.UNUSABLE, f"{e.summary}; nothing changed", e.problems)
    except (GameError, OSError) as e:
        return _refused(facts, sink, RC.FAILED, str(e))


def _refused(
    facts: Facts, sink: Sink | None, rc: RC, why: str, more: Sequence[str] = ()
) -> TurnResult:
    log = JobLog("UNKNOWN", 0, "-", sink=sink)
    log.step("LOAD", rc, why, more)
    return TurnResult(rc, log.end(), 0, report=job_report(log, facts, None, None))


STEPS = ("LOAD", "INTAKE", "CHECK", "RESOLVE", "PRINT", "COMMIT")


def _job(
    game: Game,
    *,
    dry_run: bool,
    facts: Facts,
    sink: Sink | None,
    progress: Progress | None,
    **options: Any,
) -> TurnResult:
    latest = game.latest_turn()
    turn = latest if options["rerun"] else latest + 1
    log = JobLog(f"{game.id.upper()}.T{turn:03d}", turn, turn_date(game, turn), sink=sink)
    facts.game = game.id
    try:
        result = _process(
            game, log, facts, latest, turn, dry_run=dry_run, progress=progress, **options
        )
    except JobStopped:
        result = TurnResult(log.maxcc, log.text(), turn)
    except (GameError, OSError) as e:  # the game directory failed under a step: nothing changed
        step = STEPS[min(len(log.steps), len(STEPS) - 1)]
        if isinstance(e, GameFileError):
            log.step(step, RC.UNUSABLE, f"{e.summary}; nothing changed", e.problems)
        else:
            log.step(step, RC.FAILED, str(e))
        result = TurnResult(log.maxcc, log.text(), turn)
    result.log = log.end()
    result.report = job_report(log, facts, turn, result.committed)
    return result


def _process(
    game: Game,
    log: JobLog,
    facts: Facts,
    latest: int,
    turn: int,
    *,
    dry_run: bool,
    rerun: bool,
    force: bool,
    pdf: bool,
    due: str | None,
    show: str | None,
    progress: Progress | None,
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
    facts.players = list(inputs.players)
    if show is not None and show != GM and show not in {p.id for p in inputs.players}:
        log.step("LOAD", RC.UNUSABLE, f"game {game.id} has no player {show}; nothing changed")
        raise JobStopped
    log.step("LOAD", RC.CLEAN, f"game {game.id}, {ruleset.describe(state)}")

    # 020 INTAKE
    owing = ruleset.owing(state)
    accepting = ruleset.accepting(state)  # owing, then players who may send orders anyway
    inbox = scan(game.inbox, accepting, {p.id for p in game.players}, pending_consumed(game))
    strays = list(inbox.strays)
    if rerun:  # files of players who owed nothing that turn wait for the next one
        strays = [s for s in strays if s.player is None]
    wrong = _replace_problems(game, accepting, inbox.files, rerun, replace)
    if wrong:
        log.step("INTAKE", RC.UNUSABLE, wrong[0] + "; nothing changed", wrong[1:])
        raise JobStopped
    received, late = _intake(game, turn, accepting, inbox.files, rerun, replace)
    held = [p for p in accepting if p in inbox.files and received[p].source == FROM_ARCHIVE]
    oversized = [p for p, got in received.items() if len(got.data) > MAX_BYTES]
    missing = [p for p in owing if p not in received]
    facts.owing, facts.received, facts.late, facts.held = owing, list(received), late, held
    facts.oversized, facts.strays = oversized, strays
    ahead = [p for p in received if p not in owing]  # from players who owe nothing now
    detail = f"{plural(len(received), 'order file')} for {plural(len(owing), 'player')}"
    if ahead:
        detail = (
            f"{plural(len(received), 'order file')}: {len(received) - len(ahead)} from the "
            f"{plural(len(owing), 'player')} owing orders, {len(ahead)} from players owing none"
        )
    detail += f"; {len(missing)} missing"
    if rerun:
        detail += f"; {len(late)} late" + (f"; {len(held)} held" if held else "")
    too_big = f"over {MAX_BYTES // 1024} KB"
    if oversized:
        detail += f"; {plural(len(oversized), 'file')} {too_big} left in orders/"
    if strays:
        detail += f"; {plural(len(strays), 'stray entry')} left in orders/"
    named = []  # one line a finding: players in seat order, then stray entries
    for player in accepting:
        if player in missing:
            named.append(f"{facts.who(player)}: sent nothing")
        elif player in late:
            named.append(f"{facts.who(player)}: late file taken")
        elif player in held:  # not used: it waits in orders/ for the next turn
            same = archived_form(inbox.files[player]) == received[player].data
            named.append(
                f"{facts.who(player)}: orders/{player}.txt held for turn {turn + 1}"
                + (" (the same as the file kept)" if same else "")
                + f"; --replace {player} takes it"
            )
        if player in oversized:
            named.append(f"{facts.who(player)}: file {too_big}, left in orders/")
    named += [f"left in orders/: {printable(str(s))}" for s in strays]
    if owing and len(missing) / len(owing) > game.missing_limit and not force:
        log.step(
            "INTAKE",
            RC.UNUSABLE,
            f"{detail}: more than {game.missing_limit:.0%} sent no orders; "
            "nothing changed (use --force to run anyway)",
            named,
        )
        raise JobStopped
    log.step("INTAKE", RC.WARNING if strays or oversized else RC.CLEAN, detail, named)

    # 030 CHECK
    # Each file is checked as if its password were right, and the turn resolved from those
    # checks, while the passwords are verified; a file whose password proves wrong is
    # checked again (and rejected as any such file is), and the turn resolved again from
    # the state as loaded: the same checks and the same turn as verifying first gives.
    checks = facts.checks
    unverified = {p: got.data for p, got in received.items() if not got.authentic}
    with password_checks(game, unverified) as right:
        views = ruleset.views(state, list(received))
        for done, (player, got) in enumerate(received.items(), start=1):  # seat order
            view = views.pop(player)
            checks[player] = check_player_file(game, ruleset, view, player, got.data, trusted=True)
            if progress is not None:
                progress("players checked", done, len(received))
        guessed = _resolved(ruleset, state, checks, Streams(game.seed, turn))
        wrong = [p for p, got in received.items() if not (got.authentic or right(p))]
    if wrong:
        state = ruleset.configure(ruleset.load_state(game.state_data(turn - 1)), game.settings)
        views = ruleset.views(state, wrong)
        for player in wrong:
            checks[player] = check_player_file(
                game, ruleset, views[player], player, received[player].data
            )
    tallies = [file_counts(c) for c in checks.values()]
    n_orders = sum(t[0] for t in tallies)
    clamped = sum(t[1] for t in tallies)
    rejected = sum(t[2] for t in tallies)  # hidden ones too
    unended = sum(1 for c in checks.values() for d in c.diagnostics if d.code in (GB020, GB021))
    whole = [p for p, c in checks.items() if not c.usable]
    # A file rejected whole keeps its own RC 12; the turn runs without it, so the job
    # says 8 at most here: 12 is kept for a run that was refused and changed nothing.
    check_rc = min(max((c.rc for c in checks.values()), default=RC.CLEAN), RC.ERROR)
    log.step(
        "CHECK",
        check_rc,
        f"{plural(n_orders + rejected, 'order')}: {n_orders} accepted ({clamped} reduced), "
        f"{rejected} rejected; {plural(len(whole), 'file')} rejected; {unended} without END",
        [f"{facts.who(p)}: {checks[p].status.removeprefix(REJECTED)}" for p in whole],
    )

    # 040 RESOLVE
    resolved = _resolved(ruleset, state, checks, Streams(game.seed, turn)) if wrong else guessed
    if isinstance(resolved, Exception):  # a rules bug must end the job with RC 16
        log.step("RESOLVE", RC.FAILED, f"turn failed: {type(resolved).__name__}: {resolved}")
        raise JobStopped
    new_state = resolved
    log.step(
        "RESOLVE",
        RC.CLEAN,
        ruleset.describe(new_state)
        + ("; the game has ended" if ruleset.finished(new_state) else ""),
    )

    # 050 PRINT
    try:
        files = render_turn(
            inputs, ruleset, new_state, checks, pdf=pdf, rc=log.maxcc, progress=progress
        )
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
    log.step("PRINT", RC.CLEAN, f"{plural(n_txt, 'printout')}; {plural(n_pdf, 'PDF')}")

    # 060 COMMIT
    where = f"turns/{turn:03d}"
    if dry_run:
        log.step("COMMIT", RC.CLEAN, f"dry run: {where} not written")
        files["job.log"] = log.text().encode("utf-8")
        return TurnResult(log.maxcc, log.text(), turn, files)
    ending = log.make("COMMIT", RC.CLEAN, where + (" (replaced)" if rerun else ""))
    files["job.log"] = log.text(then=[ending]).encode("utf-8")  # the log as it will end
    try:
        committed = commit_turn(game, turn, files, replace=rerun)
    except (OSError, GameError) as e:
        log.step("COMMIT", RC.FAILED, f"cannot write {where}: {e}")
        return TurnResult(log.maxcc, log.text(), turn)
    log.step(ending.name, ending.rc, ending.detail)
    remember_turn_views(game.ruleset_name, files)
    return TurnResult(log.maxcc, log.text(), turn, files, committed)


def remember_turn_views(ruleset: str, files: Mapping[str, bytes]) -> None:
    """Tell the view cache that the turn's view files are the views of its state.yaml
    (they were made from the same state), so that `check --game` reads a player's view
    instead of loading the state to build it."""
    from galbatch.engine.gamedir.viewcache import digest, remember_views, state_key

    views = {
        name.removeprefix("views/").removesuffix(".yaml"): digest(data)
        for name, data in files.items()
        if name.startswith("views/") and name.endswith(".yaml")
    }
    remember_views(state_key(ruleset, files["state.yaml"]), views)


def _resolved(
    ruleset: AnyRuleset, state: Any, checks: Mapping[str, FileCheck], streams: Streams
) -> Any:
    """The state after the turn the usable files' orders make, or the exception the rules
    raised (a rules bug)."""
    orders = {p: list(c.orders) for p, c in checks.items() if c.usable}
    try:
        return ruleset.resolve(state, orders, streams)
    except Exception as e:  # a rules bug must end the job with RC 16, not a traceback
        return e


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
) -> tuple[dict[str, Intake], list[str]]:
    """The file each owing player's orders come from, in seat order, and whose came late.

    A rerun keeps the file the turn archived, unless that file was rejected whole
    and the player has sent another (a late file, or a resend), or the player is
    in `replace`. Any other inbox file of an owing player is held: not used, it
    stays in orders/ for the next turn.
    """
    received: dict[str, Intake] = {}
    late: list[str] = []
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
                late.append(player)  # a late file, or a resend of one rejected whole
        if data is not None:
            received[player] = Intake(data, FROM_INBOX, None)
    return received, late
