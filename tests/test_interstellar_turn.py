"""Interstellar Conquest's phase machine: runs resolve phases while the owing players have
orders (pending, standing or the house default), stop for exactly the players whose
decision is missing, keep coins secret until both are in, and repeat exactly."""

from __future__ import annotations

from dataclasses import replace

from interstellar_table import (
    always,
    attack,
    conserved,
    hands,
    move,
    outcome_told,
    pid,
    run,
    table,
    texts,
)

from galbatch.rules.interstellar import orders as o
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.progress import accepting, owing
from galbatch.rules.interstellar.state import GameState, Ships
from galbatch.rules.interstellar.tables import DIPLOMACY, Outcome, Size
from galbatch.rules.interstellar.view import build_view

ATTACKED = o.Condition("ATTACKED")


def three() -> GameState:
    """BLACK (Hirilorn), CLEAR (Mormegil), ORANGE (Nirnaeth): ORANGE moves first. CLEAR
    has a warship on BLACK 2, so that he may ally in BLACK's system."""
    state = table("BLACK CLEAR ORANGE")
    state = move(state, "CLEAR", ("CLEAR", 1), ("BLACK", 2), Ships(0, 1, 0))
    return hands(state, {"ORANGE": (3, 4), "BLACK": (2, 5), "CLEAR": (1,)})


ORANGE_ATTACK = attack("BLACK 1", ("1 L 1 M", "ORANGE 1"))


def test_standing_orders_resolve_a_whole_encounter_in_one_run() -> None:
    state = three()
    black = [
        always(o.Invite(everybody=True), ATTACKED),
        always(o.Play("LOWEST"), ATTACKED),
    ]
    clear = [
        always(o.Ally("BLACK", (o.Group((o.ShipCount(Size.M),)),)), o.Condition("INVITED", "BLACK"))
    ]
    orange = [ORANGE_ATTACK, o.Invite(), o.Play("3"), o.Pass()]
    after = run(state, {"BLACK": black, "CLEAR": clear, "ORANGE": orange})
    # ORANGE 1 L + 1 M = 5, coin 3: 8; BLACK 1 S M L = 6, coin 2, CLEAR's M 2: 10
    assert outcome_told(after) == (
        "Outcome: Defender has higher combat value. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, coin 3: 8"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, ally CLEAR 1 M = 2, coin 2: 10."
    )
    assert after.in_void(pid(after, "ORANGE")) == Ships(0, 1, 1)
    assert after.at(("BLACK", 2), pid(after, "CLEAR")) == Ships(0, 1, 0)  # back, rewarded
    assert len(after.hand(pid(after, "CLEAR"))) == 2  # one coin for one ship committed
    assert sorted(after.discards) == [2, 3]
    # the next player's turn has begun: BLACK (Hirilorn) drew four, and owes his attack
    assert after.player_turn == 2 and after.active == pid(after, "BLACK")
    assert len(after.hand(pid(after, "BLACK"))) == 4  # his 5 kept, three drawn up to four
    assert "BLACK draws 3 coins." in texts(after)
    assert after.phase is Phase.DECLARE and after.waiting == (pid(after, "BLACK"),)
    assert after.standing[pid(after, "BLACK")] == tuple(black)  # standing orders are kept
    assert conserved(after)


def test_a_run_stops_for_the_one_player_whose_decision_is_missing() -> None:
    state = three()
    black = [always(o.Invite(), ATTACKED), always(o.Play("HIGHEST"), ATTACKED)]
    orange = [ORANGE_ATTACK, o.Invite(everybody=True), o.Play("4")]
    after = run(state, {"BLACK": black, "ORANGE": orange})
    clear = pid(after, "CLEAR")
    assert after.phase is Phase.ALLIANCE and after.waiting == (clear,)
    assert owing(after) == [clear]
    assert accepting(after) == [clear, pid(after, "BLACK"), pid(after, "ORANGE")]
    assert build_view(after, clear)["owes"]["phase"] == "alliance"
    assert build_view(after, pid(after, "BLACK"))["owes"] is None
    # ORANGE's coin waits, pending, for the coin phase
    assert after.pending[pid(after, "ORANGE")] == (o.Play("4"),)
    later = run(after, {"CLEAR": [o.Decline()]})
    assert "CLEAR declines." in texts(later)
    assert later.encounter is None or later.encounter.outcome is not None
    assert outcome_told(later) == (
        "Outcome: Defender has higher combat value. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, coin 4: 9"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, coin 5: 11."
    )
    assert conserved(later)


