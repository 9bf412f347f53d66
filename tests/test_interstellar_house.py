"""House rules house.py names, as the turn plays them: Gelmir's no-deal losses, the coin
powers after a tie, the public reveal before the Druwaith, a deal's colony ship, a
combatant with no coin at all."""

from __future__ import annotations

from dataclasses import replace

from interstellar_table import hands, pid, run, table, texts

from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.state import GameState, Ships
from galbatch.rules.interstellar.tables import NO_COIN
from galbatch.rules.interstellar.view import build_view
from tests.test_interstellar_language import one
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
