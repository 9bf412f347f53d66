"""The turn job: named steps, a job log in the mainframe's spirit, one return code.

    010 LOAD  020 INTAKE  030 CHECK  040 RESOLVE  050 PRINT  060 COMMIT

Every output of a turn is built in memory from the game directory alone and
committed in one rename, so the same inputs give byte-identical archives.
The log and the job's report are joblog's; each player's file is named, authenticated
and checked by playerfiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.checker.pipeline import REJECTED, FileCheck
from galbatch.engine.contract.rng import Streams
from galbatch.engine.contract.ruleset import AnyRuleset
from galbatch.engine.gamedir import verified, viewcache
from galbatch.engine.gamedir.commit import (
    FROM_ARCHIVE,
    FROM_INBOX,
    INTAKE_JOURNAL,
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
from galbatch.engine.gamedir.turnfiles import CHECKS_FILE, GM, checks_data, render_turn
from galbatch.engine.gamedir.turninputs import TurnInputs, inputs_for, roster_problem, turn_date
from galbatch.engine.gamedir.yamlio import dump_data
from galbatch.engine.job.joblog import Facts, JobLog, Progress, Sink, file_counts, job_report
from galbatch.engine.job.playerfiles import (
    authentic,
    check_player_file,
    order_label,
    password_checks,
)
from galbatch.engine.language.codes import GB020, GB021
from galbatch.engine.language.diagnostics import RC
from galbatch.engine.language.orderfile import MAX_BYTES
from galbatch.engine.text.printable import printable
from galbatch.engine.text.wording import plural
from galbatch.rules import get_ruleset


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


class JobStopped(Exception):
    """A step decided the turn must not run; the log says why."""


@dataclass(frozen=True)
class RunOptions:
    """How a turn job runs: `process`'s options as one value, for each step to consult."""

    dry_run: bool = False
    rerun: bool = False
    force: bool = False
    pdf: bool = True
    due: str | None = None
    show: str | None = None
    sink: Sink | None = None
    progress: Progress | None = None
    replace: tuple[str, ...] = ()


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
    options = RunOptions(dry_run, rerun, force, pdf, due, show, sink, progress, tuple(replace))
    facts = Facts(dry_run=dry_run, rerun=rerun)
    try:
        if dry_run:
            game = Game.open_cached(path)
            with commit_lock(game.turns, exclusive=False):
                return _job(game, options, facts)
        with writing(path, cached=True) as game:  # a turn never writes game.yaml
            return _job(game, options, facts)
    except (GameBusy, GameError, OSError) as e:
        return _not_run(facts, sink, e)


def process_if(path: Path, ready: Callable[[Game], bool]) -> TurnResult | None:
    """The next turn run exactly as `process(path)` runs it, if `ready(game)` holds once
    the writer lock is taken, without waiting for it: None if another writer holds the
    game (its run, or a later one, is left to do it) or the game is not ready."""
    facts = Facts(dry_run=False, rerun=False)
    try:
        with writing(path, wait=0, cached=True) as game:
            if not ready(game):
                return None
            return _job(game, RunOptions(), facts)
    except GameBusy:
        return None
    except (GameError, OSError) as e:
        return _not_run(facts, None, e)


def _not_run(facts: Facts, sink: Sink | None, e: Exception) -> TurnResult:
    """The job refused (RC 12) or failed (RC 16) for what the game directory raised."""
    if isinstance(e, GameBusy):
        return _refused(facts, sink, RC.UNUSABLE, str(e))
    if isinstance(e, GameFileError):  # the GM's file to fix: the run is refused, nothing changed
        return _refused(facts, sink, RC.UNUSABLE, f"{e.summary}; nothing changed", e.problems)
    return _refused(facts, sink, RC.FAILED, str(e))


def _refused(
    facts: Facts, sink: Sink | None, rc: RC, why: str, more: Sequence[str] = ()
) -> TurnResult:
    log = JobLog("UNKNOWN", 0, "-", sink=sink)
    log.step("LOAD", rc, why, more)
    return TurnResult(rc, log.end(), 0, report=job_report(log, facts, None, None))


STEPS = ("LOAD", "INTAKE", "CHECK", "RESOLVE", "PRINT", "COMMIT")


@dataclass(frozen=True)
class _Job:
    """One turn job under way: what every step works on and writes its line to."""

    game: Game
    log: JobLog
    facts: Facts
    options: RunOptions
    latest: int  # the latest turn the game has
    turn: int  # the turn this job makes: the next one, or the latest again in a rerun


