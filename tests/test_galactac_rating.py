"""Galac-Tac's ship ratings: the notation, the CONSTRUCTION OF SHIPS formulas, the SHIP
DESIGN LIMITATIONS and the designer's calculator, with every number the book gives."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from galbatch.rules.galactac import rating as rating_module
from galbatch.rules.galactac import tables
from galbatch.rules.galactac.calculator import ILLEGAL, LEGAL, UNREADABLE, report
from galbatch.rules.galactac.designs import MASTERS_DESIGNS, MASTERS_TECH, PRINTED, by_code
from galbatch.rules.galactac.rating import (
    MINIMUM_SSD,
    Cost,
    Rating,
    RatingError,
    category,
    cost,
    delay,
    fits_hangar,
    format_rating,
    hangar_problems,
    parse_rating,
    problems,
    read_rating,
    ssd,
)

# --- the formulas: CONSTRUCTION OF SHIPS ----------------------------------------------


def test_the_enterprise() -> None:
    """The book's worked example: 18P+3T12//8-10."""
    enterprise = parse_rating("18P+3T12//8-10")
    assert enterprise == Rating(p_types=18, t_launchers=3, racks=12, star=8, inertia=10)
    assert ssd(enterprise) == 24  # 23.4 rounded up
    assert delay(enterprise) == 3
    price = cost(enterprise, 1)
    assert price == Cost(dr=0, pw=19, tl=9, tr=15, sh=0, ha=0, ca=0, mf=72)
    assert price.total == 115


def test_the_heavy_cruiser_of_the_notation() -> None:
    hc = parse_rating("18P+3T20//8-10")
    assert hc == Rating(p_types=18, t_launchers=3, racks=20, star=8, inertia=10)
    assert format_rating(hc) == "18P+3T20//8-10"


def test_the_scout_is_never_smaller_than_one() -> None:
    """House rule: SC1 //19-1 has no parts, so the formula gives 0; the table says 1."""
    scout = parse_rating("//19-1")
    assert MINIMUM_SSD == 1
    assert ssd(scout) == 1
    assert cost(scout, 1).total == 4
    assert delay(scout) == 1


def test_the_missiles_example() -> None:
    """3T9(3)//-16 "has fired 6 of its 9 missiles"; missiles left change nothing else."""
    boat = parse_rating("3T9(3)//-16")
    assert boat == Rating(t_launchers=3, racks=9, missiles=3, inertia=16)
    assert boat.racks - (boat.missiles or 0) == 6
    full = parse_rating("3T9// -16")
    assert ssd(boat) == ssd(full) == 5
    assert cost(boat, 1) == cost(full, 1)
    assert format_rating(boat) == "3T9(3)//-16"


# --- the Masters' designs ---------------------------------------------------------------

MASTERS_TABLE = [
    # #, CLASSIFICATION, CODE, RATING (canonical), SSD, PI, DELAY
    (1, "FREIGHTER", "FX", "/;;10/20-1", 2, 9, 1),
    (2, "FREIGHTER", "FXV", "/;;15/16-1", 3, 12, 1),
    (3, "FREIGHTER", "FXX", "/;;20/16-1", 4, 16, 1),
    (4, "FREIGHTER", "FXXV", "/;;25/16-1", 5, 20, 1),
    (5, "FREIGHTER", "FXXX", "/;;30/14-1", 6, 21, 1),
    (6, "SCOUT SHIP", "SC1", "//19-1", 1, 4, 1),
    (7, "FIGHTER", "FT1", "4P/1;;/-16", 5, 21, 1),
    (8, "FRIGATE", "FF1", "3P/2;;/16-16", 5, 34, 1),
    (9, "DESTROYER", "DD1", "6P/4;;/14-14", 10, 59, 1),
    (10, "CARRIER, LIGHT", "CV1A", "/;4;/20-1", 2, 11, 1),
    (11, "CARRIER, JEEP", "CV1J", "4P/4;4;/14-14", 10, 61, 1),
    (12, "STATION", "ST1", "20P/20;;/", 40, 42, 4),
    (13, "SKIRMISHER", "SK1", "2P//11-1", 2, 7, 1),
]


def test_the_masters_table() -> None:
    rows = [
        (d.number, d.classification, d.code, d.rating, d.ssd, d.pi, d.delay)
        for d in MASTERS_DESIGNS
    ]
    assert rows == MASTERS_TABLE


