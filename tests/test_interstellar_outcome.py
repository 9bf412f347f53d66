"""The outcome chart, row by row, with the book's numbers: strengths 1/2/3, coins 1-5,
allies on both sides, defending allies' rewards, compensation, deals made by matching
DEAL orders, two ships lost with no deal, the discard pile."""

from __future__ import annotations

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
from galbatch.rules.interstellar.combat import combat_value
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import Alliance, Commitment, Encounter, GameState, Ships
from galbatch.rules.interstellar.tables import DIPLOMACY, Outcome, Size, outcome_row
from tests.test_interstellar_printout import section, text

ATTACK = attack("BLACK 1", ("1 L 1 M", "ORANGE 1"))
ALLY_M = (o.Group((o.ShipCount(Size.M),)),)


def four() -> GameState:
    """ORANGE (Nirnaeth, moves first) attacks BLACK 1 (Hirilorn); CLEAR (Mormegil) has a
    warship on ORANGE 3 to help the attacker (the fleet has a Transport), WHITE (Seregon,
    worth nothing more as an ally) a warship on BLACK 2 to help the defender."""
    state = table("BLACK CLEAR WHITE ORANGE")
    state = move(state, "CLEAR", ("CLEAR", 1), ("ORANGE", 3), Ships(0, 1, 0))
    state = move(state, "WHITE", ("WHITE", 1), ("BLACK", 2), Ships(0, 1, 0))
    return hands(state, {"ORANGE": (1, 3, 5), "BLACK": (1, 2, 5)})


def fight(state: GameState, orange: str, black: str, **more: list[o.Order]) -> GameState:
    """The encounter with both allies, ORANGE and BLACK playing these coins."""
    orders: dict[str, list[o.Order]] = {
        "ORANGE": [ATTACK, o.Invite(("CLEAR",)), o.Play(orange), *more.get("ORANGE", [])],
        "BLACK": [o.Invite(("WHITE",)), o.Play(black), *more.get("BLACK", [])],
        "CLEAR": [o.Ally("ORANGE", ALLY_M)],
        "WHITE": [o.Ally("BLACK", ALLY_M), *more.get("WHITE", [])],
    }
    after = run(state, orders)
    assert conserved(after)
    return after


def ids(state: GameState) -> tuple[str, str, str, str]:
    """The ids of ORANGE, BLACK, CLEAR and WHITE."""
    return pid(state, "ORANGE"), pid(state, "BLACK"), pid(state, "CLEAR"), pid(state, "WHITE")


def test_combat_values_are_the_coin_and_the_ship_charts_strengths_1_2_3() -> None:
    state = four()
    orange, black, clear, _ = ids(state)
    fleet = (Commitment(orange, ("ORANGE", 1), Ships(1, 1, 1)),)
    e = Encounter(1, orange, black, ("BLACK", 1), fleet)
    assert combat_value(state, e, "ATTACKER", 4) == 4 + 1 + 2 + 3
    assert combat_value(state, e, "DEFENDER", 1) == 1 + 6  # BLACK 1's S M L
    helper = Alliance(clear, "ATTACKER", (Commitment(clear, ("ORANGE", 3), Ships(2, 1, 0)),))
    allied = Encounter(1, orange, black, ("BLACK", 1), fleet, allies=(helper,))
    assert combat_value(state, allied, "ATTACKER", 5) == 5 + 6 + 2 + 2


def test_attacker_wins_all_attacking_ships_move_onto_the_planet_defenders_to_the_void() -> None:
    after = fight(four(), "5", "1")  # 5 + 5 + CLEAR's 2 = 12 against 1 + 6 + WHITE's 2 = 9
    orange, black, clear, white = ids(after)
    assert outcome_told(after) == (
        "Outcome: Attacker has higher combat value. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, ally CLEAR 1 M = 2, coin 5: 12"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, ally WHITE 1 M = 2, coin 1: 9."
    )  # WHITE's Seregon power does nothing for an ally playing no coin
    assert after.at(("BLACK", 1), orange) == Ships(0, 1, 1)
    assert after.at(("BLACK", 1), clear) == Ships(0, 1, 0)  # allies move in too
    assert after.at(("BLACK", 1), black) == Ships()
    assert after.in_void(black) == Ships(1, 1, 1)
    assert after.in_void(white) == Ships(0, 1, 0)  # defending allies too
    assert sorted(after.discards) == [1, 5]
    assert after.phase is Phase.SECOND_ATTACK  # a win: the attacker may attack again


