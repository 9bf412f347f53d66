"""Interstellar Conquest's checker layer 3, the player's situation as his view shows it:
each rejection, reduction and warning with its message, read from views the view
module builds, and the property that a reduction is final (the accepted orders
checked again are reduced no further)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from interstellar_table import run as run_turn

from galbatch.engine.checker.pipeline import check_file
from galbatch.engine.language.diagnostics import RC, Diagnostic, Severity, is_reduction
from galbatch.engine.language.located import Located
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar import tables as t
from galbatch.rules.interstellar.check import check_orders
from galbatch.rules.interstellar.codes import CODES
from galbatch.rules.interstellar.coins import choose
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import (
    Alliance,
    Commitment,
    Encounter,
    GameState,
    Seat,
    Ships,
)
from galbatch.rules.interstellar.view import build_view
from tests.test_interstellar_facts import HEADER, check_in, new_game
from tests.test_interstellar_language import Interstellar, one

RED, GREEN, BLUE, YELLOW = "1", "2", "3", "4"  # Balchoth, Celegorm, Druwaith, Gelmir


def table(players: int = 4, **changes: Any) -> GameState:
    """Setup's table: the race chart's colours in seat order, one ship of each size on
    each home world; RED's turn, declaring his attack; coins in every hand."""
    seats = tuple(
        Seat(str(i + 1), f"P{i + 1}", row.colour, row.race)
        for i, row in enumerate(t.RACE_CHART[:players])
    )
    ships = {(s.colour, w): {s.id: Ships(1, 1, 1)} for s in seats for w in t.HOME_WORLDS}
    hands = {RED: (0, 2, 5), GREEN: (1, 3, 3), BLUE: (0, 4, 4), YELLOW: (2, 2, 5)}
    state = GameState(
        seats=seats,
        ships=ships,
        void={},
        bag=t.all_coins(players)[12:],
        hands={p: h for p, h in hands.items() if int(p) <= players},
        active=RED,
        phase=Phase.DECLARE,
        waiting=(RED,),
    )
    return replace(state, **changes)


def put(state: GameState, planet: tuple[str, int], player: str, ships: Ships) -> GameState:
    """The table with a player's ships on a planet set to `ships`."""
    owners = dict(state.ships.get(planet, {}))
    owners[player] = ships
    return replace(state, ships={**state.ships, planet: owners})


def encounter(state: GameState, phase: Phase, transport: bool = False, **more: Any) -> GameState:
    """RED attacks BLUE 3 from RED 2 (a warship, and a transport if asked); GREEN invited
    by RED, YELLOW by BLUE; the table at `phase`."""
    fleet = (Commitment(RED, ("RED", 2), Ships(0, 1, 1 if transport else 0)),)
    e = Encounter(
        1,
        RED,
        BLUE,
        ("BLUE", 3),
        fleet,
        invited_by_attacker=(GREEN,),
        invited_by_defender=(YELLOW,),
        **more,
    )
    state = put(state, ("RED", 2), RED, Ships(1, 0, 0 if transport else 1))
    owes = {Phase.ALLIANCE: (GREEN, YELLOW), Phase.COINS: (RED,), Phase.DEAL: (RED, BLUE)}
    return replace(state, encounter=e, phase=phase, waiting=owes.get(phase, ()))


def at(order: Any, line: int = 1, refused: bool = False) -> Located:
    return Located(order, "f", line, 1, order.text(), refused)


def check(state: GameState, player: str, *lines: str) -> tuple[list[Any], list[Diagnostic]]:
    """Check a player's order lines, in file order, against his view of the table."""
    orders = [Located(one(line), "f", i + 1, 1, line) for i, line in enumerate(lines)]
    return check_orders(orders, build_view(state, player), player)


def codes(diags: list[Diagnostic]) -> list[str]:
    return [d.code for d in diags]


def rejects(state: GameState, player: str, line: str, code: str, message: str) -> None:
    accepted, diags = check(state, player, line)
    # an ALLY refused while his alliance answer is awaited counts as declining
    owes = build_view(state, player).get("owes") or {}
    answers = owes.get("phase") == "alliance" and code in ("IC233", "IC235")
    assert accepted == ([o.Decline()] if answers and line.startswith("ALLY") else [])
    assert [(d.severity, d.code) for d in diags] == [(Severity.ERROR, code)]
    assert message in diags[0].message, diags[0].message
    assert diags[0].message.endswith(f"; order {line} rejected")


def test_every_code_has_a_meaning_and_its_range() -> None:
    for code, entry in CODES.items():
        assert entry.meaning
        number = int(code[2:])
        assert 100 <= number <= 249 or is_reduction(code) or 400 <= number <= 409


