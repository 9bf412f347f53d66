"""The nine race powers exactly as the chart gives them, their loss with fewer than two
colony ships at home, and victory with four colonies in other systems (joint too)."""

from __future__ import annotations

from dataclasses import replace

from interstellar_encounter import combat
from interstellar_table import attack, conserved, hands, move, outcome_told, pid, run, table, texts

from galbatch.print.page import layout, render_text
from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.combat import combat_value
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.printout import player_printout
from galbatch.rules.interstellar.progress import accepting, owing
from galbatch.rules.interstellar.state import (
    Alliance,
    Commitment,
    Encounter,
    GameState,
    Ships,
    has_power,
)
from galbatch.rules.interstellar.tables import DIPLOMACY, Outcome, Power, Size
from galbatch.rules.interstellar.victory import colonies
from galbatch.rules.interstellar.view import build_view
from tests.test_interstellar_printout import CTX

S = Ships(1, 0, 0)


def attacked(defender: str, attacker: str = "ORANGE", races: str = "") -> GameState:
    """Two players: `attacker` (seated last, moving first) and `defender`."""
    return table(f"{defender} {attacker}", races)


def strip_colony_ships(state: GameState, colour: str) -> GameState:
    """All but one of a player's colony ships off his home worlds, into the void."""
    for world in (2, 3, 4, 5):
        state = move(state, colour, (colour, world), None, S)
    return state


def encounter_of(state: GameState, fleet: Ships, defender: str, target: str) -> Encounter:
    attacker = state.active
    colour = state.seat(attacker).colour
    return Encounter(
        1, attacker, pid(state, defender), (target, 1), (Commitment(attacker, (colour, 1), fleet),)
    )


# ---- Balchoth ---------------------------------------------------------------------------


def test_balchoth_colony_ships_are_worth_2_and_warships_4() -> None:
    state = attacked("RED")  # ORANGE attacks RED's home world
    e = encounter_of(state, Ships(0, 1, 1), "RED", "RED")
    assert combat_value(state, e, "DEFENDER", 1) == 1 + 2 + 4 + 3
    assert combat_value(state, e, "ATTACKER", 1) == 1 + 2 + 3
    red_attacks = attacked("ORANGE", "RED")
    e = encounter_of(red_attacks, Ships(1, 1, 1), "ORANGE", "ORANGE")
    assert combat_value(red_attacks, e, "ATTACKER", 2) == 2 + 2 + 4 + 3


def test_balchoth_as_an_ally_keeps_his_values_for_his_own_ships() -> None:
    state = table("BLACK RED ORANGE")
    red = pid(state, "RED")
    e = encounter_of(state, Ships(0, 1, 1), "BLACK", "BLACK")
    e = replace(
        e, allies=(Alliance(red, "ATTACKER", (Commitment(red, ("BLACK", 2), Ships(1, 1, 0)),)),)
    )
    assert combat_value(state, e, "ATTACKER", 3) == 3 + 5 + 2 + 4


def test_balchoth_in_a_combat_a_tie_that_would_be_a_loss() -> None:
    state = hands(attacked("RED"), {"ORANGE": (5,), "RED": (1,)})
    after = run(
        state,
        {"ORANGE": [attack("RED 1", ("1 L 1 M", "ORANGE 1")), o.Play("5")], "RED": [o.Play("1")]},
    )
    # 5 + 5 = 10 against 1 + 2 + 4 + 3 = 10: RED's S is worth 2, his M 4, his L 3
    assert outcome_told(after) == (
        "Outcome: Tie. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, coin 5: 10"
        " against RED 1 L 1 M 1 S = 3 + 4 + 2 = 9 (Balchoth), coin 1: 10."
    )


def test_fewer_than_two_colony_ships_at_home_lose_the_race_power() -> None:
    state = attacked("RED")
    red = pid(state, "RED")
    weak = strip_colony_ships(state, "RED")
    assert has_power(state, red, Power.STRENGTH) and not has_power(weak, red, Power.STRENGTH)
    e = encounter_of(weak, Ships(0, 1, 1), "RED", "RED")
    assert combat_value(weak, e, "DEFENDER", 1) == 1 + 1 + 2 + 3
    two = move(weak, "RED", None, ("RED", 5), S)
    assert has_power(two, red, Power.STRENGTH)


# ---- Celegorm, Mormegil ---------------------------------------------------------------------