def test_defender_wins_attackers_to_the_void_and_defending_allies_rewarded() -> None:
    state = four()
    after = fight(state, "1", "5")  # 1 + 5 + 2 = 8 against 5 + 6 + 2 = 13
    orange, black, clear, white = ids(after)
    assert outcome_told(after) == (
        "Outcome: Defender has higher combat value. Combat values: "
        "ORANGE 1 L 1 M = 3 + 2 = 5, ally CLEAR 1 M = 2, coin 1: 8"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, ally WHITE 1 M = 2, coin 5: 13."
    )
    assert after.in_void(orange) == Ships(0, 1, 1)
    assert after.in_void(clear) == Ships(0, 1, 0)
    assert after.at(("BLACK", 1), black) == Ships(1, 1, 1)
    assert after.at(("BLACK", 2), white) == Ships(0, 1, 0)  # sent back where it came from
    # one coin for the one ship committed (none of his in the void to take back)
    assert len(after.hand(white)) == len(state.hand(white)) + 1
    assert after.active == black  # no second attack after a loss


def test_a_defending_ally_takes_his_ships_back_from_the_void_first_or_coins() -> None:
    state = move(four(), "WHITE", ("WHITE", 3), None, Ships(1, 0, 1))
    white = pid(state, "WHITE")
    after = fight(state, "1", "5")
    assert after.in_void(white) == Ships(1, 0, 0)  # the largest came back: the L
    assert after.at(("WHITE", 1), white) == Ships(1, 0, 2)
    coins = fight(state, "1", "5", WHITE=[o.Reward(coins=True)])
    assert coins.in_void(white) == Ships(1, 0, 1)
    assert len(coins.hand(white)) == len(state.hand(white)) + 1


def test_a_tie_sends_every_ship_back_to_its_planet() -> None:
    state = four()
    after = fight(state, "3", "2")  # 3 + 5 + 2 = 10 against 2 + 6 + 2 = 10
    assert outcome_told(after) == (
        "Outcome: Tie. Combat values: ORANGE 1 L 1 M = 3 + 2 = 5, ally CLEAR 1 M = 2, coin 3: 10"
        " against BLACK 1 L 1 M 1 S = 3 + 2 + 1 = 6, ally WHITE 1 M = 2, coin 2: 10."
    )
    for colour in ("ORANGE", "BLACK", "CLEAR", "WHITE"):
        p = pid(state, colour)
        assert {k: v.get(p) for k, v in after.ships.items() if p in v} == {
            k: v.get(p) for k, v in state.ships.items() if p in v
        }
    assert after.void == {}
    assert after.active == pid(after, "BLACK")


def diplomacy(state: GameState) -> GameState:
    """Both main combatants hold Diplomacy coins and more."""
    return hands(state, {"ORANGE": (DIPLOMACY, 1, 2), "BLACK": (DIPLOMACY, 3, 4)})


def test_diplomacy_against_diplomacy_waits_for_both_deals() -> None:
    after = fight(diplomacy(four()), "DIPLOMACY", "DIPLOMACY")
    orange, black, _, _ = ids(after)
    assert after.phase is Phase.DEAL and after.waiting == (orange, black)
    one = run(after, {"ORANGE": [o.Deal(())]})
    assert one.waiting == (black,)
    assert one.pending[orange] == (o.Deal(()),)  # kept until the deal is made


def test_a_deal_is_two_matching_deal_orders_and_its_terms_are_carried_out() -> None:
    state = move(diplomacy(four()), "BLACK", ("BLACK", 4), None, Ships(1, 1, 0))
    orange, black, _, _ = ids(state)
    after = fight(state, "DIPLOMACY", "DIPLOMACY")
    terms = (
        o.GiveCoins("ORANGE", 1),
        o.AllowColony("ORANGE", o.Planet("BLACK", 3)),
        o.ReturnShips("BLACK", 1),
    )
    same = (terms[2], terms[0], terms[1])  # the same terms in another order
    made = run(
        after,
        {
            "ORANGE": [o.Deal((o.GiveCoins("ORANGE", 2),)), o.Deal(terms)],
            "BLACK": [o.Deal(same)],
        },
    )
    assert "Outcome: Deal reached." in texts(made)
    assert "Deal reached: " + o.Deal(terms).text() + "." in texts(made)
    assert made.at(("BLACK", 3), orange) == Ships(1, 0, 0)  # a colony, from his home world
    assert made.at(("ORANGE", 1), orange) == Ships(0, 1, 1)  # the fleet back, less the S
    assert made.in_void(black) == Ships(1, 0, 0)  # the M came back
    # ORANGE gave one of his two coins left (BLACK, the Hirilorn, then drew up to four)
    assert "ORANGE gives BLACK 1 coin (the deal)." in texts(made)
    assert len(made.hand(orange)) == 1
    assert made.active == black and conserved(made)


