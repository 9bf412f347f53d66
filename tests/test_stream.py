"""The night's job stream: `galbatch process` of several games, one broken, serial and parallel."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from galbatch.engine.job import stream
from galbatch.engine.job.stream import GameRun, Options, run_stream
from galbatch.engine.language.diagnostics import RC
from galbatch.print import worker as print_worker
from tests.bundled import shipped

GAMES = ("conflict-demo", "broken", "gc16")


def galbatch(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
    )


def games(base: Path) -> Path:
    """Three games under `base`: two bundled ones and a copy of one whose state is damaged."""
    base.mkdir()
    shutil.copytree(shipped("conflict-demo"), base / "conflict-demo")
    shutil.copytree(shipped("gc16"), base / "gc16")
    shutil.copytree(shipped("conflict-demo"), base / "broken")
    (base / "broken" / "turns" / "000" / "state.yaml").write_text("this: [is not\n")
    return base


def snapshot(path: Path) -> dict[str, tuple[int, bytes]]:
    """Every file and directory under `path`, with its mtime and bytes: what a change would show."""
    return {
        str(p.relative_to(path)): (p.stat().st_mtime_ns, p.read_bytes() if p.is_file() else b"")
        for p in sorted(path.rglob("*"))
    }


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stream_of_three_games_with_one_broken(tmp_path: Path, jobs: str) -> None:
    base = games(tmp_path / "games")
    before = snapshot(base / "broken")
    done = galbatch("process", "--no-pdf", "--jobs", jobs, *GAMES, cwd=base)
    assert done.returncode == 16, done.stdout + done.stderr
    summary = done.stdout.split("GALBATCH  STREAM  3 JOBS\n")[1].splitlines()
    assert summary[1:] == [
        "CONFLICT-DEMO.T001          1  0008   committed      conflict-demo",
        "CONFLICT-DEMO.T001          1  0016   failed         broken",
        "GC16.T001                   1  0008   committed      gc16",
        "STREAM ENDED  MAXCC=0016",
    ]
    assert snapshot(base / "broken") == before, "the broken game is not touched"
    for name in ("conflict-demo", "gc16"):
        log = (base / name / "turns" / "001" / "job.log").read_text()
        assert log in done.stdout, "each game's own job log, in its game and in the stream's output"
        assert not list((base / name / "orders").glob("*.txt")), "the orders were taken"


def contents(path: Path) -> dict[str, bytes]:
    """Every file under `path` and its bytes."""
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.mark.slow
def test_serial_and_parallel_streams_print_the_same(tmp_path: Path) -> None:
    """galbatch(1): "The logs come in the order the directories were given, whatever
    --jobs is, so the output is the same run one at a time or several at once." And
    each game's turn, every PDF of its archive included, is the same bytes."""
    serial = galbatch("process", *GAMES, cwd=games(tmp_path / "a"))
    parallel = galbatch("process", "-j", "2", *GAMES, cwd=games(tmp_path / "b"))
    assert serial.stdout == parallel.stdout and serial.returncode == parallel.returncode == 16
    for name in GAMES:
        a, b = contents(tmp_path / "a" / name), contents(tmp_path / "b" / name)
        assert a == b, name
    assert any(name.endswith(".pdf") for name in contents(tmp_path / "a" / "gc16"))


