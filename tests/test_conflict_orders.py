"""The Galactic Conflict order language: every order, its clamps and its rejections."""

from __future__ import annotations

import pytest

from galbatch.engine.checker.pipeline import check_file, parse_orders
from galbatch.engine.language.diagnostics import RC, Severity, worst_rc
from galbatch.engine.language.orderfile import parse_order_bytes
from galbatch.rules import get_ruleset
from galbatch.rules.conflict import orders as o
from galbatch.rules.conflict.codes import CODES
from galbatch.rules.conflict.view import build_view
from tests.conflict_world import small_state

RULESET = get_ruleset("conflict")


def parse(*lines: str):
    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + "\n".join(lines) + "\nEND\n").encode()
    return parse_orders(parse_order_bytes(data, "f"), RULESET)


def check(*lines: str, player: str = "1"):
    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + "\n".join(lines) + "\nEND\n").encode()
    view = build_view(small_state(), player)
    result = check_file(parse_order_bytes(data, "f"), RULESET, view, player)
    return list(result.orders), list(result.diagnostics)


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("A,23,119,12", o.Attack(23, 119, 12)),
        ("M,72,144,D,27", o.Move(72, 144, "D", 27)),
        ("P,88,223", o.Probe(88, 223)),
        ("B,156,F,3", o.Build(156, "F", 3)),
        ("E,216", o.EconIncrease(216)),
        ("G,15,245", o.Gate(15, 245)),
        ("T,13,REGULUS", o.Transfer(13, "REGULUS")),
        ("D,88,C,18", o.Destroy(88, "C", 18)),
        ("a , 23 , 119 , 12", o.Attack(23, 119, 12)),
        ("m,72,144,p,2", o.Move(72, 144, "P", 2)),
        ("t, 13 ,  big   bad  wolf", o.Transfer(13, "BIG BAD WOLF")),
        ("d,1,e,2", o.Destroy(1, "E", 2)),
    ],
)
def test_rule_book_examples_parse(text: str, order: o.Order) -> None:
    located, diags = parse(text)
    assert diags == []
    assert located[0].order == order
    assert located[0].order.text().replace(" ", "") == text.upper().replace(" ", "").replace(
        "BIGBADWOLF", "BIGBADWOLF"
    )


@pytest.mark.parametrize(
    ("text", "column", "expected"),
    [
        ("X,1,2", 1, "an order letter"),
        ("A,1,2", 6, "','"),
        ("A,1,2,3,4", 8, "the end of the line"),
        ("M,1,2,F,3", 7, "a unit type (A, D or P)"),
        ("B,1,Q,3", 5, "an item to build (A, D, F, P or C)"),
        ("D,1,A,3", 5, "an item to destroy (F, C or E)"),
        ("A,-1,2,3", 3, "a world number"),
        ("E,1,2", 4, "the end of the line"),
        ("P,88", 5, "','"),
    ],
)
def test_syntax_errors_say_where_and_what(text: str, column: int, expected: str) -> None:
    located, diags = parse(text)
    assert located == []
    (d,) = diags
    assert d.code == "CF100" and d.severity is Severity.ERROR
    assert d.column == column
    assert expected in d.message and d.message.endswith("order rejected")


LETTERS = "an order letter (A, M, P, B, E, G, T or D)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Atack,5,12,4",
            f"found 'Atack' where {LETTERS} was expected (did you mean A, for ATTACK?)",
        ),
        ("move,1,2,A,3", f"found 'move' where {LETTERS} was expected (did you mean M, for MOVE?)"),
        ("Bild 5 C 3", f"found 'Bild' where {LETTERS} was expected (did you mean B, for BUILD?)"),
        ("Xylophone,1", f"found 'Xylophone' where {LETTERS} was expected"),
        (
            "B,5,CP,3",
            "found 'CP' where an item to build (A, D, F, P or C) was expected "
            "(did you mean C, for CP?)",
        ),
        (
            "M,72,144,DF,27",
            "found 'DF' where a unit type (A, D or P) was expected (did you mean D, for DF?)",
        ),
        (
            "D,88,Econ,2",
            "found 'Econ' where an item to destroy (F, C or E) was expected "
            "(did you mean E, for ECON?)",
        ),
        ("M,72,144,FT,27", "found 'FT' where a unit type (A, D or P) was expected"),
    ],
)
def test_a_word_where_the_book_writes_a_letter_gets_the_letter_suggested(
    text: str, message: str
) -> None:
    """WRITING ORDERS: "write an "A" followed by ..."; "the first letter of the type
    of unit to be moved"; "Items that can be built are: "A"=AF, "D"=DF, "F"=FT,
    "P"=probes, and "C"=CP". A word in a letter's place is still a syntax error
    (CF100, a stable code), now with the letter meant when the word is close."""
    located, diags = parse(text)
    assert located == []
    (d,) = diags
    assert (d.code, d.severity) == ("CF100", Severity.ERROR)
    assert d.message == f"{message}; order rejected"