def test_no_deal_costs_both_main_combatants_two_ships() -> None:
    after = fight(diplomacy(four()), "DIPLOMACY", "DIPLOMACY")
    orange, black, clear, white = ids(after)
    done = run(
        after,
        {
            "ORANGE": [o.Deal((o.GiveCoins("ORANGE", 1),))],
            "BLACK": [o.Deal((o.GiveCoins("ORANGE", 2),))],
        },
    )
    assert "No deal is reached." in texts(done)
    assert "Both players lose 2 ships" in outcome_row(Outcome.NO_DEAL).result
    # ORANGE's two from the fleet (M before L); BLACK's two from the target, S and M
    assert done.in_void(orange) == Ships(0, 1, 1)
    assert done.in_void(black) == Ships(1, 1, 0)
    assert done.at(("BLACK", 1), black) == Ships(0, 0, 1)
    # the allies lose nothing and go home
    assert done.at(("ORANGE", 3), clear) == Ships(0, 1, 0)
    assert done.at(("BLACK", 2), white) == Ships(0, 1, 0)
    assert sorted(done.discards) == [DIPLOMACY, DIPLOMACY] and conserved(done)


def test_no_deal_takes_from_home_then_colonies_when_the_encounter_has_too_few() -> None:
    state = diplomacy(four())
    orange, black, _, _ = ids(state)
    state = move(state, "BLACK", ("BLACK", 1), None, Ships(1, 1, 0))  # one L left there
    after = fight(state, "DIPLOMACY", "DIPLOMACY")
    done = run(after, {"ORANGE": [o.NoDeal()], "BLACK": [o.Deal(())]})
    assert "No deal is reached." in texts(done)
    assert done.at(("BLACK", 1), black) == Ships()
    assert done.at(("BLACK", 2), black) == Ships(0, 1, 1)  # world 2's S: the smallest
    assert done.in_void(black) == Ships(2, 1, 1)


def test_attack_coin_against_diplomacy_the_defender_is_paid_a_coin_per_ship_lost() -> None:
    state = hands(four(), {"ORANGE": (1, 2, 3, 4, 5), "BLACK": (DIPLOMACY,)})
    orange, black, _, white = ids(state)
    after = fight(state, "1", "DIPLOMACY")  # values do not count: the attack coin wins
    assert after.encounter is not None
    assert after.encounter.outcome is Outcome.ATTACK_COIN_ATTACKER_WINS
    assert after.at(("BLACK", 1), orange) == Ships(0, 1, 1)
    assert after.in_void(black) == Ships(1, 1, 1) and after.in_void(white) == Ships(0, 1, 0)
    # three ships of his own lost (not the ally's): three coins from ORANGE's hand
    assert len(after.hand(black)) == 3 and len(after.hand(orange)) == 1
    assert "ORANGE gives BLACK 3 coins (one per ship lost)." in texts(after)


def test_diplomacy_against_an_attack_coin_the_defender_wins_and_pays_the_attacker() -> None:
    state = hands(four(), {"ORANGE": (DIPLOMACY,), "BLACK": (1, 2, 3)})
    orange, black, clear, white = ids(state)
    after = fight(state, "DIPLOMACY", "1")
    assert "Outcome: Defender wins." in texts(after)  # the Attack / Diplomacy row
    # house rule: the defender won, so the attackers go to the void, allies too
    assert after.in_void(orange) == Ships(0, 1, 1) and after.in_void(clear) == Ships(0, 1, 0)
    assert after.at(("BLACK", 1), black) == Ships(1, 1, 1)
    assert "BLACK gives ORANGE 2 coins (one per ship lost)." in texts(after)
    assert len(after.hand(orange)) == 2
    assert len(after.hand(white)) == len(state.hand(white)) + 1  # the ally's reward


def test_compensation_is_no_more_than_the_winner_holds_and_what_is_unpaid_is_told() -> None:
    state = hands(four(), {"ORANGE": (1,), "BLACK": (DIPLOMACY,)})
    after = fight(state, "1", "DIPLOMACY")
    black = pid(after, "BLACK")
    assert len(after.hand(black)) == 0 and conserved(after)
    unpaid = (
        "ORANGE owes BLACK 3 coins (one per ship lost) and holds none: nothing is paid"
        " (house rule: never more than he holds)."
    )
    assert unpaid in texts(after)  # public: every player sees it
    assert unpaid in " ".join(section(text(after, black), "EVENTS OF THIS RUN").split())
    partly = fight(hands(four(), {"ORANGE": (1, 4), "BLACK": (DIPLOMACY,)}), "1", "DIPLOMACY")
    told = texts(partly)
    owes = (
        "ORANGE owes BLACK 3 coins (one per ship lost) and holds only 1: 1 paid, 2 not"
        " (house rule: never more than he holds)."
    )
    assert told.index(owes) + 1 == told.index("ORANGE gives BLACK 1 coin (one per ship lost).")
    assert len(partly.hand(black)) == 1
    # paid in full, nothing is owed
    full = fight(hands(four(), {"ORANGE": (1, 2, 3, 4), "BLACK": (DIPLOMACY,)}), "1", "DIPLOMACY")
    assert not any(" owes " in t for t in texts(full))