@dataclass(frozen=True)
class _Loaded:
    """What LOAD hands on: the game's rules, the state the turn builds on, its inputs."""

    ruleset: AnyRuleset
    state: Any
    inputs: TurnInputs


@dataclass(frozen=True)
class _Checked:
    """What CHECK hands on: the state to resolve from (loaded again if a password proved
    wrong), the turn as resolved while the passwords were verified, and whose were wrong."""

    state: Any
    guessed: Any  # the new state, or the exception the rules raised
    wrong: list[str]


def _job(game: Game, options: RunOptions, facts: Facts) -> TurnResult:
    """The job on an open game: its steps, and the log and report however they ended."""
    latest = game.latest_turn()
    turn = latest if options.rerun else latest + 1
    log = JobLog(f"{game.id.upper()}.T{turn:03d}", turn, turn_date(game, turn), sink=options.sink)
    facts.game = game.id
    try:
        result = _steps(_Job(game, log, facts, options, latest, turn))
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


def _steps(job: _Job) -> TurnResult:
    """The job's steps in order, each handing the next what it made; a step that finds
    the turn must not run logs why and raises JobStopped."""
    loaded = _load(job)
    received = _intake(job, loaded)
    checked = _check(job, loaded, received)
    new_state = _resolve(job, loaded.ruleset, checked)
    files = _print(job, loaded, new_state, received)
    return _commit(job, files)


# 010 LOAD ----------------------------------------------------------------------------


def _load(job: _Job) -> _Loaded:
    """The game's rules, the state the turn builds on and the turn's inputs; the job
    stops if there is no such turn, the game has ended, or `show` names no reader."""
    game, log = job.game, job.log
    try:
        ruleset = get_ruleset(game.ruleset_name)
        _check_turn_exists(job)
        state = _state_before(game, ruleset, job.turn)
    except (GameError, LookupError, KeyError, TypeError, ValueError) as e:
        log.step("LOAD", RC.FAILED, f"cannot load: {e}")
        raise JobStopped from None
    try:
        inputs = inputs_for(game, ruleset.width, job.turn, job.options.due)
        roster = roster_problem(game, job.turn)
    except ValueError as e:
        log.step("LOAD", RC.UNUSABLE, f"{e}; nothing changed")
        raise JobStopped from None
    if roster is not None:
        log.step("LOAD", RC.UNUSABLE, f"{roster}; nothing changed")
        raise JobStopped
    if ruleset.finished(state):
        log.step("LOAD", RC.UNUSABLE, f"game {game.id} has ended on turn {job.turn - 1}")
        raise JobStopped
    job.facts.players = list(inputs.players)
    show = job.options.show
    if show is not None and show != GM and show not in {p.id for p in inputs.players}:
        log.step("LOAD", RC.UNUSABLE, f"game {game.id} has no player {show}; nothing changed")
        raise JobStopped
    log.step("LOAD", RC.CLEAN, f"game {game.id}, {ruleset.describe(state)}")
    return _Loaded(ruleset, state, inputs)


def _check_turn_exists(job: _Job) -> None:
    """GameError unless the game has a turn to build on (or, in a rerun, one to redo)."""
    rerun = job.options.rerun
    if job.latest < 0:
        raise GameError("no turn to " + ("rerun" if rerun else "build on") + "; run `galbatch new`")
    if rerun and job.latest < 1:
        raise GameError(
            "no turn to rerun: the game is at turn 0, its setup; "
            f"`galbatch process {job.game.path}` makes turn 1"
        )


def _state_before(game: Game, ruleset: AnyRuleset, turn: int) -> Any:
    """The state `turn` builds on, as loaded from the turn before and configured."""
    return ruleset.configure(ruleset.load_state(game.state_data(turn - 1)), game.settings)


# 020 INTAKE --------------------------------------------------------------------------

TOO_BIG = f"over {MAX_BYTES // 1024} KB"


