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

import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from galbatch.engine.gamedir.directory import GAME_FILE, GameError
from galbatch.engine.gamedir.signup_list import SIGNUPS_FILE, read_signups
from galbatch.engine.job.joblog import Facts, JobLog, job_report
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC

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


def run_child(directory: str, options: Options) -> GameRun:
    """One game's turn job in a child process (`python -m galbatch.engine.job.stream`)."""
    command = [
        sys.executable,
        "-P",  # the galbatch this process runs, not a source tree in the working directory
        "-m",
        "galbatch.engine.job.stream",
        json.dumps(options.data()),
        directory,
    ]
    done = subprocess.run(command, capture_output=True, check=False)
    try:
        data = json.loads(done.stdout.decode("utf-8"))
        return GameRun(data["directory"], RC(data["rc"]), data["log"], data["report"])
    except (ValueError, KeyError, TypeError):
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        why = said[-1] if said else f"the job's process ended with status {done.returncode}"
        return failed(directory, f"the job's process failed: {why}", options)


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

    def one(directory: str) -> GameRun:
        skipped = no_turn_job(directory, options)
        if skipped is not None:
            return skipped
        return run_game(directory, options) if jobs <= 1 else run_child(directory, options)

    if jobs <= 1:
        for directory in directories:
            finish(one(directory))
        return result
    with ThreadPoolExecutor(max_workers=min(jobs, MAX_JOBS)) as pool:
        futures: list[Future[GameRun]] = [pool.submit(one, directory) for directory in directories]
        for future in futures:
            finish(future.result())
    return result


def _child(argv: Sequence[str]) -> None:
    """A child of the stream: run one game's job, print its result as one JSON object."""
    raw, directory = argv
    given = json.loads(raw)
    options = Options(
        dry_run=bool(given["dry_run"]),
        force=bool(given["force"]),
        pdf=bool(given["pdf"]),
        due=given["due"],
    )
    run = run_game(directory, options)
    data = {"directory": run.directory, "rc": int(run.rc), "log": run.log, "report": run.report}
    sys.stdout.write(json.dumps(data) + "\n")


if __name__ == "__main__":
    _child(sys.argv[1:])