def test_an_ally_joins_one_side_only_the_one_that_invited_him() -> None:
    state = four()
    orange, black, clear, white = ids(state)
    orders: dict[str, list[o.Order]] = {
        "ORANGE": [ATTACK, o.Invite(("CLEAR", "WHITE")), o.Play("3")],
        "BLACK": [o.Invite(("WHITE",)), o.Play("2")],
        "CLEAR": [o.Ally("BLACK", ALLY_M)],  # BLACK did not invite CLEAR
        "WHITE": [o.Ally("DEFENDER", ALLY_M), o.Ally("ATTACKER", ALLY_M)],
    }
    after = run(state, orders)
    e = after.encounter
    assert e is not None
    assert [(a.player, a.side) for a in e.allies] == [(white, "DEFENDER")]
    assert after.waiting == (clear,)  # his ALLY answers no invitation he has
    assert after.pending[white] == (o.Ally("ATTACKER", ALLY_M),)  # one side only


def test_allies_offer_colony_ships_and_warships_only() -> None:
    state = move(four(), "WHITE", ("WHITE", 2), ("BLACK", 2), Ships(1, 0, 1))
    white = pid(state, "WHITE")
    big = (o.Group((o.ShipCount(Size.L), o.ShipCount(Size.M), o.ShipCount(Size.S))),)
    after = run(
        state,
        {
            "ORANGE": [ATTACK, o.Invite(), o.Play("3")],
            "BLACK": [o.Invite(("WHITE",))],
            "WHITE": [o.Ally("BLACK", big)],
        },
    )
    e = after.encounter
    assert e is not None
    assert [c.ships for a in e.allies for c in a.ships] == [Ships(1, 1, 0)]
    assert after.at(("BLACK", 2), white) == Ships(0, 0, 1)  # the L stays
    assert any("reduced" in t for t in texts(after, white))


def test_defending_allies_ships_come_from_the_attacked_system() -> None:
    state = table("BLACK CLEAR WHITE ORANGE")  # WHITE has ships only at home
    after = run(
        state,
        {
            "ORANGE": [ATTACK, o.Invite(), o.Play("3")],
            "BLACK": [o.Invite(("WHITE",))],
        },
    )
    assert any("WHITE has no colony ship or warship" in t for t in texts(after))


def test_attacking_allies_from_the_origin_system_only_with_a_transport() -> None:
    state = four()  # CLEAR's warship is on ORANGE 3, the fleet's system
    state = move(state, "ORANGE", ("ORANGE", 2), ("BLACK", 4), Ships(0, 1, 0))
    clear = pid(state, "CLEAR")
    no_transport = attack("BLACK 1", ("1 M", "BLACK 4"))  # from a colony, in the system
    after = run(
        state,
        {
            "ORANGE": [no_transport, o.Invite(("CLEAR",)), o.Play("3")],
            "BLACK": [o.Invite()],
            "CLEAR": [o.Ally("ORANGE", (o.Group((o.ShipCount(Size.M),), o.Planet("ORANGE", 3)),))],
        },
    )
    assert any("CLEAR has no colony ship or warship" in t for t in texts(after))
    with_transport = run(
        state,
        {
            "ORANGE": [ATTACK, o.Invite(("CLEAR",)), o.Play("3")],
            "BLACK": [o.Invite()],
            "CLEAR": [o.Ally("ORANGE", (o.Group((o.ShipCount(Size.M),), o.Planet("ORANGE", 3)),))],
        },
    )
    e = with_transport.encounter
    assert e is not None and [a.player for a in e.allies] == [clear]


def test_standing_ally_orders_answer_only_the_invitations_their_condition_names() -> None:
    state = four()
    white = pid(state, "WHITE")
    standing = [
        always(o.Decline(), o.Condition("INVITED", "ORANGE")),
        always(o.Ally("BLACK", ALLY_M), o.Condition("INVITED", "BLACK", "ORANGE")),
    ]
    after = run(
        state,
        {
            "ORANGE": [ATTACK, o.Invite(), o.Play("3")],
            "BLACK": [o.Invite(("WHITE",))],
            "WHITE": standing,
        },
    )
    e = after.encounter
    assert e is not None and [a.player for a in e.allies] == [white]