def _intake(job: _Job, loaded: _Loaded) -> dict[str, Intake]:
    """The order file each player's orders come from, in seat order; the job stops if a
    `--replace` cannot be done, or too many owing players sent nothing (unless forced)."""
    game, facts, options = job.game, job.facts, job.options
    if (game.path / INTAKE_JOURNAL).exists():
        job.log.step(
            "INTAKE",
            RC.UNUSABLE,
            f"an intake was killed before its files were all in place ({INTAKE_JOURNAL}): "
            "run galbatch intake first, which finishes it; nothing changed",
        )
        raise JobStopped
    owing = loaded.ruleset.owing(loaded.state)
    accepting = loaded.ruleset.accepting(loaded.state)  # owing, then who may send anyway
    inbox = scan(game.inbox, accepting, {p.id for p in game.players}, pending_consumed(game))
    wrong = _replace_problems(game, accepting, inbox.files, options.rerun, options.replace)
    if not options.force:
        wrong += _misnamed(inbox.strays, accepting, facts)
    if wrong:
        job.log.step("INTAKE", RC.UNUSABLE, wrong[0] + "; nothing changed", wrong[1:])
        raise JobStopped
    received, late = _files_taken(
        game, job.turn, accepting, inbox.files, options.rerun, options.replace
    )
    facts.owing, facts.received, facts.late = owing, list(received), late
    facts.held = [p for p in accepting if p in inbox.files and received[p].source == FROM_ARCHIVE]
    facts.oversized = [p for p, got in received.items() if len(got.data) > MAX_BYTES]
    facts.strays = list(inbox.strays)
    if options.rerun:  # files of players who owed nothing that turn wait for the next one
        facts.strays = [s for s in facts.strays if s.player is None]
    detail = _intake_detail(facts)
    named = _intake_findings(job, accepting, inbox.files, received, game.retired)
    counted = [p for p in owing if p not in game.retired]  # retired players owe nothing
    missed = [p for p in facts.missing if p in counted]
    if counted and len(missed) / len(counted) > game.missing_limit and not options.force:
        job.log.step(
            "INTAKE",
            RC.UNUSABLE,
            f"{detail}: more than {game.missing_limit:.0%} sent no orders; "
            "nothing changed (use --force to run anyway)",
            named,
        )
        raise JobStopped
    rc = RC.WARNING if facts.strays or facts.oversized else RC.CLEAN
    job.log.step("INTAKE", rc, detail, named)
    return received


def _misnamed(strays: Sequence[Stray], accepting: list[str], facts: Facts) -> list[str]:
    """A file not named `<id>.txt` whose header names a player whose orders the turn
    takes (2.TXT, 01.txt, RIGEL.txt, 2.txt.txt): the run stops rather than pass it over."""
    return [
        f"orders/{printable(s.name)}: its header names {facts.who(s.names)}, whose orders "
        f"this turn takes, but the file is not named {s.names}.txt: rename it "
        f"orders/{s.names}.txt (or remove it, or run with --force to leave it)"
        for s in strays
        if s.names in accepting
    ]


def _intake_detail(facts: Facts) -> str:
    """The INTAKE line: files received and from whom, then how many are missing, late,
    held, too large or stray."""
    received, owing = facts.received, facts.owing
    ahead = [p for p in received if p not in owing]  # from players who owe nothing now
    detail = f"{plural(len(received), 'order file')} for {plural(len(owing), 'player')}"
    if ahead:
        detail = (
            f"{plural(len(received), 'order file')}: {len(received) - len(ahead)} from the "
            f"{plural(len(owing), 'player')} owing orders, {len(ahead)} from players owing none"
        )
    detail += f"; {len(facts.missing)} missing"
    if facts.rerun:
        held = facts.held
        detail += f"; {len(facts.late)} late" + (f"; {len(held)} held" if held else "")
    if facts.oversized:
        detail += f"; {plural(len(facts.oversized), 'file')} {TOO_BIG} left in orders/"
    if facts.strays:
        detail += f"; {plural(len(facts.strays), 'stray entry')} left in orders/"
    return detail


def _intake_findings(
    job: _Job,
    accepting: list[str],
    inbox: Mapping[str, bytes],
    received: Mapping[str, Intake],
    retired: Sequence[str],
) -> list[str]:
    """The lines under INTAKE, one a finding: players in seat order, then stray entries."""
    facts = job.facts
    named = []
    for player in accepting:
        if player in facts.missing:
            why = "retired, sent nothing" if player in retired else "sent nothing"
            named.append(f"{facts.who(player)}: {why}")
        elif player in facts.late:
            named.append(f"{facts.who(player)}: late file taken")
        elif player in facts.held:  # not used: it waits in orders/ for the next turn
            same = archived_form(inbox[player]) == received[player].data
            named.append(
                f"{facts.who(player)}: orders/{player}.txt held for turn {job.turn + 1}"
                + (" (the same as the file kept)" if same else "")
                + f"; --replace {player} takes it"
            )
        if player in facts.oversized:
            named.append(f"{facts.who(player)}: file {TOO_BIG}, left in orders/")
    named += [f"left in orders/: {printable(str(s))}" for s in facts.strays]
    return named