def test_celegorm_reclaims_the_coin_he_used_unless_he_leaves_it() -> None:
    state = hands(attacked("BLACK", "GREEN"), {"GREEN": (4,), "BLACK": (1, 2)})
    green = pid(state, "GREEN")
    go = [attack("BLACK 1", ("1 L 1 M", "GREEN 1")), o.Play("4"), o.Pass()]
    after = run(state, {"GREEN": go, "BLACK": [o.Play("1")]})
    assert "GREEN reclaims the 4 coin (Celegorm)." in texts(after)
    assert 4 in after.hand(green) and after.discards == (1,)
    left = run(state, {"GREEN": [*go, o.TakeCoin(False)], "BLACK": [o.Play("1")]})
    assert sorted(left.discards) == [1, 4]
    assert conserved(after) and conserved(left)
    # a LEAVE COIN used is told as what it did, not as nothing
    always = run(
        state,
        {"GREEN": [*go, o.Standing(o.TakeCoin(False), None)], "BLACK": [o.Play("1")]},
    )
    told = [t for t in texts(always, green) if "ALWAYS LEAVE COIN: used in phase outcome" in t]
    assert len(told) == 1 and told[0].endswith(": you leave the coin: you take none."), told
    assert sorted(always.discards) == [1, 4]


def test_mormegil_claims_the_coin_his_opponent_used() -> None:
    state = hands(attacked("CLEAR", "BLACK"), {"BLACK": (5,), "CLEAR": (2,)})
    clear = pid(state, "CLEAR")
    after = run(
        state,
        {"BLACK": [attack("CLEAR 1", ("1 L 1 M", "BLACK 1")), o.Play("5")], "CLEAR": [o.Play("2")]},
    )
    assert "CLEAR claims the 5 coin of BLACK (Mormegil)." in texts(after)
    assert 5 in after.hand(clear) and after.discards == (2,)


def test_a_coin_both_celegorm_and_mormegil_want_goes_back_to_its_owner() -> None:
    state = hands(attacked("CLEAR", "GREEN"), {"GREEN": (3,), "CLEAR": (2,)})
    green, clear = pid(state, "GREEN"), pid(state, "CLEAR")
    after = run(
        state,
        {"GREEN": [attack("CLEAR 1", ("1 L 1 M", "GREEN 1")), o.Play("3")], "CLEAR": [o.Play("2")]},
    )
    assert "GREEN reclaims the 3 coin (Celegorm)." in texts(after)
    assert not any("(Mormegil)" in t for t in texts(after))
    assert 3 in after.hand(green) and len(after.hand(clear)) == 3  # drawn on his turn
    assert after.discards == (2,)  # GREEN is no Mormegil: CLEAR's coin is discarded


# ---- Druwaith -------------------------------------------------------------------------------


def test_the_druwaith_plays_after_the_reveal_and_best_is_the_lowest_coin_that_wins() -> None:
    state = hands(attacked("BLUE"), {"ORANGE": (2,), "BLUE": (1, 2, 4, 5)})
    blue = pid(state, "BLUE")
    after = run(state, {"ORANGE": [attack("BLUE 1", ("1 L 1 M", "ORANGE 1")), o.Play("2")]})
    # ORANGE's coin is in and revealed; BLUE owes his own coin, in the open
    assert after.phase is Phase.DRUWAITH and after.waiting == (blue,)
    assert after.encounter is not None and after.encounter.revealed
    assert "Coins revealed: ORANGE 2." in texts(after)
    done = run(after, {"BLUE": [o.Play("BEST")]})
    # ORANGE 5 + 2 = 7; BLUE 6 + 1 = 7 ties, 6 + 2 = 8 wins: the 2 is the lowest that wins
    assert "BLUE plays 2 after the reveal (Druwaith)." in texts(done)
    assert outcome_told(done) == (
        "Outcome: Defender has higher combat value. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, coin 2: 7"
        " against BLUE 1 L 1 M 1 S = 3 + 2 + 1 = 6, coin 2: 8."
    )


def test_a_druwaith_without_his_power_plays_in_secret_like_anyone() -> None:
    state = strip_colony_ships(hands(attacked("BLUE"), {"ORANGE": (2,), "BLUE": (1, 5)}), "BLUE")
    blue = pid(state, "BLUE")
    after = run(state, {"ORANGE": [attack("BLUE 1", ("1 L 1 M", "ORANGE 1")), o.Play("2")]})
    assert after.phase is Phase.COINS and after.waiting == (blue,)
    assert after.encounter is not None and not after.encounter.revealed


# ---- Gelmir ---------------------------------------------------------------------------------


