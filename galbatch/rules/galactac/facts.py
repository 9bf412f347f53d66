"""Galac-Tac's facts that need no game: the checker's layer 2.

What the rule book says of an action whatever the game, written the way its ACTION
DESCRIPTIONS say it and its tables (`names.py`) list it: checked in every mode, a
syntax-only check included, with the same codes (galbatch/engine/checker/facts.py). Whether
a ship, a System or a design exists and is the player's is their situation (layer 3).

Besides the table's rejections, a file's actions get these warnings here: a name
shortened to its length (GT301), GO read as TO (GT401), a Shipyard report's sort
read as SSD+ (GT402, and the note GT403 when none is given), a name with '-' or a
blank kept as written (GT404), an [M] or [A] action that replaces an earlier one for
the same ship (GT405), a design rating read by a house rule (GT406), and a BUILD's
design code written like one of the Masters' (GT407: DDI for DD1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import fields, is_dataclass, replace
from functools import cache
from typing import Any

from galbatch.engine.checker.facts import Fact, NotAfter, Row, apply
from galbatch.engine.language.diagnostics import Diagnostic, Severity
from galbatch.engine.language.located import Located
from galbatch.engine.text.suggest import did_you_mean
from galbatch.rules.galactac.codes import (
    GT201,
    GT202,
    GT203,
    GT204,
    GT205,
    GT206,
    GT207,
    GT208,
    GT209,
    GT210,
    GT211,
    GT212,
    GT213,
    GT214,
    GT215,
    GT216,
    GT217,
    GT218,
    GT301,
    GT401,
    GT402,
    GT403,
    GT404,
    GT405,
    GT406,
    GT407,
)
from galbatch.rules.galactac.designs import MASTERS_DESIGNS
from galbatch.rules.galactac.names import (
    CODE_CHARACTERS,
    CODE_LENGTH,
    COORDINATES,
    DEFAULT_SORT,
    DESIGN_NAME_CHARACTERS,
    EMPIRE_NAME_CHARACTERS,
    EMPIRE_NAME_LENGTH,
    ITEMS,
    MAP_TYPES,
    NAME_CHARACTERS,
    NAME_LENGTH,
    SHIP_IDS,
    SORTS,
    TARGETS,
    TOLERATED_NAME_CHARACTERS,
    WEAPON_NAMES,
    WEAPON_TARGETS,
    bad_characters,
)
from galbatch.rules.galactac.orders import (
    ACTIONS,
    Action,
    Assign,
    Attack,
    Build,
    Capital,
    Chart,
    Classify,
    Colonize,
    Combat,
    Declassify,
    Defend,
    Destroy,
    Detach,
    Develop,
    Downgrade,
    Join,
    Load,
    Location,
    Map,
    Missiles,
    Name,
    Patrol,
    Refit,
    Reload,
    Repair,
    Research,
    Scout,
    Scrap,
    Secure,
    Sentry,
    Shipyard,
    Shuttle,
    Standing,
    To,
    Tow,
    Transfer,
    Unload,
)
from galbatch.rules.galactac.rating import RatingError, read_rating

# CLASSIFY's examples of a rating.
EXAMPLE = "e.g. CLASSIFY SC Scout 2P+1T5//16-16"
# ACTIONS: "You are allowed 50 actions per fortnight."
MAX_ACTIONS = 50

# What a name is, by what it names; each with its length and its characters.
SHIP, SYSTEM, DESIGN, EMPIRE_NAME = "ship", "System", "design", "empire"
NAME_RULES: dict[str, tuple[int, frozenset[str], str]] = {
    SHIP: (NAME_LENGTH, NAME_CHARACTERS, "letters A-Z and digits 0-9"),
    SYSTEM: (NAME_LENGTH, NAME_CHARACTERS, "letters A-Z and digits 0-9"),
    DESIGN: (NAME_LENGTH, DESIGN_NAME_CHARACTERS, "letters A-Z, digits 0-9, - , ; and blanks"),
    EMPIRE_NAME: (
        EMPIRE_NAME_LENGTH,
        EMPIRE_NAME_CHARACTERS,
        "letters A-Z, digits 0-9, blanks and ' \" . , - _ : ; / \\ @ # $ ! ( ) [ ] { }",
    ),
}
TOLERATED = (SHIP, SYSTEM)  # names that may hold '-' and blanks, with a warning (GT404)

# The syntax lines' repeated arguments: the field, the most the line has room for, and
# what they are. ASSIGN and JOIN have four after the mothership or flagship.
MOST: tuple[tuple[tuple[type, ...], str, int, str], ...] = (
    ((Assign,), "ships", 4, "ship IDs after the mothership"),
    ((Join,), "ships", 4, "ship IDs after the flagship"),
    ((Defend, Detach, Patrol, Refit, Reload, Repair, Scrap), "ships", 5, "ship IDs"),
    ((Declassify,), "codes", 5, "design codes"),
    ((Build,), "names", 3, "ships (one name each)"),
    ((Chart, Destroy, Secure, To), "moves", 2, "ship IDs and locations"),
    ((Load, Unload), "cargo", 2, "quantities and items"),
    ((Missiles,), "builds", 2, "Production Systems"),
    ((Research,), "spending", 2, "Production Systems"),
    ((Downgrade,), "systems", 2, "Systems"),
    ((Name,), "namings", 2, "things to name"),
    ((Map,), "maps", 2, "maps"),
    ((Scout, Sentry, Shuttle), "route", 4, "locations"),
    ((Shipyard,), "sorts", 5, "sorts (reports)"),
)
# Letters and digits a hand or a typist mistakes for each other (the sample sheet's DDI
# for the Masters' DD1): a code that reads as a Masters' one once they are the same.
LOOKALIKE = str.maketrans({"I": "1", "L": "1", "O": "0"})
MASTERS_CODES = {d.code: d for d in MASTERS_DESIGNS}
MOVEMENT_OR_AFTER = tuple(kind for kind in ACTIONS if kind.PHASE in ("M", "A"))


# ---- what an action names ----------------------------------------------------------------


def locations(value: object) -> Iterator[Location]:
    """Every location an action (or a part of one) names, in the order written."""
    if isinstance(value, Location):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from locations(item)
    else:
        for name in _field_names(type(value)):
            yield from locations(getattr(value, name))


def _field_names(kind: type) -> tuple[str, ...]:
    """The fields of a dataclass, by name; none for any other type. (`fields` builds
    them afresh at each call, and a check asks hundreds of times.)"""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = tuple(f.name for f in fields(kind)) if is_dataclass(kind) else ()
        _FIELD_NAMES[kind] = names
    return names


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


# The actions by the fields that hold their ships, for `ships`: a tuple of classes is
# made once, where `A | B` in the test would make a union at every call.
_LISTING_SHIPS = (Defend, Detach, Patrol, Refit, Reload, Repair, Scrap)
_MOVING_SHIPS = (Chart, Destroy, Secure, To)
_OF_ONE_SHIP = (Attack, Colonize, Develop, Scout, Sentry, Shuttle, Load, Unload)
_OF_A_FLAGSHIP = (Combat, Standing)


def ships(action: Action) -> tuple[int, ...]:
    """Every ship ID an action names, in the order written."""
    if isinstance(action, Assign):
        return (action.mothership, *action.ships)
    if isinstance(action, Join):
        return (action.flagship, *action.ships)
    if isinstance(action, _LISTING_SHIPS):
        return action.ships
    if isinstance(action, _MOVING_SHIPS):
        return tuple(m.ship for m in action.moves)
    if isinstance(action, _OF_ONE_SHIP):
        return (action.ship,)
    if isinstance(action, _OF_A_FLAGSHIP):
        return (action.flagship,)
    if isinstance(action, Tow):
        return (action.towing, action.towed)
    if isinstance(action, Transfer):
        return (action.source, action.target)
    if isinstance(action, Name):
        return tuple(n.what for n in action.namings if isinstance(n.what, int))
    return ()


def renamed(action: Action, change: Callable[[str, str], str]) -> Action:
    """The action with each name it gives replaced by `change(kind, name)` (kind: SHIP,
    SYSTEM, DESIGN or EMPIRE_NAME); a name left out stays left out."""
    if isinstance(action, Build):
        return replace(action, names=tuple(change(SHIP, n) for n in action.names))
    if isinstance(action, Capital | Colonize | Develop):
        return replace(action, name=change(SYSTEM, action.name)) if action.name else action
    if isinstance(action, Classify):
        return replace(action, name=change(DESIGN, action.name)) if action.name else action
    if isinstance(action, Downgrade):
        systems = tuple(
            replace(s, name=change(SYSTEM, s.name)) if s.name else s for s in action.systems
        )
        return replace(action, systems=systems)
    if isinstance(action, Name):
        return replace(
            action,
            namings=tuple(
                replace(n, name=change(name_kind(n.what), n.name)) for n in action.namings
            ),
        )
    return action


def name_kind(what: Location | int | str) -> str:
    """What NAME's [What] names: a System by its location, a ship by its ID, or the empire."""
    if isinstance(what, Location):
        return SYSTEM
    return SHIP if isinstance(what, int) else EMPIRE_NAME