@pytest.mark.parametrize("design", MASTERS_DESIGNS, ids=lambda d: d.code)
def test_every_masters_design_costs_what_the_table_says(design: object) -> None:
    from galbatch.rules.galactac.designs import Design

    assert isinstance(design, Design)
    parts = design.parts
    assert ssd(parts) == design.ssd
    assert cost(parts, MASTERS_TECH).total == design.pi
    assert delay(parts) == design.delay
    assert format_rating(parts) == design.rating
    assert read_rating(design.rating) == (parts, [])
    assert problems(parts, MASTERS_TECH) == []


@pytest.mark.parametrize("code", sorted(PRINTED))
def test_the_books_print_reads_to_the_same_design(code: str) -> None:
    rating, warnings = read_rating(PRINTED[code])
    assert rating == by_code(code).parts
    assert len(warnings) == (1 if code == "FX" else 0)


def test_fx_prints_one_semicolon_for_ten_cargo_bays() -> None:
    assert read_rating("/ ; 10/20-1") == (
        Rating(cargo=10, star=20, inertia=1),
        [
            "/;10/ read as /;;10/ (10 cargo bays): shields;hangars;cargo are written "
            "with both ';', and one ';' is read as the Masters' FX / ; 10/20-1 is"
        ],
    )


@pytest.mark.parametrize(
    "garbled", ["/;/10/20-1", "/;/15/16-1", "/;/30/14-1", "3P/2;/;/16-16", "6P/4;/;/14-14"]
)
def test_the_shipyard_reports_garbled_ratings_are_refused(garbled: str) -> None:
    with pytest.raises(RatingError, match=r"has 3 '/' where a rating has two: write") as e:
        parse_rating(garbled)
    assert e.value.column == garbled.index("/", garbled.index("/", garbled.index("/") + 1) + 1) + 1


def test_the_shipyard_reports_fighter_reads_with_a_warning() -> None:
    """4P/1;/-16 (FT1 on the Shipyard report): the number before a lone ';' is shields."""
    rating, warnings = read_rating("4P/1;/-16")
    assert rating == by_code("FT1").parts
    assert warnings == [
        "/1;/ read as /1;;/ (1 shield): shields;hangars;cargo are written with both ';', "
        "and one ';' is read as the Masters' FX / ; 10/20-1 is"
    ]


def test_by_code() -> None:
    assert by_code("sc1").classification == "SCOUT SHIP"
    with pytest.raises(KeyError):
        by_code("XX")


# --- the notation ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("18P+3T20//8-10", "18P+3T20//8-10"),
        ("18P + 3T20 // 8-10", "18P+3T20//8-10"),
        ("18p+3t20//8-10", "18P+3T20//8-10"),
        ("4P/1 ; ; /-16", "4P/1;;/-16"),
        ("4P/1;;/-16", "4P/1;;/-16"),
        ("/ ; ; 15/16-1", "/;;15/16-1"),
        ("/;;10/-12", "/;;10/-12"),
        ("//19-1", "//19-1"),
        ("10P//", "10P//"),
        ("3T9// -16", "3T9//-16"),
        ("3T9(3)//-16", "3T9(3)//-16"),
        ("3T9 ( 3 ) // -16 @ 2", "3T9(3)//-16@2"),
        ("14D+30P+5T30//", "14D+30P+5T30//"),
        ("14d + 30p + 5t30 //", "14D+30P+5T30//"),
        ("2P+1T5//16-16", "2P+1T5//16-16"),
        ("5T30+30P+14D//", "14D+30P+5T30//"),
        ("0D+4P/0;0;0/0-16", "4P//-16"),
        ("/;4;/20-1", "/;4;/20-1"),
        ("\t10P // ", "10P//"),
        ("3T//", "3T//"),
        ("//8-", "//8-"),
        ("//-", "//"),
        ("/;;/", "//"),
        ("0999P+00T007//-01", "999P+0T7//-1"),
    ],
)
def test_spacings_and_letters(text: str, canonical: str) -> None:
    rating, warnings = read_rating(text)
    assert warnings == []
    assert format_rating(rating) == canonical


def test_the_books_examples() -> None:
    assert parse_rating("/;;10/-12") == Rating(cargo=10, inertia=12)
    assert parse_rating("10P//") == Rating(p_types=10)
    assert parse_rating("10P//").platform
    assert parse_rating("14D+30P+5T30//") == Rating(drones=14, p_types=30, t_launchers=5, racks=30)
    assert parse_rating("3T9//-16@2").tech == 2


def test_example_one_has_three_semicolons() -> None:
    """10D/10;;;/8-8: "10 Drones, 10 Shields, 8 Star drives and 8 Inertia drives"."""
    assert read_rating("10D/10;;;/8-8") == (
        Rating(drones=10, shields=10, star=8, inertia=8),
        [
            "/10;;;/ read as /10;;/: shields;hangars;cargo have two ';', "
            "and the ';' after the third number are left out"
        ],
    )


