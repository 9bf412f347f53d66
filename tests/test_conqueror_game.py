"""Galactic Conqueror end to end: a scripted five-turn game, and the bundled GC16.

The scripted game (tests/conqueror_script.py) uses all 14 commands; its outcomes
are asserted from the archived states and views, then every printout of every
turn is a snapshot. GC16's turn 1 is processed as shipped: the job log, the
files, reproducibility, `galbatch check` and what each player may not see.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from galbatch.engine.gamedir.commit import read_record
from galbatch.engine.gamedir.directory import Game
from galbatch.engine.gamedir.yamlio import load_data
from galbatch.engine.job.playerfiles import check_player_file
from galbatch.engine.job.reprint import reprint
from galbatch.engine.job.run import TurnResult, process
from galbatch.engine.language.diagnostics import RC
from galbatch.engine.language.orderfile import redact
from galbatch.rules import get_ruleset
from galbatch.rules.conqueror import orders as o
from galbatch.rules.conqueror.economy import grown
from galbatch.rules.conqueror.espionage import espionage_chance, notice_chance
from galbatch.rules.conqueror.field import between
from galbatch.rules.conqueror.state import GameState
from galbatch.rules.conqueror.tables import (
    COMMUNICATION,
    COMMUNICATION_TABLE,
    ship_kill_score,
    stardate,
    tech_level,
)
from tests.bundled import shipped
from tests.conqueror_script import END_TURN, FINAL_SCORE, PDF_TURN, SCRIPT, play

ROOT = Path(__file__).resolve().parent.parent
GC16 = shipped("gc16")
SAMPLES = ROOT / "samples" / "conqueror"
RULESET = get_ruleset("conqueror")
PLAYERS = ("1", "2", "3")
LABELS = [
    "PLANETS",
    "POPULATION",
    "PRODUCTION CAPACITY",
    "UNUSED PU",
    "CONQUESTS",
    "FORTRESSES DESTROYED",
    "SHIPS DESTROYED",
    "PLANETS LOST",
    "REWARD OFFERED",
    "REWARDS EARNED",
    "REWARDS PAID",
    "BONUS PLANETS",
]


# ---- helpers ------------------------------------------------------------------------------


def load_state(game: Path, turn: int) -> GameState:
    return GameState.from_data(load_data(game / f"turns/{turn:03d}/state.yaml"))


def view_of(game: Path, turn: int, player: str) -> dict[str, Any]:
    return load_data(game / f"turns/{turn:03d}/views/{player}.yaml")


def text_of(game: Path, turn: int, reader: str) -> str:
    return (game / f"turns/{turn:03d}/printouts/{reader}.txt").read_text(encoding="utf-8")


def part(state: GameState, player: str, label: str) -> int:
    return dict(state.players[player].breakdown)[label]


def battle(state: GameState, planet: int) -> Any:
    (found,) = [b for b in state.battles if b.planet == planet]
    return found


def fleet(state: GameState, player: str) -> dict[int, Any]:
    return {s.number: s for s in state.fleet(player)}


CHECK_LINE = re.compile(
    r"^030   CHECK    (?P<rc>\d{4})  (?P<orders>\d+) orders: (?P<accepted>\d+) accepted\W+"
    r"(?P<reduced>\d+) reduced\W+(?P<rejected>\d+) rejected; (?P<files>\d+) files? rejected; "
    r"(?P<unended>\d+) without END$",
    re.M,
)


def check_step(log: str) -> dict[str, int]:
    """The numbers of the job log's CHECK step."""
    found = CHECK_LINE.search(log)
    assert found is not None, log
    return {key: int(value) for key, value in found.groupdict().items()}


def section(text: str, title: str) -> str:
    """One section of a printout, up to the next section title; page headers removed."""
    body = text.split(f"\n{title}\n{'=' * len(title)}\n", 1)[1]
    body = re.split(r"\n[A-Z][A-Z ,:]+\n=+\n", body, maxsplit=1)[0]
    return "\n".join(
        line for line in body.splitlines() if " PAGE " not in line and not line.startswith("---")
    )


# ---- the scripted game --------------------------------------------------------------------


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[TurnResult]]:
    path = tmp_path_factory.mktemp("conqueror") / "gcscript"
    return path, play(path)


@pytest.fixture(scope="module")
def game(played: tuple[Path, list[TurnResult]]) -> Path:
    return played[0]