def names(action: Action) -> list[tuple[str, str]]:
    """Every (kind, name) an action gives, in the order written."""
    found: list[tuple[str, str]] = []

    def note(kind: str, name: str) -> str:
        found.append((kind, name))
        return name

    renamed(action, note)
    return found


def repeated(values: Sequence[object]) -> object | None:
    """The first value written twice, or None."""
    seen: set[object] = set()
    for value in values:
        if value in seen:
            return value
        seen.add(value)
    return None


# ---- the facts' tests and messages ---------------------------------------------------------


def on_map(action: Action) -> bool:
    """Every location the action names is on the map."""
    return all(p.y in COORDINATES and p.x in COORDINATES for p in locations(action))


def off_map(action: Action) -> str:
    bad = next(p for p in locations(action) if p.y not in COORDINATES or p.x not in COORDINATES)
    return f"there is no location {bad.y}-{bad.x}: locations are 00-00 to 99-99 (YY-XX)"


def ship_ids(action: Action) -> bool:
    """Every ship ID the action names is one a ship can have."""
    return all(s in SHIP_IDS for s in ships(action))


def bad_ship_id(action: Action) -> str:
    bad = next(s for s in ships(action) if s not in SHIP_IDS)
    return f"there is no ship {bad}: ship IDs are 1-{SHIP_IDS[-1]}"