def test_a_coin_is_secret_until_both_are_in() -> None:
    state = three()
    after = run(state, {"ORANGE": [ORANGE_ATTACK, o.Invite(), o.Play("3")], "BLACK": [o.Invite()]})
    orange, black = pid(after, "ORANGE"), pid(after, "BLACK")
    assert after.phase is Phase.COINS and after.waiting == (black,)
    e = after.encounter
    assert e is not None and e.attacker_coin == 3 and not e.revealed
    assert "ORANGE has chosen a coin." in texts(after)
    assert "You play 3." in texts(after, orange)
    assert all("3" not in t for t in texts(after, black) if "coin" in t.lower())
    assert build_view(after, black)["encounter"]["attacker_coin"] == "chosen"
    assert build_view(after, orange)["encounter"]["attacker_coin"] == 3
    later = run(after, {"BLACK": [o.Play("5")]})
    assert "Coins revealed: ORANGE 3, BLACK 5." in texts(later)


def test_the_same_state_and_orders_give_the_same_next_state() -> None:
    state = three()
    orders: dict[str, list[o.Order]] = {
        "ORANGE": [ORANGE_ATTACK, o.Invite(everybody=True), o.Play("HIGHEST")],
        "BLACK": [o.Invite(everybody=True), o.Play("DIPLOMACY")],
        "CLEAR": [always(o.Decline())],
    }
    first, second = run(state, orders), run(state, orders)
    assert first.to_data() == second.to_data()
    assert first.events == second.events


def test_a_new_file_replaces_pending_orders_and_cancel_removes_standing_ones() -> None:
    state = three()
    clear = pid(state, "CLEAR")
    after = run(state, {"CLEAR": [o.Play("1"), always(o.Decline()), always(o.Pass())]})
    assert after.pending[clear] == (o.Play("1"),)
    assert after.standing[clear] == (always(o.Decline()), always(o.Pass()))
    again = run(after, {"CLEAR": [o.Cancel(1), always(o.Play("BEST"))]})
    assert clear not in again.pending
    assert again.standing[clear] == (always(o.Pass()), always(o.Play("BEST")))
    none = run(again, {"CLEAR": [o.Cancel()]})
    assert clear not in none.standing


def test_pending_orders_not_needed_in_a_turn_are_dropped_for_those_who_owed_a_phase() -> None:
    state = three()
    black, clear = pid(state, "BLACK"), pid(state, "CLEAR")
    # BLACK defends (owes) and sends next turn's attack too; CLEAR owes nothing this turn
    after = run(
        state,
        {
            "ORANGE": [ORANGE_ATTACK, o.Invite(), o.Play("3"), o.Pass()],
            "BLACK": [o.Invite(), o.Play("5"), attack("CLEAR 1", ("1 L 1 M", "BLACK 2"))],
            "CLEAR": [o.Play("1")],
        },
    )
    assert after.active == black and after.player_turn == 2
    assert black not in after.pending  # his ATTACK was not needed in ORANGE's turn
    assert after.pending[clear] == (o.Play("1"),)
    assert after.waiting == (black,)


def test_the_attacker_may_invite_nobody_by_default_but_the_defender_is_waited_for() -> None:
    state = three()
    after = run(state, {"ORANGE": [ORANGE_ATTACK]})
    assert "ORANGE invites nobody." in texts(after)
    assert after.phase is Phase.INVITE_DEFENDER and after.waiting == (pid(after, "BLACK"),)


def test_an_invited_player_with_no_ships_where_allies_may_come_from_declines() -> None:
    state = table("BLACK CLEAR ORANGE")  # CLEAR has nothing in BLACK's or ORANGE's system
    state = hands(state, {"ORANGE": (3,), "BLACK": (2,)})
    after = run(
        state,
        {
            "ORANGE": [ORANGE_ATTACK, o.Invite(everybody=True), o.Play("3")],
            "BLACK": [o.Invite(), o.Play("2")],
        },
    )
    assert any("CLEAR has no colony ship or warship" in t for t in texts(after))
    e = after.encounter
    assert e is None or pid(after, "CLEAR") not in [a.player for a in e.allies]


