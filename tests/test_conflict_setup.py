"""Galactic Conflict's new game: the galaxy, the home worlds, the last turn, code names."""

from __future__ import annotations

import pytest

from galbatch.engine.contract.playerinfo import PlayerInfo
from galbatch.print.maps.fields import HexMap
from galbatch.rules.conflict.hexes import distance
from galbatch.rules.conflict.house import HOUSE_RULES
from galbatch.rules.conflict.names import validate_code_name
from galbatch.rules.conflict.setup import new_game
from galbatch.rules.conflict.state import GameState, World

NAMES = [
    "ARCTURUS",
    "POLARIS",
    "RIGEL",
    "REGULUS",
    "SIRIUS",
    "VEGA",
    "DENEB",
    "ALTAIR",
    "CAPELLA",
    "SPICA",
    "ANTARES",
    "POLLUX",
    "CASTOR",
    "MIRA",
    "ALGOL",
    "BETELGEUSE",
]


def seats(count: int) -> list[PlayerInfo]:
    """`count` players with distinct ids, code names and accounts."""
    return [PlayerInfo(f"p{i:02d}", NAMES[i], 1000 + i) for i in range(count)]


def game(count: int = 4, seed: int = 7, **settings: int) -> GameState:
    return new_game(seed, seats(count), settings)


def homes(state: GameState) -> list[World]:
    return [w for w in state.worlds.values() if w.owner is not None]


def place(world: World) -> tuple[int, int]:
    return world.col, world.row


# The galaxy


def test_same_seed_same_galaxy() -> None:
    assert game(seed=42).to_data() == game(seed=42).to_data()


def test_different_seeds_differ() -> None:
    galaxies = [game(seed=seed).to_data()["worlds"] for seed in range(5)]
    assert all(galaxies[i] != galaxies[j] for i in range(5) for j in range(i + 1, 5))


@pytest.mark.parametrize("count", [2, 3, 8, 15])
def test_world_count_and_numbers(count: int) -> None:
    state = game(count)
    assert len(state.worlds) == 12 * count  # house rule: about 12 worlds per player
    assert sorted(state.worlds) == list(range(1, 12 * count + 1))
    assert all(number == w.number for number, w in state.worlds.items())


@pytest.mark.parametrize("count", [2, 15])
def test_one_home_world_each(count: int) -> None:
    state = game(count)
    owners = sorted(w.owner for w in homes(state) if w.owner is not None)
    assert owners == sorted(state.players)


@pytest.mark.parametrize("count", [2, 6, 15])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_home_worlds_at_least_five_hexes_apart(count: int, seed: int) -> None:
    places = [place(w) for w in homes(game(count, seed))]
    gaps = [distance(a, b) for i, a in enumerate(places) for b in places[i + 1 :]]
    assert min(gaps) >= 5


@pytest.mark.parametrize("count", [2, 4, 15])
def test_every_home_has_neutral_neighbours_within_a_turn(count: int) -> None:
    state = game(count)
    for home in homes(state):
        near = [
            w
            for w in state.worlds.values()
            if w.owner is None and distance(place(w), place(home)) <= 3
        ]
        assert len(near) >= 2


@pytest.mark.parametrize("count", [2, 5, 15])
def test_worlds_inside_the_sheet_one_to_a_hex(count: int) -> None:
    state = game(count)
    places = [place(w) for w in state.worlds.values()]
    assert len(set(places)) == len(places)
    assert all(0 <= c < state.cols and 0 <= r < state.rows for c, r in places)


@pytest.mark.parametrize("count", [2, 3, 7, 10, 15])
def test_sheet_fits_one_132_column_page(count: int) -> None:
    state = game(count)
    assert state.cols <= 32 and state.rows <= 28
    assert 3 + state.cols * HexMap.CELL <= 132


@pytest.mark.parametrize("count", [2, 5, 10, 15])
def test_about_one_world_per_five_hexes(count: int) -> None:
    state = game(count)
    assert 4.5 <= state.cols * state.rows / len(state.worlds) <= 6


def test_fifteen_players_use_the_largest_sheet() -> None:
    state = game(15)
    assert (state.cols, state.rows) == (32, 28)


