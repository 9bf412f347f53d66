"""The bundled games are what `galbatch new` makes today: turn 0 byte for byte.

Read as shipped (what git tracks, tests.bundled), so a turn someone ran in games/ changes
nothing here; and a turn run there, as the README's commands never do, breaks no test.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.bundled import resend, shipped, tracked

ROOT = Path(__file__).resolve().parent.parent

GAMES = {
    "conflict-demo": [
        "conflict", "--id", "conflict-demo", "--players", "6", "--seed", "1997",
        "--gm", "Flying Buffalo (demo)", "--title", "Galactic Conflict demo",
        "--start", "1997-01-06",  # a historical game keeps its date; a new one starts today
    ],
    "gc16": [  # the calendar of GC16's announcement of 27 January 1997: a Wednesday
        "conqueror", "--id", "GC16", "--players", "8", "--seed", "1997",   # about 2 weeks on,
        "--gm", "Harry Zimmermann (demo)", "--title", "Galactic Conqueror GC16",  # then weekly
        "--start", "1997-02-12", "--days", "7",
    ],
    "galaxy13": [  # the rule book's "Galac-Tac Galaxy #13 Expertus Astrum", 12 empires
        "galactac", "--id", "GT13", "--players", "12", "--seed", "1313",
        "--gm", "Talisman Games (demo)", "--title", "Galac-Tac Galaxy #13 Expertus Astrum",
        "--start", "1996-09-02",
    ],
    "spiral6": [  # six colours on the spiral, dated from the rule book's 13 June 2006
        "galaktikos", "--id", "SP6", "--players", "6", "--seed", "2006",
        "--gm", "Tom Olson (demo)", "--title", "Galaktikos Spiral Six",
        "--start", "2006-06-13", "--days", "7", "--name", "RED", "--name", "BLUE",
        "--name", "GREEN", "--name", "GOLD", "--name", "WHITE", "--name", "BLACK",
    ],
    "nebula4": [  # the table samples/interstellar/ are written for: RED, GREEN, BLUE, YELLOW
        "interstellar", "--id", "IC4", "--players", "4", "--seed", "2002",
        "--gm", "Ken Leyhe (demo)", "--title", "Interstellar Conquest IC4",
        "--start", "2002-07-01", "--days", "7", "--setting", "colours=RED GREEN BLUE YELLOW",
    ],
}  # fmt: skip


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_bundled_turn_0_is_reproducible(name: str, tmp_path: Path) -> None:
    bundled = shipped(name)
    passwords = tmp_path / "passwords.txt"
    passwords.write_text((bundled / "PASSWORDS.txt").read_text())
    ruleset, *options = GAMES[name]
    made = tmp_path / name
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "new", ruleset, str(made), *options,
         "--passwords", str(passwords)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert tree(made / "turns" / "000") == tree(bundled / "turns" / "000"), (
        "the bundled game is stale: `python -m tests.remake_bundled` makes it again"
    )


INBOX = {
    "conflict-demo": ["1", "2", "3", "4", "5"],
    "gc16": [str(i) for i in range(1, 9)],
    "galaxy13": sorted(str(i) for i in range(1, 12)),  # as the names sort: 1, 10, 11, 2
    "spiral6": [str(i) for i in range(1, 7)],
    "nebula4": ["1", "2", "3", "4"],
}
TURNS = {
    "conflict-demo": ["000"],
    "gc16": ["000"],
    "galaxy13": ["000", "001"],
    "spiral6": ["000", "001", "002"],  # new, the setup run, round 1
    "nebula4": ["000", "001", "002"],  # new, turns 1-3 and the stop at BLUE's, 4-6
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_inbox_holds_next_turns_orders(name: str) -> None:
    """GC16: every player sent commands; the conflict demo's VEGA (6) and galaxy13's
    BETELGEUSE (12) sent nothing."""
    from galbatch.engine.gamedir.directory import Game

    game = Game.open(shipped(name))
    assert game.latest_turn() == len(TURNS[name]) - 1
    assert sorted(p.stem for p in game.inbox.iterdir()) == INBOX[name]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_git_tracks_the_shipped_turns_and_the_inbox_and_nothing_later(name: str) -> None:
    files = tracked(name)
    if files is None:
        pytest.skip("not a git work tree")
    assert {f.split("/")[0] for f in files} == {"PASSWORDS.txt", "game.yaml", "orders", "turns"}
    assert {f.split("/")[1] for f in files if f.startswith("turns/")} == set(TURNS[name])
    assert sorted(f for f in files if f.startswith("orders/")) == [
        f"orders/{p}.txt" for p in INBOX[name]
    ]


@pytest.mark.slow
def test_a_turn_run_in_the_work_tree_does_not_change_the_shipped_copy(tmp_path: Path) -> None:
    """What tests see of games/ is what git tracks, even after a turn was run in games/."""
    git = shutil.which("git")
    if git is None or tracked("conflict-demo") is None:
        pytest.skip("needs git and a git work tree")
    clone = tmp_path / "clone"
    subprocess.run([git, "clone", "-q", str(ROOT), str(clone)], check=True)
    subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "process", "games/conflict-demo", "--no-pdf"],
        cwd=clone, capture_output=True, check=False,
    )  # fmt: skip
    assert (clone / "games/conflict-demo/turns/001").is_dir()
    assert not list((clone / "games/conflict-demo/orders").iterdir())
    probe = (
        "import sys; from pathlib import Path; from tests.bundled import copy_shipped;"
        "copy_shipped('conflict-demo', Path(sys.argv[1]))"
    )
    copied = subprocess.run(
        [sys.executable, "-c", probe, str(tmp_path / "copy")],
        cwd=clone, capture_output=True, env={**os.environ, "PYTHONPATH": str(clone)},
    )  # fmt: skip
    assert copied.returncode == 0, copied.stderr
    assert tree(tmp_path / "copy") == tree(shipped("conflict-demo"))


def process(game: Path, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "process", str(game), *options],
        capture_output=True, text=True,
    )  # fmt: skip


def replay(name: str, turn: str, tmp_path: Path) -> None:
    """The shipped `turn` is the turn before it processed with the orders it kept, byte for
    byte: the game copied, that turn and every later one removed, its orders sent again."""
    bundled = shipped(name)
    game = tmp_path / name
    shutil.copytree(bundled, game)
    resend(bundled, game, turn, TURNS[name])
    result = process(game)
    assert result.returncode == 0, result.stdout + result.stderr
    assert tree(game / "turns" / turn) == tree(bundled / "turns" / turn), (
        f"the bundled turn {turn} is stale: `python -m tests.remake_bundled {name}` makes it again"
    )


@pytest.mark.slow
def test_galaxy13_turn_1_is_what_its_orders_make(tmp_path: Path) -> None:
    """The shipped turn 1 is turn 0 processed with the orders it kept, byte for byte."""
    replay("galaxy13", "001", tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("turn", ["001", "002"])
def test_spiral6_setup_and_round_1_are_what_their_orders_make(turn: str, tmp_path: Path) -> None:
    """Turn 1 is the setup run from the PLACE orders it kept (BLACK, who sent none, placed
    automatically), turn 2 round 1 from its orders, each byte for byte."""
    replay("spiral6", turn, tmp_path)


@pytest.mark.slow
def test_galaxy13_next_turn_is_processed_from_a_copy_the_same_every_time(tmp_path: Path) -> None:
    """The inbox's orders are accepted, the turn is made, and two runs agree byte for byte."""
    runs = []
    for run in ("a", "b"):
        game = tmp_path / run / "galaxy13"
        shutil.copytree(shipped("galaxy13"), game)
        result = process(game)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "0 rejected" in result.stdout and "12 BETELGEUSE: sent nothing" in result.stdout
        assert not list((game / "orders").iterdir())
        runs.append(tree(game / "turns" / "002"))
    assert runs[0] == runs[1]
    printouts = {k for k in runs[0] if k.startswith("printouts/")}
    assert printouts == {
        f"printouts/{p}.{x}" for p in [*INBOX["galaxy13"], "12"] for x in ("txt", "pdf")
    } | {"printouts/gm.txt", "printouts/gm.pdf"}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sample", "status", "codes"),
    [
        ("clean", 0, []),
        ("clamped", 4, ["GT304", "GT306", "GT308", "GT301"]),
        ("rejected", 8, ["GT230", "GT232", "GT233", "GT237", "GT211", "GT201", "GT239"]),
        ("unusable", 12, ["GB012"]),
    ],
)
def test_the_galactac_samples_check_against_galaxy13(
    sample: str, status: int, codes: list[str]
) -> None:
    """samples/galactac/ are Grand Fenwick's action files for galaxy13's next turn."""
    path = ROOT / "samples" / "galactac" / f"{sample}.txt"
    result = subprocess.run(
        [sys.executable, "-m", "galbatch.cli", "check", str(path), "--game",
         str(shipped("galaxy13")), "--format", "json"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == status, result.stdout + result.stderr
    assert [d["code"] for d in json.loads(result.stdout)["diagnostics"]] == codes


@pytest.mark.slow
def test_spiral6_round_2_is_processed_from_a_copy_the_same_every_time(tmp_path: Path) -> None:
    """Every player sent orders for round 2: BLUE's fleet from a hex without a shipyard is
    rejected, GREEN's growth reduced to doubling and paid at her turn; the round is made,
    and two runs agree byte for byte."""
    runs = []
    for run in ("a", "b"):
        game = tmp_path / run / "spiral6"
        shutil.copytree(shipped("spiral6"), game)
        result = process(game)
        assert result.returncode == 8, result.stdout + result.stderr
        check = next(line for line in result.stdout.splitlines() if "CHECK" in line)
        assert "13 accepted" in check and "1 rejected; 0 files rejected" in check, check
        assert not list((game / "orders").iterdir())
        runs.append(tree(game / "turns" / "003"))
    assert runs[0] == runs[1]
    blue = runs[0]["printouts/2.txt"].decode()
    assert "[GK232] hex 1821 has no shipyard; order BUILD FLEET 1821 rejected" in blue
    green = runs[0]["printouts/3.txt"].decode()
    assert "[GK303] GROW 0115 3: 3 reduced to 2: 0115 may grow by 2 more" in green
    # resources are judged at the turn (GK406): the round grows what they pay for
    assert "GROW 0115 2: only 1 of 2: after 1, GREEN has 1 resources and needs 2" in green


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sample", "status", "codes"),
    [
        ("clean", 0, []),
        ("clamped", 4, ["GK304", "GK303", "GK406", "GK405"]),
        ("rejected", 8, ["GK232", "GK230", "GK236", "GK244", "GK241", "GK202", "GK246",
                         "GK204", "GK100"]),
        ("unusable", 12, ["GB012"]),
    ],
)  # fmt: skip
def test_the_galaktikos_samples_check_against_spiral6(
    sample: str, status: int, codes: list[str]
) -> None:
    """samples/galaktikos/ are RED's order files for spiral6's round 2."""
    path = ROOT / "samples" / "galaktikos" / f"{sample}.txt"
    check_sample(path, "spiral6", "1", status, codes)


@pytest.mark.slow
@pytest.mark.parametrize("turn", ["001", "002"])
def test_nebula4_runs_are_what_their_orders_make(turn: str, tmp_path: Path) -> None:
    """Run 1 plays YELLOW's, RED's and GREEN's turns (GREEN's fleet without FROM) and stops
    for BLUE's attack; run 2 plays BLUE's, YELLOW's and RED's attack on BLUE 3 up to the
    alliances it waits for; each byte for byte from the orders it kept."""
    replay("nebula4", turn, tmp_path)


@pytest.mark.slow
def test_nebula4_waits_for_the_invited_and_its_next_run_is_the_same_every_time(
    tmp_path: Path,
) -> None:
    """RED attacks BLUE 3; GREEN and YELLOW owe their answers. Every player sent orders for
    the next run: GREEN's ALLY is reduced to his ships on BLUE 4, RED's INVITE BLUE is
    rejected; the encounter is resolved (RED wins, BLUE's Druwaith finding no coin that
    wins), the run waits for RED's second attack, and two runs agree byte for byte."""
    log = (shipped("nebula4") / "turns" / "002" / "job.log").read_text()
    assert "alliance (step 6); waiting for GREEN YELLOW" in log
    runs = []
    for run in ("a", "b"):
        copy = tmp_path / run / "nebula4"
        shutil.copytree(shipped("nebula4"), copy)
        result = process(copy, "--no-pdf")
        assert result.returncode == 8, result.stdout + result.stderr
        check = next(line for line in result.stdout.splitlines() if "CHECK" in line)
        assert "1 reduced" in check and "1 rejected" in check, check
        runs.append(tree(copy / "turns" / "003"))
    assert runs[0] == runs[1]
    assert b"second-attack (step 10); waiting for RED" in runs[0]["job.log"]
    red = runs[0]["printouts/1.txt"].decode()
    assert "[IC240] BLUE is your opponent" in red
    green = runs[0]["printouts/2.txt"].decode()
    assert "[IC301] ALLY RED WITH 3 S 2 M FROM BLUE 4: 3 reduced" in green
    events = runs[0]["printouts/gm.txt"].decode()
    assert "GREEN allies with RED with 1 M 2 S." in events
    assert "YELLOW allies with BLUE with 2 M." in events


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sample", "status", "codes"),
    [
        ("clean", 0, []),
        ("defender", 0, []),
        ("ally", 0, []),
        ("standing", 0, []),
        ("clamped", 4, ["IC301", "IC301"]),
        ("rejected", 8, ["IC236", "IC202", "IC203", "IC230", "IC101", "IC240", "IC241",
                         "IC239", "IC244", "IC100"]),
        ("unusable", 12, ["GB012"]),
    ],
)  # fmt: skip
def test_the_interstellar_samples_check_against_nebula4(
    sample: str, status: int, codes: list[str]
) -> None:
    """samples/interstellar/ are the players' files for nebula4's next run, against the
    game and against the writer's view alike."""
    path = ROOT / "samples" / "interstellar" / f"{sample}.txt"
    player = path.read_text().split("PLAYER ", 1)[1].split()[0]
    check_sample(path, "nebula4", player, status, codes)


def check_sample(path: Path, name: str, player: str, status: int, codes: list[str]) -> None:
    """`galbatch check` of a sample against the bundled game and against the player's view
    of its last shipped turn: the same return code and diagnostics' codes each way."""
    game = shipped(name)
    for mode in (
        ["--game", str(game)],
        ["--view", str(game / "turns" / TURNS[name][-1] / "views" / f"{player}.yaml")],
    ):
        result = subprocess.run(
            [sys.executable, "-m", "galbatch.cli", "check", str(path), *mode, "--format", "json"],
            capture_output=True,
            text=True,
        )
        assert result.returncode == status, result.stdout + result.stderr
        found = [d["code"] for d in json.loads(result.stdout)["diagnostics"]]
        assert found == codes, mode
