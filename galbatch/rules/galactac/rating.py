"""Galac-Tac's ship rating: what a design is made of, the CONSTRUCTION OF SHIPS
formulas for its size (SSD), its turns of delay and its cost in PI, the notation
that writes it and the SHIP DESIGN LIMITATIONS that make a design legal.

The notation `[1]D + [2]P + [3]T[4][(5)] / [6] ; [7] ; [8] / [9] - [10] [@11]` is
read by `grammars/galactac_rating.lark`; this module holds the parts and
the arithmetic, exact in tenths so that 0.2 x 5 racks is 1 and never 0.99.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from galbatch.engine.language.frozen import frozen
from galbatch.rules.galactac import tables

if TYPE_CHECKING:  # lark is imported when a rating is first read, not with the formulas
    from lark import Token, Tree

    from galbatch.engine.language.parsing import Parser


@dataclass(frozen=True)
class Rating:
    """A ship design as its rating writes it: the count of each kind of part.

    `missiles` (field 5) and `tech` (field 11) are for display only: None when the
    racks are full and when the ship is at its empire's tech level.
    """

    drones: int = 0  # [1] attached drone units
    p_types: int = 0  # [2] P-type weapons
    t_launchers: int = 0  # [3] T-type launchers
    racks: int = 0  # [4] T-type missile racks
    missiles: int | None = None  # [5] missiles on board, only when not full
    shields: int = 0  # [6]
    hangars: int = 0  # [7] attached hangar bays
    cargo: int = 0  # [8] cargo bays
    star: int = 0  # [9] star drives
    inertia: int = 0  # [10] inertia drives
    tech: int | None = None  # [11] the ship's tech level, only when below the empire's

    @property
    def platform(self) -> bool:
        """MOVEMENT: "Any ship designed without drives is considered a platform"."""
        return self.star == 0 and self.inertia == 0

    @property
    def combat_ship(self) -> bool:
        """TECH LEVEL: the ships whose rating shows "@" below the empire's tech level:
        "combat ships", those with "weapons, shields, or hangar bays"."""
        weapons = self.drones or self.p_types or self.t_launchers or self.racks
        return bool(weapons or self.shields or self.hangars)


# SSD = 2 x drones + P-types + T-launchers + 0.2 x racks + shields + 0.5 x hangars
#       + 0.2 x cargo, rounded up; the weights in tenths.
SSD_TENTHS = {
    "drones": 20,
    "p_types": 10,
    "t_launchers": 10,
    "racks": 2,
    "shields": 10,
    "hangars": 5,
    "cargo": 2,
}
# House rule: the scout SC1 `//19-1` has no parts, so the formula gives 0, while the
# Masters' table says SSD 1 and 4 PI; a ship is never smaller than 1.
MINIMUM_SSD = 1


def _ceil_div(numerator: int, denominator: int) -> int:
    return -(-numerator // denominator)


def ssd(rating: Rating) -> int:
    """Standard Size Designation: the formula, rounded up, at least `MINIMUM_SSD`."""
    tenths = sum(weight * getattr(rating, part) for part, weight in SSD_TENTHS.items())
    return max(MINIMUM_SSD, _ceil_div(tenths, 10))


def delay(rating: Rating) -> int:
    """Turns Delay = SSD divided by 10, rounded up."""
    return _ceil_div(ssd(rating), 10)


@frozen
class Cost:
    """The terms of Ship Cost = dr + pw + tl + tr + sh + ha + ca + mf, each as the book
    rounds it."""

    dr: int  # drones: 3 x drones
    pw: int  # P-types: tech level + P-types (none without P-types)
    tl: int  # T-launchers: 3 x launchers
    tr: int  # racks, loaded: 1.2 x racks, rounded up
    sh: int  # shields: tech level + shields (none without shields)
    ha: int  # hangars: 1 x hangars
    ca: int  # cargo bays: 0.2 x bays, rounded up
    mf: int  # drives: (star + inertia) x SSD / 6, rounded up

    @property
    def total(self) -> int:
        return self.dr + self.pw + self.tl + self.tr + self.sh + self.ha + self.ca + self.mf


def cost(rating: Rating, tech: int) -> Cost:
    """What a ship of this design costs to build at `tech` (the ship's tech level).

    The book's "Tech Level plus the number of P-Type Weapons" is read as nothing for a
    ship without P-types (and the same for shields): every Masters' design costs what
    the table says only so.
    """
    size = ssd(rating)
    return Cost(
        dr=3 * rating.drones,
        pw=tech + rating.p_types if rating.p_types else 0,
        tl=3 * rating.t_launchers,
        tr=_ceil_div(12 * rating.racks, 10),
        sh=tech + rating.shields if rating.shields else 0,
        ha=rating.hangars,
        ca=_ceil_div(2 * rating.cargo, 10),
        mf=_ceil_div((rating.star + rating.inertia) * size, 6),
    )


# --- the notation ---------------------------------------------------------------------

GRAMMAR = "galactac_rating.lark"
NOTATION = "weapons/shields;hangars;cargo/star-inertia"
EXAMPLES = "18P+3T20//8-10, 4P/1;;/-16 or /;;10/20-1"
# House rule: no count in a rating has more than three digits (no legal ship carries
# more than 495 of anything: 99 SSD of cargo bays or racks at 0.2 SSD each).
MAXIMUM_COUNT = 999
# What the parser's terminals are called when a rating does not parse.
WORDS = {
    "COUNT": "a number",
    "_DRONE": "'D'",
    "_PTYPE": "'P'",
    "_TTYPE": "'T'",
    "_PLUS": "'+'",
    "_SLASH": "'/'",
    "SEMI": "';'",
    "DASH": "'-'",
    "_AT": "'@'",
    "_LPAR": "'('",
    "_RPAR": "')'",
}


class RatingError(ValueError):
    """A rating that cannot be read: what is wrong and what to write, and the column
    (from 1) where the trouble starts."""

    def __init__(self, message: str, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.column = column


def format_rating(rating: Rating) -> str:
    """The canonical form: the book's compact spacing, zero counts left out, both ';'
    when any bay is written, '-' when any drive is (`18P+3T20//8-10`, `4P/1;;/-16`)."""
    weapons = []
    if rating.drones:
        weapons.append(f"{rating.drones}D")
    if rating.p_types:
        weapons.append(f"{rating.p_types}P")
    if rating.t_launchers or rating.racks or rating.missiles is not None:
        racks = str(rating.racks) if rating.racks else ""
        missiles = "" if rating.missiles is None else f"({rating.missiles})"
        weapons.append(f"{rating.t_launchers}T{racks}{missiles}")
    bays = _bays_text(rating.shields, rating.hangars, rating.cargo)
    drives = ""
    if rating.star or rating.inertia:
        drives = f"{_blank_zero(rating.star)}-{_blank_zero(rating.inertia)}"
    tech = "" if rating.tech is None else f"@{rating.tech}"
    return f"{'+'.join(weapons)}/{bays}/{drives}{tech}"


def _blank_zero(count: int) -> str:
    return str(count) if count else ""


def _bays_text(shields: int, hangars: int, cargo: int) -> str:
    """shields;hangars;cargo, or nothing when there are none."""
    if not (shields or hangars or cargo):
        return ""
    return ";".join(_blank_zero(n) for n in (shields, hangars, cargo))


def parse_rating(text: str) -> Rating:
    """The design a rating writes; raises RatingError saying what to write instead.

    Accepts what `read_rating` accepts and drops its warnings.
    """
    return read_rating(text)[0]


def read_rating(text: str) -> tuple[Rating, list[str]]:
    """The design a rating writes, and a warning for each part read by a house rule
    (one ';' or three, a full magazine in parentheses); raises RatingError."""
    written = _written(text)
    if written is not None:
        return written, []
    return _parsed(text)


# speed: a rating as `format_rating` writes it (every rating in a view, most of what
# players type) is read by this pattern; any other goes to the parser, whose tables
# take longer to load than a check's ratings take to read. For what it matches, the
# parser gives the same Rating and no warning (tests/test_galactac_rating.py).
_WRITTEN = re.compile(
    r"(?:(?P<drones>\d{1,3})D(?:\+(?=\d)|(?=/)))?"
    r"(?:(?P<p_types>\d{1,3})P(?:\+(?=\d)|(?=/)))?"
    r"(?:(?P<t_launchers>\d{1,3})T(?P<racks>\d{1,3})?(?:\((?P<missiles>\d{1,3})\))?)?"
    r"/(?:(?P<shields>\d{1,3})?;(?P<hangars>\d{1,3})?;(?P<cargo>\d{1,3})?)?"
    r"/(?:(?P<star>\d{1,3})?-(?P<inertia>\d{1,3})?)?"
    rf"(?:@(?P<tech>[{tables.TECH_LEVELS[0]}-{tables.TECH_LEVELS[-1]}]))?",
    re.IGNORECASE | re.ASCII,  # the grammar's counts are [0-9], its letters D, P, T
)


def _written(text: str) -> Rating | None:
    """The Rating of a rating in the form `format_rating` writes (missiles fewer than
    racks); None for any other, which the parser reads."""
    match = _WRITTEN.fullmatch(text)
    if match is None:
        return None
    parts = {name: int(count) for name, count in match.groupdict().items() if count}
    if "missiles" in parts and parts["missiles"] >= parts.get("racks", 0):
        return None  # full racks (a warning) or more missiles than racks (an error)
    return Rating(**parts)


def _parsed(text: str) -> tuple[Rating, list[str]]:
    """`read_rating` by the grammar: any rating, its warnings and its errors."""
    if not text.strip():
        raise RatingError(f"the rating is empty: write {NOTATION}, e.g. {EXAMPLES}")
    slashes = text.count("/")
    if slashes != 2:
        column = 1 if slashes < 2 else _nth(text, "/", 3) + 1
        raise RatingError(
            f"{_short(text)!r} has {slashes} '/' where a rating has two: "
            f"write {NOTATION}, e.g. {EXAMPLES}",
            column,
        )
    parser = _parser()
    errors = parser.errors
    try:
        tree = parser.parse(text)
    except errors.UnexpectedInput as e:
        raise RatingError(
            f"{_describe(e, text)} in {_short(text)!r}: write {NOTATION}, e.g. {EXAMPLES}",
            max(1, e.column),
        ) from None
    except errors.LarkError as e:
        raise RatingError(f"cannot read {_short(text)!r}: write {NOTATION}") from e
    warnings: list[str] = []
    return _rating(tree, warnings), warnings


def _nth(text: str, character: str, n: int) -> int:
    """The index of the `n`th `character` in `text`."""
    index = -1
    for _ in range(n):
        index = text.index(character, index + 1)
    return index


class _Trees:
    """The parser's transformer: it has no rules, so every rule builds a tree."""


@cache
def _parser() -> Parser:
    """The rating parser, loaded as the order grammars are (the generated one if current)."""
    from galbatch.engine.language.parsing import load_parser  # only a rating to read needs it

    return load_parser(GRAMMAR, _Trees())


def _describe(e: Any, text: str) -> str:
    """'found X where Y was expected', with the terminals' names in WORDS."""
    if hasattr(e, "token"):
        expected = set(e.accepts or e.expected)
        found = "the end" if e.token.type == "$END" else repr(str(e.token))
    else:
        expected = set(getattr(e, "allowed", None) or ())
        found = repr(text[e.pos_in_stream :].strip()[:20])
    names = sorted(WORDS[t] for t in expected if t in WORDS)
    if expected & {"$END", "<END-OF-FILE>"}:
        names.append("the end")
    if not names:
        return f"found {found}"
    return f"found {found} where {' or '.join(names)} was expected"


def _count(token: Token) -> int:
    digits = str(token).lstrip("0") or "0"
    if len(digits) > len(str(MAXIMUM_COUNT)):
        raise RatingError(
            f"{_short(str(token))!r} is too many: no count in a rating is above {MAXIMUM_COUNT}",
            token.column or 1,
        )
    return int(digits)


def _short(text: str, limit: int = 40) -> str:
    """At most `limit` characters of what the player wrote, for a message."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _rating(tree: Tree[Token], warnings: list[str]) -> Rating:
    """The Rating of a parsed `start`, each part read by its own rule."""
    parts: dict[str, int | None] = {}
    for child in tree.children:
        assert not isinstance(child, str)
        if child.data == "weapons":
            parts.update(_weapons(child, warnings))
        elif child.data == "bays":
            parts.update(_bays(child, warnings))
        elif child.data in ("drives", "undashed"):
            parts.update(_drives(child))
        elif child.data == "tech":
            parts["tech"] = _tech(child)
    return Rating(**parts)  # type: ignore[arg-type]


def _tokens(tree: Tree[Token]) -> list[Token]:
    return [child for child in tree.children if not hasattr(child, "data")]


def _weapons(tree: Tree[Token], warnings: list[str]) -> dict[str, int | None]:
    """D, P and T, each at most once, in any order."""
    parts: dict[str, int | None] = {}
    letters = {"drones": "D", "p_types": "P", "t_types": "T"}
    for weapon in tree.children:
        assert not isinstance(weapon, str)
        counts = _tokens(weapon)
        letter = letters[str(weapon.data)]
        if str(weapon.data) in parts or (letter == "T" and "t_launchers" in parts):
            raise RatingError(
                f"{letter} is written twice: write each of D, P and T once, "
                f"e.g. 14D+30P+5T30 (add the counts up)",
                counts[0].column or 1,
            )
        if letter == "D":
            parts["drones"] = _count(counts[0])
        elif letter == "P":
            parts["p_types"] = _count(counts[0])
        else:
            parts.update(_torpedoes(weapon, warnings))
    return parts


def _torpedoes(tree: Tree[Token], warnings: list[str]) -> dict[str, int | None]:
    """[3]T[4][(5)]: launchers, racks and the missiles left when the racks are not full."""
    counts = _tokens(tree)
    launchers = _count(counts[0])
    racks = _count(counts[1]) if len(counts) > 1 else 0
    missiles: int | None = None
    for child in tree.children:
        if hasattr(child, "data"):
            token = _tokens(child)[0]  # type: ignore[arg-type]
            missiles = _count(token)
            written = f"{launchers}T{racks or ''}({missiles})"
            if missiles > racks:
                most = (
                    f"(0) to ({racks - 1}), or no '(...)' when the racks are full"
                    if racks
                    else f"{launchers}T{missiles} for {_many(missiles, 'rack')}"
                )
                raise RatingError(
                    f"{written}: {_many(racks, 'missile rack')} cannot hold "
                    f"{_many(missiles, 'missile')}; write {most}",
                    token.column or 1,
                )
            if missiles == racks:
                warnings.append(
                    f"{written} read as {launchers}T{racks or ''}: the racks are full, "
                    "and the missiles left are written only when they are not"
                )
                missiles = None
    return {"t_launchers": launchers, "racks": racks, "missiles": missiles}


def _bays(tree: Tree[Token], warnings: list[str]) -> dict[str, int | None]:
    """[6];[7];[8] by the book, and the house rules for one ';' or three.

    One ';' is what the Masters' FX `/ ; 10/20-1` prints for 10 cargo bays: a number
    before it is shields, a number after it cargo bays, numbers on both sides are
    ambiguous. Three or more are what example 1 `10D/10;;;/8-8` prints: read when the
    fields after the third are empty.
    """
    fields: list[Token | None] = [None]
    for token in _tokens(tree):
        if token.type == "SEMI":
            fields.append(None)
        else:
            fields[-1] = token
    written = ";".join("" if t is None else str(t) for t in fields)
    column = next((t.column for t in fields if t is not None and t.column), 1)
    counts = [0 if t is None else _count(t) for t in fields]
    if len(fields) == 1:
        if fields[0] is None:
            return {}
        n = counts[0]
        raise RatingError(
            f"/{written}/: shields, hangar bays and cargo bays are written with both ';' "
            f"(shields;hangars;cargo): /{n};;/ for {n} shields, /;{n};/ for {n} hangar bays, "
            f"/;;{n}/ for {n} cargo bays",
            column,
        )
    if len(fields) == 2:
        shields, cargo = counts
        if fields[0] is not None and fields[1] is not None:
            raise RatingError(
                f"/{written}/ has one ';' where shields;hangars;cargo has two: "
                f"write /{shields};{cargo};/ for {cargo} hangar bays "
                f"or /{shields};;{cargo}/ for {cargo} cargo bays",
                column,
            )
        read = _bays_text(shields, 0, cargo)
        what = (
            _many(shields, "shield")
            if shields
            else f"{cargo} cargo bays"
            if cargo
            else "no shields or bays"
        )
        warnings.append(
            f"/{written}/ read as /{read}/ ({what}): shields;hangars;cargo are written "
            "with both ';', and one ';' is read as the Masters' FX / ; 10/20-1 is"
        )
        return {"shields": shields, "hangars": 0, "cargo": cargo}
    if len(fields) > 3:
        if any(t is not None for t in fields[3:]):
            raise RatingError(
                f"/{written}/ has {len(fields) - 1} ';' where shields;hangars;cargo has two: "
                "write three numbers, e.g. /10;;/ for 10 shields or /;4;10/",
                column,
            )
        read = _bays_text(*counts[:3])
        warnings.append(
            f"/{written}/ read as /{read}/: shields;hangars;cargo have two ';', "
            "and the ';' after the third number are left out"
        )
    return {"shields": counts[0], "hangars": counts[1], "cargo": counts[2]}


def _drives(tree: Tree[Token]) -> dict[str, int | None]:
    """[9]-[10]: star drives before the '-', inertia drives after it."""
    tokens = _tokens(tree)
    if tree.data == "undashed":
        n = _count(tokens[0])
        raise RatingError(
            f"/{n}: put '-' between star drives and inertia drives: "
            f"/{n}-1 for {n} star drives and 1 inertia drive, /-{n} for {n} inertia drives",
            tokens[0].column or 1,
        )
    dash = next(i for i, t in enumerate(tokens) if t.type == "DASH")
    star = _count(tokens[0]) if dash == 1 else 0
    inertia = _count(tokens[dash + 1]) if len(tokens) > dash + 1 else 0
    return {"star": star, "inertia": inertia}


def _tech(tree: Tree[Token]) -> int:
    token = _tokens(tree)[0]
    level = _count(token)
    if level not in tables.TECH_LEVELS:
        raise RatingError(
            f"@{level}: tech levels are 1 to {tables.TECH_LEVELS[-1]}", token.column or 1
        )
    return level


# --- SHIP DESIGN LIMITATIONS ----------------------------------------------------------


def category(ssd: int, tech: int) -> str:
    """The SSD category (Small, Medium, Large, Huge) of a ship of `ssd` at `tech`."""
    return tables.category(ssd, tech)


def _many(count: int, thing: str) -> str:
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


def problems(rating: Rating, tech: int) -> list[str]:
    """Every reason the design is illegal at `tech`, in the notation's order; none for a
    legal design. Raises ValueError for a tech level that is not 1 to 6."""
    size = ssd(rating)
    found = []
    if rating.missiles is not None:
        found.append(
            f"the missiles left ({rating.missiles}) are for display only: a design is "
            f"written with its racks full ({rating.t_launchers}T{rating.racks or ''})"
        )
    if rating.tech is not None:
        found.append(
            f"the tech level @{rating.tech} is for display only: a design is classified "
            "at your empire's tech level (leave the '@' out)"
        )
    if not any(getattr(rating, part) for part in (*SSD_TENTHS, "star", "inertia")):
        found.append("the design has no parts: give it weapons, bays or drives")
    largest = tables.largest_ssd(tech)
    if size > largest:
        found.append(f"SSD {size} is above {largest}, the largest ship at tech level {tech}")
    most = tables.maximum_p_types(tech)
    if rating.p_types > most:
        found.append(
            f"{rating.p_types} P-types are above {most}, "
            f"the most a ship may carry at tech level {tech}"
        )
    band = tables.drive_band(size, tech)
    if band is not None:
        for count, allowed, kind in (
            (rating.star, band.star, "star drive"),
            (rating.inertia, band.inertia, "inertia drive"),
        ):
            if count > allowed:
                band_range = f"SSD {band.low}-{band.high}"
                found.append(
                    f"{_many(count, kind)}: a ship of {band_range} may have no {kind}s "
                    f"at tech level {tech}"
                    if allowed == tables.NONE
                    else f"{_many(count, kind)} are above {allowed}, "
                    f"the most for {band_range} at tech level {tech}"
                )
    if rating.star and not rating.inertia:
        found.append(
            "a ship with star drives must also have at least one inertia drive "
            f"(write {rating.star}-1 or more)"
        )
    return found


def hangar_problems(rating: Rating, tech: int) -> list[str]:
    """Every reason a ship of this design cannot fit into a hangar bay at `tech`."""
    size = ssd(rating)
    largest = tables.hangar_maximum(tech)
    found = []
    if size > largest:
        found.append(
            f"SSD {size} is above {largest}, the largest ship a hangar bay takes "
            f"at tech level {tech}"
        )
    for count, kind in (
        (rating.drones, "drones"),
        (rating.hangars, "hangar bays"),
        (rating.cargo, "cargo bays"),
        (rating.star, "star drives"),
    ):
        if count:
            found.append(f"a ship with {kind} cannot fit into a hangar bay")
    if not rating.inertia:
        found.append("a hangared ship must have at least one inertia drive")
    return found


def fits_hangar(rating: Rating, tech: int) -> bool:
    """ATTACHED HANGAR BAYS and limitations 3-5: Small, no drones, hangar bays, cargo bays
    or star drives, and at least one inertia drive."""
    return not hangar_problems(rating, tech)
