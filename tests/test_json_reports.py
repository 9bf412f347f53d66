"""`--format json` on the commands that report what they made or changed: one JSON
object on standard output, for a script, also when the command fails."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from galbatch.engine.gamedir.directory import Game
from galbatch.engine.security.hashes import verify_password
from tests.test_post_support import confirmations, letter, mbox


def galbatch(*args: str | Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *map(str, args)],
        capture_output=True,
        text=True,
        input=stdin,
    )


def test_new_reports_the_game_and_each_password_once(tmp_path: Path) -> None:
    path = tmp_path / "g"
    done = galbatch("new", "conflict", path, "--players", "3", "--seed", "5", "--format", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["created"], report["ruleset"], report["seed"]) == (str(path), "conflict", 5)
    assert [p["id"] for p in report["players"]] == ["1", "2", "3"]
    game = Game.open(path)
    for seat in report["players"]:
        assert verify_password(seat["password"], game.password_hash(seat["id"]))
    assert report["passwords_file"] == f"{path}.passwords.txt"  # stdout is no terminal
    assert report["welcome_mails"] is None


def test_new_failing_still_gives_one_json_object(tmp_path: Path) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "x").write_text("taken")
    done = galbatch("new", "conflict", tmp_path / "g", "--players", "3", "--seed", "5",
                    "--format", "json")  # fmt: skip
    assert done.returncode == 16
    report = json.loads(done.stdout)
    assert report["rc"] == 16 and "not empty" in report["error"]


def test_passwd_reports_the_new_password(tmp_path: Path) -> None:
    path = tmp_path / "g"
    assert galbatch("new", "conflict", path, "--players", "2", "--seed", "5").returncode == 0
    done = galbatch("passwd", path, "2", "--format", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert (report["player"], report["name"]) == ("2", "POLARIS")
    assert verify_password(report["password"], Game.open(path).password_hash("2"))
    chosen = galbatch("passwd", path, "1", "--stdin", "--format", "json", stdin="my-secret\n")
    assert json.loads(chosen.stdout) == {"player": "1", "name": "ARCTURUS", "password": None}
    missing = galbatch("passwd", path, "9", "--format", "json")
    assert missing.returncode == 16 and "no player 9" in json.loads(missing.stdout)["error"]


def test_open_and_start_report_as_json(tmp_path: Path) -> None:
    path = tmp_path / "open"
    opened = galbatch("new", "conqueror", path, "--open", "--seed", "3", "--id", "GC16",
                      "--format", "json")  # fmt: skip
    assert json.loads(opened.stdout) == {
        "signups": str(path / "signups.yaml"), "game": "GC16", "ruleset": "conqueror", "seed": 3,
    }  # fmt: skip
    sign = [
        letter(f"#ANM GC16 {who}\n", sender=f"{who}@example.org", date="Sat, 1 Feb 2025 10:00:00")
        for who in ("Zork", "Borg")
    ]
    assert galbatch("intake", path, mbox(tmp_path / "s.mbox", sign)).returncode == 0
    replies = confirmations(path, ["zork@example.org", "borg@example.org"])  # seats: replies
    assert galbatch("intake", path, mbox(tmp_path / "r.mbox", replies)).returncode == 0
    started = galbatch("start", path, "--format", "json")
    assert started.returncode == 0, started.stderr
    report = json.loads(started.stdout)
    assert [p["name"] for p in report["players"]] == ["ZORK", "BORG"]
    assert report["welcome_mails"] == str(path / "outbox")


def test_print_json_has_the_text_printouts_lines() -> None:
    """`print --format json`: the same lines as the text printout, page by page, with the
    sections each page begins; the archive is a PDF only."""
    from tests.bundled import shipped

    game = shipped("gc16")
    text = galbatch("print", game, "--player", "2")
    done = galbatch("print", game, "--player", "2", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["game"], data["turn"], data["reader"]) == ("GC16", 0, "2")
    pages = text.stdout.split("\f")[:-1]
    assert [p["number"] for p in data["pages"]] == list(range(1, len(pages) + 1))
    for page, shown in zip(data["pages"], pages, strict=True):
        assert "\n".join(page["lines"]).rstrip("\n") == shown.strip("\n")
    assert data["pages"][0]["sections"][:2] == ["GALACTIC CONQUEROR", "SCORE"]
    refused = galbatch("print", game, "--archive", "--format", "json")
    assert refused.returncode == 16 and "--archive is a PDF" in refused.stderr