def test_every_command_is_used_and_accepted(game: Path) -> None:
    assert {
        line.split()[0] for turn in SCRIPT.values() for f in turn.values() for line in f
    } >= set("BLEWSVZUPIKFNG")
    used: set[type] = set()
    opened = Game.open(game)
    for turn in range(1, END_TURN + 1):
        base = RULESET.load_state(opened.state_data(turn - 1))
        record = {c.name: c for c in read_record(game / "turns" / f"{turn:03d}") or []}
        for file in sorted((game / "turns" / f"{turn:03d}" / "orders").iterdir()):
            player = file.stem
            view = RULESET.view(base, player)
            check = check_player_file(  # archived without its password: the record vouches
                opened, RULESET, view, player, file.read_bytes(), record[file.name].authentic
            )
            used.update(type(order) for order in check.orders)
    assert used == {
        o.Move,
        o.Load,
        o.Unload,
        o.SetClass,
        o.Invest,
        o.Scrap,
        o.Attach,
        o.TransferShip,
        o.Produce,
        o.Espionage,
        o.Corruption,
        o.Research,
        o.Install,
        o.Reward,
    }


def test_the_field_at_the_start(game: Path) -> None:
    start = load_state(game, 0)
    assert {pid: p.known for pid, p in start.players.items()} == {
        "1": [1, 4, 6, 7],
        "2": [2, 5, 8],
        "3": [3, 6, 7],
    }
    assert {n: p.owner for n, p in start.planets.items() if p.owner} == {
        1: "1",
        2: "2",
        3: "3",
        6: "1",
        7: "3",
        8: "2",
    }
    assert start.final_score == FINAL_SCORE and start.winner is None
    assert view_of(game, 0, "1")["final_score"] == FINAL_SCORE


def test_job_logs(played: tuple[Path, list[TurnResult]]) -> None:
    game, results = played
    # turn 1: GAMMA gives a ship to ALPHA at a planet no report of GAMMA's shows ALPHA's (GQ401)
    assert [r.rc for r in results] == [RC.WARNING, RC.CLEAN, RC.ERROR, RC.CLEAN, RC.CLEAN]
    for turn, result in enumerate(results, start=1):
        assert result.committed is not None
        assert (game / f"turns/{turn:03d}/job.log").read_text() == result.log
    assert "020   INTAKE   0000  3 order files for 3 players; 0 missing" in results[0].log
    counts = [check_step(r.log) for r in results]
    assert counts[0] == dict(  # GQ401 is a warning but reduces nothing
        rc=4, orders=24, accepted=24, reduced=0, rejected=0, files=0, unended=0
    )
    assert counts[2] == dict(
        rc=8, orders=11, accepted=10, reduced=1, rejected=1, files=0, unended=0
    )
    assert [c["orders"] for c in counts] == [
        sum(len(lines) for lines in SCRIPT[turn].values()) for turn in range(1, END_TURN + 1)
    ]
    assert "020   INTAKE   0000  2 order files for 3 players; 1 missing" in results[3].log
    assert "RESOLVE  0000  turn 5, 3 players, 10 planets" in results[4].log
    assert "the game has ended" in results[4].log
    assert all("the game has ended" not in r.log for r in results[:4])


def test_turn_1_task_force_conquers_a_neutral_planet(game: Path) -> None:
    before, after = load_state(game, 0), load_state(game, 1)
    assert before.planets[4].owner is None and before.planets[4].fortresses == 1
    planet = after.planets[4]
    assert planet.owner == "1" and planet.fortresses == 0 and planet.loyalty == 1
    fight = battle(after, 4)
    assert fight.sides == ("NEUTRAL", "1") and fight.owner_after == "1"
    assert fight.lines[0] == "BATTLE AT PLANET 4 (14,12), OWNER NEUTRAL"
    assert fight.lines[-1] == "PLANET 4 CONQUERED BY ALPHA"
    ships = fleet(after, "1")
    assert [(ships[n].position, ships[n].task_force) for n in (1, 2)] == [(4, 1), (4, 1)]
    assert part(after, "1", "CONQUESTS") == 1  # n points in turn n
    assert part(after, "1", "FORTRESSES DESTROYED") == 1
    assert "YOU CONQUERED PLANET 4" in after.players["1"].messages
    # the battle report goes to the participants only
    assert view_of(game, 1, "1")["battles"] == [list(fight.lines)]
    for pid in "23":
        assert view_of(game, 1, pid)["battles"] == []
        assert "BATTLE AT PLANET 4" not in text_of(game, 1, pid)
    assert "BATTLE AT PLANET 4 (14,12)" in section(text_of(game, 1, "1"), "BATTLES")
    # planet 5, 4 from planet 4, is known from now on
    assert 5 not in before.players["1"].known and 5 in after.players["1"].known


def test_turn_1_shipyard_changes_class_and_builds_a_ship(game: Path) -> None:
    before, after = load_state(game, 0), load_state(game, 1)
    assert before.planets[1].yards[0].ship_class == 7
    yard = after.planets[1].yards[0]
    # class 11 costs 16, the first of its class on the yard 24; 24 PU were invested
    assert (yard.size, yard.ship_class, yard.invested, yard.surcharge) == (30, 11, 0, False)
    # GAMMA's transfer took number 7 before the yard built, so the new ship is 8
    new = fleet(after, "1")[8]
    assert (new.ship_class, new.position, new.armament, new.task_force) == (11, 1, 0, 0)
    assert "SHIPYARD 1 ON PLANET 1 BUILT SHIP 8 (CLASS 11)" in after.players["1"].messages
    assert after.players["1"].next_ship == 9