def test_two_players_have_no_one_to_invite() -> None:
    state = hands(table("BLACK ORANGE"), {"ORANGE": (3,), "BLACK": (2,)})
    after = run(state, {"ORANGE": [ORANGE_ATTACK, o.Play("3")], "BLACK": [o.Play("2")]})
    assert not any("invites" in t for t in texts(after))
    assert outcome_told(after) == (
        "Outcome: Tie. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, coin 3: 8"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, coin 2: 8."
    )


def test_a_refused_attack_is_told_to_its_player_alone_and_the_run_waits() -> None:
    state = three()
    orange = pid(state, "ORANGE")
    no_warship = attack("BLACK 1", ("1 L 1 S", "ORANGE 1"))
    after = run(state, {"ORANGE": [no_warship]})
    refused = [e for e in after.events if e.kind == "refused"]
    assert len(refused) == 1 and refused[0].seen_by == (orange,)
    assert "you must have a Warship in your fleet" in refused[0].text
    assert after.phase is Phase.DECLARE and after.waiting == (orange,)
    assert orange not in after.pending  # the refused order is used up


def test_a_second_attack_follows_a_win_and_pass_ends_the_turn() -> None:
    state = hands(three(), {"BLACK": (DIPLOMACY, 5)})
    orange = [ORANGE_ATTACK, o.Invite(), o.Play("4")]
    after = run(state, {"ORANGE": orange, "BLACK": [o.Invite(), o.Play("DIPLOMACY")]})
    # 4 against Diplomacy: the attack coin wins
    e = after.encounter
    assert e is not None and e.outcome is Outcome.ATTACK_COIN_ATTACKER_WINS
    assert after.phase is Phase.SECOND_ATTACK and after.waiting == (pid(after, "ORANGE"),)
    done = run(after, {"ORANGE": [o.Pass()]})
    assert "ORANGE makes no second attack." in texts(done)
    assert done.active == pid(done, "BLACK")


def test_the_second_attack_is_attack_two_and_then_the_turn_passes() -> None:
    state = three()
    orange = [
        ORANGE_ATTACK,
        o.Invite(),
        o.Play("4"),
        attack("BLACK 3", ("1 M", "BLACK 1"), again=True),
        always(o.Play("3"), o.Condition("ATTACKING")),
    ]
    after = run(state, {"ORANGE": orange, "BLACK": [always(o.Invite()), always(o.Play("LOWEST"))]})
    second = [t for t in texts(after) if "makes the second attack" in t]
    assert second == ["ORANGE makes the second attack: 1 M against BLACK at BLACK 3."]
    assert after.active == pid(after, "BLACK") and after.player_turn == 2
    assert conserved(after)


def test_no_second_attack_after_a_tie() -> None:
    state = hands(three(), {"ORANGE": (3,), "BLACK": (2,)})
    # ORANGE 1 L 1 M = 5, and 3: 8; BLACK 1 S M L = 6, and 2: 8
    after = run(
        state,
        {"ORANGE": [ORANGE_ATTACK, o.Invite(), o.Play("3")], "BLACK": [o.Invite(), o.Play("2")]},
    )
    assert outcome_told(after) == (
        "Outcome: Tie. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, coin 3: 8"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, coin 2: 8."
    )
    assert after.active == pid(after, "BLACK")  # no second attack


def test_the_reclaim_waits_for_the_attack_then_takes_the_largest_ship_by_default() -> None:
    state = move(three(), "ORANGE", ("ORANGE", 2), None, Ships(1, 1, 1))
    state = replace(state, phase=Phase.RECLAIM)  # the reclaim of ORANGE's turn
    after = run(state, {})
    orange = pid(after, "ORANGE")
    assert after.phase is Phase.RECLAIM and after.waiting == (orange,)
    later = run(after, {"ORANGE": [ORANGE_ATTACK]})
    assert "ORANGE reclaims 1 L from the void to ORANGE 1 (by default)." in texts(later)
    ordered = run(after, {"ORANGE": [o.Reclaim(Size.S, o.Planet("ORANGE", 4)), ORANGE_ATTACK]})
    assert "ORANGE reclaims 1 S from the void to ORANGE 4 (as ordered)." in texts(ordered)
    assert ordered.in_void(orange) == Ships(0, 1, 1)