@pytest.mark.slow
def test_one_game_keeps_todays_output(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", "--no-pdf", "gc16", cwd=base)
    assert done.returncode == 8
    assert done.stdout == (base / "gc16" / "turns" / "001" / "job.log").read_text()
    assert "STREAM" not in done.stdout


@pytest.mark.slow
def test_the_stream_as_json(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", "--dry-run", "--format", "json", *GAMES, cwd=base)
    assert done.returncode == 16
    stream = json.loads(done.stdout)
    assert stream["rc"] == 16
    assert [(g["directory"], g["game"], g["rc"], g["dry_run"]) for g in stream["games"]] == [
        ("conflict-demo", "conflict-demo", 8, True),
        ("broken", "conflict-demo", 16, True),
        ("gc16", "GC16", 8, True),
    ]
    assert not (base / "gc16" / "turns" / "001").exists(), "a dry run commits nothing"


@pytest.mark.parametrize(
    ("option", "message"),
    [
        (["--player", "1", "--dry-run"], "--player is for one game"),
        (["--rerun"], "--rerun is for one game"),
        (["--rerun", "--replace", "1"], "--replace is for one game"),
    ],
)
def test_one_game_options_refuse_a_stream(tmp_path: Path, option: list[str], message: str) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", *option, "conflict-demo", "gc16", cwd=base)
    assert done.returncode == 16 and message in done.stderr
    assert not (base / "gc16" / "turns" / "001").exists()


def test_a_game_given_twice_is_a_usage_error(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    done = galbatch("process", "gc16", "./gc16/", cwd=base)
    assert done.returncode == 16 and "the same game as gc16" in done.stderr
    assert not (base / "gc16" / "turns" / "001").exists()


@pytest.mark.slow
def test_a_missing_directory_fails_alone(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    seen: list[str] = []
    result = run_stream(
        [str(base / "nowhere"), str(base / "gc16")],
        Options(pdf=False),
        done=lambda run: seen.append(run.directory),
    )
    assert [r.rc for r in result.runs] == [RC.FAILED, RC.ERROR] and result.rc == RC.FAILED
    assert seen == [str(base / "nowhere"), str(base / "gc16")]
    assert result.runs[0].job == "UNKNOWN" and result.runs[1].status == "committed"


@pytest.mark.slow
def test_a_game_another_writer_holds_is_refused_alone(tmp_path: Path) -> None:
    import os

    from galbatch.engine.gamedir.locks import writer_lock

    base = games(tmp_path / "games")
    shutil.rmtree(base / "broken")
    before = snapshot(base / "gc16")
    env = {**os.environ, "GALBATCH_LOCK_WAIT": "0.2"}
    with writer_lock(base / "gc16"):
        done = subprocess.run(
            [sys.executable, "-m", "galbatch.cli", "process", "--no-pdf", "-j", "2"]
            + ["gc16", "conflict-demo"],
            capture_output=True,
            text=True,
            cwd=base,
            env=env,
            check=False,
        )
    assert done.returncode == 12, done.stdout + done.stderr
    assert done.stdout.splitlines()[-3:] == [
        "UNKNOWN                     -  0012   refused        gc16",
        "CONFLICT-DEMO.T001          1  0008   committed      conflict-demo",
        "STREAM ENDED  MAXCC=0012",
    ]
    assert snapshot(base / "gc16") == before


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_what_a_glob_catches_besides_games_is_listed_not_failed(tmp_path: Path, jobs: str) -> None:
    """`new` writes NAME.passwords.txt beside the game, `new --open` makes a sign-up list:
    `process games/*` skips the one with a warning and lists the other, and runs the games."""
    base = tmp_path / "s5"
    base.mkdir()
    shutil.copytree(shipped("gc16"), base / "gc16")
    made = galbatch("new", "conqueror", "s5/gc17", "--seed", "2", "-n", "4", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert (base / "gc17.passwords.txt").is_file()
    opened = galbatch("new", "conqueror", "s5/gc18", "--open", "--seed", "3", cwd=tmp_path)
    assert opened.returncode == 0, opened.stderr
    before = snapshot(base / "gc18")
    entries = sorted(str(p.relative_to(tmp_path)) for p in base.iterdir())
    assert entries == ["s5/gc16", "s5/gc17", "s5/gc17.passwords.txt", "s5/gc18"]
    done = galbatch("process", "--no-pdf", "--force", "-j", jobs, *entries, cwd=tmp_path)
    assert done.returncode == 8, done.stdout + done.stderr  # gc16's own 8: no more than that
    assert done.stdout.splitlines()[-7:] == [
        "GALBATCH  STREAM  4 JOBS",
        "JOB                      TURN  MAXCC  TURN STATUS    DIRECTORY",
        "GC16.T001                   1  0008   committed      s5/gc16",
        "GC17.T001                   1  0000   committed      s5/gc17",
        "UNKNOWN                     -  0004   not a game     s5/gc17.passwords.txt",
        "gc18                        -  0000   sign-ups open  s5/gc18",
        "STREAM ENDED  MAXCC=0008",
    ]
    assert "s5/gc17.passwords.txt: a file, not a game directory; skipped" in done.stdout
    assert "taking sign-ups, 0 so far; no turn until galbatch start makes the game" in done.stdout
    assert snapshot(base / "gc18") == before, "a sign-up list is not touched"
    assert (base / "gc17" / "turns" / "001").is_dir()


def test_a_stream_of_only_what_is_not_a_game_ends_with_a_warning(tmp_path: Path) -> None:
    from galbatch.post.signups import open_signups

    (tmp_path / "notes.txt").write_text("not a game\n")
    open_signups(tmp_path / "gc20", "GC20")
    result = run_stream([str(tmp_path / "notes.txt"), str(tmp_path / "gc20")], Options(pdf=False))
    assert [(r.rc, r.status, r.job) for r in result.runs] == [
        (RC.WARNING, "not a game", "UNKNOWN"),
        (RC.CLEAN, "sign-ups open", "GC20"),
    ]
    assert result.rc == RC.WARNING
    games = result.report()["games"]
    assert [(g["status"], g["game"], g["rc"], g["committed"]) for g in games] == [
        ("not a game", None, 4, False),
        ("sign-ups open", "GC20", 0, False),
    ]


def test_one_file_alone_is_a_usage_error(tmp_path: Path) -> None:
    base = games(tmp_path / "games")
    (base / "gc16.passwords.txt").write_text("1 secret\n")
    done = galbatch("process", "gc16.passwords.txt", cwd=base)
    assert done.returncode == 16 and "is a file, not a game directory" in done.stderr


def fake_job(directory: str, options: Options) -> GameRun:
    """A game's job that says which process ran it; one named crash-* kills that process,
    one named exit-* ends it saying why, one named noisy-* prints on stdout and stderr."""
    name = Path(directory).name
    if name.startswith("crash"):
        os.kill(os.getpid(), signal.SIGKILL)
    if name.startswith("exit"):
        print("the job gave up", file=sys.stderr, flush=True)
        os._exit(3)
    if name.startswith("noisy"):
        print("a stray line among the answers", flush=True)
        print("a warning that is no crash", file=sys.stderr, flush=True)
    return GameRun(directory, RC.CLEAN, f"JOB {name} ENDED\n", {"pid": os.getpid()})


def test_the_games_of_a_stream_share_as_many_processes_as_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """galbatch(1): with --jobs n the stream runs "n games at once, each in a process of
    its own" -- not a new process (a new interpreter, every import again) for every game:
    the games' jobs share n worker processes, none of them the stream's own."""
    monkeypatch.setattr(stream, "run_game", fake_job)
    directories = [str(tmp_path / f"game{i:02d}") for i in range(12)]
    heard: list[str] = []
    result = run_stream(directories, Options(), jobs=2, done=lambda r: heard.append(r.directory))
    assert heard == directories and [r.directory for r in result.runs] == directories
    assert [r.log for r in result.runs] == [f"JOB game{i:02d} ENDED\n" for i in range(12)]
    pids = {r.report["pid"] for r in result.runs}
    assert len(pids) == 2 and os.getpid() not in pids


def test_a_worker_that_ends_mid_job_fails_that_game_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """galbatch(1): a game that fails, "even an internal error", ends its own job with its
    return code; "the other games run and commit as if it were not there". A worker
    killed or ended during a game's job is that game's failure (RC 16, saying how it
    ended), and a fresh worker takes the games after it."""
    monkeypatch.setattr(stream, "run_game", fake_job)
    names = ["noisy-a", "crash-b", "c", "d", "exit-e", "f", "noisy-g", "crash-h", "i"]
    directories = [str(tmp_path / name) for name in names]
    result = run_stream(directories, Options(), jobs=2)
    assert [r.directory for r in result.runs] == directories
    failed = {Path(r.directory).name: r.log for r in result.runs if r.rc == RC.FAILED}
    assert sorted(failed) == ["crash-b", "crash-h", "exit-e"] and result.rc == RC.FAILED
    assert "the job's process failed: the job's process ended with status -9" in failed["crash-b"]
    assert "the job's process failed: the job gave up" in failed["exit-e"]
    assert "a warning" not in failed["crash-h"], "an earlier game's stderr is not the cause"
    ran = [r for r in result.runs if r.rc == RC.CLEAN]
    assert [Path(r.directory).name for r in ran] == ["noisy-a", "c", "d", "f", "noisy-g", "i"]
    assert all(r.status == "not committed" and r.log.endswith("ENDED\n") for r in ran)


def test_a_stream_worker_forks_no_helper_but_for_the_last_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With --jobs n the stream's n workers keep the cores busy, a game each: a job in one
    of them forks no helper (the passwords' or the printing's) to run beside it, as a job
    alone on the machine does; that would only add the fork's cost. The last game given
    out may: the other workers run out of games and leave their cores to it."""

    def job(directory: str, options: Options) -> GameRun:
        return GameRun(directory, RC.CLEAN, "", {"forks": print_worker.can_fork()})

    monkeypatch.setattr(stream, "run_game", job)
    monkeypatch.setattr(print_worker, "cores", lambda: 2)
    directories = [str(tmp_path / f"game{i}") for i in range(5)]
    assert print_worker.can_fork(), "the stream's own process may fork"
    result = run_stream(directories, Options(), jobs=2)
    assert [r.report for r in result.runs] == [{"forks": False}] * 4 + [{"forks": True}]
    assert [r.report for r in run_stream(directories, Options(), jobs=1).runs] == [
        {"forks": True}
    ] * 5


@pytest.mark.slow
def test_workers_spawned_beside_another_thread_import_the_installed_galbatch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stream run while another thread runs cannot fork its workers safely; it starts
    them as `python -P -m galbatch.engine.job.stream`, which must not import a source
    tree in the working directory (from the top of a clone every job failed with "No
    module named 'galbatch.grammars'"). The games run as `--jobs 1` runs them."""
    monkeypatch.chdir(games(tmp_path / "a"))
    serial = run_stream(GAMES, Options(pdf=False))
    base = games(tmp_path / "b")
    (base / "galbatch").mkdir()  # a source tree the workers must not import
    (base / "galbatch" / "__init__.py").write_text('raise ImportError("the sources in cwd")\n')
    monkeypatch.chdir(base)
    stop = threading.Event()
    beside = threading.Thread(target=stop.wait)
    beside.start()
    try:
        parallel = run_stream(GAMES, Options(pdf=False), jobs=2)
    finally:
        stop.set()
        beside.join()
    assert [(r.rc, r.status) for r in parallel.runs] == [
        (RC.ERROR, "committed"),
        (RC.FAILED, "failed"),
        (RC.ERROR, "committed"),
    ]
    assert [r.log for r in parallel.runs] == [r.log for r in serial.runs]
    assert [r.report for r in parallel.runs] == [r.report for r in serial.runs]
