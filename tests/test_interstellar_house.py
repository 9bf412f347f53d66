"""House rules house.py names, as the turn plays them: Gelmir's no-deal losses, the coin
powers after a tie, the public reveal before the Druwaith, a deal's colony ship, a
combatant with no coin at all; the outcome's house rules flipped, each changing the turn."""

from __future__ import annotations

from dataclasses import replace

import pytest
from interstellar_table import hands, pid, run, table, texts

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import GameState, Ships
from galbatch.rules.interstellar.tables import DIPLOMACY, NO_COIN
from galbatch.rules.interstellar.view import build_view
from tests.test_interstellar_language import one
from tests.test_interstellar_outcome import fight, four
from tests.test_interstellar_printout import text

RED_ATTACK = "ATTACK {target} WITH 1 L 1 M FROM RED 1"


def duel(colour: str, red: tuple[int, ...], other: tuple[int, ...], *lines: str) -> GameState:
    """RED (Balchoth, the last seat, moving first) attacks `colour` 3 from RED 1, each
    playing the coins given; `lines` are both players' further orders."""
    state = hands(table(f"{colour} RED"), {"RED": red, colour: other})
    attack = one(RED_ATTACK.format(target=f"{colour} 3"))
    play = [one(line) for line in lines]
    return run(state, {"RED": [attack, *play], colour: play})


def test_gelmirs_losses_with_no_deal_go_home_too() -> None:
    assert house.GELMIR_COVERS_NO_DEAL and house.GELMIR_HOME_WORLD == 1
    after = duel("YELLOW", (0,), (0,), "PLAY DIPLOMACY", "NO DEAL")
    yellow = pid(after, "YELLOW")
    assert "No deal is reached." in texts(after)
    assert "YELLOW loses 1 M 1 S: they go home to YELLOW 1 (Gelmir)." in texts(after)
    assert after.in_void(yellow) == Ships()
    assert after.at(("YELLOW", 1), yellow) == Ships(2, 2, 1)
    assert after.in_void(pid(after, "RED")).total == 2  # RED is no Gelmir


def test_the_celegorm_takes_his_coin_back_after_a_tie() -> None:
    assert house.COIN_POWERS_AFTER_EVERY_ENCOUNTER
    # RED's Balchoth L M: 3 + 4 and coin 1 = 8; GREEN 3's S M L 6 and coin 2 = 8
    after = duel("GREEN", (1,), (2,), "PLAY LOWEST")
    assert "Outcome: Tie." in " ".join(texts(after))
    assert "GREEN reclaims the 2 coin (Celegorm)." in texts(after)
    assert after.hand(pid(after, "GREEN")) == (2,)


def test_the_coin_in_is_revealed_to_everyone_before_the_druwaith_plays() -> None:
    assert house.DRUWAITH_AFTER_PUBLIC_REVEAL
    after = duel("BLUE", (1,), (2, 4), "PLAY BEST")  # RED, no Druwaith: his highest
    reveal = next(e for e in after.events if e.kind == "reveal")
    assert reveal.text == "Coins revealed: RED 1." and reveal.seen_by == ()
    assert "BLUE plays 4 after the reveal (Druwaith)." in texts(after)  # 2 ties, 4 wins


def test_a_deals_colony_ship_comes_from_the_attacking_fleet_first() -> None:
    assert house.COLONY_SHIP_FROM_FLEET_FIRST
    state = hands(table("GREEN YELLOW RED"), {"RED": (0,), "YELLOW": (0,)})
    deal = one("DEAL RED COLONIZES YELLOW 2")
    attack = one("ATTACK YELLOW 3 WITH 1 L 1 M 1 S FROM RED 2")
    red = [attack, one("INVITE NOBODY"), one("PLAY DIPLOMACY"), deal]
    yellow = [one("INVITE NOBODY"), one("PLAY DIPLOMACY"), deal]
    after = run(state, {"RED": red, "YELLOW": yellow})
    p = pid(after, "RED")
    assert after.at(("YELLOW", 2), p) == Ships(1, 0, 0)
    assert after.at(("RED", 2), p) == Ships(0, 1, 1)  # the fleet's S stayed on YELLOW 2
    assert after.at(("RED", 1), p) == Ships(1, 1, 1)  # the lowest home world kept its S