def test_a_good_attack_is_accepted_as_written() -> None:
    line = "ATTACK BLUE 3 WITH 1 L 1 M 1 S FROM RED 2"
    assert check(table(), RED, line) == ([one(line)], [])


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "ATTACK PURPLE 3 WITH 1 L 1 M FROM RED 2",
            "no system is PURPLE in this game (Setup 1: each player's tiles form his system",
        ),
        (
            "INVITE GREEN WHITE",
            "no player is WHITE in this game (Setup 2: a player's colour is that of his ships;"
            " the game: RED, GREEN, BLUE",
        ),
        ("ALLY ORANGE WITH 1 M", "no player is ORANGE"),
        ("DEAL CLEAR GIVES 1 COIN", "no player is CLEAR"),
        ("IF ATTACKED BY BLACK PLAY HIGHEST", "no player is BLACK"),
        ("IF ATTACKED AT PURPLE 2 PLAY HIGHEST", "no system is PURPLE"),
    ],
)
def test_colours_not_in_the_game(line: str, message: str) -> None:
    rejects(table(), RED, line, "IC230", message)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("INVITE GREEN RED", "RED is your own colour; whom you invite is another player"),
        ("ATTACK RED ON BLUE 3 WITH 1 L 1 M FROM RED 2", "the defender is another player"),
        ("ALLY RED WITH 1 M", "the side you join is another player"),
        ("IF INVITED BY RED DECLINE", "who invites is another player"),
        ("IF ATTACKING RED PASS", "the opponent is another player"),
        ("IF INVITED BY GREEN AGAINST RED DECLINE", "the opponent is another player"),
    ],
)
def test_own_colour_where_another_player_is_meant(line: str, message: str) -> None:
    rejects(table(), RED, line, "IC231", message)


def test_attacking_ones_own_home_world_needs_anothers_colony_there() -> None:
    state = table()
    rejects(
        state,
        RED,
        "ATTACK RED 3 WITH 1 M FROM RED 1",
        "IC232",
        "no other player has ships on RED 3: on your own home worlds you attack only"
        " another's colony (Play 3a)",
    )
    state = put(state, ("RED", 3), GREEN, Ships(1, 0, 0))
    for line in ("ATTACK RED 3 WITH 1 M FROM RED 1", "ATTACK GREEN ON RED 3 WITH 1 M FROM RED 1"):
        assert check(state, RED, line) == ([one(line)], [])


def test_a_named_defender_needs_ships_on_the_target_but_the_owner_never() -> None:
    state = table()
    rejects(
        state,
        RED,
        "ATTACK GREEN ON BLUE 3 WITH 1 L 1 M FROM RED 2",
        "IC232",
        "GREEN has no ships on BLUE 3 to attack",
    )
    bare = put(state, ("BLUE", 3), BLUE, Ships())
    # "Even if an opponent has no ships on his home world ... he still defends it" (Play 3c)
    assert check(bare, RED, "ATTACK BLUE 3 WITH 1 L 1 M FROM RED 2")[1] == []


def test_ships_not_there_are_reduced_to_none_and_too_many_reduced() -> None:
    state = put(table(), ("RED", 2), RED, Ships(1, 2, 1))
    accepted, diags = check(state, RED, "ATTACK BLUE 3 WITH 1 L 3 M FROM RED 2")
    assert accepted == [one("ATTACK BLUE 3 WITH 1 L 2 M FROM RED 2")]
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "IC301")]
    assert diags[0].message == (
        "ATTACK BLUE 3 WITH 1 L 3 M FROM RED 2: 3 reduced to 2: you have 2 M on RED 2"
    )
    # a size not there at all is a quantity too: reduced to none, as the turn takes it
    state = put(state, ("RED", 2), RED, Ships(0, 2, 1))
    accepted, diags = check(state, RED, "ATTACK BLUE 3 WITH 1 L 1 M 2 S FROM RED 2")
    assert accepted == [one("ATTACK BLUE 3 WITH 1 L 1 M FROM RED 2")]
    assert [d.message for d in diags] == [
        "ATTACK BLUE 3 WITH 1 L 1 M 2 S FROM RED 2: 2 reduced to 0: you have no S on RED 2"
    ]
    # ... and what is left must still be a fleet the ship chart lets attack
    state = put(state, ("RED", 2), RED, Ships(1, 2, 0))
    rejects(state, RED, "ATTACK BLUE 3 WITH 1 L 1 M FROM RED 2", "IC203", "the fleet has no L")
    # a colony elsewhere is a place to leave from too
    state = put(state, ("GREEN", 4), RED, Ships(1, 1, 1))
    line = "ATTACK GREEN 5 WITH 1 M 1 S FROM GREEN 4"
    assert check(state, RED, line) == ([one(line)], [])


def test_a_second_attack_sent_ahead_may_leave_from_the_first_target_with_the_fleet() -> None:
    state = encounter(table(), Phase.COINS, transport=True)  # 1 L 1 M from RED 2 to BLUE 3
    line = "ATTACK AGAIN BLUE 4 WITH 1 L 1 M FROM BLUE 3"
    assert check(state, RED, line) == ([one(line)], [])
    accepted, diags = check(state, RED, "ATTACK AGAIN BLUE 4 WITH 1 L 2 M FROM BLUE 3")
    assert accepted == [one(line)] and codes(diags) == ["IC301"]
    # not from the planets the fleet left: after a win it stands on the target
    rejects(state, RED, "ATTACK AGAIN BLUE 4 WITH 1 L 1 M FROM RED 2", "IC233", "no ships left")