def test_gelmir_ships_lost_defending_home_world_1_go_to_another_home_world() -> None:
    """Race chart, Gelmir: "Any ships you lose in combat are returned to your home worlds";
    sent back to the world just lost, they would stay beside the winner and that world
    could never be cleared: they go to his next home world."""
    state = hands(attacked("YELLOW"), {"ORANGE": (5,), "YELLOW": (1,)})
    yellow = pid(state, "YELLOW")
    after = run(
        state,
        {
            "ORANGE": [attack("YELLOW 1", ("1 L 1 M", "ORANGE 1")), o.Play("5"), o.Pass()],
            "YELLOW": [o.Play("1")],
        },
    )
    assert "Attacker has higher combat value." in outcome_told(after)
    assert after.at(("YELLOW", 1), yellow) == Ships()
    assert after.at(("YELLOW", 2), yellow) == Ships(2, 2, 2)
    assert any("they go home to YELLOW 2 (Gelmir)" in t for t in texts(after))
    assert after.in_void(yellow) == Ships()
    assert conserved(after)


def test_gelmir_ships_lost_in_combat_go_home_not_to_the_void() -> None:
    state = hands(attacked("YELLOW"), {"ORANGE": (5,), "YELLOW": (1,)})
    yellow = pid(state, "YELLOW")
    after = run(
        state,
        {
            "ORANGE": [attack("YELLOW 2", ("1 L 1 M", "ORANGE 1")), o.Play("5"), o.Pass()],
            "YELLOW": [o.Play("1")],
        },
    )
    assert outcome_told(after) == (
        "Outcome: Attacker has higher combat value. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, coin 5: 10"
        " against YELLOW 1 L 1 M 1 S = 3 + 2 + 1 = 6, coin 1: 7."
    )
    assert after.in_void(yellow) == Ships()
    assert after.at(("YELLOW", 1), yellow) == Ships(2, 2, 2)
    assert after.at(("YELLOW", 2), yellow) == Ships()
    assert conserved(after)


# ---- Hirilorn -------------------------------------------------------------------------------


def test_hirilorn_holds_four_coins_and_replenishes_at_the_start_of_his_turn() -> None:
    state = hands(attacked("ORANGE", "BLACK"), {"BLACK": (3, 5)})
    black = pid(state, "BLACK")
    state = replace(state, phase=Phase.DRAW)
    after = run(state, {})
    assert len(after.hand(black)) == 4 and "BLACK draws 2 coins." in texts(after)


# ---- Nirnaeth -------------------------------------------------------------------------------


def test_nirnaeth_heals_another_race_for_a_coin_a_ship() -> None:
    state = table("BLACK CLEAR ORANGE")
    state = move(state, "CLEAR", ("CLEAR", 3), None, Ships(1, 1, 1))
    state = hands(state, {"ORANGE": (5,), "BLACK": (1,), "CLEAR": (1, 2)})
    orange, clear = pid(state, "ORANGE"), pid(state, "CLEAR")
    after = run(
        state,
        {
            "ORANGE": [
                attack("BLACK 1", ("1 L 1 M", "ORANGE 1")),
                o.Play("5"),
                o.Pass(),
                o.Heal("CLEAR", 2),
            ],
            "BLACK": [o.Invite(), o.Play("1")],
        },
    )
    assert "ORANGE heals CLEAR: 1 L 1 M back from the void (Nirnaeth)." in texts(after)
    assert after.in_void(clear) == Ships(1, 0, 0)
    assert after.at(("CLEAR", 1), clear) == Ships(1, 2, 2)
    assert after.hand(clear) == () and len(after.hand(orange)) == 2
    assert conserved(after)


def test_nirnaeth_heals_no_more_ships_than_the_patient_has_coins() -> None:
    state = table("BLACK CLEAR ORANGE")
    state = move(state, "CLEAR", ("CLEAR", 3), None, Ships(1, 1, 1))
    state = hands(state, {"ORANGE": (5,), "BLACK": (1,), "CLEAR": (2,)})
    after = run(
        state,
        {
            "ORANGE": [
                attack("BLACK 1", ("1 L 1 M", "ORANGE 1")),
                o.Play("5"),
                o.Pass(),
                o.Heal("CLEAR"),
            ],
            "BLACK": [o.Invite(), o.Play("1")],
        },
    )
    assert after.in_void(pid(after, "CLEAR")) == Ships(1, 1, 0)


# ---- Pelantiri ------------------------------------------------------------------------------


