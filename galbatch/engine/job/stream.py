"""The night's job stream: `galbatch process DIR DIR ...`, one turn job for each game.

A service bureau ran its games in one nightly batch stream: each game its own
job, with its own job log (written in the game, as `process` writes it for one
game), and a stream summary naming every job's MAXCC and the stream's, the worst.
Games are independent: each job takes its game's own writer lock, and a game that
fails, or is refused, changes nothing and stops no other. With `jobs` above 1 the
games run in child processes, that many at a time; the output is the same, in the
order the directories were given.

What a glob like `games/*` catches besides games is not a failure: a file (the
passwords file `new` writes beside a game) is skipped with a warning (RC 4), and a
directory taking sign-ups (`new --open`, not started yet) is listed as such, RC 0.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.gamedir.directory import GAME_FILE, GameError
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.engine.job.joblog import Facts, JobLog, job_report
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC
from galbatch.print.worker import keep_to_one_core

MAX_JOBS = 64
NOT_A_GAME = "not a game"  # a file among the directories: skipped, RC 4
SIGNUPS_OPEN = "sign-ups open"  # a directory taking sign-ups: nothing to process, RC 0


@dataclass(frozen=True)
class Options:
    """What every job of the stream is run with: `process`'s options that fit any game."""

    dry_run: bool = False
    force: bool = False
    pdf: bool = True
    due: str | None = None  # ISO date

    def data(self) -> dict[str, Any]:
        return {"dry_run": self.dry_run, "force": self.force, "pdf": self.pdf, "due": self.due}


@dataclass(frozen=True)
class GameRun:
    """One game's job in the stream: its directory as given, its log and its JSON report."""

    directory: str
    rc: RC
    log: str
    report: dict[str, Any]
    skipped: str = ""  # why the directory had no turn job: NOT_A_GAME or SIGNUPS_OPEN

    @property
    def job(self) -> str:
        """The job name the log's banner gives (UNKNOWN when the game could not be loaded)."""
        first = self.log.split("\n", 1)[0].split()
        return first[2] if len(first) > 2 and first[1] == "JOB" else "UNKNOWN"

    @property
    def status(self) -> str:
        """What became of the turn, in a word or two, for the stream summary."""
        if self.skipped:
            return self.skipped
        if self.report.get("committed"):
            return "committed"
        if self.rc >= RC.FAILED:
            return "failed"
        if self.rc >= RC.UNUSABLE:
            return "refused"
        return "dry run" if self.report.get("dry_run") else "not committed"


@dataclass
class StreamResult:
    """Every game's job, in the order the directories were given, and the stream's MAXCC."""

    runs: list[GameRun] = field(default_factory=list)

    @property
    def rc(self) -> RC:
        return max((r.rc for r in self.runs), default=RC.CLEAN)

    def summary(self) -> list[str]:
        """The stream summary: one line a job, then the stream's MAXCC."""
        lines = [
            f"GALBATCH  STREAM  {len(self.runs)} JOBS",
            f"{'JOB':<24} {'TURN':>4}  MAXCC  {'TURN STATUS':<13}  DIRECTORY",
        ]
        for r in self.runs:
            turn = r.report.get("turn")
            shown = "-" if turn is None else str(turn)
            lines.append(f"{r.job:<24} {shown:>4}  {int(r.rc):04d}   {r.status:<13}  {r.directory}")
        lines.append(f"STREAM ENDED  MAXCC={int(self.rc):04d}")
        return lines

    def report(self) -> dict[str, Any]:
        """The stream as one JSON-ready object: its return code and each game's job report."""
        return {
            "rc": int(self.rc),
            "games": [
                {"directory": r.directory, "status": r.status, **r.report} for r in self.runs
            ],
        }


def no_turn_job(directory: str, options: Options) -> GameRun | None:
    """The entry of a directory that is plainly no game to process, None for any other.

    A file is skipped (RC 4: the glob caught something that is not a game); a sign-up
    list that `galbatch start` has not yet made a game of is listed (RC 0). Anything
    else, a missing or broken game included, goes to `process` and fails there."""

    path = Path(directory)
    facts = Facts(dry_run=options.dry_run, rerun=False)
    if path.exists() and not path.is_dir():
        log = JobLog("UNKNOWN", 0, "-")
        log.step("LOAD", RC.WARNING, f"{directory}: a file, not a game directory; skipped")
        report = job_report(log, facts, None, None)
        return GameRun(directory, RC.WARNING, log.end(), report, NOT_A_GAME)

    if not path.is_dir() or (path / GAME_FILE).exists() or not (path / SIGNUPS_FILE).is_file():
        return None
    try:
        signups = read_signups(path / SIGNUPS_FILE)
    except GameError as e:
        return failed(directory, str(e), options)
    count = len(signups.signups)
    log = JobLog(signups.game, 0, "-")
    log.step(
        "LOAD",
        RC.CLEAN,
        f"taking sign-ups, {count} so far; no turn until galbatch start makes the game",
    )
    facts.game = signups.game
    report = job_report(log, facts, None, None)
    return GameRun(directory, RC.CLEAN, log.end(), report, SIGNUPS_OPEN)