def test_a_second_attack_in_the_file_of_the_first_may_take_its_fleet_with_a_warning() -> None:
    first = "ATTACK BLUE 3 WITH 1 L 1 M 1 S FROM RED 2"
    again = "ATTACK AGAIN BLUE 4 WITH 1 L 1 M FROM BLUE 3"
    accepted, diags = check(table(), RED, first, "PLAY 5", again)
    assert accepted == [one(first), one("PLAY 5"), one(again)]
    assert [(d.severity, d.code, d.line) for d in diags] == [(Severity.WARNING, "IC404", 3)]
    assert "ships on BLUE 3 are yours there only if your attack on it wins (Play 10" in (
        diags[0].message
    )
    # only the first attack's fleet stands there, and it has left RED 2
    accepted, diags = check(table(), RED, first, "ATTACK AGAIN BLUE 4 WITH 2 M FROM BLUE 3")
    assert codes(diags) == ["IC301", "IC404"] and "2 reduced to 1" in diags[0].message
    alone = "ATTACK AGAIN BLUE 4 WITH 1 L 1 M FROM RED 2"
    accepted, diags = check(table(), RED, first, alone)
    assert accepted == [one(first)] and codes(diags) == ["IC233"]
    # without the first attack in the file, nothing stands on BLUE 3 yet
    accepted, diags = check(table(), RED, again)
    assert accepted == [] and codes(diags) == ["IC233"]
    assert f"(IF ATTACKING AT BLUE 3 {again})" in diags[0].message


def test_ships_committed_to_the_encounter_count_on_the_planet_they_left() -> None:
    state = encounter(table(), Phase.COINS)
    assert state.encounter is not None
    ally = Alliance(GREEN, "ATTACKER", (Commitment(GREEN, ("BLUE", 4), Ships(1, 1, 0)),))
    state = replace(state, encounter=replace(state.encounter, allies=(ally,)))
    line = "ATTACK BLUE 2 WITH 1 M 1 S FROM BLUE 4"  # GREEN's next turn, from his colony
    accepted, diags = check(state, GREEN, line)
    assert accepted == [one(line)] and codes(diags) == ["IC401"]  # he is invited now
    accepted, diags = check(state, GREEN, "ATTACK BLUE 2 WITH 1 L 1 M FROM BLUE 4")
    assert accepted == [one("ATTACK BLUE 2 WITH 1 M FROM BLUE 4")]
    assert codes(diags) == ["IC301", "IC401"] and "you have no L on BLUE 4" in diags[0].message


def test_allies_join_a_side_that_invited_them() -> None:
    state = encounter(table(), Phase.ALLIANCE)
    state = put(state, ("BLUE", 3), GREEN, Ships(0, 1, 0))
    state = put(state, ("BLUE", 5), YELLOW, Ships(1, 0, 0))  # so that only IC234 fails
    rejects(state, GREEN, "ALLY BLUE WITH 1 M FROM BLUE 3", "IC234", "BLUE has not invited you")
    rejects(state, YELLOW, "ALLY ATTACKER WITH 1 S", "IC234", "RED has not invited you")
    early = encounter(table(), Phase.INVITE_DEFENDER)
    early = put(early, ("BLUE", 1), GREEN, Ships(0, 1, 0))
    # the defender has not yet invited anyone: an answer ahead is not refused
    assert check(early, GREEN, "ALLY BLUE WITH 1 M FROM BLUE 1")[1] == []


def test_allies_ships_come_from_the_system_attacked_without_a_transport() -> None:
    state = encounter(table(), Phase.ALLIANCE)
    state = put(state, ("BLUE", 4), GREEN, Ships(2, 1, 0))
    state = put(state, ("RED", 4), GREEN, Ships(1, 0, 0))
    line = "ALLY RED WITH 2 S 1 M FROM BLUE 4"
    assert check(state, GREEN, line) == ([one(line)], [])
    rejects(
        state,
        GREEN,
        "ALLY RED WITH 1 M FROM GREEN 2",
        "IC235",
        "allies' ships come from the system attacked unless the attacker uses a Transport"
        " (Play 6c, 6d): GREEN 2 is not in BLUE",
    )
    rejects(state, GREEN, "ALLY RED WITH 1 S FROM RED 4", "IC235", "RED 4 is not in BLUE")
    # with the attacker's transport, also from the system the fleet left (Play 6c)
    carried = encounter(table(), Phase.ALLIANCE, transport=True)
    carried = put(carried, ("RED", 4), GREEN, Ships(1, 0, 0))
    assert check(carried, GREEN, "ALLY RED WITH 1 S FROM RED 4")[1] == []
    rejects(carried, GREEN, "ALLY RED WITH 1 M FROM GREEN 2", "IC235", "not in BLUE or RED")
    # defending allies' ships are from the system of the planet attacked (Play 6d)
    carried = put(carried, ("RED", 4), YELLOW, Ships(1, 0, 0))
    rejects(carried, YELLOW, "ALLY DEFENDER WITH 1 S FROM RED 4", "IC235", "not in BLUE")


def test_an_allys_ships_without_a_planet_are_counted_where_they_may_come_from() -> None:
    state = encounter(table(), Phase.ALLIANCE)
    state = put(state, ("BLUE", 4), GREEN, Ships(1, 0, 0))
    accepted, diags = check(state, GREEN, "ALLY RED WITH 3 S")
    assert accepted == [one("ALLY RED WITH 1 S")]
    assert [d.code for d in diags] == ["IC301"]
    assert diags[0].message.endswith("3 reduced to 1: you have 1 S in BLUE")
    rejects(state, GREEN, "ALLY RED WITH 1 M", "IC233", "1 reduced to 0: you have no M in BLUE")