def test_turn_1_colonists_and_kits_are_loaded_and_carried(game: Path) -> None:
    before, after = load_state(game, 0), load_state(game, 1)
    transport = fleet(after, "1")[4]
    assert transport.position == 6 and transport.destination == 0
    assert transport.cargo == [0, 0, 0, 0, 10, 0, 0, 0, 10]  # 10 M-kits, 200 colonists
    home = after.planets[1]
    assert home.m_kits == 0  # the 10 made (P 1 3 10) went aboard
    assert home.population == grown(before.planets[1].population - 200, 5, 0)
    freight = section(text_of(game, 1, "1"), "FLEET")
    assert re.search(r"^\s+4\s+0\s+0\s+0\s+0\s+10\s+0\s+0\s+0\s+10$", freight, re.M), freight


def test_turn_1_scrapping_leaves_spares_and_a_new_yard_makes_them(game: Path) -> None:
    before, after = load_state(game, 0), load_state(game, 1)
    assert 3 not in fleet(after, "1") and 4 not in fleet(after, "2")
    # ALPHA's class 7: half of 5 PU; BETA's class 1: half of 9 PU, and BETA's new
    # shipyard 2 (P 2 11 10) turned 10 PU into spares at construction TL 1 (2 a PU)
    assert after.planets[1].spares == before.planets[1].spares + 2
    assert after.planets[2].yards[1].size == 10 and after.planets[2].yards[1].ship_class == 0
    assert tech_level(after.players["2"].research[6]) == 1
    assert after.planets[2].spares == before.planets[2].spares + 4 + 20


def test_turn_1_gamma_gives_a_transport_to_alpha(game: Path) -> None:
    before, after = load_state(game, 0), load_state(game, 1)
    assert fleet(before, "3")[2].ship_class == 1
    assert 2 not in fleet(after, "3")
    gift = fleet(after, "1")[7]
    assert (gift.ship_class, gift.position, gift.owner) == (1, 6, "1")
    assert "SHIP 2 TRANSFERRED TO ALPHA" in after.players["3"].messages
    assert "GAMMA TRANSFERRED A SHIP OF CLASS 1 TO YOU: SHIP 7" in after.players["1"].messages
    # class 1 is below 16: nobody else hears of it
    assert not any("TRANSFERRED" in m for m in after.broadcasts)
    assert "TRANSFERRED" not in text_of(game, 1, "2")


def test_turn_1_research_reaches_new_levels(game: Path) -> None:
    after = load_state(game, 1)
    assert after.players["1"].research[COMMUNICATION] == 50
    assert view_of(game, 1, "1")["tech"][COMMUNICATION] == 1
    assert "COMMUNICATION TECHNOLOGY LEVEL 1 REACHED" in after.players["1"].messages
    assert "PLANETARY DEFENSE TECHNOLOGY LEVEL 2 REACHED" in after.players["3"].messages
    assert "CONSTRUCTION TECHNOLOGY LEVEL 1 REACHED" in after.players["2"].messages
    tech = section(text_of(game, 1, "1"), "TECHNOLOGY")
    assert re.search(r"^ 1 COMMUNICATION\s+1\s+50\s+150\s+100$", tech, re.M), tech


def test_turn_1_beta_offers_a_reward_for_gamma(game: Path) -> None:
    after = load_state(game, 1)
    assert after.players["2"].reward == (2, 3)
    assert part(after, "2", "REWARD OFFERED") == -2
    assert "YOU OFFER 2 POINTS REWARD FOR GAMMA" in after.players["2"].messages
    assert "YOU OFFER 2 POINTS REWARD FOR PLAYER 3 GAMMA." in text_of(game, 1, "2")
    assert part(load_state(game, 2), "2", "REWARD OFFERED") == 0  # deducted once
    for pid in PLAYERS:  # 3.14: every player is informed through the next report ...
        news = view_of(game, 1, pid)["messages"]
        assert "A REWARD OF 2 POINTS IS OFFERED FOR CONQUERING PLANETS OF GAMMA" in news
    for pid in ("1", "3"):  # ... but who offers it is what espionage reveals (3.10)
        assert not any("BETA" in m and "REWARD" in m for m in view_of(game, 1, pid)["messages"])