def run_game(directory: str, options: Options) -> GameRun:
    """One game's turn job, in this process; any failure is the job's RC 16, never raised."""

    try:
        result = process(
            Path(directory),
            dry_run=options.dry_run,
            force=options.force,
            pdf=options.pdf,
            due=options.due,
        )
    except Exception as e:  # a bug in one game's rules must not stop the stream
        return failed(directory, f"internal error: {type(e).__name__}: {e}", options)
    return GameRun(directory, RC(result.rc), result.log, result.report)


def failed(directory: str, why: str, options: Options) -> GameRun:
    """A job that could not run at all: a log with one LOAD step of RC 16, as `process` logs it."""

    log = JobLog("UNKNOWN", 0, "-")
    log.step("LOAD", RC.FAILED, why)
    report = job_report(log, Facts(dry_run=options.dry_run, rerun=False), None, None)
    return GameRun(directory, RC.FAILED, log.end(), report)


def run_stream(
    directories: Sequence[str],
    options: Options,
    jobs: int = 1,
    done: Callable[[GameRun], None] | None = None,
) -> StreamResult:
    """Run every game's turn job, `jobs` at a time; `done` hears each, in the order given."""
    result = StreamResult()

    def finish(run: GameRun) -> None:
        result.runs.append(run)
        if done is not None:
            done(run)

    if jobs > 1:
        run_in_workers(directories, options, min(jobs, MAX_JOBS), finish)
        return result
    for directory in directories:
        finish(no_turn_job(directory, options) or run_game(directory, options))
    return result


class Worker:
    """A process that runs games' jobs one after another, as `--jobs 1` runs them all in one
    process: what a job imports and caches serves the next, where a process a game paid
    for its interpreter and imports again each time (0.45 s of CPU a bundled game, about
    as much as its job; benchmarks/bench_stream.py).

    It is forked from the stream, or, when this process cannot fork safely (another thread
    running), a fresh `python -P -m galbatch.engine.job.stream` (-P: the galbatch this
    process runs, not a source tree in the working directory). Either way it reads a
    directory a line (JSON) and answers with that game's job, a line; what it writes on
    its stdout or stderr goes to a file of its own, read only if it ends mid-job."""

    def __init__(self, options: Options, others: Sequence[Worker]) -> None:
        self.said = tempfile.TemporaryFile()  # noqa: SIM115 (closed in `end`, as the pipes)
        down, to_child = os.pipe()
        from_child, up = os.pipe()
        sys.stdout.flush()  # nothing buffered here may be written twice
        sys.stderr.flush()
        self.popen: subprocess.Popen[bytes] | None = None
        if hasattr(os, "fork") and threading.active_count() == 1:
            self.pid = os.fork()
            if self.pid == 0:  # the child: never returns, never runs the stream's exit handlers
                code = 1
                try:
                    for fd in (to_child, from_child, *(f for w in others for f in w.ends())):
                        os.close(fd)
                    os.dup2(self.said.fileno(), 2)
                    sys.stdout = sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
                    serve(options, down, up)
                    code = 0
                except BaseException:  # its last line says why the job's process failed
                    traceback.print_exc()
                finally:
                    os._exit(code)
        else:
            command = [sys.executable, "-P", "-m", "galbatch.engine.job.stream"]
            self.popen = subprocess.Popen(
                [*command, json.dumps(options.data())],
                stdin=down,
                stdout=up,
                stderr=self.said,
            )
            self.pid = self.popen.pid
        os.close(down)
        os.close(up)
        self.to_child = open(to_child, "wb")  # noqa: SIM115 (closed in `end`)
        self.from_child = open(from_child, "rb")  # noqa: SIM115 (closed in `end`)
        self.directory = ""
        self.mark = 0

    def ends(self) -> tuple[int, int]:
        """This process's ends of the two pipes (a later worker's child closes them)."""
        return self.to_child.fileno(), self.from_child.fileno()

    def fileno(self) -> int:
        return self.from_child.fileno()

    def start(self, directory: str, last: bool) -> bool:
        """Send it one game's directory; False if it has ended. The `last` game of the
        stream may fork helpers: the cores its sibling workers leave are soon idle."""
        self.directory, self.mark = directory, os.fstat(self.said.fileno()).st_size
        given = {"directory": directory, "helpers": last}
        try:
            self.to_child.write(json.dumps(given).encode("utf-8") + b"\n")
            self.to_child.flush()
        except OSError:
            return False
        return True

    def answer(self) -> GameRun | None:
        """The job of the game it was given; None if the worker ended without one, that
        game's job then reported failed (`crashed`)."""
        line = self.from_child.readline()
        try:
            data = json.loads(line.decode("utf-8"))
            return GameRun(self.directory, RC(data["rc"]), data["log"], data["report"])
        except (ValueError, KeyError, TypeError):
            return None

    def crashed(self, options: Options) -> GameRun:
        """The job it was running when it ended: RC 16, with the last line it wrote since
        the job began, or how it ended."""
        status, said = self.end(kill=True)
        lines = said.strip().splitlines()
        why = lines[-1] if lines else f"the job's process ended with status {status}"
        return failed(self.directory, f"the job's process failed: {why}", options)

    def end(self, kill: bool = False) -> tuple[int, str]:
        """Close its input (it ends when it has read all), or kill it; wait for it to end.
        Gives its exit status (minus a signal's number if one ended it), and what it wrote
        since its last job began."""
        if kill:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)
        with contextlib.suppress(OSError):
            self.to_child.close()
        self.from_child.close()
        if self.popen is not None:
            status = self.popen.wait()
        else:
            status = os.waitstatus_to_exitcode(os.waitpid(self.pid, 0)[1])
        with self.said:
            said = os.pread(self.said.fileno(), 1 << 16, self.mark)
        return status, said.decode("utf-8", "replace")