# 030 CHECK ---------------------------------------------------------------------------


def _check(job: _Job, loaded: _Loaded, received: Mapping[str, Intake]) -> _Checked:
    """Every file checked against its player's view, and the turn resolved from those
    checks, while the passwords are verified (but for files whose password was verified
    as they arrived, as `verified` records: they are not verified twice).

    Each file is checked as if its password were right; a file whose password proves
    wrong is checked again (and rejected as any such file is), and the turn resolved
    again from the state as loaded: the same checks and the same turn as verifying
    first gives."""
    game, ruleset, state = job.game, loaded.ruleset, loaded.state
    checks, progress = job.facts.checks, job.options.progress
    unverified = {p: got.data for p, got in received.items() if not got.authentic}
    # files whose password was verified as they arrived (intake, the web): no PBKDF2 again
    vouched = verified.vouched(game.path, game.id, job.turn, unverified, game.password_hash)
    unverified = {p: data for p, data in unverified.items() if p not in vouched}
    with password_checks(game, unverified) as right:
        views = ruleset.views(state, list(received))
        for done, (player, got) in enumerate(received.items(), start=1):  # seat order
            view = views.pop(player)
            checks[player] = check_player_file(
                game, ruleset, view, player, got.data, trusted=True, turn=job.turn
            )
            if progress is not None:
                progress("players checked", done, len(received))
        guessed = _resolution(ruleset, state, checks, Streams(game.seed, job.turn))
        wrong = [
            p for p, got in received.items() if not (got.authentic or p in vouched or right(p))
        ]
    if wrong:
        state = _state_before(game, ruleset, job.turn)
        views = ruleset.views(state, wrong)
        for player in wrong:
            checks[player] = check_player_file(
                game, ruleset, views[player], player, received[player].data, turn=job.turn
            )
    _log_checks(job)
    return _Checked(state, guessed, wrong)


def _log_checks(job: _Job) -> None:
    """The CHECK line: orders accepted (reduced) and rejected, files rejected whole, files
    without END; under it, why each file rejected whole was."""
    checks = job.facts.checks
    tallies = [file_counts(c) for c in checks.values()]
    n_orders = sum(t[0] for t in tallies)
    clamped = sum(t[1] for t in tallies)
    rejected = sum(t[2] for t in tallies)  # hidden ones too
    unended = sum(1 for c in checks.values() for d in c.diagnostics if d.code in (GB020, GB021))
    whole = [p for p, c in checks.items() if not c.usable]
    # A file rejected whole keeps its own RC 12; the turn runs without it, so the job
    # says 8 at most here: 12 is kept for a run that was refused and changed nothing.
    check_rc = min(max((c.rc for c in checks.values()), default=RC.CLEAN), RC.ERROR)
    job.log.step(
        "CHECK",
        check_rc,
        f"{plural(n_orders + rejected, 'order')}: {n_orders} accepted ({clamped} reduced), "
        f"{rejected} rejected; {plural(len(whole), 'file')} rejected; {unended} without END",
        [f"{job.facts.who(p)}: {checks[p].status.removeprefix(REJECTED)}" for p in whole],
    )


# 040 RESOLVE -------------------------------------------------------------------------


def _resolve(job: _Job, ruleset: AnyRuleset, checked: _Checked) -> Any:
    """The state after the turn: as resolved during CHECK, unless a password proved wrong;
    the job stops if the rules raised."""
    streams = Streams(job.game.seed, job.turn)
    resolved = (
        _resolution(ruleset, checked.state, job.facts.checks, streams)
        if checked.wrong
        else checked.guessed
    )
    if isinstance(resolved, Exception):  # a rules bug must end the job with RC 16
        job.log.step("RESOLVE", RC.FAILED, f"turn failed: {type(resolved).__name__}: {resolved}")
        raise JobStopped
    ended = "; the game has ended" if ruleset.finished(resolved) else ""
    job.log.step("RESOLVE", RC.CLEAN, ruleset.describe(resolved) + ended)
    return resolved


