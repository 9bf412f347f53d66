"""What a player is told of his orders, through the turn and the printouts: every order used
(the phase, what it did), refused, dropped (and why) or kept pending; a RECLAIM alone
resolves the reclaim; a refused ALLY declines, saying why; the combat values with their
sums; the game master's printout in the third person."""

from __future__ import annotations

from dataclasses import replace

import pytest
from interstellar_table import hands, move, outcome_told, pid, run, table, texts

from galbatch.print.page import layout, render_text
from galbatch.rules.interstellar import house
from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.printout import gm_printout
from galbatch.rules.interstellar.state import GameState, Ships
from tests.test_interstellar_language import one
from tests.test_interstellar_printout import CTX, section, text

RED_ATTACK = "ATTACK BLUE 3 WITH 1 L 1 M FROM RED 1"
BLUE_AHEAD = "ATTACK GREEN 3 WITH 1 L 1 M FROM BLUE 3"
HOUSE_DROP = "orders not used by then are dropped (house rule)"


def orders(*lines: str) -> list[object]:
    return [one(line) for line in lines]


def gm(state: GameState) -> str:
    return render_text(layout(gm_printout(state, CTX)))


def red_attacks_blue() -> GameState:
    """GREEN, BLUE (Druwaith), RED (Balchoth, the last seat, moving first): RED attacks
    BLUE 3 with 1 L 1 M and plays 3; BLUE, defending, also sends his own turn's ATTACK."""
    state = hands(table("GREEN BLUE RED"), {"RED": (3,), "BLUE": (1, 2, 4)})
    return run(
        state,
        {
            "RED": orders(RED_ATTACK, "PLAY 3"),
            "BLUE": orders("INVITE NOBODY", "PLAY BEST", BLUE_AHEAD),
        },
    )


def test_an_order_sent_ahead_by_a_defender_is_dropped_and_he_is_told_why() -> None:
    after = red_attacks_blue()
    blue = pid(after, "BLUE")
    # RED 3 + 2 = 5 with coin 3: 8; BLUE 3 + 2 + 1 = 6: 1 loses, 2 ties, 4 wins (BEST)
    assert "BLUE plays 4 after the reveal (Druwaith)." in texts(after)
    assert after.active == pid(after, "GREEN") and after.phase is Phase.DECLARE
    assert blue not in after.pending
    dropped = (
        f"{BLUE_AHEAD}: dropped: you owed a decision in RED's turn (the run waited for you,"
        f" or an order you sent answered a phase of yours), and {HOUSE_DROP}."
    )
    assert dropped in texts(after, blue)
    assert dropped not in texts(after, pid(after, "GREEN"))
    told = section(text(after, blue), "YOUR ORDERS")
    assert dropped in " ".join(told.split())
    assert "nothing to report" not in told
    gm_told = (
        f"BLUE's {BLUE_AHEAD}: dropped: BLUE owed a decision in RED's turn (the run waited"
        f" for him, or an order he sent answered a phase of his), and {HOUSE_DROP}."
    )
    assert f"{gm_told} (seen by BLUE)" in " ".join(gm(after).split())


def test_a_defender_is_warned_while_the_turn_goes_on_and_may_send_his_order_again() -> None:
    state = hands(table("GREEN BLUE RED"), {"RED": (5,), "BLUE": (1,)})
    sent = {
        "RED": orders(RED_ATTACK, "PLAY 5"),
        "BLUE": orders("INVITE NOBODY", "PLAY BEST", BLUE_AHEAD),
    }
    waiting = run(state, sent)  # RED 3 + 4 + 5 = 12 against 6 + 1 = 7: RED may attack again
    red, blue = pid(waiting, "RED"), pid(waiting, "BLUE")
    assert waiting.phase is Phase.SECOND_ATTACK and waiting.waiting == (red,)
    told = " ".join(section(text(waiting, blue), "YOUR ORDERS").split())
    assert (
        f"{BLUE_AHEAD}: kept pending until the end of RED's turn at the latest: you owed a"
        " decision in it (house rule)." in told
    )
    # sent again once BLUE owes nothing more in RED's turn, it waits for BLUE's own turn
    again = run(waiting, {"RED": orders("PASS"), "BLUE": orders(BLUE_AHEAD)})
    assert again.active == pid(again, "GREEN") and [x.text() for x in again.pending[blue]] == [
        BLUE_AHEAD
    ]
    assert f"  {BLUE_AHEAD}: kept pending." in section(text(again, blue), "YOUR ORDERS")