def run_in_workers(
    directories: Sequence[str], options: Options, jobs: int, finish: Callable[[GameRun], None]
) -> None:
    """Every game's job in at most `jobs` worker processes, each taking the next game as
    it is free; `finish` hears each in the order given. A worker that ends mid-job fails
    that game's job alone; a fresh one takes the rest."""
    done: dict[int, GameRun] = {}
    todo: deque[int] = deque()
    for i, directory in enumerate(directories):
        skipped = no_turn_job(directory, options)
        if skipped is None:
            todo.append(i)
        else:
            done[i] = skipped
    idle: list[Worker] = []
    busy: dict[Worker, int] = {}
    given = 0
    try:
        while todo or busy:
            while todo and len(busy) < jobs:
                worker = idle.pop() if idle else Worker(options, [*idle, *busy])
                i = todo.popleft()
                busy[worker] = i
                if not worker.start(directories[i], last=not todo):
                    done[busy.pop(worker)] = worker.crashed(options)
            ready, _, _ = select.select(list(busy), [], []) if busy else ([], [], [])
            for worker in ready:
                i = busy.pop(worker)
                run = worker.answer()
                if run is None:
                    done[i] = worker.crashed(options)
                else:
                    done[i] = run
                    idle.append(worker)
            while given in done:
                finish(done.pop(given))
                given += 1
    finally:
        for worker in [*idle, *busy]:
            worker.end(kill=worker in busy)
    for i in sorted(done):  # the directories that had no turn job after the last game's
        finish(done[i])


def serve(options: Options, down: int, up: int) -> None:
    """A worker of the stream: for each game read from `down`, run its job and write it
    on `up` as one JSON line, until `down` ends. A job forks no helper, since the sibling
    workers keep the other cores busy, but the stream's last."""
    os.dup2(2, 1)  # what a job prints goes with the worker's stderr, not among the answers
    with open(down, "rb") as orders, open(up, "wb") as answers:
        for line in orders:
            given = json.loads(line.decode("utf-8"))
            keep_to_one_core(not given["helpers"])
            run = run_game(given["directory"], options)
            data = {"rc": int(run.rc), "log": run.log, "report": run.report}
            answers.write(json.dumps(data).encode("utf-8") + b"\n")
            answers.flush()


def _child(argv: Sequence[str]) -> None:
    """A worker started as `python -P -m galbatch.engine.job.stream OPTIONS`: it serves
    the directories read from stdin, its answers on stdout."""
    (raw,) = argv
    given = json.loads(raw)
    options = Options(
        dry_run=bool(given["dry_run"]),
        force=bool(given["force"]),
        pdf=bool(given["pdf"]),
        due=given["due"],
    )
    serve(options, 0, os.dup(1))


if __name__ == "__main__":
    _child(sys.argv[1:])