def at_most(field: str, most: int) -> Callable[[Any], bool]:
    """The test that the action's repeated `field` has at most `most` entries."""

    def holds(action: Any) -> bool:
        return len(getattr(action, field)) <= most

    return holds


def too_many(field: str, most: int, what: str) -> Callable[[Any], str]:
    """The message for more `field` entries than the syntax line has room for."""

    def says(action: Any) -> str:
        count = len(getattr(action, field))
        return f"{count} {what} where {action.WORD} has room for {most}"

    return says


def cargo_of(action: Load | Unload | Transfer) -> tuple[Any, ...]:
    """The quantity and item pairs of a LOAD, UNLOAD or TRANSFER."""
    return (action.cargo,) if isinstance(action, Transfer) else action.cargo


def known_items(action: Load | Unload | Transfer) -> bool:
    """Every item is PV, PI or MISSILES."""
    return all(c.item in ITEMS for c in cargo_of(action))


def unknown_item(action: Load | Unload | Transfer) -> str:
    bad = next(c.item for c in cargo_of(action) if c.item not in ITEMS)
    return f"there is no item {bad}{did_you_mean(bad, ITEMS)}: items are PV, PI and MISSILES (MISS)"


def quantities(action: Any) -> tuple[int, ...]:
    """The quantities an action loads, unloads, transfers, builds or spends."""
    if isinstance(action, Load | Unload | Transfer):
        return tuple(c.quantity for c in cargo_of(action))
    if isinstance(action, Missiles):
        return tuple(s.quantity for s in action.builds)
    if isinstance(action, Research):
        return tuple(s.quantity for s in action.spending)
    return ()


def no_zero(action: Any) -> bool:
    """No quantity is 0."""
    return 0 not in quantities(action)


WEAPONS = ("drone", "p_type", "t_type")


def target_codes(action: Combat | Standing) -> bool:
    """Every target code is one of the TARGET table."""
    return all(getattr(action, w) in TARGETS for w in WEAPONS)


def bad_target(action: Combat | Standing) -> str:
    weapon = next(w for w in WEAPONS if getattr(action, w) not in TARGETS)
    return f"there is no target {getattr(action, weapon)}: target codes are 0-{max(TARGETS)}"


def weapon_targets(action: Combat | Standing) -> bool:
    """Every weapon aims at a target it may use (a code out of the table is GT206's)."""
    return all(
        getattr(action, w) in WEAPON_TARGETS[w] for w in WEAPONS if getattr(action, w) in TARGETS
    )


def wrong_weapon(action: Combat | Standing) -> str:
    weapon = next(
        w
        for w in WEAPONS
        if getattr(action, w) in TARGETS and getattr(action, w) not in WEAPON_TARGETS[w]
    )
    target = getattr(action, weapon)
    return f"{WEAPON_NAMES[weapon]} cannot aim at target {target}: {TARGETS[target]}"


