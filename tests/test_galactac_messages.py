"""Galac-Tac's diplomatic messages end to end: an action file's MESSAGE TO block, checked
against the empires met, delivered by `galbatch process` to its recipient's printout
alone, signed with the sender's empire name and nothing else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from galbatch.cli.group import cli
from galbatch.engine.contract.rng import Streams
from galbatch.rules.galactac.diplomacy import Letter
from galbatch.rules.galactac.resolve import resolve
from galbatch.rules.galactac.ruleset import RULESET
from galbatch.rules.galactac.state import GameState
from galbatch.rules.galactac.view import build_view
from tests.bundled import copy_shipped

SECRET = "Shall we share the rim?"
MESSAGES = f"""MESSAGE TO polaris   COMBINE
Greetings from Grand Fenwick.
  {SECRET}  # kept, not a comment
END MESSAGE
MESSAGE TO Polaris Combin
A misspelt name.
END MESSAGE
MESSAGE TO Rigel Hegemony
Rigel met us; we never met Rigel.
END MESSAGE
MESSAGE TO Grand Fenwick
To ourselves.
END MESSAGE
"""


def met(game: Path) -> None:
    """Grand Fenwick (1) and Polaris Combine (2) have met; Rigel (3) has seen 1 only."""
    path = game / "turns" / "001" / "state.yaml"
    data = json.loads(path.read_text(encoding="utf-8"))
    empires = {e["id"]: e for e in data["empires"]}
    empires["1"]["known"], empires["2"]["known"], empires["3"]["known"] = ["2"], ["1"], ["1"]
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """galaxy13's turn 2, with empire 1's messages."""
    game = copy_shipped("galaxy13", tmp_path_factory.mktemp("messages") / "galaxy13")
    met(game)
    orders = game / "orders" / "1.txt"
    text = orders.read_text(encoding="utf-8")
    orders.write_text(text.replace("\nEND\n", "\n" + MESSAGES + "END\n"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["process", "--no-pdf", str(game)])
    assert result.exit_code == 8, result.output  # the three bad messages
    return game / "turns" / "002"


def printout(turn: Path, who: str) -> str:
    return (turn / "printouts" / f"{who}.txt").read_text(encoding="utf-8")


def test_the_recipient_reads_the_message_signed_with_the_sender_s_empire_name(
    played: Path,
) -> None:
    text = printout(played, "2")
    assert "DIPLOMATIC MESSAGES" in text
    section = text[text.index("DIPLOMATIC MESSAGES") :]
    assert "From Grand Fenwick:" in section
    assert "Greetings from Grand Fenwick." in section and f"  {SECRET}  # kept" in section
    assert "Diplomatic message from Grand Fenwick received" in text


def test_the_recipient_never_learns_the_sender_s_player(played: Path) -> None:
    text = printout(played, "2")
    view = (played / "views" / "2.yaml").read_text(encoding="utf-8")
    for secret in ("ARCTURUS", "arcturus", "PLAYER 1 "):
        assert secret not in text and secret not in view
    data = json.loads(view)
    assert data["messages"] == [
        {
            "from": "Grand Fenwick",
            "text": f"Greetings from Grand Fenwick.\n  {SECRET}  # kept, not a comment",
        }
    ]


def test_no_other_printout_carries_the_message(played: Path) -> None:
    for path in sorted((played / "printouts").glob("*.txt")):
        if path.stem != "2":
            assert SECRET not in path.read_text(encoding="utf-8"), path.name
    sender = printout(played, "1")
    assert "MESSAGE TO Polaris Combine: delivered" in sender
    assert "DIPLOMATIC MESSAGES" not in sender
    assert "DIPLOMATIC MESSAGES" not in printout(played, "3")


def test_the_archived_action_file_keeps_every_message(played: Path) -> None:
    archived = (played / "orders" / "1.txt").read_text(encoding="utf-8")
    assert SECRET in archived and "MESSAGE TO Rigel Hegemony" in archived


def test_messages_to_names_not_met_are_rejected_with_did_you_mean(played: Path) -> None:
    text = printout(played, "1")
    assert "[GT256] you have not encountered an empire named Polaris Combin (did you" in text
    assert "mean Polaris Combine?)" in text
    assert "[GT256] you have not encountered an empire named Rigel Hegemony" in text
    assert "[GT257] that is your own empire's name" in text
    assert "we never met Rigel" not in printout(played, "3")


def test_a_syntax_only_check_accepts_a_well_formed_block(tmp_path: Path) -> None:
    path = tmp_path / "1.txt"
    path.write_text('GAME GT13 PLAYER 1 PASSWORD "x"\n' + MESSAGES + "END\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--ruleset", "galactac", str(path)])
    assert result.exit_code == 0 and result.output.strip() == ""


def test_a_check_against_the_view_checks_the_recipient(tmp_path: Path) -> None:
    game = copy_shipped("galaxy13", tmp_path / "galaxy13")
    met(game)
    state = GameState.from_data(json.loads((game / "turns/001/state.yaml").read_text()))
    view = tmp_path / "view.yaml"
    view.write_text(json.dumps(RULESET.view(state, "1")), encoding="utf-8")
    path = tmp_path / "1.txt"
    path.write_text('GAME GT13 PLAYER 1 PASSWORD "x"\n' + MESSAGES + "END\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--view", str(view), str(path)])
    assert result.exit_code == 8
    found = [line.split("[")[1][:5] for line in result.stdout.splitlines()]
    assert found == ["GT256", "GT256", "GT257"]
    assert ":6:1:" in result.output  # the misspelt name's MESSAGE TO line


def test_the_turn_delivers_to_the_lower_id_of_a_shared_name(tmp_path: Path) -> None:
    game = copy_shipped("galaxy13", tmp_path / "galaxy13")
    state = GameState.from_data(json.loads((game / "turns/001/state.yaml").read_text()))
    state.empires["1"].known = ["2", "3"]
    state.empires["3"].name = state.empires["2"].name  # never so in a game: names are unique
    after = resolve(state, {"1": [Letter("POLARIS COMBINE", ("hello",))]}, Streams(1, 2))
    assert build_view(after, "2")["messages"] == [{"from": "Grand Fenwick", "text": "hello"}]
    assert "messages" not in build_view(after, "3")