def test_every_order_of_the_file_is_told_used_in_its_phase_with_its_effect() -> None:
    after = red_attacks_blue()
    told = " ".join(section(text(after, pid(after, "BLUE")), "YOUR ORDERS").split())
    assert "INVITE NOBODY: used in phase invite-defender (Play 5): BLUE invites nobody." in told
    assert (
        "PLAY BEST: used in phase druwaith (Play 7): BLUE plays 4 after the reveal (Druwaith)."
        in told
    )
    red = " ".join(section(text(after, pid(after, "RED")), "YOUR ORDERS").split())
    assert (
        f"{RED_ATTACK}: used in phase declare (Play 3): RED makes the attack: 1 L 1 M"
        " against BLUE at BLUE 3." in red
    )
    assert "PLAY 3: used in phase coins (Play 7): RED has chosen a coin. You play 3." in red
    # used orders are told under YOUR ORDERS, not again among the events
    assert "used in phase" not in section(text(after, pid(after, "RED")), "EVENTS OF THIS RUN")


def test_a_bystanders_order_sent_ahead_waits_for_his_own_turn() -> None:
    state = hands(table("GREEN BLUE RED"), {"RED": (3,), "GREEN": (1, 2), "BLUE": (1,)})
    first = run(
        state,
        {
            "RED": orders("ATTACK GREEN 1 WITH 1 L 1 M FROM RED 1", "PLAY 3", "PASS"),
            "GREEN": orders("INVITE NOBODY", "PLAY 1"),
            "BLUE": orders(BLUE_AHEAD),  # neither attacked nor invited in RED's turn
        },
    )
    blue = pid(first, "BLUE")
    assert first.active == pid(first, "GREEN") and first.waiting == (pid(first, "GREEN"),)
    assert [x.text() for x in first.pending[blue]] == [BLUE_AHEAD]
    assert f"  {BLUE_AHEAD}: kept pending." in section(text(first, blue), "YOUR ORDERS")
    second = run(
        first,
        {
            "GREEN": orders("ATTACK RED 1 WITH 1 L 1 M FROM GREEN 3", "PLAY 2", "PASS"),
            "RED": orders("INVITE NOBODY", "PLAY HIGHEST"),
        },
    )
    assert second.active == blue
    assert (
        f"{BLUE_AHEAD}: used in phase declare (Play 3): BLUE makes the attack: 1 L 1 M"
        " against GREEN at GREEN 3."
    ) in texts(second, blue)


def test_a_new_file_replacing_pending_orders_says_so() -> None:
    first = red_attacks_blue()
    green = pid(first, "GREEN")
    waiting = run(first, {"GREEN": orders("PLAY 5")})  # an order ahead; GREEN owes his attack
    again = run(waiting, {"GREEN": orders("PLAY 4")})
    assert "PLAY 5: dropped: your newest order file replaces all your pending orders." in texts(
        again, green
    )
    assert "PLAY 4: kept pending until the end of your turn at the latest" in section(
        text(again, green), "YOUR ORDERS"
    )


def test_a_files_standing_orders_and_cancellations_are_told() -> None:
    first = red_attacks_blue()
    blue = pid(first, "BLUE")
    kept = run(first, {"BLUE": orders("IF ATTACKED PLAY HIGHEST", "ALWAYS INVITE NOBODY")})
    told = section(text(kept, blue), "YOUR ORDERS")
    assert "  IF ATTACKED PLAY HIGHEST: kept as standing order 1." in told
    assert "  ALWAYS INVITE NOBODY: kept as standing order 2." in told
    later = run(kept, {"BLUE": orders("CANCEL 1", "IF ATTACKED BY RED PLAY LOWEST")})
    assert [s.text() for s in later.standing[blue]] == [
        "ALWAYS INVITE NOBODY",
        "IF ATTACKED BY RED PLAY LOWEST",
    ]
    told = " ".join(section(text(later, blue), "YOUR ORDERS").split())
    assert "CANCEL 1: standing orders cancelled: 1, IF ATTACKED PLAY HIGHEST." in told
    assert "IF ATTACKED BY RED PLAY LOWEST: kept as standing order 2." in told
    assert "standing order" not in section(text(later, blue), "EVENTS OF THIS RUN")