def test_one_bad_line_does_not_hide_the_others() -> None:
    located, diags = parse("X", "E,1", "A,1", "B,1,A,1")
    assert [d.line for d in diags] == [2, 4]
    assert [at.order for at in located] == [o.EconIncrease(1), o.Build(1, "A", 1)]


def codes(diags) -> list[str]:
    return [d.code for d in diags]


def test_clean_orders_pass_unchanged() -> None:
    orders, diags = check(
        "A,1,4,5", "M,1,5,D,3", "P,1,6", "B,5,A,2", "E,1", "G,5,1", "T,8,POLARIS", "D,1,C,1"
    )
    assert diags == []
    assert orders == [
        o.Attack(1, 4, 5),
        o.Move(1, 5, "D", 3),
        o.Probe(1, 6),
        o.Build(5, "A", 2),
        o.EconIncrease(1),
        o.Gate(5, 1),
        o.Transfer(8, "POLARIS"),
        o.Destroy(1, "C", 1),
    ]


def test_rule_book_clamp_move_15_df_with_10() -> None:
    # ILLEGAL ORDERS: "trying to move 15 DF when you only have 10"
    state = small_state()
    state.worlds[1].df = 10
    data = b'GAME demo PLAYER 1 PASSWORD "x"\nM,1,5,D,15\nEND\n'
    result = check_file(parse_order_bytes(data, "f"), RULESET, build_view(state, "1"), "1")
    assert list(result.orders) == [o.Move(1, 5, "D", 10)]
    (d,) = result.diagnostics
    assert d.code == "CF301" and d.severity is Severity.WARNING
    assert d.message == "quantity 15 reduced to 10: world 1 has only 10 DF"


def test_rule_book_clamp_build_with_5_econ_when_4() -> None:
    # "trying to build with 5 Econ when you only have 4": world 5 has Econ 4
    orders, diags = check("B,5,F,5")
    assert orders == [o.Build(5, "F", 4)]
    assert "quantity 5 reduced to 4: world 5 has only 4 Econ" in diags[0].message


def test_units_are_used_once_across_orders() -> None:
    orders, diags = check("A,1,4,6", "M,1,5,A,6", "M,1,5,A,1")
    assert orders == [o.Attack(1, 4, 6), o.Move(1, 5, "A", 4)]
    assert codes(diags) == ["CF301", "CF205"]


def test_econ_is_used_once_a_turn() -> None:
    orders, diags = check("B,1,A,6", "B,1,D,6", "G,1,5", "B,1,C,1")
    assert orders == [o.Build(1, "A", 6), o.Build(1, "D", 4), o.Build(1, "C", 0)]
    assert codes(diags) == ["CF301", "CF205", "CF301"]


def test_econ_increase_uses_all_econ() -> None:
    orders, diags = check("E,1", "B,1,A,1", "B,5,A,1", "E,5", "E,1")
    assert orders == [o.EconIncrease(1), o.Build(5, "A", 1)]
    assert codes(diags) == ["CF206", "CF206", "CF207"]


def test_econ_increase_from_zero_is_allowed() -> None:
    orders, diags = check("E,8")
    assert orders == [o.EconIncrease(8)] and diags == []


def test_destroyed_econ_cannot_build() -> None:
    orders, diags = check("D,5,E,3", "B,5,A,4")
    assert orders == [o.Destroy(5, "E", 3), o.Build(5, "A", 1)]
    assert codes(diags) == ["CF301"]


@pytest.mark.parametrize("destroy_first", [False, True])
def test_econ_ordered_destroyed_cannot_build_whatever_the_order(destroy_first: bool) -> None:
    """ECON: "Econ cannot be used to build on the turn it is ordered destroyed."

    World 1 has 10 Econ: B,1,C,10 and D,1,E,3 destroy 3 and build with the other
    7, whichever line comes first; the orders stay in file order.
    """
    lines = ["B,1,C,10", "D,1,E,3"]
    orders, diags = check(*(reversed(lines) if destroy_first else lines))
    expected = [o.Build(1, "C", 7), o.Destroy(1, "E", 3)]
    assert orders == (expected[::-1] if destroy_first else expected)
    (d,) = diags
    assert d.code == "CF301" and d.line == (3 if destroy_first else 2)
    assert d.message == "quantity 10 reduced to 7: world 1 has only 7 Econ not ordered destroyed"