def test_pelantiri_wins_with_a_diplomacy_coin_and_a_ship_involved() -> None:
    state = hands(attacked("BLACK", "PURPLE"), {"PURPLE": (DIPLOMACY,), "BLACK": (5,)})
    purple = pid(state, "PURPLE")
    after = run(
        state,
        {
            "PURPLE": [attack("BLACK 1", ("1 L 1 M", "PURPLE 1")), o.Play("DIPLOMACY"), o.Pass()],
            "BLACK": [o.Play("5")],
        },
    )
    assert outcome_told(after) == (
        "Outcome: Attacker wins. PURPLE wins with a Diplomacy coin and a"
        " ship of his own involved (Pelantiri)."
    )
    assert after.at(("BLACK", 1), purple) == Ships(0, 1, 1)
    assert not any("one per ship lost" in t for t in texts(after))  # no compensation


def test_pelantiri_diplomacy_beats_diplomacy_with_no_deal_attempted() -> None:
    """Race chart, Pelantiri: "You win combat if you play a Diplomacy coin and you have at
    least one ship involved"; against Diplomacy no combat value is computed (the chart:
    "Players attempt a deal"), so the line says what decided it, not "Defender has
    higher combat value"."""
    state = hands(attacked("PURPLE"), {"ORANGE": (DIPLOMACY,), "PURPLE": (DIPLOMACY,)})
    after = run(
        state,
        {
            "ORANGE": [attack("PURPLE 1", ("1 L 1 M", "ORANGE 1")), o.Play("DIPLOMACY")],
            "PURPLE": [o.Play("DIPLOMACY")],
        },
    )
    assert outcome_told(after) == (
        "Outcome: Defender wins. PURPLE wins with a Diplomacy coin and a"
        " ship of his own involved (Pelantiri)."
    )
    assert after.in_void(pid(after, "ORANGE")) == Ships(0, 1, 1)


def test_pelantiri_with_no_ship_of_his_own_in_the_combat_has_no_such_win() -> None:
    state = hands(attacked("PURPLE"), {"ORANGE": (1,), "PURPLE": (DIPLOMACY,)})
    state = move(state, "PURPLE", ("PURPLE", 1), ("PURPLE", 2), Ships(1, 1, 1))
    after = run(
        state,
        {
            "ORANGE": [attack("PURPLE 1", ("1 L 1 M", "ORANGE 1")), o.Play("1")],
            "PURPLE": [o.Play("DIPLOMACY")],
        },
    )
    assert "Outcome: Attacker wins." in texts(after)  # Attack / Diplomacy


# ---- Seregon --------------------------------------------------------------------------------


def test_seregon_multiplies_his_ship_values_by_his_coin() -> None:
    state = attacked("BLACK", "WHITE")
    e = encounter_of(state, Ships(0, 1, 1), "BLACK", "BLACK")
    assert combat_value(state, e, "ATTACKER", 3) == (2 + 3) * 3
    helper = pid(state, "BLACK")
    e = replace(
        e,
        allies=(Alliance(helper, "ATTACKER", (Commitment(helper, ("BLACK", 2), Ships(0, 1, 0)),)),),
    )
    assert combat_value(state, e, "ATTACKER", 3) == (2 + 3) * 3 + 2  # allies added after
    defending = attacked("WHITE")
    e = encounter_of(defending, Ships(0, 1, 1), "WHITE", "WHITE")
    assert combat_value(defending, e, "DEFENDER", 4) == (1 + 2 + 3) * 4


def test_seregon_in_a_combat_wins_what_a_sum_would_lose() -> None:
    state = hands(attacked("BLACK", "WHITE"), {"WHITE": (3,), "BLACK": (5,)})
    after = run(
        state,
        {
            "WHITE": [attack("BLACK 1", ("1 L 1 M", "WHITE 1")), o.Play("3"), o.Pass()],
            "BLACK": [o.Play("5")],
        },
    )
    assert outcome_told(after) == (  # (3 + 2) x 3 = 15 against 6 + 5 = 11
        "Outcome: Attacker has higher combat value. Combat values: "
        "WHITE 1 L 1 M = 3 + 2 = 5 x coin 3 = 15 (Seregon): 15"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, coin 5: 11."
    )


# ---- the ship chart -------------------------------------------------------------------------