def test_a_file_allies_with_one_side_of_the_encounter() -> None:
    state = encounter(table(), Phase.ALLIANCE)
    assert state.encounter is not None
    state = replace(state, encounter=replace(state.encounter, invited_by_defender=(GREEN,)))
    state = put(state, ("BLUE", 4), GREEN, Ships(2, 1, 0))
    accepted, diags = check(state, GREEN, "ALLY ATTACKER WITH 1 S", "ALLY BLUE WITH 1 M")
    assert accepted == [one("ALLY ATTACKER WITH 1 S")]
    assert [(d.line, d.code) for d in diags] == [(2, "IC204")]
    assert diags[0].message == (
        "a player may only ally with the attacker or defender, not both (Play 6a): an earlier"
        " ALLY joins the attacker; order ALLY BLUE WITH 1 M rejected"
    )
    assert check(state, GREEN, "ALLY RED WITH 1 S", "ALLY ATTACKER WITH 1 M")[1] == []


def test_a_file_allies_with_one_side_in_every_mode_of_the_table() -> None:
    # no encounter under way: two colours, or ATTACKER and DEFENDER, are two sides
    accepted, diags = check(table(), GREEN, "ALLY RED WITH 1 M", "ALLY BLUE WITH 1 M")
    assert accepted == [one("ALLY RED WITH 1 M")]
    assert [(d.line, d.code) for d in diags] == [(2, "IC204")]
    assert "an earlier ALLY joins RED; order ALLY BLUE WITH 1 M rejected" in diags[0].message
    assert codes(check(table(), GREEN, "ALLY ATTACKER WITH 1 M", "ALLY DEFENDER WITH 1 S")[1]) == [
        "IC204"
    ]
    assert check(table(), GREEN, "ALLY RED WITH 1 M", "ALLY DEFENDER WITH 1 S")[1] == []


def test_a_rejected_ally_never_blocks_a_later_one_and_every_failed_fact_is_told() -> None:
    state = encounter(table(), Phase.ALLIANCE)  # GREEN invited by RED only
    state = put(state, ("BLUE", 4), GREEN, Ships(2, 1, 0))
    bad, good = "ALLY BLUE WITH 1 M FROM GREEN 2", "ALLY RED WITH 1 S FROM BLUE 4"
    accepted, diags = check(state, GREEN, bad, good)
    assert accepted == [one(good)]  # the rejected ALLY BLUE does not choose the side
    assert [(d.line, d.code) for d in diags] == [(1, "IC234"), (1, "IC235")]
    assert diags[0].message == f"BLUE has not invited you (Play 4, 5, 6); order {bad} rejected"
    assert "GREEN 2 is not in BLUE" in diags[1].message
    # both sides, and not invited, and the ships' system: each fact failed is told
    accepted, diags = check(state, GREEN, good, bad)
    assert accepted == [one(good)]
    assert [(d.line, d.code) for d in diags] == [(2, "IC204"), (2, "IC234"), (2, "IC235")]


def test_an_ally_for_a_player_not_in_the_encounter_is_kept_with_a_warning() -> None:
    state = encounter(table(), Phase.ALLIANCE)
    accepted, diags = check(state, GREEN, "ALLY YELLOW WITH 1 M")
    assert accepted == [one("ALLY YELLOW WITH 1 M")]
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "IC401")]
    assert "YELLOW is not a main combatant of the encounter under way" in diags[0].message


@pytest.mark.parametrize(
    ("line", "rule"),
    [
        ("INVITE GREEN RED", "(Play 4: other players)"),
        ("ATTACK RED ON BLUE 3 WITH 1 L 1 M FROM RED 2", "(Play 3: another race's planet)"),
        ("ALLY RED WITH 1 M", "(Play 6a)"),
        ("IF INVITED BY RED DECLINE", "(Play 3-5)"),
        ("IF INVITED BY GREEN AGAINST RED DECLINE", "(Play 3)"),
    ],
)
def test_ic231_names_the_rule_it_enforces(line: str, rule: str) -> None:
    """The man page, DIAGNOSTICS: "Each message names the rule book's section or chart
    it enforces"; IC231 did not."""
    rejects(table(), RED, line, "IC231", f"is another player {rule}")


def test_reclaiming_to_ones_own_home_world_a_ship_in_the_void() -> None:
    state = replace(table(), phase=Phase.RECLAIM, void={RED: Ships(0, 1, 0)})
    state = put(state, ("RED", 1), RED, Ships(1, 0, 1))
    assert check(state, RED, "RECLAIM M TO RED 1")[1] == []
    rejects(
        state,
        RED,
        "RECLAIM M TO BLUE 2",
        "IC236",
        "a reclaimed ship goes to one of your home worlds (Play 2), RED 1-5; BLUE 2 is not",
    )
    # "Each message names the rule book's section or chart it enforces" (the man page)
    rejects(
        state,
        RED,
        "RECLAIM L",
        "IC237",
        "you have no L in the void (Play 2: reclaim one of your lost ships from the void)",
    )
    # sent ahead by another player, it is only a warning: his void may change before
    accepted, diags = check(state, GREEN, "RECLAIM L")
    assert accepted == [one("RECLAIM L")]
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "IC402")]