@pytest.mark.parametrize("destroy_first", [False, True])
def test_a_gate_cannot_be_paid_with_econ_ordered_destroyed(destroy_first: bool) -> None:
    """ECON: "Econ cannot be used to build on the turn it is ordered destroyed";
    GATES: "One Econ can build a one-way gate". D,1,E,10 at 10 Econ leaves none for
    G,1,5, wherever the lines stand."""
    lines = ["G,1,5", "D,1,E,10"]
    orders, diags = check(*(reversed(lines) if destroy_first else lines))
    assert orders == [o.Destroy(1, "E", 10)]
    (d,) = diags
    assert d.code == "CF205" and d.message.endswith("order G,1,5 rejected")


@pytest.mark.parametrize("destroy_first", [False, True])
def test_no_econ_increase_on_a_turn_econ_is_ordered_destroyed(destroy_first: bool) -> None:
    """ECON: "Increasing the Econ of a world uses all of the world's Econ"; Econ
    ordered destroyed cannot be used, so the increase is the order rejected,
    whichever line comes first."""
    lines = ["E,1", "D,1,E,2"]
    orders, diags = check(*(reversed(lines) if destroy_first else lines))
    assert orders == [o.Destroy(1, "E", 2)]
    (d,) = diags
    assert d.code == "CF206" and "ordered destroyed" in d.message


def test_a_build_too_large_at_zero_econ_is_reduced_to_zero() -> None:
    """ILLEGAL ORDERS: "If the quantity part of an order you have written is too
    large ... the quantity will be reduced to the quantity that you do have."

    World 8 has 0 Econ: B,8,A,1 becomes B,8,A,0 (a warning, not a rejection), so
    the world has been ordered to build and reuses nothing (see the turn's test).
    """
    orders, diags = check("B,8,A,1", "D,8,E,2")
    assert orders == [o.Build(8, "A", 0), o.Destroy(8, "E", 0)]
    assert [(d.code, d.severity) for d in diags] == [("CF301", Severity.WARNING)] * 2
    assert diags[0].message == (
        "quantity 1 reduced to 0: world 8 has no Econ; nothing is built, and no build is reused"
    )
    assert diags[1].message.startswith("quantity 2 reduced to 0: world 8 has no Econ; nothing is")


def checked_turn(state, *lines: str):
    """The state after one turn with these orders of ARCTURUS, checked first."""
    from galbatch.engine.contract.rng import Streams
    from galbatch.rules.conflict.resolve import resolve

    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + "\n".join(lines) + "\nEND\n").encode()
    result = check_file(parse_order_bytes(data, "f"), RULESET, build_view(state, "1"), "1")
    return resolve(state, {"1": result.orders}, Streams(1, 1))


@pytest.mark.parametrize("destroy_first", [False, True])
def test_checked_and_carried_out_destruction_comes_first(destroy_first: bool) -> None:
    """ECON: "Econ cannot be used to build on the turn it is ordered destroyed":
    through the check and the turn, B,1,C,10 and D,1,E,3 at 10 Econ destroy 3
    and build 7 CP in either order (world 1 had 2 CP)."""
    lines = ["B,1,C,10", "D,1,E,3"]
    after = checked_turn(small_state(), *(lines[::-1] if destroy_first else lines))
    assert (after.worlds[1].econ, after.worlds[1].cp) == (7, 9)


def test_checked_build_at_zero_econ_does_not_reuse_the_increase() -> None:
    """PRODUCTION: builds "will be reused if the world isn't ordered to use or
    destroy any of its Econ". World 8 (0 Econ) remembers an Econ increase; the
    player orders B,8,C,3 instead: reduced to 0, it still replaces the increase."""
    state = small_state()
    state.worlds[8].memory = (("E", 0),)
    assert checked_turn(state).worlds[8].econ == 1
    after = checked_turn(state, "B,8,C,3")
    assert after.worlds[8].econ == 0 and after.worlds[8].memory == ()