# ---- Play 2: RECLAIM alone ------------------------------------------------------------------


def red_lost_a_warship() -> GameState:
    """RED's turn at its reclaim, with a warship of his in the void."""
    state = replace(table("GREEN BLUE RED"), phase=Phase.RECLAIM)
    return move(state, "RED", ("RED", 2), None, Ships(0, 1, 0))


def test_reclaim_alone_resolves_the_reclaim_and_the_run_waits_for_the_attack() -> None:
    state = red_lost_a_warship()
    red = pid(state, "RED")
    after = run(state, {"RED": orders("RECLAIM M TO RED 2")})
    assert "RED reclaims 1 M from the void to RED 2 (as ordered)." in texts(after)
    assert after.phase is Phase.DECLARE and after.waiting == (red,)
    assert after.at(("RED", 2), red) == Ships(1, 1, 1) and after.in_void(red) == Ships()
    report = text(after, red)
    owed = section(report, "YOU OWE ORDERS BY 2026-11-30")
    assert "your attack: the target planet and the fleet" in owed and "RECLAIM" not in owed
    assert (
        "RECLAIM M TO RED 2: used in phase reclaim (Play 2): RED reclaims 1 M from the void"
        in " ".join(section(report, "YOUR ORDERS").split())
    )


def test_without_reclaim_the_reclaim_waits_for_the_attack_offering_both() -> None:
    state = red_lost_a_warship()
    red = pid(state, "RED")
    after = run(state, {})
    assert after.phase is Phase.RECLAIM and after.waiting == (red,)
    owed = section(text(after, red), "YOU OWE ORDERS BY 2026-11-30")
    assert "ATTACK [<colour> ON] <planet>" in owed and "RECLAIM <size> [TO <planet>]" in owed
    assert "a RECLAIM alone is carried out, and the game then waits for your attack" in " ".join(
        owed.split()
    )
    attacked = run(after, {"RED": orders(RED_ATTACK)})
    assert "RED reclaims 1 M from the void to RED 1 (by default)." in texts(attacked)
    assert "RED makes the attack: 1 L 1 M against BLUE at BLUE 3." in texts(attacked)


def test_reclaim_waits_for_the_attack_as_before_when_the_house_rule_is_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(house, "RECLAIM_ORDER_RESOLVES_AT_ONCE", False)
    state = red_lost_a_warship()
    after = run(state, {"RED": orders("RECLAIM M TO RED 2")})
    assert after.phase is Phase.RECLAIM and after.waiting == (pid(state, "RED"),)


# ---- Play 6: a refused ALLY ------------------------------------------------------------------


def test_a_refused_ally_declines_and_its_player_alone_is_told_why() -> None:
    state = hands(table("GREEN BLUE RED"), {"RED": (3,), "BLUE": (2,)})
    state = move(state, "GREEN", ("GREEN", 1), ("BLUE", 4), Ships(0, 1, 0))
    green, blue = pid(state, "GREEN"), pid(state, "BLUE")
    after = run(
        state,
        {
            "RED": orders(RED_ATTACK, "INVITE GREEN", "PLAY 3"),
            "BLUE": orders("INVITE NOBODY"),
            "GREEN": orders("ALLY RED WITH 1 M FROM GREEN 2"),
        },
    )
    why = (
        "ALLY RED WITH 1 M FROM GREEN 2: not carried out: allies' ships come from the system"
        " attacked unless the attacker uses a Transport (Play 6c, 6d): GREEN 2 is not in BLUE"
        " or RED; you decline: an ALLY the rules refuse counts as declining (house rule)."
    )
    assert why in texts(after, green) and why not in texts(after, blue)
    assert "GREEN declines." in texts(after)
    assert after.encounter is not None and after.encounter.declined == (green,)
    assert " ".join(why.split()) in " ".join(section(text(after, green), "YOUR ORDERS").split())
    assert "GREEN's ALLY RED WITH 1 M FROM GREEN 2: not carried out" in gm(after)
    assert "GREEN declines: an ALLY the rules refuse" in " ".join(gm(after).split())