def test_a_transport_is_needed_to_leave_a_system_but_not_within_one() -> None:
    state = attacked("BLACK")
    orange = pid(state, "ORANGE")
    after = run(state, {"ORANGE": [attack("BLACK 1", ("1 M", "ORANGE 1"))]})
    assert any("you must have a Transport in your fleet" in t for t in texts(after, orange))
    assert after.waiting == (orange,)
    colony = move(state, "ORANGE", ("ORANGE", 2), ("BLACK", 3), Ships(0, 1, 0))
    within = run(colony, {"ORANGE": [attack("BLACK 1", ("1 M", "BLACK 3"))]})
    assert "ORANGE makes the attack: 1 M against BLACK at BLACK 1." in texts(within)


def test_a_warship_attacks_a_colony_on_his_own_home_worlds() -> None:
    state = move(attacked("BLACK"), "BLACK", ("BLACK", 1), ("ORANGE", 3), Ships(1, 0, 0))
    orange = pid(state, "ORANGE")
    after = run(state, {"ORANGE": [attack("ORANGE 3", ("1 M", "ORANGE 1"))]})
    assert "ORANGE makes the attack: 1 M against BLACK at ORANGE 3." in texts(after)
    own = run(attacked("BLACK"), {"ORANGE": [attack("ORANGE 3", ("1 M", "ORANGE 1"))]})
    assert any("no other player has ships on ORANGE 3" in t for t in texts(own, orange))


def test_an_attack_asking_for_more_ships_than_there_are_is_reduced() -> None:
    state = attacked("BLACK")
    orange = pid(state, "ORANGE")
    after = run(state, {"ORANGE": [attack("BLACK 1", ("1 L 3 M", "ORANGE 1"))]})
    assert "ORANGE makes the attack: 1 L 1 M against BLACK at BLACK 1." in texts(after)
    assert any("reduced" in t for t in texts(after, orange))
    assert not any("reduced" in t for t in texts(after, pid(after, "BLACK")))


def test_a_player_with_no_attack_the_chart_allows_passes_his_turn() -> None:
    state = attacked("BLACK")
    for world in (1, 2, 3, 4, 5):
        state = move(state, "ORANGE", ("ORANGE", world), None, Ships(0, 1, 0))
    state = replace(state, phase=Phase.DECLARE)
    after = run(state, {})
    assert any("has no attack the ship chart allows" in t for t in texts(after))
    assert after.active == pid(after, "BLACK")


# ---- victory ----------------------------------------------------------------------------------


def colonist(state: GameState, colour: str, planets: list[tuple[str, int]]) -> GameState:
    """A colony ship of each of the player's worlds 2, 3, ... onto each planet."""
    for n, planet in enumerate(planets):
        state = move(state, colour, (colour, n + 2), planet, S)
    return state


def test_four_colonies_in_other_systems_win() -> None:
    state = table("BLACK CLEAR ORANGE")
    state = colonist(state, "ORANGE", [("BLACK", 2), ("BLACK", 3), ("CLEAR", 4)])
    state = hands(state, {"ORANGE": (5,), "BLACK": (1,)})
    orange = pid(state, "ORANGE")
    assert colonies(state, orange) == 3
    fleet = attack("BLACK 1", ("1 L 1 M 1 S", "ORANGE 1"))
    after = run(
        state, {"ORANGE": [fleet, o.Invite(), o.Play("5")], "BLACK": [o.Invite(), o.Play("1")]}
    )
    assert colonies(after, orange) == 4
    assert after.winners == (orange,) and after.finished
    assert "ORANGE wins with four colonies in other systems." in texts(after)
    assert owing(after) == [] and accepting(after) == []
    assert run(after, {"BLACK": [o.Play("1")]}).winners == (orange,)


def test_two_colony_ships_on_one_planet_are_one_colony() -> None:
    state = table("BLACK ORANGE")
    state = colonist(state, "ORANGE", [("BLACK", 2), ("BLACK", 2), ("BLACK", 3), ("BLACK", 4)])
    assert colonies(state, pid(state, "ORANGE")) == 3


def test_players_reaching_four_colonies_at_once_share_a_joint_victory() -> None:
    state = table("BLACK CLEAR ORANGE")
    state = colonist(state, "ORANGE", [("BLACK", 2), ("BLACK", 3), ("BLACK", 4)])
    state = colonist(state, "CLEAR", [("ORANGE", 3), ("ORANGE", 4), ("ORANGE", 5), ("BLACK", 5)])
    state = hands(state, {"ORANGE": (5,), "BLACK": (1,)})
    orange, clear = pid(state, "ORANGE"), pid(state, "CLEAR")
    fleet = attack("BLACK 1", ("1 L 1 M 1 S", "ORANGE 1"))
    after = run(
        state,
        {
            "ORANGE": [fleet, o.Invite(("CLEAR",)), o.Play("5")],
            "BLACK": [o.Invite(), o.Play("1")],
            "CLEAR": [o.Ally("ORANGE", (o.Group((o.ShipCount(Size.S),), o.Planet("ORANGE", 3)),))],
        },
    )
    assert after.winners == (clear, orange)
    assert "CLEAR and ORANGE win with four colonies in other systems (a joint victory)." in texts(
        after
    )


