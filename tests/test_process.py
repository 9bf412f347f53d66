"""The turn job end to end on the bundled demo game: log, files, RCs, rerun, dry run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.job.reprint import reprint
from galbatch.engine.job.run import process
from galbatch.engine.language.diagnostics import RC
from galbatch.engine.security.hashes import hash_password


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.mark.slow
def test_process_writes_a_whole_turn(demo: Path) -> None:
    result = process(demo)
    assert result.rc == RC.ERROR  # committed; REGULUS's file (wrong password) rejected whole
    turn = demo / "turns" / "001"
    names = set(tree(turn))
    for pid in "123456":
        assert {f"printouts/{pid}.txt", f"printouts/{pid}.pdf", f"views/{pid}.yaml"} <= names
    assert {"state.yaml", "job.log", "archive.pdf", "printouts/gm.txt", "printouts/gm.pdf"} <= names
    assert {f"orders/{pid}.txt" for pid in "12345"} <= names
    assert not list((demo / "orders").iterdir()), "processed orders leave the inbox"
    log = (turn / "job.log").read_text()
    assert log == result.log
    assert "020   INTAKE   0000  5 order files for 6 players; 1 missing" in log
    assert "030   CHECK    0008" in log
    assert "                     4 REGULUS: WRONG PASSWORD\n" in log
    assert log.rstrip().endswith("MAXCC=0008")


@pytest.mark.slow
def test_wrong_password_is_rejected_whole_and_the_printout_says_so(demo: Path) -> None:
    process(demo)
    text = (demo / "turns/001/printouts/4.txt").read_text()
    assert "ORDERS: REJECTED: WRONG PASSWORD" in text
    assert "[GB015] wrong password; file rejected" in text
    assert "ORDER B,48" not in text


@pytest.mark.slow
def test_same_inputs_give_byte_identical_archives(demo: Path, tmp_path: Path) -> None:
    twin = tmp_path / "twin"
    shutil.copytree(demo, twin)
    process(demo)
    process(twin)
    assert tree(demo / "turns/001") == tree(twin / "turns/001")


@pytest.mark.slow
def test_dry_run_changes_nothing(demo: Path) -> None:
    before = tree(demo)
    result = process(demo, dry_run=True)
    assert tree(demo) == before
    assert "dry run" in result.log
    assert "printouts/1.txt" in result.files


def test_too_many_missing_stops_before_changing_anything(demo: Path) -> None:
    for pid in "1235":
        (demo / "orders" / f"{pid}.txt").unlink()
    before = tree(demo)
    result = process(demo)
    assert result.rc == RC.UNUSABLE
    assert "--force" in result.log
    assert tree(demo) == before
    forced = process(demo, force=True)
    assert (demo / "turns/001/state.yaml").is_file()
    assert "RESOLVE  0000" in forced.log


@pytest.mark.slow
def test_missing_share_is_a_game_setting(demo: Path) -> None:
    for pid in "1235":
        (demo / "orders" / f"{pid}.txt").unlink()
    text = (
        (demo / "game.yaml")
        .read_text()
        .replace("missing_orders_limit: 0.5", "missing_orders_limit: 0.9")
    )
    (demo / "game.yaml").write_text(text)
    assert process(demo).committed is not None


@pytest.mark.slow
def test_rerun_replaces_the_latest_turn_with_late_orders(demo: Path) -> None:
    late = (demo / "orders/4.txt").read_text().replace("wrong-password", "regulus-1997")
    (demo / "orders/4.txt").unlink()
    first = process(demo)
    assert first.rc == RC.ERROR  # RIGEL's rejected orders; REGULUS sent nothing
    assert "ORDERS: NO ORDERS" in (demo / "turns/001/printouts/4.txt").read_text()
    (demo / "orders/4.txt").write_text(late)
    again = process(demo, rerun=True)
    assert "1 late" in again.log and "(replaced)" in again.log
    assert Game.open(demo).latest_turn() == 1
    text = (demo / "turns/001/printouts/4.txt").read_text()
    assert "ORDER B,48,C,10" in text
    archived = late.replace('"regulus-1997"', '"********"')  # never the clear password
    assert (demo / "turns/001/orders/4.txt").read_text() == archived
    assert not (demo / "orders/4.txt").exists()


@pytest.mark.slow
def test_rerun_takes_a_resend_of_a_file_rejected_whole(demo: Path) -> None:
    sent = (demo / "orders/4.txt").read_text()
    first = process(demo)
    assert first.rc == RC.ERROR  # committed; REGULUS's wrong password
    fixed = sent.replace("wrong-password", "regulus-1997")
    (demo / "orders/4.txt").write_text(fixed)
    kept = (demo / "turns/001/orders/1.txt").read_bytes()
    (demo / "orders/1.txt").write_text("GAME conflict-demo PLAYER 1 PASSWORD x\nEND\n")
    again = process(demo, rerun=True)
    assert "1 late" in again.log and again.rc == RC.ERROR
    archived = fixed.replace('"regulus-1997"', '"********"')
    assert (demo / "turns/001/orders/4.txt").read_text() == archived
    assert "ORDER B,48,C,10" in (demo / "turns/001/printouts/4.txt").read_text()
    # ARCTURUS's accepted file stays; a bad resend does not replace it.
    assert (demo / "turns/001/orders/1.txt").read_bytes() == kept


@pytest.mark.slow
def test_print_reproduces_the_archive_byte_for_byte(demo: Path) -> None:
    process(demo)
    turn = demo / "turns/001/printouts"
    assert reprint(demo, 1, "3", "text") == (turn / "3.txt").read_bytes()
    assert reprint(demo, 1, "3", "pdf") == (turn / "3.pdf").read_bytes()
    assert reprint(demo, 1, None, "text") == (turn / "gm.txt").read_bytes()
    archive = demo / "turns/001/archive.pdf"
    assert reprint(demo, 1, None, "pdf", archive=True) == archive.read_bytes()
    assert reprint(demo, 0, "2", "text") == (demo / "turns/000/printouts/2.txt").read_bytes()


@pytest.mark.slow
def test_reprint_uses_the_archived_checks_not_todays_game_yaml(demo: Path) -> None:
    """A GM who changes a password later still re-prints the turn exactly as it was."""
    process(demo)
    printed = (demo / "turns/001/printouts/4.txt").read_bytes()
    assert b"WRONG PASSWORD" in printed
    text = (demo / "game.yaml").read_text()
    old = next(line for line in text.splitlines() if "pbkdf2" in line)
    (demo / "game.yaml").write_text(text.replace(old, f'    password: "{hash_password("new")}"'))
    assert reprint(demo, 1, "4", "text") == printed


@pytest.mark.slow
def test_archive_binds_a_cover_with_the_rc_and_every_printout(demo: Path) -> None:
    from pypdf import PdfReader

    process(demo)
    reader = PdfReader(demo / "turns/001/archive.pdf")
    cover = reader.pages[0].extract_text()
    assert "MAXCC 0008" in " ".join(cover.split())
    assert "ARCTURUS" in cover and "VEGA" in cover
    top = [item.title for item in reader.outline if not isinstance(item, list)]
    assert top[1:] == ["GAME MASTER SUMMARY"] + [
        f"PLAYER {i} {n}"
        for i, n in enumerate(["ARCTURUS", "POLARIS", "RIGEL", "REGULUS", "SIRIUS", "VEGA"], 1)
    ]


@pytest.mark.slow
def test_game_yaml_comments_survive_a_turn(demo: Path) -> None:
    before = (demo / "game.yaml").read_text()
    process(demo)
    assert (demo / "game.yaml").read_text() == before


def test_a_missing_game_is_rc16(tmp_path: Path) -> None:
    result = process(tmp_path / "nothing")
    assert result.rc == RC.FAILED and "LOAD" in result.log


def test_a_printout_bug_ends_the_job_with_rc16_and_changes_nothing(
    demo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import galbatch.engine.job.run as run

    def broken(*args: object, **kwargs: object) -> dict[str, bytes]:
        raise RuntimeError("no ribbon")

    before = tree(demo)
    monkeypatch.setattr(run, "render_turn", broken)
    result = process(demo)
    assert result.rc == RC.FAILED and "printing failed: RuntimeError: no ribbon" in result.log
    assert tree(demo) == before