def test_an_invited_player_who_cannot_help_is_told_why_his_ally_is_not_carried_out() -> None:
    state = hands(table("GREEN BLUE RED"), {"RED": (3,), "BLUE": (2,)})
    green = pid(state, "GREEN")  # every ship of his in GREEN's system: none may help
    after = run(
        state,
        {
            "RED": orders(RED_ATTACK, "INVITE GREEN", "PLAY 3"),
            "BLUE": orders("INVITE NOBODY"),
            "GREEN": orders("ALLY RED WITH 1 M"),
        },
    )
    assert (
        "ALLY RED WITH 1 M: not carried out: no colony ship or warship where an ally's ships"
        " may come from (Play 6b-6d); you decline: an ALLY the rules refuse counts as"
        " declining (house rule)." in texts(after, green)
    )
    assert (
        "GREEN has no colony ship or warship where an ally's ships may come from"
        " (Play 6b-6d), and declines." in texts(after)
    )
    assert green not in after.pending  # the answer is used up, not dropped later


# ---- Play 7-8: the combat values with their sums ---------------------------------------------


def seregon_defends(**orders_of: list[str]) -> GameState:
    """ORANGE (moving first) attacks WHITE 1 (Seregon, coin 2) with 1 L 1 M and coin 5;
    WHITE invites RED (Balchoth), whose warship on WHITE 2 defends."""
    state = hands(table("WHITE RED ORANGE"), {"ORANGE": (5,), "WHITE": (2,)})
    state = move(state, "RED", ("RED", 1), ("WHITE", 2), Ships(0, 1, 0))
    sent = {
        "ORANGE": ["ATTACK WHITE 1 WITH 1 L 1 M FROM ORANGE 1", "PLAY 5"],
        "WHITE": ["IF ATTACKED INVITE RED", "PLAY 2"],
        "RED": ["ALLY WHITE WITH 1 M FROM WHITE 2"],
    }
    for colour, more in orders_of.items():
        sent[colour] = sent[colour] + more
    return run(state, {c: orders(*x) for c, x in sent.items()})


ORANGE_10 = "ORANGE 1 L 1 M = 3 + 2 = 5, coin 5: 10"
WHITE_SHIPS = "WHITE 1 L 1 M 1 S = 3 + 2 + 1 = 6"
DEFENDER_WINS = "Outcome: Defender has higher combat value. Combat values: "


def test_the_outcome_gives_both_sums_with_the_seregon_and_a_balchoth_ally() -> None:
    after = seregon_defends(RED=["REWARD COINS"])
    # WHITE's own 6 x coin 2 = 12, then RED's warship at the Balchoth's 4: 16 against 10
    assert outcome_told(after) == (
        f"{DEFENDER_WINS}{ORANGE_10} against {WHITE_SHIPS} x coin 2 = 12 (Seregon),"
        " ally RED 1 M = 4 (Balchoth): 16."
    )
    assert next(e for e in after.events if e.kind == "outcome").seen_by == ()  # public
    white, red = pid(after, "WHITE"), pid(after, "RED")
    assert (
        "standing order 1, IF ATTACKED INVITE RED: used in phase invite-defender (Play 5):"
        " WHITE invites RED."
    ) in texts(after, white)
    assert (
        "REWARD COINS: used in phase outcome (Play 8): RED takes 1 coin from the bag"
        " (defending ally's reward)."
    ) in texts(after, red)


@pytest.mark.parametrize(
    ("rule", "value", "white"),
    [
        (
            "SEREGON_MULTIPLIES_ALLIES",
            True,
            f"({WHITE_SHIPS}, ally RED 1 M = 4 (Balchoth)) x coin 2 (Seregon): 20",
        ),
        (
            "SEREGON_WHEN_DEFENDING",
            False,
            f"{WHITE_SHIPS}, ally RED 1 M = 4 (Balchoth), coin 2: 12",
        ),
        ("BALCHOTH_AS_ALLY", False, f"{WHITE_SHIPS} x coin 2 = 12 (Seregon), ally RED 1 M = 2: 14"),
        (
            "BALCHOTH_WHEN_DEFENDING",
            False,
            f"{WHITE_SHIPS} x coin 2 = 12 (Seregon), ally RED 1 M = 2: 14",
        ),
    ],
)
def test_the_house_rules_on_the_values_change_the_sum_when_flipped(
    monkeypatch: pytest.MonkeyPatch, rule: str, value: bool, white: str
) -> None:
    monkeypatch.setattr(house, rule, value)
    assert outcome_told(seregon_defends()) == f"{DEFENDER_WINS}{ORANGE_10} against {white}."