@pytest.mark.parametrize("count", [0, 1, 16, 20])
def test_rule_book_player_count_2_to_15(count: int) -> None:
    with pytest.raises(ValueError, match="2 to 15 players"):
        new_game(1, [PlayerInfo(f"p{i}", f"NAME {i}", i) for i in range(count)], {})


def test_home_world_numbers() -> None:
    for home in homes(game(5)):
        stock = (home.econ, home.af, home.df, home.ft, home.probes, home.cp)
        assert stock == (10, 10, 15, 10, 5, 0)
        assert home.memory == ()
    rules = HOUSE_RULES
    assert (
        rules.home_econ,
        rules.home_af,
        rules.home_df,
        rules.home_ft,
        rules.home_probes,
        rules.home_cp,
    ) == (10, 10, 15, 10, 5, 0)


def test_neutral_worlds_econ_1_to_6_with_defences_but_no_af() -> None:
    neutrals = [w for seed in range(3) for w in game(15, seed).worlds.values() if w.owner is None]
    assert {w.econ for w in neutrals} == {1, 2, 3, 4, 5, 6}
    for w in neutrals:
        assert w.af == 0 and w.cp == 0 and w.probes == 0 and w.memory == ()
        assert w.econ <= w.df <= 3 * w.econ
        assert 0 <= w.ft <= 2 * w.econ
    assert any(w.ft > 0 for w in neutrals) and any(w.ft == 0 for w in neutrals)


def test_home_worlds_do_not_get_the_first_numbers() -> None:
    numbers = {w.number for seed in range(10) for w in homes(game(4, seed))}
    assert numbers != {1, 2, 3, 4}
    assert max(numbers) > 4


def test_worlds_per_player_setting() -> None:
    assert len(game(3, worlds_per_player=20).worlds) == 60
    assert len(game(15, worlds_per_player=3).worlds) == 45
    places = [place(w) for w in homes(game(15, worlds_per_player=3))]
    assert min(distance(a, b) for i, a in enumerate(places) for b in places[i + 1 :]) >= 5


@pytest.mark.parametrize("value", [0, 2, 26, -1])
def test_worlds_per_player_out_of_range(value: int) -> None:
    with pytest.raises(ValueError, match="worlds_per_player"):
        game(4, worlds_per_player=value)


def test_worlds_per_player_must_be_a_number() -> None:
    with pytest.raises(ValueError, match="worlds_per_player"):
        new_game(1, seats(2), {"worlds_per_player": "12"})


# The players


def test_players_in_the_order_given() -> None:
    infos = [PlayerInfo("zed", "Regulus", 77), PlayerInfo("amy", "POLARIS", 12)]
    state = new_game(3, infos, {})
    assert list(state.players) == ["zed", "amy"]
    zed = state.players["zed"]
    assert (zed.id, zed.name, zed.account, zed.score, zed.contacts) == ("zed", "REGULUS", 77, 0, ())


def test_turn_zero_state() -> None:
    state = game()
    assert state.turn == 0
    assert state.flights == []
    assert state.report.battles == () and state.report.executed == ()
    assert not state.finished


def test_state_survives_plain_data() -> None:
    state = game(6)
    assert GameState.from_data(state.to_data()).to_data() == state.to_data()


def test_duplicate_code_names_rejected() -> None:
    with pytest.raises(ValueError, match="same code name"):
        new_game(1, [PlayerInfo("a", "VEGA", 1), PlayerInfo("b", "vega", 2)], {})


def test_duplicate_ids_rejected() -> None:
    with pytest.raises(ValueError, match="same id"):
        new_game(1, [PlayerInfo("a", "VEGA", 1), PlayerInfo("a", "DENEB", 2)], {})


def test_bad_code_name_rejected() -> None:
    with pytest.raises(ValueError, match="'Neutral' of b: .*confused"):
        new_game(1, [PlayerInfo("a", "VEGA", 1), PlayerInfo("b", "Neutral", 2)], {})


# The end of the game


def test_end_turn_from_15_to_25() -> None:
    ends = [game(2, seed).end_turn for seed in range(300)]
    assert min(ends) == 15 and max(ends) == 25
    assert set(ends) == set(range(15, 26))