def test_a_player_with_no_coins_draws_three_at_the_start_of_his_turn() -> None:
    state = hands(three(), {"ORANGE": ()})
    state = replace(state, phase=Phase.DRAW)
    after = run(state, {})
    assert len(after.hand(pid(after, "ORANGE"))) == 3
    assert "ORANGE draws 3 coins." in texts(after)


def test_the_discards_go_back_into_the_bag_when_it_is_empty() -> None:
    state = hands(three(), {"ORANGE": ()})
    state = replace(state, phase=Phase.DRAW, discards=state.bag[1:], bag=state.bag[:1])
    after = run(state, {})
    assert len(after.hand(pid(after, "ORANGE"))) == 3
    assert any("discarded coins go back in" in t for t in texts(after))
    assert after.discards == () and conserved(after)


def test_a_run_of_standing_orders_alone_plays_one_round_and_owes_nobody() -> None:
    state = table("BLACK CLEAR ORANGE")
    everyone = [
        always(o.Play("HIGHEST")),
        always(o.Invite()),
        always(o.Decline()),
        always(o.Deal(())),
        always(o.Pass()),
    ]
    orders = {
        "BLACK": [always(attack("CLEAR 1", ("1 L 1 M", ""))), *everyone],
        "CLEAR": [always(attack("ORANGE 1", ("1 L 1 M", ""))), *everyone],
        "ORANGE": [always(attack("BLACK 1", ("1 L 1 M", ""))), *everyone],
    }
    after = run(state, orders)
    assert after.player_turn == 4 and after.phase is Phase.DRAW
    assert after.active == pid(after, "ORANGE")  # the round came back to him
    assert after.waiting == () and owing(after) == []
    assert "The run stops after 3 turns, at the start of the next." in texts(after)
    assert len([t for t in texts(after) if "makes the attack" in t]) == 3
    going_on = run(after, {})
    assert going_on.player_turn == 7 and conserved(going_on)


def test_a_nirnaeth_looking_on_keeps_his_orders_for_his_own_turn() -> None:
    state = hands(table("ORANGE BLACK CLEAR"), {"CLEAR": (5,), "BLACK": (1,)})
    state = move(state, "BLACK", ("BLACK", 5), None, Ships(1, 0, 0))
    after = run(
        state,
        {
            "CLEAR": [attack("BLACK 1", ("1 L 1 M", "CLEAR 1")), o.Play("5"), o.Pass()],
            "BLACK": [o.Invite(), o.Play("1")],
            "ORANGE": [attack("BLACK 2", ("1 L 1 M", "ORANGE 1"))],
        },
    )
    # BLACK has a ship in the void, so ORANGE might have healed at the outcome: that
    # choice waits for no one, and his attack is still his when his turn comes
    assert "ORANGE makes the attack: 1 L 1 M against BLACK at BLACK 2." in texts(after)


def test_a_combatant_without_coins_draws_a_hand_before_choosing_only_once() -> None:
    state = hands(three(), {"ORANGE": (3,), "BLACK": ()})
    orange, black = pid(state, "ORANGE"), pid(state, "BLACK")
    after = run(state, {"ORANGE": [ORANGE_ATTACK, o.Invite(), o.Play("3")], "BLACK": [o.Invite()]})
    assert after.waiting == (black,) and len(after.hand(black)) == 4  # the Hirilorn's four
    assert after.hand(orange) == ()  # he played his only coin
    later = run(after, {})
    assert later.hand(orange) == () and later.waiting == (black,)
    assert conserved(later)


def test_a_coin_not_held_plays_the_nearest_below_else_above() -> None:
    from galbatch.rules.interstellar.coins import choose

    assert choose((1, 2, 5), "4") == 2
    assert choose((5,), "3") == 5
    assert choose((DIPLOMACY,), "3") == DIPLOMACY
    assert choose((2, 4), "DIPLOMACY") == 2
    assert choose((DIPLOMACY, 2, 4), "HIGHEST") == 4
    assert choose((DIPLOMACY, 2, 4), "LOWEST") == 2
    assert choose((DIPLOMACY,), "LOWEST") == DIPLOMACY
    assert choose((1, 3, 5), "BEST", {1: -1, 3: 0, 5: 1}) == 5
    assert choose((1, 3, 5), "BEST", {1: -1, 3: 0, 5: 0}) == 3
    assert choose((DIPLOMACY, 3), "BEST", {0: -1, 3: -1}) == DIPLOMACY