def test_turn_2_space_battle_between_alpha_and_beta_then_an_assault(game: Path) -> None:
    before, after = load_state(game, 1), load_state(game, 2)
    fight = battle(after, 5)
    assert fight.sides == ("NEUTRAL", "1", "2") and fight.owner_after == "1"
    assert fight.lines[1] == "SHIPS IN ORBIT: ALPHA 4, BETA 3"
    assert any(line.startswith("SPACE BATTLE ROUND 1:") for line in fight.lines)
    assert any(line.startswith("ASSAULT ROUND 1:") for line in fight.lines)
    assert fight.lines[-1] == "PLANET 5 CONQUERED BY ALPHA"
    # BETA's task force 2 (two class 8, one class 12) is destroyed, ALPHA's four survive
    assert sorted(fleet(after, "2")) == [5]
    assert {n: s.position for n, s in fleet(after, "1").items() if s.task_force == 1} == {
        1: 5,
        2: 5,
        5: 5,
        6: 5,
    }
    beta = before.fleet("2")
    assert part(after, "1", "SHIPS DESTROYED") == sum(
        ship_kill_score(s.ship_class) for s in beta if s.task_force == 2
    )
    assert part(after, "1", "CONQUESTS") == 2
    assert part(after, "1", "FORTRESSES DESTROYED") == 2
    for n in (1, 2, 3):
        assert f"SHIP {n} WAS DESTROYED AT PLANET 5" in after.players["2"].messages
    for pid in "12":
        assert list(fight.lines) in view_of(game, 2, pid)["battles"]
        assert "BATTLE AT PLANET 5 (17,10)" in text_of(game, 2, pid)
    assert view_of(game, 2, "3")["battles"] == []
    assert "BATTLE AT" not in section(text_of(game, 2, "3"), "BATTLES")
    # BETA's exploration report: who holds planet 5 now
    (report,) = view_of(game, 2, "2")["explored"]
    assert report["number"] == 5 and report["owner"] == "ALPHA"
    assert report["fortresses"] == 0 and report["ships_in_orbit"] == 4


def test_turn_2_colonists_and_kits_are_unloaded_and_installed(game: Path) -> None:
    before, after = load_state(game, 1), load_state(game, 2)
    assert fleet(after, "1")[4].cargo == [0] * 9
    colony = after.planets[6]
    assert colony.m_kits == 0 and colony.mines == before.planets[6].mines + 10
    assert colony.population == grown(before.planets[6].population + 200, 1, 0)


def test_turn_2_espionage_succeeds_and_the_guarded_target_notices(game: Path) -> None:
    after = load_state(game, 2)
    # 100 PU at PRE 2 (ALPHA's CTL 1) against GAMMA's 90 PU guard at PRE 1
    assert after.planets[7].espionage_guard == 90
    assert espionage_chance(100, 2, 90, 1) >= 100 and notice_chance(90, 1) >= 100
    assert "ESPIONAGE ON PLANET 7 SUCCEEDED" in after.players["1"].messages
    assert "AGENTS OF ALPHA WERE SEEN ON PLANET 7" in after.players["3"].messages
    (report,) = view_of(game, 2, "1")["explored"]
    assert report["number"] == 7 and report["owner"] == "GAMMA"
    assert report["population"] == after.planets[7].population
    assert view_of(game, 2, "3")["explored"] == []
    reports = section(text_of(game, 2, "1"), "EXPLORATION AND ESPIONAGE REPORTS")
    assert re.search(r"^\s+7\s+12\s+17 GAMMA\s", reports, re.M), reports


def test_turn_2_corruption_on_own_and_enemy_planets(game: Path) -> None:
    before, after = load_state(game, 1), load_state(game, 2)
    assert (before.planets[4].loyalty, before.planets[7].loyalty) == (1, 10)
    # 10 PU raise ALPHA's planet 4 by 1, 20 PU lower GAMMA's planet 7 by 2 (LO 1 at CTL 1);
    # then loyalty recovers by one on every planet not attacked nor lowered by corruption,
    # and the messages give the loyalty each planet ends the turn with
    raised = "YOUR CORRUPTION RAISED THE LOYALTY ON PLANET 4 BY 1: AT THE END OF THE TURN IT IS 3"
    lowered = "YOUR CORRUPTION LOWERED THE LOYALTY ON PLANET 7 BY 2: AT THE END OF THE TURN IT IS 8"
    assert raised in after.players["1"].messages and lowered in after.players["1"].messages
    assert (after.planets[4].loyalty, after.planets[7].loyalty) == (3, 8)
    assert "CORRUPTION ON PLANET 7 WAS DISCOVERED" in after.players["3"].messages