@pytest.mark.parametrize(
    ("text", "rating", "warning"),
    [
        (
            "/;10/",
            Rating(cargo=10),
            "/;10/ read as /;;10/ (10 cargo bays): shields;hangars;cargo are written with "
            "both ';', and one ';' is read as the Masters' FX / ; 10/20-1 is",
        ),
        (
            "4P/4;/-16",
            Rating(p_types=4, shields=4, inertia=16),
            "/4;/ read as /4;;/ (4 shields): shields;hangars;cargo are written with "
            "both ';', and one ';' is read as the Masters' FX / ; 10/20-1 is",
        ),
        (
            "/;/-1",
            Rating(inertia=1),
            "/;/ read as // (no shields or bays): shields;hangars;cargo are written with "
            "both ';', and one ';' is read as the Masters' FX / ; 10/20-1 is",
        ),
        (
            "/1;2;3;;/",
            Rating(shields=1, hangars=2, cargo=3),
            "/1;2;3;;/ read as /1;2;3/: shields;hangars;cargo have two ';', "
            "and the ';' after the third number are left out",
        ),
        (
            "3T9(9)//-16",
            Rating(t_launchers=3, racks=9, inertia=16),
            "3T9(9) read as 3T9: the racks are full, and the missiles left are written "
            "only when they are not",
        ),
    ],
)
def test_warnings(text: str, rating: Rating, warning: str) -> None:
    assert read_rating(text) == (rating, [warning])
    assert parse_rating(text) == rating


NOTATION_HINT = (
    "write weapons/shields;hangars;cargo/star-inertia, e.g. 18P+3T20//8-10, 4P/1;;/-16 "
    "or /;;10/20-1"
)


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("", f"the rating is empty: {NOTATION_HINT}", 1),
        ("   ", f"the rating is empty: {NOTATION_HINT}", 1),
        ("18P+3T20", f"'18P+3T20' has 0 '/' where a rating has two: {NOTATION_HINT}", 1),
        ("10P/", f"'10P/' has 1 '/' where a rating has two: {NOTATION_HINT}", 1),
        (
            "6P/4/14-14",
            "/4/: shields, hangar bays and cargo bays are written with both ';' "
            "(shields;hangars;cargo): /4;;/ for 4 shields, /;4;/ for 4 hangar bays, "
            "/;;4/ for 4 cargo bays",
            4,
        ),
        (
            "/4;10/",
            "/4;10/ has one ';' where shields;hangars;cargo has two: "
            "write /4;10;/ for 10 hangar bays or /4;;10/ for 10 cargo bays",
            2,
        ),
        (
            "/;;;5/",
            "/;;;5/ has 3 ';' where shields;hangars;cargo has two: "
            "write three numbers, e.g. /10;;/ for 10 shields or /;4;10/",
            5,
        ),
        (
            "//8",
            "/8: put '-' between star drives and inertia drives: "
            "/8-1 for 8 star drives and 1 inertia drive, /-8 for 8 inertia drives",
            3,
        ),
        (
            "3T9(10)//",
            "3T9(10): 9 missile racks cannot hold 10 missiles; "
            "write (0) to (8), or no '(...)' when the racks are full",
            5,
        ),
        (
            "3T(1)//",
            "3T(1): 0 missile racks cannot hold 1 missile; write 3T1 for 1 rack",
            4,
        ),
        (
            "2P+3P//",
            "P is written twice: write each of D, P and T once, e.g. 14D+30P+5T30 "
            "(add the counts up)",
            4,
        ),
        (
            "1T+3T2//",
            "T is written twice: write each of D, P and T once, e.g. 14D+30P+5T30 "
            "(add the counts up)",
            4,
        ),
        ("18P 3T//", f"found '3' where '+' or '/' was expected in '18P 3T//': {NOTATION_HINT}", 5),
        (
            "18P3T20//",
            f"found '3' where '+' or '/' was expected in '18P3T20//': {NOTATION_HINT}",
            4,
        ),
        ("x//", f"found 'x//' where '/' or a number was expected in 'x//': {NOTATION_HINT}", 1),
        (
            "//1-2-3",
            f"found '-' where '@' or the end was expected in '//1-2-3': {NOTATION_HINT}",
            6,
        ),
        ("3T9(//", f"found '/' where a number was expected in '3T9(//': {NOTATION_HINT}", 5),
        ("-2P//", f"found '-' where '/' or a number was expected in '-2P//': {NOTATION_HINT}", 1),
        ("//-1@7", "@7: tech levels are 1 to 6", 6),
        ("//-1@0", "@0: tech levels are 1 to 6", 6),
        ("1000P//", "'1000' is too many: no count in a rating is above 999", 1),
        (
            "//-" + "9" * 5000,
            "'" + "9" * 37 + "...' is too many: no count in a rating is above 999",
            4,
        ),
    ],
)
def test_rejections(text: str, message: str, column: int) -> None:
    with pytest.raises(RatingError) as e:
        read_rating(text)
    assert e.value.message == message
    assert str(e.value) == message
    assert e.value.column == column
    assert isinstance(e.value, ValueError)