def test_a_coin_not_held_is_warned_of_with_the_coin_the_turn_plays() -> None:
    state = encounter(table(), Phase.COINS)
    for player, line, played in ((RED, "PLAY 4", "2"), (RED, "PLAY 1", "2"), (BLUE, "PLAY 5", "4")):
        accepted, diags = check(state, player, line)
        assert accepted == [one(line)] and codes(diags) == ["IC403"]
        assert f"you play {played}, the nearest" in diags[0].message
        # the turn plays that coin when the hand is unchanged
        assert choose(state.hand(player), line.split()[1]) == int(played)
    for line in ("PLAY 5", "PLAY DIPLOMACY", "PLAY HIGHEST", "PLAY LOWEST"):
        assert check(state, RED, line) == ([one(line)], [])
    accepted, diags = check(state, RED, "IF ATTACKED PLAY 4")
    assert accepted == [one("IF ATTACKED PLAY 4")]
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "IC403")]
    assert "you hold no 4 coin now (your coins: DIPLOMACY, 2, 5)" in diags[0].message


def test_with_no_coins_a_hand_is_drawn_before_the_coin_is_played() -> None:
    state = replace(encounter(table(), Phase.COINS), hands={})
    accepted, diags = check(state, BLUE, "PLAY 4")
    assert accepted == [one("PLAY 4")]
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "IC403")]
    assert "you hold no coins now: you draw three before you play (Play 1)" in diags[0].message


@pytest.mark.parametrize(
    ("player", "line", "message"),
    [
        (RED, "PLAY BEST", "PLAY BEST is for the Druwaith"),
        (RED, "ALWAYS PLAY BEST", "PLAY BEST is for the Druwaith"),
        (
            RED,
            "HEAL GREEN 2",
            "HEAL is the Nirnaeth's power (race chart); your race does not have it",
        ),
        (RED, "TAKE COIN", "TAKE COIN is the Celegorm's and the Mormegil's power"),
        (BLUE, "IF ATTACKED LEAVE COIN", "LEAVE COIN is the Celegorm's and the Mormegil's power"),
    ],
)
def test_race_powers_belong_to_their_race(player: str, line: str, message: str) -> None:
    rejects(encounter(table(), Phase.COINS), player, line, "IC239", message)


def test_race_powers_are_accepted_from_their_race() -> None:
    state = table(7)
    assert check(state, BLUE, "PLAY BEST")[1] == []
    assert check(state, GREEN, "TAKE COIN")[1] == []
    assert check(state, "6", "LEAVE COIN")[1] == []  # CLEAR, Mormegil
    assert check(state, "7", "HEAL GREEN ALL")[1] == []  # ORANGE, Nirnaeth


def test_a_main_combatant_does_not_invite_his_opponent() -> None:
    state = encounter(table(), Phase.INVITE_DEFENDER)
    rejects(state, BLUE, "INVITE YELLOW RED", "IC240", "RED is your opponent")
    assert check(state, BLUE, "INVITE YELLOW GREEN")[1] == []
    # for an encounter of his own: kept, with a warning
    assert codes(check(state, GREEN, "INVITE RED")[1]) == ["IC401"]


def test_a_deal_is_between_the_main_combatants_within_what_they_have() -> None:
    state = encounter(table(), Phase.DEAL, attacker_coin=0, defender_coin=0, revealed=True)
    state = replace(state, void={BLUE: Ships(0, 1, 0)})
    line = "DEAL RED GIVES 2 COINS, BLUE RETURNS 1 M, RED COLONIZES BLUE 3"
    assert check(state, RED, line) == ([one(line)], [])
    rejects(state, RED, "DEAL GREEN GIVES 1 COIN", "IC241", "between the main combatants RED")
    rejects(
        state,
        BLUE,
        "DEAL RED COLONIZES GREEN 2",
        "IC243",
        "RED COLONIZES GREEN 2: a deal allows a colony only in the other party's system, BLUE",
    )
    # "Each message names the rule book's section or chart it enforces" (the man page)
    rejects(
        state,
        RED,
        "DEAL RED RETURNS 1 SHIP",
        "IC242",
        "RED has no ships in the void (Play 8: a deal's terms)",
    )
    accepted, diags = check(state, RED, "DEAL BLUE GIVES 5 COINS, BLUE RETURNS 2 M")
    assert accepted == [one("DEAL BLUE GIVES 3 COINS, BLUE RETURNS 1 M")]
    assert [(d.code, d.message.split(": ", 1)[1]) for d in diags] == [
        ("IC302", "5 reduced to 3: BLUE holds 3 coins"),
        ("IC303", "2 reduced to 1: BLUE has 1 M in the void"),
    ]
    broke = replace(state, hands={**state.hands, BLUE: ()})
    rejects(
        broke,
        RED,
        "DEAL BLUE GIVES 1 COIN",
        "IC242",
        "BLUE holds no coins (Play 8: a deal's terms)",
    )


def test_cancel_names_a_standing_order_that_exists() -> None:
    state = table(standing={RED: (o.Standing(o.Play("HIGHEST"), o.Condition("ATTACKED")),)})
    assert check(state, RED, "CANCEL 1")[1] == []
    assert check(state, RED, "CANCEL ALL")[1] == []
    rejects(state, RED, "CANCEL 2", "IC244", "no standing order 2 (yours are numbered 1 to 1)")
    rejects(table(), RED, "CANCEL 1", "IC244", "(yours are numbered none): CANCEL n cancels")