def test_a_build_of_zero_econ_stops_the_reuse_until_new_builds_are_given() -> None:
    """PRODUCTION: "Build and Econ increase orders that are given to a world will
    be remembered on the following turn and will be reused if the world isn't
    ordered to use or destroy any of its Econ." ... "Build and Econ increase
    orders that have been reused from the previous turn will also be reused on
    the following turn if no Econ is used or destroyed then."

    A world remembers only its previous turn's builds. B,1,C,0 (accepted, house
    rule 26) orders world 1 to use Econ and builds nothing: last turn's builds
    are not reused, and on the turn after, with no orders, there is nothing to
    reuse either. The reuse is stopped until the world is given builds again,
    not for one turn only. Through the check and the turn alike."""
    state = small_state()
    state.worlds[1].memory = (("A", 2),)
    assert checked_turn(state).worlds[1].af == state.worlds[1].af + 4  # reused
    stopped = checked_turn(state, "B,1,C,0")
    assert (stopped.worlds[1].af, stopped.worlds[1].cp) == (state.worlds[1].af, 2)
    assert stopped.worlds[1].memory == ()
    after = checked_turn(stopped)  # no orders: still nothing to reuse
    assert (after.worlds[1].af, after.worlds[1].cp, after.worlds[1].memory) == (
        stopped.worlds[1].af,
        2,
        (),
    )
    rebuilt = checked_turn(after, "B,1,C,1")
    assert (rebuilt.worlds[1].cp, rebuilt.worlds[1].memory) == (3, (("C", 1),))
    assert checked_turn(rebuilt).worlds[1].cp == 4  # reused again


@pytest.mark.parametrize("line", ["B,5,C,0", "B,8,A,0", "D,5,E,0"])
def test_an_econ_order_of_zero_is_accepted(line: str) -> None:
    """BUILDING: "write ... the number of Econ being used". 0 Econ is decided as a
    build (or destruction) of nothing, like a build reduced to 0: accepted, and it
    stops the world's reuse of last turn's builds (house rule 26) until the world
    is given builds again."""
    orders, diags = check(line)
    assert [order.text() for order in orders] == [line] and diags == []


def test_destroy_quantities_are_reduced() -> None:
    orders, diags = check("D,1,F,11", "D,1,C,5")
    assert orders == [o.Destroy(1, "F", 10), o.Destroy(1, "C", 2)]
    assert codes(diags) == ["CF301", "CF301"]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("A,2,1,5", "CF202"),  # world 2 is POLARIS's
        ("A,99,1,5", "CF201"),  # no world 99
        ("A,1,99,5", "CF201"),
        ("A,1,1,5", "CF204"),  # to itself
        ("A,1,4,0", "CF203"),  # zero is meaningless
        ("M,8,1,A,1", "CF205"),  # nothing to move
        ("P,5,1", "CF213"),  # no probe at world 5
        ("G,1,2", "CF208"),  # gate to a world not owned
        ("G,8,1", "CF205"),  # Econ 0: no gate
        ("T,1,ARCTURUS", "CF210"),
        ("T,1,NOBODY", "CF209"),  # no such player in the game
        ("B,2,A,1", "CF202"),
        ("D,3,C,1", "CF202"),
        ("E,4", "CF202"),  # neutral
    ],
)
def test_rejections(line: str, code: str) -> None:
    orders, diags = check(line)
    assert orders == []
    (d,) = diags
    assert d.code == code and d.severity is Severity.ERROR
    assert d.message.endswith(f"order {line} rejected")
    assert code in CODES


@pytest.mark.parametrize("name", ["F.T.", "D.F.", "A.F.", "N.E.U.T.R.A.L."])
def test_a_transfer_to_a_confusing_name_written_with_signs_is_rejected(name: str) -> None:
    """CODE NAMES: "Names that could cause confusion, such as "AF", "DF", "FT",
    "PROBES", "UNOWNED", "NEUTRAL", "-----", etc. will not be allowed."
    House rule 8: "A name is compared by its letters and digits alone, case and
    signs ignored", so no player can be called F.T.: the syntax-only check and
    the check against a view both reject the transfer."""
    line = f"T,1,{name}"
    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + line + "\nEND\n").encode()
    syntax_only = check_file(parse_order_bytes(data, "f"), RULESET)
    for orders, diags in ((list(syntax_only.orders), list(syntax_only.diagnostics)), check(line)):
        assert orders == []
        (d,) = diags
        assert (d.code, d.severity) == ("CF209", Severity.ERROR)
        assert "confused" in d.message and d.message.endswith(f"order {line} rejected")