def test_a_combatant_with_no_coin_at_all_plays_none_shown_in_words() -> None:
    state = hands(table("YELLOW RED"), {"RED": (3,)})
    state = replace(state, bag=(), discards=(), hands={**state.hands, pid(state, "YELLOW"): ()})
    red, yellow = pid(state, "RED"), pid(state, "YELLOW")
    attack = one(RED_ATTACK.format(target="YELLOW 3"))
    after = run(state, {"RED": [attack, one("PLAY 3")], "YELLOW": [one("PLAY HIGHEST")]})
    assert "YELLOW has no coin to play and plays none (Diplomacy)." in texts(after)
    assert "Outcome: Attacker wins." in " ".join(texts(after))  # an attack coin against none
    assert after.encounter is not None and after.encounter.defender_coin == NO_COIN
    assert GameState.from_data(after.to_data()) == after
    assert after.to_data()["encounter"]["defender_coin"] == "NONE"
    for reader in (red, yellow):
        assert build_view(after, reader)["encounter"]["defender_coin"] == "NONE"
        assert "YELLOW no coin (counted as Diplomacy)" in text(after, reader)


# ---- the house rules of the outcome, flipped: each changes what the turn does --------------


def test_compensation_counts_the_allies_ships_only_when_the_house_rule_says(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = hands(four(), {"ORANGE": (1, 2, 3, 4, 5), "BLACK": (DIPLOMACY,)})
    assert not house.COMPENSATION_COUNTS_ALLIES
    assert "ORANGE gives BLACK 3 coins (one per ship lost)." in texts(
        fight(state, "1", "DIPLOMACY")
    )
    monkeypatch.setattr(house, "COMPENSATION_COUNTS_ALLIES", True)
    after = fight(state, "1", "DIPLOMACY")  # BLACK's 3 ships and WHITE's warship
    assert "ORANGE gives BLACK 4 coins (one per ship lost)." in texts(after)
    assert len(after.hand(pid(after, "BLACK"))) == 4


def test_compensation_beyond_the_hand_comes_from_the_bag_without_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = hands(four(), {"ORANGE": (1,), "BLACK": (DIPLOMACY,)})
    assert len(fight(state, "1", "DIPLOMACY").hand(pid(state, "BLACK"))) == 0
    monkeypatch.setattr(house, "COMPENSATION_LIMITED_TO_HAND", False)
    after = fight(state, "1", "DIPLOMACY")  # ORANGE holds nothing after playing his 1
    assert "BLACK takes 3 coins from the bag (one per ship lost, beyond the hand)." in texts(after)
    assert not any(" owes " in t for t in texts(after))  # all is paid
    assert len(after.hand(pid(after, "BLACK"))) == 3


def test_the_defenders_attack_coin_win_as_printed_leaves_the_attackers_on_the_planet(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = hands(four(), {"ORANGE": (DIPLOMACY,), "BLACK": (1, 2, 3)})
    orange = pid(state, "ORANGE")
    assert fight(state, "DIPLOMACY", "1").in_void(orange) == Ships(0, 1, 1)
    monkeypatch.setattr(house, "DEFENDER_WIN_SENDS_ATTACKERS_TO_VOID", False)
    after = fight(state, "DIPLOMACY", "1")
    assert "Outcome: Defender wins." in texts(after)
    assert after.in_void(orange) == Ships() and after.at(("BLACK", 1), orange) == Ships(0, 1, 1)
    assert not any("one per ship lost" in t for t in texts(after))  # none lost, none paid


def test_a_second_attack_after_a_tie_only_without_the_house_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = four()
    orange = pid(state, "ORANGE")
    tie = fight(state, "3", "2")  # 3 + 5 + 2 = 10 against 2 + 6 + 2 = 10
    assert tie.active == pid(state, "BLACK") and tie.phase is not Phase.SECOND_ATTACK
    monkeypatch.setattr(house, "SECOND_ATTACK_NEEDS_WIN", False)
    again = fight(state, "3", "2")
    assert again.phase is Phase.SECOND_ATTACK and again.waiting == (orange,)