counts = st.integers(min_value=0, max_value=999)


@st.composite
def ratings(draw: st.DrawFn) -> Rating:
    """Any Rating the notation can write: the missiles left only when below the racks."""
    racks = draw(counts)
    missiles = draw(st.none() | st.integers(0, racks - 1)) if racks else None
    return Rating(
        drones=draw(counts),
        p_types=draw(counts),
        t_launchers=draw(counts),
        racks=racks,
        missiles=missiles,
        shields=draw(counts),
        hangars=draw(counts),
        cargo=draw(counts),
        star=draw(counts),
        inertia=draw(counts),
        tech=draw(st.none() | st.sampled_from(tables.TECH_LEVELS)),
    )


@pytest.mark.slow
@given(ratings())
def test_every_rating_formats_to_text_that_reads_back_to_it(rating: Rating) -> None:
    text = format_rating(rating)
    assert read_rating(text) == (rating, [])
    assert " " not in text


@pytest.mark.slow
@given(ratings())
def test_canonical_form_is_a_fixed_point(rating: Rating) -> None:
    text = format_rating(rating)
    assert format_rating(parse_rating(text.lower().replace("/", " / "))) == text


# --- the quick reading: a rating as written, without the parser ---------------------------

ALPHABET = "0123456789DPTdpt+/;-@() \u0663"  # the notation's characters, a blank, an Arabic 3


@st.composite
def near_ratings(draw: st.DrawFn) -> str:
    """A rating as `format_rating` writes it, then up to three characters changed,
    inserted or taken out: what a player's typing makes of it."""
    text = format_rating(draw(ratings()))
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(("insert", "replace", "delete")))
        character = draw(st.sampled_from(ALPHABET))
        if edit == "insert":
            text = text[:at] + character + text[at:]
        else:
            text = text[:at] + (character if edit == "replace" else "") + text[at + 1 :]
    return text


@pytest.mark.slow
@given(ratings())
def test_a_rating_as_written_is_read_without_the_parser(rating: Rating) -> None:
    text = format_rating(rating)
    assert rating_module._written(text) == rating
    assert rating_module._written(text.lower()) == rating
    assert rating_module._parsed(text) == (rating, [])


@pytest.mark.slow
@given(near_ratings() | st.text(ALPHABET, max_size=30))
def test_the_quick_reading_reads_only_what_the_grammar_reads_so(text: str) -> None:
    """Whatever the pattern reads, the parser reads to the same design, with no warning."""
    quick = rating_module._written(text)
    if quick is not None:
        assert rating_module._parsed(text) == (quick, [])


@pytest.mark.parametrize(
    "text",
    [
        "3T9(9)//",  # full racks: read with a warning
        "3T9(10)//",  # more missiles than racks: refused
        "5D5P//",  # no '+' between the weapons
        "5D+//",  # a '+' before nothing
        "5T+5D//",  # another order than D, P, T: read by the grammar
        "5D+5D//",  # D twice: refused
        "//19-1@7",  # no tech level 7
        "//19-1@01",  # a tech level of two digits
        "//5",  # a drive count without '-'
        "/5/",  # one bay without its ';'
        "/1;2/",  # one ';': the Masters' FX form, read with a warning
        "/;;;/",  # three ';': read with a warning
        "0005P//",  # four digits
        "\u0663P//",  # a digit that is not 0 to 9
        "18P + 3T20//8-10",  # blanks
        "18P+3T20//8-10\n",
    ],
)
def test_what_the_quick_reading_leaves_to_the_grammar(text: str) -> None:
    assert rating_module._written(text) is None


# --- the tables ---------------------------------------------------------------------------