def test_turn_3_conquest_of_gammas_colony_earns_betas_reward(game: Path) -> None:
    after = load_state(game, 3)
    fight = battle(after, 7)
    assert fight.sides == ("3", "1") and fight.owner_after == "1"
    assert fight.lines[-1] == "PLANET 7 CONQUERED BY ALPHA"
    assert after.planets[7].owner == "1" and after.planets[7].loyalty == 1
    assert {n for n, s in fleet(after, "1").items() if s.position == 7} == {8, 9}
    assert part(after, "1", "CONQUESTS") == 3
    assert part(after, "3", "PLANETS LOST") == -3
    assert part(after, "1", "REWARDS EARNED") == 2
    assert part(after, "2", "REWARDS PAID") == -2
    assert "YOU EARN 2 POINTS REWARD FOR PLANET 7" in after.players["1"].messages
    assert "PLANET 7 WAS CONQUERED BY ALPHA" in after.players["3"].messages
    # a 2-point offer is below 20: BETA does not hear who earned it
    assert not any("EARNED" in m for m in after.players["2"].messages)
    assert "BATTLE AT PLANET 7" in text_of(game, 3, "3")
    assert "BATTLE AT PLANET 7" not in text_of(game, 3, "2")
    # CTL 2 (radius 7): GAMMA's home 3 is 7 from planet 7
    assert "COMMUNICATION TECHNOLOGY LEVEL 2 REACHED" in after.players["1"].messages
    assert between(after.planets[3], after.planets[7]) == 7
    assert 3 in after.players["1"].known and 3 not in load_state(game, 2).players["1"].known


def test_turn_3_order_check_shows_reduced_and_rejected_commands(game: Path) -> None:
    check = section(text_of(game, 3, "2"), "ORDER CHECK")
    assert "orders/2.txt:2:1: warning: [GQ304] quantity 99 reduced to 10" in check
    assert "orders/2.txt:5:1: error: [GQ100]" in check
    assert "ALL COMMANDS ACCEPTED." in section(text_of(game, 3, "1"), "ORDER CHECK")
    assert load_state(game, 3).planets[2].yards[0].ship_class == 9  # W 2 1 9


def test_turn_4_espionage_on_a_home_planet_reveals_its_secrets(game: Path) -> None:
    before, after = load_state(game, 3), load_state(game, 4)
    messages = after.players["1"].messages
    assert "ESPIONAGE ON PLANET 3 SUCCEEDED" in messages
    assert f"SCORE OF GAMMA: {before.players['3'].score}" in messages
    assert any(re.fullmatch(r"[A-Z ]+ TECHNOLOGY LEVEL OF GAMMA: \d", m) for m in messages)
    assert [r["number"] for r in view_of(game, 4, "1")["explored"]] == [3]
    assert "COMMANDS: NO ORDERS" in text_of(game, 4, "3")


def test_scores_add_up_and_grow_every_turn(game: Path) -> None:
    for turn in range(1, END_TURN + 1):
        before, after = load_state(game, turn - 1), load_state(game, turn)
        for pid in PLAYERS:
            me = after.players[pid]
            assert [label for label, _ in me.breakdown] == LABELS
            points = sum(p for _, p in me.breakdown)
            assert me.score == before.players[pid].score + points
            assert me.score > before.players[pid].score
            assert part(after, pid, "PLANETS") == len(after.owned_by(pid))
            score = section(text_of(game, turn, pid), "SCORE")
            for label, value in me.breakdown:
                if label == "CONQUESTS":  # 2.4 counts conquests by stardate
                    label = rf"CONQUESTS \(STARDATE {stardate(turn)}: {turn} POINTS? EACH\)"
                assert re.search(rf"^{label} +{value}$", score, re.M), (label, score)
            assert re.search(rf"^POINTS THIS TURN +{points}$", score, re.M)
            assert re.search(rf"^SCORE +{me.score}$", score, re.M)


def test_the_game_ends_on_turn_5(game: Path) -> None:
    last, before = load_state(game, END_TURN), load_state(game, END_TURN - 1)
    assert before.winner is None
    assert max(p.score for p in before.players.values()) < FINAL_SCORE
    assert last.winner == "1" and last.finished
    assert last.players["1"].score >= FINAL_SCORE
    assert all(last.players[p].score < FINAL_SCORE for p in "23")
    assert "ALPHA HAS REACHED THE FINAL SCORE AND WINS THE GAME" in last.broadcasts
    for pid in PLAYERS:
        text = text_of(game, END_TURN, pid)
        assert "THE GAME HAS ENDED. FINAL SCORES FOLLOW." in text
        assert "THE GAME HAS ENDED: NO MORE COMMANDS." in text
        final = section(text, "FINAL SCORES")
        ranks = re.findall(r"^\s+(\d)\s+([A-Z]+)\s+(\d+)$", final, re.M)
        ordered = sorted(last.players.values(), key=lambda p: -p.score)
        assert ranks == [(str(i), p.name, str(p.score)) for i, p in enumerate(ordered, 1)]
        assert view_of(game, END_TURN, pid)["finished"] is True
    assert "THE GAME HAS ENDED. WINNER: ALPHA" in text_of(game, END_TURN, "gm")
    after = process(game, force=True, pdf=False)
    assert after.rc == RC.UNUSABLE and "has ended" in after.log
    assert after.committed is None and not (game / f"turns/{END_TURN + 1:03d}").exists()