def test_no_values_are_told_when_a_diplomacy_coin_decides() -> None:
    state = hands(table("GREEN BLUE RED"), {"RED": (3,), "BLUE": (0,)})
    after = run(
        state,
        {
            "RED": orders(RED_ATTACK, "PLAY 3", "PASS"),
            "BLUE": orders("INVITE NOBODY", "PLAY DIPLOMACY"),
        },
    )
    assert outcome_told(after) == "Outcome: Attacker wins."


# ---- the game master's printout --------------------------------------------------------------


def test_the_gm_printout_tells_private_events_in_the_third_person() -> None:
    state = replace(table("GREEN BLUE RED"), phase=Phase.DRAW)
    state = hands(state, {"RED": ()})  # RED draws at the start of his turn
    after = run(state, {"RED": orders(RED_ATTACK, "PLAY HIGHEST"), "BLUE": orders("INVITE ALL")})
    events = section(gm(after), "EVENTS OF THIS RUN")
    red = pid(after, "RED")
    drawn = next(e for e in after.events if e.kind == "draw-secret")
    assert drawn.seen_by == (red,) and drawn.text.startswith("You draw ")
    assert f"RED draws {drawn.text.removeprefix('You draw ')[:-1]}. (seen by RED)" in events
    assert "RED plays" in events and "(seen by RED)" in events
    assert not any(line.lstrip().startswith("You ") for line in events.splitlines())
    assert "You draw" in section(text(after, red), "EVENTS OF THIS RUN")


# ---- Play 7: PLAY BEST without the Druwaith's power -------------------------------------------


def test_play_best_without_the_druwaith_power_is_told_played_in_secret_as_highest() -> None:
    state = hands(table("GREEN BLUE RED"), {"RED": (3,), "BLUE": (1, 2, 4)})
    for tile in (1, 2, 4, 5):  # one colony ship left at home, on BLUE 3: the power is lost
        state = move(state, "BLUE", ("BLUE", tile), None, Ships(1, 0, 0))
    after = run(
        state, {"RED": orders(RED_ATTACK, "PLAY 3"), "BLUE": orders("INVITE NOBODY", "PLAY BEST")}
    )
    blue, red = pid(after, "BLUE"), pid(after, "RED")
    told = (
        "Your Druwaith power is lost, fewer than 2 colony ships on your home worlds (race"
        " chart): you choose your coin in secret with the other combatant, not after the"
        " reveal, and BEST plays as HIGHEST (house rule)."
    )
    assert told in texts(after, blue) and told not in texts(after, red)
    assert "Coins revealed: RED 3, BLUE 4." in texts(after)
    assert not any("after the reveal (Druwaith)" in t for t in texts(after))
    mine = " ".join(section(text(after, blue), "YOUR ORDERS").split())
    assert f"PLAY BEST: used in phase coins (Play 7): BLUE has chosen a coin. {told}" in mine
    assert "BLUE's Druwaith power is lost, fewer than 2 colony ships on his home worlds" in (
        " ".join(gm(after).split())
    )


def test_play_best_with_the_power_is_played_after_the_reveal_untold() -> None:
    after = red_attacks_blue()
    assert not any("power is lost" in t for t in texts(after, pid(after, "BLUE")))


# ---- the order forms' legend ------------------------------------------------------------------


def test_the_forms_legend_names_only_the_words_the_forms_use() -> None:
    state = hands(table("GREEN BLUE RED"), {"RED": (3,), "BLUE": (1, 2, 4)})
    waiting = run(state, {"RED": orders(RED_ATTACK, "PLAY 3")})  # BLUE owes his invitations
    blue = pid(waiting, "BLUE")
    assert waiting.waiting == (blue,) and waiting.phase is Phase.INVITE_DEFENDER
    report = text(waiting, blue)
    owed = section(report, "YOU OWE ORDERS BY 2026-11-30")
    assert "INVITE NOBODY" in owed and "<planet>" not in owed and "<ships>" not in owed
    assert "<planet>: a colour" not in report  # nor under the input sheet's forms
    reclaim = run(red_lost_a_warship(), {})
    attack = section(text(reclaim, pid(reclaim, "RED")), "YOU OWE ORDERS BY 2026-11-30")
    assert (
        "(<planet>: a colour and a tile, BLUE 3; <ships>: counts and sizes, 1 L 2 M)"
        in " ".join(attack.split())
    )