def test_ssd_category_table() -> None:
    """As the book prints it, with TL 4 Large 22-39 (printed 32-39) and TL 6 Medium 11-25
    (printed 10-25)."""
    assert tables.SSD_CATEGORY == {
        "Small": ((1, 5), (1, 6), (1, 7), (1, 8), (1, 9), (1, 10)),
        "Medium": ((6, 15), (7, 17), (8, 19), (9, 21), (10, 23), (11, 25)),
        "Large": ((16, 30), (18, 33), (20, 36), (22, 39), (24, 42), (26, 45)),
        "Huge": ((31, None), (34, None), (37, None), (40, None), (43, None), (46, None)),
    }


@pytest.mark.parametrize("tech", tables.TECH_LEVELS)
def test_categories_follow_one_another(tech: int) -> None:
    bounds = [tables.SSD_CATEGORY[name][tech - 1] for name in tables.CATEGORIES]
    assert bounds[0][0] == 1
    for (_, high), (low, _) in zip(bounds, bounds[1:], strict=False):
        assert high is not None and low == high + 1
    assert bounds[-1][1] is None
    for size in range(1, tables.largest_ssd(tech) + 1):
        name = category(size, tech)
        low, high = tables.SSD_CATEGORY[name][tech - 1]
        assert low <= size and (high is None or size <= high)


def test_category_corrections() -> None:
    assert category(22, 4) == "Large"
    assert category(31, 4) == "Large"
    assert category(21, 4) == "Medium"
    assert category(10, 6) == "Small"
    assert category(11, 6) == "Medium"
    assert category(99, 6) == "Huge"
    with pytest.raises(ValueError, match="SSD 0 is below 1"):
        category(0, 1)
    with pytest.raises(ValueError, match="tech level 7 is not one of 1 to 6"):
        category(5, 7)


MOVEMENT_TABLE = {
    # TECH LEVEL: (SSD RANGE, STAR DRIVES, INERTIA DRIVES), the book's "--" as 0
    1: [(1, 2, 30, 20), (3, 5, 24, 16), (6, 10, 21, 14), (11, 15, 18, 12)]
    + [(16, 25, 15, 10), (26, 30, 12, 8), (31, 35, 0, 8), (36, 75, 0, 0)],
    2: [(1, 3, 30, 20), (4, 6, 24, 16), (7, 11, 21, 14), (12, 17, 18, 12)]
    + [(18, 27, 15, 10), (28, 33, 12, 8), (34, 38, 0, 8), (39, 80, 0, 0)],
    3: [(1, 3, 30, 20), (4, 7, 24, 16), (8, 12, 21, 14), (13, 19, 18, 12)]
    + [(20, 29, 15, 10), (30, 36, 12, 8), (37, 41, 0, 8), (42, 85, 0, 0)],
    4: [(1, 4, 30, 20), (5, 8, 24, 16), (9, 13, 21, 14), (14, 21, 18, 12)]
    + [(22, 31, 15, 10), (32, 39, 12, 8), (40, 44, 0, 8), (45, 90, 0, 0)],
    5: [(1, 4, 30, 20), (5, 9, 24, 16), (10, 14, 21, 14), (15, 23, 18, 12)]
    + [(24, 33, 15, 10), (34, 42, 12, 8), (43, 47, 0, 8), (48, 95, 0, 0)],
    6: [(1, 5, 30, 20), (6, 10, 24, 16), (11, 15, 21, 14), (16, 25, 18, 12)]
    + [(26, 35, 15, 10), (36, 45, 12, 8), (46, 50, 0, 8), (51, 99, 0, 0)],
}


def test_movement_table() -> None:
    assert tables.NONE == 0
    assert {
        tech: [(b.low, b.high, b.star, b.inertia) for b in bands]
        for tech, bands in tables.MOVEMENT.items()
    } == MOVEMENT_TABLE


@pytest.mark.parametrize("tech", tables.TECH_LEVELS)
def test_movement_bands_follow_one_another(tech: int) -> None:
    bands = tables.MOVEMENT[tech]
    assert bands[0].low == 1
    for before, after in zip(bands, bands[1:], strict=False):
        assert after.low == before.high + 1
    for size in range(1, tables.largest_ssd(tech) + 1):
        band = tables.drive_band(size, tech)
        assert band is not None and band.low <= size <= band.high
    assert tables.drive_band(tables.largest_ssd(tech) + 1, tech) is None