def test_no_printout_names_a_winner_before_the_end(game: Path) -> None:
    for turn in range(END_TURN):
        for pid in PLAYERS:
            text = text_of(game, turn, pid)
            assert not re.search(r"\bWIN(S|NER)?\b", text)
            assert "FINAL SCORES" not in text and "HAS ENDED" not in text
            view = view_of(game, turn, pid)
            assert view["finished"] is False and "final" not in view
        assert "WINNER" not in text_of(game, turn, "gm")


@pytest.mark.slow
def test_one_turn_with_pdfs_and_reprints_are_byte_identical(game: Path) -> None:
    turn = game / f"turns/{PDF_TURN:03d}"
    for reader in (*PLAYERS, "gm"):
        assert (turn / f"printouts/{reader}.pdf").read_bytes().startswith(b"%PDF-")
    assert (turn / "archive.pdf").read_bytes().startswith(b"%PDF-")
    assert reprint(game, PDF_TURN, "1", "pdf") == (turn / "printouts/1.pdf").read_bytes()
    assert reprint(game, PDF_TURN, None, "pdf") == (turn / "printouts/gm.pdf").read_bytes()
    archive = reprint(game, PDF_TURN, None, "pdf", archive=True)
    assert archive == (turn / "archive.pdf").read_bytes()
    from pypdf import PdfReader

    first = PdfReader(turn / "printouts/2.pdf").pages[0].extract_text()
    assert "BETA" in first and "GALACTIC CONQUEROR" in first
    outline = [i.title for i in PdfReader(turn / "archive.pdf").outline if not isinstance(i, list)]
    assert outline[1:] == [
        "GAME MASTER SUMMARY",
        "PLAYER 1 ALPHA",
        "PLAYER 2 BETA",
        "PLAYER 3 GAMMA",
    ]
    for n in range(1, END_TURN + 1):
        if n != PDF_TURN:
            assert not list((game / f"turns/{n:03d}").rglob("*.pdf"))
        for pid in PLAYERS:
            assert reprint(game, n, pid, "text").decode() == text_of(game, n, pid)


@pytest.mark.parametrize("turn", range(END_TURN + 1))
def test_scripted_game_keeps_secrets(game: Path, turn: int) -> None:
    for pid in PLAYERS:
        assert_secrets_kept(game, game, turn, pid)


@pytest.mark.parametrize("turn", range(END_TURN + 1))
@pytest.mark.parametrize("reader", [*PLAYERS, "gm"])
def test_printout_snapshots(game: Path, turn: int, reader: str, snapshot: Any) -> None:
    assert text_of(game, turn, reader) == snapshot


# ---- secrecy ------------------------------------------------------------------------------

REVEALED = re.compile(
    r"JUMPED THROUGH HYPERSPACE TO PLANET (\d+)|THE BONUS PLANET IS PLANET (\d+)"
    r"|FOR PLANET (\d+) AT"
)


def assert_secrets_kept(game: Path, base: Path, turn: int, pid: str) -> None:
    """What player `pid` sees after `turn` is his own, or known to him by the rules.

    `base` holds turn `turn - 1` (the bundled game for GC16's turn 1)."""
    state = load_state(game if turn else base, turn)
    view = view_of(game, turn, pid)
    text = text_of(game, turn, pid)
    me = state.players[pid]
    owned = state.owned_by(pid)
    radius = COMMUNICATION_TABLE[tech_level(me.research[COMMUNICATION])].radius
    near = {p.number for p in state.planets.values() if any(between(p, m) <= radius for m in owned)}
    explored = {n for who, n in state.explorations if who == pid}
    revealed = {int(n) for m in me.messages for g in REVEALED.findall(m) for n in g if n}
    earlier = set(load_state(base, turn - 1).players[pid].known) if turn else set()
    allowed = near | explored | revealed | earlier | {p.number for p in owned}
    mapped = {row[0] for row in view["map"]}
    assert mapped <= allowed, sorted(mapped - allowed)
    if turn == 0:
        assert mapped == near  # the start: exactly the planets within radius 5
    for number, x, y, mine in view["map"]:
        planet = state.planets[number]
        assert (x, y, mine) == (planet.x, planet.y, planet.owner == pid)
    # planets: own; exploration reports: this turn's; fleet: own; battles: own
    assert {p["number"] for p in view["planets"]} == {p.number for p in owned}
    assert {r["number"] for r in view["explored"]} <= explored
    own_ships = [(s.number, s.ship_class, s.position) for s in state.fleet(pid)]
    assert sorted((s["number"], s["class"], s["position"]) for s in view["fleet"]) == sorted(
        own_ships
    )
    assert len(view["battles"]) == sum(pid in b.sides for b in state.battles)
    count = re.search(r"YOU HAVE (\d+) SHIPS?\b", text)
    assert count is not None and int(count.group(1)) == len(own_ships)
    # the printout names only planets, and positions, that the view holds
    named = {int(n) for n in re.findall(r"\bPLANET (\d+)\b", text)}
    assert named <= mapped, sorted(named - mapped)
    places = {(p[1], p[2]) for p in view["map"]}
    shown = re.findall(r"\((\d+),(\d+)\)|POSITION (\d+),(\d+)", text)
    for a, b, c, d in shown:
        assert (int(a or c), int(b or d)) in places
    others = [p.name for p in state.players.values() if p.id != pid]
    fleet_text = section(text, "FLEET")
    assert not any(name in fleet_text for name in others)