KEPT = "is not yours to send: the order is kept for a later encounter of this turn only"
UNUSED = "is not yours to send: the order is not used in this turn (pending orders are dropped"
OWN_TURN = (
    "is not yours to send: an order for your own turn, dropped at the end of this one if,"
    " after this file is read, the run waits for you in it or another order you sent answers"
    " a phase of yours"
)


@pytest.mark.parametrize(
    ("phase", "player", "line", "role", "fate"),
    [
        (Phase.COINS, BLUE, "ALLY GREEN WITH 1 M", "the defender in the encounter under", KEPT),
        (Phase.COINS, GREEN, "INVITE YELLOW", "invited, not a main combatant,", KEPT),
        (Phase.COINS, YELLOW, "PASS", "you are invited", OWN_TURN),
        (Phase.COINS, BLUE, "ATTACK GREEN 2 WITH 1 L 1 M FROM BLUE 1", "the defender", OWN_TURN),
        (Phase.COINS, GREEN, "ATTACK BLUE 2 WITH 1 L 1 M FROM GREEN 1", "invited,", OWN_TURN),
        (Phase.COINS, RED, "RECLAIM M", "you are the attacker", UNUSED),
        (Phase.COINS, RED, "ATTACK GREEN 2 WITH 1 L 1 M FROM RED 1", "the attacker", UNUSED),
        (Phase.DECLARE, RED, "ALLY GREEN WITH 1 M", "the player whose turn it is", UNUSED),
        (Phase.RECLAIM, RED, "DECLINE", "whose turn it is, who attacks, in this turn", UNUSED),
        (Phase.DECLARE, RED, "REWARD COINS", "whose turn it is", UNUSED),
    ],
)
def test_an_order_the_player_cannot_owe_now_is_kept_with_a_warning(
    phase: Phase, player: str, line: str, role: str, fate: str
) -> None:
    state = encounter(table(), phase) if phase is Phase.COINS else table(phase=phase)
    state = replace(state, void={RED: Ships(1, 1, 1)})
    accepted, diags = check(state, player, line)
    assert accepted == [one(line)]
    assert [(d.severity, d.code) for d in diags] == [(Severity.WARNING, "IC401")]
    assert role in diags[0].message and fate in diags[0].message


def test_orders_for_ones_part_draw_no_warning() -> None:
    start = replace(table(), void={RED: Ships(0, 1, 0)})
    lines = ("RECLAIM M", "ATTACK GREEN 2 WITH 1 L 1 M FROM RED 1", "INVITE ALL", "PLAY 2")
    assert check(start, RED, *lines, "PASS", "DEAL NOTHING")[1] == []
    assert check(start, GREEN, "ALLY RED WITH 1 M", "DECLINE")[1] == []  # for RED's attack
    state = encounter(table(), Phase.COINS)
    assert check(state, RED, "ATTACK AGAIN GREEN 2 WITH 1 L 1 M FROM RED 1", "PASS")[1] == []
    assert check(state, GREEN, "DECLINE", "REWARD COINS")[1] == []
    assert check(state, BLUE, "INVITE YELLOW", "PLAY 4", "DEAL NOTHING", "NO DEAL")[1] == []


def test_a_refused_order_is_never_accepted_and_only_checked_for_what_it_names() -> None:
    """A refused PLAY of a coin RED does not hold gets no warning (it is never played);
    refused orders naming a system not in the game, RED's own colour where another
    player is meant, or another's home world for a reclaim are reported as such."""
    orders = [at(one("PLAY 4"), 1, refused=True), at(one("PLAY 5"), 2)]
    accepted, diags = check_orders(orders, build_view(table(), RED), RED)
    assert accepted == [one("PLAY 5")] and diags == []
    lines = ("ATTACK PURPLE 2 WITH 0 M", "HEAL RED 0", "RECLAIM S TO GREEN 2", "INVITE RED")
    orders = [at(one(line), i + 1, refused=True) for i, line in enumerate(lines)]
    accepted, diags = check_orders(orders, build_view(table(), RED), RED)
    assert accepted == []
    assert [(d.line, d.code) for d in diags] == [
        (1, "IC230"),
        (2, "IC231"),
        (3, "IC236"),
        (4, "IC231"),
    ]
    assert all(d.message.endswith(f"; order {lines[d.line - 1]} rejected") for d in diags)


def test_a_standing_orders_ships_are_counted_when_it_is_used() -> None:
    line = "IF INVITED BY GREEN ALLY GREEN WITH 5 M FROM BLUE 2"
    assert check(table(), RED, line) == ([one(line)], [])


COUNT = st.integers(min_value=1, max_value=20)


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(COUNT, COUNT, COUNT), min_size=5, max_size=5), COUNT, COUNT, COUNT)
def test_a_reduction_is_final(worlds: list[tuple[int, int, int]], s: int, m: int, big: int) -> None:
    state = table()
    for tile, (ns, nm, nl) in enumerate(worlds, 1):
        state = put(state, ("RED", tile), RED, Ships(ns % 4, nm % 3, nl % 2))
    line = f"ATTACK BLUE 3 WITH {big} L {m} M {s} S FROM RED 2"
    accepted, diags = check(state, RED, line)
    assert all(d.code in ("IC301", "IC233", "IC202", "IC203") for d in diags)
    if accepted:
        again = check_orders([at(accepted[0])], build_view(state, RED), RED)
        assert again == (accepted, [])


# ---- samples/interstellar: a player's files for one table ----------------------------------