def test_the_shipyard_reports_limitations_at_tech_level_1() -> None:
    """Ship design limitations at Tech Level 1: SSD Min Max, Engines Star Iner."""
    shipyard = [
        (1, 2, 30, 20),
        (3, 5, 24, 16),
        (6, 10, 21, 14),
        (11, 15, 18, 12),
        (16, 25, 15, 10),
        (26, 30, 12, 8),
        (31, 35, 0, 8),
        (36, 75, 0, 0),
    ]
    assert [(b.low, b.high, b.star, b.inertia) for b in tables.MOVEMENT[1]] == shipyard
    assert tables.hangar_maximum(1) == 5  # "Maximum ship size for hangar bay: 5"
    assert tables.maximum_p_types(1) == 30  # "Maximum P-types allowed per ship: 30"


def test_largest_ship_p_types_and_hangars_by_tech_level() -> None:
    assert [tables.largest_ssd(t) for t in tables.TECH_LEVELS] == [75, 80, 85, 90, 95, 99]
    assert [tables.maximum_p_types(t) for t in tables.TECH_LEVELS] == [30, 35, 40, 45, 50, 55]
    assert tables.MAXIMUM_WEAPONS == {"P-Types": (30, 35, 40, 45, 50, 55)}
    assert [tables.hangar_maximum(t) for t in tables.TECH_LEVELS] == [5, 6, 7, 8, 9, 10]


def test_research_thresholds() -> None:
    assert tables.RESEARCH == {1: 0, 2: 2500, 3: 8500, 4: 18000, 5: 31000, 6: 47500}


def test_p_type_damage_table() -> None:
    assert tables.P_TYPE_DAMAGE == {
        "Small": (1, 2, 3, 4, 5, 6),
        "Medium": (2, 3, 4, 5, 6, 7),
        "Large": (3, 4, 5, 6, 7, 8),
        "Huge": (4, 5, 6, 7, 8, 9),
    }


def test_the_fighter_and_destroyer_examples() -> None:
    """A 5 SSD Fighter: 1 point at TL 1, 2 at TL 2; a 6 SSD Destroyer: 2 at both, Medium
    at TL 1 and Small at TL 2."""
    assert tables.p_type_damage(5, 1) == 1
    assert tables.p_type_damage(5, 2) == 2
    assert tables.p_type_damage(6, 1) == 2
    assert tables.p_type_damage(6, 2) == 2
    assert category(6, 1) == "Medium"
    assert category(6, 2) == "Small"


def test_platforms_fire_and_shield_as_medium() -> None:
    station = by_code("ST1").parts
    assert station.platform
    assert category(ssd(station), 1) == "Huge"
    assert tables.p_type_damage(40, 1, platform=True) == 2
    assert tables.p_type_damage(40, 1) == 4
    assert tables.shield_points(40, 1, platform=True) == 4
    assert tables.shield_points(40, 1) == 6
    assert tables.p_type_damage(3, 1, platform=True) == 1  # a Small platform stays Small
    assert tables.weapon_category(20, 1, platform=True) == "Medium"


def test_shield_points_table() -> None:
    assert tables.SHIELD_POINTS == {
        "Small": (3, 4, 5, 6, 7, 8),
        "Medium": (4, 5, 6, 7, 8, 9),
        "Large": (5, 6, 7, 8, 9, 10),
        "Huge": (6, 7, 8, 9, 10, 11),
    }
    assert tables.shield_points(5, 1) == 3
    assert tables.shield_points(99, 6) == 11


def test_t_type_and_drone_damage_tables() -> None:
    assert tables.T_TYPE_DAMAGE == {
        1: (4, 2),
        2: (8, 4),
        3: (12, 6),
        4: (16, 8),
        5: (20, 10),
        6: (24, 12),
    }
    assert tables.DRONE_DAMAGE == {1: 2, 2: 4, 3: 6, 4: 8, 5: 10, 6: 12}