def map_types(action: Map) -> bool:
    """Every map is WHOLE, QUAD or PV."""
    return all(m.kind in MAP_TYPES for m in action.maps)


def bad_map_type(action: Map) -> str:
    bad = next(m.kind for m in action.maps if m.kind not in MAP_TYPES)
    return (
        f"there is no map type {bad}{did_you_mean(bad, MAP_TYPES)}: "
        "maps are WHOLE, QUAD (quadrant) and PV"
    )


def codes_of(action: Build | Classify | Declassify) -> tuple[str, ...]:
    """The design codes an action names."""
    return action.codes if isinstance(action, Declassify) else (action.code,)


def good_code(code: str) -> bool:
    """1 to 4 of A-Z and 0-9 (the transformer upper-cases codes)."""
    return 1 <= len(code) <= CODE_LENGTH and all(c in CODE_CHARACTERS for c in code)


def design_codes(action: Build | Classify | Declassify) -> bool:
    """Every design code the action names is well formed."""
    return all(good_code(c) for c in codes_of(action))


def bad_code(action: Build | Classify | Declassify) -> str:
    code = next(c for c in codes_of(action) if not good_code(c))
    return f"{code!r} is no design code: a code is 1 to {CODE_LENGTH} of A-Z and 0-9"


@cache
def rating_problem(rating: str) -> str | None:
    """Why a CLASSIFY's rating is no design, or None (SHIP DESIGN: the rating notation)."""
    if "/" not in rating:
        return f"there is no rating after the design name: a rating always holds '/' ({EXAMPLE})"
    try:
        design, _ = read_rating(rating)
    except RatingError as e:
        return f"the design rating cannot be used: {e.message}"
    if design.tech is not None:
        return f"a design has no tech level: leave out '@{design.tech}'"
    return None


def good_rating(action: Classify) -> bool:
    """The rating is a design (GT210)."""
    return rating_problem(action.rating) is None


def bad_rating(action: Classify) -> str:
    return str(rating_problem(action.rating))


def name_characters(action: Action) -> bool:
    """Every name the action gives holds only characters its kind may hold."""
    if isinstance(action, Classify) and action.rating == "":
        return True  # all of it was read as the name: GT210 says the rating is missing
    return all(name_problem(kind, name) is None for kind, name in names(action))


def bad_name(action: Action) -> str:
    return next(p for k, n in names(action) if (p := name_problem(k, n)) is not None)


def name_problem(kind: str, name: str) -> str | None:
    """Why a name has characters its kind may not hold, or None."""
    _, allowed, said = NAME_RULES[kind]
    if kind in TOLERATED:
        allowed = allowed | TOLERATED_NAME_CHARACTERS
    bad = bad_characters(name, allowed)
    if not bad:
        return None
    shown = " ".join(repr(c) for c in bad)
    article = "an" if kind[0] in "aeiou" else "a"
    return f"the {kind} name {name!r} holds {shown}: {article} {kind} name may hold {said}"


def different_ships(action: Action) -> bool:
    """No ship is named twice in the action."""
    return repeated(ships(action)) is None


def same_ship(action: Action) -> str:
    return f"ship {repeated(ships(action))} is named twice in one {action.WORD}"


def repeated_thing(action: Declassify | Downgrade | Name) -> object | None:
    """The design code, System or thing renamed that the action names twice, or None."""
    if isinstance(action, Declassify):
        return repeated(action.codes)
    if isinstance(action, Downgrade):
        return repeated([s.location for s in action.systems])
    return repeated([n.what for n in action.namings])


def different_things(action: Declassify | Downgrade | Name) -> bool:
    """No design code, System or thing renamed is named twice in the action."""
    return repeated_thing(action) is None


def same_thing(action: Declassify | Downgrade | Name) -> str:
    thing = repeated_thing(action)
    shown = thing.text() if isinstance(thing, Location) else str(thing)
    return f"{shown} is named twice in one {action.WORD}"


def two_systems(action: Shuttle) -> bool:
    """The run has a Production System and another: two different Systems at least."""
    return len(set(action.route)) >= 2


