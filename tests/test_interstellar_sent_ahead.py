"""Orders sent ahead through the turn (house.owed_a_decision): a player keeps his pending
orders through a turn unless a run waited for him in it or an order he sent answered a
phase of his; an invited player who declined without being asked, or answered by a
standing order, keeps the ATTACK he sent for his own turn."""

from __future__ import annotations

from interstellar_table import hands, move, pid, run, table, texts

from galbatch.rules.interstellar.phases import Phase
from galbatch.rules.interstellar.state import GameState, Ships
from tests.test_interstellar_language import one
from tests.test_interstellar_printout import section, text

GREEN_ATTACK = "ATTACK BLUE 2 WITH 1 L 1 M 1 S FROM GREEN 1"
YELLOW_AHEAD = "ATTACK WHITE 3 WITH 1 L 1 M FROM YELLOW 1"
HOUSE_DROP = "orders not used by then are dropped (house rule)"


def orders(*lines: str) -> list[object]:
    return [one(line) for line in lines]


def green_attacks_blue(yellow: list[str], yellow_helps: bool = False) -> GameState:
    """Five players, GREEN (the last seat) to play: GREEN attacks BLUE 2 with coin 5 against
    BLUE's 1, invites YELLOW and makes no second attack; YELLOW sends `yellow`. YELLOW's
    warship of YELLOW 2 is on GREEN 2 (where an ally of GREEN's may come from) if
    `yellow_helps`."""
    state = hands(table("YELLOW WHITE CLEAR BLUE GREEN"), {"GREEN": (5,), "BLUE": (1,)})
    if yellow_helps:
        state = move(state, "YELLOW", ("YELLOW", 2), ("GREEN", 2), Ships(0, 1, 0))
    return run(
        state,
        {
            "GREEN": orders(GREEN_ATTACK, "INVITE YELLOW", "PLAY HIGHEST", "ALWAYS PASS"),
            "BLUE": orders("IF ATTACKED INVITE NOBODY", "IF ATTACKED PLAY HIGHEST"),
            "YELLOW": orders(*yellow),
        },
    )


def test_an_invited_player_who_declines_unasked_keeps_the_attack_he_sent_ahead() -> None:
    after = green_attacks_blue([YELLOW_AHEAD, "PLAY HIGHEST"])
    yellow = pid(after, "YELLOW")
    assert (
        "YELLOW has no colony ship or warship where an ally's ships may come from"
        " (Play 6b-6d), and declines." in texts(after)
    )
    assert not any("dropped" in t for t in texts(after, yellow))
    assert (
        f"{YELLOW_AHEAD}: used in phase declare (Play 3): YELLOW makes the attack: 1 L 1 M"
        " against WHITE at WHITE 3." in texts(after, yellow)
    )
    # his PLAY HIGHEST waits for his own combat's coins, where WHITE is now waited for
    assert after.active == yellow and after.waiting == (pid(after, "WHITE"),)
    assert [x.text() for x in after.pending[yellow]] == ["PLAY HIGHEST"]


def test_an_invited_player_answered_by_a_standing_order_keeps_the_attack_he_sent() -> None:
    after = green_attacks_blue(
        [YELLOW_AHEAD, "IF INVITED BY GREEN ALLY GREEN WITH 1 M FROM GREEN 2"], yellow_helps=True
    )
    yellow = pid(after, "YELLOW")
    assert "YELLOW allies with GREEN with 1 M." in texts(after)
    assert not any("dropped" in t for t in texts(after, yellow))
    assert "YELLOW makes the attack: 1 L 1 M against WHITE at WHITE 3." in texts(after)


def test_an_invited_player_who_answers_with_an_order_he_sent_loses_the_rest() -> None:
    after = green_attacks_blue(
        [YELLOW_AHEAD, "ALLY GREEN WITH 1 M FROM GREEN 2"], yellow_helps=True
    )
    yellow = pid(after, "YELLOW")
    assert "YELLOW allies with GREEN with 1 M." in texts(after)
    dropped = (
        f"{YELLOW_AHEAD}: dropped: you owed a decision in GREEN's turn (the run waited for"
        f" you, or an order you sent answered a phase of yours), and {HOUSE_DROP}."
    )
    assert dropped in texts(after, yellow)
    assert dropped in " ".join(section(text(after, yellow), "YOUR ORDERS").split())
    # his own turn then waits for his attack
    assert after.active == yellow and after.phase is Phase.DECLARE
    assert after.waiting == (yellow,)


def test_a_player_waited_for_who_then_answers_loses_the_orders_sent_with_the_answer() -> None:
    waiting = green_attacks_blue([], yellow_helps=True)
    yellow = pid(waiting, "YELLOW")
    assert waiting.phase is Phase.ALLIANCE and waiting.waiting == (yellow,)
    assert yellow in waiting.involved
    after = run(waiting, {"YELLOW": orders("DECLINE", YELLOW_AHEAD)})
    assert f"{YELLOW_AHEAD}: dropped: you owed a decision in GREEN's turn" in " ".join(
        texts(after, yellow)
    )