# --- SHIP DESIGN LIMITATIONS ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tech", "found"),
    [
        ("18P+3T12//8-10", 1, []),
        ("30P//", 1, []),
        (
            "31P//",
            1,
            ["31 P-types are above 30, the most a ship may carry at tech level 1"],
        ),
        ("31P//", 2, []),
        ("75P//", 1, ["75 P-types are above 30, the most a ship may carry at tech level 1"]),
        (
            "30P+46T//",
            1,
            ["SSD 76 is above 75, the largest ship at tech level 1"],
        ),
        ("30P+45T//", 1, []),
        ("/;;495/", 6, []),
        ("/;;496/", 6, ["SSD 100 is above 99, the largest ship at tech level 6"]),
        (
            "2P//31-1",
            1,
            ["31 star drives are above 30, the most for SSD 1-2 at tech level 1"],
        ),
        (
            "2P//30-21",
            1,
            ["21 inertia drives are above 20, the most for SSD 1-2 at tech level 1"],
        ),
        ("2P//30-20", 1, []),
        ("31P//1-8", 2, []),
        (
            "35P//1-8",
            2,
            ["1 star drive: a ship of SSD 34-38 may have no star drives at tech level 2"],
        ),
        ("30P+5T//-8", 1, []),
        (
            "30P+6T//-1",
            1,
            ["1 inertia drive: a ship of SSD 36-75 may have no inertia drives at tech level 1"],
        ),
        (
            "4P//8-",
            1,
            [
                "a ship with star drives must also have at least one inertia drive "
                "(write 8-1 or more)"
            ],
        ),
        (
            "3T9(3)//-16",
            1,
            [
                "the missiles left (3) are for display only: a design is written with its "
                "racks full (3T9)"
            ],
        ),
        (
            "3T9//-16@1",
            1,
            [
                "the tech level @1 is for display only: a design is classified at your "
                "empire's tech level (leave the '@' out)"
            ],
        ),
        ("//", 1, ["the design has no parts: give it weapons, bays or drives"]),
        (
            "40P+3T9(3)/;;200/20-20@2",
            1,
            [
                "the missiles left (3) are for display only: a design is written with its "
                "racks full (3T9)",
                "the tech level @2 is for display only: a design is classified at your "
                "empire's tech level (leave the '@' out)",
                "SSD 85 is above 75, the largest ship at tech level 1",
                "40 P-types are above 30, the most a ship may carry at tech level 1",
            ],
        ),
        (
            "20P//13-",
            1,
            [
                "a ship with star drives must also have at least one inertia drive "
                "(write 13-1 or more)"
            ],
        ),
        (
            "20P//16-1",
            1,
            ["16 star drives are above 15, the most for SSD 16-25 at tech level 1"],
        ),
    ],
)
def test_problems(text: str, tech: int, found: list[str]) -> None:
    assert problems(parse_rating(text), tech) == found


def test_problems_needs_a_tech_level() -> None:
    with pytest.raises(ValueError, match="tech level 0 is not one of 1 to 6"):
        problems(Rating(p_types=1), 0)


def test_every_masters_design_stays_legal_up_the_tech_levels() -> None:
    for tech in tables.TECH_LEVELS:
        for design in MASTERS_DESIGNS:
            assert problems(design.parts, tech) == [], (design.code, tech)


def test_hangar_fit() -> None:
    fighter = by_code("FT1").parts
    assert fits_hangar(fighter, 1)
    assert hangar_problems(fighter, 1) == []
    six = parse_rating("6P//-1")
    assert hangar_problems(six, 1) == [
        "SSD 6 is above 5, the largest ship a hangar bay takes at tech level 1"
    ]
    assert fits_hangar(six, 2)
    assert hangar_problems(parse_rating("1D+1P/;1;1/1-"), 1) == [
        "a ship with drones cannot fit into a hangar bay",
        "a ship with hangar bays cannot fit into a hangar bay",
        "a ship with cargo bays cannot fit into a hangar bay",
        "a ship with star drives cannot fit into a hangar bay",
        "a hangared ship must have at least one inertia drive",
    ]
    assert not fits_hangar(by_code("FX").parts, 1)
    assert not fits_hangar(by_code("SC1").parts, 1)  # a star drive
    assert not fits_hangar(parse_rating("2P//"), 1)  # no inertia drive


# --- the calculator -----------------------------------------------------------------------

ENTERPRISE_TEXT = """\
Rating      18P+3T12//8-10
Tech level  1
SSD         24 (Large)
Delay       3 fortnights
Cost        115 PI
  dr  drones             0
  pw  P-type weapons    19
  tl  T-type launchers   9
  tr  missile racks     15
  sh  shields            0
  ha  hangar bays        0
  ca  cargo bays         0
  mf  drives            72
Legal at tech level 1
"""


def test_calculator_legal() -> None:
    code, text, data = report("18p + 3t12 // 8-10", 1)
    assert code == LEGAL == 0
    assert text == ENTERPRISE_TEXT
    assert data == {
        "rating": "18P+3T12//8-10",
        "tech": 1,
        "ssd": 24,
        "category": "Large",
        "delay": 3,
        "cost": 115,
        "terms": {"dr": 0, "pw": 19, "tl": 9, "tr": 15, "sh": 0, "ha": 0, "ca": 0, "mf": 72},
        "legal": True,
        "problems": [],
        "warnings": [],
    }
    assert json.loads(json.dumps(data)) == data