# ---- the bundled GC16 ---------------------------------------------------------------------


def tree(path: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
    }


@pytest.fixture(scope="module")
def gc16(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, TurnResult]:
    """A copy of GC16 with turn 1 processed as shipped, PDFs included."""
    target = tmp_path_factory.mktemp("gc16") / "gc16"
    shutil.copytree(GC16, target)
    return target, process(target)


def test_gc16_turn_1_job_log(gc16: tuple[Path, TurnResult]) -> None:
    path, result = gc16
    assert result.rc == RC.ERROR  # committed; ALTAIR's whole file rejected (its own RC 12)
    log = result.log
    assert log == (path / "turns/001/job.log").read_text()
    assert "010   LOAD     0000  game GC16, turn 0, 8 players, 400 planets, 32 ships" in log
    assert "020   INTAKE   0000  8 order files for 8 players; 0 missing" in log
    # RIGEL's 6 rejected commands, REGULUS's and SIRIUS's one each; ALTAIR's whole file;
    # SIRIUS's file has no END and, with VEGA's, 3 reduced quantities
    assert check_step(log) == dict(
        rc=8, orders=67, accepted=59, reduced=3, rejected=8, files=1, unended=1
    )
    assert "040   RESOLVE  0000  turn 1, 8 players, 400 planets" in log
    assert "050   PRINT    0000  9 printouts; 10 PDFs" in log
    assert log.rstrip().endswith("MAXCC=0008")
    assert not list((path / "orders").iterdir())


def test_gc16_turn_1_files_and_order_files_as_sent(gc16: tuple[Path, TurnResult]) -> None:
    path, _ = gc16
    turn = path / "turns/001"
    names = set(tree(turn))
    for pid in "12345678":
        assert {f"printouts/{pid}.txt", f"printouts/{pid}.pdf", f"views/{pid}.yaml"} <= names
        sent = (GC16 / f"orders/{pid}.txt").read_bytes()
        assert (turn / f"orders/{pid}.txt").read_bytes() == redact(sent)  # no clear password
        assert redact(sent) != sent
        assert view_of(path, 1, pid)["player"] == pid
    assert {"state.yaml", "job.log", "archive.pdf", "printouts/gm.txt", "printouts/gm.pdf"} <= names
    assert (turn / "archive.pdf").read_bytes().startswith(b"%PDF-")


def test_gc16_turn_1_printouts_say_what_became_of_each_file(
    gc16: tuple[Path, TurnResult],
) -> None:
    path, _ = gc16
    altair = text_of(path, 1, "7")
    assert "COMMANDS: REJECTED: WRONG PASSWORD" in altair
    assert "[GB015] wrong password; file rejected" in altair
    rigel = section(text_of(path, 1, "3"), "ORDER CHECK")
    for code in ("GQ205", "GQ206", "GQ201", "GQ203", "GQ228", "GQ100"):
        assert f"[{code}]" in rigel
    sirius = section(text_of(path, 1, "5"), "ORDER CHECK")
    assert "[GB011]" in sirius and "[GB021]" in sirius and "[GQ302]" in sirius
    state = load_state(path, 1)
    assert state.players["7"].research == [0] * 7  # ALTAIR's F 260 500 6 was not carried out
    assert state.planets[260].yards[0].size == load_state(GC16, 0).planets[260].yards[0].size


@pytest.mark.slow
def test_gc16_same_inputs_give_byte_identical_archives(
    gc16: tuple[Path, TurnResult], tmp_path: Path
) -> None:
    path, _ = gc16
    twin = tmp_path / "twin"
    shutil.copytree(GC16, twin)
    result = process(twin)
    assert result.log == gc16[1].log
    assert tree(path / "turns/001") == tree(twin / "turns/001")


def galbatch(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "galbatch.cli", *args], capture_output=True, text=True, cwd=ROOT
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("sample", "rc", "codes"),
    [
        ("clean.txt", 0, []),
        ("clamped.txt", 4, ["GQ304", "GQ302", "GQ305", "GQ301", "GQ306"]),
        ("rejected.txt", 8, ["GQ206", "GQ203", "GQ214", "GQ100", "GQ227"]),
        ("unusable.txt", 12, ["GB012"]),
    ],
)
def test_gc16_check_exit_codes(sample: str, rc: int, codes: list[str]) -> None:
    result = galbatch("check", str(SAMPLES / sample), "--game", str(GC16))
    assert result.returncode == rc, result.stdout + result.stderr
    assert result.stderr == "galbatch: checked against game GC16 as of turn 0\n"
    found = re.findall(r"\[(G[BQ]\d+)\]", result.stdout)
    assert found[: len(codes)] == codes
    assert all(line.startswith(str(SAMPLES / sample) + ":") for line in result.stdout.splitlines())