FACTS: tuple[Row, ...] = (
    # MAP: "it will show locations from 00-00 to 99-99"; a location is YY-XX.
    Fact(ACTIONS, on_map, GT201, off_map),
    # Ship IDs: the book's are four digits (1523; NAME's "ship code (xxxx)").
    Fact(ACTIONS, ship_ids, GT202, bad_ship_id),
    # The ACTION SYNTAX SUMMARY: each line's room for repeated arguments.
    *(
        Fact(kinds, at_most(field, most), GT203, too_many(field, most, what))
        for kinds, field, most, what in MOST
    ),
    # BUILD: "The Name is required for each ship built".
    Fact(
        (Build,),
        lambda b: len(b.names) > 0,
        GT215,
        "name each ship to build: BUILD {code} needs one to three names",
    ),
    # LOAD: "[Item]s may be: PV, PI, or MISSILES" (TRANSFER, UNLOAD: "the same").
    Fact((Load, Unload, Transfer), known_items, GT205, unknown_item),
    # A quantity loaded, unloaded, transferred, built (MISSILES) or spent (RESEARCH):
    # none of them means anything at 0.
    Fact(
        (Load, Unload, Transfer, Missiles, Research),
        no_zero,
        GT211,
        "a quantity of 0 is meaningless",
    ),
    # COMBAT's TARGET table: 0-6; "5 Attacking Drones (only Drones can use)", "6 Missiles
    # in Flight (only Drones and P-Types can use)".
    Fact((Combat, Standing), target_codes, GT206, bad_target),
    Fact((Combat, Standing), weapon_targets, GT207, wrong_weapon),
    # MAP: "[Type] can be WHOLE, QUAD (quadrant), or PV".
    Fact((Map,), map_types, GT208, bad_map_type),
    # CLASSIFY: "A design code may be 1 to 4 characters, your choice (A-Z and 0-9 only)".
    Fact((Build, Classify, Declassify), design_codes, GT209, bad_code),
    # CLASSIFY: "The design rating must be constructed by the rules given in the ship
    # design section. If the rating is invalid, this action will fail."
    Fact(
        (Classify,),
        lambda c: c.name != "",
        GT217,
        "a design needs a name before its rating: CLASSIFY {code} NAME RATING",
    ),
    Fact((Classify,), good_rating, GT210, bad_rating),
    # "names ... letters A-Z and numbers 0-9 only, with a few exceptions" (names.py).
    Fact(ACTIONS, name_characters, GT204, bad_name),
    # What cannot happen twice in one action: a ship in two places of one line (a fleet
    # joined to itself, a ship towing itself), a code, System or name given twice.
    Fact(ACTIONS, different_ships, GT213, same_ship),
    Fact((Declassify, Downgrade, Name), different_things, GT213, same_thing),
    # SHUTTLE: "at least one of the Systems given must be a Production System, and
    # another be a non-Production System, or this action will fail".
    Fact(
        (Shuttle,),
        two_systems,
        GT216,
        "a shuttle run needs two different Systems: a Production System and another",
    ),
    # CAPITAL: the Home System moves once ("takes one fortnight"), with its stockpiles.
    NotAfter(
        (Capital,),
        (Capital,),
        lambda _: "capital",
        GT214,
        "the capital is moved by an earlier CAPITAL action",
    ),
)


def words(text: str) -> str:
    """The action as the player wrote it, upper-cased, blanks normalised."""
    return " ".join(text.upper().split())


def rejected(at: Located) -> str:
    """How a rejection's message ends: the action as written."""
    return f"action {words(at.text)} rejected"


def facts(orders: Sequence[Located]) -> tuple[list[Located], list[Diagnostic]]:
    """The actions as the book's facts leave them, and the diagnostics."""
    counted, over = list(orders[:MAX_ACTIONS]), orders[MAX_ACTIONS:]
    out, diags = apply(counted, FACTS, rejected)
    out = _reclassified(out, diags)
    out = [_warned(at, diags) if not at.refused else at for at in out]
    _replaced(out, diags)
    for at in over:
        text = f"only {MAX_ACTIONS} actions a fortnight are allowed; {rejected(at)}"
        diags.append(_diag(at, Severity.ERROR, GT212, text))
        out.append(at.refusing())
    return out, diags


def _diag(at: Located, severity: Severity, code: str, message: str) -> Diagnostic:
    return Diagnostic(at.file, at.line, at.column, severity, code, message)