def test_end_turn_depends_on_the_seed_only() -> None:
    assert game(2, 9).end_turn == game(15, 9).end_turn


# Code names


@pytest.mark.parametrize(
    "name",
    [
        "ARCTURUS",
        "Red Star 7",
        "O'Neil-2.0",
        "A" * 20,
        "X",
        "VEGA!",
        "R2-D2 & SONS",
        "BIG  BANG",
        "ABCDEFGHIJ    KLMNOPQRS",  # 20 once its blanks are single
        "WORLD EATERS",
        "NONE SHALL PASS",
    ],
)
def test_good_code_names(name: str) -> None:
    """CODE NAMES: "a code name of up to 20 characters and spaces"."""
    assert validate_code_name(name) is None


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("A" * 21, "at most 20"),
        (" VEGA", "begin or end"),
        ("VEGA,2", "only letters"),  # a comma ends the name in T,13,VEGA,2
        ("VEGA#2", "only letters"),  # "#" starts a comment in an order file
        ("VÉGA", "only letters"),
        ("1234", "at least one letter"),
    ],
)
def test_bad_code_names(name: str, reason: str) -> None:
    problem = validate_code_name(name)
    assert problem is not None and reason in problem
    assert problem.endswith(".")


@pytest.mark.parametrize(
    "name",
    [
        "AF",
        "df",
        "Ft",
        "PROBES",
        "unowned",
        "NEUTRAL",
        "-----",
        "-",
        "--- ---",
        "CP",
        "Econ",
        "probe",
        "WORLD",
        "worlds",
        "Neutral",
        "TOTALS",
        "NONE YET.",
        "none yet",
        "DEFENDER",
        "ATTACKED BY",
        "Attacked  by",
        "(NO REPORT)",
        "<<PROBED>>",
        "Players in Contact",
        "WORLD HELD BY",
        "TRANSFERRED FROM",
        "SCORE",
        "=====",
        "!!!",
    ],
)
def test_confusing_code_names(name: str) -> None:
    """CODE NAMES: "Names that could cause confusion, such as "AF", "DF", "FT",
    "PROBES", "UNOWNED", "NEUTRAL", "-----", etc. will not be allowed"; the etc.
    is every label the printouts print (house rule 8)."""
    problem = validate_code_name(name)
    assert problem is not None and "confused" in problem


SIGNED_NAMES = [
    "F.T.",
    "D.F.",
    "A.F.",
    "N.E.U.T.R.A.L.",
    "p-r-o-b-e-s",
    "U N O W N E D",
    "No-Report",
]


@pytest.mark.parametrize("name", SIGNED_NAMES)
def test_confusing_code_names_written_with_signs_are_refused(name: str) -> None:
    """CODE NAMES: "Names that could cause confusion, such as "AF", "DF", "FT",
    "PROBES", "UNOWNED", "NEUTRAL", "-----", etc. will not be allowed."
    House rule 8 of the man page: "A name is compared by its letters and digits
    alone, case and signs ignored": F.T. reads as the printout's FT, so it is
    refused, and so is a game made with it."""
    problem = validate_code_name(name)
    assert problem is not None and "confused" in problem
    others = [PlayerInfo("b", "VEGA", 2)]
    with pytest.raises(ValueError, match="confused"):
        new_game(1, [PlayerInfo("a", name, 1), *others], {})


def test_code_names_are_kept_with_single_blanks() -> None:
    """The state keeps a code name upper-cased with single blanks, so a transfer
    written T,13,BIG BANG finds BIG  BANG."""
    state = new_game(1, [PlayerInfo("a", "big  bang", 1), PlayerInfo("b", "VEGA", 2)], {})
    assert state.players["a"].name == "BIG BANG"
    from galbatch.rules.conflict.ruleset import RULESET

    assert RULESET.normal_name("  Big \t Bang ") == "BIG BANG"