def test_one_world_per_recipient_and_one_transfer_per_world() -> None:
    orders, diags = check("T,1,POLARIS", "T,5,polaris", "T,1,REGULUS", "T,5,REGULUS")
    assert orders == [o.Transfer(1, "POLARIS"), o.Transfer(5, "REGULUS")]
    assert codes(diags) == ["CF211", "CF212"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("A,48,1,5", "world 48 is not yours (did you mean 148?)"),
        ("A,1480,1,5", "there is no world 1480 (did you mean 148?)"),
        ("A,1,488,5", "there is no world 488 (did you mean 48?)"),
        ("A,2,1,5", "world 2 is not yours"),  # no own world is close to 2
        ("A,99,1,5", "there is no world 99"),
    ],
)
def test_a_world_number_close_to_a_known_one_gets_it_suggested(line: str, message: str) -> None:
    """The view lists every world of the map and the player's own: a world that is
    not there, or an order for a world not one's own, suggests the one close
    number (a digit dropped, doubled or changed in a long number), if any."""
    from galbatch.rules.conflict.state import World

    state = small_state()
    state.worlds[148] = World(148, 5, 5, "1", econ=1, af=5)
    state.worlds[48] = World(48, 6, 5, "2", econ=1)
    orders, diags = gm_check(state, line)
    assert orders == []
    assert diags[0].message == f"{message}; order {line} rejected"


# Transfers


def view_file_check(state, *lines: str, player: str = "1"):
    """A check against the view as the player's view file holds it (no game list)."""
    import json

    from galbatch.engine.gamedir.yamlio import dump_data

    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + "\n".join(lines) + "\nEND\n").encode()
    view = json.loads(dump_data({"game": "demo", **build_view(state, player)}))
    result = check_file(parse_order_bytes(data, "f"), RULESET, view, player)
    return list(result.orders), list(result.diagnostics)


def gm_check(state, *lines: str, player: str = "1"):
    """The game master's check (and the turn's): the view as built from the state."""
    data = ('GAME demo PLAYER 1 PASSWORD "x"\n' + "\n".join(lines) + "\nEND\n").encode()
    result = check_file(parse_order_bytes(data, "f"), RULESET, build_view(state, player), player)
    return list(result.orders), list(result.diagnostics)


def test_a_transfer_needs_no_contact() -> None:
    """TRANSFER OF OWNERSHIP: "You can transfer ownership of worlds that you own to
    other players, but not more than one world to any one player per turn."

    On turn 1 no one is in contact with anyone; ARCTURUS may still give world 1
    to RIGEL, whose code name it knows only from outside the game.
    """
    state = small_state()
    state.players["1"].contacts = ()
    orders, diags = gm_check(state, "T,1,rigel")
    assert orders == [o.Transfer(1, "RIGEL")] and diags == []


def test_a_transfer_to_no_player_of_the_game_is_rejected() -> None:
    """WRITING ORDERS: "the code name of the player you want the world to be
    transferred to"; a name no player has is meaningless: ILLEGAL ORDERS, "the
    order will be rejected"."""
    orders, diags = gm_check(small_state(), "T,1,NOBODY")
    assert orders == []
    (d,) = diags
    assert (d.code, d.severity) == ("CF209", Severity.ERROR)
    assert d.message == "there is no player called NOBODY in this game; order T,1,NOBODY rejected"


def test_a_misspelt_recipient_gets_the_known_name_suggested() -> None:
    """TRANSFERS: "T,13,REGULUS means you want to transfer control of world 13 to
    REGULUS": SIRUS for SIRIUS (in contact) is rejected with a suggestion."""
    state = small_state()
    state.players["2"].name = "SIRIUS"
    _, diags = gm_check(state, "T,1,SIRUS")
    assert diags[0].message == (
        "there is no player called SIRUS in this game (did you mean SIRIUS?); "
        "order T,1,SIRUS rejected"
    )
    _, diags = view_file_check(state, "T,1,SIRUS")
    assert (diags[0].code, diags[0].severity) == ("CF401", Severity.WARNING)
    assert "you know of no player called SIRUS (did you mean SIRIUS?)" in diags[0].message


def test_no_suggestion_from_names_the_player_has_not_read() -> None:
    """RESULTS OF PLAYERS' TURNS: the printout holds "the information about the
    game that he is entitled to know"; all the players are listed only "When the
    game ends". RIGEL is not known to ARCTURUS: RIGLE gets no suggestion."""
    _, diags = gm_check(small_state(), "T,1,RIGLE")
    assert (
        diags[0].message == "there is no player called RIGLE in this game; order T,1,RIGLE rejected"
    )