def test_calculator_warns_and_prices_at_the_tech_level() -> None:
    code, text, data = report("10D/10;;;/8-8", 4)
    assert code == LEGAL
    assert text == (
        "Rating      10D/10;;/8-8\n"
        "Read        /10;;;/ read as /10;;/: shields;hangars;cargo have two ';', and\n"
        "            the ';' after the third number are left out\n"
        "Tech level  4\n"
        "SSD         30 (Large)\n"
        "Delay       3 fortnights\n"
        "Cost        124 PI\n"
        "  dr  drones            30\n"
        "  pw  P-type weapons     0\n"
        "  tl  T-type launchers   0\n"
        "  tr  missile racks      0\n"
        "  sh  shields           14\n"
        "  ha  hangar bays        0\n"
        "  ca  cargo bays         0\n"
        "  mf  drives            80\n"
        "Legal at tech level 4\n"
    )
    assert data["warnings"] == [
        "/10;;;/ read as /10;;/: shields;hangars;cargo have two ';', "
        "and the ';' after the third number are left out"
    ]
    assert data["cost"] == 124 and data["terms"]["sh"] == 14


def test_calculator_illegal() -> None:
    code, text, data = report("31P//1-8", 1)
    assert code == ILLEGAL == 8
    assert data["legal"] is False
    assert data["problems"] == [
        "31 P-types are above 30, the most a ship may carry at tech level 1",
        "1 star drive: a ship of SSD 31-35 may have no star drives at tech level 1",
    ]
    assert data["ssd"] == 31 and data["category"] == "Huge" and data["delay"] == 4
    assert text.endswith(
        "Illegal at tech level 1:\n"
        "  - 31 P-types are above 30, the most a ship may carry at tech level 1\n"
        "  - 1 star drive: a ship of SSD 31-35 may have no star drives at tech level 1\n"
    )
    assert report("31P//1-8", 2)[0] == LEGAL  # 35 P-types and SSD 28-33: 12 star drives


def test_calculator_unreadable() -> None:
    code, text, data = report("/;/10/20-1", 1)
    assert code == UNREADABLE == 12
    message = f"'/;/10/20-1' has 3 '/' where a rating has two: {NOTATION_HINT}"
    assert data == {
        "rating": None,
        "tech": 1,
        "ssd": None,
        "category": None,
        "delay": None,
        "cost": None,
        "terms": None,
        "legal": False,
        "problems": [message],
        "warnings": [],
    }
    assert text == (
        "Cannot read the rating '/;/10/20-1' (at column 6):\n"
        "  '/;/10/20-1' has 3 '/' where a rating has two: write\n"
        "  weapons/shields;hangars;cargo/star-inertia, e.g. 18P+3T20//8-10, 4P/1;;/-16\n"
        "  or /;;10/20-1\n"
    )


def test_calculator_needs_a_tech_level() -> None:
    with pytest.raises(ValueError, match="tech level 7 is not one of 1 to 6"):
        report("//19-1", 7)


def test_calculator_keys_and_determinism() -> None:
    for text in ("//19-1", "31P//", "x"):
        first = report(text, 1)
        assert report(text, 1) == first
        assert {"rating", "ssd", "category", "delay", "cost", "legal", "problems"} <= set(first[2])


def test_the_grammars_generated_parser_is_current() -> None:
    build = pytest.importorskip("galbatch.grammars.build")
    grammar = build.HERE / "galactac_rating.lark"
    assert not build.stale(grammar)


def test_a_huge_rating_gives_a_short_answer() -> None:
    code, text, data = report("9" * 10000 + "P//", 1)
    assert code == UNREADABLE
    assert len(text) < 400
    assert data["problems"] == [
        "'" + "9" * 37 + "...' is too many: no count in a rating is above 999"
    ]
    code, text, _ = report("/" * 10000, 1)
    assert code == UNREADABLE and len(text) < 400


def test_every_rating_example_in_galbatch_1_is_a_valid_shell_command() -> None:
    """galbatch(1)'s `galbatch rating` examples can be typed into a shell as written:
    a rating with `;` is quoted (unquoted, bash stops at a syntax error)."""
    import re
    import subprocess
    from pathlib import Path

    roff = (Path(__file__).resolve().parents[1] / "man" / "galbatch.1").read_text()
    examples = [
        m.replace("\\-", "-").replace("\\(aq", "'").strip('" ')
        for m in re.findall(r"galbatch rating [^\n)]*", roff)
        if "[" not in m and "\\f" not in m
    ]
    assert len(examples) >= 2, examples
    for example in examples:
        shell = subprocess.run(["bash", "-n", "-c", example], capture_output=True, text=True)
        assert shell.returncode == 0, (example, shell.stderr)