def _resolution(
    ruleset: AnyRuleset, state: Any, checks: Mapping[str, FileCheck], streams: Streams
) -> Any:
    """The state after the turn the usable files' orders make, or the exception the rules
    raised (a rules bug)."""
    orders = {p: list(c.orders) for p, c in checks.items() if c.usable}
    try:
        return ruleset.resolve(state, orders, streams)
    except Exception as e:  # a rules bug must end the job with RC 16, not a traceback
        return e


# 050 PRINT ---------------------------------------------------------------------------


def _print(
    job: _Job, loaded: _Loaded, new_state: Any, received: Mapping[str, Intake]
) -> dict[str, bytes]:
    """Every file of the turn, in memory: printouts, views, the state, the checks, the
    order files as archived and the record of what the turn consumed."""
    ruleset, checks, log = loaded.ruleset, job.facts.checks, job.log
    try:
        files = render_turn(
            loaded.inputs,
            ruleset,
            new_state,
            checks,
            pdf=job.options.pdf,
            rc=log.maxcc,
            progress=job.options.progress,
        )
    except Exception as e:  # a printout bug must end the job with RC 16, not a traceback
        log.step("PRINT", RC.FAILED, f"printing failed: {type(e).__name__}: {e}")
        raise JobStopped from None
    files["state.yaml"] = dump_state(ruleset.dump_state(new_state))
    files[CHECKS_FILE] = dump_data(checks_data(checks)).encode("utf-8")
    _archive_orders(files, received, job.facts)
    n_txt = sum(1 for f in files if f.startswith("printouts/") and f.endswith(".txt"))
    n_pdf = sum(1 for f in files if f.endswith(".pdf"))
    log.step("PRINT", RC.CLEAN, f"{plural(n_txt, 'printout')}; {plural(n_pdf, 'PDF')}")
    return files


def _archive_orders(files: dict[str, bytes], received: Mapping[str, Intake], facts: Facts) -> None:
    """Add the order files the turn took, as archived (the password masked), and the
    record of what it consumed."""
    consumed = []
    for player, got in received.items():
        if player in facts.oversized:
            continue  # not archived, so never removed: it stays in orders/ for the GM
        archived = got.data if got.source == FROM_ARCHIVE else archived_form(got.data)
        files[f"orders/{player}.txt"] = archived
        was_authentic = got.authentic if got.authentic is not None else facts.checks[player].usable
        consumed.append(Consumed(f"{player}.txt", digest(archived), got.source, was_authentic))
    files[RECORD_FILE] = record_bytes(consumed)


# 060 COMMIT --------------------------------------------------------------------------


def _commit(job: _Job, files: dict[str, bytes]) -> TurnResult:
    """The turn written to turns/NNN in one rename, its job.log the log as it will end
    (a dry run writes nothing)."""
    log, turn = job.log, job.turn
    where = f"turns/{turn:03d}"
    if job.options.dry_run:
        log.step("COMMIT", RC.CLEAN, f"dry run: {where} not written")
        files["job.log"] = log.text().encode("utf-8")
        return TurnResult(log.maxcc, log.text(), turn, files)
    rerun = job.options.rerun
    ending = log.make("COMMIT", RC.CLEAN, where + (" (replaced)" if rerun else ""))
    files["job.log"] = log.text(then=[ending]).encode("utf-8")  # the log as it will end
    try:
        committed = commit_turn(job.game, turn, files, replace=rerun)
    except (OSError, GameError) as e:
        log.step("COMMIT", RC.FAILED, f"cannot write {where}: {e}")
        return TurnResult(log.maxcc, log.text(), turn)
    log.step(ending.name, ending.rc, ending.detail)
    remember_turn_views(job.game.ruleset_name, files)
    return TurnResult(log.maxcc, log.text(), turn, files, committed)


def remember_turn_views(ruleset: str, files: Mapping[str, bytes]) -> None:
    """Tell the view cache that the turn's view files are the views of its state.yaml
    (they were made from the same state), so that `check --game` reads a player's view
    instead of loading the state to build it."""
    views = {
        name.removeprefix("views/").removesuffix(".yaml"): viewcache.digest(data)
        for name, data in files.items()
        if name.startswith("views/") and name.endswith(".yaml")
    }
    viewcache.remember_views(viewcache.state_key(ruleset, files["state.yaml"]), views)


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


def _files_taken(
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