def _reclassified(orders: list[Located], diags: list[Diagnostic]) -> list[Located]:
    """CLASSIFY of a code the file has classified already and not declassified since: it
    cannot happen twice (GT218; "You must first DECLASSIFY the code")."""
    classified: set[str] = set()
    out: list[Located] = []
    for at in orders:
        action = at.order
        if not at.refused and isinstance(action, Declassify):
            classified.difference_update(action.codes)
        elif not at.refused and isinstance(action, Classify):
            if action.code in classified:
                text = (
                    f"design code {action.code} is classified by an earlier CLASSIFY: "
                    f"DECLASSIFY {action.code} first; {rejected(at)}"
                )
                diags.append(_diag(at, Severity.ERROR, GT218, text))
                out.append(at.refusing())
                continue
            classified.add(action.code)
        out.append(at)
    return out


def _warned(at: Located, diags: list[Diagnostic]) -> Located:
    """The action as its warnings leave it: names shortened, sorts read as SSD+."""
    action = at.order
    head = at.text.split(maxsplit=1)[0].upper() if at.text.split() else ""
    if isinstance(action, To) and head == "GO":
        text = "GO read as TO (the book's precedence examples say GO; its action is TO)"
        diags.append(_diag(at, Severity.WARNING, GT401, text))
    if isinstance(action, Shipyard):
        action = _sorted(at, action, diags)
    if isinstance(action, Build) and (meant := masters_lookalike(action.code)) is not None:
        design = MASTERS_CODES[meant]
        text = (
            f"design code {action.code} read as written, not as the Masters' "
            f"{design.classification} {meant}: if you mean that one, write "
            f"{replace(action, code=meant).text()}"
        )
        diags.append(_diag(at, Severity.WARNING, GT407, text))
    if isinstance(action, Classify):
        for warning in read_rating(action.rating)[1]:
            diags.append(_diag(at, Severity.WARNING, GT406, f"design rating: {warning}"))

    def change(kind: str, name: str) -> str:
        most = NAME_RULES[kind][0]
        if kind in TOLERATED and (odd := bad_characters(name, NAME_RULES[kind][1])):
            what = " and ".join("a blank" if c == " " else repr(c) for c in odd)
            text = (
                f"the {kind} name {name!r} holds {what}, which the book allows only in "
                "design names: kept as written"
            )
            diags.append(_diag(at, Severity.WARNING, GT404, text))
        if len(name) <= most:
            return name
        text = f"the {kind} name {name!r} shortened to {most} characters: {name[:most]!r}"
        diags.append(_diag(at, Severity.WARNING, GT301, text))
        return name[:most].rstrip()

    action = renamed(action, change)
    return at if action == at.order else at.with_order(action)


def masters_lookalike(code: str) -> str | None:
    """The Masters' code that `code` is written like (DDI for DD1), if it is not one itself."""
    if code in MASTERS_CODES:
        return None
    shape = code.translate(LOOKALIKE)
    return next((c for c in MASTERS_CODES if c.translate(LOOKALIKE) == shape), None)


def _sorted(at: Located, action: Shipyard, diags: list[Diagnostic]) -> Shipyard:
    """SHIPYARD: "If the sort chosen is illegal, or not provided, the report will print by
    SSD, ascending."""
    if not action.sorts:
        text = "no sort given: the Shipyard report prints by SSD+ (SSD, ascending)"
        diags.append(_diag(at, Severity.NOTE, GT403, text))
        return action
    sorts = []
    for sort in action.sorts:
        if sort not in SORTS:
            text = (
                f"there is no sort {sort}{did_you_mean(sort, SORTS)}: that report prints by "
                "SSD+ (sorts: SSD+ SSD- NAME CODE)"
            )
            diags.append(_diag(at, Severity.WARNING, GT402, text))
            sort = DEFAULT_SORT
        sorts.append(sort)
    return replace(action, sorts=tuple(sorts))


def _replaced(orders: list[Located], diags: list[Diagnostic]) -> None:
    """ACTION PRECEDENCE: "only one Movement [M] or After [A] action per ship/fleet per
    turn"; FLEETS: "the last action issued will be the one the fleet/sub-fleet executes"."""
    given: dict[int, tuple[str, int]] = {}  # ship -> the action word and line that named it
    for at in orders:
        action = at.order
        if at.refused or not isinstance(action, MOVEMENT_OR_AFTER):
            continue
        for ship in dict.fromkeys(ships(action)):
            if ship in given:
                word, line = given[ship]
                text = (
                    f"ship {ship} already has the [M] or [A] action {word} (line {line}): "
                    f"only the last one accepted is carried out, this {action.WORD} if it is"
                )
                diags.append(_diag(at, Severity.WARNING, GT405, text))
            given[ship] = (action.WORD, at.line)


__all__ = ["FACTS", "MAX_ACTIONS", "facts"]