def test_the_view_file_cannot_tell_an_unknown_recipient_so_it_warns() -> None:
    """CODE NAMES are not published: the view file holds only the players named on
    the printout, so `check --view` warns (CF401) and keeps the order, where the
    game master's check, which knows every player, accepts it silently."""
    state = small_state()
    orders, diags = view_file_check(state, "T,1,RIGEL", "T,5,POLARIS")
    assert orders == [o.Transfer(1, "RIGEL"), o.Transfer(5, "POLARIS")]
    (d,) = diags
    assert (d.code, d.severity, d.line) == ("CF401", Severity.WARNING, 2)
    assert d.message == (
        "you know of no player called RIGEL; the transfer stands if the game has one, "
        "and the game master's check will tell"
    )
    assert gm_check(state, "T,1,RIGEL", "T,5,POLARIS")[1] == []
    assert worst_rc(diags) == RC.WARNING


def test_the_view_file_does_not_list_the_game_players() -> None:
    """The view written for ARCTURUS names only what its printout names: RIGEL,
    never met, is not in it, though the in-memory view knows every player."""
    from galbatch.engine.gamedir.yamlio import dump_data

    view = build_view(small_state(), "1")
    assert "RIGEL" in (view.game_players or ())
    assert "RIGEL" not in dump_data({"game": "demo", **view})


@pytest.mark.slow
def test_check_game_and_check_view_on_a_real_game(tmp_path, monkeypatch) -> None:
    """The same file through `galbatch check --game` (the GM: every player known)
    and `--view` (ARCTURUS's view file of turn 0: RIGEL not known). The GM's check
    knows every player however often it runs (the per-user caches warm), and after a
    turn was run, whose job records the views it wrote: a view file never stands for
    the GM's view, which knows more than the file holds."""
    from galbatch.engine.job.lint import check_files
    from galbatch.engine.job.run import process
    from tests.scripted_game import PASSWORDS, make_game

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    game = make_game(tmp_path / "script")
    orders = tmp_path / "1.txt"
    header = f'GAME script PLAYER 1 PASSWORD "{PASSWORDS["1"]}"'
    orders.write_text(f"{header}\nT,1,RIGEL\nT,5,RIGLE\nEND\n")
    for _ in range(2):
        rc, text = check_files([orders], game_dir=game)
        assert rc == RC.ERROR and "[CF209] there is no player called RIGLE in this game;" in text
        assert ":2:" not in text  # RIGEL exists: no word about line 2
    played = tmp_path / "played"
    make_game(played)
    assert process(played, force=True).rc < RC.UNUSABLE
    after = tmp_path / "after.txt"
    after.write_text(f"{header}\nT,5,RIGLE\nEND\n")
    for _ in range(2):
        rc, text = check_files([after], game_dir=played)
        assert "[CF209] there is no player called RIGLE in this game;" in text, text
    rc, text = check_files([orders], view_file=game / "turns/000/views/1.yaml")
    assert rc == RC.WARNING and text.count("[CF401]") == 2 and "RIGLE (did you" not in text
    assert "RIGEL" not in (game / "turns/000/views/1.yaml").read_text()


def test_a_recipient_known_from_a_report_needs_no_warning() -> None:
    """A name read on the printout (here an attacker of world 1) is known."""
    from galbatch.rules.conflict.state import Battle, TurnReport

    state = small_state()
    state.report = TurnReport(battles=(Battle(1, "1", (1, 1, 1), (("3", 2),), "1"),))
    orders, diags = view_file_check(state, "T,5,rigel")
    assert orders == [o.Transfer(5, "RIGEL")] and diags == []


def test_code_names_compare_with_blanks_and_case_normalised() -> None:
    """CODE NAMES: "up to 20 characters and spaces". A name stored with a run of
    blanks (a game made before names were normalised) is still found."""
    state = small_state()
    state.players["3"].name = "BIG  BANG"
    orders, diags = gm_check(state, "T,1,big bang")
    assert orders == [o.Transfer(1, "BIG  BANG")] and diags == []
    after = checked_turn(state, "T,1,Big   Bang")
    assert after.worlds[1].owner == "3"


def test_return_codes() -> None:
    assert worst_rc(check("E,1")[1]) == RC.CLEAN
    assert worst_rc(check("B,5,F,5")[1]) == RC.WARNING
    assert worst_rc(check("B,5,F,5", "A,2,1,1")[1]) == RC.ERROR