def test_an_attack_on_a_colony_in_a_third_system_is_against_the_colony_alone() -> None:
    state = table("BLACK CLEAR ORANGE")
    state = move(state, "CLEAR", ("CLEAR", 2), ("BLACK", 3), Ships(1, 1, 0))
    state = hands(state, {"ORANGE": (5,), "CLEAR": (1,)})
    orange, black, clear = pid(state, "ORANGE"), pid(state, "BLACK"), pid(state, "CLEAR")
    go = attack("BLACK 3", ("1 L 1 M", "ORANGE 1"), defender="CLEAR")
    after = run(
        state,
        {"ORANGE": [go, o.Invite(), o.Play("5"), o.Pass()], "CLEAR": [o.Invite(), o.Play("1")]},
    )
    assert "ORANGE makes the attack: 1 L 1 M against CLEAR at BLACK 3." in texts(after)
    # 5 + 5 against 1 + 1 + 2: CLEAR's colony falls, BLACK's own ships there stay
    assert after.in_void(clear) == Ships(1, 1, 0)
    assert after.at(("BLACK", 3), black) == Ships(1, 1, 1)
    assert after.at(("BLACK", 3), orange) == Ships(0, 1, 1)
    named = run(state, {"ORANGE": [attack("BLACK 4", ("1 L 1 M", "ORANGE 1"), defender="CLEAR")]})
    assert any("CLEAR has no colony on BLACK 4" in t for t in texts(named, orange))


def test_a_druwaith_attacker_waits_for_the_defenders_coin_then_plays_in_the_open() -> None:
    state = hands(attacked("BLACK", "BLUE"), {"BLUE": (1, 3, 5), "BLACK": (4,)})
    blue, black = pid(state, "BLUE"), pid(state, "BLACK")
    go = [attack("BLACK 1", ("1 L 1 M", "BLUE 1")), o.Play("BEST"), o.Pass()]
    after = run(state, {"BLUE": go})
    assert after.phase is Phase.COINS and after.waiting == (black,)  # only BLACK owes
    done = run(after, {"BLACK": [o.Play("4")]})
    # BLACK 4 + 6 = 10; BLUE 5 + 3 = 8 loses, 5 + 5 = 10 ties: none wins, a tie is best
    assert "Coins revealed: BLACK 4." in texts(done)
    assert "BLUE plays 5 after the reveal (Druwaith)." in texts(done)
    assert outcome_told(done) == (
        "Outcome: Tie. Combat values: "
        "BLUE 1 L 1 M = 3 + 2 = 5, coin 5: 10"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, coin 4: 10."
    )
    assert conserved(done)
    assert blue not in done.pending


def test_the_printout_says_the_pelantiri_coin_decided_it() -> None:
    """No "higher combat value" when the Pelantiri's Diplomacy coin won (race chart: "You
    win combat if you play a Diplomacy coin"): the run's line and the encounter's."""

    state = hands(attacked("PURPLE"), {"ORANGE": (DIPLOMACY,), "PURPLE": (DIPLOMACY,)})
    after = run(
        state,
        {
            "ORANGE": [attack("PURPLE 1", ("1 L 1 M", "ORANGE 1")), o.Play("DIPLOMACY")],
            "PURPLE": [o.Play("DIPLOMACY")],
        },
    )
    page = render_text(layout(player_printout(build_view(after, pid(after, "PURPLE")), [], CTX)))
    assert "higher combat value" not in page
    assert "Outcome: Defender wins. PURPLE wins with a Diplomacy coin" in page
    # an encounter whose outcome is decided, as its section shows it
    table5 = combat(revealed=True)
    e = replace(table5.encounter, attacker_coin=DIPLOMACY, outcome=Outcome.ATTACKER_WINS)
    decided = replace(table5, encounter=e, phase=Phase.OUTCOME)
    page = render_text(layout(player_printout(build_view(decided, "1"), [], CTX)))
    assert "higher combat value" not in page
    assert "Outcome: a Diplomacy coin with a ship involved (Pelantiri). Attacker wins." in page