SAMPLES = Path(__file__).resolve().parent.parent / "samples" / "interstellar"


def sample_table() -> GameState:
    """The table samples/interstellar/ is written for (game IC4): RED attacks BLUE 3 with a
    transport and a warship from RED 2, has invited GREEN; BLUE has invited YELLOW;
    GREEN (a colony on BLUE 4: 2 S, 1 M) and YELLOW (2 M on BLUE 5) owe their answers.
    RED has 1 standing order, YELLOW 1."""
    state = encounter(table(), Phase.ALLIANCE, transport=True)
    state = put(state, ("BLUE", 4), GREEN, Ships(2, 1, 0))
    state = put(state, ("BLUE", 5), YELLOW, Ships(0, 2, 0))
    attacked = o.Standing(o.Play("HIGHEST"), o.Condition("ATTACKED"))
    return replace(state, standing={RED: (attacked,), YELLOW: (attacked,)})


class Checked(Interstellar):
    """The test ruleset with the checker's layer 3."""

    def check(
        self, orders: Sequence[Located], view: Any, player: str
    ) -> tuple[list[Any], list[Diagnostic]]:
        return check_orders(orders, view, player)


@pytest.mark.parametrize(
    ("sample", "found", "rc"),
    [
        ("clean", [], RC.CLEAN),
        ("defender", [], RC.CLEAN),
        ("ally", [], RC.CLEAN),
        ("standing", [], RC.CLEAN),
        ("clamped", ["IC301", "IC301"], RC.WARNING),
        (
            "rejected",
            ["IC236", "IC202", "IC203", "IC230", "IC101", "IC240", "IC241", "IC239", "IC244"]
            + ["IC100"],
            RC.ERROR,
        ),
        ("unusable", ["GB012"], RC.UNUSABLE),
    ],
)
def test_the_samples_check_against_their_table(sample: str, found: list[str], rc: RC) -> None:
    of = parse_order_bytes((SAMPLES / f"{sample}.txt").read_bytes(), f"{sample}.txt")
    player = of.header.player if of.header else "3"
    ruleset: Any = Checked()
    result = check_file(of, ruleset, build_view(sample_table(), player), player)
    assert [d.code for d in result.diagnostics] == found, [d.format() for d in result.diagnostics]
    assert result.rc is rc


VIEW_KEYS = ["seats", "systems", "void", "hand", "standing", "encounter", "phase", "waiting",
             "active", "planets", "ships", "colour", "id", "tile", "attacker", "defender",
             "target", "fleet", "outcome", "invited_by_attacker", "hand_size", "power"]  # fmt: skip
DATA = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(["1", "RED", "BLUE 3", "x"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(VIEW_KEYS + ["S", "M", "L", "2"]), inner, max_size=4)
    ),
    max_leaves=12,
)
LINES = [
    "ATTACK BLUE 3 WITH 1 L 1 M FROM RED 2",
    "ALLY RED WITH 1 S",
    "ALLY DEFENDER WITH 1 M FROM BLUE 4",
    "PLAY 3",
    "IF ATTACKED PLAY 2",
    "DEAL RED GIVES 1 COIN, BLUE RETURNS 1 M, RED COLONIZES BLUE 3",
    "INVITE BLUE GREEN",
    "RECLAIM M TO RED 1",
    "HEAL BLUE 1",
    "CANCEL 2",
]


GOOD_VIEW = build_view(sample_table(), RED)
LINE_ORDERS = [Located(one(line), "f", i + 1, 1, line) for i, line in enumerate(LINES)]


@pytest.mark.slow
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(VIEW_KEYS), DATA, max_size=8))
def test_a_damaged_view_is_an_error_the_engine_reports_never_another(view: dict[str, Any]) -> None:
    """`galbatch check --view` turns KeyError, TypeError, ValueError, AttributeError and
    IndexError into "not a usable view file"; nothing else may escape."""
    for damaged in ({**GOOD_VIEW, **view}, view):
        with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError, IndexError):
            check_orders(LINE_ORDERS, damaged, RED)


# Warnings on orders accepted as written: the same orders get them again.
CAUTIONS = {"IC401", "IC402", "IC403", "IC404"}
FORMS = [
    "ATTACK AGAIN YELLOW {t} WITH {a} L {b} M {c} S FROM RED {u}",
    "ATTACK BLUE {t} WITH {a} L {b} M FROM RED {u} AND {c} M FROM RED {v}",
    "ALLY RED WITH {a} S {b} M FROM BLUE {t}",
    "ALLY DEFENDER WITH {a} M {c} S",
    "DEAL BLUE GIVES {a} COINS, RED RETURNS {b} SHIPS",
    "DEAL RED GIVES {a} COINS, BLUE RETURNS {c} M",
    "PLAY {t}",
    "RECLAIM M TO RED {t}",
    "CANCEL {t}",
    "INVITE GREEN YELLOW",
    "IF ATTACKED PLAY {t}",
]


