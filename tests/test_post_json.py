"""`--format json` on `galbatch intake` and `galbatch mail` (issue 24, item 4): one JSON
object on standard output, what each message became / each mail written or sent, and
the exit status; on failure {"rc": 16, "error": ...}, as `new`, `start` and `passwd` do.

CONTRIBUTING.md: "Deterministic output." The object's lists are in the run's order."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from galbatch.cli.post import intake, mail
from tests.test_post_support import letter, make_game, mbox, orders


def test_intake_in_json_says_what_each_message_became(tmp_path: Path) -> None:
    game = make_game(tmp_path / "gc16")
    box = mbox(tmp_path / "in.mbox", [letter(orders("1")), letter(orders("2", password="x"))])
    done = CliRunner().invoke(intake, [str(game), str(box), "--format", "json"])
    assert done.exit_code == 4
    report = json.loads(done.stdout)
    assert report["rc"] == 4 and report["messages"] == 2 and report["handled_before"] == 0
    outcomes = [(e["outcome"], e["player"], e["detail"]) for e in report["entries"]]
    assert outcomes[0][:2] == ("FILED", "1")
    assert outcomes[1] == ("REJECTED", "2", "wrong password")
    assert all(e["reply"].startswith("outbox/ack-") for e in report["entries"])
    assert sorted(report["written"]) == sorted(e["reply"] for e in report["entries"])
    again = CliRunner().invoke(intake, [str(game), str(box), "--format", "json"])
    assert json.loads(again.stdout)["handled_before"] == 2 and again.exit_code == 0


def test_intake_that_fails_in_json_gives_rc_16_and_the_error(tmp_path: Path) -> None:
    box = mbox(tmp_path / "in.mbox", [letter(orders("1"))])
    (tmp_path / "empty").mkdir()
    done = CliRunner().invoke(intake, [str(tmp_path / "empty"), str(box), "--format", "json"])
    assert done.exit_code == 1  # a failure: the galbatch command exits 16 for it
    report = json.loads(done.stdout)
    assert report["rc"] == 16 and "neither a game" in report["error"]


def test_mail_in_json_lists_each_mail_written(tmp_path: Path) -> None:
    game = make_game(tmp_path / "gc16")
    done = CliRunner().invoke(mail, [str(game), "--turn", "0", "--format", "json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["rc"] == 0 and report["mail"]["turn"] == 0
    assert len(report["mail"]["written"]) == 3 and report["mail"]["unchanged"] == []
    again = json.loads(CliRunner().invoke(mail, [str(game), "-t", "0", "--format", "json"]).stdout)
    assert again["mail"]["written"] == [] and len(again["mail"]["unchanged"]) == 3
    missing = CliRunner().invoke(mail, [str(game), "--turn", "9", "--format", "json"])
    assert json.loads(missing.stdout)["rc"] == 16