@pytest.mark.slow
def test_new_game_with_a_name_with_blanks_then_a_transfer_to_it(tmp_path) -> None:
    """`galbatch new --names` with a run of blanks: the game's state and printouts
    hold BIG BANG, and VEGA's T,n,BIG BANG reaches it on turn 1."""
    from galbatch.engine.gamedir.newgame import create_game
    from galbatch.engine.gamedir.yamlio import load_data
    from galbatch.engine.job.run import process

    path = tmp_path / "g"
    made = create_game(path, "conflict", 2, 7, names=["Big  Bang", "Vega"])
    data = load_data(path / "turns/000/state.yaml")
    assert [p[1] for p in data["players"]] == ["BIG BANG", "VEGA"]
    home = next(w[0] for w in data["worlds"] if w[3] == "2")
    header = f'GAME g PLAYER 2 PASSWORD "{made[1].password}"'
    (path / "orders/2.txt").write_text(f"{header}\nT,{home},big bang\nEND\n")
    process(path, force=True, pdf=False)
    after = load_data(path / "turns/001/state.yaml")
    assert next(w[3] for w in after["worlds"] if w[0] == home) == "1"


def test_every_refused_printout_word_is_in_the_man_page() -> None:
    from pathlib import Path

    from galbatch.rules.conflict.names import PRINTOUT_WORDS

    page = (Path(__file__).parent.parent / "man" / "galbatch-conflict.7").read_text()
    page = page.replace("\\ ", " ")
    for word in PRINTOUT_WORDS:
        assert word in page, word


def printout_labels() -> set[str]:
    """The fixed words of the printouts: section titles, column headings, and the
    words of the header and of a world's report between the names and numbers."""
    import re

    from galbatch.engine.contract.records import PrintContext
    from galbatch.print.order_check import ORDERS
    from galbatch.print.page import Table, Text
    from galbatch.rules.conflict import printout as p
    from galbatch.rules.conflict.view import build_view
    from tests.conflict_world import small_state

    ctx = PrintContext("\0", "GALACTIC CONFLICT", "", "1997-01-06", "1997-01-20", 132, "")
    state = small_state(turn=20, end_turn=20)
    printouts = [p.player_printout(build_view(state, "1"), [], ctx), p.gm_printout(state, ctx)]
    lines: list[str] = []
    for printout in printouts:
        for section in printout.sections:
            lines.append(section.title)
            for block in section.blocks:
                if isinstance(block, Table):
                    lines += [str(h) for h in block.headers]
    row = {
        "number": 0,
        "owner": "\0",
        **dict.fromkeys(("econ", "cp", "af", "df", "ft", "probes"), 0),
        "attack": {
            "attackers": [["\0", 0]],
            "defender": "\0",
            "defended": [0, 0, 0],
            "owner_after": "\0",
        },
        "probed": True,
        "transferred_from": "\0",
        "orders": [["\0", "REUSED, REDUCED FROM 0"]],
    }
    view = {"name": "\0", "account": 0, "turn": 0, "score": 0, "finished": True}
    header = p.header_section(view, ctx).blocks[0]
    lines += p.world_lines(row) + list(header.lines if isinstance(header, Text) else ())
    final = [{"name": "\0", "score": 0, **dict.fromkeys(p.TOTAL_KEYS, 0)}] * 2
    empty = [p.contacts_section({}), p.worlds_section({"reports": []}), p.final_section(final)]
    lines.append(p.winner_line([("\0", 1)]))
    lines += [line for s in empty for b in s.blocks if isinstance(b, Text) for line in b.lines]
    lines += [ORDERS.nothing_due, ORDERS.no_file, ORDERS.accepted, "(NO REPORT)"]
    lines = [line for line in lines if line != p.WORLD_HEAD] + p.WORLD_HEAD.split()
    labels: set[str] = set()
    for line in lines:
        labels.update(re.split(r"[\0\d,:.()]+|\s{2,}", line))
    return {label.strip() for label in labels if label.strip()}


def test_the_words_the_printouts_print_cannot_be_code_names() -> None:
    """CODE NAMES: "Names that could cause confusion ... etc. will not be allowed":
    every label the printouts print is refused as a code name (house rule 8)."""
    labels = printout_labels()
    assert {"ATTACKED BY", "DEFENDER", "NONE YET", "TOTALS", "PLAYERS IN CONTACT"} <= labels
    for label in sorted(labels):
        problem = validate_code_name(label)
        assert problem is not None, label
        assert len(label) > 20 or "confused" in problem, label