@pytest.mark.slow
def test_gc16_check_against_a_view_matches_the_game_check() -> None:
    view = GC16 / "turns" / "000" / "views" / "3.yaml"
    sample = str(SAMPLES / "rejected.txt")
    by_view = galbatch("check", sample, "--view", str(view))
    by_game = galbatch("check", sample, "--game", str(GC16))
    assert by_view.returncode == by_game.returncode == 8
    assert by_view.stdout == by_game.stdout and by_view.stdout.count("error:") == 10


@pytest.mark.parametrize("turn", [0, 1])
@pytest.mark.parametrize("pid", list("12345678"))
def test_gc16_keeps_secrets(gc16: tuple[Path, TurnResult], turn: int, pid: str) -> None:
    path, _ = gc16
    assert_secrets_kept(path if turn else GC16, GC16, turn, pid)
    text = text_of(path if turn else GC16, turn, pid)
    view = view_of(path if turn else GC16, turn, pid)
    assert not re.search(r"\bWIN(S|NER)?\b", text) and "FINAL SCORES" not in text
    assert view["finished"] is False and "final" not in view


def test_gc16_follows_its_announcements_calendar() -> None:
    """The announcement of 27 January 1997 (Monday): "Both games will start in about 2 weeks.
    Turn processing will be once a week, probably on Wednesday." GC16 starts on Wednesday
    12 February 1997 and runs a turn every 7 days; its turn-0 printouts are dated so and
    give each turn's stardate (2.4: "initial turn: 1 point, stardate 3501: 2 points")."""
    import datetime

    game = Game.open(GC16)
    inputs = load_data(GC16 / "turns/000/inputs.yaml")
    start = datetime.date.fromisoformat(inputs["date"])
    assert (inputs["date"], inputs["due"]) == ("1997-02-12", "1997-02-19")
    assert start.strftime("%A") == "Wednesday"
    assert (start - datetime.date(1997, 1, 27)).days == 16  # "in about 2 weeks"
    text = (GC16 / "turns/000/printouts/1.txt").read_text()
    assert "GC16  TURN 0  1997-02-12" in text.splitlines()[0]
    assert "COMMANDS FOR TURN 1, STARDATE 3500 (THE INITIAL TURN), ARE DUE 1997-02-19." in text
    assert "GAME GC16   TURN 0   STARDATE 3499" in text
    assert game.ruleset_name == "conqueror"
    game_yaml = (GC16 / "game.yaml").read_text()
    assert "start: 1997-02-12" in game_yaml and "days_per_turn: 7 " in game_yaml


def test_gc16_homes_are_secret_at_the_start() -> None:
    state = load_state(GC16, 0)
    homes = {p.home: p for p in state.planets.values() if p.home}
    assert sorted(homes) == list("12345678")
    for pid, own in homes.items():
        mapped = {row[0] for row in view_of(GC16, 0, pid)["map"]}
        for other, planet in homes.items():
            if other != pid:
                assert planet.number not in mapped
                assert between(planet, own) > COMMUNICATION_TABLE[0].radius


def with_settings(tmp_path: Path, name: str, settings: str) -> Path:
    """A copy of GC16 whose game.yaml has the given settings mapping."""
    target = tmp_path / name
    shutil.copytree(GC16, target)
    text = (target / "game.yaml").read_text()
    (target / "game.yaml").write_text(text.replace("settings: {}", f"settings: {settings}"))
    return target


@pytest.mark.slow
def test_the_final_score_in_game_yaml_is_read_at_every_run(tmp_path: Path) -> None:
    """A GM may change settings.final_score in game.yaml; the next turn uses it."""
    target = with_settings(tmp_path, "gc16", "{final_score: 60}")
    result = process(target, pdf=False)
    state = load_data(target / "turns" / "001" / "state.yaml")
    assert state["final_score"] == 60
    assert max(p["score"] for p in state["players"]) >= 60 and state["winner"] is not None
    assert "the game has ended" in result.log
    again = process(target, pdf=False, force=True)
    assert again.rc == RC.UNUSABLE and "has ended" in again.log


def test_a_bad_final_score_in_game_yaml_refuses_the_run(tmp_path: Path) -> None:
    target = with_settings(tmp_path, "gc16", "{final_score: -5}")
    result = process(target, pdf=False)
    assert result.rc == RC.UNUSABLE, result.log
    assert "game.yaml:10: settings.final_score: -5 is out of range; allowed: " in result.log
    assert not (target / "turns" / "001").exists()