@st.composite
def sample_line(draw: st.DrawFn) -> str:
    form = draw(st.sampled_from(FORMS))
    n = st.integers(1, 6)
    return form.format(
        a=draw(n), b=draw(n), c=draw(n), t=draw(st.integers(1, 5)), u=draw(n), v=draw(n)
    )


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([RED, GREEN, BLUE, YELLOW]), st.lists(sample_line(), max_size=6))
def test_what_the_checker_accepts_is_accepted_again_unchanged(
    player: str, lines: list[str]
) -> None:
    state = replace(sample_table(), void={RED: Ships(1, 1, 0), BLUE: Ships(0, 2, 0)})
    view = build_view(state, player)
    first = [Located(one(x), "f", i + 1, 1, x) for i, x in enumerate(lines)]
    accepted, diags = check_orders(first, view, player)
    again = [Located(x, "f", i + 1, 1, x.text()) for i, x in enumerate(accepted)]
    accepted_again, diags_again = check_orders(again, view, player)
    assert accepted_again == accepted
    assert all(d.code in CAUTIONS for d in diags_again), [d.format() for d in diags_again]
    cautions = [d.code for d in diags if d.code in CAUTIONS]
    assert [d.code for d in diags_again] == cautions


# ---- the situation the same against the view file and against the game ------------------

SITUATION: list[tuple[str, str, Severity]] = [
    ("ATTACK PURPLE 3 WITH 1 L 1 M FROM RED 2", "IC230", Severity.ERROR),
    ("INVITE GREEN RED", "IC231", Severity.ERROR),
    ("ATTACK RED 3 WITH 1 M FROM RED 1", "IC232", Severity.ERROR),
    ("ATTACK BLUE 3 WITH 1 L 1 M FROM GREEN 2", "IC233", Severity.ERROR),
    ("RECLAIM M TO BLUE 2", "IC236", Severity.ERROR),
    ("PLAY {missing}", "IC403", Severity.WARNING),
    ("HEAL GREEN 1", "IC239", Severity.ERROR),
    ("CANCEL 1", "IC244", Severity.ERROR),
    ("ATTACK BLUE 3 WITH 1 L 2 M FROM RED 2", "IC301", Severity.WARNING),
    ("RECLAIM L", "IC402", Severity.WARNING),
    ("IF ATTACKED PLAY {missing}", "IC403", Severity.WARNING),
]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return new_game(tmp_path_factory.mktemp("ic"))


@pytest.mark.parametrize(("text", "code", "severity"), SITUATION, ids=[s[0] for s in SITUATION])
def test_the_situation_is_the_same_against_the_view_and_the_game(
    game: Path, tmp_path: Path, text: str, code: str, severity: Severity
) -> None:
    view = json.loads((game / "turns" / "000" / "views" / "1.yaml").read_text("utf-8"))
    missing = next(c for c in (1, 2, 3, 4, 5) if c not in view["hand"])
    path = tmp_path / "orders.txt"
    path.write_text(f"{HEADER}\n{text.format(missing=missing)}\nEND\n", encoding="utf-8")
    by_view, by_game = (check_in(mode, game, path) for mode in ("view", "game"))
    assert by_view.diagnostics == by_game.diagnostics
    assert by_view.orders == by_game.orders
    assert [(d.line, d.code, d.severity) for d in by_game.diagnostics] == [(2, code, severity)]
    assert check_in("ruleset", game, path).diagnostics == ()  # the situation needs a table


def test_an_allys_ships_sent_ahead_are_counted_on_every_planet() -> None:
    state = put(table(), ("BLUE", 4), GREEN, Ships(1, 0, 0))
    accepted, diags = check(state, GREEN, "ALLY RED WITH 9 S")
    assert accepted == [one("ALLY RED WITH 6 S")]  # 5 at home, 1 on BLUE 4
    assert [d.message for d in diags] == [
        "ALLY RED WITH 9 S: 9 reduced to 6: you have 6 S on any planet"
    ]


def test_every_code_of_the_checker_and_the_facts_is_tested() -> None:
    here = Path(__file__).resolve().parent
    names = ("language", "facts", "check")
    tests = "".join((here / f"test_interstellar_{n}.py").read_text("utf-8") for n in names)
    assert [c for c in CODES if f'"{c}"' not in tests] == []


def test_an_ally_rejected_while_the_game_waits_for_his_answer_counts_as_declining() -> None:
    """The man page, house rule Alliances (Play 6): "an ALLY the rules refuse when the
    alliances come (its ships from a system Play 6c and 6d do not allow, or none of its
    ships left) is used up and counts as declining"; rejected by the check of the file
    (IC233, IC235), it left the run waiting for him."""
    state = encounter(table(), Phase.ALLIANCE)  # GREEN invited by RED only
    state = put(state, ("BLUE", 4), GREEN, Ships(2, 1, 0))  # he can help: he is waited for
    assert GREEN in run_turn(state, {}).waiting
    # Play 6c: not from GREEN's system
    accepted, diags = check(state, GREEN, "ALLY RED WITH 1 M FROM GREEN 2")
    assert codes(diags) == ["IC235"]
    assert accepted == [o.Decline()]
    after = run_turn(state, {"GREEN": accepted})
    assert GREEN not in after.waiting
    assert "GREEN declines." in [e.text for e in after.events]
    # a file that answers otherwise is taken as it is
    accepted, _ = check(state, GREEN, "ALLY RED WITH 1 M FROM GREEN 2", "DECLINE")
    assert accepted == [o.Decline()]
    # not asked for now, nothing is added
    later = encounter(table(), Phase.INVITE_DEFENDER)
    accepted, diags = check(later, GREEN, "ALLY RED WITH 1 M FROM GREEN 2")
    assert accepted == []
